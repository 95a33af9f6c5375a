//! Delivery of signed notifications, with retries and backoff. The simulator only delivers to
//! this computer (loopback): a simulator must never send traffic to a real host. Notifications
//! for other hosts stay in the outbox, visible through the control endpoint.

use std::time::Duration;

use serde_json::Value;
use tokio::sync::{mpsc, watch};

use super::Shared;
use super::state::{OutboxEntry, PendingNotification, signed};
use super::wire::is_loopback_url;

pub(super) async fn deliver(
    shared: Shared,
    mut queue: mpsc::UnboundedReceiver<PendingNotification>,
    shutdown: watch::Receiver<bool>,
) {
    let http = match reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .redirect(reqwest::redirect::Policy::none())
        .build()
    {
        Ok(http) => http,
        Err(error) => {
            tracing::error!(%error, "the simulator cannot send webhooks");
            return;
        }
    };
    let mut next_id: u64 = 1;
    let mut shutdown = shutdown;
    loop {
        // Dropping the `Simulator` (or `stop`) ends delivery too, not only the server.
        let notification = tokio::select! {
            next = queue.recv() => match next {
                Some(notification) => notification,
                None => return,
            },
            _ = shutdown.changed() => return,
        };
        let body = signed(notification.body, &shared.hash_key);
        let text = body.to_string();
        let id = next_id;
        next_id += 1;
        let loopback = is_loopback_url(&notification.url);
        {
            let mut state = shared.lock();
            if state.outbox.len() >= 1_000 {
                state.outbox.remove(0);
            }
            state.outbox.push(OutboxEntry {
                id,
                url: notification.url.clone(),
                body: text.clone(),
                attempts: 0,
                delivered: false,
                last_error: (!loopback).then(|| {
                    "not delivered: the simulator only delivers to this computer".to_owned()
                }),
            });
        }
        if loopback {
            // Deliveries go out in order of the changes; retries of one do not hold up the next.
            tokio::spawn(deliver_one(
                shared.clone(),
                http.clone(),
                id,
                notification.url,
                text,
            ));
        }
    }
}

async fn deliver_one(shared: Shared, http: reqwest::Client, id: u64, url: String, body: String) {
    let (max_attempts, first_retry) = {
        let state = shared.lock();
        (
            state.webhooks.max_attempts.max(1),
            Duration::from_millis(state.webhooks.first_retry_ms),
        )
    };
    let mut wait = first_retry;
    for attempt in 1..=max_attempts {
        let result = http
            .post(&url)
            .header("content-type", "application/json")
            .body(body.clone())
            .send()
            .await;
        let outcome = match result {
            Ok(response) if response.status().is_success() => Ok(()),
            Ok(response) => Err(format!("HTTP {}", response.status().as_u16())),
            Err(error) => Err(error.without_url().to_string()),
        };
        {
            let mut state = shared.lock();
            if let Some(entry) = state.outbox.iter_mut().find(|entry| entry.id == id) {
                entry.attempts = attempt;
                entry.delivered = outcome.is_ok();
                entry.last_error = outcome.as_ref().err().cloned();
            }
        }
        if outcome.is_ok() {
            return;
        }
        if attempt < max_attempts {
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(Duration::from_secs(60));
        }
    }
    tracing::warn!(url, "webhook not delivered after retries");
}

/// For the control endpoint: the outbox as JSON values.
pub(super) fn outbox_json(shared: &Shared) -> Value {
    let state = shared.lock();
    serde_json::to_value(&state.outbox).unwrap_or(Value::Null)
}
