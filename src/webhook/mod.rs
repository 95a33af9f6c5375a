//! The merchant webhook endpoint the spec makes mandatory: the signature rule, the HTTP
//! receiver, de-duplication, and the hand-off to the ledger.

mod check;
pub mod receiver;

pub use crate::api::notification::{Notification, NotificationError, Verdict, signature};
pub use check::agrees;
pub use receiver::{Confirmer, MAX_BODY, Receiver, ReceiverConfig, ReceiverEvent};
