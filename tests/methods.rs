//! The service's current methods through the simulator, end to end: each one is created with its
//! own fields, paid on the simulator, notified to paydesk's receiver and confirmed with a status
//! check. The Bre-B key and the interoperable QR take several payments; the cash-out goes to a
//! Bre-B key; a profile that fetches transaction tokens does so for the cash-out too.

mod common;

use std::sync::Arc;

use common::{TestSimulator, wait_for};
use paydesk::api::catalog::{ExtraField, MethodCatalog};
use paydesk::api::family_b::{
    BREB_WITHDRAW_METHOD, CashIn, DEFAULT_BRAND_ID, PaymentMethodRequest, Reference2,
};
use paydesk::api::kind::PaymentKind;
use paydesk::api::{Dialect, TransactionTokenSource};
use paydesk::api::{PayoutRequest, TransactionStatus};
use paydesk::ledger::{CheckState, Ledger, StoredNotification};
use paydesk::money::Pesos;
use paydesk::secrets::SecretString;
use paydesk::validate::Field;
use paydesk::webhook::{Confirmer, Receiver, ReceiverConfig};
use serde_json::{Value, json};
use url::Url;

const METHOD_PAYMENT: &str = "/pay/cash-in/generate/payment-method/token";
const WITHDRAW: &str = "/pay/cash-out/generate/withdraw-method/token";

/// paydesk's own receiver, confirming with the simulator, writing to a ledger of its own.
struct Shop {
    simulator: TestSimulator,
    receiver: Receiver,
    ledger: Arc<Ledger>,
    catalog: MethodCatalog,
    _dir: tempfile::TempDir,
}

impl Shop {
    async fn open() -> Shop {
        let simulator = TestSimulator::start().await;
        let dir = tempfile::tempdir().unwrap();
        let ledger = Arc::new(Ledger::in_folder(dir.path()).unwrap());
        let receiver = Receiver::start(
            ReceiverConfig::new(
                "127.0.0.1:0".parse().unwrap(),
                Some(SecretString::new(&*simulator.connection().hash_key)),
                "shop",
            ),
            ledger.clone(),
            Some(Confirmer {
                client: simulator.client(),
            }),
            None,
        )
        .await
        .unwrap();
        Shop {
            simulator,
            receiver,
            ledger,
            catalog: MethodCatalog::default(),
            _dir: dir,
        }
    }

    fn request(
        &self,
        method_id: i64,
        expires_in: Option<u64>,
        extras: &[(ExtraField, &str)],
    ) -> PaymentMethodRequest {
        PaymentMethodRequest {
            cash_in: CashIn {
                amount: Pesos::new(15_000),
                reference1: format!("M-{method_id}"),
                webhook_url: Url::parse(&self.receiver.url()).unwrap(),
                return_url: None,
                expires_in,
                brand_id: DEFAULT_BRAND_ID,
                show_summary: None,
                reference2: Reference2::default(),
            },
            method_id,
            extras: extras
                .iter()
                .map(|(field, value)| (*field, (*value).to_owned()))
                .collect(),
        }
    }

    /// Creates the payment, pays it on the simulator, and waits for paydesk to hold its
    /// approval confirmed by the service.
    async fn create_and_pay(&self, request: &PaymentMethodRequest) -> (String, Value) {
        assert_eq!(
            request.check(&self.catalog, Dialect::Current),
            vec![],
            "{request:?}"
        );
        let payment = self
            .simulator
            .client()
            .create_method_payment(request)
            .await
            .unwrap()
            .value;
        let sent = self.simulator.last_request(METHOD_PAYMENT).await;
        // Written down as a till writes its sale: only a payment of ours is money in the books.
        common::record_payment(
            &self.ledger,
            "shop",
            &payment.reference,
            PaymentKind::Method(request.method_id),
            Some(request.cash_in.amount.get()),
        );
        self.simulator.settle(&payment.reference, "approve").await;
        self.confirmed_approvals(&payment.reference, 1).await;
        (payment.reference, sent["body"].clone())
    }

    async fn confirmed_approvals(&self, reference: &str, count: usize) -> Vec<StoredNotification> {
        wait_for("the confirmed approvals", || async {
            let approvals: Vec<StoredNotification> = self
                .ledger
                .notifications_for(reference)
                .unwrap()
                .into_iter()
                .filter(|n| {
                    n.status == TransactionStatus::Approved
                        && n.check_state == CheckState::Confirmed
                })
                .collect();
            (approvals.len() >= count).then_some(approvals)
        })
        .await
    }
}

#[tokio::test]
async fn a_bre_b_key_is_created_paid_twice_notified_and_confirmed() {
    let shop = Shop::open().await;
    let request = shop.request(
        250,
        None,
        &[
            (ExtraField::Cellphone, "3001234567"),
            (ExtraField::DocType, "cc"),
            (ExtraField::DocNumber, "1020304050"),
            (ExtraField::MerchantId, "TIENDA123"),
        ],
    );
    let (reference, sent) = shop.create_and_pay(&request).await;
    assert_eq!(
        sent["paymentMethod"],
        json!({"id": 250, "cellphone": "3001234567", "docType": "CC", "docNumber": "1020304050", "merchantId": "TIENDA123"})
    );
    assert!(
        sent.get("expiresIn").is_none(),
        "a key lives 10 minutes whatever expiresIn says, so none is sent"
    );
    // A second payer pays the same key: a second approval, kept apart.
    shop.simulator.settle(&reference, "approve").await;
    let approvals = shop.confirmed_approvals(&reference, 2).await;
    assert_ne!(
        approvals[0].provider_reference,
        approvals[1].provider_reference
    );
    for approval in &approvals {
        assert_eq!(approval.figures.gross, Some(Pesos::new(15_000)));
        assert!(approval.figures.add_up());
    }
    let today = paydesk::ledger::reconcile::today();
    let report = shop
        .ledger
        .reconcile(None, today, today, paydesk::ledger::now_ms())
        .unwrap();
    assert_eq!(report.approved.count, 2);
    assert_eq!(report.approved.gross, Pesos::new(30_000));
}

#[tokio::test]
async fn an_interoperable_qr_takes_its_optional_fields_and_several_payments() {
    let shop = Shop::open().await;
    // Only what was given goes out; the QR lives until midnight, so no expiresIn either.
    let request = shop.request(
        248,
        None,
        &[
            (ExtraField::Cellphone, ""),
            (ExtraField::DocumentType, ""),
            (ExtraField::DocumentNumber, ""),
            (ExtraField::MerchantId, "TIENDA123"),
        ],
    );
    let (reference, sent) = shop.create_and_pay(&request).await;
    assert_eq!(
        sent["paymentMethod"],
        json!({"id": 248, "merchantId": "TIENDA123"})
    );
    assert!(sent.get("expiresIn").is_none());
    shop.simulator.settle(&reference, "approve").await;
    shop.confirmed_approvals(&reference, 2).await;
    // An expiry asked for is refused before sending, in words.
    let asked = shop.request(248, Some(3_600), &[]);
    let problems = asked.check(&shop.catalog, Dialect::Current);
    assert!(
        problems
            .iter()
            .any(|p| p.field == Field::ExpiresIn && p.message.contains("11:59 p.m.")),
        "{problems:?}"
    );
}

#[tokio::test]
async fn the_pse_gateway_takes_the_pse_fields_and_person_words() {
    let shop = Shop::open().await;
    // The gateway needs support to set the merchant up first.
    let (status, _) = shop
        .simulator
        .control_post("/pay-api", json!({"pse_gateway": true}))
        .await;
    assert_eq!(status, 204);
    let person = shop.catalog.person_type_code("jurídica");
    let request = shop.request(
        262,
        Some(3_600),
        &[
            (ExtraField::DocumentType, "NIT"),
            (ExtraField::TypePerson, &person),
            (ExtraField::BankId, "1007"),
            (ExtraField::DocumentNumber, "900123456"),
            (ExtraField::Name, "Tienda Don Pepe SAS"),
            (ExtraField::Cellphone, "3001234567"),
            (ExtraField::Address, "Calle 1 # 2-3"),
            (ExtraField::Email, "pagos@donpepe.co"),
        ],
    );
    let (_, sent) = shop.create_and_pay(&request).await;
    assert_eq!(sent["paymentMethod"]["id"], 262);
    assert_eq!(sent["paymentMethod"]["typePerson"], "1");
    assert_eq!(
        sent["paymentMethod"]["bankId"], "1007",
        "the current interface's sample sends the bank as text"
    );
}

#[tokio::test]
async fn methods_that_need_set_up_first_say_so_in_words() {
    let shop = Shop::open().await;
    let gateway = shop.request(
        262,
        Some(3_600),
        &[
            (ExtraField::DocumentType, "CC"),
            (ExtraField::TypePerson, "0"),
            (ExtraField::BankId, "1007"),
            (ExtraField::DocumentNumber, "1020304050"),
            (ExtraField::Name, "Ana"),
            (ExtraField::Cellphone, "3001234567"),
            (ExtraField::Address, "Calle 1"),
            (ExtraField::Email, "ana@correo.co"),
        ],
    );
    let error = shop
        .simulator
        .client()
        .create_method_payment(&gateway)
        .await
        .unwrap_err();
    assert_eq!(error.code(), "15", "the service's code is kept");
    assert!(error.to_string().contains("support"), "{error}");
    assert!(error.to_string().contains("PSE"), "{error}");

    let (status, _) = shop
        .simulator
        .control_post("/pay-api", json!({"enrolled": false}))
        .await;
    assert_eq!(status, 204);
    let key = shop.request(
        250,
        None,
        &[
            (ExtraField::Cellphone, "3001234567"),
            (ExtraField::DocType, "CC"),
            (ExtraField::DocNumber, "1020304050"),
            (ExtraField::MerchantId, "TIENDA123"),
        ],
    );
    let error = shop
        .simulator
        .client()
        .create_method_payment(&key)
        .await
        .unwrap_err();
    assert!(error.to_string().contains("enrolled"), "{error}");
    assert_eq!(
        error
            .service_message()
            .map(|m| m.contains("Merchant Enrollment")),
        Some(true),
        "the service's own words stay in the message"
    );
}

#[tokio::test]
async fn cards_take_a_description_of_at_most_255_characters() {
    let shop = Shop::open().await;
    let long = "x".repeat(256);
    let too_long = shop.request(273, Some(3_700), &[(ExtraField::Description, &long)]);
    assert!(
        too_long
            .check(&shop.catalog, Dialect::Current)
            .iter()
            .any(|p| p.field == Field::Description)
    );
    let request = shop.request(
        273,
        Some(3_700),
        &[(ExtraField::Description, "Almuerzo ejecutivo")],
    );
    let (_, sent) = shop.create_and_pay(&request).await;
    assert_eq!(
        sent["paymentMethod"],
        json!({"id": 273, "description": "Almuerzo ejecutivo"})
    );
}

#[tokio::test]
async fn whatsapp_needs_its_account_and_a_month_of_life() {
    let shop = Shop::open().await;
    let short = shop.request(
        277,
        Some(86_400),
        &[
            (ExtraField::Cellphone, "3001234567"),
            (ExtraField::WhatsappAccountId, "WA-1"),
        ],
    );
    assert!(
        short
            .check(&shop.catalog, Dialect::Current)
            .iter()
            .any(|p| p.field == Field::ExpiresIn)
    );
    let missing = shop.request(
        277,
        Some(2_600_000),
        &[(ExtraField::Cellphone, "3001234567")],
    );
    assert!(
        missing
            .check(&shop.catalog, Dialect::Current)
            .iter()
            .any(|p| p.field == Field::WhatsappAccountId)
    );
    let request = shop.request(
        277,
        Some(2_600_000),
        &[
            (ExtraField::Cellphone, "3001234567"),
            (ExtraField::WhatsappAccountId, "WA-1"),
        ],
    );
    let (_, sent) = shop.create_and_pay(&request).await;
    assert_eq!(sent["paymentMethod"]["whatsappAccountId"], "WA-1");
}

#[tokio::test]
async fn a_cash_out_to_a_bre_b_key_with_a_fetched_token() {
    let shop = Shop::open().await;
    let mut settings = shop.simulator.settings();
    settings.transaction_token = TransactionTokenSource::Fetch;
    let client = paydesk::api::Client::new(settings).unwrap();
    let request = PayoutRequest {
        amount: Pesos::new(40_000),
        reference1: "BREB-1".into(),
        webhook_request: Some(Url::parse(&shop.receiver.url()).unwrap()),
        method_id: BREB_WITHDRAW_METHOD,
        destination: "@TIENDA123".into(),
        bank_name: None,
    };
    assert!(request.check(Dialect::Current).is_empty());
    // Through the payout journal, as the app and the CLI send: a payout notification moves
    // only a payout of ours.
    let plan =
        paydesk::payouts::prepare(shop.ledger.clone(), &client, "shop", None, request.clone())
            .await
            .unwrap();
    let payout = paydesk::payouts::send(
        shop.ledger.clone(),
        &client,
        &plan,
        false,
        &common::anyone(),
    )
    .await
    .unwrap();
    let fetch = shop.simulator.last_request("/pay/trx-token/generate").await;
    assert_eq!(
        fetch["body"],
        json!({"service": "/cash-out/generate/withdraw-method/token"})
    );
    let sent = shop.simulator.last_request(WITHDRAW).await;
    assert_eq!(
        sent["body"]["withdrawMethod"],
        json!({"id": 264, "key": "@TIENDA123"})
    );
    assert!(sent["headers"]["x-transaction-token"].is_string());
    let reference = payout.transaction_reference.unwrap();
    let approvals = shop.confirmed_approvals(&reference, 1).await;
    assert_eq!(approvals[0].payout_reference1.as_deref(), Some("BREB-1"));
    let raw: Value = serde_json::from_str(&approvals[0].raw).unwrap();
    assert_eq!(raw["withdraw"]["accountNumber"], "@TIENDA123");
    // A bad key never leaves.
    let bad = PayoutRequest {
        destination: "TIENDA 123".into(),
        ..request
    };
    assert!(
        bad.check(Dialect::Current)
            .iter()
            .any(|p| p.field == Field::Key)
    );
}
