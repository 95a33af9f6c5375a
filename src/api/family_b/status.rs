//! A payment's state on the pay API, and the answer to `/payment/status` that carries it.

use std::fmt;

use serde::Deserialize;

use crate::api::lenient;
use crate::money::Pesos;

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
    /// How it was paid, in the till's language: the service says «Link de pago» whatever the
    /// till speaks, so that one is said in the app's words; a method's own name (Nequi, PSE) is
    /// a brand and stays as the service wrote it.
    pub fn method_words(&self) -> String {
        let named = self.payment_method.as_deref().unwrap_or_default();
        match crate::places::folded(named).trim() {
            "link de pago" => crate::t!("kind-payment-link"),
            _ => named.to_owned(),
        }
    }
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
}
