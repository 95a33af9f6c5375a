//! A static QR printed for the counter, as the shop lives it: customer after customer scans it,
//! types what they owe and pays. Each payment gets its banner, the customer screen turns paid
//! with that customer's amount, and Status, Balance and the day's close count every payment
//! (the service sends no notification for this code: status checks alone see them).

mod common;

use common::ui::{
    App, click, create_counter_qr, pick_method, shows, todays_report, type_into, wait_until,
};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use paydesk::money::Pesos;
use paydesk::ui::{Panel, PaydeskApp};
use serde_json::json;

/// A customer scans the code, types `amount` and pays.
fn customer_pays(app: &App, harness: &Harness<'_, PaydeskApp>, reference: &str, amount: i64) {
    let control = app.control(harness);
    let status = app.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({ "outcome": "approve", "amount": amount }),
    );
    assert_eq!(status, 200, "the simulator takes the payment of {amount}");
}

fn payments_seen(harness: &Harness<'_, PaydeskApp>, reference: &str) -> usize {
    harness
        .state()
        .tracker()
        .find(reference)
        .map_or(0, |code| code.received.len())
}

#[test]
fn a_counter_qr_takes_payment_after_payment_and_every_total_counts_each() {
    let app = App::new();
    let mut harness = app.harness();
    let reference = create_counter_qr(&mut harness);
    assert!(shows(&harness, "Recibe pagos"), "the code waits for payers");

    // The first customer pays while the code is on the customer screen.
    click(&mut harness, "Mostrar al cliente");
    assert!(shows(
        &harness,
        "Escanee con la app de su banco o billetera"
    ));
    customer_pays(&app, &harness, &reference, 12_000);
    wait_until(&mut harness, "the customer sees their payment", |h| {
        shows(h, "¡Pago recibido!")
    });
    assert!(shows(&harness, "$ 12.000"), "the amount this payer typed");
    wait_until(&mut harness, "the customer screen closes by itself", |h| {
        shows(h, "Código QR creado")
    });
    assert!(shows(
        &harness,
        "Pago recibido: $ 12.000 · QR del mostrador"
    ));

    // Two more customers pay with nobody at the till; each is its own payment.
    for (amount, count) in [(8_500, 2), (30_000, 3)] {
        customer_pays(&app, &harness, &reference, amount);
        wait_until(&mut harness, "the payment is seen", |h| {
            payments_seen(h, &reference) == count
        });
    }
    assert!(shows(&harness, "Pago recibido: $ 8.500 · QR del mostrador"));
    assert!(shows(
        &harness,
        "Pago recibido: $ 30.000 · QR del mostrador"
    ));
    assert!(shows(&harness, "3 pagos hoy"));

    // Status: one row for the code, with what it took today; opened, each payment.
    harness.state_mut().show_panel(Panel::Status);
    wait_until(&mut harness, "Status totals the day", |h| {
        shows(h, "$ 50.500 aprobados")
    });
    // Each payment is a sale of its own, listed newest first under the code's description;
    // the code's own row (made before any payment) is the last.
    harness.run_steps(4);
    harness
        .query_all_by_label("QR del mostrador")
        .last()
        .expect("the code is listed")
        .click();
    wait_until(&mut harness, "the code opens", |h| {
        shows(h, "Pagos recibidos hoy")
    });
    for amount in ["$ 12.000", "$ 8.500", "$ 30.000"] {
        assert!(shows(&harness, amount), "{amount} is listed");
    }

    // Balance and the day's close say the same, from the same record.
    harness.state_mut().show_panel(Panel::Balance);
    wait_until(&mut harness, "Balance totals the day", |h| {
        shows(h, "$ 50.500")
    });
    click(&mut harness, "Cuadre del día");
    wait_until(&mut harness, "the close totals the day", |h| {
        shows(h, "Cobros aprobados") && shows(h, "$ 50.500")
    });
    let report = todays_report(&harness);
    assert_eq!(report.approved.count, 3, "each payment counted once");
    assert_eq!(report.approved.gross, Pesos::new(50_500));
    assert!(
        report.approved.fee > Pesos::ZERO,
        "the status checks gave each payment's fee"
    );
}

#[test]
fn a_restarted_till_finds_the_counter_qr_and_todays_payments() {
    let app = App::new();
    let reference = {
        let mut harness = app.harness();
        let reference = create_counter_qr(&mut harness);
        for (amount, count) in [(5_000, 1), (7_000, 2)] {
            customer_pays(&app, &harness, &reference, amount);
            wait_until(&mut harness, "the payment is seen", |h| {
                payments_seen(h, &reference) == count
            });
        }
        reference
    };
    // The next morning's start (the same day here): the code is in the list with its payments,
    // and followed again, so the next customer's payment is seen too.
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Status);
    wait_until(&mut harness, "the code and its payments come back", |h| {
        shows(h, "$ 12.000 aprobados")
    });
    customer_pays(&app, &harness, &reference, 3_000);
    wait_until(&mut harness, "the new payment is seen", |h| {
        shows(h, "$ 15.000 aprobados")
    });
    assert!(shows(&harness, "Pago recibido: $ 3.000"));
}

#[test]
fn an_interoperable_qr_paid_twice_counts_twice_by_notification_and_status_alike() {
    let app = App::new();
    let mut harness = app.harness();
    pick_method(&mut harness, "QR interoperable");
    type_into(&mut harness, "Valor", "8.500");
    type_into(&mut harness, "¿Qué vende?", "Jugo de mora");
    click(&mut harness, "Crear pago");
    wait_until(&mut harness, "the QR is created", |h| {
        shows(h, "Pago con QR interoperable creado")
    });
    let reference = harness.state().tracker().payments[0].reference.clone();
    for count in 1..=2 {
        customer_pays(&app, &harness, &reference, 8_500);
        wait_until(&mut harness, "the payment is seen", |h| {
            payments_seen(h, &reference) == count
        });
    }
    // The receiver is on: each payment's notification comes too, and is the same payment.
    let session = harness.state().session().cloned().unwrap();
    let ledger = session.ledger.clone().unwrap();
    wait_until(&mut harness, "both notifications are confirmed", |_| {
        ledger
            .notifications_for(&reference)
            .unwrap()
            .iter()
            .filter(|n| {
                n.status == paydesk::api::TransactionStatus::Approved
                    && n.check_state == paydesk::ledger::CheckState::Confirmed
            })
            .count()
            == 2
    });
    harness.state_mut().show_panel(Panel::Status);
    wait_until(&mut harness, "Status totals the day", |h| {
        shows(h, "2 pagos, $ 17.000 aprobados")
    });
    let report = todays_report(&harness);
    assert_eq!(report.approved.count, 2, "{report:?}");
    assert_eq!(report.approved.gross, Pesos::new(17_000));
    let today = paydesk::ledger::reconcile::today();
    let (from, to) = paydesk::ledger::reconcile::bounds(today, today);
    assert_eq!(
        ledger
            .received_between(Some(session.profile_name()), from, to)
            .unwrap()
            .len(),
        2,
        "each payment written down once, whichever path came first"
    );
}

#[test]
fn yesterdays_payments_of_a_counter_qr_are_not_todays() {
    let app = App::new();
    let reference = {
        let mut harness = app.harness();
        let reference = create_counter_qr(&mut harness);
        customer_pays(&app, &harness, &reference, 5_000);
        wait_until(&mut harness, "the payment is seen", |h| {
            payments_seen(h, &reference) == 1
        });
        reference
    };
    // The code was printed and paid yesterday.
    let ledger_file = app.home.path().join("data").join("ledger.sqlite3");
    let day_ms = 24 * 60 * 60 * 1000;
    let moved = rusqlite::Connection::open(&ledger_file)
        .unwrap()
        .execute_batch(&format!(
            "UPDATE collections SET created_at = created_at - {day_ms};
             UPDATE received_payments SET received_at = received_at - {day_ms};"
        ));
    assert!(moved.is_ok(), "{moved:?}");

    // This morning: the code is followed again, and the service still shows yesterday's
    // payment as its latest. It is not today's money, nor news.
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Status);
    wait_until(&mut harness, "the code comes back", |h| {
        shows(h, "QR del mostrador")
    });
    let asked = app.requests_to(&harness, "/pay/payment/status");
    wait_until(&mut harness, "its follower asks the service twice", |h| {
        app.requests_to(h, "/pay/payment/status") >= asked + 2
    });
    harness.run_steps(4);
    assert_eq!(payments_seen(&harness, &reference), 0);
    assert!(shows(&harness, "0 pagos, $ 0 aprobados"));
    assert!(!shows(&harness, "Pago recibido"));

    customer_pays(&app, &harness, &reference, 3_000);
    wait_until(&mut harness, "today's first payment", |h| {
        shows(h, "1 pago, $ 3.000 aprobados")
    });
}
