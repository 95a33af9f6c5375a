//! The books themselves: one ledger on either backend (the embedded SQLite file or a shared
//! PostgreSQL), opened and migrated, and the two ways every feature's statements run on it (each
//! on its own, or all in one transaction).

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use rusqlite::Connection;

use super::error::LedgerError;
use super::migrations::migrate;
use super::postgres::{self, LedgerEvent, LedgerUrl, PgStore};
use super::recovery;
use super::schema_postgres::{self, PgStep};
use super::store::Conn;

pub const LEDGER_FILE_NAME: &str = "ledger.sqlite3";

/// How long opening waits for other processes that are opening the same ledger.
const OPEN_PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);

fn is_busy(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

pub struct Ledger {
    pub(super) backend: Backend,
    /// Which till writes (empty for the embedded ledger: every intent in it is this PC's).
    pub(super) till: String,
}

pub(super) enum Backend {
    Sqlite {
        connection: Mutex<Connection>,
        path: Option<PathBuf>,
    },
    Postgres(Box<Shared>),
}

/// A shared ledger: the database, and the schema this build knows of it.
pub(super) struct Shared {
    pub(super) store: PgStore,
    schema: &'static [PgStep],
}

impl std::fmt::Debug for Ledger {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.backend {
            Backend::Sqlite { path, .. } => f.debug_struct("Ledger").field("path", path).finish(),
            Backend::Postgres(shared) => f
                .debug_struct("Ledger")
                .field("shared", &shared.store)
                .finish(),
        }
    }
}

impl Ledger {
    /// Opens (or creates) the ledger file, migrates it, and turns intents left `sending` by a
    /// crash into `unknown`.
    pub fn open(path: &Path) -> Result<Ledger, LedgerError> {
        // Customers' data and payout destinations: the owner's alone.
        if let Some(folder) = path
            .parent()
            .filter(|folder| !folder.as_os_str().is_empty())
        {
            crate::owner_only::folder(folder).map_err(|source| LedgerError::Folder {
                path: folder.to_owned(),
                source,
            })?;
        }
        // Two processes opening a new ledger at once can deadlock on the switch to WAL; SQLite
        // then answers "database is locked" at once, without waiting. The loser starts over.
        let deadline = std::time::Instant::now() + OPEN_PATIENCE;
        loop {
            let connection = Connection::open(path)?;
            restrict_files(path)?;
            match Self::prepare(connection, Some(path.to_owned())) {
                Err(LedgerError::Sqlite(error))
                    if is_busy(&error) && std::time::Instant::now() < deadline =>
                {
                    tracing::debug!(%error, "the ledger is busy being opened elsewhere; again");
                    std::thread::sleep(std::time::Duration::from_millis(25));
                }
                opened => return opened,
            }
        }
    }

    pub fn in_folder(data_dir: &Path) -> Result<Ledger, LedgerError> {
        Self::open(&data_dir.join(LEDGER_FILE_NAME))
    }

    pub fn open_in_memory() -> Result<Ledger, LedgerError> {
        Self::prepare(Connection::open_in_memory()?, None)
    }

    fn prepare(connection: Connection, path: Option<PathBuf>) -> Result<Ledger, LedgerError> {
        // First, so that a second process (another window, the CLI) waits instead of failing.
        connection.busy_timeout(std::time::Duration::from_secs(5))?;
        // WAL: readers never block the writer. FULL: a commit is on disk before we say so.
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "FULL")?;
        // A year's close reads a few hundred thousand rows joined by index: SQLite's default
        // 2 MB page cache made each read go back to the file. 64 MB of cache (a limit, taken
        // only as pages are read) and the file mapped into memory read them in place.
        connection.pragma_update(None, "cache_size", -65_536)?;
        connection.pragma_update(None, "mmap_size", 268_435_456)?;
        // Every statement is written once and prepared once per connection.
        connection.set_prepared_statement_cache_capacity(64);
        migrate(&connection)?;
        let ledger = Ledger {
            backend: Backend::Sqlite {
                connection: Mutex::new(connection),
                path,
            },
            till: String::new(),
        };
        ledger.with(|db| recovery::mark_interrupted(db, ""))?;
        Ok(ledger)
    }

    /// A shared ledger on PostgreSQL. `till` names this till in the payout journal, so that
    /// after a crash it settles its own intents and no other's. The database is tried at once
    /// (a wrong password or a newer schema is said now); if it cannot be reached, the ledger is
    /// returned anyway and every call says so until it can, then it gets ready by itself.
    pub fn open_shared(
        url: &LedgerUrl,
        password: Option<&crate::secrets::SecretString>,
        till: &str,
    ) -> Result<Ledger, LedgerError> {
        Self::open_shared_with_schema(url, password, till, schema_postgres::STEPS)
    }

    /// The shared schema this build knows, step by step.
    pub fn shared_schema() -> &'static [PgStep] {
        schema_postgres::STEPS
    }

    /// [`Ledger::open_shared`] as a build that knows `steps` (tests play a later or an earlier
    /// build with it; paydesk itself always opens with [`Ledger::shared_schema`]).
    #[doc(hidden)]
    pub fn open_shared_with_schema(
        url: &LedgerUrl,
        password: Option<&crate::secrets::SecretString>,
        till: &str,
        steps: &'static [PgStep],
    ) -> Result<Ledger, LedgerError> {
        let store = PgStore::open(url, password, steps.len() as i64)?;
        let ledger = Ledger {
            backend: Backend::Postgres(Box::new(Shared {
                store,
                schema: steps,
            })),
            till: till.to_owned(),
        };
        match ledger.with(|_| Ok(())) {
            Err(error) if error.is_unreachable() => {
                tracing::debug!(%error, "the shared ledger cannot be reached yet");
                Ok(ledger)
            }
            Err(error) => Err(error),
            Ok(()) => Ok(ledger),
        }
    }

    /// Where the ledger is, for Settings and `paydesk status`: the file, or the shared
    /// database's address (never its password).
    pub fn location(&self) -> String {
        match &self.backend {
            Backend::Sqlite { path, .. } => path
                .as_ref()
                .map(|path| path.display().to_string())
                .unwrap_or_else(|| ":memory:".to_owned()),
            Backend::Postgres(shared) => shared.store.shown().to_owned(),
        }
    }

    /// The shared ledger's host (for "the shared ledger at HOST cannot be reached").
    pub fn host(&self) -> Option<&str> {
        match &self.backend {
            Backend::Sqlite { .. } => None,
            Backend::Postgres(shared) => Some(shared.store.host()),
        }
    }

    pub fn is_shared(&self) -> bool {
        matches!(self.backend, Backend::Postgres(_))
    }

    /// Which till of shared books this is (its id, kept in the data folder); empty for a PC's
    /// own books, where every row is this till's.
    pub fn till_id(&self) -> &str {
        &self.till
    }

    /// Hears what other tills and the receiver write (only a shared ledger has others).
    pub fn listen(&self, events: tokio::sync::mpsc::UnboundedSender<LedgerEvent>) {
        if let Backend::Postgres(shared) = &self.backend {
            shared.store.listen(events);
        }
    }

    /// Whether this till may still write to the books, asked before a sale is made at the
    /// service: a till that was open when a newer one migrated the shared ledger must not make a
    /// sale the books would then refuse to keep ([`LedgerError::TooOld`]).
    pub fn may_write(&self) -> Result<(), LedgerError> {
        match &self.backend {
            Backend::Sqlite { .. } => Ok(()),
            Backend::Postgres(shared) => {
                schema_postgres::may_write(&mut self.pg(shared)?, shared.schema.len() as i64)
            }
        }
    }

    pub fn schema_version(&self) -> Result<i64, LedgerError> {
        match &self.backend {
            Backend::Sqlite { .. } => {
                Ok(self
                    .lock()
                    .pragma_query_value(None, "user_version", |row| row.get(0))?)
            }
            Backend::Postgres(shared) => schema_postgres::schema_version(&mut self.pg(shared)?),
        }
    }

    /// The embedded connection. Only for what is SQLite's own (its pragmas, its migrations);
    /// everything else goes through [`Ledger::with`] or [`Ledger::transaction`].
    pub(crate) fn lock(&self) -> MutexGuard<'_, Connection> {
        match &self.backend {
            Backend::Sqlite { connection, .. } => connection
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
            Backend::Postgres(_) => unreachable!("the shared ledger has no SQLite connection"),
        }
    }

    /// A connection to the shared ledger, which the first one makes ready: the schema migrated
    /// (under its advisory lock), then this till's interrupted intents settled.
    pub(super) fn pg(&self, shared: &Shared) -> Result<postgres::PgClient, LedgerError> {
        shared.store.ready_client(|client| {
            schema_postgres::migrate(client, shared.schema)?;
            recovery::mark_interrupted(&mut Conn::Postgres(client), &self.till).map(drop)
        })
    }

    /// Runs `work` on a connection, each statement on its own.
    pub(crate) fn with<T>(
        &self,
        work: impl FnOnce(&mut Conn<'_>) -> Result<T, LedgerError>,
    ) -> Result<T, LedgerError> {
        match &self.backend {
            Backend::Sqlite { .. } => work(&mut Conn::Sqlite(&self.lock())),
            Backend::Postgres(shared) => work(&mut Conn::Postgres(&mut self.pg(shared)?)),
        }
    }

    /// Runs `work` in one transaction: all of it is written, or none. On SQLite the write lock
    /// is taken first (a second process waits, then reads what the first wrote); on PostgreSQL
    /// `work` takes what advisory locks its rules need.
    pub(crate) fn transaction<T>(
        &self,
        work: impl FnOnce(&mut Conn<'_>) -> Result<T, LedgerError>,
    ) -> Result<T, LedgerError> {
        match &self.backend {
            Backend::Sqlite { .. } => {
                let mut connection = self.lock();
                let transaction = connection
                    .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
                let done = work(&mut Conn::Sqlite(&transaction))?;
                transaction.commit()?;
                Ok(done)
            }
            Backend::Postgres(shared) => {
                let mut client = self.pg(shared)?;
                client.batch("BEGIN")?;
                match work(&mut Conn::Postgres(&mut client)) {
                    Ok(done) => {
                        client.batch("COMMIT")?;
                        Ok(done)
                    }
                    Err(error) => {
                        if client.batch("ROLLBACK").is_err() {
                            client.discard();
                        }
                        Err(error)
                    }
                }
            }
        }
    }
}

/// The ledger's file and its WAL companions, the owner's alone.
fn restrict_files(path: &Path) -> Result<(), LedgerError> {
    crate::owner_only::sqlite_files(path).map_err(|source| LedgerError::Folder {
        path: path.to_owned(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ledger::migrations::MIGRATIONS;
    use crate::ledger::*;

    /// A ledger file as paydesk left it at schema `version`.
    fn ledger_of_schema(path: &Path, version: usize) -> Connection {
        let connection = Connection::open(path).unwrap();
        for migration in &MIGRATIONS[..version] {
            connection.execute_batch(migration.sql).unwrap();
            if let Some(step) = migration.then {
                step(&connection).unwrap();
            }
        }
        connection
            .pragma_update(None, "user_version", version as i64)
            .unwrap();
        connection
    }

    #[test]
    fn migrates_a_new_file_and_reopens_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nested/ledger.sqlite3");
        let ledger = Ledger::open(&path).unwrap();
        assert_eq!(ledger.schema_version().unwrap(), MIGRATIONS.len() as i64);
        drop(ledger);
        let again = Ledger::open(&path).unwrap();
        assert_eq!(again.schema_version().unwrap(), MIGRATIONS.len() as i64);
        let mode: String = again
            .lock()
            .pragma_query_value(None, "journal_mode", |row| row.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
    }

    #[test]
    fn refuses_a_newer_schema() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.sqlite3");
        {
            let connection = Connection::open(&path).unwrap();
            connection.pragma_update(None, "user_version", 99).unwrap();
        }
        assert!(matches!(
            Ledger::open(&path),
            Err(LedgerError::TooNew { found: 99 })
        ));
    }

    /// A shared ledger had tills in both languages: schema 6 stored kinds as each till's words.
    /// Opened now, they are codes, one per method, and each approval the service had confirmed
    /// is one payment in the books.
    #[test]
    fn kinds_stored_as_words_in_either_language_become_codes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.sqlite3");
        {
            let connection = ledger_of_schema(&path, 6);
            let now = crate::clock::now_ms();
            for (reference, kind) in [
                ("A1", "Link de pago"),
                ("A2", "Payment link"),
                ("A3", "Tarjetas"),
                ("A4", "Cards"),
                ("A5", "Mi medio propio"),
            ] {
                connection
                    .execute(
                        "INSERT INTO collections (profile, reference, kind, amount, reference1,
                            url, created_at, status, status_at)
                         VALUES ('tienda', ?1, ?2, 10000, 'X', '', ?3, 2, ?3)",
                        rusqlite::params![reference, kind, now],
                    )
                    .unwrap();
            }
        }
        let ledger = Ledger::open(&path).unwrap();
        let today = crate::clock::today();
        let report = ledger
            .reconcile(Some("tienda"), today, today, crate::clock::now_ms())
            .unwrap();
        use crate::api::kind::PaymentKind;
        assert_eq!(report.by_method[&PaymentKind::Link].count, 2);
        assert_eq!(report.by_method[&PaymentKind::Method(273)].count, 2);
        assert_eq!(
            report.by_method[&PaymentKind::Unrecognised("Mi medio propio".into())].count,
            1,
            "words it does not know are kept as they were"
        );
        assert_eq!(report.approved.count, 5);
        assert_eq!(report.approved.gross, crate::money::Pesos::new(50_000));
    }

    /// Schema 12 named a payout's destination `cellphone` (it holds a Bre-B key too), its reply
    /// `withdraw_json`, and a notification's payout `withdraw_reference1`: what it wrote reads
    /// the same under today's names, and the journal's rules still see it.
    #[test]
    fn a_ledger_from_before_the_payout_words_reads_right() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.sqlite3");
        let now = crate::clock::now_ms();
        {
            let connection = ledger_of_schema(&path, 12);
            connection
                .execute_batch(&format!(
                    "INSERT INTO payouts (profile, reference1, amount, cellphone, method_id,
                        state, transaction_reference, withdraw_json, created_at, updated_at)
                     VALUES ('tienda', 'PAG-1', 50000, '@ANA123', 264, 'sent', 'CO-1',
                        '{{\"ok\":1}}', {now}, {now});
                     INSERT INTO notifications (received_at, reference_id, resource_id, status,
                        updated_at, amount_text, cost_text, reference1, payment_method,
                        withdraw_reference1, raw, check_state, profile)
                     VALUES ({now}, 'CO-1', '', 1, '2026-11-21 10:00:00', '50000', '', 'PAG-1',
                        '', 'PAG-1', '{{}}', 'unchecked', 'tienda');"
                ))
                .unwrap();
        }
        let ledger = Ledger::open(&path).unwrap();
        assert_eq!(ledger.schema_version().unwrap(), MIGRATIONS.len() as i64);
        let payout = ledger
            .payout_by_reference("tienda", "PAG-1")
            .unwrap()
            .unwrap();
        assert_eq!(payout.destination, "@ANA123");
        assert_eq!(payout.reply_json.as_deref(), Some(r#"{"ok":1}"#));
        let similar = ledger
            .recent_similar_payout("tienda", "@ANA123", crate::money::Pesos::new(50_000), 0)
            .unwrap();
        assert_eq!(similar.map(|record| record.id), Some(payout.id));
        assert_eq!(ledger.last_payout_at("tienda").unwrap(), Some(now));
        let notifications = ledger.notifications_for("CO-1").unwrap();
        assert_eq!(notifications[0].payout_reference1.as_deref(), Some("PAG-1"));
        assert!(notifications[0].is_payout());
    }

    /// Schema 13 knew no returns: opened now, its payouts stay payouts (the close counts them
    /// as such, none is a return), its sales may be returned, and a return written now reads back.
    #[test]
    fn a_ledger_from_before_returns_opens_and_reads() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.sqlite3");
        let now = crate::clock::now_ms();
        {
            let connection = ledger_of_schema(&path, 13);
            connection
                .execute_batch(&format!(
                    "INSERT INTO payouts (profile, reference1, amount, destination, method_id,
                        state, transaction_reference, created_at, updated_at)
                     VALUES ('tienda', 'PROV-1', 7000, '@PEDRO', 264, 'approved', 'CO-1', {now},
                        {now});
                     INSERT INTO collections (profile, reference, kind, amount, reference1, url,
                        created_at, status, status_at)
                     VALUES ('tienda', 'V-1', 'link', 30000, 'X', '', {now}, 2, {now});
                     INSERT INTO received_payments (profile, reference, provider_reference,
                        amount, fee, received_at)
                     VALUES ('tienda', 'V-1', '', 30000, 900, {now});"
                ))
                .unwrap();
        }
        let ledger = Ledger::open(&path).unwrap();
        assert_eq!(ledger.schema_version().unwrap(), MIGRATIONS.len() as i64);
        let payout = ledger
            .payout_by_reference("tienda", "PROV-1")
            .unwrap()
            .unwrap();
        assert_eq!(ledger.return_of_payout(payout.id).unwrap(), None);
        let today = crate::clock::today();
        let report = ledger.reconcile(Some("tienda"), today, today, now).unwrap();
        assert_eq!(report.payouts_paid.count, 1);
        assert!(report.returns.is_empty());
        let returnable = ledger.returnable("tienda", "V-1", "").unwrap();
        assert_eq!(
            returnable.returns.remaining(),
            crate::money::Pesos::new(30_000)
        );
        let rules = IntentRules {
            spacing_ms: 0,
            repeat_window_ms: 0,
            confirmed_repeat_of: None,
        };
        let request = crate::api::PayoutRequest {
            amount: crate::money::Pesos::new(10_000),
            reference1: "DV-1".into(),
            webhook_request: None,
            method_id: 264,
            destination: "@ANA".into(),
            bank_name: None,
        };
        let tie = ReturnTie {
            sale: "V-1".into(),
            payment: String::new(),
            reason: crate::requests::ReturnReason::ChargedTwice,
        };
        let intent = ledger
            .begin_return("tienda", &request, &rules, &tie)
            .unwrap();
        let record = ledger.return_of_payout(intent.id).unwrap().unwrap();
        assert_eq!(record.tie, tie);
    }

    #[test]
    fn a_ledger_written_before_the_figures_were_understood_reads_right() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.sqlite3");
        // Schema 2, as paydesk wrote it: `amount` and `real_amount` taken the wrong way round
        // by the code that read them, and a cost with cents not read at all.
        {
            let connection = ledger_of_schema(&path, 2);
            let raw = r#"{"realAmount": 20000, "amount": 19405, "cost": "$595.00", "referenceId": "R9", "resourceId": "S9", "updatedAt": "2026-11-21 10:00:00", "status": 2, "productId": 117, "paymentMethod": "PSE", "providerReference": "P-9"}"#;
            connection
                .execute(
                    "INSERT INTO notifications (received_at, reference_id, resource_id, status,
                        updated_at, amount_text, amount, real_amount, cost_text, cost, reference1,
                        payment_method, raw, check_state)
                     VALUES (1, 'R9', 'S9', 2, '2026-11-21 10:00:00', '19405', 19405, 20000,
                        '$595.00', NULL, '', 'PSE', ?1, 'confirmed')",
                    [raw],
                )
                .unwrap();
        }
        let ledger = Ledger::open(&path).unwrap();
        assert_eq!(ledger.schema_version().unwrap(), MIGRATIONS.len() as i64);
        let stored = ledger.notifications_for("R9").unwrap();
        assert_eq!(stored.len(), 1);
        let figures = stored[0].figures;
        assert_eq!(figures.gross, Some(crate::money::Pesos::new(20_000)));
        assert_eq!(figures.fee, Some(crate::money::Pesos::new(595)));
        assert_eq!(figures.net, Some(crate::money::Pesos::new(19_405)));
        assert_eq!(stored[0].provider_reference, "P-9");
        assert_eq!(
            stored[0].check_state,
            CheckState::NotOurs,
            "confirmed once, but about no payment created here: it says so now"
        );
    }
}
