//! The shop's line drops: a stand-in between paydesk and the simulator goes dark the ways real
//! lines do (a black hole, refused connections, a crawl, an answer cut mid-way). paydesk knows
//! it, says so, refuses to half-make anything, and takes up every open payment the moment the
//! line is back. The timings printed here are reports, not limits; `benches/outage.rs`
//! measures them.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::line::{Line, LineState};
use common::{TestSimulator, wait_for};
use paydesk::api::family_b::*;
use paydesk::api::reach::Reach;
use paydesk::api::{ApiError, Client, ClientSettings};
use paydesk::collections::Follower;
use paydesk::ledger::{CheckState, PayoutState};
use paydesk::money::Pesos;
use paydesk::payouts;
use serde_json::json;
use url::Url;

const LINK: &str = "/pay/cash-in/generate/payment-link/token";
const WITHDRAW: &str = "/cash-out/generate/withdraw-method/token";

fn address_of(url: &str) -> SocketAddr {
    let url = Url::parse(url).unwrap();
    format!("{}:{}", url.host_str().unwrap(), url.port().unwrap())
        .parse()
        .unwrap()
}

/// The simulator, a line in front of it, and a production-like client through that line.
async fn shop() -> (TestSimulator, Line, Client) {
    let simulator = TestSimulator::start().await;
    let line = Line::to(address_of(&simulator.connection().pay_url)).await;
    let client = Client::new(through(&line, simulator.settings())).unwrap();
    (simulator, line, client)
}

fn through(line: &Line, mut settings: ClientSettings) -> ClientSettings {
    settings.base_url = line.through(&settings.base_url);
    settings.pay_url = line.through(&settings.pay_url);
    settings
}

fn link(reference1: &str) -> PaymentLinkRequest {
    PaymentLinkRequest {
        cash_in: CashIn {
            amount: Pesos::new(25_000),
            reference1: reference1.into(),
            webhook_url: Url::parse("https://tienda.example.co/webhook").unwrap(),
            return_url: None,
            expires_in: Some(3_600),
            brand_id: DEFAULT_BRAND_ID,
            show_summary: None,
            reference2: Reference2::default(),
        },
    }
}

async fn reach_becomes(client: &Client, what: &str, wanted: impl Fn(Reach) -> bool) -> Duration {
    let started = Instant::now();
    wait_for(what, || async {
        wanted(client.reachability().current()).then_some(())
    })
    .await;
    started.elapsed()
}

/// Cuts the line in `how`, asks about a payment as a follower would, and waits for paydesk to
/// know the service is away; then mends it and waits for it to know it is back.
async fn outage_is_told_and_mended(how: LineState) {
    let (_simulator, line, client) = shop().await;
    let created = client.create_payment_link(&link("CORTE-1")).await.unwrap();
    assert!(client.reachability().current().is_up());

    line.set(how);
    let asked = client.payment_status(&created.value.reference).await;
    let error = asked.expect_err("no answer through a dropped line");
    assert!(error.is_network(), "{how:?}: {error:?}");
    assert!(
        !error.outcome_unknown(),
        "a status question changes nothing"
    );
    let told = reach_becomes(&client, "the service to be known away", |reach| {
        reach.down_since().is_some()
    })
    .await;

    line.set(LineState::Up);
    let back = reach_becomes(&client, "the service to be known back", Reach::is_up).await;
    println!(
        "{how:?}: known away {told:?} after the first failed question; back {back:?} after the line"
    );
    let answer = client
        .payment_status(&created.value.reference)
        .await
        .expect("the service answers again");
    assert_eq!(answer.value.status, TransactionStatus::Pending);
}

#[tokio::test]
async fn a_black_hole_is_known_and_so_is_its_end() {
    outage_is_told_and_mended(LineState::BlackHole).await;
}

#[tokio::test]
async fn refused_connections_are_known_and_so_is_their_end() {
    outage_is_told_and_mended(LineState::Refused).await;
}

#[tokio::test]
async fn an_answer_cut_mid_way_every_time_is_an_outage() {
    outage_is_told_and_mended(LineState::ResetMidAnswer(12)).await;
}

#[tokio::test]
async fn a_slow_line_is_no_outage_and_a_crawling_one_is() {
    let (_simulator, line, client) = shop().await;
    let created = client.create_payment_link(&link("LENTO-1")).await.unwrap();
    line.set(LineState::Slow(Duration::from_millis(300)));
    for _ in 0..3 {
        client
            .payment_status(&created.value.reference)
            .await
            .expect("a slow line still answers");
    }
    assert!(client.reachability().current().is_up());
    // Slower than a status question's deadline: as good as no line.
    line.set(LineState::Slow(Duration::from_secs(6)));
    let error = client
        .payment_status(&created.value.reference)
        .await
        .unwrap_err();
    assert!(matches!(error, ApiError::TimedOut { .. }), "{error:?}");
    reach_becomes(&client, "the crawl to count as away", |reach| {
        reach.down_since().is_some()
    })
    .await;
    line.set(LineState::Up);
    reach_becomes(&client, "the service to be known back", Reach::is_up).await;
}

#[tokio::test]
async fn a_sale_in_the_dark_fails_within_its_deadline_and_sends_nothing_once_known() {
    let (simulator, line, client) = shop().await;
    line.set(LineState::BlackHole);
    // The first attempt finds the dark: within its deadlines, not the system's minutes. The
    // transaction token is asked first, so the sale itself never left.
    let started = Instant::now();
    let error = client
        .create_payment_link(&link("OSCURO-1"))
        .await
        .unwrap_err();
    let took = started.elapsed();
    println!("a sale into a black hole failed after {took:?}: {error}");
    assert!(error.is_network(), "{error:?}");
    let deadlines = paydesk::api::deadlines::CallKind::Create.deadlines();
    assert!(
        took < deadlines.connect + deadlines.whole + Duration::from_secs(5),
        "a deadline holds: {took:?}"
    );
    reach_becomes(&client, "the service to be known away", |reach| {
        reach.down_since().is_some()
    })
    .await;

    // Known away: refused before anything goes, in words, at once.
    let error = client
        .create_payment_link(&link("OSCURO-2"))
        .await
        .unwrap_err();
    assert!(matches!(error, ApiError::Offline { .. }), "{error:?}");
    assert!(!error.outcome_unknown());
    assert_eq!(error.code(), "network.offline");

    line.set(LineState::Up);
    reach_becomes(&client, "the service to be known back", Reach::is_up).await;
    assert_eq!(
        simulator.requests_to(LINK).await,
        0,
        "nothing was half-made in the dark"
    );
    // The same sale again is safe: nothing of it exists.
    client.create_payment_link(&link("OSCURO-2")).await.unwrap();
    assert_eq!(simulator.requests_to(LINK).await, 1);
}

#[tokio::test]
async fn a_sale_whose_answer_the_dark_swallowed_is_unknown_and_the_next_is_another() {
    // The spec's interface sends the sale without a token first: the request itself goes into
    // the dark, and only the service knows whether it was made.
    let simulator = TestSimulator::start().await;
    let line = Line::to(address_of(&simulator.connection().pay_url)).await;
    let mut settings = through(&line, simulator.spec_settings());
    settings.request_timeout = Duration::from_secs(2);
    let client = Client::new(settings).unwrap();
    line.set(LineState::BlackHole);
    let error = client
        .create_payment_link(&link("DUDA-1"))
        .await
        .unwrap_err();
    assert!(matches!(error, ApiError::TimedOut { .. }), "{error:?}");
    assert!(
        error.outcome_unknown(),
        "the next attempt goes under a new reference"
    );
}

#[tokio::test]
async fn a_payment_made_in_the_dark_is_approved_as_soon_as_the_line_is_back() {
    let (simulator, line, client) = shop().await;
    let created = client
        .create_payment_link(&link("PAGO-OSCURO"))
        .await
        .unwrap()
        .value;
    let collection = common::sale(&created.reference, 25_000);
    let (updates, mut heard) = tokio::sync::mpsc::unbounded_channel();
    // As the customer screen follows it: watched.
    let (_watching, watched) = tokio::sync::watch::channel(Some(created.reference.clone()));
    let mut follower = Follower::new(None, collection);
    follower.watched = Some(watched);
    tokio::spawn(follower.run(client.clone(), move |update| {
        updates
            .send(update.result.map(|record| record.status))
            .is_ok()
    }));
    assert_eq!(
        heard.recv().await.unwrap().unwrap(),
        TransactionStatus::Pending
    );

    line.set(LineState::BlackHole);
    let cut = Instant::now();
    reach_becomes(&client, "the outage to be known", |reach| {
        reach.down_since().is_some()
    })
    .await;
    let told = cut.elapsed();
    // The payer pays on their own data.
    simulator.settle(&created.reference, "approve").await;

    line.set(LineState::Up);
    let back = Instant::now();
    let known_back = {
        let client = client.clone();
        tokio::spawn(async move { reach_becomes(&client, "the return", Reach::is_up).await })
    };
    let approved = tokio::time::timeout(common::DEADLINE, async {
        while let Some(status) = heard.recv().await {
            if status.ok() == Some(TransactionStatus::Approved) {
                return back.elapsed();
            }
        }
        panic!("the follower stopped");
    })
    .await
    .expect("approved after the return");
    let known_back = known_back.await.unwrap();
    println!(
        "told of the outage {told:?} after the cut; the return known after {known_back:?}, \
         approved {approved:?} after it"
    );
}

/// A payout whose answer the service sent and the line lost: unknown, then the line drops, the
/// service settles it as `outcome` and notifies while nothing can be asked. Returns the ledger,
/// the service's reference of the payout, and the simulator (for counting requests).
async fn payout_lost_then_settled_in_the_dark(
    outcome: &str,
) -> (
    TestSimulator,
    Line,
    Arc<paydesk::ledger::Ledger>,
    String,
    common::endpoint::Endpoint,
) {
    let (simulator, line, client) = shop().await;
    let endpoint = common::endpoint::Endpoint::start(
        "test",
        Some(&simulator.connection().hash_key),
        Some(paydesk::webhook::Confirmer {
            client: client.clone(),
        }),
    )
    .await;
    let ledger = endpoint.ledger.clone();
    let request = WithdrawRequest {
        amount: Pesos::new(40_000),
        reference1: "PERDIDA-1".into(),
        webhook_request: Some(Url::parse(&endpoint.receiver.url()).unwrap()),
        method_id: BREB_WITHDRAW_METHOD,
        destination: "@ANA123".into(),
        bank_name: None,
    };
    simulator
        .fault(WITHDRAW, json!({"mode": "drop-after-commit", "times": 1}))
        .await;
    simulator
        .control_post("/rules", json!({"hold_payouts": true}))
        .await;
    let plan = payouts::prepare(ledger.clone(), &client, "test", None, request)
        .await
        .unwrap();
    let error = payouts::send(ledger.clone(), &client, &plan, false, &common::anyone())
        .await
        .unwrap_err();
    assert!(!error.nothing_sent(), "{error:?}");
    let record = ledger
        .payout_by_reference("test", "PERDIDA-1")
        .unwrap()
        .unwrap();
    assert_eq!(record.state, PayoutState::Unknown);
    line.set(LineState::BlackHole);
    let held = simulator.transactions().await;
    let payout = held.iter().find(|t| t["cashOut"] == true).unwrap();
    let reference = payout["reference"].as_str().unwrap().to_owned();
    simulator.settle(&reference, outcome).await;
    // The notification arrives and cannot be checked in the dark.
    wait_for("the notification to wait for the line", || async {
        ledger
            .notifications_for(&reference)
            .unwrap()
            .into_iter()
            .find(|n| n.check_state == CheckState::CheckFailed)
    })
    .await;
    assert_eq!(
        ledger
            .payout_by_reference("test", "PERDIDA-1")
            .unwrap()
            .unwrap()
            .state,
        PayoutState::Unknown,
        "nothing the service did not confirm"
    );
    (simulator, line, ledger, reference, endpoint)
}

#[tokio::test]
async fn a_payout_whose_answer_was_lost_is_settled_after_the_return_and_never_sent_again() {
    let (simulator, line, ledger, reference, _endpoint) =
        payout_lost_then_settled_in_the_dark("approve").await;
    line.set(LineState::Up);
    let settled = wait_for("the payout settled from the service's answer", || async {
        let record = ledger.payout_by_reference("test", "PERDIDA-1").unwrap()?;
        (record.state == PayoutState::Approved).then_some(record)
    })
    .await;
    assert_eq!(settled.transaction_reference.as_deref(), Some(&*reference));
    assert_eq!(simulator.requests_to(&format!("/pay{WITHDRAW}")).await, 1);
    assert_eq!(simulator.cash_outs().await, 1, "never sent again");
}

#[tokio::test]
async fn a_lost_payout_the_service_rejected_stays_unknown_for_the_owner_to_settle() {
    // The status record does not name the payout's reference1: a failure read off a transaction
    // a notification named is not enough to call the payout failed (it could then go twice).
    let (simulator, line, ledger, reference, _endpoint) =
        payout_lost_then_settled_in_the_dark("reject").await;
    line.set(LineState::Up);
    wait_for(
        "the notification checked with the service after the return",
        || async {
            ledger
                .notifications_for(&reference)
                .unwrap()
                .into_iter()
                .find(|n| n.check_state != CheckState::CheckFailed)
        },
    )
    .await;
    let record = ledger
        .payout_by_reference("test", "PERDIDA-1")
        .unwrap()
        .unwrap();
    assert_eq!(record.state, PayoutState::Unknown);
    assert_eq!(record.transaction_reference, None);
    assert_eq!(simulator.cash_outs().await, 1, "never sent again");
}

/// `paydesk` from the terminal, pointed at the simulator through `line`.
fn paydesk_through(
    home: &std::path::Path,
    line: &Line,
    simulator: &TestSimulator,
) -> tokio::process::Command {
    let connection = simulator.connection();
    let mut command = common::paydesk(home);
    command
        .env("PAYDESK_BASE_URL", line.through(&connection.base_url))
        .env("PAYDESK_PAY_URL", line.through(&connection.pay_url))
        .env("PAYDESK_SHOP_URL", &connection.shop_url)
        .env("PAYDESK_API_TOKEN", &connection.api_token)
        .env("PAYDESK_ACCESS_TOKEN", &connection.access_token)
        .env("PAYDESK_USER_ID", connection.user_id.to_string());
    command
}

#[tokio::test]
async fn a_command_in_the_dark_ends_by_itself_with_words_and_exit_code_3() {
    let (simulator, line, client) = shop().await;
    let created = client.create_payment_link(&link("TERM-1")).await.unwrap();
    let home = tempfile::tempdir().unwrap();
    line.set(LineState::BlackHole);
    let started = Instant::now();
    let output = paydesk_through(home.path(), &line, &simulator)
        .args(["status", &created.value.reference])
        .output()
        .await
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!(
        "`paydesk status` into a black hole ended after {:?}",
        started.elapsed()
    );
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("did not answer in time"), "{stderr}");

    // A sale too: within its deadlines, said, exit 3, nothing made.
    let output = paydesk_through(home.path(), &line, &simulator)
        .args(["link", "--amount", "25000", "--reference1", "TERM-2"])
        .output()
        .await
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert_eq!(simulator.requests_to(LINK).await, 1, "only TERM-1's link");
}

#[tokio::test]
async fn status_wait_rides_out_the_outage_and_says_so() {
    use tokio::io::AsyncBufReadExt;
    let (simulator, line, client) = shop().await;
    let created = client.create_payment_link(&link("TERM-3")).await.unwrap();
    let reference = created.value.reference;
    let home = tempfile::tempdir().unwrap();
    line.set(LineState::BlackHole);
    let mut waiting = paydesk_through(home.path(), &line, &simulator)
        .args(["status", &reference, "--wait"])
        .spawn()
        .unwrap();
    let mut stderr = tokio::io::BufReader::new(waiting.stderr.take().unwrap()).lines();
    let mut said = Vec::new();
    let mut next_line = async || {
        let line = tokio::time::timeout(common::DEADLINE, stderr.next_line())
            .await
            .expect("a line on stderr in time")
            .unwrap()
            .expect("stderr open");
        said.push(line.clone());
        line
    };
    while !next_line().await.contains("does not answer") {}
    // The payer pays on their own data; then the line comes back.
    simulator.settle(&reference, "approve").await;
    line.set(LineState::Up);
    while !next_line().await.contains("answers again") {}
    let output = tokio::time::timeout(common::DEADLINE, waiting.wait_with_output())
        .await
        .expect("--wait ends once approved")
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{said:?}");
    assert!(stdout.contains("State: approved"), "{stdout}");
    assert_eq!(
        said.iter()
            .filter(|l| l.contains("does not answer"))
            .count(),
        1,
        "said once, not at every question: {said:?}"
    );
}
