//! Cobrar: the ways to make a sale (a link, one method, a QR code; cash and fiado, which the
//! till writes itself, alone or with the rest by a QR or a link), what was sold line by line
//! whatever pays it, the form that is on screen, the card of the sale just made, and the next
//! sale made ready.

use crate::ui::plumbing::queue::Queue;
use egui::{RichText, Ui};

use crate::t;

use crate::api::family_a::MethodQuery;
use crate::collections::ChargeRequest;
use crate::ui::{AppAction, LogicContext};

use super::again::CardAsked;
use super::{
    CollectCommand, CollectView, CreatedPayment, LinkForm, MethodForm, ResourceForm, Seller,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CollectMode {
    Link,
    Method,
    Resource,
    /// Efectivo: counted by the cashier, written in the books alone.
    Cash,
    /// Fiar: on a customer's tab, with a deposit in cash if they pay part now.
    Tab,
}

pub struct CollectPanel {
    pub mode: CollectMode,
    /// Asked for while drawing; run by the next `logic`.
    pub queued: Queue<CollectCommand>,
    link: LinkForm,
    method: MethodForm,
    resource: ResourceForm,
    cash: super::cash::CashForm,
    fiar: super::fiar::FiarForm,
    /// What was sold, line by line, whatever pays it.
    lines: super::lines::SaleLines,
    /// The sales the till writes (cash, fiado, a mix) and their card.
    till: super::till::TillSales,
    /// The card of a mixed sale's QR or link.
    till_view: super::created::CreatedView,
    /// The profile the forms' defaults (webhook address, Bre-B merchant id) were filled from.
    defaults_from: Option<(Option<String>, Option<String>)>,
    /// The payment on a card here was heard to end: the next `logic` readies the next sale.
    ended: Option<String>,
    /// Efectivo was the form on screen at the last `logic`.
    cash_shown: bool,
}

impl Default for CollectPanel {
    fn default() -> Self {
        CollectPanel {
            mode: CollectMode::Link,
            queued: Queue::default(),
            link: LinkForm::default(),
            method: MethodForm::default(),
            resource: ResourceForm::default(),
            cash: super::cash::CashForm::default(),
            fiar: super::fiar::FiarForm::default(),
            lines: super::lines::SaleLines::default(),
            till: super::till::TillSales::default(),
            till_view: super::created::CreatedView::default(),
            defaults_from: None,
            ended: None,
            cash_shown: false,
        }
    }
}

impl CollectPanel {
    /// A sale under way at the till: an amount typed and not sent, a payment being created or
    /// waiting for the cashier's yes, or one just created whose card (and QR) is on screen
    /// while the service says it is still open. Background work that can wait (the update
    /// look) waits for it.
    pub fn sale_in_progress(&self, tracker: &crate::ui::services::tracker::Tracker) -> bool {
        let open = |submission: &super::submit::Submission| {
            submission.request.is_pending()
                || submission.asking()
                || submission.card().is_some_and(|created| {
                    // A counter code stays open all day: its card is no sale waiting.
                    tracker
                        .find(&created.reference)
                        .is_some_and(|tracked| !tracked.repeatable && !tracked.sale_is_over())
                })
        };
        open(&self.link.submission)
            || open(&self.method.submission)
            || open(&self.resource.submission)
            || !self.link.fields.amount.trim().is_empty()
            || !self.method.fields.amount.trim().is_empty()
            || self.cash.holds_a_sale()
            || self.fiar.holds_a_sale()
            || self.till.is_writing()
            || !self.lines.lines.is_empty()
    }

    /// A payment ended (or a code took one more payment): when it is the one on this panel's
    /// card, the next `logic` looks whether its sale is over.
    pub fn sale_ended(&mut self, reference: &str) {
        let on_a_card = [
            &self.link.submission,
            &self.method.submission,
            &self.resource.submission,
        ]
        .iter()
        .any(|submission| submission.card_reference() == Some(reference));
        if on_a_card {
            self.ended = Some(reference.to_owned());
        }
        self.till.charge_ended(reference);
    }

    /// The sale on the card is over (not a counter code, which stays open): the amount takes the
    /// keyboard and comes into view for the next one.
    fn ready_next_sale(&mut self, tracker: &crate::ui::services::tracker::Tracker) {
        let Some(reference) = self.ended.take() else {
            return;
        };
        let over = tracker
            .find(&reference)
            .is_some_and(crate::ui::services::tracker::TrackedPayment::sale_is_over);
        if !over {
            return;
        }
        if self.link.submission.card_reference() == Some(reference.as_str()) {
            self.link.fields.take_keyboard = true;
        }
        if self.method.submission.card_reference() == Some(reference.as_str()) {
            self.method.fields.take_keyboard = true;
        }
    }

    pub fn logic(&mut self, work: &mut LogicContext<'_>) {
        self.ready_next_sale(work.tracker);
        let defaults = (
            work.session.webhook_url(),
            work.session.connection.profile.merchant_id.clone(),
        );
        if self.defaults_from.as_ref() != Some(&defaults) {
            // The profile's Bre-B id goes into every Bre-B payment; without one the form asks.
            self.method.merchant_id = defaults.1.clone().unwrap_or_default();
            self.method.merchant_from_profile = defaults.1.is_some();
            self.defaults_from = Some(defaults);
        }
        for command in self.queued.take() {
            self.run(command, work);
        }
        self.settle_forms(work);
        self.method.logic(work);
        self.resource.logic(work);
        self.lines.logic(work);
        self.fiar.logic(work, self.mode == CollectMode::Tab);
        // Turned to Efectivo: the shift is read again, as another window of the books (Turno,
        // the command line) may have opened or closed it meanwhile.
        let cash_shown = self.mode == CollectMode::Cash;
        if cash_shown && !self.cash_shown {
            self.cash.drawer_changed();
        }
        self.cash_shown = cash_shown;
        let writing = self.till.is_writing();
        for reference in self.till.logic(work) {
            self.charged_in_cash(&reference);
        }
        if writing && !self.till.is_writing() {
            self.cash.drawer_changed();
            self.fiar.tabs_changed();
        }
        self.cash.logic(work, self.till.is_writing());
        for view in [
            &mut self.link.submission.view,
            &mut self.method.submission.view,
            &mut self.resource.submission.view,
            &mut self.till_view,
        ] {
            view.saved.poll();
            view.opener.logic(work.bridge);
        }
    }

    /// After a sale the form is ready for the next one, and its lines go: a second press cannot
    /// charge the same sale twice by accident.
    fn settle_forms(&mut self, work: &mut LogicContext<'_>) {
        let mut made = false;
        if self
            .link
            .submission
            .settle(&mut self.link.fields.reference1, work)
        {
            self.link.fields.clear_sale();
            made = true;
        }
        if self
            .method
            .submission
            .settle(&mut self.method.fields.reference1, work)
        {
            self.method.fields.clear_sale();
            made = true;
        }
        if self
            .resource
            .submission
            .settle(&mut self.resource.reference1, work)
        {
            self.resource.clear_sale();
            made = true;
        }
        if made {
            self.lines.clear();
        }
    }

    fn run(&mut self, command: CollectCommand, work: &mut LogicContext<'_>) {
        let client = work.session.connection.client.clone();
        match command {
            CollectCommand::Create(request) => {
                let lines = self.lines.for_sale(request.amount());
                let submission = match &request {
                    ChargeRequest::Link(_) => &mut self.link.submission,
                    ChargeRequest::Method(_) => &mut self.method.submission,
                    ChargeRequest::Resource(_) => &mut self.resource.submission,
                };
                let again = submission.again;
                submission.start(request, super::submit::ChargeFor { lines, again }, work);
            }
            CollectCommand::LoadBanks(method_id) => {
                self.method.banks.start(
                    work.bridge
                        .spawn(async move { Ok(client.payment_features(method_id).await?.value) }),
                );
            }
            CollectCommand::LoadResourceMethods => {
                let user_id = work.session.connection.user_id;
                self.resource.methods.start(work.bridge.spawn(async move {
                    Ok(client
                        .list_methods(&MethodQuery {
                            method_type: "LINK".into(),
                            user_id,
                        })
                        .await?
                        .value)
                }));
            }
            CollectCommand::SaveCard { card, reference } => {
                let task = super::submit::save_card(work, card, &reference);
                self.shown_view().saved.start(task);
            }
            CollectCommand::ShareWhatsApp(link) => {
                let task = work.bridge.spawn_blocking(move || {
                    opener::open(&link).map_err(|error| {
                        crate::ui::plumbing::bridge::UiError::failed(
                            t!("created-whatsapp-failed"),
                            error,
                        )
                    })
                });
                match self.mode {
                    CollectMode::Cash | CollectMode::Tab => self.till.shared.start(task),
                    _ => self.shown_view().shared.start(task),
                }
            }
            CollectCommand::Sell(sale) => {
                // The sale carries the lines on screen: they are its own now.
                if sale.again.is_none() && sale.sale.lines == self.lines.for_sale(sale.sale.amount)
                {
                    self.lines.clear();
                }
                self.till.sell(*sale, work);
            }
            CollectCommand::ChargeInCash(sale) => {
                self.cash.charge_instead(sale);
                self.mode = CollectMode::Cash;
            }
            CollectCommand::CashReceipt { entry, pdf } => {
                work.paper
                    .queued
                    .push(crate::ui::services::paper::PaperCommand::CashReceipt { entry, pdf });
            }
            CollectCommand::ShowCustomer(payment) => {
                work.actions
                    .push(AppAction::ShowCustomer(Box::new(payment)));
            }
            CollectCommand::TakeTill => work.access.ask_cashier_pin(),
        }
    }

    /// "Charge again" from the customer screen: the form that made the payment gets its amount
    /// and description back, for a new charge of the same sale.
    pub fn collect_again(&mut self, payment: &CreatedPayment) {
        let made_it = |submission: &super::submit::Submission| {
            submission
                .card()
                .is_some_and(|created| created.reference == payment.reference)
        };
        let amount = payment
            .amount
            .map(|amount| amount.get().to_string())
            .unwrap_or_default();
        let description = payment.description.clone();
        // The new charge is one more part of the same sale: the sale keeps its number.
        let again = payment.sale.number;
        if made_it(&self.method.submission) {
            self.mode = CollectMode::Method;
            self.method.submission.new_sale();
            self.method.submission.again = again;
            self.method.fields.amount = amount;
            self.method.fields.description = description;
        } else if made_it(&self.resource.submission) {
            self.mode = CollectMode::Resource;
            self.resource.submission.new_sale();
            self.resource.submission.again = again;
            self.resource.amount = amount;
            self.resource.description = description;
        } else {
            self.mode = CollectMode::Link;
            self.link.submission.new_sale();
            self.link.submission.again = again;
            self.link.fields.amount = amount;
            self.link.fields.description = description;
        }
    }

    /// The created payment on screen: the one whose buttons were pressed (a till sale's card
    /// has the QR or link of its rest).
    fn shown_view(&mut self) -> &mut super::created::CreatedView {
        match self.mode {
            CollectMode::Link => &mut self.link.submission.view,
            CollectMode::Cash | CollectMode::Tab => &mut self.till_view,
            CollectMode::Method => &mut self.method.submission.view,
            CollectMode::Resource => &mut self.resource.submission.view,
        }
    }

    /// What a card asked of the forms: a refused sale back in its form, what an open sale is
    /// missing in cash or on a tab.
    fn card_asked(&mut self, asked: CardAsked) {
        match asked {
            CardAsked::PutBack(ask) => {
                if ask.tab.is_some() {
                    self.fiar.put_back(&ask);
                    self.mode = CollectMode::Tab;
                } else {
                    self.cash.put_back(&ask);
                    self.mode = CollectMode::Cash;
                }
                let typed_alone =
                    crate::ledger::NewSale::of_amount(ask.sale.amount, &ask.sale.description);
                if ask.sale.lines != typed_alone.lines {
                    self.lines.put_back(&ask.sale.lines);
                }
            }
            CardAsked::MissingInCash(number, missing) => {
                self.cash.charge_missing(number, missing);
                self.mode = CollectMode::Cash;
            }
            CardAsked::MissingOnTab(number, missing) => {
                let typed = crate::requests::TabSaleForm {
                    amount: missing.to_string(),
                    ..Default::default()
                };
                self.fiar.carry(typed, Some(number));
                self.mode = CollectMode::Tab;
            }
        }
    }

    /// What a form sent to Fiar: the sale typed in the link form or in Efectivo, to be put on a
    /// customer's tab.
    fn carry_to_fiar(&mut self) {
        if std::mem::take(&mut self.link.fiar_asked) {
            let fields = &mut self.link.fields;
            let typed = crate::requests::TabSaleForm {
                amount: fields.amount.clone(),
                deposit: String::new(),
                description: fields.description.clone(),
            };
            fields.clear_sale();
            self.fiar.carry(typed, None);
            self.mode = CollectMode::Tab;
        }
        if let Some(typed) = self.cash.to_fiar.take() {
            self.fiar.carry(typed, None);
            self.mode = CollectMode::Tab;
        }
    }

    /// An electronic sale was charged in cash instead: it is left at the service (still
    /// followed, so an approval that comes anyway is heard) and its card goes.
    fn charged_in_cash(&mut self, reference: &str) {
        for submission in [
            &mut self.link.submission,
            &mut self.method.submission,
            &mut self.resource.submission,
        ] {
            if submission.card_reference() == Some(reference) {
                submission.new_sale();
            }
        }
    }

    pub fn ui(&mut self, ui: &mut Ui, view: &CollectView<'_>) {
        ui.horizontal_wrapped(|ui| {
            ui.heading(t!("collect-title"));
            seller_ui(ui, &view.seller, &mut self.queued);
        });
        // Cash needs no internet: its form says so itself, and the other forms offer it.
        if let Some(since) = view.service_away.filter(|_| self.mode != CollectMode::Cash)
            && offline_ui(ui, view, since, &mut self.queued)
        {
            self.mode = CollectMode::Cash;
        }
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.mode, CollectMode::Link, t!("kind-payment-link"));
            ui.selectable_value(
                &mut self.mode,
                CollectMode::Method,
                t!("collect-one-method"),
            );
            ui.selectable_value(
                &mut self.mode,
                CollectMode::Resource,
                t!("collect-qr-codes"),
            );
            ui.selectable_value(&mut self.mode, CollectMode::Cash, t!("cashsale-mode"));
            ui.selectable_value(&mut self.mode, CollectMode::Tab, t!("cobrar-mode-tab"));
        });
        ui.separator();
        self.forms_ui(ui, view);
        self.carry_to_fiar();
        if !self.queued.is_empty() {
            // The next frame runs what was asked: ask for that frame now.
            ui.ctx().request_repaint();
        }
    }
}

/// From how wide a panel the form and the card of its payment stand side by side.
const TWO_COLUMNS_FROM: f32 = 960.0;

/// The form's column beside the card: its narrowest and widest.
const FORM_COLUMN: (f32, f32) = (390.0, 460.0);

impl CollectPanel {
    /// The form, and the card of the payment it created: side by side where the panel is wide
    /// enough (a 1366-pixel screen), so the amount stays in view while the card is up; one under
    /// the other on a small screen.
    fn forms_ui(&mut self, ui: &mut Ui, view: &CollectView<'_>) {
        let has_card = match self.mode {
            CollectMode::Link => self.link.submission.has_card(),
            CollectMode::Method => self.method.submission.has_card(),
            CollectMode::Resource => self.resource.submission.has_card(),
            CollectMode::Cash | CollectMode::Tab => self.till.has_card(),
        };
        let width = ui.available_width();
        if !has_card || width < TWO_COLUMNS_FROM {
            egui::ScrollArea::both()
                .id_salt("collect-scroll")
                .show(ui, |ui| {
                    self.form_ui(ui, view);
                    if has_card {
                        ui.add_space(crate::ui::theme::space::MEDIUM);
                        self.card_ui(ui, view);
                    }
                });
            return;
        }
        let form_width = (width * 0.36).clamp(FORM_COLUMN.0, FORM_COLUMN.1);
        let height = ui.available_height();
        let column = egui::Layout::top_down(egui::Align::Min);
        ui.horizontal_top(|ui| {
            ui.allocate_ui_with_layout(egui::vec2(form_width, height), column, |ui| {
                ui.set_min_size(egui::vec2(form_width, height));
                egui::ScrollArea::both()
                    .id_salt("collect-scroll")
                    .show(ui, |ui| self.form_ui(ui, view));
            });
            ui.separator();
            let rest = ui.available_width();
            ui.allocate_ui_with_layout(egui::vec2(rest, height), column, |ui| {
                // Up and down only: the card keeps to its column (a long link is cut at its
                // edge; "Copiar link" copies it whole) and what takes the keyboard in it is
                // never scrolled to sideways.
                egui::ScrollArea::vertical()
                    .id_salt("collect-card-scroll")
                    .show(ui, |ui| self.card_ui(ui, view));
            });
        });
    }

    /// The form of the kind of sale chosen, under what was sold line by line (a counter's code,
    /// whose payer types the amount, sells no lines).
    fn form_ui(&mut self, ui: &mut Ui, view: &CollectView<'_>) {
        let takes_lines =
            !(self.mode == CollectMode::Resource && self.resource.shape().forbids_amount());
        if takes_lines {
            let owner = matches!(view.seller, Seller::Anyone | Seller::Owner);
            self.lines.ui(ui, owner);
        }
        let total = self.lines.total().filter(|_| takes_lines);
        self.follow_lines(total);
        self.cash.writing = self.till.is_writing();
        let lines = self.lines.for_sale(total);
        let queued = &mut self.queued;
        match self.mode {
            CollectMode::Link => self.link.ui(ui, view, queued),
            CollectMode::Method => self.method.ui(ui, view, queued),
            CollectMode::Resource => self.resource.ui(ui, view, queued),
            CollectMode::Cash => self.cash.ui(ui, view, (lines, queued)),
            CollectMode::Tab => self.fiar.ui(ui, total, (lines, queued)),
        }
    }

    /// With lines, the form's Valor is their sum, shown and not typed.
    fn follow_lines(&mut self, total: Option<crate::money::Pesos>) {
        let listed = total.is_some();
        self.link.fields.from_lines = listed;
        self.method.fields.from_lines = listed;
        self.resource.from_lines = listed;
        self.cash.from_lines = listed;
        let Some(total) = total else {
            return;
        };
        let amount = match self.mode {
            CollectMode::Link => &mut self.link.fields.amount,
            CollectMode::Method => &mut self.method.fields.amount,
            CollectMode::Resource => &mut self.resource.amount,
            CollectMode::Cash => &mut self.cash.typed.amount,
            CollectMode::Tab => &mut self.fiar.typed.amount,
        };
        *amount = total.to_string();
    }

    /// The card of the payment the form created; "Nueva venta" readies the amount.
    fn card_ui(&mut self, ui: &mut Ui, view: &CollectView<'_>) {
        let queued = &mut self.queued;
        match self.mode {
            CollectMode::Link => {
                self.link.fields.take_keyboard |= self.link.submission.card_ui(ui, view, queued);
            }
            CollectMode::Method => {
                self.method.fields.take_keyboard |=
                    self.method.submission.card_ui(ui, view, queued);
            }
            CollectMode::Resource => {
                self.resource.submission.card_ui(ui, view, queued);
            }
            CollectMode::Cash | CollectMode::Tab => {
                let asked = self.till.card_ui(ui, view, (&mut self.till_view, queued));
                if let Some(asked) = asked {
                    self.card_asked(asked);
                }
            }
        }
        let views = [
            &mut self.link.submission.view,
            &mut self.method.submission.view,
            &mut self.resource.submission.view,
            &mut self.till_view,
        ];
        let asked: Vec<CardAsked> = views
            .into_iter()
            .filter_map(|view| view.asked.take())
            .collect();
        for asked in asked {
            self.card_asked(asked);
        }
    }
}

/// Who sells here, beside the title: a cashier by name, the owner, or, in Caja with nobody
/// named, that the sales carry no name and how to say who is selling.
fn seller_ui(ui: &mut Ui, seller: &Seller, queued: &mut Queue<CollectCommand>) {
    let palette = crate::ui::theme::palette(ui);
    let (words, tone) = match seller {
        Seller::Anyone => return,
        Seller::Owner => (t!("collect-seller", who = t!("collect-seller-owner")), None),
        Seller::Cashier(name) => (t!("collect-seller", who = name.as_str()), None),
        Seller::Nobody { cashiers: true } => (t!("collect-seller-nobody"), Some(palette.warning)),
        Seller::Nobody { cashiers: false } => {
            (t!("collect-seller", who = t!("collect-seller-caja")), None)
        }
    };
    let text = RichText::new(words)
        .size(crate::ui::theme::size::NOTE)
        .strong();
    ui.label(match tone {
        Some(colour) => text.color(colour),
        None => text,
    });
    if *seller == (Seller::Nobody { cashiers: true })
        && ui.button(t!("collect-seller-identify")).clicked()
    {
        queued.ask(ui, CollectCommand::TakeTill);
    }
}

/// In the dark: no new charge can be made, and a counter code still takes payments (the payer
/// pays on their own data); each open one can be put in front of the customer from here, and
/// cash is taken as ever. True when «Cobrar en efectivo» was pressed.
fn offline_ui(
    ui: &mut Ui,
    view: &CollectView<'_>,
    since: i64,
    queued: &mut Queue<CollectCommand>,
) -> bool {
    let now = crate::ledger::now_ms();
    let mut cash = false;
    crate::ui::widgets::offline::banner_with(ui, since, &t!("collect-offline"), |ui| {
        cash = ui.button(t!("cashsale-offline-go")).clicked();
        let mut open_codes = view
            .tracker
            .payments
            .iter()
            .filter(|payment| payment.takes_payments(now))
            .peekable();
        if open_codes.peek().is_none() {
            ui.label(RichText::new(t!("collect-offline-no-counter-code")).weak());
        }
        for code in open_codes {
            let kind = view.tracker.kind_words(code);
            let what = if code.description.is_empty() {
                kind.clone()
            } else {
                format!("{kind} ({})", code.description)
            };
            if ui
                .button(t!("collect-offline-show-code", what = what))
                .clicked()
            {
                queued.push(CollectCommand::ShowCustomer(CreatedPayment::of_tracked(
                    code, kind,
                )));
            }
        }
    });
    cash
}

impl crate::ui::panels::PanelState for CollectPanel {
    fn logic(&mut self, work: &mut crate::ui::LogicContext<'_>) {
        CollectPanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut egui::Ui, draw: &mut crate::ui::panels::DrawContext<'_>) {
        let mut view = CollectView::of(draw.session, draw.tracker, draw.notifications);
        view.service_away = draw.service_away;
        view.seller = Seller::of(draw.access);
        crate::ui::panels::printer_settings::approval_problem(ui, draw.paper);
        self.ui(ui, &view);
    }

    fn holds_a_sale(&self, tracker: &crate::ui::services::tracker::Tracker) -> bool {
        self.sale_in_progress(tracker)
    }

    fn hear(&mut self, news: &crate::ui::plumbing::news::News) {
        if crate::ui::panels::another_merchant(news) {
            *self = Default::default();
        } else if let crate::ui::plumbing::news::News::PaymentEnded { reference, .. } = news {
            self.sale_ended(reference);
        } else if *news == crate::ui::plumbing::news::News::Cash {
            self.cash.drawer_changed();
        } else if *news == crate::ui::plumbing::news::News::Tab {
            self.fiar.tabs_changed();
        } else if matches!(news, crate::ui::plumbing::news::News::Connected { .. }) {
            self.lines.items_changed();
            self.fiar.tabs_changed();
        }
    }
}
