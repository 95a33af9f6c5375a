//! How the app is started: what `main` decides for a person, and what a test or a benchmark
//! changes (a temporary home, a stand-in's speech, the monitors it pretends to have).

use crate::config::{EnvOverrides, Paths};
use crate::i18n::Language;

use super::services::session::SecretsSource;

/// How the app is started: by `main` for a person, by tests with a temporary home.
#[derive(Debug, Clone)]
pub struct AppOptions {
    pub paths: Paths,
    pub profile: Option<String>,
    pub env: EnvOverrides,
    pub secrets: SecretsSource,
    /// Desktop notification and sound on approval (the Settings toggles' starting values).
    pub alerts: bool,
    /// Where the webhook receiver listens, instead of the profile's address (tests use port 0).
    pub webhook_listen: Option<std::net::SocketAddr>,
    /// Look for new versions as Settings says (tests and benchmarks never ask the internet).
    pub updates: bool,
    /// Asked for on the command line (`--lang`, `PAYDESK_LANG`): it wins over the one chosen in
    /// Settings.
    pub language: Option<Language>,
    /// The speech approvals are said with (the system's; tests give a stand-in's socket).
    pub speaker: crate::speech::Speaker,
    /// The monitors the customer display may use instead of the system's (tests); none: ask.
    pub monitors: Option<Vec<super::display::Monitor>>,
    /// Who answers "Elegir carpeta…" and "Elegir archivo…": the system's dialogs, or a test's
    /// stand-in (a native dialog cannot be driven from a test).
    pub picker: super::plumbing::pick::Picker,
}
