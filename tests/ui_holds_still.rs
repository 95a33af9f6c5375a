//! A screen that holds still under the cashier's hand, at 1366 × 768 in Spanish: a banner that
//! closes by itself moves nothing (a press aimed while it showed lands on the same field), a
//! problem appearing under a field does not push the field below away from the click, and after
//! each sale the amount is in view with the keyboard, ready for the next one.

mod common;

use common::ui::{App, click, create_link, shows, text_input, type_into, wait_until};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use paydesk::ui::{Panel, PaydeskApp};
use serde_json::json;

/// The most common shop laptop's screen.
const SCREEN: egui::Vec2 = egui::vec2(1366.0, 768.0);

fn at_1366(app: &App) -> Harness<'static, PaydeskApp> {
    let mut harness = app.harness();
    harness.set_size(SCREEN);
    harness.run_steps(4);
    harness
}

fn approve(app: &App, harness: &Harness<'_, PaydeskApp>, reference: &str) {
    let control = app.control(harness);
    let status = app.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({ "outcome": "approve" }),
    );
    assert_eq!(status, 200);
}

/// A press and release of the primary button at `pos`, as a person's click, in the next frame.
fn press_at(harness: &Harness<'_, PaydeskApp>, pos: egui::Pos2) {
    harness.event(egui::Event::PointerMoved(pos));
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::default(),
        });
    }
}

/// Whether a control is where it was: every edge within a pixel (a text field that takes or
/// gives up the keyboard is laid out a pixel shorter or taller by egui itself; what the issue
/// saw were jumps of 19 and 55 pixels).
fn same_place(now: egui::Rect, before: egui::Rect) -> bool {
    (now.min - before.min).length() <= 1.0 && (now.max - before.max).length() <= 1.0
}

fn focused(harness: &Harness<'_, PaydeskApp>, label: &str) -> bool {
    harness.get_by(text_input(label)).is_focused()
}

#[test]
fn a_press_aimed_while_a_banner_showed_lands_on_the_same_field_as_it_closes() {
    let app = App::new();
    let mut harness = at_1366(&app);
    let reference = create_link(&mut harness, "25.000");
    approve(&app, &harness, &reference);
    let banner = "Pago aprobado: $ 25.000";
    wait_until(&mut harness, "the approval's banner shows", |h| {
        shows(h, banner)
    });
    harness.run_steps(4);
    // The cashier aims at "¿Qué vende?" for the next sale while the banner is up.
    let aimed = harness.get_by(text_input("¿Qué vende?")).rect();
    // The banner leaves by itself (90 s of the app's clock), frame by frame; the press comes in
    // the first frame drawn without it.
    let mut frames = 0;
    while shows(&harness, banner) {
        harness.step();
        frames += 1;
        assert!(frames < 1_000, "the approval's banner goes by itself");
    }
    press_at(&harness, aimed.center());
    harness.step();
    harness.step();
    let now = harness.get_by(text_input("¿Qué vende?")).rect();
    assert!(
        same_place(now, aimed),
        "the field stayed where it was aimed at: {now:?}, aimed at {aimed:?}"
    );
    assert!(
        focused(&harness, "¿Qué vende?"),
        "the press landed on the field it was aimed at"
    );
    harness.event(egui::Event::Text("Almuerzo".into()));
    harness.run_steps(2);
    assert_eq!(
        harness.get_by(text_input("¿Qué vende?")).value().as_deref(),
        Some("Almuerzo")
    );
}

#[test]
fn a_problem_under_a_pin_field_does_not_move_the_field_below() {
    let app = App::new();
    let mut harness = at_1366(&app);
    wait_until(&mut harness, "the people are read", |h| {
        h.state().access().people().is_some()
    });
    harness.state_mut().show_panel(Panel::Settings);
    harness.run_steps(4);
    let repeat = harness.get_by(text_input("Repita el PIN")).rect();
    let button = harness.get_by_label("Poner PIN del dueño").rect();
    // A PIN too short says so under its field...
    type_into(&mut harness, "PIN nuevo", "12");
    let too_short = paydesk::validate::new_pin(paydesk::validate::Field::NewPin, "12")
        .expect_err("too short")
        .message;
    assert!(shows(&harness, &too_short), "{too_short}");
    // ...and the field below, and the button, stay where they were.
    assert!(same_place(
        harness.get_by(text_input("Repita el PIN")).rect(),
        repeat
    ));
    assert!(same_place(
        harness.get_by_label("Poner PIN del dueño").rect(),
        button
    ));
    // The problem goes as the PIN becomes good: nothing moves either.
    type_into(&mut harness, "PIN nuevo", "4826");
    assert!(!shows(&harness, &too_short));
    assert!(same_place(
        harness.get_by(text_input("Repita el PIN")).rect(),
        repeat
    ));
    // A press where "Repita el PIN" was aimed lands on it.
    press_at(&harness, repeat.center());
    harness.run_steps(2);
    assert!(focused(&harness, "Repita el PIN"));
    // The two PINs differing is said under the second, and the button stays put too.
    harness.event(egui::Event::Text("9".into()));
    harness.run_steps(2);
    assert!(shows(&harness, "Los dos PIN no coinciden"));
    assert!(same_place(
        harness.get_by_label("Poner PIN del dueño").rect(),
        button
    ));
}

#[test]
fn after_each_sale_the_amount_is_in_view_with_the_keyboard() {
    let app = App::new();
    let mut harness = at_1366(&app);
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, SCREEN);
    let amount_in_view = |h: &Harness<'_, PaydeskApp>| {
        let rect = h.get_by(text_input("Valor")).rect();
        screen.contains_rect(rect)
    };

    // The sale's card is up: the amount stays in view beside it.
    let reference = create_link(&mut harness, "25.000");
    harness.run_steps(4);
    assert!(amount_in_view(&harness), "the amount beside the card");
    approve(&app, &harness, &reference);
    wait_until(
        &mut harness,
        "the amount takes the keyboard once paid",
        |h| focused(h, "Valor"),
    );
    assert!(amount_in_view(&harness));
    harness.event(egui::Event::Text("18000".into()));
    harness.run_steps(2);
    assert_eq!(
        harness.get_by(text_input("Valor")).value().as_deref(),
        Some("$ 18.000"),
        "the next amount goes where the cashier sees it"
    );

    // The next sale, shown to the customer on the whole screen: when it closes by itself the
    // amount is there again, with the keyboard.
    let reference = create_link(&mut harness, "18.000");
    click(&mut harness, "Mostrar al cliente");
    approve(&app, &harness, &reference);
    wait_until(&mut harness, "the customer sees the payment", |h| {
        shows(h, "¡Pago recibido!")
    });
    wait_until(&mut harness, "the till is back", |h| {
        h.query_by(text_input("Valor")).is_some()
    });
    wait_until(&mut harness, "the amount has the keyboard", |h| {
        focused(h, "Valor")
    });
    assert!(amount_in_view(&harness));
}
