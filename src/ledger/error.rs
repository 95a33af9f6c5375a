//! What can go wrong with the books, said as the shop owner reads it: the file, the shared
//! database, a rule of the payout journal.

use std::path::PathBuf;

use super::cash_state::CashRefusal;
use super::payout_state::PayoutRecord;
use super::return_state::ReturnRefusal;
use super::sale_state::SaleRefusal;
use super::tab_state::TabRefusal;

/// The SQLSTATE the writer guard raises: a till that knows an older schema than the ledger
/// requires of writers (`schema_postgres.rs`, step 8).
pub(crate) const TOO_OLD_STATE: &str = "PD001";

#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    #[error("{}", crate::t!("ledger-io"))]
    Sqlite(rusqlite::Error),
    #[error("{}", crate::t!("ledger-folder", path = .path.display().to_string()))]
    Folder {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}", crate::t!("ledger-reference-used", reference = .0.as_str()))]
    DuplicateReference(String),
    #[error("{}", crate::t!("ledger-newer", schema = .found.to_string()))]
    TooNew { found: i64 },
    #[error("{}", crate::t!("ledger-too-soon", ms = .wait_ms.to_string()))]
    PayoutTooSoon { wait_ms: i64 },
    #[error("{}", crate::t!("ledger-repeat"))]
    PayoutRepeat(Box<PayoutRecord>),
    #[error("{}", crate::t!("ledger-repeat-unsettled"))]
    PayoutUnsettled(Box<PayoutRecord>),
    #[error("{}", crate::t!("ledger-no-payout", id = .0.to_string()))]
    NoSuchPayout(i64),
    #[error("{}", crate::t!("ledger-pin-hash"))]
    PinHash(String),
    #[error("{}", crate::t!("ledger-export"))]
    Export(String),
    #[error("{}", crate::t!("ledger-postgres"))]
    Postgres(tokio_postgres::Error),
    #[error("{}", crate::t!("ledger-unreachable", host = .host.as_str()))]
    Unreachable { host: String, detail: String },
    #[error("{}", crate::t!("ledger-bad-url", url = .url.as_str(), reason = .reason.as_str()))]
    BadUrl { url: String, reason: String },
    #[error("{}", crate::t!("ledger-tls"))]
    Tls(String),
    #[error("{}", crate::t!("ledger-runtime"))]
    Runtime(String),
    #[error("{}", crate::t!("ledger-missing", query = .0.as_str()))]
    Missing(String),
    #[error("{}", crate::t!("ledger-wrong-password", host = .0.as_str()))]
    WrongPassword(String),
    #[error("{}", crate::t!("ledger-no-database", host = .host.as_str(), database = .database.as_str()))]
    NoDatabase { host: String, database: String },
    #[error("{}", crate::t!("ledger-shared-restore"))]
    SharedRestore,
    /// A newer till migrated the shared ledger in a way this build must not write to.
    #[error("{}", crate::t!("ledger-too-old"))]
    TooOld,
    /// The books refuse a return (the sale's state, what remains of it), decided from what they
    /// hold: nothing was written, nothing sent.
    #[error(transparent)]
    Return(ReturnRefusal),
    /// The books refuse a cash entry, a shift's close or a void (`cash_state.rs`): nothing was
    /// written.
    #[error(transparent)]
    Cash(CashRefusal),
    /// The books refuse something of a customer's tab (`tab_state.rs`): nothing was written.
    #[error(transparent)]
    Tab(TabRefusal),
    /// The books refuse a sale, one of its parts or a return of one (`sale_state.rs`): nothing
    /// was written.
    #[error(transparent)]
    Sale(SaleRefusal),
}

/// What the database or the system said is kept apart from the sentence a person reads: shown
/// folded under «Detalles», printed on its own line by the command line, and logged once where
/// the error is met (`From` below).
impl crate::i18n::Explained for LedgerError {
    fn detail(&self) -> Option<String> {
        match self {
            LedgerError::Sqlite(error) => Some(error.to_string()),
            LedgerError::Folder { source, .. } => Some(source.to_string()),
            LedgerError::Postgres(error) => Some(crate::i18n::chain(error)),
            LedgerError::Unreachable { detail, .. } => Some(detail.clone()),
            LedgerError::PinHash(detail)
            | LedgerError::Export(detail)
            | LedgerError::Tls(detail)
            | LedgerError::Runtime(detail) => Some(detail.clone()),
            _ => None,
        }
    }
}

impl From<rusqlite::Error> for LedgerError {
    fn from(error: rusqlite::Error) -> Self {
        let error = LedgerError::Sqlite(error);
        error.log_detail();
        error
    }
}

impl From<tokio_postgres::Error> for LedgerError {
    fn from(error: tokio_postgres::Error) -> Self {
        let error = LedgerError::Postgres(error);
        error.log_detail();
        error
    }
}

impl LedgerError {
    /// The system's own words, once, where the failure is met: a broken unique rule is an
    /// answer the ledger expects (a reference used twice), not a failure to log.
    fn log_detail(&self) {
        if self.is_unique_violation() {
            return;
        }
        if let Some(detail) = crate::i18n::Explained::detail(self) {
            tracing::warn!(detail = %crate::untrusted::ForLog(&detail), "{self}");
        }
    }

    /// An answer from the database (a broken rule, a bad statement) stays what it is; anything
    /// else (refused, reset, timed out) means the database cannot be reached.
    pub(crate) fn from_postgres(error: tokio_postgres::Error, host: &str) -> LedgerError {
        use tokio_postgres::error::SqlState;
        if let Some(db_error) = error.as_db_error() {
            // The two a person setting up a till gets wrong, said in their words.
            if *db_error.code() == SqlState::INVALID_PASSWORD
                || *db_error.code() == SqlState::INVALID_AUTHORIZATION_SPECIFICATION
            {
                return LedgerError::WrongPassword(host.to_owned());
            }
            if db_error.code().code() == TOO_OLD_STATE {
                return LedgerError::TooOld;
            }
            if *db_error.code() == SqlState::INVALID_CATALOG_NAME {
                return LedgerError::NoDatabase {
                    host: host.to_owned(),
                    database: db_error
                        .message()
                        .split('"')
                        .nth(1)
                        .unwrap_or_default()
                        .to_owned(),
                };
            }
            LedgerError::Postgres(error)
        } else {
            LedgerError::Unreachable {
                host: host.to_owned(),
                detail: error.to_string(),
            }
        }
    }

    /// The embedded ledger's file is damaged or not a ledger at all: its books need a copy.
    pub fn is_damaged(&self) -> bool {
        matches!(
            self,
            LedgerError::Sqlite(error) if matches!(
                error.sqlite_error_code(),
                Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase)
            )
        )
    }

    /// The database is away: the CLI exits 3, a till says so in its top bar.
    pub fn is_unreachable(&self) -> bool {
        matches!(self, LedgerError::Unreachable { .. })
    }

    pub(super) fn is_unique_violation(&self) -> bool {
        match self {
            LedgerError::Sqlite(rusqlite::Error::SqliteFailure(error, _)) => {
                error.code == rusqlite::ErrorCode::ConstraintViolation
            }
            LedgerError::Postgres(error) => {
                error.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION)
            }
            _ => false,
        }
    }
}
