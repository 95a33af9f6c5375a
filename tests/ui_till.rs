//! The till as a cashier lives it, sale after sale, written as her steps: the customer screen
//! follows the payment, the form is ready for the next sale, a second charge of the same amount
//! asks first, every end gets its banner, and the day's totals agree everywhere.

mod common;

use common::ui::{
    App, click, create_link, harness_listening, shows, text_input, type_into,
    type_with_enter_in_one_frame, wait_until,
};
use egui_kittest::kittest::Queryable;
use paydesk::i18n::Language;
use paydesk::ui::Panel;
use serde_json::json;

fn settle(
    app: &App,
    harness: &egui_kittest::Harness<'_, paydesk::ui::PaydeskApp>,
    reference: &str,
    outcome: &str,
) {
    let control = app.control(harness);
    let status = app.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({ "outcome": outcome }),
    );
    assert_eq!(status, 200, "the simulator takes the outcome {outcome}");
}

fn field_value(
    harness: &egui_kittest::Harness<'_, paydesk::ui::PaydeskApp>,
    label: &str,
) -> String {
    harness
        .get_by(text_input(label))
        .value()
        .unwrap_or_default()
}

#[test]
fn the_customer_screen_turns_to_paid_by_itself_and_then_closes() {
    let app = App::new();
    let mut harness = app.harness();
    let reference = create_link(&mut harness, "25.000");
    click(&mut harness, "Mostrar al cliente");
    assert!(shows(
        &harness,
        "Escanee con la app de su banco o billetera"
    ));
    assert!(shows(&harness, "Esperando el pago"));

    // The payer pays; nobody touches the till.
    settle(&app, &harness, &reference, "approve");
    wait_until(
        &mut harness,
        "the customer sees the payment received",
        |h| shows(h, "¡Pago recibido!"),
    );
    assert!(shows(&harness, "$ 25.000"));
    assert!(
        !shows(&harness, "Escanee con la app"),
        "the QR goes away once paid"
    );
    assert!(harness.query_by_label("Código QR de pago").is_none());

    // A few seconds later the till is back, with the approval's banner.
    wait_until(&mut harness, "the customer screen closes by itself", |h| {
        shows(h, "Crear link de pago")
    });
    assert!(shows(&harness, "Pago aprobado: $ 25.000"));
}

#[test]
fn a_declined_payment_says_so_to_the_customer_and_the_cashier_charges_again() {
    let app = App::new();
    let mut harness = app.harness();
    type_into(&mut harness, "¿Qué vende?", "Almuerzo mesa 4");
    let reference = create_link(&mut harness, "18.500");
    click(&mut harness, "Mostrar al cliente");

    settle(&app, &harness, &reference, "decline");
    wait_until(&mut harness, "the customer sees the decline", |h| {
        shows(h, "El pago fue rechazado")
    });
    assert!(shows(&harness, "No se le cobró nada"));
    assert!(!shows(&harness, "Escanee con la app"));
    // The service's reason comes with its notification, a moment later: «Cobrar de nuevo»
    // stays where the cashier is reaching for it.
    let button = |h: &egui_kittest::Harness<'_, paydesk::ui::PaydeskApp>| {
        h.get_by_label("Cobrar de nuevo").rect()
    };
    let before = button(&harness);
    wait_until(&mut harness, "the customer sees the reason", |h| {
        shows(h, "La entidad del pagador rechazó")
    });
    assert_eq!(button(&harness), before, "the button held still");

    // The cashier charges again: the sale comes back in the form, ready for a new link.
    click(&mut harness, "Cobrar de nuevo");
    wait_until(&mut harness, "the sale is back in the form", |h| {
        shows(h, "Crear link de pago")
    });
    assert_eq!(field_value(&harness, "Valor"), "18500");
    assert_eq!(field_value(&harness, "¿Qué vende?"), "Almuerzo mesa 4");
    // The decline keeps its banner, in the colour and words of a decline, with the service's
    // reason once its notification is in.
    assert!(shows(&harness, "Pago rechazado: $ 18.500"));
    wait_until(&mut harness, "the service's reason shows", |h| {
        shows(
            h,
            "Motivo que dio el servicio: La entidad del pagador rechazó",
        )
    });
    // Charging again the same amount right after a decline is not a duplicate: no question.
    click(&mut harness, "Crear link de pago");
    wait_until(&mut harness, "the second link is created", |h| {
        h.state().tracker().payments.len() == 2
    });
    assert!(!shows(&harness, "¿Es otra venta?"));
}

#[test]
fn expired_and_failed_payments_end_on_the_customer_screen_in_words() {
    let app = App::new();
    let mut harness = app.harness();
    for (outcome, amount, customer_sees, banner) in [
        (
            "expire",
            "12.000",
            "Este cobro está vencido",
            "Cobro vencido sin pagar: $ 12.000",
        ),
        (
            "fail",
            "13.000",
            "El pago no se pudo completar",
            "Pago fallido: $ 13.000",
        ),
    ] {
        let reference = create_link(&mut harness, amount);
        click(&mut harness, "Mostrar al cliente");
        settle(&app, &harness, &reference, outcome);
        wait_until(&mut harness, customer_sees, |h| shows(h, customer_sees));
        // Escape gives the till back at once.
        harness.key_press(egui::Key::Escape);
        harness.step();
        harness.step();
        assert!(shows(&harness, "Crear link de pago"));
        assert!(shows(&harness, banner), "{banner}");
        click(&mut harness, "Nueva venta");
    }
}

/// A loaded till, a fast hand or a barcode reader: the amount's last keys and Enter reach the
/// app in one frame. The link is for the amount typed, not for what the field read when the
/// frame began (seen in a real window: $ 12.000 typed, and Enter refused "$ 12" as below the
/// minimum, or sent $ 1.200).
#[test]
fn keys_and_enter_in_one_frame_charge_the_amount_typed() {
    let app = App::new();
    let mut harness = app.harness();
    // Another amount the second time: the same one within a minute would be asked about first.
    let sales = [("", "12000", 12_000), ("1500", "0", 15_000)];
    for (made, (before, last, expected)) in sales.into_iter().enumerate() {
        if !before.is_empty() {
            type_into(&mut harness, "Valor", before);
        }
        type_with_enter_in_one_frame(&mut harness, "Valor", last);
        wait_until(&mut harness, "the link is created", |h| {
            h.state().tracker().payments.len() > made
        });
        let amounts: Vec<_> = harness
            .state()
            .tracker()
            .payments
            .iter()
            .filter_map(|payment| payment.amount.map(|a| a.get()))
            .collect();
        assert_eq!(amounts.first(), Some(&expected), "{amounts:?}");
        click(&mut harness, "Nueva venta");
    }
}

#[test]
fn after_a_sale_the_form_is_ready_for_the_next_and_a_repeat_asks_first() {
    let app = App::new();
    let mut harness = app.harness();
    // An untouched form does not complain.
    assert!(!shows(&harness, "Para continuar"));
    type_into(&mut harness, "¿Qué vende?", "Arepa");
    create_link(&mut harness, "25.000");
    assert_eq!(field_value(&harness, "Valor"), "", "the amount is cleared");
    assert_eq!(field_value(&harness, "¿Qué vende?"), "");
    assert!(
        !shows(&harness, "Para continuar"),
        "no red 'enter an amount' right after a success"
    );
    assert_eq!(
        app.requests_to(&harness, "/pay/cash-in/generate/payment-link/token"),
        1
    );

    // The same amount again within the minute: the cashier is asked, nothing is sent yet.
    type_into(&mut harness, "Valor", "25.000");
    click(&mut harness, "Crear link de pago");
    assert!(shows(&harness, "¿Es otra venta?"));
    assert_eq!(
        app.requests_to(&harness, "/pay/cash-in/generate/payment-link/token"),
        1
    );
    click(&mut harness, "No, no crearlo");
    assert!(!shows(&harness, "¿Es otra venta?"));
    assert_eq!(
        app.requests_to(&harness, "/pay/cash-in/generate/payment-link/token"),
        1
    );

    // It really is another sale.
    click(&mut harness, "Crear link de pago");
    click(&mut harness, "Sí, es otra venta: crearlo");
    wait_until(&mut harness, "the second link is created", |h| {
        h.state().tracker().payments.len() == 2
    });
    assert_eq!(
        app.requests_to(&harness, "/pay/cash-in/generate/payment-link/token"),
        2
    );

    // The link can go to the customer by WhatsApp, the message written.
    assert!(harness.query_by_label("Enviar por WhatsApp").is_some());

    // "Nueva venta" puts the card away.
    click(&mut harness, "Nueva venta");
    assert!(!shows(&harness, "Link de pago creado"));
}

#[test]
fn the_days_totals_agree_with_the_receiver_down() {
    // Another program holds the receiver's port.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let app = App::new();
    let mut harness = harness_listening(
        app.home.path(),
        app.runtime.handle().clone(),
        Language::Es,
        taken.local_addr().unwrap(),
    );
    // Said in the top bar, whatever the panel, as a chip; the chip says why and what to do.
    let port = taken.local_addr().unwrap().port();
    let why = format!("Otro programa usa el puerto {port}");
    assert!(shows(&harness, "Notificaciones apagadas"));
    assert!(!shows(&harness, &why), "no sentence squeezed into the bar");
    click(&mut harness, "Notificaciones apagadas");
    // In words, not the system's "Address already in use (os error 98)".
    assert!(shows(&harness, &why));
    assert!(shows(&harness, "ciérrelo, o cambie el puerto"));
    assert!(!shows(&harness, "os error"));
    // Clicked again, it folds away.
    click(&mut harness, "Notificaciones apagadas");
    assert!(!shows(&harness, &why));

    let mut references = Vec::new();
    for amount in ["30.000", "52.000"] {
        let reference = create_link(&mut harness, amount);
        settle(&app, &harness, &reference, "approve");
        references.push(reference);
        click(&mut harness, "Nueva venta");
    }
    let declined = create_link(&mut harness, "9.000");
    settle(&app, &harness, &declined, "decline");
    wait_until(&mut harness, "every payment ended by polling alone", |h| {
        h.state()
            .tracker()
            .payments
            .iter()
            .all(|p| p.status.is_some_and(|s| s.is_final()))
    });

    harness.state_mut().show_panel(Panel::Status);
    wait_until(&mut harness, "Status totals the day", |h| {
        shows(h, "$ 82.000 aprobados")
    });
    harness.state_mut().show_panel(Panel::Balance);
    wait_until(&mut harness, "Balance totals the day", |h| {
        shows(h, "$ 82.000")
    });
    // The day's close says the same, from the same record the status checks wrote to.
    click(&mut harness, "Cuadre del día");
    wait_until(&mut harness, "the close totals the day", |h| {
        shows(h, "Cobros aprobados") && shows(h, "$ 82.000")
    });
    let report = common::ui::todays_report(&harness);
    assert_eq!(report.approved.count, 2);
    assert_eq!(report.approved.gross, paydesk::money::Pesos::new(82_000));
    let approved = Some(paydesk::api::TransactionStatus::Approved);
    assert_eq!(
        report.by_state[&approved].gross,
        paydesk::money::Pesos::new(82_000)
    );
    drop(taken);
}

#[test]
fn the_status_table_finds_her_reference_and_opens_a_payment() {
    let app = App::new();
    let mut harness = app.harness();
    // Her own reference replaces the generated one, in the folded options.
    click(&mut harness, "Referencia y vencimiento");
    type_into(&mut harness, "Su referencia", "MESA-4");
    type_into(&mut harness, "¿Qué vende?", "Bandeja paisa");
    let reference = create_link(&mut harness, "32.000");
    click(&mut harness, "Nueva venta");
    create_link(&mut harness, "7.000");

    click(&mut harness, "Estado de pagos");
    // A real table: every column has its header, each row what was sold.
    for header in [
        "Venta",
        "Hora",
        "Forma de pago",
        "Valor",
        "Descripción",
        "Su referencia",
        "Estado",
    ] {
        assert!(harness.query_by_label(header).is_some(), "{header}");
    }
    assert!(shows(&harness, "Bandeja paisa"));

    // Her own reference, in any case, filters today's list and asks the service.
    type_into(&mut harness, "Referencia del pago", "mesa-4");
    assert!(shows(&harness, "Bandeja paisa"));
    assert!(
        !shows(&harness, "$ 7.000"),
        "the other sale is filtered out"
    );
    click(&mut harness, "Consultar estado");
    wait_until(&mut harness, "the service answers for her reference", |h| {
        shows(h, "Fecha")
    });
    assert!(
        !shows(&harness, "no existe"),
        "found by the service's reference"
    );

    // A row opens the sale; its payment's details, folded, say the service's reference and
    // show its QR while it can still be paid.
    harness.get_by_label("Bandeja paisa").click();
    harness.run_steps(4);
    assert!(shows(&harness, "Venta 1-"));
    assert!(shows(&harness, "Mostrar al cliente"));
    click(
        &mut harness,
        &format!("Detalles del pago electrónico {reference}"),
    );
    harness.run_steps(4);
    assert!(shows(&harness, "Código QR de"));
    // And what the service notified about it (a link announces itself as pending).
    assert!(
        shows(&harness, "No ha llegado ninguna notificación")
            || shows(&harness, "Notificaciones recibidas")
    );
}

/// Another profile is another way to reach the service, not another shop: its sale card starts
/// clean, while the sales stay the shop's books' (docs/decisions.md, «Sales»: the same under any
/// profile; only Recibido's service money is the profile's).
#[test]
fn another_profile_starts_cobrar_clean_and_keeps_the_shops_sales() {
    let app = App::new();
    let mut harness = app.harness();
    create_link(&mut harness, "21.000");
    assert!(shows(&harness, "Link de pago creado"));

    // Another merchant's profile (never contacted: nothing here sends).
    click(&mut harness, "Configuración");
    click(&mut harness, "Perfil nuevo…");
    type_into(&mut harness, "Nombre del perfil", "sucursal");
    type_into(
        &mut harness,
        "Dirección de la API",
        "https://api.example.invalid/api/v1",
    );
    type_into(
        &mut harness,
        "Dirección de pagos",
        "https://pay.example.invalid",
    );
    type_into(
        &mut harness,
        "Página del negocio",
        "https://sucursal.example.co",
    );
    click(&mut harness, "Guardar perfil");
    wait_until(&mut harness, "the new profile is in use", |h| {
        shows(h, "Perfil: sucursal")
    });
    click(&mut harness, "Cobrar");
    assert!(
        !shows(&harness, "Link de pago creado"),
        "the previous profile's sale card is gone"
    );
    assert!(!shows(&harness, "Pago aprobado"));
    click(&mut harness, "Estado de pagos");
    wait_until(&mut harness, "the shop's sale is still listed", |h| {
        shows(h, "$ 21.000")
    });
}

#[test]
fn the_size_of_text_and_buttons_is_a_setting() {
    let app = App::new();
    let mut harness = app.harness();
    click(&mut harness, "Configuración");
    // With no screen to measure (a test), automatic is 100 %.
    let picker = |h: &egui_kittest::Harness<'_, paydesk::ui::PaydeskApp>| {
        h.get_by_role_and_label(
            egui::accesskit::Role::ComboBox,
            "Tamaño de la letra y los botones",
        )
        .value()
        .unwrap_or_default()
    };
    assert_eq!(picker(&harness), "Automático, según la pantalla (100 %)");
    // Further down Configuración: scrolled to (past it, as a person scrolls), so that its list
    // opens on screen. What loads in the background above it (people, backups, the activity log)
    // can still move it while the click lands, on a busy machine; a person would click again.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !shows(&harness, "150 %") {
        assert!(
            std::time::Instant::now() < deadline,
            "the size list never opened"
        );
        harness.get_by_label("Guardar impresora").scroll_to_me();
        harness.run_steps(2);
        let combo = (
            egui::accesskit::Role::ComboBox,
            "Tamaño de la letra y los botones",
        );
        harness
            .get_by_role_and_label(combo.0, combo.1)
            .scroll_to_me();
        harness.run_steps(4);
        harness.get_by_role_and_label(combo.0, combo.1).click();
        harness.run_steps(2);
    }
    click(&mut harness, "150 %");
    harness.run_steps(2);
    assert!((harness.ctx.zoom_factor() - 1.5).abs() < 0.001);
    assert_eq!(picker(&harness), "150 %");
}

#[test]
fn at_640_by_480_every_label_and_button_is_on_screen() {
    let app = App::new();
    let mut harness = app.harness();
    create_link(&mut harness, "15.000");
    harness.set_size(egui::vec2(640.0, 480.0));
    harness.run_steps(4);
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(640.0, 480.0));
    // The top bar wraps instead of cutting its end off.
    for label in ["Tema claro", "SIMULADOR · sin dinero real"] {
        let node = harness.get_by_label(label);
        assert!(
            screen.contains_rect(node.rect()),
            "{label} at {:?}",
            node.rect()
        );
    }
    // Today's list keeps what a cashier reads within the window.
    click(&mut harness, "Estado de pagos");
    harness.run_steps(4);
    // Narrow, the table leaves out what was sold and the reference: the sale, its time, how it
    // was paid, its amount and its state stay.
    for label in ["Venta", "Hora", "Valor", "Estado"] {
        let node = harness
            .query_all_by_label(label)
            .last()
            .unwrap_or_else(|| panic!("{label}"));
        assert!(node.rect().max.x <= 640.0, "{label} at {:?}", node.rect());
    }
    // Narrower still, what does not fit is scrolled to, never cut off for good.
    harness.set_size(egui::vec2(520.0, 400.0));
    harness.run_steps(4);
    // The navigation scrolls when the window is this short.
    harness.get_by_label("Configuración").scroll_to_me();
    harness.run_steps(4);
    click(&mut harness, "Configuración");
    harness.run_steps(4);
    let edit = || harness.get_by_label("Editar perfil").rect();
    assert!(
        edit().max.x > 520.0,
        "off the window at first: {:?}",
        edit()
    );
    let over_the_panel = egui::pos2(400.0, 200.0);
    harness.event(egui::Event::PointerMoved(over_the_panel));
    for _ in 0..10 {
        harness.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(-60.0, 0.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: egui::Modifiers::NONE,
        });
        harness.step();
    }
    harness.run_steps(4);
    let edit = harness.get_by_label("Editar perfil").rect();
    assert!(edit.max.x <= 520.0, "scrolled into view: {edit:?}");
}
