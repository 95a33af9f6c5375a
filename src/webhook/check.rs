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

/// How many subjects may wait for a check at once, and how many notifications one subject
/// gathers. Past either, a notification stays unchecked (the service sends it again, and a copy
/// of an unchecked one is checked then): someone holding the key cannot make the receiver queue
/// questions, or hold notifications in memory, without end.
const MAX_WAITING_SUBJECTS: usize = 2_000;
const MAX_PER_SUBJECT: usize = 1_000;

/// A stored notification to check, with the profile whose key verified it.
pub(super) struct ToCheck {
    pub(super) id: i64,
    pub(super) notification: Notification,
    pub(super) profile: String,
}

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

/// What a check asks about: a payment by its reference, or a payout by its `reference1`, of
/// the profile whose key verified the notification.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Subject {
    profile: String,
    about: About,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum About {
    Payment(String),
    Payout(String),
}

impl Subject {
    fn of(job: &ToCheck) -> Subject {
        let about = match &job.notification.withdraw_reference1 {
            Some(reference1) => About::Payout(reference1.clone()),
            None => About::Payment(job.notification.reference_id.clone()),
        };
        Subject {
            profile: job.profile.clone(),
            about,
        }
    }
}

/// Notifications waiting for their subject's check, in the order the subjects came.
#[derive(Default)]
struct Waiting {
    order: std::collections::VecDeque<Subject>,
    batches: std::collections::HashMap<Subject, Vec<(i64, Notification)>>,
    /// Whether a notification was left unchecked for want of room since the queue was last
    /// empty (said once in the log, not once per notification).
    overflowed: bool,
}

impl Waiting {
    fn add(&mut self, job: ToCheck) {
        use std::collections::hash_map::Entry;
        let subject = Subject::of(&job);
        let room = self.batches.len() < MAX_WAITING_SUBJECTS;
        let kept = match self.batches.entry(subject) {
            Entry::Occupied(mut batch) if batch.get().len() < MAX_PER_SUBJECT => {
                batch.get_mut().push((job.id, job.notification));
                true
            }
            Entry::Vacant(slot) if room => {
                self.order.push_back(slot.key().clone());
                slot.insert(vec![(job.id, job.notification)]);
                true
            }
            _ => false,
        };
        if !kept && !self.overflowed {
            self.overflowed = true;
            tracing::warn!("too many notifications wait for a check; later ones stay unchecked");
        }
    }

    fn next(&mut self) -> Option<(Subject, Vec<(i64, Notification)>)> {
        let subject = self.order.pop_front()?;
        let batch = self.batches.remove(&subject).unwrap_or_default();
        if self.batches.is_empty() {
            self.overflowed = false;
        }
        Some((subject, batch))
    }
}

/// Checks stored notifications with the service, one subject at a time: notifications that
/// arrive while their subject waits share its one question.
pub(super) async fn confirm_all(
    settings: SharedSettings,
    mut queue: mpsc::UnboundedReceiver<ToCheck>,
    again: mpsc::UnboundedSender<ToCheck>,
    events: Option<mpsc::UnboundedSender<ReceiverEvent>>,
) {
    // How often each payout notification found its payout still being sent.
    let mut early: std::collections::HashMap<i64, u32> = std::collections::HashMap::new();
    let mut waiting = Waiting::default();
    loop {
        if waiting.batches.is_empty() {
            match queue.recv().await {
                Some(job) => waiting.add(job),
                None => return,
            }
        }
        while let Ok(job) = queue.try_recv() {
            waiting.add(job);
        }
        let Some((subject, batch)) = waiting.next() else {
            continue;
        };
        let (confirmer, ledger) = {
            let settings = read(&settings);
            // Checked with the client and books of the profile that verified them: after a
            // switch to another profile they stay unchecked (a copy is checked when it comes).
            if settings.profile != subject.profile {
                continue;
            }
            (settings.confirmer.clone(), settings.ledger.clone())
        };
        // Without a client (no service set up) the notifications stay unchecked.
        let Some(confirmer) = confirmer else {
            continue;
        };
        let profile = subject.profile.clone();
        let checked = match &subject.about {
            About::Payment(reference) => {
                check_payment(&confirmer.client, ledger, profile, reference, &batch).await
            }
            About::Payout(reference1) => {
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
                            let profile = subject.profile.clone();
                            tokio::spawn(async move {
                                tokio::time::sleep(PAYOUT_PATIENCE_STEP).await;
                                let _ = again.send(ToCheck {
                                    id,
                                    notification,
                                    profile,
                                });
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
    // Only a request still on its way will bring a reference; an `unknown` one never does.
    if payout.as_ref().is_some_and(|payout| {
        payout.as_ref().is_some_and(|payout| {
            payout.transaction_reference.is_none()
                && payout.state == crate::ledger::PayoutState::Sending
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    fn job(id: i64, reference: &str, profile: &str) -> ToCheck {
        let body = format!(
            r#"{{"referenceId":"{reference}","resourceId":"S","amount":1000,"updatedAt":"2026-11-21 10:00:00","status":2}}"#
        );
        ToCheck {
            id,
            notification: Notification::parse(body.as_bytes()).unwrap(),
            profile: profile.to_owned(),
        }
    }

    #[test]
    fn a_flood_is_one_question_per_subject_and_bounded() {
        let mut waiting = Waiting::default();
        for id in 0..(MAX_PER_SUBJECT as i64 + 50) {
            waiting.add(job(id, "PD1", "tienda"));
        }
        // The same reference under another profile is another subject: its books, its client.
        waiting.add(job(-1, "PD1", "simulator"));
        let (first, batch) = waiting.next().unwrap();
        assert_eq!(first.profile, "tienda");
        assert_eq!(batch.len(), MAX_PER_SUBJECT, "the rest stay unchecked");
        let (second, batch) = waiting.next().unwrap();
        assert_eq!(second.profile, "simulator");
        assert_eq!(batch.len(), 1);
        assert!(waiting.next().is_none());

        for id in 0..(MAX_WAITING_SUBJECTS as i64 + 10) {
            waiting.add(job(id, &format!("R{id}"), "tienda"));
        }
        assert_eq!(waiting.batches.len(), MAX_WAITING_SUBJECTS);
    }
}
