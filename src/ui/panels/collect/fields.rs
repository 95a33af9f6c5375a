//! The fields every Family B cash-in form shares: amount, reference, what is sold and the
//! customer. The addresses and the summary page are the profile's (Settings, Advanced): set
//! once, not at every sale.

use crate::validate::Field;
use egui::Ui;

use crate::t;

use crate::requests::CashInForm;
use crate::ui::widgets::form::{self};
use crate::validate::ValidationError;

use super::*;

/// The shared part of a Family B cash-in form.
pub(super) struct CashInFields {
    pub(super) amount: String,
    pub(super) reference1: String,
    pub(super) description: String,
    pub(super) customer_name: String,
    pub(super) customer_email: String,
    pub(super) customer_phone: String,
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

    /// Amount and reference first; returns whether Enter was pressed in any field.
    pub(super) fn ui_top(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
        let mut enter = false;
        enter |= form::text_rows(
            ui,
            problems,
            [
                (
                    &*t!("field-amount"),
                    &mut self.amount,
                    Field::Amount,
                    "$ 25.000",
                ),
                (
                    &*t!("field-your-reference"),
                    &mut self.reference1,
                    Field::Reference1,
                    &*t!("hint-up-to-20"),
                ),
                (
                    &*t!("field-description"),
                    &mut self.description,
                    Field::Description,
                    &*t!("hint-what-is-sold"),
                ),
            ],
        );
        enter
    }

    pub(super) fn ui_customer(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
        let mut enter = false;
        let optional = t!("hint-optional");
        enter |= form::text_rows(
            ui,
            problems,
            [
                (
                    &*t!("field-customer-name"),
                    &mut self.customer_name,
                    Field::CustomerName,
                    optional.as_str(),
                ),
                (
                    &*t!("field-customer-email"),
                    &mut self.customer_email,
                    Field::Email,
                    optional.as_str(),
                ),
                (
                    &*t!("field-customer-cellphone"),
                    &mut self.customer_phone,
                    Field::CustomerCellphone,
                    optional.as_str(),
                ),
            ],
        );
        enter
    }
}
