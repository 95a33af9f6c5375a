//! The embedded ledger's schema, one version at a time: each step's SQL and, where stored rows
//! are read again, its Rust pass, all in one transaction under a write lock.

use rusqlite::Connection;

use super::error::LedgerError;
use super::schema::{self, journal_schema, notification_head, notifications_table};
use super::store::Conn;

/// One step of the schema: SQL, then (for steps that re-read stored rows) a Rust pass in the
/// same transaction.
pub(super) struct Migration {
    pub(super) sql: &'static str,
    pub(super) then: Option<RowPass>,
}

/// Re-reads stored rows inside a migration's transaction.
pub(super) type RowPass = fn(&Connection) -> Result<(), LedgerError>;

const fn sql(sql: &'static str) -> Migration {
    Migration { sql, then: None }
}

/// Each entry moves the schema one version up; never edit one that has shipped.
pub(super) const MIGRATIONS: &[Migration] = &[
    // 1: the payout journal.
    sql(journal_schema!("INTEGER PRIMARY KEY", "INTEGER", "")),
    // 2: the webhook inbox, rejected notifications, and what was collected from this computer.
    sql(concat!(
        "CREATE TABLE notifications (",
        notification_head!("INTEGER PRIMARY KEY", "INTEGER"),
        "
        amount INTEGER,
        real_amount INTEGER,
        cost_text TEXT NOT NULL,
        cost INTEGER,
        reference1 TEXT NOT NULL,
        payment_method TEXT NOT NULL,
        product_id INTEGER,
        withdraw_reference1 TEXT,
        error_code TEXT,
        raw TEXT NOT NULL,
        check_state TEXT NOT NULL DEFAULT 'unchecked',
        service_status INTEGER,
        checked_at INTEGER,
        duplicates INTEGER NOT NULL DEFAULT 0,
        UNIQUE (reference_id, status, updated_at)
    );
    CREATE INDEX notifications_by_time ON notifications (received_at);
    CREATE INDEX notifications_by_reference ON notifications (reference_id);
    CREATE TABLE rejected_notifications (
        id INTEGER PRIMARY KEY,
        received_at INTEGER NOT NULL,
        reason TEXT NOT NULL,
        raw TEXT NOT NULL
    );
    CREATE TABLE collections (
        id INTEGER PRIMARY KEY,
        profile TEXT NOT NULL,
        reference TEXT NOT NULL,
        kind TEXT NOT NULL,
        amount INTEGER,
        reference1 TEXT NOT NULL,
        url TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        status INTEGER,
        status_at INTEGER,
        UNIQUE (profile, reference)
    );
    CREATE INDEX collections_by_time ON collections (created_at);"
    )),
    // 3: the notification figures in the service's meaning (gross = `realAmount`, what the
    // payer paid; fee = `cost`; net = `amount`, what the merchant receives), re-read from each
    // stored raw body; and the provider's reference in the key, so that two payments of one
    // resource in the same second are two rows, not a duplicate.
    Migration {
        sql: concat!(
            notifications_table!("notifications_v3", "INTEGER PRIMARY KEY", "INTEGER"),
            "
        INSERT INTO notifications_v3 (id, received_at, reference_id, resource_id, status,
            updated_at, amount_text, cost_text, reference1, payment_method, product_id,
            withdraw_reference1, error_code, raw, check_state, service_status, checked_at,
            duplicates)
        SELECT id, received_at, reference_id, resource_id, status, updated_at, amount_text,
            cost_text, reference1, payment_method, product_id, withdraw_reference1, error_code,
            raw, check_state, service_status, checked_at, duplicates
        FROM notifications;
        DROP TABLE notifications;
        ALTER TABLE notifications_v3 RENAME TO notifications;
        CREATE INDEX notifications_by_time ON notifications (received_at);
        CREATE INDEX notifications_by_reference ON notifications (reference_id);"
        ),
        then: Some(schema::rederive_figures),
    },
    // 4: what was sold, so today's list shows it again after a restart.
    sql("ALTER TABLE collections ADD COLUMN description TEXT NOT NULL DEFAULT '';"),
    // 5: which till wrote an intent (a shared ledger's till, after a crash, settles only its
    // own), and the lookups a year of payments needs.
    sql(
        "ALTER TABLE payouts ADD COLUMN till TEXT NOT NULL DEFAULT '';
        CREATE INDEX payouts_by_transaction ON payouts (transaction_reference);
        CREATE INDEX collections_by_reference ON collections (reference);",
    ),
    // 6: codes that take payment after payment (a static QR on the counter, an interoperable
    // QR, a Bre-B key) and each payment they took, as a status check or a notification saw it.
    sql(schema::RECEIVED_SQLITE),
    // 7: the books from the service's answers: every confirmed payment a row of its own, each
    // payment and notification a profile's, kinds as codes rather than words.
    Migration {
        sql: schema::BOOKS_SQLITE,
        then: Some(|connection| schema::books_pass(&mut Conn::Sqlite(connection))),
    },
    // 8: refused requests counted, and only a capped sample of them kept.
    sql(schema::REFUSALS),
    // 9: which rows have had customers' personal data blanked.
    sql(schema::PERSONAL),
    // 10: who works the till (owner and cashiers, their PINs' hashes and wrong tries), who did
    // what, and who sold each payment at which till.
    sql(schema::PEOPLE_SQLITE),
    // 11: each payment's resource id, which the current interface's notifications can name.
    sql(schema::RESOURCE_SCHEMA),
    // 12: a final state is final in the database; contradicting answers kept apart; when each
    // sale and each code's payment was announced.
    sql(schema::FINAL_SQLITE),
    // 13: the payout journal's columns and a notification's payout reference named for what
    // they hold.
    sql(schema::PAYOUT_WORDS),
    // 14: a return's tie to the sale (and the counter code's payment) it returns, and why.
    sql(schema::RETURNS_SCHEMA),
    // 15: the drawer's books: shifts, their entries, voids and closes.
    sql(schema::CASH_SQLITE),
    // 16: customers' tabs (fiado): the customers kept, their entries, the links that pay them.
    sql(schema::TABS_SQLITE),
    // 17: the sales journal: each sale once whatever paid it, its number, lines and parts, and
    // each return of a part; the four books carried over into it.
    Migration {
        sql: super::schema_sales::SALES_SQLITE,
        then: Some(|connection| super::sales_carry::carry_over(&mut Conn::Sqlite(connection))),
    },
];

/// Under an immediate (write) lock, so two processes opening a new ledger at once migrate it
/// once: the second reads the version only after the first has committed.
pub(super) fn migrate(connection: &Connection) -> Result<(), LedgerError> {
    let transaction =
        rusqlite::Transaction::new_unchecked(connection, rusqlite::TransactionBehavior::Immediate)?;
    let version: i64 = transaction.pragma_query_value(None, "user_version", |row| row.get(0))?;
    let latest = MIGRATIONS.len() as i64;
    if version > latest {
        return Err(LedgerError::TooNew { found: version });
    }
    for migration in MIGRATIONS.iter().skip(version as usize) {
        transaction.execute_batch(migration.sql)?;
        if let Some(step) = migration.then {
            step(&transaction)?;
        }
    }
    transaction.pragma_update(None, "user_version", latest)?;
    transaction.commit()?;
    Ok(())
}
