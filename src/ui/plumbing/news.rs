//! What happened, as the panels hear it: one typed piece of news, handed to every panel through
//! [`PanelState::hear`](crate::ui::panels::PanelState::hear). Each panel decides for itself what
//! goes stale; the app only gathers the news in `logic` and tells everyone.

use crate::api::TransactionStatus;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum News {
    /// The books changed under this till: notifications or payouts written (by this till,
    /// another on a shared ledger, or the receiver).
    Books { notifications: bool, payouts: bool },
    /// The receiver stored, refused or checked a notification. `reference`: the payment it
    /// names (none for one refused); `confirmed`: what the service answered when it bore the
    /// notification out.
    Notification {
        reference: Option<String>,
        confirmed: Option<TransactionStatus>,
    },
    /// A payment ended as the service answered (approved, refused, failed, expired), or one of
    /// a counter code's payments came in.
    PaymentEnded {
        reference: String,
        status: TransactionStatus,
    },
    /// A session connected; `another_merchant` when its profile is not the one before, so
    /// nothing shown of the previous merchant may stay.
    Connected { another_merchant: bool },
    /// A drawer changed: a shift opened or closed, a cash entry or a void written (at this till,
    /// or at another of a shared ledger).
    Cash,
    /// A customer's tab changed: a customer kept or forgotten, an entry written (here, at
    /// another till, by the command line, or a payment the service confirmed).
    Tab,
    /// The language on screen changed.
    Language,
    /// Someone else is at the till: the owner's side opened or closed, or a cashier took the
    /// till. What one person searched or exported is not shown to the next.
    AnotherPerson,
}
