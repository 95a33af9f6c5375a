//! The built-in simulator of the whole service: both families over real HTTP, a checkout page
//! for the payer, signed webhooks, balances, and injectable faults. paydesk runs against it when
//! no profile is configured, and every test runs against it.
//!
//! It reads and writes the wire format on its own terms (`serde_json::Value`), never through
//! the client's models, so that a misreading of the spec in one is not repeated in the other.

mod clock;
mod control;
mod current;
mod family_a;
mod family_b;
mod shared;
pub mod state;
mod webhooks;
mod wire;

use shared::{Answer, Shared};

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, State as Extract};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use tokio::sync::{mpsc, watch};

use current::Interface;
pub use current::{DEMO_PASSWORD, DEMO_USERNAME};
use state::{FaultMode, RecordedRequest, State};

/// Demo credentials of the built-in simulator. Not secrets: they only open the simulator. Their
/// values keep the simulator's old name: state files written by earlier versions hold them.
pub const DEMO_API_TOKEN: &str = "sandbox-api-token";
pub const DEMO_ACCESS_TOKEN: &str = "sandbox-access-token";
pub const DEMO_HASH_KEY: &str = "sandbox-hash-key";

#[derive(Debug, Clone)]
pub struct SimulatorConfig {
    /// `127.0.0.1:0` picks a free port.
    pub addr: SocketAddr,
    /// Keeps the state across restarts.
    pub state_file: Option<PathBuf>,
    pub api_token: String,
    pub access_token: String,
    pub hash_key: String,
    /// How long an approval stays "processing" before it is approved.
    pub processing: Duration,
}

impl Default for SimulatorConfig {
    fn default() -> Self {
        SimulatorConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            state_file: None,
            api_token: DEMO_API_TOKEN.into(),
            access_token: DEMO_ACCESS_TOKEN.into(),
            hash_key: DEMO_HASH_KEY.into(),
            processing: Duration::from_millis(200),
        }
    }
}

/// How to reach a running simulator; printed by `paydesk simulator`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimulatorConnection {
    pub base_url: String,
    /// The pay API as the vendor publishes it today.
    pub pay_url: String,
    /// The pay API as the spec's version 1.0 shows it.
    pub spec_pay_url: String,
    /// The demo shop's page, for `userMetadata.urlCommerce`.
    pub shop_url: String,
    pub control_url: String,
    pub api_token: String,
    pub access_token: String,
    pub hash_key: String,
    pub user_id: i64,
}

impl SimulatorConnection {
    /// `KEY=VALUE` pairs, in the order `paydesk simulator` prints them.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        vec![
            ("base_url", self.base_url.clone()),
            ("pay_url", self.pay_url.clone()),
            ("spec_pay_url", self.spec_pay_url.clone()),
            ("shop_url", self.shop_url.clone()),
            ("access_token", self.access_token.clone()),
            ("hash_key", self.hash_key.clone()),
            ("api_token", self.api_token.clone()),
            ("user_id", self.user_id.to_string()),
            ("control_url", self.control_url.clone()),
        ]
    }
}

pub struct Simulator {
    connection: SimulatorConnection,
    shutdown: watch::Sender<bool>,
    server: tokio::task::JoinHandle<()>,
    shared: Shared,
    state_file: Option<PathBuf>,
}

impl std::fmt::Debug for Simulator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Simulator")
            .field("base_url", &self.connection.base_url)
            .finish_non_exhaustive()
    }
}

impl Simulator {
    /// Binds, loads the state file if any, and serves on the current tokio runtime.
    pub async fn start(config: SimulatorConfig) -> std::io::Result<Simulator> {
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        let addr = listener.local_addr()?;
        let mut state = match &config.state_file {
            Some(path) if path.exists() => {
                let text = tokio::fs::read_to_string(path).await?;
                serde_json::from_str(&text).map_err(std::io::Error::other)?
            }
            _ => State::new(&config.api_token),
        };
        state.processing_ms = config.processing.as_millis() as u64;
        let origin: Arc<str> = format!("http://{addr}").into();
        let (outbox_tx, outbox_rx) = mpsc::unbounded_channel();
        let shared = Shared {
            state: Arc::new(Mutex::new(state)),
            access_token: config.access_token.clone().into(),
            hash_key: config.hash_key.clone().into(),
            origin: origin.clone(),
            outbox: outbox_tx,
            saving: Arc::default(),
        };
        let (shutdown, mut shutdown_rx) = watch::channel(false);
        tokio::spawn(webhooks::deliver(
            shared.clone(),
            outbox_rx,
            shutdown.subscribe(),
        ));
        tokio::spawn(run_clock(
            shared.clone(),
            config.state_file.clone(),
            shutdown.subscribe(),
        ));
        let app = router(shared.clone());
        let server = tokio::spawn(async move {
            let stop = async move {
                while shutdown_rx.changed().await.is_ok() {
                    if *shutdown_rx.borrow() {
                        break;
                    }
                }
            };
            if let Err(error) = axum::serve(listener, app)
                .with_graceful_shutdown(stop)
                .await
            {
                tracing::error!(%error, "simulator server stopped");
            }
        });
        let user_id = state::DEMO_USER_ID;
        Ok(Simulator {
            connection: SimulatorConnection {
                base_url: format!("{origin}/api/v1"),
                pay_url: format!("{origin}/pay"),
                spec_pay_url: format!("{origin}/pay-1.0"),
                shop_url: format!("{origin}/tienda"),
                control_url: format!("{origin}/simulator"),
                api_token: config.api_token,
                access_token: config.access_token,
                hash_key: config.hash_key,
                user_id,
            },
            shutdown,
            server,
            shared,
            state_file: config.state_file,
        })
    }

    pub fn connection(&self) -> &SimulatorConnection {
        &self.connection
    }

    /// Stops accepting, lets in-flight requests finish, saves the state file.
    pub async fn stop(mut self) {
        let _ = self.shutdown.send(true);
        // A request hung by the "hang" fault would hold graceful shutdown forever.
        let _ = tokio::time::timeout(Duration::from_secs(5), &mut self.server).await;
        // Dropping saves.
    }
}

impl Drop for Simulator {
    /// However the simulator ends (stopped, or its last holder gone when the app closes or
    /// switches profile), what happened since the last periodic save is kept.
    fn drop(&mut self) {
        let _ = self.shutdown.send(true);
        if let Some(path) = &self.state_file
            && let Err(error) = save_state(&self.shared, path)
        {
            tracing::error!(%error, "could not save the simulator state");
        }
    }
}

fn router(shared: Shared) -> Router {
    Router::new()
        .route("/api/v1/{*path}", post(family_a_entry))
        .route("/pay/{*path}", post(current_pay_entry))
        .route("/pay-1.0/{*path}", post(spec_pay_entry))
        .route("/checkout/{reference}", get(control::checkout_page))
        .route("/assets/icons/{file}", get(control::icon))
        .route(
            "/checkout/{reference}/{outcome}",
            post(control::checkout_submit),
        )
        .merge(control::routes())
        .with_state(shared)
}

/// Every second: finish processing approvals, expire what is due, save the state file.
async fn run_clock(
    shared: Shared,
    state_file: Option<PathBuf>,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut interval = tokio::time::interval(Duration::from_millis(100));
    let mut ticks: u64 = 0;
    loop {
        tokio::select! {
            _ = interval.tick() => {}
            _ = shutdown.changed() => return,
        }
        let notifications = shared.lock().tick(clock::now_ms());
        shared.send_all(notifications);
        ticks += 1;
        if ticks.is_multiple_of(10)
            && let Some(path) = &state_file
        {
            let (shared, path) = (shared.clone(), path.clone());
            match tokio::task::spawn_blocking(move || save_state(&shared, &path)).await {
                Ok(Ok(())) => {}
                Ok(Err(error)) => tracing::warn!(%error, "could not save the simulator state"),
                Err(error) => tracing::warn!(%error, "the simulator state save did not finish"),
            }
        }
    }
}

/// Blocking: a small file, written whole and renamed into place.
fn save_state(shared: &Shared, path: &std::path::Path) -> std::io::Result<()> {
    let _turn = shared
        .saving
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let text = serde_json::to_string_pretty(&*shared.lock()).map_err(std::io::Error::other)?;
    let temporary = path.with_extension("tmp");
    std::fs::write(&temporary, text)?;
    std::fs::rename(&temporary, path)
}

fn record(shared: &Shared, path: &str, headers: &HeaderMap, body: &Bytes) {
    let headers = headers
        .iter()
        .map(|(name, value)| {
            (
                name.as_str().to_owned(),
                String::from_utf8_lossy(value.as_bytes()).into_owned(),
            )
        })
        .collect();
    let body = serde_json::from_slice(body)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(body).into_owned()));
    shared.lock().record(RecordedRequest {
        method: "POST".into(),
        path: path.to_owned(),
        headers,
        body,
    });
}

/// Applies the faults that strike before the operation; `Err` is the answer to send instead.
async fn before_operation(
    shared: &Shared,
    path: &str,
    headers: &HeaderMap,
    family_error: impl Fn(StatusCode, &str, &str) -> Value,
) -> Result<FaultMode, Response> {
    let Some(fault) = shared.lock().take_fault(path) else {
        return Ok(FaultMode::None);
    };
    if fault.latency_ms > 0 {
        tokio::time::sleep(Duration::from_millis(fault.latency_ms)).await;
    }
    match fault.mode {
        FaultMode::ServerError => Err((
            StatusCode::INTERNAL_SERVER_ERROR,
            axum::Json(family_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "service.error",
                "Internal error, try again later",
            )),
        )
            .into_response()),
        FaultMode::Html => Err((
            StatusCode::BAD_GATEWAY,
            [(header::CONTENT_TYPE, "text/html")],
            "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>",
        )
            .into_response()),
        FaultMode::SessionEnded => {
            if let Some(token) = headers
                .get(header::AUTHORIZATION)
                .and_then(|v| v.to_str().ok())
            {
                let token = family_a::bare_token(token);
                let mut state = shared.lock();
                if let Some(merchant) = state.merchants.iter_mut().find(|m| m.token == token) {
                    merchant.session_ended = true;
                }
            }
            Ok(FaultMode::None)
        }
        mode => Ok(mode),
    }
}

/// Applies the faults that strike after the operation was committed.
async fn after_operation(mode: FaultMode, answer: Answer) -> Response {
    match mode {
        FaultMode::Malformed => {
            let text = answer.body.to_string();
            let cut = text.len() / 2;
            (
                StatusCode::OK,
                [(header::CONTENT_TYPE, "application/json")],
                text[..cut].to_owned(),
            )
                .into_response()
        }
        FaultMode::Empty => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "application/json")],
            "",
        )
            .into_response(),
        FaultMode::DropAfterCommit => {
            let first = Bytes::from_static(b"{\"statusCode\":");
            let chunks: Vec<Result<Bytes, std::io::Error>> = vec![
                Ok(first),
                Err(std::io::Error::new(
                    std::io::ErrorKind::ConnectionReset,
                    "simulator fault: connection dropped",
                )),
            ];
            let body = Body::from_stream(futures_util::stream::iter(chunks));
            (
                StatusCode::OK,
                [(header::CONTENT_TYPE, "application/json")],
                body,
            )
                .into_response()
        }
        FaultMode::HangAfterCommit => {
            tokio::time::sleep(Duration::from_secs(3_600)).await;
            StatusCode::GATEWAY_TIMEOUT.into_response()
        }
        _ => (answer.status, axum::Json(answer.body)).into_response(),
    }
}

async fn family_a_entry(
    Extract(shared): Extract<Shared>,
    Path(path): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = format!("/{path}");
    record(&shared, &format!("/api/v1{path}"), &headers, &body);
    let mode = match before_operation(&shared, &path, &headers, |status, code, message| {
        family_a::error_envelope(status, &path, code, message)
    })
    .await
    {
        Ok(mode) => mode,
        Err(response) => return response,
    };
    let answer = family_a::handle(&shared, &path, &headers, &body);
    after_operation(mode, answer).await
}

async fn current_pay_entry(
    shared: Extract<Shared>,
    path: Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    family_b_entry(shared, Interface::Current, path, headers, body).await
}

async fn spec_pay_entry(
    shared: Extract<Shared>,
    path: Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    family_b_entry(shared, Interface::Spec, path, headers, body).await
}

async fn family_b_entry(
    Extract(shared): Extract<Shared>,
    interface: Interface,
    Path(path): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = format!("/{path}");
    let prefix = match interface {
        Interface::Current => "/pay",
        Interface::Spec => "/pay-1.0",
    };
    record(&shared, &format!("{prefix}{path}"), &headers, &body);
    let mode = match before_operation(
        &shared,
        &path,
        &headers,
        |_, _, message| json!({"statusCode": "99", "message": message, "data": null}),
    )
    .await
    {
        Ok(mode) => mode,
        Err(response) => return response,
    };
    let answer = family_b::handle(&shared, interface, &path, &headers, &body);
    after_operation(mode, answer).await
}
