//! Profiles: which service a merchant talks to (the built-in simulator, the service's sandbox,
//! production), with its URLs, ids and defaults. Stored as human-editable TOML in the OS config
//! directory, with a version field. Secrets are never here: the profile only lists which ones
//! it has in the keyring.

mod paths;
pub mod printer;
pub mod updates;

use crate::validate::Field;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::api::catalog::{MethodCatalog, MethodInfo};
use crate::api::family_b::DEFAULT_BRAND_ID;
use crate::api::{Dialect, TransactionTokenSource};
use crate::money::Pesos;
use crate::secrets::SecretKind;

mod draft;
pub use draft::{ProfileDraft, check_profile_name};
pub use paths::{APP_ID, Paths, settle_home, till_id};

/// The format written by this version. Older files are read and upgraded on save.
pub const CONFIG_VERSION: u32 = 1;
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
pub const CONFIG_FILE_NAME: &str = "paydesk.toml";
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

/// How many days customers' personal data is kept when the owner has not said.
pub const DEFAULT_CUSTOMER_DATA_DAYS: u32 = 180;

/// The shop's books, whatever the profile: where their copies go, and how long customers'
/// personal data is kept (Ley 1581 de 2012).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BooksSettings {
    /// A folder the owner chose for the copies (a USB stick, a synced folder).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backup_folder: Option<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customer_data_days: Option<u32>,
}

impl BooksSettings {
    fn is_unset(&self) -> bool {
        *self == BooksSettings::default()
    }

    /// Where the copies go: the owner's folder, or the data folder's `copias`.
    pub fn backup_folder(&self, paths: &Paths) -> PathBuf {
        self.backup_folder
            .clone()
            .unwrap_or_else(|| paths.data_dir.join("copias"))
    }

    pub fn customer_data_days(&self) -> u32 {
        self.customer_data_days
            .unwrap_or(DEFAULT_CUSTOMER_DATA_DAYS)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConfigFile {
    pub version: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_profile: Option<String>,
    #[serde(default, skip_serializing_if = "BooksSettings::is_unset")]
    pub books: BooksSettings,
    /// This computer's printer (each till has its own).
    #[serde(default, skip_serializing_if = "printer::PrinterSettings::is_unset")]
    pub printer: printer::PrinterSettings,
    /// Whether and where this computer looks for a new version of paydesk.
    #[serde(default, skip_serializing_if = "updates::UpdateSettings::is_unset")]
    pub updates: updates::UpdateSettings,
    #[serde(default)]
    pub profiles: BTreeMap<String, Profile>,
}

impl Default for ConfigFile {
    fn default() -> Self {
        ConfigFile {
            version: CONFIG_VERSION,
            active_profile: None,
            books: BooksSettings::default(),
            printer: printer::PrinterSettings::default(),
            updates: updates::UpdateSettings::default(),
            profiles: BTreeMap::new(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{}", crate::t!("config-read", path = .path.display().to_string(), error = .source.to_string()))]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}", crate::t!("config-mistake", path = .path.display().to_string(), message = .message.as_str()))]
    Parse { path: PathBuf, message: String },
    #[error(
        "The settings file {path} was written by a newer paydesk (format {found}); update paydesk to use it"
    )]
    TooNew { path: PathBuf, found: u32 },
    #[error("{}", crate::t!("config-save", path = .path.display().to_string(), error = .source.to_string()))]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}", crate::t!("config-no-profile", name = format!("{:?}", .0)))]
    UnknownProfile(String),
    #[error("{}", crate::t!("config-profile-problem", name = format!("{:?}", .name), problem = .problem.to_string()))]
    Invalid { name: String, problem: String },
    #[error("{}", crate::t!("config-no-folder"))]
    NoConfigDir,
}

impl ConfigFile {
    /// The profile by name; the simulator exists even when the file does not mention it.
    pub fn profile(&self, name: &str) -> Result<Profile, ConfigError> {
        match self.profiles.get(name) {
            Some(profile) => Ok(profile.clone()),
            None if name == SIMULATOR_PROFILE => Ok(Profile::simulator()),
            None => Err(ConfigError::UnknownProfile(name.to_owned())),
        }
    }

    pub fn active_profile_name(&self) -> &str {
        self.active_profile.as_deref().unwrap_or(SIMULATOR_PROFILE)
    }

    /// Every profile name, the simulator first.
    pub fn profile_names(&self) -> Vec<String> {
        let mut names = vec![SIMULATOR_PROFILE.to_owned()];
        names.extend(
            self.profiles
                .keys()
                .filter(|name| name.as_str() != SIMULATOR_PROFILE)
                .cloned(),
        );
        names
    }

    pub fn parse(text: &str, path: &Path) -> Result<ConfigFile, ConfigError> {
        // Read the version first so a newer file gets a clear message, not a field error.
        #[derive(Deserialize)]
        struct VersionOnly {
            version: Option<u32>,
        }
        let version = toml::from_str::<VersionOnly>(text)
            .map_err(|error| ConfigError::Parse {
                path: path.to_owned(),
                message: error.message().to_owned(),
            })?
            .version
            .unwrap_or(CONFIG_VERSION);
        if version > CONFIG_VERSION {
            return Err(ConfigError::TooNew {
                path: path.to_owned(),
                found: version,
            });
        }
        let mut config: ConfigFile = toml::from_str(text).map_err(|error| ConfigError::Parse {
            path: path.to_owned(),
            message: error.to_string(),
        })?;
        config.version = CONFIG_VERSION;
        for (name, profile) in &config.profiles {
            check_profile(name, profile)?;
        }
        Ok(config)
    }

    pub fn to_toml(&self) -> String {
        let body = toml::to_string_pretty(self).unwrap_or_default();
        format!(
            "# paydesk settings. Tokens and keys are not here: they live in the system keyring.\n{body}"
        )
    }
}

/// URLs a profile names must be absolute, and HTTPS unless on this computer.
pub fn check_profile(name: &str, profile: &Profile) -> Result<(), ConfigError> {
    let invalid = |problem: String| ConfigError::Invalid {
        name: name.to_owned(),
        problem,
    };
    if profile.environment != Environment::Simulator {
        for (field, value) in [
            ("base_url", &profile.base_url),
            ("pay_url", &profile.pay_url),
        ] {
            let Some(text) = value else {
                return Err(invalid(format!("{field} is required")));
            };
            let url = url::Url::parse(text)
                .map_err(|_| invalid(format!("{field} is not a web address: {text}")))?;
            if !crate::validate::is_secure_or_loopback(&url) {
                return Err(invalid(format!("{field} must start with https://")));
            }
        }
    }
    if let Some(url) = &profile.webhook_url {
        crate::validate::web_url(Field::ProfileWebhookUrl, url)
            .map_err(|error| invalid(error.to_string()))?;
    }
    if let Some(url) = &profile.shop_url {
        crate::validate::shop_url(Field::ShopUrl, url)
            .map_err(|error| invalid(error.to_string()))?;
    }
    if let Some(url) = &profile.ledger_url {
        // Checked in full (host, user, TLS) when the ledger is opened; here, what makes the file
        // unsafe to keep: a password written into it.
        check_ledger_url(url).map_err(|problem| invalid(format!("ledger_url: {problem}")))?;
    }
    if let Some(listen) = &profile.webhook_listen
        && listen.parse::<std::net::SocketAddr>().is_err()
    {
        return Err(invalid(format!(
            "webhook_listen must be an address like 127.0.0.1:8787, not {listen}"
        )));
    }
    if profile.brand_id <= 0 {
        return Err(invalid("brand_id must be a positive number".into()));
    }
    Ok(())
}

/// A shared ledger's address as a profile may hold it: PostgreSQL, no password (that goes in
/// the keyring). Host, user and encryption are checked when the ledger is opened.
pub(crate) fn check_ledger_url(text: &str) -> Result<(), String> {
    crate::validate::ledger_address(text).map(drop)
}

/// Connection values the environment sets for automation; each wins over the profile.
#[derive(Debug, Clone, Default)]
pub struct EnvOverrides {
    pub base_url: Option<String>,
    pub pay_url: Option<String>,
    pub api_token: Option<crate::secrets::SecretString>,
    pub access_token: Option<crate::secrets::SecretString>,
    pub user_id: Option<String>,
    pub hash_key: Option<crate::secrets::SecretString>,
    /// `1.0` or `2026`: the interface the named service speaks.
    pub interface: Option<String>,
    /// The shop's page for `userMetadata.urlCommerce`.
    pub shop_url: Option<String>,
}

impl EnvOverrides {
    pub fn from_environment() -> EnvOverrides {
        let text = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let secret = |name: &str| text(name).map(crate::secrets::SecretString::new);
        EnvOverrides {
            base_url: text("PAYDESK_BASE_URL"),
            pay_url: text("PAYDESK_PAY_URL"),
            api_token: secret("PAYDESK_API_TOKEN"),
            access_token: secret("PAYDESK_ACCESS_TOKEN"),
            user_id: text("PAYDESK_USER_ID"),
            hash_key: secret("PAYDESK_HASH_KEY"),
            interface: text("PAYDESK_INTERFACE"),
            shop_url: text("PAYDESK_SHOP_URL"),
        }
    }

    pub fn names_a_service(&self) -> bool {
        self.base_url.is_some() || self.pay_url.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_keeps_the_simulator() {
        let mut config = ConfigFile::default();
        let mut production = Profile::simulator();
        production.environment = Environment::Production;
        production.base_url = Some("https://api.example.co/api/v1".into());
        production.pay_url = Some("https://pay.example.co".into());
        production.user_id = Some(42);
        production.secrets = vec![SecretKind::ApiToken, SecretKind::AccessToken];
        config.profiles.insert("tienda".into(), production.clone());
        config.active_profile = Some("tienda".into());
        let text = config.to_toml();
        let read = ConfigFile::parse(&text, Path::new("x.toml")).unwrap();
        assert_eq!(read, config);
        assert_eq!(read.profile("tienda").unwrap(), production);
        assert_eq!(
            read.profile(SIMULATOR_PROFILE).unwrap(),
            Profile::simulator()
        );
        assert_eq!(read.profile_names(), ["simulator", "tienda"]);
        assert!(matches!(
            read.profile("nope"),
            Err(ConfigError::UnknownProfile(_))
        ));
    }

    #[test]
    fn refuses_newer_and_broken_files() {
        assert!(matches!(
            ConfigFile::parse("version = 99\n", Path::new("x.toml")),
            Err(ConfigError::TooNew { found: 99, .. })
        ));
        assert!(matches!(
            ConfigFile::parse("version = [", Path::new("x.toml")),
            Err(ConfigError::Parse { .. })
        ));
        let insecure = "version = 1\n[profiles.x]\nenvironment = \"production\"\nbase_url = \"http://api.example.co/api/v1\"\npay_url = \"https://pay.example.co\"\n";
        assert!(matches!(
            ConfigFile::parse(insecure, Path::new("x.toml")),
            Err(ConfigError::Invalid { .. })
        ));
    }
}
