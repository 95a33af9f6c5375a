//! Family B (the pay API under `pay_url`): cash-in, status, features, banks and the webhook
//! simulation; the cash-out and the balance in `disbursement`.

use std::fmt;

use serde::Deserialize;
use serde_json::{Map, Value, json};
use url::Url;

use super::catalog::{ExtraField, Lifetime, MethodCatalog};
use super::dialect::{Dialect, Direction};
use super::lenient;
use crate::money::Pesos;
use crate::validate::{self, Field, ValidationError};

mod disbursement;
pub use disbursement::*;

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

#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct PaymentLink {
    #[serde(deserialize_with = "lenient::text")]
    pub url: String,
    #[serde(deserialize_with = "lenient::text")]
    pub reference: String,
    /// The current interface also names the link's resource (its notifications may carry only
    /// that) and its state; the spec's answer has neither.
    #[serde(default, rename = "resourceId", deserialize_with = "lenient::text")]
    pub resource_id: String,
    #[serde(default, deserialize_with = "lenient::optional_integer")]
    pub status: Option<i64>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct MethodPayment {
    #[serde(deserialize_with = "lenient::text")]
    pub url: String,
    #[serde(deserialize_with = "lenient::text")]
    pub reference: String,
    #[serde(default, rename = "resourceId", deserialize_with = "lenient::text")]
    pub resource_id: String,
    /// ISO 8601 instant.
    #[serde(default, rename = "expiresIn", deserialize_with = "lenient::text")]
    pub expires_at: String,
    #[serde(default, deserialize_with = "lenient::optional_integer")]
    pub status: Option<i64>,
}

// ---------------------------------------------------------------------------------------------
// Transaction status

/// The spec's status ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TransactionStatus {
    Rejected,
    Pending,
    Approved,
    Failed,
    Cancelled,
    Processing,
    Other(i64),
}

impl TransactionStatus {
    pub fn from_id(id: i64) -> TransactionStatus {
        match id {
            0 => TransactionStatus::Rejected,
            1 => TransactionStatus::Pending,
            2 => TransactionStatus::Approved,
            3 => TransactionStatus::Failed,
            5 => TransactionStatus::Cancelled,
            9 => TransactionStatus::Processing,
            other => TransactionStatus::Other(other),
        }
    }

    pub fn id(self) -> i64 {
        match self {
            TransactionStatus::Rejected => 0,
            TransactionStatus::Pending => 1,
            TransactionStatus::Approved => 2,
            TransactionStatus::Failed => 3,
            TransactionStatus::Cancelled => 5,
            TransactionStatus::Processing => 9,
            TransactionStatus::Other(id) => id,
        }
    }

    /// 0, 2, 3 and 5 are final: nothing leaves them (docs/decisions.md).
    pub fn is_final(self) -> bool {
        matches!(
            self,
            TransactionStatus::Rejected
                | TransactionStatus::Approved
                | TransactionStatus::Failed
                | TransactionStatus::Cancelled
        )
    }

    /// The state in the person's language, lowercase ("pending", "pendiente").
    pub fn word(self) -> String {
        match self {
            TransactionStatus::Rejected => crate::t!("state-rejected"),
            TransactionStatus::Pending => crate::t!("state-pending"),
            TransactionStatus::Approved => crate::t!("state-approved"),
            TransactionStatus::Failed => crate::t!("state-failed"),
            TransactionStatus::Cancelled => crate::t!("state-cancelled"),
            TransactionStatus::Processing => crate::t!("state-processing"),
            TransactionStatus::Other(id) => crate::t!("state-other", id = id),
        }
    }
}

impl fmt::Display for TransactionStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.word())
    }
}

impl<'de> Deserialize<'de> for TransactionStatus {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        lenient::integer(deserializer).map(TransactionStatus::from_id)
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct StatusRecord {
    #[serde(default, deserialize_with = "lenient::text")]
    pub id: String,
    /// Formatted currency text, as the service wrote it.
    #[serde(default, deserialize_with = "lenient::text")]
    pub cost: String,
    pub status: TransactionStatus,
    #[serde(default, deserialize_with = "lenient::text")]
    pub date: String,
    #[serde(
        default,
        rename = "providerReference",
        deserialize_with = "lenient::text"
    )]
    pub provider_reference: String,
    #[serde(default, deserialize_with = "lenient::text")]
    pub amount: String,
    #[serde(default, deserialize_with = "lenient::optional_text")]
    pub description: Option<String>,
    #[serde(
        default,
        rename = "paymentMethod",
        deserialize_with = "lenient::optional_text"
    )]
    pub payment_method: Option<String>,
}

impl StatusRecord {
    pub fn amount_pesos(&self) -> Option<Pesos> {
        Pesos::parse_service(&self.amount)
    }

    pub fn cost_pesos(&self) -> Option<Pesos> {
        Pesos::parse_service(&self.cost)
    }

    /// The amount as a person reads it (`$ 25.000`), or as the service wrote it when unreadable.
    pub fn shown_amount(&self) -> String {
        self.amount_pesos()
            .map_or_else(|| self.amount.clone(), |p| p.to_string())
    }

    /// The fee as a person reads it, or as the service wrote it when unreadable; none for a
    /// payment that has not gone through, which costs the shop nothing.
    pub fn shown_cost(&self) -> Option<String> {
        (self.status == TransactionStatus::Approved).then(|| {
            self.cost_pesos()
                .map_or_else(|| self.cost.clone(), |p| p.to_string())
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Banks

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct BankOption {
    #[serde(deserialize_with = "lenient::text")]
    pub id: String,
    #[serde(default, deserialize_with = "lenient::text")]
    pub name: String,
}

impl BankOption {
    /// The first entry, id `0`, is a prompt ("Select your bank"), not a bank.
    pub fn is_prompt(&self) -> bool {
        self.id.trim() == "0"
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct BankList {
    #[serde(default, deserialize_with = "lenient::list")]
    pub banks: Vec<BankOption>,
}

impl BankList {
    pub fn real_banks(&self) -> impl Iterator<Item = &BankOption> {
        self.banks.iter().filter(|bank| !bank.is_prompt())
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct InstantBank {
    #[serde(default, deserialize_with = "lenient::text")]
    pub name: String,
    /// Masked by the service.
    #[serde(
        default,
        rename = "bankAccountNumber",
        deserialize_with = "lenient::text"
    )]
    pub bank_account_number: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct InstantBankList {
    #[serde(default, deserialize_with = "lenient::list")]
    pub banks: Vec<InstantBank>,
}

// ---------------------------------------------------------------------------------------------
// Webhook simulation

/// A notification the service is asked to send, to try the receiver. Which shape an interface
/// takes is its rule (`Dialect::notification_by_reference`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotifySimulation {
    /// The current interface: the payment's reference (`{"reference"}`, as the status question
    /// names it), notified as it stands.
    Reference(String),
    /// The spec's: the transaction, and what its notification says.
    Transaction(SimulatedTransaction),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimulatedTransaction {
    pub transaction_id: i64,
    pub amount: Pesos,
    pub cost: Pesos,
    /// 1 pending, 2 approved, 3 failed.
    pub status_id: i64,
    pub status_description: Option<String>,
    pub resource_id: Option<i64>,
    pub reference1: Option<String>,
}

impl NotifySimulation {
    pub fn check(&self, dialect: Dialect) -> Vec<ValidationError> {
        match (self, dialect.notification_by_reference()) {
            (NotifySimulation::Reference(reference), true) => {
                validate::required(Field::Reference, reference)
                    .err()
                    .into_iter()
                    .collect()
            }
            (NotifySimulation::Transaction(transaction), false) => transaction.check(),
            (NotifySimulation::Transaction(_), true) => vec![ValidationError::new(
                Field::Reference,
                crate::t!("rule-notify-by-reference"),
            )],
            (NotifySimulation::Reference(_), false) => vec![ValidationError::new(
                Field::TransactionId,
                crate::t!("rule-notify-by-transaction"),
            )],
        }
    }

    pub fn wire(&self) -> Value {
        match self {
            NotifySimulation::Reference(reference) => json!({"reference": reference.trim()}),
            NotifySimulation::Transaction(transaction) => transaction.wire(),
        }
    }
}

impl SimulatedTransaction {
    fn check(&self) -> Vec<ValidationError> {
        let mut problems: Vec<ValidationError> = [
            validate::positive_id(Field::TransactionId, self.transaction_id).err(),
            validate::positive_amount(Field::Amount, self.amount).err(),
            self.resource_id
                .and_then(|id| validate::positive_id(Field::ResourceId, id).err()),
            self.reference1
                .as_deref()
                .and_then(|reference| validate::reference1(reference).err()),
        ]
        .into_iter()
        .flatten()
        .collect();
        if self.cost.get() < 0 {
            problems.push(ValidationError::new(
                Field::Cost,
                crate::t!("rule-cost-negative"),
            ));
        }
        if !(1..=3).contains(&self.status_id) {
            problems.push(ValidationError::new(
                Field::Status,
                crate::t!("rule-notification-status"),
            ));
        }
        problems
    }

    fn wire(&self) -> Value {
        let mut transaction = json!({
            "id": self.transaction_id,
            "amount": self.amount.get(),
            "cost": self.cost.get(),
            "Status": {"id": self.status_id.to_string()},
        });
        if let Some(description) = &self.status_description {
            transaction["Status"]["description"] = json!(description);
        }
        if self.resource_id.is_some() || self.reference1.is_some() {
            let mut resource = json!({});
            if let Some(id) = self.resource_id {
                resource["id"] = json!(id);
            }
            if let Some(reference) = &self.reference1 {
                resource["extra"] = json!({"reference1": reference});
            }
            transaction["Resource"] = resource;
        }
        json!({"data": {"Transaction": transaction}})
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_know_what_is_final() {
        for (id, is_final) in [
            (0, true),
            (1, false),
            (2, true),
            (3, true),
            (5, true),
            (9, false),
        ] {
            assert_eq!(TransactionStatus::from_id(id).is_final(), is_final, "{id}");
            assert_eq!(TransactionStatus::from_id(id).id(), id);
        }
        assert_eq!(
            TransactionStatus::from_id(7).to_string(),
            "unknown state (7)"
        );
    }

    #[test]
    fn the_bank_prompt_is_not_a_bank() {
        let list: BankList = serde_json::from_value(json!({"banks": [
            {"id": "0", "name": "Select your bank"},
            {"id": 1007, "name": "Bancolombia"},
        ]}))
        .unwrap();
        let banks: Vec<_> = list.real_banks().map(|b| b.name.as_str()).collect();
        assert_eq!(banks, ["Bancolombia"]);
    }
}
