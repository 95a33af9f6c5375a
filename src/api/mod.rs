//! Typed async client for both interface families of the service. No UI, no storage: it turns
//! typed requests into the exact wire format, and any answer (or non-answer) into a typed value
//! or an [`ApiError`]. It never panics on what a server sends.

pub mod catalog;
mod client;
pub mod deadlines;
mod decode;
pub mod dialect;
mod error;
pub mod family_a;
pub mod family_b;
pub mod kind;
pub mod lenient;
pub mod notification;
mod operation;
pub mod payout_methods;
pub mod reach;
mod settings;
mod transport;

pub use client::Client;
pub use decode::Reply;
pub use decode::{decode_every_answer, decode_family_a, decode_family_b};
pub use dialect::{Dialect, Direction, TransactionTokenSource};
pub use error::{ApiError, MissingSetting, Refusal, SignInNeeded};
// The domain's own types, found here rather than in the wire family that carries them: a
// payment's state and the answer that says it, the merchant's balance, and a payout as it is
// sent (the wire calls it a withdrawal).
pub use family_b::{
    Bag, Balance, StatusRecord, TransactionStatus, WithdrawRequest as PayoutRequest,
};
pub use operation::{Effect, Family, Operation, Rules};
pub use settings::ClientSettings;
