//! The merchant webhook endpoint the spec makes mandatory: the signature rule, the HTTP
//! receiver, de-duplication, and the hand-off to the ledger.

mod check;
pub mod limits;
pub mod receiver;
mod server;

pub use crate::api::notification::{Notification, NotificationError, Verdict, signature};
pub use check::agrees;
pub use limits::{Limits, Rate};
pub use receiver::{
    Confirmer, MAX_BODY, RECEIVER_GREETING, Receiver, ReceiverConfig, ReceiverEvent, Refusal,
};
pub use server::{BODY_DEADLINE, HEAD_DEADLINE};
