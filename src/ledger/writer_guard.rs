//! The shared ledger's writer guard, as SQL: which schema brings it, how it is put on every
//! table, and how a table left without it is found. `schema_postgres.rs` defines the guard's
//! function; `postgres.rs` attaches it when it migrates or finds a table without it.

/// The step that brings the writer guard (`schema_postgres.rs`): from it on, every statement
/// that writes is refused, in the database, to a till that knows an older schema than
/// `paydesk_schema.oldest_writer`. Tills from before it never say which schema they know, so
/// they stop writing to a ledger a till of this version has opened (at their next start they
/// refuse it anyway: its schema is newer than theirs).
pub(crate) const GUARD_VERSION: i64 = 8;

/// Every table but the schema's own gets the writer guard: a statement that writes checks, in
/// the database itself, that its till knows a schema recent enough to write. So a till that was
/// already open when a newer one migrated stops writing at its next statement, and a till from
/// before the guard (it never says which schema it knows) never writes to a guarded ledger.
pub(crate) const ATTACH_GUARD: &str = "DO $$
    DECLARE t record;
    BEGIN
        FOR t IN SELECT tablename FROM pg_tables
                 WHERE schemaname = current_schema() AND tablename <> 'paydesk_schema' LOOP
            EXECUTE format('CREATE OR REPLACE TRIGGER paydesk_writer_guard
                BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
                FOR EACH STATEMENT EXECUTE FUNCTION paydesk_writer_guard()', t.tablename);
        END LOOP;
    END $$";

/// A table of the ledger without the guard (one row if any).
pub(crate) const UNGUARDED_TABLE: &str = "SELECT 1 FROM pg_tables t
    WHERE t.schemaname = current_schema() AND t.tablename <> 'paydesk_schema'
      AND NOT EXISTS (
          SELECT 1 FROM pg_trigger g
          JOIN pg_class c ON c.oid = g.tgrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE g.tgname = 'paydesk_writer_guard'
            AND c.relname = t.tablename AND n.nspname = t.schemaname)
    LIMIT 1";
