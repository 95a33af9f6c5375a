//! Whole journeys through the simulator: a link is created, paid (or declined, failed, expired),
//! the signed webhook arrives at a receiver that checks the signature independently, the status
//! operation agrees, and the balance moves.

mod common;

use common::{Receiver, TestSimulator, expected_signature, wait_for};
use paydesk::api::Client;
use paydesk::api::family_b::*;
use paydesk::money::Pesos;
use serde_json::{Value, json};
use url::Url;

fn link_to(
    receiver: &Receiver,
    reference1: &str,
    amount: i64,
    expires_in: Option<u64>,
) -> PaymentLinkRequest {
    PaymentLinkRequest {
        cash_in: CashIn {
            amount: Pesos::new(amount),
            reference1: reference1.into(),
            webhook_url: Url::parse(&receiver.url).unwrap(),
            return_url: None,
            expires_in,
            brand_id: DEFAULT_BRAND_ID,
            show_summary: Some(false),
            reference2: Reference2 {
                label: vec![("Name".into(), "Ana".into())],
                data: vec![("docnum".into(), "123".into())],
            },
        },
    }
}

async fn multiproduct(client: &Client) -> Pesos {
    let balance = client.balance(1001).await.unwrap().value;
    balance
        .bags
        .iter()
        .find(|bag| !bag.is_disbursement())
        .and_then(|bag| bag.pesos())
        .unwrap()
}

async fn final_status(client: &Client, reference: &str) -> TransactionStatus {
    wait_for("a final state", || async {
        let status = client.payment_status(reference).await.unwrap().value.status;
        status.is_final().then_some(status)
    })
    .await
}

fn assert_signed(hash_key: &str, raw: &str) {
    let body: Value = serde_json::from_str(raw).unwrap();
    assert_eq!(
        body["sign"].as_str().unwrap(),
        expected_signature(hash_key, raw),
        "signature of {raw}"
    );
}

#[tokio::test]
async fn a_paid_link_is_notified_signed_approved_and_credited() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    let receiver = Receiver::start().await;
    let before = multiproduct(&client).await;
    let link = client
        .create_payment_link(&link_to(&receiver, "PAID-1", 25_000, None))
        .await
        .unwrap()
        .value;

    // The payer's checkout page shows the amount and the buttons.
    let page = simulator
        .http
        .get(&link.url)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("$ 25.000") && page.contains("Pay"), "{page}");

    simulator.settle(&link.reference, "approve").await;
    assert_eq!(
        final_status(&client, &link.reference).await,
        TransactionStatus::Approved
    );

    // Creation (pending) and approval are both notified, each signed.
    let received = receiver.wait_for_count(2).await;
    let hash_key = &simulator.connection().hash_key;
    for raw in receiver.raw() {
        assert_signed(hash_key, &raw);
    }
    let approved = received.iter().find(|n| n["status"] == 2).unwrap();
    assert_eq!(approved["referenceId"], link.reference.as_str());
    // The service's meaning: the payer paid the real amount, the service kept the cost, the
    // merchant receives the amount (the figure the signature covers).
    assert_eq!(approved["realAmount"], 25_000);
    assert_eq!(approved["amount"], 25_000 - 1_647);
    assert_eq!(approved["cost"], "$1,647.00");
    assert_eq!(approved["reference1"], "PAID-1");
    assert_eq!(approved["reference2"]["Label"]["Name"], "Ana");
    assert_eq!(approved["reference2"]["Data"]["docnum"], "123");
    for field in [
        "moduleId",
        "productId",
        "referenceKey",
        "paymentMethod",
        "userId",
        "resourceId",
        "updatedAt",
        "providerId",
        "providerReference",
        "bankId",
        "bankName",
        "error",
    ] {
        assert!(approved.get(field).is_some(), "notification lacks {field}");
    }
    assert_eq!(
        approved["updatedAt"].as_str().unwrap().len(),
        "YYYY-MM-DD HH:MM:SS".len()
    );

    let after = multiproduct(&client).await;
    assert_eq!(after.get() - before.get(), 25_000 - 1_647);

    // Final states never change.
    let (status, _) = simulator
        .control_post(
            &format!("/transactions/{}/outcome", link.reference),
            json!({"outcome": "decline"}),
        )
        .await;
    assert_eq!(status, 409);
}

#[tokio::test]
async fn declined_failed_and_expired_are_notified_as_failed() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    let receiver = Receiver::start().await;
    let before = multiproduct(&client).await;
    let mut references = Vec::new();
    for (reference1, outcome, expected) in [
        ("DECLINE-1", "decline", TransactionStatus::Rejected),
        ("FAIL-1", "fail", TransactionStatus::Failed),
        ("EXPIRE-1", "expire", TransactionStatus::Cancelled),
    ] {
        let link = client
            .create_payment_link(&link_to(&receiver, reference1, 10_000, Some(900)))
            .await
            .unwrap()
            .value;
        simulator.settle(&link.reference, outcome).await;
        assert_eq!(
            final_status(&client, &link.reference).await,
            expected,
            "{reference1}"
        );
        references.push(link.reference);
    }
    let received = receiver.wait_for_count(6).await;
    for reference in &references {
        let finals: Vec<&Value> = received
            .iter()
            .filter(|n| n["referenceId"] == reference.as_str() && n["status"] != 1)
            .collect();
        assert_eq!(finals.len(), 1, "{reference}");
        let expected = if reference == &references[0] { 0 } else { 3 };
        assert_eq!(
            finals[0]["status"], expected,
            "a decline is notified as rejected (0); failed and cancelled as failed (3)"
        );
        assert!(!finals[0]["error"]["code"].as_str().unwrap().is_empty());
    }
    for raw in receiver.raw() {
        assert_signed(&simulator.connection().hash_key, &raw);
    }
    assert_eq!(multiproduct(&client).await, before, "nothing was credited");
}

#[tokio::test]
async fn a_payout_moves_the_balance_and_notifies_with_the_withdraw_object() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    let receiver = Receiver::start().await;
    let disbursement = |balance: Balance| balance.disbursement_bag().unwrap().pesos().unwrap();
    let before = disbursement(client.balance(1001).await.unwrap().value);
    let receipt = client
        .withdraw(&WithdrawRequest {
            amount: Pesos::new(120_000),
            reference1: "NOMINA-7".into(),
            webhook_request: Some(Url::parse(&receiver.url).unwrap()),
            method_id: BREB_WITHDRAW_METHOD,
            destination: "@ANA123".into(),
            bank_name: Some("NEQUI".into()),
        })
        .await
        .unwrap()
        .value;
    let after = disbursement(client.balance(1001).await.unwrap().value);
    assert_eq!(before.get() - after.get(), 120_000);
    let reference = receipt.transaction_reference.unwrap();
    assert_eq!(
        final_status(&client, &reference).await,
        TransactionStatus::Approved
    );
    // Processing (9), then approved (2).
    let notifications = receiver.wait_for_count(2).await;
    assert_eq!(notifications[0]["status"], 9);
    let notification = notifications
        .into_iter()
        .find(|n| n["status"] == 2)
        .unwrap();
    assert_eq!(notification["withdraw"]["infoReference"], "NOMINA-7");
    assert_eq!(notification["withdraw"]["accountNumber"], "@ANA123");
    assert_eq!(notification["bankName"], "NEQUI");
    assert_signed(&simulator.connection().hash_key, &receiver.raw()[0]);

    // Rules: 30 s apart, the ceiling of online withdrawals, the balance.
    let again = client
        .withdraw(&WithdrawRequest {
            amount: Pesos::new(1_000),
            reference1: "NOMINA-8".into(),
            webhook_request: Some(Url::parse(&receiver.url).unwrap()),
            method_id: BREB_WITHDRAW_METHOD,
            destination: "@ANA123".into(),
            bank_name: None,
        })
        .await
        .unwrap_err();
    assert_eq!(again.code(), "06");
}

#[tokio::test]
async fn payout_ceiling_and_balance_are_enforced_by_the_sandbox() {
    let simulator = TestSimulator::start().await;
    // The online withdrawal and its ceiling are the spec's (1.0) alone.
    let request = |amount: i64, method_id: i64, reference1: &str| WithdrawRequest {
        amount: Pesos::new(amount),
        reference1: reference1.into(),
        webhook_request: None,
        method_id,
        destination: "3001234567".into(),
        bank_name: None,
    };
    let ceiling = simulator
        .spec_client()
        .withdraw(&request(2_000_001, 160, "BIG"))
        .await
        .unwrap_err();
    assert_eq!(ceiling.code(), "07");
    let broke = simulator
        .client()
        .withdraw(&WithdrawRequest {
            method_id: BREB_WITHDRAW_METHOD,
            destination: "@ANA123".into(),
            webhook_request: Some(Url::parse("https://tienda.example.co/webhook").unwrap()),
            ..request(9_000_000, BREB_WITHDRAW_METHOD, "HUGE")
        })
        .await
        .unwrap_err();
    assert_eq!(broke.code(), "05");
    assert_eq!(simulator.cash_outs().await, 0);
}

#[tokio::test]
async fn deliveries_retry_until_the_receiver_accepts() {
    let simulator = TestSimulator::start().await;
    simulator
        .control_post("/webhooks", json!({"first_retry_ms": 20}))
        .await;
    let client = simulator.client();
    let receiver = Receiver::start_scripted(vec![500, 503]).await;
    client
        .create_payment_link(&link_to(&receiver, "RETRY-1", 10_000, None))
        .await
        .unwrap();
    let received = receiver.wait_for_count(3).await;
    assert!(
        received.iter().all(|n| n == &received[0]),
        "the same notification, retried"
    );
    let outbox = wait_for("delivery recorded", || async {
        let outbox = simulator.control_get("/outbox").await;
        (outbox[0]["delivered"] == true).then_some(outbox)
    })
    .await;
    assert_eq!(outbox[0]["attempts"], 3);
}

#[tokio::test]
async fn duplicates_and_out_of_order_deliveries_when_configured() {
    let simulator = TestSimulator::start().await;
    simulator
        .control_post(
            "/webhooks",
            json!({"duplicates": true, "out_of_order": true}),
        )
        .await;
    let client = simulator.client();
    let receiver = Receiver::start().await;
    let link = client
        .create_payment_link(&link_to(&receiver, "DUP-1", 10_000, None))
        .await
        .unwrap()
        .value;
    simulator.settle(&link.reference, "approve").await;
    // Creation twice; processing twice and approval twice, each followed by a stale "pending".
    let received = receiver.wait_for_count(10).await;
    let statuses: Vec<i64> = received
        .iter()
        .map(|n| n["status"].as_i64().unwrap())
        .collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 2).count(),
        2,
        "{statuses:?}"
    );
    let last_approval = statuses.iter().rposition(|s| *s == 2).unwrap();
    assert!(
        statuses[last_approval..].contains(&1),
        "a pending arrives after the approval: {statuses:?}"
    );
}

#[tokio::test]
async fn notify_simulation_sends_a_signed_hint_without_changing_the_state() {
    let simulator = TestSimulator::start().await;
    // The spec's simulation says which status to notify; the current one's (by reference,
    // `tests/live_service.rs`) notifies the payment as it stands.
    let client = simulator.spec_client();
    let receiver = Receiver::start().await;
    let link = client
        .create_payment_link(&link_to(&receiver, "HINT-1", 10_000, None))
        .await
        .unwrap()
        .value;
    receiver.wait_for_count(1).await;
    let id = simulator
        .transactions()
        .await
        .iter()
        .find(|t| t["reference"] == link.reference.as_str())
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    client
        .simulate_notification(&NotifySimulation::Transaction(SimulatedTransaction {
            transaction_id: id,
            amount: Pesos::new(10_000),
            cost: Pesos::new(1_199),
            status_id: 2,
            status_description: None,
            resource_id: None,
            reference1: None,
        }))
        .await
        .unwrap();
    let received = receiver.wait_for_count(2).await;
    assert_eq!(received[1]["status"], 2);
    assert_signed(&simulator.connection().hash_key, &receiver.raw()[1]);
    // A webhook is a hint: the transaction is still pending.
    let status = client
        .payment_status(&link.reference)
        .await
        .unwrap()
        .value
        .status;
    assert_eq!(status, TransactionStatus::Pending);
}

#[tokio::test]
async fn the_checkout_page_form_pays_a_static_qr() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    let resource = client
        .generate_resource(&paydesk::api::family_a::ResourceRequest {
            method_id: 3,
            features: paydesk::api::family_a::ResourceFeatures::None,
            bill: Default::default(),
            description: None,
            cellphone: None,
        })
        .await
        .unwrap()
        .value
        .resource;
    let page = simulator
        .http
        .get(&resource.url)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("Amount to pay"), "{page}");
    let no_redirects = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let response = no_redirects
        .post(format!("{}/approve", resource.url))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("amount=15.000")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 303);
    assert_eq!(
        final_status(&client, &resource.reference).await,
        TransactionStatus::Approved
    );
    let record = client
        .payment_status(&resource.reference)
        .await
        .unwrap()
        .value;
    assert_eq!(record.amount_pesos(), Some(Pesos::new(15_000)));
}

/// How the first simulator of a state-file test ends.
enum Ending {
    Stopped,
    /// Dropped: the app lets go of its simulator when it closes or switches profile, often well
    /// within the second between periodic saves.
    LetGo,
}

/// A pending link made on one simulator is found by the next one on the same state file.
async fn a_pending_link_outlives(ending: Ending) {
    let dir = tempfile::tempdir().unwrap();
    let state_file = dir.path().join("simulator.json");
    let config = || paydesk::simulator::SimulatorConfig {
        state_file: Some(state_file.clone()),
        ..Default::default()
    };
    let first = TestSimulator::start_with(config()).await;
    let receiver = Receiver::start().await;
    let link = first
        .client()
        .create_payment_link(&link_to(&receiver, "KEEP-1", 10_000, None))
        .await
        .unwrap()
        .value;
    match ending {
        Ending::Stopped => first.simulator.stop().await,
        Ending::LetGo => drop(first),
    }
    let second = TestSimulator::start_with(config()).await;
    let status = second
        .client()
        .payment_status(&link.reference)
        .await
        .unwrap();
    assert_eq!(status.value.status, TransactionStatus::Pending);
}

#[tokio::test]
async fn state_survives_a_restart_with_a_state_file() {
    a_pending_link_outlives(Ending::Stopped).await;
}

#[tokio::test]
async fn a_simulator_let_go_of_keeps_what_happened_since_its_last_save() {
    a_pending_link_outlives(Ending::LetGo).await;
}
