//! What the return of a part draws in the sale's window: its button (in Caja it asks the
//! owner's PIN first), and its form under the part: what was paid that way and what remains (as
//! the books said it last), the amount and the reason, the one button that writes it, and what
//! that came to. It only draws: what it needs done is queued as a [`PartReturnCommand`].

use egui::{RichText, Ui};

use super::part_return::{
    BackTo, PartAsked, PartReturn, PartReturnAsk, PartReturnCommand, PartReturnForm,
};
use crate::ledger::{PartTie, SalePart, SaleRecord, SaleRefusal};
use crate::requests::ReturnReason;
use crate::t;
use crate::ui::plumbing::bridge::Requested;
use crate::ui::widgets::form::{self, blocking_reasons, error_box};
use crate::validate::{self, Field, ValidationError};

impl PartReturn {
    /// The button that opens the form for a part; true when it was pressed. On the owner's
    /// side it opens the form; in Caja it says the owner's PIN is asked.
    pub fn button_ui(&mut self, ui: &mut Ui, label: &str, asked: PartAsked, owner: bool) -> bool {
        let enabled = !self.is_for(asked.sale, asked.part);
        let pressed = super::refund_view::return_button(ui, label, enabled, owner);
        if pressed {
            self.queued.ask(ui, PartReturnCommand::Open(asked));
        }
        pressed
    }

    /// The form for `part` of `sale`, when it is the one open.
    pub fn form_ui(&mut self, ui: &mut Ui, sale: &SaleRecord, part: &SalePart) {
        if !self.is_for(sale.id, part.id) {
            return;
        }
        if self.awaits_owner() == Some(sale.id) {
            ui.label(RichText::new(t!("refund-owner-pin")).weak());
        }
        let Some(mut form) = self.form.take() else {
            return;
        };
        self.form_body(ui, &mut form, (sale, part));
        self.form = Some(form);
    }

    fn form_body(
        &mut self,
        ui: &mut Ui,
        form: &mut PartReturnForm,
        (sale, part): (&SaleRecord, &SalePart),
    ) {
        ui.separator();
        let number = sale.number.to_string();
        let title = match (&part.tie, form.asked.to) {
            (PartTie::Tab { customer_name, .. }, BackTo::Tab) => t!(
                "status-return-title-tab",
                name = customer_name.as_str(),
                number = number
            ),
            _ => t!("status-return-title-cash", number = number),
        };
        let title = ui.label(
            RichText::new(title)
                .strong()
                .size(crate::ui::theme::size::EMPHASIS),
        );
        // Only as far as its title needs, and only when it opened out of sight: a form that
        // opens in view moves nothing under the hand that pressed its button.
        if !std::mem::replace(&mut self.brought_into_view, true) {
            title.scroll_to_me(None);
        }
        let remaining = part.returnable();
        ui.label(t!(
            "status-return-paid",
            paid = part.paid.to_string(),
            remaining = remaining.to_string()
        ));
        // Beside the fields, the problems of what they held before this frame's keys.
        let problems = checked(form, part).err().unwrap_or_default();
        let enter = egui::Grid::new("part-return-form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                let amount = form::pesos_row(
                    ui,
                    &t!("field-amount"),
                    &mut form.amount,
                    &remaining.to_string(),
                    form::problem_for(&problems, Field::Amount),
                );
                let enter = form::submitted(&amount);
                enter
                    | super::refund_view::reason_rows(
                        ui,
                        (&mut form.reason, &mut form.reason_words),
                        &problems,
                    )
            })
            .inner;
        // Read again once the fields took this frame's keys: a last digit and Enter can come in
        // one frame, and what is returned is what the fields hold now.
        let asked = checked(form, part);
        self.write_row(ui, form, asked, enter);
        let typed = !form.amount.trim().is_empty() || !form.reason_words.trim().is_empty();
        if typed && !problems.is_empty() {
            let labels = [
                (Field::Amount, t!("field-amount")),
                (Field::Reason, t!("field-refund-reason")),
            ];
            blocking_reasons(ui, &problems, &labels);
        }
        self.outcome_ui(ui, part);
    }

    /// The one button that writes the return, and «Cerrar devolución».
    fn write_row(
        &mut self,
        ui: &mut Ui,
        form: &PartReturnForm,
        asked: Result<PartReturnAsk, Vec<ValidationError>>,
        enter: bool,
    ) {
        let busy = self.is_busy();
        let amount = asked
            .as_ref()
            .map(|ask| ask.amount.to_string())
            .unwrap_or_else(|_| "…".to_owned());
        let label = match form.asked.to {
            BackTo::Drawer => t!("status-return-send-cash", amount = amount),
            BackTo::Tab => t!("status-return-send-tab", amount = amount),
        };
        ui.horizontal(|ui| {
            let write = crate::ui::widgets::primary::primary_button(
                ui,
                asked.is_ok() && !busy,
                &label,
                None,
            );
            if (write.clicked() || (enter && !busy))
                && let Ok(ask) = asked
            {
                self.queued.ask(ui, PartReturnCommand::Write(ask));
            }
            if ui.button(t!("refund-close")).clicked() {
                self.queued.ask(ui, PartReturnCommand::Close);
            }
            if busy {
                ui.spinner();
            }
        });
    }

    /// What the books said: the return written, or their refusal in their words.
    fn outcome_ui(&self, ui: &mut Ui, part: &SalePart) {
        match &self.written {
            Requested::Failed { error, .. } => error_box(ui, error),
            Requested::Done(written) => {
                let amount = written.amount.to_string();
                let words = match (&part.tie, written.to) {
                    (PartTie::Tab { customer_name, .. }, BackTo::Tab) => t!(
                        "status-return-done-tab",
                        amount = amount,
                        name = customer_name.as_str()
                    ),
                    _ => t!("status-return-done-cash", amount = amount),
                };
                ui.label(RichText::new(words).color(crate::ui::theme::palette(ui).success));
            }
            _ => {}
        }
        if part.returnable() == crate::money::Pesos::ZERO {
            ui.label(RichText::new(t!("status-return-nothing-left")).weak());
        }
    }
}

/// The form read: an amount of at most what remains of the part (in the books' own words when
/// more), and a reason.
fn checked(form: &PartReturnForm, part: &SalePart) -> Result<PartReturnAsk, Vec<ValidationError>> {
    let remaining = part.returnable();
    let mut problems = Vec::new();
    let amount = match validate::amount(Field::Amount, &form.amount) {
        Ok(amount) if amount > remaining => {
            problems.push(ValidationError::new(
                Field::Amount,
                SaleRefusal::ReturnOverRemaining {
                    remaining,
                    paid: part.paid,
                }
                .to_string(),
            ));
            None
        }
        Ok(amount) => Some(amount),
        Err(problem) => {
            problems.push(problem);
            None
        }
    };
    let reason = match ReturnReason::typed(&form.reason, &form.reason_words) {
        Ok(reason) => Some(reason.words()),
        Err(problem) => {
            problems.push(problem);
            None
        }
    };
    match (amount, reason) {
        (Some(amount), Some(reason)) => Ok(PartReturnAsk {
            asked: form.asked,
            amount,
            reason,
        }),
        _ => Err(problems),
    }
}
