//! Devolver dinero from the app (issue 44), as the people at the till do it (kittest, against the
//! built-in simulator over loopback): Estado de pagos → the sale's window → «Devolver por
//! dispersión…» on its part → (in Caja) the owner's PIN → the review in words → sent once → the
//! part says «Devuelto» and the sale «Devuelta»; a partial return says «Devuelto $ 20.000 de
//! $ 80.000», and the form what remains after it; in Caja without the owner's PIN, and with any
//! bad input, nothing reaches the service (the simulator's withdraw requests counted); Cuadre del
//! día shows the return apart from payouts, and sales less returns. An amount whose last digit
//! comes with Enter in one frame is returned (a part in cash) or reviewed as typed.

mod common;

use common::ui::{
    App, click, click_until, create_link, shows, text_input, type_into,
    type_with_enter_in_one_frame, wait_until,
};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use paydesk::ui::{Panel, PaydeskApp};
use serde_json::json;

const WITHDRAW: &str = "/pay/cash-out/generate/withdraw-method/token";
const OWNER_PIN: &str = "4826";

/// A sale of `amount` for `what`, approved at the simulator, and its payment confirmed in the
/// books by the service's status answer (what a return needs); its reference.
fn approved_sale(
    app: &App,
    harness: &mut Harness<'_, PaydeskApp>,
    amount: &str,
    what: &str,
) -> String {
    harness.state_mut().show_panel(Panel::Collect);
    harness.run_steps(2);
    type_into(harness, "¿Qué vende?", what);
    let reference = create_link(harness, amount);
    let control = app.control(harness);
    app.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({"outcome": "approve"}),
    );
    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("a ledger");
    let profile = session.profile_name().to_owned();
    wait_until(harness, "the books hold what was paid", |_| {
        ledger.returnable(&profile, &reference, "").is_ok()
    });
    reference
}

/// The number the books gave the sale a charge is for: «1-000001».
fn number_of(harness: &Harness<'_, PaydeskApp>, reference: &str) -> String {
    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("a ledger");
    ledger
        .sale_of_charge(session.profile_name(), reference, "")
        .expect("the books")
        .expect("a sale of the charge")
        .number
        .to_string()
}

/// Estado de pagos, and the sale's window opened from its row, as a person opens it.
fn open_sale(harness: &mut Harness<'_, PaydeskApp>, what: &str, reference: &str) {
    harness.state_mut().show_panel(Panel::Status);
    harness.run_steps(4);
    wait_until(harness, "the sale is in today's list", |h| shows(h, what));
    harness.get_by_label(what).click();
    let title = format!("Venta {}", number_of(harness, reference));
    wait_until(harness, "the sale's window", |h| shows(h, &title));
}

const BY_PAYOUT: &str = "Devolver por dispersión…";

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

fn withdraws(app: &App, harness: &Harness<'_, PaydeskApp>) -> usize {
    app.requests_to(harness, WITHDRAW)
}

/// The form filled and reviewed: the confirmation up, nothing sent yet.
fn review(app: &App, harness: &mut Harness<'_, PaydeskApp>, amount: &str, alias: &str) {
    type_into(harness, "Valor", amount);
    type_into(harness, "Alias Bre-B del cliente", alias);
    click(harness, "Revisar devolución…");
    wait_until(harness, "the review in words", |h| {
        shows(h, "Confirme la devolución")
    });
    assert_eq!(withdraws(app, harness), 0, "nothing sent before the yes");
}

#[test]
fn in_caja_the_owners_pin_opens_the_return_and_the_sale_says_returned() {
    let app = App::new();
    let mut harness = app.harness();
    let reference = approved_sale(&app, &mut harness, "80.000", "Zapatos talla 40");
    set_owner_pin(&mut harness);
    open_sale(&mut harness, "Zapatos talla 40", &reference);
    // Nobody typed a PIN for the sale: the till sold it, said by its name alone.
    assert!(shows(&harness, "Caja 1"));
    assert!(!shows(&harness, "la caja · "), "who sold, said once");
    click(&mut harness, BY_PAYOUT);
    wait_until(&mut harness, "the owner's PIN is asked", |h| {
        h.query_by(text_input("PIN")).is_some()
    });
    assert!(!shows(&harness, "Devolver dinero de la venta"));
    type_into(&mut harness, "PIN", OWNER_PIN);
    click(&mut harness, "Entrar");
    wait_until(&mut harness, "the form, its amount all that remains", |h| {
        shows(h, "El cliente pagó $ 80.000; quedan $ 80.000 por devolver")
    });
    assert!(
        shows(
            &harness,
            &format!("Venta {}", number_of(&harness, &reference))
        ),
        "the sale stays open"
    );
    review(&app, &mut harness, "80.000", "@ANA123");
    let number = number_of(&harness, &reference);
    assert!(
        shows(&harness, &format!("Devolver $ 80.000 de la venta {number}")),
        "the return in words, the sale by its number"
    );
    assert!(shows(&harness, "Motivo: Producto devuelto"));

    // Two clicks on the yes in the same moment (once the dialog has settled): sent once.
    harness.run_steps(5);
    let send = harness.get_by_label("Devolver $ 80.000");
    send.click();
    send.click();
    harness.run_steps(2);
    wait_until(&mut harness, "the return went out", |h| {
        shows(h, "Devolución enviada: $ 80.000 a @ANA123")
            || shows(h, "Devolución confirmada: $ 80.000 a @ANA123")
    });
    wait_until(&mut harness, "the service confirmed it", |h| {
        shows(h, "Devolución confirmada: $ 80.000 a @ANA123")
    });
    wait_until(
        &mut harness,
        "the part and the sale say it went back",
        |h| shows(h, "Devuelto") && shows(h, "Devuelta"),
    );
    assert_eq!(
        withdraws(&app, &harness),
        1,
        "one request, whatever the clicks"
    );
}

#[test]
fn a_partial_return_says_how_much_of_the_sale_went_back() {
    let app = App::new();
    let mut harness = app.harness();
    let reference = approved_sale(&app, &mut harness, "80.000", "Chaqueta de cuero");
    open_sale(&mut harness, "Chaqueta de cuero", &reference);
    // No owner's PIN set: the owner is at the till, and the form opens at once.
    click(&mut harness, BY_PAYOUT);
    wait_until(&mut harness, "the form", |h| {
        shows(h, "quedan $ 80.000 por devolver")
    });
    click(&mut harness, "Valor equivocado");
    review(&app, &mut harness, "20.000", "@ANA123");
    assert!(shows(&harness, "Motivo: Valor equivocado"));
    click(&mut harness, "Devolver $ 20.000");
    wait_until(&mut harness, "the service confirmed it", |h| {
        shows(h, "Devolución confirmada: $ 20.000 a @ANA123")
    });
    wait_until(&mut harness, "the window and the list say the part", |h| {
        shows(h, "Devuelto $ 20.000 de $ 80.000") && shows(h, "Devuelta en parte ($ 20.000)")
    });
    // The form says what remains now, not what remained when it opened.
    wait_until(&mut harness, "the form says what remains", |h| {
        shows(h, "El cliente pagó $ 80.000; quedan $ 60.000 por devolver")
    });
    assert!(!shows(&harness, "quedan $ 80.000"));
    assert_eq!(withdraws(&app, &harness), 1);
}

#[test]
fn in_caja_without_the_owners_pin_nothing_reaches_the_service() {
    let app = App::new();
    let mut harness = app.harness();
    let reference = approved_sale(&app, &mut harness, "30.000", "Gorra azul");
    set_owner_pin(&mut harness);
    open_sale(&mut harness, "Gorra azul", &reference);
    click(&mut harness, BY_PAYOUT);
    wait_until(&mut harness, "the owner's PIN is asked", |h| {
        h.query_by(text_input("PIN")).is_some()
    });
    // A wrong PIN, then the prompt closed: no form, nothing sent.
    type_into(&mut harness, "PIN", "1111");
    click(&mut harness, "Entrar");
    wait_until(&mut harness, "the PIN is checked", |h| {
        !h.state().access().is_checking() && shows(h, "PIN incorrecto")
    });
    click(&mut harness, "Cancelar");
    harness.run_steps(4);
    assert!(harness.state().access().in_caja());
    assert!(!shows(&harness, "Devolver dinero de la venta"));
    assert!(
        harness
            .query_by(text_input("Alias Bre-B del cliente"))
            .is_none()
    );
    assert_eq!(withdraws(&app, &harness), 0);
}

#[test]
fn every_bad_return_input_has_its_message_and_sends_nothing() {
    let app = App::new();
    let mut harness = app.harness();
    let reference = approved_sale(&app, &mut harness, "50.000", "Bolso negro");
    open_sale(&mut harness, "Bolso negro", &reference);
    click(&mut harness, BY_PAYOUT);
    wait_until(&mut harness, "the form", |h| {
        shows(h, "quedan $ 50.000 por devolver")
    });
    for (label, value, message) in [
        ("Valor", "0", "mayor que $ 0"),
        ("Valor", "-3", "mayor que $ 0"),
        ("Valor", "50,5", "use pesos enteros"),
        ("Valor", "90.000", "Solo quedan $ 50.000 por devolver"),
        ("Alias Bre-B del cliente", "ana", "@"),
    ] {
        type_into(&mut harness, label, value);
        assert!(
            shows(&harness, message),
            "{label}={value}: expected {message:?}"
        );
    }
    // «Otro» needs its words.
    click(&mut harness, "Otro (con sus palabras)");
    click(&mut harness, "Revisar devolución…");
    assert!(shows(&harness, "Escriba el motivo en sus palabras"));
    assert!(!shows(&harness, "Confirme la devolución"));
    // Cancelled at the review: still nothing.
    type_into(
        &mut harness,
        "Motivo en sus palabras",
        "Se equivocó de talla",
    );
    type_into(&mut harness, "Valor", "10.000");
    review(&app, &mut harness, "10.000", "@ANA123");
    assert!(shows(&harness, "Motivo: Se equivocó de talla"));
    click(&mut harness, "Cancelar");
    wait_until(&mut harness, "the dialog closes", |h| {
        !shows(h, "Confirme la devolución")
    });
    assert_eq!(withdraws(&app, &harness), 0);
}

#[test]
fn the_close_shows_the_return_apart_from_payouts_and_what_is_left_of_the_sales() {
    let app = App::new();
    let mut harness = app.harness();
    let reference = approved_sale(&app, &mut harness, "80.000", "Vestido rojo");
    open_sale(&mut harness, "Vestido rojo", &reference);
    click(&mut harness, BY_PAYOUT);
    wait_until(&mut harness, "the form", |h| {
        shows(h, "quedan $ 80.000 por devolver")
    });
    review(&app, &mut harness, "20.000", "@ANA123");
    click(&mut harness, "Devolver $ 20.000");
    wait_until(&mut harness, "the service confirmed it", |h| {
        shows(h, "Devolución confirmada: $ 20.000 a @ANA123")
    });
    // Its receipt, saved as a PDF as the owner chooses.
    click(&mut harness, "Comprobante de devolución en PDF");
    wait_until(&mut harness, "the receipt is saved", |h| {
        shows(h, "PDF guardado en")
    });
    let record = harness
        .state()
        .session()
        .and_then(|session| session.ledger.clone().ok())
        .and_then(|ledger| ledger.returns_of_sale("simulator", &reference).ok())
        .and_then(|returns| returns.into_iter().next())
        .expect("the return is in the books");
    let saved = app.home.path().join("exports").join(format!(
        "paydesk-devolucion-{}.pdf",
        record.payout.reference1
    ));
    assert!(saved.is_file(), "{saved:?}");

    harness.state_mut().show_panel(Panel::Reconcile);
    wait_until(&mut harness, "the close counts the return", |h| {
        shows(h, "Devoluciones confirmadas") && shows(h, "Ventas menos devoluciones")
    });
    // Apart from payouts to suppliers: none was sent, a return was.
    assert!(shows(&harness, "Dispersiones pagadas") || shows(&harness, "Dispersiones"));
    assert!(shows(&harness, "$ 60.000"), "what is left of the sales");
    assert!(shows(
        &harness,
        "La comisión de cada devolución la paga la tienda"
    ));
    let report = common::ui::todays_report(&harness);
    assert_eq!(
        report.returns.paid.gross,
        paydesk::money::Pesos::new(20_000)
    );
    assert_eq!(
        report.payouts_paid.count, 0,
        "a return is not a payout to a supplier"
    );
}

#[test]
fn the_customer_display_says_the_return_of_the_code_on_display_while_it_goes() {
    let app = App::new();
    let monitors = vec![
        paydesk::ui::display::Monitor {
            name: "HDMI-1".into(),
            x: 0,
            y: 0,
            width: 1920,
            height: 1080,
            primary: true,
        },
        paydesk::ui::display::Monitor {
            name: "HDMI-2".into(),
            x: 1920,
            y: 0,
            width: 1366,
            height: 768,
            primary: false,
        },
    ];
    let mut harness = common::ui::harness_with_monitors(&app, monitors);
    let reference = common::ui::create_counter_qr(&mut harness);
    // A customer paid before the code went up on the display: it waits for the next one.
    let control = app.control(&harness);
    app.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({ "outcome": "approve", "amount": 12_000 }),
    );
    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("a ledger");
    wait_until(&mut harness, "the payment is in the books", |h| {
        h.state()
            .tracker()
            .find(&reference)
            .is_some_and(|code| code.received.len() == 1)
    });
    let payment = harness.state().tracker().find(&reference).unwrap().received[0].clone();
    wait_until(&mut harness, "what was paid is confirmed", |_| {
        ledger
            .returnable("simulator", &reference, &payment.provider_reference)
            .is_ok()
    });
    click(&mut harness, "Mostrar al cliente");
    assert!(harness.state().customer_display().is_open());
    assert_eq!(harness.state().customer_display().returned(), None);

    harness.state_mut().show_panel(Panel::Status);
    harness.run_steps(4);
    // The code's own row (each payment it took is a sale of its own, in a row of its own).
    wait_until(&mut harness, "the code's row", |h| {
        shows(h, "cada pago es una venta")
    });
    harness
        .query_all_by_label_contains("cada pago es una venta")
        .next()
        .expect("the code's row")
        .click();
    harness.run_steps(4);
    let time = paydesk::clock::shown_moment(payment.received_at);
    click(&mut harness, &format!("Devolver $ 12.000 de las {time}"));
    wait_until(&mut harness, "the form for that payment", |h| {
        shows(h, "quedan $ 12.000 por devolver")
    });
    review(&app, &mut harness, "12.000", "@ANA123");
    click(&mut harness, "Devolver $ 12.000");
    wait_until(&mut harness, "the display says the return", |h| {
        h.state().customer_display().returned().as_deref() == Some("Devolución enviada: $ 12.000")
    });
    wait_until(&mut harness, "the window draws it", |h| {
        shows(h, "Devolución enviada: $ 12.000")
    });
    wait_until(&mut harness, "that payment says it went back", |h| {
        shows(h, "Devuelto")
    });
    assert_eq!(withdraws(&app, &harness), 1);
}

#[test]
fn on_a_small_screen_the_return_form_and_the_windows_close_are_on_it() {
    let app = App::new();
    let mut harness = app.harness();
    harness.set_size(egui::vec2(1366.0, 768.0));
    let reference = approved_sale(&app, &mut harness, "80.000", "Zapatos talla 40");
    open_sale(&mut harness, "Zapatos talla 40", &reference);
    click(&mut harness, BY_PAYOUT);
    wait_until(&mut harness, "the form", |h| {
        shows(h, "quedan $ 80.000 por devolver")
    });
    harness.run_steps(6);
    for label in ["Revisar devolución…", "Cerrar devolución"] {
        let rect = harness.get_by_label(label).rect();
        assert!(
            rect.min.y >= 0.0 && rect.max.y <= 768.0,
            "«{label}» on the screen: {rect:?}"
        );
    }
    // The sale's details step aside while the form is open: the window's own «Cerrar» stays
    // on the screen too (the banner's is the one far right).
    let close = harness
        .query_all_by_label("Cerrar")
        .map(|node| node.rect())
        .find(|rect| rect.min.x < 1000.0)
        .expect("the window's «Cerrar» with the form open");
    assert!(close.max.y <= 768.0, "the window's «Cerrar»: {close:?}");
    // Closed, the form gives its room back: the window's own «Cerrar» is on the screen.
    click(&mut harness, "Cerrar devolución");
    harness.run_steps(6);
    let close = harness
        .query_all_by_label("Cerrar")
        .map(|node| node.rect())
        .find(|rect| rect.min.x < 1000.0)
        .expect("the window's «Cerrar»");
    assert!(close.max.y <= 768.0, "{close:?}");
}

#[test]
fn a_lost_answer_leaves_the_return_unknown_and_never_sends_it_again() {
    let app = App::new();
    // The receiver is down (another program holds its port): only a status check could tell.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let mut harness = common::ui::harness_listening(
        app.home.path(),
        app.runtime.handle().clone(),
        paydesk::i18n::Language::Es,
        taken.local_addr().unwrap(),
    );
    let reference = approved_sale(&app, &mut harness, "40.000", "Sombrero vueltiao");
    let control = app.control(&harness);
    assert_eq!(
        app.post(
            format!("{control}/faults"),
            json!({"route": "/cash-out/generate/withdraw-method/token", "mode": "drop-after-commit", "times": 1})
        ),
        204
    );
    open_sale(&mut harness, "Sombrero vueltiao", &reference);
    click(&mut harness, BY_PAYOUT);
    wait_until(&mut harness, "the form", |h| {
        shows(h, "quedan $ 40.000 por devolver")
    });
    review(&app, &mut harness, "40.000", "@ANA123");
    click(&mut harness, "Devolver $ 40.000");
    wait_until(&mut harness, "the unknown outcome", |h| {
        shows(h, "se haya hecho o no")
    });
    assert!(shows(&harness, "paydesk no la enviará de nuevo"));
    assert!(
        harness
            .get_by_label("Revisar devolución…")
            .accesskit_node()
            .is_disabled(),
        "no second try from the form"
    );
    assert_eq!(withdraws(&app, &harness), 1);
}

/// A sale of $ 80.000 paid by a link, its window open on Estado de pagos.
fn sale_of_80_000_open(app: &App, harness: &mut Harness<'_, PaydeskApp>, what: &str) -> String {
    let reference = approved_sale(app, harness, "80.000", what);
    open_sale(harness, what, &reference);
    reference
}

/// A loaded till or a fast hand: the amount's last digit and Enter reach the app in one frame.
/// What goes back is what was typed, not what the field held when the frame began.
#[test]
fn a_part_returned_in_cash_with_its_last_digit_and_enter_in_one_frame_returns_what_was_typed() {
    let app = App::new();
    let mut harness = app.harness();
    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("a ledger");
    let anyone = paydesk::ledger::activity::Actor::new(paydesk::ledger::activity::Role::Anyone, "");
    ledger
        .open_shift(
            &anyone,
            paydesk::money::Pesos::new(50_000),
            paydesk::clock::now_ms(),
        )
        .expect("the shift opens");
    let reference = sale_of_80_000_open(&app, &mut harness, "Chaqueta de cuero");
    click(&mut harness, "Devolver en efectivo (cliente presente)…");
    wait_until(&mut harness, "the form says what remains", |h| {
        shows(h, "quedan $ 80.000 por devolver")
    });
    type_into(&mut harness, "Valor", "1200");
    type_with_enter_in_one_frame(&mut harness, "Valor", "0");
    let sale = ledger
        .sale_of_charge(session.profile_name(), &reference, "")
        .expect("the books")
        .expect("the sale");
    wait_until(&mut harness, "the return is written", |_| {
        !ledger.returns_of_sale_parts(sale.id).unwrap().is_empty()
    });
    let returns = ledger.returns_of_sale_parts(sale.id).unwrap();
    assert_eq!(returns.len(), 1);
    assert_eq!(
        returns[0].amount,
        paydesk::money::Pesos::new(12_000),
        "the amount typed"
    );
}

/// The review reads back what was typed when the last digit and Enter come in one frame.
#[test]
fn a_return_reviewed_with_its_last_digit_and_enter_in_one_frame_reads_back_what_was_typed() {
    let app = App::new();
    let mut harness = app.harness();
    sale_of_80_000_open(&app, &mut harness, "Vestido rojo");
    click(&mut harness, BY_PAYOUT);
    wait_until(&mut harness, "the form", |h| {
        shows(h, "quedan $ 80.000 por devolver")
    });
    type_into(&mut harness, "Alias Bre-B del cliente", "@ANA123");
    type_into(&mut harness, "Valor", "1500");
    type_with_enter_in_one_frame(&mut harness, "Valor", "0");
    wait_until(&mut harness, "the review in words", |h| {
        shows(h, "Confirme la devolución")
    });
    assert!(
        harness.query_by_label("Devolver $ 15.000").is_some(),
        "the amount typed; on screen: {}",
        common::ui::on_screen(&harness)
    );
    assert_eq!(withdraws(&app, &harness), 0, "nothing sent before the yes");
}
