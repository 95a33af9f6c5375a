//! The merchant webhook endpoint the spec makes mandatory: the signature rule, the HTTP
//! receiver, de-duplication, and the hand-off to the ledger.

mod notification;
pub mod receiver;

pub use notification::{Notification, NotificationError, Verdict, signature};
pub use receiver::{Confirmer, MAX_BODY, Receiver, ReceiverConfig, ReceiverEvent};
