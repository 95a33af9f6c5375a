//! One sale, whatever pays it, at the counter (issue 51), as the people at the till do it
//! (kittest, the real app against its built-in simulator over loopback): what was sold line by
//! line, typed or picked from the shop's frequent items (kept in the books for every till, taken
//! off by the owner); «Fiar» as a way to pay, from the link form and from Efectivo; part in cash
//! and the rest by a QR the service approves, or on the customer's tab; a QR the service refuses
//! leaving the sale open and the rest charged in cash; every refusal in words with nothing
//! written; and what the customer sees of a cash sale, a mixed one and a return, on the customer
//! screen and on a display of its own.

mod common;

use std::sync::Arc;

use common::ui::{
    App, click, click_until, harness_with_monitors, shows, text_input, type_into, wait_until,
};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use paydesk::ledger::{Ledger, NewCustomer, PartWay, SaleNumber, SaleRecord, SaleState};
use paydesk::money::Pesos;
use paydesk::ui::display::{Monitor, Showing};
use paydesk::ui::{Panel, PaydeskApp};
use serde_json::json;

const OWNER_PIN: &str = "4826";

fn books(harness: &Harness<'_, PaydeskApp>) -> Arc<Ledger> {
    let session = harness.state().session().cloned().expect("a session");
    session.ledger.clone().expect("the books")
}

fn sale(harness: &Harness<'_, PaydeskApp>, number: &str) -> SaleRecord {
    let number: SaleNumber = number.parse().expect("a number");
    books(harness).sale_by_number(number).expect("the sale")
}

fn field_value(harness: &Harness<'_, PaydeskApp>, label: &str) -> String {
    harness
        .get_by(text_input(label))
        .value()
        .unwrap_or_default()
}

fn open_shift(harness: &Harness<'_, PaydeskApp>) {
    books(harness)
        .open_shift(&common::anyone(), Pesos::ZERO, paydesk::ledger::now_ms())
        .expect("the shift opens");
}

/// Rosa, kept in the books with her authorisation (and `limit`, the owner's).
fn rosa(harness: &Harness<'_, PaydeskApp>, limit: Option<i64>) -> i64 {
    let owner = paydesk::ledger::activity::Actor::new(paydesk::ledger::activity::Role::Owner, "");
    books(harness)
        .add_tab_customer(
            &owner,
            &NewCustomer {
                name: "Rosa Pérez".into(),
                cellphone: "3001234567".into(),
                document: String::new(),
                limit: limit.map(Pesos::new),
                consent_how: "De palabra, en la tienda".into(),
            },
            false,
            paydesk::ledger::now_ms(),
        )
        .expect("Rosa is kept")
        .id
}

fn owed_by(harness: &Harness<'_, PaydeskApp>, customer: i64) -> i64 {
    books(harness)
        .tab_statement(customer)
        .expect("her statement")
        .balance
        .signed()
}

fn to_cash(harness: &mut Harness<'_, PaydeskApp>) {
    harness.state_mut().show_panel(Panel::Collect);
    harness.run_steps(4);
    // The mode's tab comes first: a sale's card below may name «Efectivo» too.
    harness
        .query_all_by_label("Efectivo")
        .next()
        .expect("Efectivo")
        .click();
    harness.run_steps(2);
    wait_until(harness, "the cash form knows the drawer", |h| {
        shows(h, "Registrar venta en efectivo")
    });
}

fn settle(app: &App, harness: &Harness<'_, PaydeskApp>, reference: &str, outcome: &str) {
    let control = app.control(harness);
    let status = app.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({ "outcome": outcome }),
    );
    assert_eq!(status, 200, "the simulator takes the outcome {outcome}");
}

/// The newest payment the till follows: a sale's charge just made.
fn newest_charge(harness: &Harness<'_, PaydeskApp>) -> String {
    harness.state().tracker().payments[0].reference.clone()
}

/// In Efectivo: the sale's amount and what the customer hands over, short of it.
fn cash_short(harness: &mut Harness<'_, PaydeskApp>, amount: &str, tendered: &str) {
    to_cash(harness);
    type_into(harness, "Valor", amount);
    type_into(harness, "¿Con cuánto paga?", tendered);
}

#[test]
fn lines_typed_and_picked_from_the_frequent_items_go_with_the_sale() {
    let app = App::new();
    let mut harness = app.harness();
    harness.run_steps(2);
    click(&mut harness, "Productos (opcional)");
    assert!(shows(&harness, "Todavía no hay productos frecuentes"));

    // A line typed whole, then one kept as a frequent item where the cashier sells.
    type_into(&mut harness, "Producto", "Arroz Diana");
    type_into(&mut harness, "Cantidad", "2");
    type_into(&mut harness, "Precio de uno", "3.500");
    click(&mut harness, "Agregar producto");
    wait_until(&mut harness, "the line and its sum as the amount", |h| {
        shows(h, "2 × $ 3.500") && field_value(h, "Valor") == "$ 7.000"
    });
    type_into(&mut harness, "Producto", "Aceite");
    type_into(&mut harness, "Precio de uno", "9.000");
    click(&mut harness, "Guardar en frecuentes");
    wait_until(&mut harness, "the item is kept", |h| {
        shows(h, "Aceite · $ 9.000")
    });
    // A bad line is said and not added; the amount is not typed while there are lines.
    type_into(&mut harness, "Cantidad", "1,5");
    assert!(shows(
        &harness,
        "Escriba cuántos: un número entero de 1 a 999"
    ));
    type_into(&mut harness, "Cantidad", "");
    type_into(&mut harness, "Producto", "");
    type_into(&mut harness, "Precio de uno", "");

    // Every till's books hold the item: another window of the same books reads it.
    let path = app.home.path().join("data").join("ledger.sqlite3");
    let other = Ledger::open(&path).expect("another view of the books");
    let items = other.frequent_items().expect("the items");
    assert_eq!(items.len(), 1);
    assert_eq!(
        (items[0].description.as_str(), items[0].unit_price),
        ("Aceite", Pesos::new(9_000))
    );

    // Picked twice: one line of two.
    click(&mut harness, "Aceite · $ 9.000");
    click(&mut harness, "Aceite · $ 9.000");
    wait_until(&mut harness, "the sum of both lines", |h| {
        field_value(h, "Valor") == "$ 25.000"
    });
    click(&mut harness, "Crear link de pago");
    wait_until(&mut harness, "the link's card names its sale", |h| {
        shows(h, "Link de pago creado") && shows(h, "Venta 1-000001")
    });
    let made = sale(&harness, "1-000001");
    assert_eq!(made.amount, Some(Pesos::new(25_000)));
    let lines: Vec<_> = made
        .lines
        .iter()
        .map(|line| {
            (
                line.description.as_str(),
                line.quantity,
                line.unit_price.get(),
            )
        })
        .collect();
    assert_eq!(lines, [("Arroz Diana", 2, 3_500), ("Aceite", 2, 9_000)]);
    assert_eq!(
        made.lines[1].item,
        Some(items[0].id),
        "picked from the list"
    );
    assert_eq!(
        made.state(),
        SaleState::Waiting {
            missing: Pesos::new(25_000)
        }
    );
    // The lines went with the sale: the next one starts with none.
    assert!(shows(&harness, "Productos (opcional)"));

    // No PIN is set: the person at the till is the owner, and takes the item off the list.
    click(&mut harness, "Quitar productos frecuentes (dueño)");
    click(&mut harness, "Quitar Aceite de frecuentes");
    wait_until(&mut harness, "the list is empty again", |h| {
        shows(h, "Todavía no hay productos frecuentes")
    });
    assert!(other.frequent_items().expect("the items").is_empty());
    assert_eq!(
        sale(&harness, "1-000001").lines.len(),
        2,
        "the sale keeps its lines"
    );
}

#[test]
fn fiar_from_efectivo_takes_a_deposit_in_cash_and_the_rest_on_the_tab() {
    let app = App::new();
    let mut harness = app.harness();
    open_shift(&harness);
    let customer = rosa(&harness, None);
    cash_short(&mut harness, "40.000", "10.000");
    assert!(shows(&harness, "Cobrar el resto ($ 30.000):"));
    click(&mut harness, "Fiar el resto");
    wait_until(&mut harness, "Fiar, with the cash as the deposit", |h| {
        shows(h, "Al fiado: $ 30.000") && shows(h, "Rosa Pérez")
    });
    assert_eq!(field_value(&harness, "Valor"), "$ 40.000");
    click(&mut harness, "Rosa Pérez");
    click(&mut harness, "Fiar $ 30.000 a Rosa Pérez");
    wait_until(&mut harness, "the sale's card", |h| {
        shows(h, "Venta 1-000001 · Vendida al fiado")
    });
    assert!(shows(&harness, "fiado a Rosa Pérez"));
    let made = sale(&harness, "1-000001");
    assert_eq!(made.state(), SaleState::Paid);
    assert_eq!(made.ways(), [PartWay::Cash, PartWay::Tab]);
    assert_eq!(owed_by(&harness, customer), 30_000);
    let drawer = books(&harness).open_shift_here().unwrap().expect("open");
    assert_eq!(drawer.entries.len(), 1, "the deposit went into the drawer");

    // A deposit that covers the sale is no fiado: said, and the button waits.
    click(&mut harness, "Fiar");
    type_into(&mut harness, "Valor", "5.000");
    type_into(&mut harness, "Abono en efectivo (opcional)", "5.000");
    assert!(shows(&harness, "El abono cubre toda la venta de $ 5.000"));
}

#[test]
fn part_cash_part_qr_turns_paid_when_the_service_approves_the_qr() {
    let app = App::new();
    let mut harness = app.harness();
    open_shift(&harness);
    cash_short(&mut harness, "40.000", "20.000");
    click(&mut harness, "Resto por QR");
    wait_until(&mut harness, "the sale's card with its QR", |h| {
        shows(h, "Venta 1-000001 · Esperando el pago") && shows(h, "Código QR creado")
    });
    let reference = newest_charge(&harness);
    let waiting = sale(&harness, "1-000001");
    assert_eq!(
        waiting.state(),
        SaleState::Waiting {
            missing: Pesos::new(20_000)
        }
    );
    assert_eq!(waiting.ways(), [PartWay::Service, PartWay::Cash]);

    // The customer sees what was paid in cash above what the QR asks.
    click(&mut harness, "Mostrar al cliente");
    assert!(shows(&harness, "Pagado en efectivo: $ 20.000"));
    assert!(shows(
        &harness,
        "Escanee con la app de su banco o billetera"
    ));
    settle(&app, &harness, &reference, "approve");
    wait_until(&mut harness, "the customer sees it paid", |h| {
        shows(h, "¡Pago recibido!")
    });
    wait_until(&mut harness, "the card says the sale is paid", |h| {
        shows(h, "Venta 1-000001 · Pagada")
    });
    assert_eq!(sale(&harness, "1-000001").state(), SaleState::Paid);
}

#[test]
fn a_qr_the_service_refuses_leaves_the_sale_open_and_the_rest_is_charged_in_cash() {
    let app = App::new();
    let mut harness = app.harness();
    open_shift(&harness);
    cash_short(&mut harness, "30.000", "10.000");
    click(&mut harness, "Resto por QR");
    wait_until(&mut harness, "the QR", |h| shows(h, "Código QR creado"));
    let reference = newest_charge(&harness);
    settle(&app, &harness, &reference, "decline");
    wait_until(&mut harness, "the sale is open for the rest", |h| {
        shows(h, "Falta cobrar $ 20.000")
    });
    assert_eq!(
        sale(&harness, "1-000001").state(),
        SaleState::Open {
            missing: Pesos::new(20_000)
        }
    );
    click(&mut harness, "Cobrar lo que falta en efectivo");
    wait_until(&mut harness, "Efectivo takes what is missing", |h| {
        shows(h, "Lo que falta de la venta 1-000001: $ 20.000")
    });
    assert_eq!(field_value(&harness, "Valor"), "$ 20.000");
    click(&mut harness, "Exacto");
    click(&mut harness, "Registrar venta en efectivo");
    wait_until(&mut harness, "the sale is paid", |h| {
        shows(h, "Venta 1-000001 · Pagada")
    });
    let paid = sale(&harness, "1-000001");
    assert_eq!(paid.state(), SaleState::Paid);
    assert_eq!(paid.parts.len(), 3, "cash, the QR declined, cash again");

    // The service refuses to make the next QR at all: the sale stays open, said on its card.
    let control = app.control(&harness);
    app.post(
        format!("{control}/faults"),
        json!({"route": "/payments/resource/generate", "mode": "server-error", "times": 1}),
    );
    cash_short(&mut harness, "8.000", "3.000");
    click(&mut harness, "Resto por QR");
    wait_until(&mut harness, "the service's refusal on the card", |h| {
        shows(h, "El servicio no hizo el cobro del resto") && shows(h, "Falta cobrar $ 5.000")
    });
    assert_eq!(
        sale(&harness, "1-000002").state(),
        SaleState::Open {
            missing: Pesos::new(5_000)
        }
    );
}

fn set_owner_pin(harness: &mut Harness<'_, PaydeskApp>) {
    wait_until(harness, "the people are read", |h| {
        h.state().access().people().is_some()
    });
    harness.state_mut().show_panel(Panel::Settings);
    harness.run_steps(2);
    for label in ["PIN nuevo", "Repita el PIN"] {
        harness.run_steps(2);
        harness.get_by(text_input(label)).scroll_to_me();
        harness.run_steps(2);
        type_into(harness, label, OWNER_PIN);
    }
    harness.get_by_label("Poner PIN del dueño").scroll_to_me();
    click_until(
        harness,
        "Poner PIN del dueño",
        "the PIN is set and the till is in Caja",
        |h| h.state().access().in_caja(),
    );
    harness.run_steps(2);
}

#[test]
fn over_a_limit_fiado_needs_the_owner_and_the_link_form_fiar_ends_in_a_sale() {
    let app = App::new();
    let mut harness = app.harness();
    set_owner_pin(&mut harness);
    let customer = rosa(&harness, Some(20_000));
    harness.state_mut().show_panel(Panel::Collect);
    harness.run_steps(2);
    // In Caja the frequent items are taken off by the owner only.
    click(&mut harness, "Productos (opcional)");
    assert!(!shows(&harness, "Quitar productos frecuentes (dueño)"));

    // From the link form: «Fiar a…» carries the sale to Fiar.
    type_into(&mut harness, "Valor", "25.000");
    type_into(&mut harness, "¿Qué vende?", "Mercado");
    click(&mut harness, "Fiar a…");
    wait_until(&mut harness, "Fiar, with the sale", |h| {
        shows(h, "¿A quién se le fía?") && shows(h, "Rosa Pérez")
    });
    click(&mut harness, "Rosa Pérez");
    click(&mut harness, "Fiar $ 25.000 a Rosa Pérez");
    wait_until(&mut harness, "the limit, in the books' words", |h| {
        shows(h, "Pasa el cupo de $ 20.000")
    });
    assert_eq!(owed_by(&harness, customer), 0, "nothing written");
    assert!(
        books(&harness)
            .sales_between(0, i64::MAX)
            .unwrap()
            .is_empty()
    );

    click(&mut harness, "Con el PIN del dueño");
    wait_until(&mut harness, "the owner's PIN is asked", |h| {
        h.query_by(text_input("PIN")).is_some()
    });
    type_into(&mut harness, "PIN", OWNER_PIN);
    click(&mut harness, "Entrar");
    wait_until(&mut harness, "the owner's sale", |h| {
        shows(h, "Venta 1-000001 · Vendida al fiado")
    });
    assert_eq!(owed_by(&harness, customer), 25_000);
    let made = sale(&harness, "1-000001");
    assert_eq!(made.by.role, paydesk::ledger::activity::Role::Owner);
    assert_eq!(made.description, "Mercado");
}

fn two_monitors() -> Vec<Monitor> {
    let monitor = |name: &str, x, width, height, primary| Monitor {
        name: name.into(),
        x,
        y: 0,
        width,
        height,
        primary,
    };
    vec![
        monitor("HDMI-1", 0, 1920, 1080, true),
        monitor("HDMI-2", 1920, 1366, 768, false),
    ]
}

fn showing(harness: &Harness<'_, PaydeskApp>) -> Option<Showing> {
    harness.state().customer_display().showing()
}

#[test]
fn the_display_says_a_cash_sale_with_its_change_a_mixed_sale_and_a_return() {
    let app = App::new();
    let mut harness = harness_with_monitors(&app, two_monitors());
    // Here the display is a window in the corner of the cashier's (kittest has one window):
    // wide enough that it covers none of the till's buttons.
    harness.set_size(egui::vec2(1900.0, 1100.0));
    open_shift(&harness);
    to_cash(&mut harness);
    type_into(&mut harness, "Valor", "15.000");
    click(&mut harness, "$ 20.000");
    click(&mut harness, "Registrar venta en efectivo");
    wait_until(&mut harness, "the sale's card", |h| {
        shows(h, "Venta 1-000001 · Pagada")
    });
    click(&mut harness, "Mostrar al cliente");
    wait_until(&mut harness, "the display says the sale", |h| {
        matches!(showing(h), Some(Showing::Sold { .. }))
            && shows(h, "Vueltas: $ 5.000")
            && shows(h, "Recibido: $ 20.000")
    });
    assert!(shows(&harness, "Total de la compra"));

    // Goods given back: the cash return of its part is said while the sale is on display.
    let made = sale(&harness, "1-000001");
    books(&harness)
        .return_in_cash(
            &common::anyone(),
            made.id,
            made.parts[0].id,
            Pesos::new(5_000),
            "Devolvió una bolsa",
            paydesk::ledger::now_ms(),
        )
        .expect("the cash return");
    wait_until(&mut harness, "the display says the return", |h| {
        h.state().customer_display().returned().as_deref()
            == Some("Devolución: $ 5.000 en efectivo")
    });

    // A mixed sale: what was paid in cash above what the QR asks.
    cash_short(&mut harness, "40.000", "20.000");
    click(&mut harness, "Resto por link");
    wait_until(&mut harness, "the link of the rest", |h| {
        shows(h, "Link de pago creado")
    });
    click(&mut harness, "Mostrar al cliente");
    wait_until(&mut harness, "the mixed sale on display", |h| {
        matches!(showing(h), Some(Showing::Sale { .. }))
    });
    match showing(&harness) {
        Some(Showing::Sale { amount, sale, .. }) => {
            assert_eq!(amount, Some(Pesos::new(20_000)), "the QR asks the rest");
            assert_eq!(sale.total, Some(Pesos::new(40_000)));
            assert_eq!(
                sale.paid,
                [paydesk::ui::customer::PaidHere::Cash {
                    amount: Pesos::new(20_000),
                    received: Pesos::new(20_000),
                    change: Pesos::ZERO,
                }]
            );
        }
        other => panic!("the mixed sale is on display: {other:?}"),
    }
    wait_until(&mut harness, "the display draws it", |h| {
        shows(h, "Pagado en efectivo: $ 20.000")
    });
}

#[test]
fn the_customer_screen_says_a_cash_sale_and_comes_back_by_itself() {
    let app = App::new();
    let mut harness = app.harness();
    open_shift(&harness);
    to_cash(&mut harness);
    type_into(&mut harness, "Valor", "15.000");
    click(&mut harness, "$ 20.000");
    click(&mut harness, "Registrar venta en efectivo");
    wait_until(&mut harness, "the sale's card", |h| {
        shows(h, "Venta en efectivo registrada") && shows(h, "Venta 1-000001 · Pagada")
    });
    click(&mut harness, "Mostrar al cliente");
    for words in [
        "Total de la compra",
        "$ 15.000",
        "Recibido: $ 20.000",
        "Vueltas: $ 5.000",
        "¡Gracias por su compra!",
    ] {
        assert!(shows(&harness, words), "{words}");
    }
    assert!(
        !shows(&harness, "Escanee con la app"),
        "nothing to scan: paid in cash"
    );
    wait_until(&mut harness, "the till comes back", |h| {
        shows(h, "Registrar venta en efectivo")
    });
}
