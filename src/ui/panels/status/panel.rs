//! Estado de pagos: the reference looked up, today's sales and the sale (or the followed charge)
//! opened in its window, and what the panel asks the app to do.

use crate::t;
use crate::ui::plumbing::queue::Queue;
use egui::{RichText, Ui};

use crate::api::StatusRecord;
use crate::ledger::{SaleNumber, SaleRecord, StoredNotification};
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Requested, UiError};
use crate::ui::services::tracker::{TrackedPayment, Tracker};
use crate::ui::widgets::form::{self, error_box, text_row};
use crate::ui::widgets::qr::QrTexture;

use crate::ui::widgets::status;

use super::details::{detail_row, record_rows};
use super::part_return::PartReturn;
use super::today::SalesList;
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
    /// A sale's number was typed: the books are asked for it, whatever its day.
    FindSale(SaleNumber),
    /// The customer's copy of a sale, opened in WhatsApp (its share link).
    ShareWhatsApp(String),
}

#[derive(Default)]
pub struct StatusPanel {
    pub reference: String,
    pub lookup: Requested<(String, StatusRecord)>,
    /// Asked for while drawing; run by the next `logic`.
    pub queued: Queue<StatusCommand>,
    /// What is opened in its window: a sale's number («1-000123»), or the reference of a charge
    /// (a part of a sale, or a charge followed here that is no sale).
    pub opened: Option<String>,
    pub(super) opened_qr: QrTexture,
    /// «Devolver por dispersión…»: a part the service confirmed, given back by a payout.
    pub refund: Refund,
    /// A part given back in cash from the drawer, or credited to the customer's tab.
    pub part_return: PartReturn,
    /// The filter and the rows shown of today's sales.
    pub(super) list: SalesList,
    /// A sale asked for by its number (of any day), as the books hold it.
    pub found: Requested<SaleRecord>,
    /// What opening WhatsApp with a receipt came to.
    pub(super) shared: Requested<()>,
}

impl StatusPanel {
    /// Another person took the till: the reference the last one looked up, what the service
    /// said of it (or its error) and the sale opened go; today's list stays.
    pub fn forget_search(&mut self) {
        self.reference.clear();
        self.lookup = Requested::NotRequested;
        self.found = Requested::NotRequested;
        // The owner's PIN asked for a return opens the owner's side: the sale stays open for
        // its form. Anyone else leaves no return half made for the next person.
        if self.refund.awaits_owner().is_none() && self.part_return.awaits_owner().is_none() {
            self.opened = None;
            self.refund = Refund::default();
            self.part_return = PartReturn::default();
        }
    }

    pub fn logic(&mut self, work: &mut LogicContext<'_>) {
        for command in self.queued.take() {
            self.run(command, work);
        }
        if self.lookup.poll()
            && let Some(error) = self.lookup.error()
        {
            work.note_error(error);
        }
        if self.found.poll()
            && let Some(sale) = self.found.value()
        {
            self.opened = Some(sale.number.to_string());
        }
        self.shared.poll();
        // The owner's PIN asked for a return keeps its window open while the owner takes the
        // till.
        if self.opened.is_none()
            && let Some(sale) = self.refund.awaits_owner()
        {
            self.opened = Some(sale.to_owned());
        }
        self.refund.logic(work);
        self.part_return.logic(work);
        if std::mem::take(&mut self.refund.changed) | std::mem::take(&mut self.part_return.changed)
        {
            // What remains of each part is the books': the day's sales (and a sale of another
            // day opened here) are read again.
            work.tracker.sales.refresh();
            if let Some(number) = self.found.value().map(|sale| sale.number) {
                self.run(StatusCommand::FindSale(number), work);
            }
        }
    }

    fn run(&mut self, command: StatusCommand, work: &mut LogicContext<'_>) {
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
            StatusCommand::FindSale(number) => {
                let Ok(ledger) = work.session.ledger.clone() else {
                    return;
                };
                self.found.start(work.bridge.spawn_blocking(move || {
                    ledger
                        .sale_by_number(number)
                        .map_err(|error| UiError::explained(&error))
                }));
            }
            StatusCommand::ShareWhatsApp(link) => {
                self.shared.start(work.bridge.spawn_blocking(move || {
                    opener::open(&link)
                        .map_err(|error| UiError::failed(t!("status-whatsapp-failed"), error))
                }));
            }
        }
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

    /// The panel, with the returns in a sale's window when `returns` says the session they
    /// would be checked against.
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
            (&self.reference, &mut self.list),
            &mut self.opened,
        ) {
            self.queued.ask(ui, StatusCommand::StartSale);
        }
        let shown = Shown {
            notifications,
            service_away,
            returns,
        };
        if !self.window_ui(ui, tracker, shown, paper) {
            self.opened = None;
        }
    }

    /// The window of what is opened: a sale (today's, or one found by its number), else a
    /// charge followed here; false once closed or when nothing answers to it.
    fn window_ui(
        &mut self,
        panel: &Ui,
        tracker: &Tracker,
        shown: Shown<'_>,
        paper: &mut crate::ui::services::paper::Paper,
    ) -> bool {
        let Some(key) = self.opened.clone() else {
            return true;
        };
        let number = key.parse::<SaleNumber>().ok();
        let by_number = number
            .and_then(|number| {
                (tracker.sales.sales().iter())
                    .chain(self.found.value())
                    .find(|sale| sale.number == number)
            })
            .cloned();
        if let Some(sale) = by_number {
            return self.sale_window(panel, &sale, tracker, shown, paper);
        }
        // A counter code or a charge that is no sale of today opens as itself; any other charge
        // opens the sale it is a part of, named from now on by its number, as its row is.
        let on_its_own = tracker
            .find(&key)
            .filter(|payment| payment.repeatable || tracker.sales.not_a_sale(&key).is_some());
        if let Some(sale) = tracker.sales.find(&key).filter(|_| on_its_own.is_none()) {
            self.opened = Some(sale.number.to_string());
            let sale = sale.clone();
            return self.sale_window(panel, &sale, tracker, shown, paper);
        }
        if let Some(payment) = tracker.find(&key) {
            return self.payment_window(panel, payment, tracker, shown, paper);
        }
        // Asked of the books and not answered yet: the window opens when they answer.
        self.found.is_pending()
    }

    /// Any reference, looked up once or followed in today's list; a sale's number, looked up in
    /// the books; what the service or the books said of it.
    fn lookup_ui(&mut self, ui: &mut Ui, tracker: &Tracker) {
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
        // What is looked up is what the field holds after this frame's keys: a reader types a
        // sale's number and Enter in one frame.
        let reference = self.reference.trim().to_owned();
        let number = reference.parse::<SaleNumber>().ok();
        ui.horizontal(|ui| {
            let busy = self.lookup.is_pending() || self.found.is_pending();
            let ready = !reference.is_empty() && !busy;
            if ui
                .add_enabled(ready, egui::Button::new(t!("status-check")))
                .clicked()
                || (enter && ready)
            {
                let command = match number {
                    Some(number) => StatusCommand::FindSale(number),
                    // Her own reference ("MESA-4") is one of today's: ask by the service's.
                    None => StatusCommand::Lookup(
                        tracker
                            .payments
                            .iter()
                            .find(|p| p.reference1.eq_ignore_ascii_case(&reference))
                            .map_or_else(|| reference.clone(), |p| p.reference.clone()),
                    ),
                };
                self.queued.ask(ui, command);
            }
            if number.is_none() {
                self.follow_button(ui, tracker, &reference);
            }
            if busy {
                ui.spinner();
            }
        });
        if let Some(number) = number.filter(|_| self.found.is_pending()) {
            ui.label(RichText::new(t!("status-find-sale", number = number.to_string())).weak());
        }
        for error in [self.lookup.error(), self.found.error()]
            .into_iter()
            .flatten()
        {
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

/// What a window shows besides the sale or the charge itself.
#[derive(Clone, Copy)]
pub(super) struct Shown<'a> {
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
            shop: draw.session.shop_name(),
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
