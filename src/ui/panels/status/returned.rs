//! What went back of today's sales, as the books hold it («Devuelto $ 20.000 de $ 80.000»,
//! «Devuelto»): read off the UI thread, again whenever a payout's state may have changed (a
//! return is a payout), and shown in today's list and in the sale's window.

use std::collections::HashMap;

use crate::ledger::{LedgerError, SaleReturns};
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Task, finished};

/// A sale (its service reference) and the payment of it (a counter code's provider reference;
/// empty for a sale, which is one payment).
type Paid = (String, String);

#[derive(Default)]
pub struct Returned {
    by_payment: HashMap<Paid, SaleReturns>,
    loading: Option<Task<Result<HashMap<Paid, SaleReturns>, LedgerError>>>,
    /// Read again at the next `logic`.
    stale: bool,
    /// How many payments today's list had when last read: a new sale may be returned later.
    read_for: Option<usize>,
}

impl Returned {
    /// A payout's state may have changed: read again.
    pub fn refresh(&mut self) {
        self.stale = true;
    }

    /// What went back of `sale`'s `payment` ("" for a sale), in words; `None` when nothing did.
    pub fn words(&self, sale: &str, payment: &str) -> Option<String> {
        self.by_payment
            .get(&(sale.to_owned(), payment.to_owned()))
            .and_then(SaleReturns::words)
    }

    /// Reads the books again when asked, or when today's list changed; takes what they said.
    pub fn logic(&mut self, work: &mut LogicContext<'_>) {
        if let Some(read) = finished(&mut self.loading) {
            match read {
                Ok(read) => self.by_payment = read,
                // The list keeps what it showed; the next change reads again.
                Err(error) => tracing::warn!(%error, "today's returns could not be read"),
            }
        }
        let count = work.tracker.payments.len();
        if self.read_for != Some(count) {
            self.stale = true;
        }
        if !self.stale || self.loading.is_some() || count == 0 {
            return;
        }
        let Ok(ledger) = work.session.ledger.clone() else {
            return;
        };
        self.stale = false;
        self.read_for = Some(count);
        let profile = work.session.profile_name().to_owned();
        // Every return of today's sales was made after the oldest of them.
        let since_ms = work
            .tracker
            .payments
            .iter()
            .map(|payment| payment.created_ms)
            .min()
            .unwrap_or_default();
        self.loading = Some(work.bridge.spawn_blocking(move || {
            let mut read = HashMap::new();
            for record in ledger.returns_between(Some(&profile), since_ms, i64::MAX)? {
                let paid = (record.tie.sale, record.tie.payment);
                if read.contains_key(&paid) {
                    continue;
                }
                if let Some(sums) = ledger.returned(&profile, &paid.0, &paid.1)? {
                    read.insert(paid, sums);
                }
            }
            Ok(read)
        }));
    }
}
