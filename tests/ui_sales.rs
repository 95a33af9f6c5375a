//! Estado de pagos as the day's sales (issue 51), from the app against its built-in simulator
//! over loopback (kittest): every sale of the day listed whatever paid it (a link made in
//! Cobrar, a cash sale, fiado, a sale part cash and part QR), each with its number, how it was
//! paid and its state, and a tab's link said as no sale; the header's three figures are the
//! books' (`Ledger::reconcile`'s, the ones Cuadre del día shows); a pending charge turns paid in
//! its row as the service confirms it; search and filters; each kind's window with its parts and
//! whose word stands behind each; a return of each kind made from the window (cash from the
//! drawer, credit to the tab, cash back for a part the service confirmed, a payout), the window
//! saying what remains after each, refusals in words (more than remains, a cash return with no
//! shift open) with nothing written; and Dispersiones naming a return by its sale.
//!
//! The sales the app did not make itself (a cash sale, fiado, a mixed sale) are made by the same
//! library calls Cobrar and the terminal make (`sales::sell`), on the app's own books and
//! service; the app is turned to Estado de pagos afterwards, as a person would, and reads them.

mod common;

use std::sync::Arc;

use common::ui::{App, click, create_link, shows, text_input, type_into, wait_until};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use paydesk::collections::ChargeRequest;
use paydesk::ledger::activity::{Actor, Role as Who};
use paydesk::ledger::{Collection, Ledger, MadeBy, NewCustomer, NewSale, SaleRecord, TabPart};
use paydesk::money::Pesos;
use paydesk::requests::{CashInForm, PaymentLinkForm, ResourceForm, Service};
use paydesk::sales::{SellAsk, Sold};
use paydesk::ui::{Panel, PaydeskApp};
use serde_json::json;

const WITHDRAW: &str = "/pay/cash-out/generate/withdraw-method/token";

fn pesos(amount: i64) -> Pesos {
    Pesos::new(amount)
}

fn anyone() -> Actor {
    Actor::new(Who::Anyone, "")
}

/// The app's books and its profile.
fn books(harness: &Harness<'_, PaydeskApp>) -> (Arc<Ledger>, String) {
    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("a ledger");
    (ledger, session.profile_name().to_owned())
}

/// Sells as Cobrar and the terminal do (`sales::sell`), on the app's books and service.
fn sell(app: &App, harness: &Harness<'_, PaydeskApp>, ask: SellAsk) -> Sold {
    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("a ledger");
    let catalog = harness.state().tracker().catalog.clone();
    let client = session.connection.client.clone();
    let service = paydesk::sales::Service {
        client: &client,
        catalog: &catalog,
        profile: session.profile_name().to_owned(),
        made_by: MadeBy::default(),
    };
    app.runtime
        .block_on(paydesk::sales::sell(ledger, anyone(), Some(service), ask))
        .expect("the books keep the sale")
}

fn ask(amount: i64, what: &str) -> SellAsk {
    SellAsk {
        sale: NewSale::of_amount(Some(pesos(amount)), what),
        cash: None,
        tab: None,
        charge: None,
        open_with: None,
    }
}

/// A cash sale of `amount`, `tendered` handed over, in this till's open shift.
fn cash_sale(app: &App, harness: &Harness<'_, PaydeskApp>, amount: i64, what: &str) -> SaleRecord {
    let sold = sell(
        app,
        harness,
        SellAsk {
            cash: Some((pesos(amount), pesos(amount + 5_000))),
            ..ask(amount, what)
        },
    );
    sold.sale.expect("a sale written at the till")
}

/// Rosa, a customer with a tab.
fn rosa(harness: &Harness<'_, PaydeskApp>) -> i64 {
    let (ledger, _) = books(harness);
    let new = NewCustomer {
        name: "Rosa Pérez".into(),
        cellphone: "3001234567".into(),
        document: String::new(),
        limit: None,
        consent_how: "De palabra, en la tienda".into(),
    };
    ledger
        .add_tab_customer(&anyone(), &new, false, paydesk::clock::now_ms())
        .expect("Rosa is kept")
        .id
}

fn fiado(
    app: &App,
    harness: &Harness<'_, PaydeskApp>,
    customer: i64,
    amount: i64,
    what: &str,
) -> SaleRecord {
    let sold = sell(
        app,
        harness,
        SellAsk {
            tab: Some(TabPart {
                customer,
                amount: pesos(amount),
            }),
            ..ask(amount, what)
        },
    );
    sold.sale.expect("a sale written at the till")
}

/// A QR with its amount, as Cobrar's Códigos QR asks it.
fn qr(amount: i64) -> ChargeRequest {
    let request = ResourceForm {
        method_id: 2,
        amount: amount.to_string(),
        reference1: "MIXTA".into(),
        description: "Mercado".into(),
        ..ResourceForm::default()
    }
    .parse()
    .expect("a QR");
    ChargeRequest::Resource(request)
}

/// A sale part in cash and the rest by QR; the sale and its charge.
fn mixed(
    app: &App,
    harness: &Harness<'_, PaydeskApp>,
    cash: i64,
    by_qr: i64,
    what: &str,
) -> (SaleRecord, Collection) {
    let sold = sell(
        app,
        harness,
        SellAsk {
            cash: Some((pesos(cash), pesos(cash))),
            charge: Some(qr(by_qr)),
            ..ask(cash + by_qr, what)
        },
    );
    let made = sold.charge.expect("a charge").expect("made at the service");
    (sold.sale.expect("its parts at the till"), made.sale.payment)
}

/// A link that pays Rosa's tab (`tabs::collect`): money received, no sale.
fn tab_link(
    app: &App,
    harness: &Harness<'_, PaydeskApp>,
    customer: i64,
    amount: i64,
) -> Collection {
    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("a ledger");
    let catalog = harness.state().tracker().catalog.clone();
    let service = Service {
        default_webhook: session.webhook_url(),
        ..Service::of(&session.connection)
    };
    let request = PaymentLinkForm {
        cash_in: CashInForm {
            amount: amount.to_string(),
            reference1: paydesk::tabs::fresh_reference1(),
            ..CashInForm::default()
        },
    }
    .parse(&service)
    .expect("a link");
    let made = app
        .runtime
        .block_on(paydesk::tabs::collect(
            &session.connection.client,
            &catalog,
            ledger,
            session.profile_name(),
            MadeBy::default(),
            customer,
            ChargeRequest::Link(request),
        ))
        .expect("the tab's link");
    made.sale.payment
}

/// The payer's side at the simulator.
fn outcome(app: &App, harness: &Harness<'_, PaydeskApp>, reference: &str, outcome: &str) {
    app.post(
        format!("{}/transactions/{reference}/outcome", app.control(harness)),
        json!({ "outcome": outcome }),
    );
}

/// The payer's side at the simulator for a charge this till does not follow, and the service's
/// final answer applied to the books as every path applies it (`collections::apply_answer`: a
/// follower, the receiver's check, another till).
fn settle(app: &App, harness: &Harness<'_, PaydeskApp>, charge: &Collection, how: &str) {
    outcome(app, harness, &charge.reference, how);
    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("a ledger");
    let client = session.connection.client.clone();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let answer = app.runtime.block_on(async {
        loop {
            assert!(
                std::time::Instant::now() < deadline,
                "the service never gave the charge a final state"
            );
            let answer = client
                .payment_status(&charge.reference)
                .await
                .expect("the service answers")
                .value;
            if answer.status.is_final() {
                return answer;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    });
    let now = paydesk::clock::now_ms();
    paydesk::collections::apply_answer(&ledger, session.profile_name(), charge, &answer, now, now)
        .expect("the books take the answer");
}

/// Turns to Estado de pagos from another panel, as a person does: the books are read again (a
/// write the test made on an embedded ledger sends no notice).
fn look(harness: &mut Harness<'_, PaydeskApp>) {
    harness.state_mut().show_panel(Panel::Collect);
    harness.run_steps(2);
    harness.state_mut().show_panel(Panel::Status);
    harness.run_steps(2);
}

/// Every word of the list's row whose number (or, for a charge, whose words) is `key`.
fn row(harness: &Harness<'_, PaydeskApp>, key: &str) -> Vec<String> {
    fn words(node: egui_kittest::kittest::AccessKitNode<'_>, into: &mut Vec<String>) {
        if let Some(words) = node.label().or_else(|| node.value()) {
            into.push(words);
        }
        for child in node.children() {
            words(child, into);
        }
    }
    let Some(cell) = harness.query_all_by_label_contains(key).next() else {
        return Vec::new();
    };
    let mut node = cell.accesskit_node();
    while node.role() != Role::Row {
        match node.parent() {
            Some(parent) => node = parent,
            None => return Vec::new(),
        }
    }
    let mut found = Vec::new();
    words(node, &mut found);
    found
}

fn row_says(harness: &Harness<'_, PaydeskApp>, key: &str, said: &[&str]) -> bool {
    let words = row(harness, key);
    said.iter()
        .all(|wanted| words.iter().any(|word| word.contains(wanted)))
}

/// The sale's window, opened from its row.
fn open(harness: &mut Harness<'_, PaydeskApp>, number: &str) {
    wait_until(harness, "the sale's row", |h| shows(h, number));
    harness.get_by_label(number).click();
    let title = format!("Venta {number}");
    wait_until(harness, "the sale's window", |h| shows(h, &title));
    harness.run_steps(2);
}

fn close_window(harness: &mut Harness<'_, PaydeskApp>) {
    let close = harness
        .query_all_by_label("Cerrar")
        .find(|node| node.rect().min.x < 1000.0)
        .expect("the window's «Cerrar»");
    close.click();
    harness.run_steps(4);
}

/// A sale of `amount` made as a link in Cobrar, approved at the simulator; its number.
fn paid_link(app: &App, harness: &mut Harness<'_, PaydeskApp>, amount: &str, what: &str) -> String {
    harness.state_mut().show_panel(Panel::Collect);
    harness.run_steps(2);
    type_into(harness, "¿Qué vende?", what);
    let reference = create_link(harness, amount);
    outcome(app, harness, &reference, "approve");
    let (ledger, profile) = books(harness);
    wait_until(harness, "the books hold what was paid", |_| {
        ledger.returnable(&profile, &reference, "").is_ok()
    });
    ledger
        .sale_of_charge(&profile, &reference, "")
        .expect("the books")
        .expect("the link's sale")
        .number
        .to_string()
}

#[test]
fn a_day_of_every_kind_is_listed_with_its_numbers_states_and_the_books_figures() {
    let app = App::new();
    let mut harness = app.harness();
    let (ledger, _) = books(&harness);
    ledger
        .open_shift(&anyone(), pesos(50_000), paydesk::clock::now_ms())
        .expect("the shift opens");
    let link = paid_link(&app, &mut harness, "25.000", "Zapatos talla 40");
    let cash = cash_sale(&app, &harness, 15_000, "Gaseosas")
        .number
        .to_string();
    let customer = rosa(&harness);
    let taken = fiado(&app, &harness, customer, 30_000, "Mercado del mes")
        .number
        .to_string();
    let (mixed_sale, mixed_qr) = mixed(&app, &harness, 20_000, 20_000, "Arroz y aceite");
    let mixed_sale = mixed_sale.number.to_string();
    look(&mut harness);
    for (number, said) in [
        (&link, ["Link de pago", "Pagada", "$ 25.000"]),
        (&cash, ["Efectivo", "Pagada", "$ 15.000"]),
        (&taken, ["Fiado", "Vendida al fiado", "$ 30.000"]),
        (
            &mixed_sale,
            ["Efectivo + QR", "Esperando el pago", "$ 40.000"],
        ),
    ] {
        wait_until(&mut harness, &format!("{number}: {said:?}"), |h| {
            row_says(h, number, &said)
        });
    }

    // A tab's link is money received, not a sale: said so, with no number.
    let paying = tab_link(&app, &harness, customer, 20_000);
    look(&mut harness);
    wait_until(&mut harness, "the tab's link, no sale", |h| {
        shows(h, "Abono al fiado de Rosa Pérez · no es una venta")
    });
    settle(&app, &harness, &paying, "approve");
    look(&mut harness);
    wait_until(&mut harness, "the cashier watches it turn approved", |h| {
        row_says(h, "Abono al fiado de Rosa Pérez", &["Aprobado"])
    });

    header_says_the_books_figures(&mut harness);
    search_finds_by_number_what_was_sold_and_customer(
        &mut harness,
        (&link, &cash, &taken, &mixed_sale),
    );

    // The mixed sale's QR is declined: what it would have paid is missing, and the filter of
    // what is still to collect shows it alone.
    settle(&app, &harness, &mixed_qr, "decline");
    look(&mut harness);
    wait_until(&mut harness, "the mixed sale misses its QR", |h| {
        row_says(h, &mixed_sale, &["Falta cobrar $ 20.000"])
    });
    let filter = |h: &Harness<'_, PaydeskApp>, label: &'static str| {
        h.get_by(move |node| node.role() != Role::Label && node.label().as_deref() == Some(label))
            .click();
    };
    filter(&harness, "Falta cobrar");
    harness.run_steps(3);
    assert!(shows(&harness, &mixed_sale));
    assert!(!shows(&harness, &link) && !shows(&harness, &cash));
    filter(&harness, "Todas");
    harness.run_steps(3);
    assert!(shows(&harness, &link) && shows(&harness, &cash));
}

/// The header says the books' three figures, the ones Cuadre del día shows, and they are the
/// day's: the link, the cash sale, the fiado, the mixed sale's cash part and Rosa's payment.
fn header_says_the_books_figures(harness: &mut Harness<'_, PaydeskApp>) {
    let figures = |h: &Harness<'_, PaydeskApp>| common::ui::todays_report(h).figures;
    let said = |h: &Harness<'_, PaydeskApp>| {
        let figures = figures(h);
        let service = figures.received.service;
        [
            format!("Ventas: {}", figures.sales.net()),
            paydesk::t!(
                "status-today-count",
                count = service.count,
                approved = service.gross.to_string()
            ),
            format!("En efectivo: {}", figures.received.cash.amount),
            format!("Por cobrar: {}", figures.owed.total()),
        ]
    };
    wait_until(harness, "the header says the books' figures", |h| {
        said(h).iter().all(|words| shows(h, words))
    });
    let day = figures(harness);
    // Sold: the link, the cash sale, the fiado and the mixed sale's cash part (its QR waits).
    assert_eq!(day.sales.net(), pesos(90_000), "{day:?}");
    assert_eq!(day.sales.unpaid.amount, pesos(20_000));
    // The service's money is the link's and Rosa's payment; the drawer's, the two cash parts.
    assert_eq!(day.received.service.gross, pesos(45_000));
    assert_eq!(day.received.cash.amount, pesos(35_000));
    // Rosa owes 30.000 less the 20.000 she paid, and the mixed sale's QR waits for 20.000.
    assert_eq!(day.owed.total(), pesos(30_000));
}

/// Search: by number, by what was sold, by the customer.
fn search_finds_by_number_what_was_sold_and_customer(
    harness: &mut Harness<'_, PaydeskApp>,
    (link, cash, taken, mixed_sale): (&str, &str, &str, &str),
) {
    type_into(harness, "Referencia del pago", mixed_sale);
    assert!(shows(harness, "Arroz y aceite"));
    assert!(!shows(harness, "Gaseosas"));
    type_into(harness, "Referencia del pago", "gaseosas");
    assert!(shows(harness, cash));
    assert!(!shows(harness, link));
    type_into(harness, "Referencia del pago", "rosa");
    assert!(shows(harness, taken));
    assert!(!shows(harness, cash));
    type_into(harness, "Referencia del pago", "");
}

#[test]
fn a_pending_charge_turns_paid_in_its_row_as_the_service_confirms_it() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Collect);
    harness.run_steps(2);
    type_into(&mut harness, "¿Qué vende?", "Chaqueta azul");
    let reference = create_link(&mut harness, "60.000");
    harness.state_mut().show_panel(Panel::Status);
    let (ledger, profile) = books(&harness);
    let number = ledger
        .sale_of_charge(&profile, &reference, "")
        .expect("the books")
        .expect("the link's sale")
        .number
        .to_string();
    wait_until(&mut harness, "the sale waits for its payment", |h| {
        row_says(
            h,
            &number,
            &["Esperando el pago", "$ 60.000", "Chaqueta azul"],
        )
    });
    outcome(&app, &harness, &reference, "approve");
    wait_until(&mut harness, "the same row turns paid", |h| {
        row_says(h, &number, &["Pagada", "$ 60.000", "Chaqueta azul"])
    });
    assert!(!row_says(&harness, &number, &["Esperando el pago"]));
}

#[test]
fn each_kind_opens_its_window_and_gives_back_what_fits_it_saying_what_remains() {
    let app = App::new();
    let mut harness = app.harness();
    let (ledger, _) = books(&harness);
    ledger
        .open_shift(&anyone(), pesos(50_000), paydesk::clock::now_ms())
        .expect("the shift opens");
    let link = paid_link(&app, &mut harness, "25.000", "Bolso de cuero");
    let cash = cash_sale(&app, &harness, 15_000, "Gaseosas");
    let customer = rosa(&harness);
    let taken = fiado(&app, &harness, customer, 30_000, "Mercado del mes");
    look(&mut harness);

    cash_goes_back_from_the_drawer(&mut harness, &ledger, &cash);
    fiado_goes_back_to_the_tab(&mut harness, &ledger, (&taken, customer));
    the_link_goes_back_in_cash_then_by_payout(&app, &mut harness, &link);
}

/// Cash: from the drawer, never more than remains, in the books' words.
fn cash_goes_back_from_the_drawer(
    harness: &mut Harness<'_, PaydeskApp>,
    ledger: &Ledger,
    cash: &SaleRecord,
) {
    open(harness, &cash.number.to_string());
    assert!(shows(harness, "contado por el cajero"));
    assert!(shows(harness, "Enviar comprobante por WhatsApp"));
    assert!(shows(harness, "Comprobante en PDF"));
    click(harness, "Devolver en efectivo…");
    wait_until(harness, "the form says what remains", |h| {
        shows(
            h,
            "Se pagó $ 15.000 de esta forma; quedan $ 15.000 por devolver",
        )
    });
    for (typed, message) in [
        ("0", "mayor que $ 0"),
        ("abc", "use solo dígitos"),
        (
            "20.000",
            "Solo quedan $ 15.000 por devolver de esa forma de pago",
        ),
    ] {
        type_into(harness, "Valor", typed);
        assert!(shows(harness, message), "{typed}: {message}");
        assert!(
            harness
                .get_by_label("Devolver … en efectivo")
                .accesskit_node()
                .is_disabled(),
            "{typed}: nothing to write"
        );
    }
    assert!(ledger.returns_of_sale_parts(cash.id).unwrap().is_empty());
    type_into(harness, "Valor", "5.000");
    click(harness, "Devolver $ 5.000 en efectivo");
    wait_until(harness, "the return written, and what remains", |h| {
        shows(h, "Se devolvieron $ 5.000 en efectivo de la caja")
            && shows(h, "quedan $ 10.000 por devolver")
            && shows(h, "Devuelto $ 5.000 de $ 15.000")
    });
    assert_eq!(ledger.returns_of_sale_parts(cash.id).unwrap().len(), 1);
    close_window(harness);
    wait_until(harness, "the list says it", |h| {
        row_says(
            h,
            &cash.number.to_string(),
            &["Devuelta en parte ($ 5.000)"],
        )
    });
}

/// Fiado: credited back to Rosa's tab.
fn fiado_goes_back_to_the_tab(
    harness: &mut Harness<'_, PaydeskApp>,
    ledger: &Ledger,
    (taken, customer): (&SaleRecord, i64),
) {
    open(harness, &taken.number.to_string());
    assert!(shows(harness, "lo debe Rosa Pérez"));
    click(harness, "Abonar al fiado…");
    type_into(harness, "Valor", "10.000");
    click(harness, "Abonar $ 10.000 al fiado");
    wait_until(harness, "the tab credited, and what remains", |h| {
        shows(h, "Se abonaron $ 10.000 al fiado de Rosa Pérez")
            && shows(h, "quedan $ 20.000 por devolver")
    });
    let owed = ledger
        .tab_customers()
        .unwrap()
        .into_iter()
        .find(|tab| tab.customer.id == customer)
        .expect("Rosa's tab")
        .signed();
    assert_eq!(owed, 20_000, "Rosa owes what she kept");
    close_window(harness);
}

/// The link: cash back at the counter, then the rest by a payout, each saying what remains; and
/// Dispersiones names the return by its sale.
fn the_link_goes_back_in_cash_then_by_payout(
    app: &App,
    harness: &mut Harness<'_, PaydeskApp>,
    link: &str,
) {
    open(harness, link);
    assert!(shows(harness, "confirmado por el servicio"));
    click(harness, "Devolver en efectivo (cliente presente)…");
    type_into(harness, "Valor", "5.000");
    click(harness, "Devolver $ 5.000 en efectivo");
    wait_until(harness, "the cash back written", |h| {
        shows(h, "Se devolvieron $ 5.000 en efectivo de la caja")
            && shows(h, "Devuelto $ 5.000 de $ 25.000")
    });
    click(harness, "Devolver por dispersión…");
    wait_until(harness, "the payout's form says what remains", |h| {
        shows(h, "El cliente pagó $ 25.000; quedan $ 20.000 por devolver")
    });
    type_into(harness, "Valor", "20.000");
    type_into(harness, "Alias Bre-B del cliente", "@ANA123");
    click(harness, "Revisar devolución…");
    wait_until(harness, "the review", |h| {
        shows(h, "Confirme la devolución")
    });
    click(harness, "Devolver $ 20.000");
    wait_until(harness, "the service confirmed it", |h| {
        shows(h, "Devolución confirmada: $ 20.000 a @ANA123")
    });
    wait_until(harness, "the sale says it went back whole", |h| {
        h.query_all_by_label("Devuelta").next().is_some()
    });
    assert_eq!(app.requests_to(harness, WITHDRAW), 1, "one payout");

    // Dispersiones names the return by its sale.
    close_window(harness);
    harness.state_mut().show_panel(Panel::Payouts);
    wait_until(harness, "Dispersiones names the return", |h| {
        shows(h, &format!("Devolución de la venta {link}"))
    });
}

#[test]
fn a_cash_return_with_no_shift_open_is_refused_in_the_books_words() {
    let app = App::new();
    let mut harness = app.harness();
    let number = paid_link(&app, &mut harness, "18.000", "Camisa blanca");
    look(&mut harness);
    open(&mut harness, &number);
    click(&mut harness, "Devolver en efectivo (cliente presente)…");
    type_into(&mut harness, "Valor", "8.000");
    click(&mut harness, "Devolver $ 8.000 en efectivo");
    wait_until(&mut harness, "the books refuse it", |h| {
        shows(h, "No hay turno abierto en esta caja")
    });
    let (ledger, _) = books(&harness);
    let sale = ledger
        .sale_by_number(number.parse().unwrap())
        .expect("the sale");
    assert!(ledger.returns_of_sale_parts(sale.id).unwrap().is_empty());
    assert!(shows(&harness, "quedan $ 18.000 por devolver"));
    assert!(
        harness.query_by(text_input("Valor")).is_some(),
        "the form stays, to open the shift and try again"
    );
}
