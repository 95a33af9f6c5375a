//! Whether a notification belongs to the sale it reached. It is matched to one of the shop's
//! charges by its reference or its resource, but a signature proves only knowledge of the key
//! (docs/decisions.md, "Money comes only from the service's answer"): which payment it is and how
//! much it says are borne out only when they agree with what the service's answer states for that
//! charge. Its reference (for a counter code, its provider reference: which payment it is) and its
//! amount, as the signed text carries it, must both agree; otherwise it is not that sale's, and
//! its state is never compared with the sale's.

use crate::api::notification::Notification;
use crate::api::{StatusRecord, TransactionStatus};
use crate::ledger::ReceivedPayment;
use crate::money::{PaymentFigures, Pesos};

/// What the service said of the charge a notification reached.
pub(super) struct Said<'a> {
    /// The reference the service was asked about: the charge's own.
    pub(super) asked: &'a str,
    /// Its answer to that question.
    pub(super) answer: &'a StatusRecord,
    /// Whether the charge is a counter code (each payment it takes is a sale of its own).
    pub(super) repeatable: bool,
    /// A counter code's payments the service confirmed before, as its answers wrote them in the
    /// books: its answer now names only its latest payer's.
    pub(super) payments: &'a [ReceivedPayment],
}

/// The state the service gives the payment a notification names, when the notification belongs
/// to the charge it reached; `None` when it does not.
pub(super) fn belongs(notification: &Notification, said: &Said<'_>) -> Option<TransactionStatus> {
    if !names_the_charge(notification, said) {
        return None;
    }
    let answered = (
        Pesos::parse_service_rounded(&said.answer.amount),
        Pesos::parse_service_rounded(&said.answer.cost),
    );
    // A charge for one sale, or a payer's attempt at a counter code that is no payment yet
    // (pending, under way, refused): about what the service's answer is about.
    if !said.repeatable || notification.status != TransactionStatus::Approved {
        return amount_agrees(notification, answered).then_some(said.answer.status);
    }
    // An approval of a counter code names one of its payments, by the provider reference that
    // tells them apart: the latest payer's, or one the books hold (the service confirmed it
    // approved).
    let payment = notification.provider_reference.trim();
    if payment.is_empty() {
        return None;
    }
    if payment == said.answer.provider_reference.trim() {
        return amount_agrees(notification, answered).then_some(said.answer.status);
    }
    let known = said
        .payments
        .iter()
        .find(|known| known.provider_reference == payment)?;
    amount_agrees(notification, (known.amount, known.fee)).then_some(TransactionStatus::Approved)
}

/// The reference the service was asked about, or the id its answer gives the transaction (the
/// current interface's notifications may carry one the shop never gave, and are matched by their
/// resource).
fn names_the_charge(notification: &Notification, said: &Said<'_>) -> bool {
    let id = said.answer.id.trim();
    notification.reference_id == said.asked || (!id.is_empty() && notification.reference_id == id)
}

/// The signed `amount` is what the merchant receives (`realAmount` is what the payer paid,
/// `cost` the fee): it agrees when the service states both the payment's amount and its fee, and
/// the amount less the fee is it, within the peso the service's cents may round to. An amount the
/// service does not state agrees with nothing.
fn amount_agrees(
    notification: &Notification,
    (gross, fee): (Option<Pesos>, Option<Pesos>),
) -> bool {
    let figures = PaymentFigures {
        gross,
        fee,
        net: notification.net,
    };
    gross.is_some() && fee.is_some() && notification.net.is_some() && figures.add_up()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notification(reference: &str, amount: &str, status: i64, provider: &str) -> Notification {
        let body = format!(
            r#"{{"referenceId":"{reference}","resourceId":"500001","amount":{amount},"updatedAt":"2026-11-21 10:00:00","status":{status},"providerReference":"{provider}"}}"#
        );
        Notification::parse(body.as_bytes()).unwrap()
    }

    fn answer(status: i64, amount: &str, cost: &str, provider: &str) -> StatusRecord {
        serde_json::from_value(serde_json::json!({
            "id": "17", "cost": cost, "status": status.to_string(), "date": "",
            "providerReference": provider, "amount": amount, "description": null,
            "paymentMethod": null
        }))
        .unwrap()
    }

    fn sale(answer: &StatusRecord) -> Said<'_> {
        Said {
            asked: "PD1",
            answer,
            repeatable: false,
            payments: &[],
        }
    }

    #[test]
    fn a_sales_notification_belongs_by_its_reference_and_its_net_amount() {
        let paid = answer(2, "$ 25.000", "$ 1.647", "");
        let sale = sale(&paid);
        // 25.000 less the fee of 1.647.
        let genuine = notification("PD1", "23353", 2, "");
        assert_eq!(belongs(&genuine, &sale), Some(TransactionStatus::Approved));
        // The service's own id for the transaction names it too.
        assert!(belongs(&notification("17", "23353", 2, ""), &sale).is_some());
        // Another reference, another amount, or the gross where the net is signed: not its.
        assert_eq!(belongs(&notification("OTRA1", "23353", 2, ""), &sale), None);
        assert_eq!(belongs(&notification("PD1", "24000", 2, ""), &sale), None);
        assert_eq!(belongs(&notification("PD1", "25000", 2, ""), &sale), None);
        // Its state is not what belonging asks: the service's comes back, to compare.
        let pending = notification("PD1", "23353", 1, "");
        assert_eq!(belongs(&pending, &sale), Some(TransactionStatus::Approved));
    }

    #[test]
    fn cents_round_to_a_peso_and_an_amount_unstated_agrees_with_nothing() {
        let paid = answer(2, "$20,000.00", "$594.50", "");
        assert!(belongs(&notification("PD1", "19405.50", 2, ""), &sale(&paid)).is_some());
        assert!(belongs(&notification("PD1", "19405", 2, ""), &sale(&paid)).is_some());
        assert_eq!(
            belongs(&notification("PD1", "19400", 2, ""), &sale(&paid)),
            None
        );
        let no_fee = answer(2, "$ 25.000", "", "");
        assert_eq!(
            belongs(&notification("PD1", "25000", 2, ""), &sale(&no_fee)),
            None
        );
    }

    #[test]
    fn a_counter_codes_approval_names_one_of_its_payments() {
        let latest = answer(2, "$ 3.000", "$ 989", "PRV5-2");
        let earlier = ReceivedPayment {
            reference: "PD1".into(),
            kind: crate::api::kind::PaymentKind::Resource(3),
            repeatable: true,
            provider_reference: "PRV5-1".into(),
            amount: Some(Pesos::new(12_000)),
            fee: Some(Pesos::new(1_258)),
            received_at: 0,
            cashier: String::new(),
        };
        let code = Said {
            asked: "PD1",
            answer: &latest,
            repeatable: true,
            payments: std::slice::from_ref(&earlier),
        };
        assert_eq!(
            belongs(&notification("PD1", "2011", 2, "PRV5-2"), &code),
            Some(TransactionStatus::Approved)
        );
        assert_eq!(
            belongs(&notification("PD1", "10742", 2, "PRV5-1"), &code),
            Some(TransactionStatus::Approved),
            "an earlier payment, as the books hold it"
        );
        assert_eq!(
            belongs(&notification("PD1", "2011", 2, "PRV5-1"), &code),
            None,
            "that payment was for another amount"
        );
        assert_eq!(
            belongs(&notification("PD1", "2011", 2, "INVENTADO"), &code),
            None
        );
        assert_eq!(belongs(&notification("PD1", "2011", 2, ""), &code), None);
        // A payer's attempt under way is about the latest payer's, whatever it calls itself.
        assert!(belongs(&notification("PD1", "2011", 9, "PRV5-1"), &code).is_some());
    }
}
