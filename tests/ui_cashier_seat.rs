//! The cashier's seat, as the people at the till live it in Spanish (kittest): setting the
//! owner's PIN says, before and as it happens, that the till turns into Caja; what the owner
//! searched or exported is not shown to the cashier who comes next; who is selling is always
//! said beside the sale; and the top bar, with a cashier at the till, stays on one line at
//! 1366 × 768 with its controls named as before.

mod common;

use common::ui::{App, click, click_until, create_link, shows, text_input, type_into, wait_until};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use paydesk::ui::{Panel, PaydeskApp};

const OWNER_PIN: &str = "4826";
const ANA_PIN: &str = "5937";

/// Types into a field further down Configuración: scrolled to first.
fn type_below(harness: &mut Harness<'_, PaydeskApp>, label: &str, text: &str) {
    harness.run_steps(2);
    harness.get_by(text_input(label)).scroll_to_me();
    harness.run_steps(2);
    type_into(harness, label, text);
}

/// Clicks a button further down Configuración: scrolled to first, as a person would.
fn press(harness: &mut Harness<'_, PaydeskApp>, label: &str) {
    harness.run_steps(4);
    harness.get_by_label(label).scroll_to_me();
    harness.run_steps(2);
    click(harness, label);
}

fn set_owner_pin(harness: &mut Harness<'_, PaydeskApp>) {
    wait_until(harness, "the people are read", |h| {
        h.state().access().people().is_some()
    });
    harness.state_mut().show_panel(Panel::Settings);
    harness.run_steps(2);
    type_below(harness, "PIN nuevo", OWNER_PIN);
    type_below(harness, "Repita el PIN", OWNER_PIN);
    harness.get_by_label("Poner PIN del dueño").scroll_to_me();
    click_until(
        harness,
        "Poner PIN del dueño",
        "the PIN is set and the till is in Caja",
        |h| h.state().access().in_caja(),
    );
    harness.run_steps(2);
}

fn enter_pin(harness: &mut Harness<'_, PaydeskApp>, pin: &str) {
    type_into(harness, "PIN", pin);
    click(harness, "Entrar");
    wait_until(harness, "the PIN is checked", |h| {
        !h.state().access().is_checking()
    });
    harness.run_steps(2);
}

fn open_owner_side(harness: &mut Harness<'_, PaydeskApp>) {
    click_until(harness, "Dueño", "the PIN prompt opens", |h| {
        h.query_by(text_input("PIN")).is_some()
    });
    enter_pin(harness, OWNER_PIN);
    assert!(harness.state().access().owner_side());
}

/// To a panel, as its navigation entry does.
fn go_to(harness: &mut Harness<'_, PaydeskApp>, panel: Panel) {
    harness.state_mut().show_panel(panel);
    harness.run_steps(4);
}

fn add_ana(harness: &mut Harness<'_, PaydeskApp>) {
    harness.state_mut().show_panel(Panel::Settings);
    harness.run_steps(2);
    type_below(harness, "Nombre del cajero", "Ana");
    type_below(harness, "PIN del cajero", ANA_PIN);
    press(harness, "Agregar cajero");
    wait_until(harness, "Ana is a cashier", |h| {
        h.state()
            .access()
            .people()
            .is_some_and(|people| people.cashiers.iter().any(|c| c.name == "Ana"))
    });
}

#[test]
fn setting_the_owners_pin_says_the_till_turns_into_caja() {
    let app = App::new();
    let mut harness = app.harness();
    wait_until(&mut harness, "the people are read", |h| {
        h.state().access().people().is_some()
    });
    harness.state_mut().show_panel(Panel::Settings);
    harness.run_steps(4);
    // Before: beside the button, what it will do to this till.
    assert!(shows(
        &harness,
        "Al poner el PIN, esta caja pasa enseguida a modo Caja"
    ));
    set_owner_pin(&mut harness);
    // As it happens: the till says it is in Caja now, and how to get back.
    assert_eq!(harness.state().panel(), Panel::Collect);
    wait_until(&mut harness, "the till says it is in Caja", |h| {
        shows(h, "Esta caja quedó en modo Caja")
    });
    assert!(shows(&harness, "botón «Dueño», arriba"));
    click(&mut harness, "Entendido");
    assert!(!shows(&harness, "Esta caja quedó en modo Caja"));
}

#[test]
fn what_the_owner_searched_and_exported_is_not_shown_to_the_cashier() {
    let app = App::new();
    let mut harness = app.harness();
    let reference = create_link(&mut harness, "12.000");
    set_owner_pin(&mut harness);
    open_owner_side(&mut harness);

    // The owner exports the day's close...
    go_to(&mut harness, Panel::Reconcile);
    click(&mut harness, "Exportar a Excel (CSV)");
    wait_until(&mut harness, "the CSV is written", |h| {
        shows(h, "filas exportadas")
    });
    // ...and looks a payment up.
    go_to(&mut harness, Panel::Status);
    type_into(&mut harness, "Referencia del pago", &reference);
    click(&mut harness, "Consultar estado");
    wait_until(&mut harness, "the record shows", |h| shows(h, "Fecha"));

    // The owner leaves; the cashier's screens show none of it.
    click(&mut harness, "Bloquear");
    wait_until(&mut harness, "the till is in Caja", |h| {
        h.state().access().in_caja()
    });
    go_to(&mut harness, Panel::Status);
    assert_eq!(
        harness
            .get_by(text_input("Referencia del pago"))
            .value()
            .unwrap_or_default(),
        "",
        "the owner's search is gone"
    );
    assert!(!shows(&harness, "Fecha"), "and what the service said of it");
    go_to(&mut harness, Panel::Reconcile);
    assert!(!shows(&harness, "filas exportadas"), "the export is gone");
    assert!(!shows(&harness, "Abrir carpeta"));
}

#[test]
fn who_is_selling_is_always_said_and_the_top_bar_keeps_one_line() {
    let app = App::new();
    let mut harness = app.harness();
    harness.set_size(egui::vec2(1366.0, 768.0));
    harness.run_steps(4);
    set_owner_pin(&mut harness);
    // Caja with no cashiers on the list: the till sells.
    assert!(shows(&harness, "Vende: la caja"));

    open_owner_side(&mut harness);
    harness.state_mut().show_panel(Panel::Collect);
    harness.run_steps(2);
    assert!(shows(&harness, "Vende: el dueño"));
    add_ana(&mut harness);
    click(&mut harness, "Bloquear");
    wait_until(&mut harness, "the till is in Caja", |h| {
        h.state().access().in_caja()
    });
    // Nobody said who is at the till: the sale form says so, with the way to say it.
    assert!(shows(&harness, "Vende: nadie dijo quién"));
    click(&mut harness, "Decir quién vende");
    enter_pin(&mut harness, ANA_PIN);
    assert_eq!(harness.state().access().cashier(), "Ana");
    assert!(shows(&harness, "Vende: Ana"));

    // The top bar at its fullest (Caja, a cashier, the way to change her, Dueño, the theme) is
    // one line at 1366, and its controls keep their names.
    harness.run_steps(4);
    let row = harness.get_by_label("paydesk").rect();
    for label in [
        "SIMULADOR · sin dinero real",
        "Notificaciones activas",
        "Caja · Ana",
        "Cambiar de cajero",
        "Dueño",
        "Tema claro",
    ] {
        let rect = harness.get_by_label(label).rect();
        assert!(
            rect.center().y < row.bottom() && rect.max.x <= 1366.0,
            "{label} at {rect:?}, the name at {row:?}"
        );
    }
    // "Cambiar de cajero" still opens the cashier's prompt.
    click(&mut harness, "Cambiar de cajero");
    assert!(harness.query_by(text_input("PIN")).is_some());
}
