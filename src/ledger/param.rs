//! The values a statement binds, on either backend: the ledger stores only integers and text.

/// A value bound to a statement: the ledger stores only integers and text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Param {
    Int(Option<i64>),
    Text(Option<String>),
}

impl From<i64> for Param {
    fn from(value: i64) -> Param {
        Param::Int(Some(value))
    }
}

impl From<Option<i64>> for Param {
    fn from(value: Option<i64>) -> Param {
        Param::Int(value)
    }
}

impl From<&str> for Param {
    fn from(value: &str) -> Param {
        Param::Text(Some(value.to_owned()))
    }
}

impl From<&String> for Param {
    fn from(value: &String) -> Param {
        Param::Text(Some(value.clone()))
    }
}

impl From<String> for Param {
    fn from(value: String) -> Param {
        Param::Text(Some(value))
    }
}

impl From<Option<&str>> for Param {
    fn from(value: Option<&str>) -> Param {
        Param::Text(value.map(str::to_owned))
    }
}

impl From<Option<String>> for Param {
    fn from(value: Option<String>) -> Param {
        Param::Text(value)
    }
}

impl From<&Option<String>> for Param {
    fn from(value: &Option<String>) -> Param {
        Param::Text(value.clone())
    }
}

/// `args![a, b, c]`: the parameters of one statement, in `?1, ?2, ?3` order.
macro_rules! args {
    ($($value:expr),* $(,)?) => {
        &[$($crate::ledger::param::Param::from($value)),*][..]
    };
}
pub(crate) use args;

impl rusqlite::ToSql for Param {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        match self {
            Param::Int(value) => value.to_sql(),
            Param::Text(value) => value.to_sql(),
        }
    }
}

impl tokio_postgres::types::ToSql for Param {
    fn to_sql(
        &self,
        ty: &tokio_postgres::types::Type,
        out: &mut bytes::BytesMut,
    ) -> Result<tokio_postgres::types::IsNull, Box<dyn std::error::Error + Sync + Send>> {
        match self {
            Param::Int(value) => value.to_sql(ty, out),
            Param::Text(value) => value.to_sql(ty, out),
        }
    }

    fn accepts(ty: &tokio_postgres::types::Type) -> bool {
        <i64 as tokio_postgres::types::ToSql>::accepts(ty)
            || <String as tokio_postgres::types::ToSql>::accepts(ty)
    }

    // Checked by the value's own kind: an integer bound where PostgreSQL expects text (or the
    // other way round) is an error, not eight bytes read as characters.
    fn to_sql_checked(
        &self,
        ty: &tokio_postgres::types::Type,
        out: &mut bytes::BytesMut,
    ) -> Result<tokio_postgres::types::IsNull, Box<dyn std::error::Error + Sync + Send>> {
        match self {
            Param::Int(value) => value.to_sql_checked(ty, out),
            Param::Text(value) => value.to_sql_checked(ty, out),
        }
    }
}
