//! The return's sequence against the simulator, as the app will call it (`payouts::returns`):
//! the simulator knows no returns and plays each as the payout it is. The service's own answer
//! moves it: a refusal or a failure gives its amount back to what may still be returned; the
//! service down sends nothing and writes nothing; under the spec's interface the money goes to
//! the customer's mobile number.

mod common;

use std::sync::Arc;

use common::TestSimulator;
use paydesk::api::kind::PaymentKind;
use paydesk::api::{Dialect, PayoutRequest, StatusRecord};
use paydesk::ledger::{Collection, Ledger, PayoutState, ReturnRefusal};
use paydesk::money::Pesos;
use paydesk::payouts::PayoutError;
use paydesk::payouts::returns::{self, ReturnError};
use paydesk::requests::{ReturnAsk, ReturnReason, return_method};
use serde_json::json;

const PROFILE: &str = "tienda";

fn ledger() -> (tempfile::TempDir, Arc<Ledger>) {
    let folder = tempfile::tempdir().unwrap();
    let ledger = Arc::new(Ledger::in_folder(folder.path()).unwrap());
    (folder, ledger)
}

/// A sale of `amount` the service approved, as the books hold it.
fn approved_sale(ledger: &Ledger, reference: &str, amount: i64) {
    let sale = Collection {
        status: None,
        ..common::sale(reference, amount)
    };
    ledger.record_collection(PROFILE, &sale).unwrap();
    let answer: StatusRecord = serde_json::from_value(json!({
        "id": "1", "cost": "$ 1.000", "status": "2", "date": "", "providerReference": "",
        "amount": amount.to_string(), "description": null, "paymentMethod": null
    }))
    .unwrap();
    let now = paydesk::ledger::now_ms();
    paydesk::collections::apply_answer(ledger, PROFILE, &sale, &answer, now, now).unwrap();
}

fn ask(sale: &str, amount: Option<i64>, dialect: Dialect, destination: &str) -> ReturnAsk {
    ReturnAsk {
        sale: sale.into(),
        payment: None,
        amount: amount.map(Pesos::new),
        reason: ReturnReason::WrongAmount,
        destination: destination.into(),
        method_id: return_method(dialect),
        webhook_request: Some(url::Url::parse("http://127.0.0.1:8787/webhook").unwrap()),
    }
}

fn remaining(ledger: &Ledger, sale: &str) -> Pesos {
    ledger
        .returned(PROFILE, sale, "")
        .unwrap()
        .unwrap()
        .remaining()
}

#[tokio::test]
async fn a_return_the_service_refuses_gives_its_amount_back() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    let (_folder, ledger) = ledger();
    approved_sale(&ledger, "V-1", 40_000);
    // The service's own 30 s between payouts, from a payout paydesk's books never saw.
    client
        .withdraw(&PayoutRequest {
            amount: Pesos::new(1_000),
            reference1: "FUERA-1".into(),
            webhook_request: Some(url::Url::parse("http://127.0.0.1:8787/webhook").unwrap()),
            method_id: return_method(Dialect::Current),
            destination: "@PEDRO".into(),
            bank_name: None,
        })
        .await
        .unwrap();
    let plan = returns::prepare(
        ledger.clone(),
        &client,
        PROFILE,
        None,
        ask("V-1", None, Dialect::Current, "@ANA123"),
    )
    .await
    .unwrap();
    assert_eq!(plan.amount(), Pesos::new(40_000));
    assert!(plan.is_all_that_remains());
    let refused = returns::send(ledger.clone(), &client, &plan, false, &common::anyone())
        .await
        .unwrap_err();
    assert!(
        matches!(&refused, ReturnError::Payout(PayoutError::Api(api)) if api.code() != ""),
        "{refused:?}"
    );
    let journal = ledger.returns_of_sale(PROFILE, "V-1").unwrap();
    assert_eq!(journal[0].payout.state, PayoutState::Refused);
    assert_eq!(remaining(&ledger, "V-1"), Pesos::new(40_000));
    assert_eq!(
        simulator.cash_outs().await,
        1,
        "only the payout made outside"
    );
}

#[tokio::test]
async fn a_return_that_fails_after_it_was_taken_gives_its_amount_back_once_checked() {
    paydesk::i18n::set(paydesk::i18n::Language::En);
    let simulator = TestSimulator::start().await;
    simulator
        .control_post("/rules", json!({"hold_payouts": true}))
        .await;
    let client = simulator.client();
    let (_folder, ledger) = ledger();
    approved_sale(&ledger, "V-2", 25_000);
    let plan = returns::prepare(
        ledger.clone(),
        &client,
        PROFILE,
        None,
        ask("V-2", Some(10_000), Dialect::Current, "@ANA123"),
    )
    .await
    .unwrap();
    let sent = returns::send(ledger.clone(), &client, &plan, false, &common::anyone())
        .await
        .unwrap();
    assert_eq!(sent.payout.state, PayoutState::Sent);
    assert_eq!(sent.tie.reason, ReturnReason::WrongAmount);
    assert_eq!(sent.customer_words(), "Return sent: $ 10.000");
    assert_eq!(remaining(&ledger, "V-2"), Pesos::new(15_000));
    let transaction = sent.payout.transaction_reference.clone().unwrap();
    simulator.settle(&transaction, "fail").await;
    let checked = returns::check(ledger.clone(), &client, &sent)
        .await
        .unwrap();
    assert_eq!(checked.payout.state, PayoutState::Failed);
    assert_eq!(remaining(&ledger, "V-2"), Pesos::new(25_000));
    assert_eq!(simulator.cash_outs().await, 1);
}

#[tokio::test]
async fn with_the_service_down_nothing_is_sent_and_nothing_written() {
    let simulator = TestSimulator::start().await;
    let mut settings = simulator.settings();
    // A port nothing listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = closed.local_addr().unwrap();
    drop(closed);
    settings.pay_url = format!("http://{address}/pay");
    let client = paydesk::api::Client::new(settings).unwrap();
    let (_folder, ledger) = ledger();
    approved_sale(&ledger, "V-3", 25_000);
    let error = returns::prepare(
        ledger.clone(),
        &client,
        PROFILE,
        None,
        ask("V-3", None, Dialect::Current, "@ANA123"),
    )
    .await
    .unwrap_err();
    assert!(error.nothing_sent(), "{error:?}");
    assert!(
        matches!(&error, ReturnError::Payout(PayoutError::Api(api)) if api.is_network()),
        "{error:?}"
    );
    assert!(ledger.payouts(PROFILE, 10).unwrap().is_empty());
    assert_eq!(simulator.requests().await.len(), 0);
}

#[tokio::test]
async fn under_the_specs_interface_the_money_goes_to_the_customers_mobile_number() {
    let simulator = TestSimulator::start().await;
    let client = simulator.spec_client();
    let (_folder, ledger) = ledger();
    approved_sale(&ledger, "V-4", 18_000);
    // The books refuse before the service is asked anything.
    let refused = returns::prepare(
        ledger.clone(),
        &client,
        PROFILE,
        None,
        ask("V-4", Some(18_001), Dialect::Spec, "3001234567"),
    )
    .await
    .unwrap_err();
    assert!(
        matches!(
            refused,
            ReturnError::Refused(ReturnRefusal::OverRemaining { .. })
        ),
        "{refused:?}"
    );
    assert_eq!(simulator.requests().await.len(), 0);
    let plan = returns::prepare(
        ledger.clone(),
        &client,
        PROFILE,
        None,
        ask("V-4", None, Dialect::Spec, "3001234567"),
    )
    .await
    .unwrap();
    let sent = returns::send(ledger.clone(), &client, &plan, false, &common::anyone())
        .await
        .unwrap();
    let request = simulator
        .last_request("/pay-1.0/cash-out/generate/withdraw-method/token")
        .await;
    assert_eq!(request["body"]["withdrawMethod"]["id"], 245);
    assert_eq!(request["body"]["withdrawMethod"]["cellphone"], "3001234567");
    assert_eq!(sent.kind, PaymentKind::Link);
    assert_eq!(remaining(&ledger, "V-4"), Pesos::ZERO);
}
