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

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::routing::post;
use tokio::sync::{mpsc, oneshot, watch};

use crate::api::Client;
use crate::api::family_b::TransactionStatus;
use crate::api::notification::{Notification, Verdict};
use crate::ledger::{CheckState, Ledger, StoreOutcome};
use crate::secrets::SecretString;

use super::check::ToCheck;

/// Well above any real notification (a few KiB); larger bodies get 413.
pub const MAX_BODY: usize = 64 * 1024;
/// How many notifications one transaction takes at most.
const BATCH: usize = 512;

/// What the receiver did, for the app's live feed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReceiverEvent {
    Stored {
        id: i64,
        reference: String,
        status: TransactionStatus,
    },
    Duplicate {
        id: i64,
        reference: String,
    },
    Rejected {
        reason: String,
    },
    Checked {
        id: i64,
        reference: String,
        state: CheckState,
        service_status: Option<TransactionStatus>,
    },
}

/// Who asks the service about notifications (the profile's client).
#[derive(Clone)]
pub struct Confirmer {
    pub client: Client,
}

pub struct ReceiverConfig {
    pub addr: SocketAddr,
    pub hash_key: Option<SecretString>,
    /// The profile the key is of: what it verifies belongs to this profile's books alone.
    pub profile: String,
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
    Reject {
        reason: String,
        raw: String,
        reply: oneshot::Sender<()>,
    },
}

/// What may change while the receiver runs (the app switches profile): the key, who confirms,
/// and the ledger it stores into (a profile may name a shared one).
pub(super) struct Settings {
    pub(super) hash_key: Arc<str>,
    pub(super) profile: String,
    pub(super) confirmer: Option<Confirmer>,
    pub(super) ledger: Arc<Ledger>,
}

pub(super) type SharedSettings = Arc<std::sync::RwLock<Settings>>;

pub(super) fn read(settings: &SharedSettings) -> std::sync::RwLockReadGuard<'_, Settings> {
    settings
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[derive(Clone)]
struct Shared {
    settings: SharedSettings,
    writer: std_mpsc::Sender<Job>,
    confirm: mpsc::UnboundedSender<ToCheck>,
    events: Option<mpsc::UnboundedSender<ReceiverEvent>>,
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
                .spawn(move || write_batches(&settings, jobs))?;
        }
        let (confirm, queue) = mpsc::unbounded_channel();
        tokio::spawn(super::check::confirm_all(
            settings.clone(),
            queue,
            confirm.clone(),
            events.clone(),
        ));
        let shared = Shared {
            settings: settings.clone(),
            writer,
            confirm,
            events,
        };
        let app = Router::new()
            .route("/webhook", post(receive))
            .layer(DefaultBodyLimit::max(MAX_BODY))
            .with_state(shared);
        let (shutdown, mut stop) = watch::channel(false);
        let server = tokio::spawn(async move {
            let signal = async move {
                while stop.changed().await.is_ok() {
                    if *stop.borrow() {
                        break;
                    }
                }
            };
            if let Err(error) = axum::serve(listener, app)
                .with_graceful_shutdown(signal)
                .await
            {
                tracing::error!(%error, "the webhook receiver stopped");
            }
        });
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

async fn receive(State(shared): State<Shared>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let raw = String::from_utf8_lossy(&body).into_owned();
    if !is_json(&headers) {
        reject(&shared, "the body is not application/json".to_owned(), raw).await;
        return StatusCode::UNSUPPORTED_MEDIA_TYPE;
    }
    let notification = match Notification::parse(&body) {
        Ok(notification) => notification,
        Err(error) => {
            reject(&shared, error.to_string(), raw).await;
            return StatusCode::BAD_REQUEST;
        }
    };
    // The key and its profile are read together: what one verifies is the other's.
    let (hash_key, profile) = {
        let settings = read(&shared.settings);
        (settings.hash_key.clone(), settings.profile.clone())
    };
    let verdict = notification.verify(&hash_key);
    if verdict != Verdict::Valid {
        let reason = verdict.reason().to_owned();
        tracing::warn!(reference = %notification.reference_id, %reason, "notification refused");
        reject(&shared, reason, raw).await;
        return StatusCode::UNAUTHORIZED;
    }
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
        return StatusCode::SERVICE_UNAVAILABLE;
    }
    match answer.await {
        Ok(Ok(StoreOutcome::Stored(id))) => {
            shared.event(ReceiverEvent::Stored {
                id,
                reference,
                status,
            });
            let _ = shared.confirm.send(ToCheck {
                id,
                notification: keep,
                profile,
            });
            StatusCode::OK
        }
        Ok(Ok(StoreOutcome::Duplicate { id, confirmed })) => {
            shared.event(ReceiverEvent::Duplicate { id, reference });
            if !confirmed {
                let _ = shared.confirm.send(ToCheck {
                    id,
                    notification: keep,
                    profile,
                });
            }
            StatusCode::OK
        }
        // Not stored: not acknowledged, so the service sends it again.
        _ => StatusCode::SERVICE_UNAVAILABLE,
    }
}

/// Keeps a refused notification apart (committed before the refusal is answered).
async fn reject(shared: &Shared, reason: String, raw: String) {
    let (reply, done) = oneshot::channel();
    if shared
        .writer
        .send(Job::Reject {
            reason: reason.clone(),
            raw,
            reply,
        })
        .is_ok()
    {
        let _ = done.await;
    }
    shared.event(ReceiverEvent::Rejected { reason });
}

/// The writer thread: takes whatever is queued (up to a batch), commits it in one transaction,
/// then answers every waiting request.
fn write_batches(settings: &SharedSettings, jobs: std_mpsc::Receiver<Job>) {
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
                Job::Reject { reason, raw, reply } => {
                    if let Err(error) = ledger.store_rejection(&reason, &raw) {
                        tracing::error!(%error, "could not keep a rejected notification");
                    }
                    let _ = reply.send(());
                }
            }
        }
        for (profile, notifications, replies) in stores {
            match ledger.store_notifications(&profile, &notifications) {
                Ok(outcomes) => {
                    for (reply, outcome) in replies.into_iter().zip(outcomes) {
                        let _ = reply.send(Ok(outcome));
                    }
                }
                Err(error) => {
                    tracing::error!(%error, "could not store notifications");
                    for reply in replies {
                        let _ = reply.send(Err(error.to_string()));
                    }
                }
            }
        }
    }
}

fn key_text(key: Option<&SecretString>) -> Arc<str> {
    key.map(|key| key.expose().to_owned())
        .unwrap_or_default()
        .into()
}
