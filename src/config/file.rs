//! The settings file: its profiles, the active one, the shop's books settings and the printer,
//! read and written as human-editable TOML with a version field.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::profile::{Environment, Profile, SIMULATOR_PROFILE, check_ledger_url};
use super::{display, printer, speech, till, updates};
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
    /// This till's name (each computer is one till).
    #[serde(default, skip_serializing_if = "till::TillSettings::is_unset")]
    pub till: till::TillSettings,
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
            till: till::TillSettings::default(),
            profiles: BTreeMap::new(),
        }
    }
}

/// What went wrong with the settings file, in the person's words; the file's path and what the
/// system or the TOML reader said are the detail (`Explained`), shown under «Detalles».
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{}", crate::t!("config-read"))]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}", crate::t!("config-mistake"))]
    Parse { path: PathBuf, message: String },
    #[error("{}", crate::t!("config-too-new", format = .found.to_string()))]
    TooNew { path: PathBuf, found: u32 },
    #[error("{}", crate::t!("config-save"))]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}", crate::t!("config-no-profile", name = format!("{:?}", .0)))]
    UnknownProfile(String),
    /// A profile the file names breaks a rule: `problem` in the person's words, `detail` the
    /// setting as the file spells it.
    #[error("{}", crate::t!("config-profile-problem", name = format!("{:?}", .name), problem = .problem.to_string()))]
    Invalid {
        name: String,
        problem: String,
        detail: Option<String>,
    },
    #[error("{}", crate::t!("config-no-folder"))]
    NoConfigDir,
    #[error(transparent)]
    TillName(super::till::TillNameProblem),
}

impl crate::i18n::Explained for ConfigError {
    fn detail(&self) -> Option<String> {
        match self {
            ConfigError::Read { path, source } | ConfigError::Write { path, source } => {
                Some(format!("{}: {source}", path.display()))
            }
            ConfigError::Parse { path, message } => Some(format!("{}: {message}", path.display())),
            ConfigError::TooNew { path, found } => {
                Some(format!("{} (version = {found})", path.display()))
            }
            ConfigError::Invalid { detail, .. } => detail.clone(),
            ConfigError::NoConfigDir => {
                Some("no home or application data folder; PAYDESK_CONFIG_DIR names one".to_owned())
            }
            ConfigError::UnknownProfile(_) | ConfigError::TillName(_) => None,
        }
    }
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

/// URLs a profile names must be absolute, and HTTPS unless on this computer. Each refusal says
/// the rule in the person's words and, as its detail, the setting as the file spells it.
pub fn check_profile(name: &str, profile: &Profile) -> Result<(), ConfigError> {
    let invalid = |problem: String, detail: String| ConfigError::Invalid {
        name: name.to_owned(),
        problem,
        detail: Some(detail),
    };
    if profile.environment != Environment::Simulator {
        for (field, value) in [
            ("base_url", &profile.base_url),
            ("pay_url", &profile.pay_url),
        ] {
            let Some(text) = value else {
                return Err(invalid(
                    crate::t!("config-profile-address-missing"),
                    format!("{field}: (missing)"),
                ));
            };
            let url = url::Url::parse(text).map_err(|error| {
                invalid(
                    crate::t!("config-profile-address-unreadable"),
                    format!("{field} = {text:?}: {error}"),
                )
            })?;
            if !crate::validate::is_secure_or_loopback(&url) {
                return Err(invalid(
                    crate::t!("config-profile-address-insecure"),
                    format!("{field} = {text:?}"),
                ));
            }
        }
    }
    if let Some(url) = &profile.webhook_url {
        crate::validate::web_url(Field::ProfileWebhookUrl, url)
            .map_err(|error| invalid(error.to_string(), format!("webhook_url = {url:?}")))?;
    }
    if let Some(url) = &profile.shop_url {
        crate::validate::shop_url(Field::ShopUrl, url)
            .map_err(|error| invalid(error.to_string(), format!("shop_url = {url:?}")))?;
    }
    if let Some(url) = &profile.ledger_url {
        // Checked in full (host, user, TLS) when the ledger is opened; here, what makes the file
        // unsafe to keep: a password written into it. The address itself may hold that
        // password, so the detail names the setting only.
        check_ledger_url(url).map_err(|problem| invalid(problem, "ledger_url".to_owned()))?;
    }
    if let Some(listen) = &profile.webhook_listen
        && listen.parse::<std::net::SocketAddr>().is_err()
    {
        return Err(invalid(
            crate::t!("config-profile-listen"),
            format!("webhook_listen = {listen:?}"),
        ));
    }
    if profile.brand_id <= 0 {
        return Err(invalid(
            crate::t!("config-profile-brand"),
            format!("brand_id = {}", profile.brand_id),
        ));
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
