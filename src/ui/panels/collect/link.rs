//! A payment link: the customer picks any method on the service's page.

use crate::ui::queue::Queue;
use egui::Ui;

use crate::t;

use crate::api::family_b::PaymentLinkRequest;
use crate::requests::PaymentLinkForm;
use crate::ui::widgets::form::blocking_reasons;
use crate::validate::{self, Field, ValidationError};

use super::creation::Creation;
use super::submit::Submission;
use super::*;

fn link_labels() -> Vec<(Field, String)> {
    vec![
        (Field::Amount, t!("field-amount")),
        (Field::Reference1, t!("field-your-reference")),
        (Field::ExpiresIn, t!("field-expires-in")),
        (Field::Email, t!("field-customer-email")),
        (Field::CustomerCellphone, t!("field-customer-cellphone")),
        (Field::ReturnUrl, in_settings(t!("field-return-url"))),
        (Field::WebhookUrl, in_settings(t!("field-webhook-url"))),
        (Field::BrandId, in_settings(t!("field-brand-id"))),
    ]
}

pub(super) struct LinkForm {
    pub(super) fields: CashInFields,
    pub(super) expiry: Option<u64>,
    pub(super) submission: Submission,
}

impl Default for LinkForm {
    fn default() -> Self {
        LinkForm {
            fields: CashInFields::new(),
            expiry: Some(3_600),
            submission: Submission::new(),
        }
    }
}

impl LinkForm {
    pub(super) fn build(
        &self,
        view: &CollectView<'_>,
    ) -> Result<PaymentLinkRequest, Vec<ValidationError>> {
        PaymentLinkForm {
            cash_in: self.fields.form(self.expiry),
        }
        .parse(&view.service)
    }

    pub(super) fn ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        queued: &mut Queue<CollectCommand>,
    ) {
        let built = self.build(view);
        let problems = built.as_ref().err().cloned().unwrap_or_default();
        let mut enter = false;
        enter |= self.fields.ui_amount(ui, &problems);
        ui.add_space(crate::ui::theme::space::SMALL);
        enter |= self.fields.ui_description(ui, &problems);
        ui.add_space(crate::ui::theme::space::SMALL);
        enter |= self.fields.ui_customer(ui, &problems);
        let expiry = &mut self.expiry;
        let longest = view
            .service
            .dialect
            .reference1_max(crate::api::Direction::In);
        enter |= self.fields.ui_reference_fold(
            ui,
            &problems,
            (t!("collect-reference-and-expiry"), longest),
            |ui| {
                let expiry_label = ui.label(t!("field-expires-in"));
                egui::ComboBox::from_id_salt("link-expiry")
                    .selected_text(match *expiry {
                        Some(seconds) => validate::describe_seconds(seconds),
                        None => t!("expiry-service-default"),
                    })
                    .show_ui(ui, |ui| {
                        ui.selectable_value(expiry, None, t!("expiry-service-default"));
                        for seconds in EXPIRY_CHOICES {
                            ui.selectable_value(
                                expiry,
                                Some(*seconds),
                                validate::describe_seconds(*seconds),
                            );
                        }
                    })
                    .response
                    .labelled_by(expiry_label.id);
                ui.end_row();
            },
        );
        ui.add_space(crate::ui::theme::space::LARGE);
        let go = self
            .submission
            .button(ui, built.is_ok(), enter, &t!("collect-create-link"));
        if self.submission.explain_blocking(self.fields.started()) {
            blocking_reasons(ui, &problems, &link_labels());
        }
        if go && let Ok(mut request) = built {
            self.submission
                .reference_for_next(&mut self.fields.reference1);
            request.cash_in.reference1 = self.fields.reference1.trim().to_owned();
            let expires = self
                .expiry
                .map(validate::describe_seconds)
                .unwrap_or_default();
            self.submission
                .submit(Creation::Link { request, expires }, view, queued);
        }
        self.submission.attempt_ui(ui, queued);
    }
}
