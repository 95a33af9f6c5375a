//! A production profile's first day from the terminal, against the service's current interface
//! (the simulator's strict `/pay`): made as the README says, signed in, a link, a card charge,
//! its status, a payout to a Bre-B alias; and `paydesk profile check` saying what works and
//! what to do about what does not.

mod common;

use common::TestSimulator;
use common::cli::{Run, finish};
use serde_json::Value;

/// `paydesk` with a home of its own, no keyring, nothing from the outer environment: the
/// service is the profile's, as a shop has it.
async fn paydesk(
    home: &std::path::Path,
    env: &[(&str, &str)],
    args: &[&str],
    stdin: Option<&str>,
) -> Run {
    let mut command = common::paydesk(home);
    command.args(args);
    for (key, value) in env {
        command.env(key, value);
    }
    finish(command, stdin).await
}

/// The README's `paydesk profile add` for production, against the simulator's current API.
async fn add_production_profile(home: &std::path::Path, simulator: &TestSimulator) {
    let connection = simulator.connection();
    let user_id = connection.user_id.to_string();
    let added = paydesk(
        home,
        &[],
        &[
            "profile",
            "add",
            "tienda",
            "--environment",
            "production",
            "--base-url",
            &connection.base_url,
            "--pay-url",
            &connection.pay_url,
            "--user-id",
            &user_id,
            "--shop-url",
            "https://instagram.com/tiendaleo",
            "--webhook-url",
            "https://tienda.example.co/webhook",
        ],
        None,
    )
    .await;
    assert_eq!(added.code, 0, "{}", added.stderr);
}

#[tokio::test]
async fn a_production_profiles_first_day_from_the_terminal() {
    let simulator = TestSimulator::start().await;
    let home = tempfile::tempdir().unwrap();
    add_production_profile(home.path(), &simulator).await;

    // Signing in: the password from stdin. With no keyring here, the token is shown once.
    let wrong = paydesk(
        home.path(),
        &[],
        &[
            "login",
            "--username",
            paydesk::simulator::DEMO_USERNAME,
            "--print-token",
        ],
        Some("not-the-password\n"),
    )
    .await;
    assert_eq!(wrong.code, 1, "{}", wrong.stderr);
    assert!(wrong.stderr.contains("password"), "{}", wrong.stderr);
    let signed_in = paydesk(
        home.path(),
        &[],
        &[
            "--json",
            "login",
            "--username",
            paydesk::simulator::DEMO_USERNAME,
            "--print-token",
        ],
        Some(&format!("{}\n", paydesk::simulator::DEMO_PASSWORD)),
    )
    .await;
    assert_eq!(signed_in.code, 0, "{}", signed_in.stderr);
    let token = signed_in.json()["token"].as_str().unwrap().to_owned();
    assert!(!signed_in.stdout.contains(paydesk::simulator::DEMO_PASSWORD));
    let with_token = [("PAYDESK_ACCESS_TOKEN", token.as_str())];

    let link = paydesk(
        home.path(),
        &with_token,
        &[
            "--json",
            "link",
            "--amount",
            "25.000",
            "--reference1",
            "DIA1-LINK",
            "--expires-in",
            "1h",
        ],
        None,
    )
    .await;
    assert_eq!(link.code, 0, "{}", link.stderr);
    assert!(link.json()["resourceId"].is_string());

    let card = paydesk(
        home.path(),
        &with_token,
        &[
            "--json",
            "charge",
            "--method",
            "273",
            "--amount",
            "40000",
            "--reference1",
            "DIA1-TARJETA",
            "--expires-in",
            "2h",
            "--description",
            "Almuerzo ejecutivo",
        ],
        None,
    )
    .await;
    assert_eq!(card.code, 0, "{}", card.stderr);
    let reference = card.json()["reference"].as_str().unwrap().to_owned();
    simulator.settle(&reference, "approve").await;
    let status = paydesk(
        home.path(),
        &with_token,
        &[
            "--json",
            "status",
            &reference,
            "--wait",
            "--wait-limit",
            "30",
        ],
        None,
    )
    .await;
    assert_eq!(status.code, 0, "{}", status.stderr);
    assert_eq!(status.json()["status"], "2");

    let payout = paydesk(
        home.path(),
        &with_token,
        &[
            "--json",
            "payout",
            "--amount",
            "30.000",
            "--reference1",
            "DIA1-PROVEEDOR",
            "--key",
            "@PROVEEDOR1",
            "--yes",
        ],
        None,
    )
    .await;
    assert_eq!(payout.code, 0, "{}", payout.stderr);
    assert!(payout.json()["transactionReference"].is_string());

    // Every request that moved money went with its own transaction token and userMetadata.
    for path in [
        "/pay/cash-in/generate/payment-link/token",
        "/pay/cash-in/generate/payment-method/token",
        "/pay/cash-out/generate/withdraw-method/token",
    ] {
        let sent = simulator.last_request(path).await;
        assert!(sent["headers"]["x-transaction-token"].is_string(), "{path}");
        assert_eq!(
            sent["body"]["userMetadata"]["urlCommerce"], "https://instagram.com/tiendaleo",
            "{path}"
        );
    }
    assert_eq!(simulator.requests_to("/pay/trx-token/generate").await, 3);
}

#[tokio::test]
async fn profile_check_says_what_works_and_what_to_do() {
    let simulator = TestSimulator::start().await;
    let home = tempfile::tempdir().unwrap();
    add_production_profile(home.path(), &simulator).await;
    let connection = simulator.connection();

    // No token yet: said as not set, with the way to sign in; nothing else fails for it.
    let bare = paydesk(home.path(), &[], &["--json", "profile", "check"], None).await;
    let lines = bare.json()["lines"].as_array().unwrap().clone();
    let line = |lines: &[Value], item: &str| {
        lines
            .iter()
            .find(|line| line["item"] == item)
            .unwrap_or_else(|| panic!("{item}: {lines:?}"))
            .clone()
    };
    let token_line = line(&lines, "pay-api-token");
    assert_eq!(token_line["verdict"], "not-set");
    assert!(
        token_line["fix"]
            .as_str()
            .unwrap()
            .contains("paydesk login")
    );
    assert_eq!(line(&lines, "transaction-token")["verdict"], "cannot-check");
    assert_eq!(line(&lines, "shop-url")["verdict"], "works");
    assert_eq!(line(&lines, "webhook-key")["verdict"], "not-set");

    // With its tokens: each is tried and works; the webhook address cannot be reached from
    // here (nothing listens at tienda.example.co), and the check exits 1 saying how to fix it.
    let with_tokens = [
        ("PAYDESK_ACCESS_TOKEN", connection.access_token.as_str()),
        ("PAYDESK_API_TOKEN", connection.api_token.as_str()),
        ("PAYDESK_HASH_KEY", connection.hash_key.as_str()),
    ];
    let checked = paydesk(
        home.path(),
        &with_tokens,
        &["--json", "profile", "check"],
        None,
    )
    .await;
    assert_eq!(checked.code, 1, "{}", checked.stderr);
    let document = checked.json();
    assert_eq!(document["interface"], "2026");
    let lines = document["lines"].as_array().unwrap().clone();
    for item in [
        "pay-api-token",
        "user-id",
        "transaction-token",
        "envelope-token",
        "shop-url",
    ] {
        assert_eq!(line(&lines, item)["verdict"], "works", "{item}: {lines:?}");
    }
    assert_eq!(line(&lines, "webhook-key")["verdict"], "cannot-check");
    let address = line(&lines, "webhook-address");
    assert_eq!(address["verdict"], "fails");
    assert!(address["fix"].as_str().unwrap().contains("reverse proxy"));
    // No money moved: no sale, no payout.
    assert!(simulator.transactions().await.is_empty());

    // The same, read by a person in Spanish.
    let spanish = paydesk(
        home.path(),
        &[
            ("PAYDESK_LANG", "es"),
            with_tokens[0],
            with_tokens[1],
            with_tokens[2],
        ],
        &["profile", "check"],
        None,
    )
    .await;
    assert!(
        spanish
            .stdout
            .contains("✓ Token de acceso (pagos): el servicio lo aceptó"),
        "{}",
        spanish.stdout
    );
    assert!(
        spanish.stdout.contains("→ Revise que el proxy inverso"),
        "{}",
        spanish.stdout
    );

    // A revoked token fails, with what to do.
    simulator
        .control_post("/pay-api", serde_json::json!({"revoke": true}))
        .await;
    let revoked = paydesk(
        home.path(),
        &with_tokens,
        &["--json", "profile", "check"],
        None,
    )
    .await;
    let lines = revoked.json()["lines"].as_array().unwrap().clone();
    let token_line = line(&lines, "pay-api-token");
    assert_eq!(token_line["verdict"], "fails");
    assert_eq!(token_line["code"], "40");
}

/// `paydesk login` keeps the token in the system keyring, and the next command uses it: the
/// password is never written anywhere.
#[tokio::test]
#[ignore = "needs a Secret Service (D-Bus session with gnome-keyring)"]
async fn login_keeps_the_token_in_the_system_keyring() {
    let simulator = TestSimulator::start().await;
    let home = tempfile::tempdir().unwrap();
    let connection = simulator.connection();
    let profile = format!("primer-dia-{}", std::process::id());
    let run = |args: Vec<String>, stdin: Option<String>| {
        let home = home.path().to_owned();
        async move {
            let mut command = common::paydesk(&home);
            // The real keyring, for this test.
            command.env_remove("PAYDESK_NO_KEYRING").args(&args);
            let done = finish(command, stdin.as_deref()).await;
            (done.code, done.stdout, done.stderr)
        }
    };
    let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let (code, _, stderr) = run(
        args(&[
            "profile",
            "add",
            &profile,
            "--environment",
            "production",
            "--base-url",
            &connection.base_url,
            "--pay-url",
            &connection.pay_url,
            "--shop-url",
            "https://instagram.com/tiendaleo",
        ]),
        None,
    )
    .await;
    assert_eq!(code, 0, "{stderr}");
    let (code, stdout, stderr) = run(
        args(&["login", "--username", paydesk::simulator::DEMO_USERNAME]),
        Some(format!("{}\n", paydesk::simulator::DEMO_PASSWORD)),
    )
    .await;
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("keyring"), "{stdout}");
    let (code, _, stderr) = run(
        args(&[
            "link",
            "--amount",
            "12000",
            "--reference1",
            "LLAVERO-1",
            "--webhook-url",
            "https://tienda.example.co/webhook",
        ]),
        None,
    )
    .await;
    assert_eq!(code, 0, "the token came from the keyring: {stderr}");
    let settings = std::fs::read_to_string(home.path().join("config/paydesk.toml")).unwrap();
    assert!(!settings.contains(paydesk::simulator::DEMO_PASSWORD));
    assert!(!settings.contains("pay-"), "no token in the settings file");
    paydesk::secrets::SecretStore::platform()
        .delete_all(&profile)
        .unwrap();
}
