//! A payment link: the customer picks any method on the service's page.

use egui::Ui;

use crate::api::family_b::PaymentLinkRequest;
use crate::ui::PanelContext;
use crate::ui::bridge::Requested;
use crate::ui::widgets::form::{self, blocking_reasons};
use crate::validate::{self, ValidationError};

use crate::ui::panels::created::{CreatedPayment, CreatedView};

use super::*;
use crate::requests::PaymentLinkForm;

pub(super) const LINK_LABELS: &form::FieldLabels = &[
    ("amount", "Amount"),
    ("reference1", "Your reference"),
    ("expiresIn", "Expires in"),
    ("email", "Customer e-mail"),
    ("customer cellphone", "Customer cellphone"),
    ("returnUrl", "Return URL"),
    ("webhookUrl", "Webhook URL"),
    ("brandId", "Brand id (profile setting)"),
];

pub(super) struct LinkForm {
    pub(super) fields: CashInFields,
    pub(super) expiry: Option<u64>,
    pub(super) request: Requested<CreatedPayment>,
    pub(super) attempt: Attempt,
    pub(super) view: CreatedView,
}

impl Default for LinkForm {
    fn default() -> Self {
        LinkForm {
            fields: CashInFields::new(),
            expiry: Some(3_600),
            request: Requested::NotRequested,
            attempt: Attempt::Fresh,
            view: CreatedView::default(),
        }
    }
}

impl LinkForm {
    pub(super) fn build(
        &self,
        ctx: &PanelContext<'_>,
    ) -> Result<PaymentLinkRequest, Vec<ValidationError>> {
        PaymentLinkForm {
            cash_in: self.fields.form(self.expiry),
        }
        .parse(&service(ctx))
    }

    pub(super) fn logic(&mut self, ctx: &mut PanelContext<'_>) {
        settle_attempt(
            &mut self.request,
            &mut self.attempt,
            &mut self.fields.reference1,
            &mut self.view,
            ctx,
            "Payment link",
        );
    }

    pub(super) fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>) {
        let built = self.build(ctx);
        let problems = built.as_ref().err().cloned().unwrap_or_default();
        let mut enter = false;
        egui::Grid::new("link-form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                enter |= self.fields.ui_top(ui, &problems);
                enter |= self.fields.ui_customer(ui, &problems);
                let expiry_label = ui.label("Expires in");
                egui::ComboBox::from_id_salt("link-expiry")
                    .selected_text(match self.expiry {
                        Some(seconds) => validate::describe_seconds(seconds),
                        None => "Service default".to_owned(),
                    })
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut self.expiry, None, "Service default");
                        for (seconds, words) in EXPIRY_CHOICES {
                            ui.selectable_value(&mut self.expiry, Some(*seconds), *words);
                        }
                    })
                    .response
                    .labelled_by(expiry_label.id);
                ui.end_row();
                enter |= self.fields.ui_bottom(ui, &problems);
            });
        ui.add_space(8.0);
        let pending = self.request.is_pending();
        let label = submit_label(&self.attempt, "Create payment link");
        let clicked = ui
            .add_enabled(built.is_ok() && !pending, egui::Button::new(label))
            .clicked();
        if pending {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Creating…");
            });
        }
        blocking_reasons(ui, &problems, LINK_LABELS);
        if (clicked || (enter && !pending))
            && let Ok(mut request) = built
        {
            prepare_retry(&self.attempt, &mut self.fields.reference1);
            request.cash_in.reference1 = self.fields.reference1.trim().to_owned();
            let client = ctx.session.connection.client.clone();
            let amount = request.cash_in.amount;
            let expires = self
                .expiry
                .map(validate::describe_seconds)
                .unwrap_or_default();
            let minimum = ctx.session.connection.catalog.min_amount(None);
            self.request.start(ctx.bridge.spawn(async move {
                let reply = client
                    .create_payment_link(&request)
                    .await
                    .map_err(|error| error.explain_minimum(minimum))?;
                Ok(CreatedPayment {
                    title: "Payment link created".into(),
                    amount: Some(amount),
                    qr_text: reply.value.url.clone(),
                    url: reply.value.url,
                    reference: reply.value.reference,
                    expires,
                    extra: vec![("Your reference".into(), request.cash_in.reference1.clone())],
                })
            }));
        }
        attempt_ui(ui, &self.attempt, self.request.error());
        if let Some(created) = self.request.value().cloned() {
            ui.add_space(8.0);
            self.view.ui(ui, ctx, &created);
        }
    }
}
