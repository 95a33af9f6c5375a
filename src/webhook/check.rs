//! Checking stored notifications with the service: the queue of subjects, one question per
//! subject at a time (a payment by the reference its notifications name, a payout by its
//! `reference1`), what waits for the line or for its payment to be written down, and who hears
//! of each check. A sale's check is `sale_check`'s, a payout's `payout_check`'s.

use std::sync::Arc;

use tokio::sync::mpsc;

use super::checked::{Check, Checked, record_checks};
use super::payout_check::check_payout;
use super::sale_check::check_payment;
use super::shared::{ReceiverEvent, SharedSettings, read};
use crate::api::Client;
use crate::api::notification::Notification;
use crate::ledger::{CheckState, Ledger};

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
        let (check, patience) = ask(&client, ledger.clone(), &subject, &batch).await;
        let stalled: std::collections::HashSet<i64> =
            check.stalled.iter().map(|(id, _)| *id).collect();
        for (id, ..) in &check.checked {
            if !stalled.contains(id) {
                checker.early.remove(id);
            }
        }
        checker.stall(&subject, check.stalled);
        let given_up = checker.ask_later(&subject, check.not_yet, patience);
        let mut checked = check.checked;
        checked.extend(record_checks(ledger, &given_up, |_| (CheckState::NotOurs, None)).await);
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

/// How long a notification waits for its payment (or payout) to be written down: a step, so
/// many times. A sale is written down as soon as the service answers the till that made it; a
/// payout's reference comes with the service's answer to its request, which can take its time.
const PATIENCE_STEP: std::time::Duration = std::time::Duration::from_secs(1);
const PAYMENT_PATIENCE_TRIES: u32 = 5;
const PAYOUT_PATIENCE_TRIES: u32 = 120;

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
