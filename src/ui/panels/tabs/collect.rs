//! Cobrar el fiado, the way Cobrar collects: a payment link, or a QR for the customer at the
//! counter, for the customer's balance or part of it, made by `tabs::collect` (tied to the tab
//! before the service hears of it; the books refuse to ask what an unpaid link of the same tab
//! asks already, in words) and followed like any sale made at the till, with its QR on screen,
//! «Mostrar al cliente» (the customer screen, or the display on its own monitor) and the message
//! in the shop's words for WhatsApp (to the customer's cellphone; without one the link is
//! copied); a reminder prepared for the person to send; and a payment in cash at this till. The
//! tab is credited by the books from the service's answer only: this panel reads it again and
//! says so once the credit is there.

use std::sync::Arc;

use egui::{RichText, Ui};

use super::command::TabsCommand;
use crate::api::TransactionStatus;
use crate::api::family_b::PaymentLinkRequest;
use crate::collections::{ChargeError, ChargeRequest, MadeCharge};
use crate::ledger::activity::Actor;
use crate::ledger::{Ledger, LedgerError, TabBalance, TabKind, TabStatement};
use crate::money::Pesos;
use crate::requests::{CashInForm, PaymentLinkForm, Service};
use crate::t;
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Requested, UiError};
use crate::ui::plumbing::queue::Queue;
use crate::ui::services::tracker::Tracker;
use crate::ui::theme;
use crate::ui::widgets::form::{blocking_reasons, error_box, pesos_row};
use crate::ui::widgets::qr::QrTexture;
use crate::validate::Field;

/// A link (or a QR) made for a tab.
pub struct Made {
    pub customer: i64,
    /// The sale's reference (the service's), which the tab's credit names.
    pub reference: String,
    pub link: String,
    /// What its QR encodes: the link, or a QR's own data.
    pub qr_text: String,
    /// A QR for the counter rather than a link to send.
    pub is_qr: bool,
    pub asked: Pesos,
    made: MadeCharge,
}

/// What came of a payment in cash.
#[derive(Debug, Clone)]
pub enum CashPaid {
    Paid(Pesos),
    /// The drawer refused (no shift open at this till): its sentence, and Turno offered.
    Drawer(String),
}

/// Which prepared message is on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Message {
    Link,
    Reminder,
}

#[derive(Default)]
pub struct Settle {
    /// What the link collects, as typed (empty: all owed).
    pub amount: String,
    pub sale: Requested<Made>,
    qr: QrTexture,
    pub message: Option<Message>,
    copied: bool,
    /// What is paid in cash, as typed (empty: all owed).
    pub cash: String,
    pub paying: Requested<CashPaid>,
    /// The sale whose credit the tab is waiting for.
    awaiting_credit: Option<String>,
    /// The credit the service confirmed: how much, to whom.
    confirmed: Option<(Pesos, String)>,
}

/// Why no link was made: the service's refusal, or the books' (more than owed, nothing owed).
fn refused(error: ChargeError) -> UiError {
    match error {
        ChargeError::Service(error) => UiError::from(error),
        ChargeError::Books(error) => UiError::explained(&error),
    }
}

impl Settle {
    pub fn is_busy(&self) -> bool {
        self.sale.is_pending() || self.paying.is_pending()
    }

    pub fn forget_person(&mut self) {
        self.amount.clear();
        self.cash.clear();
        self.message = None;
        self.copied = false;
    }

    /// Makes the link on the runtime by the one sequence for a tab, as the sale of whoever is at
    /// the till.
    pub fn start(&mut self, work: &LogicContext<'_>, customer: i64, request: Box<ChargeRequest>) {
        let session = work.session;
        let Ok(ledger) = session.ledger.clone() else {
            return;
        };
        let client = session.connection.client.clone();
        let catalog = session.connection.catalog.clone();
        let profile = session.profile_name().to_owned();
        let made_by = work.tracker.at_till().clone();
        let asked = request.amount().unwrap_or(Pesos::ZERO);
        let is_qr = matches!(*request, ChargeRequest::Resource(_));
        self.confirmed = None;
        self.message = Some(Message::Link);
        self.copied = false;
        self.sale.start(work.bridge.spawn(async move {
            let made = crate::tabs::collect(
                &client, &catalog, ledger, &profile, made_by, customer, *request,
            )
            .await
            .map_err(refused)?;
            Ok(Made {
                customer,
                reference: made.sale.payment.reference.clone(),
                link: made.sale.answer.link().to_owned(),
                qr_text: made.sale.payment.url.clone(),
                is_qr,
                asked,
                made,
            })
        }));
    }

    /// The customer pays `amount` in cash at this till: the drawer's entry and the tab's, one
    /// transaction in the books.
    pub fn pay_in_cash(
        &mut self,
        work: &LogicContext<'_>,
        (ledger, actor): (Arc<Ledger>, Actor),
        customer: i64,
        amount: Pesos,
    ) {
        let now = crate::clock::now_ms();
        self.confirmed = None;
        self.paying.start(work.bridge.spawn_blocking(move || {
            match ledger.pay_tab_in_cash(&actor, customer, amount, now) {
                Ok(_) => Ok(CashPaid::Paid(amount)),
                Err(LedgerError::Cash(refusal)) => Ok(CashPaid::Drawer(refusal.to_string())),
                Err(error) => Err(UiError::explained(&error)),
            }
        }));
    }

    /// Takes what the runtime sent back; true when a tab changed. A link made is handed to
    /// today's list, which follows it until the service says how it ended.
    pub fn poll(&mut self, work: &mut LogicContext<'_>) -> bool {
        let mut changed = false;
        if self.sale.poll() {
            match &self.sale {
                Requested::Done(made) => {
                    let client = work.session.connection.client.clone();
                    work.tracker.follow_sale(work.bridge, client, &made.made);
                    self.awaiting_credit = Some(made.reference.clone());
                    self.amount.clear();
                }
                Requested::Failed { error, .. } => work.note_error(error),
                _ => {}
            }
        }
        if self.paying.poll()
            && let Some(CashPaid::Paid(_)) = self.paying.value()
        {
            self.cash.clear();
            changed = true;
            // The money went into this till's drawer: Turno and Efectivo hear it.
            work.actions.push(crate::ui::AppAction::Tell(
                crate::ui::plumbing::news::News::Cash,
            ));
        }
        changed
    }

    /// The statement was read again: the credit of the link this panel made, once the books
    /// hold it.
    pub fn heard_statement(&mut self, statement: &TabStatement) {
        let Some(reference) = &self.awaiting_credit else {
            return;
        };
        let credited: i64 = statement
            .entries
            .iter()
            .filter(|entry| {
                entry.kind == TabKind::PaidByService && &entry.sale_reference == reference
            })
            .map(|entry| entry.amount.get())
            .sum();
        if credited > 0 {
            self.awaiting_credit = None;
            let name = statement.balance.customer.name.clone();
            self.confirmed = Some((Pesos::new(credited), name));
        }
    }
}

/// What Cobrar el fiado needs of the session.
pub struct SettleView<'a> {
    pub shop: &'a str,
    pub service: &'a Service<'a>,
    pub tracker: &'a Tracker,
    pub busy: bool,
}

impl Settle {
    /// Cobrar el fiado for `balance`: what the service confirmed, the link and its message, the
    /// reminder, and a payment in cash.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        balance: &TabBalance,
        view: &SettleView<'_>,
        queued: &mut Queue<TabsCommand>,
    ) {
        ui.label(RichText::new(t!("fiado-collect-heading")).strong());
        if let Some((amount, name)) = &self.confirmed {
            ui.label(
                RichText::new(t!(
                    "fiado-confirmed",
                    amount = amount.to_string(),
                    name = name.as_str()
                ))
                .strong()
                .color(theme::palette(ui).success),
            );
        }
        let owed = balance.owed();
        if owed == Pesos::ZERO {
            ui.label(RichText::new(t!("fiado-nothing-to-collect")).weak());
        } else {
            self.link_form_ui(ui, balance, view, queued);
        }
        self.made_ui(ui, balance, view, queued);
        if owed > Pesos::ZERO {
            ui.add_space(theme::space::MEDIUM);
            self.cash_ui(ui, balance, view.busy, queued);
        }
    }

    /// How much the link collects, «Crear link de pago» and «Recordatorio».
    fn link_form_ui(
        &mut self,
        ui: &mut Ui,
        balance: &TabBalance,
        view: &SettleView<'_>,
        queued: &mut Queue<TabsCommand>,
    ) {
        let owed = balance.owed();
        let shown = crate::requests::tab_payment(&self.amount);
        egui::Grid::new("fiado-link-form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                pesos_row(
                    ui,
                    &t!("fiado-link-amount"),
                    &mut self.amount,
                    &t!("fiado-all-owed-hint", owed = owed.to_string()),
                    shown.as_ref().err(),
                );
            });
        // The link asks what the field holds after this frame's keys: read before, a field
        // just filled would still be empty, and empty asks all that is owed.
        let asked = crate::requests::tab_payment(&self.amount);
        let request = asked
            .as_ref()
            .ok()
            .map(|asked| link_request(asked.unwrap_or(owed), view.service));
        let over = asked.as_ref().ok().copied().flatten().filter(|a| *a > owed);
        if let Some(over) = over {
            ui.label(
                RichText::new(t!(
                    "fiado-over-owed",
                    amount = over.to_string(),
                    owed = owed.to_string()
                ))
                .color(theme::palette(ui).danger),
            );
        }
        let ready = matches!(request, Some(Ok(_))) && over.is_none() && !view.busy;
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(ready, egui::Button::new(t!("fiado-create-link")))
                .clicked()
                && let Some(Ok(link)) = &request
            {
                let request = Box::new(ChargeRequest::Link(link.clone()));
                let customer = balance.customer.id;
                queued.ask(ui, TabsCommand::Collect { customer, request });
            }
            let qr = asked
                .as_ref()
                .ok()
                .map(|asked| qr_request(asked.unwrap_or(owed)));
            if ui
                .add_enabled(ready, egui::Button::new(t!("cobrar-tab-create-qr")))
                .clicked()
                && let Some(Ok(qr)) = qr
            {
                let request = Box::new(ChargeRequest::Resource(qr));
                let customer = balance.customer.id;
                queued.ask(ui, TabsCommand::Collect { customer, request });
            }
            if ui.button(t!("fiado-reminder")).clicked() {
                self.message = Some(Message::Reminder);
                self.copied = false;
            }
            if self.sale.is_pending() {
                ui.spinner();
            }
        });
        if let Some(Err(problems)) = &request {
            let labels = [(Field::Amount, t!("field-amount"))];
            blocking_reasons(ui, problems, &labels);
        }
        if let Some(error) = self.sale.error() {
            error_box(ui, error);
        }
        if self.message == Some(Message::Reminder) {
            let text = crate::tabs::reminder(view.shop, balance);
            self.message_ui(ui, &text, &balance.customer.cellphone, queued);
        }
    }

    /// The link made for this customer: its QR, the link, how the service stands on it, and
    /// the message to send.
    fn made_ui(
        &mut self,
        ui: &mut Ui,
        balance: &TabBalance,
        view: &SettleView<'_>,
        queued: &mut Queue<TabsCommand>,
    ) {
        let Some(made) = self.sale.value() else {
            return;
        };
        if made.customer != balance.customer.id {
            return;
        }
        let (link, reference, asked) = (made.link.clone(), made.reference.clone(), made.asked);
        let shown = shown_to_customer(made, balance);
        let status = view
            .tracker
            .find(&reference)
            .and_then(|tracked| tracked.status);
        let (amount, sale) = (asked.to_string(), reference.as_str());
        let heading = if made.is_qr {
            t!("cobrar-tab-qr-made", amount = amount, reference = sale)
        } else {
            t!("fiado-link-made", amount = amount, reference = sale)
        };
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(RichText::new(heading).strong());
            let waiting = status.is_none_or(|status| !status.is_final());
            if waiting && ui.button(t!("created-show-customer")).clicked() {
                queued.ask(ui, TabsCommand::ShowCustomer(Box::new(shown.clone())));
            }
            ui.horizontal_top(|ui| {
                match self.qr.get(ui.ctx(), &shown.qr_text) {
                    Ok(texture) => {
                        ui.add(
                            egui::Image::new(texture)
                                .fit_to_exact_size(egui::vec2(200.0, 200.0))
                                .alt_text(t!("created-qr-alt", url = link.as_str())),
                        );
                    }
                    Err(problem) => {
                        ui.label(problem);
                    }
                }
                ui.vertical(|ui| {
                    if !link.is_empty() {
                        ui.label(RichText::new(&link).monospace());
                    }
                    ui.label(standing_of_link(status, self.awaiting_credit.is_some()));
                    let to_send = !link.is_empty() && self.awaiting_credit.is_some();
                    if self.message == Some(Message::Link) && to_send {
                        let text =
                            crate::tabs::link_message(view.shop, balance, Some(asked), &link);
                        let cellphone = balance.customer.cellphone.clone();
                        self.message_ui(ui, &text, &cellphone, queued);
                        if cellphone.is_empty() && ui.button(t!("fiado-copy-link")).clicked() {
                            ui.ctx().copy_text(link.clone());
                            self.copied = true;
                        }
                    }
                });
            });
        });
    }

    /// A prepared message, as it will be sent, with WhatsApp to the customer's cellphone (or,
    /// with none, copied): the person sends it.
    fn message_ui(
        &mut self,
        ui: &mut Ui,
        text: &str,
        cellphone: &str,
        queued: &mut Queue<TabsCommand>,
    ) {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(text);
        });
        ui.horizontal_wrapped(|ui| {
            if !cellphone.is_empty() && ui.button(t!("fiado-whatsapp")).clicked() {
                let url = crate::tabs::whatsapp_url(cellphone, text);
                queued.ask(ui, TabsCommand::Whatsapp(url));
            }
            if ui.button(t!("fiado-copy-message")).clicked() {
                ui.ctx().copy_text(text.to_owned());
                self.copied = true;
            }
        });
        if cellphone.is_empty() {
            ui.label(RichText::new(t!("fiado-no-cellphone")).weak());
        }
        if self.copied {
            ui.label(RichText::new(t!("fiado-copied")).weak());
        }
    }

    /// «Abono en efectivo»: at most what is owed, into this till's open shift.
    fn cash_ui(
        &mut self,
        ui: &mut Ui,
        balance: &TabBalance,
        busy: bool,
        queued: &mut Queue<TabsCommand>,
    ) {
        let owed = balance.owed();
        ui.label(RichText::new(t!("fiado-cash-heading")).strong());
        let shown = crate::requests::tab_payment(&self.cash);
        egui::Grid::new("fiado-cash-form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                pesos_row(
                    ui,
                    &t!("fiado-cash-amount"),
                    &mut self.cash,
                    &t!("fiado-all-owed-hint", owed = owed.to_string()),
                    shown.as_ref().err(),
                );
            });
        // What is paid is what the field holds after this frame's keys: read before, a field
        // just filled would still be empty, and empty pays all that is owed.
        let amount = crate::requests::tab_payment(&self.cash)
            .ok()
            .map(|typed| typed.unwrap_or(owed));
        let ready = amount.is_some_and(|amount| amount <= owed) && !busy;
        if ui
            .add_enabled(ready, egui::Button::new(t!("fiado-cash-button")))
            .clicked()
            && let Some(amount) = amount
        {
            let customer = balance.customer.id;
            queued.ask(ui, TabsCommand::PayInCash { customer, amount });
        }
        if let Some(amount) = amount.filter(|amount| *amount > owed) {
            let words = t!(
                "fiado-over-owed",
                amount = amount.to_string(),
                owed = owed.to_string()
            );
            ui.label(RichText::new(words).color(theme::palette(ui).danger));
        }
        match (&self.paying, self.paying.value()) {
            (Requested::Failed { error, .. }, _) => error_box(ui, error),
            (Requested::Done(_), Some(CashPaid::Paid(paid))) => {
                ui.label(t!("fiado-cash-paid", amount = paid.to_string()));
            }
            (Requested::Done(_), Some(CashPaid::Drawer(sentence))) => {
                ui.label(RichText::new(sentence).color(theme::palette(ui).danger));
                ui.horizontal(|ui| {
                    ui.label(t!("fiado-open-shift-hint"));
                    if ui.button(t!("fiado-go-to-shift")).clicked() {
                        queued.ask(ui, TabsCommand::GoToShift);
                    }
                });
            }
            _ => {}
        }
    }
}

/// A tab's link or QR as the customer is shown it: what it asks, and its QR.
fn shown_to_customer(made: &Made, balance: &TabBalance) -> crate::ui::customer::CreatedPayment {
    crate::ui::customer::CreatedPayment {
        title: t!("fiado-collect-heading"),
        amount: Some(made.asked),
        qr_text: made.qr_text.clone(),
        url: made.link.clone(),
        reference: made.reference.clone(),
        description: t!("cobrar-tab-shown", name = balance.customer.name.as_str()),
        ..Default::default()
    }
}

/// A QR with its amount for `asked` of a tab, under a reference of Fiado's own: the customer
/// scans it at the counter.
fn qr_request(
    asked: Pesos,
) -> Result<crate::api::family_a::ResourceRequest, Vec<crate::validate::ValidationError>> {
    crate::requests::rest_by_qr(
        asked,
        &t!("fiado-link-description"),
        &crate::tabs::fresh_reference1(),
    )
}

/// A link for `asked` of a tab, under a reference of Fiado's own.
fn link_request(
    asked: Pesos,
    service: &Service<'_>,
) -> Result<PaymentLinkRequest, Vec<crate::validate::ValidationError>> {
    PaymentLinkForm {
        cash_in: CashInForm {
            amount: asked.get().to_string(),
            reference1: crate::tabs::fresh_reference1(),
            description: t!("fiado-link-description"),
            ..CashInForm::default()
        },
    }
    .parse(service)
}

/// Where the link stands, in words: waiting, paid and waiting for the books, or ended unpaid
/// (the tab stays as it was).
fn standing_of_link(status: Option<TransactionStatus>, awaiting_credit: bool) -> String {
    match status {
        Some(TransactionStatus::Approved) if awaiting_credit => t!("fiado-link-approved"),
        Some(TransactionStatus::Approved) => t!("fiado-link-credited"),
        Some(status) if status.is_final() => t!("fiado-link-ended"),
        _ => t!("fiado-link-waiting"),
    }
}
