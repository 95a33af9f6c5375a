//! Which ledger a run uses: the profile's shared one (or `PAYDESK_LEDGER_URL`), else the
//! embedded file in the data folder.

use std::path::Path;

use super::base::{LEDGER_FILE_NAME, Ledger};
use super::error::LedgerError;
use super::postgres::LedgerUrl;
use crate::secrets::{SecretKind, SecretStore, SecretString};

/// Where the ledger is, before it is opened.
#[derive(Debug, Clone)]
pub enum LedgerChoice {
    Embedded,
    Shared(Box<LedgerUrl>),
}

impl LedgerChoice {
    /// `wanted` (`--ledger-url`), then `PAYDESK_LEDGER_URL`, then the profile's `ledger_url`.
    pub fn for_profile(
        profile_ledger_url: Option<&str>,
        wanted: Option<&str>,
    ) -> Result<LedgerChoice, LedgerError> {
        let from_environment = std::env::var("PAYDESK_LEDGER_URL")
            .ok()
            .filter(|url| !url.trim().is_empty());
        match wanted
            .map(str::to_owned)
            .or(from_environment)
            .or_else(|| profile_ledger_url.map(str::to_owned))
        {
            Some(url) => Ok(LedgerChoice::Shared(Box::new(LedgerUrl::parse(&url)?))),
            None => Ok(LedgerChoice::Embedded),
        }
    }

    /// Where it is, as [`Ledger::location`] says it once open.
    pub fn location(&self, data_dir: &Path) -> String {
        match self {
            LedgerChoice::Embedded => data_dir.join(LEDGER_FILE_NAME).display().to_string(),
            LedgerChoice::Shared(url) => url.to_string(),
        }
    }

    /// Opens it. Blocking (disk, or the network and the keyring).
    pub fn open(
        &self,
        data_dir: &Path,
        profile_name: &str,
        secrets: &SecretStore,
    ) -> Result<Ledger, LedgerError> {
        match self {
            LedgerChoice::Embedded => Ledger::open(&data_dir.join(LEDGER_FILE_NAME)),
            LedgerChoice::Shared(url) => {
                let password = std::env::var("PAYDESK_LEDGER_PASSWORD")
                    .ok()
                    .filter(|password| !password.is_empty())
                    .map(SecretString::new)
                    .or_else(|| {
                        secrets
                            .get(profile_name, SecretKind::LedgerPassword)
                            .inspect_err(|error| {
                                tracing::warn!(%error, "the shared ledger's password could not be read");
                            })
                            .ok()
                            .flatten()
                    });
                Ledger::open_shared(url, password.as_ref(), &till_id(data_dir))
            }
        }
    }
}

/// This installation's name in a shared ledger (and, to the service, `userMetadata.identifier`).
pub fn till_id(data_dir: &Path) -> String {
    crate::config::till_id(data_dir)
}
