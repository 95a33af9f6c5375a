//! A cash-in on the pay API: what both operations (a payment link, a payment by method) send,
//! and the answer either gives back.

use serde::Deserialize;
use serde_json::{Map, Value, json};
use url::Url;

use crate::api::catalog::{ExtraField, Lifetime, MethodCatalog};
use crate::api::dialect::{Dialect, Direction};
use crate::api::lenient;
use crate::money::Pesos;
use crate::validate::{self, Field, ValidationError};

/// White-label id sent when the merchant has none (spec, Limits).
pub const DEFAULT_BRAND_ID: i64 = 79;

/// Cards (debit and credit): the current interface requires a description of what is paid.
pub const CARD_METHOD: i64 = 273;
/// The TPaga wallet: told to answer a QR when the payer scans it from a screen.
pub const TPAGA_METHOD: i64 = 163;

/// `reference2`: `Label` is shown to the payer in the summary, `Data` is for conciliation.
/// Pairs keep the order the merchant gave them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reference2 {
    pub label: Vec<(String, String)>,
    pub data: Vec<(String, String)>,
}

impl Reference2 {
    pub fn is_empty(&self) -> bool {
        self.label.is_empty() && self.data.is_empty()
    }

    fn wire(&self) -> Value {
        let object = |pairs: &[(String, String)]| {
            Value::Object(
                pairs
                    .iter()
                    .map(|(key, value)| (key.clone(), Value::String(value.clone())))
                    .collect::<Map<_, _>>(),
            )
        };
        json!({"Label": object(&self.label), "Data": object(&self.data)})
    }
}

/// The fields both cash-in operations share.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashIn {
    pub amount: Pesos,
    pub reference1: String,
    pub webhook_url: Url,
    pub return_url: Option<Url>,
    pub expires_in: Option<u64>,
    pub brand_id: i64,
    pub show_summary: Option<bool>,
    pub reference2: Reference2,
}

impl CashIn {
    /// What is sold, as typed: the summary's `Description` label.
    pub fn description(&self) -> String {
        self.reference2
            .label
            .iter()
            .find(|(name, _)| name == "Description")
            .map(|(_, value)| value.clone())
            .unwrap_or_default()
    }

    pub fn check(&self, dialect: Dialect) -> Vec<ValidationError> {
        [
            validate::positive_amount(Field::Amount, self.amount).err(),
            validate::reference1_up_to(&self.reference1, dialect.reference1_max(Direction::In))
                .err(),
            validate::web_url(Field::WebhookUrl, self.webhook_url.as_str()).err(),
            self.return_url
                .as_ref()
                .and_then(|url| validate::web_url(Field::ReturnUrl, url.as_str()).err()),
            validate::positive_id(Field::BrandId, self.brand_id).err(),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// The body both cash-ins share; `expires_in` is the lifetime as the operation's wire counts
    /// it (the dialect's business).
    fn wire(&self, expires_in: Option<u64>) -> Map<String, Value> {
        let mut body = Map::new();
        body.insert("amount".into(), json!(self.amount.get()));
        body.insert("webhookUrl".into(), json!(self.webhook_url.as_str()));
        if let Some(url) = &self.return_url {
            body.insert("returnUrl".into(), json!(url.as_str()));
        }
        if let Some(wire) = expires_in {
            body.insert("expiresIn".into(), json!(wire));
        }
        body.insert("brandId".into(), json!(self.brand_id));
        if let Some(show) = self.show_summary {
            // The field table says string; the sample sends a boolean, and so do we.
            body.insert("showSummary".into(), json!(show));
        }
        body.insert("reference1".into(), json!(self.reference1.trim()));
        if !self.reference2.is_empty() {
            body.insert("reference2".into(), self.reference2.wire());
        }
        body
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentLinkRequest {
    pub cash_in: CashIn,
}

impl PaymentLinkRequest {
    pub fn check(&self, catalog: &MethodCatalog, dialect: Dialect) -> Vec<ValidationError> {
        let mut problems = self.cash_in.check(dialect);
        problems.extend(minimum_amount(catalog, None, self.cash_in.amount).err());
        match self.cash_in.expires_in {
            Some(0) => problems.push(ValidationError::new(
                Field::ExpiresIn,
                crate::t!("rule-expiry-positive"),
            )),
            // A link's life counted in minutes cannot say 90 seconds: refused rather than
            // rounded, so a link never lives other than the person chose.
            Some(seconds) if dialect.link_lifetime_in_minutes() && seconds % 60 != 0 => problems
                .push(ValidationError::new(
                    Field::ExpiresIn,
                    crate::t!("rule-expiry-whole-minutes"),
                )),
            _ => {}
        }
        problems
    }

    pub fn wire(&self, dialect: Dialect) -> Value {
        let expires_in = self
            .cash_in
            .expires_in
            .map(|seconds| dialect.link_expires_in(seconds));
        Value::Object(self.cash_in.wire(expires_in))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentMethodRequest {
    pub cash_in: CashIn,
    pub method_id: i64,
    /// Values of the method's extra fields (catalog), by field.
    pub extras: Vec<(ExtraField, String)>,
}

impl PaymentMethodRequest {
    pub fn extra(&self, field: ExtraField) -> Option<&str> {
        self.extras
            .iter()
            .find(|(known, _)| *known == field)
            .map(|(_, value)| value.as_str())
    }

    pub fn check(&self, catalog: &MethodCatalog, dialect: Dialect) -> Vec<ValidationError> {
        let mut problems = self.cash_in.check(dialect);
        problems.extend(validate::positive_id(Field::Method, self.method_id).err());
        problems.extend(minimum_amount(catalog, Some(self.method_id), self.cash_in.amount).err());
        if let Some(seconds) = self.cash_in.expires_in {
            match catalog.lifetime(self.method_id) {
                Lifetime::AsRequested => {
                    problems.extend(
                        catalog
                            .check_expires_in(
                                self.method_id,
                                seconds,
                                dialect.minimum_lifetime_included(),
                            )
                            .err(),
                    );
                }
                Lifetime::Fixed { seconds: fixed } => problems.push(ValidationError::new(
                    Field::ExpiresIn,
                    crate::t!("rule-fixed-life", life = validate::describe_seconds(fixed)),
                )),
                Lifetime::EndOfDay => problems.push(ValidationError::new(
                    Field::ExpiresIn,
                    crate::t!("rule-end-of-day"),
                )),
            }
        }
        for (field, required) in self.fields(catalog, dialect) {
            let value = self.extra(field).unwrap_or_default();
            if !required && value.trim().is_empty() {
                continue;
            }
            let problem = match field {
                ExtraField::Cellphone => validate::cellphone(Field::Cellphone, value).err(),
                ExtraField::Email => validate::email(Field::Email, value).err(),
                ExtraField::DocumentNumber => {
                    validate::document_number(Field::DocumentNumber, value).err()
                }
                ExtraField::DocNumber => validate::document_number(Field::DocNumber, value).err(),
                ExtraField::DocType => validate::document_type(Field::DocType, value).err(),
                ExtraField::BankId => match value.trim().parse::<i64>() {
                    Ok(id) if id > 0 => None,
                    _ => Some(ValidationError::new(
                        Field::BankId,
                        crate::t!("rule-choose-payer-bank"),
                    )),
                },
                ExtraField::TypePerson => validate::person_and_document(
                    &catalog.person_type_text(value),
                    self.extra(ExtraField::DocumentType).unwrap_or_default(),
                )
                .err(),
                // Checked together with typePerson when the method has one.
                ExtraField::DocumentType if self.extra(ExtraField::TypePerson).is_some() => None,
                ExtraField::DocumentType => {
                    validate::document_type(Field::DocumentType, value).err()
                }
                ExtraField::Name => validate::required(Field::Name, value).err(),
                ExtraField::Address => validate::required(Field::Address, value).err(),
                ExtraField::MerchantId => validate::required(Field::MerchantId, value).err(),
                ExtraField::WhatsappAccountId => {
                    validate::required(Field::WhatsappAccountId, value).err()
                }
                ExtraField::Description if value.trim().is_empty() => Some(ValidationError::new(
                    Field::Description,
                    crate::t!("rule-card-description"),
                )),
                ExtraField::Description => validate::at_most(
                    Field::Description,
                    value,
                    field.max_len().unwrap_or(usize::MAX),
                )
                .err(),
            };
            problems.extend(problem);
        }
        problems
    }

    pub fn fields(&self, catalog: &MethodCatalog, dialect: Dialect) -> Vec<(ExtraField, bool)> {
        method_fields(catalog, self.method_id, dialect)
    }

    pub fn wire(&self, dialect: Dialect) -> Value {
        // The method operation counts seconds in both interfaces.
        let mut body = self.cash_in.wire(self.cash_in.expires_in);
        let mut method = Map::new();
        method.insert("id".into(), json!(self.method_id));
        if dialect.wallet_qr_on_screen() && self.method_id == TPAGA_METHOD {
            method.insert("isQr".into(), json!(true));
        }
        for (field, value) in &self.extras {
            // An optional field left empty is not sent.
            if value.trim().is_empty() {
                continue;
            }
            let value = match field {
                ExtraField::BankId if dialect.bank_id_as_text() => json!(value.trim()),
                ExtraField::BankId => value
                    .trim()
                    .parse::<i64>()
                    .map(|id| json!(id))
                    .unwrap_or_else(|_| json!(value)),
                ExtraField::DocType | ExtraField::DocumentType => {
                    json!(value.trim().to_ascii_uppercase())
                }
                _ => json!(value.trim()),
            };
            method.insert(field.wire_name().into(), value);
        }
        body.insert("paymentMethod".into(), Value::Object(method));
        Value::Object(body)
    }
}

/// A method's fields with whether each is required: the catalog's, and a card's description
/// where the interface requires it (the forms ask the same).
pub fn method_fields(
    catalog: &MethodCatalog,
    method_id: i64,
    dialect: Dialect,
) -> Vec<(ExtraField, bool)> {
    let mut fields = catalog.fields(method_id);
    if dialect.card_needs_description() && method_id == CARD_METHOD {
        match fields
            .iter_mut()
            .find(|(field, _)| *field == ExtraField::Description)
        {
            Some((_, required)) => *required = true,
            None => fields.push((ExtraField::Description, true)),
        }
    }
    fields
}

/// The catalog's smallest amount for a method (`None`: a payment link), with the number in
/// the message.
pub fn minimum_amount(
    catalog: &MethodCatalog,
    method_id: Option<i64>,
    amount: Pesos,
) -> Result<(), ValidationError> {
    match catalog.min_amount(method_id) {
        Some(minimum) if amount < minimum => Err(ValidationError::new(
            Field::Amount,
            crate::t!("rule-minimum-amount", minimum = minimum.to_string()),
        )),
        _ => Ok(()),
    }
}

/// The service's answer to either cash-in: where the payer pays and the reference to ask about.
#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct CreatedCashIn {
    #[serde(deserialize_with = "lenient::text")]
    pub url: String,
    #[serde(deserialize_with = "lenient::text")]
    pub reference: String,
    /// The current interface also names the payment's resource (its notifications may carry
    /// only that) and its state; the spec's answer to a link has neither.
    #[serde(default, rename = "resourceId", deserialize_with = "lenient::text")]
    pub resource_id: String,
    /// When a payment by method ends: an ISO 8601 instant. A link's answer has none (its life
    /// is the one asked for).
    #[serde(default, rename = "expiresIn", deserialize_with = "lenient::text")]
    pub expires_at: String,
    #[serde(default, deserialize_with = "lenient::optional_integer")]
    pub status: Option<i64>,
}

/// Earlier names of [`CreatedCashIn`], kept until the callers outside `api` use it.
pub type PaymentLink = CreatedCashIn;
/// See [`PaymentLink`].
pub type MethodPayment = CreatedCashIn;
