//! The copies of the books while the app is open: a copy each day the app is open (and after the
//! day's close is exported), the copies the owner can restore, a warning when the last good copy
//! is old, and, when the books cannot be opened at start, the offer to restore the newest copy.
//! Beside them, the folder the files made from the books (QR images, PDFs, CSVs) are saved in:
//! both folders and the copy to restore are chosen in the system's dialog (`ui::pick`), one
//! dialog at a time. All disk work and every dialog run off the UI thread; this only keeps what
//! they came to.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::backup::{self, BackupError, Contents, Copy};
use crate::config::{ConfigError, Paths};
use crate::i18n::Problem;
use crate::ledger::activity::Action;
use crate::ledger::{LEDGER_FILE_NAME, Ledger, LedgerChoice};
use crate::ui::plumbing::bridge::{Bridge, Task, finished};
use crate::ui::plumbing::pick::{Pick, Picker};
use crate::ui::plumbing::queue::Queue;
use crate::ui::services::access::Access;
use crate::ui::services::session::Session;

/// Whether a copy was just restored: the books are new under every panel, and the session
/// opens them again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use]
pub enum Restored {
    Yes,
    No,
}

/// What the owner asked of the copies and the folders, run by the next `logic`.
#[derive(Debug, Clone, PartialEq)]
pub enum BackupsCommand {
    TakeNow,
    Preview(PathBuf),
    CancelPreview,
    Restore(PathBuf),
    /// Go on without books this run (the copy is not restored; nothing is written).
    GoOnWithout,
    SetFolder(PathBuf),
    /// Open the system's dialog; what is chosen is applied as if typed.
    Pick(Pick),
    /// Where the QR images, PDFs and CSVs are saved from now on.
    SetExportsFolder(PathBuf),
}

/// How often the folder is looked at again (and a day's copy taken if the day changed).
const LOOK_AGAIN: Duration = Duration::from_secs(60 * 60);

/// The books could not be opened at start: why, and the newest copy that can bring them back.
#[derive(Debug, Clone)]
pub struct Damaged {
    pub problem: Problem,
    pub newest: Option<(Copy, Contents)>,
}

/// What a restore asked for is waiting on: its preview first, then the restore.
#[derive(Debug, Clone)]
pub struct Preview {
    pub copy: PathBuf,
    pub contents: Result<Contents, Problem>,
}

/// A copy's failure as the owner reads it: the books' own failures keep what the database said
/// apart, under «Detalles»; the rest name the file and the system's reason in their sentence.
fn problem_of(error: &BackupError) -> Problem {
    match error {
        BackupError::Ledger(error) => Problem::of(error),
        other => Problem::words(other.to_string()),
    }
}

#[derive(Default)]
pub struct Backups {
    pub queued: Queue<BackupsCommand>,
    /// The owner chose to go on without the damaged books this run.
    pub dismissed: bool,
    folder: Option<PathBuf>,
    reading_folder: Option<Task<PathBuf>>,
    saving_folder: Option<Task<Result<PathBuf, ConfigError>>>,
    /// The dialog open now, and what it is for.
    picking: Option<(Pick, Task<Option<PathBuf>>)>,
    /// Where saved files go (the app's `Paths::exports_dir`, mirrored for Configuración).
    exports: Option<PathBuf>,
    saving_exports: Option<Task<Result<PathBuf, Problem>>>,
    /// The last change of that folder, for Configuración.
    pub exports_result: Option<Result<String, Problem>>,
    /// Newest first.
    pub copies: Vec<Copy>,
    listing: Option<Task<Result<Vec<Copy>, BackupError>>>,
    looked_at: Option<Instant>,
    taking: Option<Task<Result<Copy, BackupError>>>,
    /// The last copy's outcome, for Settings: when it was taken (said in words when shown, in
    /// the language on screen then), or why not.
    pub last_result: Option<Result<i64, Problem>>,
    diagnosing: Option<Task<Option<Damaged>>>,
    diagnosed_for: Option<Problem>,
    pub damaged: Option<Damaged>,
    previewing: Option<Task<(PathBuf, Result<Contents, BackupError>)>>,
    pub preview: Option<Preview>,
    restoring: Option<Task<Result<String, BackupError>>>,
    pub restore_result: Option<Result<String, Problem>>,
}

impl Backups {
    pub fn newest(&self) -> Option<&Copy> {
        self.copies.first()
    }

    pub fn is_busy(&self) -> bool {
        self.taking.is_some() || self.restoring.is_some()
    }

    /// Whether the copies' folder has been looked at (until then the top bar says nothing of
    /// them).
    pub fn looked(&self) -> bool {
        self.looked_at.is_some() && self.listing.is_none()
    }

    /// The top bar's warning: no good copy in the last three days.
    pub fn is_stale(&self) -> bool {
        self.looked() && backup::is_stale(self.newest(), crate::clock::now_ms())
    }

    pub fn folder(&self) -> Option<&PathBuf> {
        self.folder.as_ref()
    }

    /// The folder saved files go to.
    pub fn exports_folder(&self) -> Option<&PathBuf> {
        self.exports.as_ref()
    }

    /// A dialog is open (its buttons wait for it).
    pub fn is_picking(&self) -> bool {
        self.picking.is_some()
    }

    pub fn is_restoring(&self) -> bool {
        self.restoring.is_some()
    }

    /// Looks at the folder (at start, every hour, after a change), takes the day's copy, and
    /// finds out why books that could not be opened cannot. A new folder for saved files is
    /// the app's from the moment it is kept (`paths`, the app's own).
    pub fn logic(
        &mut self,
        bridge: &Bridge,
        session: &Arc<Session>,
        paths: &mut Paths,
        picker: &Picker,
        access: &Access,
    ) -> Restored {
        let restored = self.poll(bridge);
        self.poll_files(paths);
        let paths = &*paths;
        for command in self.queued.take() {
            log(bridge, session, access, &command);
            self.run(command, bridge, session, (paths, picker), access);
        }
        if self.folder.is_none() {
            // The settings file is read off the UI thread, once; nothing is looked at before.
            // One that cannot be read leaves the data folder's `copias`: the session says why
            // the file cannot be read.
            if self.reading_folder.is_none() {
                let paths = paths.clone();
                self.reading_folder = Some(bridge.spawn_blocking(move || {
                    let books = paths.load().map(|config| config.books).unwrap_or_default();
                    books.backup_folder(&paths.data_dir)
                }));
            }
            return restored;
        }
        let due = self
            .looked_at
            .is_none_or(|looked| looked.elapsed() >= LOOK_AGAIN);
        if due && self.listing.is_none() && !self.is_busy() {
            // A copy that failed (a USB stick not plugged in) is tried again with the look.
            if self.last_result.as_ref().is_some_and(Result::is_err) {
                self.last_result = None;
            }
            self.look(bridge);
        }
        match &session.ledger {
            Ok(ledger) => {
                self.damaged = None;
                self.diagnosed_for = None;
                if self.looked()
                    && !self.is_busy()
                    && self.last_result.as_ref().is_none_or(Result::is_ok)
                    && !backup::taken_today(self.newest(), crate::clock::now_ms())
                {
                    self.take(bridge, ledger.clone());
                }
            }
            Err(problem) => {
                let embedded = matches!(
                    LedgerChoice::for_profile(
                        session.connection.profile.ledger_url.as_deref(),
                        None
                    ),
                    Ok(LedgerChoice::Embedded)
                );
                if embedded
                    && self.diagnosing.is_none()
                    && self.diagnosed_for.as_ref() != Some(problem)
                {
                    self.diagnosed_for = Some(problem.clone());
                    self.diagnose(bridge, paths, problem.clone());
                }
            }
        }
        restored
    }

    fn run(
        &mut self,
        command: BackupsCommand,
        bridge: &Bridge,
        session: &Arc<Session>,
        (paths, picker): (&Paths, &Picker),
        access: &Access,
    ) {
        match command {
            BackupsCommand::Pick(pick) => {
                if self.picking.is_none() {
                    let start = match pick {
                        Pick::ExportsFolder => self.exports.clone(),
                        Pick::BackupFolder | Pick::CopyToRestore => self.folder.clone(),
                    };
                    self.picking = Some((pick, picker.ask(bridge, pick, start)));
                }
            }
            BackupsCommand::SetExportsFolder(folder) => {
                self.set_exports_folder(bridge, paths, folder);
            }
            BackupsCommand::TakeNow => {
                if let Ok(ledger) = &session.ledger {
                    self.take(bridge, ledger.clone());
                }
            }
            BackupsCommand::Preview(copy) => self.preview(bridge, copy),
            BackupsCommand::CancelPreview => self.preview = None,
            BackupsCommand::Restore(copy) => self.restore(bridge, session, paths, copy, access),
            BackupsCommand::GoOnWithout => self.dismissed = true,
            BackupsCommand::SetFolder(folder) => {
                let paths = paths.clone();
                // Kept in the settings file; the copies go there from the next one on.
                self.saving_folder = Some(bridge.spawn_blocking(move || {
                    paths.change(|config| {
                        config.books.backup_folder = Some(folder.clone());
                        Ok(folder)
                    })
                }));
            }
        }
    }

    /// The folder for saved files, kept in the settings file; made now, the owner's alone, so
    /// a folder that cannot be made is said here and not at the first export.
    fn set_exports_folder(&mut self, bridge: &Bridge, paths: &Paths, folder: PathBuf) {
        let paths = paths.clone();
        self.exports_result = None;
        self.saving_exports = Some(bridge.spawn_blocking(move || {
            crate::owner_only::exports_folder(&folder).map_err(|error| {
                Problem::words(crate::t!(
                    "files-folder-failed",
                    folder = folder.display().to_string(),
                    error = error.to_string()
                ))
            })?;
            paths
                .change(|config| {
                    config.books.exports_folder = Some(folder.clone());
                    Ok(folder)
                })
                .map_err(|error| Problem::words(error.to_string()))
        }));
    }

    fn poll(&mut self, bridge: &Bridge) -> Restored {
        let mut restored = Restored::No;
        if let Some(folder) = finished(&mut self.reading_folder) {
            self.folder = Some(folder);
        }
        match finished(&mut self.saving_folder) {
            Some(Ok(folder)) => self.set_folder(bridge, folder),
            Some(Err(error)) => self.last_result = Some(Err(Problem::of(&error))),
            None => {}
        }
        self.poll_copies();
        if let Some(found) = finished(&mut self.diagnosing) {
            self.damaged = found;
        }
        if let Some((copy, contents)) = finished(&mut self.previewing) {
            self.preview = Some(Preview {
                copy,
                contents: contents.map_err(|error| problem_of(&error)),
            });
        }
        if let Some(result) = finished(&mut self.restoring) {
            if result.is_ok() {
                self.damaged = None;
                self.diagnosed_for = None;
                self.preview = None;
                restored = Restored::Yes;
            }
            self.restore_result = Some(result.map_err(|error| problem_of(&error)));
        }
        restored
    }

    /// What a dialog answered, applied as if it had been typed (a dialog closed changes
    /// nothing); the folder for saved files, and a new one once it is kept.
    fn poll_files(&mut self, paths: &mut Paths) {
        if let Some((pick, task)) = &self.picking
            && let Some(answer) = task.poll()
        {
            let pick = *pick;
            self.picking = None;
            if let Some(path) = answer {
                self.queued.push(match pick {
                    Pick::BackupFolder => BackupsCommand::SetFolder(path),
                    Pick::CopyToRestore => BackupsCommand::Preview(path),
                    Pick::ExportsFolder => BackupsCommand::SetExportsFolder(path),
                });
            }
        }
        match finished(&mut self.saving_exports) {
            Some(Ok(folder)) => {
                self.exports_result = Some(Ok(crate::t!(
                    "files-folder-saved",
                    folder = folder.display().to_string()
                )));
                paths.exports_dir = folder;
            }
            Some(Err(problem)) => self.exports_result = Some(Err(problem)),
            None => {}
        }
        if self.exports.as_ref() != Some(&paths.exports_dir) {
            self.exports = Some(paths.exports_dir.clone());
        }
    }

    /// The copies found in the folder, and the copy just taken.
    fn poll_copies(&mut self) {
        if let Some(result) = finished(&mut self.listing) {
            self.looked_at = Some(Instant::now());
            match result {
                Ok(copies) => self.copies = copies,
                Err(error) => self.last_result = Some(Err(problem_of(&error))),
            }
        }
        if let Some(result) = finished(&mut self.taking) {
            self.last_result = Some(match result {
                Ok(copy) => {
                    let taken_at = copy.taken_at;
                    self.copies.retain(|kept| kept.path != copy.path);
                    self.copies.insert(0, copy);
                    Ok(taken_at)
                }
                Err(error) => Err(problem_of(&error)),
            });
            self.looked_at = None;
        }
    }

    fn look(&mut self, bridge: &Bridge) {
        let Some(folder) = self.folder.clone() else {
            return;
        };
        self.listing = Some(bridge.spawn_blocking(move || backup::copies(&folder)));
    }

    /// The folder the owner chose: copies go there from now on.
    fn set_folder(&mut self, bridge: &Bridge, folder: PathBuf) {
        self.folder = Some(folder);
        self.copies.clear();
        self.last_result = None;
        self.look(bridge);
    }

    /// "Hacer copia ahora", the day's copy, and the copy after the day's close.
    fn take(&mut self, bridge: &Bridge, ledger: Arc<Ledger>) {
        let Some(folder) = self.folder.clone() else {
            return;
        };
        if self.taking.is_some() {
            return;
        }
        // What is said next is this copy's outcome.
        self.last_result = None;
        self.taking = Some(bridge.spawn_blocking(move || backup::take(&ledger, &folder)));
    }

    /// Whether the embedded books are damaged or gone (not only away), and the newest copy
    /// that brings them back: a folder or a copy that cannot be read offers none.
    fn diagnose(&mut self, bridge: &Bridge, paths: &Paths, problem: Problem) {
        let data_dir = paths.data_dir.clone();
        let folder = self.folder.clone();
        self.diagnosing = Some(bridge.spawn_blocking(move || {
            let path = data_dir.join(LEDGER_FILE_NAME);
            let damaged = match Ledger::open(&path) {
                Err(error) if error.is_damaged() => true,
                Err(_) => !path.exists(),
                Ok(_) => false,
            };
            if !damaged {
                return None;
            }
            let newest = folder
                .and_then(|folder| backup::newest(&folder).ok())
                .and_then(|copy| {
                    let contents = backup::inspect(&copy.path).ok()?;
                    Some((copy, contents))
                });
            Some(Damaged { problem, newest })
        }));
    }

    /// What a copy holds, before anything is replaced.
    fn preview(&mut self, bridge: &Bridge, copy: PathBuf) {
        self.restore_result = None;
        self.previewing = Some(bridge.spawn_blocking(move || {
            let contents = backup::inspect(&copy);
            (copy, contents)
        }));
    }

    /// Restores `copy`: into the open books (kept aside first), or in place of books that could
    /// not be opened (moved aside).
    fn restore(
        &mut self,
        bridge: &Bridge,
        session: &Arc<Session>,
        paths: &Paths,
        copy: PathBuf,
        access: &Access,
    ) {
        let ledger = session.ledger.clone().ok();
        let data_dir = paths.data_dir.clone();
        let actor = access.actor();
        self.restoring = Some(bridge.spawn_blocking(move || {
            let contents = match ledger {
                Some(ledger) => {
                    let (contents, _) = backup::restore_into(&ledger, &copy, &data_dir)?;
                    // Written in the books as restored: they say who brought them back.
                    let file = copy.file_name().unwrap_or_default().to_string_lossy();
                    let written = ledger.record_activity(
                        &actor,
                        Action::BooksRestored,
                        &file,
                        crate::ledger::now_ms(),
                    );
                    if let Err(error) = written {
                        tracing::warn!(%error, "the restore's activity entry was not written");
                    }
                    contents
                }
                None => backup::restore_file(&copy, &data_dir.join(LEDGER_FILE_NAME))?.0,
            };
            Ok(crate::t!("backups-restored", contents = contents.words()))
        }));
    }
}

/// A folder the owner changed, written down as theirs.
fn log(bridge: &Bridge, session: &Session, access: &Access, command: &BackupsCommand) {
    let detail = match command {
        BackupsCommand::SetFolder(folder) => {
            crate::t!("log-backup-folder", folder = folder.display().to_string())
        }
        BackupsCommand::SetExportsFolder(folder) => {
            crate::t!("log-exports-folder", folder = folder.display().to_string())
        }
        _ => return,
    };
    access.record(bridge, session, Action::SettingsChanged, detail);
}
