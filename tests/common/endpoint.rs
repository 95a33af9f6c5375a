//! paydesk's own webhook receiver on a free loopback port, writing to a ledger of its own, for
//! tests that post to it as the service (or an attacker) would.

use std::sync::Arc;

use paydesk::ledger::Ledger;
use paydesk::secrets::SecretString;
use paydesk::webhook::{Confirmer, Limits, Rate, Receiver, ReceiverConfig, ReceiverEvent};
use serde_json::Value;

pub struct Endpoint {
    pub receiver: Receiver,
    pub ledger: Arc<Ledger>,
    pub http: reqwest::Client,
    pub events: tokio::sync::mpsc::UnboundedReceiver<ReceiverEvent>,
    _dir: tempfile::TempDir,
}

impl Endpoint {
    /// A receiver for `profile`, verifying with `hash_key`, checking with `confirmer`; every
    /// post comes from this test, so no source is held to a rate (`start_limited` is).
    pub async fn start(
        profile: &str,
        hash_key: Option<&str>,
        confirmer: Option<Confirmer>,
    ) -> Endpoint {
        let unlimited = Rate {
            burst: 1e9,
            per_second: 1e9,
        };
        let limits = Limits {
            requests: unlimited,
            refusals: unlimited,
            ..Limits::default()
        };
        Self::start_limited(profile, hash_key, confirmer, limits).await
    }

    /// A receiver held to `limits`, as on the internet.
    pub async fn start_limited(
        profile: &str,
        hash_key: Option<&str>,
        confirmer: Option<Confirmer>,
        limits: Limits,
    ) -> Endpoint {
        let dir = tempfile::tempdir().unwrap();
        let ledger = Arc::new(Ledger::in_folder(dir.path()).unwrap());
        let (sender, events) = tokio::sync::mpsc::unbounded_channel();
        let mut config = ReceiverConfig::new(
            "127.0.0.1:0".parse().unwrap(),
            hash_key.map(SecretString::new),
            profile,
        );
        config.limits = limits;
        let receiver = Receiver::start(config, ledger.clone(), confirmer, Some(sender))
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
        self.post_from("127.0.0.1", content_type, body).await
    }

    /// Posts as if the proxy in front had forwarded it from `source`.
    pub async fn post_from(
        &self,
        source: &str,
        content_type: &str,
        body: impl Into<String>,
    ) -> u16 {
        self.try_post_from(source, content_type, body)
            .await
            .expect("the receiver answers")
    }

    /// Like `post_from`; `None` when the receiver closed the connection without answering.
    pub async fn try_post_from(
        &self,
        source: &str,
        content_type: &str,
        body: impl Into<String>,
    ) -> Option<u16> {
        let sent = self
            .http
            .post(self.receiver.url())
            .header("x-forwarded-for", source)
            .header("content-type", content_type)
            .body(body.into())
            .send()
            .await;
        sent.ok().map(|answer| answer.status().as_u16())
    }

    pub fn stored(&self) -> i64 {
        self.ledger.notification_count().unwrap()
    }

    /// The data folder the ledger is in.
    pub fn folder(&self) -> &std::path::Path {
        self._dir.path()
    }

    pub fn rejected(&self) -> usize {
        self.ledger.refusal_samples(1_000).unwrap().len()
    }
}

/// `body` signed with `key` by the spec's rule (computed here, not by paydesk), as text.
pub fn signed(mut body: Value, key: &str) -> String {
    body["sign"] = Value::String("SIGN".into());
    let unsigned = body.to_string();
    let sign = super::expected_signature(key, &unsigned);
    unsigned.replace("\"SIGN\"", &format!("\"{sign}\""))
}
