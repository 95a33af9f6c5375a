//! What a simulator is started with, and how to reach one that runs: plain values, printed by
//! `paydesk simulator` and kept in the discovery file for this computer's other processes.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Demo credentials of the built-in simulator. Not secrets: they only open the simulator. Their
/// values keep the simulator's old name: state files written by earlier versions hold them.
pub const DEMO_API_TOKEN: &str = "sandbox-api-token";
pub const DEMO_ACCESS_TOKEN: &str = "sandbox-access-token";
pub const DEMO_HASH_KEY: &str = "sandbox-hash-key";

#[derive(Debug, Clone)]
pub struct SimulatorConfig {
    /// `127.0.0.1:0` picks a free port.
    pub addr: SocketAddr,
    /// Keeps the state across restarts.
    pub state_file: Option<PathBuf>,
    pub api_token: String,
    pub access_token: String,
    pub hash_key: String,
    /// How long an approval stays "processing" before it is approved.
    pub processing: Duration,
}

impl Default for SimulatorConfig {
    fn default() -> Self {
        SimulatorConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            state_file: None,
            api_token: DEMO_API_TOKEN.into(),
            access_token: DEMO_ACCESS_TOKEN.into(),
            hash_key: DEMO_HASH_KEY.into(),
            processing: Duration::from_millis(200),
        }
    }
}

/// How to reach a running simulator; printed by `paydesk simulator`, and kept in its discovery
/// file for the other processes of this computer.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SimulatorConnection {
    pub base_url: String,
    /// The pay API as the vendor publishes it today.
    pub pay_url: String,
    /// The pay API as the spec's version 1.0 shows it.
    pub spec_pay_url: String,
    /// The demo shop's page, for `userMetadata.urlCommerce`.
    pub shop_url: String,
    pub control_url: String,
    pub api_token: String,
    pub access_token: String,
    pub hash_key: String,
    pub user_id: i64,
}

impl SimulatorConnection {
    /// `KEY=VALUE` pairs, in the order `paydesk simulator` prints them.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        vec![
            ("base_url", self.base_url.clone()),
            ("pay_url", self.pay_url.clone()),
            ("spec_pay_url", self.spec_pay_url.clone()),
            ("shop_url", self.shop_url.clone()),
            ("access_token", self.access_token.clone()),
            ("hash_key", self.hash_key.clone()),
            ("api_token", self.api_token.clone()),
            ("user_id", self.user_id.to_string()),
            ("control_url", self.control_url.clone()),
        ]
    }
}
