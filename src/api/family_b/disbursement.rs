//! Family B's money going out: the cash-out (disbursement) request and receipt, and the
//! balance with its two bags.

use serde::Deserialize;
use serde_json::{Value, json};
use url::Url;

use super::super::dialect::{Dialect, Direction};
use super::super::lenient;
use crate::money::Pesos;
use crate::validate::{self, Field, ValidationError};

pub use super::super::payout_methods::{
    BREB_WITHDRAW_METHOD, ONLINE_WITHDRAWAL, ONLINE_WITHDRAWAL_CEILING, PRODUCT_DISBURSEMENT,
};

/// One of the cash-out methods the interface offers.
pub fn withdraw_method(id: i64, dialect: Dialect) -> validate::Checked<i64> {
    if dialect.payout_methods().contains(&id) {
        Ok(id)
    } else if dialect.payout_methods() == [BREB_WITHDRAW_METHOD] {
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

/// A positive amount, within the ceiling of an online withdrawal.
pub fn withdraw_amount(method_id: i64, amount: Pesos) -> validate::Checked<Pesos> {
    validate::positive_amount(Field::Amount, amount)?;
    if method_id == ONLINE_WITHDRAWAL && amount > ONLINE_WITHDRAWAL_CEILING {
        return Err(ValidationError::new(
            Field::Amount,
            crate::t!(
                "rule-withdrawal-ceiling",
                ceiling = ONLINE_WITHDRAWAL_CEILING.to_string()
            ),
        ));
    }
    Ok(amount)
}

/// The cash-out method in the person's words.
pub fn withdraw_method_name(id: i64) -> String {
    match id {
        ONLINE_WITHDRAWAL => crate::t!("withdraw-online"),
        PRODUCT_DISBURSEMENT => crate::t!("withdraw-product"),
        BREB_WITHDRAW_METHOD => crate::t!("withdraw-breb"),
        other => crate::t!("kind-method", id = other),
    }
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
        self.method_id == BREB_WITHDRAW_METHOD
    }

    pub fn check(&self, dialect: Dialect) -> Vec<ValidationError> {
        [
            withdraw_method(self.method_id, dialect).err(),
            withdraw_amount(self.method_id, self.amount).err(),
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
    /// The reference to query the disbursement's status with. The spec's table puts it at the
    /// top level, its sample inside `data`: read from either.
    pub transaction_reference: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// Balance

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct Bag {
    #[serde(default, deserialize_with = "lenient::text")]
    pub bag: String,
    /// Decimal text with two decimals, as sent.
    #[serde(default, deserialize_with = "lenient::text")]
    pub amount: String,
}

impl Bag {
    pub fn pesos(&self) -> Option<Pesos> {
        Pesos::parse_service(&self.amount)
    }

    /// docs/decisions.md: the disbursement bag's label contains "dispers" or "disburs", in any case,
    /// accents ignored.
    pub fn is_disbursement(&self) -> bool {
        let folded: String = self
            .bag
            .chars()
            .map(|c| match c {
                'á' | 'Á' => 'a',
                'é' | 'É' => 'e',
                'í' | 'Í' => 'i',
                'ó' | 'Ó' => 'o',
                'ú' | 'Ú' | 'ü' | 'Ü' => 'u',
                other => other,
            })
            .collect::<String>()
            .to_lowercase();
        folded.contains("dispers") || folded.contains("disburs")
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct Balance {
    #[serde(default, deserialize_with = "lenient::list")]
    pub bags: Vec<Bag>,
    /// `DD/MM/YYYY HH:MM:SS`.
    #[serde(default, deserialize_with = "lenient::text")]
    pub date: String,
}

impl Balance {
    /// The bag that pays disbursements, or `None` when no label says so (show both and let the
    /// service decide rather than guess).
    pub fn disbursement_bag(&self) -> Option<&Bag> {
        let mut matching = self.bags.iter().filter(|bag| bag.is_disbursement());
        match (matching.next(), matching.next()) {
            (Some(bag), None) => Some(bag),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn withdraw_rules() {
        assert!(withdraw_method(ONLINE_WITHDRAWAL, Dialect::Spec).is_ok());
        assert!(withdraw_method(PRODUCT_DISBURSEMENT, Dialect::Spec).is_ok());
        assert!(withdraw_method(BREB_WITHDRAW_METHOD, Dialect::Spec).is_ok());
        assert!(withdraw_method(161, Dialect::Spec).is_err());
        assert!(withdraw_method(BREB_WITHDRAW_METHOD, Dialect::Current).is_ok());
        assert!(withdraw_method(PRODUCT_DISBURSEMENT, Dialect::Current).is_err());
        assert!(withdraw_amount(ONLINE_WITHDRAWAL, Pesos::new(2_000_000)).is_ok());
        let over = withdraw_amount(ONLINE_WITHDRAWAL, Pesos::new(2_000_001)).unwrap_err();
        assert!(over.message.contains("$ 2.000.000"), "{over}");
        assert!(withdraw_amount(PRODUCT_DISBURSEMENT, Pesos::new(2_000_001)).is_ok());
        assert!(withdraw_amount(PRODUCT_DISBURSEMENT, Pesos::ZERO).is_err());
    }

    fn bag(label: &str) -> Bag {
        Bag {
            bag: label.into(),
            amount: "100.00".into(),
        }
    }

    #[test]
    fn finds_the_disbursement_bag_by_label() {
        assert!(bag("Saldo de Dispersión").is_disbursement());
        assert!(bag("DISPERSION").is_disbursement());
        assert!(bag("Disbursement balance").is_disbursement());
        assert!(!bag("Saldo multiproducto").is_disbursement());
        let balance = Balance {
            bags: vec![bag("Saldo multiproducto"), bag("Saldo dispersión")],
            date: String::new(),
        };
        assert_eq!(
            balance.disbursement_bag().map(|b| b.bag.as_str()),
            Some("Saldo dispersión")
        );
        let unclear = Balance {
            bags: vec![bag("Bolsa 1"), bag("Bolsa 2")],
            date: String::new(),
        };
        assert_eq!(unclear.disbursement_bag(), None);
    }
}
