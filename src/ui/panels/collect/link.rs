//! A payment link: the customer picks any method on the service's page.

use crate::ui::plumbing::queue::Queue;
use egui::Ui;

use crate::t;

use crate::api::family_b::PaymentLinkRequest;
use crate::requests::PaymentLinkForm;
use crate::validate::{self, Field, ValidationError};

use super::submit::Submission;
use super::*;
use crate::collections::ChargeRequest;

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
    /// «Fiar a…» was pressed: the sale typed goes to the Fiar form.
    pub(super) fiar_asked: bool,
}

impl Default for LinkForm {
    fn default() -> Self {
        LinkForm {
            // An hour: long enough to pay from the counter or the phone, short enough that an
            // old link is not paid by mistake.
            expiry: Some(3_600),
            fields: CashInFields::new(),
            submission: Submission::new(),
            fiar_asked: false,
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
        // The problems beside the fields are the frame's start; what goes is read after them.
        let problems = self.build(view).err().unwrap_or_default();
        let mut enter = false;
        enter |= self.fields.ui_amount(ui, &problems);
        ui.add_space(crate::ui::theme::space::SMALL);
        enter |= self.fields.ui_description(ui, &problems);
        ui.add_space(crate::ui::theme::space::SMALL);
        enter |= self.fields.ui_customer(ui, &problems);
        let expiry = &mut self.expiry;
        let fold = (t!("collect-reference-and-expiry"), view.service.dialect);
        enter |= self.fields.ui_reference_fold(ui, &problems, fold, |ui| {
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
        });
        ui.add_space(crate::ui::theme::space::LARGE);
        let button = (t!("collect-create-link"), link_labels());
        // Read again now the fields took this frame's keys: "0" and Enter in one frame send
        // $ 12.000, not the $ 1.200 the frame began with.
        let built = self.build(view);
        let mut form = self
            .fields
            .foot(built.map(ChargeRequest::Link), button, enter);
        form.also = Some(t!("fiado-from-collect"));
        self.fiar_asked |= self.submission.foot_ui(ui, form, (view, queued));
        if self.submission.take_enter_held() {
            self.fields.take_keyboard = true;
        }
    }
}
