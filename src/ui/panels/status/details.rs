//! A payment's details as rows of label and value, for a reference looked up and for the
//! payment opened in its window.

use egui::Ui;

use crate::api::StatusRecord;
use crate::money::Pesos;
use crate::t;

/// A line of a payment's details: its label, its value as shown, and for an amount the pesos a
/// screen reader says in words.
pub(super) type DetailRow = (String, String, Option<Pesos>);

/// A detail row in a two-column grid; an empty value is left out.
pub(super) fn detail_row(ui: &mut Ui, (label, value, pesos): DetailRow) {
    if value.is_empty() {
        return;
    }
    ui.label(label);
    let shown = ui.label(value);
    if let Some(pesos) = pesos {
        crate::ui::widgets::amount::read_as_words(&shown, pesos);
    }
    ui.end_row();
}

/// What a status check says, as label and value (empty values are left out by the callers).
pub(super) fn record_rows(record: &StatusRecord) -> [DetailRow; 6] {
    let cost = record.shown_cost();
    let cost_pesos = cost.as_ref().and_then(|_| record.cost_pesos());
    [
        (
            t!("field-amount"),
            record.shown_amount(),
            record.amount_pesos(),
        ),
        (t!("status-fee"), cost.unwrap_or_default(), cost_pesos),
        (
            t!("cli-status-date"),
            crate::clock::shown_service_time(&record.date),
            None,
        ),
        (t!("field-method"), record.method_words(), None),
        (
            t!("status-provider-reference"),
            record.provider_reference.clone(),
            None,
        ),
        (
            t!("field-description"),
            record.description.clone().unwrap_or_default(),
            None,
        ),
    ]
}

/// What a status check says about a code that takes many payments as a whole.
pub(super) fn code_rows(record: &StatusRecord) -> [DetailRow; 2] {
    [
        (t!("field-method"), record.method_words(), None),
        (
            t!("field-description"),
            record.description.clone().unwrap_or_default(),
            None,
        ),
    ]
}
