//! Which ledger a run uses: the profile's shared one (or `PAYDESK_LEDGER_URL`), else the
//! embedded file in the data folder.

use std::path::Path;

use super::{LEDGER_FILE_NAME, Ledger, LedgerError, LedgerUrl};
use crate::secrets::{SecretKind, SecretStore, SecretString};

/// The file naming this till in a shared ledger's payout journal.
const TILL_FILE_NAME: &str = "till-id";

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

/// This installation's name in a shared ledger: made once, kept in the data folder. Without a
/// writable folder a name for this run only (its crashed intents are then settled as another
/// till's: after ten minutes).
pub fn till_id(data_dir: &Path) -> String {
    let path = data_dir.join(TILL_FILE_NAME);
    if let Ok(text) = std::fs::read_to_string(&path)
        && !text.trim().is_empty()
    {
        return text.trim().to_owned();
    }
    let id = uuid::Uuid::new_v4().to_string();
    let written = crate::owner_only::folder(data_dir).and_then(|()| std::fs::write(&path, &id));
    if let Err(error) = written {
        tracing::warn!(%error, "this till's name could not be kept");
    }
    id
}
