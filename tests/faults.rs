//! Each of the simulator's fault modes, and what the client reports for it.

mod common;

use std::time::Duration;

use common::TestSimulator;
use paydesk::api::family_a::{Bill, ResourceFeatures, ResourceRequest};
use paydesk::api::family_b::*;
use paydesk::api::{ApiError, Client, ClientSettings, Operation};
use paydesk::money::Pesos;
use serde_json::json;
use url::Url;

fn link(reference1: &str) -> PaymentLinkRequest {
    PaymentLinkRequest {
        cash_in: CashIn {
            amount: Pesos::new(25_000),
            reference1: reference1.into(),
            webhook_url: Url::parse("https://shop.example/webhook").unwrap(),
            return_url: None,
            expires_in: None,
            brand_id: DEFAULT_BRAND_ID,
            show_summary: None,
            reference2: Reference2::default(),
        },
    }
}

fn payout(reference1: &str) -> WithdrawRequest {
    WithdrawRequest {
        amount: Pesos::new(40_000),
        reference1: reference1.into(),
        webhook_request: Some(url::Url::parse("https://tienda.example.co/webhook").unwrap()),
        method_id: paydesk::api::family_b::BREB_WITHDRAW_METHOD,
        destination: "@ANA123".into(),
        bank_name: None,
    }
}

#[tokio::test]
async fn server_errors_are_refusals_with_the_code() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    simulator
        .fault(
            "/payment/status",
            json!({"mode": "server-error", "times": 1}),
        )
        .await;
    let error = client.payment_status("ANY").await.unwrap_err();
    assert_eq!(error.code(), "99");
    assert_eq!(error.http_status(), Some(500));
    // `times: 1`: the next call is served normally.
    assert_eq!(client.payment_status("ANY").await.unwrap_err().code(), "04");

    simulator
        .fault("/accounts/otp/get", json!({"mode": "server-error"}))
        .await;
    let error = client.request_otp(1).await.unwrap_err();
    assert_eq!(error.code(), "service.error");
    assert_eq!(error.http_status(), Some(500));
    assert!(!error.outcome_unknown());
}

#[tokio::test]
async fn html_malformed_and_empty_answers() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    simulator
        .fault("/customer/getBalance", json!({"mode": "html", "times": 1}))
        .await;
    let error = client.balance(1001).await.unwrap_err();
    assert!(
        matches!(
            error,
            ApiError::Malformed {
                http_status: 502,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(!error.outcome_unknown(), "a balance check changes nothing");

    simulator
        .fault(
            "/cash-in/generate/payment-link/token",
            json!({"mode": "malformed", "times": 1}),
        )
        .await;
    let before = simulator.transactions().await.len();
    let error = client
        .create_payment_link(&link("GARBLED"))
        .await
        .unwrap_err();
    assert!(
        matches!(
            error,
            ApiError::Malformed {
                http_status: 200,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(error.outcome_unknown());
    assert!(error.to_string().contains("check its status"), "{error}");
    // The link was created even though the answer was unreadable.
    assert_eq!(simulator.transactions().await.len(), before + 1);

    simulator
        .fault(
            "/payments/resource/generate",
            json!({"mode": "empty", "times": 1}),
        )
        .await;
    let error = client
        .generate_resource(&ResourceRequest {
            method_id: 2,
            features: ResourceFeatures::None,
            bill: Bill {
                amount: Some(Pesos::new(5_000)),
                ..Bill::default()
            },
            description: None,
            cellphone: None,
        })
        .await
        .unwrap_err();
    assert!(matches!(error, ApiError::Malformed { .. }), "{error:?}");
}

#[tokio::test]
async fn a_dropped_connection_after_commit_is_an_unknown_outcome() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    simulator
        .fault(
            "/cash-out/generate/withdraw-method/token",
            json!({"mode": "drop-after-commit", "times": 1}),
        )
        .await;
    let error = client.withdraw(&payout("DROP-1")).await.unwrap_err();
    assert!(
        matches!(
            error,
            ApiError::ConnectionLost {
                operation: Operation::Withdraw,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(error.outcome_unknown());
    assert!(
        error
            .to_string()
            .contains("payout may or may not have been done")
    );
    // The money moved.
    assert_eq!(simulator.cash_outs().await, 1);
}

#[tokio::test]
async fn a_hang_after_commit_is_a_timeout_with_unknown_outcome() {
    let simulator = TestSimulator::start().await;
    let mut settings = simulator.settings();
    settings.request_timeout = Duration::from_millis(800);
    let client = Client::new(settings).unwrap();
    simulator
        .fault(
            "/cash-out/generate/withdraw-method/token",
            json!({"mode": "hang-after-commit", "times": 1}),
        )
        .await;
    let error = client.withdraw(&payout("HANG-1")).await.unwrap_err();
    assert!(
        matches!(
            error,
            ApiError::TimedOut {
                operation: Operation::Withdraw
            }
        ),
        "{error:?}"
    );
    assert!(error.outcome_unknown());
    assert_eq!(simulator.cash_outs().await, 1);
}

#[tokio::test]
async fn latency_alone_is_served() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    simulator
        .fault("*", json!({"latency_ms": 200, "times": 1}))
        .await;
    let started = std::time::Instant::now();
    client.balance(1001).await.unwrap();
    assert!(started.elapsed() >= Duration::from_millis(200));
}

#[tokio::test]
async fn an_expired_session_fault_ends_the_session() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    simulator
        .fault(
            "/payments/method/list",
            json!({"mode": "session-ended", "times": 1}),
        )
        .await;
    let error = client
        .list_methods(&paydesk::api::family_a::MethodQuery {
            method_type: "LINK".into(),
            user_id: None,
        })
        .await
        .unwrap_err();
    assert!(error.is_session_ended(), "{error:?}");
    // The session stays ended for every later Family A call.
    assert!(client.request_otp(1).await.unwrap_err().is_session_ended());
}

#[tokio::test]
async fn an_unreachable_service_sent_nothing() {
    // Bind and drop to find a port nobody listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut settings = ClientSettings::new(
        format!("http://127.0.0.1:{port}/api/v1"),
        format!("http://127.0.0.1:{port}/pay"),
    );
    settings.access_token = Some("t".into());
    settings.till = Some(common::TEST_TILL.into());
    settings.shop_url = Some("https://tienda.example.co".into());
    let error = Client::new(settings)
        .unwrap()
        .withdraw(&payout("NOPE"))
        .await
        .unwrap_err();
    assert!(matches!(error, ApiError::Unreachable { .. }), "{error:?}");
    assert!(!error.outcome_unknown());
}
