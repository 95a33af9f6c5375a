//! Today's payments as the window shows them. Each created payment is followed by the
//! library's follower (`collections::Follower`) on the runtime, not by frames; its answers come
//! back here on a channel, and it fires the approval alert itself, so it sounds with the window
//! minimized too.

use std::sync::mpsc;

use std::sync::Arc;

use crate::api::Client;
use crate::api::kind::PaymentKind;
use crate::api::{StatusRecord, TransactionStatus};
use crate::collections::{Charge, FollowUpdate, Follower, InBooks, MadeCharge};
use crate::ledger::reconcile::MoneyIn;
use crate::ledger::{Collection, Contradiction, Ledger, MadeBy, ReceivedPayment, now_ms};
use crate::money::Pesos;

use crate::ui::plumbing::bridge::{Bridge, UiError};
use crate::ui::services::alerts::AlertSettings;
use crate::ui::services::announcer::{AboutSale, Announcer};

/// How a payment came to be, for the list.
#[derive(Debug, Clone, PartialEq)]
pub struct TrackedPayment {
    pub reference: String,
    /// What was created (a payment link, a Nequi charge, a static QR...).
    pub kind: PaymentKind,
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
    /// A code that takes payment after payment (a static QR on the counter, a Bre-B key):
    /// an approval does not end it, and each payment is counted.
    pub repeatable: bool,
    /// Until when such a code takes payments (ms since the epoch).
    pub open_until: Option<i64>,
    /// Today's payments of such a code, oldest first.
    pub received: Vec<ReceivedPayment>,
    /// Who made the sale, at which till.
    pub made_by: MadeBy,
    /// The service's id of the payment resource, when it named one.
    pub resource_id: Option<String>,
    /// Answers that contradicted the final state the books keep: shown for review, never
    /// applied.
    pub contradictions: Vec<Contradiction>,
}

impl TrackedPayment {
    pub fn new(
        reference: String,
        kind: PaymentKind,
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
            repeatable: false,
            open_until: None,
            received: Vec::new(),
            made_by: MadeBy::default(),
            resource_id: None,
            contradictions: Vec::new(),
        }
    }

    /// A sale just made, as the list shows it until the service says more.
    pub fn of_sale(sale: &Charge) -> Self {
        let made = &sale.payment;
        TrackedPayment {
            description: made.description.clone(),
            created: crate::clock::shown_time(made.created_at),
            created_ms: made.created_at,
            repeatable: made.repeatable,
            open_until: made.open_until,
            made_by: made.made_by.clone(),
            resource_id: made.resource_id.clone(),
            ..TrackedPayment::new(
                made.reference.clone(),
                made.kind.clone(),
                made.amount,
                made.reference1.clone(),
                made.url.clone(),
            )
        }
    }

    /// The payment as the books keep it, for its follower to write down and apply answers to.
    fn collection(&self) -> Collection {
        Collection {
            reference: self.reference.clone(),
            kind: self.kind.clone(),
            amount: self.amount,
            reference1: self.reference1.clone(),
            url: self.url.clone(),
            created_at: self.created_ms,
            status: None,
            description: self.description.clone(),
            repeatable: self.repeatable,
            open_until: self.open_until,
            made_by: self.made_by.clone(),
            resource_id: self.resource_id.clone(),
        }
    }

    /// For a code that takes payment after payment, while it takes them: how many it took
    /// today (what its badge says).
    pub fn taking(&self) -> Option<usize> {
        self.takes_payments(crate::ledger::now_ms())
            .then_some(self.received.len())
    }

    /// A sale that reached its final state (approved, rejected, failed, expired): nothing more
    /// will happen to it. A code that takes many payments is never over this way.
    pub fn sale_is_over(&self) -> bool {
        !self.repeatable && self.status.is_some_and(TransactionStatus::is_final)
    }

    /// A code that takes payments, still taking them at `now_ms`.
    pub fn takes_payments(&self, now_ms: i64) -> bool {
        let closed = self
            .status
            .is_some_and(|status| status.is_final() && status != TransactionStatus::Approved);
        self.repeatable && !closed && self.open_until.is_none_or(|until| until > now_ms)
    }

    /// What this payment adds to today's approved money: each payment of a code that takes
    /// many; an approved payment's amount; nothing otherwise.
    pub fn approved_amount(&self) -> Option<Pesos> {
        if self.repeatable {
            return Pesos::sum_of(self.received.iter().filter_map(|payment| payment.amount));
        }
        (self.status == Some(TransactionStatus::Approved))
            .then(|| self.amount())
            .flatten()
    }

    /// The amount a person reads on the list: a code's payments so far, else the payment's.
    pub fn shown_amount(&self) -> Option<Pesos> {
        if self.repeatable {
            return self.approved_amount();
        }
        self.amount()
    }

    /// Adds a payment of this code unless it is known already; true when it was new.
    pub fn add_received(&mut self, payment: ReceivedPayment) -> bool {
        let known = self
            .received
            .iter()
            .any(|seen| seen.provider_reference == payment.provider_reference);
        if !known {
            self.received.push(payment);
        }
        !known
    }

    /// An answer that contradicted the final state, unless the same was seen already.
    pub fn add_contradiction(&mut self, contradiction: Contradiction) {
        if !self
            .contradictions
            .iter()
            .any(|seen| seen.answered == contradiction.answered)
        {
            self.contradictions.push(contradiction);
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
    announcer: Announcer,
    store: Option<TrackerStore>,
    /// The payment on the customer screen: its follower asks every second, whatever its age.
    on_screen: tokio::sync::watch::Sender<Option<String>>,
    /// The profile's methods: what each kind of payment is called.
    pub catalog: crate::api::catalog::MethodCatalog,
    /// Who is at this till now: each sale made here carries it.
    at_till: MadeBy,
    /// Today's money as the books hold it (the close's own sum of the same rows), once read:
    /// what Estado de pagos and Saldo show, so they agree with Cuadre del día.
    pub day_money: Option<MoneyIn>,
    /// Today's sales as the books hold them, whatever paid them (Estado de pagos' list).
    pub sales: super::sales::DaySales,
}

/// A final state that just arrived, or one more payment of a code that takes many: the banner
/// everyone in the shop sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ended {
    pub reference: String,
    pub status: TransactionStatus,
    pub amount: Option<Pesos>,
    /// Which of a code's payments this is (its provider reference); `None` for a payment's end.
    pub payment: Option<String>,
    /// What was sold: the cashier knows a sale by it, not by its reference.
    pub description: String,
}

impl Ended {
    fn received(code: &TrackedPayment, payment: &ReceivedPayment) -> Ended {
        Ended {
            reference: payment.reference.clone(),
            status: TransactionStatus::Approved,
            amount: payment.amount,
            payment: Some(payment.provider_reference.clone()),
            description: code.description.clone(),
        }
    }
}

impl Tracker {
    pub fn new(alerts: AlertSettings) -> Tracker {
        let (sender, receiver) = mpsc::channel();
        Tracker {
            payments: Vec::new(),
            restore_problem: None,
            sender,
            receiver,
            announcer: Announcer::new(alerts),
            store: None,
            on_screen: tokio::sync::watch::Sender::new(None),
            catalog: crate::api::catalog::MethodCatalog::default(),
            // Its till's name and id are asked at each comparison (`at_till`).
            at_till: MadeBy::default(),
            day_money: None,
            sales: super::sales::DaySales::default(),
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
            self.day_money = None;
            self.sales.clear();
        }
        self.announcer.claim_in(
            store
                .as_ref()
                .map(|store| (store.ledger.clone(), store.profile.clone())),
        );
        self.store = store;
    }

    /// Who is at this till now, and the till by the name it has now (the owner may rename it in
    /// Configuración while the app runs: a sale made after that is still this till's).
    pub fn at_till(&self) -> MadeBy {
        MadeBy {
            cashier: self.at_till.cashier.clone(),
            till: crate::ledger::activity::this_till(),
            till_id: self
                .store
                .as_ref()
                .map(|store| store.ledger.till_id().to_owned())
                .unwrap_or_default(),
        }
    }

    /// The cashier at the till changed (empty: nobody named).
    pub fn set_cashier(&mut self, cashier: &str) {
        cashier.clone_into(&mut self.at_till.cashier);
    }

    pub fn alerts(&self) -> &AlertSettings {
        &self.announcer.alerts
    }

    /// Sounds a code's payment that reached the list by another path than this till's own
    /// status checks (the receiver, another till); once, whoever saw it first.
    pub fn announce_received(&self, runtime: &tokio::runtime::Handle, ended: &Ended) {
        if let Some(payment) = &ended.payment {
            let Some(code) = self.find(&ended.reference) else {
                return;
            };
            let sale = AboutSale {
                made_here: code.made_by.same_till(&self.at_till()),
                takes_many: code.repeatable,
            };
            self.announcer
                .once(runtime, &ended.reference, payment, ended.amount, sale);
        }
    }

    /// Adds a payment to the list without following it (restored lists, benchmarks).
    pub fn add(&mut self, payment: TrackedPayment) {
        self.payments.insert(0, payment);
    }

    /// Adds a payment and follows it until a final state (a code that takes many payments: for
    /// as long as it takes them). Its follower writes it down first (a payment looked up, or the
    /// books' own read back).
    pub fn follow(&mut self, bridge: &Bridge, client: Client, payment: TrackedPayment) {
        let collection = payment.collection();
        self.follow_in_books(bridge, client, payment, (collection, false));
    }

    /// A sale made at this till (`collections::make_charge`): in the list and followed. The sale
    /// wrote itself down; its follower writes it only where the books could not keep it then.
    pub fn follow_sale(&mut self, bridge: &Bridge, client: Client, made: &MadeCharge) {
        if let InBooks::NotWritten(error) = &made.books {
            let reference = crate::untrusted::ForLog(&made.sale.payment.reference);
            tracing::error!(%error, %reference, "the books could not keep a sale the service made");
        }
        let recorded = matches!(made.books, InBooks::Written(_));
        let payment = TrackedPayment::of_sale(&made.sale);
        self.follow_in_books(
            bridge,
            client,
            payment,
            (made.sale.payment.clone(), recorded),
        );
    }

    /// Follows `payment` as the books keep it (`recorded`: already written down).
    fn follow_in_books(
        &mut self,
        bridge: &Bridge,
        client: Client,
        payment: TrackedPayment,
        (collection, recorded): (Collection, bool),
    ) {
        let reference = payment.reference.clone();
        if let Some(existing) = self.payments.iter().position(|p| p.reference == reference) {
            self.payments.remove(existing);
        }
        let mut follower = Follower::new(
            self.store
                .as_ref()
                .map(|store| (store.ledger.clone(), store.profile.clone())),
            collection,
        );
        follower.recorded = recorded;
        follower.seen = payment
            .received
            .iter()
            .map(|seen| seen.provider_reference.clone())
            .collect();
        follower.watched = Some(self.on_screen.subscribe());
        let sender = self.sender.clone();
        let ctx = bridge.ctx().clone();
        let announcer = self.announcer.clone();
        let repeatable = payment.repeatable;
        let sale = AboutSale {
            made_here: payment.made_by.same_till(&self.at_till()),
            takes_many: repeatable,
        };
        self.add(payment);
        let mut told = crate::ui::plumbing::follow_news::LastTold::default();
        bridge.runtime().spawn(follower.run(client, move |update| {
            // The books' state, not the answer's: an approval that contradicts a refusal the
            // books keep is not announced.
            let approved_now = update.received.is_some()
                || (!repeatable
                    && update.result.as_ref().is_ok_and(|record| {
                        update.books.unwrap_or(record.status) == TransactionStatus::Approved
                    }));
            let received = update.received.clone();
            let reference = update.reference.clone();
            // What is said and shown is the service's figure, never the one asked for (an open
            // amount was typed by the payer; a mistyped one would be said as money).
            let amount = update
                .result
                .as_ref()
                .ok()
                .and_then(StatusRecord::amount_pesos);
            let news = told.is_news(&update.result, update.received.is_some());
            if sender.send(update).is_err() {
                return false; // the app has closed: nobody is watching any more
            }
            // An answer like the last waits in the channel for the next frame, whenever that is.
            if news {
                ctx.request_repaint();
            }
            if approved_now {
                announcer.approved(&reference, received.as_ref(), amount, sale);
            }
            true
        }));
    }

    /// Takes the followers' news; returns the payments that just reached a final state and the
    /// payments codes just took.
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
            if let Some(received) = update.received
                && payment.add_received(received.clone())
            {
                ended.push(Ended::received(payment, &received));
            }
            match update.result {
                Ok(record) => {
                    let before = payment.status;
                    if let Some(held) = update.contradicted {
                        payment.add_contradiction(Contradiction {
                            reference: payment.reference.clone(),
                            held,
                            answered: record.status,
                            answered_amount: record.amount_pesos(),
                            seen_at: now_ms(),
                        });
                    }
                    // A final state is never left (docs/decisions.md): a code that takes many
                    // payments shows "processing" again while the next one goes through, and an
                    // answer that says otherwise leaves the final one's figures as they were.
                    let kept = before.filter(|held| held.is_final());
                    let held = update.books.unwrap_or(record.status);
                    if kept.is_none() {
                        payment.status = Some(held);
                    }
                    if kept.unwrap_or(held) == record.status {
                        payment.record = Some(record);
                    }
                    payment.problem = None;
                    ended.extend(newly_final(payment, before));
                }
                Err(error) => payment.problem = Some(UiError::from(error).message),
            }
        }
        ended
    }

    /// The service's status learned another way (a confirmed webhook); the final state it
    /// just reached, if any. A final state is never left (docs/decisions.md), so a late or repeated
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

    /// Payments codes took, as the ledger has them (another till, the receiver, or a restart);
    /// those not shown yet.
    pub fn merge_received(&mut self, received: Vec<ReceivedPayment>) -> Vec<Ended> {
        let mut new = Vec::new();
        for payment in received {
            // A sale's one payment is its approval, which its state already tells (and its
            // follower announced): only a code that takes many has payments to add.
            if let Some(code) = self
                .payments
                .iter_mut()
                .find(|p| p.reference == payment.reference && p.repeatable)
                && code.add_received(payment.clone())
            {
                new.push(Ended::received(code, &payment));
            }
        }
        new
    }

    /// A payment's kind in words, in the language in use.
    pub fn kind_words(&self, payment: &TrackedPayment) -> String {
        payment.kind.words(&self.catalog)
    }

    pub fn find(&self, reference: &str) -> Option<&TrackedPayment> {
        self.payments.iter().find(|p| p.reference == reference)
    }

    pub fn find_mut(&mut self, reference: &str) -> Option<&mut TrackedPayment> {
        self.payments.iter_mut().find(|p| p.reference == reference)
    }

    /// How many payments today's list holds: each payment a code took counts, not the code.
    pub fn payment_count(&self) -> usize {
        self.payments
            .iter()
            .map(|payment| {
                if payment.repeatable {
                    payment.received.len()
                } else {
                    1
                }
            })
            .sum()
    }

    /// The sum of today's approved collections: what payers paid. Drawn every frame on the
    /// Status panel, so it reads no text. The books' figure once read (the close's); the list's
    /// own sum only where there are no books (a panel drawn on its own, in tests).
    pub fn approved_total(&self) -> Pesos {
        if let Some(money) = self.day_money {
            return money.totals.gross;
        }
        Pesos::sum_of(
            self.payments
                .iter()
                .filter_map(TrackedPayment::approved_amount),
        )
        .unwrap_or(Pesos::ZERO)
    }

    /// Today's approved collections: what payers paid (gross), the fees the service's status
    /// checks reported, and what the shop receives (net). Fee and net count only the payments
    /// whose fee is known; the last value says how many those are.
    pub fn approved_figures(&self) -> (Pesos, Pesos, Pesos, usize) {
        if let Some(money) = self.day_money {
            let totals = money.totals;
            return (totals.gross, totals.fee, totals.net, money.with_fee);
        }
        let add = |total: Pesos, value: Option<Pesos>| {
            value
                .and_then(|value| total.checked_add(value))
                .unwrap_or(total)
        };
        let mut totals = (Pesos::ZERO, Pesos::ZERO, Pesos::ZERO, 0);
        let mut count = |gross: Option<Pesos>, fee: Option<Pesos>| {
            totals.0 = add(totals.0, gross);
            if let (Some(gross), Some(fee)) = (gross, fee) {
                totals.1 = add(totals.1, Some(fee));
                totals.2 = add(totals.2, gross.checked_sub(fee));
                totals.3 += 1;
            }
        };
        for payment in &self.payments {
            if payment.repeatable {
                for received in &payment.received {
                    count(received.amount, received.fee);
                }
            } else if payment.status == Some(TransactionStatus::Approved) {
                let record = payment.record.as_ref();
                count(
                    record
                        .and_then(StatusRecord::amount_pesos)
                        .or(payment.amount),
                    record.and_then(|record| Pesos::parse_service_rounded(&record.cost)),
                );
            }
        }
        totals
    }
}

/// A code's approval is said payment by payment (each with its own amount), not as its end.
fn newly_final(payment: &TrackedPayment, before: Option<TransactionStatus>) -> Option<Ended> {
    let status = payment.status?;
    let announced = status.is_final() && before != Some(status);
    (announced && !(payment.repeatable && status == TransactionStatus::Approved)).then(|| Ended {
        reference: payment.reference.clone(),
        status,
        amount: payment.amount(),
        payment: None,
        description: payment.description.clone(),
    })
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
                PaymentKind::Link,
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

    fn answer(status: &str) -> StatusRecord {
        serde_json::from_value(serde_json::json!({
            "id": "1", "cost": "", "status": status, "date": "", "providerReference": "",
            "amount": "$ 9.000", "description": null, "paymentMethod": null
        }))
        .unwrap()
    }

    /// The list shows the books' state: a lagging "pending" that the books kept approved (the
    /// receiver wrote the approval before this till's follower heard it) never shows pending,
    /// is said as a contradiction, and the banner says approved once.
    #[test]
    fn the_list_shows_the_books_state_not_a_contradicting_answer() {
        let mut tracker = Tracker::new(AlertSettings::new(false, false));
        tracker.add(TrackedPayment::new(
            "R1".into(),
            PaymentKind::Link,
            Some(Pesos::new(25_000)),
            "R1".into(),
            String::new(),
        ));
        tracker
            .sender
            .send(FollowUpdate {
                reference: "R1".into(),
                result: Ok(answer("1")),
                received: None,
                contradicted: Some(TransactionStatus::Approved),
                books: Some(TransactionStatus::Approved),
            })
            .unwrap();
        let ended = tracker.drain();
        let sale = tracker.find("R1").unwrap();
        assert_eq!(sale.status, Some(TransactionStatus::Approved));
        assert_eq!(
            sale.record, None,
            "the contradicting answer's figures are not the sale's"
        );
        assert_eq!(sale.contradictions.len(), 1);
        assert_eq!(sale.contradictions[0].answered, TransactionStatus::Pending);
        assert_eq!(ended.len(), 1);
        assert_eq!(ended[0].status, TransactionStatus::Approved);
    }
}
