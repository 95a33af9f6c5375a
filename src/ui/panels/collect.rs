//! Collect: a payment link (every method), a payment for one method, or a Family A resource.
//! Each form validates as the user types; the button stays disabled with the reason shown; the
//! created payment shows its QR and is followed until it is paid.

use egui::{RichText, Ui};

use crate::api::catalog::{
    ExtraField, LEGAL_PERSON_DOCUMENTS, Lifetime, MethodKind, NATURAL_PERSON_DOCUMENTS,
};
use crate::api::family_a::{
    Bill, MethodList, MethodQuery, Payer, ResourceFeatures, ResourceRequest, ResourceShape,
};
use crate::api::family_b::{
    BankList, CashIn, PaymentLinkRequest, PaymentMethodRequest, Reference2,
};
use crate::money::Pesos;
use crate::ui::PanelContext;
use crate::ui::bridge::{Requested, UiError};
use crate::ui::tracker::TrackedPayment;
use crate::ui::widgets::form::{self, blocking_reasons, error_box};
use crate::validate::{self, ValidationError};

use super::created::{CreatedPayment, CreatedView};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CollectMode {
    Link,
    Method,
    Resource,
}

/// A reference the customer never sees twice: `PD` and the time in base 36, plus randomness.
pub fn fresh_reference1() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default();
    let random = uuid::Uuid::new_v4().as_u128() % (36 * 36);
    format!("PD{}{}", base36(seconds), base36(random as u64)).to_uppercase()
}

fn base36(mut value: u64) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(value % 36) as usize]);
        value /= 36;
        if value == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// Expiry choices in seconds; for one method only those above its minimum are offered.
const EXPIRY_CHOICES: &[(u64, &str)] = &[
    (900, "15 min"),
    (1_800, "30 min"),
    (2_700, "45 min"),
    (3_600, "1 h"),
    (7_200, "2 h"),
    (21_600, "6 h"),
    (46_800, "13 h"),
    (86_400, "1 day"),
    (90_000, "1 day and 1 h"),
    (172_800, "2 days"),
    (259_200, "3 days"),
    (604_800, "7 days"),
];

/// The document types the service codes, for methods outside PSE (where the person type
/// decides the list).
const DOCUMENT_TYPES: &[&str] = &[
    "CC", "CE", "NIT", "TI", "PA", "PEP", "PPT", "RCN", "TE", "DIE",
];

/// What happened to the last attempt, for a retry that never duplicates a payment.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Attempt {
    Fresh,
    /// Nothing reached the service: the same `reference1` may be sent again.
    NotSent,
    /// The service may have created it: the next attempt gets a new `reference1`.
    MaybeCreated {
        reference1: String,
    },
}

const LINK_LABELS: &form::FieldLabels = &[
    ("amount", "Amount"),
    ("reference1", "Your reference"),
    ("expiresIn", "Expires in"),
    ("email", "Customer e-mail"),
    ("customer cellphone", "Customer cellphone"),
    ("returnUrl", "Return URL"),
    ("webhookUrl", "Webhook URL"),
    ("brandId", "Brand id (profile setting)"),
];

const METHOD_LABELS: &form::FieldLabels = &[
    ("amount", "Amount"),
    ("reference1", "Your reference"),
    ("method", "Method"),
    ("cellphone", "Payer cellphone"),
    ("bankId", "Payer's bank"),
    ("typePerson", "Person type"),
    ("documentType", "Document type"),
    ("documentNumber", "Document number"),
    ("name", "Payer name"),
    ("address", "Payer address"),
    ("email", "E-mail"),
    ("docType", "Document type"),
    ("docNumber", "Document number"),
    ("merchantId", "Merchant id (Bre-B)"),
    ("whatsappAccountId", "WhatsApp account"),
    ("description", "What is being paid"),
    ("expiresIn", "Expires in"),
    ("customer cellphone", "Customer cellphone"),
    ("returnUrl", "Return URL"),
    ("webhookUrl", "Webhook URL"),
    ("brandId", "Brand id (profile setting)"),
];

const RESOURCE_LABELS: &form::FieldLabels = &[
    ("method", "Method"),
    ("amount", "Amount"),
    ("tax", "Tax"),
    ("reference1", "Your reference"),
    ("commerceType", "Commerce type id"),
    ("city", "City id"),
    ("cellphone", "Customer cellphone"),
    ("info", "Information"),
    ("bank", "Bank id"),
    ("typePerson", "Person type"),
    ("docType", "Document type"),
    ("documentType", "Document type"),
    ("docNumber", "Document number"),
    ("name", "Payer name"),
    ("payer cellphone", "Payer cellphone"),
    ("address", "Payer address"),
    ("email", "Payer e-mail"),
];

/// The shared part of a Family B cash-in form.
struct CashInFields {
    amount: String,
    reference1: String,
    description: String,
    customer_name: String,
    customer_email: String,
    customer_phone: String,
    return_url: String,
    webhook_url: String,
    show_summary: bool,
}

impl CashInFields {
    fn new() -> Self {
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
    fn build(
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
    fn ui_top(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
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

    fn ui_customer(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
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

    fn ui_bottom(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
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

pub struct CollectPanel {
    pub mode: CollectMode,
    link: LinkForm,
    method: MethodForm,
    resource: ResourceForm,
    /// The webhook URL the forms were last filled with, to follow profile changes.
    webhook_default: Option<String>,
}

impl Default for CollectPanel {
    fn default() -> Self {
        CollectPanel {
            mode: CollectMode::Link,
            link: LinkForm::default(),
            method: MethodForm::default(),
            resource: ResourceForm::default(),
            webhook_default: None,
        }
    }
}

impl CollectPanel {
    pub fn logic(&mut self, ctx: &mut PanelContext<'_>) {
        let default = ctx.session.webhook_url();
        if self.webhook_default != default {
            // A new profile's webhook URL goes into every new payment (spec).
            let value = default.clone().unwrap_or_default();
            self.link.fields.webhook_url = value.clone();
            self.method.fields.webhook_url = value;
            self.webhook_default = default;
        }
        self.link.logic(ctx);
        self.method.logic(ctx);
        self.resource.logic(ctx);
    }

    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>) {
        ui.heading("Collect a payment");
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.mode, CollectMode::Link, "Payment link");
            ui.selectable_value(&mut self.mode, CollectMode::Method, "One method");
            ui.selectable_value(&mut self.mode, CollectMode::Resource, "QR and resources");
        });
        ui.separator();
        egui::ScrollArea::vertical()
            .id_salt("collect-scroll")
            .show(ui, |ui| match self.mode {
                CollectMode::Link => self.link.ui(ui, ctx),
                CollectMode::Method => self.method.ui(ui, ctx),
                CollectMode::Resource => self.resource.ui(ui, ctx),
            });
    }
}

/// Shared handling of a create request's result: follow the payment, note what a failure means
/// for the next attempt.
fn settle_attempt(
    request: &mut Requested<CreatedPayment>,
    attempt: &mut Attempt,
    reference1: &mut String,
    view: &mut CreatedView,
    ctx: &mut PanelContext<'_>,
    kind: &str,
) {
    if !request.poll() {
        return;
    }
    match request {
        Requested::Done(created) => {
            view.reset();
            *attempt = Attempt::Fresh;
            ctx.tracker.follow(
                ctx.bridge,
                ctx.session.connection.client.clone(),
                TrackedPayment::new(
                    created.reference.clone(),
                    kind.to_owned(),
                    created.amount,
                    reference1.clone(),
                    created.url.clone(),
                ),
            );
            // The next payment gets its own reference.
            *reference1 = fresh_reference1();
        }
        Requested::Failed { error, .. } => {
            ctx.note_error(error);
            *attempt = if error.outcome_unknown {
                Attempt::MaybeCreated {
                    reference1: reference1.clone(),
                }
            } else if error.retryable {
                Attempt::NotSent
            } else {
                Attempt::Fresh
            };
        }
        _ => {}
    }
}

fn attempt_ui(ui: &mut Ui, attempt: &Attempt, error: Option<&UiError>) {
    if let Some(error) = error {
        error_box(ui, error);
    }
    match attempt {
        Attempt::MaybeCreated { reference1 } => {
            ui.label(
                RichText::new(format!(
                    "The payment with reference {reference1} may already exist. Trying again uses a new reference, so the customer is never asked to pay twice for one reference"
                ))
                .color(form::ERROR_COLOR),
            );
        }
        Attempt::NotSent => {
            ui.label(RichText::new("Nothing reached the service: trying again is safe").weak());
        }
        Attempt::Fresh => {}
    }
}

fn submit_label(attempt: &Attempt, normal: &str) -> String {
    match attempt {
        Attempt::Fresh => normal.to_owned(),
        Attempt::NotSent => "Try again".to_owned(),
        Attempt::MaybeCreated { .. } => "Try again with a new reference".to_owned(),
    }
}

/// Before sending again after an unknown outcome, the reference changes.
fn prepare_retry(attempt: &Attempt, reference1: &mut String) {
    if let Attempt::MaybeCreated {
        reference1: uncertain,
    } = attempt
        && uncertain == reference1
    {
        *reference1 = fresh_reference1();
    }
}

// -- Payment link -----------------------------------------------------------------------------

struct LinkForm {
    fields: CashInFields,
    expiry: Option<u64>,
    request: Requested<CreatedPayment>,
    attempt: Attempt,
    view: CreatedView,
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
    fn build(&self, ctx: &PanelContext<'_>) -> Result<PaymentLinkRequest, Vec<ValidationError>> {
        let mut problems = Vec::new();
        let cash_in = self.fields.build(
            self.expiry,
            ctx.session.connection.profile.brand_id,
            ctx.session.connection.client.pay_url(),
            &mut problems,
        );
        match cash_in {
            Some(cash_in) if problems.is_empty() => {
                let request = PaymentLinkRequest { cash_in };
                let more = request.check(&ctx.session.connection.catalog);
                if more.is_empty() {
                    Ok(request)
                } else {
                    Err(more)
                }
            }
            _ => Err(problems),
        }
    }

    fn logic(&mut self, ctx: &mut PanelContext<'_>) {
        settle_attempt(
            &mut self.request,
            &mut self.attempt,
            &mut self.fields.reference1,
            &mut self.view,
            ctx,
            "Payment link",
        );
    }

    fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>) {
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

// -- One method (Family B) --------------------------------------------------------------------

struct MethodForm {
    fields: CashInFields,
    method_id: i64,
    expiry: u64,
    payer_cellphone: String,
    bank_id: String,
    person_type: String,
    doc_type: String,
    doc_number: String,
    payer_name: String,
    address: String,
    payer_email: String,
    merchant_id: String,
    whatsapp_account: String,
    payer_description: String,
    banks: Requested<BankList>,
    banks_for: Option<i64>,
    request: Requested<CreatedPayment>,
    attempt: Attempt,
    view: CreatedView,
}

impl Default for MethodForm {
    fn default() -> Self {
        MethodForm {
            fields: CashInFields::new(),
            method_id: 130,
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
            whatsapp_account: String::new(),
            payer_description: String::new(),
            banks: Requested::NotRequested,
            banks_for: None,
            request: Requested::NotRequested,
            attempt: Attempt::Fresh,
            view: CreatedView::default(),
        }
    }
}

impl MethodForm {
    fn extras(&self, ctx: &PanelContext<'_>) -> Vec<(ExtraField, String)> {
        let catalog = &ctx.session.connection.catalog;
        catalog
            .fields(self.method_id)
            .into_iter()
            .map(|(field, required)| {
                let value = match field {
                    // A document type alone says nothing: an optional one goes with its number.
                    ExtraField::DocumentType | ExtraField::DocType
                        if !required && self.doc_number.trim().is_empty() =>
                    {
                        String::new()
                    }
                    ExtraField::Cellphone => {
                        validate::cellphone("cellphone", &self.payer_cellphone)
                            .unwrap_or_else(|_| self.payer_cellphone.clone())
                    }
                    ExtraField::BankId => self.bank_id.clone(),
                    ExtraField::TypePerson => catalog.person_type_code(&self.person_type),
                    ExtraField::DocumentType | ExtraField::DocType => self.doc_type.clone(),
                    ExtraField::DocumentNumber | ExtraField::DocNumber => self.doc_number.clone(),
                    ExtraField::Name => self.payer_name.clone(),
                    ExtraField::Address => self.address.clone(),
                    ExtraField::Email => self.payer_email.clone(),
                    ExtraField::MerchantId => self.merchant_id.clone(),
                    ExtraField::WhatsappAccountId => self.whatsapp_account.clone(),
                    ExtraField::Description => self.payer_description.clone(),
                };
                (field, value)
            })
            .collect()
    }

    fn build(&self, ctx: &PanelContext<'_>) -> Result<PaymentMethodRequest, Vec<ValidationError>> {
        let mut problems = Vec::new();
        let lifetime = ctx.session.connection.catalog.lifetime(self.method_id);
        let cash_in = self.fields.build(
            lifetime.takes_expires_in().then_some(self.expiry),
            ctx.session.connection.profile.brand_id,
            ctx.session.connection.client.pay_url(),
            &mut problems,
        );
        let Some(cash_in) = cash_in else {
            return Err(problems);
        };
        let request = PaymentMethodRequest {
            cash_in,
            method_id: self.method_id,
            extras: self.extras(ctx),
        };
        problems.extend(request.check(&ctx.session.connection.catalog));
        if problems.is_empty() {
            Ok(request)
        } else {
            Err(problems)
        }
    }

    fn logic(&mut self, ctx: &mut PanelContext<'_>) {
        if self.banks.poll()
            && let Some(error) = self.banks.error()
        {
            ctx.note_error(error);
        }
        let label = ctx
            .session
            .connection
            .catalog
            .find(self.method_id)
            .map(|m| m.name.clone())
            .unwrap_or_else(|| format!("Method {}", self.method_id));
        settle_attempt(
            &mut self.request,
            &mut self.attempt,
            &mut self.fields.reference1,
            &mut self.view,
            ctx,
            &label,
        );
    }

    fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>) {
        let catalog = ctx.session.connection.catalog.clone();
        let method = catalog.find(self.method_id).cloned();
        let minimum = method.as_ref().and_then(|m| m.min_expires_in).unwrap_or(0);
        if self.expiry <= minimum
            && let Some((seconds, _)) = EXPIRY_CHOICES.iter().find(|(s, _)| *s > minimum)
        {
            self.expiry = *seconds;
        }
        let needs = |field| {
            method
                .as_ref()
                .is_some_and(|m| m.extra_fields.contains(&field))
        };
        // Fields the method takes when given; their labels say so.
        let takes = |field| {
            method
                .as_ref()
                .is_some_and(|m| m.optional_fields.contains(&field))
        };
        let lifetime = method.as_ref().map(|m| m.lifetime).unwrap_or_default();
        if self.merchant_id.is_empty()
            && let Some(merchant) = &ctx.session.connection.profile.merchant_id
        {
            self.merchant_id = merchant.clone();
        }
        let is_bank_transfer = method
            .as_ref()
            .is_some_and(|m| m.kind == MethodKind::OnlineBankTransfer);
        if is_bank_transfer && self.banks_for != Some(self.method_id) {
            self.banks_for = Some(self.method_id);
            let client = ctx.session.connection.client.clone();
            let id = self.method_id;
            self.banks.start(
                ctx.bridge
                    .spawn(async move { Ok(client.payment_features(id).await?.value) }),
            );
        }
        let built = self.build(ctx);
        let problems = built.as_ref().err().cloned().unwrap_or_default();
        let mut enter = false;
        egui::Grid::new("method-form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                let method_label = ui.label("Method");
                egui::ComboBox::from_id_salt("method-picker")
                    .selected_text(method.as_ref().map(|m| m.name.clone()).unwrap_or_default())
                    .show_ui(ui, |ui| {
                        for known in &catalog.methods {
                            let minimum = known
                                .min_expires_in
                                .map(|s| format!(" — more than {}", validate::describe_seconds(s)))
                                .unwrap_or_default();
                            ui.selectable_value(
                                &mut self.method_id,
                                known.id,
                                format!("{}{minimum}", known.name),
                            );
                        }
                    })
                    .response
                    .labelled_by(method_label.id);
                ui.end_row();
                enter |= self.fields.ui_top(ui, &problems);
                if needs(ExtraField::Cellphone) || takes(ExtraField::Cellphone) {
                    let label = if needs(ExtraField::Cellphone) {
                        "Payer cellphone"
                    } else {
                        "Payer cellphone (optional)"
                    };
                    enter |= form::text_rows(
                        ui,
                        &problems,
                        [(
                            label,
                            &mut self.payer_cellphone,
                            "cellphone",
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
                    let doc_label = ui.label(if optional {
                        "Document type (optional)"
                    } else {
                        "Document type"
                    });
                    egui::ComboBox::from_id_salt("scheme-doc-type")
                        .selected_text(self.doc_type.clone())
                        .show_ui(ui, |ui| {
                            if optional {
                                ui.selectable_value(&mut self.doc_type, String::new(), "—");
                            }
                            for doc in DOCUMENT_TYPES {
                                ui.selectable_value(&mut self.doc_type, (*doc).to_owned(), *doc);
                            }
                        })
                        .response
                        .labelled_by(doc_label.id);
                    ui.end_row();
                    let number_field = if needs(ExtraField::DocNumber) {
                        "docNumber"
                    } else {
                        "documentNumber"
                    };
                    enter |= form::text_rows(
                        ui,
                        &problems,
                        [(
                            if optional {
                                "Document number (optional)"
                            } else {
                                "Document number"
                            },
                            &mut self.doc_number,
                            number_field,
                            "digits",
                        )],
                    );
                }
                if needs(ExtraField::MerchantId) || takes(ExtraField::MerchantId) {
                    let label = if needs(ExtraField::MerchantId) {
                        "Merchant id (Bre-B)"
                    } else {
                        "Merchant id (optional)"
                    };
                    enter |= form::text_rows(
                        ui,
                        &problems,
                        [(
                            label,
                            &mut self.merchant_id,
                            "merchantId",
                            "your id in Bre-B",
                        )],
                    );
                }
                if needs(ExtraField::WhatsappAccountId) {
                    enter |= form::text_rows(
                        ui,
                        &problems,
                        [(
                            "WhatsApp account",
                            &mut self.whatsapp_account,
                            "whatsappAccountId",
                            "your business account id",
                        )],
                    );
                }
                if needs(ExtraField::Description) || takes(ExtraField::Description) {
                    enter |= form::text_rows(
                        ui,
                        &problems,
                        [(
                            "What is being paid (optional)",
                            &mut self.payer_description,
                            "description",
                            "shown to the payer, up to 255 characters",
                        )],
                    );
                }
                if is_bank_transfer || needs(ExtraField::BankId) {
                    form::bank_row(
                        ui,
                        "Payer's bank",
                        "bank-picker",
                        &self.banks,
                        &mut self.bank_id,
                    );
                    ui.label("Person type");
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut self.person_type, "0".to_owned(), "Natural person");
                        ui.radio_value(&mut self.person_type, "1".to_owned(), "Company");
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
                    let doc_label = ui.label("Document type");
                    egui::ComboBox::from_id_salt("doc-type")
                        .selected_text(self.doc_type.clone())
                        .show_ui(ui, |ui| {
                            for doc in documents {
                                ui.selectable_value(&mut self.doc_type, (*doc).to_owned(), *doc);
                            }
                        })
                        .response
                        .labelled_by(doc_label.id);
                    ui.end_row();
                    enter |= form::text_rows(
                        ui,
                        &problems,
                        [
                            (
                                "Document number",
                                &mut self.doc_number,
                                "documentNumber",
                                "digits",
                            ),
                            ("Payer name", &mut self.payer_name, "name", ""),
                            ("Payer address", &mut self.address, "address", ""),
                            (
                                "Payer e-mail",
                                &mut self.payer_email,
                                "email",
                                "name@example.com",
                            ),
                        ],
                    );
                }
                let expiry_label = ui.label("Expires in");
                match lifetime {
                    Lifetime::AsRequested => {
                        egui::ComboBox::from_id_salt("method-expiry")
                            .selected_text(validate::describe_seconds(self.expiry))
                            .show_ui(ui, |ui| {
                                for (seconds, words) in
                                    EXPIRY_CHOICES.iter().filter(|(s, _)| *s > minimum)
                                {
                                    ui.selectable_value(&mut self.expiry, *seconds, *words);
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
                        ui.label("Today at 11:59 p.m.").labelled_by(expiry_label.id);
                    }
                }
                ui.end_row();
                enter |= self.fields.ui_customer(ui, &problems);
                enter |= self.fields.ui_bottom(ui, &problems);
            });
        if method.as_ref().is_some_and(|m| m.repeatable) {
            ui.label(
                RichText::new("This one can be paid more than once: every payment is counted")
                    .weak(),
            );
        }
        if minimum > 0 && lifetime.takes_expires_in() {
            ui.label(
                RichText::new(format!(
                    "{} payments must stay open more than {}",
                    method.as_ref().map(|m| m.name.as_str()).unwrap_or("These"),
                    validate::describe_seconds(minimum)
                ))
                .weak(),
            );
        }
        if let Some(error) = self.banks.error() {
            error_box(ui, error);
        }
        ui.add_space(8.0);
        let pending = self.request.is_pending();
        let clicked = ui
            .add_enabled(
                built.is_ok() && !pending,
                egui::Button::new(submit_label(&self.attempt, "Create payment")),
            )
            .clicked();
        if pending {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Creating…");
            });
        }
        blocking_reasons(ui, &problems, METHOD_LABELS);
        if (clicked || (enter && !pending))
            && let Ok(mut request) = built
        {
            prepare_retry(&self.attempt, &mut self.fields.reference1);
            request.cash_in.reference1 = self.fields.reference1.trim().to_owned();
            let client = ctx.session.connection.client.clone();
            let amount = request.cash_in.amount;
            let name = method.as_ref().map(|m| m.name.clone()).unwrap_or_default();
            let minimum = ctx
                .session
                .connection
                .catalog
                .min_amount(Some(request.method_id));
            self.request.start(ctx.bridge.spawn(async move {
                let reply = client
                    .create_method_payment(&request)
                    .await
                    .map_err(|error| error.explain_minimum(minimum))?;
                let payment = reply.value;
                Ok(CreatedPayment {
                    title: format!("{name} payment created"),
                    amount: Some(amount),
                    qr_text: payment.url.clone(),
                    url: payment.url,
                    reference: payment.reference,
                    expires: payment.expires_at,
                    extra: vec![
                        ("Your reference".into(), request.cash_in.reference1.clone()),
                        ("Resource".into(), payment.resource_id),
                    ],
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

// -- Family A resources -------------------------------------------------------------------------

struct ResourceForm {
    method_id: i64,
    amount: String,
    tax: String,
    reference1: String,
    reference2: String,
    reference3: String,
    description: String,
    cellphone: String,
    commerce_type: String,
    city: String,
    bank: String,
    person_type: String,
    payer: Payer,
    info: String,
    methods: Requested<MethodList>,
    /// The methods' icons, fetched and decoded on the runtime.
    icons: Requested<Vec<(i64, egui::ColorImage)>>,
    icon_textures: Vec<(i64, egui::TextureHandle)>,
    request: Requested<CreatedPayment>,
    attempt: Attempt,
    view: CreatedView,
}

/// Fetches and decodes each method's first icon; an icon that fails is left out (the name shows).
async fn load_icons(client: crate::api::Client, list: MethodList) -> Vec<(i64, egui::ColorImage)> {
    let mut icons = Vec::new();
    for method in &list.payment_methods {
        let Some(icon) = method.icons.first() else {
            continue;
        };
        let Ok(bytes) = client.fetch_asset(&icon.url).await else {
            continue;
        };
        let decoded = tokio::task::spawn_blocking(move || {
            image::load_from_memory(&bytes).ok().map(|image| {
                let rgba = image.to_rgba8();
                let size = [rgba.width() as usize, rgba.height() as usize];
                egui::ColorImage::from_rgba_unmultiplied(size, rgba.as_raw())
            })
        })
        .await;
        if let Ok(Some(image)) = decoded {
            icons.push((method.id, image));
        }
    }
    icons
}

impl Default for ResourceForm {
    fn default() -> Self {
        ResourceForm {
            method_id: 2,
            amount: String::new(),
            tax: String::new(),
            reference1: fresh_reference1(),
            reference2: String::new(),
            reference3: String::new(),
            description: String::new(),
            cellphone: String::new(),
            commerce_type: String::new(),
            city: String::new(),
            bank: String::new(),
            person_type: "0".into(),
            payer: Payer {
                doc_type: "CC".into(),
                ..Payer::default()
            },
            info: String::new(),
            methods: Requested::NotRequested,
            icons: Requested::NotRequested,
            icon_textures: Vec::new(),
            request: Requested::NotRequested,
            attempt: Attempt::Fresh,
            view: CreatedView::default(),
        }
    }
}

fn parse_id(field: &'static str, text: &str, problems: &mut Vec<ValidationError>) -> i64 {
    match text.trim().parse::<i64>() {
        Ok(id) if id > 0 => id,
        _ => {
            problems.push(ValidationError::new(field, "enter the id number"));
            0
        }
    }
}

impl ResourceForm {
    fn shape(&self) -> ResourceShape {
        ResourceShape::for_method(self.method_id)
    }

    fn build(&self) -> Result<ResourceRequest, Vec<ValidationError>> {
        let shape = self.shape();
        let mut problems = Vec::new();
        let optional = |text: &str| (!text.trim().is_empty()).then(|| text.trim().to_owned());
        let amount =
            if shape.forbids_amount() || (self.amount.trim().is_empty() && !shape.needs_amount()) {
                None
            } else {
                validate::amount("amount", &self.amount)
                    .map_err(|e| problems.push(e))
                    .ok()
            };
        let tax = if self.tax.trim().is_empty() || self.tax.trim() == "0" {
            None
        } else {
            validate::amount("tax", &self.tax)
                .map_err(|e| problems.push(e))
                .ok()
        };
        let features = match shape {
            ResourceShape::Commerce => ResourceFeatures::Commerce {
                commerce_type_id: parse_id("commerceType", &self.commerce_type, &mut problems),
                city_id: parse_id("city", &self.city, &mut problems),
            },
            ResourceShape::BankTransfer => ResourceFeatures::BankTransfer {
                bank_id: parse_id("bank", &self.bank, &mut problems),
                type_person: self.person_type.clone(),
                payer: Payer {
                    cellphone: validate::cellphone("payer cellphone", &self.payer.cellphone)
                        .unwrap_or_else(|_| self.payer.cellphone.clone()),
                    ..self.payer.clone()
                },
            },
            ResourceShape::Info => ResourceFeatures::Info(self.info.trim().to_owned()),
            _ => ResourceFeatures::None,
        };
        let request = ResourceRequest {
            method_id: self.method_id,
            features,
            bill: Bill {
                amount,
                tax,
                products: vec![],
                reference1: optional(&self.reference1),
                reference2: optional(&self.reference2),
                reference3: optional(&self.reference3),
            },
            description: optional(&self.description),
            cellphone: (shape == ResourceShape::Cellphone).then(|| {
                validate::cellphone("cellphone", &self.cellphone)
                    .unwrap_or_else(|_| self.cellphone.clone())
            }),
        };
        for problem in request.check() {
            if !problems.iter().any(|p| p.field == problem.field) {
                problems.push(problem);
            }
        }
        if problems.is_empty() {
            Ok(request)
        } else {
            Err(problems)
        }
    }

    fn logic(&mut self, ctx: &mut PanelContext<'_>) {
        if self.methods.poll() {
            if let Some(error) = self.methods.error() {
                ctx.note_error(error);
            }
            if let Requested::Done(list) = &self.methods {
                let client = ctx.session.connection.client.clone();
                let list = list.clone();
                self.icons.start(
                    ctx.bridge
                        .spawn(async move { Ok(load_icons(client, list).await) }),
                );
            }
        }
        if self.icons.poll()
            && let Requested::Done(images) = &self.icons
        {
            self.icon_textures = images
                .iter()
                .map(|(id, image)| {
                    let texture = ctx.bridge.ctx().load_texture(
                        format!("method-icon-{id}"),
                        image.clone(),
                        egui::TextureOptions::LINEAR,
                    );
                    (*id, texture)
                })
                .collect();
        }
        let kind = ResourceShape::KNOWN
            .iter()
            .find(|(id, _)| *id == self.method_id)
            .map(|(_, name)| (*name).to_owned())
            .unwrap_or_else(|| format!("Method {}", self.method_id));
        settle_attempt(
            &mut self.request,
            &mut self.attempt,
            &mut self.reference1,
            &mut self.view,
            ctx,
            &kind,
        );
    }

    fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>) {
        if matches!(self.methods, Requested::NotRequested) {
            let client = ctx.session.connection.client.clone();
            let user_id = ctx.session.connection.user_id;
            self.methods.start(ctx.bridge.spawn(async move {
                Ok(client
                    .list_methods(&MethodQuery {
                        method_type: "LINK".into(),
                        user_id,
                    })
                    .await?
                    .value)
            }));
        }
        if let Some(list) = self.methods.value() {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new("Methods your account offers:").weak());
                for method in &list.payment_methods {
                    if let Some((_, texture)) =
                        self.icon_textures.iter().find(|(id, _)| *id == method.id)
                    {
                        ui.add(
                            egui::Image::new(texture)
                                .fit_to_exact_size(egui::vec2(20.0, 20.0))
                                .alt_text(format!("{} icon", method.name)),
                        );
                    }
                    ui.label(RichText::new(format!("{} ({})", method.name, method.id)).weak());
                }
            });
        } else if self.methods.is_pending() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Loading your payment methods…");
            });
        }
        if let Some(error) = self.methods.error() {
            error_box(ui, error);
        }
        let shape = self.shape();
        let built = self.build();
        let problems = built.as_ref().err().cloned().unwrap_or_default();
        let mut enter = false;
        egui::Grid::new("resource-form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                let kind_label = ui.label("Kind");
                let selected = ResourceShape::KNOWN
                    .iter()
                    .find(|(id, _)| *id == self.method_id)
                    .map(|(_, name)| *name)
                    .unwrap_or("Other");
                egui::ComboBox::from_id_salt("resource-kind")
                    .selected_text(selected)
                    .show_ui(ui, |ui| {
                        for (id, name) in ResourceShape::KNOWN {
                            ui.selectable_value(&mut self.method_id, *id, format!("{name} ({id})"));
                        }
                    })
                    .response
                    .labelled_by(kind_label.id);
                ui.end_row();
                if !shape.forbids_amount() {
                    let hint = if shape.needs_amount() {
                        "$ 25.000"
                    } else {
                        "optional"
                    };
                    enter |= form::text_rows(
                        ui,
                        &problems,
                        [
                            ("Amount", &mut self.amount, "amount", hint),
                            ("Tax", &mut self.tax, "tax", "optional"),
                        ],
                    );
                }
                enter |= form::text_rows(
                    ui,
                    &problems,
                    [
                        (
                            "Your reference",
                            &mut self.reference1,
                            "reference1",
                            "optional",
                        ),
                        (
                            "Reference 2",
                            &mut self.reference2,
                            "reference2",
                            "optional",
                        ),
                        (
                            "Reference 3",
                            &mut self.reference3,
                            "reference3",
                            "optional",
                        ),
                        (
                            "Description",
                            &mut self.description,
                            "description",
                            "optional",
                        ),
                    ],
                );
                match shape {
                    ResourceShape::Commerce => {
                        enter |= form::text_rows(
                            ui,
                            &problems,
                            [
                                (
                                    "Commerce type id",
                                    &mut self.commerce_type,
                                    "commerceType",
                                    "number",
                                ),
                                ("City id", &mut self.city, "city", "number"),
                            ],
                        );
                    }
                    ResourceShape::Cellphone => {
                        enter |= form::text_rows(
                            ui,
                            &problems,
                            [(
                                "Customer cellphone",
                                &mut self.cellphone,
                                "cellphone",
                                "300 123 4567",
                            )],
                        );
                    }
                    ResourceShape::Info => {
                        enter |= form::text_rows(
                            ui,
                            &problems,
                            [("Information", &mut self.info, "info", "encoded text")],
                        );
                    }
                    ResourceShape::BankTransfer => {
                        enter |= form::text_rows(
                            ui,
                            &problems,
                            [("Bank id", &mut self.bank, "bank", "number")],
                        );
                        ui.label("Person type");
                        ui.horizontal(|ui| {
                            ui.radio_value(&mut self.person_type, "0".to_owned(), "Natural person");
                            ui.radio_value(&mut self.person_type, "1".to_owned(), "Company");
                        });
                        ui.end_row();
                        enter |= form::text_rows(
                            ui,
                            &problems,
                            [
                                (
                                    "Document type",
                                    &mut self.payer.doc_type,
                                    "documentType",
                                    "",
                                ),
                                (
                                    "Document number",
                                    &mut self.payer.doc_number,
                                    "docNumber",
                                    "",
                                ),
                                ("Payer name", &mut self.payer.name, "name", ""),
                                (
                                    "Payer cellphone",
                                    &mut self.payer.cellphone,
                                    "payer cellphone",
                                    "",
                                ),
                                ("Payer address", &mut self.payer.address, "address", ""),
                                ("Payer e-mail", &mut self.payer.email, "email", ""),
                            ],
                        );
                    }
                    _ => {}
                }
            });
        if shape.forbids_amount() {
            ui.label(RichText::new("A static QR has no amount: the payer types it").weak());
        }
        ui.add_space(8.0);
        let pending = self.request.is_pending();
        let clicked = ui
            .add_enabled(
                built.is_ok() && !pending,
                egui::Button::new(submit_label(&self.attempt, "Create resource")),
            )
            .clicked();
        if pending {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Creating…");
            });
        }
        blocking_reasons(ui, &problems, RESOURCE_LABELS);
        if (clicked || (enter && !pending))
            && let Ok(mut request) = built
        {
            prepare_retry(&self.attempt, &mut self.reference1);
            request.bill.reference1 =
                (!self.reference1.trim().is_empty()).then(|| self.reference1.trim().to_owned());
            let client = ctx.session.connection.client.clone();
            let amount: Option<Pesos> = request.bill.amount;
            let minimum = ctx.session.connection.catalog.min_amount(None);
            self.request.start(ctx.bridge.spawn(async move {
                let resource = client
                    .generate_resource(&request)
                    .await
                    .map_err(|error| error.explain_minimum(minimum))?
                    .value
                    .resource;
                let qr_text = if resource.url.is_empty() {
                    resource.data.clone()
                } else {
                    resource.url.clone()
                };
                Ok(CreatedPayment {
                    title: "Resource created".into(),
                    amount,
                    qr_text,
                    url: resource.url,
                    reference: resource.reference,
                    expires: resource.exp_date,
                    extra: vec![
                        ("Code".into(), resource.data),
                        (
                            "Resource id".into(),
                            resource.id.map(|id| id.to_string()).unwrap_or_default(),
                        ),
                        ("Created".into(), resource.created_at),
                    ],
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_references_are_short_and_distinct() {
        let a = fresh_reference1();
        let b = fresh_reference1();
        assert!(a.len() <= 20 && a.starts_with("PD"), "{a}");
        assert!(validate::reference1(&a).is_ok());
        // The random suffix makes two in the same second differ (almost always; retry once).
        assert!(a != b || fresh_reference1() != a);
    }

    #[test]
    fn a_retry_after_an_unknown_outcome_changes_the_reference() {
        let mut reference = "PD-1".to_owned();
        prepare_retry(&Attempt::NotSent, &mut reference);
        assert_eq!(reference, "PD-1");
        prepare_retry(
            &Attempt::MaybeCreated {
                reference1: "PD-1".into(),
            },
            &mut reference,
        );
        assert_ne!(reference, "PD-1");
    }
}
