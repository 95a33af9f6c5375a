//! Family A against the built-in simulator over real HTTP: the exact request the server received
//! and the decoded answer, for every operation and every error code of the spec.

mod common;

use common::TestSimulator;
use paydesk::api::family_a::*;
use paydesk::api::{ApiError, Client, Refusal};
use paydesk::money::Pesos;
use paydesk::secrets::SecretString;
use serde_json::json;

fn registration(email: &str) -> Registration {
    Registration {
        register_type: "email".into(),
        password: SecretString::new("s3cret-pass"),
        verify_password: SecretString::new("s3cret-pass"),
        email: email.into(),
        cellphone: "3101234567".into(),
        doc_type: "CC".into(),
        doc_number: "1020304050".into(),
        name: "Ana Pérez".into(),
        referred: Some(77),
        city_id: 11001,
        state_id: 11,
        commerce_type_id: Some(5),
    }
}

fn assert_refused(error: ApiError, code: &str, status: u16, refusal: Refusal) {
    match error {
        ApiError::Refused {
            code: got,
            http_status,
            refusal: got_refusal,
            ..
        } => {
            assert_eq!(got, code);
            assert_eq!(http_status, status);
            assert_eq!(got_refusal, refusal);
        }
        other => panic!("expected a refusal {code}, got {other:?}"),
    }
}

#[tokio::test]
async fn register_sends_every_field_without_authorization() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    let reply = client
        .register(&registration("ana@tienda.co"))
        .await
        .unwrap();

    let request = simulator.last_request("/api/v1/auth/register").await;
    assert!(request["headers"].get("authorization").is_none());
    assert_eq!(request["headers"]["content-type"], "application/json");
    let user = &request["body"]["data"]["User"];
    assert_eq!(user["registerType"], "email");
    assert_eq!(user["password"], "s3cret-pass");
    assert_eq!(user["verifyPassword"], "s3cret-pass");
    assert_eq!(user["email"], "ana@tienda.co");
    assert_eq!(user["cellphone"], "3101234567");
    assert_eq!(user["docType"], "CC");
    assert_eq!(user["docNumber"], "1020304050");
    assert_eq!(user["name"], "Ana Pérez");
    assert_eq!(user["referred"], 77);
    assert_eq!(user["City"], json!({"id": 11001}));
    assert_eq!(user["State"], json!({"id": 11}));
    assert_eq!(user["CommerceType"], json!({"id": 5}));
    assert_eq!(request["body"]["_channel"], "paydesk");
    assert_eq!(request["body"]["_deviceKey"], "paydesk-desktop");

    let user = reply.value.user;
    assert_eq!(user.name, "Ana Pérez");
    assert_eq!(user.doc_number, "1020304050");
    assert!(user.token.expose().starts_with("sbx-"));
    assert_eq!(user.env, "sandbox");
    assert!(!user.privileges.is_empty());
    // The token is usable for later Family A calls.
    let mut settings = simulator.settings();
    settings.api_token = Some(user.token.clone());
    let own = Client::new(settings).unwrap();
    own.request_otp(1).await.unwrap();

    let again = client.register(&registration("ana@tienda.co")).await;
    assert_refused(again.unwrap_err(), "user.exists", 400, Refusal::Other);
}

#[tokio::test]
async fn method_list_and_unknown_type() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    let reply = client
        .list_methods(&MethodQuery {
            method_type: "LINK".into(),
            user_id: Some(1001),
        })
        .await
        .unwrap();
    let request = simulator.last_request("/api/v1/payments/method/list").await;
    assert_eq!(request["headers"]["authorization"], "sandbox-api-token");
    assert_eq!(
        request["body"]["data"],
        json!({"PaymentMethod": {"type": "LINK"}, "User": {"id": 1001}})
    );
    let ids: Vec<i64> = reply.value.payment_methods.iter().map(|m| m.id).collect();
    assert_eq!(ids, [4, 7, 8, 9]);
    assert!(reply.value.payment_methods.iter().all(|m| m.kind == "LINK"));
    // The icons are paths on the service's host; they load as images.
    for method in &reply.value.payment_methods {
        let bytes = client.fetch_asset(&method.icons[0].url).await.unwrap();
        let icon = image::load_from_memory(&bytes).unwrap();
        assert_eq!((icon.width(), icon.height()), (48, 48), "{}", method.name);
    }
    assert!(client.fetch_asset("/assets/icons/nope.png").await.is_err());

    let error = client
        .list_methods(&MethodQuery {
            method_type: "CRYPTO".into(),
            user_id: None,
        })
        .await
        .unwrap_err();
    assert_refused(
        error,
        "paymentMethod.type.notExist",
        400,
        Refusal::MethodTypeNotFound,
    );
}

fn request(method_id: i64, features: ResourceFeatures, amount: Option<i64>) -> ResourceRequest {
    ResourceRequest {
        method_id,
        features,
        bill: Bill {
            amount: amount.map(Pesos::new),
            tax: None,
            products: vec![],
            reference1: Some("CLIENTE-1".into()),
            reference2: None,
            reference3: None,
        },
        description: Some("Venta mostrador".into()),
        cellphone: None,
    }
}

#[tokio::test]
async fn every_resource_shape_goes_out_as_the_spec_shows() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    let payer = Payer {
        doc_type: "CC".into(),
        doc_number: "1020304050".into(),
        name: "Ana".into(),
        cellphone: "3001234567".into(),
        address: "Cra 1 # 2-3".into(),
        email: "ana@t.co".into(),
    };
    let mut with_products = request(2, ResourceFeatures::None, Some(30_000));
    with_products.bill.tax = Some(Pesos::new(4_790));
    with_products.bill.products = vec![Product {
        image: "/img/cafe.png".into(),
        name: "Café".into(),
        amount: Pesos::new(30_000),
        tax: Pesos::new(4_790),
        description: "Libra".into(),
    }];
    let mut method_10 = request(10, ResourceFeatures::None, Some(12_000));
    method_10.cellphone = Some("3001234567".into());
    let mut method_5 = request(5, ResourceFeatures::None, None);
    method_5.bill.reference2 = Some("MESA-4".into());
    method_5.bill.reference3 = Some("TURNO-2".into());
    let cases = vec![
        (
            request(
                1,
                ResourceFeatures::Commerce {
                    commerce_type_id: 3,
                    city_id: 11001,
                },
                Some(25_000),
            ),
            json!({"Commerce": {"Type": {"id": 3}, "City": {"id": 11001}}}),
        ),
        (with_products, json!({})),
        (request(3, ResourceFeatures::None, None), json!({})),
        (method_5, json!({})),
        (request(7, ResourceFeatures::None, Some(18_000)), json!({})),
        (
            request(
                8,
                ResourceFeatures::BankTransfer {
                    bank_id: 1007,
                    type_person: "0".into(),
                    payer,
                },
                Some(40_000),
            ),
            json!({"bank": 1007, "typePerson": "0", "People": {
                "docType": "CC", "docNumber": "1020304050", "name": "Ana",
                "cellphone": "3001234567", "address": "Cra 1 # 2-3", "email": "ana@t.co"}}),
        ),
        (method_10, json!({})),
        (
            request(
                11,
                ResourceFeatures::Info("ZW5jb2RlZA==".into()),
                Some(9_000),
            ),
            json!({"info": "ZW5jb2RlZA=="}),
        ),
    ];
    for (resource_request, features) in cases {
        assert!(resource_request.check().is_empty(), "{resource_request:?}");
        let reply = client.generate_resource(&resource_request).await.unwrap();
        let sent = simulator
            .last_request("/api/v1/payments/resource/generate")
            .await;
        let data = &sent["body"]["data"];
        let id = resource_request.method_id;
        assert_eq!(data["PaymentMethod"]["id"], id);
        assert_eq!(data["PaymentMethod"]["features"], features, "method {id}");
        assert_eq!(data["Bill"]["reference1"], "CLIENTE-1");
        assert_eq!(data["description"], "Venta mostrador");
        match id {
            3 | 5 => assert!(data["Bill"].get("amount").is_none()),
            _ => assert!(data["Bill"]["amount"].is_i64()),
        }
        if id == 2 {
            assert_eq!(data["Bill"]["tax"], 4_790);
            assert_eq!(data["Bill"]["Products"][0]["name"], "Café");
            assert_eq!(data["Bill"]["Products"][0]["amount"], 30_000);
        }
        if id == 5 {
            assert_eq!(data["Bill"]["reference2"], "MESA-4");
            assert_eq!(data["Bill"]["reference3"], "TURNO-2");
        }
        if id == 10 {
            assert_eq!(data["cellphone"], "3001234567");
        }
        let resource = reply.value.resource;
        assert_eq!(resource.kind, "SHARE");
        assert!(resource.url.contains(&resource.reference), "{resource:?}");
        assert!(!resource.data.is_empty());
        assert_eq!(resource.exp_date.len(), "YYYY-MM-DD HH:MM:SS".len());
        // The resource's transaction is pending and can be followed.
        let status = client.payment_status(&resource.reference).await.unwrap();
        assert_eq!(status.value.status.id(), 1);
    }
}

#[tokio::test]
async fn resource_errors_of_the_spec() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    let too_small = client
        .generate_resource(&request(2, ResourceFeatures::None, Some(500)))
        .await
        .unwrap_err();
    assert_refused(
        too_small,
        "transaction.cost.notSupport",
        400,
        Refusal::CostNotSupported,
    );

    let token = &simulator.connection().api_token;
    let (status, _) = simulator
        .control_post("/session", json!({"token": token, "privileges": []}))
        .await;
    assert_eq!(status, 204);
    let forbidden = client
        .generate_resource(&request(2, ResourceFeatures::None, Some(5_000)))
        .await
        .unwrap_err();
    assert_refused(forbidden, "auth.notPermission", 401, Refusal::NotPermitted);

    simulator
        .control_post("/session", json!({"token": token, "ended": true}))
        .await;
    let ended = client
        .generate_resource(&request(2, ResourceFeatures::None, Some(5_000)))
        .await
        .unwrap_err();
    assert!(ended.is_session_ended(), "{ended:?}");
    assert!(ended.to_string().contains("Sign in again"));

    // No token at all: refused before anything is sent.
    let mut settings = simulator.settings();
    settings.api_token = None;
    let before = simulator.requests().await.len();
    let error = Client::new(settings)
        .unwrap()
        .generate_resource(&request(2, ResourceFeatures::None, Some(5_000)))
        .await
        .unwrap_err();
    assert!(matches!(error, ApiError::MissingCredential(_)));
    assert_eq!(simulator.requests().await.len(), before);
}

#[tokio::test]
async fn checkout_variant_and_transaction_progress() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    let resource = client
        .generate_resource(&request(7, ResourceFeatures::None, Some(20_000)))
        .await
        .unwrap()
        .value
        .resource;
    let checkout = CheckoutRequest {
        method_id: 8,
        resource_id: resource.id.unwrap(),
        user_id: 1001,
        type_person: "0".into(),
        bank_id: Some(1007),
        doc_type: "CC".into(),
    };
    let reply = client.checkout(&checkout).await.unwrap();
    assert_eq!(reply.value.reference, resource.reference);
    assert!(
        reply.raw["reference"].is_i64(),
        "the spec's sample sends an integer"
    );
    let sent = simulator
        .last_request("/api/v1/payments/resource/generate")
        .await;
    assert_eq!(
        sent["body"]["data"],
        json!({
            "PaymentMethod": {"id": 8, "features": {}},
            "Resource": {"id": resource.id.unwrap()},
            "User": {"id": 1001},
            "typePerson": "0",
            "docType": "CC",
            "bank": 1007,
        })
    );

    let second = client.checkout(&checkout).await.unwrap_err();
    assert_refused(
        second,
        "transaction.progress",
        400,
        Refusal::TransactionInProgress,
    );
}

#[tokio::test]
async fn otp_and_bank_accounts() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    for reason in 1..=5 {
        let reply = client.request_otp(reason).await.unwrap();
        assert_eq!(reply.raw, json!({}));
        let sent = simulator.last_request("/api/v1/accounts/otp/get").await;
        assert_eq!(sent["body"]["data"], json!({"reason": {"id": reason}}));
    }

    client.request_otp(2).await.unwrap();
    let code = simulator.last_otp().await;
    let account = NewBankAccount {
        number: "123456789012".into(),
        otp: code.clone(),
        bank_id: 1007,
        type_id: 1,
    };
    let added = client.add_account(&account).await.unwrap().value.account;
    let sent = simulator.last_request("/api/v1/accounts/add").await;
    assert_eq!(
        sent["body"]["data"],
        json!({"account": {"number": "123456789012", "otp": code, "Bank": {"id": 1007}, "Type": {"id": 1}}})
    );
    assert_eq!(added.number, "********9012");
    assert_eq!(added.bank.unwrap().id, Some(1007));
    let account_id = added.id.unwrap();

    // A code is single use.
    let reused = client.add_account(&account).await.unwrap_err();
    assert_eq!(reused.code(), "otp.invalid");

    // Deleting needs a code for reason 3.
    client.request_otp(2).await.unwrap();
    let wrong_reason = simulator.last_otp().await;
    let refused = client
        .delete_account(account_id, Some(&wrong_reason))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), "otp.invalid");
    client.request_otp(3).await.unwrap();
    let code = simulator.last_otp().await;
    let reply = client
        .delete_account(account_id, Some(&code))
        .await
        .unwrap();
    assert_eq!(reply.raw, json!({}));
    let sent = simulator.last_request("/api/v1/accounts/delete").await;
    assert_eq!(
        sent["body"]["data"],
        json!({"account": {"id": account_id, "otp": code}})
    );
    let gone = client.delete_account(account_id, Some("123456")).await;
    assert_eq!(gone.unwrap_err().code(), "account.notFound");
}

#[tokio::test]
async fn a_static_qr_on_the_counter_takes_payment_after_payment_for_years() {
    let simulator = TestSimulator::start().await;
    let client = simulator.client();
    let resource = client
        .generate_resource(&request(3, ResourceFeatures::None, None))
        .await
        .unwrap()
        .value
        .resource;
    // Printed and left on the counter: it lives for years, not a day.
    let expires = time::PrimitiveDateTime::parse(
        &resource.exp_date,
        time::macros::format_description!("[year]-[month]-[day] [hour]:[minute]:[second]"),
    )
    .unwrap();
    let in_a_year = time::OffsetDateTime::now_utc() + time::Duration::days(365);
    assert!(
        expires.assume_utc() > in_a_year,
        "a static QR expiring {expires}"
    );
    // Payer after payer types an amount and pays; each payment is its own.
    for (amount, count) in [(12_000, 1), (4_500, 2), (30_000, 3)] {
        let (status, _) = simulator
            .control_post(
                &format!("/transactions/{}/outcome", resource.reference),
                json!({"outcome": "approve", "amount": amount}),
            )
            .await;
        assert_eq!(status, 200, "payment {count}");
        // Through "processing" to approved, every time.
        common::wait_for("the payment approved", || async {
            let record = client.payment_status(&resource.reference).await.ok()?.value;
            (record.status == paydesk::api::TransactionStatus::Approved).then_some(())
        })
        .await;
    }
    let transactions = simulator.transactions().await;
    let qr = transactions
        .iter()
        .find(|t| t["reference"] == resource.reference.as_str())
        .unwrap();
    assert_eq!(qr["payments"], 3, "{qr}");
    assert_eq!(qr["amount"], 30_000, "the last payer's amount: {qr}");
}
