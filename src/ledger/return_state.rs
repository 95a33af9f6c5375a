//! What the books know of one return apart from its payout: what it names (the sale, the counter
//! code's payment, why), what went back of a sale, and why a return is refused. Beside
//! `payout_state.rs`: the error of the books names a refusal, and nothing here needs the books.

use super::payout_state::PayoutState;
use crate::api::TransactionStatus;
use crate::money::Pesos;
use crate::requests::ReturnReason;

/// What a return names: the sale, the counter code's payment, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnTie {
    /// The sale's reference.
    pub sale: String,
    /// The counter code's payment returned (its provider reference); empty for a sale, which is
    /// one payment.
    pub payment: String,
    pub reason: ReturnReason,
}

/// What was paid for a sale (or one payment of a counter code) and what of it went back.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SaleReturns {
    /// What the service confirmed the customer paid.
    pub paid: Pesos,
    /// Returns the service confirmed (approved).
    pub returned: Pesos,
    /// Returns that may have left and the service has not confirmed yet (sending, sent, their
    /// answer lost), or that never reached it and may be sent again under their reference.
    pub under_way: Pesos,
}

impl SaleReturns {
    /// What may still be returned: what was paid, less every return not refused or failed.
    pub fn remaining(&self) -> Pesos {
        let spoken_for = self.returned.saturating_add(self.under_way);
        self.paid
            .checked_sub(spoken_for)
            .unwrap_or(Pesos::ZERO)
            .max(Pesos::ZERO)
    }

    /// The service confirmed returns of everything that was paid.
    pub fn is_returned_in_full(&self) -> bool {
        self.paid > Pesos::ZERO && self.returned >= self.paid
    }

    /// How the sale reads: «Devuelto» once the service confirmed it all, «Devuelto $ 20.000 de
    /// $ 80.000», a return still under way; `None` when nothing went or goes back.
    pub fn words(&self) -> Option<String> {
        let paid = self.paid.to_string();
        if self.is_returned_in_full() {
            return Some(crate::t!("return-state-returned"));
        }
        match (self.returned > Pesos::ZERO, self.under_way > Pesos::ZERO) {
            (false, false) => None,
            (true, false) => Some(crate::t!(
                "return-state-part",
                returned = self.returned.to_string(),
                paid = paid
            )),
            (false, true) => Some(crate::t!(
                "return-state-under-way",
                amount = self.under_way.to_string(),
                paid = paid
            )),
            (true, true) => Some(crate::t!(
                "return-state-part-and-under-way",
                returned = self.returned.to_string(),
                amount = self.under_way.to_string(),
                paid = paid
            )),
        }
    }

    pub(super) fn count(&mut self, state: PayoutState, amount: Pesos) {
        match state {
            PayoutState::Approved => self.returned = self.returned.saturating_add(amount),
            PayoutState::Refused | PayoutState::Failed => {}
            PayoutState::Sending
            | PayoutState::Sent
            | PayoutState::Unknown
            | PayoutState::NotSent => self.under_way = self.under_way.saturating_add(amount),
        }
    }
}

/// Why the books refuse a return. Decided from what they hold, before anything is sent, and
/// again under the journal's lock as the intent is written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReturnRefusal {
    #[error("{}", crate::t!("return-unknown-sale", sale = .0.as_str()))]
    UnknownSale(String),
    /// Another profile (another merchant) of these books made it.
    #[error("{}", crate::t!("return-other-profile", sale = .0.as_str()))]
    OtherProfile(String),
    #[error("{}", not_approved(.sale, .state))]
    NotApproved {
        sale: String,
        state: Option<TransactionStatus>,
    },
    /// Approved, and no answer of the service said what was paid.
    #[error("{}", crate::t!("return-not-confirmed", sale = .0.as_str()))]
    NotConfirmed(String),
    #[error("{}", crate::t!("return-choose-payment", sale = .sale.as_str(), count = .payments))]
    ChoosePayment { sale: String, payments: usize },
    #[error("{}", crate::t!("return-no-such-payment", sale = .sale.as_str(), payment = .payment.as_str()))]
    NoSuchPayment { sale: String, payment: String },
    /// A payment named for a sale that is one payment.
    #[error("{}", crate::t!("return-one-payment", sale = .0.as_str()))]
    OnePayment(String),
    #[error("{}", crate::t!("return-in-full", sale = .sale.as_str(), paid = .paid.to_string()))]
    ReturnedInFull { sale: String, paid: Pesos },
    /// All that remains is in returns still under way.
    #[error("{}", crate::t!("return-nothing-left", sale = .sale.as_str(), amount = .under_way.to_string()))]
    NothingLeft { sale: String, under_way: Pesos },
    #[error("{}", crate::t!("return-over-remaining", remaining = .remaining.to_string(), paid = .paid.to_string()))]
    OverRemaining { remaining: Pesos, paid: Pesos },
}

fn not_approved(sale: &str, state: &Option<TransactionStatus>) -> String {
    let state = state.map_or_else(|| crate::t!("state-not-checked"), |state| state.to_string());
    crate::t!("return-not-approved", sale = sale, state = state)
}
