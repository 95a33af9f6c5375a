//! Checking stored notifications with the service: one question per subject at a time (a
//! payment by its reference, a payout by its own transaction reference), the answer applied to
//! the books through `collections`, and each notification marked as the answer bears it out.

use std::sync::Arc;

use tokio::sync::mpsc;

use super::shared::{ReceiverEvent, SharedSettings, read};
use crate::api::Client;
use crate::api::TransactionStatus;
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
    queue: mpsc::UnboundedReceiver<ToCheck>,
    again: mpsc::UnboundedSender<ToCheck>,
    events: Option<mpsc::UnboundedSender<ReceiverEvent>>,
) {
    let mut checker = Checker {
        settings,
        queue,
        again,
        events,
        early: std::collections::HashMap::new(),
        waiting: Waiting::default(),
        stalled: Waiting::default(),
    };
    while let Some((subject, batch)) = checker.next_subject().await {
        let Some((client, ledger)) = checker.client_for(&subject) else {
            continue;
        };
        let (outcome, patience) = ask(&client, ledger.clone(), &subject, &batch).await;
        let checked = match outcome {
            Check::LineDown(checked) => {
                checker.stall(&subject, batch);
                checked
            }
            Check::Done(checked) => {
                for (id, _) in &batch {
                    checker.early.remove(id);
                }
                checked
            }
            Check::NotYetOurs => {
                let given_up = checker.ask_later(&subject, batch, patience);
                record_checks(ledger, &given_up, |_| (CheckState::NotOurs, None)).await
            }
        };
        checker.tell(checked);
    }
}

/// What the checking task keeps between questions.
struct Checker {
    settings: SharedSettings,
    queue: mpsc::UnboundedReceiver<ToCheck>,
    again: mpsc::UnboundedSender<ToCheck>,
    events: Option<mpsc::UnboundedSender<ReceiverEvent>>,
    /// How often each notification found its payment or payout not written down yet.
    early: std::collections::HashMap<i64, u32>,
    waiting: Waiting,
    /// Checks the service could not answer for want of the line: asked again the moment it
    /// comes back, not when the service happens to send the notification again.
    stalled: Waiting,
}

impl Checker {
    /// The next subject to ask about, with its notifications; `None` once the receiver is gone.
    async fn next_subject(&mut self) -> Option<(Subject, Vec<(i64, Notification)>)> {
        loop {
            if self.waiting.batches.is_empty() {
                let back = line_back(&self.settings, !self.stalled.batches.is_empty());
                tokio::select! {
                    job = self.queue.recv() => self.waiting.add(job?),
                    () = back => {
                        while let Some((subject, batch)) = self.stalled.next() {
                            for (id, notification) in batch {
                                self.waiting.add(ToCheck { id, notification, profile: subject.profile.clone() });
                            }
                        }
                        continue;
                    }
                }
            }
            while let Ok(job) = self.queue.try_recv() {
                self.waiting.add(job);
            }
            if let Some(next) = self.waiting.next() {
                return Some(next);
            }
        }
    }

    /// The client and books of the profile that verified the subject's notifications: after a
    /// switch to another profile they stay unchecked (a copy is checked when it comes), and
    /// without a client (no service set up) they stay unchecked too.
    fn client_for(&self, subject: &Subject) -> Option<(Client, Arc<Ledger>)> {
        let settings = read(&self.settings);
        if settings.profile != subject.profile {
            return None;
        }
        let confirmer = settings.confirmer.clone()?;
        Some((confirmer.client.clone(), settings.ledger.clone()))
    }

    fn stall(&mut self, subject: &Subject, batch: Vec<(i64, Notification)>) {
        for (id, notification) in batch {
            self.stalled.add(ToCheck {
                id,
                notification,
                profile: subject.profile.clone(),
            });
        }
    }

    /// The service can notify before the till that made the sale (or sent the payout) has
    /// written it down: asked again in a moment, then called not ours. Returns those given up.
    fn ask_later(
        &mut self,
        subject: &Subject,
        batch: Vec<(i64, Notification)>,
        patience: u32,
    ) -> Vec<(i64, Notification)> {
        let mut given_up = Vec::new();
        for (id, notification) in batch {
            let tries = self.early.entry(id).or_default();
            *tries += 1;
            if *tries > patience {
                self.early.remove(&id);
                given_up.push((id, notification));
                continue;
            }
            let again = self.again.clone();
            let profile = subject.profile.clone();
            tokio::spawn(async move {
                tokio::time::sleep(PATIENCE_STEP).await;
                // The checker stopped meanwhile: the notification stays stored and unchecked,
                // for the next start.
                let _ = again.send(ToCheck {
                    id,
                    notification,
                    profile,
                });
            });
        }
        given_up
    }

    fn tell(&self, checked: Checked) {
        let Some(events) = &self.events else {
            return;
        };
        // Nobody listening any more (the window closed) is not an error for the checker.
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

/// One question to the service about a subject, and how many times its notifications may find
/// it not written down yet.
async fn ask(
    client: &Client,
    ledger: Arc<Ledger>,
    subject: &Subject,
    batch: &[(i64, Notification)],
) -> (Check, u32) {
    let profile = subject.profile.clone();
    match &subject.about {
        About::Payment(reference) => (
            check_payment(client, ledger, profile, reference, batch).await,
            PAYMENT_PATIENCE_TRIES,
        ),
        About::Payout(reference1) => (
            check_payout(client, ledger, profile, reference1, batch).await,
            PAYOUT_PATIENCE_TRIES,
        ),
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
) -> Check {
    // Only this profile's own payments are asked about: a notification of anything else
    // never makes the receiver question the service.
    // By the reference it names, or else by the resource (the current interface's
    // notifications may name a resource the payment was created under; its plugin matches so).
    let resource = batch
        .first()
        .map(|(_, notification)| notification.resource_id.clone())
        .unwrap_or_default();
    let collection = {
        let (ledger, profile, reference) = (ledger.clone(), profile.clone(), reference.to_owned());
        blocking(
            move || match ledger.collection_by_reference(&profile, &reference)? {
                Some(collection) => Ok(Some(collection)),
                None => ledger.collection_by_resource(&profile, &resource),
            },
        )
        .await
    };
    let collection = match collection {
        Some(Some(collection)) => collection,
        Some(None) => return Check::NotYetOurs,
        None => return Check::Done(Vec::new()),
    };
    // The service is asked about the payment by the reference it gave when it was created.
    let asked_at = now_ms();
    let answer = match client.payment_status(&collection.reference).await {
        Ok(reply) => reply.value,
        Err(error) => {
            // The service's message is outside text too.
            tracing::info!(error = %crate::untrusted::ForLog(&error.to_string()), "could not check a notification with the service");
            return failed_check(ledger, batch, &error).await;
        }
    };
    let applied = {
        let (ledger, answer, collection) = (ledger.clone(), answer.clone(), collection.clone());
        blocking(move || apply_answer(&ledger, &profile, &collection, &answer, asked_at, now_ms()))
            .await
    };
    let Some(applied) = applied else {
        return Check::Done(Vec::new());
    };
    let repeatable = collection.repeatable;
    let checked = record_checks(ledger, batch, |notification| {
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
    .await;
    // Whoever hears of the check (a till's list) learns the state the books hold, which a later
    // answer may contradict but never moves (the notification keeps what the service said).
    Check::Done(
        checked
            .into_iter()
            .map(|(id, reference, state, _)| (id, reference, state, Some(applied.status)))
            .collect(),
    )
}

/// How long a notification waits for its payment (or payout) to be written down: a step, so
/// many times. A sale is written down as soon as the service answers the till that made it; a
/// payout's reference comes with the service's answer to its request, which can take its time.
const PATIENCE_STEP: std::time::Duration = std::time::Duration::from_secs(1);
const PAYMENT_PATIENCE_TRIES: u32 = 5;
const PAYOUT_PATIENCE_TRIES: u32 = 120;

/// What one check came to.
enum Check {
    Done(Checked),
    /// The service could not be asked (no line): written down as not checked, and kept to ask
    /// again when the line is back.
    LineDown(Checked),
    /// Nothing of this profile's by that reference yet, or a payout whose request has not come
    /// back: no reference to ask about for now.
    NotYetOurs,
}

/// A payout changes only by the service's answer about its own transaction reference: whatever
/// reference the notification names, that is the one asked about.
async fn check_payout(
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
            return Check::Done(
                record_checks(ledger, batch, |_| (CheckState::NotOurs, None)).await,
            );
        }
        None => return Check::Done(Vec::new()),
    };
    let Some(transaction_reference) = payout.transaction_reference.clone() else {
        // Only a request still on its way brings a reference.
        if payout.state == crate::ledger::PayoutState::Sending {
            return Check::NotYetOurs;
        }
        // An `unknown` one (its answer lost, in an outage say) is settled by the service's
        // answer about the transaction its notification names, when that answer is this
        // payout's; never sent again.
        if payout.state == crate::ledger::PayoutState::Unknown {
            return settle_unknown_payout(client, ledger, payout, batch).await;
        }
        return Check::Done(
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
            return Check::Done(Vec::new());
        }
    }
    Check::Done(
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
        return Check::Done(
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
        return Check::Done(
            record_checks(ledger, batch, |_| (CheckState::Disagrees, Some(status))).await,
        );
    }
    if status == TransactionStatus::Approved {
        let adopted = {
            let (ledger, reference, id) = (ledger.clone(), candidate.clone(), payout.id);
            blocking(move || ledger.adopt_approved_payout(id, &reference)).await
        };
        if adopted.is_none() {
            return Check::Done(Vec::new());
        }
    }
    Check::Done(
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

/// A check the service did not answer: written down as not checked; kept to ask again when the
/// failure was the line's.
async fn failed_check(
    ledger: Arc<Ledger>,
    batch: &[(i64, Notification)],
    error: &crate::api::ApiError,
) -> Check {
    let checked = record_checks(ledger, batch, |_| (CheckState::CheckFailed, None)).await;
    if error.is_network() {
        Check::LineDown(checked)
    } else {
        Check::Done(checked)
    }
}

/// Resolves when the profile's service answers again, while checks wait for it; never when
/// none does (or there is no service to ask).
async fn line_back(settings: &SharedSettings, anything_stalled: bool) {
    let client = anything_stalled
        .then(|| read(settings).confirmer.clone())
        .flatten()
        .map(|confirmer| confirmer.client);
    let Some(client) = client else {
        return std::future::pending().await;
    };
    let mut changes = client.reachability().subscribe();
    // A check failed: the line is (or was) in doubt. Wait for the answer that says it is back.
    if changes.borrow().is_up() {
        // The light check already saw it back (or the failure was not the line's): ask again
        // after a moment rather than at once, in case it was a passing blip.
        tokio::time::sleep(std::time::Duration::from_secs(2)).await;
        return;
    }
    // The reachability's sender lives as long as the client held above: it does not close first.
    let _ = changes.wait_for(|reach| reach.is_up()).await;
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
    let written: Vec<_> = checks
        .iter()
        .map(|(id, _, state, status)| (*id, *state, *status))
        .collect();
    let stored = blocking(move || ledger.record_checks(&written)).await;
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
