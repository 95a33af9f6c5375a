//! Who owes what: today's total owed to the shop, the search by name or cellphone, and the
//! customers, who owes first and the longest owed first, each with their standing in words. And
//! adding a customer: name, cellphone (optional: without one, links are copied), document, limit,
//! and the customer's authorisation to keep their data (Ley 1581), without which nothing is
//! kept; a cellphone another customer has is said with their name, and added only once the
//! person says it is someone else.

use egui::{RichText, Ui};

use super::command::TabsCommand;
use super::outcome::{Added, standing};
use crate::ledger::TabBalance;
use crate::money::Pesos;
use crate::requests::CustomerForm;
use crate::t;
use crate::ui::plumbing::bridge::Requested;
use crate::ui::plumbing::queue::Queue;
use crate::ui::theme;
use crate::ui::widgets::form::{
    FieldLabels, blocking_reasons, error_box, optional_label, problem_for, problem_slot, text_rows,
};
use crate::ui::widgets::table::{GridRow, grid};
use crate::validate::Field;

/// The form to add a customer, as typed.
#[derive(Debug, Clone, Default)]
pub struct AddDraft {
    pub form: CustomerForm,
    /// The button was pressed while something was missing: say what, even untouched.
    pressed: bool,
}

/// How customers usually give their authorisation, as buttons that fill it.
fn consent_choices() -> [String; 3] {
    [
        t!("fiado-consent-spoken"),
        t!("fiado-consent-whatsapp"),
        t!("fiado-consent-written"),
    ]
}

/// Whether `balance`'s customer answers the search (name or cellphone, any case).
pub fn found(balance: &TabBalance, search: &str) -> bool {
    let search = search.trim().to_lowercase();
    if search.is_empty() {
        return true;
    }
    let digits: String = search.chars().filter(char::is_ascii_digit).collect();
    balance.customer.name.to_lowercase().contains(&search)
        || (!digits.is_empty() && balance.customer.cellphone.contains(&digits))
}

/// The list of customers; the command to queue when one was opened.
pub fn list_ui(
    ui: &mut Ui,
    balances: &[TabBalance],
    search: &mut String,
    queued: &mut Queue<TabsCommand>,
) {
    let owed = balances.iter().fold(Pesos::ZERO, |sum, balance| {
        sum.saturating_add(balance.owed())
    });
    ui.label(RichText::new(t!("fiado-total-owed", amount = owed.to_string())).strong());
    ui.add_space(theme::space::SMALL);
    ui.horizontal(|ui| {
        let label = ui.label(t!("fiado-search"));
        ui.add(
            egui::TextEdit::singleline(search)
                .hint_text(t!("fiado-search-hint"))
                .desired_width(240.0),
        )
        .labelled_by(label.id);
    });
    ui.add_space(theme::space::SMALL);
    if balances.is_empty() {
        ui.label(RichText::new(t!("fiado-no-customers")).weak());
        return;
    }
    let shown: Vec<&TabBalance> = balances.iter().filter(|b| found(b, search)).collect();
    if shown.is_empty() {
        ui.label(RichText::new(t!("fiado-none-found")).weak());
        return;
    }
    let titles = [
        t!("fiado-column-name"),
        t!("fiado-column-cellphone"),
        t!("fiado-column-standing"),
    ];
    let table = egui::Grid::new("fiado-customers")
        .num_columns(3)
        .striped(true)
        .spacing([18.0, 6.0]);
    grid(
        ui,
        "fiado-customers",
        &t!("fiado-customers-table"),
        table,
        |ui| {
            GridRow::titles(ui, 0, titles.clone());
            GridRow::lines(ui, 1, shown, |ui, row, balance| {
                row.cell(ui, |ui| {
                    if ui.link(&balance.customer.name).clicked() {
                        queued.ask(ui, TabsCommand::Open(Some(balance.customer.id)));
                    }
                });
                row.text(ui, balance.customer.cellphone.as_str(), &titles[1]);
                row.text(ui, standing(balance), &titles[2]);
            });
        },
    );
}

/// A customer to keep, as the form asks: `same_cellphone_ok` once the person said the one who
/// shares the cellphone is someone else.
pub struct AddAsked {
    pub customer: crate::ledger::NewCustomer,
    pub same_cellphone_ok: bool,
}

impl AddAsked {
    /// Fiado's command for it.
    fn command(self) -> TabsCommand {
        TabsCommand::Add {
            customer: self.customer,
            same_cellphone_ok: self.same_cellphone_ok,
        }
    }
}

impl AddDraft {
    /// The form, in Fiado; `added` is what came of the last try.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        added: &Requested<Added>,
        busy: bool,
        queued: &mut Queue<TabsCommand>,
    ) {
        if let Some(asked) = self.form_ui(ui, added, busy) {
            queued.ask(ui, asked.command());
        }
    }

    /// The form wherever a customer is added (Fiado, Cobrar's Fiar): the customer to keep once
    /// asked; `added` is what came of the last try.
    pub fn form_ui(
        &mut self,
        ui: &mut Ui,
        added: &Requested<Added>,
        busy: bool,
    ) -> Option<AddAsked> {
        ui.label(RichText::new(t!("fiado-add-heading")).strong());
        // Beside the fields, the problems of what they held before this frame's keys.
        let problems = self.form.parse().err().unwrap_or_default();
        let form = &mut self.form;
        egui::Grid::new("fiado-add-form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                let (name, cellphone) = (
                    t!("fiado-name"),
                    optional_label(t!("fiado-cellphone"), true),
                );
                let (document, limit) = (
                    optional_label(t!("fiado-document"), true),
                    optional_label(t!("fiado-limit"), true),
                );
                let (cell_hint, limit_hint) = (t!("fiado-cellphone-hint"), t!("fiado-limit-hint"));
                text_rows(
                    ui,
                    &problems,
                    [
                        (name.as_str(), &mut form.name, Field::Name, ""),
                        (
                            cellphone.as_str(),
                            &mut form.cellphone,
                            Field::Cellphone,
                            cell_hint.as_str(),
                        ),
                        (
                            document.as_str(),
                            &mut form.document,
                            Field::DocumentNumber,
                            "",
                        ),
                        (
                            limit.as_str(),
                            &mut form.limit,
                            Field::Limit,
                            limit_hint.as_str(),
                        ),
                    ],
                );
            });
        consent_ui(ui, form, &problems);
        ui.add_space(theme::space::SMALL);
        // The customer kept is what the fields hold after this frame's keys.
        let parsed = self.form.parse();
        let ready = parsed.is_ok() && !busy;
        let response = ui.add_enabled(ready, egui::Button::new(t!("fiado-add-button")));
        if !ready && response.contains_pointer() && ui.input(|i| i.pointer.primary_released()) {
            self.pressed = true;
        }
        let mut asked = None;
        if response.clicked()
            && let Ok(customer) = parsed.clone()
        {
            asked = Some(AddAsked {
                customer,
                same_cellphone_ok: false,
            });
        }
        let started = !self.form.name.trim().is_empty() || self.form.consent;
        if started || self.pressed {
            let labels: &FieldLabels = &[
                (Field::Name, t!("fiado-name")),
                (Field::Cellphone, t!("fiado-cellphone")),
                (Field::DocumentNumber, t!("fiado-document")),
                (Field::Limit, t!("fiado-limit")),
                (Field::Consent, t!("fiado-consent-field")),
            ];
            blocking_reasons(ui, &problems, labels);
        }
        outcome_ui(ui, added, parsed.ok()).or(asked)
    }
}

/// What came of the last try: the books' failure, or a cellphone another customer has, said
/// with their name, and «Es otra persona: agregarla» to keep this one all the same.
fn outcome_ui(
    ui: &mut Ui,
    added: &Requested<Added>,
    customer: Option<crate::ledger::NewCustomer>,
) -> Option<AddAsked> {
    match (added, added.value()) {
        (Requested::Failed { error, .. }, _) => error_box(ui, error),
        (Requested::Done(_), Some(Added::SameCellphone { name })) => {
            let sentence = crate::ledger::TabRefusal::SameCellphone { name: name.clone() };
            ui.label(RichText::new(sentence.to_string()).color(theme::palette(ui).warning));
            if ui.button(t!("fiado-another-person")).clicked() {
                return customer.map(|customer| AddAsked {
                    customer,
                    same_cellphone_ok: true,
                });
            }
        }
        _ => {}
    }
    None
}

/// The authorisation: the checkbox, and how it was given (typed, or a usual way's button).
fn consent_ui(ui: &mut Ui, form: &mut CustomerForm, problems: &[crate::validate::ValidationError]) {
    ui.checkbox(&mut form.consent, t!("fiado-consent"));
    if !form.consent {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(t!("fiado-consent-how"));
        ui.add(
            egui::TextEdit::singleline(&mut form.consent_how)
                .hint_text(t!("fiado-consent-how-hint"))
                .desired_width(240.0),
        )
        .labelled_by(label.id);
        for choice in consent_choices() {
            if ui.button(&choice).clicked() {
                form.consent_how = choice;
            }
        }
    });
    let problem = problem_for(problems, Field::Consent).filter(|_| !form.consent_how.is_empty());
    problem_slot(ui, problem.map(|p| p.message.as_str()));
}
