//! A payout on the pay API (the service's cash-out, `withdrawMethod`): the request, its checks
//! and the receipt. The request and answer types keep the service's word, withdraw.

use serde::Deserialize;
use serde_json::{Value, json};
use url::Url;

use crate::api::dialect::{Dialect, Direction};
use crate::api::lenient;
use crate::api::payout_methods::{BREB_PAYOUT_METHOD, ONLINE_PAYOUT_CEILING, ONLINE_PAYOUT_METHOD};
use crate::money::Pesos;
use crate::validate::{self, Field, ValidationError};

/// One of the payout methods the interface offers.
pub fn payout_method(id: i64, dialect: Dialect) -> validate::Checked<i64> {
    if dialect.payout_methods().contains(&id) {
        Ok(id)
    } else if dialect.payout_methods() == [BREB_PAYOUT_METHOD] {
        Err(ValidationError::new(
            Field::Method,
            crate::t!("rule-withdraw-method-alias-only"),
        ))
    } else {
        Err(ValidationError::new(
            Field::Method,
            crate::t!("rule-withdraw-method"),
        ))
    }
}

/// A positive amount, within the ceiling of an online payout.
pub fn payout_amount(method_id: i64, amount: Pesos) -> validate::Checked<Pesos> {
    validate::positive_amount(Field::Amount, amount)?;
    if method_id == ONLINE_PAYOUT_METHOD && amount > ONLINE_PAYOUT_CEILING {
        return Err(ValidationError::new(
            Field::Amount,
            crate::t!(
                "rule-withdrawal-ceiling",
                ceiling = ONLINE_PAYOUT_CEILING.to_string()
            ),
        ));
    }
    Ok(amount)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WithdrawRequest {
    pub amount: Pesos,
    pub reference1: String,
    pub webhook_request: Option<Url>,
    pub method_id: i64,
    /// Where the money goes: a mobile number, or a Bre-B key (`@TIENDA123`, a mobile number,
    /// an e-mail or a document number) for method 264.
    pub destination: String,
    pub bank_name: Option<String>,
}

impl WithdrawRequest {
    pub fn sends_to_key(&self) -> bool {
        self.method_id == BREB_PAYOUT_METHOD
    }

    pub fn check(&self, dialect: Dialect) -> Vec<ValidationError> {
        [
            payout_method(self.method_id, dialect).err(),
            payout_amount(self.method_id, self.amount).err(),
            validate::reference1_up_to(&self.reference1, dialect.reference1_max(Direction::Out))
                .err(),
            match (self.sends_to_key(), dialect.payout_key_is_alias()) {
                (true, true) => validate::breb_alias(Field::Key, &self.destination).err(),
                (true, false) => validate::breb_key(Field::Key, &self.destination).err(),
                (false, _) => validate::cellphone(Field::Cellphone, &self.destination).err(),
            },
            match &self.webhook_request {
                Some(url) => validate::web_url(Field::WebhookRequest, url.as_str()).err(),
                None if dialect.payout_needs_webhook() => Some(ValidationError::new(
                    Field::WebhookRequest,
                    crate::t!("rule-payout-webhook-required"),
                )),
                None => None,
            },
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// The body; the same in both interfaces (the current one's `userMetadata` is the
    /// client's to add, as it is found where the request leaves from).
    pub fn wire(&self) -> Value {
        let mut method = if self.sends_to_key() {
            json!({"id": self.method_id, "key": self.destination.trim()})
        } else {
            json!({"id": self.method_id, "cellphone": self.destination})
        };
        if let Some(bank) = &self.bank_name {
            method["bankName"] = json!(bank.trim());
        }
        let mut body = json!({
            "amount": self.amount.get(),
            "reference1": self.reference1.trim(),
            "withdrawMethod": method,
        });
        if let Some(url) = &self.webhook_request {
            body["webhookRequest"] = json!(url.as_str());
        }
        body
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq, Default)]
pub struct WithdrawRecord {
    #[serde(default, deserialize_with = "lenient::text")]
    pub id: String,
    #[serde(default, rename = "transactionId", deserialize_with = "lenient::text")]
    pub transaction_id: String,
    #[serde(
        default,
        rename = "userId",
        deserialize_with = "lenient::optional_integer"
    )]
    pub user_id: Option<i64>,
    /// Documented as a number, sent as a string.
    #[serde(default, rename = "accountNumber", deserialize_with = "lenient::text")]
    pub account_number: String,
    #[serde(default, rename = "infoReference", deserialize_with = "lenient::text")]
    pub info_reference: String,
    #[serde(
        default,
        rename = "providerReference",
        deserialize_with = "lenient::text"
    )]
    pub provider_reference: String,
    #[serde(
        default,
        rename = "accountId",
        deserialize_with = "lenient::optional_text"
    )]
    pub account_id: Option<String>,
    #[serde(default, deserialize_with = "lenient::optional_text")]
    pub observation: Option<String>,
    #[serde(
        default,
        rename = "deletedAt",
        deserialize_with = "lenient::optional_text"
    )]
    pub deleted_at: Option<String>,
    #[serde(default, rename = "createdAt", deserialize_with = "lenient::text")]
    pub created_at: String,
    #[serde(default, rename = "updatedAt", deserialize_with = "lenient::text")]
    pub updated_at: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct WithdrawReceipt {
    pub withdraw: WithdrawRecord,
    /// The reference to ask about the payout's state with. The spec's table puts it at the
    /// top level, its sample inside `data`: read from either.
    pub transaction_reference: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::payout_methods::PRODUCT_PAYOUT_METHOD;

    #[test]
    fn payout_rules() {
        assert!(payout_method(ONLINE_PAYOUT_METHOD, Dialect::Spec).is_ok());
        assert!(payout_method(PRODUCT_PAYOUT_METHOD, Dialect::Spec).is_ok());
        assert!(payout_method(BREB_PAYOUT_METHOD, Dialect::Spec).is_ok());
        assert!(payout_method(161, Dialect::Spec).is_err());
        assert!(payout_method(BREB_PAYOUT_METHOD, Dialect::Current).is_ok());
        assert!(payout_method(PRODUCT_PAYOUT_METHOD, Dialect::Current).is_err());
        assert!(payout_amount(ONLINE_PAYOUT_METHOD, Pesos::new(2_000_000)).is_ok());
        let over = payout_amount(ONLINE_PAYOUT_METHOD, Pesos::new(2_000_001)).unwrap_err();
        assert!(over.message.contains("$ 2.000.000"), "{over}");
        assert!(payout_amount(PRODUCT_PAYOUT_METHOD, Pesos::new(2_000_001)).is_ok());
        assert!(payout_amount(PRODUCT_PAYOUT_METHOD, Pesos::ZERO).is_err());
    }
}
