//! What a client is made with: the service's addresses, the credentials, the interface it speaks
//! and what the current interface's requests say about this till.

use std::time::Duration;

use super::deadlines;
use super::dialect::{Dialect, TransactionTokenSource};
use crate::secrets::SecretString;

#[derive(Debug, Clone)]
pub struct ClientSettings {
    /// Family A base, already including `/api/v1`.
    pub base_url: String,
    /// Family B base.
    pub pay_url: String,
    pub api_token: Option<SecretString>,
    pub access_token: Option<SecretString>,
    /// `_channel` of Family A requests.
    pub channel: String,
    /// `_deviceKey` of Family A requests: one per installation.
    pub device_key: String,
    pub connect_timeout: Duration,
    pub request_timeout: Duration,
    /// Where a cash-in's transaction token comes from under the spec's interface (the current
    /// one always fetches it).
    pub transaction_token: TransactionTokenSource,
    /// The interface the service speaks.
    pub dialect: Dialect,
    /// `userMetadata.identifier`: this till's own name, the same on every request.
    pub till: Option<String>,
    /// `userMetadata.urlCommerce`: the shop's page or social network.
    pub shop_url: Option<String>,
}

impl ClientSettings {
    pub fn new(base_url: impl Into<String>, pay_url: impl Into<String>) -> Self {
        ClientSettings {
            base_url: base_url.into(),
            pay_url: pay_url.into(),
            api_token: None,
            access_token: None,
            channel: "paydesk".into(),
            device_key: "paydesk-desktop".into(),
            connect_timeout: deadlines::CONNECT,
            // The longest any call may take (a payout's whole deadline); each kind's own
            // deadlines are in `deadlines.rs`.
            request_timeout: Duration::from_secs(30),
            transaction_token: TransactionTokenSource::RandomUuid,
            dialect: Dialect::Current,
            till: None,
            shop_url: None,
        }
    }
}
