//! The merchant's webhook endpoint: `POST /webhook`. A notification is verified over its own
//! text, stored with its raw body, and only then answered 200. Writes are group-committed: the
//! requests that arrive together share one transaction (one disk flush), so durability does not
//! cost throughput. A notification is a hint: each new one is confirmed with `/payment/status`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::mpsc as std_mpsc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::routing::post;
use tokio::sync::{mpsc, oneshot, watch};

use crate::api::Client;
use crate::api::family_b::TransactionStatus;
use crate::api::notification::{Notification, Verdict};
use crate::ledger::{CheckState, Ledger, StoreOutcome};
use crate::secrets::SecretString;

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
        status: i64,
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
        service_status: Option<i64>,
    },
}

/// Who confirms notifications with the service, and for which profile's payouts.
#[derive(Clone)]
pub struct Confirmer {
    pub client: Client,
    pub profile: String,
}

pub struct ReceiverConfig {
    pub addr: SocketAddr,
    pub hash_key: Option<SecretString>,
}

enum Job {
    Store {
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
struct Settings {
    hash_key: Arc<str>,
    confirmer: Option<Confirmer>,
    ledger: Arc<Ledger>,
}

type SharedSettings = Arc<std::sync::RwLock<Settings>>;

fn read(settings: &SharedSettings) -> std::sync::RwLockReadGuard<'_, Settings> {
    settings
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[derive(Clone)]
struct Shared {
    settings: SharedSettings,
    writer: std_mpsc::Sender<Job>,
    confirm: mpsc::UnboundedSender<(i64, Notification)>,
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
        tokio::spawn(confirm_all(settings.clone(), queue, events.clone()));
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
        hash_key: Option<&SecretString>,
        confirmer: Option<Confirmer>,
        ledger: Option<Arc<Ledger>>,
    ) {
        let mut settings = self
            .settings
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        settings.hash_key = key_text(hash_key);
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

async fn receive(State(shared): State<Shared>, body: Bytes) -> StatusCode {
    let raw = String::from_utf8_lossy(&body).into_owned();
    let notification = match Notification::parse(&body) {
        Ok(notification) => notification,
        Err(error) => {
            reject(&shared, error.to_string(), raw).await;
            return StatusCode::BAD_REQUEST;
        }
    };
    let hash_key = read(&shared.settings).hash_key.clone();
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
            let _ = shared.confirm.send((id, keep));
            StatusCode::OK
        }
        Ok(Ok(StoreOutcome::Duplicate { id, confirmed })) => {
            shared.event(ReceiverEvent::Duplicate { id, reference });
            if !confirmed {
                let _ = shared.confirm.send((id, keep));
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
        let mut stores = Vec::new();
        let mut replies = Vec::new();
        for job in batch {
            match job {
                Job::Store {
                    notification,
                    raw,
                    reply,
                } => {
                    stores.push((*notification, raw));
                    replies.push(reply);
                }
                Job::Reject { reason, raw, reply } => {
                    if let Err(error) = ledger.store_rejection(&reason, &raw) {
                        tracing::error!(%error, "could not keep a rejected notification");
                    }
                    let _ = reply.send(());
                }
            }
        }
        if stores.is_empty() {
            continue;
        }
        match ledger.store_notifications(&stores) {
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

/// Whether the service's status agrees with a notified one. A final hint (approved, rejected,
/// failed) must match the service exactly: an approval the service does not confirm is never
/// money. A pending or processing hint only says the payment exists, and the payment may have
/// moved on by the time it is checked, so any known state of the service agrees with it.
pub fn agrees(notified: i64, service: TransactionStatus) -> bool {
    let not_paid = matches!(
        service,
        TransactionStatus::Failed | TransactionStatus::Rejected | TransactionStatus::Cancelled
    );
    match notified {
        2 => service == TransactionStatus::Approved,
        0 | 3 => not_paid,
        1 | 9 => !matches!(service, TransactionStatus::Other(_)),
        _ => false,
    }
}

fn key_text(key: Option<&SecretString>) -> Arc<str> {
    key.map(|key| key.expose().to_owned())
        .unwrap_or_default()
        .into()
}

async fn confirm_all(
    settings: SharedSettings,
    mut queue: mpsc::UnboundedReceiver<(i64, Notification)>,
    events: Option<mpsc::UnboundedSender<ReceiverEvent>>,
) {
    while let Some((id, notification)) = queue.recv().await {
        // Without a client (no service set up) the notification stays unchecked.
        let Some(confirmer) = read(&settings).confirmer.clone() else {
            continue;
        };
        let answer = confirmer
            .client
            .payment_status(&notification.reference_id)
            .await;
        let (state, service_status) = match &answer {
            Ok(reply) => {
                let status = reply.value.status;
                let state = if agrees(notification.status, status) {
                    CheckState::Confirmed
                } else {
                    CheckState::Disagrees
                };
                (state, Some(status))
            }
            Err(error) => {
                tracing::info!(%error, "could not confirm a notification");
                (CheckState::CheckFailed, None)
            }
        };
        let ledger = read(&settings).ledger.clone();
        let profile = confirmer.profile.clone();
        let reference = notification.reference_id.clone();
        let withdraw_reference1 = notification.withdraw_reference1.clone();
        let figures = notification.figures().completed();
        let gross = figures.gross;
        // A confirmed approval of a code that takes many payments is one more payment of it.
        let received = (state == CheckState::Confirmed
            && notification.status == 2
            && withdraw_reference1.is_none())
        .then(|| crate::ledger::ReceivedPayment {
            reference: reference.clone(),
            kind: String::new(),
            provider_reference: notification.provider_reference.clone(),
            amount: gross,
            fee: figures.fee,
            received_at: crate::ledger::now_ms(),
        });
        let stored =
            tokio::task::spawn_blocking(move || -> Result<(), crate::ledger::LedgerError> {
                ledger.record_check(id, state, service_status.map(TransactionStatus::id))?;
                if let Some(received) = &received {
                    ledger.record_received(received)?;
                }
                if let Some(status) = service_status {
                    // What the service says (not what the hint said) moves our own records.
                    ledger.record_collection_status(&reference, status.id(), gross)?;
                    if let Some(reference1) = withdraw_reference1
                        && let Some(payout) = ledger.payout_by_reference(&profile, &reference1)?
                    {
                        ledger.record_payout_status(payout.id, status)?;
                    }
                }
                Ok(())
            })
            .await;
        match stored {
            Ok(Ok(())) => {}
            Ok(Err(error)) => tracing::error!(%error, "could not record a confirmation"),
            Err(error) => tracing::error!(%error, "confirmation task failed"),
        }
        if let Some(events) = &events {
            let _ = events.send(ReceiverEvent::Checked {
                id,
                reference: notification.reference_id,
                state,
                service_status: service_status.map(TransactionStatus::id),
            });
        }
    }
}
