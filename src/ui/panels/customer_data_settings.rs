//! Settings → customers' data: how many days customers' personal data is kept, and forgetting a
//! customer who asks (by cellphone, document or e-mail).

use egui::{RichText, Ui};

use crate::i18n::Problem;
use crate::ledger::Customer;
use crate::t;
use crate::ui::panels::backups_settings::result_line;
use crate::ui::services::customer_data::{CustomerData, CustomerDataCommand};
use crate::ui::widgets::problem::{Tone, explained};

#[derive(Default)]
pub struct CustomerDataSection {
    /// The days as typed; `None` until the person edits them.
    days: Option<String>,
    /// Who asks to be forgotten, as typed.
    forget: String,
    /// What was typed cannot be asked for, in words.
    problem: Option<Problem>,
}

/// A customer as typed: an e-mail, a cellphone, else a document number.
fn customer_of(text: &str) -> Result<Customer, Problem> {
    use crate::validate::{self, Field};
    let text = text.trim();
    if text.contains('@') {
        return validate::email(Field::Email, text)
            .map(|email| Customer::Email(email.to_lowercase()))
            .map_err(|problem| Problem::words(problem.to_string()));
    }
    if let Ok(phone) = validate::cellphone(Field::Cellphone, text) {
        return Ok(Customer::Cellphone(phone));
    }
    let number: String = text.chars().filter(|c| !matches!(c, '.' | ' ')).collect();
    if (4..=20).contains(&number.len()) && number.chars().all(|c| c.is_ascii_alphanumeric()) {
        Ok(Customer::Document(number))
    } else {
        Err(Problem::words(t!("customers-who-unreadable")))
    }
}

impl CustomerDataSection {
    /// Customers' personal data: how long it is kept, and forgetting one who asks.
    pub fn ui(&mut self, ui: &mut Ui, customers: &CustomerData) -> Option<CustomerDataCommand> {
        let mut command = None;
        ui.add_space(crate::ui::theme::space::SMALL);
        ui.label(RichText::new(t!("customers-title")).strong());
        ui.label(RichText::new(t!("customers-explain")).weak());
        ui.horizontal(|ui| {
            let label = ui.label(t!("customers-days"));
            let days = self
                .days
                .get_or_insert_with(|| customers.days().to_string());
            ui.add(egui::TextEdit::singleline(days).desired_width(60.0))
                .labelled_by(label.id);
            if ui.button(t!("customers-days-save")).clicked() {
                match days.trim().parse::<u32>() {
                    Ok(days) if (1..=3650).contains(&days) => {
                        self.problem = None;
                        command = Some(CustomerDataCommand::SetDays(days));
                    }
                    _ => self.problem = Some(Problem::words(t!("customers-days-range"))),
                }
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label(t!("customers-forget"));
            ui.add(egui::TextEdit::singleline(&mut self.forget).desired_width(220.0))
                .labelled_by(label.id);
            if ui
                .add_enabled(
                    !self.forget.trim().is_empty(),
                    egui::Button::new(t!("customers-forget-button")),
                )
                .clicked()
            {
                match customer_of(&self.forget) {
                    Ok(customer) => {
                        self.problem = None;
                        self.forget.clear();
                        command = Some(CustomerDataCommand::Forget(customer));
                    }
                    Err(problem) => self.problem = Some(problem),
                }
            }
        });
        if let Some(problem) = &self.problem {
            explained(ui, Tone::Failed, problem);
        }
        result_line(ui, &customers.result);
        command
    }
}
