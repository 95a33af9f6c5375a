//! Today's payments and their live states. Each created payment is followed by a task on the
//! runtime (not by frames): it polls `/payment/status` with backoff until a final state, so it
//! goes on while the window is minimized, and it fires the approval alert itself.

use std::sync::mpsc;

use std::sync::Arc;

use crate::api::Client;
use crate::api::family_b::{StatusRecord, TransactionStatus};
use crate::follow;
use crate::ledger::{Collection, Ledger, now_ms};
use crate::money::Pesos;

use super::alerts::{self, AlertSettings};
use super::bridge::{Bridge, UiError};

/// How a payment came to be, for the list.
#[derive(Debug, Clone, PartialEq)]
pub struct TrackedPayment {
    pub reference: String,
    /// "Payment link", "Nequi", "Static QR"...
    pub kind: String,
    pub amount: Option<Pesos>,
    pub reference1: String,
    pub url: String,
    /// What was sold, as typed in the sale form.
    pub description: String,
    /// Local time of creation, `HH:MM`.
    pub created: String,
    /// When it was created (ms since the epoch): a second link for the same amount soon after
    /// asks first.
    pub created_ms: i64,
    pub status: Option<TransactionStatus>,
    pub record: Option<StatusRecord>,
    /// The last polling problem, shown until the next good answer.
    pub problem: Option<String>,
}

impl TrackedPayment {
    pub fn new(
        reference: String,
        kind: String,
        amount: Option<Pesos>,
        reference1: String,
        url: String,
    ) -> Self {
        TrackedPayment {
            reference,
            kind,
            amount,
            reference1,
            url,
            description: String::new(),
            created: local_time_now(),
            created_ms: now_ms(),
            status: Some(TransactionStatus::Pending),
            record: None,
            problem: None,
        }
    }

    /// The amount the service reports, else the one we asked for.
    pub fn amount(&self) -> Option<Pesos> {
        self.record
            .as_ref()
            .and_then(StatusRecord::amount_pesos)
            .or(self.amount)
    }
}

pub fn local_time_now() -> String {
    crate::clock::shown_time(now_ms())
}

#[derive(Debug)]
pub struct FollowUpdate {
    pub reference: String,
    pub result: Result<StatusRecord, UiError>,
}

/// Where followed payments are written down, so reconciliation knows what was collected and a
/// restart finds today's list again.
#[derive(Clone)]
pub struct TrackerStore {
    pub ledger: Arc<Ledger>,
    pub profile: String,
}

pub struct Tracker {
    /// Newest first.
    pub payments: Vec<TrackedPayment>,
    /// Why today's earlier payments are missing from the list, when the ledger could not be read.
    pub restore_problem: Option<String>,
    sender: mpsc::Sender<FollowUpdate>,
    receiver: mpsc::Receiver<FollowUpdate>,
    alerts: AlertSettings,
    store: Option<TrackerStore>,
    /// The payment on the customer screen: its follower asks every second, whatever its age.
    on_screen: tokio::sync::watch::Sender<Option<String>>,
}

/// How often the payment a customer is looking at is asked about.
const ON_SCREEN_INTERVAL: std::time::Duration = std::time::Duration::from_secs(1);

/// A final state that just arrived, for the banner everyone in the shop sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ended {
    pub reference: String,
    pub status: TransactionStatus,
}

impl Tracker {
    pub fn new(alerts: AlertSettings) -> Tracker {
        let (sender, receiver) = mpsc::channel();
        Tracker {
            payments: Vec::new(),
            restore_problem: None,
            sender,
            receiver,
            alerts,
            store: None,
            on_screen: tokio::sync::watch::Sender::new(None),
        }
    }

    /// The payment shown to the customer (or none): its follower asks at once and then every
    /// second, so the screen turns within a few seconds even without a webhook.
    pub fn show_on_screen(&self, reference: Option<String>) {
        self.on_screen.send_replace(reference);
    }

    /// Today's list belongs to one profile: another profile starts from its own (restored from
    /// the ledger); followers of the old list find nothing to update and stop mattering.
    pub fn set_store(&mut self, store: Option<TrackerStore>) {
        let same_profile = match (&self.store, &store) {
            (Some(old), Some(new)) => old.profile == new.profile,
            _ => false,
        };
        if !same_profile && self.store.is_some() {
            self.payments.clear();
        }
        self.store = store;
    }

    pub fn alerts(&self) -> &AlertSettings {
        &self.alerts
    }

    /// Adds a payment to the list without following it (restored lists, benchmarks).
    pub fn add(&mut self, payment: TrackedPayment) {
        self.payments.insert(0, payment);
    }

    /// Adds a payment and follows it until a final state.
    pub fn follow(&mut self, bridge: &Bridge, client: Client, payment: TrackedPayment) {
        let reference = payment.reference.clone();
        let amount = payment.amount;
        if let Some(existing) = self.payments.iter().position(|p| p.reference == reference) {
            self.payments.remove(existing);
        }
        let store = self.store.clone();
        if let Some(store) = &store {
            let collection = Collection {
                reference: payment.reference.clone(),
                kind: payment.kind.clone(),
                amount: payment.amount,
                reference1: payment.reference1.clone(),
                url: payment.url.clone(),
                created_at: payment.created_ms,
                status: None,
                description: payment.description.clone(),
            };
            let store = store.clone();
            bridge.runtime().spawn_blocking(move || {
                if let Err(error) = store.ledger.record_collection(&store.profile, &collection) {
                    tracing::error!(%error, "could not record a collection");
                }
            });
        }
        self.add(payment);
        let sender = self.sender.clone();
        let ctx = bridge.ctx().clone();
        let alerts = self.alerts.clone();
        let runtime = bridge.runtime().clone();
        let mut on_screen = self.on_screen.subscribe();
        bridge.runtime().spawn(async move {
            let following = follow::Following::start(None);
            let ended = loop {
                let result = client.payment_status(&reference).await;
                let status = result.as_ref().ok().map(|reply| reply.value.status);
                let service_amount = result
                    .as_ref()
                    .ok()
                    .and_then(|reply| reply.value.amount_pesos());
                if let (Some(status), Some(store)) = (status, &store) {
                    let store = store.clone();
                    let recorded_reference = reference.clone();
                    let recorded = tokio::task::spawn_blocking(move || {
                        store
                            .ledger
                            .record_collection_status(
                                &recorded_reference,
                                status.id(),
                                service_amount,
                            )
                    })
                    .await;
                    match recorded {
                        Ok(Ok(())) => {}
                        Ok(Err(error)) => {
                            tracing::error!(%error, %reference, "could not record a payment's status");
                        }
                        Err(error) => tracing::error!(%error, "the ledger task failed"),
                    }
                }
                let update = FollowUpdate {
                    reference: reference.clone(),
                    result: result.map(|reply| reply.value).map_err(UiError::from),
                };
                if sender.send(update).is_err() {
                    return; // the app has closed: nobody is watching any more
                }
                ctx.request_repaint();
                if let Some(status) = status.filter(|status| status.is_final()) {
                    break status;
                }
                wait_for_next_question(&following, &mut on_screen, &reference).await;
            };
            if ended == TransactionStatus::Approved {
                let title = crate::t!("alert-title");
                let body = match amount {
                    Some(amount) => crate::t!(
                        "alert-approved-amount",
                        amount = amount.to_string(),
                        reference = reference.as_str()
                    ),
                    None => crate::t!("alert-approved", reference = reference.as_str()),
                };
                runtime.spawn_blocking(move || alerts::announce(&alerts, &title, &body));
            }
        });
    }

    /// Takes the followers' news; returns the payments that just reached a final state.
    pub fn drain(&mut self) -> Vec<Ended> {
        let mut ended = Vec::new();
        while let Ok(update) = self.receiver.try_recv() {
            let Some(payment) = self
                .payments
                .iter_mut()
                .find(|p| p.reference == update.reference)
            else {
                continue;
            };
            match update.result {
                Ok(record) => {
                    let before = payment.status;
                    payment.status = Some(record.status);
                    payment.record = Some(record);
                    payment.problem = None;
                    ended.extend(newly_final(payment, before));
                }
                Err(error) => payment.problem = Some(error.message),
            }
        }
        ended
    }

    /// The service's status learned another way (a confirmed webhook); the final state it
    /// just reached, if any. A final state is never left (DESIGN.md), so a late or repeated
    /// notification changes nothing.
    pub fn apply_status(&mut self, reference: &str, status: TransactionStatus) -> Option<Ended> {
        let payment = self
            .payments
            .iter_mut()
            .find(|p| p.reference == reference)?;
        let before = payment.status;
        if before.is_some_and(TransactionStatus::is_final) {
            return None;
        }
        payment.status = Some(status);
        newly_final(payment, before)
    }

    pub fn find(&self, reference: &str) -> Option<&TrackedPayment> {
        self.payments.iter().find(|p| p.reference == reference)
    }

    /// The sum of today's approved collections: what payers paid. Drawn every frame on the
    /// Status panel, so it reads no text.
    pub fn approved_total(&self) -> Pesos {
        self.payments
            .iter()
            .filter(|p| p.status == Some(TransactionStatus::Approved))
            .filter_map(TrackedPayment::amount)
            .fold(Pesos::ZERO, |total, amount| {
                total.checked_add(amount).unwrap_or(total)
            })
    }

    /// Today's approved collections: what payers paid (gross), the fees the service's status
    /// checks reported, and what the shop receives (net). Fee and net count only the payments
    /// whose fee is known; the last value says how many those are.
    pub fn approved_figures(&self) -> (Pesos, Pesos, Pesos, usize) {
        let add = |total: Pesos, value: Option<Pesos>| {
            value
                .and_then(|value| total.checked_add(value))
                .unwrap_or(total)
        };
        let mut totals = (Pesos::ZERO, Pesos::ZERO, Pesos::ZERO, 0);
        for payment in self
            .payments
            .iter()
            .filter(|p| p.status == Some(TransactionStatus::Approved))
        {
            let gross = payment
                .record
                .as_ref()
                .and_then(|record| record.amount_pesos())
                .or(payment.amount);
            let fee = payment
                .record
                .as_ref()
                .and_then(|record| Pesos::parse_service_rounded(&record.cost));
            totals.0 = add(totals.0, gross);
            if let (Some(gross), Some(fee)) = (gross, fee) {
                totals.1 = add(totals.1, Some(fee));
                totals.2 = add(totals.2, gross.checked_sub(fee));
                totals.3 += 1;
            }
        }
        totals
    }
}

fn newly_final(payment: &TrackedPayment, before: Option<TransactionStatus>) -> Option<Ended> {
    let status = payment.status?;
    (status.is_final() && before != Some(status)).then(|| Ended {
        reference: payment.reference.clone(),
        status,
    })
}

/// Waits by the following's policy, or less: a payment the customer is looking at is asked
/// about at once and then every second.
async fn wait_for_next_question(
    following: &follow::Following,
    on_screen: &mut tokio::sync::watch::Receiver<Option<String>>,
    reference: &str,
) {
    let shown = |on_screen: &tokio::sync::watch::Receiver<Option<String>>| {
        on_screen.borrow().as_deref() == Some(reference)
    };
    if shown(on_screen) {
        tokio::time::sleep(ON_SCREEN_INTERVAL).await;
        return;
    }
    tokio::select! {
        _ = following.wait() => {}
        changed = on_screen.changed() => {
            if changed.is_err() {
                // The app has gone; nobody will put a payment on screen any more.
                following.wait().await;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_only_approved_payments() {
        let mut tracker = Tracker::new(AlertSettings::new(false, false));
        for (reference, amount, status) in [
            ("A", 10_000, TransactionStatus::Approved),
            ("B", 5_000, TransactionStatus::Pending),
            ("C", 2_500, TransactionStatus::Approved),
        ] {
            let mut payment = TrackedPayment::new(
                reference.into(),
                "Payment link".into(),
                Some(Pesos::new(amount)),
                reference.into(),
                String::new(),
            );
            payment.status = Some(status);
            tracker.add(payment);
        }
        assert_eq!(tracker.approved_total(), Pesos::new(12_500));
        assert_eq!(tracker.payments[0].reference, "C", "newest first");
        // Once a status check reports the fee, the shop sees what it receives.
        tracker.payments[0].record = Some(
            serde_json::from_value(serde_json::json!({
                "id": "1", "cost": "$ 974", "status": "2", "date": "", "providerReference": "",
                "amount": "$ 2.500", "description": null, "paymentMethod": null
            }))
            .unwrap(),
        );
        assert_eq!(
            tracker.approved_figures(),
            (Pesos::new(12_500), Pesos::new(974), Pesos::new(1_526), 1)
        );
    }
}
