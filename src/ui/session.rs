//! The app's connection: which profile, its client, its secrets. Made on the runtime (the
//! keyring and the simulator's start may block), never in a frame.

use std::sync::Arc;

use crate::config::{EnvOverrides, Environment, Paths};
use crate::connection::{ConnectError, Connection, connect};
use crate::ledger::Ledger;
use crate::secrets::SecretStore;

use super::bridge::{Bridge, Task, UiError};

/// Where the app's secrets live.
#[derive(Debug, Clone)]
pub enum SecretsSource {
    /// The OS keyring (the normal case).
    Platform,
    /// Whatever `keyring_core` has as its default store (tests install the mock store).
    DefaultStore,
    /// Memory only, with the reason shown to the person.
    MemoryOnly(String),
}

impl SecretsSource {
    /// Blocking.
    pub fn open(&self) -> SecretStore {
        match self {
            SecretsSource::Platform => crate::cli::secret_store(),
            SecretsSource::DefaultStore => SecretStore::default_store(),
            SecretsSource::MemoryOnly(reason) => SecretStore::memory_only(reason.clone()),
        }
    }
}

/// What the app opens once per run, off the UI thread: the keyring and the ledger.
#[derive(Clone)]
pub struct LocalStores {
    pub secrets: Arc<SecretStore>,
    /// The ledger, or why it could not be opened (payouts are refused without it).
    pub ledger: Result<Arc<Ledger>, String>,
}

pub struct Session {
    pub connection: Connection,
    pub secrets: Arc<SecretStore>,
    pub ledger: Result<Arc<Ledger>, String>,
    /// Every profile name, for the switcher.
    pub profile_names: Vec<String>,
}

impl Session {
    pub fn environment(&self) -> Environment {
        self.connection.environment()
    }

    pub fn profile_name(&self) -> &str {
        &self.connection.profile_name
    }

    /// The simulator's control endpoint, when this session runs one.
    pub fn simulator_control_url(&self) -> Option<String> {
        self.connection
            .simulator
            .as_ref()
            .map(|sandbox| sandbox.connection().control_url.clone())
    }

    /// Why secrets only last this run, if they do.
    pub fn keyring_problem(&self) -> Option<&str> {
        self.secrets.unavailable_reason()
    }
}

/// Opens the keyring and the ledger once per app run; reused across reconnects.
pub fn open_stores(bridge: &Bridge, source: SecretsSource, paths: &Paths) -> Task<LocalStores> {
    let data_dir = paths.data_dir.clone();
    bridge.spawn_blocking(move || LocalStores {
        secrets: Arc::new(source.open()),
        ledger: Ledger::in_folder(&data_dir)
            .map(Arc::new)
            .map_err(|error| error.to_string()),
    })
}

/// Connects to a profile (the active one when `profile` is `None`).
pub fn start(
    bridge: &Bridge,
    paths: Paths,
    profile: Option<String>,
    env: EnvOverrides,
    stores: LocalStores,
) -> Task<Result<Arc<Session>, UiError>> {
    bridge.spawn(async move {
        let config = paths.load().map_err(|e| UiError::local(e.to_string()))?;
        let name = profile.unwrap_or_else(|| config.active_profile_name().to_owned());
        let profile = config
            .profile(&name)
            .map_err(|e| UiError::local(e.to_string()))?;
        let connection = connect(&paths, &name, profile, &env, &stores.secrets)
            .await
            .map_err(|error| match error {
                ConnectError::Api(api) => UiError::from(api),
                other => UiError::local(other.to_string()),
            })?;
        Ok(Arc::new(Session {
            connection,
            secrets: stores.secrets,
            ledger: stores.ledger,
            profile_names: config.profile_names(),
        }))
    })
}
