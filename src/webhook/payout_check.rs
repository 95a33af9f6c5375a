//! Checking a payout's notifications with the service: a payout moves only by the service's
//! answer about its own transaction reference, whatever the notification names, and one whose
//! answer was lost is settled only by an answer that is surely its own.

use std::sync::Arc;

use super::checked::{Check, agrees, blocking, failed_check, record_checks};
use crate::api::Client;
use crate::api::TransactionStatus;
use crate::api::notification::Notification;
use crate::ledger::{CheckState, Ledger};

/// A payout changes only by the service's answer about its own transaction reference: whatever
/// reference the notification names, that is the one asked about.
pub(super) async fn check_payout(
    client: &Client,
    ledger: Arc<Ledger>,
    profile: String,
    reference1: &str,
    batch: &[(i64, Notification)],
) -> Check {
    let payout = {
        let (ledger, reference1) = (ledger.clone(), reference1.to_owned());
        blocking(move || ledger.payout_by_reference(&profile, &reference1)).await
    };
    let payout = match payout {
        Some(Some(payout)) => payout,
        // Its intent is written before it is sent: no payout by that reference is none of ours.
        Some(None) => {
            return Check::done(
                record_checks(ledger, batch, |_| (CheckState::NotOurs, None)).await,
            );
        }
        None => return Check::default(),
    };
    let Some(transaction_reference) = payout.transaction_reference.clone() else {
        // Only a request still on its way brings a reference.
        if payout.state == crate::ledger::PayoutState::Sending {
            return Check::not_yet(batch);
        }
        // An `unknown` one (its answer lost, in an outage say) is settled by the service's
        // answer about the transaction its notification names, when that answer is this
        // payout's; never sent again.
        if payout.state == crate::ledger::PayoutState::Unknown {
            return settle_unknown_payout(client, ledger, payout, batch).await;
        }
        return Check::done(
            record_checks(ledger, batch, |_| (CheckState::CheckFailed, None)).await,
        );
    };
    let status = match client.payment_status(&transaction_reference).await {
        Ok(reply) => reply.value.status,
        Err(error) => {
            tracing::info!(error = %crate::untrusted::ForLog(&error.to_string()), "could not check a payout notification with the service");
            return failed_check(ledger, batch, &error).await;
        }
    };
    {
        let ledger = ledger.clone();
        let id = payout.id;
        if blocking(move || ledger.record_payout_status(id, status))
            .await
            .is_none()
        {
            return Check::default();
        }
    }
    Check::done(
        record_checks(ledger, batch, |notification| {
            let state = if agrees(notification.status, status)
                && notification.reference_id == transaction_reference
            {
                CheckState::Confirmed
            } else {
                CheckState::Disagrees
            };
            (state, Some(status))
        })
        .await,
    )
}

/// An unknown payout and the transaction a notification names for it. It is settled only by
/// the service's answer about that transaction, and only when the answer is this payout's as far
/// as the answer can tell: the same amount, dated after the payout was written down, a
/// transaction not already another payment's or payout's, and approved. The status record does
/// not name the payout's `reference1`, so a notification (whose key may be known to others)
/// could name someone else's transaction of the same amount: taking that for an approval leaves
/// the money counted as gone, which never sends it twice; taking it for a failure could. Any
/// other answer leaves the payout unknown, for the person to settle with the service.
async fn settle_unknown_payout(
    client: &Client,
    ledger: Arc<Ledger>,
    payout: crate::ledger::PayoutRecord,
    batch: &[(i64, Notification)],
) -> Check {
    /// Clocks differ: the service's date may read a little before the intent's.
    const CLOCK_SLACK_MS: i64 = 10 * 60 * 1_000;
    let candidate = batch
        .first()
        .map(|(_, notification)| notification.reference_id.clone())
        .unwrap_or_default();
    let known = {
        let (ledger, candidate) = (ledger.clone(), candidate.clone());
        blocking(move || ledger.knows_reference(&candidate)).await
    };
    if candidate.is_empty() || known != Some(false) {
        return Check::done(
            record_checks(ledger, batch, |_| (CheckState::CheckFailed, None)).await,
        );
    }
    let answer = match client.payment_status(&candidate).await {
        Ok(reply) => reply.value,
        Err(error) => return failed_check(ledger, batch, &error).await,
    };
    let same_amount = answer.amount_pesos() == Some(payout.amount);
    let after_intent = crate::clock::parse_service_time(&answer.date)
        .is_none_or(|at| at + CLOCK_SLACK_MS >= payout.created_at);
    let status = answer.status;
    if !(same_amount && after_intent) {
        tracing::warn!(reference1 = %crate::untrusted::ForLog(&payout.reference1), "a notification named a transaction that is not this payout's");
        return Check::done(
            record_checks(ledger, batch, |_| (CheckState::Disagrees, Some(status))).await,
        );
    }
    if status == TransactionStatus::Approved {
        let adopted = {
            let (ledger, reference, id) = (ledger.clone(), candidate.clone(), payout.id);
            blocking(move || ledger.adopt_approved_payout(id, &reference)).await
        };
        if adopted.is_none() {
            return Check::default();
        }
    }
    Check::done(
        record_checks(ledger, batch, |notification| {
            let state = if agrees(notification.status, status) {
                CheckState::Confirmed
            } else {
                CheckState::Disagrees
            };
            (state, Some(status))
        })
        .await,
    )
}
