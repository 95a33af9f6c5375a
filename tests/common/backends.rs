//! The same test on both backends: the embedded SQLite books of one computer, and a database on
//! the shared PostgreSQL cluster (its test marked `#[ignore = "needs PostgreSQL"]`, which CI
//! runs with the server up). A till opens the books by name, so two names are two tills.

use paydesk::ledger::{Ledger, LedgerUrl};

use super::postgres::Cluster;

pub enum Store {
    Sqlite(tempfile::TempDir),
    Postgres(String),
}

impl Store {
    pub fn sqlite() -> Store {
        Store::Sqlite(tempfile::tempdir().unwrap())
    }

    pub fn postgres() -> Store {
        Store::Postgres(Cluster::shared().database())
    }

    /// Till `name`'s ledger on these books (opened again: a restart, or another till).
    pub fn till(&self, name: &str) -> Ledger {
        match self {
            Store::Sqlite(dir) => Ledger::open(&dir.path().join("ledger.sqlite3")).unwrap(),
            Store::Postgres(url) => {
                Ledger::open_shared(&LedgerUrl::parse(url).unwrap(), None, name).unwrap()
            }
        }
    }
}

/// `on_both_backends!(a, b)`: for each behaviour `fn a(store: &Store)` of the test file, a module
/// `a` with its `sqlite` test and its `postgres` one. (Every test file includes `common`; only
/// the books' use this.)
#[allow(unused_macros)]
macro_rules! on_both_backends {
    ($($behaviour:ident),* $(,)?) => {
        $(
            mod $behaviour {
                #[test]
                fn sqlite() {
                    super::$behaviour(&$crate::common::backends::Store::sqlite());
                }

                #[test]
                #[ignore = "needs PostgreSQL"]
                fn postgres() {
                    super::$behaviour(&$crate::common::backends::Store::postgres());
                }
            }
        )*
    };
}
#[allow(unused_imports)]
pub(crate) use on_both_backends;
