//! The `paydesk` binary as scripts use it: exit codes, one JSON document with `--json`, and bad
//! input that never reaches the service.

mod common;

use common::TestSimulator;
use common::cli::{Shop, finish};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::Command;

fn command(home: &std::path::Path) -> Command {
    common::paydesk(home)
}

#[tokio::test]
async fn link_then_status_in_json() {
    let cli = Shop::new().await;
    let run = cli
        .run(&[
            "--json",
            "link",
            "--amount",
            "25.000",
            "--reference1",
            "ORDER-1",
            "--webhook-url",
            "https://shop.example/hook",
            "--label",
            "Name=Ana",
            "--data",
            "docnum=123",
            "--show-summary",
            "true",
            "--expires-in",
            "10min",
        ])
        .await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let link = run.json();
    let reference = link["reference"].as_str().unwrap().to_owned();
    assert!(link["url"].as_str().unwrap().contains(&reference));
    let sent = cli
        .simulator()
        .last_request("/pay/cash-in/generate/payment-link/token")
        .await;
    assert_eq!(sent["body"]["amount"], 25_000);
    assert_eq!(sent["body"]["reference2"]["Label"]["Name"], "Ana");
    // Ten minutes, in the unit the service's current interface counts a link's life in.
    assert_eq!(sent["body"]["expiresIn"], 10);
    assert_eq!(sent["body"]["brandId"], 79);

    let status = cli.run(&["--json", "status", &reference]).await;
    assert_eq!(status.code, 0);
    assert_eq!(status.json()["status"], "1");

    // --wait follows it to the end.
    let waiting = cli
        .command(&["status", &reference, "--wait"])
        .spawn()
        .unwrap();
    cli.simulator().settle(&reference, "approve").await;
    let output = waiting.wait_with_output().await.unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout.contains("State: approved"), "{stdout}");
    assert!(stdout.contains("$ 25.000"), "{stdout}");
}

#[tokio::test]
async fn bad_input_exits_2_and_sends_nothing() {
    let cli = Shop::new().await;
    let cases: Vec<Vec<&str>> = vec![
        vec![
            "link",
            "--amount",
            "25,50",
            "--reference1",
            "A",
            "--webhook-url",
            "https://s.co/h",
        ],
        vec![
            "link",
            "--amount",
            "0",
            "--reference1",
            "A",
            "--webhook-url",
            "https://s.co/h",
        ],
        vec![
            "link",
            "--amount",
            "1000",
            "--reference1",
            "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789X",
            "--webhook-url",
            "https://s.co/h",
        ],
        vec![
            "link",
            "--amount",
            "1000",
            "--reference1",
            "A",
            "--webhook-url",
            "http://s.co/h",
        ],
        vec![
            "link",
            "--amount",
            "1000",
            "--reference1",
            "A",
            "--webhook-url",
            "https://s.co/h",
            "--label",
            "Name",
        ],
        vec![
            "charge",
            "--method",
            "130",
            "--amount",
            "1000",
            "--reference1",
            "A",
            "--webhook-url",
            "https://s.co/h",
            "--expires-in",
            "43199",
            "--cellphone",
            "3001234567",
        ],
        vec![
            "charge",
            "--method",
            "131",
            "--amount",
            "1000",
            "--reference1",
            "A",
            "--webhook-url",
            "https://s.co/h",
            "--expires-in",
            "50000",
        ],
        vec![
            "charge",
            "--method",
            "117",
            "--amount",
            "1000",
            "--reference1",
            "A",
            "--webhook-url",
            "https://s.co/h",
            "--expires-in",
            "2000",
            "--bank",
            "1007",
            "--person-type",
            "1",
            "--doc-type",
            "CC",
            "--doc-number",
            "123",
            "--name",
            "A",
            "--address",
            "x",
            "--email",
            "a@b.co",
            "--cellphone",
            "3001234567",
        ],
        vec![
            "payout",
            "--amount",
            "50000",
            "--reference1",
            "P1",
            "--cellphone",
            "12345",
            "--yes",
        ],
        vec![
            "payout",
            "--amount",
            "2.000.001",
            "--reference1",
            "P1",
            "--cellphone",
            "3001234567",
            "--method",
            "160",
            "--yes",
        ],
        vec![
            "payout",
            "--amount",
            "5000",
            "--reference1",
            "P1",
            "--cellphone",
            "3001234567",
            "--method",
            "161",
            "--yes",
        ],
        vec!["otp", "--reason", "9"],
        vec!["instant-banks", "--cellphone", "60112345"],
        vec!["resource", "--method", "3", "--amount", "15000"],
        vec!["resource", "--method", "2"],
        vec!["resource", "--method", "10", "--amount", "1000"],
        vec![
            "account", "add", "--number", "12x", "--otp", "12", "--bank", "0", "--type", "1",
        ],
        vec!["account", "delete", "--id", "0"],
        vec![
            "notify",
            "--transaction-id",
            "1",
            "--amount",
            "100",
            "--cost",
            "0",
            "--status",
            "7",
        ],
        vec![
            "checkout",
            "--resource-id",
            "1",
            "--method",
            "8",
            "--person-type",
            "1",
            "--doc-type",
            "CC",
        ],
        vec!["banks", "0"],
        // Past the ceiling of one payment, and past any number: refused, never sent.
        vec![
            "link",
            "--amount",
            "9223372036854775807",
            "--reference1",
            "A",
            "--webhook-url",
            "https://s.co/h",
        ],
        vec![
            "link",
            "--amount",
            "100.000.001",
            "--reference1",
            "A",
            "--webhook-url",
            "https://s.co/h",
        ],
        vec![
            "payout",
            "--amount",
            "9223372036854775807",
            "--reference1",
            "P1",
            "--cellphone",
            "3001234567",
            "--yes",
        ],
        // Text that reads differently from what it is: reversed, hidden, a terminal escape.
        vec![
            "link",
            "--amount",
            "1000",
            "--reference1",
            "PAGO\u{202e}001",
            "--webhook-url",
            "https://s.co/h",
        ],
        vec![
            "link",
            "--amount",
            "1000",
            "--reference1",
            "PAGO\u{200b}1",
            "--webhook-url",
            "https://s.co/h",
        ],
        vec![
            "link",
            "--amount",
            "1000",
            "--reference1",
            "A\u{1b}[31m",
            "--webhook-url",
            "https://s.co/h",
        ],
    ];
    for args in cases {
        let mut with_json = vec!["--json"];
        with_json.extend(&args);
        let run = cli.run(&with_json).await;
        assert_eq!(run.code, 2, "{args:?}: {}{}", run.stdout, run.stderr);
        let document = run.json();
        assert_eq!(document["error"]["code"], "input.invalid", "{args:?}");
        assert!(!document["error"]["fields"].as_array().unwrap().is_empty());
        // Human mode says what to fix on stderr.
        let human = cli.run(&args).await;
        assert_eq!(human.code, 2);
        assert!(
            human.stderr.contains("Nothing was sent"),
            "{}",
            human.stderr
        );
    }
    assert!(
        cli.simulator().requests().await.is_empty(),
        "nothing reached the service"
    );
}

#[tokio::test]
async fn refusals_exit_1_and_network_failures_exit_3() {
    let cli = Shop::new().await;
    let run = cli.run(&["--json", "status", "NOPE"]).await;
    assert_eq!(run.code, 1);
    let error = &run.json()["error"];
    assert_eq!(error["code"], "04");
    assert_eq!(error["httpStatus"], 400);
    assert_eq!(error["message"], "La referencia no existe");

    let run = cli.run(&["methods", "--type", "NOPE"]).await;
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("paymentMethod.type.notExist"),
        "{}",
        run.stderr
    );

    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut command = cli.command(&["--json", "balance"]);
    command.env("PAYDESK_PAY_URL", format!("http://127.0.0.1:{port}/pay"));
    let run = finish(command, None).await;
    assert_eq!(run.code, 3, "{}", run.stdout);
    assert_eq!(run.json()["error"]["code"], "network.unreachable");

    let mut command = cli.command(&["balance"]);
    command.env("PAYDESK_PAY_URL", "http://pay.example.co/pay");
    let run = finish(command, None).await;
    assert_eq!(
        run.code, 2,
        "plain http to a real host is refused before sending"
    );
    assert!(run.stderr.contains("https://"), "{}", run.stderr);
}

#[tokio::test]
async fn a_lost_payout_answer_exits_3_and_says_the_outcome_is_unknown() {
    let cli = Shop::new().await;
    cli.simulator()
        .fault(
            "/cash-out/generate/withdraw-method/token",
            serde_json::json!({"mode": "drop-after-commit", "times": 1}),
        )
        .await;
    let run = cli
        .run(&[
            "--json",
            "payout",
            "--amount",
            "10000",
            "--reference1",
            "LOST-1",
            "--key",
            "@ANA123",
            "--yes",
        ])
        .await;
    assert_eq!(run.code, 3);
    assert_eq!(run.json()["error"]["outcomeUnknown"], true);
    assert_eq!(cli.simulator().cash_outs().await, 1);
}

#[tokio::test]
async fn payout_needs_a_confirmation() {
    let cli = Shop::new().await;
    let args = [
        "payout",
        "--amount",
        "50.000",
        "--reference1",
        "PAGO-1",
        "--key",
        "@ANA123",
    ];
    let refused = cli.run(&args).await;
    assert_eq!(refused.code, 2);
    assert!(
        refused.stderr.contains("Send $ 50.000 to @ANA123"),
        "{}",
        refused.stderr
    );
    assert!(refused.stderr.contains("--yes"));
    assert_eq!(cli.simulator().cash_outs().await, 0);

    let mut with_yes = vec!["--json"];
    with_yes.extend(args);
    with_yes.push("--yes");
    let sent = cli.run(&with_yes).await;
    assert_eq!(sent.code, 0, "{}", sent.stderr);
    let document = sent.json();
    assert_eq!(document["withdraw"]["infoReference"], "PAGO-1");
    assert!(document["transactionReference"].is_string());
    assert_eq!(cli.simulator().cash_outs().await, 1);
}

#[tokio::test]
async fn every_read_command_prints_the_service_data() {
    let cli = Shop::new().await;
    let balance = cli.run(&["--json", "balance"]).await;
    assert_eq!(balance.code, 0);
    assert_eq!(balance.json()["bags"].as_array().unwrap().len(), 2);
    let human = cli.run(&["balance"]).await;
    assert!(human.stdout.contains("$ 5.000.000"), "{}", human.stdout);
    assert!(human.stdout.contains("(pays payouts)"));

    let banks = cli.run(&["--json", "banks", "117"]).await;
    assert_eq!(banks.json()["banks"][0]["id"], "0");
    let human = cli.run(&["banks", "117"]).await;
    assert!(
        !human.stdout.contains("seleccione"),
        "the prompt is not a bank"
    );

    let instant = cli
        .run(&["--json", "instant-banks", "--cellphone", "300 123 4567"])
        .await;
    assert_eq!(instant.code, 0);
    assert!(!instant.json()["banks"].as_array().unwrap().is_empty());

    let methods = cli.run(&["--json", "methods", "--type", "LINK"]).await;
    assert_eq!(
        methods.json()["paymentMethods"].as_array().unwrap().len(),
        4
    );

    let otp = cli.run(&["--json", "otp", "--reason", "2"]).await;
    assert_eq!(otp.code, 0);
    assert_eq!(otp.json(), serde_json::json!({}));
    let code = cli.simulator().last_otp().await;
    let added = cli
        .run(&[
            "--json",
            "account",
            "add",
            "--number",
            "1234567890",
            "--otp",
            &code,
            "--bank",
            "1007",
            "--type",
            "1",
        ])
        .await;
    assert_eq!(added.code, 0, "{}", added.stdout);
    let id = added.json()["account"]["id"].as_i64().unwrap().to_string();
    cli.run(&["otp", "--reason", "3"]).await;
    let code = cli.simulator().last_otp().await;
    let deleted = cli
        .run(&["account", "delete", "--id", &id, "--otp", &code])
        .await;
    assert_eq!(deleted.code, 0, "{}", deleted.stderr);

    let resource = cli
        .run(&[
            "--json",
            "resource",
            "--method",
            "2",
            "--amount",
            "15000",
            "--reference1",
            "R1",
        ])
        .await;
    assert_eq!(resource.code, 0, "{}", resource.stdout);
    let resource_id = resource.json()["Resource"]["id"]
        .as_i64()
        .unwrap()
        .to_string();
    let checkout = cli
        .run(&[
            "--json",
            "checkout",
            "--resource-id",
            &resource_id,
            "--method",
            "8",
            "--person-type",
            "0",
            "--doc-type",
            "CC",
            "--bank",
            "1007",
        ])
        .await;
    assert_eq!(checkout.code, 0, "{}", checkout.stdout);
    assert!(checkout.json()["reference"].is_i64());

    let charge = cli
        .run(&[
            "--json",
            "charge",
            "--method",
            "130",
            "--amount",
            "30000",
            "--reference1",
            "N1",
            "--cellphone",
            "3001234567",
            "--expires-in",
            "43201",
            "--webhook-url",
            "https://s.co/h",
        ])
        .await;
    assert_eq!(charge.code, 0, "{}", charge.stdout);
    let reference = charge.json()["reference"].as_str().unwrap().to_owned();
    let id = cli
        .simulator()
        .transactions()
        .await
        .iter()
        .find(|t| t["reference"] == reference.as_str())
        .unwrap()["id"]
        .to_string();
    // The service's current interface names the payment by its reference (its own CLI's
    // `webhook-notify --reference`, a name paydesk also answers to).
    let notify = cli
        .run(&["--json", "webhook-notify", "--reference", &reference])
        .await;
    assert_eq!(notify.code, 0, "{}", notify.stderr);
    assert_eq!(notify.json()["reference"], reference.as_str());
    let sent = cli.simulator().last_request("/pay/webhook/notify").await;
    assert_eq!(sent["body"], serde_json::json!({"reference": reference}));
    let human = cli.run(&["notify", "--reference", &reference]).await;
    assert!(
        human
            .stdout
            .contains(&format!("Notification for payment {reference} requested")),
        "{}",
        human.stdout
    );
    // Without it, refused before anything is sent.
    let bare = cli
        .run(&["notify", "--transaction-id", &id, "--status", "2"])
        .await;
    assert_eq!(bare.code, 2, "{}", bare.stderr);

    // The spec's interface (1.0) describes the notification instead.
    let spec = |args: &[&str]| {
        let mut command = cli.command(args);
        command.env("PAYDESK_INTERFACE", "1.0").env(
            "PAYDESK_PAY_URL",
            &cli.simulator().connection().spec_pay_url,
        );
        finish(command, None)
    };
    let notify = spec(&[
        "--json",
        "notify",
        "--transaction-id",
        &id,
        "--amount",
        "30000",
        "--cost",
        "1797",
        "--status",
        "2",
    ])
    .await;
    assert_eq!(notify.code, 0, "{}", notify.stderr);
    let sent = cli
        .simulator()
        .last_request("/pay-1.0/webhook/notify")
        .await;
    assert_eq!(sent["body"]["data"]["Transaction"]["Status"]["id"], "2");
    let by_reference = spec(&["notify", "--reference", &reference]).await;
    assert_eq!(by_reference.code, 2, "{}", by_reference.stderr);

    // A profile that only signed in has no user id: the current interface tells the signed-in
    // user's balance all the same; the spec's asks for one.
    let mut command = cli.command(&["--json", "balance"]);
    command.env_remove("PAYDESK_USER_ID");
    let balance = finish(command, None).await;
    assert_eq!(balance.code, 0, "{}", balance.stderr);
    assert_eq!(balance.json()["bags"].as_array().unwrap().len(), 2);
    let sent = cli
        .simulator()
        .last_request("/pay/customer/getBalance")
        .await;
    assert_eq!(sent["body"], serde_json::json!({}));
    let mut command = cli.command(&["--json", "profile", "check"]);
    command.env_remove("PAYDESK_USER_ID");
    let check = finish(command, None).await;
    let lines = check.json()["lines"].as_array().unwrap().clone();
    let verdict = |item: &str| {
        lines
            .iter()
            .find(|line| line["item"] == item)
            .map(|line| line["verdict"].clone())
    };
    assert_eq!(verdict("pay-api-token"), Some("works".into()), "{lines:?}");
    assert_eq!(verdict("user-id"), Some("not-needed".into()), "{lines:?}");
    let mut command = cli.command(&["balance"]);
    command
        .env_remove("PAYDESK_USER_ID")
        .env("PAYDESK_INTERFACE", "1.0")
        .env(
            "PAYDESK_PAY_URL",
            &cli.simulator().connection().spec_pay_url,
        );
    let refused = finish(command, None).await;
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    assert!(refused.stderr.contains("--user-id"), "{}", refused.stderr);
}

#[tokio::test]
async fn register_reads_the_password_from_stdin_and_never_prints_the_token() {
    let cli = Shop::new().await;
    let args = [
        "--json",
        "register",
        "--name",
        "Ana",
        "--email",
        "ana@tienda.co",
        "--cellphone",
        "310 123 4567",
        "--doc-type",
        "cc",
        "--doc-number",
        "1020304050",
        "--city",
        "11001",
        "--state",
        "11",
    ];
    // No keyring here and the output is a program's: the new token would be lost, so nothing
    // is sent unless the token is asked for in the output.
    let refused = cli
        .run_with_stdin(&args, "s3cret-pass\ns3cret-pass\n")
        .await;
    assert_eq!(refused.code, 2, "{}{}", refused.stdout, refused.stderr);
    assert!(refused.stdout.contains("print-token"), "{}", refused.stdout);
    assert_eq!(
        cli.simulator().requests_to("/api/v1/auth/register").await,
        0
    );
    let args: Vec<&str> = args.iter().copied().chain(["--print-token"]).collect();
    let run = cli
        .run_with_stdin(&args, "s3cret-pass\ns3cret-pass\n")
        .await;
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let document = run.json();
    let token = document["User"]["token"].as_str().unwrap();
    assert!(token.starts_with("sbx-"), "handed over once: {token}");
    assert!(
        document["tokenNotStored"]
            .as_str()
            .unwrap()
            .starts_with("(not stored"),
        "{document}"
    );
    let sent = cli.simulator().last_request("/api/v1/auth/register").await;
    assert_eq!(sent["body"]["data"]["User"]["password"], "s3cret-pass");
    assert_eq!(sent["body"]["data"]["User"]["cellphone"], "3101234567");

    let mismatch = cli.run_with_stdin(&args, "s3cret-pass\nother-pass\n").await;
    assert_eq!(mismatch.code, 2);
    assert!(mismatch.stdout.contains("verifyPassword"));

    // Places by name, as a shop owner knows them: the department follows from the municipality.
    let by_name: Vec<&str> = args
        .iter()
        .take_while(|arg| **arg != "--city")
        .map(|arg| {
            if *arg == "ana@tienda.co" {
                "ana.bogota@tienda.co"
            } else {
                arg
            }
        })
        .chain(["--city", "Bogota", "--print-token"])
        .collect();
    let run = cli
        .run_with_stdin(&by_name, "s3cret-pass\ns3cret-pass\n")
        .await;
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let sent = cli.simulator().last_request("/api/v1/auth/register").await;
    let user = &sent["body"]["data"]["User"];
    assert_eq!(
        (user["City"]["id"].clone(), user["State"]["id"].clone()),
        (11001.into(), 11.into()),
        "{user}"
    );
    // A place nobody knows is refused before anything is sent.
    let registrations = cli.simulator().requests_to("/api/v1/auth/register").await;
    let unknown: Vec<&str> = by_name
        .iter()
        .map(|arg| if *arg == "Bogota" { "Gotham" } else { arg })
        .collect();
    let run = cli
        .run_with_stdin(&unknown, "s3cret-pass\ns3cret-pass\n")
        .await;
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("city"), "{}", run.stdout);
    assert_eq!(
        cli.simulator().requests_to("/api/v1/auth/register").await,
        registrations
    );
}

#[tokio::test]
async fn the_simulator_command_prints_its_connection() {
    let home = tempfile::tempdir().unwrap();
    let mut command = command(home.path());
    // `sandbox`, its old name, still works for scripts written against it.
    command.args(["sandbox", "--addr", "127.0.0.1:0"]);
    let mut child = command.spawn().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut pairs = std::collections::BTreeMap::new();
    while let Some(line) = lines.next_line().await.unwrap() {
        let (key, value) = line.split_once('=').expect("KEY=VALUE");
        pairs.insert(key.to_owned(), value.to_owned());
        if key == "control_url" {
            break;
        }
    }
    for key in ["base_url", "pay_url", "access_token", "hash_key"] {
        assert!(pairs.contains_key(key), "{key} missing: {pairs:?}");
    }
    assert!(pairs["base_url"].ends_with("/api/v1"));
    // It serves: a balance query through it works.
    let client = {
        let mut settings = paydesk::api::ClientSettings::new(&pairs["base_url"], &pairs["pay_url"]);
        settings.access_token = Some(pairs["access_token"].as_str().into());
        paydesk::api::Client::new(settings).unwrap()
    };
    assert!(client.balance(1001).await.is_ok());
    child.kill().await.unwrap();
    let mut help = common::paydesk(home.path());
    help.args(["simulator", "--help"]);
    let run = finish(help, None).await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("built-in simulator"), "{}", run.stdout);
}

#[tokio::test]
async fn without_configuration_the_built_in_simulator_answers_and_keeps_state() {
    let home = tempfile::tempdir().unwrap();
    let mut command_link = command(home.path());
    command_link.args([
        "--json",
        "link",
        "--amount",
        "12000",
        "--reference1",
        "SIM-1",
    ]);
    let run = finish(command_link, None).await;
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let reference = run.json()["reference"].as_str().unwrap().to_owned();
    let sent_to = run.json()["url"].as_str().unwrap().to_owned();
    assert!(sent_to.starts_with("http://127.0.0.1:"));
    // A second run finds the same payment: the simulator the first started in the background
    // serves it still, and keeps its state in the data dir.
    let mut status = command(home.path());
    status.args(["--json", "status", &reference]);
    let run = finish(status, None).await;
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert_eq!(run.json()["status"], "1");
    let state = home.path().join("data/simulator-state.json");
    common::wait_for("the simulator saves its state", || {
        let saved = state.exists();
        async move { saved.then_some(()) }
    })
    .await;
}

/// Known secret values go in through the environment; no command, success or failure, with
/// logs turned all the way up, lets them out on stdout, stderr or into the settings folder.
#[tokio::test]
async fn secrets_never_reach_output_logs_or_files() {
    const API: &str = "tok-API-7f3c9e41";
    const ACCESS: &str = "tok-ACCESS-51d2aa07";
    const HASH: &str = "key-HASH-99be01c3";
    let simulator = TestSimulator::start_with(paydesk::simulator::SimulatorConfig {
        api_token: API.into(),
        access_token: ACCESS.into(),
        hash_key: HASH.into(),
        ..Default::default()
    })
    .await;
    let cli = Shop::against(simulator);
    let link = cli
        .run(&[
            "--json",
            "link",
            "--amount",
            "20000",
            "--reference1",
            "RED-1",
            "--webhook-url",
            "https://s.co/h",
        ])
        .await
        .json();
    let reference = link["reference"].as_str().unwrap().to_owned();
    cli.simulator()
        .fault(
            "/payment/features",
            serde_json::json!({"mode": "html", "times": 1}),
        )
        .await;
    let commands: Vec<Vec<&str>> = vec![
        vec![
            "link",
            "--amount",
            "20000",
            "--reference1",
            "RED-2",
            "--webhook-url",
            "https://s.co/h",
        ],
        vec!["link", "--amount", "bad", "--reference1", "RED-3"],
        vec![
            "charge",
            "--method",
            "130",
            "--amount",
            "30000",
            "--reference1",
            "RED-4",
            "--cellphone",
            "3001234567",
            "--expires-in",
            "43201",
            "--webhook-url",
            "https://s.co/h",
        ],
        vec!["status", &reference],
        vec!["status", "NOPE"],
        vec!["banks", "117"],
        vec!["banks", "117"],
        vec!["instant-banks", "--cellphone", "3001234567"],
        vec!["otp", "--reason", "1"],
        vec![
            "account",
            "add",
            "--number",
            "1234567890",
            "--otp",
            "000000",
            "--bank",
            "1007",
            "--type",
            "1",
        ],
        vec!["account", "delete", "--id", "5", "--otp", "000000"],
        vec!["methods", "--type", "LINK"],
        vec!["resource", "--method", "2", "--amount", "15000"],
        vec![
            "checkout",
            "--resource-id",
            "1",
            "--method",
            "8",
            "--person-type",
            "0",
            "--doc-type",
            "CC",
        ],
        vec![
            "payout",
            "--amount",
            "10000",
            "--reference1",
            "RED-5",
            "--cellphone",
            "3001234567",
            "--yes",
        ],
        vec![
            "payout",
            "--amount",
            "10000",
            "--reference1",
            "RED-6",
            "--cellphone",
            "3001234567",
        ],
        vec!["balance"],
        vec!["profile", "list"],
        vec![
            "notify",
            "--transaction-id",
            "100001",
            "--amount",
            "20000",
            "--cost",
            "1498",
            "--status",
            "2",
        ],
        vec![
            "register",
            "--name",
            "Ana",
            "--email",
            "a@b.co",
            "--cellphone",
            "3001234567",
            "--doc-type",
            "CC",
            "--doc-number",
            "123456",
            "--city",
            "1",
            "--state",
            "1",
        ],
    ];
    let mut seen = String::new();
    for args in &commands {
        for json in [false, true] {
            let mut full: Vec<&str> = if json { vec!["--json"] } else { vec![] };
            full.extend(args.iter());
            let mut command = cli.command(&full);
            command
                .env("PAYDESK_LOG", "trace")
                .env("PAYDESK_HASH_KEY", HASH);
            let run = finish(command, Some("s3cret-pass\ns3cret-pass\n")).await;
            seen.push_str(&run.stdout);
            seen.push_str(&run.stderr);
        }
    }
    assert!(
        seen.contains("TRACE") || seen.contains("DEBUG"),
        "logging was on"
    );
    for secret in [API, ACCESS, HASH, "s3cret-pass"] {
        assert!(!seen.contains(secret), "{secret} leaked");
    }
    let mut files = String::new();
    for entry in walk(cli.home.path()) {
        files.push_str(&std::fs::read_to_string(entry).unwrap_or_default());
    }
    for secret in [API, ACCESS, HASH] {
        assert!(!files.contains(secret), "{secret} written to a file");
    }
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                found.extend(walk(&path));
            } else {
                found.push(path);
            }
        }
    }
    found
}

#[tokio::test]
async fn profiles_are_added_listed_used_and_every_call_follows_them() {
    let cli = Shop::new().await;
    let connection = cli.simulator().connection().clone();
    let profile = |args: &[&str]| {
        let mut command = command(cli.home.path());
        command.arg("profile").args(args);
        command
    };
    let config_file = cli.home.path().join("config/paydesk.toml");

    // Bad values: every field named, exit 2, nothing written.
    let bad = finish(
        profile(&[
            "--json",
            "add",
            "mi tienda",
            "--base-url",
            "http://api.example.co/api/v1",
            "--pay-url",
            "pay",
            "--webhook-listen",
            "8787",
        ]),
        None,
    )
    .await;
    assert_eq!(bad.code, 2, "{}", bad.stderr);
    let fields: Vec<String> = bad.json()["error"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|field| field["field"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        fields,
        ["name", "base_url", "pay_url", "webhook_listen", "shop_url"]
    );
    assert!(!config_file.exists());

    let user_id = connection.user_id.to_string();
    let add = |shop_url: Option<&str>| {
        let mut args = vec![
            "add",
            "tienda",
            "--environment",
            "sandbox",
            "--base-url",
            &connection.base_url,
            "--pay-url",
            &connection.pay_url,
            "--user-id",
            &user_id,
        ];
        if let Some(url) = shop_url {
            args.extend(["--shop-url", url]);
        }
        profile(&args)
    };
    // A new profile speaks the service's current interface, which names the shop's page with
    // every payment: the profile asks for it once.
    let without_page = finish(add(None), None).await;
    assert_eq!(without_page.code, 2, "{}", without_page.stderr);
    assert!(
        without_page.stderr.contains("shop's web page"),
        "{}",
        without_page.stderr
    );
    let not_a_page = finish(add(Some("ftp://tienda")), None).await;
    assert_eq!(not_a_page.code, 2, "a shop page that is not a web address");
    assert!(!config_file.exists());
    let added = finish(add(Some("https://instagram.com/tienda")), None).await;
    assert_eq!(added.code, 0, "{}", added.stderr);
    assert!(added.stdout.contains("now uses it"), "{}", added.stdout);
    let again = finish(
        profile(&[
            "add",
            "tienda",
            "--base-url",
            &connection.base_url,
            "--pay-url",
            &connection.pay_url,
            "--shop-url",
            "https://instagram.com/tienda",
        ]),
        None,
    )
    .await;
    assert_eq!(
        again.code, 2,
        "an existing profile is not replaced silently"
    );

    let listed = finish(profile(&["--json", "list"]), None).await.json();
    assert_eq!(listed["active"], "tienda");
    assert_eq!(listed["profiles"][0]["name"], "simulator");
    assert_eq!(
        listed["profiles"][1]["pay_url"],
        connection.pay_url.as_str()
    );
    assert_eq!(listed["profiles"][1]["environment"], "sandbox");
    assert_eq!(listed["profiles"][1]["interface"], "2026");

    // With no --profile, a call goes to the active profile's service (tokens from the
    // environment, as automation passes them).
    let link = || {
        let mut link = command(cli.home.path());
        link.env("PAYDESK_ACCESS_TOKEN", &connection.access_token)
            .args([
                "--json",
                "link",
                "--amount",
                "12000",
                "--reference1",
                "PROFILE-1",
            ])
            .args(["--webhook-url", "https://shop.example/hook"]);
        link
    };
    let sent = finish(link(), None).await;
    assert_eq!(sent.code, 0, "{}", sent.stderr);
    assert_eq!(
        cli.simulator()
            .requests_to("/pay/cash-in/generate/payment-link/token")
            .await,
        1
    );
    // A profile from before paydesk asked for the page: the sale is refused before anything is
    // sent, with where to set it.
    let written = std::fs::read_to_string(&config_file).unwrap();
    let older = written.replace("shop_url = \"https://instagram.com/tienda\"\n", "");
    assert_ne!(older, written);
    std::fs::write(&config_file, older).unwrap();
    let refused = finish(link(), None).await;
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    assert!(refused.stdout.contains("shop_url"), "{}", refused.stdout);
    assert!(refused.stdout.contains("Settings"), "{}", refused.stdout);
    assert_eq!(
        cli.simulator()
            .requests_to("/pay/cash-in/generate/payment-link/token")
            .await,
        1,
        "nothing more was sent"
    );

    let used = finish(profile(&["use", "simulator"]), None).await;
    assert_eq!(used.code, 0, "{}", used.stderr);
    let listed = finish(profile(&["--json", "list"]), None).await.json();
    assert_eq!(listed["active"], "simulator");
    let unknown = finish(profile(&["use", "nope"]), None).await;
    assert_eq!(unknown.code, 2);
    assert!(
        unknown.stderr.contains("no profile named"),
        "{}",
        unknown.stderr
    );
}

#[tokio::test]
async fn a_service_elsewhere_is_never_given_a_loopback_webhook() {
    let home = tempfile::tempdir().unwrap();
    // Never contacted: the check refuses before anything is sent (a send would exit 3).
    let mut link = command(home.path());
    link.env("PAYDESK_BASE_URL", "https://api.example.invalid/api/v1")
        .env("PAYDESK_PAY_URL", "https://pay.example.invalid")
        .env("PAYDESK_ACCESS_TOKEN", "not-used")
        .args(["link", "--amount", "12000", "--reference1", "LOOP-1"])
        .args(["--webhook-url", "http://127.0.0.1:8787/webhook"]);
    let run = finish(link, None).await;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("cannot reach this computer's own address"),
        "{}",
        run.stderr
    );
}

/// The built-in simulator's profile knows the simulator's minimum: below it, nothing is sent.
/// A service whose minimum paydesk does not know still refuses, and the message says why.
#[tokio::test]
async fn an_amount_below_the_minimum_is_refused_with_the_minimum_named() {
    let home = tempfile::tempdir().unwrap();
    let mut below = command(home.path());
    below.args(["link", "--amount", "500", "--reference1", "SMALL-1"]);
    let run = finish(below, None).await;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("Nothing was sent"), "{}", run.stderr);
    assert!(run.stderr.contains("$ 1.000"), "{}", run.stderr);

    // A profile on a service simulator: paydesk knows no minimum there, the service decides.
    let cli = Shop::new().await;
    let connection = cli.simulator().connection().clone();
    let mut add = command(cli.home.path());
    add.args([
        "profile",
        "add",
        "tienda",
        "--environment",
        "sandbox",
        "--base-url",
        &connection.base_url,
        "--pay-url",
        &connection.pay_url,
        "--shop-url",
        "https://tienda.example.co",
    ]);
    assert_eq!(finish(add, None).await.code, 0);
    let run = cli
        .run(&[
            "--json",
            "charge",
            "--method",
            "130",
            "--amount",
            "500",
            "--reference1",
            "SMALL-2",
            "--cellphone",
            "3001234567",
            "--webhook-url",
            "https://shop.example/webhook",
        ])
        .await;
    assert_eq!(run.code, 1, "{}", run.stdout);
    let error = &run.json()["error"];
    assert_eq!(error["code"], "08", "the service's code is kept");
    assert!(
        error["message"].as_str().unwrap().contains("minimum"),
        "{error}"
    );
}

#[tokio::test]
async fn the_new_methods_take_their_fields_on_the_command_line() {
    let cli = Shop::new().await;
    let run = cli
        .run(&[
            "--json",
            "charge",
            "--method",
            "250",
            "--amount",
            "15000",
            "--reference1",
            "BREB-CLI",
            "--cellphone",
            "3001234567",
            "--doc-type",
            "cc",
            "--doc-number",
            "1020304050",
            "--merchant-id",
            "TIENDA123",
            "--webhook-url",
            "https://shop.example/webhook",
        ])
        .await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let sent = cli
        .simulator()
        .last_request("/pay/cash-in/generate/payment-method/token")
        .await;
    assert_eq!(sent["body"]["paymentMethod"]["docType"], "CC");
    assert_eq!(sent["body"]["paymentMethod"]["merchantId"], "TIENDA123");

    // PSE with the person type in words.
    let run = cli
        .run(&[
            "charge",
            "--method",
            "117",
            "--amount",
            "15000",
            "--reference1",
            "PSE-WORDS",
            "--person-type",
            "jurídica",
            "--doc-type",
            "NIT",
            "--doc-number",
            "900123456",
            "--bank",
            "1007",
            "--name",
            "Tienda SAS",
            "--cellphone",
            "3001234567",
            "--address",
            "Calle 1",
            "--email",
            "pagos@tienda.co",
            "--webhook-url",
            "https://shop.example/webhook",
        ])
        .await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let sent = cli
        .simulator()
        .last_request("/pay/cash-in/generate/payment-method/token")
        .await;
    assert_eq!(sent["body"]["paymentMethod"]["typePerson"], "1");

    // Bad values of the new fields: exit 2, nothing sent.
    let before = cli
        .simulator()
        .requests_to("/pay/cash-in/generate/payment-method/token")
        .await;
    for bad in [
        // Bre-B without its merchant id.
        vec![
            "--method",
            "250",
            "--cellphone",
            "3001234567",
            "--doc-type",
            "CC",
            "--doc-number",
            "1020304050",
        ],
        // A document type the service does not code.
        vec![
            "--method",
            "250",
            "--cellphone",
            "3001234567",
            "--doc-type",
            "XX",
            "--doc-number",
            "1020304050",
            "--merchant-id",
            "T",
        ],
        // A Bre-B key lives 10 minutes: an expiry is refused.
        vec![
            "--method",
            "250",
            "--cellphone",
            "3001234567",
            "--doc-type",
            "CC",
            "--doc-number",
            "1020304050",
            "--merchant-id",
            "T",
            "--expires-in",
            "3600",
        ],
        // A person type that is neither natural nor legal.
        vec![
            "--method",
            "117",
            "--person-type",
            "empresa",
            "--doc-type",
            "NIT",
            "--doc-number",
            "900123456",
            "--bank",
            "1007",
            "--name",
            "T",
            "--cellphone",
            "3001234567",
            "--address",
            "C",
            "--email",
            "a@b.co",
        ],
        // WhatsApp without its account.
        vec![
            "--method",
            "277",
            "--cellphone",
            "3001234567",
            "--expires-in",
            "2600000",
        ],
    ] {
        let mut args = vec![
            "charge",
            "--amount",
            "15000",
            "--reference1",
            "BAD-1",
            "--webhook-url",
            "https://shop.example/webhook",
        ];
        args.extend(bad.iter().copied());
        let run = cli.run(&args).await;
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("Nothing was sent"), "{}", run.stderr);
    }
    assert_eq!(
        cli.simulator()
            .requests_to("/pay/cash-in/generate/payment-method/token")
            .await,
        before
    );
}

#[tokio::test]
async fn a_payout_to_a_bre_b_key() {
    let cli = Shop::new().await;
    let bad = cli
        .run(&[
            "payout",
            "--amount",
            "20000",
            "--reference1",
            "KEY-0",
            "--key",
            "TIENDA 123",
            "--yes",
        ])
        .await;
    assert_eq!(bad.code, 2, "{}", bad.stderr);
    assert!(bad.stderr.contains("Bre-B alias"), "{}", bad.stderr);
    // The current interface sends to an alias only: a mobile number is refused in words.
    let number = cli
        .run(&[
            "payout",
            "--amount",
            "20000",
            "--reference1",
            "KEY-0",
            "--cellphone",
            "3001234567",
            "--yes",
        ])
        .await;
    assert_eq!(number.code, 2, "{}", number.stderr);
    assert!(number.stderr.contains("--key @ALIAS"), "{}", number.stderr);
    let run = cli
        .run(&[
            "--json",
            "payout",
            "--amount",
            "20000",
            "--reference1",
            "KEY-1",
            "--key",
            "@TIENDA123",
            "--yes",
        ])
        .await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let sent = cli
        .simulator()
        .last_request("/pay/cash-out/generate/withdraw-method/token")
        .await;
    assert_eq!(
        sent["body"]["withdrawMethod"],
        serde_json::json!({"id": 264, "key": "@TIENDA123"})
    );
    assert_eq!(
        cli.simulator()
            .requests_to("/pay/cash-out/generate/withdraw-method/token")
            .await,
        1,
        "the bad key was never sent"
    );
}

/// A sale made from the terminal is in the books like a till's: the close expects it while it
/// is pending, and counts it once `status` has the service's approval. `ledger close --json`
/// gives the same figures the app's Cuadre del día reads (`Ledger::reconcile`).
#[tokio::test]
async fn a_terminal_sale_is_in_the_close() {
    let cli = Shop::new().await;
    let run = cli
        .run(&[
            "--json",
            "link",
            "--amount",
            "25000",
            "--reference1",
            "MOSTRADOR1",
            "--webhook-url",
            "https://shop.example/hook",
        ])
        .await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let reference = run.json()["reference"].as_str().unwrap().to_owned();
    let close = cli.run(&["--json", "ledger", "close"]).await;
    assert_eq!(close.code, 0, "{}", close.stderr);
    let pending = close.json();
    assert_eq!(pending["received"]["count"], 0);
    assert_eq!(
        pending["byState"][0]["state"],
        Value::Null,
        "created, not checked yet: {pending}"
    );
    assert_eq!(pending["byState"][0]["gross"], 25_000);

    cli.simulator().settle(&reference, "approve").await;
    let status = cli.run(&["status", &reference, "--wait"]).await;
    assert_eq!(status.code, 0, "{}", status.stderr);
    let close = cli.run(&["--json", "ledger", "close"]).await;
    assert_eq!(close.code, 0, "{}", close.stderr);
    let paid = close.json();
    assert_eq!(paid["received"]["count"], 1, "{paid}");
    assert_eq!(paid["received"]["gross"], 25_000);
    assert_eq!(paid["byMethod"][0]["kind"], "link");
    assert_eq!(paid["byMethod"][0]["count"], 1);

    // The app's close reads the same books the same way.
    let ledger = paydesk::ledger::Ledger::in_folder(&cli.home.path().join("data")).unwrap();
    let today = paydesk::ledger::reconcile::today();
    let report = ledger
        .reconcile(None, today, today, paydesk::ledger::now_ms())
        .unwrap();
    assert_eq!(paid["received"]["count"], report.approved.count);
    assert_eq!(paid["received"]["gross"], report.approved.gross.get());
    assert_eq!(paid["received"]["fee"], report.approved.fee.get());
    assert_eq!(paid["received"]["net"], report.approved.net.get());

    // In words, for a person.
    let text = cli.run(&["ledger", "close"]).await;
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(text.stdout.contains("$ 25.000"), "{}", text.stdout);
    assert!(text.stdout.contains("Payment link"), "{}", text.stdout);
    assert!(
        text.stdout.contains("Payouts paid: 0 · $ 0"),
        "a payout line has no payer or fee: {}",
        text.stdout
    );
    let bad = cli.run(&["ledger", "close", "--from", "24/11/2026"]).await;
    assert_eq!(bad.code, 2, "{}", bad.stderr);
}

#[tokio::test]
async fn spanish_messages_name_fields_in_spanish() {
    let cli = Shop::new().await;
    let bad = cli
        .run(&[
            "--lang",
            "es",
            "link",
            "--amount",
            "abc",
            "--reference1",
            "",
        ])
        .await;
    assert_eq!(bad.code, 2, "{}", bad.stderr);
    assert!(bad.stderr.contains("  valor: "), "{}", bad.stderr);
    assert!(bad.stderr.contains("  referencia: "), "{}", bad.stderr);
    assert!(!bad.stderr.contains("amount"), "{}", bad.stderr);
    // --json keeps the service's names for scripts.
    let json = cli
        .run(&[
            "--lang",
            "es",
            "--json",
            "link",
            "--amount",
            "abc",
            "--reference1",
            "A",
        ])
        .await;
    assert_eq!(json.json()["error"]["fields"][0]["field"], "amount");

    let list = finish(
        {
            let mut command = command(cli.home.path());
            command.args(["--lang", "es", "profile", "list"]);
            command
        },
        None,
    )
    .await;
    assert_eq!(list.code, 0, "{}", list.stderr);
    assert!(
        list.stdout.contains("Simulador incluido"),
        "{}",
        list.stdout
    );
    assert!(
        !list.stdout.contains("incluido incluido"),
        "{}",
        list.stdout
    );
}

#[tokio::test]
async fn the_uninstallers_forget_removes_the_books_only_when_told() {
    let home = tempfile::tempdir().unwrap();
    let run = |args: &'static [&'static str]| {
        let mut command = command(home.path());
        command.args(args);
        finish(command, None)
    };
    // A sale, so there are books.
    let sale = run(&["link", "--amount", "1000", "--reference1", "FORGET1"]).await;
    assert_eq!(sale.code, 0, "{}", sale.stderr);
    let books = home.path().join("data").join("ledger.sqlite3");
    assert!(books.exists());

    // Without --yes nothing goes.
    let asked = run(&["forget-this-computer"]).await;
    assert_ne!(asked.code, 0);
    assert!(asked.stderr.contains("--yes"), "{}", asked.stderr);
    assert!(books.exists(), "the books stay without --yes");

    let forgot = run(&["forget-this-computer", "--yes"]).await;
    assert_eq!(forgot.code, 0, "{}", forgot.stderr);
    assert!(!home.path().join("data").exists());
    assert!(!home.path().join("config").exists());
}

/// The books keep a final state: when the service later answers otherwise, `status` says what
/// the books hold and what the service now says, exits 4, writes nothing over the books and
/// counts no money; the close lists it to review.
#[tokio::test]
async fn status_says_a_contradiction_and_never_applies_it() {
    let cli = Shop::new().await;
    let run = cli
        .run(&[
            "--json",
            "link",
            "--amount",
            "25000",
            "--reference1",
            "MESA7",
        ])
        .await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let reference = run.json()["reference"].as_str().unwrap().to_owned();
    // A first answer (another program's, a stand-in's) said refused, and the books took it.
    let ledger = paydesk::ledger::Ledger::in_folder(&cli.home.path().join("data")).unwrap();
    let profile = ledger.profiles().unwrap().remove(0);
    let sale = ledger
        .collection_by_reference(&profile, &reference)
        .unwrap()
        .unwrap();
    let refused: paydesk::api::StatusRecord = serde_json::from_value(serde_json::json!({
        "id": "1", "cost": "", "status": "0", "date": "", "providerReference": "",
        "amount": "$ 25.000", "description": null, "paymentMethod": null
    }))
    .unwrap();
    let asked = paydesk::ledger::now_ms() - 1_000;
    paydesk::collections::apply_answer(&ledger, &profile, &sale, &refused, asked, asked).unwrap();

    // The service now says approved.
    cli.simulator().settle(&reference, "approve").await;
    let status = cli.run(&["status", &reference]).await;
    assert_eq!(status.code, 4, "{} {}", status.stdout, status.stderr);
    // The simulator answers processing, then approved: either contradicts the refusal.
    assert!(
        status
            .stderr
            .contains("the books hold it rejected and the service now says"),
        "both states are said: {}",
        status.stderr
    );
    let json = cli.run(&["--json", "status", &reference]).await;
    assert_eq!(json.code, 4);
    assert_eq!(json.json()["error"]["code"], "books.contradicted");
    // --wait does not wait for what the books will never take.
    let waited = cli.run(&["status", &reference, "--wait"]).await;
    assert_eq!(waited.code, 4, "{}", waited.stderr);

    let held = ledger
        .collection_by_reference(&profile, &reference)
        .unwrap()
        .unwrap();
    assert_eq!(held.status, Some(paydesk::api::TransactionStatus::Rejected));
    let close = cli.run(&["--json", "ledger", "close"]).await;
    let close = close.json();
    assert_eq!(close["received"]["count"], 0, "{close}");
    let text = cli.run(&["ledger", "close"]).await;
    assert!(
        text.stdout
            .contains("The service contradicts a final state"),
        "{}",
        text.stdout
    );
}

#[tokio::test]
async fn the_command_lines_own_errors_are_in_the_persons_language() {
    let cli = Shop::new().await;
    // clap's own errors: in Spanish, exit 2, nothing run.
    let wrong_value = cli
        .run(&[
            "--lang",
            "es",
            "link",
            "--amount",
            "5000",
            "--reference1",
            "A",
            "--expires-in",
            "5x",
        ])
        .await;
    assert_eq!(wrong_value.code, 2, "{}", wrong_value.stderr);
    assert!(
        wrong_value
            .stderr
            .contains("«5x» no sirve para --expires-in"),
        "{}",
        wrong_value.stderr
    );
    let missing = cli.run(&["--lang", "es", "link", "--amount", "5000"]).await;
    assert_eq!(missing.code, 2, "{}", missing.stderr);
    assert!(
        missing.stderr.contains("falta un dato"),
        "{}",
        missing.stderr
    );
    assert!(
        missing.stderr.contains("--reference1"),
        "{}",
        missing.stderr
    );
    assert!(
        missing.stderr.contains("paydesk link --help"),
        "{}",
        missing.stderr
    );
    let misspelt = cli.run(&["--lang", "es", "lnk"]).await;
    assert_eq!(misspelt.code, 2, "{}", misspelt.stderr);
    assert!(
        misspelt
            .stderr
            .contains("paydesk no tiene el comando «lnk»")
            && misspelt.stderr.contains("¿Quiso decir «link»?"),
        "{}",
        misspelt.stderr
    );
    for run in [&wrong_value, &missing, &misspelt] {
        for english in [
            "invalid value",
            "required",
            "unrecognized",
            "Usage:",
            "For more",
        ] {
            assert!(!run.stderr.contains(english), "{english}: {}", run.stderr);
        }
    }
    // The language may come after the command, and in English it reads English.
    let english = cli.run(&["link", "--amount", "5000", "--lang=en"]).await;
    assert_eq!(english.code, 2, "{}", english.stderr);
    assert!(
        english
            .stderr
            .contains("this command needs something that was not given"),
        "{}",
        english.stderr
    );
    // Help is no error.
    let help = cli.run(&["--lang", "es", "--help"]).await;
    assert_eq!(help.code, 0, "{}", help.stderr);

    // The service's refusal of a method it does not offer: said in Spanish, what it said kept
    // beside the code.
    let unknown = cli
        .run(&[
            "--lang",
            "es",
            "charge",
            "--method",
            "999",
            "--amount",
            "5000",
            "--reference1",
            "A1",
            "--webhook-url",
            "https://s.co/h",
        ])
        .await;
    assert_eq!(unknown.code, 1, "{}", unknown.stderr);
    let first_line = unknown
        .stderr
        .lines()
        .find(|line| !line.starts_with("Usando"))
        .unwrap_or_default();
    assert!(
        first_line.contains("no ofrece ese medio de pago"),
        "{}",
        unknown.stderr
    );
    assert!(
        !first_line.contains("is not available"),
        "{}",
        unknown.stderr
    );
}
