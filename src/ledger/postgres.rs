//! The shared ledger on PostgreSQL: several tills and the public webhook receiver read and write
//! one database. Connections are driven by the ledger's own small runtime; the ledger's calls
//! block their caller (as the SQLite ones do), waiting on a query with `futures-executor`, so
//! they work from any thread. What the database holds, and which tills may write to it, is the
//! schema's (`schema_postgres.rs`); this file only connects, and listens.

use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use futures_util::StreamExt;
use tokio::sync::mpsc;
use tokio_postgres::config::SslMode;
use tokio_postgres::{AsyncMessage, Config};

use super::error::LedgerError;
use super::param::Param;
use crate::secrets::SecretString;

/// The channel every till listens on; payloads are `table:operation:id`.
pub const CHANNEL: &str = "paydesk";

/// How long a till waits to reach the database before saying it cannot.
const CONNECT_PATIENCE: Duration = Duration::from_secs(5);

/// A pooled connection, used from blocking code.
pub(crate) struct PgClient {
    object: Option<deadpool_postgres::Object>,
    host: Arc<str>,
}

impl PgClient {
    fn client(&self) -> &deadpool_postgres::Object {
        // Only `discard` takes it, and nothing runs on a client after that.
        self.object
            .as_ref()
            .unwrap_or_else(|| unreachable!("a discarded connection was used"))
    }

    fn refs(params: &[Param]) -> Vec<&(dyn tokio_postgres::types::ToSql + Sync)> {
        params
            .iter()
            .map(|param| param as &(dyn tokio_postgres::types::ToSql + Sync))
            .collect()
    }

    pub(crate) fn execute(&mut self, sql: &str, params: &[Param]) -> Result<u64, LedgerError> {
        let client = self.client();
        let refs = Self::refs(params);
        futures_executor::block_on(async {
            let statement = client.prepare_cached(sql).await?;
            client.execute(&statement, &refs).await
        })
        .map_err(|error| LedgerError::from_postgres(error, &self.host))
    }

    pub(crate) fn query(
        &mut self,
        sql: &str,
        params: &[Param],
    ) -> Result<Vec<tokio_postgres::Row>, LedgerError> {
        let client = self.client();
        let refs = Self::refs(params);
        futures_executor::block_on(async {
            let statement = client.prepare_cached(sql).await?;
            client.query(&statement, &refs).await
        })
        .map_err(|error| LedgerError::from_postgres(error, &self.host))
    }

    pub(crate) fn batch(&mut self, sql: &str) -> Result<(), LedgerError> {
        futures_executor::block_on(self.client().batch_execute(sql))
            .map_err(|error| LedgerError::from_postgres(error, &self.host))
    }

    /// Takes the connection out of the pool for good (after a failed rollback: its state is
    /// unknown).
    pub(crate) fn discard(&mut self) {
        if let Some(object) = self.object.take() {
            drop(deadpool_postgres::Object::take(object));
        }
    }
}

/// The database: a pool, and the runtime that drives its connections.
pub(crate) struct PgStore {
    pool: Pool,
    config: Config,
    tls: tokio_postgres_rustls::MakeRustlsConnect,
    /// Always `Some` until dropped.
    runtime: Option<tokio::runtime::Runtime>,
    host: Arc<str>,
    /// The address without a password, as Settings shows it.
    shown: String,
    /// Whether the first connection's preparation ran (the schema migrated, this till's
    /// interrupted intents settled): it may come long after opening (a till started while the
    /// database was away works as soon as it is back).
    ready: std::sync::Mutex<bool>,
}

impl Drop for PgStore {
    fn drop(&mut self) {
        // A runtime dropped the usual way blocks until its tasks end, which tokio refuses inside
        // another runtime (the CLI's commands, the app's tasks drop the ledger there).
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field("host", &self.host)
            .finish_non_exhaustive()
    }
}

/// What a `ledger_url` says, checked: the address without its password, the host a person
/// recognises, and whether the connection is encrypted.
#[derive(Clone)]
pub struct LedgerUrl {
    config: Config,
    shown: String,
    host: String,
}

impl std::fmt::Debug for LedgerUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.shown)
    }
}

impl std::fmt::Display for LedgerUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.shown)
    }
}

/// The address as it may be shown: a password written in it (the part before `@`, or a
/// `password=` parameter) replaced by `***`.
fn without_password(text: &str) -> String {
    let Ok(mut url) = url::Url::parse(text) else {
        return text
            .split_once("://")
            .map_or_else(|| "?".to_owned(), |(scheme, _)| format!("{scheme}://…"));
    };
    if url.password().is_some() {
        // Refused only for an address that cannot hold a password, which this one just did.
        let _ = url.set_password(Some("***"));
    }
    if url.query().is_some() {
        let pairs: Vec<(String, String)> = url
            .query_pairs()
            .map(|(key, value)| {
                let value = if key.eq_ignore_ascii_case("password") {
                    "***".to_owned()
                } else {
                    value.into_owned()
                };
                (key.into_owned(), value)
            })
            .collect();
        url.query_pairs_mut().clear().extend_pairs(pairs);
    }
    url.to_string()
}

impl LedgerUrl {
    /// Reads `postgres://user@host:5432/shop`. A password written in the address is refused:
    /// it belongs in the keyring.
    pub fn parse(text: &str) -> Result<LedgerUrl, LedgerError> {
        let text = text.trim();
        let bad = |reason: String| LedgerError::BadUrl {
            url: without_password(text),
            reason,
        };
        let checked = crate::validate::ledger_address(text).map_err(bad)?;
        let mut config = checked.config;
        let host_text = checked.hosts;
        config.connect_timeout(CONNECT_PATIENCE);
        config.keepalives_idle(Duration::from_secs(30));
        config.application_name("paydesk");
        let port = config.get_ports().first().copied().unwrap_or(5432);
        let shown = format!(
            "postgres://{}@{}:{}/{}",
            config.get_user().unwrap_or_default(),
            host_text,
            port,
            config.get_dbname().unwrap_or_default()
        );
        Ok(LedgerUrl {
            config,
            shown,
            host: host_text,
        })
    }

    /// The host, as the person wrote it (for "the shared ledger at HOST cannot be reached").
    pub fn host(&self) -> &str {
        &self.host
    }

    /// Whether the connection is encrypted (every host but this computer).
    pub fn encrypted(&self) -> bool {
        self.config.get_ssl_mode() != SslMode::Disable
    }

    /// The name the password is kept under in the keyring: the address without a password.
    pub fn keyring_account(&self) -> &str {
        &self.shown
    }
}

#[cfg(test)]
mod address_tests {
    #[test]
    fn a_password_in_the_address_is_never_shown() {
        for text in [
            "postgres://caja:secreto@db.tienda.co/tienda",
            "postgres://caja@db.tienda.co/tienda?sslmode=require&password=secreto",
        ] {
            let error = super::LedgerUrl::parse(text).unwrap_err().to_string();
            assert!(!error.contains("secreto"), "{error}");
            assert!(error.contains("***"), "{error}");
        }
    }
}

fn tls() -> Result<tokio_postgres_rustls::MakeRustlsConnect, LedgerError> {
    use rustls_platform_verifier::ConfigVerifierExt;
    let config = rustls::ClientConfig::with_platform_verifier()
        .map_err(|error| LedgerError::Tls(error.to_string()))?;
    Ok(tokio_postgres_rustls::MakeRustlsConnect::new(config))
}

impl PgStore {
    /// Sets up the pool; nothing is connected yet (see [`PgStore::ready_client`]). Every
    /// session says it knows schema `known_schema` (the writer guard reads it).
    pub(crate) fn open(
        url: &LedgerUrl,
        password: Option<&SecretString>,
        known_schema: i64,
    ) -> Result<PgStore, LedgerError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("paydesk-ledger")
            .enable_all()
            .build()
            .map_err(|error| LedgerError::Runtime(error.to_string()))?;
        let mut config = url.config.clone();
        if let Some(password) = password {
            config.password(password.expose());
        }
        let options = format!(
            "{} -c paydesk.schema={known_schema}",
            config.get_options().unwrap_or_default(),
        );
        config.options(options.trim());
        let tls = tls()?;
        let manager = Manager::from_config(
            config.clone(),
            tls.clone(),
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(8)
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .wait_timeout(Some(Duration::from_secs(15)))
            .create_timeout(Some(CONNECT_PATIENCE))
            .recycle_timeout(Some(CONNECT_PATIENCE))
            .build()
            .map_err(|error| LedgerError::Runtime(error.to_string()))?;
        let store = PgStore {
            pool,
            config,
            tls,
            runtime: Some(runtime),
            host: url.host.clone().into(),
            shown: url.shown.clone(),
            ready: std::sync::Mutex::new(false),
        };
        Ok(store)
    }

    pub(crate) fn host(&self) -> &str {
        &self.host
    }

    pub(crate) fn shown(&self) -> &str {
        &self.shown
    }

    fn runtime(&self) -> &tokio::runtime::Runtime {
        self.runtime
            .as_ref()
            .unwrap_or_else(|| unreachable!("the runtime goes only when the store does"))
    }

    /// A connection from the pool (a new one when none is idle).
    pub(crate) fn client(&self) -> Result<PgClient, LedgerError> {
        let pool = self.pool.clone();
        let waiting = self.runtime().spawn(async move { pool.get().await });
        match futures_executor::block_on(waiting) {
            Ok(Ok(object)) => Ok(PgClient {
                object: Some(object),
                host: self.host.clone(),
            }),
            // The database answered, and said no (a wrong password, no such database).
            Ok(Err(deadpool_postgres::PoolError::Backend(error))) => {
                tracing::debug!(%error, "no connection to the shared ledger");
                Err(LedgerError::from_postgres(error, &self.host))
            }
            Ok(Err(error)) => {
                tracing::debug!(%error, "no connection to the shared ledger");
                Err(LedgerError::Unreachable {
                    host: self.host.to_string(),
                    detail: error.to_string(),
                })
            }
            Err(error) => Err(LedgerError::Runtime(error.to_string())),
        }
    }

    /// A connection, once the database is ready for this till: the first one runs `prepare`
    /// (the schema migrated, this till's interrupted intents settled) before anything else is
    /// done with it, and until it succeeds every connection tries again.
    pub(crate) fn ready_client(
        &self,
        prepare: impl FnOnce(&mut PgClient) -> Result<(), LedgerError>,
    ) -> Result<PgClient, LedgerError> {
        let mut client = self.client()?;
        let mut ready = self
            .ready
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if !*ready {
            prepare(&mut client)?;
            *ready = true;
        }
        Ok(client)
    }

    /// Listens on [`CHANNEL`] on a connection of its own, for as long as `events` is open;
    /// reconnects by itself when the database goes away (telling `events` both ways).
    pub(crate) fn listen(&self, events: mpsc::UnboundedSender<LedgerEvent>) {
        let config = self.config.clone();
        let tls = self.tls.clone();
        self.runtime().spawn(async move {
            let mut reachable = true;
            loop {
                let connected = config.connect(tls.clone()).await;
                let (client, connection) = match connected {
                    Ok(pair) => pair,
                    Err(error) => {
                        tracing::debug!(%error, "the shared ledger cannot be reached");
                        if reachable {
                            reachable = false;
                            if events.send(LedgerEvent::Reachable(false)).is_err() {
                                return;
                            }
                        }
                        tokio::time::sleep(Duration::from_secs(1)).await;
                        if events.is_closed() {
                            return;
                        }
                        continue;
                    }
                };
                let (driver, heard) = drive(connection);
                if let Err(error) = client.batch_execute(&format!("LISTEN {CHANNEL}")).await {
                    tracing::debug!(%error, "could not listen to the shared ledger");
                    driver.abort();
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
                // Listening (again): after an outage, whatever was written meanwhile was not
                // heard, and whoever listens re-reads what it shows.
                if events.send(LedgerEvent::Reachable(true)).is_err() {
                    return;
                }
                let heard_until = relay(&client, heard, &events).await;
                driver.abort();
                reachable = false;
                if heard_until == HeardUntil::NobodyListens
                    || events.send(LedgerEvent::Reachable(false)).is_err()
                {
                    return;
                }
            }
        });
    }
}

/// Why a listening connection stopped being relayed.
#[derive(Debug, PartialEq, Eq)]
enum HeardUntil {
    /// The database went away or stopped answering: connect again.
    Lost,
    /// Whoever listened is gone: stop.
    NobodyListens,
}

/// Drives a listening connection on its own task, handing each notice's payload to the
/// receiver it returns; the task ends with the connection.
fn drive<S, T>(
    mut connection: tokio_postgres::Connection<S, T>,
) -> (tokio::task::JoinHandle<()>, mpsc::UnboundedReceiver<String>)
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
    T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let (notices, heard) = mpsc::unbounded_channel();
    let driver = tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(message) = messages.next().await {
            match message {
                Ok(AsyncMessage::Notification(notice)) => {
                    if notices.send(notice.payload().to_owned()).is_err() {
                        return;
                    }
                }
                Ok(_) => {}
                Err(error) => {
                    tracing::debug!(%error, "the shared ledger's connection ended");
                    return;
                }
            }
        }
    });
    (driver, heard)
}

/// Hands each notice heard on to `events` as a ledger event, and every two seconds makes sure
/// the database still answers (one that stopped answering without closing the socket is lost
/// too).
async fn relay(
    client: &tokio_postgres::Client,
    mut heard: mpsc::UnboundedReceiver<String>,
    events: &mpsc::UnboundedSender<LedgerEvent>,
) -> HeardUntil {
    let mut health = tokio::time::interval(Duration::from_secs(2));
    loop {
        tokio::select! {
            heard_one = heard.recv() => match heard_one {
                Some(payload) => {
                    if let Some(event) = LedgerEvent::parse(&payload)
                        && events.send(event).is_err()
                    {
                        return HeardUntil::NobodyListens;
                    }
                }
                None => return HeardUntil::Lost,
            },
            _ = health.tick() => {
                if events.is_closed() {
                    return HeardUntil::NobodyListens;
                }
                let ping = tokio::time::timeout(
                    CONNECT_PATIENCE,
                    client.simple_query("SELECT 1"),
                );
                if !matches!(ping.await, Ok(Ok(_))) {
                    return HeardUntil::Lost;
                }
            }
        }
    }
}

/// What another till (or the receiver) wrote to the shared ledger, as its notice says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LedgerEvent {
    NotificationStored(i64),
    NotificationChecked(i64),
    Collection(i64),
    Payout(i64),
    /// A code that takes many payments took one more.
    Received(i64),
    /// A PIN or a cashier changed.
    People,
    /// An answer contradicted a final state (kept, never applied).
    Contradiction(i64),
    /// A drawer changed: a shift opened or closed, an entry or a void written.
    Cash,
    /// A customer's tab changed: a customer kept or forgotten, an entry written.
    Tab,
    /// A sale, one of its parts or a return of one written, or the frequent items changed.
    Sale,
    /// Listening has started or started again (true: re-read what is shown, notices may have
    /// been missed), or the database went away (false).
    Reachable(bool),
}

impl LedgerEvent {
    fn parse(payload: &str) -> Option<LedgerEvent> {
        let mut parts = payload.split(':');
        let table = parts.next()?;
        let operation = parts.next()?;
        let id: i64 = parts.next()?.parse().ok()?;
        Some(match (table, operation) {
            ("notifications", "insert") => LedgerEvent::NotificationStored(id),
            ("notifications", _) => LedgerEvent::NotificationChecked(id),
            ("collections", _) => LedgerEvent::Collection(id),
            ("payouts", _) => LedgerEvent::Payout(id),
            ("received_payments", _) => LedgerEvent::Received(id),
            ("people", _) => LedgerEvent::People,
            ("status_contradictions", _) => LedgerEvent::Contradiction(id),
            ("cash_shifts" | "cash_closes" | "cash_entries" | "cash_voids", _) => LedgerEvent::Cash,
            ("tab_customers" | "tab_entries", _) => LedgerEvent::Tab,
            ("sales" | "sale_parts" | "part_returns" | "frequent_items", _) => LedgerEvent::Sale,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ledger_url_keeps_its_password_out_and_encrypts_off_this_computer() {
        let local = LedgerUrl::parse("postgres://caja@localhost:5433/tienda").unwrap();
        assert!(!local.encrypted());
        assert_eq!(local.to_string(), "postgres://caja@localhost:5433/tienda");
        let remote = LedgerUrl::parse("postgresql://caja@db.tienda.co/tienda").unwrap();
        assert!(remote.encrypted());
        assert_eq!(remote.host(), "db.tienda.co");
        assert!(LedgerUrl::parse("postgres://caja:secreto@localhost/tienda").is_err());
        assert!(LedgerUrl::parse("postgres://caja@db.tienda.co/tienda?sslmode=disable").is_err());
        assert!(LedgerUrl::parse("mysql://caja@localhost/tienda").is_err());
        assert!(LedgerUrl::parse("postgres://localhost/tienda").is_err());
        assert!(LedgerUrl::parse("postgres://caja@localhost").is_err());
    }

    #[test]
    fn notices_name_what_changed() {
        assert_eq!(
            LedgerEvent::parse("notifications:insert:7"),
            Some(LedgerEvent::NotificationStored(7))
        );
        assert_eq!(
            LedgerEvent::parse("payouts:update:3"),
            Some(LedgerEvent::Payout(3))
        );
        assert_eq!(LedgerEvent::parse("other:insert:1"), None);
        assert_eq!(LedgerEvent::parse("garbage"), None);
    }
}
