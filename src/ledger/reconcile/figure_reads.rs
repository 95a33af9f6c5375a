//! What a period's three figures are read from (its sales, the money the service confirmed, the
//! drawers' entries, the tabs, the returns of parts, the charges still waiting) and their sum:
//! the close reads them with the rest of its rows, `paydesk sales` and Estado de pagos alone.

use time::Date;

use super::figures::{FigureRows, Figures};
use super::tabs::TabDay;
use super::terms::bounds;
use crate::ledger::base::Ledger;
use crate::ledger::cash_state::CashEntry;
use crate::ledger::error::LedgerError;
use crate::ledger::part_returns::PartReturn;
use crate::ledger::received::ReceivedPayment;
use crate::ledger::sale_state::SaleRecord;
use crate::money::Pesos;

/// The longest a charge can still be paid: the longest-lived method (WhatsApp's, 2.592.000 s)
/// and a day. A charge older than this waits for nothing (the books may never have heard it
/// end, if no till was following it).
const CHARGES_PAYABLE_FOR_MS: i64 = 31 * 86_400_000;

/// What a period's three figures are read from, besides its sales (`Figures::of`'s rows).
pub(super) struct FigureReads {
    pub(super) received: Vec<ReceivedPayment>,
    pub(super) cash: Vec<CashEntry>,
    pub(super) tabs: TabDay,
    pub(super) returns: Vec<PartReturn>,
    pub(super) charges_waiting: (usize, Pesos),
}

impl FigureReads {
    pub(super) fn figures(&self, sales: &[SaleRecord]) -> Figures {
        Figures::of(&FigureRows {
            sales,
            returns: &self.returns,
            received: &self.received,
            cash: &self.cash,
            tabs: &self.tabs,
            charges_waiting: self.charges_waiting,
        })
    }
}

impl Ledger {
    /// The sales made in `[from, to]`, oldest first, and their three figures, from one read of
    /// them: what `paydesk sales` and Estado de pagos show. Only what the figures are read from
    /// is read (none of the close's lists to review), and `Figures::of` sums it as the close
    /// does, so both say the same.
    pub fn sales_and_figures(
        &self,
        profile: Option<&str>,
        from: Date,
        to: Date,
    ) -> Result<(Vec<SaleRecord>, Figures), LedgerError> {
        let (start, end) = bounds(from, to);
        let sales = self.sales_between(start, end)?;
        let reads = self.figure_reads(profile, start, end)?;
        let figures = reads.figures(&sales);
        Ok((sales, figures))
    }

    /// What the figures of `[start, end)` are read from, besides its sales.
    fn figure_reads(
        &self,
        profile: Option<&str>,
        start: i64,
        end: i64,
    ) -> Result<FigureReads, LedgerError> {
        self.figure_reads_beside(self.received_between(profile, start, end)?, start, end)
    }

    /// The same, the period's money received already read.
    pub(super) fn figure_reads_beside(
        &self,
        received: Vec<ReceivedPayment>,
        start: i64,
        end: i64,
    ) -> Result<FigureReads, LedgerError> {
        Ok(FigureReads {
            received,
            cash: self.cash_between(start, end)?,
            tabs: self.tab_day(start, end)?,
            returns: self.part_returns_between(start, end)?,
            charges_waiting: self.charges_waiting_at(end - CHARGES_PAYABLE_FOR_MS, end)?,
        })
    }
}
