//! The customer display of its own, as a cashier with two monitors lives it: *Mostrar al
//! cliente* puts the sale on the customer's monitor while her window stays the till; the
//! display follows the payment (the amount and the QR, "¡Pago recibido!" or the refusal in the
//! customer's words) and goes back to the shop's name. Driven through the real app against its
//! simulator; the display's window is egui's embedded one here (kittest has one window), drawn
//! by the same code as the real second window (`tests/display_two_monitors.rs` opens that one
//! under X).

mod common;

use common::ui::{App, click, create_link, harness_with_monitors, shows, type_into, wait_until};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use paydesk::api::TransactionStatus;
use paydesk::money::Pesos;
use paydesk::ui::PaydeskApp;
use paydesk::ui::display::{Monitor, Showing};
use serde_json::json;

const SHOP: &str = "Tienda Demo";

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

fn settle(app: &App, harness: &Harness<'_, PaydeskApp>, reference: &str, outcome: &str) {
    let control = app.control(harness);
    let status = app.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({ "outcome": outcome }),
    );
    assert_eq!(status, 200, "the simulator takes the outcome {outcome}");
}

fn field_value(harness: &Harness<'_, PaydeskApp>, label: &str) -> String {
    harness
        .get_by(common::ui::text_input(label))
        .value()
        .unwrap_or_default()
}

#[test]
fn the_display_shows_the_shop_then_the_sale_then_paid_then_the_shop_again() {
    let app = App::new();
    let mut harness = harness_with_monitors(&app, two_monitors());
    harness.run_steps(2);
    assert_eq!(showing(&harness), Some(Showing::Idle { shop: SHOP.into() }));
    let reference = create_link(&mut harness, "35.000");
    click(&mut harness, "Mostrar al cliente");
    assert!(harness.state().customer_display().is_open());
    match showing(&harness) {
        Some(Showing::Sale {
            amount, qr_text, ..
        }) => {
            assert_eq!(amount, Some(Pesos::new(35_000)));
            let link = harness
                .state()
                .tracker()
                .find(&reference)
                .unwrap()
                .url
                .clone();
            assert!(!link.is_empty());
            assert_eq!(qr_text, link, "the display's QR is this sale's link");
        }
        other => panic!("the sale is on display: {other:?}"),
    }
    wait_until(&mut harness, "the display's window draws the sale", |h| {
        shows(h, "Escanee con la app de su banco o billetera")
    });
    assert!(harness.query_by_label("Código QR de pago").is_some());

    // The cashier's window is still the till: the next sale is typed while the customer pays.
    assert!(shows(&harness, "Link de pago creado"));
    click(&mut harness, "Nueva venta");
    type_into(&mut harness, "Valor", "12.000");
    assert!(field_value(&harness, "Valor").contains("12.000"));
    assert!(
        matches!(showing(&harness), Some(Showing::Sale { .. })),
        "the display keeps the sale being paid"
    );

    settle(&app, &harness, &reference, "approve");
    wait_until(
        &mut harness,
        "the customer sees the payment received",
        |h| shows(h, "¡Pago recibido!"),
    );
    assert_eq!(
        showing(&harness),
        Some(Showing::Ended {
            state: TransactionStatus::Approved,
            amount: Some(Pesos::new(35_000)),
            reason: None,
        })
    );
    assert!(harness.query_by_label("Código QR de pago").is_none());
    assert!(
        field_value(&harness, "Valor").contains("12.000"),
        "the next sale waits"
    );

    wait_until(&mut harness, "the display goes back to the shop", |h| {
        showing(h) == Some(Showing::Idle { shop: SHOP.into() })
    });
    harness.run_steps(2);
    assert!(shows(&harness, SHOP));
    assert!(shows(&harness, "Aquí verá el valor a pagar"));
    assert!(
        harness.state().customer_display().is_open(),
        "reused for the next sale"
    );

    // The next sale goes to the same display.
    click(&mut harness, "Crear link de pago");
    wait_until(&mut harness, "the second link", |h| {
        h.state().tracker().payments.len() == 2
    });
    click(&mut harness, "Mostrar al cliente");
    assert!(matches!(
        showing(&harness),
        Some(Showing::Sale {
            amount: Some(amount),
            ..
        }) if amount == Pesos::new(12_000)
    ));
}

#[test]
fn a_refusal_is_said_in_the_customers_words_with_the_services_reason() {
    let app = App::new();
    let mut harness = harness_with_monitors(&app, two_monitors());
    let reference = create_link(&mut harness, "18.500");
    click(&mut harness, "Mostrar al cliente");
    settle(&app, &harness, &reference, "decline");
    wait_until(&mut harness, "the customer sees the decline", |h| {
        shows(h, "El pago fue rechazado")
    });
    assert!(shows(&harness, "No se le cobró nada"));
    assert!(!shows(&harness, "Escanee con la app"));
    wait_until(&mut harness, "the service's reason, once notified", |h| {
        matches!(
            showing(h),
            Some(Showing::Ended {
                reason: Some(_),
                ..
            })
        )
    });
    match showing(&harness) {
        Some(Showing::Ended { state, amount, .. }) => {
            assert_eq!(state, TransactionStatus::Rejected);
            assert_eq!(amount, Some(Pesos::new(18_500)));
        }
        other => panic!("{other:?}"),
    }
    assert!(shows(&harness, "La entidad del pagador rechazó"));
    // No button on the customer's screen: "Cobrar de nuevo" is the cashier's, in her window.
    assert!(harness.query_by_label("Cobrar de nuevo").is_none());
}

#[test]
fn closing_the_display_loses_no_sale() {
    let app = App::new();
    let mut harness = harness_with_monitors(&app, two_monitors());
    let reference = create_link(&mut harness, "27.000");
    click(&mut harness, "Mostrar al cliente");
    assert!(harness.state().customer_display().is_open());
    // Its window closed (Escape on it) while the customer is paying.
    harness.key_press(egui::Key::Escape);
    wait_until(&mut harness, "the display closes", |h| {
        !h.state().customer_display().is_open()
    });
    assert!(!shows(&harness, "Escanee con la app"));

    settle(&app, &harness, &reference, "approve");
    wait_until(
        &mut harness,
        "the cashier's window shows the approval",
        |h| shows(h, "Pago aprobado: $ 27.000"),
    );
    assert_eq!(
        harness
            .state()
            .tracker()
            .find(&reference)
            .and_then(|p| p.status),
        Some(TransactionStatus::Approved)
    );
}

#[test]
fn the_cashier_takes_an_abandoned_sale_off_the_display() {
    let app = App::new();
    let mut harness = harness_with_monitors(&app, two_monitors());
    let reference = create_link(&mut harness, "18.000");
    click(&mut harness, "Mostrar al cliente");
    assert!(matches!(showing(&harness), Some(Showing::Sale { .. })));
    // The customer left without paying: the QR must not wait there for the next one to scan.
    click(&mut harness, "Quitar de la pantalla del cliente");
    wait_until(&mut harness, "the display is idle again", |h| {
        matches!(showing(h), Some(Showing::Idle { .. }))
    });
    assert!(!shows(&harness, "Quitar de la pantalla del cliente"));
    // Still followed at the till: a late payment is not lost.
    settle(&app, &harness, &reference, "approve");
    wait_until(&mut harness, "the till shows the late approval", |h| {
        h.state().tracker().find(&reference).and_then(|p| p.status)
            == Some(TransactionStatus::Approved)
    });
    assert!(matches!(showing(&harness), Some(Showing::Idle { .. })));
}

#[test]
fn with_one_monitor_the_whole_window_is_the_customer_screen_as_before() {
    let app = App::new();
    let mut harness = harness_with_monitors(&app, two_monitors()[..1].to_vec());
    create_link(&mut harness, "9.000");
    click(&mut harness, "Mostrar al cliente");
    assert!(!harness.state().customer_display().is_open());
    assert!(shows(
        &harness,
        "Escanee con la app de su banco o billetera"
    ));
    assert!(
        !shows(&harness, "Nueva venta"),
        "the customer screen has the window"
    );
}

#[test]
fn the_monitor_chosen_on_this_computer_is_remembered() {
    let app = App::new();
    let config = app.home.path().join("config");
    std::fs::create_dir_all(&config).unwrap();
    // The display was last left on the third monitor (the settings file, as the app writes it).
    std::fs::write(
        config.join("paydesk.toml"),
        "version = 1\n\n[display]\nmonitor = \"HDMI-3\"\n",
    )
    .unwrap();
    let mut monitors = two_monitors();
    monitors.push(Monitor {
        name: "HDMI-3".into(),
        x: 3286,
        y: 0,
        width: 1280,
        height: 1024,
        primary: false,
    });
    let mut harness = harness_with_monitors(&app, monitors);
    create_link(&mut harness, "5.000");
    click(&mut harness, "Mostrar al cliente");
    let place = harness.state().customer_display().place().expect("open");
    let scale = harness.ctx.pixels_per_point();
    assert!((place.position.x * scale - 3286.0).abs() < 0.5, "{place:?}");
    assert!((place.size.y * scale - 1024.0).abs() < 0.5, "{place:?}");
}
