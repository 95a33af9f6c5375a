//! A payment for one Family B method, with the fields that method takes.

use crate::ui::queue::Queue;
use egui::{RichText, Ui};

use crate::t;

use crate::api::catalog::{
    ExtraField, LEGAL_PERSON_DOCUMENTS, Lifetime, MethodKind, NATURAL_PERSON_DOCUMENTS,
};
use crate::api::family_b::{BankList, PaymentMethodRequest};
use crate::requests::MethodPaymentForm;
use crate::ui::PanelContext;
use crate::ui::bridge::Requested;
use crate::ui::widgets::form::{self, blocking_reasons, error_box};
use crate::validate::{self, Field, ValidationError};

use super::submit::{Creation, Submission};
use super::*;

pub(super) fn method_labels() -> Vec<(Field, String)> {
    vec![
        (Field::Amount, crate::t!("field-amount")),
        (Field::Reference1, crate::t!("field-your-reference")),
        (Field::Method, crate::t!("field-method")),
        (Field::Cellphone, crate::t!("field-payer-cellphone")),
        (Field::BankId, crate::t!("field-payer-bank")),
        (Field::TypePerson, crate::t!("field-person-type")),
        (Field::DocumentType, crate::t!("field-document-type")),
        (Field::DocumentNumber, crate::t!("field-document-number")),
        (Field::Name, crate::t!("field-payer-name")),
        (Field::Address, crate::t!("field-payer-address")),
        (Field::Email, crate::t!("field-email")),
        (Field::DocType, crate::t!("field-document-type")),
        (Field::DocNumber, crate::t!("field-document-number")),
        (Field::MerchantId, crate::t!("field-merchant-id")),
        (Field::WhatsappAccountId, crate::t!("field-whatsapp")),
        (Field::Description, crate::t!("field-what-is-paid")),
        (Field::ExpiresIn, crate::t!("field-expires-in")),
        (
            Field::CustomerCellphone,
            crate::t!("field-customer-cellphone"),
        ),
        (Field::ReturnUrl, crate::t!("field-return-url")),
        (
            Field::WebhookUrl,
            in_settings(crate::t!("field-webhook-url")),
        ),
        (Field::BrandId, in_settings(crate::t!("field-brand-id"))),
    ]
}

pub(super) struct MethodForm {
    pub(super) fields: CashInFields,
    pub(super) method_id: i64,
    pub(super) expiry: u64,
    pub(super) payer_cellphone: String,
    pub(super) bank_id: String,
    pub(super) person_type: String,
    pub(super) doc_type: String,
    pub(super) doc_number: String,
    pub(super) payer_name: String,
    pub(super) address: String,
    pub(super) payer_email: String,
    pub(super) merchant_id: String,
    /// The Bre-B id is the profile's (Settings): not asked at the till.
    pub(super) merchant_from_profile: bool,
    pub(super) whatsapp_account: String,
    pub(super) payer_description: String,
    pub(super) banks: Requested<BankList>,
    pub(super) banks_for: Option<i64>,
    pub(super) submission: Submission,
}

impl Default for MethodForm {
    fn default() -> Self {
        MethodForm {
            fields: CashInFields::new(),
            method_id: crate::api::catalog::FIRST_METHOD,
            expiry: 46_800,
            payer_cellphone: String::new(),
            bank_id: String::new(),
            person_type: "0".into(),
            doc_type: "CC".into(),
            doc_number: String::new(),
            payer_name: String::new(),
            address: String::new(),
            payer_email: String::new(),
            merchant_id: String::new(),
            merchant_from_profile: false,
            whatsapp_account: String::new(),
            payer_description: String::new(),
            banks: Requested::NotRequested,
            banks_for: None,
            submission: Submission::new(),
        }
    }
}

impl MethodForm {
    /// What was typed for each method field; the request layer keeps the method's own.
    fn typed(&self) -> Vec<(ExtraField, String)> {
        [
            (ExtraField::Cellphone, &self.payer_cellphone),
            (ExtraField::BankId, &self.bank_id),
            (ExtraField::TypePerson, &self.person_type),
            (ExtraField::DocumentType, &self.doc_type),
            (ExtraField::DocType, &self.doc_type),
            (ExtraField::DocumentNumber, &self.doc_number),
            (ExtraField::DocNumber, &self.doc_number),
            (ExtraField::Name, &self.payer_name),
            (ExtraField::Address, &self.address),
            (ExtraField::Email, &self.payer_email),
            (ExtraField::MerchantId, &self.merchant_id),
            (ExtraField::WhatsappAccountId, &self.whatsapp_account),
            (ExtraField::Description, &self.payer_description),
        ]
        .into_iter()
        .map(|(field, value)| (field, value.clone()))
        .collect()
    }

    pub(super) fn build(
        &self,
        view: &CollectView<'_>,
    ) -> Result<PaymentMethodRequest, Vec<ValidationError>> {
        let lifetime = view.service.catalog.lifetime(self.method_id);
        MethodPaymentForm {
            cash_in: self
                .fields
                .form(lifetime.takes_expires_in().then_some(self.expiry)),
            method_id: self.method_id,
            typed: self.typed(),
        }
        .parse(&view.service)
    }

    pub(super) fn logic(&mut self, ctx: &mut PanelContext<'_>) {
        if self.banks.poll()
            && let Some(error) = self.banks.error()
        {
            ctx.note_error(error);
        }
    }

    pub(super) fn ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        queued: &mut Queue<CollectCommand>,
    ) {
        let catalog = view.service.catalog;
        let dialect = view.service.dialect;
        let method = catalog.find(self.method_id).cloned();
        let minimum = method.as_ref().and_then(|m| m.min_expires_in).unwrap_or(0);
        // The lifetimes offered are those the interface takes: the spec's above the minimum,
        // the current one's from the minimum itself.
        let long_enough = |seconds: u64| {
            seconds > minimum || (dialect.minimum_lifetime_included() && seconds == minimum)
        };
        if !long_enough(self.expiry)
            && let Some(seconds) = EXPIRY_CHOICES.iter().find(|s| long_enough(**s))
        {
            self.expiry = *seconds;
        }
        // The method's fields as the interface asks for them (a card's description is required
        // in the current one).
        let fields = crate::api::family_b::method_fields(catalog, self.method_id, dialect);
        let needs = |field| fields.contains(&(field, true));
        // Fields the method takes when given; their labels say so.
        let takes = |field| fields.contains(&(field, false));
        let lifetime = method.as_ref().map(|m| m.lifetime).unwrap_or_default();
        let is_bank_transfer = method
            .as_ref()
            .is_some_and(|m| m.kind == MethodKind::OnlineBankTransfer);
        if is_bank_transfer && self.banks_for != Some(self.method_id) {
            self.banks_for = Some(self.method_id);
            queued.push(CollectCommand::LoadBanks(self.method_id));
        }
        let built = self.build(view);
        let problems = built.as_ref().err().cloned().unwrap_or_default();
        let mut enter = false;
        egui::Grid::new("method-picker")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                let method_label = ui.label(crate::t!("field-method"));
                egui::ComboBox::from_id_salt("method-picker")
                    .selected_text(
                        method
                            .as_ref()
                            .map(|m| m.display_name())
                            .unwrap_or_default(),
                    )
                    .show_ui(ui, |ui| {
                        for known in &catalog.methods {
                            let minimum = known
                                .min_expires_in
                                .map(|s| {
                                    let duration = validate::describe_seconds(s);
                                    if dialect.minimum_lifetime_included() {
                                        t!("method-from", duration = duration)
                                    } else {
                                        t!("method-more-than", duration = duration)
                                    }
                                })
                                .unwrap_or_default();
                            ui.selectable_value(
                                &mut self.method_id,
                                known.id,
                                format!("{}{minimum}", known.display_name()),
                            );
                        }
                    })
                    .response
                    .labelled_by(method_label.id);
                ui.end_row();
            });
        ui.add_space(crate::ui::theme::space::SMALL);
        enter |= self.fields.ui_amount(ui, &problems);
        ui.add_space(crate::ui::theme::space::SMALL);
        enter |= self.fields.ui_description(ui, &problems);
        ui.add_space(crate::ui::theme::space::SMALL);
        egui::Grid::new("method-form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                if needs(ExtraField::Cellphone) || takes(ExtraField::Cellphone) {
                    let label = form::optional_label(
                        t!("field-payer-cellphone"),
                        !needs(ExtraField::Cellphone),
                    );
                    enter |= form::text_rows(
                        ui,
                        &problems,
                        [(
                            label.as_str(),
                            &mut self.payer_cellphone,
                            Field::Cellphone,
                            "300 123 4567",
                        )],
                    );
                }
                let scheme_document = [ExtraField::DocType, ExtraField::DocumentType]
                    .into_iter()
                    .any(|field| needs(field) || takes(field))
                    && !is_bank_transfer;
                if scheme_document {
                    let optional = !needs(ExtraField::DocType);
                    // An optional type can be left out ("—").
                    let none = optional.then_some(("", "—".to_owned()));
                    form::choice_row(
                        ui,
                        &form::optional_label(t!("field-document-type"), optional),
                        "scheme-doc-type",
                        &mut self.doc_type,
                        none.into_iter()
                            .chain(DOCUMENT_TYPES.iter().map(|doc| (*doc, (*doc).to_owned()))),
                    );
                    let number_field = if needs(ExtraField::DocNumber) {
                        Field::DocNumber
                    } else {
                        Field::DocumentNumber
                    };
                    enter |= form::text_rows(
                        ui,
                        &problems,
                        [(
                            &*form::optional_label(t!("field-document-number"), optional),
                            &mut self.doc_number,
                            number_field,
                            &*t!("hint-digits"),
                        )],
                    );
                }
                if (needs(ExtraField::MerchantId) || takes(ExtraField::MerchantId))
                    && !self.merchant_from_profile
                {
                    let label = form::optional_label(
                        t!("field-merchant-id"),
                        !needs(ExtraField::MerchantId),
                    );
                    enter |= form::text_rows(
                        ui,
                        &problems,
                        [(
                            label.as_str(),
                            &mut self.merchant_id,
                            Field::MerchantId,
                            &*t!("hint-merchant-id"),
                        )],
                    );
                }
                if needs(ExtraField::WhatsappAccountId) {
                    enter |= form::text_rows(
                        ui,
                        &problems,
                        [(
                            &*crate::t!("field-whatsapp"),
                            &mut self.whatsapp_account,
                            Field::WhatsappAccountId,
                            &*t!("hint-whatsapp"),
                        )],
                    );
                }
                if needs(ExtraField::Description) || takes(ExtraField::Description) {
                    enter |= form::text_rows(
                        ui,
                        &problems,
                        [(
                            &*form::optional_label(
                                t!("field-what-is-paid"),
                                !needs(ExtraField::Description),
                            ),
                            &mut self.payer_description,
                            Field::Description,
                            &*t!("hint-shown-to-payer"),
                        )],
                    );
                }
                if is_bank_transfer || needs(ExtraField::BankId) {
                    form::bank_row(
                        ui,
                        &t!("field-payer-bank"),
                        "bank-picker",
                        &self.banks,
                        &mut self.bank_id,
                    );
                    ui.label(crate::t!("field-person-type"));
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut self.person_type, "0".to_owned(), t!("person-natural"));
                        ui.radio_value(&mut self.person_type, "1".to_owned(), t!("person-legal"));
                    });
                    ui.end_row();
                    let documents = if self.person_type == "1" {
                        LEGAL_PERSON_DOCUMENTS
                    } else {
                        NATURAL_PERSON_DOCUMENTS
                    };
                    if !documents.contains(&self.doc_type.as_str()) {
                        self.doc_type = documents[0].to_owned();
                    }
                    form::choice_row(
                        ui,
                        &t!("field-document-type"),
                        "doc-type",
                        &mut self.doc_type,
                        documents.iter().map(|doc| (*doc, (*doc).to_owned())),
                    );
                    enter |= form::text_rows(
                        ui,
                        &problems,
                        [
                            (
                                &*crate::t!("field-document-number"),
                                &mut self.doc_number,
                                Field::DocumentNumber,
                                &*t!("hint-digits"),
                            ),
                            (
                                &*crate::t!("field-payer-name"),
                                &mut self.payer_name,
                                Field::Name,
                                "",
                            ),
                            (
                                &*crate::t!("field-payer-address"),
                                &mut self.address,
                                Field::Address,
                                "",
                            ),
                            (
                                &*crate::t!("field-payer-email"),
                                &mut self.payer_email,
                                Field::Email,
                                &*t!("hint-email"),
                            ),
                        ],
                    );
                }
                let expiry_label = ui.label(crate::t!("field-expires-in"));
                match lifetime {
                    Lifetime::AsRequested => {
                        egui::ComboBox::from_id_salt("method-expiry")
                            .selected_text(validate::describe_seconds(self.expiry))
                            .show_ui(ui, |ui| {
                                for seconds in EXPIRY_CHOICES.iter().filter(|s| long_enough(**s)) {
                                    ui.selectable_value(
                                        &mut self.expiry,
                                        *seconds,
                                        validate::describe_seconds(*seconds),
                                    );
                                }
                            })
                            .response
                            .labelled_by(expiry_label.id);
                    }
                    Lifetime::Fixed { seconds } => {
                        ui.label(validate::describe_seconds(seconds))
                            .labelled_by(expiry_label.id);
                    }
                    Lifetime::EndOfDay => {
                        ui.label(t!("expiry-end-of-day"))
                            .labelled_by(expiry_label.id);
                    }
                }
                ui.end_row();
            });
        enter |= self.fields.ui_customer(ui, &problems);
        enter |= self.fields.ui_reference_fold(
            ui,
            &problems,
            (
                t!("collect-reference"),
                dialect.reference1_max(crate::api::Direction::In),
            ),
            |_| {},
        );
        ui.add_space(crate::ui::theme::space::LARGE);
        if method.as_ref().is_some_and(|m| m.repeatable) {
            ui.label(RichText::new(t!("method-repeatable")).weak());
        }
        if minimum > 0 && lifetime.takes_expires_in() {
            let name = method
                .as_ref()
                .map(|m| m.display_name())
                .unwrap_or_default();
            let minimum = validate::describe_seconds(minimum);
            ui.label(
                RichText::new(if dialect.minimum_lifetime_included() {
                    t!("method-at-least-life", method = name, minimum = minimum)
                } else {
                    t!("method-minimum-life", method = name, minimum = minimum)
                })
                .weak(),
            );
        }
        if let Some(error) = self.banks.error() {
            error_box(ui, error);
        }
        ui.add_space(crate::ui::theme::space::MEDIUM);
        let go = self
            .submission
            .button(ui, built.is_ok(), enter, &t!("collect-create-payment"));
        if self.submission.explain_blocking(self.fields.started()) {
            blocking_reasons(ui, &problems, &method_labels());
        }
        if go && let Ok(mut request) = built {
            self.submission
                .reference_for_next(&mut self.fields.reference1);
            request.cash_in.reference1 = self.fields.reference1.trim().to_owned();
            let name = method
                .as_ref()
                .map(|m| m.display_name())
                .unwrap_or_default();
            self.submission
                .submit(Creation::Method { request, name }, view, queued);
        }
        self.submission.outcome_ui(ui, view, queued);
    }
}
