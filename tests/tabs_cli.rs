//! `paydesk tab …`: customers' tabs from the terminal, against the simulator over real HTTP. A
//! customer kept with their authorisation, fiado, a link for part of the balance that the
//! simulator approves, credited once when `status` applies the service's answer (asked twice),
//! the rest in cash at the till's shift, the tab at zero and the customer forgotten. Every bad
//! input exits 2 with nothing written; over the limit needs the owner's PIN (`--owner`).

mod common;

use common::cli::{Run, Shop};
use serde_json::Value;

/// What these tests ask of a shop beyond running `paydesk`.
impl Shop {
    /// `paydesk --json tab …`.
    async fn tab(&self, args: &[&str]) -> Run {
        let mut all = vec!["--json", "tab"];
        all.extend_from_slice(args);
        self.run(&all).await
    }

    async fn statement(&self, id: &str) -> Value {
        self.tab(&["statement", id]).await.done()
    }

    async fn customers(&self) -> Value {
        self.tab(&["customers"]).await.done()
    }

    /// Rosa, with a limit: the owner's to set, so the owner's PIN goes on standard input (read
    /// only once a PIN is set).
    async fn add_rosa(&self) -> String {
        let added = self
            .run_with_stdin(
                &[
                    "--json",
                    "--pin-stdin",
                    "tab",
                    "add",
                    "Rosa Pérez",
                    "--cellphone",
                    "300 123 4567",
                    "--limit",
                    "50.000",
                    "--consent",
                    "De palabra, en la tienda",
                ],
                "4826\n",
            )
            .await
            .done();
        added["id"].as_i64().unwrap().to_string()
    }
}

fn kinds(statement: &Value) -> Vec<(String, i64)> {
    statement["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            (
                entry["kind"].as_str().unwrap().to_owned(),
                entry["amount"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_tab_given_paid_by_a_link_then_in_cash_and_forgotten() {
    let setup = Shop::new().await;
    let rosa = setup.add_rosa().await;
    let kept = setup.statement(&rosa).await;
    assert_eq!(kept["name"], "Rosa Pérez");
    assert_eq!(kept["cellphone"], "3001234567");
    assert_eq!(kept["limit"], 50_000);
    assert_eq!(kept["consent"]["how"], "De palabra, en la tienda");
    assert!(kept["consent"]["at"].as_i64().unwrap() > 0, "{kept}");

    let taken = setup
        .tab(&["take", &rosa, "30.000", "--description", "Arroz y panela"])
        .await
        .done();
    assert_eq!(taken["entry"]["kind"], "taken");
    assert_eq!(taken["balance"]["owed"], 30_000);
    assert!(taken["balance"]["owedSince"].is_i64(), "{taken}");

    // A link for more than is owed: refused by the books, nothing made at the service.
    let before = setup.simulator().transactions().await.len();
    let too_much = setup.tab(&["link", &rosa, "--amount", "40000"]).await;
    assert!(too_much.refused().contains("30.000"), "{}", too_much.stdout);
    assert_eq!(setup.simulator().transactions().await.len(), before);

    // A link for part of it, with the message and WhatsApp's address to the customer.
    let link = setup
        .tab(&["link", &rosa, "--amount", "20000", "--expires-in", "1d"])
        .await
        .done();
    assert_eq!(link["amount"], 20_000);
    assert_eq!(link["owed"], 30_000);
    assert_eq!(link["sent"], false);
    let url = link["url"].as_str().unwrap();
    let message = link["message"].as_str().unwrap();
    assert!(message.contains(url), "{message}");
    assert!(
        message.contains("$ 20.000") && message.contains("$ 30.000"),
        "{message}"
    );
    let whatsapp = link["whatsapp"].as_str().unwrap();
    assert!(
        whatsapp.starts_with("https://wa.me/573001234567?text="),
        "{whatsapp}"
    );
    let reference = link["reference"].as_str().unwrap().to_owned();
    assert_eq!(setup.simulator().transactions().await.len(), before + 1);
    // The human text says it too.
    let human = setup.run(&["tab", "statement", &rosa]).await;
    assert!(human.stdout.contains("Rosa Pérez"), "{}", human.stdout);

    // Made, not paid: the tab is as it was.
    assert_eq!(setup.statement(&rosa).await["owed"], 30_000);

    // The simulator approves it; the service's answer, applied by `status`, credits the tab,
    // once, however often it is asked.
    setup.simulator().settle(&reference, "approve").await;
    for _ in 0..2 {
        let status = setup.run(&["status", &reference, "--wait"]).await;
        assert_eq!(status.code, 0, "{}", status.stderr);
    }
    let paid = setup.statement(&rosa).await;
    assert_eq!(
        kinds(&paid),
        [
            ("taken".to_owned(), 30_000),
            ("paid-service".to_owned(), 20_000)
        ]
    );
    assert_eq!(paid["entries"][1]["saleReference"], reference.as_str());
    assert_eq!(paid["owed"], 10_000);

    // The rest in cash: no shift open is refused, nothing written; then with one.
    let no_shift = setup.tab(&["pay-cash", &rosa]).await;
    no_shift.refused();
    assert_eq!(setup.statement(&rosa).await["owed"], 10_000);
    let opened = setup.run(&["cash", "open", "--base", "0"]).await;
    assert_eq!(opened.code, 0, "{}", opened.stderr);
    let over = setup.tab(&["pay-cash", &rosa, "15000"]).await;
    assert!(over.refused().contains("10.000"), "{}", over.stdout);
    let cash = setup.tab(&["pay-cash", &rosa]).await.done();
    assert_eq!(cash["entry"]["kind"], "paid-cash");
    assert_eq!(cash["entry"]["amount"], 10_000);
    assert_eq!(cash["balance"]["owed"], 0);
    let shift = setup.run(&["--json", "cash", "shift"]).await;
    assert_eq!(shift.code, 0, "{}", shift.stderr);
    assert_eq!(shift.json()["cashIn"]["amount"], 10_000);
    assert_eq!(shift.json()["expectedNow"], 10_000);
    // Nothing owed: nothing more to pay, no link, no reminder.
    setup.tab(&["pay-cash", &rosa]).await.refused();
    setup.tab(&["link", &rosa]).await.refused();
    setup.tab(&["remind", &rosa]).await.refused();

    let settled = setup.statement(&rosa).await;
    assert_eq!(
        (settled["owed"].clone(), settled["credit"].clone()),
        (0.into(), 0.into())
    );
    assert_eq!(settled["paid"], 30_000);
    let forgotten = setup.tab(&["forget", &rosa]).await.done();
    assert_eq!(forgotten["forgotten"], true);
    let after = setup.statement(&rosa).await;
    assert_eq!(after["name"], "");
    assert_eq!(after["cellphone"], "");
    assert_eq!(after["paid"], 30_000);
    assert_eq!(setup.customers().await["customers"], serde_json::json!([]));
    // Forgotten: nothing more is taken on that tab, nor asked of it.
    setup.tab(&["take", &rosa, "1000"]).await.refused();
    let gone = setup.tab(&["link", &rosa]).await.refused();
    assert!(gone.contains("forgotten"), "{gone}");
}

#[tokio::test]
async fn bad_input_exits_2_with_nothing_written() {
    let setup = Shop::new().await;

    // Without the customer's authorisation nothing is kept.
    let no_consent = setup
        .tab(&["add", "Rosa Pérez", "--cellphone", "3001234567"])
        .await;
    assert_eq!(no_consent.bad_fields(), ["consent"]);
    let malformed = setup
        .tab(&[
            "add",
            "Rosa Pérez",
            "--cellphone",
            "12345",
            "--consent",
            "De palabra",
        ])
        .await;
    assert_eq!(malformed.bad_fields(), ["cellphone"]);
    let bad_limit = setup
        .tab(&["add", "Rosa", "--limit", "-5", "--consent", "De palabra"])
        .await;
    assert_eq!(bad_limit.bad_fields(), ["limit"]);
    assert_eq!(setup.customers().await["customers"], serde_json::json!([]));

    let rosa = setup.add_rosa().await;
    // Another customer with her cellphone: said, not merged; added only on purpose.
    let same = setup
        .tab(&[
            "add",
            "Rosa María",
            "--cellphone",
            "3001234567",
            "--consent",
            "Por WhatsApp",
        ])
        .await;
    let said = same.refused();
    assert!(
        said.contains("Rosa Pérez") && said.contains("--same-cellphone"),
        "{said}"
    );
    assert_eq!(
        setup.customers().await["customers"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let second = setup
        .tab(&[
            "add",
            "Rosa María",
            "--cellphone",
            "3001234567",
            "--consent",
            "Por WhatsApp",
            "--same-cellphone",
        ])
        .await
        .done();
    assert_ne!(second["id"].to_string(), rosa);

    // A customer without a cellphone is kept: the link is to copy.
    let pedro = setup
        .tab(&["add", "Don Pedro", "--consent", "De palabra, en la tienda"])
        .await
        .done()["id"]
        .as_i64()
        .unwrap()
        .to_string();
    setup.tab(&["take", &pedro, "10.000"]).await.done();
    let link = setup
        .tab(&["link", &pedro, "--amount", "7500"])
        .await
        .done();
    assert_eq!(link["amount"], 7_500);
    assert_eq!(link["whatsapp"], Value::Null);
    // A second link asks at most what the first, still unpaid, does not.
    let over = setup
        .run(&["tab", "link", &pedro, "--amount", "5000"])
        .await;
    assert_eq!(over.code, 2, "{}", over.stdout);
    assert!(over.stderr.contains("$ 7.500"), "{}", over.stderr);
    setup.tab(&["take", &pedro, "2.500"]).await.done();
    let human = setup.run(&["tab", "link", &pedro]).await;
    assert_eq!(human.code, 0, "{}", human.stderr);
    assert!(human.stdout.contains("copy the link"), "{}", human.stdout);
    assert!(human.stdout.contains("$ 5.000"), "{}", human.stdout);
    let reminder = setup.tab(&["remind", &pedro]).await.done();
    assert!(
        reminder["whatsapp"]
            .as_str()
            .unwrap()
            .starts_with("https://wa.me/?text="),
        "{reminder}"
    );
    assert!(
        reminder["message"].as_str().unwrap().contains("$ 12.500"),
        "{reminder}"
    );
    assert_eq!(reminder["sent"], false);

    // Amounts of zero, negative or with letters: said, nothing taken.
    for amount in ["0", "-5000", "doce mil", "12a"] {
        let run = setup.tab(&["take", &rosa, amount]).await;
        assert_eq!(run.bad_fields(), ["amount"], "{amount}");
        let run = setup.tab(&["link", &rosa, "--amount", amount]).await;
        assert_eq!(run.bad_fields(), ["amount"], "{amount}");
    }
    assert_eq!(
        setup.statement(&rosa).await["entries"],
        serde_json::json!([])
    );
    let unknown = setup.tab(&["take", "999", "1000"]).await;
    assert!(unknown.refused().contains("999"), "{}", unknown.stdout);

    // Forgetting a customer who owes: refused, kept.
    let owes = setup.tab(&["forget", &pedro]).await.refused();
    assert!(owes.contains("12.500"), "{owes}");
    assert_eq!(setup.statement(&pedro).await["name"], "Don Pedro");
}

#[tokio::test]
async fn over_the_limit_needs_the_owners_pin() {
    let setup = Shop::new().await;
    let set = setup
        .run_with_stdin(&["pin", "set", "--pin-stdin"], "4826\n")
        .await;
    assert_eq!(set.code, 0, "{}", set.stderr);
    let rosa = setup.add_rosa().await;
    setup.tab(&["take", &rosa, "40000"]).await.done();

    // A cashier over the limit: refused, told how, nothing written.
    let over = setup.tab(&["take", &rosa, "20000"]).await.refused();
    assert!(
        over.contains("$ 50.000") && over.contains("--owner"),
        "{over}"
    );
    assert_eq!(setup.statement(&rosa).await["owed"], 40_000);
    // `--owner` with a wrong PIN: nothing written either.
    let wrong = setup
        .run_with_stdin(
            &[
                "--json",
                "--pin-stdin",
                "tab",
                "take",
                &rosa,
                "20000",
                "--owner",
            ],
            "1111\n",
        )
        .await;
    assert_eq!(wrong.code, 2, "{}", wrong.stdout);
    assert_eq!(setup.statement(&rosa).await["owed"], 40_000);
    // With the owner's PIN it is taken, marked over the limit.
    let taken = setup
        .run_with_stdin(
            &[
                "--json",
                "--pin-stdin",
                "tab",
                "take",
                &rosa,
                "20000",
                "--owner",
            ],
            "4826\n",
        )
        .await
        .done();
    assert_eq!(taken["entry"]["overLimit"], true);
    assert_eq!(taken["balance"]["owed"], 60_000);

    // The limit and forgetting are the owner's: without the PIN, nothing changes.
    let limit = setup.tab(&["limit", &rosa, "100000"]).await;
    assert_eq!(limit.code, 2, "{}", limit.stdout);
    assert_eq!(setup.statement(&rosa).await["limit"], 50_000);
    let raised = setup
        .run_with_stdin(
            &["--json", "--pin-stdin", "tab", "limit", &rosa, "100.000"],
            "4826\n",
        )
        .await
        .done();
    assert_eq!(raised["limit"], 100_000);
    let none = setup
        .run_with_stdin(
            &["--json", "--pin-stdin", "tab", "limit", &rosa, "none"],
            "4826\n",
        )
        .await
        .done();
    assert_eq!(none["limit"], Value::Null);
    let bad = setup
        .run_with_stdin(
            &["--json", "--pin-stdin", "tab", "limit", &rosa, "mucho"],
            "4826\n",
        )
        .await;
    assert_eq!(bad.bad_fields(), ["limit"]);

    // Who owes what, oldest first, with the totals.
    let list = setup.customers().await;
    assert_eq!(list["owed"], 60_000);
    assert_eq!(list["credit"], 0);
    assert_eq!(list["customers"][0]["name"], "Rosa Pérez");
}
