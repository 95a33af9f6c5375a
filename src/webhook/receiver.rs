//! The merchant's webhook endpoint: `POST /webhook`. A notification is verified over its own
//! text, stored with its raw body under the profile whose key verified it, and only then
//! answered 200. Writes are group-committed: the requests that arrive together share one
//! transaction (one disk flush), so durability does not cost throughput.
//!
//! A notification is a reason to ask, never money: each new one is checked with
//! `/payment/status`, and only that answer is applied to the books (`collections::apply_answer`;
//! for a payout, the answer about the payout's own transaction reference). Checks are
//! coalesced: one question per reference at a time, however many notifications name it.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::mpsc as std_mpsc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use tokio::sync::{mpsc, oneshot, watch};

use crate::api::notification::{Notification, Verdict};
use crate::ledger::{InboxCap, Ledger, RefusalSample, StoreOutcome};
use crate::secrets::SecretString;
use crate::untrusted::ForLog;

use super::check::ToCheck;
use super::limits::{Admission, Limits, Source, SourceLimits};
use super::server::{BODY_DEADLINE, Peer};
use super::shared::{Confirmer, ReceiverEvent, Refusal, Settings, SharedSettings, read};

/// Well above any real notification (a few KiB); larger bodies get 413.
pub const MAX_BODY: usize = 64 * 1024;
/// How many notifications one transaction takes at most.
const BATCH: usize = 512;

pub struct ReceiverConfig {
    pub addr: SocketAddr,
    pub hash_key: Option<SecretString>,
    /// The profile the key is of: what it verifies belongs to this profile's books alone.
    pub profile: String,
    /// What one source may ask.
    pub limits: Limits,
}

impl ReceiverConfig {
    pub fn new(addr: SocketAddr, hash_key: Option<SecretString>, profile: &str) -> ReceiverConfig {
        ReceiverConfig {
            addr,
            hash_key,
            profile: profile.to_owned(),
            limits: Limits::default(),
        }
    }
}

/// One profile's notifications of a batch, and who waits for each to be stored.
type ProfileBatch = (
    String,
    Vec<(Notification, String)>,
    Vec<oneshot::Sender<Result<StoreOutcome, String>>>,
);

enum Job {
    Store {
        /// The profile whose key verified it.
        profile: String,
        notification: Box<Notification>,
        raw: String,
        reply: oneshot::Sender<Result<StoreOutcome, String>>,
    },
    /// Counted; a sample kept when there is one, and its sender waits until it is written.
    Refused {
        kind: Refusal,
        sample: Option<(RefusalSample, oneshot::Sender<()>)>,
    },
}

#[derive(Clone)]
struct Shared {
    settings: SharedSettings,
    writer: std_mpsc::Sender<Job>,
    confirm: mpsc::UnboundedSender<ToCheck>,
    events: Option<mpsc::UnboundedSender<ReceiverEvent>>,
    limits: Arc<SourceLimits>,
}

impl Shared {
    fn event(&self, event: ReceiverEvent) {
        if let Some(events) = &self.events {
            // Nobody listening any more is not an error for the sender.
            let _ = events.send(event);
        }
    }
}

pub struct Receiver {
    addr: SocketAddr,
    settings: SharedSettings,
    shutdown: watch::Sender<bool>,
    server: tokio::task::JoinHandle<()>,
}

impl std::fmt::Debug for Receiver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Receiver")
            .field("addr", &self.addr)
            .finish_non_exhaustive()
    }
}

impl Receiver {
    /// Binds and serves on the current runtime.
    pub async fn start(
        config: ReceiverConfig,
        ledger: Arc<Ledger>,
        confirmer: Option<Confirmer>,
        events: Option<mpsc::UnboundedSender<ReceiverEvent>>,
    ) -> std::io::Result<Receiver> {
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        let addr = listener.local_addr()?;
        let (writer, jobs) = std_mpsc::channel();
        let inbox = config.limits.inbox;
        let settings: SharedSettings = Arc::new(std::sync::RwLock::new(Settings {
            hash_key: key_text(config.hash_key.as_ref()),
            profile: config.profile,
            confirmer,
            ledger,
        }));
        {
            let settings = settings.clone();
            std::thread::Builder::new()
                .name("webhook-writer".into())
                .spawn(move || write_batches(&settings, jobs, inbox))?;
        }
        let (confirm, queue) = mpsc::unbounded_channel();
        tokio::spawn(super::check::confirm_all(
            settings.clone(),
            queue,
            confirm.clone(),
            events.clone(),
        ));
        let limits = Arc::new(SourceLimits::new(config.limits));
        let shared = Shared {
            settings: settings.clone(),
            writer,
            confirm,
            events,
            limits: limits.clone(),
        };
        let app = Router::new()
            .route("/webhook", post(receive).get(greet))
            .layer(middleware::from_fn_with_state(shared.clone(), admit))
            .with_state(shared);
        let (shutdown, stop) = watch::channel(false);
        let server = tokio::spawn(super::server::serve(listener, app, limits, stop));
        Ok(Receiver {
            addr,
            settings,
            shutdown,
            server,
        })
    }

    /// Another profile's key, client and ledger (`None`: the same ledger), without closing
    /// the port.
    pub fn reconfigure(
        &self,
        profile: &str,
        hash_key: Option<&SecretString>,
        confirmer: Option<Confirmer>,
        ledger: Option<Arc<Ledger>>,
    ) {
        let mut settings = self
            .settings
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        settings.hash_key = key_text(hash_key);
        settings.profile = profile.to_owned();
        settings.confirmer = confirmer;
        if let Some(ledger) = ledger {
            settings.ledger = ledger;
        }
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The URL to give the service as `webhookUrl`.
    pub fn url(&self) -> String {
        format!("http://{}/webhook", self.addr)
    }

    /// Stops accepting and waits for the requests in flight to be answered.
    pub async fn shutdown(self) {
        // The server gone already is the stop asked for; its end is all there is to wait for.
        let _ = self.shutdown.send(true);
        let _ = self.server.await;
    }
}

/// Whether a request says its body is JSON (`application/json`, with or without parameters).
/// Anything else is refused: a web page open in the till's browser can post a form or plain
/// text to the receiver without asking anyone, but not JSON.
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("application/json"))
}

/// What the receiver says it is when asked with `GET /webhook`: Probar conexión asks the public
/// address so, to tell that it reaches a paydesk receiver. Nothing is read or stored.
pub const RECEIVER_GREETING: &str = "paydesk";

async fn greet() -> Response {
    (
        StatusCode::OK,
        axum::Json(
            serde_json::json!({"receiver": RECEIVER_GREETING, "accepts": "POST application/json"}),
        ),
    )
        .into_response()
}

/// Every request passes here before its body is read: a source past its budget is answered 429
/// at once.
async fn admit(State(shared): State<Shared>, mut request: Request, next: Next) -> Response {
    let peer = request
        .extensions()
        .get::<Peer>()
        .map_or(std::net::Ipv4Addr::UNSPECIFIED.into(), |peer| peer.0);
    let source = Source::of(peer, request.headers());
    if shared.limits.admit(source) == Admission::TooMany {
        shared.count(Refusal::TooMany);
        let wait = shared.limits.retry_after().as_secs().to_string();
        return (StatusCode::TOO_MANY_REQUESTS, [(header::RETRY_AFTER, wait)]).into_response();
    }
    request.extensions_mut().insert(source);
    next.run(request).await
}

/// The body, read within its deadline and its size.
async fn read_body(headers: &HeaderMap, body: Body) -> Result<axum::body::Bytes, Refusal> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<usize>().ok());
    if declared.is_some_and(|length| length > MAX_BODY) {
        return Err(Refusal::TooLarge);
    }
    match tokio::time::timeout(BODY_DEADLINE, axum::body::to_bytes(body, MAX_BODY)).await {
        Err(_) => Err(Refusal::TooSlow),
        // Past the limit, or the client went away (whom no answer reaches anyway).
        Ok(Err(_)) => Err(Refusal::TooLarge),
        Ok(Ok(bytes)) => Ok(bytes),
    }
}

async fn receive(State(shared): State<Shared>, request: Request) -> Response {
    let source = request
        .extensions()
        .get::<Source>()
        .copied()
        .unwrap_or_else(|| Source::direct(std::net::Ipv4Addr::UNSPECIFIED.into()));
    let (parts, body) = request.into_parts();
    let headers = parts.headers;
    let body = match read_body(&headers, body).await {
        Ok(body) => body,
        Err(kind) => {
            shared.limits.refused(source);
            shared.count(kind);
            let status = match kind {
                Refusal::TooSlow => StatusCode::REQUEST_TIMEOUT,
                _ => StatusCode::PAYLOAD_TOO_LARGE,
            };
            // The rest of the body is not read: the connection is not reused.
            return (status, [(header::CONNECTION, "close")]).into_response();
        }
    };
    let raw = String::from_utf8_lossy(&body).into_owned();
    let refuse = |kind: Refusal, reason: String| {
        let shared = shared.clone();
        let raw = raw.clone();
        async move {
            shared.limits.refused(source);
            tracing::warn!(%source, kind = kind.as_str(), reason = %ForLog(&reason), "request refused");
            shared.refuse(kind, reason, source, raw).await;
        }
    };
    if !is_json(&headers) {
        refuse(
            Refusal::NotJson,
            "the body is not application/json".to_owned(),
        )
        .await;
        return StatusCode::UNSUPPORTED_MEDIA_TYPE.into_response();
    }
    let notification = match Notification::parse(&body) {
        Ok(notification) => notification,
        Err(error) => {
            refuse(Refusal::Malformed, error.to_string()).await;
            return StatusCode::BAD_REQUEST.into_response();
        }
    };
    // The key and its profile are read together: what one verifies is the other's.
    let (hash_key, profile) = {
        let settings = read(&shared.settings);
        (settings.hash_key.clone(), settings.profile.clone())
    };
    let verdict = notification.verify(&hash_key);
    if verdict != Verdict::Valid {
        let reason = format!(
            "{} ({})",
            verdict.reason(),
            ForLog(&notification.reference_id)
        );
        refuse(Refusal::Signature, reason).await;
        return StatusCode::UNAUTHORIZED.into_response();
    }
    store(&shared, notification, raw, profile).await
}

/// Stores a verified notification, then hands it to the checks.
async fn store(
    shared: &Shared,
    notification: Notification,
    raw: String,
    profile: String,
) -> Response {
    let (reply, answer) = oneshot::channel();
    let reference = notification.reference_id.clone();
    let status = notification.status;
    let keep = notification.clone();
    if shared
        .writer
        .send(Job::Store {
            profile: profile.clone(),
            notification: Box::new(notification),
            raw,
            reply,
        })
        .is_err()
    {
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    match answer.await {
        Ok(Ok(StoreOutcome::Stored(id))) => {
            shared.event(ReceiverEvent::Stored {
                id,
                reference,
                status,
            });
            // The checker gone means the receiver is stopping: the notification is stored, and
            // the next start checks what was left unchecked.
            let _ = shared.confirm.send(ToCheck {
                id,
                notification: keep,
                profile,
            });
            StatusCode::OK.into_response()
        }
        Ok(Ok(StoreOutcome::Duplicate { id, confirmed })) => {
            shared.event(ReceiverEvent::Duplicate { id, reference });
            if !confirmed {
                // As above: a stopping receiver leaves it stored and unchecked, for the next start.
                let _ = shared.confirm.send(ToCheck {
                    id,
                    notification: keep,
                    profile,
                });
            }
            StatusCode::OK.into_response()
        }
        // Counted by the writer; the service sends it again once the oldest of the day's have
        // left it (or the flood that filled the inbox is over).
        Ok(Ok(StoreOutcome::Full { retry_after_s })) => {
            shared.event(ReceiverEvent::Rejected {
                kind: Refusal::InboxFull,
                reason: Refusal::InboxFull.as_str().to_owned(),
            });
            (
                StatusCode::SERVICE_UNAVAILABLE,
                [(header::RETRY_AFTER, retry_after_s.to_string())],
            )
                .into_response()
        }
        // Not stored: not acknowledged, so the service sends it again.
        Ok(Err(_)) | Err(_) => StatusCode::SERVICE_UNAVAILABLE.into_response(),
    }
}

impl Shared {
    /// Counts a refusal that keeps no sample (the writer adds it to the day's tally).
    fn count(&self, kind: Refusal) {
        // The writer gone means the receiver is stopping: a refusal then goes uncounted, and the
        // request is refused all the same.
        let _ = self.writer.send(Job::Refused { kind, sample: None });
        self.event(ReceiverEvent::Rejected {
            kind,
            reason: kind.as_str().to_owned(),
        });
    }

    /// Counts a refusal and keeps a sample of it (cut, among the latest few hundred), committed
    /// before the refusal is answered.
    async fn refuse(&self, kind: Refusal, reason: String, source: Source, raw: String) {
        let (reply, done) = oneshot::channel();
        let sample = RefusalSample {
            kind: kind.as_str(),
            reason: reason.clone(),
            source: source.to_string(),
            raw,
        };
        if self
            .writer
            .send(Job::Refused {
                kind,
                sample: Some((sample, reply)),
            })
            .is_ok()
        {
            // Committed or not, the request is refused; the writer logs its own failure.
            let _ = done.await;
        }
        self.event(ReceiverEvent::Rejected { kind, reason });
    }
}

/// The writer thread: takes whatever is queued (up to a batch), commits it in one transaction,
/// then answers every waiting request.
fn write_batches(settings: &SharedSettings, jobs: std_mpsc::Receiver<Job>, inbox: InboxCap) {
    let mut said_full: Option<Instant> = None;
    let mut bodies = BodiesCut::default();
    while let Ok(first) = jobs.recv() {
        let ledger = read(settings).ledger.clone();
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        // A batch is one profile's almost always; a profile switch mid-batch splits it.
        let mut stores: Vec<ProfileBatch> = Vec::new();
        let mut counts: Vec<(&'static str, u64)> = Vec::new();
        let mut samples = Vec::new();
        let mut refused = Vec::new();
        for job in batch {
            match job {
                Job::Store {
                    profile,
                    notification,
                    raw,
                    reply,
                } => {
                    match stores
                        .iter_mut()
                        .find(|(batch_profile, ..)| *batch_profile == profile)
                    {
                        Some((_, notifications, replies)) => {
                            notifications.push((*notification, raw));
                            replies.push(reply);
                        }
                        None => stores.push((profile, vec![(*notification, raw)], vec![reply])),
                    }
                }
                Job::Refused { kind, sample } => {
                    match counts
                        .iter_mut()
                        .find(|(counted, _)| *counted == kind.as_str())
                    {
                        Some((_, count)) => *count += 1,
                        None => counts.push((kind.as_str(), 1)),
                    }
                    if let Some((sample, reply)) = sample {
                        samples.push(sample);
                        refused.push(reply);
                    }
                }
            }
        }
        if !counts.is_empty()
            && let Err(error) = ledger.store_refusals(&samples, &counts)
        {
            tracing::error!(%error, "could not count refused requests");
        }
        // A request that stopped waiting (its deadline passed) has nobody to hear its answer; the
        // writer's part is done either way.
        for reply in refused {
            let _ = reply.send(());
        }
        for (profile, notifications, replies) in stores {
            let now = crate::ledger::now_ms();
            match ledger.store_notifications_within(&profile, &notifications, inbox, now) {
                Ok(outcomes) => {
                    let full = outcomes
                        .iter()
                        .filter(|outcome| matches!(outcome, StoreOutcome::Full { .. }))
                        .count();
                    if full > 0 {
                        count_full(&ledger, full, inbox, &mut said_full);
                    }
                    // As for refusals: a request past its deadline no longer waits to hear.
                    for (reply, outcome) in replies.into_iter().zip(outcomes) {
                        let _ = reply.send(Ok(outcome));
                    }
                    bodies.cut_if_due(&ledger, now);
                }
                Err(error) => {
                    tracing::error!(%error, "could not store notifications");
                    for reply in replies {
                        // Likewise; the failure itself was logged just above.
                        let _ = reply.send(Err(error.to_string()));
                    }
                }
            }
        }
    }
}

/// Counts what a full inbox did not take, and says so in the log once a minute at most (a
/// flood would otherwise be a line per request).
fn count_full(ledger: &Ledger, full: usize, cap: InboxCap, said: &mut Option<Instant>) {
    if let Err(error) = ledger.store_refusals(&[], &[(Refusal::InboxFull.as_str(), full as u64)]) {
        tracing::error!(%error, "could not count refused requests");
    }
    if said.is_none_or(|at| at.elapsed() >= Duration::from_secs(60)) {
        *said = Some(Instant::now());
        tracing::warn!(
            per_day = cap.per_day,
            unconfirmed_per_day = cap.unconfirmed_per_day,
            "notifications not stored: the profile's inbox holds a day's worth; the service is \
             asked to send them again later"
        );
    }
}

/// Cuts week-old bodies longer than any real notification, once an hour while notifications
/// arrive: what a key holder padded them with is not kept for good.
#[derive(Default)]
struct BodiesCut {
    /// Everything received before this was looked at. The first look of a run goes a week
    /// further back, not to the start of the books: it runs on the writer's thread.
    until: Option<i64>,
    last: Option<Instant>,
}

impl BodiesCut {
    fn cut_if_due(&mut self, ledger: &Ledger, now: i64) {
        if self
            .last
            .is_some_and(|at| at.elapsed() < Duration::from_secs(60 * 60))
        {
            return;
        }
        self.last = Some(Instant::now());
        let before = now - crate::ledger::BODIES_WHOLE_FOR_MS;
        let since = self
            .until
            .unwrap_or(before - crate::ledger::BODIES_WHOLE_FOR_MS);
        match ledger.cut_long_bodies(since, before) {
            Ok(cut) => {
                self.until = Some(before);
                if cut > 0 {
                    tracing::info!(cut, "week-old notification bodies cut to their start");
                }
            }
            Err(error) => tracing::error!(%error, "could not cut old notification bodies"),
        }
    }
}

fn key_text(key: Option<&SecretString>) -> Arc<str> {
    key.map(|key| key.expose().to_owned())
        .unwrap_or_default()
        .into()
}

/// Why the receiver could not take its address, as a shop owner reads it: the port another
/// program holds, a port the system keeps for administrators, or else the system's own words.
/// One sentence with the fix, short enough for one line of the top bar's help.
pub fn listen_problem(addr: SocketAddr, error: &std::io::Error) -> String {
    match error.kind() {
        std::io::ErrorKind::AddrInUse => {
            crate::t!("receiver-port-taken", port = addr.port().to_string())
        }
        std::io::ErrorKind::PermissionDenied => {
            crate::t!("receiver-port-forbidden", port = addr.port().to_string())
        }
        std::io::ErrorKind::AddrNotAvailable => {
            crate::t!("receiver-address-absent", address = addr.ip().to_string())
        }
        _ => crate::t!(
            "receiver-cannot-listen",
            address = addr.to_string(),
            error = error.to_string()
        ),
    }
}

#[cfg(test)]
mod listen_words {
    use super::*;

    #[test]
    fn a_taken_port_is_said_in_words_with_the_fix() {
        let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        let addr = taken.local_addr().expect("its address");
        let error = std::net::TcpListener::bind(addr).expect_err("the port is taken");
        let words = listen_problem(addr, &error);
        let port = addr.port().to_string();
        assert_eq!(
            words,
            crate::t!("receiver-port-taken", port = port.as_str()),
            "a taken port has its own words"
        );
        assert!(words.contains(&port), "{words}");
        assert!(!words.contains("os error"), "{words}");
        assert!(!words.contains('\n'));
    }
}
