//! What a check of notifications comes to and how it is written: whether the service's state
//! agrees with a notified one, each notification's check written to the books, and what is left
//! to ask again. Below the checks of a sale's and of a payout's notifications, which both use it.

use std::sync::Arc;

use crate::api::TransactionStatus;
use crate::api::notification::Notification;
use crate::ledger::{CheckState, Ledger};

/// Whether the service's status agrees with a notified one. A final hint (approved, rejected,
/// failed) must match the service exactly: an approval the service does not confirm is never
/// money. A pending or processing hint only says the payment exists, and the payment may have
/// moved on by the time it is checked, so any known state of the service agrees with it.
pub fn agrees(notified: TransactionStatus, service: TransactionStatus) -> bool {
    use TransactionStatus::*;
    let not_paid = matches!(service, Failed | Rejected | Cancelled);
    match notified {
        Approved => service == Approved,
        Rejected | Failed | Cancelled => not_paid,
        Pending | Processing => !matches!(service, Other(_)),
        Other(_) => false,
    }
}

/// What was written of each notification's check, for the app's feed: its id, the reference
/// it is told under, what the check found and the state the books hold.
pub(super) type Checked = Vec<(i64, String, CheckState, Option<TransactionStatus>)>;

/// What one check came to.
#[derive(Default)]
pub(super) struct Check {
    /// The checks written (those not asked for want of the line too, as not checked).
    pub(super) checked: Checked,
    /// Not asked for want of the line: asked again the moment it is back.
    pub(super) stalled: Vec<(i64, Notification)>,
    /// Nothing of this profile's by their reference or resource yet, or a payout whose request
    /// has not come back: nothing to ask about for now.
    pub(super) not_yet: Vec<(i64, Notification)>,
}

impl Check {
    pub(super) fn done(checked: Checked) -> Check {
        Check {
            checked,
            ..Check::default()
        }
    }

    pub(super) fn not_yet(batch: &[(i64, Notification)]) -> Check {
        Check {
            not_yet: batch.to_vec(),
            ..Check::default()
        }
    }

    /// Another check's outcome added to this one.
    pub(super) fn join(&mut self, other: Check) {
        self.checked.extend(other.checked);
        self.stalled.extend(other.stalled);
        self.not_yet.extend(other.not_yet);
    }
}

/// A check the service did not answer: written down as not checked; kept to ask again when the
/// failure was the line's.
pub(super) async fn failed_check(
    ledger: Arc<Ledger>,
    batch: &[(i64, Notification)],
    error: &crate::api::ApiError,
) -> Check {
    let checked = record_checks(ledger, batch, |_| (CheckState::CheckFailed, None)).await;
    Check {
        checked,
        stalled: if error.is_network() {
            batch.to_vec()
        } else {
            Vec::new()
        },
        not_yet: Vec::new(),
    }
}

/// Writes each notification's check; returns what was written, for the app's feed.
pub(super) async fn record_checks(
    ledger: Arc<Ledger>,
    batch: &[(i64, Notification)],
    verdict: impl Fn(&Notification) -> (CheckState, Option<TransactionStatus>),
) -> Checked {
    let checks: Checked = batch
        .iter()
        .map(|(id, notification)| {
            let (state, status) = verdict(notification);
            (*id, notification.reference_id.clone(), state, status)
        })
        .collect();
    let written: Vec<_> = checks
        .iter()
        .map(|(id, _, state, status)| (*id, *state, *status))
        .collect();
    let stored = blocking(move || ledger.record_checks(&written)).await;
    if stored.is_some() { checks } else { Vec::new() }
}

/// One ledger call on the blocking pool; a failure is logged here, once (`None`).
pub(super) async fn blocking<T: Send + 'static>(
    call: impl FnOnce() -> Result<T, crate::ledger::LedgerError> + Send + 'static,
) -> Option<T> {
    match tokio::task::spawn_blocking(call).await {
        Ok(Ok(value)) => Some(value),
        Ok(Err(error)) => {
            tracing::error!(%error, "could not record a check");
            None
        }
        Err(error) => {
            tracing::error!(%error, "a check's task failed");
            None
        }
    }
}
