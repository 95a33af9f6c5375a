//! The owner's PIN at the command line, as a cashier at the till's keyboard would meet it: with
//! a PIN set, a payout without it or with a wrong one exits 2 and the service hears nothing; with
//! it the payout goes once. `pin set`, `cashier add | remove | list`, and the lock after five
//! wrong tries, shared with the app through the ledger.

mod common;

use std::process::Stdio;

use common::{TestSimulator, paydesk_against};
use tokio::io::AsyncWriteExt;

const WITHDRAW: &str = "/pay/cash-out/generate/withdraw-method/token";

/// Runs `paydesk ARGS` with `stdin` written to its standard input.
async fn run_with_stdin(
    mut command: tokio::process::Command,
    args: &[&str],
    stdin: &str,
) -> std::process::Output {
    command.args(args).stdin(Stdio::piped());
    let mut child = command.spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.as_bytes()).await.unwrap();
    drop(input);
    child.wait_with_output().await.unwrap()
}

fn payout_args(reference: &str) -> Vec<&str> {
    vec![
        "payout",
        "--amount",
        "20000",
        "--reference1",
        reference,
        "--key",
        "@TIENDA4567",
        "--yes",
    ]
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[tokio::test]
async fn with_a_pin_set_a_payout_needs_it_and_goes_once_with_it() {
    let simulator = TestSimulator::start().await;
    let home = tempfile::tempdir().unwrap();
    let paydesk = || paydesk_against(home.path(), &simulator);

    // No PIN yet: `pin set` takes the new one from stdin.
    let set = run_with_stdin(paydesk(), &["pin", "set", "--pin-stdin"], "4826\n").await;
    assert_eq!(set.status.code(), Some(0), "{}", text(&set.stderr));

    // A guessable PIN is refused when chosen.
    let guessable = run_with_stdin(paydesk(), &["pin", "set", "--pin-stdin"], "4826\n1234\n").await;
    assert_eq!(guessable.status.code(), Some(2));
    assert!(
        text(&guessable.stderr).contains("hard to guess"),
        "{}",
        text(&guessable.stderr)
    );

    // No PIN at all (no terminal, no --pin-stdin): exit 2, nothing sent.
    let missing = paydesk().args(payout_args("NOPIN")).output().await.unwrap();
    assert_eq!(missing.status.code(), Some(2), "{}", text(&missing.stderr));
    assert!(
        text(&missing.stderr).contains("owner's PIN is needed"),
        "{}",
        text(&missing.stderr)
    );

    // A wrong PIN: exit 2, nothing sent, and the tries left said.
    let mut args = payout_args("WRONG");
    args.push("--pin-stdin");
    let wrong = run_with_stdin(paydesk(), &args, "9999\n").await;
    assert_eq!(wrong.status.code(), Some(2), "{}", text(&wrong.stderr));
    assert!(
        text(&wrong.stderr).contains("Wrong PIN"),
        "{}",
        text(&wrong.stderr)
    );
    // Not even a PIN's shape: refused before the ledger is asked.
    let letters = run_with_stdin(paydesk(), &args, "abcd\n").await;
    assert_eq!(letters.status.code(), Some(2));
    assert_eq!(simulator.requests_to(WITHDRAW).await, 0, "nothing was sent");

    // The owner's PIN: the payout goes, once.
    let mut args = payout_args("RIGHT");
    args.push("--pin-stdin");
    let paid = run_with_stdin(paydesk(), &args, "4826\n").await;
    assert_eq!(paid.status.code(), Some(0), "{}", text(&paid.stderr));
    assert_eq!(simulator.requests_to(WITHDRAW).await, 1);

    // The activity log has it, under the owner, and no PIN anywhere in the books.
    let ledger =
        paydesk::ledger::Ledger::in_folder(&home.path().join("data")).expect("the ledger opens");
    let log = ledger.recent_activity(20).unwrap();
    let payout = log
        .iter()
        .find(|entry| entry.action == Some(paydesk::ledger::activity::Action::PayoutSent))
        .expect("the payout is in the activity log");
    assert_eq!(payout.actor.role, paydesk::ledger::activity::Role::Owner);
    assert!(payout.detail.contains("4567"), "{}", payout.detail);
    assert!(
        !payout.detail.contains("@TIENDA4567"),
        "the key itself is not kept"
    );
    let mut csv = Vec::new();
    ledger
        .export_activity(&mut csv, paydesk::i18n::Language::En)
        .unwrap();
    assert!(!text(&csv).contains("4826"), "a PIN is never written down");
}

#[tokio::test]
async fn five_wrong_pins_lock_the_command_line_too() {
    let simulator = TestSimulator::start().await;
    let home = tempfile::tempdir().unwrap();
    let paydesk = || paydesk_against(home.path(), &simulator);
    let set = run_with_stdin(paydesk(), &["pin", "set", "--pin-stdin"], "739146\n").await;
    assert_eq!(set.status.code(), Some(0), "{}", text(&set.stderr));
    let mut args = payout_args("GUESS");
    args.push("--pin-stdin");
    for guess in ["000000", "111111", "222222", "333333", "444444"] {
        let wrong = run_with_stdin(paydesk(), &args, &format!("{guess}\n")).await;
        assert_eq!(wrong.status.code(), Some(2));
    }
    // Locked now: even the right PIN is refused, and nothing was sent.
    let locked = run_with_stdin(paydesk(), &args, "739146\n").await;
    assert_eq!(locked.status.code(), Some(2));
    assert!(
        text(&locked.stderr).contains("locked"),
        "{}",
        text(&locked.stderr)
    );
    assert_eq!(simulator.requests_to(WITHDRAW).await, 0);
}

#[tokio::test]
async fn cashiers_are_the_owners_to_add_and_remove() {
    let simulator = TestSimulator::start().await;
    let home = tempfile::tempdir().unwrap();
    let paydesk = || paydesk_against(home.path(), &simulator);

    // Without an owner's PIN there is nobody to keep cashiers from the rest.
    let early = run_with_stdin(
        paydesk(),
        &["cashier", "add", "Ana", "--pin-stdin"],
        "5937\n",
    )
    .await;
    assert_eq!(early.status.code(), Some(2), "{}", text(&early.stderr));

    let set = run_with_stdin(paydesk(), &["pin", "set", "--pin-stdin"], "4826\n").await;
    assert_eq!(set.status.code(), Some(0));
    // The owner's PIN first, then the cashier's.
    let added = run_with_stdin(
        paydesk(),
        &["cashier", "add", "Ana", "--pin-stdin"],
        "4826\n5937\n",
    )
    .await;
    assert_eq!(added.status.code(), Some(0), "{}", text(&added.stderr));
    let refused = run_with_stdin(
        paydesk(),
        &["cashier", "add", "Luis", "--pin-stdin"],
        "0000\n7391\n",
    )
    .await;
    assert_eq!(
        refused.status.code(),
        Some(2),
        "a wrong owner's PIN adds nobody"
    );
    let listed = paydesk().args(["cashier", "list"]).output().await.unwrap();
    assert_eq!(text(&listed.stdout).trim(), "Ana");
    let bad_name = run_with_stdin(
        paydesk(),
        &["cashier", "add", "Ana\u{202e}x", "--pin-stdin"],
        "4826\n5937\n",
    )
    .await;
    assert_eq!(
        bad_name.status.code(),
        Some(2),
        "a hidden character in a name is refused"
    );
    let removed = run_with_stdin(
        paydesk(),
        &["cashier", "remove", "ana", "--pin-stdin"],
        "4826\n",
    )
    .await;
    assert_eq!(removed.status.code(), Some(0), "{}", text(&removed.stderr));
    let listed = paydesk()
        .args(["cashier", "list", "--json"])
        .output()
        .await
        .unwrap();
    assert_eq!(text(&listed.stdout).trim(), "[]");

    // Changing the owner's PIN needs the current one.
    let changed = run_with_stdin(paydesk(), &["pin", "set", "--pin-stdin"], "4826\n860413\n").await;
    assert_eq!(changed.status.code(), Some(0), "{}", text(&changed.stderr));
    let old = run_with_stdin(paydesk(), &["pin", "set", "--pin-stdin"], "4826\n951357\n").await;
    assert_eq!(
        old.status.code(),
        Some(2),
        "the old PIN no longer opens anything"
    );
}
