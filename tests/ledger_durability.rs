//! Nothing acknowledged is lost: the headless receiver is killed (SIGKILL) while notifications
//! are being posted; after a restart every notification that got a 200 is in the ledger. Also
//! `webhooks verify`, `ledger export` read back, and the reconciliation report.

mod common;

use std::collections::HashSet;

use common::{expected_signature, free_port, wait_until_listening};
use paydesk::api::kind::PaymentKind;
use paydesk::api::{StatusRecord, TransactionStatus};
use paydesk::ledger::reconcile::{self, ExceptionKind};
use paydesk::ledger::{CheckState, Collection, Ledger, StoreOutcome};
use paydesk::money::Pesos;
use paydesk::webhook::Notification;
use tokio::process::Command;

const KEY: &str = "durable-key";

/// The service's meaning: the payer paid `realAmount`, the service kept `cost`, the merchant
/// receives `amount` (and the signature covers it).
fn body(reference: &str, status: i64, paid: i64, updated_at: &str, key: &str) -> String {
    let unsigned = format!(
        r#"{{"realAmount":{paid},"amount":{net},"cost":"$1,000.00","referenceId":"{reference}","resourceId":"R{reference}","updatedAt":"{updated_at}","status":{status},"paymentMethod":"Nequi","reference1":"REF-{reference}","sign":"SIGN"}}"#,
        net = paid - 1_000
    );
    let sign = expected_signature(key, &unsigned);
    unsigned.replace("SIGN", &sign)
}

fn serve(home: &std::path::Path, port: u16) -> Command {
    let mut command = common::paydesk(home);
    command
        .env("PAYDESK_HASH_KEY", KEY)
        // A service that is not there: confirmations fail, storage must not care.
        .env("PAYDESK_BASE_URL", "http://127.0.0.1:9/api/v1")
        .env("PAYDESK_PAY_URL", "http://127.0.0.1:9/pay")
        .env("PAYDESK_ACCESS_TOKEN", "x")
        .args(["webhooks", "serve", "--addr", &format!("127.0.0.1:{port}")]);
    command
}

#[tokio::test]
async fn every_acknowledged_notification_survives_a_kill() {
    let home = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut child = serve(home.path(), port).spawn().unwrap();
    wait_until_listening(port).await;

    let acknowledged = common::burst_then_kill(port, &mut child, |reference| {
        body(reference, 2, 25_000, "2026-11-21 10:00:00", KEY)
    })
    .await;

    // Restart: the ledger opens cleanly and holds every acknowledged notification.
    let mut again = serve(home.path(), port).spawn().unwrap();
    wait_until_listening(port).await;
    let ledger = Ledger::in_folder(&home.path().join("data")).unwrap();
    let stored: HashSet<String> = ledger
        .notifications(10_000)
        .unwrap()
        .into_iter()
        .map(|n| n.reference_id)
        .collect();
    let lost: Vec<&String> = acknowledged.difference(&stored).collect();
    assert!(lost.is_empty(), "acknowledged but lost: {lost:?}");
    again.start_kill().unwrap();
}

#[tokio::test]
async fn serve_shuts_down_gracefully_on_sigterm() {
    let home = tempfile::tempdir().unwrap();
    let port = free_port();
    let child = serve(home.path(), port).spawn().unwrap();
    wait_until_listening(port).await;
    let id = child.id().unwrap() as i32;
    // SIGTERM by pid through the kill command (procps; `.ci/run` installs it where missing).
    let status = std::process::Command::new("kill")
        .args(["-TERM", &id.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let output = child.wait_with_output().await.unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stderr).contains("Stopped"));
}

fn cli(home: &std::path::Path, args: &[&str]) -> std::process::Output {
    let mut command = common::paydesk(home);
    command
        .env("PAYDESK_HASH_KEY", KEY)
        .env("PAYDESK_BASE_URL", "http://127.0.0.1:9/api/v1")
        .env("PAYDESK_PAY_URL", "http://127.0.0.1:9/pay")
        .args(args);
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async move { command.output().await })
        .unwrap()
}

#[test]
fn webhooks_verify_checks_a_saved_notification() {
    let home = tempfile::tempdir().unwrap();
    let good = home.path().join("good.json");
    std::fs::write(&good, body("V1", 2, 25_000, "2026-11-21 10:00:00", KEY)).unwrap();
    let output = cli(home.path(), &["webhooks", "verify", good.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).contains("Valid signature"));

    let bad = home.path().join("bad.json");
    std::fs::write(
        &bad,
        body("V1", 2, 25_000, "2026-11-21 10:00:00", "another-key"),
    )
    .unwrap();
    let output = cli(
        home.path(),
        &["--json", "webhooks", "verify", bad.to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(1));
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(document["valid"], false);

    let junk = home.path().join("junk.json");
    std::fs::write(&junk, "{\"nope\":1}").unwrap();
    let output = cli(home.path(), &["webhooks", "verify", junk.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
}

/// The service's answer to `/payment/status` as the client reads it.
fn answer(status: i64, amount: &str, cost: &str) -> StatusRecord {
    serde_json::from_value(serde_json::json!({
        "id": "1", "cost": cost, "status": status.to_string(), "date": "",
        "providerReference": "PRV", "amount": amount, "description": null,
        "paymentMethod": null
    }))
    .unwrap()
}

/// A day of profile `p`: PAID (approved, notified and confirmed by the service, fee $ 974),
/// QUIET (approved by the service with no fee said and no notification), WAITING (pending for
/// three hours, with an approval notified that the service disputes), LATE (an approval
/// notified that nobody could check yet), and a notification for nothing created here.
fn seed(ledger: &Ledger) {
    let store = |reference: &str, status: i64, updated: &str| {
        let raw = body(reference, status, 25_000, updated, KEY);
        let parsed = Notification::parse(raw.as_bytes()).unwrap();
        let stored = ledger.store_notifications("p", &[(parsed, raw)]).unwrap();
        match stored[0] {
            StoreOutcome::Stored(id) | StoreOutcome::Duplicate { id, .. } => id,
            StoreOutcome::Full { .. } => panic!("a few notifications fill no inbox"),
        }
    };
    // Noon of the shop's today: three hours earlier is still today at any hour the tests run
    // (at 00:30 in Bogotá, "now less three hours" was yesterday, and left the range).
    let now = shop_noon();
    for reference in ["PAID", "QUIET", "WAITING", "LATE"] {
        let collection = Collection {
            reference: reference.into(),
            kind: PaymentKind::Link,
            amount: Some(Pesos::new(25_000)),
            reference1: format!("R-{reference}"),
            url: String::new(),
            created_at: if reference == "WAITING" {
                now - 3 * 3_600_000
            } else {
                now
            },
            status: None,
            description: String::new(),
            repeatable: false,
            open_until: None,
            made_by: Default::default(),
            resource_id: None,
        };
        paydesk::collections::record_created(ledger, "p", &collection).unwrap();
        let said = match reference {
            "PAID" => answer(2, "$ 25.000", "$ 974"),
            "QUIET" => answer(2, "$ 25.000", ""),
            _ => answer(1, "$ 25.000", ""),
        };
        paydesk::collections::apply_answer(ledger, "p", &collection, &said, now, now).unwrap();
    }
    let paid = store("PAID", 2, "2026-11-21 10:00:00");
    ledger
        .record_check(
            paid,
            CheckState::Confirmed,
            Some(TransactionStatus::Approved),
        )
        .unwrap();
    store("STRANGER", 2, "2026-11-21 11:00:00");
    let disputed = store("WAITING", 2, "2026-11-21 12:00:00");
    ledger
        .record_check(
            disputed,
            CheckState::Disagrees,
            Some(TransactionStatus::Pending),
        )
        .unwrap();
    store("LATE", 2, "2026-11-21 12:30:00");
}

/// Today at 12:00 in the shop's time zone.
fn shop_noon() -> i64 {
    paydesk::clock::start_of(reconcile::today()) + 12 * 3_600_000
}

#[test]
fn reconciliation_reports_totals_and_exceptions() {
    let dir = tempfile::tempdir().unwrap();
    let ledger = Ledger::in_folder(dir.path()).unwrap();
    seed(&ledger);
    let today = reconcile::today();
    let report = ledger.reconcile(None, today, today, shop_noon()).unwrap();
    // The money is what the service confirmed: PAID and QUIET. No notification adds to it,
    // not the stranger's, not the disputed one, not the one nobody could check yet.
    assert_eq!(report.approved.count, 2);
    assert_eq!(report.approved.gross, Pesos::new(50_000));
    assert_eq!(report.approved.fee, Pesos::new(974));
    assert_eq!(report.approved.net, Pesos::new(24_026));
    assert_eq!(report.by_method[&PaymentKind::Link].count, 2);
    assert_eq!(report.by_method.len(), 1);
    assert_eq!(
        report.unconfirmed, 1,
        "LATE is to be confirmed, and only it"
    );
    let kinds: Vec<(ExceptionKind, &str)> = report
        .exceptions
        .iter()
        .map(|e| (e.kind, e.reference.as_str()))
        .collect();
    for expected in [
        (ExceptionKind::PendingTooLong, "WAITING"),
        (ExceptionKind::FeeNotKnown, "QUIET"),
        (ExceptionKind::NotificationWithoutResource, "STRANGER"),
        (ExceptionKind::Disagreement, "WAITING"),
        (ExceptionKind::Unconfirmed, "LATE"),
    ] {
        assert!(
            kinds.contains(&expected),
            "{expected:?} missing from {kinds:?}"
        );
    }
    assert!(!kinds.contains(&(ExceptionKind::Unconfirmed, "PAID")));
    assert!(!kinds.contains(&(ExceptionKind::FeeNotKnown, "PAID")));
}

#[test]
fn the_csv_export_reads_back() {
    let home = tempfile::tempdir().unwrap();
    let ledger = Ledger::in_folder(&home.path().join("data")).unwrap();
    seed(&ledger);
    drop(ledger);
    let file = home.path().join("day.csv");
    let today = reconcile::format_date(reconcile::today());
    // The current profile's (the simulator's: none of the seeded payments), then every profile's.
    let export = |extra: &[&str]| {
        let mut args = vec![
            "ledger",
            "export",
            "--from",
            &today,
            "--to",
            &today,
            "--csv",
            file.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let output = cli(home.path(), &args);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        csv::Reader::from_path(&file)
            .unwrap()
            .records()
            .map(Result::unwrap)
            .filter(|r| &r[0] == "sale")
            .count()
    };
    assert_eq!(export(&[]), 0, "another profile's payments stay out");
    assert_eq!(export(&["--all-profiles"]), 4);
    let mut reader = csv::Reader::from_path(&file).unwrap();
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(header, reconcile::EXPORT_HEADER);
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let sales: Vec<_> = rows.iter().filter(|r| &r[0] == "sale").collect();
    assert_eq!(rows.len(), 4, "one row per sale, nothing else: {rows:?}");
    assert_eq!(sales.len(), 4);
    let paid = sales.iter().find(|r| &r[2] == "PAID").unwrap();
    assert_eq!(&paid[9], "approved");
    assert_eq!(
        (&paid[5], &paid[6], &paid[7], &paid[8]),
        ("25000", "25000", "974", "24026")
    );
    let waiting = sales.iter().find(|r| &r[2] == "WAITING").unwrap();
    assert_eq!(
        (&waiting[5], &waiting[6], &waiting[9]),
        ("25000", "", "pending"),
        "what a sale was for is not money until the service confirms it"
    );
    let confirmed_money = sales.iter().filter(|r| !r[6].is_empty()).count();
    assert_eq!(confirmed_money, 2, "the two payments the service confirmed");

    // The notifications, in their own file beside it.
    let beside = reconcile::notifications_path(&file, paydesk::i18n::Language::En);
    let mut reader = csv::Reader::from_path(&beside).unwrap();
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        reconcile::NOTIFICATIONS_HEADER
    );
    let notifications: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(notifications.len(), 4);
    let disputed = notifications
        .iter()
        .find(|r| &r[0] == "notification" && &r[2] == "WAITING")
        .unwrap();
    assert_eq!(&disputed[6], "disagrees");

    // In Spanish: the same rows, for Excel set to Spanish (BOM, `;`, Spanish words).
    let spanish = cli(
        home.path(),
        &[
            "--lang",
            "es",
            "ledger",
            "export",
            "--from",
            &today,
            "--to",
            &today,
            "--csv",
            file.to_str().unwrap(),
            "--all-profiles",
        ],
    );
    assert_eq!(spanish.status.code(), Some(0));
    let text = std::fs::read_to_string(&file).unwrap();
    let body = text.strip_prefix('\u{feff}').expect("a UTF-8 BOM");
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b';')
        .from_reader(body.as_bytes());
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        reconcile::SPANISH_HEADER
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.iter().filter(|r| &r[0] == "venta").count(), 4);
    let paid = rows
        .iter()
        .find(|r| &r[0] == "venta" && &r[2] == "PAID")
        .unwrap();
    assert_eq!(&paid[4], "Link de pago", "a kind is words in Spanish");
    assert_eq!(&paid[6], "25000");
    let beside = reconcile::notifications_path(&file, paydesk::i18n::Language::Es);
    let text = std::fs::read_to_string(&beside).unwrap();
    let body = text.strip_prefix('\u{feff}').expect("a UTF-8 BOM");
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b';')
        .from_reader(body.as_bytes());
    let disputed = reader
        .records()
        .map(Result::unwrap)
        .find(|r| &r[0] == "notificación" && &r[2] == "WAITING")
        .unwrap();
    assert_eq!(&disputed[6], "el servicio no está de acuerdo");

    let bad = cli(
        home.path(),
        &["ledger", "export", "--from", "21/11/2026", "--csv", "x.csv"],
    );
    assert_eq!(bad.status.code(), Some(2));
}

/// The service's own published sample (a PSE payment: the payer paid 20.000, the fee was
/// $595.00, the merchant receives 19.405), with ids of ours and signed by the spec's rule over
/// the net `amount`, posted over HTTP to `paydesk webhooks serve` and read back from
/// `paydesk ledger export`.
#[tokio::test]
async fn the_vendors_sample_reads_back_as_gross_fee_and_net() {
    let home = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut child = serve(home.path(), port).spawn().unwrap();
    wait_until_listening(port).await;
    let unsigned = r#"{"realAmount": 20000, "amount": 19405, "cost": "$595.00", "referenceId": "PD7001", "moduleId": 1, "productId": 117, "referenceKey": "KEY7001", "paymentMethod": "PSE", "userId": 1001, "resourceId": "507001", "updatedAt": "2026-11-21 18:30:00", "providerId": 7, "providerReference": "PRV7001", "reference1": "MESA-4", "reference2": {"Label": {}, "Data": {}, "returnUrl": ""}, "bankId": "1007", "bankName": "BANCOLOMBIA", "status": 2, "sign": "SIGN", "error": {"code": "", "message": ""}}"#;
    let sign = expected_signature(KEY, unsigned);
    let signed = unsigned.replace("SIGN", &sign);
    let status = reqwest::Client::new()
        .post(format!("http://127.0.0.1:{port}/webhook"))
        .header("content-type", "application/json")
        .body(signed)
        .send()
        .await
        .unwrap()
        .status();
    assert_eq!(status.as_u16(), 200, "verified and stored");
    child.start_kill().unwrap();
    child.wait().await.unwrap();

    let file = home.path().join("sample.csv");
    let today = reconcile::format_date(reconcile::today());
    let output = tokio::task::spawn_blocking({
        let home = home.path().to_owned();
        let file = file.clone();
        move || {
            cli(
                &home,
                &[
                    "ledger",
                    "export",
                    "--from",
                    &today,
                    "--to",
                    &today,
                    "--csv",
                    file.to_str().unwrap(),
                ],
            )
        }
    })
    .await
    .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // Not money: the sales file has no row for it.
    let sales = csv::Reader::from_path(&file).unwrap().records().count();
    assert_eq!(sales, 0);
    let beside = reconcile::notifications_path(&file, paydesk::i18n::Language::En);
    let mut reader = csv::Reader::from_path(&beside).unwrap();
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let row = reader
        .records()
        .map(Result::unwrap)
        .find(|r| &r[column("reference")] == "PD7001")
        .unwrap();
    // Stored, verified, and kept as what it is: a notification nobody confirmed, for a payment
    // not created here. Its figures are nowhere: the file has no money columns.
    assert_eq!(&row[column("record")], "notification");
    assert_eq!(&row[column("notified_state")], "approved");
    assert!(!header.iter().any(|h| h == "gross" || h == "net"));
}
