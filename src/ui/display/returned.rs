//! A return of the sale in front of the customer, while it goes: «Devolución enviada: $ 20.000»
//! for a payout, «Devolución: $ 10.000 en efectivo» from the drawer, «Devolución: $ 10.000
//! abonada a su cuenta» to a tab. Read from the books now and then while a sale is on display
//! (a return is a payout the service knows nothing of as a return, or cash or credit the service
//! never sees); only a return made since the sale was put there, on its way or standing, is
//! said. One refused, failed, voided or whose answer was lost says nothing to the customer.

use std::sync::Arc;

use crate::ledger::{
    Ledger, LedgerError, PartReturn, PayoutState, ReturnStanding, ReturnWay, SaleNumber, now_ms,
};
use crate::ui::customer::CreatedPayment;
use crate::ui::plumbing::bridge::{Bridge, Task, finished};

/// How often the books are asked, in seconds, while a sale is on display.
const READ_EVERY_SECS: f64 = 2.0;

/// The books of the session the display belongs to: its ledger and its profile.
pub type Books = (Arc<Ledger>, String);

/// The sale on display as the books know it: its charge's reference (a payout names it), its
/// row or number (a return of any part names it), and since when it is on display.
#[derive(Debug, Clone)]
struct OnDisplay {
    reference: String,
    id: Option<i64>,
    number: Option<SaleNumber>,
    since_ms: i64,
}

/// A return said to the customer: when it was made, and its words.
type Said = (i64, String);

#[derive(Default)]
pub struct ReturnOnDisplay {
    sale: Option<OnDisplay>,
    reading: Option<Task<Result<Vec<Said>, LedgerError>>>,
    read_at: Option<f64>,
    words: Option<String>,
}

impl ReturnOnDisplay {
    /// A sale was put in front of the customer (none: nothing is).
    pub fn shown(&mut self, payment: Option<&CreatedPayment>) {
        *self = ReturnOnDisplay {
            sale: payment.map(|payment| OnDisplay {
                reference: payment.reference.clone(),
                id: payment.sale.id,
                number: payment.sale.number,
                since_ms: now_ms(),
            }),
            ..ReturnOnDisplay::default()
        };
    }

    /// What the customer reads of a return of the sale on display, if one goes.
    pub fn words(&self) -> Option<&str> {
        self.words.as_deref()
    }

    /// Asks the books now and then (`now`: egui's clock, seconds) and takes what they said.
    pub fn follow(&mut self, bridge: &Bridge, books: Option<Books>, now: f64) {
        let Some(sale) = self.sale.clone() else {
            return;
        };
        if let Some(read) = finished(&mut self.reading) {
            match read {
                Ok(said) => {
                    self.words = said
                        .into_iter()
                        .filter(|(at, _)| *at >= sale.since_ms)
                        .max_by_key(|(at, _)| *at)
                        .map(|(_, words)| words);
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
        self.reading = Some(bridge.spawn_blocking(move || returns_said(&ledger, &profile, &sale)));
        bridge
            .ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(READ_EVERY_SECS));
    }
}

/// Every return of the sale the customer may be told of: the payouts that name its charge, and
/// the cash and credit given back of any of its parts.
fn returns_said(
    ledger: &Ledger,
    profile: &str,
    sale: &OnDisplay,
) -> Result<Vec<Said>, LedgerError> {
    let mut said: Vec<Said> = ledger
        .returns_of_sale(profile, &sale.reference)?
        .iter()
        .filter(|returned| {
            matches!(
                returned.payout.state,
                PayoutState::Sending | PayoutState::Sent | PayoutState::Approved
            )
        })
        .map(|returned| (returned.payout.created_at, returned.customer_words()))
        .collect();
    let id = match (sale.id, sale.number) {
        (Some(id), _) => Some(id),
        (None, Some(number)) => Some(ledger.sale_by_number(number)?.id),
        (None, None) => ledger
            .sale_of_charge(profile, &sale.reference, "")?
            .map(|record| record.id),
    };
    if let Some(id) = id {
        said.extend(
            ledger
                .returns_of_sale_parts(id)?
                .iter()
                .filter(|returned| returned.standing == ReturnStanding::Stands)
                .filter_map(|returned| Some((returned.at, part_words(returned)?))),
        );
    }
    Ok(said)
}

/// A cash or credit return in the customer's words (a payout's are its own, above).
fn part_words(returned: &PartReturn) -> Option<String> {
    let amount = returned.amount.to_string();
    match returned.way {
        ReturnWay::Payout => None,
        ReturnWay::Cash => Some(crate::t!("cobrar-display-returned-cash", amount = amount)),
        ReturnWay::Tab => Some(crate::t!("cobrar-display-returned-tab", amount = amount)),
    }
}
