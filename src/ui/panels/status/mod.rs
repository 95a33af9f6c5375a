//! Status: look up any reference, and today's payments with their live states (followed in the
//! background, so this panel only draws what the followers report). What it needs done it queues
//! as a [`StatusCommand`] for `logic` to run.

mod details;
mod panel;
mod refund;
mod refund_view;
mod returned;
mod today;
mod window;

pub use panel::{StatusCommand, StatusPanel};
pub use refund::{Refund, RefundCommand};
pub use refund_view::RefundView;
