//! What the app hears each frame, before any panel runs: the language, the connection, the
//! books (today's payments and what other tills wrote), the people, the receiver and the
//! followers. Each is turned into `News` that every panel is told, and the approvals the service
//! confirmed are gathered for their receipts.

use std::sync::Arc;

use super::PaydeskApp;
use crate::i18n;
use crate::ui::Panel;
use crate::ui::plumbing::bridge::finished;
use crate::ui::plumbing::news::News;
use crate::ui::services::access::AccessCommand;
use crate::ui::services::session::Session;
use crate::ui::services::tracker::Ended;
use crate::webhook::ReceiverEvent;

impl PaydeskApp {
    pub(super) fn follow_language(&mut self, news: &mut Vec<News>) {
        if self.language != i18n::current() {
            i18n::set(self.language);
            self.prefs.language = Some(self.language);
            news.push(News::Language);
        }
    }

    /// The stores opened, then the session: each time one connects, the panels hear it.
    pub(super) fn follow_connection(&mut self, news: &mut Vec<News>) {
        if let Some(stores) = finished(&mut self.stores_task) {
            self.stores = Some(stores);
            self.connect();
        }
        if self.session.poll()
            && let Some(session) = self.session.value().cloned()
        {
            news.push(self.on_connected(&session));
        }
        self.service_away = self.session.value().and_then(|session| {
            session
                .connection
                .client
                .reachability()
                .current()
                .down_since()
        });
    }

    /// Today's payments from the ledger, and what other tills wrote to a shared one.
    pub(super) fn follow_books(&mut self, session: &Arc<Session>, news: &mut Vec<News>) {
        let mut books = self.today.logic(&self.bridge, session, &mut self.tracker);
        let ledger = session.ledger.clone().ok();
        for ended in std::mem::take(&mut books.ended) {
            // An approval the books heard of (another till, the receiver, a restart) may be of
            // a sale charged in cash meanwhile.
            if let Some(ledger) = &ledger {
                self.banners.check_paid_twice(&self.bridge, ledger, &ended);
            }
            self.banners.push(ended);
        }
        if books.notifications || books.payouts {
            news.push(News::Books {
                notifications: books.notifications,
                payouts: books.payouts,
            });
        }
        if books.people {
            self.access.queued.push(AccessCommand::Load);
        }
        if books.cash {
            news.push(News::Cash);
        }
        if books.tab {
            news.push(News::Tab);
        }
    }

    /// Who is at the till, and the owner's side closing when it has been left alone.
    pub(super) fn follow_people(&mut self, ctx: &egui::Context, session: &Arc<Session>) {
        let now = ctx.input(|i| i.time);
        let used = ctx.input(|i| i.events.iter().any(is_use));
        if let Some(cashier) = self.access.logic(&self.bridge, session, now, used) {
            self.tracker.set_cashier(&cashier);
        }
        if let Some(left) = self.access.idle_left(now) {
            // Awake when the owner's side is due to close, even with nobody at the window.
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(left.max(0.25)));
        }
        if !self.access.may_open(self.nav) {
            self.nav = Panel::Collect;
        }
    }

    /// What the webhook receiver stored and checked. A notification the service bore out is as
    /// good as our own status check: its payment ends now.
    pub(super) fn follow_receiver(&mut self, news: &mut Vec<News>, approvals: &mut Vec<Ended>) {
        while let Ok(event) = self.webhook_events.try_recv() {
            let (reference, confirmed) = match event {
                ReceiverEvent::Checked {
                    reference,
                    service_status: Some(status),
                    state: crate::ledger::CheckState::Confirmed,
                    ..
                } => (Some(reference), Some(status)),
                ReceiverEvent::Stored { reference, .. }
                | ReceiverEvent::Duplicate { reference, .. }
                | ReceiverEvent::Checked { reference, .. } => (Some(reference), None),
                ReceiverEvent::Rejected { .. } => (None, None),
            };
            if let (Some(reference), Some(status)) = (&reference, confirmed) {
                if let Some(ended) = self.tracker.apply_status(reference, status) {
                    news.push(News::PaymentEnded {
                        reference: ended.reference.clone(),
                        status: ended.status,
                    });
                    approvals.push(ended.clone());
                    self.banners.push(ended);
                }
                // The receiver wrote down a code's payment: the ledger has its amount.
                if self.tracker.find(reference).is_some_and(|p| p.repeatable)
                    && let Some(session) = self.session.value().cloned()
                {
                    self.today.restore(&self.bridge, &session, false);
                }
            }
            news.push(News::Notification {
                reference,
                confirmed,
            });
        }
    }

    /// What the followers heard from the service: every payment that ended gets its banner.
    pub(super) fn follow_payments(&mut self, news: &mut Vec<News>, approvals: &mut Vec<Ended>) {
        for ended in self.tracker.drain() {
            news.push(News::PaymentEnded {
                reference: ended.reference.clone(),
                status: ended.status,
            });
            approvals.push(ended.clone());
            self.banners.push(ended);
        }
        self.look_for_paid_twice(approvals);
    }

    /// Every approval heard this frame (by a follower or the receiver): the books are asked
    /// whether its sale was charged in cash instead, and what they answered is said at once.
    fn look_for_paid_twice(&mut self, approvals: &[Ended]) {
        if let Some(ledger) = self
            .session
            .value()
            .and_then(|session| session.ledger.clone().ok())
        {
            for ended in approvals {
                self.banners.check_paid_twice(&self.bridge, &ledger, ended);
            }
        }
        self.banners.follow_paid_twice();
    }
}

/// Whether an input event is the person using the window (not a focus change or a repaint).
fn is_use(event: &egui::Event) -> bool {
    matches!(
        event,
        egui::Event::Key { .. }
            | egui::Event::Text(_)
            | egui::Event::PointerButton { .. }
            | egui::Event::PointerMoved(_)
            | egui::Event::MouseWheel { .. }
            | egui::Event::Touch { .. }
            | egui::Event::Paste(_)
    )
}
