//! Turno from the app (issue 45), as the people at the till use it (kittest, the real app on its
//! own books): a shift opened with its base, money in and out with their reasons (one without a
//! reason, and one the drawer does not hold, written nowhere), the count by denomination with a
//! faltante said in words, the close confirmed once whatever the clicks; a close the books already
//! hold refused in their words; a piece that is not whole refused; the owner's view listing two
//! tills' shifts, and a void by the owner taking the entry out of «Esperado»; the base and a
//! movement whose last digit comes with Enter in one frame written as typed.

mod common;

use std::sync::Arc;

use common::ui::{App, click, shows, type_into, wait_until};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use paydesk::ledger::activity::{Actor, Role};
use paydesk::ledger::{CashMove, Ledger};
use paydesk::money::Pesos;
use paydesk::money::cash::{Count, DENOMINATIONS, Difference};
use paydesk::ui::{Panel, PaydeskApp};

fn ledger(harness: &Harness<'_, PaydeskApp>) -> Arc<Ledger> {
    let session = harness.state().session().cloned().expect("a session");
    session.ledger.clone().expect("a ledger")
}

/// Clicks `label` after bringing it into view: the panel scrolls, and the count is far down.
fn press(harness: &mut Harness<'_, PaydeskApp>, label: &str) {
    harness.run_steps(2);
    harness.get_by_label(label).scroll_to_me();
    harness.run_steps(3);
    click(harness, label);
}

/// Types after bringing the field into view.
fn fill(harness: &mut Harness<'_, PaydeskApp>, label: &str, text: &str) {
    harness.run_steps(2);
    harness.get_by(common::ui::text_input(label)).scroll_to_me();
    harness.run_steps(3);
    type_into(harness, label, text);
}

/// How many entries this till's open shift holds, as the books say.
fn entries_here(ledger: &Ledger) -> usize {
    ledger
        .open_shift_here()
        .expect("the books answer")
        .map_or(0, |report| report.entries.len())
}

/// Turno, and this till's shift opened with `base` from the form.
fn open_shift(harness: &mut Harness<'_, PaydeskApp>, base: &str) {
    harness.state_mut().show_panel(Panel::Shift);
    wait_until(harness, "Turno says no shift is open", |h| {
        shows(h, "No hay turno abierto en esta caja")
    });
    fill(harness, "Base: efectivo con que empieza", base);
    // Typed as digits, shown as Cobrar shows an amount ("0" is a plain zero base).
    let shown = harness
        .get_by(common::ui::text_input("Base: efectivo con que empieza"))
        .value()
        .unwrap_or_default();
    let digits: String = base.chars().filter(char::is_ascii_digit).collect();
    if digits.trim_start_matches('0').is_empty() {
        assert_eq!(shown, base);
    } else {
        let pesos: i64 = digits.parse().expect("a base");
        assert_eq!(shown, Pesos::new(pesos).to_string());
    }
    press(harness, "Abrir turno");
    wait_until(harness, "the shift is open", |h| {
        shows(h, "abierto por") && shows(h, "Esperado en caja")
    });
}

#[test]
fn a_shift_opened_moved_and_closed_with_a_faltante() {
    let app = App::new();
    let mut harness = app.harness();
    open_shift(&mut harness, "100000");
    let books = ledger(&harness);
    let open = books.open_shift_here().unwrap().expect("open in the books");
    assert_eq!(open.shift.base, Pesos::new(100_000));

    // Money in, its reason from a quick button.
    fill(&mut harness, "Valor", "20.000");
    press(&mut harness, "Sencillo para vueltas");
    press(&mut harness, "Registrar entrada");
    wait_until(&mut harness, "the entry is in the books", |_| {
        entries_here(&books) == 1
    });
    wait_until(&mut harness, "the drawer shows it", |h| {
        shows(h, "Sencillo para vueltas") && shows(h, "$ 120.000")
    });

    // Money out with no reason: said, and nothing written.
    press(&mut harness, "Salida de efectivo");
    fill(&mut harness, "Valor", "30.000");
    assert!(shows(&harness, "Escriba el motivo: queda en el registro"));
    press(&mut harness, "Registrar salida");
    harness.run_steps(6);
    assert_eq!(entries_here(&books), 1, "a movement without a reason");

    // More than the drawer holds: the books refuse in their words, nothing written.
    fill(&mut harness, "Valor", "500.000");
    press(&mut harness, "Pago a proveedor");
    press(&mut harness, "Registrar salida");
    wait_until(&mut harness, "the books refuse it", |h| {
        shows(h, "En la caja debería haber solo $ 120.000: no alcanza")
    });
    assert_eq!(entries_here(&books), 1, "a drawer that does not hold it");

    // Enter in the amount records it, as the button does.
    fill(&mut harness, "Valor", "30.000");
    harness.get_by(common::ui::text_input("Valor")).focus();
    harness.step();
    harness.key_press(egui::Key::Enter);
    wait_until(
        &mut harness,
        "the supplier's payment is in the books",
        |_| entries_here(&books) == 2,
    );
    wait_until(&mut harness, "expected now", |h| shows(h, "$ 90.000"));

    // The count: 50.000 + 20.000 + 10.000 + 3 × 500 = 81.500 of 90.000.
    fill(&mut harness, "billete de $ 50.000", "1");
    fill(&mut harness, "billete de $ 20.000", "1");
    fill(&mut harness, "billete de $ 10.000", "1");
    fill(&mut harness, "moneda de $ 500", "3");
    wait_until(&mut harness, "the difference in words", |h| {
        shows(h, "Faltante de $ 8.500") && shows(h, "$ 81.500")
    });
    press(&mut harness, "Cerrar turno");
    wait_until(&mut harness, "the last look", |h| {
        shows(
            h,
            "Se cierra el turno con $ 81.500 contados. Faltante de $ 8.500",
        )
    });
    assert!(
        books.open_shift_here().unwrap().is_some(),
        "not before the yes"
    );

    // Two clicks on the yes in the same moment: one close, no refusal on screen.
    harness.get_by_label("Sí, cerrar turno").scroll_to_me();
    harness.run_steps(5);
    let yes = harness.get_by_label("Sí, cerrar turno");
    yes.click();
    yes.click();
    harness.run_steps(2);
    wait_until(&mut harness, "the shift's result stays on screen", |h| {
        shows(h, &format!("Turno {} cerrado", open.shift.id))
    });
    assert!(shows(&harness, "Imprimir cierre de turno"));
    assert!(shows(&harness, "Cierre de turno en PDF"));
    assert!(!shows(&harness, "ya está cerrado"), "asked once");
    let closed = books
        .shift_report(open.shift.id)
        .unwrap()
        .expect("the shift");
    let close = closed.shift.close.expect("closed in the books");
    assert_eq!(close.counted, Pesos::new(81_500));
    assert_eq!(close.expected, Pesos::new(90_000));
    assert_eq!(close.difference(), Difference::Short(Pesos::new(8_500)));
    wait_until(&mut harness, "a new shift may open", |h| {
        shows(h, "No hay turno abierto en esta caja")
    });
}

#[test]
fn a_close_the_books_already_hold_is_refused_in_words() {
    let app = App::new();
    let mut harness = app.harness();
    open_shift(&mut harness, "0");
    let books = ledger(&harness);
    let shift = books.open_shift_here().unwrap().expect("open").shift.id;

    // A piece that is not whole: said under its field, and no close offered.
    fill(&mut harness, "billete de $ 2.000", "1,5");
    wait_until(&mut harness, "the piece refused", |h| {
        shows(h, "Cuente billete de $ 2.000 en unidades enteras")
    });
    assert!(harness.query_by_label("Cerrar turno").is_none());
    fill(&mut harness, "billete de $ 2.000", "0");
    wait_until(&mut harness, "an empty drawer, to the peso", |h| {
        shows(h, "Cuadra al peso")
    });
    press(&mut harness, "Cerrar turno");
    wait_until(&mut harness, "the last look", |h| {
        shows(h, "Sí, cerrar turno")
    });

    // Meanwhile the shift is closed elsewhere (the command line at this till).
    let someone = Actor::new(Role::Anyone, "");
    books
        .close_shift(
            &someone,
            shift,
            &Count::default(),
            "",
            paydesk::ledger::now_ms(),
        )
        .expect("closed from the command line");
    press(&mut harness, "Sí, cerrar turno");
    wait_until(&mut harness, "the books refuse a second close", |h| {
        shows(
            h,
            &format!("El turno {shift} ya está cerrado: nada lo cambia"),
        )
    });
}

#[test]
fn the_owner_sees_every_tills_shifts_and_voids_an_entry() {
    let app = App::new();
    let mut harness = app.harness();
    let books = ledger(&harness);
    // Another till's shift of the morning, written to the same books: opened, moved, counted.
    let marta = Actor {
        role: Role::Cashier,
        name: "Marta".into(),
        till: "Caja del fondo".into(),
    };
    let now = paydesk::ledger::now_ms();
    let morning = books
        .open_shift(&marta, Pesos::new(50_000), now - 1_000)
        .expect("the other till opens");
    let change = CashMove::In {
        amount: Pesos::new(10_000),
        reason: "Sencillo".into(),
    };
    books
        .record_cash(&marta, &change, now - 900)
        .expect("money in");
    let mut count = Count::default();
    count.set(DENOMINATIONS[1], 1);
    count.set(DENOMINATIONS[3], 1);
    books
        .close_shift(&marta, morning.id, &count, "", now - 800)
        .expect("the other till closes");

    open_shift(&mut harness, "100.000");
    fill(&mut harness, "Valor", "20.000");
    fill(&mut harness, "Motivo", "Cambio traído del banco");
    press(&mut harness, "Registrar entrada");
    wait_until(&mut harness, "the entry is in the books", |_| {
        entries_here(&books) == 1
    });

    press(&mut harness, "Todas las cajas (dueño)");
    let mine = books.open_shift_here().unwrap().expect("open").shift.id;
    wait_until(&mut harness, "both tills' shifts", |h| {
        shows(h, "Caja del fondo")
            && shows(h, "Cuadra al peso")
            && shows(h, &format!("Turno {}", morning.id))
            && shows(h, &format!("Turno {mine}"))
    });
    press(&mut harness, &format!("Turno {mine}"));
    wait_until(&mut harness, "the shift's drawer", |h| {
        shows(h, "Esperado en caja") && shows(h, "$ 120.000")
    });
    press(&mut harness, "Anular");
    wait_until(&mut harness, "the void asks why", |h| {
        shows(h, "Anular movimiento: Entrada de efectivo de $ 20.000")
    });
    fill(&mut harness, "Motivo", "Se registró dos veces");
    press(&mut harness, "Anular movimiento");
    wait_until(
        &mut harness,
        "the books took it out of every figure",
        |_| {
            books
                .open_shift_here()
                .ok()
                .flatten()
                .is_some_and(|report| {
                    report.figures.expected() == Pesos::new(100_000)
                        && report.figures.voided.count == 1
                })
        },
    );
    wait_until(&mut harness, "the entry marked, expected back", |h| {
        shows(h, "Anulado: Se registró dos veces") && shows(h, "$ 100.000")
    });
    assert_eq!(entries_here(&books), 1, "voided, never deleted");
}

#[test]
fn a_cash_return_takes_what_remains_of_the_sale_by_default() {
    let app = App::new();
    let mut harness = app.harness();
    open_shift(&mut harness, "50.000");
    let books = ledger(&harness);
    let sale = CashMove::Sale {
        amount: Pesos::new(30_000),
        tendered: Pesos::new(50_000),
        reference: "EF-PRUEBA-1".into(),
        instead_of: String::new(),
        description: "Sombrero vueltiao".into(),
    };
    let cashier = Actor::new(Role::Anyone, "");
    books
        .record_cash(&cashier, &sale, paydesk::ledger::now_ms())
        .expect("a cash sale");
    press(&mut harness, "Devolución en efectivo");
    fill(&mut harness, "Venta en efectivo", "EF-PRUEBA-1");
    press(&mut harness, "Buscar venta");
    wait_until(&mut harness, "what remains of the sale", |h| {
        shows(
            h,
            "Venta EF-PRUEBA-1 de $ 30.000: quedan $ 30.000 por devolver",
        )
    });
    press(&mut harness, "Producto devuelto");
    press(&mut harness, "Registrar devolución");
    wait_until(&mut harness, "the return is in the books", |_| {
        books
            .open_shift_here()
            .ok()
            .flatten()
            .is_some_and(|report| report.figures.returns.amount == Pesos::new(30_000))
    });
    // A second return of the same sale: nothing remains, the books say so.
    fill(&mut harness, "Venta en efectivo", "EF-PRUEBA-1");
    fill(&mut harness, "Valor", "1.000");
    fill(&mut harness, "Motivo", "Otra vez");
    press(&mut harness, "Registrar devolución");
    wait_until(&mut harness, "the books refuse it", |h| {
        shows(h, "De esa venta quedan $ 0 por devolver")
    });
    assert_eq!(entries_here(&books), 2, "nothing written");
}

#[test]
fn a_shift_left_open_yesterday_is_said_at_the_next_start() {
    let app = App::new();
    let harness = app.harness();
    let books = ledger(&harness);
    let yesterday = paydesk::ledger::now_ms() - 24 * 60 * 60 * 1_000;
    let cashier = Actor::new(Role::Anyone, "");
    books
        .open_shift(&cashier, Pesos::new(10_000), yesterday)
        .expect("opened yesterday");
    drop(harness);
    drop(books);

    // The next morning: the app turns to Turno by itself and offers only the count.
    let mut harness = app.harness();
    wait_until(&mut harness, "the shift left open is said", |h| {
        shows(h, "quedó abierto desde") && shows(h, "cuente la caja y ciérrelo")
    });
    assert!(harness.query_by_label("Registrar entrada").is_none());
    assert!(harness.query_by_label("Abrir turno").is_none());
    fill(&mut harness, "billete de $ 10.000", "1");
    wait_until(&mut harness, "to the peso", |h| shows(h, "Cuadra al peso"));
    press(&mut harness, "Cerrar turno");
    press(&mut harness, "Sí, cerrar turno");
    wait_until(&mut harness, "today's shift may open", |h| {
        shows(h, "No hay turno abierto en esta caja")
    });
}

/// A loaded till or a fast hand: the amount's last digit and Enter reach the app in one frame.
/// What is written is what was typed, not what the field held when the frame began (once
/// $ 1.200 went for $ 12.000 typed).
fn last_digit_and_enter(harness: &mut Harness<'_, PaydeskApp>, label: &str, before: &str) {
    fill(harness, label, before);
    common::ui::type_with_enter_in_one_frame(harness, label, "0");
}

#[test]
fn the_last_digit_and_enter_in_one_frame_write_the_amount_typed() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Shift);
    wait_until(&mut harness, "Turno says no shift is open", |h| {
        shows(h, "No hay turno abierto en esta caja")
    });
    let books = ledger(&harness);
    last_digit_and_enter(&mut harness, "Base: efectivo con que empieza", "5000");
    wait_until(&mut harness, "the shift is open", |_| {
        books.open_shift_here().ok().flatten().is_some()
    });
    let open = books.open_shift_here().unwrap().expect("open");
    assert_eq!(open.shift.base, Pesos::new(50_000), "the base typed");

    wait_until(&mut harness, "the movement's form", |h| {
        h.query_by(common::ui::text_input("Motivo")).is_some()
    });
    fill(&mut harness, "Motivo", "Cambio traído del banco");
    last_digit_and_enter(&mut harness, "Valor", "1200");
    wait_until(&mut harness, "the entry is in the books", |_| {
        entries_here(&books) == 1
    });
    let entry = &books.open_shift_here().unwrap().expect("open").entries[0];
    assert_eq!(entry.amount, Pesos::new(12_000), "the amount typed");
    assert_eq!(entry.reason, "Cambio traído del banco");
}
