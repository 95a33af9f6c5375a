//! The settings file: its profiles, the active one, the shop's books settings and the printer,
//! read and written as human-editable TOML with a version field.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::profile::{Environment, Profile, SIMULATOR_PROFILE, check_ledger_url};
use super::{display, printer, speech, updates};
use crate::validate::Field;

/// The format written by this version. Older files are read and upgraded on save.
pub const CONFIG_VERSION: u32 = 1;
pub const CONFIG_FILE_NAME: &str = "paydesk.toml";
/// How many days customers' personal data is kept when the owner has not said.
pub const DEFAULT_CUSTOMER_DATA_DAYS: u32 = 180;

/// The shop's books, whatever the profile: where their copies go, how long customers' personal
/// data is kept (Ley 1581 de 2012), and where the files made from them are saved.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BooksSettings {
    /// A folder the owner chose for the copies (a USB stick, a synced folder).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backup_folder: Option<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customer_data_days: Option<u32>,
    /// A folder the owner chose for what paydesk saves (QR images, PDFs, CSVs);
    /// `PAYDESK_EXPORTS_DIR` wins over it (see `Paths::from_environment`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exports_folder: Option<PathBuf>,
}

impl BooksSettings {
    fn is_unset(&self) -> bool {
        *self == BooksSettings::default()
    }

    /// Where the copies go: the owner's folder, or the data folder's `copias`.
    pub fn backup_folder(&self, data_dir: &Path) -> PathBuf {
        self.backup_folder
            .clone()
            .unwrap_or_else(|| data_dir.join("copias"))
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
    /// Whether this computer says approvals aloud, and with which voice.
    #[serde(default, skip_serializing_if = "speech::SpeechSettings::is_unset")]
    pub speech: speech::SpeechSettings,
    /// Which of this computer's monitors faces the customer.
    #[serde(default, skip_serializing_if = "display::DisplaySettings::is_unset")]
    pub display: display::DisplaySettings,
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
            speech: speech::SpeechSettings::default(),
            display: display::DisplaySettings::default(),
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
    #[error("{}", crate::t!("config-too-new", path = .path.display().to_string(), format = .found.to_string()))]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secrets::SecretKind;

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
