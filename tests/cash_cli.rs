//! `paydesk cash …`: the drawer from the terminal, with no service at all (the profile points at
//! a port nobody listens on): a shift opened in the same step as its first sale, money in and
//! out, a cash return, a void, the count with a faltante, and every bad input exiting 2 with
//! nothing written. With an owner's PIN set, closing, returning and voiding need it.

mod common;

use common::cli::Shop;

/// What these tests ask of a shop whose service is away (`Shop::away`: nothing listens where the
/// profile points).
impl Shop {
    fn entries(&self) -> usize {
        let day = 24 * 3_600_000;
        let now = paydesk::clock::now_ms();
        self.ledger()
            .cash_between(now - day, now + day)
            .unwrap()
            .len()
    }
}

#[tokio::test]
async fn a_shift_from_the_terminal_with_the_line_down() {
    let till = Shop::away();

    // No shift: the sale is refused in words, nothing written.
    let refused = till.run(&["cash", "sale", "15000"]).await;
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    assert!(
        refused.stderr.contains("No shift is open"),
        "{}",
        refused.stderr
    );

    // Bad input, each said, each exiting 2 with nothing written.
    for (args, field) in [
        (vec!["cash", "sale", "0"], "amount"),
        (vec!["cash", "sale", "-5000"], "amount"),
        (vec!["cash", "sale", "diez mil"], "amount"),
        (
            vec!["cash", "sale", "15000", "--received", "10000"],
            "tendered",
        ),
        (
            vec!["cash", "sale", "15000", "--received", "veinte"],
            "tendered",
        ),
        (
            vec!["cash", "sale", "1000", "--open-with-base", "-1"],
            "base",
        ),
        (vec!["cash", "open", "--base", "cien"], "base"),
    ] {
        let mut with_json = vec!["--json"];
        with_json.extend(&args);
        let run = till.run(&with_json).await;
        assert_eq!(run.code, 2, "{args:?}: {}", run.stdout);
        let fields = run.json()["error"]["fields"].clone();
        assert!(
            fields
                .as_array()
                .is_some_and(|fields| fields.iter().any(|f| f["field"] == field)),
            "{args:?}: {fields}"
        );
    }
    assert_eq!(till.entries(), 0, "nothing was written");
    assert!(till.ledger().open_shift_here().unwrap().is_none());

    // Opened and sold in one step.
    let sold = till
        .run(&[
            "--json",
            "cash",
            "sale",
            "15.000",
            "--received",
            "20000",
            "--open-with-base",
            "50000",
        ])
        .await;
    assert_eq!(sold.code, 0, "{}", sold.stderr);
    let sale = sold.json();
    assert_eq!(sale["change"], 5_000);
    assert_eq!(sale["money"], "counted");
    let reference = sale["reference"].as_str().unwrap().to_owned();
    assert!(reference.starts_with("EF"), "{reference}");
    let shift = sale["openedShift"].as_i64().unwrap();

    // A second shift is refused while this one is open.
    let twice = till.run(&["--json", "cash", "open", "--base", "0"]).await;
    assert_eq!(twice.code, 2);
    assert_eq!(twice.json()["error"]["code"], "books.refused");

    // A movement needs its reason.
    let no_reason = till.run(&["cash", "out", "20000", "--reason", " "]).await;
    assert_eq!(no_reason.code, 2, "{}", no_reason.stderr);
    // More out than the drawer holds is refused.
    let too_much = till
        .run(&["cash", "out", "1000000", "--reason", "Proveedor"])
        .await;
    assert_eq!(too_much.code, 2, "{}", too_much.stderr);
    assert!(
        too_much.stderr.contains("should hold only $ 65.000"),
        "{}",
        too_much.stderr
    );

    let out = till
        .run(&[
            "cash",
            "out",
            "20000",
            "--reason",
            "Pago al proveedor de gaseosas",
        ])
        .await;
    assert_eq!(out.code, 0, "{}", out.stderr);
    let moved_in = till
        .run(&["--json", "cash", "in", "3000", "--reason", "Sencillo"])
        .await;
    assert_eq!(moved_in.code, 0, "{}", moved_in.stderr);
    let wrong_entry = moved_in.json()["id"].as_i64().unwrap();
    // A return over what was sold is refused; within it, it is written.
    let over = till
        .run(&[
            "cash", "return", &reference, "--amount", "16000", "--reason", "Talla",
        ])
        .await;
    assert_eq!(over.code, 2, "{}", over.stderr);
    let back = till
        .run(&[
            "cash", "return", &reference, "--amount", "5000", "--reason", "Talla",
        ])
        .await;
    assert_eq!(back.code, 0, "{}", back.stderr);

    // The wrong entry is voided with its reason, once.
    let no_reason = till
        .run(&["cash", "void", &wrong_entry.to_string(), "--reason", ""])
        .await;
    assert_eq!(no_reason.code, 2);
    let voided = till
        .run(&[
            "cash",
            "void",
            &wrong_entry.to_string(),
            "--reason",
            "Se digitó dos veces",
        ])
        .await;
    assert_eq!(voided.code, 0, "{}", voided.stderr);
    let again = till
        .run(&[
            "cash",
            "void",
            &wrong_entry.to_string(),
            "--reason",
            "Otra vez",
        ])
        .await;
    assert_eq!(again.code, 2);

    // The count: half a bill is not a count; then a faltante of $ 1.000.
    let half = till.run(&["cash", "close", "--count", "20000x1.5"]).await;
    assert_eq!(half.code, 2, "{}", half.stderr);
    let unknown = till.run(&["cash", "close", "--count", "30000x1"]).await;
    assert_eq!(unknown.code, 2, "{}", unknown.stderr);
    let closed = till
        .run(&[
            "--json", "cash", "close", "--count", "20000x1", "--count", "10000x1", "--count",
            "5000x1", "--count", "2000x2",
        ])
        .await;
    assert_eq!(closed.code, 0, "{}", closed.stderr);
    let report = closed.json();
    // 50.000 + 15.000 − 5.000 − 20.000 (the 3.000 in was voided)
    assert_eq!(report["close"]["expected"], 40_000);
    assert_eq!(report["close"]["counted"], 39_000);
    assert_eq!(report["close"]["difference"], -1_000);
    assert_eq!(report["voided"]["amount"], 3_000);
    assert_eq!(report["shift"], shift);

    // Closed is final.
    let twice = till
        .run(&[
            "cash",
            "close",
            "--shift",
            &shift.to_string(),
            "--count",
            "20000x2",
        ])
        .await;
    assert_eq!(twice.code, 2, "{}", twice.stderr);
    assert!(twice.stderr.contains("already closed"), "{}", twice.stderr);

    // The day's shifts, and the words of the close.
    let shifts = till.run(&["--json", "cash", "shifts"]).await;
    assert_eq!(shifts.code, 0, "{}", shifts.stderr);
    assert_eq!(shifts.json().as_array().map(Vec::len), Some(1));
    let words = till.run(&["cash", "shift", &shift.to_string()]).await;
    assert!(
        words.stdout.contains("Short by $ 1.000"),
        "{}",
        words.stdout
    );
    assert!(
        words.stdout.contains("does not confirm it"),
        "{}",
        words.stdout
    );

    // The activity log has the shift, the movements and the void, once each.
    let log = till.ledger().recent_activity(50).unwrap();
    let count = |code: &str| log.iter().filter(|a| a.action_code == code).count();
    for code in [
        "shift-opened",
        "cash-out",
        "cash-in",
        "cash-return",
        "cash-void",
        "shift-closed",
    ] {
        assert_eq!(count(code), 1, "{code}: {log:?}");
    }
}

#[tokio::test]
async fn with_an_owners_pin_closing_returning_and_voiding_need_it() {
    let till = Shop::away();
    let set = till
        .run_with_stdin(&["pin", "set", "--pin-stdin"], "4826\n")
        .await;
    assert_eq!(set.code, 0, "{}", set.stderr);
    let sold = till
        .run(&["--json", "cash", "sale", "8000", "--open-with-base", "0"])
        .await;
    assert_eq!(sold.code, 0, "{}", sold.stderr);
    let entry = sold.json()["id"].as_i64().unwrap().to_string();

    // Without the PIN: exit 2, nothing written.
    for args in [
        vec!["cash", "void", entry.as_str(), "--reason", "Error"],
        vec!["cash", "close", "--count", "5000x1"],
    ] {
        let run = till.run(&args).await;
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
    }
    assert!(till.ledger().open_shift_here().unwrap().is_some());

    // With it: the owner closes the shift.
    let closed = till
        .run_with_stdin(
            &[
                "--json",
                "--pin-stdin",
                "cash",
                "close",
                "--count",
                "5000x1",
                "--count",
                "1000x3",
            ],
            "4826\n",
        )
        .await;
    assert_eq!(closed.code, 0, "{}", closed.stderr);
    assert_eq!(closed.json()["close"]["difference"], 0);
}
