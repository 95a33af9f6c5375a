//! The schema's text and its row passes, written once for both backends: the SQLite migrations
//! (`migrations.rs`) and the PostgreSQL steps (`schema_postgres.rs`) name them, so a feature's
//! file holds its queries and no step of the schema, and the base of the ledger (which migrates)
//! does not reach the features.

use rusqlite::params;

use super::error::LedgerError;
use super::store::{Conn, args};
use crate::api::kind::PaymentKind;
use crate::api::notification::Notification;
use crate::money::Pesos;

/// The statements that have every till hear a row written to each table named (`$table` after
/// `$writes`: which writes are heard), through `paydesk_notify`, which step 1 of PostgreSQL made.
macro_rules! heard_by_every_till {
    ($($table:literal after $writes:literal),+ $(,)?) => {
        concat!($(
            "
    CREATE TRIGGER ",
            $table,
            "_notify AFTER ",
            $writes,
            " ON ",
            $table,
            "
        FOR EACH ROW EXECUTE FUNCTION paydesk_notify();"
        ),+)
    };
}
pub(super) use heard_by_every_till;

/// Schema 1 (SQLite) and the start of step 1 (PostgreSQL): the payout journal and the bank
/// accounts linked. Only a row id's and an integer's types differ, and PostgreSQL's journal knew
/// the till from the start (`$till`; SQLite's has it from schema 5).
macro_rules! journal_schema {
    ($row_id:literal, $integer:literal, $till:literal) => {
        concat!(
            "CREATE TABLE payouts (
        id ",
            $row_id,
            ",
        profile TEXT NOT NULL,
        reference1 TEXT NOT NULL,
        amount ",
            $integer,
            " NOT NULL,
        cellphone TEXT NOT NULL,
        method_id ",
            $integer,
            " NOT NULL,
        bank_name TEXT,
        webhook_url TEXT,
        state TEXT NOT NULL,
        transaction_reference TEXT,
        withdraw_json TEXT,
        error_code TEXT,
        error_message TEXT,
        service_status ",
            $integer,
            ",
        attempts ",
            $integer,
            " NOT NULL DEFAULT 1,
        created_at ",
            $integer,
            " NOT NULL,
        updated_at ",
            $integer,
            " NOT NULL,",
            $till,
            "
        UNIQUE (profile, reference1)
    );
    CREATE INDEX payouts_by_time ON payouts (profile, created_at);
    CREATE TABLE bank_accounts (
        id ",
            $row_id,
            ",
        profile TEXT NOT NULL,
        service_id ",
            $integer,
            ",
        masked_number TEXT NOT NULL,
        bank_id ",
            $integer,
            " NOT NULL,
        type_id ",
            $integer,
            " NOT NULL,
        added_at ",
            $integer,
            " NOT NULL,
        deleted_at ",
            $integer,
            "
    );"
        )
    };
}
pub(super) use journal_schema;

/// What a notification's row has begun with since schema 2 (SQLite): when it came, what it is
/// about, its state and time as the service wrote them, and its amount as written.
macro_rules! notification_head {
    ($row_id:literal, $integer:literal) => {
        concat!(
            "
            id ",
            $row_id,
            ",
            received_at ",
            $integer,
            " NOT NULL,
            reference_id TEXT NOT NULL,
            resource_id TEXT NOT NULL,
            status ",
            $integer,
            " NOT NULL,
            updated_at TEXT NOT NULL,
            amount_text TEXT NOT NULL,"
        )
    };
}
pub(super) use notification_head;

/// The webhook inbox's table as schema 3 (SQLite) and step 1 (PostgreSQL) made it, named
/// `$name`: the figures in the service's meaning and the provider's reference in the key.
macro_rules! notifications_table {
    ($name:literal, $row_id:literal, $integer:literal) => {
        concat!(
            "CREATE TABLE ",
            $name,
            " (",
            notification_head!($row_id, $integer),
            "
            gross ",
            $integer,
            ",
            fee ",
            $integer,
            ",
            net ",
            $integer,
            ",
            cost_text TEXT NOT NULL,
            reference1 TEXT NOT NULL,
            payment_method TEXT NOT NULL,
            product_id ",
            $integer,
            ",
            provider_reference TEXT NOT NULL DEFAULT '',
            withdraw_reference1 TEXT,
            error_code TEXT,
            error_message TEXT,
            raw TEXT NOT NULL,
            check_state TEXT NOT NULL DEFAULT 'unchecked',
            service_status ",
            $integer,
            ",
            checked_at ",
            $integer,
            ",
            duplicates ",
            $integer,
            " NOT NULL DEFAULT 0,
            UNIQUE (reference_id, status, updated_at, provider_reference)
        );"
        )
    };
}
pub(super) use notifications_table;

/// Schema 13 (SQLite) and step 10 (PostgreSQL), the same on both: the payout journal's columns
/// named for what they hold (where the money goes is a mobile number or a Bre-B key; the service's
/// reply is kept as it came), and a notification's payout reference for what it names. The
/// statements of an earlier version name the old columns (see step 10 for the tills still open).
pub(super) const PAYOUT_WORDS: &str = "
    ALTER TABLE payouts RENAME COLUMN cellphone TO destination;
    ALTER TABLE payouts RENAME COLUMN withdraw_json TO reply_json;
    ALTER TABLE notifications RENAME COLUMN withdraw_reference1 TO payout_reference1;";

/// Schema 14 (SQLite) and step 11 (PostgreSQL), the same on both: a return is a payout, and this
/// is its tie to the sale it returns (and, for a counter code, to the one payment: its provider
/// reference; empty for a sale, which is one payment), with why. A row is written in the
/// transaction that writes the payout's intent, never changed after. Only adds: a till of an
/// earlier version keeps writing (it makes no returns, and reads a return as the payout it is).
pub(super) const RETURNS_SCHEMA: &str = "
    CREATE TABLE sale_returns (
        payout_id BIGINT PRIMARY KEY REFERENCES payouts (id),
        profile TEXT NOT NULL,
        sale_reference TEXT NOT NULL,
        payment_reference TEXT NOT NULL DEFAULT '',
        reason TEXT NOT NULL,
        reason_words TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX sale_returns_by_sale ON sale_returns (profile, sale_reference, payment_reference);";

/// What an entry of the drawer's books (schema 15) and of a tab's (schema 16) begins with: whose
/// book it is in (`$book`, a row of `$books`), when, what kind, and its amount, never zero or
/// less (a kind says which way it goes).
macro_rules! entry_head {
    ($row_id:literal, $book:literal, $books:literal) => {
        concat!(
            "
        id ",
            $row_id,
            ",
        ",
            $book,
            " BIGINT NOT NULL REFERENCES ",
            $books,
            " (id),
        at BIGINT NOT NULL,
        kind TEXT NOT NULL,
        amount BIGINT NOT NULL CHECK (amount > 0),"
        )
    };
}

/// Schema 15 (SQLite) and step 12 (PostgreSQL): the drawer's books (issue 45). Every row is
/// written once: a shift, its entries, a void (one per entry: the key), a close (one per shift).
/// Only a row id's type differs. Only adds: a till of an earlier version keeps writing (it
/// records no cash and never reads these tables).
macro_rules! cash_schema {
    ($row_id:literal) => {
        concat!(
            "CREATE TABLE cash_shifts (
        id ",
            $row_id,
            ",
        till TEXT NOT NULL,
        till_name TEXT NOT NULL,
        opened_at BIGINT NOT NULL,
        opened_role TEXT NOT NULL,
        opened_by TEXT NOT NULL,
        base BIGINT NOT NULL CHECK (base >= 0)
    );
    CREATE INDEX cash_shifts_by_till ON cash_shifts (till, opened_at);
    CREATE TABLE cash_closes (
        id ",
            $row_id,
            ",
        shift_id BIGINT NOT NULL UNIQUE REFERENCES cash_shifts (id),
        closed_at BIGINT NOT NULL,
        closed_role TEXT NOT NULL,
        closed_by TEXT NOT NULL,
        closed_till TEXT NOT NULL,
        expected BIGINT NOT NULL,
        counted BIGINT NOT NULL CHECK (counted >= 0),
        count TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT ''
    );
    CREATE TABLE cash_entries (",
            entry_head!($row_id, "shift_id", "cash_shifts"),
            "
        tendered BIGINT,
        reference TEXT NOT NULL DEFAULT '',
        instead_of TEXT NOT NULL DEFAULT '',
        reason TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL DEFAULT '',
        role TEXT NOT NULL,
        name TEXT NOT NULL,
        till_name TEXT NOT NULL
    );
    CREATE INDEX cash_entries_by_time ON cash_entries (at);
    CREATE INDEX cash_entries_by_shift ON cash_entries (shift_id);
    CREATE INDEX cash_entries_by_reference ON cash_entries (reference);
    CREATE INDEX cash_entries_instead_of ON cash_entries (instead_of);
    CREATE UNIQUE INDEX cash_sales_once ON cash_entries (reference) WHERE kind = 'sale';
    CREATE TABLE cash_voids (
        id ",
            $row_id,
            ",
        entry_id BIGINT NOT NULL UNIQUE REFERENCES cash_entries (id),
        at BIGINT NOT NULL,
        role TEXT NOT NULL,
        name TEXT NOT NULL,
        till_name TEXT NOT NULL,
        reason TEXT NOT NULL
    );"
        )
    };
}

pub(super) const CASH_SQLITE: &str = cash_schema!("INTEGER PRIMARY KEY");

/// The same in PostgreSQL, and every till hears a drawer's change (the owner's view of shifts).
pub(super) const CASH_POSTGRES: &str = concat!(
    cash_schema!("BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    heard_by_every_till!(
        "cash_shifts" after "INSERT",
        "cash_closes" after "INSERT",
        "cash_entries" after "INSERT",
        "cash_voids" after "INSERT",
    )
);

/// Schema 16 (SQLite) and step 13 (PostgreSQL): customers' tabs (fiado, issue 46). A customer
/// is kept with the authorisation they gave (Ley 1581); their name, cellphone and document are
/// blanked when forgotten, the amounts stay. Every entry is written once; a payment by the
/// service is one per sale and payment (the unique index: never credited twice, whichever till
/// or path sees it). A link for a tab is tied to the customer by its merchant reference before
/// the service hears of it, so a payment always finds its tab. Only adds: older tills keep
/// writing.
macro_rules! tab_schema {
    ($row_id:literal) => {
        concat!(
            "CREATE TABLE tab_customers (
        id ",
            $row_id,
            ",
        name TEXT NOT NULL,
        cellphone TEXT NOT NULL DEFAULT '',
        document TEXT NOT NULL DEFAULT '',
        credit_limit BIGINT,
        consent_at BIGINT NOT NULL,
        consent_how TEXT NOT NULL,
        consent_role TEXT NOT NULL,
        consent_name TEXT NOT NULL,
        consent_till TEXT NOT NULL,
        added_at BIGINT NOT NULL,
        forgotten_at BIGINT
    );
    CREATE INDEX tab_customers_by_cellphone ON tab_customers (cellphone);
    CREATE TABLE tab_entries (",
            entry_head!($row_id, "customer_id", "tab_customers"),
            "
        description TEXT NOT NULL DEFAULT '',
        sale_reference TEXT NOT NULL DEFAULT '',
        payment_reference TEXT NOT NULL DEFAULT '',
        cash_entry BIGINT,
        over_limit BIGINT NOT NULL DEFAULT 0,
        role TEXT NOT NULL,
        name TEXT NOT NULL,
        till_name TEXT NOT NULL
    );
    CREATE INDEX tab_entries_by_customer ON tab_entries (customer_id, at);
    CREATE INDEX tab_entries_by_time ON tab_entries (at);
    CREATE UNIQUE INDEX tab_paid_once ON tab_entries (sale_reference, payment_reference)
        WHERE kind = 'paid-service';
    CREATE TABLE tab_links (
        id ",
            $row_id,
            ",
        profile TEXT NOT NULL,
        reference1 TEXT NOT NULL,
        customer_id BIGINT NOT NULL REFERENCES tab_customers (id),
        asked BIGINT,
        created_at BIGINT NOT NULL,
        UNIQUE (profile, reference1)
    );"
        )
    };
}

pub(super) const TABS_SQLITE: &str = tab_schema!("INTEGER PRIMARY KEY");

/// The same in PostgreSQL, and every till hears a tab change.
pub(super) const TABS_POSTGRES: &str = concat!(
    tab_schema!("BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    heard_by_every_till!(
        "tab_customers" after "INSERT OR UPDATE",
        "tab_entries" after "INSERT",
    )
);

/// The resource id column, the same in both backends.
pub(super) const RESOURCE_SCHEMA: &str = "ALTER TABLE collections ADD COLUMN resource_id TEXT;
    CREATE INDEX collections_by_resource ON collections (profile, resource_id);";

/// Schema 10 (SQLite) and step 6 (PostgreSQL), written once: only a row id's type differs.
/// `people` rows are never deleted (a cashier who leaves is marked), so a shared ledger's
/// notice can name each change by its row.
macro_rules! people_schema {
    ($row_id:literal) => {
        concat!(
            "CREATE TABLE people (
                id ",
            $row_id,
            ",
                who TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                role TEXT NOT NULL,
                pin_hash TEXT NOT NULL,
                added_at BIGINT NOT NULL,
                changed_at BIGINT NOT NULL,
                removed_at BIGINT
            );
            CREATE TABLE pin_locks (
                who TEXT PRIMARY KEY,
                failures BIGINT NOT NULL,
                locked_until BIGINT NOT NULL
            );
            CREATE TABLE shop_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE activity (
                id ",
            $row_id,
            ",
                at BIGINT NOT NULL,
                role TEXT NOT NULL,
                name TEXT NOT NULL,
                till TEXT NOT NULL,
                action TEXT NOT NULL,
                detail TEXT NOT NULL
            );
            CREATE INDEX activity_by_time ON activity (at);
            ALTER TABLE collections ADD COLUMN cashier TEXT NOT NULL DEFAULT '';
            ALTER TABLE collections ADD COLUMN till_name TEXT NOT NULL DEFAULT '';"
        )
    };
}

pub(super) const PEOPLE_SQLITE: &str = people_schema!("INTEGER PRIMARY KEY");

/// The same in PostgreSQL, and every till hears a PIN or a cashier change.
pub(super) const PEOPLE_POSTGRES: &str = concat!(
    people_schema!("BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    heard_by_every_till!("people" after "INSERT OR UPDATE")
);

/// Schema 9 (SQLite) and 5 (PostgreSQL): which rows have had their personal data blanked.
pub(super) const PERSONAL: &str = "
    ALTER TABLE notifications ADD COLUMN personal_blanked BIGINT NOT NULL DEFAULT 0;
    ALTER TABLE payouts ADD COLUMN personal_blanked BIGINT NOT NULL DEFAULT 0;";

/// Schema 8 (SQLite) and 4 (PostgreSQL): the statements read the same in both.
pub(super) const REFUSALS: &str = "
    CREATE TABLE refusal_tally (
        day TEXT NOT NULL,
        kind TEXT NOT NULL,
        count BIGINT NOT NULL,
        last_at BIGINT NOT NULL,
        PRIMARY KEY (day, kind)
    );
    ALTER TABLE rejected_notifications ADD COLUMN kind TEXT NOT NULL DEFAULT '';
    ALTER TABLE rejected_notifications ADD COLUMN source TEXT NOT NULL DEFAULT '';
    UPDATE rejected_notifications SET raw = substr(raw, 1, 2048) WHERE length(raw) > 2048;
    DELETE FROM rejected_notifications
        WHERE id < (SELECT max(id) FROM rejected_notifications) - 199;";

/// Schema step 6 on SQLite; step 2 on PostgreSQL is the same in its types.
pub(super) const RECEIVED_SQLITE: &str = "
    ALTER TABLE collections ADD COLUMN repeatable INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE collections ADD COLUMN open_until INTEGER;
    CREATE TABLE received_payments (
        id INTEGER PRIMARY KEY,
        reference TEXT NOT NULL,
        provider_reference TEXT NOT NULL,
        amount INTEGER,
        fee INTEGER,
        received_at INTEGER NOT NULL,
        UNIQUE (reference, provider_reference)
    );
    CREATE INDEX received_payments_by_time ON received_payments (received_at);";

pub(super) const RECEIVED_POSTGRES: &str = concat!(
    "
    ALTER TABLE collections ADD COLUMN repeatable BIGINT NOT NULL DEFAULT 0;
    ALTER TABLE collections ADD COLUMN open_until BIGINT;
    CREATE TABLE received_payments (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        reference TEXT NOT NULL,
        provider_reference TEXT NOT NULL,
        amount BIGINT,
        fee BIGINT,
        received_at BIGINT NOT NULL,
        UNIQUE (reference, provider_reference)
    );
    CREATE INDEX received_payments_by_time ON received_payments (received_at);",
    heard_by_every_till!("received_payments" after "INSERT")
);

/// Schema step 7 (SQLite; PostgreSQL's step 3 below): every approved payment the service
/// confirmed is a received payment (not only a code's), and belongs to a profile, as each
/// notification does (to the profile whose key verified it).
pub(super) const BOOKS_SQLITE: &str = "
    CREATE TABLE received_payments_v7 (
        id INTEGER PRIMARY KEY,
        profile TEXT NOT NULL,
        reference TEXT NOT NULL,
        provider_reference TEXT NOT NULL,
        amount INTEGER,
        fee INTEGER,
        received_at INTEGER NOT NULL,
        UNIQUE (profile, reference, provider_reference)
    );
    INSERT INTO received_payments_v7 (id, profile, reference, provider_reference, amount, fee,
        received_at)
    SELECT r.id, COALESCE((SELECT c.profile FROM collections c WHERE c.reference = r.reference
        ORDER BY c.id LIMIT 1), ''), r.reference, r.provider_reference, r.amount, r.fee,
        r.received_at
    FROM received_payments r;
    DROP TABLE received_payments;
    ALTER TABLE received_payments_v7 RENAME TO received_payments;
    CREATE INDEX received_payments_by_time ON received_payments (received_at);
    ALTER TABLE notifications ADD COLUMN profile TEXT NOT NULL DEFAULT '';
    CREATE INDEX notifications_by_profile ON notifications (profile, received_at);";

pub(super) const BOOKS_POSTGRES: &str = "
    ALTER TABLE received_payments ADD COLUMN profile TEXT NOT NULL DEFAULT '';
    UPDATE received_payments r SET profile = COALESCE((SELECT c.profile FROM collections c
        WHERE c.reference = r.reference ORDER BY c.id LIMIT 1), '');
    ALTER TABLE received_payments DROP CONSTRAINT received_payments_reference_provider_reference_key;
    ALTER TABLE received_payments ADD CONSTRAINT received_payments_key
        UNIQUE (profile, reference, provider_reference);
    ALTER TABLE notifications ADD COLUMN profile TEXT NOT NULL DEFAULT '';
    CREATE INDEX notifications_by_profile ON notifications (profile, received_at);";

/// The rest of step 7, the same on both backends: notifications stored before they had a
/// profile go to the profile of their payment or payout; an approved payment the service
/// confirmed before each approval was its own row becomes one; and kinds stored as words (in
/// the language of the till that wrote them) become codes.
pub(super) fn books_pass(db: &mut Conn<'_>) -> Result<(), LedgerError> {
    db.execute(
        "UPDATE notifications SET profile = COALESCE(
            (SELECT c.profile FROM collections c WHERE c.reference = notifications.reference_id
             ORDER BY c.id LIMIT 1),
            (SELECT p.profile FROM payouts p
             WHERE p.transaction_reference = notifications.reference_id ORDER BY p.id LIMIT 1),
            '')
         WHERE profile = ''",
        &[],
    )?;
    // A notification confirmed before the check knew whose it was: about nothing of its
    // profile's, it says so now.
    db.execute(
        "UPDATE notifications SET check_state = 'not_ours'
         WHERE check_state = 'confirmed'
           AND NOT EXISTS (SELECT 1 FROM collections c
                           WHERE c.reference = notifications.reference_id
                             AND c.profile = notifications.profile)
           AND NOT EXISTS (SELECT 1 FROM payouts p
                           WHERE p.transaction_reference = notifications.reference_id
                             AND p.profile = notifications.profile)",
        &[],
    )?;
    db.execute(
        "INSERT INTO received_payments (profile, reference, provider_reference, amount, fee,
            received_at)
         SELECT profile, reference, '', amount, NULL, COALESCE(status_at, created_at)
         FROM collections WHERE repeatable = 0 AND status = 2
         ON CONFLICT (profile, reference, provider_reference) DO NOTHING",
        &[],
    )?;
    let kinds = db.query("SELECT DISTINCT kind FROM collections", &[], |row| {
        row.get::<String>(0)
    })?;
    for words in kinds {
        let code = PaymentKind::from_stored_words(&words).code();
        if code != words {
            db.execute(
                "UPDATE collections SET kind = ?2 WHERE kind = ?1",
                args![&words, &code],
            )?;
        }
    }
    Ok(())
}

/// Migration 3: every stored notification's figures and provider reference, read again from
/// its raw body with today's meaning of the fields. A body that no longer parses keeps empty
/// figures (it is still listed, and its raw body is kept).
pub(super) fn rederive_figures(connection: &rusqlite::Connection) -> Result<(), LedgerError> {
    let stored: Vec<(i64, String)> = {
        let mut statement = connection.prepare("SELECT id, raw FROM notifications")?;
        let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
        rows.collect::<Result<_, _>>()?
    };
    let mut update = connection.prepare(
        "UPDATE notifications SET gross = ?2, fee = ?3, net = ?4, provider_reference = ?5,
            error_message = ?6 WHERE id = ?1",
    )?;
    for (id, raw) in stored {
        let Ok(parsed) = Notification::parse(raw.as_bytes()) else {
            tracing::warn!(
                id,
                "a stored notification no longer parses; its figures stay empty"
            );
            continue;
        };
        update.execute(params![
            id,
            parsed.gross.map(Pesos::get),
            parsed.fee.map(Pesos::get),
            parsed.net.map(Pesos::get),
            parsed.provider_reference,
            parsed.error_message,
        ])?;
    }
    Ok(())
}

/// What both backends' final-state step adds besides the rule itself: where an answer that
/// contradicts a final state is kept (once per sale and answered state, so a service that keeps
/// saying it costs no more rows), and when a sale or a code's payment was announced at a till
/// (so a restart, or a second path to the same answer, never announces it again).
macro_rules! final_schema {
    ($row_id:literal, $integer:literal) => {
        concat!(
            "CREATE TABLE status_contradictions (
                id ",
            $row_id,
            ",
                profile TEXT NOT NULL,
                reference TEXT NOT NULL,
                held_status ",
            $integer,
            " NOT NULL,
                answered_status ",
            $integer,
            " NOT NULL,
                answered_amount ",
            $integer,
            ",
                seen_at ",
            $integer,
            " NOT NULL,
                UNIQUE (profile, reference, answered_status)
            );
            CREATE INDEX status_contradictions_by_time ON status_contradictions (seen_at);
            ALTER TABLE collections ADD COLUMN announced_at ",
            $integer,
            ";
            ALTER TABLE received_payments ADD COLUMN announced_at ",
            $integer,
            ";"
        )
    };
}

/// Schema 12 (SQLite): a final state is final in the database itself. A sale's rejected (0),
/// approved (2), failed (3) and cancelled (5) are never left: an update that would move a
/// collection out of one is ignored, whoever sends it. A code that takes many payments keeps only
/// approved (its status is its latest payer's: one payer refused does not close it).
pub(super) const FINAL_SQLITE: &str = concat!(
    final_schema!("INTEGER PRIMARY KEY", "INTEGER"),
    "
    CREATE TRIGGER collections_final_is_final BEFORE UPDATE OF status ON collections
        WHEN OLD.status IN (0, 2, 3, 5) AND NEW.status IS NOT OLD.status
            AND (OLD.repeatable = 0 OR OLD.status = 2)
        BEGIN SELECT RAISE(IGNORE); END;"
);

/// Step 9 (PostgreSQL): the same rule as a row trigger, so a till of an earlier version that is
/// still open (it overwrote any state with any other) cannot move a final state either.
pub(super) const FINAL_POSTGRES: &str = concat!(
    final_schema!(
        "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
        "BIGINT"
    ),
    "
    CREATE FUNCTION paydesk_final_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF OLD.status IN (0, 2, 3, 5) AND NEW.status IS DISTINCT FROM OLD.status
            AND (OLD.repeatable = 0 OR OLD.status = 2) THEN
            RETURN NULL;
        END IF;
        RETURN NEW;
    END $$;
    CREATE TRIGGER collections_final_is_final BEFORE UPDATE OF status ON collections
        FOR EACH ROW EXECUTE FUNCTION paydesk_final_is_final();",
    heard_by_every_till!("status_contradictions" after "INSERT")
);
