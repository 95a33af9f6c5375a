//! A payment's life, in one place for the app, the CLI and the receiver: the sale made (its
//! reference, the payment created at the service, written down), each status answer of the
//! service applied to it, and the following of it until it ends.
//!
//! One rule makes the books: money and state come only from the service's answer to
//! `/payment/status`. A notification is a reason to ask (see `webhook`); whatever it says of
//! amounts, fees, provider references or state is never recorded as money. So every path that
//! learns something about a payment (the till's follower, `paydesk status --wait`, the receiver's
//! check of a notification) calls [`apply_answer`], and [`received_from_answer`] is the only
//! constructor of a [`ReceivedPayment`](crate::ledger::ReceivedPayment).

mod answers;
mod charge;
mod follower;

pub use answers::{Applied, apply_answer, open_until, received_from_answer, record_created};
pub use charge::{
    Charge, ChargeError, ChargeRequest, Created, InBooks, MadeCharge, fresh_reference1, make_charge,
};
pub use follower::{FollowUpdate, Follower, Watched};
