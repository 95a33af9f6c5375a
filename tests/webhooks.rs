//! The webhook receiver over real HTTP: valid, tampered, wrong key, unsigned, duplicate, out of
//! order, malformed and oversized notifications, with the ledger checked after each. Signatures
//! are computed here, independently of the receiver's code.

mod common;

use common::endpoint::Endpoint;
use common::{TestSimulator, expected_signature, wait_for};
use paydesk::api::TransactionStatus;
use paydesk::api::family_b::{CashIn, DEFAULT_BRAND_ID, PaymentLinkRequest, Reference2};
use paydesk::ledger::CheckState;
use paydesk::money::{PaymentFigures, Pesos};
use paydesk::webhook::{Confirmer, ReceiverEvent};
use serde_json::{Value, json};

const KEY: &str = "test-hash-key";

/// A notification body as the service writes it; `amount` (what the merchant receives, the
/// figure the signature covers) is inserted as literal text. The payer paid 26.647, the fee
/// was 1.647.
fn body(reference: &str, status: i64, amount: &str, updated_at: &str, key: &str) -> String {
    let unsigned = format!(
        r#"{{"realAmount":26647,"amount":{amount},"cost":"$1,647.00","referenceId":"{reference}","moduleId":1,"productId":0,"referenceKey":"K1","paymentMethod":"Link de pago","userId":1001,"resourceId":"600001","updatedAt":"{updated_at}","providerId":7,"providerReference":"PRV1","reference1":"ORDER-1","reference2":{{"Label":{{}},"Data":{{}},"returnUrl":""}},"bankId":"","bankName":"","status":{status},"sign":"SIGN","error":{{"code":"","message":""}}}}"#
    );
    let sign = expected_signature(key, &unsigned);
    unsigned.replace("SIGN", &sign)
}

#[tokio::test]
async fn a_valid_notification_is_stored_raw_then_acknowledged() {
    let endpoint = Endpoint::start("tienda", Some(KEY), None).await;
    let raw = body("PD1", 2, "25000", "2026-11-21 10:00:00", KEY);
    assert_eq!(endpoint.post(raw.clone()).await, 200);
    let stored = endpoint.ledger.notifications(10).unwrap();
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].raw, raw, "the raw body is kept as it came");
    assert_eq!(stored[0].reference_id, "PD1");
    assert_eq!(
        stored[0].figures,
        PaymentFigures {
            gross: Some(Pesos::new(26_647)),
            fee: Some(Pesos::new(1_647)),
            net: Some(Pesos::new(25_000)),
        }
    );
    assert_eq!(stored[0].status, TransactionStatus::from_id(2));
}

#[tokio::test]
async fn tampered_wrong_key_and_unsigned_are_refused_and_kept_apart() {
    let endpoint = Endpoint::start("tienda", Some(KEY), None).await;
    let good = body("PD2", 2, "25000", "2026-11-21 10:00:00", KEY);
    let cases = [
        (
            "amount changed",
            good.replace("\"amount\":25000", "\"amount\":26000"),
        ),
        ("reference changed", good.replace("PD2", "PD3")),
        ("time changed", good.replace("10:00:00", "10:00:01")),
        (
            "wrong key",
            body("PD2", 2, "25000", "2026-11-21 10:00:00", "other-key"),
        ),
        ("no sign", {
            let mut value: Value = serde_json::from_str(&good).unwrap();
            value.as_object_mut().unwrap().remove("sign");
            value.to_string()
        }),
        ("empty sign", {
            let mut value: Value = serde_json::from_str(&good).unwrap();
            value["sign"] = json!("");
            value.to_string()
        }),
        // 25000.0 is not 25000: the signature covers the literal text.
        (
            "amount rewritten",
            good.replace("\"amount\":25000", "\"amount\":25000.0"),
        ),
    ];
    for (what, tampered) in &cases {
        assert_eq!(endpoint.post(tampered.clone()).await, 401, "{what}");
    }
    assert_eq!(endpoint.stored(), 0, "nothing refused is applied");
    assert_eq!(
        endpoint.rejected(),
        cases.len(),
        "each refusal is kept apart"
    );
    let reasons: Vec<String> = endpoint
        .ledger
        .refusal_samples(100)
        .unwrap()
        .into_iter()
        .map(|refusal| refusal.reason)
        .collect();
    assert!(reasons.iter().any(|r| r.contains("no signature")));
    assert!(reasons.iter().any(|r| r.contains("does not match")));
}

#[tokio::test]
async fn without_a_key_every_notification_is_refused() {
    let endpoint = Endpoint::start("tienda", None, None).await;
    assert_eq!(
        endpoint
            .post(body("PD4", 2, "25000", "2026-11-21 10:00:00", KEY))
            .await,
        401
    );
    assert_eq!(endpoint.stored(), 0);
    let reasons = endpoint.ledger.refusal_samples(10).unwrap();
    assert!(reasons[0].reason.contains("no webhook key"));
}

#[tokio::test]
async fn duplicates_answer_200_and_add_nothing() {
    let mut endpoint = Endpoint::start("tienda", Some(KEY), None).await;
    let raw = body("PD5", 2, "25000", "2026-11-21 10:00:00", KEY);
    assert_eq!(endpoint.post(raw.clone()).await, 200);
    assert_eq!(endpoint.post(raw.clone()).await, 200);
    assert_eq!(endpoint.post(raw).await, 200);
    assert_eq!(endpoint.stored(), 1);
    assert_eq!(endpoint.ledger.notifications(1).unwrap()[0].duplicates, 2);
    let mut kinds = Vec::new();
    while let Ok(event) = endpoint.events.try_recv() {
        kinds.push(matches!(event, ReceiverEvent::Duplicate { .. }));
    }
    assert_eq!(kinds, [false, true, true]);
}

#[tokio::test]
async fn out_of_order_notifications_are_each_kept() {
    let endpoint = Endpoint::start("tienda", Some(KEY), None).await;
    // The approval arrives before the older "pending".
    assert_eq!(
        endpoint
            .post(body("PD6", 2, "25000", "2026-11-21 10:05:00", KEY))
            .await,
        200
    );
    assert_eq!(
        endpoint
            .post(body("PD6", 1, "25000", "2026-11-21 10:00:00", KEY))
            .await,
        200
    );
    let stored = endpoint.ledger.notifications_for("PD6").unwrap();
    assert_eq!(stored.len(), 2);
    assert_eq!(stored[0].status, TransactionStatus::from_id(2));
    assert_eq!(stored[1].status, TransactionStatus::from_id(1));
}

#[tokio::test]
async fn malformed_and_oversized_bodies() {
    let endpoint = Endpoint::start("tienda", Some(KEY), None).await;
    for bad in [
        "",
        "{",
        "not json",
        "[1,2,3]",
        r#"{"hello":"world"}"#,
        r#"{"referenceId":"X","amount":{"a":1},"updatedAt":"t","status":1}"#,
    ] {
        assert_eq!(endpoint.post(bad).await, 400, "{bad:?}");
    }
    let huge = format!(
        r#"{{"referenceId":"X","amount":1,"updatedAt":"t","status":1,"pad":"{}"}}"#,
        "x".repeat(paydesk::webhook::MAX_BODY)
    );
    assert_eq!(endpoint.post(huge).await, 413);
    assert_eq!(endpoint.stored(), 0);
}

fn link(receiver_url: &str, reference1: &str) -> PaymentLinkRequest {
    PaymentLinkRequest {
        cash_in: CashIn {
            amount: Pesos::new(25_000),
            reference1: reference1.into(),
            webhook_url: url::Url::parse(receiver_url).unwrap(),
            return_url: None,
            expires_in: None,
            brand_id: DEFAULT_BRAND_ID,
            show_summary: None,
            reference2: Reference2::default(),
        },
    }
}

#[tokio::test]
async fn a_hint_is_confirmed_with_the_service_or_flagged() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    let endpoint = Endpoint::start(
        "test",
        Some(&simulator.connection().hash_key),
        Some(Confirmer {
            client: client.clone(),
        }),
    )
    .await;
    let created = client
        .create_payment_link(&link(&endpoint.receiver.url(), "HINT-1"))
        .await
        .unwrap()
        .value;
    // Written down as a till writes its sale: a notification about it is about ours.
    common::record_payment(
        &endpoint.ledger,
        "test",
        &created.reference,
        paydesk::api::kind::PaymentKind::Link,
        Some(25_000),
    );
    // The simulator notifies the creation (pending): confirmed, since the service agrees.
    let first = wait_for("the pending notification", || async {
        endpoint
            .ledger
            .notifications_for(&created.reference)
            .unwrap()
            .into_iter()
            .find(|n| n.check_state != CheckState::Unchecked)
    })
    .await;
    assert_eq!(first.status, TransactionStatus::from_id(1));
    assert_eq!(first.check_state, CheckState::Confirmed);

    // A forged "approved" (the status is not covered by the signature) is stored as received but
    // flagged: the service still says pending.
    let record: Value = serde_json::from_str(&first.raw).unwrap();
    let mut forged = record.clone();
    forged["status"] = json!(2);
    assert_eq!(endpoint.post(forged.to_string()).await, 200);
    let flagged = wait_for("the disagreement", || async {
        endpoint
            .ledger
            .notifications_for(&created.reference)
            .unwrap()
            .into_iter()
            .find(|n| {
                n.status == TransactionStatus::Approved && n.check_state != CheckState::Unchecked
            })
    })
    .await;
    assert_eq!(flagged.check_state, CheckState::Disagrees);
    assert_eq!(flagged.service_status, Some(TransactionStatus::Pending));

    // The real approval, delivered by the simulator, is confirmed.
    simulator.settle(&created.reference, "approve").await;
    wait_for("the confirmed approval", || async {
        endpoint
            .ledger
            .notifications_for(&created.reference)
            .unwrap()
            .into_iter()
            .find(|n| {
                n.status == TransactionStatus::Approved && n.check_state == CheckState::Confirmed
            })
    })
    .await;
}

/// A notification whose check finds the service contradicting a final state the books hold:
/// the books keep theirs, no money is written, the close lists it to review, and whoever hears
/// of the check (a till's list) is told the books' state, not the contradicting one.
#[tokio::test]
async fn a_check_that_contradicts_a_final_state_tells_the_books_state() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    let mut endpoint = Endpoint::start(
        "test",
        Some(&simulator.connection().hash_key),
        Some(Confirmer {
            client: client.clone(),
        }),
    )
    .await;
    let created = client
        .create_payment_link(&link(&endpoint.receiver.url(), "TWICE-1"))
        .await
        .unwrap()
        .value;
    common::record_payment(
        &endpoint.ledger,
        "test",
        &created.reference,
        paydesk::api::kind::PaymentKind::Link,
        Some(25_000),
    );
    // An earlier answer (another path's) said refused, and the books took it.
    let sale = endpoint
        .ledger
        .collection_by_reference("test", &created.reference)
        .unwrap()
        .unwrap();
    let refused: paydesk::api::StatusRecord = serde_json::from_value(json!({
        "id": "1", "cost": "", "status": "0", "date": "", "providerReference": "",
        "amount": "$ 25.000", "description": null, "paymentMethod": null
    }))
    .unwrap();
    let before = paydesk::ledger::now_ms() - 1_000;
    paydesk::collections::apply_answer(&endpoint.ledger, "test", &sale, &refused, before, before)
        .unwrap();

    // The service approves it and says so in a notification, which the receiver checks.
    simulator.settle(&created.reference, "approve").await;
    let told = tokio::time::timeout(std::time::Duration::from_secs(30), async {
        loop {
            let event = endpoint.events.recv().await.expect("the receiver runs");
            if let ReceiverEvent::Checked {
                reference,
                service_status: Some(status),
                ..
            } = event
                && reference == created.reference
                && status != TransactionStatus::Pending
            {
                break status;
            }
        }
    })
    .await
    .expect("the receiver tells of its check of the approval");
    assert_eq!(told, TransactionStatus::Rejected, "the books' state");
    let held = endpoint
        .ledger
        .collection_by_reference("test", &created.reference)
        .unwrap()
        .unwrap();
    assert_eq!(held.status, Some(TransactionStatus::Rejected));
    assert!(
        endpoint
            .ledger
            .received_of("test", &created.reference)
            .unwrap()
            .is_empty(),
        "never money"
    );
    let seen = endpoint
        .ledger
        .contradictions_of("test", &created.reference)
        .unwrap();
    assert!(!seen.is_empty(), "kept to review");
    assert!(seen.iter().all(|c| c.held == TransactionStatus::Rejected));
}
