//! The books on a PC several people use: what a cashier typed or anyone posted never becomes a
//! spreadsheet formula, and the shared ledger's address never carries a password or goes in
//! clear text off this computer.

mod common;

use paydesk::api::catalog::MethodCatalog;
use paydesk::api::kind::PaymentKind;
use paydesk::i18n::Language;
use paydesk::ledger::reconcile::Period;
use paydesk::ledger::{Collection, Ledger};

const FORMULAS: [&str; 6] = [
    "=HYPERLINK(\"http://x\",\"x\")",
    "@SUM(1)",
    "+57300",
    "-1+1",
    "\t=1+1",
    "\r=1",
];

/// How a spreadsheet reads a cell: after blanks and TABs are trimmed, a first `=`, `+`, `-` or
/// `@` starts a formula.
fn is_formula(cell: &str) -> bool {
    cell.trim_start_matches([' ', '\t', '\r', '\n'])
        .starts_with(['=', '+', '-', '@'])
}

fn books_with_formulas() -> Ledger {
    let ledger = Ledger::open_in_memory().unwrap();
    for (index, formula) in FORMULAS.iter().enumerate() {
        let collection = Collection {
            reference: format!("PD{index}"),
            kind: PaymentKind::Unrecognised((*formula).into()),
            amount: Some(paydesk::money::Pesos::new(1_000)),
            reference1: (*formula).into(),
            url: String::new(),
            created_at: paydesk::ledger::now_ms(),
            status: None,
            description: String::new(),
            repeatable: false,
            open_until: None,
            made_by: Default::default(),
            resource_id: None,
        };
        paydesk::collections::record_created(&ledger, "tienda", &collection).unwrap();
        // The same text as anyone may post it in a notification's unsigned fields.
        let body = serde_json::json!({
            "referenceId": format!("PD{index}"), "resourceId": "1", "amount": 1000,
            "updatedAt": "2026-11-24 10:00:00", "status": 2, "reference1": formula,
            "paymentMethod": formula, "providerReference": format!("P{index}"),
        })
        .to_string();
        let notification = paydesk::webhook::Notification::parse(body.as_bytes()).unwrap();
        ledger
            .store_notifications("tienda", &[(notification, body)])
            .unwrap();
    }
    ledger
}

fn cells(ledger: &Ledger, language: Language) -> Vec<String> {
    let today = paydesk::clock::today();
    let mut sales = Vec::new();
    ledger
        .export_csv(
            Period::new(Some("tienda"), today, today),
            &mut sales,
            language,
            &MethodCatalog::default(),
        )
        .unwrap();
    let mut notifications = Vec::new();
    ledger
        .export_notifications_csv(
            Period::new(Some("tienda"), today, today),
            &mut notifications,
            language,
        )
        .unwrap();
    let delimiter = if language == Language::Es { b';' } else { b',' };
    [sales, notifications]
        .into_iter()
        .flat_map(|file| {
            let text = String::from_utf8(file).unwrap();
            let text = text.trim_start_matches('\u{feff}').to_owned();
            let mut reader = csv::ReaderBuilder::new()
                .delimiter(delimiter)
                .has_headers(true)
                .from_reader(std::io::Cursor::new(text.into_bytes()));
            reader
                .records()
                .flat_map(|record| {
                    record
                        .unwrap()
                        .iter()
                        .map(str::to_owned)
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn no_cell_of_the_export_is_a_formula_in_either_language() {
    let ledger = books_with_formulas();
    for language in [Language::Es, Language::En] {
        let cells = cells(&ledger, language);
        for formula in FORMULAS {
            assert!(
                cells.contains(&format!("'{formula}")),
                "{language:?}: {formula:?} is kept, as text"
            );
        }
        let formulas: Vec<&String> = cells.iter().filter(|cell| is_formula(cell)).collect();
        assert!(formulas.is_empty(), "{language:?}: {formulas:?}");
    }
}

/// `profile add --ledger-url` with a password in the address, or without encryption to another
/// computer (whichever of its hosts or addresses is the other computer), is refused, and no
/// password reaches the settings file.
#[tokio::test]
async fn the_shared_ledgers_address_is_checked_whole() {
    let home = tempfile::tempdir().unwrap();
    for address in [
        "postgres://caja@servidor/tienda?password=secreto",
        "postgres://caja:secreto@servidor/tienda",
        "postgres://caja@localhost/tienda?hostaddr=203.0.113.5&sslmode=disable",
        "postgres://caja@localhost,servidor/tienda?sslmode=disable",
    ] {
        let output = common::paydesk(home.path())
            .args([
                "profile",
                "add",
                "tienda",
                "--base-url",
                "https://api.example.co/api/v1",
                "--pay-url",
                "https://pay.example.co",
                "--shop-url",
                "https://tienda.example.co",
                "--ledger-url",
                address,
            ])
            .output()
            .await
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{address}: {stderr}");
        assert!(!stderr.contains("secreto"), "{stderr}");
        let settings = home.path().join("config/paydesk.toml");
        if settings.exists() {
            let text = std::fs::read_to_string(settings).unwrap();
            assert!(
                !text.contains("secreto") && !text.contains("ledger_url"),
                "{text}"
            );
        }
    }
}
