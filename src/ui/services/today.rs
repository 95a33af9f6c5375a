//! Today's payments from the ledger: put back in the list after a start or a profile switch,
//! and, on a shared ledger, read again whenever another till or the receiver writes (the
//! ledger's LISTEN/NOTIFY notices), so a sale made at one till and its approval show at every
//! till.

use std::sync::Arc;

use tokio::sync::mpsc::UnboundedReceiver;

use crate::ledger::{Collection, Ledger, LedgerError, LedgerEvent, ReceivedPayment};
use crate::t;

use crate::ui::navigation::Panel;
use crate::ui::plumbing::bridge::{Bridge, Task};
use crate::ui::plumbing::news::News;
use crate::ui::services::sales::Followed;
use crate::ui::services::session::Session;
use crate::ui::services::tracker::{Ended, TrackedPayment, Tracker};

/// Listening to a shared ledger: the ledger heard, and what it says.
struct LedgerFollow {
    ledger: Arc<Ledger>,
    events: UnboundedReceiver<LedgerEvent>,
}

#[derive(Default)]
pub struct TodayFromLedger {
    reading: Option<Task<Result<TodayRead, LedgerError>>>,
    /// Whether the payments a read finds unfinished are followed from here: yes after a start
    /// (they are this till's, or nobody follows them); no for another till's new sale, which its
    /// own till follows and the shared ledger brings here.
    follow_unfinished: bool,
    /// While `follow_unfinished`: when the read after the start (or the switch) was asked, in
    /// milliseconds. A code's payment received from then on is news even though that read
    /// brings it (the receiver or another till wrote it while this till was starting).
    news_from: i64,
    /// Another read was asked for while one ran.
    read_again: bool,
    follow: Option<LedgerFollow>,
    /// The shared ledger went away (its host), until it comes back.
    away: Option<String>,
    /// Today's sales are to be read again (`Tracker::sales`) at the next `logic`.
    sales_stale: bool,
}

/// What a read of the ledger finds for today's list.
struct TodayRead {
    /// Today's payments, newest first, then the older codes that still take payments.
    collections: Vec<Collection>,
    /// What was received today (a sale's payment, each of a code's).
    received: Vec<ReceivedPayment>,
    /// Answers that contradicted a final state today.
    contradictions: Vec<crate::ledger::Contradiction>,
}

/// The payments a read brings that are news (reference, provider reference): after a start
/// (`after_start`) only those received since `news_from`, as the day's earlier ones are not;
/// on later reads, all (another till's or the receiver's).
fn news_since(
    received: &[ReceivedPayment],
    after_start: bool,
    news_from: i64,
) -> std::collections::HashSet<(String, String)> {
    received
        .iter()
        .filter(|payment| !after_start || payment.received_at >= news_from)
        .map(|payment| {
            (
                payment.reference.clone(),
                payment.provider_reference.clone(),
            )
        })
        .collect()
}

/// What else the notices asked to be read again, and the payments the books saw end (moved on
/// by another till or the receiver, or money come in) for the banners.
#[derive(Debug, Default, Clone)]
pub struct LedgerNews {
    pub notifications: bool,
    pub payouts: bool,
    /// A PIN or a cashier changed at another till.
    pub people: bool,
    /// A drawer changed at another till (or the command line on a shared ledger).
    pub cash: bool,
    /// A customer's tab changed at another till (or the command line on a shared ledger).
    pub tab: bool,
    /// A sale, a part or a return of one was written at another till (or by the receiver, or
    /// the command line), or the frequent items changed.
    pub sales: bool,
    pub ended: Vec<Ended>,
}

impl TodayFromLedger {
    /// The host of a shared ledger that cannot be reached right now.
    pub fn away(&self) -> Option<&String> {
        self.away.as_ref()
    }

    /// Reads today's payments (unless a read is under way: then once more after it). After a
    /// start or a switch (`follow_unfinished`), what codes receive from now on is news.
    pub fn restore(&mut self, bridge: &Bridge, session: &Session, follow_unfinished: bool) {
        if follow_unfinished {
            self.news_from = crate::ledger::now_ms();
        }
        self.sales_stale = true;
        self.read(bridge, session, follow_unfinished);
    }

    fn read(&mut self, bridge: &Bridge, session: &Session, follow_unfinished: bool) {
        if self.reading.is_some() {
            self.read_again = true;
            self.follow_unfinished |= follow_unfinished;
            return;
        }
        let Ok(ledger) = session.ledger.clone() else {
            return;
        };
        self.follow_unfinished = follow_unfinished;
        let profile = session.profile_name().to_owned();
        self.reading = Some(bridge.spawn_blocking(move || {
            let today = crate::ledger::reconcile::today();
            let (from, to) = crate::ledger::reconcile::bounds(today, today);
            let mut collections = ledger.collections_between(Some(&profile), from, to)?;
            collections.extend(ledger.open_codes(&profile, from, crate::ledger::now_ms())?);
            Ok(TodayRead {
                collections,
                received: ledger.received_between(Some(&profile), from, to)?,
                contradictions: ledger.contradictions_between(Some(&profile), from, to)?,
            })
        }));
    }

    /// Today's money is read again from the books (the close's rows and sum), so Estado de
    /// pagos and Saldo say what Cuadre del día says: when a payment ended, the receiver
    /// confirmed a notification, or a person turned to a panel that shows it.
    pub fn follow_day_money(
        &mut self,
        bridge: &Bridge,
        session: &Session,
        news: &[News],
        turned_to: Option<Panel>,
    ) {
        let moved = news.iter().any(|item| {
            matches!(
                item,
                News::PaymentEnded { .. }
                    | News::Notification {
                        confirmed: Some(_),
                        ..
                    }
            )
        });
        if moved || turned_to.is_some_and(Panel::shows_the_days_money) {
            self.read(bridge, session, false);
            self.sales_stale = true;
        }
        // A panel's write at this till (told with `AppAction::Tell`) or another's: a cash sale, a
        // tab taken or a return of a part changes today's sales and their figures.
        if news.iter().any(|item| {
            matches!(
                item,
                News::Cash | News::Tab | News::Books { payouts: true, .. } | News::Connected { .. }
            )
        }) {
            self.sales_stale = true;
        }
    }

    /// Listens to the session's ledger when it is a shared one (once per ledger). The notices
    /// come on the ledger's own runtime; each wakes the UI.
    pub fn listen(&mut self, bridge: &Bridge, session: &Session) {
        let ledger = match &session.ledger {
            Ok(ledger) if ledger.is_shared() => ledger,
            _ => {
                self.follow = None;
                self.away = None;
                return;
            }
        };
        if self
            .follow
            .as_ref()
            .is_some_and(|follow| Arc::ptr_eq(&follow.ledger, ledger))
        {
            return;
        }
        let (heard, mut from_ledger) = tokio::sync::mpsc::unbounded_channel();
        let (to_ui, events) = tokio::sync::mpsc::unbounded_channel();
        ledger.listen(heard);
        let ctx = bridge.ctx().clone();
        bridge.runtime().spawn(async move {
            while let Some(event) = from_ledger.recv().await {
                if to_ui.send(event).is_err() {
                    return;
                }
                ctx.request_repaint();
            }
        });
        self.follow = Some(LedgerFollow {
            ledger: ledger.clone(),
            events,
        });
    }

    /// Takes what other tills and the receiver wrote, and puts back what a read found.
    pub fn logic(
        &mut self,
        bridge: &Bridge,
        session: &Arc<Session>,
        tracker: &mut Tracker,
    ) -> LedgerNews {
        let mut news = self.hear(bridge, session);
        self.put_back(bridge, session, tracker, &mut news.ended);
        // Whatever another till or the receiver wrote may be a sale, a part or a return of one.
        if news.sales || news.cash || news.tab || news.payouts || !news.ended.is_empty() {
            self.sales_stale = true;
        }
        self.follow_sales(bridge, session, tracker);
        news
    }

    /// Today's sales: read again when asked, their rows made again when a read came or the
    /// followed charges changed.
    fn follow_sales(&mut self, bridge: &Bridge, session: &Session, tracker: &mut Tracker) {
        if std::mem::take(&mut self.sales_stale) {
            tracker.sales.refresh();
        }
        if !tracker.sales.logic(bridge, session, tracker.payments.len()) {
            return;
        }
        let followed: Vec<Followed<'_>> = tracker
            .payments
            .iter()
            .map(|payment| Followed {
                reference: &payment.reference,
                reference1: &payment.reference1,
                description: &payment.description,
                kind: payment.kind.words(&tracker.catalog),
                amount: payment.shown_amount(),
                created_ms: payment.created_ms,
                repeatable: payment.repeatable,
                cashier: &payment.made_by.cashier,
            })
            .collect();
        tracker.sales.build(&followed, &tracker.catalog);
    }

    fn hear(&mut self, bridge: &Bridge, session: &Session) -> LedgerNews {
        let mut news = LedgerNews::default();
        let Some(follow) = &mut self.follow else {
            return news;
        };
        let mut payments_changed = false;
        while let Ok(event) = follow.events.try_recv() {
            match event {
                LedgerEvent::Collection(_) | LedgerEvent::Received(_) => {
                    payments_changed = true;
                    self.sales_stale = true;
                }
                LedgerEvent::Contradiction(_) => payments_changed = true,
                LedgerEvent::NotificationStored(_) | LedgerEvent::NotificationChecked(_) => {
                    news.notifications = true;
                }
                LedgerEvent::Payout(_) => news.payouts = true,
                LedgerEvent::People => news.people = true,
                LedgerEvent::Cash => news.cash = true,
                LedgerEvent::Tab => news.tab = true,
                LedgerEvent::Sale => news.sales = true,
                LedgerEvent::Reachable(true) => {
                    // Whatever was written while it was away was not heard: read it all again.
                    self.away = None;
                    payments_changed = true;
                    news.notifications = true;
                    news.payouts = true;
                    news.people = true;
                    news.cash = true;
                    news.tab = true;
                    news.sales = true;
                }
                LedgerEvent::Reachable(false) => {
                    self.away = Some(follow.ledger.host().unwrap_or_default().to_owned());
                }
            }
        }
        if payments_changed {
            self.read(bridge, session, false);
        }
        news
    }

    fn put_back(
        &mut self,
        bridge: &Bridge,
        session: &Session,
        tracker: &mut Tracker,
        ended: &mut Vec<Ended>,
    ) {
        let Some(task) = &self.reading else {
            return;
        };
        let Some(read) = task.poll() else {
            return;
        };
        self.reading = None;
        // An unreadable ledger is said where today's list is, never shown as an empty day.
        match read {
            Ok(read) => {
                tracker.restore_problem = None;
                // The same rows and the same sum as the day's close: one figure everywhere.
                tracker.day_money = Some(crate::ledger::reconcile::MoneyIn::of(&read.received));
                self.merge(bridge, session, tracker, ended, read.collections);
                for contradiction in read.contradictions {
                    if let Some(payment) = tracker.find_mut(&contradiction.reference) {
                        payment.add_contradiction(contradiction);
                    }
                }
                let fresh = news_since(&read.received, self.follow_unfinished, self.news_from);
                let new = tracker.merge_received(read.received);
                for received in new {
                    let payment = (
                        received.reference.clone(),
                        received.payment.clone().unwrap_or_default(),
                    );
                    if fresh.contains(&payment) {
                        tracker.announce_received(bridge.runtime(), &received);
                        ended.push(received);
                    }
                }
            }
            Err(error) => {
                // Said where today's list is; what the ledger said is logged once, here.
                let problem = crate::i18n::Problem::of(&error);
                tracker.restore_problem = Some(t!("restore-problem", problem = problem.message));
            }
        }
        if std::mem::take(&mut self.read_again) {
            let follow_unfinished = self.follow_unfinished;
            self.read(bridge, session, follow_unfinished);
        }
    }

    fn merge(
        &self,
        bridge: &Bridge,
        session: &Session,
        tracker: &mut Tracker,
        endings: &mut Vec<Ended>,
        collections: Vec<Collection>,
    ) {
        // Oldest first, so the list ends newest first.
        for collection in collections.into_iter().rev() {
            let status = collection.status;
            if let Some(tracked) = tracker.find(&collection.reference) {
                // Another till or the receiver moved it on in the shared ledger (a final state is
                // never left: the tracker keeps it).
                let moved = status.filter(|status| tracked.status != Some(*status));
                if let Some(status) = moved
                    && let Some(ended) = tracker.apply_status(&collection.reference, status)
                {
                    endings.push(ended);
                }
                continue;
            }
            let mut payment = TrackedPayment::new(
                collection.reference,
                collection.kind,
                collection.amount,
                collection.reference1,
                collection.url,
            );
            payment.created = crate::clock::shown_moment(collection.created_at);
            payment.created_ms = collection.created_at;
            payment.description = collection.description;
            payment.status = status;
            payment.repeatable = collection.repeatable;
            payment.open_until = collection.open_until;
            payment.made_by = collection.made_by;
            payment.resource_id = collection.resource_id;
            let done = status.is_some_and(|s| s.is_final())
                && !payment.takes_payments(crate::ledger::now_ms());
            if done || !self.follow_unfinished {
                tracker.add(payment);
            } else {
                tracker.follow(bridge, session.connection.client.clone(), payment);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::kind::PaymentKind;

    fn taken(provider_reference: &str, received_at: i64) -> ReceivedPayment {
        ReceivedPayment {
            reference: "QR1".into(),
            kind: PaymentKind::Link,
            repeatable: true,
            provider_reference: provider_reference.into(),
            amount: None,
            fee: None,
            received_at,
            cashier: String::new(),
        }
    }

    #[test]
    fn after_a_start_only_what_came_since_is_news() {
        let read = [taken("P1", 1_000), taken("P2", 5_000), taken("P3", 5_001)];
        let fresh = news_since(&read, true, 5_000);
        let mut fresh: Vec<_> = fresh.into_iter().map(|(_, payment)| payment).collect();
        fresh.sort();
        assert_eq!(fresh, ["P2", "P3"], "the day's earlier payment is history");
        assert_eq!(
            news_since(&read, false, 5_000).len(),
            3,
            "a later read's are all news"
        );
    }
}
