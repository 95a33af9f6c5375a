//! The app keeping itself current: it looks at the feed at start and once a day, in the
//! background, never while a sale is on screen and never when the owner turned it off; a newer
//! version is said once, in words, with "Instalar al cerrar" and "Ahora no". Installing at close
//! downloads and checks the file now and arms the install for when the window closes (`main`
//! runs it). Everything here runs on the runtime; `offer_ui` and Settings only draw.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use egui::{RichText, Ui};

use crate::config::Paths;
use crate::config::updates::UpdateSettings;
use crate::i18n::{Explained, Problem};
use crate::t;
use crate::ui::plumbing::bridge::{Bridge, Task, finished};
use crate::ui::plumbing::queue::Queue;
use crate::update::{
    Check, Offer, Platform, PlatformKind, Schedule, TrustedKey, UpdateState, Updater, Verified,
};

/// What the person asked of updates (the offer's buttons, Configuración › Actualizaciones).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UpdatesCommand {
    LookNow,
    /// "Buscar versiones nuevas" on or off.
    SetLook(bool),
    /// Another feed; empty: the build's.
    SetFeed(String),
    InstallAtClose,
    NotNow,
}

/// Where updates stand, as Settings and the offer say it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum UpdatesStatus {
    #[default]
    NotLooked,
    Looking,
    UpToDate,
    Newer(String),
    Downloading {
        version: String,
        percent: u64,
    },
    /// Downloaded and checked: installed when paydesk closes.
    AtClose(String),
    /// Downloaded and checked, for a package manager to install: the command to run.
    Saved {
        version: String,
        command: String,
    },
    Failed(Failure),
}

/// Why the last look or download failed, kept as it happened: its words are made when shown,
/// in the language on screen then; what the system said is logged once, here.
#[derive(Clone)]
pub struct Failure(Arc<dyn Explained + Send + Sync>);

impl Failure {
    pub fn of(error: impl Explained + Send + Sync + 'static) -> Failure {
        // Made only to log what the system said, once, where it is met: the words are made
        // again each time they are drawn, in the language on screen then.
        let _ = Problem::of(&error);
        Failure(Arc::new(error))
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::fmt::Debug for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Failure({self})")
    }
}

impl Explained for Failure {
    fn detail(&self) -> Option<String> {
        self.0.detail()
    }
}

/// The same failure, not one that reads alike.
impl PartialEq for Failure {
    fn eq(&self, other: &Failure) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Failure {}

impl UpdatesStatus {
    /// Where updates stand, in words; none before the first look.
    pub fn words(&self) -> Option<String> {
        match self {
            UpdatesStatus::NotLooked => None,
            UpdatesStatus::Looking => Some(t!("updates-looking")),
            UpdatesStatus::UpToDate => Some(t!("updates-up-to-date")),
            UpdatesStatus::Newer(version) => Some(t!("updates-newer", version = version.as_str())),
            UpdatesStatus::Downloading { version, percent } => Some(t!(
                "update-downloading",
                version = version.as_str(),
                percent = percent.to_string()
            )),
            UpdatesStatus::AtClose(version) => {
                Some(t!("update-at-close", version = version.as_str()))
            }
            UpdatesStatus::Saved { version, command } => Some(t!(
                "update-saved",
                version = version.as_str(),
                command = command.as_str()
            )),
            UpdatesStatus::Failed(problem) => Some(problem.to_string()),
        }
    }
}

/// What Settings draws of updates.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UpdatesView {
    pub loaded: bool,
    pub look: bool,
    /// The feed the owner named; empty: the build's.
    pub feed_url: String,
    pub status: UpdatesStatus,
}

struct Download {
    version: String,
    task: Task<Result<(Verified, Platform), Failure>>,
    done: Arc<AtomicU64>,
    total: u64,
}

#[derive(Default)]
pub struct UpdateWatch {
    pub queued: Queue<UpdatesCommand>,
    settings: Option<UpdateSettings>,
    loading: Option<Task<(UpdateSettings, Option<String>)>>,
    saving: Option<Task<Result<UpdateSettings, Failure>>>,
    /// The version put off with "Ahora no" (this run or an earlier one).
    dismissed: Option<String>,
    schedule: Schedule,
    looking: Option<Task<Result<Check, Failure>>>,
    offer: Option<Offer>,
    download: Option<Download>,
    status: UpdatesStatus,
}

impl UpdateWatch {
    pub fn view(&self) -> UpdatesView {
        UpdatesView {
            loaded: self.settings.is_some(),
            look: self.settings.as_ref().is_some_and(|settings| settings.look),
            feed_url: self
                .settings
                .as_ref()
                .and_then(|settings| settings.feed_url.clone())
                .unwrap_or_default(),
            status: self.status.clone(),
        }
    }

    pub fn status(&self) -> &UpdatesStatus {
        &self.status
    }

    /// Whether a look is under way (never while a sale is on screen).
    pub fn is_looking(&self) -> bool {
        self.looking.is_some()
    }

    /// Polls what came back, runs what was asked, and looks when it is due. `sale_on_screen`:
    /// the customer screen is up or a sale form is waiting; the look waits for it to end.
    pub fn logic(&mut self, bridge: &Bridge, paths: &Paths, sale_on_screen: bool) {
        self.poll();
        let Some(settings) = self.settings.clone() else {
            if self.loading.is_none() {
                let paths = paths.clone();
                self.loading = Some(bridge.spawn_blocking(move || {
                    let settings = paths
                        .load()
                        .map(|config| config.updates)
                        .unwrap_or_default();
                    let state = UpdateState::load(&crate::update::folder(&paths.data_dir))
                        .unwrap_or_default();
                    (settings, state.dismissed)
                }));
            }
            return;
        };
        for command in self.queued.take() {
            self.run(command, bridge, paths, &settings, sale_on_screen);
        }
        let now = crate::clock::now_ms();
        if self.schedule.due(now, settings.look, sale_on_screen) && self.download.is_none() {
            self.look(bridge, paths, &settings);
        }
        if settings.look
            && let Some(due) = self.schedule.next_due()
        {
            // Awake for tomorrow's look even if nothing else moves on screen.
            let wait = u64::try_from(due.saturating_sub(now).max(1_000)).unwrap_or(1_000);
            bridge
                .ctx()
                .request_repaint_after(std::time::Duration::from_millis(wait));
        }
    }

    fn poll(&mut self) {
        if let Some((settings, dismissed)) = finished(&mut self.loading) {
            self.settings = Some(settings);
            self.dismissed = dismissed;
        }
        if let Some(saved) = finished(&mut self.saving) {
            match saved {
                Ok(settings) => self.settings = Some(settings),
                Err(problem) => self.status = UpdatesStatus::Failed(problem),
            }
        }
        if let Some(found) = finished(&mut self.looking) {
            self.schedule.ended(found.is_err());
            match found {
                Ok(Check::UpToDate { .. }) => {
                    self.offer = None;
                    self.status = UpdatesStatus::UpToDate;
                }
                Ok(Check::Newer(offer)) => self.found(*offer),
                Err(problem) => {
                    tracing::info!(%problem, "no look at the update feed");
                    self.status = UpdatesStatus::Failed(problem);
                }
            }
        }
        if let Some(download) = &self.download {
            if let Some(done) = download.task.poll() {
                let version = download.version.clone();
                self.download = None;
                match done {
                    Ok((verified, platform)) => {
                        self.status = match platform.kind {
                            // Installed when the window closes: `main` runs what is armed.
                            PlatformKind::WindowsSetup | PlatformKind::AppImage => {
                                crate::update::arm_at_exit(
                                    verified,
                                    platform,
                                    TrustedKey::release(),
                                );
                                UpdatesStatus::AtClose(version)
                            }
                            kind => match crate::update::manual_command(kind, &verified.path) {
                                Some(command) => UpdatesStatus::Saved { version, command },
                                None => UpdatesStatus::Failed(Failure::of(
                                    crate::update::UpdateError::NotInstallable,
                                )),
                            },
                        };
                    }
                    Err(problem) => self.status = UpdatesStatus::Failed(problem),
                }
            } else {
                let done = download.done.load(Ordering::Relaxed);
                let percent = (done * 100).checked_div(download.total).unwrap_or(0);
                self.status = UpdatesStatus::Downloading {
                    version: download.version.clone(),
                    percent,
                };
            }
        }
    }

    /// A newer version a look found: offered once (tests hand one in to draw the offer).
    pub fn found(&mut self, offer: Offer) {
        self.status = UpdatesStatus::Newer(offer.version.to_string());
        self.offer = Some(offer);
    }

    /// The updater for the feed Settings names; made on the runtime (it looks at how paydesk
    /// was installed, which reads the disk).
    fn updater(
        paths: &Paths,
        settings: &UpdateSettings,
    ) -> impl FnOnce() -> Result<Updater, Failure> + Send + 'static {
        let feed = settings.feed_url().to_owned();
        let data_dir = paths.data_dir.clone();
        move || Updater::new(&feed, TrustedKey::release(), &data_dir).map_err(Failure::of)
    }

    fn look(&mut self, bridge: &Bridge, paths: &Paths, settings: &UpdateSettings) {
        self.schedule.started(crate::clock::now_ms());
        self.status = UpdatesStatus::Looking;
        let updater = Self::updater(paths, settings);
        self.looking =
            Some(bridge.spawn(async move { updater()?.check().await.map_err(Failure::of) }));
    }

    fn run(
        &mut self,
        command: UpdatesCommand,
        bridge: &Bridge,
        paths: &Paths,
        settings: &UpdateSettings,
        sale_on_screen: bool,
    ) {
        match command {
            UpdatesCommand::LookNow => {
                if settings.look && self.looking.is_none() && !sale_on_screen {
                    self.look(bridge, paths, settings);
                }
            }
            UpdatesCommand::SetLook(look) => self.save(
                bridge,
                paths,
                UpdateSettings {
                    look,
                    ..settings.clone()
                },
            ),
            UpdatesCommand::SetFeed(url) => {
                let url = url.trim().to_owned();
                // A new address is looked at again at once; a wrong one is said now.
                if !url.is_empty()
                    && let Err(error) = crate::update::checked_address(&url)
                {
                    self.status = UpdatesStatus::Failed(Failure::of(error));
                    return;
                }
                self.schedule = Schedule::default();
                self.save(
                    bridge,
                    paths,
                    UpdateSettings {
                        feed_url: (!url.is_empty()).then_some(url),
                        ..settings.clone()
                    },
                );
            }
            UpdatesCommand::InstallAtClose => self.start_download(bridge, paths, settings),
            UpdatesCommand::NotNow => {
                if let Some(offer) = &self.offer {
                    let version = offer.version.to_string();
                    self.dismissed = Some(version.clone());
                    let folder = crate::update::folder(&paths.data_dir);
                    // Said once: a failure to remember it only means it is said again, so it is
                    // only logged.
                    drop(bridge.spawn_blocking(move || {
                        if let Err(error) = UpdateState::dismiss(&folder, &version) {
                            tracing::info!(%error, "the version put off was not remembered");
                        }
                    }));
                }
            }
        }
    }

    fn save(&mut self, bridge: &Bridge, paths: &Paths, settings: UpdateSettings) {
        let paths = paths.clone();
        self.settings = Some(settings.clone());
        self.saving = Some(bridge.spawn_blocking(move || {
            paths
                .change(|config| {
                    config.updates = settings.clone();
                    Ok(settings)
                })
                .map_err(|error| Failure::of(Problem::words(error.to_string())))
        }));
    }

    fn start_download(&mut self, bridge: &Bridge, paths: &Paths, settings: &UpdateSettings) {
        let Some(offer) = self.offer.clone() else {
            return;
        };
        if self.download.is_some() {
            return;
        }
        let updater = Self::updater(paths, settings);
        let done = Arc::new(AtomicU64::new(0));
        let total = offer.file.as_ref().map_or(0, |file| file.size);
        let heard = done.clone();
        let ctx = bridge.ctx().clone();
        let version = offer.version.to_string();
        let task = bridge.spawn(async move {
            let updater = updater()?;
            let verified = updater
                .download(&offer, move |so_far, _| {
                    heard.store(so_far, Ordering::Relaxed);
                    ctx.request_repaint();
                })
                .await
                .map_err(Failure::of)?;
            Ok((verified, updater.platform().clone()))
        });
        self.status = UpdatesStatus::Downloading {
            version: version.clone(),
            percent: 0,
        };
        self.download = Some(Download {
            version,
            task,
            done,
            total,
        });
    }

    /// The offer, said once above the panels (the owner's side only: installing is the
    /// owner's call). Only draws; the buttons queue commands.
    pub fn offer_ui(&mut self, ui: &mut Ui) {
        let offered = |version: &str| self.dismissed.as_deref() != Some(version);
        let palette = crate::ui::theme::palette(ui);
        // Over the panels: the offer, or an update on its way; nothing of looking or failing,
        // which Configuración says.
        let line = match &self.status {
            UpdatesStatus::Newer(version) if offered(version) => None,
            status @ (UpdatesStatus::Downloading { .. }
            | UpdatesStatus::AtClose(_)
            | UpdatesStatus::Saved { .. }) => status.words(),
            _ => return,
        };
        egui::Frame::new()
            .fill(palette.panel)
            .stroke(egui::Stroke::new(1.0, palette.border))
            .inner_margin(10.0)
            .corner_radius(6.0)
            .show(ui, |ui| {
                if let Some(line) = line {
                    ui.label(line);
                    return;
                }
                let Some(offer) = &self.offer else {
                    return;
                };
                ui.label(
                    RichText::new(t!("update-offer", version = offer.version.to_string())).strong(),
                );
                ui.label(shown_notes(offer.notes_shown()));
                ui.horizontal(|ui| {
                    // Ordinary buttons: the screen's one primary action stays the panel's.
                    if ui.button(t!("update-install-at-close")).clicked() {
                        self.queued.ask(ui, UpdatesCommand::InstallAtClose);
                    }
                    if ui.button(t!("update-not-now")).clicked() {
                        self.queued.ask(ui, UpdatesCommand::NotNow);
                    }
                });
            });
        ui.add_space(crate::ui::theme::space::SMALL);
    }
}

/// The maker's notes, signed but still text from outside: control characters shown escaped,
/// and no more than a few lines on screen.
fn shown_notes(notes: &str) -> String {
    let clean: String = notes
        .chars()
        .map(|c| {
            if c != '\n' && crate::untrusted::is_hidden_or_control(c) {
                ' '
            } else {
                c
            }
        })
        .take(600)
        .collect();
    clean.lines().take(6).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_are_shown_short_and_without_hidden_characters() {
        let shown = shown_notes("uno\u{202e}dos\nlínea\n3\n4\n5\n6\n7\n8");
        assert!(!shown.contains('\u{202e}'));
        assert_eq!(shown.lines().count(), 6);
    }
}
