//! Checking stored notifications with the service: one question per subject at a time (a
//! payment by its reference, a payout by its own transaction reference), the answer applied to
//! the books through `collections`, and each notification marked as the answer bears it out.

use std::sync::Arc;

use tokio::sync::mpsc;

use super::receiver::{ReceiverEvent, SharedSettings, read};
use crate::api::Client;
use crate::api::family_b::TransactionStatus;
use crate::api::notification::Notification;
use crate::collections::apply_answer;
use crate::ledger::{CheckState, Ledger, now_ms};

/// How many references may wait for a check at once. Past it, a notification stays unchecked
/// (the service sends it again, and a copy of an unchecked one is checked then): someone
/// holding the key cannot make the receiver queue questions without end.
const MAX_WAITING_CHECKS: usize = 2_000;

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

/// What a check asks about: a payment by its reference, or a payout by its `reference1`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Subject {
    Payment(String),
    Payout(String),
}

impl Subject {
    fn of(notification: &Notification) -> Subject {
        match &notification.withdraw_reference1 {
            Some(reference1) => Subject::Payout(reference1.clone()),
            None => Subject::Payment(notification.reference_id.clone()),
        }
    }
}

/// Checks stored notifications with the service, one subject at a time: notifications that
/// arrive while their subject waits share its one question.
pub(super) async fn confirm_all(
    settings: SharedSettings,
    mut queue: mpsc::UnboundedReceiver<(i64, Notification)>,
    again: mpsc::UnboundedSender<(i64, Notification)>,
    events: Option<mpsc::UnboundedSender<ReceiverEvent>>,
) {
    // How often each payout notification found its payout still being sent.
    let mut early: std::collections::HashMap<i64, u32> = std::collections::HashMap::new();
    let mut order = std::collections::VecDeque::new();
    let mut waiting: std::collections::HashMap<Subject, Vec<(i64, Notification)>> =
        std::collections::HashMap::new();
    let add = |order: &mut std::collections::VecDeque<Subject>,
               waiting: &mut std::collections::HashMap<Subject, Vec<(i64, Notification)>>,
               (id, notification): (i64, Notification)| {
        let subject = Subject::of(&notification);
        let room = waiting.len() < MAX_WAITING_CHECKS;
        match waiting.entry(subject) {
            std::collections::hash_map::Entry::Occupied(mut batch) => {
                batch.get_mut().push((id, notification))
            }
            std::collections::hash_map::Entry::Vacant(slot) if room => {
                order.push_back(slot.key().clone());
                slot.insert(vec![(id, notification)]);
            }
            std::collections::hash_map::Entry::Vacant(_) => tracing::warn!(
                id,
                "too many notifications wait for a check; this one stays unchecked"
            ),
        }
    };
    loop {
        if waiting.is_empty() {
            match queue.recv().await {
                Some(job) => add(&mut order, &mut waiting, job),
                None => return,
            }
        }
        while let Ok(job) = queue.try_recv() {
            add(&mut order, &mut waiting, job);
        }
        let Some(subject) = order.pop_front() else {
            continue;
        };
        let batch = waiting.remove(&subject).unwrap_or_default();
        // Without a client (no service set up) the notifications stay unchecked.
        let Some(confirmer) = read(&settings).confirmer.clone() else {
            continue;
        };
        let (ledger, profile) = {
            let settings = read(&settings);
            (settings.ledger.clone(), settings.profile.clone())
        };
        let checked = match &subject {
            Subject::Payment(reference) => {
                check_payment(&confirmer.client, ledger, profile, reference, &batch).await
            }
            Subject::Payout(reference1) => {
                match check_payout(&confirmer.client, ledger, profile, reference1, &batch).await {
                    PayoutCheck::Done(checked) => {
                        for (id, _) in &batch {
                            early.remove(id);
                        }
                        checked
                    }
                    PayoutCheck::StillSending => {
                        // The service can notify before its answer to the cash-out reached the
                        // till that sent it: ask again once the journal has its reference.
                        for (id, notification) in batch {
                            let tries = early.entry(id).or_default();
                            *tries += 1;
                            if *tries > PAYOUT_PATIENCE_TRIES {
                                early.remove(&id);
                                continue;
                            }
                            let again = again.clone();
                            tokio::spawn(async move {
                                tokio::time::sleep(PAYOUT_PATIENCE_STEP).await;
                                let _ = again.send((id, notification));
                            });
                        }
                        Vec::new()
                    }
                }
            }
        };
        if let Some(events) = &events {
            for (id, reference, state, service_status) in checked {
                let _ = events.send(ReceiverEvent::Checked {
                    id,
                    reference,
                    state,
                    service_status,
                });
            }
        }
    }
}

type Checked = Vec<(i64, String, CheckState, Option<TransactionStatus>)>;

/// Asks about a payment once, applies the answer to the books (only a payment of this
/// profile's, and only with the answer's figures), and says for each notification whether the
/// answer bears it out. An approval of a code that takes many payments is borne out only when the
/// answer names its provider reference.
async fn check_payment(
    client: &Client,
    ledger: Arc<Ledger>,
    profile: String,
    reference: &str,
    batch: &[(i64, Notification)],
) -> Checked {
    let answer = client.payment_status(reference).await;
    let answer = match answer {
        Ok(reply) => reply.value,
        Err(error) => {
            tracing::info!(%error, "could not check a notification with the service");
            return record_checks(ledger, batch, |_| (CheckState::CheckFailed, None)).await;
        }
    };
    let reference = reference.to_owned();
    let applied = {
        let (ledger, answer) = (ledger.clone(), answer.clone());
        blocking(move || {
            let collection = ledger.collection_by_reference(&profile, &reference)?;
            if let Some(collection) = &collection {
                apply_answer(&ledger, &profile, collection, &answer, now_ms())?;
            }
            Ok(collection.is_some_and(|collection| collection.repeatable))
        })
        .await
    };
    let Some(repeatable) = applied else {
        return Vec::new();
    };
    record_checks(ledger, batch, |notification| {
        let borne_out = agrees(notification.status, answer.status)
            && !(repeatable
                && notification.status == TransactionStatus::Approved
                && notification.provider_reference != answer.provider_reference);
        let state = if borne_out {
            CheckState::Confirmed
        } else {
            CheckState::Disagrees
        };
        (state, Some(answer.status))
    })
    .await
}

/// A payout changes only by the service's answer about its own transaction reference: whatever
/// reference the notification names, that is the one asked about.
/// How long a payout notification waits for its payout's reference: a step, so many times.
const PAYOUT_PATIENCE_STEP: std::time::Duration = std::time::Duration::from_secs(1);
const PAYOUT_PATIENCE_TRIES: u32 = 120;

enum PayoutCheck {
    Done(Checked),
    /// The payout is ours but its request has not come back yet: no reference to ask about.
    StillSending,
}

async fn check_payout(
    client: &Client,
    ledger: Arc<Ledger>,
    profile: String,
    reference1: &str,
    batch: &[(i64, Notification)],
) -> PayoutCheck {
    let payout = {
        let (ledger, reference1) = (ledger.clone(), reference1.to_owned());
        blocking(move || ledger.payout_by_reference(&profile, &reference1)).await
    };
    if payout.as_ref().is_some_and(|payout| {
        payout
            .as_ref()
            .is_some_and(|payout| payout.transaction_reference.is_none() && payout.state.is_open())
    }) {
        return PayoutCheck::StillSending;
    }
    let checked = check_known_payout(client, ledger, payout, batch).await;
    PayoutCheck::Done(checked)
}

async fn check_known_payout(
    client: &Client,
    ledger: Arc<Ledger>,
    payout: Option<Option<crate::ledger::PayoutRecord>>,
    batch: &[(i64, Notification)],
) -> Checked {
    let Some(transaction_reference) = payout
        .as_ref()
        .and_then(|payout| payout.as_ref())
        .and_then(|payout| payout.transaction_reference.clone())
    else {
        // No payout of this profile by that reference, or one never sent: nothing to ask.
        return record_checks(ledger, batch, |_| (CheckState::Disagrees, None)).await;
    };
    let Some(Some(payout)) = payout else {
        return Vec::new();
    };
    let status = match client.payment_status(&transaction_reference).await {
        Ok(reply) => reply.value.status,
        Err(error) => {
            tracing::info!(%error, "could not check a payout notification with the service");
            return record_checks(ledger, batch, |_| (CheckState::CheckFailed, None)).await;
        }
    };
    {
        let ledger = ledger.clone();
        let id = payout.id;
        if blocking(move || ledger.record_payout_status(id, status))
            .await
            .is_none()
        {
            return Vec::new();
        }
    }
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
    .await
}

/// Writes each notification's check; returns what was written, for the app's feed.
async fn record_checks(
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
    let written = checks.clone();
    let stored = blocking(move || {
        for (id, _, state, status) in &written {
            ledger.record_check(*id, *state, *status)?;
        }
        Ok(())
    })
    .await;
    if stored.is_some() { checks } else { Vec::new() }
}

/// One ledger call on the blocking pool; a failure is logged here, once (`None`).
async fn blocking<T: Send + 'static>(
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
