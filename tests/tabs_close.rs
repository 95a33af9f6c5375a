//! Customers' tabs in the close, on both backends (the embedded SQLite ledger, and a shared
//! PostgreSQL one: a throwaway cluster, `#[ignore = "needs PostgreSQL"]`, run with
//! `--include-ignored`): a day with fiado given by a cashier and by the owner, part paid by a link
//! the books credit from the service's answer, part by a counter QR paid over the balance (credit
//! in the customer's favour), part in cash at the shift; the close's tab figures to the peso,
//! the service's money and the drawer's the same as without the tab lines (nothing counted
//! twice), the same under any profile, its lines, the CSV's rows (a forgotten customer's name
//! blank) and the printed close's words. Then paper from the terminal: `print shift` and
//! `print cash-receipt` as PDFs read back with pdftotext, and bad ids refused in words.

mod common;

use common::backends::Store;
use paydesk::api::StatusRecord;
use paydesk::api::catalog::MethodCatalog;
use paydesk::api::kind::PaymentKind;
use paydesk::i18n::Language;
use paydesk::ledger::activity::{Actor, Role};
use paydesk::ledger::close::CloseLines;
use paydesk::ledger::reconcile::{self, Report, TabSum};
use paydesk::ledger::{CashMove, Collection, Ledger, MadeBy, NewCustomer};
use paydesk::money::Pesos;
use paydesk::printing::documents::close_slip;

common::backends::on_both_backends!(a_day_of_fiado_closes_to_the_peso_and_counts_nothing_twice);

const PROFILE: &str = "tienda";
const TILL: &str = "caja-1";
const SHOP: &str = "Tienda Demo";
const HOUR_MS: i64 = 60 * 60 * 1000;

fn pesos(amount: i64) -> Pesos {
    Pesos::new(amount)
}

fn ana() -> Actor {
    Actor {
        role: Role::Cashier,
        name: "Ana".into(),
        till: TILL.into(),
    }
}

fn owner() -> Actor {
    Actor {
        role: Role::Owner,
        name: String::new(),
        till: TILL.into(),
    }
}

fn customer(name: &str, cellphone: &str) -> NewCustomer {
    NewCustomer {
        name: name.into(),
        cellphone: cellphone.into(),
        document: String::new(),
        limit: None,
        consent_how: "De palabra, en la tienda".into(),
    }
}

/// The service's answer to `/payment/status`, as the client reads it.
fn answer(status: i64, amount: i64, provider_reference: &str) -> StatusRecord {
    serde_json::from_value(serde_json::json!({
        "id": "1", "cost": "$ 1.000", "status": status.to_string(), "date": "",
        "providerReference": provider_reference, "amount": amount.to_string(),
        "description": null, "paymentMethod": null
    }))
    .unwrap()
}

/// A sale made at the service under `reference1` (a link for `amount`, or a counter code
/// with none), written as `tabs::collect` and `make_charge` write it.
fn sale_made(
    ledger: &Ledger,
    reference: &str,
    reference1: &str,
    amount: Option<i64>,
    at: i64,
) -> Collection {
    let sale = Collection {
        reference: reference.into(),
        kind: PaymentKind::Link,
        amount: amount.map(pesos),
        reference1: reference1.into(),
        url: String::new(),
        created_at: at,
        status: None,
        description: "Abono a la cuenta de fiado".into(),
        repeatable: amount.is_none(),
        open_until: None,
        made_by: MadeBy {
            cashier: "Ana".into(),
            till: TILL.into(),
            till_id: String::new(),
        },
        resource_id: None,
    };
    ledger.record_collection(PROFILE, &sale).unwrap();
    sale
}

/// The service's approval of `reference`, applied where every answer is: its status, its
/// received payment and (the books' own doing) the tab's credit.
fn approved(ledger: &Ledger, sale: &Collection, amount: i64, payment: &str, at: i64) {
    let answer = answer(2, amount, payment);
    paydesk::collections::apply_answer(ledger, PROFILE, sale, &answer, at, at).unwrap();
}

/// The day: Rosa takes $ 30.000 from Ana, Luis $ 12.000 from the owner; Rosa pays $ 20.000 by a
/// link and $ 6.000 in cash at Ana's shift; Luis pays $ 15.000 by the counter QR, $ 3.000 over
/// his balance. Beside them an ordinary link of $ 40.000 and a cash sale of $ 25.000. Returns
/// Rosa's and Luis's ids.
fn a_day_of_fiado(ledger: &Ledger, start: i64) -> (i64, i64) {
    let at = |hour: i64| start + hour * HOUR_MS;
    ledger.open_shift(&ana(), pesos(50_000), at(8)).unwrap();
    let rosa = ledger
        .add_tab_customer(&ana(), &customer("Rosa Pérez", "3001234567"), false, at(8))
        .unwrap()
        .id;
    let luis = ledger
        .add_tab_customer(&ana(), &customer("Luis Gómez", ""), false, at(8))
        .unwrap()
        .id;
    ledger
        .take_on_tab(&ana(), rosa, pesos(30_000), "Mercado de la semana", at(9))
        .unwrap();
    ledger
        .take_on_tab(&owner(), luis, pesos(12_000), "Gaseosas", at(9))
        .unwrap();

    ledger
        .tie_tab_link(PROFILE, "FI-ROSA", rosa, Some(pesos(20_000)), at(10))
        .unwrap();
    let link = sale_made(ledger, "PD-FI-1", "FI-ROSA", Some(20_000), at(10));
    approved(ledger, &link, 20_000, "", at(11));
    // The same answer by another path (a second till, the receiver): nothing more.
    approved(ledger, &link, 20_000, "", at(11));

    ledger
        .tie_tab_link(PROFILE, "FI-LUIS", luis, None, at(10))
        .unwrap();
    let counter = sale_made(ledger, "PD-QR-2", "FI-LUIS", None, at(10));
    approved(ledger, &counter, 15_000, "NEQUI-77", at(12));

    ledger
        .pay_tab_in_cash(&ana(), rosa, pesos(6_000), at(13))
        .unwrap();

    let sold = sale_made(ledger, "PD-VENTA", "VENTA", Some(40_000), at(14));
    approved(ledger, &sold, 40_000, "", at(14));
    ledger
        .record_cash(
            &ana(),
            &CashMove::Sale {
                amount: pesos(25_000),
                tendered: pesos(25_000),
                reference: "EF-1".into(),
                instead_of: String::new(),
                description: "Arroz".into(),
            },
            at(15),
        )
        .unwrap();
    (rosa, luis)
}

fn sum(count: usize, amount: i64) -> TabSum {
    TabSum {
        count,
        amount: pesos(amount),
    }
}

fn a_day_of_fiado_closes_to_the_peso_and_counts_nothing_twice(store: &Store) {
    paydesk::i18n::set(Language::Es);
    let ledger = store.till(TILL);
    let day = reconcile::parse_date("2026-11-21").unwrap();
    let start = reconcile::bounds(day, day).0;
    let (rosa, luis) = a_day_of_fiado(&ledger, start);
    let now = start + 20 * HOUR_MS;
    let report = ledger.reconcile(Some(PROFILE), day, day, now).unwrap();

    let tabs = &report.tabs;
    assert_eq!(tabs.given, sum(2, 42_000));
    assert_eq!(tabs.given_by_cashier["Ana"], sum(1, 30_000));
    assert_eq!(tabs.given_by_cashier["Dueño"], sum(1, 12_000));
    assert_eq!(tabs.paid_by_service, sum(2, 35_000), "credited once each");
    assert_eq!(tabs.paid_in_cash, sum(1, 6_000));
    assert_eq!(tabs.owed, sum(1, 4_000), "Rosa: 30.000 - 20.000 - 6.000");
    assert_eq!(tabs.credit, sum(1, 3_000), "Luis paid 3.000 over");

    nothing_counted_twice(&report);

    // Tabs are the shop's, as the drawer: the same under another profile, whose service money
    // is none.
    let other = ledger.reconcile(Some("otra"), day, day, now).unwrap();
    assert_eq!(other.tabs, report.tabs);
    assert_eq!(other.approved.count, 0);

    the_close_says_fiado_is_not_money(&report);
    the_printed_close_says_it_too(&report);

    // Rosa pays the rest in cash and is forgotten at her request: her rows stay, nameless.
    ledger
        .pay_tab_in_cash(&ana(), rosa, pesos(4_000), start + 16 * HOUR_MS)
        .unwrap();
    ledger
        .forget_tab_customer(&owner(), rosa, start + 17 * HOUR_MS)
        .unwrap();
    the_csv_has_a_row_per_tab_entry(&ledger, day, rosa, luis);
}

/// The service's money is its received payments alone, the drawer's its entries alone: the tab
/// lines add nothing to either.
fn nothing_counted_twice(report: &Report) {
    assert_eq!(report.approved.count, 3, "link, counter QR, ordinary link");
    assert_eq!(report.approved.gross, pesos(20_000 + 15_000 + 40_000));
    let cash = &report.cash;
    assert_eq!((cash.sales.count, cash.sales.amount), (1, pesos(25_000)));
    assert_eq!(
        (cash.cash_in.count, cash.cash_in.amount),
        (1, pesos(6_000)),
        "the tab's cash is the drawer's money in, once"
    );
    let drawer = &cash.drawers[0];
    assert_eq!(drawer.expected, pesos(50_000 + 25_000 + 6_000));
}

fn the_close_says_fiado_is_not_money(report: &Report) {
    let close = CloseLines::of(report, &MethodCatalog::default());
    let tabs = close.tabs.expect("a Fiado section");
    assert_eq!(
        tabs.heading,
        "Fiado: lo que se llevaron sin pagar; no es dinero recibido"
    );
    let labels: Vec<(&str, bool, TabSum)> = tabs
        .lines
        .iter()
        .map(|line| (line.label.as_str(), line.part, line.sum))
        .collect();
    assert_eq!(
        labels,
        [
            ("Fiado (se lo llevaron sin pagar)", false, sum(2, 42_000)),
            ("Ana", true, sum(1, 30_000)),
            ("Dueño", true, sum(1, 12_000)),
            ("Cobrado del fiado por link o QR", false, sum(2, 35_000)),
            ("Cobrado del fiado en efectivo", false, sum(1, 6_000)),
        ]
    );
    let service = tabs.lines[3].counted_in.as_deref().unwrap();
    assert!(service.contains("confirmado por el servicio"), "{service}");
    let cash = tabs.lines[4].counted_in.as_deref().unwrap();
    assert!(cash.contains("efectivo"), "{cash}");
    assert!(
        tabs.lines[0].counted_in.is_none(),
        "fiado is counted nowhere"
    );
    assert_eq!(
        tabs.owed,
        "Quedaba por cobrar al cierre: $ 4.000 (1 cliente)"
    );
    assert_eq!(
        tabs.credit.as_deref(),
        Some("Saldo a favor de clientes al cierre: $ 3.000 (1 cliente)")
    );
    // The service's line is still the service's money alone.
    assert_eq!(close.received[0].totals.gross, pesos(75_000));
}

fn the_printed_close_says_it_too(report: &Report) {
    let text = close_slip(SHOP, report, &MethodCatalog::default(), 0).text();
    for words in [
        "Fiado: lo que se llevaron sin pagar; no es dinero recibido",
        "Fiado (se lo llevaron sin pagar) (2): $ 42.000",
        "Cobrado del fiado por link o QR (2): $ 35.000",
        "Ya está en lo confirmado por el servicio: no se suma otra vez",
        "Cobrado del fiado en efectivo (1): $ 6.000",
        "Ya está en las entradas de efectivo de las cajas: no se suma otra vez",
        "Quedaba por cobrar al cierre: $ 4.000 (1 cliente)",
        "Saldo a favor de clientes al cierre: $ 3.000 (1 cliente)",
    ] {
        assert!(text.contains(words), "{words:?} not in:\n{text}");
    }
    let at = |words: &str| text.find(words).unwrap();
    assert!(at("Confirmado por el servicio") < at("Fiado: lo que"));
}

fn the_csv_has_a_row_per_tab_entry(ledger: &Ledger, day: time::Date, rosa: i64, luis: i64) {
    let mut file = Vec::new();
    let period = reconcile::Period::new(Some(PROFILE), day, day);
    ledger
        .export_csv(period, &mut file, Language::En, &MethodCatalog::default())
        .unwrap();
    let mut reader = csv::Reader::from_reader(file.as_slice());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(header, reconcile::EXPORT_HEADER);
    assert_eq!(
        &header[..22],
        &reconcile::EXPORT_HEADER[..22],
        "the earlier columns where they were"
    );
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let tabs: Vec<_> = rows.iter().filter(|r| r[0].starts_with("tab_")).collect();
    let seen: Vec<(&str, &str, &str, &str, &str)> = tabs
        .iter()
        .map(|r| {
            (
                &r[0],
                &r[column("amount")],
                &r[column("money")],
                &r[column("customer")],
                &r[column("customer_name")],
            )
        })
        .collect();
    let (rosa, luis) = (rosa.to_string(), luis.to_string());
    assert_eq!(
        seen,
        [
            ("tab_taken", "30000", "tab-not-money", rosa.as_str(), ""),
            (
                "tab_taken",
                "12000",
                "tab-not-money",
                luis.as_str(),
                "Luis Gómez"
            ),
            ("tab_paid-service", "20000", "service", rosa.as_str(), ""),
            (
                "tab_paid-service",
                "15000",
                "service",
                luis.as_str(),
                "Luis Gómez"
            ),
            ("tab_paid-cash", "6000", "cash", rosa.as_str(), ""),
            ("tab_paid-cash", "4000", "cash", rosa.as_str(), ""),
        ],
        "oldest first; Rosa forgotten, her amounts kept"
    );
    for row in &tabs {
        for money in ["gross", "cost", "net", "cash"] {
            assert!(row[column(money)].is_empty(), "{money} of {row:?}");
        }
    }
    assert_eq!(&tabs[0][column("review")], "Mercado de la semana");
    assert_eq!(&tabs[0][column("cashier")], "Ana");
    assert_eq!(&tabs[2][column("reference")], "PD-FI-1");
    assert_eq!(&tabs[3][column("reference1")], "NEQUI-77");
    // The service's money and the drawer's in their own rows, once each.
    let gross: i64 = rows
        .iter()
        .filter_map(|r| r[column("gross")].parse::<i64>().ok())
        .sum();
    assert_eq!(gross, 75_000);
    let drawer: i64 = rows
        .iter()
        .filter_map(|r| r[column("cash")].parse::<i64>().ok())
        .sum();
    assert_eq!(drawer, 25_000 + 6_000 + 4_000);
}

/// Paper from the terminal: a till's shift report and a cash sale's receipt as PDFs, read back;
/// a shift or an entry the books do not hold, or an entry that is no sale, exits 2 in words.
#[tokio::test]
#[ignore = "needs poppler-utils (pdftotext)"]
async fn the_shift_report_and_a_cash_receipt_from_the_terminal() {
    let simulator = common::TestSimulator::start().await;
    let home = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let mut command = common::paydesk_against(home.path(), &simulator);
        command.env("PAYDESK_LANG", "es").args(args);
        async move {
            let output = command.output().await.unwrap();
            (
                output.status.code().unwrap_or(-1),
                String::from_utf8_lossy(&output.stdout).into_owned(),
                String::from_utf8_lossy(&output.stderr).into_owned(),
            )
        }
    };
    let (code, _, stderr) = run(&["print", "shift", "--pdf", "nada.pdf"]).await;
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("No hay turno abierto"), "{stderr}");

    let (code, _, stderr) = run(&["cash", "open", "--base", "50000"]).await;
    assert_eq!(code, 0, "{stderr}");
    let (code, stdout, stderr) = run(&[
        "--json",
        "cash",
        "sale",
        "15000",
        "--received",
        "20000",
        "--description",
        "Arroz y panela",
    ])
    .await;
    assert_eq!(code, 0, "{stderr}");
    let sale: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let sale = sale["id"].as_i64().unwrap().to_string();
    let (code, stdout, stderr) =
        run(&["--json", "cash", "in", "7000", "--reason", "Sencillo"]).await;
    assert_eq!(code, 0, "{stderr}");
    let money_in: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let money_in = money_in["id"].as_i64().unwrap().to_string();

    // Fiado from the terminal: Rosa takes $ 30.000 and pays $ 10.000 in cash at this shift.
    let (code, stdout, stderr) = run(&[
        "--json",
        "tab",
        "add",
        "Rosa Pérez",
        "--consent",
        "De palabra, en la tienda",
    ])
    .await;
    assert_eq!(code, 0, "{stderr}");
    let rosa: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let rosa = rosa["id"].as_i64().unwrap().to_string();
    let (code, _, stderr) = run(&["tab", "take", &rosa, "30000", "--description", "Mercado"]).await;
    assert_eq!(code, 0, "{stderr}");
    let (code, _, stderr) = run(&["tab", "pay-cash", &rosa, "10000"]).await;
    assert_eq!(code, 0, "{stderr}");
    the_close_from_the_terminal_has_the_tabs(&run, home.path()).await;

    let receipt = home.path().join("recibo.pdf");
    let receipt_path = receipt.to_str().unwrap();
    let (code, _, stderr) = run(&["print", "cash-receipt", &sale, "--pdf", receipt_path]).await;
    assert_eq!(code, 0, "{stderr}");
    let text = pdf_text(&receipt);
    for words in [
        "Recibo de venta en efectivo",
        "$ 15.000",
        "Recibido",
        "$ 20.000",
        "Vueltas",
        "$ 5.000",
        "Arroz y panela",
        "no es una factura",
    ] {
        assert!(text.contains(words), "{words:?} not in:\n{text}");
    }

    let shift = home.path().join("turno.pdf");
    let shift_path = shift.to_str().unwrap();
    let (code, _, stderr) = run(&["print", "shift", "--pdf", shift_path]).await;
    assert_eq!(code, 0, "{stderr}");
    let text = pdf_text(&shift);
    for words in [
        "Cierre de turno",
        "Base",
        "$ 50.000",
        "$ 15.000",
        "Sencillo",
        "$ 82.000",
        "Abierto, sin contar",
        "Confirmado por el servicio",
    ] {
        assert!(text.contains(words), "{words:?} not in:\n{text}");
    }

    // Bad ids: refused in the books' words, nothing written.
    let nowhere = home.path().join("no.pdf");
    let nowhere_path = nowhere.to_str().unwrap();
    for (args, words) in [
        (
            vec!["print", "shift", "999", "--pdf", nowhere_path],
            "No hay un turno 999",
        ),
        (
            vec!["print", "cash-receipt", "999", "--pdf", nowhere_path],
            "No hay un movimiento de efectivo 999",
        ),
        (
            vec!["print", "cash-receipt", &money_in, "--pdf", nowhere_path],
            "no es una venta",
        ),
    ] {
        let (code, _, stderr) = run(&args).await;
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(words), "{args:?}: {stderr}");
    }
    let (code, _, _) = run(&["print", "cash-receipt", "diez", "--pdf", nowhere_path]).await;
    assert_eq!(code, 2, "an entry is a number");
    assert!(!nowhere.exists(), "no paper for a refusal");
}

/// `ledger close` (text and `--json`) and `print close` (read back) say the tabs apart: not
/// money, the cash collected already in the drawer's money in.
async fn the_close_from_the_terminal_has_the_tabs<F, Fut>(run: &F, home: &std::path::Path)
where
    F: Fn(&[&str]) -> Fut,
    Fut: std::future::Future<Output = (i32, String, String)>,
{
    let (code, stdout, stderr) = run(&["--json", "ledger", "close"]).await;
    assert_eq!(code, 0, "{stderr}");
    let close: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let tabs = &close["tabs"];
    assert_eq!(tabs["money"], false);
    assert_eq!(tabs["given"]["amount"], 30_000);
    assert_eq!(tabs["paidInCash"]["amount"], 10_000);
    assert_eq!(tabs["paidInCash"]["countedIn"], "cash");
    assert_eq!(tabs["paidByService"]["countedIn"], "service");
    assert_eq!(tabs["owedNow"]["amount"], 20_000);
    assert_eq!(
        close["cash"]["in"]["amount"], 17_000,
        "the tab's cash once, in the drawer's money in"
    );
    assert_eq!(close["received"]["gross"], 0);

    let (code, stdout, stderr) = run(&["ledger", "close"]).await;
    assert_eq!(code, 0, "{stderr}");
    for words in [
        "Fiado: lo que se llevaron sin pagar; no es dinero recibido",
        "Fiado (se lo llevaron sin pagar): 1 · $ 30.000",
        "Cobrado del fiado en efectivo: 1 · $ 10.000 (Ya está en las entradas de efectivo",
        "Quedaba por cobrar al cierre: $ 20.000 (1 cliente)",
    ] {
        assert!(stdout.contains(words), "{words:?} not in:\n{stdout}");
    }

    let paper = home.join("cuadre.pdf");
    let (code, _, stderr) = run(&["print", "close", "--pdf", paper.to_str().unwrap()]).await;
    assert_eq!(code, 0, "{stderr}");
    let text = pdf_text(&paper);
    for words in [
        "Fiado: lo que se llevaron sin pagar",
        "$ 30.000",
        "Quedaba por cobrar al cierre",
    ] {
        assert!(text.contains(words), "{words:?} not in:\n{text}");
    }
}

/// A PDF's text, as poppler's pdftotext reads it.
fn pdf_text(path: &std::path::Path) -> String {
    let out = std::process::Command::new("pdftotext")
        .arg(path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils)");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}
