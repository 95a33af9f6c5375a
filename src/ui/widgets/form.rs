//! Labelled inputs that validate as the user types. Every input is `labelled_by` its label, so
//! screen readers and UI tests find it by the label's text.

use crate::validate::Field;
use egui::{Response, RichText, TextEdit, Ui};

use crate::validate::ValidationError;

/// A text row in a two-column grid: the label, the input, and under it the rule it breaks
/// (once the user has typed something).
pub fn text_row(
    ui: &mut Ui,
    label: &str,
    value: &mut String,
    hint: &str,
    problem: Option<&ValidationError>,
) -> Response {
    input_row(ui, label, value, hint, problem, Typed::Text)
}

/// Like [`text_row`], masked.
pub fn secret_row(
    ui: &mut Ui,
    label: &str,
    value: &mut String,
    hint: &str,
    problem: Option<&ValidationError>,
) -> Response {
    input_row(ui, label, value, hint, problem, Typed::Secret)
}

/// Like [`text_row`], for pesos: grouped as they are typed, as Cobrar's amount is
/// (`widgets::pesos`).
pub fn pesos_row(
    ui: &mut Ui,
    label: &str,
    value: &mut String,
    hint: &str,
    problem: Option<&ValidationError>,
) -> Response {
    input_row(ui, label, value, hint, problem, Typed::Pesos)
}

/// What a row's field holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Typed {
    Text,
    Secret,
    Pesos,
}

fn input_row(
    ui: &mut Ui,
    label: &str,
    value: &mut String,
    hint: &str,
    problem: Option<&ValidationError>,
    typed: Typed,
) -> Response {
    // The label keeps the field's line: the row is as tall with a problem as without.
    let label_response = ui
        .vertical(|ui| {
            ui.spacing_mut().item_spacing.y = PROBLEM_GAP;
            // Level with the text inside the field (its inner margin).
            ui.add_space(2.0);
            let label = ui.add(egui::Label::new(label).extend());
            problem_slot(ui, None);
            label
        })
        .inner;
    let response = ui
        .vertical(|ui| {
            ui.spacing_mut().item_spacing.y = PROBLEM_GAP;
            let before = (typed == Typed::Pesos).then(|| value.clone());
            let output = TextEdit::singleline(value)
                .hint_text(hint)
                .password(typed == Typed::Secret)
                .desired_width(280.0)
                .show(ui);
            let response = (*output.response).clone().labelled_by(label_response.id);
            if let Some(before) = before {
                crate::ui::widgets::pesos::group_typed(ui, &response, output.state, &before, value);
            }
            let shown = problem.filter(|_| !value.trim().is_empty());
            problem_slot(ui, shown.map(|problem| problem.message.as_str()));
            response
        })
        .inner;
    ui.end_row();
    response
}

/// Between a field and the line kept under it for its problem.
const PROBLEM_GAP: f32 = 2.0;

/// The line under a field for the rule it breaks, its room kept while there is none: a
/// problem that comes or goes never moves the field below, so a click aimed at that field
/// lands there. The message stays on one line (a grid's column widens for it).
pub fn problem_slot(ui: &mut Ui, message: Option<&str>) {
    match message {
        Some(message) => {
            ui.add(
                egui::Label::new(
                    RichText::new(message)
                        .color(crate::ui::theme::palette(ui).danger)
                        .small(),
                )
                .extend(),
            );
        }
        None => {
            // As tall as the line would be, to the pixel (a galley's height is rounded).
            let height = egui::WidgetText::from(RichText::new(" ").small())
                .into_galley(
                    ui,
                    Some(egui::TextWrapMode::Extend),
                    f32::INFINITY,
                    egui::TextStyle::Body,
                )
                .size()
                .y;
            ui.allocate_space(egui::vec2(0.0, height));
        }
    }
}

/// Rows folded under a heading, in a form's two-column grid (`ids`: the fold's and the grid's):
/// the fold opens by itself while one of its fields needs fixing (`fix`), and stays as the
/// person left it otherwise. `note` is said above the rows.
pub fn folded_grid(
    ui: &mut Ui,
    (heading, fix): (String, bool),
    ids: (&str, &str),
    note: Option<String>,
    rows: impl FnOnce(&mut Ui),
) {
    egui::CollapsingHeader::new(heading)
        .id_salt(ids.0)
        .open(fix.then_some(true))
        .show(ui, |ui| {
            if let Some(note) = note {
                ui.label(RichText::new(note).weak());
            }
            egui::Grid::new(ids.1)
                .num_columns(2)
                .spacing([12.0, 6.0])
                .show(ui, rows);
        });
}

/// [`text_row`]s from `(label, text, field, hint)`, each showing its field's first problem; true
/// when Enter was pressed in any of them.
pub fn text_rows<'a>(
    ui: &mut Ui,
    problems: &[ValidationError],
    rows: impl IntoIterator<Item = (&'a str, &'a mut String, Field, &'a str)>,
) -> bool {
    let mut enter = false;
    for (label, value, field, hint) in rows {
        enter |= submitted(&text_row(
            ui,
            label,
            value,
            hint,
            problem_for(problems, field),
        ));
    }
    enter
}

/// Whether Enter was pressed in this field (a single-line edit gives up focus on Enter).
pub fn submitted(response: &Response) -> bool {
    response.lost_focus() && response.ctx.input(|i| i.key_pressed(egui::Key::Enter))
}

/// The first problem for a field, by its name.
pub fn problem_for(problems: &[ValidationError], field: Field) -> Option<&ValidationError> {
    problems.iter().find(|p| p.field == field)
}

/// A form's fields in the order it shows them: each field's name in [`ValidationError`]s, and
/// the label the shop owner reads for it.
pub type FieldLabels = [(Field, String)];

/// "Payer cellphone (optional)" where a field may be left empty.
pub fn optional_label(label: String, optional: bool) -> String {
    if optional {
        crate::t!("label-optional", label = label)
    } else {
        label
    }
}

/// Under a disabled submit button: why it is disabled, in the form's order and its own words
/// ("City id", not the wire name "city"). A field the table lacks keeps its name, last.
pub fn blocking_reasons(ui: &mut Ui, problems: &[ValidationError], labels: &FieldLabels) {
    if problems.is_empty() {
        return;
    }
    ui.label(RichText::new(crate::t!("form-to-continue")).weak());
    for line in reason_lines(problems, labels) {
        ui.label(RichText::new(line).color(crate::ui::theme::palette(ui).danger));
    }
}

fn reason_lines(problems: &[ValidationError], labels: &FieldLabels) -> Vec<String> {
    let position = |field: Field| {
        labels
            .iter()
            .position(|(name, _)| *name == field)
            .unwrap_or(labels.len())
    };
    let mut ordered: Vec<&ValidationError> = problems.iter().collect();
    ordered.sort_by_key(|problem| position(problem.field));
    ordered
        .into_iter()
        .map(|problem| {
            let label = labels
                .iter()
                .find(|(name, _)| *name == problem.field)
                .map_or_else(|| problem.field.spoken(), |(_, label)| label.clone());
            format!("• {label}: {}", problem.message)
        })
        .collect()
}

/// A failure in place, its detail folded: the one widget every panel's errors go through.
pub use super::problem::error_box;

/// A grid row picking one text value from `choices` (value, words shown), labelled so screen
/// readers and tests find it. The closed box shows the chosen value itself.
pub fn choice_row<'a>(
    ui: &mut Ui,
    label: &str,
    id_salt: &str,
    selected: &mut String,
    choices: impl IntoIterator<Item = (&'a str, String)>,
) {
    let label_response = ui.label(label);
    egui::ComboBox::from_id_salt(id_salt)
        .selected_text(selected.clone())
        .show_ui(ui, |ui| {
            for (value, words) in choices {
                ui.selectable_value(selected, value.to_owned(), words);
            }
        })
        .response
        .labelled_by(label_response.id);
    ui.end_row();
}

/// A grid row picking a bank from a list the service gave; the id-0 entry is a prompt, not a
/// bank, and is left out. `selected` holds the chosen bank's id.
pub fn bank_row(
    ui: &mut Ui,
    label: &str,
    id_salt: &str,
    banks: &crate::ui::plumbing::bridge::Requested<crate::api::family_b::BankList>,
    selected: &mut String,
) {
    let label_response = ui.label(label);
    let choices: Vec<(String, String)> = banks
        .value()
        .map(|list| {
            list.real_banks()
                .map(|bank| (bank.id.clone(), bank.name.clone()))
                .collect()
        })
        .unwrap_or_default();
    let shown = choices
        .iter()
        .find(|(id, _)| id == selected)
        .map(|(_, name)| name.clone())
        .unwrap_or_else(|| crate::t!("form-choose-bank"));
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt(id_salt)
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for (id, name) in &choices {
                    ui.selectable_value(selected, id.clone(), name);
                }
            })
            .response
            .labelled_by(label_response.id);
        if banks.is_pending() {
            ui.spinner();
        }
    });
    ui.end_row();
}

/// The last step before money moves: the send button (its amount in its words, enabled only
/// when `ready`) and «Cancelar». `Some(true)`: send; `Some(false)`: cancelled.
pub fn send_or_cancel(ui: &mut Ui, send: &str, ready: bool) -> Option<bool> {
    ui.horizontal(|ui| {
        let button = egui::Button::new(RichText::new(send).strong());
        let sent = ui.add_enabled(ready, button).clicked();
        let cancelled = ui.button(crate::t!("cancel")).clicked();
        if sent {
            Some(true)
        } else {
            cancelled.then_some(false)
        }
    })
    .inner
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_follow_the_form_and_use_its_labels() {
        let problems = [
            ValidationError::new(Field::City, "this field is required"),
            ValidationError::new(Field::Cost, "is odd"),
            ValidationError::new(Field::Name, "this field is required"),
        ];
        let labels: &FieldLabels = &[
            (Field::Name, "Business name".to_owned()),
            (Field::City, "City id".to_owned()),
        ];
        assert_eq!(
            reason_lines(&problems, labels),
            [
                "• Business name: this field is required",
                "• City id: this field is required",
                "• cost: is odd",
            ]
        );
    }
}
