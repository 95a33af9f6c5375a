//! Money in and out of the open drawer, and a cash return of a cash sale: how much and why (the
//! reason is required, and stays in the books), with the usual reasons as buttons that fill it.
//! The button is enabled only when the books would be asked; what they refuse (a drawer that
//! does not hold it, a sale with less left to return) comes back in their words.

use egui::{RichText, Ui};

use super::command::ShiftCommand;
use crate::ledger::{CashEntry, CashKind, CashMove};
use crate::money::Pesos;
use crate::requests::{CashMoveForm, Problems};
use crate::t;
use crate::ui::plumbing::bridge::Requested;
use crate::ui::theme;
use crate::ui::widgets::form::{
    FieldLabels, blocking_reasons, error_box, pesos_row, problem_for, submitted, text_row,
};
use crate::validate::{Field, ValidationError};

/// The movement as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveDraft {
    /// In, Out or Return (a sale is Cobrar's).
    pub kind: CashKind,
    pub form: CashMoveForm,
    /// A return's cash sale, by its reference.
    pub sale: String,
}

impl Default for MoveDraft {
    fn default() -> Self {
        MoveDraft {
            kind: CashKind::In,
            form: CashMoveForm::default(),
            sale: String::new(),
        }
    }
}

const KINDS: [CashKind; 3] = [CashKind::In, CashKind::Out, CashKind::Return];

impl MoveDraft {
    /// What the books would be asked to write, or every problem with its field.
    pub fn ask(&self) -> Result<CashMove, Problems> {
        let sale = self.sale.trim().to_uppercase();
        let mut problems = match self.form.parse() {
            Ok((amount, reason)) => return self.with(amount, reason, sale),
            Err(problems) => problems,
        };
        if self.kind == CashKind::Return && sale.is_empty() {
            problems.push(sale_missing());
        }
        Err(problems)
    }

    fn with(&self, amount: Pesos, reason: String, sale: String) -> Result<CashMove, Problems> {
        match self.kind {
            CashKind::Out => Ok(CashMove::Out { amount, reason }),
            CashKind::Return if sale.is_empty() => Err(vec![sale_missing()]),
            CashKind::Return => Ok(CashMove::Return {
                amount,
                sale,
                reason,
            }),
            CashKind::In | CashKind::Sale => Ok(CashMove::In { amount, reason }),
        }
    }

    /// The usual reasons of this kind, as buttons.
    fn quick_reasons(&self) -> Vec<String> {
        match self.kind {
            CashKind::In => vec![t!("shift-reason-change")],
            CashKind::Out => vec![t!("shift-reason-supplier"), t!("shift-reason-safe")],
            CashKind::Return => vec![t!("shift-reason-product")],
            CashKind::Sale => Vec::new(),
        }
    }
}

fn sale_missing() -> ValidationError {
    ValidationError::new(Field::Reference, t!("shift-return-sale-missing"))
}

/// What the button writes, in words.
fn button_words(kind: CashKind) -> String {
    match kind {
        CashKind::Out => t!("shift-record-out"),
        CashKind::Return => t!("shift-record-return"),
        CashKind::In | CashKind::Sale => t!("shift-record-in"),
    }
}

/// The form; `found` is the return's sale as the books have it, `busy` while a write is on its
/// way. The command to queue, when one was asked for.
pub fn moves_ui(
    ui: &mut Ui,
    draft: &mut MoveDraft,
    found: &Requested<(CashEntry, Pesos)>,
    busy: bool,
) -> Option<ShiftCommand> {
    ui.label(RichText::new(t!("shift-moves-heading")).strong());
    ui.horizontal(|ui| {
        for kind in KINDS {
            ui.selectable_value(&mut draft.kind, kind, kind.words());
        }
    });
    // Beside the fields, the problems of what they held before this frame's keys.
    let problems = draft.ask().err().unwrap_or_default();
    let mut command = None;
    // Enter in the amount or the reason records the movement, as the button does.
    let mut enter = false;
    egui::Grid::new("shift-move-form")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            if draft.kind == CashKind::Return {
                command = sale_row(ui, draft, found);
            }
            let amount = pesos_row(
                ui,
                &t!("field-amount"),
                &mut draft.form.amount,
                &t!("shift-amount-hint"),
                problem_for(&problems, Field::Amount),
            );
            let reason = text_row(
                ui,
                &t!("shift-reason"),
                &mut draft.form.reason,
                &t!("shift-reason-hint"),
                problem_for(&problems, Field::Reason),
            );
            enter = submitted(&amount) || submitted(&reason);
        });
    ui.horizontal_wrapped(|ui| {
        for reason in draft.quick_reasons() {
            if ui.button(&reason).clicked() {
                draft.form.reason = reason;
            }
        }
    });
    ui.add_space(theme::space::SMALL);
    // Read again once the fields took this frame's keys: a last digit and Enter can come in one
    // frame, and what is recorded is what the fields hold now.
    let asked = draft.ask();
    let ready = asked.is_ok() && !busy;
    let pressed = ui
        .add_enabled(ready, egui::Button::new(button_words(draft.kind)))
        .clicked();
    if (pressed || (enter && ready))
        && let Ok(what) = asked
    {
        command = Some(ShiftCommand::Move(what));
    }
    // Why it cannot go, once something was typed: a reason left empty is said here.
    let typed = !draft.form.amount.trim().is_empty() || !draft.form.reason.trim().is_empty();
    if typed {
        let labels: &FieldLabels = &[
            (Field::Reference, t!("shift-return-sale")),
            (Field::Amount, t!("field-amount")),
            (Field::Reason, t!("shift-reason")),
        ];
        blocking_reasons(ui, &problems, labels);
    }
    command
}

/// A return's sale: its reference, «Buscar venta», and what the books say remains of it.
fn sale_row(
    ui: &mut Ui,
    draft: &mut MoveDraft,
    found: &Requested<(CashEntry, Pesos)>,
) -> Option<ShiftCommand> {
    let mut command = None;
    let label = ui.label(t!("shift-return-sale"));
    ui.vertical(|ui| {
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut draft.sale)
                    .hint_text(t!("shift-return-sale-hint"))
                    .desired_width(200.0),
            )
            .labelled_by(label.id);
            let can_look = !draft.sale.trim().is_empty() && !found.is_pending();
            if ui
                .add_enabled(can_look, egui::Button::new(t!("shift-find-sale")))
                .clicked()
            {
                command = Some(ShiftCommand::FindSale(draft.sale.trim().to_uppercase()));
            }
        });
        match (found.value(), found.error()) {
            (_, Some(error)) => error_box(ui, error),
            (Some((sale, remaining)), None)
                if sale.reference == draft.sale.trim().to_uppercase() =>
            {
                ui.label(
                    RichText::new(t!(
                        "shift-return-found",
                        sale = sale.reference.as_str(),
                        sold = sale.amount.to_string(),
                        remaining = remaining.to_string()
                    ))
                    .weak(),
                );
            }
            _ => {}
        }
    });
    ui.end_row();
    command
}
