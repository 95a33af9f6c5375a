//! The webhook simulation: the service asked to send a notification, to try the receiver.

use serde_json::{Value, json};

use crate::api::dialect::Dialect;
use crate::money::Pesos;
use crate::validate::{self, Field, ValidationError};

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
