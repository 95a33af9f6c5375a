//! Shared test helpers: a simulator per test on a free loopback port, its control endpoint, a
//! webhook receiver, a scripted server for shapes the simulator never sends, and waiting on a
//! condition with a deadline (never a fixed sleep).
#![allow(dead_code)]

pub mod backends;
pub mod cli;
pub mod endpoint;
pub mod line;
pub mod postgres;
pub mod printer;
pub mod speechd;
pub mod tour;
pub mod ui;

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use paydesk::api::{Client, ClientSettings, Dialect};
use paydesk::secrets::SecretString;
use paydesk::simulator::{Simulator, SimulatorConfig, SimulatorConnection};
use serde_json::{Value, json};

pub const DEADLINE: Duration = Duration::from_secs(15);

/// The till tests send as `userMetadata.identifier`.
pub const TEST_TILL: &str = "3b0c2f5e-5d1a-4c52-9a53-6f2d9e1b7a10";

/// [`paydesk`] pointed at a running simulator through the `PAYDESK_*` automation variables.
pub fn paydesk_against(
    home: &std::path::Path,
    simulator: &TestSimulator,
) -> tokio::process::Command {
    let connection = simulator.connection();
    let mut command = paydesk(home);
    command
        .env("PAYDESK_BASE_URL", &connection.base_url)
        .env("PAYDESK_PAY_URL", &connection.pay_url)
        .env("PAYDESK_SHOP_URL", &connection.shop_url)
        .env("PAYDESK_API_TOKEN", &connection.api_token)
        .env("PAYDESK_ACCESS_TOKEN", &connection.access_token)
        .env("PAYDESK_USER_ID", connection.user_id.to_string());
    command
}

/// The `paydesk` binary with a home of its own: no `PAYDESK_*` from the outer environment,
/// settings and data under `home`, no system keyring, pipes for every stream.
pub fn paydesk(home: &std::path::Path) -> tokio::process::Command {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_paydesk"));
    for (key, _) in std::env::vars() {
        if key.starts_with("PAYDESK_") {
            command.env_remove(key);
        }
    }
    command
        .env("PAYDESK_CONFIG_DIR", home.join("config"))
        .env("PAYDESK_DATA_DIR", home.join("data"))
        .env("PAYDESK_EXPORTS_DIR", home.join("exports"))
        .env("PAYDESK_NO_KEYRING", "1")
        // The words these tests look for; a Spanish test asks for Spanish itself.
        .env("PAYDESK_LANG", "en")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true);
    command
}

/// Who acts where no PIN is set: the payouts these tests send.
pub fn anyone() -> paydesk::ledger::activity::Actor {
    paydesk::ledger::activity::Actor::new(paydesk::ledger::activity::Role::Anyone, "")
}

/// A loopback port nobody listens on right now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Waits until something listens on the loopback `port` (a receiver process starting).
pub async fn wait_until_listening(port: u16) {
    wait_for("the receiver to listen", || async {
        tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .ok()
            .map(drop)
    })
    .await;
}

/// Eight clients post signed notifications (`body` makes each from its reference) to a receiver
/// process; once 300 are acknowledged the process is killed (SIGKILL), mid-burst. Returns the
/// references that got a 200: each must be in the ledger afterwards.
pub async fn burst_then_kill(
    port: u16,
    receiver: &mut tokio::process::Child,
    body: fn(&str) -> String,
) -> std::collections::HashSet<String> {
    let acknowledged: Arc<Mutex<std::collections::HashSet<String>>> = Arc::default();
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(5))
        .build()
        .unwrap();
    let mut senders = Vec::new();
    for worker in 0..8 {
        let http = http.clone();
        let url = format!("http://127.0.0.1:{port}/webhook");
        let acknowledged = acknowledged.clone();
        senders.push(tokio::spawn(async move {
            for index in 0..400 {
                let reference = format!("W{worker}x{index}");
                // Each from an address of its own, as if through the proxy: this burst is about
                // durability, not the per-source rate.
                let posted = http
                    .post(&url)
                    .header(
                        "x-forwarded-for",
                        format!("10.{worker}.{}.{}", index / 256, index % 256),
                    )
                    .header("content-type", "application/json")
                    .body(body(&reference))
                    .send()
                    .await;
                match posted {
                    Ok(response) if response.status().as_u16() == 200 => {
                        acknowledged.lock().unwrap().insert(reference);
                    }
                    _ => return,
                }
            }
        }));
    }
    wait_for("some acknowledgements", || async {
        (acknowledged.lock().unwrap().len() >= 300).then_some(())
    })
    .await;
    receiver.start_kill().unwrap();
    receiver.wait().await.unwrap();
    for sender in senders {
        let _ = sender.await;
    }
    let acknowledged = acknowledged.lock().unwrap().clone();
    assert!(acknowledged.len() < 3_200, "killed before the end");
    acknowledged
}

/// Polls `condition` until it yields a value or the deadline passes.
pub async fn wait_for<T, F, Fut>(what: &str, mut condition: F) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let deadline = tokio::time::Instant::now() + DEADLINE;
    loop {
        if let Some(value) = condition().await {
            return value;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "timed out waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

pub struct TestSimulator {
    pub simulator: Simulator,
    pub http: reqwest::Client,
}

impl TestSimulator {
    pub async fn start() -> TestSimulator {
        Self::start_with(SimulatorConfig {
            processing: Duration::from_millis(50),
            ..SimulatorConfig::default()
        })
        .await
    }

    pub async fn start_with(config: SimulatorConfig) -> TestSimulator {
        let simulator = Simulator::start(config).await.expect("simulator starts");
        TestSimulator {
            simulator,
            http: reqwest::Client::new(),
        }
    }

    pub fn connection(&self) -> &SimulatorConnection {
        self.simulator.connection()
    }

    /// A client of the service's current interface, as a production profile speaks it.
    pub fn settings(&self) -> ClientSettings {
        let connection = self.connection();
        let mut settings = ClientSettings::new(&connection.base_url, &connection.pay_url);
        settings.api_token = Some(SecretString::new(&*connection.api_token));
        settings.access_token = Some(SecretString::new(&*connection.access_token));
        settings.dialect = Dialect::Current;
        settings.till = Some(TEST_TILL.to_owned());
        settings.shop_url = Some(connection.shop_url.clone());
        settings
    }

    pub fn client(&self) -> Client {
        Client::new(self.settings()).expect("client")
    }

    /// A client of the spec's interface (version 1.0), for the tests that are about it.
    pub fn spec_settings(&self) -> ClientSettings {
        let connection = self.connection();
        let mut settings = ClientSettings::new(&connection.base_url, &connection.spec_pay_url);
        settings.api_token = Some(SecretString::new(&*connection.api_token));
        settings.access_token = Some(SecretString::new(&*connection.access_token));
        settings.dialect = Dialect::Spec;
        settings
    }

    pub fn spec_client(&self) -> Client {
        Client::new(self.spec_settings()).expect("client")
    }

    pub async fn control_get(&self, path: &str) -> Value {
        self.http
            .get(format!("{}{path}", self.connection().control_url))
            .send()
            .await
            .expect("control endpoint answers")
            .json()
            .await
            .unwrap_or(Value::Null)
    }

    pub async fn control_post(&self, path: &str, body: Value) -> (u16, Value) {
        let response = self
            .http
            .post(format!("{}{path}", self.connection().control_url))
            .json(&body)
            .send()
            .await
            .expect("control endpoint answers");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    pub async fn settle(&self, reference: &str, outcome: &str) -> Value {
        let (status, body) = self
            .control_post(
                &format!("/transactions/{reference}/outcome"),
                json!({"outcome": outcome}),
            )
            .await;
        assert_eq!(status, 200, "settling {reference}: {body}");
        body
    }

    pub async fn fault(&self, route: &str, fault: Value) {
        let mut body = fault;
        body["route"] = json!(route);
        let (status, answer) = self.control_post("/faults", body).await;
        assert_eq!(status, 204, "{answer}");
    }

    pub async fn requests(&self) -> Vec<Value> {
        match self.control_get("/requests").await {
            Value::Array(list) => list,
            other => panic!("requests: {other}"),
        }
    }

    /// The last request the simulator received on this path (e.g. `/pay/payment/status`).
    pub async fn last_request(&self, path: &str) -> Value {
        self.requests()
            .await
            .into_iter()
            .rev()
            .find(|request| request["path"] == path)
            .unwrap_or_else(|| panic!("no request to {path}"))
    }

    pub async fn requests_to(&self, path: &str) -> usize {
        self.requests()
            .await
            .iter()
            .filter(|request| request["path"] == path)
            .count()
    }

    pub async fn transactions(&self) -> Vec<Value> {
        match self.control_get("/transactions").await {
            Value::Array(list) => list,
            other => panic!("transactions: {other}"),
        }
    }

    pub async fn cash_outs(&self) -> usize {
        self.transactions()
            .await
            .iter()
            .filter(|t| t["cashOut"] == true)
            .count()
    }

    pub async fn last_otp(&self) -> String {
        self.control_get("/otp/last").await["code"]
            .as_str()
            .expect("an OTP was issued")
            .to_owned()
    }
}

/// A merchant webhook endpoint for tests: records every body, answers with the scripted
/// statuses first (then 200).
#[derive(Clone, Default)]
pub struct Receiver {
    pub bodies: Arc<Mutex<Vec<String>>>,
    pub script: Arc<Mutex<Vec<u16>>>,
    pub url: String,
}

impl Receiver {
    pub async fn start() -> Receiver {
        Self::start_scripted(vec![]).await
    }

    pub async fn start_scripted(statuses: Vec<u16>) -> Receiver {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let receiver = Receiver {
            bodies: Arc::default(),
            script: Arc::new(Mutex::new(statuses)),
            url: format!("http://{addr}/webhook"),
        };
        let app = Router::new()
            .route("/webhook", post(receive))
            .with_state(receiver.clone());
        tokio::spawn(async move { axum::serve(listener, app).await });
        receiver
    }

    pub fn received(&self) -> Vec<Value> {
        self.bodies
            .lock()
            .unwrap()
            .iter()
            .map(|b| serde_json::from_str(b).unwrap())
            .collect()
    }

    pub fn raw(&self) -> Vec<String> {
        self.bodies.lock().unwrap().clone()
    }

    pub async fn wait_for_count(&self, count: usize) -> Vec<Value> {
        wait_for("webhook deliveries", || {
            let received = self.received();
            async move { (received.len() >= count).then_some(received) }
        })
        .await
    }
}

async fn receive(State(receiver): State<Receiver>, body: Bytes) -> StatusCode {
    receiver
        .bodies
        .lock()
        .unwrap()
        .push(String::from_utf8_lossy(&body).into_owned());
    let scripted = {
        let mut script = receiver.script.lock().unwrap();
        (!script.is_empty()).then(|| script.remove(0))
    };
    StatusCode::from_u16(scripted.unwrap_or(200)).unwrap()
}

/// The spec's signature, computed here independently of paydesk's code.
pub fn expected_signature(hash_key: &str, raw_body: &str) -> String {
    use hmac::{KeyInit, Mac};
    let body: Value = serde_json::from_str(raw_body).unwrap();
    // The amount's literal text as it arrived, read from the raw body.
    let amount = literal_number(raw_body, "amount");
    let text = format!(
        "{}-{}-{}-{}-{}",
        body["referenceId"].as_str().unwrap(),
        body["resourceId"].as_str().unwrap(),
        amount,
        body["updatedAt"].as_str().unwrap(),
        hash_key
    );
    let mut mac = hmac::Hmac::<sha1::Sha1>::new_from_slice(hash_key.as_bytes()).unwrap();
    mac.update(text.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// The literal text of a top-level JSON number field (`"amount":25000` -> `25000`).
pub fn literal_number(raw: &str, key: &str) -> String {
    let needle = format!("\"{key}\":");
    let start = raw.find(&needle).unwrap() + needle.len();
    raw[start..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | 'e' | 'E' | '+'))
        .collect()
}

/// A server that answers every POST with one fixed status and body, and records requests:
/// for shapes the simulator never sends (the spec's looseness, broken bodies).
#[derive(Clone)]
pub struct Scripted {
    pub url: String,
    pub requests: Arc<Mutex<Vec<(String, HeaderMap, Value)>>>,
}

impl Scripted {
    pub async fn start(status: u16, body: &'static str) -> Scripted {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let requests: Arc<Mutex<Vec<(String, HeaderMap, Value)>>> = Arc::default();
        let recorded = requests.clone();
        let app = Router::new().fallback(
            move |uri: axum::http::Uri, headers: HeaderMap, bytes: Bytes| {
                let recorded = recorded.clone();
                async move {
                    recorded.lock().unwrap().push((
                        uri.path().to_owned(),
                        headers,
                        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
                    ));
                    (StatusCode::from_u16(status).unwrap(), body)
                }
            },
        );
        tokio::spawn(async move { axum::serve(listener, app).await });
        Scripted {
            url: format!("http://{addr}"),
            requests,
        }
    }

    pub fn client(&self) -> Client {
        let mut settings =
            ClientSettings::new(format!("{}/api/v1", self.url), format!("{}/pay", self.url));
        settings.api_token = Some(SecretString::new("tok"));
        settings.access_token = Some(SecretString::new("bearer"));
        // Shapes the spec leaves loose: its interface, which asks nothing first.
        settings.dialect = Dialect::Spec;
        Client::new(settings).unwrap()
    }
}

/// A sale of `amount` as a till writes it down, by its reference.
pub fn sale(reference: &str, amount: i64) -> paydesk::ledger::Collection {
    paydesk::ledger::Collection {
        reference: reference.into(),
        kind: paydesk::api::kind::PaymentKind::Link,
        amount: Some(paydesk::money::Pesos::new(amount)),
        reference1: "VENTA".into(),
        url: String::new(),
        created_at: paydesk::ledger::now_ms(),
        status: None,
        description: String::new(),
        repeatable: false,
        open_until: None,
        made_by: Default::default(),
        resource_id: None,
    }
}

/// Writes a payment down as a till does when it creates one (only a payment of ours is money
/// in the books); the collection written.
pub fn record_payment(
    ledger: &paydesk::ledger::Ledger,
    profile: &str,
    reference: &str,
    kind: paydesk::api::kind::PaymentKind,
    amount: Option<i64>,
) -> paydesk::ledger::Collection {
    let repeatable = kind.repeatable(&paydesk::api::catalog::MethodCatalog::default());
    let collection = paydesk::ledger::Collection {
        reference: reference.into(),
        kind,
        amount: amount.map(paydesk::money::Pesos::new),
        reference1: "VENTA".into(),
        url: String::new(),
        created_at: paydesk::ledger::now_ms(),
        status: None,
        description: String::new(),
        repeatable,
        open_until: None,
        made_by: Default::default(),
        resource_id: None,
    };
    paydesk::collections::record_created(ledger, profile, &collection).unwrap();
    collection
}

/// Everything this test binary logs from now on, as the app's log would show it.
pub fn capture_log() -> CapturedLog {
    use std::sync::{Arc, Mutex, OnceLock};
    static LOG: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    let buffer = LOG
        .get_or_init(|| {
            let buffer = Arc::new(Mutex::new(Vec::new()));
            let writer = buffer.clone();
            tracing_subscriber::fmt()
                .with_ansi(false)
                .with_max_level(tracing::Level::DEBUG)
                .with_writer(move || CapturedWriter(writer.clone()))
                .init();
            buffer
        })
        .clone();
    CapturedLog(buffer)
}

pub struct CapturedLog(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl CapturedLog {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

struct CapturedWriter(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for CapturedWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
