//! «Fiar», a way to pay in Cobrar: the sale (its amount, or its lines' sum), a deposit in cash if
//! the customer pays part now, and whose tab the rest goes on: a customer picked from Fiado's
//! list or added there and then (with their authorisation; a limit is the owner's, as in Fiado).
//! The sale is handed over like any other (`till.rs`) and ends in a sale with its number; over
//! the customer's limit the books say so, and the owner's PIN allows it.

use egui::{RichText, Ui};

use crate::ledger::{LedgerError, SaleNumber, TabBalance, TabPart, TabRefusal};
use crate::money::Pesos;
use crate::requests::TabSaleForm;
use crate::t;
use crate::ui::LogicContext;
use crate::ui::panels::tabs::{AddAsked, AddDraft, Added, found, standing};
use crate::ui::plumbing::bridge::{Requested, UiError};
use crate::ui::plumbing::queue::Queue;
use crate::ui::widgets::form::{self, blocking_reasons, error_box};
use crate::validate::Field;

use super::fields::sale_amount;
use super::till::TillAsk;
use super::view::CollectCommand;

/// How many customers the picker shows at once: the rest are a search away.
const SHOWN_CUSTOMERS: usize = 6;

/// The picker's room: it holds still while the list loads or the search narrows it.
const PICKER_HEIGHT: f32 = 190.0;

/// The Fiar form and the customers it picks from.
#[derive(Default)]
pub(super) struct FiarForm {
    pub(super) typed: TabSaleForm,
    pub(super) search: String,
    pub(super) customers: Requested<Vec<TabBalance>>,
    customers_read: bool,
    /// The customer whose tab the sale goes on: their id and name.
    pub(super) picked: Option<(i64, String)>,
    /// Adding a customer, while open.
    pub(super) adding: Option<AddDraft>,
    pub(super) added: Requested<Added>,
    /// A customer with a limit asked in Caja: kept once the owner's PIN is right.
    awaiting_owner: Option<AddAsked>,
    added_asked: Queue<AddAsked>,
    /// The sale whose missing part goes on the tab (charged again another way).
    pub(super) again: Option<SaleNumber>,
    /// The amount takes the keyboard at the next frame.
    pub(super) take_keyboard: bool,
    /// The button was pressed while the sale could not go: say why.
    pressed: bool,
}

impl FiarForm {
    /// Whether a sale is typed here and not handed over.
    pub(super) fn holds_a_sale(&self) -> bool {
        !self.typed.amount.trim().is_empty()
    }

    /// A sale typed elsewhere in Cobrar (the link form, Efectivo) comes here to be put on a tab.
    pub(super) fn carry(&mut self, typed: TabSaleForm, again: Option<SaleNumber>) {
        self.typed = typed;
        self.again = again;
        self.customers_read = false;
        self.pressed = false;
    }

    /// A tab changed (here, in Fiado, at another till): the list is read again.
    pub(super) fn tabs_changed(&mut self) {
        self.customers_read = false;
    }

    /// Empties what belongs to one sale; the customers stay.
    pub(super) fn clear_sale(&mut self) {
        self.typed = TabSaleForm::default();
        self.picked = None;
        self.search.clear();
        self.again = None;
        self.pressed = false;
        self.take_keyboard = true;
    }

    /// A refused sale back in the form, as it was asked.
    pub(super) fn put_back(&mut self, ask: &TillAsk) {
        self.typed = TabSaleForm {
            amount: ask.amount().to_string(),
            deposit: ask
                .cash
                .map(|(amount, _)| amount.to_string())
                .unwrap_or_default(),
            description: ask.sale.description.clone(),
        };
        self.picked = ask
            .tab
            .as_ref()
            .map(|(tab, name)| (tab.customer, name.clone()));
        self.again = ask.again;
    }

    /// Reads the customers when first shown (and after a change), and keeps a customer added.
    pub(super) fn logic(&mut self, work: &mut LogicContext<'_>, shown: bool) {
        if let Some(waiting) = self.awaiting_owner.take() {
            if work.access.owner_side() {
                self.added_asked.push(waiting);
            } else if work.access.prompt.is_some() {
                self.awaiting_owner = Some(waiting);
            }
        }
        let Ok(ledger) = work.session.ledger.clone() else {
            return;
        };
        for asked in self.added_asked.take() {
            if asked.customer.limit.is_some() && !work.access.owner_side() {
                // A limit is the owner's to set: the PIN first, then kept as the owner's.
                self.awaiting_owner = Some(asked);
                work.access.ask_owner_pin();
                continue;
            }
            let (actor, ledger) = (work.access.actor(), ledger.clone());
            let now = crate::clock::now_ms();
            self.added.start(work.bridge.spawn_blocking(move || {
                match ledger.add_tab_customer(&actor, &asked.customer, asked.same_cellphone_ok, now)
                {
                    Ok(kept) => Ok(Added::Kept(kept)),
                    Err(LedgerError::Tab(TabRefusal::SameCellphone { name })) => {
                        Ok(Added::SameCellphone { name })
                    }
                    Err(error) => Err(UiError::explained(&error)),
                }
            }));
        }
        if self.added.poll()
            && let Some(Added::Kept(customer)) = self.added.value()
        {
            self.picked = Some((customer.id, customer.name.clone()));
            self.adding = None;
            self.customers_read = false;
            work.actions.push(crate::ui::AppAction::Tell(
                crate::ui::plumbing::news::News::Tab,
            ));
        }
        if shown && !self.customers_read && !self.customers.is_pending() {
            self.customers_read = true;
            self.customers.start(work.bridge.spawn_blocking(move || {
                ledger
                    .tab_customers()
                    .map_err(|error| UiError::explained(&error))
            }));
        }
        self.customers.poll();
    }

    /// The form: the amount (`from_lines`: their sum, not typed), the deposit, what was taken,
    /// the customer, and «Fiar $ 12.500 a Rosa Pérez».
    pub(super) fn ui(
        &mut self,
        ui: &mut Ui,
        from_lines: Option<Pesos>,
        (lines, queued): (Vec<crate::ledger::SaleLine>, &mut Queue<CollectCommand>),
    ) {
        if let Some(total) = from_lines {
            self.typed.amount = total.to_string();
        }
        if let Some(number) = self.again {
            ui.label(RichText::new(t!("cobrar-fiar-again", number = number.to_string())).strong());
        }
        let parsed = self.typed.parse();
        let problems = parsed.as_ref().err().cloned().unwrap_or_default();
        sale_amount(
            ui,
            &mut self.typed.amount,
            from_lines.is_some() || self.again.is_some(),
            &problems,
            &mut self.take_keyboard,
        );
        // What is missing of a sale goes on the tab whole: a deposit is a sale's own part.
        if self.again.is_none() {
            self.deposit_ui(ui, &problems, parsed.as_ref().ok());
        }
        let label = ui.label(t!("field-what-is-sold"));
        ui.add(
            egui::TextEdit::singleline(&mut self.typed.description)
                .hint_text(t!("hint-optional"))
                .desired_width(360.0),
        )
        .labelled_by(label.id);
        let shown = form::problem_for(&problems, Field::Description)
            .filter(|_| !self.typed.description.trim().is_empty());
        form::problem_slot(ui, shown.map(|problem| problem.message.as_str()));
        self.customer_ui(ui);
        ui.add_space(crate::ui::theme::space::LARGE);
        // Read again now the fields took this frame's keys: what goes on the tab is what they
        // read, not what the frame began with.
        self.foot_ui(ui, self.typed.parse(), &problems, (lines, queued));
    }

    /// «Abono en efectivo»: what the customer pays now, and what goes on the tab.
    fn deposit_ui(
        &mut self,
        ui: &mut Ui,
        problems: &[crate::validate::ValidationError],
        parsed: Option<&crate::requests::TabSaleAsk>,
    ) {
        ui.add_space(crate::ui::theme::space::SMALL);
        egui::Grid::new("cobrar-fiar-deposit")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                form::pesos_row(
                    ui,
                    &form::optional_label(t!("cobrar-fiar-deposit"), true),
                    &mut self.typed.deposit,
                    &t!("cobrar-fiar-deposit-hint"),
                    form::problem_for(problems, Field::Tendered),
                );
            });
        // Its room kept: what goes on the tab is said once the sale reads whole.
        let line = ui.text_style_height(&egui::TextStyle::Body);
        ui.allocate_ui(egui::vec2(ui.available_width(), line), |ui| {
            ui.set_min_height(line);
            if let Some(ask) = parsed.filter(|ask| ask.deposit.is_some()) {
                ui.label(t!("cobrar-fiar-on-tab", amount = ask.on_tab().to_string()));
            }
        });
    }

    /// Whose tab: the customer picked, the search and the list (in a room of its own), and
    /// adding one.
    fn customer_ui(&mut self, ui: &mut Ui) {
        ui.add_space(crate::ui::theme::space::SMALL);
        let picked = match &self.picked {
            Some((_, name)) => t!("cobrar-fiar-picked", name = name.as_str()),
            None => t!("cobrar-fiar-pick"),
        };
        ui.label(RichText::new(picked).strong());
        ui.horizontal(|ui| {
            let label = ui.label(t!("fiado-search"));
            ui.add(
                egui::TextEdit::singleline(&mut self.search)
                    .hint_text(t!("fiado-search-hint"))
                    .desired_width(220.0),
            )
            .labelled_by(label.id);
        });
        ui.allocate_ui(egui::vec2(ui.available_width(), PICKER_HEIGHT), |ui| {
            ui.set_min_height(PICKER_HEIGHT);
            egui::ScrollArea::vertical()
                .id_salt("cobrar-fiar-customers")
                .max_height(PICKER_HEIGHT)
                .show(ui, |ui| self.list_ui(ui));
        });
        let asked_queue = &mut self.added_asked;
        AddDraft::offered_ui(ui, &mut self.adding, &mut self.added, |ui, draft, added| {
            if let Some(asked) = draft.form_ui(ui, added, added.is_pending()) {
                asked_queue.ask(ui, asked);
            }
        });
    }

    /// The customers that answer the search, a click from being picked.
    fn list_ui(&mut self, ui: &mut Ui) {
        if let Some(error) = self.customers.error() {
            error_box(ui, error);
        }
        let Some(balances) = self.customers.value() else {
            if self.customers.is_pending() {
                ui.spinner();
            }
            return;
        };
        if balances.is_empty() {
            ui.label(RichText::new(t!("fiado-no-customers")).weak());
            return;
        }
        let shown: Vec<&TabBalance> = balances
            .iter()
            .filter(|balance| found(balance, &self.search))
            .take(SHOWN_CUSTOMERS)
            .collect();
        if shown.is_empty() {
            ui.label(RichText::new(t!("fiado-none-found")).weak());
        }
        let mut picked = None;
        for balance in shown {
            let chosen = self
                .picked
                .as_ref()
                .is_some_and(|(id, _)| *id == balance.customer.id);
            ui.horizontal(|ui| {
                if ui
                    .selectable_label(chosen, &balance.customer.name)
                    .clicked()
                {
                    picked = Some((balance.customer.id, balance.customer.name.clone()));
                }
                ui.label(RichText::new(standing(balance)).weak());
            });
        }
        if picked.is_some() {
            self.picked = picked;
        }
    }

    /// «Fiar $ 12.500 a Rosa Pérez», and why it waits.
    fn foot_ui(
        &mut self,
        ui: &mut Ui,
        parsed: Result<crate::requests::TabSaleAsk, crate::requests::Problems>,
        problems: &[crate::validate::ValidationError],
        (lines, queued): (Vec<crate::ledger::SaleLine>, &mut Queue<CollectCommand>),
    ) {
        let words = match (&parsed, &self.picked) {
            (Ok(ask), Some((_, name))) => t!(
                "cobrar-fiar-button",
                amount = ask.on_tab().to_string(),
                name = name.as_str()
            ),
            _ => t!("cobrar-fiar-button-blank"),
        };
        let ready = parsed.is_ok() && self.picked.is_some();
        let response = crate::ui::widgets::primary::primary_button(ui, ready, &words, None);
        if !ready && response.contains_pointer() && ui.input(|i| i.pointer.primary_released()) {
            self.pressed = true;
        }
        let pressed = ready && response.clicked();
        if self.pressed || !self.typed.amount.trim().is_empty() {
            let labels = [
                (Field::Amount, t!("field-amount")),
                (Field::Tendered, t!("cobrar-fiar-deposit")),
                (Field::Description, t!("field-what-is-sold")),
            ];
            blocking_reasons(ui, problems, &labels);
            if self.picked.is_none() {
                ui.label(RichText::new(t!("cobrar-fiar-pick-first")).weak());
            }
        }
        let (Ok(ask), Some((customer, name))) = (parsed, self.picked.clone()) else {
            return;
        };
        if !pressed {
            return;
        }
        let mut sale = TillAsk::of(ask.amount, &ask.description, lines);
        sale.cash = ask.deposit.map(|deposit| (deposit, deposit));
        sale.tab = Some((
            TabPart {
                customer,
                amount: ask.on_tab(),
            },
            name,
        ));
        sale.again = self.again;
        queued.ask(ui, CollectCommand::Sell(Box::new(sale)));
        self.clear_sale();
    }
}
