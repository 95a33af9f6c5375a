//! What every route of the simulator shares: its state behind one lock, its credentials, where it
//! is, the notifications waiting to go out, and an answer before faults may spoil it.

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
}

impl Shared {
    /// A poisoned lock means a handler panicked mid-change; the simulator keeps serving the
    /// state as it was left rather than failing every later request.
    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
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
