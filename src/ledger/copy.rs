//! A ledger written whole to a file of its own, and read back: the portable copy (an embedded
//! SQLite ledger) that backups keep and `restore` reads, from either backend.

use std::collections::BTreeMap;
use std::path::Path;

use rusqlite::{Connection, OpenFlags};

use super::base::{Backend, Ledger};
use super::error::LedgerError;
use super::migrations::MIGRATIONS;

/// How many rows each table holds.
pub type TableCounts = BTreeMap<String, i64>;

/// The tables of a SQLite ledger, its own (no `sqlite_` ones).
fn tables(connection: &Connection) -> Result<Vec<String>, LedgerError> {
    let mut statement = connection.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
         ORDER BY name",
    )?;
    let names = statement
        .query_map([], |row| row.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(names)
}

/// Every table's row count, as one snapshot if called inside a transaction.
pub fn table_counts(connection: &Connection) -> Result<TableCounts, LedgerError> {
    let mut counts = TableCounts::new();
    for table in tables(connection)? {
        let count: i64 =
            connection.query_row(&format!("SELECT count(*) FROM \"{table}\""), [], |row| {
                row.get(0)
            })?;
        counts.insert(table, count);
    }
    Ok(counts)
}

/// Opens a copy only to read it.
pub fn open_read_only(path: &Path) -> Result<Connection, LedgerError> {
    Ok(Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?)
}

/// The newest schema this paydesk writes.
pub fn latest_schema() -> i64 {
    MIGRATIONS.len() as i64
}

impl Ledger {
    /// Writes the whole ledger to `destination` (a new file) as an embedded ledger, and says
    /// how many rows each table had in the snapshot copied. The embedded ledger is copied page
    /// by page with SQLite's online backup, in one step inside one read transaction, so the copy
    /// and the counts are the same moment while other processes go on writing. The shared
    /// ledger is read in one repeatable-read transaction into a new embedded ledger.
    pub fn write_copy(&self, destination: &Path) -> Result<TableCounts, LedgerError> {
        match &self.backend {
            Backend::Sqlite { .. } => {
                let source = self.lock();
                source.execute_batch("BEGIN")?;
                let copied = (|| -> Result<TableCounts, LedgerError> {
                    let counts = table_counts(&source)?;
                    let mut target = Connection::open(destination)?;
                    crate::owner_only::file(destination).map_err(|source| LedgerError::Folder {
                        path: destination.to_owned(),
                        source,
                    })?;
                    let backup = rusqlite::backup::Backup::new(&source, &mut target)?;
                    backup.step(-1)?;
                    drop(backup);
                    // A copy is one file: no WAL beside it to lose on a USB stick.
                    target.pragma_update(None, "journal_mode", "DELETE")?;
                    Ok(counts)
                })();
                let ended = source.execute_batch("COMMIT");
                let counts = copied?;
                ended?;
                Ok(counts)
            }
            Backend::Postgres(shared) => {
                let mut client = self.pg(shared)?;
                let target = Ledger::open(destination)?;
                let connection = target.lock();
                connection.pragma_update(None, "journal_mode", "DELETE")?;
                client.batch("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")?;
                let copied = copy_shared(&mut client, &connection);
                let ended = client.batch("COMMIT");
                let counts = copied?;
                ended?;
                Ok(counts)
            }
        }
    }

    /// Replaces this embedded ledger's contents with the copy at `copy`, in place: the open
    /// connection (and any other process's) reads the restored books from the next statement
    /// on. The copy is brought to this paydesk's schema afterwards.
    pub fn restore_contents(&self, copy: &Path) -> Result<(), LedgerError> {
        match &self.backend {
            Backend::Sqlite { .. } => {
                let source = open_read_only(copy)?;
                let mut live = self.lock();
                {
                    let backup = rusqlite::backup::Backup::new(&source, &mut live)?;
                    backup.step(-1)?;
                }
                live.pragma_update(None, "journal_mode", "WAL")?;
                super::migrations::migrate(&live)?;
                Ok(())
            }
            Backend::Postgres(_) => Err(LedgerError::SharedRestore),
        }
    }
}

/// Copies every table of the embedded ledger's schema from the shared one.
fn copy_shared(
    client: &mut super::postgres::PgClient,
    target: &Connection,
) -> Result<TableCounts, LedgerError> {
    let mut counts = TableCounts::new();
    // Tables are copied by name, not in the order their keys name each other (a sale's lines
    // before the sale): the keys are checked once everything is in, at the commit.
    target.execute_batch("BEGIN; PRAGMA defer_foreign_keys = ON;")?;
    for table in tables(target)? {
        let columns: Vec<String> = {
            let mut statement = target.prepare(&format!("PRAGMA table_info(\"{table}\")"))?;
            statement
                .query_map([], |row| row.get::<_, String>(1))?
                .collect::<Result<_, _>>()?
        };
        let quoted: Vec<String> = columns.iter().map(|c| format!("\"{c}\"")).collect();
        let rows = client.query(
            &format!("SELECT {} FROM \"{table}\"", quoted.join(", ")),
            &[],
        )?;
        let placeholders: Vec<String> = (1..=columns.len()).map(|n| format!("?{n}")).collect();
        let mut insert = target.prepare(&format!(
            "INSERT INTO \"{table}\" ({}) VALUES ({})",
            quoted.join(", "),
            placeholders.join(", ")
        ))?;
        for row in &rows {
            let values = (0..columns.len())
                .map(|index| pg_value(row, index))
                .collect::<Result<Vec<_>, _>>()?;
            insert.execute(rusqlite::params_from_iter(values))?;
        }
        counts.insert(table, rows.len() as i64);
    }
    target.execute_batch("COMMIT")?;
    Ok(counts)
}

/// One value of the shared ledger as SQLite keeps it.
fn pg_value(
    row: &tokio_postgres::Row,
    index: usize,
) -> Result<rusqlite::types::Value, LedgerError> {
    use rusqlite::types::Value;
    use tokio_postgres::types::Type;
    let kind = row.columns()[index].type_().clone();
    Ok(if kind == Type::INT8 {
        row.try_get::<_, Option<i64>>(index)?
            .map_or(Value::Null, Value::Integer)
    } else if kind == Type::INT4 {
        row.try_get::<_, Option<i32>>(index)?
            .map_or(Value::Null, |v| Value::Integer(v.into()))
    } else if kind == Type::BOOL {
        row.try_get::<_, Option<bool>>(index)?
            .map_or(Value::Null, |v| Value::Integer(v.into()))
    } else {
        row.try_get::<_, Option<String>>(index)?
            .map_or(Value::Null, Value::Text)
    })
}
