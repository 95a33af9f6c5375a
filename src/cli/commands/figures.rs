//! The three figures of a period as the terminal says them (`paydesk sales`): Ventas, Recibido
//! and Por cobrar, read from `Report::figures` and nothing else, so they agree to the peso with
//! every other surface. `--json` gives one object with `sales`, `received` and `owed`; the
//! service's money and the drawers' cash stay apart, each with whose word stands behind it.

use serde_json::{Value, json};

use crate::api::catalog::MethodCatalog;
use crate::cli::output::labelled;
use crate::ledger::reconcile::{self, Figures, PaidWith, Sum};
use crate::t;

fn sum_json(sum: &Sum) -> Value {
    json!({"count": sum.count, "amount": sum.amount.get()})
}

/// How a part was paid, in words: «Efectivo», «Fiado», or the charge's kind («Link de pago»,
/// «QR dinámico con valor»).
pub(super) fn paid_with_words(way: &PaidWith, catalog: &MethodCatalog) -> String {
    match way {
        PaidWith::Cash | PaidWith::Tab => way.words(),
        PaidWith::Service(kind) => kind.words(catalog),
    }
}

/// The figures for programs: amounts in whole pesos, ways as codes beside their words.
pub fn figures_json(figures: &Figures, catalog: &MethodCatalog) -> Value {
    let sales = &figures.sales;
    let received = &figures.received;
    let owed = &figures.owed;
    json!({
        "sales": {
            "net": sales.net().get(),
            "sold": sum_json(&sales.sold),
            "returned": sum_json(&sales.returned),
            "returnsUnderWay": sum_json(&sales.returns_under_way),
            "byWay": sales.by_way.iter().map(|(way, each)| json!({
                "way": way.code(),
                "name": paid_with_words(way, catalog),
                "sold": sum_json(&each.sold),
                "returned": sum_json(&each.returned),
                "net": each.net().get(),
            })).collect::<Vec<_>>(),
            "byDay": sales.by_day.iter().map(|(day, net)| json!({
                "day": reconcile::format_date(*day),
                "net": net.get(),
            })).collect::<Vec<_>>(),
            "byHour": sales.by_hour.iter().map(|(hour, net)| json!({
                "hour": hour,
                "net": net.get(),
            })).collect::<Vec<_>>(),
            "byCashier": sales.by_cashier.iter().map(|(cashier, net)| json!({
                "cashier": cashier,
                "net": net.get(),
            })).collect::<Vec<_>>(),
            "unpaid": sum_json(&sales.unpaid),
            "voided": sum_json(&sales.voided),
            "paidTwice": sum_json(&sales.paid_twice),
        },
        "received": {
            "service": {
                "confirmed": "service",
                "count": received.service.count,
                "gross": received.service.gross.get(),
                "fee": received.service.fee.get(),
                "net": received.service.net.get(),
                "withFee": received.service_with_fee,
            },
            "cash": {
                "counted": "cashier",
                "count": received.cash.count,
                "amount": received.cash.amount.get(),
            },
        },
        "owed": {
            "total": owed.total().get(),
            "tabs": sum_json(&owed.tabs),
            "charges": sum_json(&owed.charges),
        },
    })
}

/// The figures for a person: each of the three with what makes it up under it; what is not a
/// sale (unpaid, voided, paid twice, returns under way) said apart, only when there is some.
pub fn figures_text(figures: &Figures, catalog: &MethodCatalog) -> String {
    let sales = &figures.sales;
    let mut lines = vec![t!(
        "cli-figures-sales",
        net = sales.net().to_string(),
        sold = sales.sold.amount.to_string(),
        count = sales.sold.count,
        returned = sales.returned.amount.to_string()
    )];
    let mut rows: Vec<(String, String)> = sales
        .by_way
        .iter()
        .map(|(way, each)| (paid_with_words(way, catalog), each.net().to_string()))
        .collect();
    let apart = [
        (t!("cli-figures-unpaid"), &sales.unpaid),
        (t!("cli-figures-voided"), &sales.voided),
        (t!("cli-figures-paid-twice"), &sales.paid_twice),
        (
            t!("cli-figures-returns-under-way"),
            &sales.returns_under_way,
        ),
    ];
    for (words, sum) in apart {
        if sum.count > 0 {
            rows.push((
                words,
                t!(
                    "cli-figures-count",
                    amount = sum.amount.to_string(),
                    count = sum.count
                ),
            ));
        }
    }
    lines.push(indented(rows));
    let received = &figures.received;
    lines.push(t!("cli-figures-received"));
    lines.push(indented(vec![
        (
            t!("cli-figures-received-service"),
            t!(
                "cli-figures-service-money",
                gross = received.service.gross.to_string(),
                count = received.service.count,
                fee = received.service.fee.to_string(),
                net = received.service.net.to_string()
            ),
        ),
        (
            t!("cli-figures-received-cash"),
            t!(
                "cli-figures-count",
                amount = received.cash.amount.to_string(),
                count = received.cash.count
            ),
        ),
    ]));
    let owed = &figures.owed;
    lines.push(t!("cli-figures-owed", total = owed.total().to_string()));
    lines.push(indented(vec![
        (
            t!("cli-figures-owed-tabs"),
            t!(
                "cli-figures-count",
                amount = owed.tabs.amount.to_string(),
                count = owed.tabs.count
            ),
        ),
        (
            t!("cli-figures-owed-charges"),
            t!(
                "cli-figures-count",
                amount = owed.charges.amount.to_string(),
                count = owed.charges.count
            ),
        ),
    ]));
    lines.join("\n")
}

fn indented(rows: Vec<(String, String)>) -> String {
    labelled(None, rows)
        .lines()
        .map(|line| format!("  {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}
