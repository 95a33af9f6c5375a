//! A verified file put to use, the way this computer's paydesk was installed:
//!
//! - **Windows** (the setup's per-user installation): the installer runs silently with
//!   `/RELAUNCH` once this paydesk has closed (it closes a running one itself and waits for its
//!   files), and opens paydesk again on the new version. The books and settings are under the
//!   user's profile, which the installer never touches.
//! - **AppImage**: the new one is copied beside the old, checked again, and renamed over it (one
//!   atomic step; the running one keeps its own copy open until it closes).
//! - **.deb and .rpm**: a package manager owns those files, so the verified package is kept and
//!   the person is told the one command that installs it.
//!
//! Every path checks the file again just before it runs it or puts it in place.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::{TrustedKey, UpdateError, Verified};

/// How this paydesk was installed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlatformKind {
    /// Windows, installed by paydesk's setup (its uninstaller is beside paydesk.exe).
    WindowsSetup,
    /// Windows, some other way (the .msi, a copied folder): the setup is kept for the person.
    WindowsOther,
    AppImage,
    Deb,
    Rpm,
    /// Built from source (`cargo run`), or a system paydesk has no installer for.
    FromSource,
}

/// This computer's paydesk: how it was installed, and what an update replaces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Platform {
    pub kind: PlatformKind,
    /// The AppImage file, or the Windows installation folder.
    pub target: Option<PathBuf>,
}

impl Platform {
    /// Whether installing closes a paydesk window that is open: the Windows setup must replace
    /// paydesk.exe, so it closes it (by force after 10 s, even mid-sale). An AppImage is replaced
    /// beside the one running, and a package is the person's to install.
    pub fn closes_an_open_paydesk(&self) -> bool {
        self.kind == PlatformKind::WindowsSetup
    }

    /// Looks at the running program and where it lives.
    pub fn detect() -> Platform {
        let exe = std::env::current_exe().ok();
        if cfg!(windows) {
            let folder = exe.as_deref().and_then(Path::parent).map(Path::to_owned);
            let kind = match &folder {
                Some(folder) if folder.join("uninstall.exe").is_file() => {
                    PlatformKind::WindowsSetup
                }
                _ => PlatformKind::WindowsOther,
            };
            return Platform {
                kind,
                target: folder,
            };
        }
        // The AppImage runtime names the image it runs from.
        if let Some(image) = std::env::var_os("APPIMAGE").map(PathBuf::from)
            && image.is_file()
        {
            return Platform {
                kind: PlatformKind::AppImage,
                target: Some(image),
            };
        }
        let system = exe.as_deref() == Some(Path::new("/usr/bin/paydesk"));
        let kind = if system && Path::new("/var/lib/dpkg/info/paydesk.list").exists() {
            PlatformKind::Deb
        } else if system && Path::new("/usr/bin/rpm").exists() {
            PlatformKind::Rpm
        } else {
            PlatformKind::FromSource
        };
        Platform { kind, target: None }
    }

    /// The feed's name for this computer's file.
    pub fn feed_key(&self) -> Option<String> {
        let arch = std::env::consts::ARCH;
        Some(match self.kind {
            PlatformKind::WindowsSetup | PlatformKind::WindowsOther => format!("windows-{arch}"),
            PlatformKind::AppImage => format!("linux-{arch}-appimage"),
            PlatformKind::Deb => format!("linux-{arch}-deb"),
            PlatformKind::Rpm => format!("linux-{arch}-rpm"),
            PlatformKind::FromSource => return None,
        })
    }
}

/// What installing did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Installed {
    /// The installer was started; it waits for paydesk to close, then opens the new version.
    InstallerStarted,
    /// The AppImage was replaced: the next start is the new version.
    Replaced(PathBuf),
    /// A package manager owns the files: this command installs the kept package.
    RunCommand { command: String, file: PathBuf },
}

/// Installs `verified` on `platform`. With `relaunch`, the Windows installer opens paydesk again
/// when it is done.
pub fn install(
    verified: &Verified,
    platform: &Platform,
    key: &TrustedKey,
    relaunch: bool,
) -> Result<Installed, UpdateError> {
    verified.recheck(key)?;
    let file = verified.path.clone();
    match platform.kind {
        PlatformKind::WindowsSetup => start_installer(&file, relaunch),
        PlatformKind::AppImage => {
            let target = platform
                .target
                .as_deref()
                .ok_or(UpdateError::NotInstallable)?;
            replace_beside(verified, target, key).map(|()| Installed::Replaced(target.to_owned()))
        }
        PlatformKind::WindowsOther | PlatformKind::Deb | PlatformKind::Rpm => {
            match manual_command(platform.kind, &file) {
                Some(command) => Ok(Installed::RunCommand { command, file }),
                None => Err(UpdateError::NotInstallable),
            }
        }
        PlatformKind::FromSource => Err(UpdateError::NotInstallable),
    }
}

/// Where paydesk does not install by itself (a package manager owns the files, or Windows
/// without the setup's installation): the one command the person runs on the kept file.
pub fn manual_command(kind: PlatformKind, file: &Path) -> Option<String> {
    match kind {
        PlatformKind::WindowsOther => Some(format!("\"{}\"", file.display())),
        PlatformKind::Deb => Some(format!("sudo apt install {}", file.display())),
        PlatformKind::Rpm => Some(format!("sudo dnf install {}", file.display())),
        PlatformKind::WindowsSetup | PlatformKind::AppImage | PlatformKind::FromSource => None,
    }
}

/// Starts the setup silently, on its own: it outlives this paydesk, which must close for it to
/// replace paydesk.exe (the setup waits for that).
#[cfg(windows)]
fn start_installer(file: &Path, relaunch: bool) -> Result<Installed, UpdateError> {
    use std::os::windows::process::CommandExt;
    const DETACHED_PROCESS: u32 = 0x0000_0008;
    const CREATE_NEW_PROCESS_GROUP: u32 = 0x0000_0200;
    let mut command = std::process::Command::new(file);
    command.arg("/S");
    if relaunch {
        command.arg("/RELAUNCH");
    }
    command
        .creation_flags(DETACHED_PROCESS | CREATE_NEW_PROCESS_GROUP)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map(|_| Installed::InstallerStarted)
        .map_err(|error| UpdateError::Install(error.to_string()))
}

#[cfg(not(windows))]
fn start_installer(_file: &Path, _relaunch: bool) -> Result<Installed, UpdateError> {
    Err(UpdateError::NotInstallable)
}

/// Copies the new AppImage beside the old one, checks the copy, makes it runnable and renames
/// it over the old one: the old file is replaced whole or not at all.
fn replace_beside(verified: &Verified, target: &Path, key: &TrustedKey) -> Result<(), UpdateError> {
    let folder = target.parent().ok_or(UpdateError::NotInstallable)?;
    let copy = tempfile::Builder::new()
        .prefix(".paydesk-update-")
        .tempfile_in(folder)
        .map_err(UpdateError::disk(folder))?;
    let (mut out, copy_path) = copy
        .keep()
        .map_err(|error| UpdateError::disk(folder)(error.error))?;
    let copied = (|| {
        let mut input =
            std::fs::File::open(&verified.path).map_err(UpdateError::disk(&verified.path))?;
        std::io::copy(&mut input, &mut out).map_err(UpdateError::disk(&copy_path))?;
        out.sync_all().map_err(UpdateError::disk(&copy_path))?;
        drop(out);
        let again = Verified {
            path: copy_path.clone(),
            ..verified.clone()
        };
        again.recheck(key)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&copy_path, std::fs::Permissions::from_mode(0o755))
                .map_err(UpdateError::disk(&copy_path))?;
        }
        std::fs::rename(&copy_path, target).map_err(UpdateError::disk(target))
    })();
    if copied.is_err() {
        crate::owner_only::remove_leftover(&copy_path);
    } else {
        crate::owner_only::remove_leftover(&verified.path);
    }
    copied
}

/// The install the person asked for "when paydesk closes" (Instalar al cerrar).
static ARMED: Mutex<Option<(Verified, Platform, TrustedKey)>> = Mutex::new(None);

/// Asks for `verified` to be installed once the app's window has closed (see [`run_armed`]).
pub fn arm_at_exit(verified: Verified, platform: Platform, key: TrustedKey) {
    let mut armed = ARMED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    *armed = Some((verified, platform, key));
}

/// Called by `main` after the window has closed: installs what was armed in this process, if
/// anything, and opens the new version again (Windows).
pub fn run_armed() -> Option<Result<Installed, UpdateError>> {
    let armed = ARMED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .take()?;
    let (verified, platform, key) = armed;
    Some(install(&verified, &platform, &key, true))
}
