//! Disbursements never go out twice: double submits, lost answers, crashes mid-send and every
//! rule, each followed by counting the simulator's disbursements.

mod common;

use std::sync::Arc;

use common::{TestSimulator, wait_for};
use paydesk::api::ApiError;
use paydesk::api::PayoutRequest;
use paydesk::ledger::{Ledger, PayoutState};
use paydesk::money::Pesos;
use paydesk::payouts::{self, PayoutError};
use serde_json::{Value, json};
use tokio::process::Command;

const WITHDRAW: &str = "/pay/cash-out/generate/withdraw-method/token";

/// A payout as the service's current interface takes it: to a Bre-B alias, with the address
/// its notification goes to.
fn request(reference1: &str, amount: i64) -> PayoutRequest {
    PayoutRequest {
        amount: Pesos::new(amount),
        reference1: reference1.into(),
        webhook_request: Some(url::Url::parse("http://127.0.0.1:8787/webhook").unwrap()),
        method_id: paydesk::api::family_b::BREB_WITHDRAW_METHOD,
        destination: "@ANA123".into(),
        bank_name: None,
    }
}

struct Setup {
    simulator: TestSimulator,
    home: tempfile::TempDir,
}

impl Setup {
    async fn new() -> Setup {
        Setup {
            simulator: TestSimulator::start().await,
            home: tempfile::tempdir().unwrap(),
        }
    }

    fn ledger(&self) -> Arc<Ledger> {
        Arc::new(Ledger::in_folder(&self.home.path().join("data")).unwrap())
    }

    fn cli(&self, args: &[&str]) -> Command {
        let mut command = common::paydesk_against(self.home.path(), &self.simulator);
        command.args(args);
        command
    }

    async fn run(&self, args: &[&str]) -> (i32, String, String) {
        let output = self.cli(args).output().await.unwrap();
        (
            output.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    }

    async fn journal(&self) -> Vec<Value> {
        let (code, stdout, stderr) = self.run(&["--json", "payouts"]).await;
        assert_eq!(code, 0, "{stderr}");
        match serde_json::from_str(&stdout).unwrap() {
            Value::Array(list) => list,
            other => panic!("{other}"),
        }
    }
}

#[tokio::test]
async fn a_double_submit_from_the_cli_sends_one_request() {
    let setup = Setup::new().await;
    let args = [
        "--json",
        "payout",
        "--amount",
        "50000",
        "--reference1",
        "DOUBLE-1",
        "--key",
        "@ANA123",
        "--yes",
    ];
    let (first, second) = tokio::join!(setup.run(&args), setup.run(&args));
    let codes = [first.0, second.0];
    assert!(codes.contains(&0), "{first:?} {second:?}");
    assert!(
        codes.contains(&2),
        "the second is refused before sending: {first:?} {second:?}"
    );
    assert_eq!(setup.simulator.requests_to(WITHDRAW).await, 1);
    assert_eq!(setup.simulator.cash_outs().await, 1);
}

#[tokio::test]
async fn a_lost_answer_leaves_the_intent_unknown_and_nothing_is_sent_again() {
    let setup = Setup::new().await;
    setup
        .simulator
        .fault(
            WITHDRAW.trim_start_matches("/pay"),
            json!({"mode": "drop-after-commit", "times": 1}),
        )
        .await;
    let args = [
        "payout",
        "--amount",
        "70000",
        "--reference1",
        "LOST-1",
        "--key",
        "@ANA123",
        "--yes",
    ];
    let (code, _, stderr) = setup.run(&args).await;
    assert_eq!(code, 3, "{stderr}");
    assert!(stderr.contains("may or may not have been done"), "{stderr}");
    let journal = setup.journal().await;
    assert_eq!(journal[0]["reference1"], "LOST-1");
    assert_eq!(journal[0]["state"], "unknown");

    // The person's path: send again (refused: the reference is in the journal), check
    // (no status reference came back), list. None of it sends.
    let (code, _, stderr) = setup.run(&args).await;
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("already used"), "{stderr}");
    let (code, _, stderr) = setup.run(&["payouts", "--check", "LOST-1"]).await;
    assert_eq!(code, 2);
    assert!(stderr.contains("no status reference"), "{stderr}");
    // Past the spacing, a fresh reference for the same payout, even with the script's every
    // yes: refused until the lost one is settled, as it may have paid already.
    backdate(&setup, "LOST-1", 45_000);
    let (code, _, stderr) = setup
        .run(&[
            "payout",
            "--amount",
            "70000",
            "--reference1",
            "LOST-2",
            "--key",
            "@ANA123",
            "--yes",
            "--allow-repeat",
        ])
        .await;
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("is still unconfirmed"), "{stderr}");
    assert!(
        stderr.contains("LOST-1"),
        "names the one to check: {stderr}"
    );
    assert_eq!(setup.simulator.requests_to(WITHDRAW).await, 1);
    assert_eq!(setup.simulator.cash_outs().await, 1);
}

#[tokio::test]
async fn a_crash_between_intent_and_answer_is_unknown_after_restart() {
    let setup = Setup::new().await;
    // The service holds the request long enough to kill paydesk mid-send.
    setup
        .simulator
        .fault(
            WITHDRAW.trim_start_matches("/pay"),
            json!({"latency_ms": 30_000, "times": 1}),
        )
        .await;
    let mut child = setup
        .cli(&[
            "payout",
            "--amount",
            "80000",
            "--reference1",
            "CRASH-1",
            "--key",
            "@ANA123",
            "--yes",
        ])
        .spawn()
        .unwrap();
    wait_for("the request to reach the service", || async {
        (setup.simulator.requests_to(WITHDRAW).await == 1).then_some(())
    })
    .await;
    child.start_kill().unwrap(); // SIGKILL
    child.wait().await.unwrap();

    let journal = setup.journal().await;
    assert_eq!(journal[0]["state"], "unknown", "{journal:?}");
    assert!(
        journal[0]["errorMessage"]
            .as_str()
            .unwrap()
            .contains("stopped before the service answered")
    );
    // Starting again never re-sends it.
    let (code, _, _) = setup
        .run(&[
            "payout",
            "--amount",
            "80000",
            "--reference1",
            "CRASH-1",
            "--key",
            "@ANA123",
            "--yes",
        ])
        .await;
    assert_eq!(code, 2);
    assert_eq!(setup.simulator.requests_to(WITHDRAW).await, 1);
    assert!(
        setup.simulator.cash_outs().await <= 1,
        "never more than confirmed"
    );
}

#[tokio::test]
async fn the_rules_refuse_with_clear_messages_and_send_nothing() {
    let setup = Setup::new().await;
    // Balance: the demo merchant has $ 5.000.000 for payouts.
    let (code, _, stderr) = setup
        .run(&[
            "payout",
            "--amount",
            "6.000.000",
            "--reference1",
            "BIG-1",
            "--key",
            "@ANA123",
            "--yes",
        ])
        .await;
    assert_eq!(code, 2);
    assert!(
        stderr.contains("disbursement balance is $ 5.000.000"),
        "{stderr}"
    );
    // The online withdrawal (and its ceiling) is the spec's 1.0 only: today's service pays a
    // Bre-B alias, and says so before anything is sent.
    let (code, _, stderr) = setup
        .run(&[
            "payout",
            "--amount",
            "2.500.000",
            "--reference1",
            "BIG-2",
            "--key",
            "@ANA123",
            "--method",
            "160",
            "--yes",
        ])
        .await;
    assert_eq!(code, 2);
    assert!(
        stderr.contains("only sends payouts to a Bre-B alias"),
        "{stderr}"
    );
    assert_eq!(setup.simulator.requests_to(WITHDRAW).await, 0);

    // 30 s apart.
    let (code, _, _) = setup
        .run(&[
            "payout",
            "--amount",
            "10000",
            "--reference1",
            "FIRST",
            "--key",
            "@ANA123",
            "--yes",
        ])
        .await;
    assert_eq!(code, 0);
    let (code, _, stderr) = setup
        .run(&[
            "payout",
            "--amount",
            "20000",
            "--reference1",
            "SECOND",
            "--key",
            "@PEDRO987",
            "--yes",
        ])
        .await;
    assert_eq!(code, 2);
    assert!(stderr.contains("30 s between payouts"), "{stderr}");
    assert_eq!(setup.simulator.requests_to(WITHDRAW).await, 1);
    assert_eq!(setup.simulator.cash_outs().await, 1);
}

#[tokio::test]
async fn a_repeat_to_the_same_number_needs_a_second_yes() {
    let setup = Setup::new().await;
    setup
        .simulator
        .control_post("/rules", json!({"cash_out_spacing_seconds": 0}))
        .await;
    let ledger = setup.ledger();
    let client = setup.simulator.client();
    let plan = payouts::prepare(
        ledger.clone(),
        &client,
        "p",
        Some(1001),
        request("PAY-1", 50_000),
    )
    .await
    .unwrap();
    assert_eq!(plan.balance, Some(Pesos::new(5_000_000)));
    assert!(plan.similar.is_none());
    let sent = payouts::send(ledger.clone(), &client, &plan, false, &common::anyone())
        .await
        .unwrap();
    assert_eq!(sent.state, PayoutState::Sent);

    // 30 s later (the journal is moved back in time rather than waiting).
    backdate(&setup, "PAY-1", 45_000);
    let plan = payouts::prepare(
        ledger.clone(),
        &client,
        "p",
        Some(1001),
        request("PAY-2", 50_000),
    )
    .await
    .unwrap();
    let previous = plan.similar.clone().expect("the earlier payout is noticed");
    assert_eq!(previous.reference1, "PAY-1");
    let refused = payouts::send(ledger.clone(), &client, &plan, false, &common::anyone())
        .await
        .unwrap_err();
    let message = refused.to_string();
    assert!(
        message.contains("A payout of $ 50.000 to @ANA123 was sent"),
        "{message}"
    );
    assert_eq!(
        setup.simulator.cash_outs().await,
        1,
        "nothing sent without the second yes"
    );
    payouts::send(ledger, &client, &plan, true, &common::anyone())
        .await
        .unwrap();
    assert_eq!(setup.simulator.cash_outs().await, 2);
}

#[tokio::test]
async fn a_status_check_settles_sent_and_unknown_payouts() {
    let setup = Setup::new().await;
    let ledger = setup.ledger();
    let client = setup.simulator.client();
    let plan = payouts::prepare(
        ledger.clone(),
        &client,
        "p",
        None,
        request("CHECK-1", 30_000),
    )
    .await
    .unwrap();
    let sent = payouts::send(ledger.clone(), &client, &plan, false, &common::anyone())
        .await
        .unwrap();
    let checked = wait_for("the product payout to be paid", || {
        let ledger = ledger.clone();
        let client = client.clone();
        let sent = sent.clone();
        async move {
            let record = payouts::check(ledger, &client, &sent).await.unwrap();
            (record.state == PayoutState::Approved).then_some(record)
        }
    })
    .await;
    assert_eq!(checked.service_status, Some(2));
}

#[tokio::test]
async fn a_payout_that_never_reached_the_service_may_go_again_once() {
    let setup = Setup::new().await;
    let ledger = setup.ledger();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut settings = setup.simulator.settings();
    settings.pay_url = format!("http://127.0.0.1:{port}/pay");
    let offline = paydesk::api::Client::new(settings).unwrap();
    // Reviewed while the service answered (the balance is asked then), sent after it stopped.
    let plan = payouts::prepare(
        ledger.clone(),
        &setup.simulator.client(),
        "p",
        None,
        request("OFF-1", 30_000),
    )
    .await
    .unwrap();
    let error = payouts::send(ledger.clone(), &offline, &plan, false, &common::anyone())
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        PayoutError::Api(ApiError::Unreachable { .. })
    ));
    assert!(error.nothing_sent());
    let record = ledger.payout_by_reference("p", "OFF-1").unwrap().unwrap();
    assert_eq!(record.state, PayoutState::NotSent);

    let online = setup.simulator.client();
    let sent = payouts::resend_not_sent(ledger.clone(), &online, &record)
        .await
        .unwrap();
    assert_eq!(sent.state, PayoutState::Sent);
    assert_eq!(sent.attempts, 2);
    let again = payouts::resend_not_sent(ledger, &online, &record)
        .await
        .unwrap_err();
    assert!(matches!(again, PayoutError::NotResendable(_)));
    assert_eq!(setup.simulator.cash_outs().await, 1);
}

fn backdate(setup: &Setup, reference1: &str, millis: i64) {
    let connection =
        rusqlite::Connection::open(setup.home.path().join("data/ledger.sqlite3")).unwrap();
    connection
        .execute(
            "UPDATE payouts SET created_at = created_at - ?1 WHERE reference1 = ?2",
            rusqlite::params![millis, reference1],
        )
        .unwrap();
}

/// Several `paydesk payout` processes started together on one computer: same amount, same
/// number, each its own reference. The rules (30 s apart, the same-amount repeat) are decided
/// in the transaction that writes the intent, so exactly one request reaches the service per
/// round and every other process is refused with a rule's message and exit 2.
#[tokio::test]
async fn payouts_started_together_from_several_processes_send_one_request() {
    const PROCESSES: usize = 4;
    const ROUNDS: usize = 3;
    let simulator = TestSimulator::start().await;
    // Each round has a ledger of its own; the simulator keeps no spacing of its own between
    // rounds. What is counted is what reaches it, not what it accepts.
    simulator
        .control_post("/rules", json!({"cash_out_spacing_seconds": 0}))
        .await;
    for round in 0..ROUNDS {
        let home = tempfile::tempdir().unwrap();
        let before = simulator.requests_to(WITHDRAW).await;
        let mut children = Vec::new();
        for process in 0..PROCESSES {
            let reference = format!("RACE-{round}-{process}");
            let mut command = common::paydesk_against(home.path(), &simulator);
            command.args([
                "payout",
                "--amount",
                "50000",
                "--reference1",
                &reference,
                "--key",
                "@ANA123",
                "--yes",
            ]);
            children.push(command.spawn().unwrap());
        }
        let mut outputs = Vec::new();
        for child in children {
            outputs.push(child.wait_with_output().await.unwrap());
        }
        let codes: Vec<i32> = outputs
            .iter()
            .map(|o| o.status.code().unwrap_or(-1))
            .collect();
        let stderr: Vec<String> = outputs
            .iter()
            .map(|o| String::from_utf8_lossy(&o.stderr).into_owned())
            .collect();
        assert_eq!(
            simulator.requests_to(WITHDRAW).await - before,
            1,
            "round {round}: one request between {PROCESSES} processes: {codes:?} {stderr:?}"
        );
        assert_eq!(
            codes.iter().filter(|c| **c == 0).count(),
            1,
            "{codes:?} {stderr:?}"
        );
        for (code, text) in codes.iter().zip(&stderr) {
            if *code != 0 {
                assert_eq!(*code, 2, "{text}");
                assert!(
                    text.contains("30 s between payouts")
                        || text.contains("Confirm to send")
                        || text.contains("is still unconfirmed"),
                    "the rule's own message: {text}"
                );
            }
        }
    }
}

/// A profile that only signed in has no user id: the current interface still tells the
/// balance before a payout (the service reads the user from the session), and a payout the
/// balance does not cover is stopped here. Under the spec, without a user id the service
/// decides.
#[tokio::test]
async fn the_balance_is_checked_without_a_user_id_where_the_service_allows() {
    let setup = Setup::new().await;
    let ledger = setup.ledger();
    let client = setup.simulator.client();
    let plan = payouts::prepare(
        ledger.clone(),
        &client,
        "p",
        None,
        request("SIN-ID-1", 50_000),
    )
    .await
    .unwrap();
    assert_eq!(plan.balance, Some(Pesos::new(5_000_000)));
    let refused = payouts::prepare(
        ledger.clone(),
        &client,
        "p",
        None,
        request("SIN-ID-2", 6_000_000),
    )
    .await
    .unwrap_err();
    assert!(
        matches!(refused, PayoutError::InsufficientBalance { .. }),
        "{refused:?}"
    );

    let spec = setup.simulator.spec_client();
    let plan = payouts::prepare(ledger, &spec, "p", None, request("SIN-ID-3", 50_000))
        .await
        .unwrap();
    assert_eq!(plan.balance, None, "the spec's balance needs a user id");
    assert_eq!(
        setup
            .simulator
            .requests_to("/pay-1.0/customer/getBalance")
            .await,
        0
    );
    assert_eq!(setup.simulator.cash_outs().await, 0);
}
