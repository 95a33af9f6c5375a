//! paydesk's own webhook receiver on a free loopback port, writing to a ledger of its own, for
//! tests that post to it as the service (or an attacker) would.

use std::sync::Arc;

use paydesk::ledger::Ledger;
use paydesk::secrets::SecretString;
use paydesk::webhook::{Confirmer, Receiver, ReceiverConfig, ReceiverEvent};
use serde_json::Value;

pub struct Endpoint {
    pub receiver: Receiver,
    pub ledger: Arc<Ledger>,
    pub http: reqwest::Client,
    pub events: tokio::sync::mpsc::UnboundedReceiver<ReceiverEvent>,
    _dir: tempfile::TempDir,
}

impl Endpoint {
    /// A receiver for `profile`, verifying with `hash_key`, checking with `confirmer`.
    pub async fn start(
        profile: &str,
        hash_key: Option<&str>,
        confirmer: Option<Confirmer>,
    ) -> Endpoint {
        let dir = tempfile::tempdir().unwrap();
        let ledger = Arc::new(Ledger::in_folder(dir.path()).unwrap());
        let (sender, events) = tokio::sync::mpsc::unbounded_channel();
        let receiver = Receiver::start(
            ReceiverConfig {
                addr: "127.0.0.1:0".parse().unwrap(),
                hash_key: hash_key.map(SecretString::new),
                profile: profile.to_owned(),
            },
            ledger.clone(),
            confirmer,
            Some(sender),
        )
        .await
        .unwrap();
        Endpoint {
            receiver,
            ledger,
            http: reqwest::Client::new(),
            events,
            _dir: dir,
        }
    }

    /// Posts a body as JSON; the status code the receiver answered.
    pub async fn post(&self, body: impl Into<String>) -> u16 {
        self.post_as("application/json", body).await
    }

    pub async fn post_as(&self, content_type: &str, body: impl Into<String>) -> u16 {
        self.http
            .post(self.receiver.url())
            .header("content-type", content_type)
            .body(body.into())
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    }

    pub fn stored(&self) -> i64 {
        self.ledger.notification_count().unwrap()
    }

    pub fn rejected(&self) -> usize {
        self.ledger.rejections(1_000).unwrap().len()
    }
}

/// `body` signed with `key` by the spec's rule (computed here, not by paydesk), as text.
pub fn signed(mut body: Value, key: &str) -> String {
    body["sign"] = Value::String("SIGN".into());
    let unsigned = body.to_string();
    let sign = super::expected_signature(key, &unsigned);
    unsigned.replace("\"SIGN\"", &format!("\"{sign}\""))
}
