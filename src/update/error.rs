//! Why an update was refused or could not be had, said in words; nothing was installed.

use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum UpdateError {
    #[error("{}", crate::t!("update-bad-address", url = .url.as_str()))]
    BadAddress { url: String },
    #[error("{}", crate::t!("update-unreachable", host = .host.as_str()))]
    Unreachable { host: String, detail: String },
    #[error("{}", crate::t!("update-too-slow", host = .host.as_str()))]
    TooSlow { host: String },
    #[error("{}", crate::t!("update-http-status", host = .host.as_str(), status = .status.to_string()))]
    Status { host: String, status: u16 },
    #[error("{}", crate::t!("update-too-large", cap = .cap.to_string()))]
    TooLarge { cap: u64 },
    #[error("{}", crate::t!("update-bad-signature"))]
    BadSignature,
    #[error("{}", crate::t!("update-not-a-feed"))]
    NotAFeed(String),
    #[error("{}", crate::t!("update-replayed", seen = .seen.as_str(), offered = .offered.as_str()))]
    Replayed { seen: String, offered: String },
    #[error("{}", crate::t!("update-from-the-future", offered = .offered.as_str()))]
    FromTheFuture { offered: String },
    #[error("{}", crate::t!("update-downgrade", offered = .offered.as_str(), running = .running.as_str()))]
    Downgrade { offered: String, running: String },
    #[error("{}", crate::t!("update-no-file", platform = .0.as_str()))]
    NoFileForPlatform(String),
    #[error("{}", crate::t!("update-wrong-size", expected = .expected.to_string(), got = .got.to_string()))]
    WrongSize { expected: u64, got: u64 },
    #[error("{}", crate::t!("update-wrong-hash"))]
    WrongHash,
    #[error("{}", crate::t!("update-disk", path = .path.display().to_string()))]
    Disk {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}", crate::t!("update-not-installable"))]
    NotInstallable,
    #[error("{}", crate::t!("update-install-failed"))]
    Install(String),
}

/// What the line, the disk or the installer said, under «Detalles».
impl crate::i18n::Explained for UpdateError {
    fn detail(&self) -> Option<String> {
        match self {
            UpdateError::Unreachable { detail, .. } => Some(detail.clone()),
            UpdateError::NotAFeed(reason) | UpdateError::Install(reason) => Some(reason.clone()),
            UpdateError::Disk { source, .. } => Some(source.to_string()),
            _ => None,
        }
    }
}

impl UpdateError {
    pub(crate) fn disk(path: &Path) -> impl FnOnce(std::io::Error) -> UpdateError + '_ {
        move |source| UpdateError::Disk {
            path: path.to_owned(),
            source,
        }
    }

    /// A short code for `--json` and the logs.
    pub fn code(&self) -> &'static str {
        match self {
            UpdateError::BadAddress { .. } => "bad_address",
            UpdateError::Unreachable { .. } => "unreachable",
            UpdateError::TooSlow { .. } => "too_slow",
            UpdateError::Status { .. } => "http_status",
            UpdateError::TooLarge { .. } => "too_large",
            UpdateError::BadSignature => "bad_signature",
            UpdateError::NotAFeed(_) => "not_a_feed",
            UpdateError::Replayed { .. } => "replayed",
            UpdateError::FromTheFuture { .. } => "from_the_future",
            UpdateError::Downgrade { .. } => "downgrade",
            UpdateError::NoFileForPlatform(_) => "no_file_for_platform",
            UpdateError::WrongSize { .. } => "wrong_size",
            UpdateError::WrongHash => "wrong_hash",
            UpdateError::Disk { .. } => "disk",
            UpdateError::NotInstallable => "not_installable",
            UpdateError::Install(_) => "install_failed",
        }
    }

    /// The line or the maker's server was the trouble (try again later), not what it sent.
    pub fn is_network(&self) -> bool {
        matches!(
            self,
            UpdateError::Unreachable { .. }
                | UpdateError::TooSlow { .. }
                | UpdateError::Status { .. }
        )
    }
}
