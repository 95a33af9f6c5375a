//! Efectivo at the counter, as a cashier lives it (issue 45, item 1): the amount, what the
//! customer hands over with a bill a click away, the change shown big, Enter, and the form ready
//! for the next customer in the frame that took the key while the books are written on the
//! runtime. Also: the shift opened and the sale made in one step, a shift left open since
//! yesterday, what is handed over falling short, the line cut, a link paid in cash instead and
//! then approved anyway (paid twice), and the customer's copy for WhatsApp.

mod common;

use std::sync::Arc;

use common::TestSimulator;
use common::line::{Line, LineState, env_through};
use common::printer::{FakePrinter, PAPER_OK, decode};
use common::ui::{
    App, click, create_link, harness_against, holds_within, shows, text_input, type_into,
    wait_until,
};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use paydesk::i18n::Language;
use paydesk::ledger::{CashEntry, CashKind, Ledger};
use paydesk::money::Pesos;
use paydesk::ui::PaydeskApp;
use serde_json::json;

fn books(harness: &Harness<'_, PaydeskApp>) -> Arc<Ledger> {
    let session = harness.state().session().cloned().expect("a session");
    session.ledger.clone().expect("the books")
}

/// This till's shift opened in the books with `base`, `days_ago` days back.
fn open_shift(harness: &Harness<'_, PaydeskApp>, base: i64, days_ago: i64) {
    let at = paydesk::ledger::now_ms() - days_ago * 24 * 3_600_000;
    books(harness)
        .open_shift(&common::anyone(), Pesos::new(base), at)
        .expect("the shift opens");
}

/// The cash sales written in this till's open shift, oldest first.
fn cash_sales(harness: &Harness<'_, PaydeskApp>) -> Vec<CashEntry> {
    books(harness)
        .open_shift_here()
        .expect("the books answer")
        .map(|report| report.entries)
        .unwrap_or_default()
        .into_iter()
        .filter(|entry| entry.kind == CashKind::Sale)
        .collect()
}

fn field_value(harness: &Harness<'_, PaydeskApp>, label: &str) -> String {
    harness
        .get_by(text_input(label))
        .value()
        .unwrap_or_default()
}

/// Efectivo chosen in Cobrar, once the books said where the drawer stands.
fn to_cash(harness: &mut Harness<'_, PaydeskApp>, ready: &str) {
    click(harness, "Efectivo");
    wait_until(harness, "the cash form knows the drawer", |h| {
        shows(h, ready)
    });
}

/// Enter in the field labelled `label`.
fn enter_in(harness: &mut Harness<'_, PaydeskApp>, label: &str) {
    harness.get_by(text_input(label)).focus();
    harness.step();
    harness.key_press(egui::Key::Enter);
}

#[test]
fn a_cash_sale_with_change_is_recorded_and_the_form_is_ready_in_the_frame_of_the_key() {
    let app = App::new();
    let mut harness = app.harness();
    open_shift(&harness, 100_000, 0);
    to_cash(&mut harness, "Registrar venta en efectivo");

    type_into(&mut harness, "Valor", "15000");
    assert_eq!(field_value(&harness, "Valor"), "$ 15.000");
    // Exact until told otherwise: nothing to give back yet.
    assert!(shows(&harness, "Vueltas: $ 0"));
    click(&mut harness, "$ 20.000");
    assert_eq!(field_value(&harness, "¿Con cuánto paga?"), "$ 20.000");
    assert!(shows(&harness, "Vueltas: $ 5.000"));

    enter_in(&mut harness, "Valor");
    // The one frame that takes the key: the sale is handed over and the form is empty, the
    // amount holding the keyboard for the next customer, whatever the books are doing.
    harness.step();
    assert_eq!(field_value(&harness, "Valor"), "");
    assert_eq!(field_value(&harness, "¿Con cuánto paga?"), "");
    harness.step();
    assert!(
        harness.get_by(text_input("Valor")).is_focused(),
        "the amount has the keyboard for the next sale"
    );

    wait_until(&mut harness, "the sale's card", |h| {
        shows(h, "Venta en efectivo registrada")
    });
    let sales = cash_sales(&harness);
    assert_eq!(sales.len(), 1, "written once");
    let sale = &sales[0];
    assert_eq!(sale.amount, Pesos::new(15_000));
    assert_eq!(sale.tendered, Some(Pesos::new(20_000)));
    assert_eq!(sale.change(), Some(Pesos::new(5_000)));
    assert!(sale.reference.starts_with("EF"), "{}", sale.reference);
    assert!(
        shows(&harness, &sale.reference),
        "the card names its reference"
    );
    assert!(shows(&harness, "Vueltas: $ 5.000"));
    assert!(shows(&harness, "Imprimir recibo"));
    assert!(shows(&harness, "Recibo en PDF"));
    assert!(shows(&harness, "Enviar comprobante por WhatsApp"));

    // The customer's copy, as «Enviar comprobante por WhatsApp» opens it: the shop's, the
    // amount, the reference, how it was paid, and that it is no invoice.
    let shop = harness.state().session().expect("a session").shop_name();
    let text = paydesk::ui::panels::collect::cash_receipt(&shop, sale);
    for part in [
        shop.as_str(),
        "$ 15.000",
        sale.reference.as_str(),
        "Pagado en efectivo",
        "Este comprobante no es una factura",
    ] {
        assert!(text.contains(part), "{part:?} in {text:?}");
    }
    let link = paydesk::ui::panels::collect::share_link(&text);
    assert!(link.starts_with("https://wa.me/?text="), "{link}");
    assert!(!link.contains(' '), "{link}");
}

#[test]
fn with_no_shift_open_the_base_is_asked_and_the_shift_opens_with_the_sale() {
    let app = App::new();
    let mut harness = app.harness();
    to_cash(&mut harness, "No hay turno abierto en esta caja");
    assert!(books(&harness).open_shift_here().unwrap().is_none());

    type_into(&mut harness, "Valor", "8000");
    // Without the base the shift cannot open: the button waits and says why.
    assert!(shows(&harness, "Escriba la base contada"));
    type_into(
        &mut harness,
        "Base (efectivo con que empieza el turno)",
        "50000",
    );
    click(&mut harness, "Abrir turno y cobrar");
    wait_until(&mut harness, "the sale's card", |h| {
        shows(h, "Venta en efectivo registrada")
    });
    let report = books(&harness)
        .open_shift_here()
        .unwrap()
        .expect("the shift is open");
    assert_eq!(report.shift.base, Pesos::new(50_000));
    let sales = cash_sales(&harness);
    assert_eq!(sales.len(), 1);
    assert_eq!(sales[0].amount, Pesos::new(8_000));
    // The next sale sells in the shift now open.
    wait_until(&mut harness, "the form sells in the open shift", |h| {
        shows(h, "Registrar venta en efectivo") && !shows(h, "No hay turno abierto")
    });
}

/// Turno, opened before the sale, shows the shift the sale opened and the sale in it: a write at
/// this till is news for every panel of it, as another till's is (an embedded ledger has no
/// notices). And a sale the command line writes on these books is read when the person turns
/// back to Turno.
#[test]
fn turno_shows_the_sale_cobrar_just_made_and_one_made_elsewhere() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(paydesk::ui::Panel::Shift);
    wait_until(&mut harness, "Turno read the drawer", |h| {
        shows(h, "Abrir turno")
    });
    harness.state_mut().show_panel(paydesk::ui::Panel::Collect);
    to_cash(&mut harness, "No hay turno abierto en esta caja");
    type_into(&mut harness, "Valor", "8000");
    type_into(
        &mut harness,
        "Base (efectivo con que empieza el turno)",
        "50000",
    );
    click(&mut harness, "Abrir turno y cobrar");
    wait_until(&mut harness, "the sale's card", |h| {
        shows(h, "Venta en efectivo registrada")
    });
    harness.run_steps(4);
    harness.state_mut().show_panel(paydesk::ui::Panel::Shift);
    wait_until(&mut harness, "Turno shows the shift and its sale", |h| {
        shows(h, "$ 58.000") && !shows(h, "Abrir turno")
    });
    // Another program writes a sale on the same books; turning away and back reads it.
    books(&harness)
        .record_cash(
            &common::anyone(),
            &paydesk::ledger::CashMove::Sale {
                amount: Pesos::new(2_000),
                tendered: Pesos::new(2_000),
                reference: "EFELSEWHERE".into(),
                instead_of: String::new(),
                description: String::new(),
            },
            paydesk::ledger::now_ms(),
        )
        .expect("a sale from elsewhere");
    harness.state_mut().show_panel(paydesk::ui::Panel::Collect);
    harness.run_steps(2);
    harness.state_mut().show_panel(paydesk::ui::Panel::Shift);
    wait_until(&mut harness, "Turno reads the drawer again", |h| {
        shows(h, "$ 60.000")
    });
}

#[test]
fn a_shift_left_open_yesterday_is_said_and_no_cash_sale_is_offered() {
    let app = App::new();
    let mut harness = app.harness();
    open_shift(&harness, 20_000, 2);
    to_cash(&mut harness, "El turno quedó abierto desde");
    assert!(shows(&harness, "ciérrelo en Turno contando la caja"));
    assert!(
        harness
            .query_by_label("Registrar venta en efectivo")
            .is_none()
    );
    assert!(harness.query_by_label("Abrir turno y cobrar").is_none());
}

#[test]
fn handed_over_less_than_the_amount_is_said_and_nothing_is_written() {
    let app = App::new();
    let mut harness = app.harness();
    open_shift(&harness, 0, 0);
    to_cash(&mut harness, "Registrar venta en efectivo");
    type_into(&mut harness, "Valor", "20000");
    type_into(&mut harness, "¿Con cuánto paga?", "10000");
    assert!(shows(&harness, "Lo recibido no alcanza: faltan $ 10.000"));
    enter_in(&mut harness, "¿Con cuánto paga?");
    harness.run_steps(4);
    click(&mut harness, "Registrar venta en efectivo");
    harness.run_steps(4);
    assert_eq!(field_value(&harness, "Valor"), "$ 20.000", "the sale stays");
    assert!(cash_sales(&harness).is_empty(), "nothing written");
    assert!(!shows(&harness, "Venta en efectivo registrada"));

    // «Exacto»: the amount covers itself, and Enter (the keyboard back in the field after the
    // button) records the sale.
    click(&mut harness, "Exacto");
    assert!(shows(&harness, "Vueltas: $ 0"));
    harness.run_steps(2);
    harness.key_press(egui::Key::Enter);
    wait_until(&mut harness, "the sale's card", |h| {
        shows(h, "Venta en efectivo registrada")
    });
    assert_eq!(cash_sales(&harness).len(), 1);
}

/// A till whose service is a simulator of the test's own, behind a line the test can cut.
fn till_behind_a_line(app: &App) -> (TestSimulator, Line, Harness<'static, PaydeskApp>) {
    let (simulator, line) = app.runtime.block_on(async {
        let simulator = TestSimulator::start().await;
        let url = url::Url::parse(&simulator.connection().pay_url).unwrap();
        let upstream = format!("127.0.0.1:{}", url.port().unwrap())
            .parse()
            .unwrap();
        let line = Line::to(upstream).await;
        (simulator, line)
    });
    let harness = harness_against(
        app.home.path(),
        app.runtime.handle().clone(),
        Language::Es,
        env_through(&line, simulator.connection()),
        "127.0.0.1:0".parse().unwrap(),
    );
    (simulator, line, harness)
}

#[test]
fn with_the_line_cut_cash_is_sold_all_the_same() {
    let app = App::new();
    let (_simulator, line, mut harness) = till_behind_a_line(&app);
    open_shift(&harness, 50_000, 0);
    // A link waiting for its payer: its follower is the first to find the line dark.
    create_link(&mut harness, "12.000");
    line.set(LineState::BlackHole);
    wait_until(&mut harness, "the till to say the line is down", |h| {
        shows(h, "No se crean cobros nuevos")
    });

    click(&mut harness, "Ir a Efectivo");
    wait_until(&mut harness, "the cash form, in the dark", |h| {
        shows(h, "Sin internet el efectivo se registra igual")
            && shows(h, "Registrar venta en efectivo")
    });
    type_into(&mut harness, "Valor", "9500");
    click(&mut harness, "$ 10.000");
    assert!(shows(&harness, "Vueltas: $ 500"));
    enter_in(&mut harness, "¿Con cuánto paga?");
    wait_until(&mut harness, "the sale's card, in the dark", |h| {
        shows(h, "Venta en efectivo registrada")
    });
    assert!(
        harness.state().session().is_some_and(|session| session
            .connection
            .client
            .reachability()
            .current()
            .down_since()
            .is_some()),
        "the service was away all along"
    );
    let sales = cash_sales(&harness);
    assert_eq!(sales.len(), 1);
    assert_eq!(sales[0].amount, Pesos::new(9_500));
    assert_eq!(sales[0].change(), Some(Pesos::new(500)));
}

#[test]
fn a_link_charged_in_cash_and_then_approved_is_said_to_be_paid_twice() {
    let app = App::new();
    let mut harness = app.harness();
    open_shift(&harness, 0, 0);
    let reference = create_link(&mut harness, "25.000");

    // The customer pays in cash instead: the form takes the link's amount.
    click(&mut harness, "Cobrar en efectivo");
    wait_until(&mut harness, "the cash form holds the link's sale", |h| {
        shows(h, "esa venta queda sin cobrar") && shows(h, "Registrar venta en efectivo")
    });
    assert_eq!(field_value(&harness, "Valor"), "$ 25.000");
    click(&mut harness, "$ 50.000");
    click(&mut harness, "Registrar venta en efectivo");
    wait_until(&mut harness, "the cash sale's card", |h| {
        shows(h, "Venta en efectivo registrada")
    });
    let sales = cash_sales(&harness);
    assert_eq!(sales.len(), 1);
    assert_eq!(sales[0].instead_of, reference);
    assert_eq!(sales[0].change(), Some(Pesos::new(25_000)));
    // The link is no longer the sale on screen.
    click(&mut harness, "Link de pago");
    assert!(shows(&harness, "Crear link de pago"));
    assert!(harness.query_by_label("Mostrar al cliente").is_none());

    // The payer had paid the link anyway.
    let control = app.control(&harness);
    let status = app.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({ "outcome": "approve" }),
    );
    assert_eq!(status, 200);
    wait_until(&mut harness, "the paid-twice alert", |h| {
        shows(h, "Esta venta se pagó dos veces")
    });
    assert!(shows(&harness, &sales[0].reference));

    // The way back: the sale's window in Estado de pagos, where the money is returned.
    click(&mut harness, "Abrir la venta para devolver el dinero");
    wait_until(&mut harness, "the sale's window with its return", |h| {
        shows(h, "Devolver")
    });
}

#[test]
fn a_sale_the_books_refuse_is_said_in_their_words_and_goes_back_in_the_form() {
    let app = App::new();
    let mut harness = app.harness();
    open_shift(&harness, 0, 0);
    to_cash(&mut harness, "Registrar venta en efectivo");
    // Another window of the books (Turno, the command line) closes the shift meanwhile.
    let ledger = books(&harness);
    let shift = ledger.open_shift_here().unwrap().expect("open").shift.id;
    ledger
        .close_shift(
            &common::anyone(),
            shift,
            &paydesk::money::cash::Count::default(),
            "",
            paydesk::ledger::now_ms(),
        )
        .expect("the shift closes");

    type_into(&mut harness, "Valor", "7000");
    type_into(&mut harness, "¿Qué vende?", "Pan");
    enter_in(&mut harness, "Valor");
    wait_until(&mut harness, "the refusal on the card", |h| {
        shows(h, "No se registró la venta en efectivo de $ 7.000")
    });
    assert!(shows(&harness, "No hay turno abierto en esta caja"));
    assert!(cash_sales(&harness).is_empty(), "nothing written");

    // Nothing lost: the sale comes back to the form as it was typed.
    click(&mut harness, "Volver a poner la venta en el formulario");
    assert_eq!(field_value(&harness, "Valor"), "$ 7.000");
    assert_eq!(field_value(&harness, "¿Qué vende?"), "Pan");
    assert!(!shows(&harness, "No se registró la venta"));
}

#[test]
fn an_approved_sale_offers_the_customers_copy_by_whatsapp() {
    let app = App::new();
    let mut harness = app.harness();
    let reference = create_link(&mut harness, "32.000");
    let control = app.control(&harness);
    let status = app.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({ "outcome": "approve" }),
    );
    assert_eq!(status, 200);
    wait_until(&mut harness, "the approved card offers the copy", |h| {
        shows(h, "Enviar comprobante por WhatsApp")
    });
    let shop = harness.state().session().expect("a session").shop_name();
    let tracker = harness.state().tracker();
    let sale = tracker.find(&reference).expect("today's sale");
    let text =
        paydesk::ui::panels::collect::approved_receipt(&shop, sale, tracker.kind_words(sale));
    for part in [
        shop.as_str(),
        "$ 32.000",
        reference.as_str(),
        "Pagado con",
        "Este comprobante no es una factura",
    ] {
        assert!(text.contains(part), "{part:?} in {text:?}");
    }
}

fn press(harness: &mut Harness<'_, PaydeskApp>, label: &str) {
    harness.run_steps(4);
    harness.get_by_label(label).scroll_to_me();
    harness.run_steps(2);
    click(harness, label);
}

fn is_ticked(harness: &Harness<'_, PaydeskApp>, label: &str) -> bool {
    use egui_kittest::kittest::NodeT;
    harness.get_by_label(label).accesskit_node().toggled() == Some(egui::accesskit::Toggled::True)
}

/// The owner's steps in Configuración › Impresora: this printer, a receipt and the drawer on
/// each sale.
fn printer_for_each_sale(harness: &mut Harness<'_, PaydeskApp>, address: &str) {
    harness.state_mut().show_panel(paydesk::ui::Panel::Settings);
    harness.run_steps(4);
    harness.get_by(text_input("Impresora:")).scroll_to_me();
    harness.run_steps(2);
    for _ in 0..3 {
        type_into(harness, "Impresora:", address);
        if field_value(harness, "Impresora:") == address {
            break;
        }
    }
    for label in [
        "Imprimir el comprobante en cada pago aprobado en esta caja",
        "Abrir el cajón en cada pago aprobado en esta caja",
    ] {
        for _ in 0..5 {
            if is_ticked(harness, label) {
                break;
            }
            press(harness, label);
            harness.run_steps(2);
        }
        assert!(is_ticked(harness, label), "{label} stays unticked");
    }
    for _ in 0..3 {
        press(harness, "Guardar impresora");
        if holds_within(harness, std::time::Duration::from_secs(5), |h| {
            shows(h, "Impresora guardada para este computador")
        }) {
            break;
        }
    }
    wait_until(harness, "the printer is saved", |h| {
        shows(h, "Impresora guardada para este computador")
    });
    harness.state_mut().show_panel(paydesk::ui::Panel::Collect);
}

#[test]
fn with_the_printer_set_for_each_sale_a_cash_sale_opens_the_drawer_and_prints_its_receipt() {
    let app = App::new();
    let mut harness = app.harness();
    let printer = FakePrinter::start(PAPER_OK);
    printer_for_each_sale(&mut harness, &printer.uri());
    open_shift(&harness, 40_000, 0);
    to_cash(&mut harness, "Registrar venta en efectivo");
    type_into(&mut harness, "Valor", "13500");
    click(&mut harness, "$ 20.000");
    enter_in(&mut harness, "Valor");
    wait_until(&mut harness, "the sale's card", |h| {
        shows(h, "Venta en efectivo registrada")
    });
    let jobs: Vec<_> = printer
        .wait_for_jobs(2)
        .iter()
        .map(|job| decode(job))
        .collect();
    let pulses: usize = jobs.iter().map(|job| job.drawer_pulses).sum();
    assert!(pulses >= 1, "the drawer opened: {jobs:?}");
    let receipt = jobs
        .iter()
        .find(|job| job.text.contains("$ 13.500"))
        .unwrap_or_else(|| panic!("a receipt of the sale: {jobs:?}"));
    let sale = &cash_sales(&harness)[0];
    assert!(receipt.text.contains(&sale.reference), "{}", receipt.text);
    // Nobody asked again: nothing more comes out.
    harness.run_steps(20);
    assert_eq!(printer.jobs().len(), 2);
}
