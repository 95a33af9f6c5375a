//! Estado de pagos: today's sales whatever paid them, with the day's three figures, each sale
//! opened in its window with its parts, its receipt and a return of each part; any reference
//! looked up at the service, or a sale's number in the books. What it needs done it queues as a
//! [`StatusCommand`] for `logic` to run.

mod charge_window;
mod details;
mod frame;
mod panel;
mod part_return;
mod part_return_view;
mod receipt;
mod refund;
mod refund_view;
mod today;
mod window;

pub use panel::{StatusCommand, StatusPanel};
pub use part_return::{BackTo, PartAsked, PartReturn, PartReturnCommand};
pub use refund::{Refund, RefundCommand};
pub use refund_view::RefundView;
pub use today::{SalesList, StateFilter, sales_table};
