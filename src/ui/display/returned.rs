//! A return of the sale in front of the customer, while it goes: «Devolución enviada: $ 20.000».
//! Read from the books (a return is a payout the service knows nothing of as a return), now and
//! then while a sale is on display; only a return made since the sale was put there, on its way
//! or confirmed, is said. One refused, failed or whose answer was lost says nothing to the
//! customer.

use std::sync::Arc;

use crate::ledger::{Ledger, LedgerError, PayoutState, ReturnRecord, now_ms};
use crate::ui::plumbing::bridge::{Bridge, Task, finished};

/// How often the books are asked, in seconds, while a sale is on display.
const READ_EVERY_SECS: f64 = 2.0;

/// The books of the session the display belongs to: its ledger and its profile.
pub type Books = (Arc<Ledger>, String);

#[derive(Default)]
pub struct ReturnOnDisplay {
    /// The sale on display and since when (ms since the epoch).
    sale: Option<(String, i64)>,
    reading: Option<Task<Result<Vec<ReturnRecord>, LedgerError>>>,
    read_at: Option<f64>,
    words: Option<String>,
}

impl ReturnOnDisplay {
    /// A sale was put in front of the customer (none: nothing is).
    pub fn shown(&mut self, sale: Option<&str>) {
        *self = ReturnOnDisplay {
            sale: sale.map(|sale| (sale.to_owned(), now_ms())),
            ..ReturnOnDisplay::default()
        };
    }

    /// What the customer reads of a return of the sale on display, if one goes.
    pub fn words(&self) -> Option<&str> {
        self.words.as_deref()
    }

    /// Asks the books now and then (`now`: egui's clock, seconds) and takes what they said.
    pub fn follow(&mut self, bridge: &Bridge, books: Option<Books>, now: f64) {
        let Some((sale, since_ms)) = self.sale.clone() else {
            return;
        };
        if let Some(read) = finished(&mut self.reading) {
            match read {
                Ok(returns) => {
                    self.words = returns
                        .iter()
                        .rev()
                        .find(|returned| {
                            returned.payout.created_at >= since_ms
                                && matches!(
                                    returned.payout.state,
                                    PayoutState::Sending
                                        | PayoutState::Sent
                                        | PayoutState::Approved
                                )
                        })
                        .map(ReturnRecord::customer_words);
                }
                // The display keeps what it said; the next read may do better.
                Err(error) => tracing::info!(%error, "the display's returns could not be read"),
            }
        }
        let due = self.read_at.is_none_or(|at| now - at >= READ_EVERY_SECS);
        let Some((ledger, profile)) = books.filter(|_| due && self.reading.is_none()) else {
            return;
        };
        self.read_at = Some(now);
        self.reading = Some(bridge.spawn_blocking(move || ledger.returns_of_sale(&profile, &sale)));
        bridge
            .ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(READ_EVERY_SECS));
    }
}
