//! Efectivo's drawing: the amount, «¿Con cuánto paga?» with the usual bills a key away, the
//! change shown big (or what is missing, in the warning colour, with the rest a click from a QR,
//! a link or the customer's tab), and the shift this till sells in. It only draws: the sale it
//! hands over is written by `logic`; its card is the till's (`till_card.rs`).

use egui::{RichText, Ui};

use crate::money::Pesos;
use crate::money::cash::{Change, USUAL_BILLS};
use crate::t;
use crate::ui::plumbing::queue::Queue;
use crate::ui::widgets::form;
use crate::validate::{self, Field, ValidationError};

use super::cash::{CashForm, Drawer};
use super::fields::{money_field, sale_amount};
use super::view::{CollectCommand, CollectView};

/// How a sale's rest is charged from Efectivo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rest {
    Qr,
    Link,
    Tab,
}

impl CashForm {
    /// The form, as the drawer lets it sell: nothing to sell while the shift left open on an
    /// earlier day is not counted; the base asked for when no shift is open. `lines`: what was
    /// sold, line by line, for the sale handed over.
    pub(super) fn ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        (lines, queued): (Vec<crate::ledger::SaleLine>, &mut Queue<CollectCommand>),
    ) {
        let drawer = self.drawer(crate::clock::now_ms());
        if let Drawer::LeftOpen { since } = drawer {
            let since = crate::clock::shown_datetime(since);
            crate::ui::widgets::problem::problem(
                ui,
                crate::ui::widgets::problem::Tone::Failed,
                &t!("cashsale-left-open", since = since),
                None,
                None,
            );
            return;
        }
        // Its room kept: the line dropping or coming back never moves the fields.
        let line = ui.text_style_height(&egui::TextStyle::Body);
        ui.allocate_ui(egui::vec2(ui.available_width(), line), |ui| {
            ui.set_min_height(line);
            if view.service_away.is_some() {
                ui.label(RichText::new(t!("cashsale-offline")).weak());
            }
        });
        if let Some(error) = self.shift.error() {
            crate::ui::widgets::form::error_box(ui, error);
        }
        self.instead_of_ui(ui);
        let problems = self.typed.parse().err().unwrap_or_default();
        let mut enter = false;
        let amount = sale_amount(
            ui,
            &mut self.typed.amount,
            self.from_lines,
            &problems,
            &mut self.take_keyboard,
        );
        enter |= form::submitted(&amount);
        ui.add_space(crate::ui::theme::space::SMALL);
        enter |= self.tendered_ui(ui, &problems);
        let handed: Option<Change> = ui.data(|data| data.get_temp(handed_over_id()));
        change_ui(ui, &self.typed.amount, &self.typed.tendered, handed);
        let rest = self.rest_ui(ui);
        enter |= self.description_ui(ui, &problems);
        if drawer == Drawer::Closed {
            ui.add_space(crate::ui::theme::space::MEDIUM);
            ui.label(
                RichText::new(t!("cashsale-no-shift"))
                    .strong()
                    .color(ui.visuals().warn_fg_color),
            );
            enter |= self.base_ui(ui);
        }
        ui.add_space(crate::ui::theme::space::LARGE);
        let base = match drawer {
            Drawer::Closed => crate::requests::cash_base(&self.base).map(Some).ok(),
            _ => Some(None),
        };
        if let Some(rest) = rest {
            self.rest_asked(ui, view, rest, (base, lines.clone(), queued));
        }
        if self.foot_ui(ui, (drawer, base), enter, (lines, queued)) {
            // Ready for the next customer in this same frame: the amount has the keyboard.
            amount.request_focus();
        }
    }

    /// The electronic sale this one is charged instead of, or the open sale whose missing part
    /// it pays, and the way back from it.
    fn instead_of_ui(&mut self, ui: &mut Ui) {
        let words = match (&self.instead_of, &self.again) {
            (Some(sale), _) => t!(
                "cashsale-instead-of",
                reference = sale.reference.as_str(),
                amount = sale.amount.to_string()
            ),
            (None, Some((number, missing))) => t!(
                "cobrar-cash-again",
                number = number.to_string(),
                missing = missing.to_string()
            ),
            (None, None) => return,
        };
        let mut cancel = false;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(RichText::new(words).strong());
            cancel = ui.button(t!("cashsale-instead-of-cancel")).clicked();
        });
        if cancel {
            self.instead_of = None;
            self.again = None;
            self.typed = Default::default();
            self.take_keyboard = true;
        }
        ui.add_space(crate::ui::theme::space::SMALL);
    }

    /// «¿Con cuánto paga?», and the usual bills and «Exacto» a click away. True on Enter.
    fn tendered_ui(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
        // What is missing is said big under the bills: the field itself says only a bad value.
        let unreadable = !self.typed.tendered.trim().is_empty()
            && validate::amount(Field::Tendered, &self.typed.tendered).is_err();
        let problem = form::problem_for(problems, Field::Tendered).filter(|_| unreadable);
        let response = money_field(
            ui,
            (&mut self.typed.tendered, &t!("cashsale-tendered")),
            problem,
            std::mem::take(&mut self.take_keyboard_tendered),
            false,
        );
        // Two rows of three, whatever the column's width: the form is narrower once a sale's
        // card stands beside it, and a row that wrapped there would move every field below it
        // under the cashier's hand between the first sale and the next.
        // A bill pressed gives the keyboard back to the field, so Enter (written beside the
        // button) records the sale as it does after typing.
        let (first, rest) = USUAL_BILLS.split_at(3);
        for row in [first, rest] {
            ui.horizontal(|ui| {
                for bill in row {
                    if ui.button(bill.to_string()).clicked() {
                        self.typed.tendered = bill.to_string();
                        self.take_keyboard_tendered = true;
                    }
                }
                if row.len() < 3 && ui.button(t!("cashsale-exact")).clicked() {
                    self.typed.tendered.clear();
                    self.take_keyboard_tendered = true;
                }
            });
        }
        form::submitted(&response)
    }

    /// What the customer handed over and the amount, when the first falls short of the second
    /// (and it is no charge instead of another, nor what an open sale misses).
    fn short(&self) -> Option<(Pesos, Pesos, Pesos)> {
        if self.instead_of.is_some() || self.again.is_some() {
            return None;
        }
        let amount = validate::amount(Field::Amount, &self.typed.amount).ok()?;
        let tendered = validate::amount(Field::Tendered, &self.typed.tendered).ok()?;
        let rest = crate::requests::rest_after(amount, tendered)?;
        Some((amount, tendered, rest))
    }

    /// Handed over less than the sale: the rest a click from a QR, a link or the customer's tab.
    /// Its room is kept whether offered or not, so the fields below never move.
    fn rest_ui(&mut self, ui: &mut Ui) -> Option<Rest> {
        let short = self.short();
        let height = ui.spacing().interact_size.y * 2.0 + ui.spacing().item_spacing.y * 2.0;
        let mut chosen = None;
        ui.allocate_ui(egui::vec2(ui.available_width(), height), |ui| {
            ui.set_min_height(height);
            let Some((_, _, rest)) = short else {
                return;
            };
            ui.label(t!("cobrar-rest-title", rest = rest.to_string()));
            ui.horizontal_wrapped(|ui| {
                for (way, words) in [
                    (Rest::Qr, t!("cobrar-rest-qr")),
                    (Rest::Link, t!("cobrar-rest-link")),
                    (Rest::Tab, t!("cobrar-rest-tab")),
                ] {
                    if ui.button(words).clicked() {
                        chosen = Some(way);
                    }
                }
            });
        });
        chosen
    }

    /// The rest chosen: by a QR or a link, the sale goes now with its cash part (the books refuse
    /// it in words should the parts not add up); on a tab, to the Fiar form.
    fn rest_asked(
        &mut self,
        ui: &Ui,
        view: &CollectView<'_>,
        rest: Rest,
        (base, lines, queued): (
            Option<Option<Pesos>>,
            Vec<crate::ledger::SaleLine>,
            &mut Queue<CollectCommand>,
        ),
    ) {
        let Some((amount, tendered, left)) = self.short() else {
            return;
        };
        let description = self.typed.description.trim().to_owned();
        let reference1 = crate::collections::fresh_reference1();
        let charge = match rest {
            Rest::Tab => {
                self.rest_on_tab(Some(tendered));
                return;
            }
            Rest::Qr => crate::requests::rest_by_qr(left, &description, &reference1)
                .map(crate::collections::ChargeRequest::Resource),
            Rest::Link => {
                crate::requests::rest_by_link(left, &description, &reference1, &view.service)
                    .map(crate::collections::ChargeRequest::Link)
            }
        };
        match (charge, base) {
            (Ok(charge), Some(open_with)) => {
                let sale = self.hand_over_with_rest((amount, tendered), charge, (open_with, lines));
                queued.ask(ui, CollectCommand::Sell(Box::new(sale)));
            }
            // The base is said missing under its field; the charge's own problems cannot come
            // from what was typed here, and are said by the service's refusal otherwise.
            (Err(problems), _) => tracing::warn!(?problems, "the rest's charge was not read"),
            (Ok(_), None) => {}
        }
    }

    /// What is sold, optional. True on Enter.
    fn description_ui(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
        let label = ui.label(t!("field-what-is-sold"));
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut self.typed.description)
                    .hint_text(t!("hint-optional"))
                    .desired_width(360.0),
            )
            .labelled_by(label.id);
        let shown = form::problem_for(problems, Field::Description)
            .filter(|_| !self.typed.description.trim().is_empty());
        form::problem_slot(ui, shown.map(|problem| problem.message.as_str()));
        form::submitted(&response)
    }

    /// The base the shift opens with. True on Enter.
    fn base_ui(&mut self, ui: &mut Ui) -> bool {
        let label = ui.label(t!("cashsale-base"));
        let before = self.base.clone();
        let output = egui::TextEdit::singleline(&mut self.base)
            .hint_text("$ 0")
            .desired_width(200.0)
            .show(ui);
        let response = (*output.response).clone().labelled_by(label.id);
        crate::ui::widgets::pesos::group_typed(
            ui,
            &response,
            output.state,
            &before,
            &mut self.base,
        );
        let problem = crate::requests::cash_base(&self.base)
            .err()
            .filter(|_| !self.base.trim().is_empty());
        form::problem_slot(ui, problem.as_ref().map(|p| p.message.as_str()));
        form::submitted(&response)
    }

    /// The button (Enter in a field presses it): the sale handed over when it reads whole; and
    /// «Fiar a…», which takes the sale to the Fiar form. True when a sale went: the form is
    /// empty for the next one.
    fn foot_ui(
        &mut self,
        ui: &mut Ui,
        (drawer, base): (Drawer, Option<Option<Pesos>>),
        enter: bool,
        (lines, queued): (Vec<crate::ledger::SaleLine>, &mut Queue<CollectCommand>),
    ) -> bool {
        let sale = self.typed.parse();
        let words = match drawer {
            Drawer::Closed => t!("cashsale-open-and-sell"),
            _ => t!("cashsale-record"),
        };
        let ready = sale.is_ok() && base.is_some();
        let pressed = ui
            .horizontal(|ui| {
                let pressed = crate::ui::widgets::primary::primary_button(
                    ui,
                    ready,
                    &words,
                    Some(crate::ui::widgets::primary::Shortcut::Enter),
                )
                .clicked();
                let fiar = self.instead_of.is_none() && self.again.is_none();
                if fiar && ui.button(t!("fiado-from-collect")).clicked() {
                    self.rest_on_tab(None);
                }
                pressed
            })
            .inner;
        if drawer == Drawer::Closed && base.is_none() {
            ui.label(RichText::new(t!("cashsale-base-needed")).weak());
        }
        self.writing_ui(ui);
        let (Ok(ask), Some(open_with)) = (sale, base) else {
            return false;
        };
        if !(pressed || enter) {
            return false;
        }
        let handed = Change::of(ask.amount, ask.tendered);
        ui.data_mut(|data| data.insert_temp(handed_over_id(), handed));
        let sale = self.hand_over(ask, open_with, lines);
        queued.ask(ui, CollectCommand::Sell(Box::new(sale)));
        true
    }
}

/// Where the change of the sale last handed over is kept, said where the change is until the
/// next amount is typed (the form is emptied for the next customer in the frame of the key, and
/// the sale's card may be below the fold of a small screen).
fn handed_over_id() -> egui::Id {
    egui::Id::unique("cashsale-handed-over")
}

impl CashForm {
    /// Under the button, in room kept: «Registrando la venta…» while the books write.
    fn writing_ui(&self, ui: &mut Ui) {
        let height = ui.text_style_height(&egui::TextStyle::Body) * 1.4;
        ui.allocate_ui(egui::vec2(ui.available_width(), height), |ui| {
            ui.set_min_height(height);
            if self.writing {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(t!("cashsale-writing"));
                });
            }
        });
    }
}

/// The change, big, as the amount and what is handed over are typed; or what is missing, in the
/// warning colour; with the form empty, the change of the sale just handed over (`handed`). Its
/// room is kept, so the fields below never move.
fn change_ui(ui: &mut Ui, amount: &str, tendered: &str, handed: Option<Change>) {
    let empty = amount.trim().is_empty();
    let amount = validate::amount(Field::Amount, amount).ok();
    let tendered = if tendered.trim().is_empty() {
        amount
    } else {
        validate::amount(Field::Tendered, tendered).ok()
    };
    let size = crate::ui::theme::size::AMOUNT;
    let line = match (amount, tendered) {
        (Some(amount), Some(tendered)) => match Change::of(amount, tendered) {
            Change::Give(change) => Some(change_words(change)),
            Change::Short(missing) => Some(
                RichText::new(t!("cash-tendered-short", missing = missing.to_string()))
                    .color(ui.visuals().warn_fg_color),
            ),
        },
        _ => match handed {
            Some(Change::Give(change)) if empty => Some(change_words(change)),
            _ => None,
        },
    };
    let height = ui.text_style_height(&egui::TextStyle::Body).max(size * 1.3);
    ui.allocate_ui(egui::vec2(ui.available_width(), height), |ui| {
        ui.set_min_height(height);
        if let Some(line) = line {
            ui.label(line.size(size).strong());
        }
    });
}

/// «Vueltas: $ 5.000».
pub(super) fn change_words(change: Pesos) -> RichText {
    RichText::new(t!("cashsale-change", change = change.to_string()))
}
