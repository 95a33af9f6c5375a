//! How the counter looks and is worked: Cobrar by keyboard alone, the top bar on one line with
//! chips that explain themselves, and empty screens that say how to start.

mod common;

use common::ui::{App, click, shows, text_input, wait_until};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use paydesk::ui::{Panel, PaydeskApp};

fn focused_input(harness: &Harness<'_, PaydeskApp>, label: &str) -> bool {
    harness
        .get_by(text_input(label))
        .accesskit_node()
        .is_focused()
}

fn key(harness: &mut Harness<'_, PaydeskApp>, key: egui::Key) {
    harness.key_press(key);
    harness.run_steps(2);
}

fn typed(harness: &mut Harness<'_, PaydeskApp>, text: &str) {
    harness.event(egui::Event::Text(text.to_owned()));
    harness.run_steps(2);
}

#[test]
fn cobrar_goes_from_the_amount_to_the_customer_screen_by_keyboard_alone() {
    let app = App::new();
    let mut harness = app.harness();
    harness.run_steps(4);
    // Cobrar opens with the amount ready to type: no click first.
    assert!(
        focused_input(&harness, "Valor"),
        "the amount has the keyboard"
    );
    typed(&mut harness, "25000");
    // Grouped as it is typed.
    assert_eq!(
        harness.get_by(text_input("Valor")).value().as_deref(),
        Some("$ 25.000")
    );
    key(&mut harness, egui::Key::Tab);
    assert!(
        focused_input(&harness, "¿Qué vende?"),
        "Tab goes to what is sold"
    );
    typed(&mut harness, "Almuerzo");
    // Enter is the primary action's shortcut, and it says so beside the button.
    assert!(harness.query_by_label("Enter").is_some());
    key(&mut harness, egui::Key::Enter);
    wait_until(&mut harness, "the link is created", |h| {
        shows(h, "Link de pago creado")
    });
    harness.run_steps(4);
    // The next move is the customer's: "Mostrar al cliente" has the keyboard.
    assert!(
        harness
            .get_by_label("Mostrar al cliente")
            .accesskit_node()
            .is_focused(),
        "the show-to-customer button takes the focus"
    );
    key(&mut harness, egui::Key::Enter);
    harness.run_steps(2);
    assert!(shows(
        &harness,
        "Escanee con la app de su banco o billetera"
    ));
    assert!(shows(&harness, "$ 25.000"));
    // The generated reference was never in the way, and was sent.
    let payment = &harness.state().tracker().payments[0];
    assert!(
        payment.reference1.starts_with("PD"),
        "{}",
        payment.reference1
    );
    assert_eq!(payment.description, "Almuerzo");
}

#[test]
fn a_letter_in_the_amount_is_explained_not_swallowed() {
    let app = App::new();
    let mut harness = app.harness();
    harness.run_steps(4);
    typed(&mut harness, "25,5");
    assert_eq!(
        harness.get_by(text_input("Valor")).value().as_deref(),
        Some("25,5"),
        "cents are left as typed, to be explained"
    );
    assert!(shows(&harness, "use pesos enteros, sin centavos"));
    assert!(
        harness
            .get_by_label("Crear link de pago")
            .accesskit_node()
            .is_disabled(),
        "nothing can be sent"
    );
}

#[test]
fn the_top_bar_is_one_line_at_1366_and_its_chips_explain_themselves() {
    let app = App::new();
    let mut harness = app.harness();
    harness.set_size(egui::vec2(1366.0, 768.0));
    harness.run_steps(6);
    // The profile by its name, in Spanish for the built-in simulator; never "simulator".
    assert!(shows(&harness, "Simulador incluido · comercio"));
    assert!(!shows(&harness, "simulator ·"));
    // One line: everything in the bar shares the row of the app's name.
    let row = harness.get_by_label("paydesk").rect();
    for label in [
        "SIMULADOR · sin dinero real",
        "Notificaciones activas",
        "Sin llavero",
        "Libros",
        "Tema claro",
    ] {
        let rect = harness.get_by_label(label).rect();
        assert!(
            rect.center().y < row.bottom() && rect.max.x <= 1366.0,
            "{label} at {rect:?}, the name at {row:?}"
        );
    }

    // Each chip says what it is about when clicked, and folds away when clicked again.
    for (chip, says) in [
        (
            "Notificaciones activas",
            "paydesk recibe aquí los avisos del servicio",
        ),
        // The tests keep tokens in memory: the keyring chip is an alarm, with the fix.
        ("Sin llavero", "abra el llavero del sistema"),
        ("Libros", "se guardan en este computador"),
    ] {
        assert!(!shows(&harness, says), "{chip}: closed at first");
        click(&mut harness, chip);
        assert!(shows(&harness, says), "{chip} explains itself");
        click(&mut harness, chip);
        assert!(!shows(&harness, says), "{chip} folds away");
    }
    // The copies' chip, once the folder has been looked at.
    wait_until(&mut harness, "the copies' chip", |h| {
        shows(h, "Copias") || shows(h, "Sin copia reciente")
    });
    let copies = if shows(&harness, "Sin copia reciente") {
        "Sin copia reciente"
    } else {
        "Copias"
    };
    click(&mut harness, copies);
    assert!(shows(&harness, "Copias de seguridad"));
}

#[test]
fn empty_screens_say_what_will_be_there_and_how_to_start() {
    let app = App::new();
    let mut harness = app.harness();
    click(&mut harness, "Estado de pagos");
    assert!(shows(&harness, "Aún no hay ventas hoy"));
    assert!(shows(&harness, "Aquí aparece cada venta de hoy"));
    click(&mut harness, "Cobrar un pago");
    harness.run_steps(4);
    assert_eq!(harness.state().panel(), Panel::Collect, "the button starts");

    click(&mut harness, "Cuadre del día");
    wait_until(&mut harness, "the empty close", |h| {
        shows(h, "Nada que cuadrar en estas fechas")
    });
    click(&mut harness, "Cobrar un pago");
    harness.run_steps(4);
    assert_eq!(harness.state().panel(), Panel::Collect);

    click(&mut harness, "Dispersiones");
    wait_until(&mut harness, "the empty journal", |h| {
        shows(h, "Aún no hay dispersiones")
    });
    assert!(shows(&harness, "Revisar dispersión…"));

    // With a sale made, Estado de pagos lists it instead.
    common::ui::create_link(&mut harness, "9.000");
    click(&mut harness, "Estado de pagos");
    assert!(!shows(&harness, "Aún no hay ventas hoy"));
}
