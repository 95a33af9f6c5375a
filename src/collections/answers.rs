//! The one door money comes through: a created payment written down, and each status answer
//! applied to it (its state, and for an approval one received payment with the answer's own
//! figures).

use crate::api::{StatusRecord, TransactionStatus};
use crate::ledger::{Collection, Ledger, LedgerError, ReceivedPayment, StatusAnswer, StatusWrite};
use crate::money::Pesos;

/// Writes down a payment just created (from a till or from the command line), so that the
/// day's close expects it and a notification about it is known. The same payment written again
/// changes nothing.
pub fn record_created(
    ledger: &Ledger,
    profile: &str,
    collection: &Collection,
) -> Result<(), LedgerError> {
    ledger.record_collection(profile, collection)
}

/// How long a code that takes many payments is followed when the service gave no expiry.
const UNSAID_OPEN_FOR_MS: i64 = 24 * 60 * 60 * 1000;

/// Until when a code that takes many payments takes them (and is followed): the service's
/// expiry, or a day when it did not say. `None` for a payment for one sale.
pub fn open_until(repeatable: bool, expires: &str, now_ms: i64) -> Option<i64> {
    repeatable
        .then(|| crate::clock::parse_service_time(expires).unwrap_or(now_ms + UNSAID_OPEN_FOR_MS))
}

/// What one status answer did to the books.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// The state the books hold now: the answer's, unless they held a final one already.
    pub status: TransactionStatus,
    /// What the answer did to the state (moved it, or contradicted a final one...).
    pub written: StatusWrite,
    /// The payment this answer confirmed, when the books did not have it yet.
    pub new_payment: Option<ReceivedPayment>,
}

/// Applies one answer of the service about `collection` (one of `profile`'s payments), asked at
/// `asked_at`: its state, and the payment it confirms when it says approved and the books hold
/// the sale approved (a code that takes many: each of its payments). Safe to call again with the
/// same answer, from any path and any till: a payment is written once, and a final state is
/// never left (the ledger decides, under its lock).
pub fn apply_answer(
    ledger: &Ledger,
    profile: &str,
    collection: &Collection,
    answer: &StatusRecord,
    asked_at: i64,
    now_ms: i64,
) -> Result<Applied, LedgerError> {
    let written = ledger.record_collection_status(
        profile,
        &collection.reference,
        StatusAnswer {
            status: answer.status,
            amount: answer.amount_pesos(),
            asked_at,
        },
    )?;
    let status = written.held(answer.status);
    if let StatusWrite::Contradicted { held } = written {
        tracing::warn!(
            reference = %crate::untrusted::ForLog(&collection.reference),
            held = held.id(),
            answered = answer.status.id(),
            "the service contradicted a final state; the books keep theirs"
        );
    }
    let money = status == TransactionStatus::Approved || collection.repeatable;
    let new_payment = match received_from_answer(collection, answer, now_ms).filter(|_| money) {
        Some(payment) => ledger
            .record_received(profile, &payment)?
            .then_some(payment),
        None => None,
    };
    Ok(Applied {
        status,
        written,
        new_payment,
    })
}

/// The payment an answer confirms, with the answer's own figures: none unless it says
/// approved. A code that takes many payments needs the provider reference that tells this
/// payment from its others; a payment for one sale is one payment, whatever the answer calls it.
pub fn received_from_answer(
    collection: &Collection,
    answer: &StatusRecord,
    now_ms: i64,
) -> Option<ReceivedPayment> {
    if answer.status != TransactionStatus::Approved {
        return None;
    }
    let provider_reference = answer.provider_reference.trim();
    if collection.repeatable && provider_reference.is_empty() {
        return None;
    }
    // A static QR answers $ 0 until a payer types an amount: that is no amount.
    let answered = answer.amount_pesos().filter(|amount| amount.get() > 0);
    let amount = if collection.repeatable {
        answered
    } else {
        // The service confirmed the payment created for this amount.
        answered.or(collection.amount)
    };
    Some(ReceivedPayment {
        reference: collection.reference.clone(),
        kind: collection.kind.clone(),
        repeatable: collection.repeatable,
        provider_reference: if collection.repeatable {
            provider_reference.to_owned()
        } else {
            String::new()
        },
        amount,
        fee: Pesos::parse_service_rounded(&answer.cost),
        received_at: now_ms,
        cashier: collection.made_by.cashier.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::kind::PaymentKind;

    fn answer(status: i64, amount: &str, cost: &str, provider: &str) -> StatusRecord {
        serde_json::from_value(serde_json::json!({
            "id": "1", "cost": cost, "status": status.to_string(), "date": "",
            "providerReference": provider, "amount": amount, "description": null,
            "paymentMethod": null
        }))
        .unwrap()
    }

    fn collection(repeatable: bool) -> Collection {
        Collection {
            reference: "R1".into(),
            kind: if repeatable {
                PaymentKind::Resource(3)
            } else {
                PaymentKind::Link
            },
            amount: (!repeatable).then(|| Pesos::new(25_000)),
            reference1: "A".into(),
            url: String::new(),
            created_at: 0,
            status: None,
            description: String::new(),
            repeatable,
            open_until: None,
            made_by: Default::default(),
            resource_id: None,
        }
    }

    #[test]
    fn only_an_approval_is_money_and_its_figures_are_the_answers() {
        let sale = collection(false);
        assert_eq!(
            received_from_answer(&sale, &answer(1, "$ 25.000", "", ""), 5),
            None
        );
        let paid = received_from_answer(&sale, &answer(2, "$ 25.000", "$ 974", "P-9"), 5).unwrap();
        assert_eq!(paid.amount, Some(Pesos::new(25_000)));
        assert_eq!(paid.fee, Some(Pesos::new(974)));
        assert_eq!(
            paid.provider_reference, "",
            "a sale is one payment, whatever the answer calls it"
        );
    }

    #[test]
    fn a_codes_payment_needs_the_answer_to_name_it() {
        let code = collection(true);
        assert_eq!(
            received_from_answer(&code, &answer(2, "$ 8.500", "$ 300", ""), 5),
            None
        );
        let paid = received_from_answer(&code, &answer(2, "$ 8.500", "$ 300", "P-1"), 5).unwrap();
        assert_eq!(paid.provider_reference, "P-1");
        assert_eq!(paid.amount, Some(Pesos::new(8_500)));
        // Before anyone pays, a static QR says $ 0: no amount, never the code's.
        let unpaid = received_from_answer(&code, &answer(2, "$ 0", "", "P-2"), 5).unwrap();
        assert_eq!(unpaid.amount, None);
    }

    #[test]
    fn an_answer_is_applied_once_and_only_to_the_profiles_own_payment() {
        let ledger = Ledger::open_in_memory().unwrap();
        let code = collection(true);
        record_created(&ledger, "tienda", &code).unwrap();
        let paid = answer(2, "$ 8.500", "$ 300", "P-1");
        let first = apply_answer(&ledger, "tienda", &code, &paid, 10, 10).unwrap();
        assert!(first.new_payment.is_some());
        let again = apply_answer(&ledger, "tienda", &code, &paid, 11, 11).unwrap();
        assert_eq!(again.new_payment, None, "the same payment is written once");
        let elsewhere = apply_answer(&ledger, "otra", &code, &answer(2, "$ 9", "", "P-7"), 12, 12);
        assert_eq!(elsewhere.unwrap().new_payment, None);
        assert_eq!(ledger.received_between(None, 0, 100).unwrap().len(), 1);
    }
}
