//! From a profile to a working client: the profile's URLs and ids, its secrets from the keyring,
//! the `PAYDESK_*` environment (which wins, for automation), and, for the simulator profile,
//! this computer's one built-in simulator: the one already running (in the app, in
//! `paydesk simulator`, or in the background), else, for the app, one served in-process. Used by
//! the CLI and the desktop app alike.

use crate::validate::Field;
use std::sync::Arc;

use crate::api::catalog::MethodCatalog;
use crate::api::{ApiError, Client, ClientSettings, Dialect};
use crate::config::{ConfigError, EnvOverrides, Environment, Paths, Profile};
use crate::secrets::{SecretKind, SecretStore, SecretString};
use crate::simulator::{RunningSimulator, ShareError, SimulatorConfig, SimulatorConnection};
use crate::validate::ValidationError;

#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Api(#[from] ApiError),
    #[error("{0}")]
    Input(#[from] ValidationError),
    #[error(transparent)]
    Simulator(#[from] ShareError),
    /// The command line found no simulator running for this computer's data.
    #[error("{}", crate::t!("simulator-not-running"))]
    NoSimulator,
}

/// Where a simulator profile's simulator comes from.
#[derive(Debug, Clone)]
pub enum SimulatorSource {
    /// The app: the one this process already uses, else the one another process serves, else
    /// one this process serves from now on.
    ServeHere(Option<RunningSimulator>),
    /// The command line: only one already running. One of its own would end with the command,
    /// and the links it printed with it; the command line starts one in the background first.
    FindOnly,
}

/// Whether this profile, with this environment, talks to the built-in simulator.
pub fn uses_built_in_simulator(profile: &Profile, env: &EnvOverrides) -> bool {
    !env.names_a_service() && profile.environment == Environment::Simulator
}

/// Everything a command or panel needs to talk to the service.
#[derive(Debug)]
pub struct Connection {
    pub profile_name: String,
    pub profile: Profile,
    pub client: Client,
    pub user_id: Option<i64>,
    pub hash_key: Option<SecretString>,
    pub catalog: MethodCatalog,
    /// The simulator, when the profile is the simulator's: served by this process (a reconnect
    /// in the app goes on with it; it saves when its last holder lets go), or by another one of
    /// this computer.
    pub simulator: Option<RunningSimulator>,
    /// The shop's page every request that moves money names (`userMetadata.urlCommerce`): the
    /// profile's, `PAYDESK_SHOP_URL`, or the simulator's own demo shop.
    shop_url: Option<String>,
}

impl Connection {
    /// The webhook URL new payments carry: the profile's, or (simulator) paydesk's own receiver.
    pub fn default_webhook_url(&self) -> Option<String> {
        self.profile.webhook_url.clone().or_else(|| {
            (self.profile.environment == Environment::Simulator)
                .then(|| format!("http://{}/webhook", self.profile.webhook_listen()))
        })
    }

    pub fn environment(&self) -> Environment {
        self.profile.environment
    }

    pub fn shop_url(&self) -> Option<String> {
        self.shop_url.clone()
    }

    /// The shop's name as customers read it: the profile's, else words that say it is unset.
    pub fn shop_name(&self) -> String {
        match (&self.profile.shop_name, self.environment()) {
            (Some(name), _) => name.clone(),
            (None, Environment::Simulator) => crate::t!("shop-name-simulator"),
            (None, _) => crate::t!("shop-name-unset"),
        }
    }

    pub async fn close(self) {
        if let Some(RunningSimulator::Here(simulator)) = self.simulator
            && let Ok(simulator) = Arc::try_unwrap(simulator)
        {
            simulator.stop().await;
        }
    }
}

/// Resolves and connects. Blocks on the keyring (call it from a worker, not a UI frame).
/// `simulator` says where a simulator profile's simulator comes from.
pub async fn connect(
    paths: &Paths,
    profile_name: &str,
    profile: Profile,
    env: &EnvOverrides,
    secrets: &SecretStore,
    simulator: SimulatorSource,
) -> Result<Connection, ConnectError> {
    let mut credentials = Credentials::read(profile_name, &profile, env, secrets)?;
    let interface = match &env.interface {
        Some(text) => Dialect::parse(text).ok_or_else(|| {
            ValidationError::new(Field::EnvInterface, crate::t!("rule-interface-version"))
        })?,
        None => profile.interface,
    };
    let mut started_simulator = None;
    let (base_url, pay_url) = if env.names_a_service() {
        (
            env.base_url.clone().or(profile.base_url.clone()),
            env.pay_url.clone().or(profile.pay_url.clone()),
        )
    } else if profile.environment == Environment::Simulator {
        let simulator = simulator_for(paths, simulator).await?;
        let details = simulator.connection().clone();
        credentials.fill_from_simulator(&details);
        started_simulator = Some(simulator);
        let pay_url = match interface {
            Dialect::Current => details.pay_url,
            Dialect::Spec => details.spec_pay_url,
        };
        (Some(details.base_url), Some(pay_url))
    } else {
        (profile.base_url.clone(), profile.pay_url.clone())
    };
    let missing =
        |which: Field| ConnectError::Input(ValidationError::new(which, crate::t!("rule-not-set")));
    let mut settings = ClientSettings::new(
        base_url.ok_or_else(|| missing(Field::BaseUrl))?,
        pay_url.ok_or_else(|| missing(Field::PayUrl))?,
    );
    settings.api_token = credentials.api_token;
    settings.access_token = credentials.access_token;
    settings.transaction_token = profile.transaction_token_source();
    settings.dialect = interface;
    settings.till = Some(crate::config::till_id(&paths.data_dir));
    settings.shop_url = credentials.shop_url.clone();
    let client = Client::new(settings)?;
    Ok(Connection {
        profile_name: profile_name.to_owned(),
        catalog: profile.catalog(),
        profile,
        client,
        user_id: credentials.user_id,
        hash_key: credentials.hash_key,
        simulator: started_simulator,
        shop_url: credentials.shop_url,
    })
}

/// Who the connection speaks as: the `PAYDESK_*` environment's, else the profile's (its
/// secrets from the keyring).
struct Credentials {
    api_token: Option<SecretString>,
    access_token: Option<SecretString>,
    hash_key: Option<SecretString>,
    user_id: Option<i64>,
    shop_url: Option<String>,
}

impl Credentials {
    fn read(
        profile_name: &str,
        profile: &Profile,
        env: &EnvOverrides,
        secrets: &SecretStore,
    ) -> Result<Credentials, ConnectError> {
        let stored = |kind: SecretKind| -> Option<SecretString> {
            // Only what the profile says it has: each lookup may block on the keyring service.
            if !profile.secrets.contains(&kind) {
                return None;
            }
            match secrets.get(profile_name, kind) {
                Ok(secret) => secret,
                Err(error) => {
                    tracing::warn!(%error, kind = kind.key(), "could not read a secret");
                    None
                }
            }
        };
        let api_token = env
            .api_token
            .clone()
            .or_else(|| stored(SecretKind::ApiToken));
        let access_token = env
            .access_token
            .clone()
            .or_else(|| stored(SecretKind::AccessToken));
        let hash_key = env.hash_key.clone().or_else(|| stored(SecretKind::HashKey));
        let user_id = match &env.user_id {
            Some(text) => Some(text.trim().parse::<i64>().map_err(|_| {
                ValidationError::new(Field::EnvUserId, crate::t!("rule-whole-number"))
            })?),
            None => profile.user_id,
        };
        Ok(Credentials {
            api_token,
            access_token,
            hash_key,
            user_id,
            shop_url: env.shop_url.clone().or_else(|| profile.shop_url.clone()),
        })
    }

    /// The simulator's own, for whatever was not given.
    fn fill_from_simulator(&mut self, details: &SimulatorConnection) {
        let secret = |text: &String| SecretString::new(text.clone());
        self.api_token
            .get_or_insert_with(|| secret(&details.api_token));
        self.access_token
            .get_or_insert_with(|| secret(&details.access_token));
        self.hash_key
            .get_or_insert_with(|| secret(&details.hash_key));
        self.user_id.get_or_insert(details.user_id);
        self.shop_url.get_or_insert(details.shop_url.clone());
    }
}

/// The simulator a simulator profile talks to: the one this process uses, the one another
/// process of this computer serves for the same data folder, or (the app) one served here. It
/// keeps its state between runs, so `paydesk link` then `paydesk status` see the same payment.
async fn simulator_for(
    paths: &Paths,
    source: SimulatorSource,
) -> Result<RunningSimulator, ConnectError> {
    let state_file = paths.simulator_state();
    match source {
        SimulatorSource::ServeHere(Some(running)) => Ok(running),
        SimulatorSource::ServeHere(None) => {
            crate::owner_only::folder(&paths.data_dir).map_err(ShareError::Io)?;
            Ok(crate::simulator::find_or_serve_kept(SimulatorConfig {
                state_file: Some(state_file),
                ..SimulatorConfig::default()
            })
            .await?)
        }
        SimulatorSource::FindOnly => crate::simulator::find(&state_file)
            .await
            .map(|found| RunningSimulator::Elsewhere(Arc::new(found)))
            .ok_or(ConnectError::NoSimulator),
    }
}

/// Stores secrets for a profile in the keyring and notes in the profile which ones it has (and
/// the user id, when registration told us). Blocking: keyring and file.
pub fn save_credentials(
    paths: &Paths,
    secrets: &SecretStore,
    profile_name: &str,
    values: &[(SecretKind, SecretString)],
    user_id: Option<i64>,
) -> Result<Vec<crate::secrets::Stored>, ConfigError> {
    let stored = values
        .iter()
        .map(|(kind, value)| secrets.set(profile_name, *kind, value))
        .collect();
    paths.change(|config| {
        let mut profile = config.profile(profile_name)?;
        for (kind, _) in values {
            if !profile.secrets.contains(kind) {
                profile.secrets.push(*kind);
            }
        }
        if profile.user_id.is_none() {
            profile.user_id = user_id;
        }
        config.profiles.insert(profile_name.to_owned(), profile);
        Ok(())
    })?;
    Ok(stored)
}

/// Sign-out: the profile's secrets leave the keyring and the profile forgets it had them.
pub fn sign_out(paths: &Paths, secrets: &SecretStore, profile_name: &str) -> Result<(), String> {
    secrets
        .delete_all(profile_name)
        .map_err(|error| error.to_string())?;
    paths
        .change(|config| {
            if let Some(profile) = config.profiles.get_mut(profile_name) {
                profile.secrets.clear();
            }
            Ok(())
        })
        .map_err(|error| error.to_string())
}

/// Why a sign-in did not leave a token in the keyring.
#[derive(Debug, thiserror::Error)]
pub enum SignInError {
    #[error(transparent)]
    Service(#[from] ApiError),
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The service's interface has no sign-in (the spec's 1.0 does not show one).
    #[error("{}", crate::t!("sign-in-not-offered"))]
    NotOffered,
}

/// A new profile signed in before it is saved: the sign-in goes to the profile's own service,
/// and only when it succeeds is the profile saved (and made the active one) with its token. A
/// wrong password leaves nothing half-made.
pub async fn sign_in_new_profile(
    paths: &Paths,
    secrets: &Arc<SecretStore>,
    profile_name: &str,
    profile: Profile,
    username: &str,
    password: &SecretString,
) -> Result<(), SignInError> {
    // A profile made in the editor always names both (its draft requires them).
    let Some((base_url, pay_url)) = profile.base_url.clone().zip(profile.pay_url.clone()) else {
        return Err(SignInError::Service(ApiError::BadUrl {
            which: "Family B base",
            url: String::new(),
        }));
    };
    let mut settings = ClientSettings::new(base_url, pay_url);
    settings.dialect = profile.interface;
    let client = Client::new(settings)?;
    if !client.dialect().has_sign_in() {
        return Err(SignInError::NotOffered);
    }
    let token = client.sign_in(username, password).await?;
    let (paths, secrets, profile_name) = (paths.clone(), secrets.clone(), profile_name.to_owned());
    tokio::task::spawn_blocking(move || -> Result<(), ConfigError> {
        paths.save_profile(&profile_name, profile)?;
        save_credentials(
            &paths,
            &secrets,
            &profile_name,
            &[(SecretKind::AccessToken, token)],
            None,
        )?;
        Ok(())
    })
    .await
    .map_err(|error| ApiError::Setup(error.to_string()))??;
    Ok(())
}
