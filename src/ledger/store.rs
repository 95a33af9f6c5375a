//! One way to run the ledger's SQL on either backend: the statements are written once, in the
//! dialect both SQLite and PostgreSQL read (`?N` parameters are turned into `$N` for
//! PostgreSQL), with values and rows that convert to and from both.

use std::borrow::Cow;

use super::error::LedgerError;
pub(crate) use super::param::{Param, args};
use super::postgres::PgClient;

/// A column type both backends read: `i64`, `String`, `bool` and their `Option`s.
pub(crate) trait Column:
    rusqlite::types::FromSql + for<'a> tokio_postgres::types::FromSql<'a>
{
}

impl<T> Column for T where T: rusqlite::types::FromSql + for<'a> tokio_postgres::types::FromSql<'a> {}

/// One row of a result, from either backend.
pub(crate) enum Row<'a> {
    Sqlite(&'a rusqlite::Row<'a>),
    Postgres(&'a tokio_postgres::Row),
}

impl Row<'_> {
    pub(crate) fn get<T: Column>(&self, index: usize) -> Result<T, LedgerError> {
        match self {
            Row::Sqlite(row) => Ok(row.get(index)?),
            Row::Postgres(row) => Ok(row.try_get(index)?),
        }
    }
}

/// A connection (or an open transaction) on either backend.
pub(crate) enum Conn<'a> {
    Sqlite(&'a rusqlite::Connection),
    Postgres(&'a mut PgClient),
}

impl Conn<'_> {
    /// Holds the lock named `what` for `key` until the transaction ends, so two tills' rules read
    /// and write one at a time. SQLite's write transactions already do (they start `IMMEDIATE`);
    /// on PostgreSQL it is an advisory lock.
    pub(crate) fn lock_until_commit(&mut self, what: &str, key: &str) -> Result<(), LedgerError> {
        match self {
            Conn::Sqlite(_) => Ok(()),
            Conn::Postgres(_) => self
                .query_opt(
                    "SELECT pg_advisory_xact_lock(hashtextextended(?1 || ':' || ?2, 0))::text",
                    &[Param::from(what), Param::from(key)],
                    |_| Ok(()),
                )
                .map(|_| ()),
        }
    }

    /// Runs a statement; returns how many rows it changed.
    pub(crate) fn execute(&mut self, sql: &str, params: &[Param]) -> Result<u64, LedgerError> {
        match self {
            Conn::Sqlite(connection) => {
                let mut statement = connection.prepare_cached(sql)?;
                Ok(statement.execute(rusqlite::params_from_iter(params.iter()))? as u64)
            }
            Conn::Postgres(client) => client.execute(&dollar_parameters(sql), params),
        }
    }

    /// Every row, each read by `read`.
    pub(crate) fn query<T>(
        &mut self,
        sql: &str,
        params: &[Param],
        mut read: impl FnMut(&Row<'_>) -> Result<T, LedgerError>,
    ) -> Result<Vec<T>, LedgerError> {
        match self {
            Conn::Sqlite(connection) => {
                let mut statement = connection.prepare_cached(sql)?;
                let mut rows = statement.query(rusqlite::params_from_iter(params.iter()))?;
                let mut read_rows = Vec::new();
                while let Some(row) = rows.next()? {
                    read_rows.push(read(&Row::Sqlite(row))?);
                }
                Ok(read_rows)
            }
            Conn::Postgres(client) => client
                .query(&dollar_parameters(sql), params)?
                .iter()
                .map(|row| read(&Row::Postgres(row)))
                .collect(),
        }
    }

    /// The first row, if any.
    pub(crate) fn query_opt<T>(
        &mut self,
        sql: &str,
        params: &[Param],
        read: impl FnOnce(&Row<'_>) -> Result<T, LedgerError>,
    ) -> Result<Option<T>, LedgerError> {
        match self {
            Conn::Sqlite(connection) => {
                let mut statement = connection.prepare_cached(sql)?;
                let mut rows = statement.query(rusqlite::params_from_iter(params.iter()))?;
                match rows.next()? {
                    Some(row) => Ok(Some(read(&Row::Sqlite(row))?)),
                    None => Ok(None),
                }
            }
            Conn::Postgres(client) => {
                match client.query(&dollar_parameters(sql), params)?.first() {
                    Some(row) => Ok(Some(read(&Row::Postgres(row))?)),
                    None => Ok(None),
                }
            }
        }
    }

    /// The one value a statement such as `SELECT COUNT(*)` answers.
    pub(crate) fn value<T: Column>(
        &mut self,
        sql: &str,
        params: &[Param],
    ) -> Result<T, LedgerError> {
        self.query_opt(sql, params, |row| row.get(0))?
            .ok_or_else(|| LedgerError::Missing(sql.lines().next().unwrap_or_default().to_owned()))
    }
}

/// `?1` → `$1`, outside quoted text: the one difference between the two dialects' parameters.
pub(crate) fn dollar_parameters(sql: &str) -> Cow<'_, str> {
    if !sql.contains('?') {
        return Cow::Borrowed(sql);
    }
    let mut out = String::with_capacity(sql.len());
    let mut quoted = false;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                quoted = !quoted;
                out.push(c);
            }
            '?' if !quoted && chars.peek().is_some_and(char::is_ascii_digit) => out.push('$'),
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_become_dollars_outside_quotes() {
        assert_eq!(
            dollar_parameters("SELECT ?1, '?2', ?12 WHERE a = '?'"),
            "SELECT $1, '?2', $12 WHERE a = '?'"
        );
        assert!(matches!(dollar_parameters("SELECT 1"), Cow::Borrowed(_)));
    }
}
