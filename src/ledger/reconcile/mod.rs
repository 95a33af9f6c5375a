//! Reconciliation of a day or a range: collections by state and method, approved totals
//! (amount, cost, net), payouts, the drawers' cash and customers' tabs apart, and the exceptions
//! a bookkeeper must look at. Dates are the
//! shop's (Colombia, UTC-5); a range includes both ends.
mod cash;
mod csv;
mod export;
mod export_cash;
mod export_sales;
mod export_tabs;
mod figure_reads;
mod figures;
mod returned;
mod review;
mod tabs;
mod terms;
mod totals;
pub use crate::clock::{local_datetime as local_time, today};
pub use cash::{CashDay, Drawer, PaidTwice, who};
pub use csv::ExportError;
pub use export::{
    EXPORT_HEADER, NOTIFICATIONS_HEADER, SPANISH_HEADER, SPANISH_NOTIFICATIONS_HEADER,
    notifications_path,
};
pub use export_cash::{SHIFTS_HEADER, SPANISH_SHIFTS_HEADER, shifts_path};
pub use export_sales::{SALES_HEADER, SPANISH_SALES_HEADER, sales_path};
pub use figures::{
    FigureRows, Figures, MoneyIn, OwedFigures, PaidWith, ReceivedFigures, SalesFigures, Sum,
    WaySum, sold_of_parts,
};
pub use returned::{Returned, SalesLessReturns};
pub use tabs::{PeriodTabEntry, TabDay, TabSum};
pub use terms::{Period, bounds, state_words};
pub use totals::Totals;

mod report;
pub use report::{Exception, ExceptionKind, PENDING_TOO_LONG_MS, Report, format_date, parse_date};
