//! An attacker lying to the books through the receiver. Whoever posts to it, with whatever key
//! (the simulator's is public; a real one may leak), nothing but the service's own status answer
//! becomes money or moves a payout. Each test posts over real HTTP to paydesk's receiver, which
//! checks with the built-in simulator, and reads the books afterwards.

mod common;

use std::time::Duration;

use common::endpoint::{Endpoint, signed};
use common::{TestSimulator, wait_for};
use paydesk::api::catalog::MethodCatalog;
use paydesk::api::family_b::{
    CashIn, DEFAULT_BRAND_ID, PaymentLinkRequest, PaymentMethodRequest, Reference2,
};
use paydesk::api::kind::PaymentKind;
use paydesk::api::{PayoutRequest, TransactionStatus};
use paydesk::ledger::reconcile::{self, ExceptionKind, Report};
use paydesk::ledger::{CheckState, Ledger, PayoutState};
use paydesk::money::Pesos;
use paydesk::webhook::Confirmer;
use serde_json::{Value, json};
use url::Url;

const PROFILE: &str = "tienda";

/// The shop: the simulator as the service, paydesk's receiver checking with it.
struct Shop {
    simulator: TestSimulator,
    endpoint: Endpoint,
}

impl Shop {
    async fn open() -> Shop {
        let simulator = TestSimulator::start().await;
        let endpoint = Endpoint::start(
            PROFILE,
            Some(&simulator.connection().hash_key),
            Some(Confirmer {
                client: simulator.client(),
            }),
        )
        .await;
        Shop {
            simulator,
            endpoint,
        }
    }

    fn key(&self) -> String {
        self.simulator.connection().hash_key.to_string()
    }

    fn cash_in(&self, amount: i64, reference1: &str) -> CashIn {
        CashIn {
            amount: Pesos::new(amount),
            reference1: reference1.into(),
            webhook_url: Url::parse(&self.endpoint.receiver.url()).unwrap(),
            return_url: None,
            expires_in: None,
            brand_id: DEFAULT_BRAND_ID,
            show_summary: None,
            reference2: Reference2::default(),
        }
    }

    /// Writes a created payment down as a till does.
    fn record(&self, reference: &str, kind: PaymentKind, amount: Option<i64>) {
        common::record_payment(&self.endpoint.ledger, PROFILE, reference, kind, amount);
    }

    /// A payment link for `amount`, written down.
    async fn link(&self, amount: i64, reference1: &str) -> String {
        let created = self
            .simulator
            .client()
            .create_payment_link(&PaymentLinkRequest {
                cash_in: self.cash_in(amount, reference1),
            })
            .await
            .unwrap()
            .value;
        self.record(&created.reference, PaymentKind::Link, Some(amount));
        created.reference
    }

    /// Today's close for the shop's profile.
    fn close(&self) -> Report {
        let today = reconcile::today();
        self.endpoint
            .ledger
            .reconcile(Some(PROFILE), today, today, paydesk::ledger::now_ms())
            .unwrap()
    }

    /// Waits until the service's genuine notification for `reference` that `wanted` picks is
    /// stored and checked; its raw body.
    async fn genuine(&self, reference: &str, wanted: impl Fn(TransactionStatus) -> bool) -> Value {
        let stored = wait_for("the service's own notification, checked", || async {
            self.endpoint
                .ledger
                .notifications_for(reference)
                .unwrap()
                .into_iter()
                .find(|n| wanted(n.status) && n.check_state != CheckState::Unchecked)
        })
        .await;
        serde_json::from_str(&stored.raw).unwrap()
    }

    /// Waits until every stored notification has been checked with the service.
    async fn all_checked(&self) {
        wait_for("every notification checked", || async {
            self.endpoint
                .ledger
                .notifications(10_000)
                .unwrap()
                .iter()
                .all(|n| n.check_state != CheckState::Unchecked)
                .then_some(())
        })
        .await;
    }
}

/// An interoperable QR (it takes payment after payment) paid once, $ 8.500. Then five
/// correctly signed notifications with made-up figures and provider references, and two
/// hundred replays of the genuine body with only the unsigned fields changed. The books hold
/// one payment of $ 8.500.
#[tokio::test]
async fn made_up_payments_of_a_code_that_takes_many_add_nothing() {
    let shop = Shop::open().await;
    let qr = shop
        .simulator
        .client()
        .create_method_payment(&PaymentMethodRequest {
            cash_in: shop.cash_in(8_500, "MOSTRADOR"),
            method_id: 248,
            extras: Vec::new(),
        })
        .await
        .unwrap()
        .value;
    shop.record(&qr.reference, PaymentKind::Method(248), Some(8_500));
    shop.simulator.settle(&qr.reference, "approve").await;
    let genuine = shop
        .genuine(&qr.reference, |status| {
            status == TransactionStatus::Approved
        })
        .await;
    wait_for("the payment in the books", || async {
        (shop.close().approved.count == 1).then_some(())
    })
    .await;

    // With the key: signed over the same four fields, the rest made up.
    for index in 0..5 {
        let mut forged = genuine.clone();
        forged["realAmount"] = json!(2_000_000);
        forged["cost"] = json!("$0.00");
        forged["providerReference"] = json!(format!("INVENTADO{index}"));
        assert_eq!(
            shop.endpoint.post(signed(forged, &shop.key())).await,
            200,
            "correctly signed: stored, to be checked"
        );
    }
    // Without the key: the genuine signature, the unsigned fields changed.
    for index in 0..200 {
        let mut replay = genuine.clone();
        replay["realAmount"] = json!(1_000_000 + index);
        replay["providerReference"] = json!(format!("REPLAY{index}"));
        assert_eq!(shop.endpoint.post(replay.to_string()).await, 200);
    }
    shop.all_checked().await;
    let close = shop.close();
    assert_eq!(close.approved.count, 1, "{close:?}");
    assert_eq!(close.approved.gross, Pesos::new(8_500));
    let received = shop
        .endpoint
        .ledger
        .received_between(Some(PROFILE), 0, i64::MAX)
        .unwrap();
    assert_eq!(received.len(), 1);
    assert_eq!(received[0].amount, Some(Pesos::new(8_500)));
    // Each forgery names a payment of the code the service never confirmed: not that sale's,
    // flagged for whoever looks, never counted.
    let disputed = close
        .exceptions
        .iter()
        .filter(|e| e.kind == ExceptionKind::NotItsSale)
        .count();
    assert_eq!(disputed, 205, "{:?}", close.exceptions);
}

/// A declined sale's notification, signed, carrying a pending payout's reference in
/// `withdraw.infoReference`. The payout stays as the service has it: sent, not failed.
#[tokio::test]
async fn a_sales_notification_naming_a_payout_leaves_it_as_the_service_says() {
    let shop = Shop::open().await;
    // The provider takes its time: the payout stays pending at the service.
    let (status, _) = shop
        .simulator
        .control_post("/rules", json!({"hold_payouts": true}))
        .await;
    assert_eq!(status, 204);
    let client = shop.simulator.client();
    let ledger = std::sync::Arc::clone(&shop.endpoint.ledger);
    let plan = paydesk::payouts::prepare(
        ledger.clone(),
        &client,
        PROFILE,
        None,
        PayoutRequest {
            amount: Pesos::new(300_000),
            reference1: "NOMINA7".into(),
            webhook_request: Some(url::Url::parse("https://tienda.example.co/webhook").unwrap()),
            method_id: paydesk::api::family_b::BREB_WITHDRAW_METHOD,
            destination: "@NOMINA7".into(),
            bank_name: None,
        },
    )
    .await
    .unwrap();
    let payout = paydesk::payouts::send(ledger.clone(), &client, &plan, false, &common::anyone())
        .await
        .unwrap();
    assert_eq!(payout.state, PayoutState::Sent);

    let sale = shop.link(12_000, "MESA4").await;
    shop.simulator.settle(&sale, "decline").await;
    let declined = shop
        .genuine(&sale, |status| {
            matches!(
                status,
                TransactionStatus::Failed | TransactionStatus::Rejected
            )
        })
        .await;
    let mut forged = declined.clone();
    forged["withdraw"] = json!({"infoReference": "NOMINA7", "id": "1"});
    forged["updatedAt"] = json!("2026-11-21 10:00:00");
    assert_eq!(shop.endpoint.post(signed(forged, &shop.key())).await, 200);
    shop.all_checked().await;
    let after = ledger.payout(payout.id).unwrap().unwrap();
    assert_eq!(
        after.state,
        PayoutState::Sent,
        "the service still has it pending: {after:?}"
    );
    assert_eq!(after.service_status, Some(TransactionStatus::Pending.id()));
}

/// An approval nobody could confirm (no client to ask with, as when the service is away): shown
/// to be confirmed, counted nowhere.
#[tokio::test]
async fn an_approval_the_service_did_not_confirm_is_not_money() {
    let key = "clave-de-prueba";
    let endpoint = Endpoint::start(PROFILE, Some(key), None).await;
    common::record_payment(
        &endpoint.ledger,
        PROFILE,
        "PD77",
        PaymentKind::Link,
        Some(25_000),
    );
    let approval = json!({
        "realAmount": 25000, "amount": 24026, "cost": "$974.00", "referenceId": "PD77",
        "resourceId": "9", "updatedAt": "2026-11-21 10:00:00", "status": 2,
        "providerReference": "PRV77", "reference1": "MESA1"
    });
    assert_eq!(endpoint.post(signed(approval, key)).await, 200);
    let today = reconcile::today();
    let close = endpoint
        .ledger
        .reconcile(Some(PROFILE), today, today, paydesk::ledger::now_ms())
        .unwrap();
    assert_eq!(close.approved.count, 0);
    assert_eq!(close.approved.gross, Pesos::ZERO);
    assert!(close.by_method.is_empty());
    assert_eq!(close.unconfirmed, 1);
    assert!(
        close
            .exceptions
            .iter()
            .any(|e| e.kind == ExceptionKind::Unconfirmed && e.reference == "PD77")
    );
}

/// The simulator's key is public. A notification it verifies, received while the app was on
/// the simulator, belongs to the simulator's books: a production profile's close, export and
/// payments never see it, even for a reference that profile created.
#[tokio::test]
async fn the_simulators_notifications_never_reach_a_real_profiles_books() {
    let shop = Shop::open().await;
    // The same reference exists in the production profile's books.
    let sale = shop.link(40_000, "MESA9").await;
    paydesk::collections::record_created(
        &shop.endpoint.ledger,
        "produccion",
        &shop
            .endpoint
            .ledger
            .collection_by_reference(PROFILE, &sale)
            .unwrap()
            .unwrap(),
    )
    .unwrap();
    shop.simulator.settle(&sale, "approve").await;
    shop.genuine(&sale, |status| status == TransactionStatus::Approved)
        .await;
    let today = reconcile::today();
    let ledger: &Ledger = &shop.endpoint.ledger;
    let production = ledger
        .reconcile(Some("produccion"), today, today, paydesk::ledger::now_ms())
        .unwrap();
    assert_eq!(production.notifications, 0);
    assert_eq!(production.approved.count, 0);
    assert_eq!(production.unconfirmed, 0);
    assert!(production.exceptions.is_empty(), "{production:?}");
    let mut csv = Vec::new();
    ledger
        .export_csv(
            paydesk::ledger::reconcile::Period::new(Some("produccion"), today, today),
            &mut csv,
            paydesk::i18n::Language::En,
            &MethodCatalog::default(),
        )
        .unwrap();
    let text = String::from_utf8(csv).unwrap();
    // Its own sale, as it made it: no money, no state the simulator's notification told.
    let rows: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(rows.len(), 1, "{text}");
    assert!(rows[0].starts_with("sale,"), "{text}");
    assert!(rows[0].contains(",40000,,,,not checked,"), "{text}");
    let mut notifications = Vec::new();
    ledger
        .export_notifications_csv(
            paydesk::ledger::reconcile::Period::new(Some("produccion"), today, today),
            &mut notifications,
            paydesk::i18n::Language::En,
        )
        .unwrap();
    let notifications = String::from_utf8(notifications).unwrap();
    assert_eq!(notifications.lines().count(), 1, "{notifications}");
    // The simulator's own books have it.
    assert_eq!(shop.close().approved.count, 1);
}

/// A web page in the till's browser can post a form or plain text without asking anyone: the
/// receiver takes JSON only. A signature that would fit another split of the signed text is
/// refused before any key is tried.
#[tokio::test]
async fn plain_text_forms_and_resplit_signatures_are_refused() {
    let key = "clave";
    let endpoint = Endpoint::start(PROFILE, Some(key), None).await;
    let genuine = signed(
        json!({
            "realAmount": 25000, "amount": 25000, "referenceId": "PD1", "resourceId": "S1",
            "updatedAt": "2026-11-21 10:00:00", "status": 2
        }),
        key,
    );
    for content_type in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        assert_eq!(
            endpoint.post_as(content_type, genuine.clone()).await,
            415,
            "{content_type}"
        );
    }
    assert_eq!(
        endpoint
            .post_as("application/json; charset=utf-8", genuine)
            .await,
        200
    );
    // `PD1-S1-25000-2026-11-21 10:00:00` again, split another way.
    let sign: Value =
        serde_json::from_str(&endpoint.ledger.notifications(1).unwrap()[0].raw).unwrap();
    let resplit = json!({
        "realAmount": 25000, "amount": 25000, "referenceId": "PD1-S1", "resourceId": "",
        "updatedAt": "2026-11-21 10:00:00", "status": 2, "sign": sign["sign"]
    });
    assert_eq!(endpoint.post(resplit.to_string()).await, 400);
    assert_eq!(endpoint.stored(), 1);
}

/// However many notifications name one reference, the service is asked about it one at a time:
/// a flood of signed posts does not become a flood of questions.
#[tokio::test]
async fn checks_are_one_per_reference_at_a_time() {
    let shop = Shop::open().await;
    let sale = shop.link(10_000, "MESA2").await;
    shop.genuine(&sale, |status| status == TransactionStatus::Pending)
        .await;
    // Every answer takes a while, as a busy service's would.
    shop.simulator
        .fault("/payment/status", json!({"latency_ms": 400}))
        .await;
    let before = shop.simulator.requests_to("/pay/payment/status").await;
    let posts = (0..60).map(|second| {
        let forged = json!({
            "realAmount": 10000, "amount": 10000, "referenceId": sale, "resourceId": "1",
            "updatedAt": format!("2026-11-21 10:{:02}:{:02}", second / 60, second % 60),
            "status": 2, "providerReference": format!("F{second}")
        });
        let body = signed(forged, &shop.key());
        let endpoint = &shop.endpoint;
        async move { endpoint.post(body).await }
    });
    for status in futures_util::future::join_all(posts).await {
        assert_eq!(status, 200);
    }
    tokio::time::timeout(Duration::from_secs(60), shop.all_checked())
        .await
        .unwrap();
    let asked = shop.simulator.requests_to("/pay/payment/status").await - before;
    assert!(
        asked <= 5,
        "60 notifications of one reference asked the service {asked} times"
    );
    assert_eq!(shop.close().approved.count, 0, "the service says pending");
}

/// A signed notification about a reference nobody here created (a key holder making the
/// receiver ask the service about anything): the service is not asked, and after a few
/// seconds' patience (a sale may be written down just after its notification) it is marked as
/// not ours, in no total and flagged in the close.
#[tokio::test]
async fn a_reference_nobody_created_asks_the_service_nothing() {
    let shop = Shop::open().await;
    let before = shop.simulator.requests_to("/pay/payment/status").await;
    let stranger = json!({
        "realAmount": 90000, "amount": 89000, "referenceId": "PD404", "resourceId": "1",
        "updatedAt": "2026-11-21 10:00:00", "status": 2, "providerReference": "X1"
    });
    assert_eq!(shop.endpoint.post(signed(stranger, &shop.key())).await, 200);
    let checked = wait_for("the stranger's check", || async {
        shop.endpoint
            .ledger
            .notifications_for("PD404")
            .unwrap()
            .into_iter()
            .find(|n| n.check_state != CheckState::Unchecked)
    })
    .await;
    assert_eq!(checked.check_state, CheckState::NotOurs);
    assert_eq!(
        shop.simulator.requests_to("/pay/payment/status").await,
        before,
        "the service was not asked about it"
    );
    let close = shop.close();
    assert_eq!(close.approved.count, 0);
    assert!(
        close
            .exceptions
            .iter()
            .any(|e| e.kind == ExceptionKind::NotificationWithoutResource && e.reference == "PD404")
    );
}
