//! `paydesk refund`: money back to a customer for a sale, against the simulator over real HTTP.
//! The simulator knows no returns: it sees payouts, and every count here is of its payouts. A
//! return goes once, up to what was paid; bad input, a sale the books refuse, a balance too
//! small or a missing owner's PIN exit 2 with nothing sent; a lost answer exits 3 and the return
//! waits "unknown", never sent again; the close, `--json` and the receipt show it.

mod common;

use common::cli::Shop;
use common::{TestSimulator, paydesk_against};
use serde_json::{Value, json};

const WITHDRAW: &str = "/pay/cash-out/generate/withdraw-method/token";

/// What these tests ask of a shop beyond running `paydesk`.
impl Shop {
    /// A shop whose simulator lets payouts follow each other at once.
    async fn returning() -> Shop {
        let simulator = TestSimulator::start().await;
        // The books' 30 s are moved back in time below; the service's own are let go.
        simulator
            .control_post("/rules", json!({"cash_out_spacing_seconds": 0}))
            .await;
        Shop::against(simulator)
    }

    /// A sale of `amount` made from the terminal, paid, and its approval in the books.
    async fn paid_sale(&self, amount: &str) -> String {
        let link = self
            .run(&[
                "--json",
                "link",
                "--amount",
                amount,
                "--reference1",
                "VENTA",
            ])
            .await;
        assert_eq!(link.code, 0, "{}", link.stderr);
        let reference = link.json()["reference"].as_str().unwrap().to_owned();
        self.simulator().settle(&reference, "approve").await;
        let status = self.run(&["status", &reference, "--wait"]).await;
        assert_eq!(status.code, 0, "{}", status.stderr);
        reference
    }

    async fn payouts_sent(&self) -> usize {
        self.simulator().requests_to(WITHDRAW).await
    }

    /// The 30 s between payouts, passed: the journal is moved back in time rather than waited.
    fn a_minute_later(&self) {
        let connection =
            rusqlite::Connection::open(self.home.path().join("data/ledger.sqlite3")).unwrap();
        connection
            .execute("UPDATE payouts SET created_at = created_at - 60000", [])
            .unwrap();
    }
}

fn refund<'a>(reference: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "--json", "refund", reference, "--reason", "product", "--to", "@ANA123", "--yes",
    ];
    args.extend_from_slice(more);
    args
}

#[tokio::test]
async fn partial_returns_go_once_each_up_to_what_was_paid() {
    let setup = Shop::returning().await;
    let sale = setup.paid_sale("80000").await;

    let first = setup.run(&refund(&sale, &["--amount", "20.000"])).await;
    assert_eq!(first.code, 0, "{}", first.stderr);
    let document = first.json();
    assert_eq!(document["amount"], 20_000);
    assert_eq!(document["sale"], sale.as_str());
    assert_eq!(document["reason"], "product");
    assert_eq!(document["cellphone"], "@ANA123");
    assert_eq!(document["returned"]["paid"], 80_000);
    assert_eq!(document["returned"]["remaining"], 60_000);
    let reference1 = document["reference1"].as_str().unwrap().to_owned();
    assert!(reference1.starts_with("DV"), "{document}");
    assert_eq!(setup.payouts_sent().await, 1);
    // The service sees a payout, to the customer's alias, and nothing of the sale.
    let sent = setup.simulator().last_request(WITHDRAW).await;
    assert_eq!(sent["body"]["withdrawMethod"]["key"], "@ANA123");
    assert_eq!(sent["body"]["amount"], 20_000);

    // A payout's 30 s hold returns too: refused, nothing sent.
    let soon = setup.run(&refund(&sale, &["--amount", "10000"])).await;
    assert_eq!(soon.code, 2, "{}", soon.stdout);
    assert!(
        soon.stdout.contains("30 s between payouts"),
        "{}",
        soon.stdout
    );
    assert_eq!(setup.payouts_sent().await, 1);

    // Over what remains: refused in words, nothing sent.
    setup.a_minute_later();
    let over = setup.run(&refund(&sale, &["--amount", "60001"])).await;
    assert_eq!(over.code, 2);
    assert!(
        over.stdout.contains("Only $ 60.000 remains to return"),
        "{}",
        over.stdout
    );
    assert_eq!(over.json()["error"]["fields"][0]["field"], "amount");

    // No amount: all that remains.
    let rest = setup.run(&refund(&sale, &[])).await;
    assert_eq!(rest.code, 0, "{}", rest.stdout);
    assert_eq!(rest.json()["amount"], 60_000);
    assert_eq!(rest.json()["returned"]["remaining"], 0);
    assert_eq!(setup.payouts_sent().await, 2);

    // Not one peso more.
    setup.a_minute_later();
    let more = setup.run(&refund(&sale, &["--amount", "1"])).await;
    assert_eq!(more.code, 2, "{}", more.stdout);
    assert_eq!(setup.payouts_sent().await, 2);

    // The journal tells them from payouts to suppliers by the books alone.
    let journal = setup.run(&["--json", "payouts"]).await.json();
    assert_eq!(journal[0]["returnsSale"], sale.as_str());
    // The sale named as a person knows it: its number.
    let number = journal[0]["returnsSaleNumber"]
        .as_str()
        .expect("the sale's number")
        .to_owned();
    assert!(number.starts_with("1-"), "{number}");
    let words = setup.run(&["payouts"]).await;
    assert!(
        words
            .stdout
            .contains(&format!("return of the sale {number}")),
        "{}",
        words.stdout
    );

    confirmed_returns_read_returned_print_and_close(&setup, &sale, &reference1).await;
}

/// Once the service confirms them, the sale reads "Returned", the receipt prints, and the close
/// counts them as returns apart from payouts.
async fn confirmed_returns_read_returned_print_and_close(
    setup: &Shop,
    sale: &str,
    reference1: &str,
) {
    for row in setup
        .run(&["--json", "payouts"])
        .await
        .json()
        .as_array()
        .unwrap()
    {
        let confirmed = row["reference1"].as_str().unwrap().to_owned();
        common::wait_for("the service to confirm the return", || async {
            let checked = setup
                .run(&["--json", "payouts", "--check", &confirmed])
                .await;
            assert_eq!(checked.code, 0, "{}", checked.stderr);
            (checked.json()["state"] == "approved").then_some(())
        })
        .await;
    }
    let again = setup.run(&refund(sale, &["--amount", "1"])).await;
    assert!(
        again
            .stdout
            .contains("was already returned in full ($ 80.000)"),
        "{}",
        again.stdout
    );
    let pdf = setup.home.path().join("devolucion.pdf");
    let printed = setup
        .run(&[
            "print",
            "return",
            reference1,
            "--pdf",
            pdf.to_str().unwrap(),
        ])
        .await;
    assert_eq!(printed.code, 0, "{}", printed.stderr);
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));

    // The close: the sale, the returns apart from payouts, and what is left.
    let close = setup.run(&["--json", "ledger", "close"]).await;
    assert_eq!(close.code, 0, "{}", close.stderr);
    let close = close.json();
    assert_eq!(close["returns"]["paid"]["gross"], 80_000);
    assert_eq!(close["returns"]["paid"]["count"], 2);
    assert_eq!(close["payouts"]["paid"]["count"], 0, "{close}");
    assert_eq!(close["returns"]["net"]["left"], 0);
    let words = setup.run(&["ledger", "close"]).await;
    assert!(
        words.stdout.contains("Returns confirmed: 2 · $ 80.000"),
        "{}",
        words.stdout
    );
    assert!(
        words.stdout.contains("fee is the shop's cost"),
        "{}",
        words.stdout
    );
}

#[tokio::test]
async fn bad_input_and_refused_sales_exit_2_and_send_nothing() {
    let setup = Shop::returning().await;
    let sale = setup.paid_sale("30000").await;
    let pending = setup
        .run(&["--json", "link", "--amount", "5000", "--reference1", "OTRA"])
        .await
        .json()["reference"]
        .as_str()
        .unwrap()
        .to_owned();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (refund(&sale, &["--amount", "0"]), "amount"),
        (refund(&sale, &["--amount=-5000"]), "amount"),
        (refund(&sale, &["--amount", ""]), "amount"),
        (refund(&sale, &["--amount", "40000"]), "amount"),
        (refund("NO-EXISTE", &[]), "reference"),
        (refund(&pending, &[]), "reference"),
        (refund(&sale, &["--payment", "P-1"]), "reference"),
        (
            vec![
                "--json", "refund", &sale, "--reason", "other", "--to", "@ANA123", "--yes",
            ],
            "reason",
        ),
        (
            vec![
                "--json", "refund", &sale, "--reason", "gift", "--to", "@ANA123", "--yes",
            ],
            "reason",
        ),
        (
            vec![
                "--json",
                "refund",
                &sale,
                "--reason",
                "product",
                "--to",
                "3001234567",
                "--yes",
            ],
            "key",
        ),
    ];
    for (args, field) in cases {
        let run = setup.run(&args).await;
        assert_eq!(run.code, 2, "{args:?}: {} {}", run.stdout, run.stderr);
        let fields: Vec<String> = run.json()["error"]["fields"]
            .as_array()
            .unwrap_or_else(|| panic!("{args:?}: {}", run.stdout))
            .iter()
            .map(|problem| problem["field"].as_str().unwrap().to_owned())
            .collect();
        assert!(fields.contains(&field.to_owned()), "{args:?}: {fields:?}");
    }
    refusals_are_said_in_spanish(&setup, &pending).await;

    // Not enough in the bag that pays payouts: how much there is, and the other way.
    setup
        .simulator()
        .control_post("/rules", json!({"disbursement_balance": 12_000}))
        .await;
    let short = setup.run(&refund(&sale, &["--amount", "20000"])).await;
    assert_eq!(short.code, 2, "{}", short.stdout);
    let message = short.json()["error"]["message"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(message.contains("$ 12.000"), "{message}");
    assert!(message.contains("in cash"), "{message}");

    assert_eq!(setup.payouts_sent().await, 0, "nothing reached the service");
    let journal = setup.run(&["--json", "payouts"]).await.json();
    assert_eq!(journal, json!([]), "nothing was written");
}

/// Words a shop owner reads, in Spanish too.
async fn refusals_are_said_in_spanish(setup: &Shop, pending: &str) {
    let unknown = setup
        .run(&[
            "--lang",
            "es",
            "refund",
            "NO-EXISTE",
            "--reason",
            "producto",
            "--to",
            "@ANA",
            "--yes",
        ])
        .await;
    assert_eq!(unknown.code, 2);
    assert!(
        unknown
            .stderr
            .contains("No hay ninguna venta NO-EXISTE en estos libros"),
        "{}",
        unknown.stderr
    );
    let not_approved = setup
        .run(&[
            "--lang", "es", "refund", pending, "--reason", "producto", "--to", "@ANA", "--yes",
        ])
        .await;
    assert!(
        not_approved.stderr.contains("no está aprobada"),
        "{}",
        not_approved.stderr
    );
}

#[tokio::test]
async fn a_lost_answer_leaves_the_return_unknown_and_nothing_is_sent_again() {
    let setup = Shop::returning().await;
    let sale = setup.paid_sale("50000").await;
    setup
        .simulator()
        .fault(
            WITHDRAW.trim_start_matches("/pay"),
            json!({"mode": "drop-after-commit", "times": 1}),
        )
        .await;
    let lost = setup.run(&refund(&sale, &["--amount", "50000"])).await;
    assert_eq!(lost.code, 3, "{} {}", lost.stdout, lost.stderr);
    assert_eq!(lost.json()["error"]["outcomeUnknown"], true);
    let journal = setup.run(&["--json", "payouts"]).await.json();
    assert_eq!(journal[0]["state"], "unknown");
    // It may have gone: the sale has nothing left to return until it is settled.
    setup.a_minute_later();
    let again = setup.run(&refund(&sale, &["--amount", "50000"])).await;
    assert_eq!(again.code, 2, "{}", again.stdout);
    assert!(
        again.stdout.contains("return under way"),
        "{}",
        again.stdout
    );
    assert_eq!(setup.payouts_sent().await, 1);
}

/// With the owner's PIN set, a return without it is refused before anything is asked of the
/// service: the simulator hears nothing at all. With it, the return goes once, in the owner's
/// name.
#[tokio::test]
async fn a_return_needs_the_owners_pin_and_without_it_reaches_nothing() {
    let setup = Shop::returning().await;
    let sale = setup.paid_sale("40000").await;
    let set = setup
        .run_with_stdin(&["pin", "set", "--pin-stdin"], "4826\n")
        .await;
    assert_eq!(set.code, 0, "{}", set.stderr);
    let before = setup.simulator().requests().await.len();

    let args = [
        "refund",
        &sale,
        "--reason",
        "charged-twice",
        "--to",
        "@ANA123",
        "--yes",
    ];
    let missing = setup.run(&args).await;
    assert_eq!(missing.code, 2, "{}", missing.stderr);
    assert!(
        missing.stderr.contains("owner's PIN is needed"),
        "{}",
        missing.stderr
    );
    let mut with_stdin = args.to_vec();
    with_stdin.push("--pin-stdin");
    let wrong = setup.run_with_stdin(&with_stdin, "9999\n").await;
    assert_eq!(wrong.code, 2, "{}", wrong.stderr);
    assert_eq!(
        setup.simulator().requests().await.len(),
        before,
        "nothing reached the simulator"
    );

    let right = setup.run_with_stdin(&with_stdin, "4826\n").await;
    assert_eq!(right.code, 0, "{}", right.stderr);
    assert!(right.stdout.contains("Charged twice"), "{}", right.stdout);
    assert_eq!(setup.payouts_sent().await, 1);
    let ledger =
        paydesk::ledger::Ledger::in_folder(&setup.home.path().join("data")).expect("the books");
    let log = ledger.recent_activity(20).unwrap();
    let entry = log
        .iter()
        .find(|entry| entry.action == Some(paydesk::ledger::activity::Action::ReturnSent))
        .expect("the return is in the activity log");
    assert_eq!(entry.actor.role, paydesk::ledger::activity::Role::Owner);
    assert!(entry.detail.contains(&sale), "{}", entry.detail);
    assert!(
        !entry.detail.contains("@ANA123"),
        "the key itself is not kept"
    );
}

/// Two tills on one shared ledger (a throwaway PostgreSQL cluster) returning the same sale at
/// the same moment, as the owner might from the counter and the office: one return goes, the
/// other is refused by a rule decided under the journal's lock, and one request reaches the
/// service between them.
#[tokio::test]
#[ignore = "needs PostgreSQL"]
async fn two_tills_returning_one_sale_at_once_send_one_request_between_them() {
    let cluster = common::postgres::Cluster::shared();
    for run_number in 0..4 {
        let url = cluster.database();
        let first = Shop::returning().await;
        let second = Shop::new().await;
        let till = |setup: &Shop, home: &std::path::Path, args: &[&str]| {
            let mut command = paydesk_against(home, setup.simulator());
            command.env("PAYDESK_LEDGER_URL", &url).args(args);
            command
        };
        let sale = paid_shared_sale(&first, &url).await;
        // Both tills speak to the first one's service; the second's home is its own.
        let amounts = match run_number % 2 {
            0 => ["30000", "30000"],
            _ => ["20000", "15000"],
        };
        let (one, other) = tokio::join!(
            till(
                &first,
                first.home.path(),
                &refund(&sale, &["--amount", amounts[0]])
            )
            .output(),
            till(
                &first,
                second.home.path(),
                &refund(&sale, &["--amount", amounts[1]])
            )
            .output(),
        );
        let (one, other) = (one.unwrap(), other.unwrap());
        let mut codes = [one.status.code().unwrap(), other.status.code().unwrap()];
        codes.sort();
        let said =
            |output: &std::process::Output| String::from_utf8_lossy(&output.stdout).into_owned();
        assert_eq!(
            codes,
            [0, 2],
            "run {run_number}: {} {}",
            said(&one),
            said(&other)
        );
        let refused = if one.status.code() == Some(2) {
            said(&one)
        } else {
            said(&other)
        };
        assert!(
            refused.contains("30 s")
                || refused.contains("remains")
                || refused.contains("under way")
                || refused.contains("still unconfirmed")
                || refused.contains("--allow-repeat"),
            "run {run_number}: the rule's own message: {refused}"
        );
        assert_eq!(
            first.simulator().requests_to(WITHDRAW).await,
            1,
            "run {run_number}: one request between them"
        );
        let books = paydesk::ledger::Ledger::open_shared(
            &paydesk::ledger::LedgerUrl::parse(&url).unwrap(),
            None,
            "auditor",
        )
        .unwrap();
        let returned: i64 = books
            .returns_of_sale(paydesk::config::SIMULATOR_PROFILE, &sale)
            .unwrap()
            .iter()
            .map(|record| record.payout.amount.get())
            .sum();
        assert!(returned <= 30_000, "run {run_number}: {returned}");
        drop(second);
    }
}

/// The sale, made and paid at the first till, in the shared books at `url`; its reference.
async fn paid_shared_sale(first: &Shop, url: &str) -> String {
    let till = |args: &[&str]| {
        let mut command = paydesk_against(first.home.path(), first.simulator());
        command.env("PAYDESK_LEDGER_URL", url).args(args);
        command
    };
    let link = till(&[
        "--json",
        "link",
        "--amount",
        "30000",
        "--reference1",
        "VENTA",
    ])
    .output()
    .await
    .unwrap();
    let link: Value = serde_json::from_slice(&link.stdout).unwrap();
    let sale = link["reference"].as_str().unwrap().to_owned();
    first.simulator().settle(&sale, "approve").await;
    let status = till(&["status", &sale, "--wait"]).output().await.unwrap();
    assert_eq!(status.status.code(), Some(0));
    sale
}
