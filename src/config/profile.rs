//! A profile: which service a merchant talks to (the built-in simulator, the service's sandbox,
//! production), with its URLs, ids and defaults, as it is written in the settings file.

use serde::{Deserialize, Serialize};

use crate::api::catalog::{MethodCatalog, MethodInfo};
use crate::api::family_b::DEFAULT_BRAND_ID;
use crate::api::{Dialect, TransactionTokenSource};
use crate::money::Pesos;
use crate::secrets::SecretKind;

pub const SIMULATOR_PROFILE: &str = "simulator";

/// A profile's name as a shop owner reads it: the built-in simulator's in her language
/// ("Simulador incluido"), any other as she named it.
pub fn shown_profile_name(name: &str) -> String {
    if name == SIMULATOR_PROFILE {
        Environment::Simulator.label()
    } else {
        name.to_owned()
    }
}
/// Where the app's own webhook receiver listens unless a profile says otherwise.
pub const DEFAULT_WEBHOOK_LISTEN: &str = "127.0.0.1:8787";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Environment {
    /// The built-in simulator: no set-up, no real money.
    Simulator,
    /// The service's own sandbox.
    Sandbox,
    Production,
}

impl Environment {
    pub fn label(self) -> String {
        match self {
            Environment::Simulator => crate::t!("environment-simulator"),
            Environment::Sandbox => crate::t!("environment-sandbox"),
            Environment::Production => crate::t!("environment-production"),
        }
    }

    pub fn moves_real_money(self) -> bool {
        self == Environment::Production
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum TransactionTokenMode {
    #[default]
    Uuid,
    Fetch,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub environment: Environment,
    /// Family A base, including `/api/v1`. Not needed for the simulator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_url: Option<String>,
    /// Family B base. Not needed for the simulator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pay_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_id: Option<i64>,
    #[serde(default = "default_brand_id")]
    pub brand_id: i64,
    /// Put in every new payment unless the form says otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub webhook_url: Option<String>,
    /// Address of paydesk's own webhook receiver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub webhook_listen: Option<String>,
    /// The shop's name as customers know it: on the payment card and in the WhatsApp message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shop_name: Option<String>,
    /// A shared ledger on PostgreSQL (`postgres://user@host:5432/shop`, never with a password:
    /// that is in the keyring) instead of the embedded one in the data folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ledger_url: Option<String>,
    /// Where the payer's browser goes after paying a link (every new payment's `returnUrl`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub return_url: Option<String>,
    /// Whether the service's page shows the payer a summary before paying (`showSummary`).
    #[serde(default = "shown", skip_serializing_if = "is_shown")]
    pub show_summary: bool,
    /// The merchant's id in the Bre-B scheme, put in every Bre-B key and interoperable QR.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub merchant_id: Option<String>,
    /// The shop's web page or social network: the current interface's
    /// `userMetadata.urlCommerce`, sent with every cash-in and cash-out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shop_url: Option<String>,
    /// The interface the service speaks ("1.0", the spec's, or "2026", the vendor's current).
    #[serde(default)]
    pub interface: Dialect,
    /// Which secrets this profile keeps in the keyring (names only, never values).
    #[serde(default)]
    pub secrets: Vec<SecretKind>,
    #[serde(default)]
    pub transaction_token: TransactionTokenMode,
    /// Overrides and additions to the Family B method catalog.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub methods: Vec<MethodInfo>,
}

fn shown() -> bool {
    true
}

fn is_shown(show: &bool) -> bool {
    *show
}

fn default_brand_id() -> i64 {
    DEFAULT_BRAND_ID
}

impl Profile {
    pub fn simulator() -> Profile {
        Profile {
            environment: Environment::Simulator,
            base_url: None,
            pay_url: None,
            user_id: None,
            brand_id: DEFAULT_BRAND_ID,
            webhook_url: None,
            webhook_listen: None,
            ledger_url: None,
            shop_name: None,
            return_url: None,
            show_summary: true,
            merchant_id: None,
            shop_url: None,
            interface: Dialect::Current,
            secrets: Vec::new(),
            transaction_token: TransactionTokenMode::Uuid,
            methods: Vec::new(),
        }
    }

    pub fn catalog(&self) -> MethodCatalog {
        let catalog = MethodCatalog::default().with_overrides(self.methods.iter().cloned());
        if self.environment == Environment::Simulator {
            // The built-in simulator's own floor: checked before sending, like a real one.
            catalog.with_minimum_amount(Pesos::new(crate::simulator::state::MINIMUM_AMOUNT))
        } else {
            catalog
        }
    }

    pub fn transaction_token_source(&self) -> TransactionTokenSource {
        match self.transaction_token {
            TransactionTokenMode::Uuid => TransactionTokenSource::RandomUuid,
            TransactionTokenMode::Fetch => TransactionTokenSource::Fetch,
        }
    }

    pub fn webhook_listen(&self) -> &str {
        self.webhook_listen
            .as_deref()
            .unwrap_or(DEFAULT_WEBHOOK_LISTEN)
    }
}

/// A shared ledger's address as a profile may hold it: PostgreSQL, no password (that goes in
/// the keyring). Host, user and encryption are checked when the ledger is opened.
pub(crate) fn check_ledger_url(text: &str) -> Result<(), String> {
    crate::validate::ledger_address(text).map(drop)
}
