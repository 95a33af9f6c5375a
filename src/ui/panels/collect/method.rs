//! A payment for one Family B method, with the fields that method takes.

use crate::ui::plumbing::queue::Queue;
use egui::{RichText, Ui};

use crate::t;

use crate::api::catalog::{ExtraField, LEGAL_PERSON_DOCUMENTS, Lifetime, NATURAL_PERSON_DOCUMENTS};
use crate::api::family_b::{BankList, PaymentMethodRequest};
use crate::requests::{MethodPaymentForm, MethodShape};
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::Requested;
use crate::ui::widgets::form::{self, error_box};
use crate::validate::{self, Field, ValidationError};

use super::fields::person_type_row;
use super::submit::Submission;
use super::*;
use crate::collections::ChargeRequest;

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

    pub(super) fn logic(&mut self, work: &mut LogicContext<'_>) {
        if self.banks.poll()
            && let Some(error) = self.banks.error()
        {
            work.note_error(error);
        }
    }

    pub(super) fn ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        queued: &mut Queue<CollectCommand>,
    ) {
        // What the method asks is read before its picker draws: this frame is the method's
        // that was chosen when it began.
        let shape = MethodShape::of(&view.service, self.method_id);
        self.keep_expiry_allowed(&shape);
        if shape.bank_transfer && self.banks_for != Some(self.method_id) {
            self.banks_for = Some(self.method_id);
            queued.push(CollectCommand::LoadBanks(self.method_id));
        }
        // The problems beside the fields are the frame's start; what goes is read after them.
        let problems = self.build(view).err().unwrap_or_default();
        self.method_picker(ui, view);
        ui.add_space(crate::ui::theme::space::SMALL);
        let mut enter = self.fields.ui_amount(ui, &problems);
        ui.add_space(crate::ui::theme::space::SMALL);
        enter |= self.fields.ui_description(ui, &problems);
        ui.add_space(crate::ui::theme::space::SMALL);
        egui::Grid::new("method-form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                enter |= self.payer_rows(ui, &shape, &problems);
                enter |= self.extra_rows(ui, &shape, &problems);
                if shape.bank_transfer || shape.needs(ExtraField::BankId) {
                    enter |= self.bank_transfer_rows(ui, &problems);
                }
                self.expiry_row(ui, &shape);
            });
        enter |= self.fields.ui_customer(ui, &problems);
        let fold = (t!("collect-reference"), view.service.dialect);
        enter |= self.fields.ui_reference_fold(ui, &problems, fold, |_| {});
        ui.add_space(crate::ui::theme::space::LARGE);
        method_notes(ui, &shape);
        if let Some(error) = self.banks.error() {
            error_box(ui, error);
        }
        ui.add_space(crate::ui::theme::space::MEDIUM);
        let button = (t!("collect-create-payment"), method_labels());
        // Read again now the fields took this frame's keys (see the link form).
        let built = self.build(view);
        let form = self
            .fields
            .foot(built.map(ChargeRequest::Method), button, enter);
        self.submission.foot_ui(ui, form, (view, queued));
        if self.submission.take_enter_held() {
            self.fields.take_keyboard = true;
        }
    }

    /// The lifetimes offered are those the interface takes: a choice it no longer takes (another
    /// method was picked) moves to the first one it does.
    fn keep_expiry_allowed(&mut self, shape: &MethodShape) {
        if !shape.long_enough(self.expiry)
            && let Some(seconds) = EXPIRY_CHOICES.iter().find(|s| shape.long_enough(**s))
        {
            self.expiry = *seconds;
        }
    }

    /// The catalog's methods, each with the shortest life the interface takes for it.
    fn method_picker(&mut self, ui: &mut Ui, view: &CollectView<'_>) {
        let catalog = view.service.catalog;
        let included = view.service.dialect.minimum_lifetime_included();
        let chosen = catalog
            .find(self.method_id)
            .map(|m| m.display_name())
            .unwrap_or_default();
        egui::Grid::new("method-picker")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                let method_label = ui.label(crate::t!("field-method"));
                egui::ComboBox::from_id_salt("method-picker")
                    .selected_text(chosen)
                    .show_ui(ui, |ui| {
                        for known in &catalog.methods {
                            let minimum = shortest_life(known.min_expires_in, included);
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
    }

    /// Who pays: their cellphone, and their document where the method's scheme asks for it.
    fn payer_rows(
        &mut self,
        ui: &mut Ui,
        shape: &MethodShape,
        problems: &[ValidationError],
    ) -> bool {
        let mut enter = false;
        if shape.shows(ExtraField::Cellphone) {
            let optional = !shape.needs(ExtraField::Cellphone);
            let row = (&mut self.payer_cellphone, Field::Cellphone, "300 123 4567");
            enter |= taken_row(ui, problems, (t!("field-payer-cellphone"), optional), row);
        }
        // A bank transfer asks for the payer's document with its person type, further down.
        let scheme_document = [ExtraField::DocType, ExtraField::DocumentType]
            .into_iter()
            .any(|field| shape.shows(field))
            && !shape.bank_transfer;
        if !scheme_document {
            return enter;
        }
        let optional = !shape.needs(ExtraField::DocType);
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
        let number_field = if shape.needs(ExtraField::DocNumber) {
            Field::DocNumber
        } else {
            Field::DocumentNumber
        };
        let hint = t!("hint-digits");
        let row = (&mut self.doc_number, number_field, hint.as_str());
        enter | taken_row(ui, problems, (t!("field-document-number"), optional), row)
    }

    /// What else the method takes: the Bre-B merchant (unless the profile has it), a WhatsApp
    /// account, what the payer is shown.
    fn extra_rows(
        &mut self,
        ui: &mut Ui,
        shape: &MethodShape,
        problems: &[ValidationError],
    ) -> bool {
        let rows = [
            (
                // The profile's Bre-B id goes into every Bre-B payment: not asked at the till.
                shape.shows(ExtraField::MerchantId) && !self.merchant_from_profile,
                ExtraField::MerchantId,
                (t!("field-merchant-id"), t!("hint-merchant-id")),
                (&mut self.merchant_id, Field::MerchantId),
            ),
            (
                shape.needs(ExtraField::WhatsappAccountId),
                ExtraField::WhatsappAccountId,
                (t!("field-whatsapp"), t!("hint-whatsapp")),
                (&mut self.whatsapp_account, Field::WhatsappAccountId),
            ),
            (
                shape.shows(ExtraField::Description),
                ExtraField::Description,
                (t!("field-what-is-paid"), t!("hint-shown-to-payer")),
                (&mut self.payer_description, Field::Description),
            ),
        ];
        let mut enter = false;
        for (shown, taken, (words, hint), (text, field)) in rows {
            if shown {
                let optional = !shape.needs(taken);
                enter |= taken_row(ui, problems, (words, optional), (text, field, &hint));
            }
        }
        enter
    }

    /// A bank transfer's payer: the bank, the person type, then the documents that type has.
    fn bank_transfer_rows(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
        form::bank_row(
            ui,
            &t!("field-payer-bank"),
            "bank-picker",
            &self.banks,
            &mut self.bank_id,
        );
        person_type_row(ui, &mut self.person_type);
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
        form::text_rows(
            ui,
            problems,
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
        )
    }

    /// How long the payment lives: chosen among those the interface takes, or the method's own.
    fn expiry_row(&mut self, ui: &mut Ui, shape: &MethodShape) {
        let expiry_label = ui.label(crate::t!("field-expires-in"));
        match shape.lifetime {
            Lifetime::AsRequested => {
                egui::ComboBox::from_id_salt("method-expiry")
                    .selected_text(validate::describe_seconds(self.expiry))
                    .show_ui(ui, |ui| {
                        for seconds in EXPIRY_CHOICES.iter().filter(|s| shape.long_enough(**s)) {
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
    }
}

/// A row for a field the method takes (`(text, its field, hint)`), its label saying so where the
/// method may go without it; true when Enter was pressed in it.
fn taken_row(
    ui: &mut Ui,
    problems: &[ValidationError],
    (words, optional): (String, bool),
    (text, field, hint): (&mut String, Field, &str),
) -> bool {
    let label = form::optional_label(words, optional);
    form::text_rows(ui, problems, [(label.as_str(), text, field, hint)])
}

/// " (more than 12 h)" after a method's name: the shortest life the interface takes for it.
fn shortest_life(minimum: Option<u64>, included: bool) -> String {
    minimum
        .map(|seconds| {
            let duration = validate::describe_seconds(seconds);
            if included {
                t!("method-from", duration = duration)
            } else {
                t!("method-more-than", duration = duration)
            }
        })
        .unwrap_or_default()
}

/// Under the form: a code that takes many payments says so, and a method's shortest life.
fn method_notes(ui: &mut Ui, shape: &MethodShape) {
    if shape.repeatable {
        ui.label(RichText::new(t!("method-repeatable")).weak());
    }
    if shape.minimum > 0 && shape.lifetime.takes_expires_in() {
        let (name, minimum) = (
            shape.name.as_str(),
            validate::describe_seconds(shape.minimum),
        );
        ui.label(
            RichText::new(if shape.minimum_included {
                t!("method-at-least-life", method = name, minimum = minimum)
            } else {
                t!("method-minimum-life", method = name, minimum = minimum)
            })
            .weak(),
        );
    }
}
