//! Where paydesk keeps things on this computer: the settings, the books, the exports, and this
//! installation's own name.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use super::{CONFIG_FILE_NAME, ConfigError, ConfigFile, Profile, SIMULATOR_PROFILE, check_profile};

/// Where paydesk keeps its settings and data. `PAYDESK_CONFIG_DIR` and `PAYDESK_DATA_DIR`
/// override the OS folders (portable installs, tests).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paths {
    pub config_dir: PathBuf,
    pub data_dir: PathBuf,
    /// Where the QR images, PDFs and CSVs paydesk saves go: a folder the person can find (see
    /// `default_exports_dir`), or the one the owner chose in Configuración.
    pub exports_dir: PathBuf,
}

/// The app id, which names the folder of everything paydesk keeps on Windows.
pub const APP_ID: &str = "co.paydesk.Paydesk";

/// Where the settings and the books live when no variable says otherwise: on Windows one folder
/// under the app id, `%APPDATA%\\co.paydesk.Paydesk\\{config,data}` (the window's state is in
/// its `data` too), moved there once from where earlier versions put them
/// (`%APPDATA%\\paydesk\\paydesk\\`); elsewhere the system's own places (XDG on Linux).
fn default_dirs() -> Option<(PathBuf, PathBuf)> {
    let project = directories::ProjectDirs::from("co", "paydesk", "paydesk")?;
    if cfg!(windows) {
        let roaming = directories::BaseDirs::new()?.config_dir().to_owned();
        let home = settle_home(project.config_dir().parent()?, &roaming.join(APP_ID));
        return Some((home.join("config"), home.join("data")));
    }
    Some((
        project.config_dir().to_owned(),
        project.data_dir().to_owned(),
    ))
}

/// Moves an earlier version's folder (`old`, holding `config` and `data`) to `new`, once, and
/// returns the folder to use. Where it cannot be moved (another paydesk holds the books open, a
/// file is locked) the old folder stays in use this time and the move is tried on the next
/// start: nothing is copied half-way.
pub fn settle_home(old: &Path, new: &Path) -> PathBuf {
    // eframe's window state alone (`app.ron`, kept under the app id before this folder was the
    // home) does not make a home: the books or the settings do.
    let holds_books = std::fs::read_dir(new.join("data")).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|entry| entry.file_name() != "app.ron")
    });
    let moved_before = new.join("config").exists() || holds_books;
    let nothing_to_move = !old.join("config").exists() && !old.join("data").exists();
    if moved_before || nothing_to_move {
        return new.to_owned();
    }
    // The books first: they are what another paydesk could hold open. A part that cannot move
    // puts back the ones that did, so the two folders never split the shop's data.
    let mut moved: Vec<(PathBuf, PathBuf)> = Vec::new();
    let mut outcome = std::fs::create_dir_all(new);
    for part in ["data", "config"] {
        if outcome.is_err() {
            break;
        }
        let (from, to) = (old.join(part), new.join(part));
        if !from.exists() {
            continue;
        }
        outcome = make_room(&from, &to).and_then(|()| std::fs::rename(&from, &to));
        if outcome.is_ok() {
            moved.push((from, to));
        }
    }
    match outcome {
        Ok(()) => {
            tracing::info!(from = %old.display(), to = %new.display(), "moved paydesk's folder");
            // The empty folders left behind (`paydesk\\paydesk`, then `paydesk`).
            crate::owner_only::remove_leftover(old);
            if let Some(parent) = old.parent() {
                crate::owner_only::remove_leftover(parent);
            }
            new.to_owned()
        }
        Err(error) => {
            for (from, to) in moved.into_iter().rev() {
                if let Err(error) = std::fs::rename(&to, &from) {
                    tracing::error!(%error, part = %to.display(), "a moved folder could not be put back");
                    return new.to_owned();
                }
            }
            tracing::warn!(%error, from = %old.display(), "paydesk's folder could not be moved yet");
            old.to_owned()
        }
    }
}

/// eframe may already keep the window's state in the new `data` (earlier versions put it
/// there): what it holds joins the old folder's, and the new one goes, so the rename can land.
fn make_room(from: &Path, to: &Path) -> std::io::Result<()> {
    if !to.exists() {
        return Ok(());
    }
    for entry in std::fs::read_dir(to)? {
        let entry = entry?;
        let target = from.join(entry.file_name());
        if !target.exists() {
            std::fs::rename(entry.path(), target)?;
        }
    }
    std::fs::remove_dir_all(to)
}

/// Where saved files go when nobody chose: `paydesk` in the person's Documents folder, where
/// they look for what a program saved; without one (a Linux home with no XDG user folders), a
/// visible `paydesk` folder in the home, never a hidden one; without a home, the data folder.
pub fn default_exports_dir(data_dir: &Path) -> PathBuf {
    let dirs = directories::UserDirs::new();
    exports_dir_in(
        dirs.as_ref().and_then(|dirs| dirs.document_dir()),
        dirs.as_ref().map(|dirs| dirs.home_dir()),
        data_dir,
    )
}

fn exports_dir_in(documents: Option<&Path>, home: Option<&Path>, data_dir: &Path) -> PathBuf {
    documents
        .or(home)
        .map(|folder| folder.join("paydesk"))
        .unwrap_or_else(|| data_dir.join("exports"))
}

impl Paths {
    pub fn from_environment() -> Result<Paths, ConfigError> {
        let (default_config, default_data) = default_dirs().ok_or(ConfigError::NoConfigDir)?;
        let config_dir = std::env::var_os("PAYDESK_CONFIG_DIR")
            .map(PathBuf::from)
            .unwrap_or(default_config);
        let data_dir = std::env::var_os("PAYDESK_DATA_DIR")
            .map(PathBuf::from)
            .unwrap_or(default_data);
        let mut paths = Paths {
            exports_dir: default_exports_dir(&data_dir),
            config_dir,
            data_dir,
        };
        paths.exports_dir = paths.chosen_exports_dir(std::env::var_os("PAYDESK_EXPORTS_DIR"));
        Ok(paths)
    }

    /// Where saved files go: the variable's folder, else the one the owner chose in
    /// Configuración (the settings file is small, and read before any window opens), else
    /// `exports_dir` as it is.
    fn chosen_exports_dir(&self, variable: Option<std::ffi::OsString>) -> PathBuf {
        variable
            .map(PathBuf::from)
            .or_else(|| self.load().ok()?.books.exports_folder)
            .unwrap_or_else(|| self.exports_dir.clone())
    }

    pub fn in_dir(dir: &Path) -> Paths {
        Paths {
            config_dir: dir.join("config"),
            data_dir: dir.join("data"),
            exports_dir: dir.join("exports"),
        }
    }

    pub fn config_file(&self) -> PathBuf {
        self.config_dir.join(CONFIG_FILE_NAME)
    }

    pub fn simulator_state(&self) -> PathBuf {
        self.data_dir.join("simulator-state.json")
    }

    pub fn load(&self) -> Result<ConfigFile, ConfigError> {
        let path = self.config_file();
        let config = match std::fs::read_to_string(&path) {
            Ok(text) => ConfigFile::parse(&text, &path),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(ConfigFile::default()),
            Err(source) => Err(ConfigError::Read { path, source }),
        }?;
        super::till::remember(&config.till);
        Ok(config)
    }

    /// Reads the settings, changes them and writes them back, one change at a time in this
    /// process: the app saves the printer, the profile and the copies' folder from different
    /// threads, and two read-change-write rounds at once would lose one of the changes.
    pub fn change<T>(
        &self,
        change: impl FnOnce(&mut ConfigFile) -> Result<T, ConfigError>,
    ) -> Result<T, ConfigError> {
        static ONE_CHANGE_AT_A_TIME: Mutex<()> = Mutex::new(());
        // A panic elsewhere while holding it left no half-written file (the write is a
        // rename), so the lock is still good.
        let _turn = ONE_CHANGE_AT_A_TIME
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut config = self.load()?;
        let outcome = change(&mut config)?;
        self.save(&config)?;
        Ok(outcome)
    }

    /// Adds or replaces a profile and makes it the active one. Blocking: a small file.
    pub fn save_profile(&self, name: &str, profile: Profile) -> Result<(), ConfigError> {
        check_profile(name, &profile)?;
        self.change(|config| {
            config.profiles.insert(name.to_owned(), profile);
            config.active_profile = Some(name.to_owned());
            Ok(())
        })
    }

    /// The profile paydesk (app and command line) uses when none is named.
    pub fn set_active_profile(&self, name: &str) -> Result<(), ConfigError> {
        self.change(|config| {
            config.profile(name)?;
            config.active_profile = (name != SIMULATOR_PROFILE).then(|| name.to_owned());
            Ok(())
        })
    }

    /// Writes atomically (a temporary file, then a rename) so a crash never leaves half a file.
    pub fn save(&self, config: &ConfigFile) -> Result<(), ConfigError> {
        let path = self.config_file();
        let write = |source| ConfigError::Write {
            path: path.clone(),
            source,
        };
        // The settings name the shop's ledger and accounts: the owner's alone.
        crate::owner_only::folder(&self.config_dir).map_err(write)?;
        // A name of its own per write: two writers sharing one temporary file would rename
        // each other's half-written text into place, or find it gone.
        static WRITES: AtomicU64 = AtomicU64::new(0);
        let temporary = path.with_extension(format!(
            "toml.{}-{}.tmp",
            std::process::id(),
            WRITES.fetch_add(1, Ordering::Relaxed)
        ));
        {
            use std::io::Write;
            let mut file = crate::owner_only::create(&temporary).map_err(write)?;
            if let Err(source) = file
                .write_all(config.to_toml().as_bytes())
                .and_then(|()| file.sync_all())
            {
                crate::owner_only::remove_leftover(&temporary);
                return Err(write(source));
            }
        }
        std::fs::rename(&temporary, &path).map_err(|source| {
            crate::owner_only::remove_leftover(&temporary);
            write(source)
        })?;
        super::till::remember(&config.till);
        Ok(())
    }

    /// Names this till (the first start's question, Configuración). Blocking: a small file.
    pub fn name_till(&self, name: &str) -> Result<String, ConfigError> {
        let name = super::till::check_till_name(name).map_err(ConfigError::TillName)?;
        self.change(|config| {
            config.till.name = Some(name.clone());
            Ok(name)
        })
    }
}

/// The file that keeps this installation's name.
const TILL_FILE_NAME: &str = "till-id";

/// This installation's name: made once (a UUID, 36 characters), kept in the data folder. A
/// shared ledger tells tills apart by it, and the service's current interface asks for it as
/// `userMetadata.identifier`, "who generates" a payment. Without a writable folder a name for
/// this run only (its crashed intents are then settled as another till's: after ten minutes).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_earlier_windows_folder_moves_once_under_the_app_id() {
        let appdata = tempfile::tempdir().unwrap();
        let old = appdata.path().join("paydesk").join("paydesk");
        let new = appdata.path().join(APP_ID);
        std::fs::create_dir_all(old.join("config")).unwrap();
        std::fs::create_dir_all(old.join("data")).unwrap();
        std::fs::write(old.join("config").join(CONFIG_FILE_NAME), "version = 1\n").unwrap();
        std::fs::write(old.join("data").join("ledger.sqlite3"), "books").unwrap();
        // An earlier version kept the window's state under the app id already.
        std::fs::create_dir_all(new.join("data")).unwrap();
        std::fs::write(new.join("data").join("app.ron"), "(window)").unwrap();

        assert_eq!(settle_home(&old, &new), new);
        let read = |path: &Path| std::fs::read_to_string(path).unwrap();
        assert_eq!(read(&new.join("data").join("ledger.sqlite3")), "books");
        assert_eq!(read(&new.join("data").join("app.ron")), "(window)");
        assert_eq!(
            read(&new.join("config").join(CONFIG_FILE_NAME)),
            "version = 1\n"
        );
        assert!(
            !appdata.path().join("paydesk").exists(),
            "the empty old folders go"
        );

        // Once moved, later starts leave it alone, even if an old copy shows up again.
        std::fs::create_dir_all(old.join("data")).unwrap();
        std::fs::write(old.join("data").join("ledger.sqlite3"), "older").unwrap();
        assert_eq!(settle_home(&old, &new), new);
        assert_eq!(read(&new.join("data").join("ledger.sqlite3")), "books");
    }

    #[test]
    fn a_folder_that_cannot_move_stays_in_use_whole() {
        let appdata = tempfile::tempdir().unwrap();
        let old = appdata.path().join("paydesk").join("paydesk");
        std::fs::create_dir_all(old.join("config")).unwrap();
        std::fs::create_dir_all(old.join("data")).unwrap();
        std::fs::write(old.join("data").join("ledger.sqlite3"), "books").unwrap();
        // The new home's place is taken by a file: nothing can be made there.
        let new = appdata.path().join(APP_ID);
        std::fs::write(&new, "in the way").unwrap();
        assert_eq!(settle_home(&old, &new), old);
        assert!(old.join("data").join("ledger.sqlite3").exists());
        assert!(old.join("config").exists());
    }

    #[test]
    fn a_first_start_uses_the_app_id_folder() {
        let appdata = tempfile::tempdir().unwrap();
        let old = appdata.path().join("paydesk").join("paydesk");
        let new = appdata.path().join(APP_ID);
        assert_eq!(settle_home(&old, &new), new);
    }

    #[test]
    fn exports_go_to_documents_else_a_visible_folder_in_the_home() {
        let data = Path::new("/home/ana/.local/share/paydesk");
        let documents = Path::new("/home/ana/Documentos");
        let home = Path::new("/home/ana");
        assert_eq!(
            exports_dir_in(Some(documents), Some(home), data),
            documents.join("paydesk")
        );
        // A home with no Documents folder: a folder the person sees, not the hidden data one.
        let without = exports_dir_in(None, Some(home), data);
        assert_eq!(without, home.join("paydesk"));
        assert!(
            without
                .components()
                .all(|part| !part.as_os_str().to_string_lossy().starts_with('.')),
            "{}",
            without.display()
        );
        assert_eq!(exports_dir_in(None, None, data), data.join("exports"));
    }

    #[test]
    fn the_owners_folder_for_files_is_used_unless_the_variable_says_otherwise() {
        let home = tempfile::tempdir().unwrap();
        let paths = Paths::in_dir(home.path());
        assert_eq!(paths.chosen_exports_dir(None), paths.exports_dir);
        let chosen = home.path().join("Documentos").join("tienda");
        paths
            .change(|config| {
                config.books.exports_folder = Some(chosen.clone());
                Ok(())
            })
            .unwrap();
        assert_eq!(paths.chosen_exports_dir(None), chosen);
        let variable = home.path().join("automatizado");
        assert_eq!(
            paths.chosen_exports_dir(Some(variable.clone().into_os_string())),
            variable
        );
    }

    #[test]
    fn changes_from_many_threads_at_once_are_all_kept() {
        let home = tempfile::tempdir().unwrap();
        let paths = Paths::in_dir(home.path());
        let writers: Vec<_> = (0..16)
            .map(|n| {
                let paths = paths.clone();
                std::thread::spawn(move || {
                    paths
                        .save_profile(&format!("shop-{n}"), Profile::simulator())
                        .unwrap();
                })
            })
            .collect();
        for writer in writers {
            writer.join().unwrap();
        }
        let config = paths.load().unwrap();
        assert_eq!(config.profiles.len(), 16, "{:?}", config.profiles.keys());
        let leftovers: Vec<_> = std::fs::read_dir(home.path().join("config"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .filter(|name| name.to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "{leftovers:?}");
    }
}
