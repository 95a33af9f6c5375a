//! Who serves a state file, said in files beside it: the process that serves it holds an
//! exclusive lock on `<state>.lock` for as long as it serves (the operating system lets it go
//! when the process ends, however it ends), which makes it the only one writing the state, and
//! writes where it is to `<state>.running.json`, whole, then renamed into place.

use std::fs::File;
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::config::SimulatorConnection;

/// What the serving process writes beside the state file.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Notice {
    pub(super) instance: String,
    pub(super) pid: u32,
    pub(super) connection: SimulatorConnection,
}

/// Where the process serving `state_file` says it is.
pub fn notice_path(state_file: &Path) -> PathBuf {
    state_file.with_extension("running.json")
}

fn lock_path(state_file: &Path) -> PathBuf {
    state_file.with_extension("lock")
}

/// A notice is a few hundred bytes: any other program may write the file, so no more is read.
const NOTICE_MAX_BYTES: u64 = 16 * 1024;

pub(super) fn read_notice(path: &Path) -> Option<Notice> {
    use std::io::Read;
    let mut text = String::new();
    File::open(path)
        .ok()?
        .take(NOTICE_MAX_BYTES)
        .read_to_string(&mut text)
        .ok()?;
    serde_json::from_str(&text).ok()
}

/// The address a simulator listens on, when it is this computer's: every address it names
/// (the service's, the pay API's, the demo shop's, its control) is on that one loopback address,
/// so a notice cannot send a command's requests, tokens included, anywhere else.
pub(super) fn notice_addr(connection: &SimulatorConnection) -> Option<SocketAddr> {
    let addr = loopback_addr(&connection.control_url)?;
    [
        &connection.base_url,
        &connection.pay_url,
        &connection.spec_pay_url,
        &connection.shop_url,
    ]
    .into_iter()
    .all(|url| loopback_addr(url) == Some(addr))
    .then_some(addr)
}

fn loopback_addr(url: &str) -> Option<SocketAddr> {
    let url = url::Url::parse(url).ok()?;
    let port = url.port()?;
    let addr = match url.host()? {
        url::Host::Ipv4(ip) => SocketAddr::from((ip, port)),
        url::Host::Ipv6(ip) => SocketAddr::from((ip, port)),
        url::Host::Domain(_) => return None,
    };
    addr.ip().is_loopback().then_some(addr)
}

/// The lock on a state file, as far as this process could take it.
pub(super) enum Lock {
    Held(File),
    /// The file system has no locks (some network shares): the notice alone says who serves.
    Unsupported,
    Taken,
}

pub(super) fn try_lock(state_file: &Path) -> std::io::Result<Lock> {
    let path = lock_path(state_file);
    let mut options = std::fs::OpenOptions::new();
    // Never truncated: another process may hold a lock on it.
    options.write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let file = options.open(&path)?;
    match file.try_lock() {
        Ok(()) => Ok(Lock::Held(file)),
        Err(std::fs::TryLockError::WouldBlock) => Ok(Lock::Taken),
        Err(std::fs::TryLockError::Error(error))
            if error.kind() == std::io::ErrorKind::Unsupported =>
        {
            tracing::warn!(%error, "no file locks here: the simulator's notice alone says who serves");
            Ok(Lock::Unsupported)
        }
        Err(std::fs::TryLockError::Error(error)) => Err(error),
    }
}

/// Held by the process serving a state file, for as long as it serves it.
pub(super) struct Claim {
    /// Let go (by the OS, however the process ends) after the state was saved.
    _lock: Option<File>,
    notice: PathBuf,
    instance: Arc<str>,
}

impl Claim {
    pub(super) fn new(lock: Option<File>, notice: PathBuf, instance: Arc<str>) -> Claim {
        Claim {
            _lock: lock,
            notice,
            instance,
        }
    }

    /// Whether the notice still names this run: it does not once the data folder is gone (an
    /// uninstall, a test's home removed).
    pub(super) fn still_ours(&self) -> bool {
        read_notice(&self.notice).is_some_and(|notice| *notice.instance == *self.instance)
    }
}

/// Written whole beside its place, then renamed over it: a reader never sees half a notice.
pub(super) fn publish(path: &Path, notice: &Notice) -> std::io::Result<()> {
    let text = serde_json::to_vec_pretty(notice).map_err(std::io::Error::other)?;
    let temporary = path.with_extension("tmp");
    let mut file = crate::owner_only::create(&temporary)?;
    file.write_all(&text)?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&temporary, path)
}
