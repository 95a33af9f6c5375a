//! Family B as the spec's version 1.0 shows it, against the built-in simulator's 1.0 interface
//! over real HTTP: exact requests (path, bearer token, `x-transaction-token`, body field by
//! field), decoded answers, and refusals. The vendor's current interface has its own tests
//! (`live_service.rs`).

mod common;

use common::{Scripted, TestSimulator};
use paydesk::api::catalog::{ExtraField, MethodCatalog};
use paydesk::api::family_b::*;
use paydesk::api::{ApiError, Dialect, TransactionTokenSource};
use paydesk::money::Pesos;
use paydesk::validate::Field;
use serde_json::json;
use url::Url;

fn cash_in(reference1: &str, amount: i64) -> CashIn {
    CashIn {
        amount: Pesos::new(amount),
        reference1: reference1.into(),
        webhook_url: Url::parse("https://shop.example/webhook").unwrap(),
        return_url: Some(Url::parse("https://shop.example/thanks").unwrap()),
        expires_in: Some(3_600),
        brand_id: DEFAULT_BRAND_ID,
        show_summary: Some(true),
        reference2: Reference2 {
            label: vec![
                ("Name".into(), "Ana".into()),
                ("Email".into(), "ana@t.co".into()),
            ],
            data: vec![
                ("Typedoc".into(), "CC".into()),
                ("docnum".into(), "123".into()),
            ],
        },
    }
}

#[tokio::test]
async fn payment_link_request_and_answer() {
    let simulator = TestSimulator::start().await;
    let client = simulator.spec_client();
    let request = PaymentLinkRequest {
        cash_in: cash_in("ORDER-1", 25_000),
    };
    assert!(
        request
            .check(&MethodCatalog::default(), Dialect::Spec)
            .is_empty()
    );
    let reply = client.create_payment_link(&request).await.unwrap();
    let sent = simulator
        .last_request("/pay-1.0/cash-in/generate/payment-link/token")
        .await;
    assert_eq!(
        sent["headers"]["authorization"],
        "Bearer sandbox-access-token"
    );
    assert_eq!(sent["headers"]["content-type"], "application/json");
    let token = sent["headers"]["x-transaction-token"].as_str().unwrap();
    let parsed = uuid::Uuid::parse_str(token).unwrap();
    assert_eq!(parsed.get_version_num(), 4);
    assert_eq!(
        sent["body"],
        json!({
            "amount": 25000,
            "webhookUrl": "https://shop.example/webhook",
            "returnUrl": "https://shop.example/thanks",
            "expiresIn": 3600,
            "brandId": 79,
            "showSummary": true,
            "reference1": "ORDER-1",
            "reference2": {
                "Label": {"Name": "Ana", "Email": "ana@t.co"},
                "Data": {"Typedoc": "CC", "docnum": "123"},
            },
        })
    );
    assert!(reply.value.url.ends_with(&reply.value.reference));

    // A fresh transaction token per request.
    client.create_payment_link(&request).await.unwrap();
    let second = simulator
        .last_request("/pay-1.0/cash-in/generate/payment-link/token")
        .await;
    assert_ne!(second["headers"]["x-transaction-token"], token);
}

#[tokio::test]
async fn payment_method_requests_carry_the_method_extras() {
    let simulator = TestSimulator::start().await;
    let client = simulator.spec_client();
    let catalog = MethodCatalog::default();
    let mut wallet = PaymentMethodRequest {
        cash_in: cash_in("NEQUI-1", 30_000),
        method_id: 130,
        extras: vec![(ExtraField::Cellphone, "3001234567".into())],
    };
    wallet.cash_in.expires_in = Some(43_201);
    assert!(wallet.check(&catalog, Dialect::Spec).is_empty());
    let reply = client.create_method_payment(&wallet).await.unwrap();
    let sent = simulator
        .last_request("/pay-1.0/cash-in/generate/payment-method/token")
        .await;
    assert_eq!(
        sent["body"]["paymentMethod"],
        json!({"id": 130, "cellphone": "3001234567"})
    );
    assert_eq!(sent["body"]["expiresIn"], 43_201);
    assert!(sent["headers"]["x-transaction-token"].is_string());
    let payment = reply.value;
    assert_eq!(payment.status, Some(1));
    assert!(!payment.resource_id.is_empty());
    assert!(payment.expires_at.contains('T'), "{}", payment.expires_at);

    let pse = PaymentMethodRequest {
        cash_in: CashIn {
            expires_in: Some(1_801),
            ..cash_in("PSE-1", 80_000)
        },
        method_id: 117,
        extras: vec![
            (ExtraField::DocumentType, "CC".into()),
            (ExtraField::TypePerson, "0".into()),
            (ExtraField::BankId, "1007".into()),
            (ExtraField::DocumentNumber, "1020304050".into()),
            (ExtraField::Name, "Ana".into()),
            (ExtraField::Cellphone, "3001234567".into()),
            (ExtraField::Address, "Cra 1".into()),
            (ExtraField::Email, "ana@t.co".into()),
        ],
    };
    assert!(
        pse.check(&catalog, Dialect::Spec).is_empty(),
        "{:?}",
        pse.check(&catalog, Dialect::Spec)
    );
    client.create_method_payment(&pse).await.unwrap();
    let sent = simulator
        .last_request("/pay-1.0/cash-in/generate/payment-method/token")
        .await;
    assert_eq!(
        sent["body"]["paymentMethod"],
        json!({"id": 117, "documentType": "CC", "typePerson": "0", "bankId": 1007,
               "documentNumber": "1020304050", "name": "Ana", "cellphone": "3001234567",
               "address": "Cra 1", "email": "ana@t.co"})
    );

    // Methods without extras send only the id.
    let cards = PaymentMethodRequest {
        cash_in: CashIn {
            expires_in: Some(3_601),
            ..cash_in("CARD-1", 50_000)
        },
        method_id: 273,
        extras: vec![],
    };
    client.create_method_payment(&cards).await.unwrap();
    let sent = simulator
        .last_request("/pay-1.0/cash-in/generate/payment-method/token")
        .await;
    assert_eq!(sent["body"]["paymentMethod"], json!({"id": 273}));
}

#[tokio::test]
async fn refusals_from_the_pay_api() {
    let simulator = TestSimulator::start().await;
    let client = simulator.spec_client();
    // The simulator enforces the minimum even when a client skips its own check.
    let mut short = PaymentMethodRequest {
        cash_in: cash_in("SHORT", 30_000),
        method_id: 131,
        extras: vec![(ExtraField::Cellphone, "3001234567".into())],
    };
    short.cash_in.expires_in = Some(43_200);
    assert!(
        !short
            .check(&MethodCatalog::default(), Dialect::Spec)
            .is_empty()
    );
    let error = client.create_method_payment(&short).await.unwrap_err();
    assert_eq!(error.code(), "03");
    assert_eq!(error.http_status(), Some(400));

    let too_small = PaymentLinkRequest {
        cash_in: cash_in("SMALL", 500),
    };
    assert_eq!(
        client
            .create_payment_link(&too_small)
            .await
            .unwrap_err()
            .code(),
        "08"
    );

    let unknown = client.payment_status("NOPE").await.unwrap_err();
    assert_eq!(unknown.code(), "04");
    assert_eq!(unknown.to_string(), "La referencia no existe");

    let mut settings = simulator.spec_settings();
    settings.access_token = Some("wrong".into());
    let wrong = paydesk::api::Client::new(settings)
        .unwrap()
        .balance(1001)
        .await
        .unwrap_err();
    assert_eq!(wrong.code(), "40");
    assert_eq!(wrong.http_status(), Some(401));
}

#[tokio::test]
async fn status_features_banks_and_balance() {
    let simulator = TestSimulator::start().await;
    let client = simulator.spec_client();
    let link = client
        .create_payment_link(&PaymentLinkRequest {
            cash_in: cash_in("STATUS-1", 25_000),
        })
        .await
        .unwrap()
        .value;
    let status = client.payment_status(&link.reference).await.unwrap();
    let sent = simulator.last_request("/pay-1.0/payment/status").await;
    assert_eq!(sent["body"], json!({"reference": link.reference}));
    assert_eq!(status.value.status, TransactionStatus::Pending);
    assert_eq!(status.value.amount_pesos(), Some(Pesos::new(25_000)));
    assert_eq!(status.value.cost_pesos(), Some(Pesos::new(1_647)));
    assert!(
        status.raw["status"].is_string(),
        "the spec sends the id as a string"
    );

    let banks = client.payment_features(117).await.unwrap();
    let sent = simulator.last_request("/pay-1.0/payment/features").await;
    assert_eq!(sent["body"], json!({"id": 117}));
    assert!(banks.value.banks[0].is_prompt());
    assert!(banks.value.real_banks().all(|bank| !bank.is_prompt()));
    assert_eq!(
        banks.value.real_banks().count(),
        banks.value.banks.len() - 1
    );

    let instant = client.instant_banks("3001234567").await.unwrap();
    let sent = simulator
        .last_request("/pay-1.0/payment/instant-banks")
        .await;
    assert_eq!(sent["body"], json!({"cellphone": "3001234567"}));
    assert!(
        instant
            .value
            .banks
            .iter()
            .all(|bank| bank.bank_account_number.starts_with('*'))
    );
    assert!(!instant.value.banks.is_empty());
    assert!(
        client
            .instant_banks("3209999999")
            .await
            .unwrap()
            .value
            .banks
            .is_empty()
    );

    let balance = client.balance(1001).await.unwrap();
    let sent = simulator.last_request("/pay-1.0/customer/getBalance").await;
    assert_eq!(sent["body"], json!({"userId": 1001}));
    let bag = balance.value.disbursement_bag().unwrap();
    assert_eq!(bag.pesos(), Some(Pesos::new(5_000_000)));
    assert_eq!(balance.value.bags.len(), 2);
    assert_eq!(balance.value.date.len(), "DD/MM/YYYY HH:MM:SS".len());
    assert_eq!(client.balance(4242).await.unwrap_err().code(), "10");
}

#[tokio::test]
async fn withdraw_request_and_receipt() {
    let simulator = TestSimulator::start().await;
    let client = simulator.spec_client();
    let request = WithdrawRequest {
        amount: Pesos::new(50_000),
        reference1: "PAGO-1".into(),
        webhook_request: Some(Url::parse("https://shop.example/payouts").unwrap()),
        method_id: 160,
        destination: "3001234567".into(),
        bank_name: Some("NEQUI".into()),
    };
    assert!(request.check(Dialect::Spec).is_empty());
    let reply = client.withdraw(&request).await.unwrap();
    let sent = simulator
        .last_request("/pay-1.0/cash-out/generate/withdraw-method/token")
        .await;
    assert_eq!(
        sent["headers"]["authorization"],
        "Bearer sandbox-access-token"
    );
    // Like the cash-ins, the cash-out carries a single-use transaction token.
    let token = sent["headers"]["x-transaction-token"].as_str().unwrap();
    assert!(uuid::Uuid::parse_str(token).is_ok(), "{token}");
    assert_eq!(
        sent["body"],
        json!({
            "amount": 50000,
            "reference1": "PAGO-1",
            "webhookRequest": "https://shop.example/payouts",
            "withdrawMethod": {"id": 160, "cellphone": "3001234567", "bankName": "NEQUI"},
        })
    );
    let receipt = reply.value;
    assert_eq!(receipt.withdraw.info_reference, "PAGO-1");
    assert_eq!(receipt.withdraw.account_number, "3001234567");
    let reference = receipt.transaction_reference.unwrap();
    let status = client.payment_status(&reference).await.unwrap();
    assert_eq!(status.value.status, TransactionStatus::Pending);
}

#[tokio::test]
async fn webhook_simulation_request() {
    let simulator = TestSimulator::start().await;
    let client = simulator.spec_client();
    let link = client
        .create_payment_link(&PaymentLinkRequest {
            cash_in: cash_in("NOTIFY-1", 25_000),
        })
        .await
        .unwrap()
        .value;
    let transaction_id = simulator
        .transactions()
        .await
        .iter()
        .find(|t| t["reference"] == link.reference.as_str())
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let transaction = SimulatedTransaction {
        transaction_id,
        amount: Pesos::new(25_000),
        cost: Pesos::new(1_647),
        status_id: 2,
        status_description: Some("Aprobada".into()),
        resource_id: Some(9),
        reference1: Some("NOTIFY-1".into()),
    };
    let simulation = NotifySimulation::Transaction(transaction.clone());
    assert!(simulation.check(Dialect::Spec).is_empty());
    // The spec's body is not the current interface's, and the other way round.
    assert_eq!(
        simulation.check(Dialect::Current)[0].field,
        Field::Reference
    );
    assert_eq!(
        NotifySimulation::Reference("R".into()).check(Dialect::Spec)[0].field,
        Field::TransactionId
    );
    let reply = client.simulate_notification(&simulation).await.unwrap();
    let sent = simulator.last_request("/pay-1.0/webhook/notify").await;
    assert_eq!(
        sent["body"],
        json!({"data": {"Transaction": {
            "id": transaction_id, "amount": 25000, "cost": 1647,
            "Status": {"id": "2", "description": "Aprobada"},
            "Resource": {"id": 9, "extra": {"reference1": "NOTIFY-1"}},
        }}})
    );
    assert_eq!(reply.raw["reference"], link.reference.as_str());
    let missing = NotifySimulation::Transaction(SimulatedTransaction {
        transaction_id: 1,
        ..transaction
    });
    assert_eq!(
        client
            .simulate_notification(&missing)
            .await
            .unwrap_err()
            .code(),
        "04"
    );
}

#[tokio::test]
async fn fetched_transaction_tokens_when_the_profile_asks() {
    let simulator = TestSimulator::start().await;
    let mut settings = simulator.spec_settings();
    settings.transaction_token = TransactionTokenSource::Fetch;
    let client = paydesk::api::Client::new(settings).unwrap();
    client
        .create_payment_link(&PaymentLinkRequest {
            cash_in: cash_in("FETCH-1", 25_000),
        })
        .await
        .unwrap();
    let fetch = simulator.last_request("/pay-1.0/trx-token/generate").await;
    assert_eq!(
        fetch["body"],
        json!({"service": "/cash-in/generate/payment-link/token"})
    );
    let sent = simulator
        .last_request("/pay-1.0/cash-in/generate/payment-link/token")
        .await;
    assert!(sent["headers"]["x-transaction-token"].is_string());
}

// -- The spec's looseness and broken bodies, from a scripted server ----------------------------

#[tokio::test]
async fn reads_transaction_reference_from_the_top_level_and_numbers_as_text() {
    let server = Scripted::start(
        200,
        r#"{"statusCode":"00","message":"ok","transactionReference":"TOP-1",
            "data":{"withdraw":{"id":77,"transactionId":"T1","userId":"1001","accountNumber":3001234567,
            "infoReference":"P-9","providerReference":"PR","accountId":null,"observation":null,
            "deletedAt":null,"createdAt":"2026-11-21T10:00:00Z","updatedAt":"2026-11-21T10:00:00Z",
            "somethingNew":{"nested":true}}}}"#,
    )
    .await;
    let receipt = server
        .client()
        .withdraw(&WithdrawRequest {
            amount: Pesos::new(10_000),
            reference1: "P-9".into(),
            webhook_request: None,
            method_id: 245,
            destination: "3001234567".into(),
            bank_name: None,
        })
        .await
        .unwrap()
        .value;
    assert_eq!(receipt.transaction_reference.as_deref(), Some("TOP-1"));
    assert_eq!(receipt.withdraw.account_number, "3001234567");
    assert_eq!(receipt.withdraw.id, "77");
    assert_eq!(receipt.withdraw.user_id, Some(1001));
    let (path, headers, _) = server.requests.lock().unwrap()[0].clone();
    assert_eq!(path, "/pay/cash-out/generate/withdraw-method/token");
    assert_eq!(headers["authorization"], "Bearer bearer");
}

#[tokio::test]
async fn status_with_numbers_and_missing_optionals() {
    let server = Scripted::start(
        200,
        r#"{"statusCode":"00","message":"ok","data":{"id":5,"cost":1190.0,"status":2,"amount":25000}}"#,
    )
    .await;
    let record = server.client().payment_status("R").await.unwrap().value;
    assert_eq!(record.status, TransactionStatus::Approved);
    assert_eq!(record.amount_pesos(), Some(Pesos::new(25_000)));
    assert_eq!(record.cost_pesos(), Some(Pesos::new(1_190)));
    assert_eq!(record.description, None);
    assert_eq!(record.provider_reference, "");
}

#[tokio::test]
async fn balance_bags_at_the_top_level() {
    let server = Scripted::start(
        200,
        r#"{"statusCode":"00","message":"ok","bags":[{"bag":"Saldo disponible para dispersar","amount":"100.00"},{"bag":"Multiproducto","amount":"5.00"}],"date":"21/11/2026 10:00:00"}"#,
    )
    .await;
    let balance = server.client().balance(1).await.unwrap();
    assert_eq!(balance.value.bags.len(), 2);
    assert_eq!(
        balance.value.disbursement_bag().unwrap().pesos(),
        Some(Pesos::new(100))
    );
    assert_eq!(balance.raw["date"], "21/11/2026 10:00:00");
}

#[tokio::test]
async fn broken_bodies_become_typed_errors() {
    for (status, body) in [
        (200, ""),
        (200, "{\"statusCode\":\"00\",\"data\":{\"url\":"),
        (502, "<html><body>Bad Gateway</body></html>"),
        (200, "[]"),
        (200, "{\"message\":\"no code\"}"),
        (
            200,
            "{\"statusCode\":\"00\",\"message\":\"ok\",\"data\":{\"url\":5}}",
        ),
    ] {
        let server = Scripted::start(status, body).await;
        let error = server
            .client()
            .create_payment_link(&PaymentLinkRequest {
                cash_in: cash_in("X", 25_000),
            })
            .await
            .unwrap_err();
        match &error {
            // `url: 5` reads as text "5" and `reference` is missing: still a malformed answer.
            ApiError::Malformed { http_status, .. } => assert_eq!(*http_status, status),
            other => panic!("{body:?}: expected a malformed answer, got {other:?}"),
        }
        assert!(
            error.outcome_unknown(),
            "creating a link after a garbled answer is unknown"
        );
    }
    // A non-2xx with a message but no code is still the service's refusal.
    let server = Scripted::start(503, r#"{"message":"Mantenimiento"}"#).await;
    let error = server.client().balance(1).await.unwrap_err();
    assert_eq!(error.code(), "http.503");
    assert_eq!(error.to_string(), "Mantenimiento");
    // Family A: an HTML page on an error status.
    let server = Scripted::start(500, "<h1>oops</h1>").await;
    let error = server.client().request_otp(1).await.unwrap_err();
    assert!(matches!(
        error,
        ApiError::Malformed {
            http_status: 500,
            ..
        }
    ));
}
