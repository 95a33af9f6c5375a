//! What every route of the simulator shares: its state behind one lock, its credentials, where it
//! is, the notifications waiting to go out, and an answer before faults may spoil it.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use axum::http::StatusCode;
use serde_json::Value;
use tokio::sync::mpsc;

use super::state::PendingNotification;
use super::state::State;

#[derive(Clone)]
pub(crate) struct Shared {
    pub(super) state: Arc<Mutex<State>>,
    pub(super) access_token: Arc<str>,
    pub(super) hash_key: Arc<str>,
    /// `http://127.0.0.1:PORT`, for URLs the simulator hands out.
    pub(super) origin: Arc<str>,
    pub(super) outbox: mpsc::UnboundedSender<PendingNotification>,
    /// One save at a time, so an older snapshot never lands over a newer one.
    pub(super) saving: Arc<Mutex<()>>,
    /// This run's own name, answered at `/simulator/instance`: a process that finds the
    /// simulator's address in its discovery file knows the one answering there is the one that
    /// wrote it, not another program given the port since.
    pub(super) instance: Arc<str>,
    /// When the last request came (ms since the epoch): a simulator started in the background
    /// ends once nobody has asked it anything for a while.
    pub(super) last_request_ms: Arc<AtomicI64>,
}

impl Shared {
    /// A poisoned lock means a handler panicked mid-change; the simulator keeps serving the
    /// state as it was left rather than failing every later request.
    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(super) fn touch(&self) {
        self.last_request_ms
            .store(super::clock::now_ms(), Ordering::Relaxed);
    }

    pub(super) fn last_request_ms(&self) -> i64 {
        self.last_request_ms.load(Ordering::Relaxed)
    }

    pub(super) fn send_all(&self, notifications: Vec<PendingNotification>) {
        for notification in notifications {
            // The receiver lives as long as the server; a closed channel means shutdown.
            let _ = self.outbox.send(notification);
        }
    }
}

/// An answer, before faults may spoil it.
pub(super) struct Answer {
    pub(super) status: StatusCode,
    pub(super) body: Value,
}
