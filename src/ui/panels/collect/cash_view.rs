//! Efectivo's drawing: the amount, «¿Con cuánto paga?» with the usual bills a key away, the
//! change shown big (or what is missing, in the warning colour), the shift this till sells in,
//! and the card of the last sale or the books' refusal. It only draws: the sale it hands over is
//! written by `logic`.

use egui::{RichText, Ui};

use crate::money::Pesos;
use crate::money::cash::{Change, USUAL_BILLS};
use crate::t;
use crate::ui::plumbing::queue::Queue;
use crate::ui::widgets::form;
use crate::validate::{self, Field, ValidationError};

use super::cash::{CashForm, Drawer};
use super::fields::money_field;
use super::view::{CollectCommand, CollectView};

impl CashForm {
    /// The form, as the drawer lets it sell: nothing to sell while the shift left open on an
    /// earlier day is not counted; the base asked for when no shift is open.
    pub(super) fn ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        queued: &mut Queue<CollectCommand>,
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
        let amount = money_field(
            ui,
            (&mut self.typed.amount, &t!("field-amount")),
            form::problem_for(&problems, Field::Amount),
            std::mem::take(&mut self.take_keyboard),
            true,
        );
        enter |= form::submitted(&amount);
        ui.add_space(crate::ui::theme::space::SMALL);
        enter |= self.tendered_ui(ui, &problems);
        change_ui(ui, &self.typed.amount, &self.typed.tendered);
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
        if self.foot_ui(ui, drawer, enter, queued) {
            // Ready for the next customer in this same frame: the amount has the keyboard.
            amount.request_focus();
        }
    }

    /// The electronic sale this one is charged instead of, and the way back from it.
    fn instead_of_ui(&mut self, ui: &mut Ui) {
        let Some(sale) = &self.instead_of else {
            return;
        };
        let words = t!(
            "cashsale-instead-of",
            reference = sale.reference.as_str(),
            amount = sale.amount.to_string()
        );
        let mut cancel = false;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(RichText::new(words).strong());
            cancel = ui.button(t!("cashsale-instead-of-cancel")).clicked();
        });
        if cancel {
            self.instead_of = None;
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
        let (first, rest) = USUAL_BILLS.split_at(3);
        for row in [first, rest] {
            ui.horizontal(|ui| {
                for bill in row {
                    if ui.button(bill.to_string()).clicked() {
                        self.typed.tendered = bill.to_string();
                    }
                }
                if row.len() < 3 && ui.button(t!("cashsale-exact")).clicked() {
                    self.typed.tendered.clear();
                }
            });
        }
        form::submitted(&response)
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
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut self.base)
                    .hint_text("$ 0")
                    .desired_width(200.0),
            )
            .labelled_by(label.id);
        let problem = crate::requests::cash_base(&self.base)
            .err()
            .filter(|_| !self.base.trim().is_empty());
        form::problem_slot(ui, problem.as_ref().map(|p| p.message.as_str()));
        form::submitted(&response)
    }

    /// The button (Enter in a field presses it): the sale handed over when it reads whole.
    /// True when a sale went: the form is empty for the next one.
    fn foot_ui(
        &mut self,
        ui: &mut Ui,
        drawer: Drawer,
        enter: bool,
        queued: &mut Queue<CollectCommand>,
    ) -> bool {
        let sale = self.typed.parse();
        let base = match drawer {
            Drawer::Closed => crate::requests::cash_base(&self.base).map(Some).ok(),
            _ => Some(None),
        };
        let words = match drawer {
            Drawer::Closed => t!("cashsale-open-and-sell"),
            _ => t!("cashsale-record"),
        };
        let ready = sale.is_ok() && base.is_some();
        let pressed = crate::ui::widgets::primary::primary_button(
            ui,
            ready,
            &words,
            Some(crate::ui::widgets::primary::Shortcut::Enter),
        )
        .clicked();
        if drawer == Drawer::Closed && base.is_none() {
            ui.label(RichText::new(t!("cashsale-base-needed")).weak());
        }
        if self.is_writing() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(t!("cashsale-writing"));
            });
        }
        let (Ok(ask), Some(open_with)) = (sale, base) else {
            return false;
        };
        if !(pressed || enter) {
            return false;
        }
        let sale = self.hand_over(ask, open_with);
        queued.ask(ui, CollectCommand::SellCash(sale));
        true
    }
}

/// The change, big, as the amount and what is handed over are typed; or what is missing, in the
/// warning colour. Its room is kept, so the fields below never move.
fn change_ui(ui: &mut Ui, amount: &str, tendered: &str) {
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
        _ => None,
    };
    let height = ui.text_style_height(&egui::TextStyle::Body).max(size * 1.3);
    ui.allocate_ui(egui::vec2(ui.available_width(), height), |ui| {
        ui.set_min_height(height);
        if let Some(line) = line {
            ui.label(line.size(size).strong());
        }
    });
}

fn change_words(change: Pesos) -> RichText {
    RichText::new(t!("cashsale-change", change = change.to_string()))
}

impl CashForm {
    /// Whether a card is there to show: the last sale written, or a refusal to put back.
    pub(super) fn has_card(&self) -> bool {
        self.recorded.is_some() || !self.refused.is_empty()
    }

    /// The books' refusals first (each sale kept to put back), then the last sale written.
    pub(super) fn card_ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        queued: &mut Queue<CollectCommand>,
    ) {
        let mut put_back = None;
        for (index, refused) in self.refused.iter().enumerate() {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                let amount = refused.sale.ask.amount.to_string();
                ui.label(
                    RichText::new(t!("cashsale-refused", amount = amount))
                        .size(crate::ui::theme::size::EMPHASIS)
                        .strong(),
                );
                crate::ui::widgets::form::error_box(ui, &refused.error);
                if ui.button(t!("cashsale-put-back")).clicked() {
                    put_back = Some(index);
                }
            });
            ui.add_space(crate::ui::theme::space::SMALL);
        }
        if let Some(index) = put_back {
            self.put_back(index);
        }
        if self.recorded.is_some() {
            self.recorded_ui(ui, view, queued);
        }
    }

    /// The sale the books wrote: amount, received, change, its reference; paper and WhatsApp.
    fn recorded_ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        queued: &mut Queue<CollectCommand>,
    ) {
        // A copy: the card's buttons use the form's state beside it.
        let Some(entry) = self.recorded.clone() else {
            return;
        };
        let mut close = false;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.heading(t!("cashsale-recorded"));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    close = ui.button(t!("dismiss")).clicked();
                });
            });
            if !entry.description.is_empty() {
                ui.label(&entry.description);
            }
            crate::ui::widgets::amount::amount_label(ui, entry.amount, |text| {
                text.size(crate::ui::theme::size::AMOUNT).strong()
            });
            if let Some(change) = entry.change() {
                ui.label(
                    change_words(change)
                        .size(crate::ui::theme::size::LARGE)
                        .strong(),
                );
            }
            let tendered = entry.tendered.unwrap_or(entry.amount).to_string();
            let at = crate::clock::shown_datetime(entry.at);
            egui::Grid::new("cash-sale-recorded")
                .num_columns(2)
                .show(ui, |ui| {
                    for (label, value) in [
                        (t!("cashsale-received"), tendered.as_str()),
                        (t!("cashsale-reference"), entry.reference.as_str()),
                        (t!("cashsale-at"), at.as_str()),
                    ] {
                        ui.label(label);
                        ui.label(RichText::new(value).monospace());
                        ui.end_row();
                    }
                });
            if !entry.instead_of.is_empty() {
                let left = t!(
                    "cashsale-left-unpaid",
                    reference = entry.instead_of.as_str()
                );
                ui.label(RichText::new(left).weak());
            }
            ui.add_space(crate::ui::theme::space::MEDIUM);
            ui.horizontal_wrapped(|ui| {
                let print = egui::Button::new(t!("cashsale-print-receipt"));
                if ui
                    .add_enabled(self.printer_ready, print)
                    .on_disabled_hover_text(t!("paper-no-printer"))
                    .clicked()
                {
                    queued.ask(
                        ui,
                        CollectCommand::CashReceipt {
                            entry: entry.id,
                            pdf: false,
                        },
                    );
                }
                if ui.button(t!("cashsale-receipt-pdf")).clicked() {
                    queued.ask(
                        ui,
                        CollectCommand::CashReceipt {
                            entry: entry.id,
                            pdf: true,
                        },
                    );
                }
                let share = egui::Button::new(t!("cashsale-whatsapp"));
                if ui.add_enabled(!self.shared.is_pending(), share).clicked() {
                    let text = super::receipt_text::cash_receipt(&view.shop_name, &entry);
                    let link = super::receipt_text::share_link(&text);
                    queued.ask(ui, CollectCommand::ShareWhatsApp(link));
                }
            });
            self.paper_ui(ui);
        });
        if close {
            self.recorded = None;
            self.printed = None;
        }
    }

    /// What the receipt's printing or sharing came to, under its buttons.
    fn paper_ui(&mut self, ui: &mut Ui) {
        match self.printed.clone() {
            Some(Ok(printed)) if printed.words.is_empty() => {}
            Some(Ok(crate::ui::services::paper::Printed {
                words,
                pdf: Some(pdf),
            })) => self.opener.saved_line(ui, &words, &pdf),
            Some(Ok(printed)) => {
                ui.label(RichText::new(printed.words).weak());
            }
            Some(Err(problem)) => crate::ui::widgets::form::error_box(
                ui,
                &crate::ui::plumbing::bridge::UiError::from(problem),
            ),
            None => {}
        }
        if let Some(error) = self.shared.error() {
            crate::ui::widgets::form::error_box(ui, error);
        }
    }
}
