//! Customers' personal data (Ley 1581 de 2012): kept as long as the owner sets, then blanked;
//! a customer who asks is forgotten at once; amounts, references and states stay.

mod common;

use std::path::Path;

use paydesk::ledger::{LEDGER_FILE_NAME, Ledger};

const BODY: &str = r#"{"realAmount":26647,"amount":25000,"cost":"$1,647.00","referenceId":"PD1","resourceId":"600001","updatedAt":"2026-11-24 10:00:00","status":2,"providerReference":"PRV1","reference1":"PEDIDO1","paymentMethod":"PSE","reference2":{"Label":{"Name":"Ana Pérez","Email":"ana@correo.co","CellPhone":"3001234567","DocumentNumber":"1020304050","Description":"Almuerzo"},"Data":{"DocNumber":"1020304050"}}}"#;

fn books(data_dir: &Path) -> Ledger {
    let ledger = Ledger::in_folder(data_dir).unwrap();
    let notification = paydesk::webhook::Notification::parse(BODY.as_bytes()).unwrap();
    ledger
        .store_notifications("simulator", &[(notification, BODY.into())])
        .unwrap();
    ledger
}

fn stored_body(ledger: &Ledger) -> String {
    ledger.notifications_for("PD1").unwrap()[0].raw.clone()
}

#[test]
fn personal_data_past_its_days_is_blanked_and_the_money_stays() {
    let dir = tempfile::tempdir().unwrap();
    let ledger = books(dir.path());
    let cutoff = paydesk::ledger::personal_cutoff(180);
    assert_eq!(
        ledger.blank_personal_data(cutoff).unwrap().notifications,
        0,
        "still young"
    );
    // Received 200 days ago.
    rusqlite::Connection::open(dir.path().join(LEDGER_FILE_NAME))
        .unwrap()
        .execute(
            "UPDATE notifications SET received_at = ?1",
            [paydesk::ledger::now_ms() - 200 * 24 * 60 * 60 * 1000],
        )
        .unwrap();
    let blanked = ledger.blank_personal_data(cutoff).unwrap();
    assert_eq!(blanked.notifications, 1);
    let body = stored_body(&ledger);
    for gone in ["Ana", "ana@correo.co", "3001234567", "1020304050"] {
        assert!(!body.contains(gone), "{body}");
    }
    for kept in ["PD1", "25000", "PRV1", "PEDIDO1", "Almuerzo"] {
        assert!(body.contains(kept), "{body}");
    }
    let stored = &ledger.notifications_for("PD1").unwrap()[0];
    assert_eq!(stored.figures.net, Some(paydesk::money::Pesos::new(25_000)));
    assert_eq!(
        ledger.blank_personal_data(cutoff).unwrap().notifications,
        0,
        "once"
    );
}

#[tokio::test]
async fn a_customer_who_asks_is_forgotten_from_the_command_line() {
    let home = tempfile::tempdir().unwrap();
    let data_dir = home.path().join("data");
    drop(books(&data_dir));
    let run = |args: &'static [&'static str]| {
        let mut command = common::paydesk(home.path());
        command.args(args);
        async move { command.output().await.unwrap() }
    };
    for bad in [
        &["customer", "forget", "--document", "x"][..],
        &["customer", "forget", "--email", "no-es-correo"],
        &["customer", "forget", "--cellphone", "123"],
        &["customer", "forget"],
    ] {
        let output = run(bad).await;
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
    }
    assert!(stored_body(&Ledger::in_folder(&data_dir).unwrap()).contains("1020304050"));
    let output = run(&[
        "--json",
        "customer",
        "forget",
        "--document",
        "1.020.304.050",
    ])
    .await;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(answer["notifications"], 1);
    let body = stored_body(&Ledger::in_folder(&data_dir).unwrap());
    assert!(
        !body.contains("1020304050") && !body.contains("Ana"),
        "{body}"
    );
    assert!(body.contains("25000"));
}
