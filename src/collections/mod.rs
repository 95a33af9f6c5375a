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

/// How long a sale waits to learn whether the books still take it: a shared ledger that does
/// not answer (the line to it is down) does not hold the sale up; the sale is made and kept as
/// today.
const MAY_SELL_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Asked before a sale is made at the service: refused only when the books said this till may
/// no longer write ([`crate::ledger::LedgerError::TooOld`]: a newer till migrated the shared
/// ledger while this one was open), as the service would take the money and the books would
/// refuse to keep the sale.
pub async fn may_sell(
    ledger: std::sync::Arc<crate::ledger::Ledger>,
) -> Result<(), crate::ledger::LedgerError> {
    let asked = tokio::task::spawn_blocking(move || ledger.may_write());
    match tokio::time::timeout(MAY_SELL_WAIT, asked).await {
        Ok(Ok(Err(crate::ledger::LedgerError::TooOld))) => Err(crate::ledger::LedgerError::TooOld),
        _ => Ok(()),
    }
}
