//! The current methods in the app, as a cashier uses them: a Bre-B key and an interoperable QR
//! on the Collect panel, and a payout to a Bre-B key. Bad values show their message and send
//! nothing; what is sent carries exactly the method's fields.

mod common;

use common::ui::{App, click, pick_method, shows, type_into, wait_until};
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

#[test]
fn a_bre_b_key_asks_for_its_fields_and_lives_ten_minutes() {
    let app = App::new();
    let mut harness = app.harness();
    pick_method(&mut harness, "Llave Bre-B");
    wait_until(&mut harness, "the Bre-B fields", |h| {
        h.query_by_label("Id de comercio (Bre-B)").is_some()
    });
    // No expiry to choose: the service gives a key ten minutes.
    assert!(shows(&harness, "10 min"));
    assert!(harness.query_by_label("Vence en").is_some());
    assert!(shows(&harness, "se puede pagar más de una vez"));

    type_into(&mut harness, "Valor", "15.000");
    type_into(&mut harness, "Celular del pagador", "300 123 4567");
    type_into(&mut harness, "Número de documento", "12");
    assert!(shows(&harness, "Para continuar:"));
    assert!(shows(
        &harness,
        "• Id de comercio (Bre-B): este campo es obligatorio"
    ));
    assert!(shows(&harness, "• Número de documento:"));
    click(&mut harness, "Crear pago");
    assert_eq!(app.requests_to(&harness, METHOD_PAYMENT), 0);

    type_into(&mut harness, "Número de documento", "1020304050");
    type_into(&mut harness, "Id de comercio (Bre-B)", "TIENDA123");
    click(&mut harness, "Crear pago");
    wait_until(&mut harness, "the key is created", |h| {
        shows(h, "Pago con Llave Bre-B creado")
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
    pick_method(&mut harness, "QR interoperable");
    wait_until(&mut harness, "the QR's optional fields", |h| {
        h.query_by_label("Celular del pagador (opcional)").is_some()
    });
    assert!(shows(&harness, "Hoy a las 11:59 p. m."));
    type_into(&mut harness, "Valor", "8.500");
    // An optional field with a bad value still stops the form.
    type_into(
        &mut harness,
        "Celular del pagador (opcional)",
        "601 123 4567",
    );
    assert!(shows(&harness, "empieza por 3"));
    click(&mut harness, "Crear pago");
    assert_eq!(app.requests_to(&harness, METHOD_PAYMENT), 0);

    type_into(&mut harness, "Celular del pagador (opcional)", "");
    click(&mut harness, "Crear pago");
    wait_until(&mut harness, "the QR is created", |h| {
        shows(h, "Pago con QR interoperable creado")
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
    type_into(&mut harness, "Valor", "20.000");
    type_into(&mut harness, "Alias Bre-B de quien recibe", "TIENDA 123");
    assert!(shows(&harness, "el servicio solo envía a un alias Bre-B"));
    type_into(&mut harness, "Alias Bre-B de quien recibe", "@TIENDA123");
    click(&mut harness, "Revisar dispersión…");
    wait_until(&mut harness, "the confirmation", |h| {
        shows(h, "Confirme la dispersión")
    });
    assert!(shows(&harness, "@TIENDA123"));
    click(&mut harness, "Enviar $ 20.000");
    wait_until(&mut harness, "the payout is sent", |h| {
        shows(h, "Dispersión de $ 20.000 a @TIENDA123 enviada")
    });
    let sent = last_sent(&app, &harness, WITHDRAW);
    assert_eq!(
        sent["body"]["withdrawMethod"],
        serde_json::json!({"id": 264, "key": "@TIENDA123"})
    );
    assert_eq!(app.requests_to(&harness, WITHDRAW), 1);
}
