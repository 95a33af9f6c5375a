//! The drawers in the close, on both backends (the embedded SQLite ledger, and a shared
//! PostgreSQL one: a throwaway cluster, `#[ignore = "needs PostgreSQL"]`, run with
//! `--include-ignored`): a day with a base, cash sales, a cash return, money in and out, a void
//! by the owner and a count with a faltante, checked to the peso in the close, its lines and the
//! CSV, with the service's approvals of the same day kept apart; a sale paid twice to review;
//! two tills' drawers on a shared ledger added in the owner's close.

mod common;

use common::backends::Store;
use paydesk::api::StatusRecord;
use paydesk::api::catalog::MethodCatalog;
use paydesk::api::kind::PaymentKind;
use paydesk::i18n::Language;
use paydesk::ledger::activity::{Actor, Role};
use paydesk::ledger::close::CloseLines;
use paydesk::ledger::reconcile::{self, ExceptionKind, Report};
use paydesk::ledger::{CashMove, CashSum, Collection, Ledger, MadeBy};
use paydesk::money::Pesos;
use paydesk::money::cash::{Count, DENOMINATIONS, Difference};

common::backends::on_both_backends!(
    a_day_of_cash_closes_to_the_peso_beside_the_service_money,
    a_sale_charged_in_cash_and_approved_by_the_service_is_paid_twice,
);

const PROFILE: &str = "tienda";
const HOUR_MS: i64 = 60 * 60 * 1000;

/// The shop's day of these tests, and when its first hour starts.
fn day() -> (time::Date, i64) {
    let day = reconcile::parse_date("2026-11-21").unwrap();
    (day, reconcile::bounds(day, day).0)
}

fn ana(till: &str) -> Actor {
    Actor {
        role: Role::Cashier,
        name: "Ana".into(),
        till: till.into(),
    }
}

fn owner(till: &str) -> Actor {
    Actor {
        role: Role::Owner,
        name: String::new(),
        till: till.into(),
    }
}

fn pesos(amount: i64) -> Pesos {
    Pesos::new(amount)
}

/// The service's answer to `/payment/status`, as the client reads it.
fn answer(status: i64, amount: i64) -> StatusRecord {
    serde_json::from_value(serde_json::json!({
        "id": "1", "cost": "$ 1.000", "status": status.to_string(), "date": "",
        "providerReference": "", "amount": amount.to_string(), "description": null,
        "paymentMethod": null
    }))
    .unwrap()
}

/// An electronic sale made `at` at `till` by Ana; approved then by the service when `approved`.
fn electronic_sale(
    ledger: &Ledger,
    till: &str,
    reference: &str,
    amount: i64,
    at: i64,
) -> Collection {
    let sale = Collection {
        reference: reference.into(),
        kind: PaymentKind::Link,
        amount: Some(pesos(amount)),
        reference1: "VENTA".into(),
        url: String::new(),
        created_at: at,
        status: None,
        description: "Zapatos".into(),
        repeatable: false,
        open_until: None,
        made_by: MadeBy {
            cashier: "Ana".into(),
            till: till.into(),
            till_id: String::new(),
        },
        resource_id: None,
    };
    ledger.record_collection(PROFILE, &sale).unwrap();
    sale
}

fn approve(ledger: &Ledger, sale: &Collection, amount: i64, at: i64) {
    paydesk::collections::apply_answer(ledger, PROFILE, sale, &answer(2, amount), at, at).unwrap();
}

fn sale(ledger: &Ledger, who: &Actor, reference: &str, amount: i64, tendered: i64, at: i64) -> i64 {
    ledger
        .record_cash(
            who,
            &CashMove::Sale {
                amount: pesos(amount),
                tendered: pesos(tendered),
                reference: reference.into(),
                instead_of: String::new(),
                description: "Arroz y panela".into(),
            },
            at,
        )
        .unwrap()
        .id
}

fn count(pieces: &[(i64, bool, u32)]) -> Count {
    let mut count = Count::default();
    for (value, coin, n) in pieces {
        let denomination = DENOMINATIONS
            .iter()
            .copied()
            .find(|d| d.value.get() == *value && d.coin == *coin)
            .unwrap();
        count.set(denomination, *n);
    }
    count
}

fn sum(count: usize, amount: i64) -> CashSum {
    CashSum {
        count,
        amount: pesos(amount),
    }
}

/// Ana's shift at `till`: base $ 100.000, three cash sales (one the owner's), a return, money
/// in and out, a sale voided by the owner, and two approvals the service confirmed; counted
/// $ 3.000 short. Returns the shift's id.
fn a_days_drawer(ledger: &Ledger, till: &str, start: i64) -> i64 {
    let (ana, owner) = (ana(till), owner(till));
    let shift = ledger
        .open_shift(&ana, pesos(100_000), start + 8 * HOUR_MS)
        .unwrap();
    sale(
        ledger,
        &ana,
        &format!("EF-{till}-1"),
        25_000,
        50_000,
        start + 9 * HOUR_MS,
    );
    sale(
        ledger,
        &ana,
        &format!("EF-{till}-2"),
        12_500,
        20_000,
        start + 9 * HOUR_MS + 1,
    );
    sale(
        ledger,
        &owner,
        &format!("EF-{till}-3"),
        7_000,
        7_000,
        start + 9 * HOUR_MS + 2,
    );
    ledger
        .record_cash(
            &owner,
            &CashMove::Return {
                amount: pesos(5_000),
                sale: format!("EF-{till}-1"),
                reason: "Producto dañado".into(),
            },
            start + 10 * HOUR_MS,
        )
        .unwrap();
    let link = electronic_sale(
        ledger,
        till,
        &format!("LINK-{till}-1"),
        40_000,
        start + 10 * HOUR_MS,
    );
    approve(ledger, &link, 40_000, start + 10 * HOUR_MS + 5);
    let qr = electronic_sale(
        ledger,
        till,
        &format!("LINK-{till}-2"),
        60_000,
        start + 11 * HOUR_MS,
    );
    approve(ledger, &qr, 60_000, start + 11 * HOUR_MS + 5);
    let moved = |what: CashMove, at: i64| ledger.record_cash(&ana, &what, at).unwrap();
    moved(
        CashMove::In {
            amount: pesos(20_000),
            reason: "Cambio traído del banco".into(),
        },
        start + 11 * HOUR_MS,
    );
    moved(
        CashMove::Out {
            amount: pesos(30_000),
            reason: "Pago a proveedor de gaseosas".into(),
        },
        start + 12 * HOUR_MS,
    );
    let mistaken = sale(
        ledger,
        &ana,
        &format!("EF-{till}-4"),
        9_000,
        10_000,
        start + 12 * HOUR_MS + 1,
    );
    ledger
        .void_cash(
            &owner,
            mistaken,
            "Cobrada dos veces por error",
            start + 12 * HOUR_MS + 2,
        )
        .unwrap();
    // 100.000 + 25.000 + 12.500 + 7.000 − 5.000 + 20.000 − 30.000 = 129.500; counted 126.500.
    let counted = count(&[
        (100_000, false, 1),
        (20_000, false, 1),
        (5_000, false, 1),
        (1_000, false, 1),
        (500, true, 1),
    ]);
    let closed = ledger
        .close_shift(&ana, shift.id, &counted, "", start + 18 * HOUR_MS)
        .unwrap();
    assert_eq!(closed.figures.expected(), pesos(129_500));
    shift.id
}

fn a_day_of_cash_closes_to_the_peso_beside_the_service_money(store: &Store) {
    let ledger = store.till("caja-1");
    let (day, start) = day();
    a_days_drawer(&ledger, "caja-1", start);
    let report = ledger
        .reconcile(Some(PROFILE), day, day, start + 20 * HOUR_MS)
        .unwrap();

    // The service's money is what it confirmed, and nothing of the drawer's.
    assert_eq!(report.approved.count, 2);
    assert_eq!(report.approved.gross, pesos(100_000));
    assert_eq!(report.by_cashier["Ana"].gross, pesos(100_000));

    let cash = &report.cash;
    assert_eq!(
        cash.sales,
        sum(3, 44_500),
        "the voided sale is in no figure"
    );
    assert_eq!(cash.sales_by_cashier["Ana"], sum(2, 37_500));
    assert_eq!(
        cash.sales_by_cashier[&reconcile::who(&owner("caja-1"))],
        sum(1, 7_000)
    );
    assert_eq!(cash.returns, sum(1, 5_000));
    assert_eq!(cash.cash_in, sum(1, 20_000));
    assert_eq!(cash.cash_out, sum(1, 30_000));
    assert_eq!(cash.voided, sum(1, 9_000), "said apart");
    assert_eq!(cash.net_sales(), pesos(39_500));
    assert_eq!(cash.drawers.len(), 1);
    let drawer = &cash.drawers[0];
    assert_eq!(drawer.report.shift.base, pesos(100_000));
    assert_eq!(drawer.expected, pesos(129_500));
    assert_eq!(drawer.counted, Some(pesos(126_500)));
    assert_eq!(drawer.difference(), Some(Difference::Short(pesos(3_000))));
    assert_eq!(cash.difference(), Some(Difference::Short(pesos(3_000))));
    assert!(report.exceptions.is_empty(), "{:?}", report.exceptions);

    // The drawer is the shop's: another profile's close has the same cash, none of the money.
    let other = ledger
        .reconcile(Some("otro-comercio"), day, day, start + 20 * HOUR_MS)
        .unwrap();
    assert_eq!(other.approved.count, 0);
    assert_eq!(other.cash, report.cash);

    the_lines_say_which_money_is_which(&report);
    the_csv_has_every_entry_and_the_count(&ledger, day);
}

fn the_lines_say_which_money_is_which(report: &Report) {
    let close = CloseLines::of(report, &MethodCatalog::default());
    assert_eq!(close.received[0].totals.gross, pesos(100_000));
    assert_eq!(
        close.service_heading,
        paydesk::t!("cashclose-service-heading")
    );
    let cash = close.cash.expect("the drawers' section");
    assert_eq!(cash.heading, paydesk::t!("cashclose-cash-heading"));
    let amounts: Vec<i64> = cash
        .lines
        .iter()
        .map(|line| line.sum.amount.get())
        .collect();
    // Sales, Ana's, the owner's, returns, in, out, sales less returns, voided.
    assert_eq!(
        amounts,
        [44_500, 37_500, 7_000, 5_000, 20_000, 30_000, 39_500, 9_000]
    );
    assert_eq!(cash.drawers[0].expected, pesos(129_500));
    assert_eq!(cash.drawers[0].difference_signed, -3_000);
    assert_eq!(cash.difference_signed, -3_000);
    let words = cash.difference.expect("the drawers' difference in words");
    assert!(words.contains("3.000"), "{words}");
}

fn the_csv_has_every_entry_and_the_count(ledger: &Ledger, day: time::Date) {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("cierre.csv");
    ledger
        .export_csv_file(
            Some(PROFILE),
            day,
            day,
            &file,
            Language::En,
            &MethodCatalog::default(),
        )
        .unwrap();
    let mut reader = csv::Reader::from_path(&file).unwrap();
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(header, reconcile::EXPORT_HEADER);
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let cash: Vec<_> = rows.iter().filter(|r| r[0].starts_with("cash_")).collect();
    assert_eq!(cash.len(), 7, "every entry, the voided one too: {rows:?}");
    assert!(cash.iter().all(|r| &r[column("money")] == "cash"));
    assert!(
        cash.iter().all(|r| r[column("gross")].is_empty()),
        "no service money"
    );
    let service: Vec<_> = rows.iter().filter(|r| &r[0] == "sale").collect();
    assert_eq!(service.len(), 2);
    assert!(service.iter().all(|r| &r[column("money")] == "service"));
    let drawer: i64 = cash
        .iter()
        .map(|r| r[column("cash")].parse::<i64>().unwrap())
        .sum();
    assert_eq!(
        drawer,
        129_500 - 100_000,
        "what the entries did to the drawer"
    );
    let first = cash
        .iter()
        .find(|r| r[2].ends_with("-1") && &r[0] == "cash_sale")
        .unwrap();
    assert_eq!(
        (&first[column("received")], &first[column("change")]),
        ("50000", "25000")
    );
    let voided = cash
        .iter()
        .find(|r| !r[column("voided")].is_empty())
        .unwrap();
    assert_eq!(&voided[column("cash")], "0");
    assert!(voided[column("voided")].contains("Cobrada dos veces"));
    let out = cash.iter().find(|r| &r[0] == "cash_out").unwrap();
    assert_eq!(&out[column("cash")], "-30000");
    assert!(out[column("reason")].contains("proveedor"));

    let shifts = reconcile::shifts_path(&file, Language::En);
    let mut reader = csv::Reader::from_path(&shifts).unwrap();
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(header, reconcile::SHIFTS_HEADER);
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(
        (
            &row[column("base")],
            &row[column("expected")],
            &row[column("counted")],
            &row[column("difference")]
        ),
        ("100000", "129500", "126500", "-3000")
    );
    assert_eq!(
        &row[column("count")],
        "b100000:1,b20000:1,b5000:1,b1000:1,m500:1"
    );
}

fn a_sale_charged_in_cash_and_approved_by_the_service_is_paid_twice(store: &Store) {
    let ledger = store.till("caja-1");
    let (day, start) = day();
    let ana = ana("caja-1");
    ledger
        .open_shift(&ana, pesos(50_000), start + 8 * HOUR_MS)
        .unwrap();
    let link = electronic_sale(&ledger, "caja-1", "LINK-TWICE", 30_000, start + 9 * HOUR_MS);
    let charged = |reference: &str, instead_of: &str, at: i64| {
        ledger
            .record_cash(
                &ana,
                &CashMove::Sale {
                    amount: pesos(30_000),
                    tendered: pesos(30_000),
                    reference: reference.into(),
                    instead_of: instead_of.into(),
                    description: String::new(),
                },
                at,
            )
            .unwrap()
    };
    charged("EF-TWICE", "LINK-TWICE", start + 9 * HOUR_MS + 60_000);
    // A sale charged in cash instead and voided is not paid twice.
    let other = electronic_sale(&ledger, "caja-1", "LINK-VOIDED", 8_000, start + 9 * HOUR_MS);
    let voided = charged("EF-VOIDED", "LINK-VOIDED", start + 9 * HOUR_MS + 120_000);
    ledger
        .void_cash(
            &owner("caja-1"),
            voided.id,
            "Pagó por QR",
            start + 9 * HOUR_MS + 180_000,
        )
        .unwrap();
    let close = |now: i64| ledger.reconcile(Some(PROFILE), day, day, now).unwrap();
    assert!(
        close(start + 10 * HOUR_MS)
            .exceptions
            .iter()
            .all(|e| e.kind != ExceptionKind::PaidTwice),
        "not yet approved: paid once"
    );
    // The service approves both later anyway.
    approve(&ledger, &link, 30_000, start + 11 * HOUR_MS);
    approve(&ledger, &other, 8_000, start + 11 * HOUR_MS);
    let report = close(start + 12 * HOUR_MS);
    let twice: Vec<_> = report
        .exceptions
        .iter()
        .filter(|e| e.kind == ExceptionKind::PaidTwice)
        .collect();
    assert_eq!(twice.len(), 1, "{:?}", report.exceptions);
    assert_eq!(twice[0].reference, "LINK-TWICE");
    assert!(twice[0].detail.contains("EF-TWICE"), "{}", twice[0].detail);
    // Both kinds of money are counted, each in its own place: never one figure.
    assert_eq!(report.approved.gross, pesos(38_000));
    assert_eq!(report.cash.sales, sum(1, 30_000));
    assert_eq!(
        report.cash.drawers[0].expected,
        pesos(80_000),
        "open: expected so far"
    );
    assert_eq!(report.cash.drawers[0].counted, None);
    assert_eq!(report.cash.open_drawers(), 1);

    // The next day the shift still open is to review.
    let next = day.next_day().unwrap();
    let report = ledger
        .reconcile(Some(PROFILE), next, next, start + 30 * HOUR_MS)
        .unwrap();
    let left: Vec<_> = report
        .exceptions
        .iter()
        .filter(|e| e.kind == ExceptionKind::ShiftLeftOpen)
        .collect();
    assert_eq!(left.len(), 1, "{:?}", report.exceptions);
    assert_eq!(
        report.cash.drawers.len(),
        1,
        "the open shift is in the next day's close"
    );
}

/// Two tills of a shared ledger each keep their own drawer; the owner's close adds them, each
/// with its count, and a void takes an entry out of its till's figures only.
#[test]
#[ignore = "needs PostgreSQL"]
fn two_tills_drawers_are_added_in_the_owners_close() {
    let store = Store::postgres();
    let (day, start) = day();
    let first = store.till("caja-1");
    let second = store.till("caja-2");
    a_days_drawer(&first, "caja-1", start);
    let day_shift = a_days_drawer(&second, "caja-2", start);
    // One more sale at the second till in a shift of its own, counted even.
    let ana2 = ana("caja-2");
    let shift = second
        .open_shift(&ana2, pesos(10_000), start + 19 * HOUR_MS)
        .unwrap();
    sale(
        &second,
        &ana2,
        "EF-EVENING",
        2_500,
        5_000,
        start + 19 * HOUR_MS + 1,
    );
    second
        .close_shift(
            &ana2,
            shift.id,
            &count(&[(10_000, false, 1), (2_000, false, 1), (500, true, 1)]),
            "",
            start + 21 * HOUR_MS,
        )
        .unwrap();

    for ledger in [&first, &second] {
        let report = ledger
            .reconcile(None, day, day, start + 22 * HOUR_MS)
            .unwrap();
        let cash = &report.cash;
        assert_eq!(cash.drawers.len(), 3);
        let tills: Vec<&str> = cash
            .drawers
            .iter()
            .map(|d| d.report.shift.till_name.as_str())
            .collect();
        assert_eq!(tills, ["caja-1", "caja-2", "caja-2"]);
        assert_eq!(cash.sales, sum(7, 2 * 44_500 + 2_500));
        assert_eq!(cash.voided, sum(2, 18_000));
        assert_eq!(cash.returns, sum(2, 10_000));
        assert_eq!(cash.difference(), Some(Difference::Short(pesos(6_000))));
        assert_eq!(report.approved.gross, pesos(200_000));
    }

    // Each till's shift report has its own till's approvals only.
    let paper = paydesk::printing::shift::ShiftPaper::from_books(
        &second,
        "Tienda",
        day_shift,
        start + 22 * HOUR_MS,
    )
    .unwrap();
    assert_eq!(paper.report.shift.till_name, "caja-2");
    assert_eq!(paper.electronic.len(), 2);
    assert!(
        paper
            .electronic
            .iter()
            .all(|p| p.reference.starts_with("LINK-caja-2")),
        "{:?}",
        paper.electronic
    );
}
