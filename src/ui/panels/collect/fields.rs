//! The fields every Family B cash-in form shares: amount, reference, what is sold, the customer,
//! and the addresses.

use egui::Ui;

use crate::api::family_b::{CashIn, Reference2};
use crate::ui::widgets::form::{self};
use crate::validate::{self, ValidationError};

use super::*;

/// The shared part of a Family B cash-in form.
pub(super) struct CashInFields {
    pub(super) amount: String,
    pub(super) reference1: String,
    pub(super) description: String,
    pub(super) customer_name: String,
    pub(super) customer_email: String,
    pub(super) customer_phone: String,
    pub(super) return_url: String,
    pub(super) webhook_url: String,
    pub(super) show_summary: bool,
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
            return_url: String::new(),
            webhook_url: String::new(),
            show_summary: true,
        }
    }

    /// `service_url`: where the payment goes, which decides what webhook address can be reached.
    pub(super) fn build(
        &self,
        expires_in: Option<u64>,
        brand_id: i64,
        service_url: &str,
        problems: &mut Vec<ValidationError>,
    ) -> Option<CashIn> {
        let amount = validate::amount("amount", &self.amount)
            .map_err(|e| problems.push(e))
            .ok();
        let reference1 = validate::reference1(&self.reference1)
            .map_err(|e| problems.push(e))
            .ok();
        let webhook_url = validate::webhook_url("webhookUrl", &self.webhook_url, service_url)
            .map_err(|e| problems.push(e))
            .ok();
        let return_url = if self.return_url.trim().is_empty() {
            None
        } else {
            validate::web_url("returnUrl", &self.return_url)
                .map_err(|e| problems.push(e))
                .ok()
        };
        let mut label = Vec::new();
        if !self.customer_name.trim().is_empty() {
            label.push(("Name".to_owned(), self.customer_name.trim().to_owned()));
        }
        if !self.customer_email.trim().is_empty() {
            match validate::email("email", &self.customer_email) {
                Ok(email) => label.push(("Email".to_owned(), email)),
                Err(error) => problems.push(error),
            }
        }
        if !self.customer_phone.trim().is_empty() {
            match validate::cellphone("customer cellphone", &self.customer_phone) {
                Ok(phone) => label.push(("CellPhone".to_owned(), phone)),
                Err(error) => problems.push(error),
            }
        }
        if !self.description.trim().is_empty() {
            label.push(("Description".to_owned(), self.description.trim().to_owned()));
        }
        Some(CashIn {
            amount: amount?,
            reference1: reference1?,
            webhook_url: webhook_url?,
            return_url,
            expires_in,
            brand_id,
            show_summary: Some(self.show_summary),
            reference2: Reference2 {
                label,
                data: Vec::new(),
            },
        })
    }

    /// Amount and reference first; returns whether Enter was pressed in any field.
    pub(super) fn ui_top(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
        let mut enter = false;
        enter |= form::text_rows(
            ui,
            problems,
            [
                ("Amount", &mut self.amount, "amount", "$ 25.000"),
                (
                    "Your reference",
                    &mut self.reference1,
                    "reference1",
                    "up to 20 characters",
                ),
                (
                    "Description",
                    &mut self.description,
                    "description",
                    "what is being sold",
                ),
            ],
        );
        enter
    }

    pub(super) fn ui_customer(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
        let mut enter = false;
        enter |= form::text_rows(
            ui,
            problems,
            [
                (
                    "Customer name",
                    &mut self.customer_name,
                    "customer name",
                    "optional",
                ),
                (
                    "Customer e-mail",
                    &mut self.customer_email,
                    "email",
                    "optional",
                ),
                (
                    "Customer cellphone",
                    &mut self.customer_phone,
                    "customer cellphone",
                    "optional",
                ),
            ],
        );
        enter
    }

    pub(super) fn ui_bottom(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
        let mut enter = false;
        enter |= form::text_rows(
            ui,
            problems,
            [
                (
                    "Return URL",
                    &mut self.return_url,
                    "returnUrl",
                    "optional, https://",
                ),
                (
                    "Webhook URL",
                    &mut self.webhook_url,
                    "webhookUrl",
                    "https://",
                ),
            ],
        );
        ui.label("Payment summary");
        ui.checkbox(&mut self.show_summary, "Show the summary to the payer");
        ui.end_row();
        enter
    }
}
