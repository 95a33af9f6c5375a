//! A payment's life after it was created, in one place for the app, the CLI and the receiver:
//! writing the created payment down, applying the service's status answers to it, and following
//! it until it ends.
//!
//! One rule makes the books: money and state come only from the service's answer to
//! `/payment/status`. A notification is a reason to ask (see `webhook`); whatever it says of
//! amounts, fees, provider references or state is never recorded as money. So every path that
//! learns something about a payment (the till's follower, `paydesk status --wait`, the receiver's
//! check of a notification) calls [`apply_answer`], and [`received_from_answer`] is the only
//! constructor of a [`ReceivedPayment`].

mod answers;
mod follower;

pub use answers::{Applied, apply_answer, open_until, received_from_answer, record_created};
pub use follower::{FollowUpdate, Follower, Watched};
