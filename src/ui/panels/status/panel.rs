//! Estado de pagos: the reference looked up, today's list and the payment opened in its window, and what the panel asks the app to do.

use crate::t;
use crate::ui::plumbing::queue::Queue;
use egui::{RichText, Ui};

use crate::api::StatusRecord;
use crate::ledger::StoredNotification;
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::Requested;
use crate::ui::services::tracker::{TrackedPayment, Tracker};
use crate::ui::widgets::form::{self, error_box, text_row};
use crate::ui::widgets::qr::QrTexture;

use crate::ui::widgets::status;

use super::details::{detail_row, record_rows};
use super::{Refund, RefundView};

/// What the panel asks the app to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatusCommand {
    /// Ask the service for this reference's status once.
    Lookup(String),
    /// Add it to today's list and follow it until it ends.
    Follow(String),
    /// Put one of today's payments on the customer screen.
    ShowCustomer(String),
    /// Nothing today yet: to Cobrar, to make the first sale.
    StartSale,
}

#[derive(Default)]
pub struct StatusPanel {
    pub reference: String,
    pub lookup: Requested<(String, StatusRecord)>,
    /// Asked for while drawing; run by the next `logic`.
    pub queued: Queue<StatusCommand>,
    /// The payment of today's list opened in its window (its service reference).
    pub opened: Option<String>,
    pub(super) opened_qr: QrTexture,
    /// «Devolver dinero» from the opened sale's window.
    pub refund: Refund,
    /// What went back of today's sales, as the books hold it.
    pub(super) returned: super::returned::Returned,
}

impl StatusPanel {
    /// Another person took the till: the reference the last one looked up, what the service
    /// said of it (or its error) and the payment opened go; today's list stays.
    pub fn forget_search(&mut self) {
        self.reference.clear();
        self.lookup = Requested::NotRequested;
        // The owner's PIN asked for a return opens the owner's side: the sale stays open for
        // its form. Anyone else leaves no return half made for the next person.
        if self.refund.awaits_owner().is_none() {
            self.opened = None;
            self.refund = Refund::default();
        }
    }

    pub fn logic(&mut self, work: &mut LogicContext<'_>) {
        for command in self.queued.take() {
            match command {
                StatusCommand::Lookup(wanted) => {
                    let client = work.session.connection.client.clone();
                    self.lookup.start(work.bridge.spawn(async move {
                        let record = client.payment_status(&wanted).await?.value;
                        Ok((wanted, record))
                    }));
                }
                StatusCommand::Follow(reference) => work.tracker.follow(
                    work.bridge,
                    work.session.connection.client.clone(),
                    TrackedPayment::new(
                        reference,
                        crate::api::kind::PaymentKind::LookedUp,
                        None,
                        String::new(),
                        String::new(),
                    ),
                ),
                StatusCommand::StartSale => work
                    .actions
                    .push(crate::ui::AppAction::GoTo(crate::ui::Panel::Collect)),
                StatusCommand::ShowCustomer(reference) => {
                    if let Some(payment) = work.tracker.find(&reference) {
                        let shown = crate::ui::panels::collect::CreatedPayment::of_tracked(
                            payment,
                            work.tracker.kind_words(payment),
                        );
                        work.actions
                            .push(crate::ui::AppAction::ShowCustomer(Box::new(shown)));
                    }
                }
            }
        }
        if self.lookup.poll()
            && let Some(error) = self.lookup.error()
        {
            work.note_error(error);
        }
        if let Some(sale) = self.refund.awaits_owner() {
            self.opened = Some(sale.to_owned());
        }
        self.refund.logic(work);
        if std::mem::take(&mut self.refund.changed) {
            self.returned.refresh();
        }
        self.returned.logic(work);
    }

    pub fn ui(
        &mut self,
        ui: &mut Ui,
        tracker: &Tracker,
        notifications: &[StoredNotification],
        paper: &mut crate::ui::services::paper::Paper,
        service_away: Option<i64>,
    ) {
        self.ui_with_returns(ui, tracker, (notifications, paper), service_away, None);
    }

    /// The panel, with «Devolver dinero» in an approved sale's window when `returns` says the
    /// session it would be checked against.
    pub fn ui_with_returns(
        &mut self,
        ui: &mut Ui,
        tracker: &Tracker,
        (notifications, paper): (
            &[StoredNotification],
            &mut crate::ui::services::paper::Paper,
        ),
        service_away: Option<i64>,
        returns: Option<&RefundView<'_>>,
    ) {
        ui.heading(t!("status-title"));
        if let Some(since) = service_away {
            crate::ui::widgets::offline::banner(ui, since, &t!("status-offline"));
        }
        self.lookup_ui(ui, tracker);
        ui.separator();
        if super::today::today(
            ui,
            tracker,
            (&self.reference, &self.returned),
            &mut self.opened,
        ) {
            self.queued.ask(ui, StatusCommand::StartSale);
        }
        if let Some(opened) = self.opened.clone() {
            let still_open = tracker.find(&opened).is_some_and(|payment| {
                let shown = Shown {
                    kind: &tracker.kind_words(payment),
                    notifications,
                    service_away,
                    returns,
                };
                self.payment_window(ui.ctx(), payment, shown, paper)
            });
            if !still_open {
                self.opened = None;
            }
        }
    }

    /// Any reference, looked up once or followed in today's list; what the service said of it.
    fn lookup_ui(&mut self, ui: &mut Ui, tracker: &Tracker) {
        let reference = self.reference.trim().to_owned();
        let enter = egui::Grid::new("status-lookup")
            .num_columns(2)
            .show(ui, |ui| {
                let response = text_row(
                    ui,
                    &t!("status-reference"),
                    &mut self.reference,
                    &t!("status-reference-hint"),
                    None,
                );
                form::submitted(&response)
            })
            .inner;
        ui.horizontal(|ui| {
            let ready = !reference.is_empty() && !self.lookup.is_pending();
            if ui
                .add_enabled(ready, egui::Button::new(t!("status-check")))
                .clicked()
                || (enter && ready)
            {
                // Her own reference ("MESA-4") is one of today's: ask by the service's.
                let wanted = tracker
                    .payments
                    .iter()
                    .find(|p| p.reference1.eq_ignore_ascii_case(&reference))
                    .map_or_else(|| reference.clone(), |p| p.reference.clone());
                self.queued.ask(ui, StatusCommand::Lookup(wanted));
            }
            self.follow_button(ui, tracker, &reference);
            if self.lookup.is_pending() {
                ui.spinner();
            }
        });
        if let Some(error) = self.lookup.error() {
            error_box(ui, error);
        }
        if let Some((looked_up, record)) = self.lookup.value() {
            record_details(ui, looked_up, record);
        }
    }

    /// "Follow": a reference not in today's list yet joins it.
    fn follow_button(&mut self, ui: &mut Ui, tracker: &Tracker, reference: &str) {
        let followed = tracker.find(reference).is_some()
            || tracker
                .payments
                .iter()
                .any(|p| p.reference1.eq_ignore_ascii_case(reference))
            || self
                .queued
                .contains(&StatusCommand::Follow(reference.to_owned()));
        if ui
            .add_enabled(
                !reference.is_empty() && !followed,
                egui::Button::new(t!("status-follow")),
            )
            .on_hover_text(t!("status-follow-hint"))
            .clicked()
        {
            self.queued
                .ask(ui, StatusCommand::Follow(reference.to_owned()));
        }
    }
}

fn record_details(ui: &mut Ui, reference: &str, record: &StatusRecord) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(RichText::new(reference).monospace());
            status::badge(ui, record.status);
        });
        egui::Grid::new("status-record")
            .num_columns(2)
            .show(ui, |ui| {
                for row in record_rows(record) {
                    detail_row(ui, row);
                }
            });
    });
}

/// What the window shows besides the payment itself.
pub(super) struct Shown<'a> {
    /// The kind of payment, in words.
    pub(super) kind: &'a str,
    /// The webhook notifications last loaded, newest first.
    pub(super) notifications: &'a [StoredNotification],
    /// Since when the service has not answered, while it does not.
    pub(super) service_away: Option<i64>,
    /// The session a return would be checked against; none where there are no books.
    pub(super) returns: Option<&'a RefundView<'a>>,
}

impl crate::ui::panels::PanelState for StatusPanel {
    fn logic(&mut self, work: &mut crate::ui::LogicContext<'_>) {
        StatusPanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut egui::Ui, draw: &mut crate::ui::panels::DrawContext<'_>) {
        let returns = RefundView {
            // As a payout's: the notification address is the profile's (or this computer's
            // receiver for the simulator).
            service: crate::requests::Service {
                default_webhook: draw.session.webhook_url(),
                ..crate::requests::Service::of(&draw.session.connection)
            },
            moves_real_money: draw.session.environment().moves_real_money(),
            owner_side: draw.access.owner_side(),
        };
        let returns = draw.session.ledger.is_ok().then_some(&returns);
        self.ui_with_returns(
            ui,
            draw.tracker,
            (draw.notifications, draw.paper),
            draw.service_away,
            returns,
        );
    }

    fn hear(&mut self, news: &crate::ui::plumbing::news::News) {
        use crate::ui::plumbing::news::News;
        match news {
            _ if crate::ui::panels::another_merchant(news) => *self = Default::default(),
            News::AnotherPerson => self.forget_search(),
            // A return is a payout: its state moves with the payouts' news.
            News::Books { payouts: true, .. }
            | News::Notification {
                confirmed: Some(_), ..
            } => self.returned.refresh(),
            News::Books { .. }
            | News::Notification { .. }
            | News::PaymentEnded { .. }
            | News::Connected { .. }
            | News::Cash
            | News::Tab
            | News::Language => {}
        }
    }
}
