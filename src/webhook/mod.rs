//! The merchant webhook endpoint the spec makes mandatory: the signature rule, the HTTP
//! receiver, de-duplication, and the hand-off to the ledger.

mod belongs;
mod check;
mod checked;
pub mod limits;
mod payout_check;
pub mod receiver;
mod sale_check;
mod server;
mod shared;

pub use crate::api::notification::{Notification, NotificationError, Verdict, signature};
pub use checked::agrees;
pub use limits::{Limits, Rate};
pub use receiver::{MAX_BODY, RECEIVER_GREETING, Receiver, ReceiverConfig};
pub use server::{BODY_DEADLINE, HEAD_DEADLINE};
pub use shared::{Confirmer, ReceiverEvent, Refusal};
