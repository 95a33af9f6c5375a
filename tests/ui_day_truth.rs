//! The day's truth at the counter: one figure for one question. A day with approvals, a refusal,
//! a counter QR's payments, a sale the command line made, a payout and an answer that
//! contradicts an approval: Estado de pagos, Saldo, Cuadre del día, the printed close and the CSV
//! say the same money, the approval stays approved, and the contradiction is shown to review.

mod common;

use common::ui::{
    App, click, create_counter_qr, create_link, shows, todays_report, type_into, wait_until,
};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use paydesk::api::{StatusRecord, TransactionStatus};
use paydesk::ledger::{Collection, StatusWrite};
use paydesk::money::Pesos;
use paydesk::ui::{Panel, PaydeskApp};
use serde_json::{Value, json};

fn settle(app: &App, harness: &Harness<'_, PaydeskApp>, reference: &str, outcome: Value) {
    let control = app.control(harness);
    let status = app.post(
        format!("{control}/transactions/{reference}/outcome"),
        outcome,
    );
    assert_eq!(
        status, 200,
        "the simulator takes the outcome for {reference}"
    );
}

fn answer(status: TransactionStatus, amount: &str) -> StatusRecord {
    serde_json::from_value(json!({
        "id": "1", "cost": "$ 0", "status": status.id().to_string(), "date": "",
        "providerReference": "", "amount": amount, "description": null,
        "paymentMethod": null
    }))
    .unwrap()
}

#[test]
fn five_screens_say_one_figure_and_an_approval_stays_approved() {
    let app = App::new();
    let mut harness = app.harness();

    // Two sales approved, one refused.
    let mut approved = Vec::new();
    for (amount, sold) in [
        ("25.000", "Almuerzo ejecutivo"),
        ("30.000", "Bandeja paisa"),
    ] {
        type_into(&mut harness, "¿Qué vende?", sold);
        let reference = create_link(&mut harness, amount);
        settle(&app, &harness, &reference, json!({"outcome": "approve"}));
        approved.push(reference);
        click(&mut harness, "Nueva venta");
    }
    let refused = create_link(&mut harness, "9.000");
    settle(&app, &harness, &refused, json!({"outcome": "decline"}));
    click(&mut harness, "Nueva venta");

    // The counter's QR takes two payments.
    let code = create_counter_qr(&mut harness);
    for (amount, count) in [(12_000, 1), (8_500, 2)] {
        settle(
            &app,
            &harness,
            &code,
            json!({"outcome": "approve", "amount": amount}),
        );
        wait_until(&mut harness, "the code's payment is seen", |h| {
            h.state()
                .tracker()
                .find(&code)
                .is_some_and(|qr| qr.received.len() == count)
        });
    }
    wait_until(&mut harness, "every sale ended", |h| {
        h.state()
            .tracker()
            .payments
            .iter()
            .filter(|p| !p.repeatable)
            .all(|p| p.status.is_some_and(|s| s.is_final()))
    });

    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("the books");
    let profile = session.profile_name().to_owned();
    // A sale the command line made and the service approved, written into the same books
    // without this window hearing of it.
    let now = paydesk::ledger::now_ms();
    let elsewhere = Collection {
        reference: "CLI-1".into(),
        kind: paydesk::api::kind::PaymentKind::Link,
        amount: Some(Pesos::new(7_000)),
        reference1: "TERMINAL".into(),
        url: String::new(),
        created_at: now,
        status: None,
        description: "Desde la terminal".into(),
        repeatable: false,
        open_until: None,
        made_by: Default::default(),
        resource_id: None,
    };
    paydesk::collections::record_created(&ledger, &profile, &elsewhere).unwrap();
    let paid = answer(TransactionStatus::Approved, "$ 7.000");
    paydesk::collections::apply_answer(&ledger, &profile, &elsewhere, &paid, now, now).unwrap();
    // A payout: money out, never in the day's money in.
    let payout = ledger
        .begin_payout(
            &profile,
            &paydesk::api::PayoutRequest {
                amount: Pesos::new(50_000),
                reference1: "PROVEEDOR".into(),
                webhook_request: None,
                method_id: 245,
                destination: "3001234567".into(),
                bank_name: None,
            },
            &paydesk::ledger::IntentRules {
                spacing_ms: 0,
                repeat_window_ms: 600_000,
                confirmed_repeat_of: None,
            },
        )
        .unwrap();
    ledger
        .finish_payout(
            payout.id,
            &paydesk::ledger::PayoutOutcome::Sent {
                transaction_reference: Some("RT-1".into()),
                reply_json: "{}".into(),
            },
        )
        .unwrap();
    // A lagging answer asked later says the first sale is pending again: the books keep it
    // approved and keep the answer apart.
    let first = ledger
        .collection_by_reference(&profile, &approved[0])
        .unwrap()
        .unwrap();
    let later = paydesk::ledger::now_ms() + 1;
    let lagging = answer(TransactionStatus::Pending, "$ 25.000");
    let applied =
        paydesk::collections::apply_answer(&ledger, &profile, &first, &lagging, later, later)
            .unwrap();
    assert_eq!(
        applied.written,
        StatusWrite::Contradicted {
            held: TransactionStatus::Approved
        }
    );

    // 25.000 + 30.000 + 12.000 + 8.500 + 7.000: what the service confirmed.
    let day = "$ 82.500";
    harness.state_mut().show_panel(Panel::Status);
    wait_until(
        &mut harness,
        "Estado de pagos says the books' figure",
        |h| shows(h, &format!("{day} aprobados")),
    );
    harness.state_mut().show_panel(Panel::Balance);
    wait_until(&mut harness, "Saldo says the same", |h| shows(h, day));
    harness.state_mut().show_panel(Panel::Reconcile);
    wait_until(&mut harness, "Cuadre del día says the same", |h| {
        shows(h, "Cobros aprobados") && shows(h, day)
    });
    wait_until(&mut harness, "the contradiction is listed to review", |h| {
        shows(h, "El servicio contradice un estado final") && shows(h, "Para revisar (")
    });
    let report = todays_report(&harness);
    assert_eq!(report.approved.count, 5, "{report:?}");
    assert_eq!(report.approved.gross, Pesos::new(82_500));
    assert_eq!(report.payouts_open.count + report.payouts_paid.count, 1);
    assert!(
        !report
            .by_state
            .contains_key(&Some(TransactionStatus::Pending)),
        "no sale went back to pending: {report:?}"
    );
    // The printed close, from the same report.
    let slip = paydesk::printing::documents::close_slip(
        "Tienda",
        &report,
        &Default::default(),
        paydesk::ledger::now_ms(),
    );
    assert!(slip.text().contains(day), "{}", slip.text());
    // The CSV: one row per sale (each of the code's payments, the payout), its money the same.
    let today = paydesk::clock::today();
    let mut csv = Vec::new();
    ledger
        .export_csv(
            paydesk::ledger::reconcile::Period::new(Some(&profile), today, today),
            &mut csv,
            paydesk::i18n::Language::En,
            &Default::default(),
        )
        .unwrap();
    let mut reader = csv::Reader::from_reader(csv.as_slice());
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let sales = rows.iter().filter(|r| &r[0] == "sale").count();
    let code_payments = rows.iter().filter(|r| &r[0] == "code payment").count();
    let payouts = rows.iter().filter(|r| &r[0] == "payout").count();
    assert_eq!((sales, code_payments, payouts), (4, 2, 1), "{rows:?}");
    let money: i64 = rows
        .iter()
        .filter(|r| &r[0] != "payout")
        .filter_map(|r| r[6].parse::<i64>().ok())
        .sum();
    assert_eq!(money, 82_500, "{rows:?}");
    let first_row = rows.iter().find(|r| r[2] == approved[0]).unwrap();
    assert_eq!(
        &first_row[11], "2",
        "approved, as the books hold it: {first_row:?}"
    );
    // An English file says it in English, whatever the till speaks.
    assert!(
        first_row[14].contains("the service later said pending"),
        "{first_row:?}"
    );

    // The sale's own window says both, and it is still approved.
    harness.state_mut().show_panel(Panel::Status);
    wait_until(&mut harness, "the contradiction reaches the list", |h| {
        h.state()
            .tracker()
            .find(&approved[0])
            .is_some_and(|sale| !sale.contradictions.is_empty())
    });
    let sale = harness
        .state()
        .tracker()
        .find(&approved[0])
        .cloned()
        .unwrap();
    assert_eq!(sale.status, Some(TransactionStatus::Approved));
    harness.get_by_label("Almuerzo ejecutivo").click();
    wait_until(&mut harness, "the sale's window says both states", |h| {
        shows(h, "Para revisar: los libros lo tienen aprobado")
            && shows(h, "el servicio dijo después pendiente")
    });
}
