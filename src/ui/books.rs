//! The books' safety while the app is open: a copy each day the app is open (and after the day's
//! close is exported), the copies the owner can restore, a warning when the last good copy is
//! old, and, when the books cannot be opened at start, the offer to restore the newest copy;
//! and the folder the files made from them (QR images, PDFs, CSVs) are saved in. Folders and the
//! copy to restore can be chosen in the system's dialog (`ui::pick`). All disk work and every
//! dialog run off the UI thread; this only keeps what they came to.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::backup::{self, Contents, Copy};
use crate::config::Paths;
use crate::ledger::activity::{Action, Actor};
use crate::ledger::{LEDGER_FILE_NAME, Ledger, LedgerChoice};
use crate::ui::bridge::{Bridge, Task, finished};
use crate::ui::pick::{Pick, Picker};
use crate::ui::queue::Queue;
use crate::ui::session::Session;
use crate::ui::{AppAction, AppOptions};

/// What the owner asked of the books, run by the next `logic`.
#[derive(Debug, Clone, PartialEq)]
pub enum BooksCommand {
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
    /// How many days customers' personal data is kept.
    SetCustomerDays(u32),
    /// A customer who asked to be forgotten.
    Forget(crate::ledger::Customer),
}

/// How often the folder is looked at again (and a day's copy taken if the day changed).
const LOOK_AGAIN: Duration = Duration::from_secs(60 * 60);

/// The books could not be opened at start: why, and the newest copy that can bring them back.
#[derive(Debug, Clone)]
pub struct Damaged {
    pub problem: String,
    pub newest: Option<(Copy, Contents)>,
}

/// What a restore asked for is waiting on: its preview first, then the restore.
#[derive(Debug, Clone)]
pub struct Preview {
    pub copy: PathBuf,
    pub contents: Result<Contents, String>,
}

#[derive(Default)]
pub struct BooksGuard {
    pub queued: Queue<BooksCommand>,
    /// The owner chose to go on without the damaged books this run.
    pub dismissed: bool,
    folder: Option<PathBuf>,
    settings: Option<Task<(PathBuf, u32)>>,
    saving_folder: Option<Task<Result<PathBuf, String>>>,
    /// The dialog open now, and what it is for.
    picking: Option<(Pick, Task<Option<PathBuf>>)>,
    /// Where saved files go (the app's `Paths::exports_dir`, mirrored for Configuración).
    exports: Option<PathBuf>,
    saving_exports: Option<Task<Result<PathBuf, String>>>,
    /// The last change of that folder, for Configuración.
    pub exports_result: Option<Result<String, String>>,
    /// How many days customers' personal data is kept (Configuración).
    pub customer_days: u32,
    saving_days: Option<Task<Result<u32, String>>>,
    blanking: Option<Task<Result<crate::ledger::Blanked, String>>>,
    forgetting: Option<Task<Result<String, String>>>,
    /// The last "forget a customer" or retention change, for Settings.
    pub customer_result: Option<Result<String, String>>,
    /// Newest first.
    pub copies: Vec<Copy>,
    listing: Option<Task<Result<Vec<Copy>, String>>>,
    looked_at: Option<Instant>,
    taking: Option<Task<Result<Copy, String>>>,
    /// The last copy's outcome, for Settings: when it was taken (said in words when shown, in
    /// the language on screen then), or why not.
    pub last_result: Option<Result<i64, String>>,
    diagnosing: Option<Task<Option<Damaged>>>,
    diagnosed_for: Option<String>,
    pub damaged: Option<Damaged>,
    previewing: Option<Task<Preview>>,
    pub preview: Option<Preview>,
    restoring: Option<Task<Result<String, String>>>,
    pub restore_result: Option<Result<String, String>>,
}

impl BooksGuard {
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
        self.looked_at.is_some()
            && self.listing.is_none()
            && backup::is_stale(self.newest(), crate::clock::now_ms())
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

    /// Looks at the folder (at start, every hour, after a change), takes the day's copy, and
    /// finds out why books that could not be opened cannot. A new folder for saved files is
    /// the app's from the moment it is kept (`options.paths`).
    pub fn logic(
        &mut self,
        bridge: &Bridge,
        session: &Arc<Session>,
        options: &mut AppOptions,
        actions: &mut Vec<AppAction>,
        actor: &Actor,
    ) {
        self.poll(bridge, actions);
        self.poll_files(&mut options.paths);
        let paths = &options.paths;
        for command in self.queued.take() {
            self.log(bridge, session, actor, &command);
            self.run(command, bridge, session, (paths, &options.picker), actor);
        }
        if self.folder.is_none() {
            // The settings file is read off the UI thread, once; nothing is looked at before.
            if self.settings.is_none() {
                let paths = paths.clone();
                self.settings = Some(bridge.spawn_blocking(move || {
                    let books = paths.load().map(|config| config.books).unwrap_or_default();
                    (
                        books.backup_folder(&paths.data_dir),
                        books.customer_data_days(),
                    )
                }));
            }
            return;
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
            // Customers' data past its days is blanked as the hours go by.
            if let Ok(ledger) = &session.ledger
                && self.blanking.is_none()
            {
                let ledger = ledger.clone();
                let before = crate::ledger::personal_cutoff(self.customer_days);
                self.blanking = Some(bridge.spawn_blocking(move || {
                    ledger
                        .blank_personal_data(before)
                        .map_err(|error| error.to_string())
                }));
            }
        }
        match &session.ledger {
            Ok(ledger) => {
                self.damaged = None;
                self.diagnosed_for = None;
                let looked = self.looked_at.is_some() && self.listing.is_none();
                if looked
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
                    && self.diagnosed_for.as_deref() != Some(problem.as_str())
                {
                    self.diagnosed_for = Some(problem.clone());
                    self.diagnose(bridge, paths, problem.clone());
                }
            }
        }
    }

    fn run(
        &mut self,
        command: BooksCommand,
        bridge: &Bridge,
        session: &Arc<Session>,
        (paths, picker): (&Paths, &Picker),
        actor: &Actor,
    ) {
        match command {
            BooksCommand::Pick(pick) => {
                if self.picking.is_none() {
                    let start = match pick {
                        Pick::ExportsFolder => self.exports.clone(),
                        Pick::BackupFolder | Pick::CopyToRestore => self.folder.clone(),
                    };
                    self.picking = Some((pick, picker.ask(bridge, pick, start)));
                }
            }
            BooksCommand::SetExportsFolder(folder) => {
                self.set_exports_folder(bridge, paths, folder);
            }
            BooksCommand::TakeNow => {
                if let Ok(ledger) = &session.ledger {
                    self.take(bridge, ledger.clone());
                }
            }
            BooksCommand::Preview(copy) => self.preview(bridge, copy),
            BooksCommand::CancelPreview => self.cancel_preview(),
            BooksCommand::Restore(copy) => self.restore(bridge, session, paths, copy, actor),
            BooksCommand::GoOnWithout => self.dismissed = true,
            BooksCommand::SetCustomerDays(days) => {
                let paths = paths.clone();
                self.saving_days = Some(bridge.spawn_blocking(move || {
                    paths
                        .change(|config| {
                            config.books.customer_data_days = Some(days);
                            Ok(days)
                        })
                        .map_err(|error| error.to_string())
                }));
            }
            BooksCommand::Forget(customer) => {
                if let Ok(ledger) = session.ledger.clone() {
                    self.forgetting = Some(bridge.spawn_blocking(move || {
                        ledger
                            .forget_customer(&customer)
                            .map(|blanked| {
                                crate::t!(
                                    "cli-forgotten",
                                    notifications = blanked.notifications,
                                    payouts = blanked.payouts
                                )
                            })
                            .map_err(|error| error.to_string())
                    }));
                }
            }
            BooksCommand::SetFolder(folder) => {
                let paths = paths.clone();
                // Kept in the settings file; the copies go there from the next one on.
                self.saving_folder = Some(bridge.spawn_blocking(move || {
                    paths
                        .change(|config| {
                            config.books.backup_folder = Some(folder.clone());
                            Ok(folder)
                        })
                        .map_err(|error| error.to_string())
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
                crate::t!(
                    "files-folder-failed",
                    folder = folder.display().to_string(),
                    error = error.to_string()
                )
            })?;
            paths
                .change(|config| {
                    config.books.exports_folder = Some(folder.clone());
                    Ok(folder)
                })
                .map_err(|error| error.to_string())
        }));
    }

    /// What the owner changed of the books' settings, and a forgotten customer (never who:
    /// forgetting them in the log too), written down as theirs.
    fn log(&self, bridge: &Bridge, session: &Session, actor: &Actor, command: &BooksCommand) {
        let (action, detail) = match command {
            BooksCommand::SetFolder(folder) => (
                Action::SettingsChanged,
                crate::t!("log-backup-folder", folder = folder.display().to_string()),
            ),
            BooksCommand::SetExportsFolder(folder) => (
                Action::SettingsChanged,
                crate::t!("log-exports-folder", folder = folder.display().to_string()),
            ),
            BooksCommand::SetCustomerDays(days) => (Action::SettingsChanged, {
                let days = *days;
                crate::t!("customers-days-saved", days = days)
            }),
            BooksCommand::Forget(_) => (Action::CustomerForgotten, String::new()),
            _ => return,
        };
        if let Ok(ledger) = session.ledger.clone() {
            let actor = actor.clone();
            drop(bridge.spawn_blocking(move || {
                if let Err(error) =
                    ledger.record_activity(&actor, action, &detail, crate::ledger::now_ms())
                {
                    tracing::warn!(%error, "an activity entry could not be written");
                }
            }));
        }
    }

    fn poll(&mut self, bridge: &Bridge, actions: &mut Vec<AppAction>) {
        self.poll_settings(bridge);
        self.poll_copies();
        if let Some(found) = finished(&mut self.diagnosing) {
            self.damaged = found;
        }
        if let Some(preview) = finished(&mut self.previewing) {
            self.preview = Some(preview);
        }
        if let Some(result) = finished(&mut self.restoring) {
            if result.is_ok() {
                self.damaged = None;
                self.diagnosed_for = None;
                self.preview = None;
                // The books are new under every panel: the session opens them again.
                actions.push(AppAction::Reconnect(None));
            }
            self.restore_result = Some(result);
        }
    }

    /// The settings read at start, and what changing them (the folder, the customers' days,
    /// forgetting a customer) came to.
    fn poll_settings(&mut self, bridge: &Bridge) {
        if let Some((folder, days)) = finished(&mut self.settings) {
            self.folder = Some(folder);
            self.customer_days = days;
        }
        if let Some(result) = finished(&mut self.saving_days) {
            self.customer_result = Some(result.map(|days| {
                self.customer_days = days;
                // The new days apply at once.
                self.looked_at = None;
                crate::t!("customers-days-saved", days = days)
            }));
        }
        if let Some(Err(problem)) = finished(&mut self.blanking) {
            tracing::warn!(%problem, "customers' old data could not be blanked");
        }
        if let Some(result) = finished(&mut self.forgetting) {
            self.customer_result = Some(result);
        }
        match finished(&mut self.saving_folder) {
            Some(Ok(folder)) => self.set_folder(bridge, folder),
            Some(Err(problem)) => self.last_result = Some(Err(problem)),
            None => {}
        }
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
                    Pick::BackupFolder => BooksCommand::SetFolder(path),
                    Pick::CopyToRestore => BooksCommand::Preview(path),
                    Pick::ExportsFolder => BooksCommand::SetExportsFolder(path),
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
                Err(problem) => self.last_result = Some(Err(problem)),
            }
        }
        if let Some(result) = finished(&mut self.taking) {
            self.last_result = Some(result.map(|copy| {
                let taken_at = copy.taken_at;
                self.copies.retain(|kept| kept.path != copy.path);
                self.copies.insert(0, copy);
                taken_at
            }));
            self.looked_at = None;
        }
    }

    fn look(&mut self, bridge: &Bridge) {
        let Some(folder) = self.folder.clone() else {
            return;
        };
        self.listing =
            Some(bridge.spawn_blocking(move || {
                backup::copies(&folder).map_err(|error| error.to_string())
            }));
    }

    /// The folder the owner chose: copies go there from now on.
    pub fn set_folder(&mut self, bridge: &Bridge, folder: PathBuf) {
        self.folder = Some(folder);
        self.copies.clear();
        self.last_result = None;
        self.look(bridge);
    }

    /// "Hacer copia ahora", the day's copy, and the copy after the day's close.
    pub fn take(&mut self, bridge: &Bridge, ledger: Arc<Ledger>) {
        let Some(folder) = self.folder.clone() else {
            return;
        };
        if self.taking.is_some() {
            return;
        }
        // What is said next is this copy's outcome.
        self.last_result = None;
        self.taking = Some(bridge.spawn_blocking(move || {
            backup::take(&ledger, &folder).map_err(|error| error.to_string())
        }));
    }

    fn diagnose(&mut self, bridge: &Bridge, paths: &Paths, problem: String) {
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
    pub fn preview(&mut self, bridge: &Bridge, copy: PathBuf) {
        self.restore_result = None;
        self.previewing = Some(bridge.spawn_blocking(move || Preview {
            contents: backup::inspect(&copy).map_err(|error| error.to_string()),
            copy,
        }));
    }

    pub fn cancel_preview(&mut self) {
        self.preview = None;
    }

    /// Restores `copy`: into the open books (kept aside first), or in place of books that could
    /// not be opened (moved aside).
    pub fn restore(
        &mut self,
        bridge: &Bridge,
        session: &Arc<Session>,
        paths: &Paths,
        copy: PathBuf,
        actor: &Actor,
    ) {
        let ledger = session.ledger.clone().ok();
        let data_dir = paths.data_dir.clone();
        let actor = actor.clone();
        self.restoring = Some(bridge.spawn_blocking(move || {
            let contents = match ledger {
                Some(ledger) => {
                    backup::restore_into(&ledger, &copy, &data_dir).map(|(contents, _)| {
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
                    })
                }
                None => backup::restore_file(&copy, &data_dir.join(LEDGER_FILE_NAME))
                    .map(|(contents, ..)| contents),
            };
            contents
                .map(|contents| crate::t!("backups-restored", contents = contents.words()))
                .map_err(|error| error.to_string())
        }));
    }

    pub fn is_restoring(&self) -> bool {
        self.restoring.is_some()
    }
}
