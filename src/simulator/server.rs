//! A running simulator: its HTTP server, its clock, its state file, and, when this computer's
//! processes share it, its claim on that file.

use std::path::PathBuf;
use std::sync::atomic::AtomicI64;
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

use super::config::{SimulatorConfig, SimulatorConnection};
use super::current::Interface;
use super::notice::Claim;
use super::shared::{Answer, Shared};
use super::state::{self, FaultMode, RecordedRequest, State};
use super::{clock, control, family_a, family_b, webhooks};

pub struct Simulator {
    connection: SimulatorConnection,
    shutdown: watch::Sender<bool>,
    server: tokio::task::JoinHandle<()>,
    shared: Shared,
    state_file: Option<PathBuf>,
    /// The lock and the notice of a simulator shared by this computer's processes; let go
    /// after `Drop` has saved the state (fields drop after it).
    claim: Option<Claim>,
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
            instance: uuid::Uuid::new_v4().to_string().into(),
            last_request_ms: Arc::new(AtomicI64::new(clock::now_ms())),
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
            claim: None,
        })
    }

    pub fn connection(&self) -> &SimulatorConnection {
        &self.connection
    }

    /// This run's token, which its discovery file names.
    pub(super) fn instance(&self) -> Arc<str> {
        self.shared.instance.clone()
    }

    /// From now on this simulator is the one its state file's other processes find.
    pub(super) fn hold(&mut self, claim: Claim) {
        self.claim = Some(claim);
    }

    /// How long since anyone asked it anything (the payer's page and the control endpoints
    /// count).
    pub fn idle(&self) -> Duration {
        let since = clock::now_ms().saturating_sub(self.shared.last_request_ms());
        Duration::from_millis(u64::try_from(since).unwrap_or(0))
    }

    /// Whether a payment made here can still be paid once (a link, a charge not yet answered
    /// nor expired): a simulator in the background stays for it. A code that takes many
    /// payments lives for years and does not count.
    pub fn awaits_payment(&self) -> bool {
        let now = clock::now_ms() / 1_000;
        self.shared.lock().transactions.iter().any(|transaction| {
            transaction.kind != state::Kind::CashOut
                && !transaction.repeatable
                && matches!(transaction.status, 1 | 9)
                && transaction.expires_at.is_none_or(|expiry| expiry > now)
        })
    }

    /// Stops accepting, lets in-flight requests finish, saves the state file.
    pub async fn stop(mut self) {
        // A server already stopped has nothing to hear.
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
        // A server already stopped has nothing to hear.
        let _ = self.shutdown.send(true);
        if let Some(path) = &self.state_file
            && let Err(error) = save_state(&self.shared, path)
        {
            tracing::error!(%error, "could not save the simulator state");
        }
    }
}

/// How long a simulator started in the background keeps serving nobody.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IdleLimits {
    /// Without a request for this long, and no link of its own still payable, it ends.
    pub quiet: Duration,
    /// Without a request for this long it ends, links or not.
    pub longest: Duration,
}

impl IdleLimits {
    /// Ten minutes, or while a payment it made can still be paid, up to a day.
    pub const BACKGROUND: IdleLimits = IdleLimits {
        quiet: Duration::from_secs(10 * 60),
        longest: Duration::from_secs(24 * 3_600),
    };

    pub fn ended(&self, idle: Duration, awaiting_payment: bool) -> bool {
        idle >= self.longest || (idle >= self.quiet && !awaiting_payment)
    }
}

impl Simulator {
    /// Serves until `stop`, until nobody has used it for `limits`, or until its notice no
    /// longer names it (its data folder was removed): a simulator started in the background,
    /// which nobody stops by hand.
    pub async fn serve_until_idle(
        mut self,
        limits: IdleLimits,
        stop: impl std::future::Future<Output = ()>,
    ) {
        tokio::pin!(stop);
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        loop {
            tokio::select! {
                () = &mut stop => break,
                _ = tick.tick() => {}
            }
            if self.claim.as_ref().is_some_and(|claim| !claim.still_ours()) {
                // Its folder is gone: nothing to save into, nobody to serve.
                self.state_file = None;
                break;
            }
            if limits.ended(self.idle(), self.awaits_payment()) {
                break;
            }
        }
        self.stop().await;
    }
}

fn router(shared: Shared) -> Router {
    let activity = axum::middleware::from_fn_with_state(shared.clone(), note_activity);
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
        .layer(activity)
        .with_state(shared)
}

/// Every request is use: a simulator in the background ends only once nobody asks.
async fn note_activity(
    Extract(shared): Extract<Shared>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    shared.touch();
    next.run(request).await
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_background_simulator_waits_for_its_links_but_not_forever() {
        let limits = IdleLimits::BACKGROUND;
        let minutes = |m: u64| Duration::from_secs(m * 60);
        assert!(!limits.ended(minutes(9), false));
        assert!(limits.ended(minutes(10), false));
        assert!(!limits.ended(minutes(10), true), "a link can still be paid");
        assert!(!limits.ended(minutes(23 * 60), true));
        assert!(limits.ended(minutes(24 * 60), true));
    }
}
