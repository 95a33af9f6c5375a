//! The fields every Family B cash-in form shares: amount, reference, what is sold and the
//! customer. The addresses and the summary page are the profile's (Settings, Advanced): set
//! once, not at every sale.

use crate::validate::Field;
use egui::Ui;

use crate::t;

use crate::api::Dialect;
use crate::collections::{ChargeRequest, fresh_reference1};
use crate::requests::CashInForm;
use crate::ui::widgets::form::{self};
use crate::validate::ValidationError;

use super::submit::SaleForm;

/// A rule broken by a value the sale forms do not show: where to change it.
pub(super) fn in_settings(label: String) -> String {
    t!("field-in-settings", field = label)
}

/// Expiry choices in seconds; for one method only those above its minimum are offered.
pub(super) const EXPIRY_CHOICES: &[u64] = &[
    900, 1_800, 2_700, 3_600, 7_200, 21_600, 43_200, 46_800, 86_400, 90_000, 172_800, 259_200,
    604_800,
];

/// The document types the service codes, for methods outside PSE (where the person type
/// decides the list).
pub(super) const DOCUMENT_TYPES: &[&str] = &[
    "CC", "CE", "NIT", "TI", "PA", "PEP", "PPT", "RCN", "TE", "DIE",
];

/// The shared part of a Family B cash-in form.
pub(super) struct CashInFields {
    pub(super) amount: String,
    pub(super) reference1: String,
    pub(super) description: String,
    pub(super) customer_name: String,
    pub(super) customer_email: String,
    pub(super) customer_phone: String,
    /// The sale on the card ended: the amount takes the keyboard and comes into view, for the
    /// next one.
    pub(super) take_keyboard: bool,
    /// The amount is the sum of the sale's lines: shown, not typed.
    pub(super) from_lines: bool,
}

impl CashInFields {
    pub(super) fn new() -> Self {
        CashInFields {
            amount: String::new(),
            reference1: fresh_reference1(),
            description: String::new(),
            customer_name: String::new(),
            customer_email: String::new(),
            customer_phone: String::new(),
            take_keyboard: false,
            from_lines: false,
        }
    }

    /// Whether the cashier has begun this sale: until then an empty form shows no complaints.
    pub(super) fn started(&self) -> bool {
        [
            &self.amount,
            &self.description,
            &self.customer_name,
            &self.customer_email,
            &self.customer_phone,
        ]
        .iter()
        .any(|text| !text.trim().is_empty())
    }

    /// The form's foot for the sale these fields read, with its button's words and labels.
    pub(super) fn foot(
        &mut self,
        sale: Result<ChargeRequest, Vec<ValidationError>>,
        button: (String, Vec<(Field, String)>),
        enter: bool,
    ) -> SaleForm<'_> {
        SaleForm {
            started: self.started(),
            sale,
            reference1: &mut self.reference1,
            button,
            enter,
            also: None,
        }
    }

    /// Empties what belongs to one sale (amount, what is sold, the customer); the addresses
    /// and choices stay for the next.
    pub(super) fn clear_sale(&mut self) {
        for text in [
            &mut self.amount,
            &mut self.description,
            &mut self.customer_name,
            &mut self.customer_email,
            &mut self.customer_phone,
        ] {
            text.clear();
        }
    }

    /// What was typed, for the shared request layer to read.
    pub(super) fn form(&self, expires_in: Option<u64>) -> CashInForm {
        CashInForm {
            amount: self.amount.clone(),
            reference1: self.reference1.clone(),
            description: self.description.clone(),
            customer_name: self.customer_name.clone(),
            customer_email: self.customer_email.clone(),
            customer_cellphone: self.customer_phone.clone(),
            expires_in,
            ..CashInForm::default()
        }
    }

    /// The amount, large and first: formatted as it is typed (`$ 25.000`). Returns whether Enter
    /// was pressed in it.
    pub(super) fn ui_amount(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
        if self.from_lines {
            locked_amount(ui, &self.amount, &t!("field-amount"));
            return false;
        }
        let response = amount_field(
            ui,
            &mut self.amount,
            &t!("field-amount"),
            form::problem_for(problems, Field::Amount),
            std::mem::take(&mut self.take_keyboard),
        );
        form::submitted(&response)
    }

    /// What is sold, under the amount.
    pub(super) fn ui_description(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
        let label = ui.label(t!("field-what-is-sold"));
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut self.description)
                    .hint_text(t!("hint-what-is-sold"))
                    .desired_width(AMOUNT_WIDTH),
            )
            .labelled_by(label.id);
        let shown = form::problem_for(problems, Field::Description)
            .filter(|_| !self.description.trim().is_empty());
        form::problem_slot(ui, shown.map(|problem| problem.message.as_str()));
        form::submitted(&response)
    }

    /// The reference the service and the books know the sale by, generated and folded under
    /// `title` with whatever else rarely changes (`more`, rows of the same grid). The fold opens
    /// by itself when the reference must be fixed. Returns whether Enter was pressed in it.
    /// `dialect`: the interface, which says how long a reference may be.
    pub(super) fn ui_reference_fold(
        &mut self,
        ui: &mut Ui,
        problems: &[ValidationError],
        (title, dialect): (String, Dialect),
        more: impl FnOnce(&mut Ui),
    ) -> bool {
        let longest = dialect.reference1_max(crate::api::Direction::In);
        let mut enter = false;
        let must_fix = form::problem_for(problems, Field::Reference1).is_some();
        let fold = (title, must_fix);
        form::folded_grid(
            ui,
            fold,
            ("reference-fold", "reference-fold-rows"),
            None,
            |ui| {
                enter = form::text_rows(
                    ui,
                    problems,
                    [(
                        &*t!("field-your-reference"),
                        &mut self.reference1,
                        Field::Reference1,
                        &*t!("hint-up-to", max = longest),
                    )],
                );
                more(ui);
            },
        );
        enter
    }

    /// The customer, folded under "Datos del cliente (opcional)": open by itself when something
    /// in it needs fixing.
    pub(super) fn ui_customer(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
        let mut enter = false;
        let fields = [Field::CustomerName, Field::Email, Field::CustomerCellphone];
        let labels = [
            t!("field-customer-name"),
            t!("field-customer-email"),
            t!("field-customer-cellphone"),
        ];
        let texts = [
            &mut self.customer_name,
            &mut self.customer_email,
            &mut self.customer_phone,
        ];
        let has_problem = fields
            .iter()
            .any(|field| form::problem_for(problems, *field).is_some())
            && texts.iter().any(|text| !text.trim().is_empty());
        // Each of them may be left empty.
        let optional = t!("hint-optional");
        let fold = (t!("collect-customer-details"), has_problem);
        form::folded_grid(
            ui,
            fold,
            ("customer-details", "customer-fields"),
            None,
            |ui| {
                let rows = labels.iter().zip(texts).zip(fields);
                let rows =
                    rows.map(|((label, text), field)| (label.as_str(), text, field, &*optional));
                enter |= form::text_rows(ui, problems, rows);
            },
        );
        enter
    }
}

/// The payer's person type, natural or legal, as the service codes it ("0", "1"): a grid row
/// whose radios are labelled by their own words.
pub(super) fn person_type_row(ui: &mut Ui, person_type: &mut String) {
    ui.label(t!("field-person-type"));
    ui.horizontal(|ui| {
        ui.radio_value(person_type, "0".to_owned(), t!("person-natural"));
        ui.radio_value(person_type, "1".to_owned(), t!("person-legal"));
    });
    ui.end_row();
}

/// The amount field's width, and what is sold beneath it.
const AMOUNT_WIDTH: f32 = 360.0;

/// A large amount field, labelled `label`, that groups the pesos as they are typed: `25000`
/// shows `$ 25.000`. Text that is not a plain amount (a comma, letters, a pasted `25.50`) is
/// left as typed, so its problem is shown rather than guessed away. `take_keyboard`: it takes
/// the keyboard now and is brought into view with its label.
pub(super) fn amount_field(
    ui: &mut Ui,
    amount: &mut String,
    label: &str,
    problem: Option<&ValidationError>,
    take_keyboard: bool,
) -> egui::Response {
    money_field(ui, (amount, label), problem, take_keyboard, true)
}

/// A large field of pesos grouped as typed, like the amount's. `first`: it is the form's first
/// move and takes the keyboard whenever nothing else has it (a second money field of the same
/// form, what the customer hands over, waits to be reached).
pub(super) fn money_field(
    ui: &mut Ui,
    (amount, label): (&mut String, &str),
    problem: Option<&ValidationError>,
    take_keyboard: bool,
    first: bool,
) -> egui::Response {
    let label = ui.label(egui::RichText::new(label).strong());
    let before = amount.clone();
    let output = egui::TextEdit::singleline(amount)
        .hint_text(egui::RichText::new("$ 0").size(crate::ui::theme::size::AMOUNT_INPUT))
        .font(egui::FontId::proportional(
            crate::ui::theme::size::AMOUNT_INPUT,
        ))
        .desired_width(AMOUNT_WIDTH)
        .margin(egui::Margin::symmetric(10, 6))
        .show(ui);
    let response = (*output.response).clone().labelled_by(label.id);
    // The till's first move is the amount: it has the keyboard whenever nothing else does.
    if first && amount.is_empty() && ui.memory(|memory| memory.focused().is_none()) {
        response.request_focus();
    }
    if take_keyboard {
        response.request_focus();
        // Scrolled to only when out of sight: a field in view stays exactly where it is.
        if !ui.clip_rect().contains_rect(response.rect) {
            ui.scroll_to_rect(label.rect.union(response.rect), None);
        }
    }
    crate::ui::widgets::pesos::group_typed(ui, &response, output.state, &before, amount);
    // Its room kept: "¿Qué vende?" below stays where the cashier reaches for it.
    let shown = problem.filter(|_| !amount.trim().is_empty());
    form::problem_slot(ui, shown.map(|problem| problem.message.as_str()));
    response
}

/// The sale's amount in Efectivo and Fiar: typed in its large field, or shown locked when it is
/// not typed here (`locked`: the sum of the sale's lines, what a sale is missing), so both ways
/// to pay draw it the same. The keyboard is taken only by a field that can be typed in.
pub(super) fn sale_amount(
    ui: &mut Ui,
    amount: &mut String,
    locked: bool,
    problems: &[ValidationError],
    take_keyboard: &mut bool,
) -> egui::Response {
    if locked {
        return locked_amount(ui, amount, &t!("field-amount"));
    }
    amount_field(
        ui,
        amount,
        &t!("field-amount"),
        form::problem_for(problems, Field::Amount),
        std::mem::take(take_keyboard),
    )
}

/// The amount where it is not typed (the sum of the sale's lines, what a sale is missing):
/// shown as large as the field it stands for, and read like it, but not changed here.
pub(super) fn locked_amount(ui: &mut Ui, amount: &str, label: &str) -> egui::Response {
    let label = ui.label(egui::RichText::new(label).strong());
    let mut shown = amount.to_owned();
    let response = ui
        .add(
            egui::TextEdit::singleline(&mut shown)
                .font(egui::FontId::proportional(
                    crate::ui::theme::size::AMOUNT_INPUT,
                ))
                .desired_width(AMOUNT_WIDTH)
                .margin(egui::Margin::symmetric(10, 6))
                .interactive(false),
        )
        .labelled_by(label.id);
    // The same room as a field's problem line: what is below stays where it was.
    form::problem_slot(ui, None);
    response
}
