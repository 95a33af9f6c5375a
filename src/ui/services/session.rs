//! The app's connection: which profile, its client, its secrets. Made on the runtime (the
//! keyring and the simulator's start may block), never in a frame.

use std::sync::Arc;

use crate::config::{EnvOverrides, Environment, Paths};
use crate::connection::{ConnectError, Connection, connect};
use crate::i18n::Problem;
use crate::ledger::{Ledger, LedgerChoice};
use crate::secrets::SecretStore;
use crate::webhook::{Confirmer, Receiver, ReceiverConfig, ReceiverEvent};

use crate::ui::plumbing::bridge::{Bridge, Task, UiError};

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
            SecretsSource::Platform => SecretStore::for_this_run(),
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
    pub ledger: Result<Arc<Ledger>, Problem>,
}

pub struct Session {
    pub connection: Connection,
    pub secrets: Arc<SecretStore>,
    pub ledger: Result<Arc<Ledger>, Problem>,
    /// paydesk's own webhook endpoint while the app is open, or why it is not running. One per
    /// app run, handed from session to session.
    pub receiver: Result<Arc<Receiver>, Problem>,
    /// Every profile name, for the switcher.
    pub profile_names: Vec<String>,
    /// Who works the till, as the ledger said when the session connected (`None`: no ledger):
    /// the first frame already knows whether it is Caja.
    pub people: Option<Result<crate::ledger::People, Problem>>,
}

impl Session {
    pub fn environment(&self) -> Environment {
        self.connection.environment()
    }

    pub fn profile_name(&self) -> &str {
        &self.connection.profile_name
    }

    /// The shop's name as customers read it: the profile's, else words that say it is unset.
    pub fn shop_name(&self) -> String {
        self.connection.shop_name()
    }

    /// The simulator's control endpoint, when this session uses one (its own, or the one another
    /// process of this computer serves).
    pub fn simulator_control_url(&self) -> Option<String> {
        self.connection
            .simulator
            .as_ref()
            .map(|simulator| simulator.connection().control_url.clone())
    }

    /// The webhook URL new payments carry: the profile's own, or this app's receiver wherever it
    /// could listen when the service runs on this computer (the simulator). A service elsewhere
    /// cannot reach this computer's loopback address: without a profile URL the field starts
    /// empty and says why.
    pub fn webhook_url(&self) -> Option<String> {
        if self.connection.profile.webhook_url.is_none()
            && self.service_is_local()
            && let Ok(receiver) = &self.receiver
        {
            return Some(receiver.url());
        }
        self.connection.default_webhook_url()
    }

    fn service_is_local(&self) -> bool {
        url::Url::parse(self.connection.client.pay_url())
            .is_ok_and(|url| crate::validate::is_loopback(&url))
    }

    /// Why secrets only last this run, if they do.
    pub fn keyring_problem(&self) -> Option<&str> {
        self.secrets.unavailable_reason()
    }

    /// Whether the keyring was left out on purpose (`PAYDESK_NO_KEYRING`), not missing.
    pub fn keyring_turned_off(&self) -> bool {
        self.secrets.turned_off()
    }
}

/// Opens the keyring and the ledger once per app run; reused across reconnects. The ledger is
/// the one the profile the app starts with names (`PAYDESK_LEDGER_URL` first): the embedded
/// file, or the shop's shared one.
pub fn open_stores(
    bridge: &Bridge,
    source: SecretsSource,
    paths: &Paths,
    profile: Option<String>,
) -> Task<LocalStores> {
    let paths = paths.clone();
    bridge.spawn_blocking(move || {
        let secrets = Arc::new(source.open());
        let ledger = open_ledger(&paths, profile, &secrets);
        LocalStores { secrets, ledger }
    })
}

fn open_ledger(
    paths: &Paths,
    profile: Option<String>,
    secrets: &SecretStore,
) -> Result<Arc<Ledger>, Problem> {
    let config = paths
        .load()
        .map_err(|error| Problem::words(error.to_string()))?;
    let name = profile.unwrap_or_else(|| config.active_profile_name().to_owned());
    let choice = match config.profile(&name) {
        Ok(profile) => LedgerChoice::for_profile(profile.ledger_url.as_deref(), None),
        // The connection says what is wrong with the profile; the ledger is the data folder's.
        Err(_) => Ok(LedgerChoice::Embedded),
    }
    .map_err(|error| Problem::of(&error))?;
    choice
        .open(&paths.data_dir, &name, secrets)
        .map(Arc::new)
        .map_err(|error| Problem::of(&error))
}

/// The profile's ledger: the one already open when it is the same, else opened now. One that
/// could not be opened is tried again at every reconnect.
async fn ledger_for(
    paths: &Paths,
    profile_name: &str,
    ledger_url: Option<&str>,
    stores: &LocalStores,
) -> Result<Arc<Ledger>, Problem> {
    let choice =
        LedgerChoice::for_profile(ledger_url, None).map_err(|error| Problem::of(&error))?;
    if let Ok(ledger) = &stores.ledger
        && ledger.location() == choice.location(&paths.data_dir)
    {
        return Ok(ledger.clone());
    }
    let data_dir = paths.data_dir.clone();
    let name = profile_name.to_owned();
    let secrets = stores.secrets.clone();
    tokio::task::spawn_blocking(move || {
        choice
            .open(&data_dir, &name, &secrets)
            .map(Arc::new)
            .map_err(|error| Problem::of(&error))
    })
    .await
    .map_err(|error| Problem::words(error.to_string()))?
}

/// How the session's webhook receiver is set up.
pub struct WebhookSetup {
    /// Instead of the profile's address (tests use port 0).
    pub listen: Option<std::net::SocketAddr>,
    pub events: tokio::sync::mpsc::UnboundedSender<ReceiverEvent>,
    /// The receiver already running in this app, reused (a port is not opened twice).
    pub running: Option<Arc<Receiver>>,
}

/// Connects to a profile (the active one when `profile` is `None`). `running_simulator` is the
/// simulator of the session being replaced: a simulator profile goes on with it.
pub fn start(
    bridge: &Bridge,
    paths: Paths,
    profile: Option<String>,
    env: EnvOverrides,
    stores: LocalStores,
    webhooks: WebhookSetup,
    running_simulator: Option<crate::simulator::RunningSimulator>,
) -> Task<Result<Arc<Session>, UiError>> {
    bridge.spawn(async move {
        let config = paths.load().map_err(|error| UiError::explained(&error))?;
        let name = profile.unwrap_or_else(|| config.active_profile_name().to_owned());
        let profile = config
            .profile(&name)
            .map_err(|error| UiError::explained(&error))?;
        let ledger = ledger_for(&paths, &name, profile.ledger_url.as_deref(), &stores).await;
        let stores = LocalStores {
            secrets: stores.secrets,
            ledger,
        };
        let connection = connect(
            &paths,
            &name,
            profile,
            &env,
            &stores.secrets,
            crate::connection::SimulatorSource::ServeHere(running_simulator),
        )
        .await
        .map_err(|error| match error {
            ConnectError::Api(api) => UiError::from(api),
            ConnectError::Config(config) => UiError::explained(&config),
            other => UiError::local(other.to_string()),
        })?;
        let receiver = start_receiver(&connection, &stores, webhooks).await;
        let people = match stores.ledger.clone() {
            Ok(ledger) => Some(
                tokio::task::spawn_blocking(move || {
                    ledger.people().map_err(|error| Problem::of(&error))
                })
                .await
                .unwrap_or_else(|error| Err(Problem::words(error.to_string()))),
            ),
            Err(_) => None,
        };
        Ok(Arc::new(Session {
            people,
            connection,
            receiver,
            secrets: stores.secrets,
            ledger: stores.ledger,
            profile_names: config.profile_names(),
        }))
    })
}

/// The in-app receiver on the profile's address (or the one the caller picks). A profile with no
/// webhook key still listens, and refuses every notification: never accepted unverified.
async fn start_receiver(
    connection: &Connection,
    stores: &LocalStores,
    WebhookSetup {
        listen,
        events,
        running,
    }: WebhookSetup,
) -> Result<Arc<Receiver>, Problem> {
    let confirmer = Confirmer {
        client: connection.client.clone(),
    };
    if let Some(receiver) = running {
        receiver.reconfigure(
            &connection.profile_name,
            connection.hash_key.as_ref(),
            Some(confirmer),
            stores.ledger.clone().ok(),
        );
        return Ok(receiver);
    }
    let ledger = stores.ledger.clone()?;
    let addr = match listen {
        Some(addr) => addr,
        None => connection.profile.webhook_listen().parse().map_err(|_| {
            Problem::words(crate::t!(
                "receiver-bad-address",
                address = connection.profile.webhook_listen()
            ))
        })?,
    };
    Receiver::start(
        ReceiverConfig::new(addr, connection.hash_key.clone(), &connection.profile_name),
        ledger,
        Some(confirmer),
        Some(events),
    )
    .await
    .map(Arc::new)
    .map_err(|error| Problem::words(crate::webhook::receiver::listen_problem(addr, &error)))
}
