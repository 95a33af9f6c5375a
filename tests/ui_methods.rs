//! The current methods in the app, as a cashier uses them: a Bre-B key and an interoperable QR
//! on the Collect panel, and a payout to a Bre-B key. Bad values show their message and send
//! nothing; what is sent carries exactly the method's fields.

mod common;

use common::ui::{App, click, shows, type_into, wait_until};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use paydesk::ui::{Panel, PaydeskApp};
use serde_json::Value;

const METHOD_PAYMENT: &str = "/pay/cash-in/generate/payment-method/token";
const WITHDRAW: &str = "/pay/cash-out/generate/withdraw-method/token";

fn last_sent(app: &App, harness: &Harness<'_, PaydeskApp>, path: &str) -> Value {
    let sent = app.get(format!("{}/requests", app.control(harness)));
    sent.as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|r| r["path"] == path)
        .unwrap()
        .clone()
}

fn pick_method(harness: &mut Harness<'_, PaydeskApp>, name: &str) {
    harness.state_mut().show_panel(Panel::Collect);
    click(harness, "One method");
    harness.get_by_label("Method").click();
    harness.step();
    harness.step();
    click(harness, name);
}

#[test]
fn a_bre_b_key_asks_for_its_fields_and_lives_ten_minutes() {
    let app = App::new();
    let mut harness = app.harness();
    pick_method(&mut harness, "Bre-B key");
    wait_until(&mut harness, "the Bre-B fields", |h| {
        h.query_by_label("Merchant id (Bre-B)").is_some()
    });
    // No expiry to choose: the service gives a key ten minutes.
    assert!(shows(&harness, "10 min"));
    assert!(harness.query_by_label("Expires in").is_some());
    assert!(shows(&harness, "can be paid more than once"));

    type_into(&mut harness, "Amount", "15.000");
    type_into(&mut harness, "Payer cellphone", "300 123 4567");
    type_into(&mut harness, "Document number", "12");
    assert!(shows(&harness, "To continue:"));
    assert!(shows(
        &harness,
        "• Merchant id (Bre-B): this field is required"
    ));
    assert!(shows(&harness, "• Document number:"));
    click(&mut harness, "Create payment");
    assert_eq!(app.requests_to(&harness, METHOD_PAYMENT), 0);

    type_into(&mut harness, "Document number", "1020304050");
    type_into(&mut harness, "Merchant id (Bre-B)", "TIENDA123");
    click(&mut harness, "Create payment");
    wait_until(&mut harness, "the key is created", |h| {
        shows(h, "Bre-B key payment created")
    });
    let sent = last_sent(&app, &harness, METHOD_PAYMENT);
    assert_eq!(
        sent["body"]["paymentMethod"],
        serde_json::json!({"id": 250, "cellphone": "3001234567", "docType": "CC", "docNumber": "1020304050", "merchantId": "TIENDA123"})
    );
    assert!(sent["body"].get("expiresIn").is_none());
}

#[test]
fn an_interoperable_qr_needs_only_the_amount() {
    let app = App::new();
    let mut harness = app.harness();
    pick_method(&mut harness, "Interoperable QR");
    wait_until(&mut harness, "the QR's optional fields", |h| {
        h.query_by_label("Payer cellphone (optional)").is_some()
    });
    assert!(shows(&harness, "Today at 11:59 p.m."));
    type_into(&mut harness, "Amount", "8.500");
    // An optional field with a bad value still stops the form.
    type_into(&mut harness, "Payer cellphone (optional)", "601 123 4567");
    assert!(shows(&harness, "starts with 3"));
    click(&mut harness, "Create payment");
    assert_eq!(app.requests_to(&harness, METHOD_PAYMENT), 0);

    type_into(&mut harness, "Payer cellphone (optional)", "");
    click(&mut harness, "Create payment");
    wait_until(&mut harness, "the QR is created", |h| {
        shows(h, "Interoperable QR payment created")
    });
    let sent = last_sent(&app, &harness, METHOD_PAYMENT);
    assert_eq!(
        sent["body"]["paymentMethod"],
        serde_json::json!({"id": 248}),
        "optional fields left empty are not sent"
    );
    assert_eq!(sent["body"]["amount"], 8_500);
    assert!(sent["body"].get("expiresIn").is_none());
}

#[test]
fn a_payout_to_a_bre_b_key() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Payouts);
    harness.step();
    click(&mut harness, "Bre-B key (264)");
    type_into(&mut harness, "Amount", "20.000");
    type_into(&mut harness, "Bre-B key", "TIENDA 123");
    assert!(shows(&harness, "use a Bre-B key"));
    type_into(&mut harness, "Bre-B key", "@TIENDA123");
    click(&mut harness, "Review payout…");
    wait_until(&mut harness, "the confirmation", |h| {
        shows(h, "Confirm the payout")
    });
    assert!(shows(&harness, "@TIENDA123"));
    click(&mut harness, "Send $ 20.000");
    wait_until(&mut harness, "the payout is sent", |h| {
        shows(h, "Payout of $ 20.000 to @TIENDA123 sent")
    });
    let sent = last_sent(&app, &harness, WITHDRAW);
    assert_eq!(
        sent["body"]["withdrawMethod"],
        serde_json::json!({"id": 264, "key": "@TIENDA123"})
    );
    assert_eq!(app.requests_to(&harness, WITHDRAW), 1);
}
