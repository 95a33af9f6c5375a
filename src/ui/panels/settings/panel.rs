//! The Settings panel: what it holds, what it asks for, and how it runs and draws.

use crate::i18n::Language;
use crate::ledger::activity::Action;
use crate::t;
use crate::ui::plumbing::queue::Queue;
use egui::{RichText, Ui};

use crate::config::{Environment, Profile};
use crate::connection::{SignInError, save_credentials, sign_out};
use crate::i18n::Problem;
use crate::secrets::{SecretKind, SecretString};
use crate::ui::plumbing::bridge::{Task, finished};
use crate::ui::{AppAction, LogicContext, ThemeChoice};

use crate::ui::panels::ledger_settings::{
    LedgerCommand, LedgerSection, LedgerView, password_secret,
};

use super::editor::ProfileEditor;

/// What the panel asks the app to do: all of it writes files or the keyring.
#[derive(Debug, Clone)]
pub enum SettingsCommand {
    /// Make this profile the active one.
    Switch(String),
    SaveProfile {
        name: String,
        /// Boxed: a profile is much larger than the other commands.
        profile: Box<Profile>,
        /// A new profile signed in as it is saved: the service's user and password. It is
        /// saved only if the sign-in works.
        sign_in: Option<(String, SecretString)>,
    },
    SaveCredentials(Vec<(SecretKind, SecretString)>),
    SignOut,
    /// Open the sign-in dialog (the service's user and password).
    SignIn,
    /// Probar conexión.
    Checkup,
    Ledger(LedgerCommand),
    Backups(crate::ui::services::backups::BackupsCommand),
    CustomerData(crate::ui::services::customer_data::CustomerDataCommand),
    Access(crate::ui::services::access::AccessCommand),
    /// Name this till (the settings file; every row written after bears it).
    NameTill(String),
}

/// What the panel shows of the session and the settings it is in.
pub struct SettingsView<'a> {
    pub profile_name: &'a str,
    pub profile_names: &'a [String],
    pub profile: &'a Profile,
    pub environment: Environment,
    /// Why tokens only last this run, if they do.
    pub keyring_problem: Option<&'a str>,
    /// The keyring left out on purpose (`PAYDESK_NO_KEYRING`), not missing.
    pub keyring_turned_off: bool,
    /// Whether the profile's service signs in with a user and password.
    pub sign_in_offered: bool,
    pub config_file: std::path::PathBuf,
    pub alerts: crate::ui::AlertSettings,
    pub ledger: LedgerView<'a>,
    pub backups: &'a crate::ui::services::backups::Backups,
    pub customer_data: &'a crate::ui::services::customer_data::CustomerData,
    pub people: crate::ui::panels::people_settings::PeopleView<'a>,
    /// Where updates stand, as the app's update watch says.
    pub updates: crate::ui::services::updates::UpdatesView,
}

impl<'a> SettingsView<'a> {
    pub fn of(
        session: &'a crate::ui::services::session::Session,
        paths: &crate::config::Paths,
        alerts: &crate::ui::AlertSettings,
        (backups, customer_data): (
            &'a crate::ui::services::backups::Backups,
            &'a crate::ui::services::customer_data::CustomerData,
        ),
        access: &'a crate::ui::services::access::Access,
    ) -> SettingsView<'a> {
        SettingsView {
            profile_name: session.profile_name(),
            profile_names: &session.profile_names,
            profile: &session.connection.profile,
            environment: session.environment(),
            keyring_problem: session.keyring_problem(),
            keyring_turned_off: session.keyring_turned_off(),
            sign_in_offered: session.connection.client.dialect().has_sign_in(),
            config_file: paths.config_file(),
            alerts: alerts.clone(),
            ledger: LedgerView {
                ledger: match &session.ledger {
                    Ok(ledger) => Ok((ledger.location(), ledger.is_shared())),
                    Err(problem) => Err(problem),
                },
                profile_ledger_url: session.connection.profile.ledger_url.as_deref(),
            },
            backups,
            customer_data,
            people: crate::ui::panels::people_settings::PeopleView {
                people: access.people(),
                problem: access
                    .problem
                    .as_ref()
                    .map(|problem| problem.message.as_str()),
                busy: access.is_changing(),
                outcome: access.outcome.as_ref(),
            },
            updates: Default::default(),
        }
    }
}

#[derive(Default)]
pub struct SettingsPanel {
    /// Asked for while drawing; run by the next `logic`.
    pub queued: Queue<SettingsCommand>,
    pub(super) api_token: String,
    pub(super) access_token: String,
    pub(super) hash_key: String,
    pub(super) saving: Option<Task<Result<String, Problem>>>,
    pub(super) message: Option<Result<String, Problem>>,
    pub(super) chosen_profile: Option<String>,
    pub(super) editor: Option<ProfileEditor>,
    /// Saving a profile or making one active; then the app reconnects to it.
    pub(super) profile_change: Option<Task<Result<String, Problem>>>,
    pub(super) profile_message: Option<Result<String, Problem>>,
    pub(super) ledger: LedgerSection,
    pub(super) backups: crate::ui::panels::backups_settings::BackupsSection,
    pub(super) customer_data: crate::ui::panels::customer_data_settings::CustomerDataSection,
    pub(super) people: crate::ui::panels::people_settings::PeopleSection,
    pub(super) activity_log: crate::ui::panels::activity_log::ActivityLogSection,
    pub(super) printer: crate::ui::panels::printer_settings::PrinterSection,
    /// Decirlo en voz alta: this computer's voice for approvals.
    pub speech: crate::ui::panels::speech_settings::SpeechSection,
    pub(super) checkup: super::checkup::CheckupSection,
    pub(super) till_name: super::till_name::TillNameSection,
    /// Actualizaciones: the app's update watch shows through it.
    pub updates: crate::ui::panels::update_settings::UpdatesSection,
}

impl SettingsPanel {
    fn run(&mut self, command: SettingsCommand, work: &mut LogicContext<'_>) {
        let Some(command) = self.hand_on(command, work) else {
            return;
        };
        // Who changed what the shop trusts is written down.
        let (action, detail) = log_entry(&command);
        work.access
            .record(work.bridge, work.session, action, detail);
        let paths = work.paths.clone();
        let secrets = work.session.secrets.clone();
        let profile_name = work.session.profile_name().to_owned();
        match command {
            SettingsCommand::Switch(name) => {
                self.profile_change = Some(work.bridge.spawn_blocking(move || {
                    paths
                        .set_active_profile(&name)
                        .map(|()| name)
                        .map_err(|error| Problem::of(&error))
                }));
            }
            SettingsCommand::SaveProfile {
                name,
                profile,
                sign_in,
            } => self.save_profile(work, name, *profile, sign_in),
            SettingsCommand::SaveCredentials(values) => {
                let count = values.len();
                self.saving = Some(work.bridge.spawn_blocking(move || {
                    save_credentials(&paths, &secrets, &profile_name, &values, None)
                        .map(|_| {
                            t!(
                                "settings-saved-count",
                                count = count,
                                profile = profile_name
                            )
                        })
                        .map_err(|error| Problem::of(&error))
                }));
            }
            SettingsCommand::SignOut => {
                self.saving = Some(work.bridge.spawn_blocking(move || {
                    sign_out(&paths, &secrets, &profile_name)
                        .map(|()| t!("settings-signed-out", profile = profile_name))
                        .map_err(Problem::words)
                }));
            }
            SettingsCommand::Ledger(_)
            | SettingsCommand::Backups(_)
            | SettingsCommand::CustomerData(_)
            | SettingsCommand::Access(_)
            | SettingsCommand::NameTill(_)
            | SettingsCommand::SignIn
            | SettingsCommand::Checkup => {}
        }
    }

    /// What another part of the app runs (the books, who is at the till, the sign-in dialog) or
    /// a section of its own (the ledger's test, the checkup) is handed on; what is left writes
    /// the profile or the keyring.
    fn hand_on(
        &mut self,
        command: SettingsCommand,
        work: &mut LogicContext<'_>,
    ) -> Option<SettingsCommand> {
        match command {
            SettingsCommand::Ledger(LedgerCommand::Test) => self.ledger.test(work),
            SettingsCommand::Ledger(LedgerCommand::SavePassword(password)) => {
                return Some(SettingsCommand::SaveCredentials(vec![password_secret(
                    password,
                )]));
            }
            SettingsCommand::Backups(command) => work.backups.queued.push(command),
            SettingsCommand::CustomerData(command) => work.customer_data.queued.push(command),
            SettingsCommand::Access(command) => work.access.queued.push(command),
            SettingsCommand::SignIn => work.actions.push(AppAction::OfferSignIn),
            SettingsCommand::Checkup => self.checkup.start(work),
            // The till's name is this computer's, not what the shop trusts: not logged.
            SettingsCommand::NameTill(name) => self.till_name.start(work, name),
            other => return Some(other),
        }
        None
    }

    /// A profile saved as it is, or (a new one) saved only once its sign-in works.
    fn save_profile(
        &mut self,
        work: &LogicContext<'_>,
        name: String,
        profile: Profile,
        sign_in: Option<(String, SecretString)>,
    ) {
        let paths = work.paths.clone();
        let secrets = work.session.secrets.clone();
        self.profile_change = Some(match sign_in {
            None => work.bridge.spawn_blocking(move || {
                paths
                    .save_profile(&name, profile)
                    .map(|()| name)
                    .map_err(|error| Problem::of(&error))
            }),
            Some((username, password)) => work.bridge.spawn(async move {
                crate::connection::sign_in_new_profile(
                    &paths, &secrets, &name, profile, &username, &password,
                )
                .await
                .map(|()| name)
                .map_err(|error| match error {
                    SignInError::Service(error) => Problem::of(&error),
                    SignInError::Config(error) => Problem::of(&error),
                    other => Problem::words(other.to_string()),
                })
            }),
        });
    }

    pub fn logic(&mut self, work: &mut LogicContext<'_>) {
        for command in self.queued.take() {
            self.run(command, work);
        }
        for command in self.updates.queued.take() {
            work.actions.push(AppAction::Updates(command));
        }
        self.ledger.logic();
        self.checkup.logic();
        self.till_name.logic();
        let voice = work.tracker.alerts().voice().clone();
        self.speech.logic(work.bridge, work.paths, &voice);
        self.activity_log.logic(work);
        self.backups.logic(work.bridge);
        if let Some(result) = finished(&mut self.saving) {
            if result.is_ok() {
                work.actions.push(AppAction::Reconnect(None));
            }
            self.message = Some(result);
        }
        if let Some(result) = finished(&mut self.profile_change) {
            if let Ok(name) = &result {
                work.actions.push(AppAction::Reconnect(Some(name.clone())));
                self.chosen_profile = Some(name.clone());
                self.editor = None;
            }
            self.profile_message = Some(result.map(|name| {
                t!(
                    "settings-now-using",
                    name = crate::config::shown_profile_name(&name)
                )
            }));
        }
    }

    pub fn ui(
        &mut self,
        ui: &mut Ui,
        view: &SettingsView<'_>,
        theme: &mut ThemeChoice,
        language: &mut Language,
        size: (&mut Option<u16>, Option<f32>),
        paper: &mut crate::ui::services::paper::Paper,
    ) {
        let (zoom_percent, screen_zoom) = size;
        ui.heading(t!("settings-title"));
        // Both ways: in a small window what does not fit is scrolled to, never cut off.
        egui::ScrollArea::both()
            .id_salt("settings-scroll")
            .show(ui, |ui| {
                // Each section keeps ids of its own: those above fill in as their files are
                // read, and a control below must stay the same control meanwhile (for a screen
                // reader's press).
                ui.push_id("profile-section", |ui| self.profile_ui(ui, view));
                ui.separator();
                let till = ui.push_id("till-name-section", |ui| self.till_name.ui(ui));
                if let Some(name) = till.inner {
                    self.queued.ask(ui, SettingsCommand::NameTill(name));
                }
                ui.separator();
                // Who may do what comes first: it is what the owner sets before anything else.
                let people = ui.push_id("people-section", |ui| self.people.ui(ui, &view.people));
                if let Some(command) = people.inner {
                    self.queued.ask(ui, SettingsCommand::Access(command));
                }
                ui.separator();
                ui.push_id("credentials-section", |ui| self.credentials_ui(ui, view));
                ui.separator();
                if ui
                    .push_id("checkup-section", |ui| self.checkup.ui(ui))
                    .inner
                {
                    self.queued.ask(ui, SettingsCommand::Checkup);
                }
                ui.separator();
                let ledger = ui.push_id("ledger-section", |ui| self.ledger.ui(ui, &view.ledger));
                if let Some(command) = ledger.inner {
                    self.queued.ask(ui, SettingsCommand::Ledger(command));
                }
                ui.separator();
                ui.push_id("backups-section", |ui| self.backups_ui(ui, view));

                ui.separator();
                ui.label(RichText::new(t!("settings-language")).strong());
                ui.horizontal(|ui| {
                    for choice in Language::ALL {
                        ui.radio_value(language, choice, choice.own_name());
                    }
                });
                ui.separator();
                ui.label(RichText::new(t!("settings-appearance")).strong());
                ui.horizontal(|ui| {
                    ui.radio_value(theme, ThemeChoice::System, t!("settings-theme-system"));
                    ui.radio_value(theme, ThemeChoice::Light, t!("settings-theme-light"));
                    ui.radio_value(theme, ThemeChoice::Dark, t!("settings-theme-dark"));
                });
                size_row(ui, zoom_percent, screen_zoom);
                ui.separator();
                self.approval_alerts_ui(ui, &view.alerts);
                ui.separator();
                self.printer.ui(ui, paper);
                ui.separator();
                self.updates.ui(ui, &view.updates);
                ui.separator();
                self.activity_log.ui(ui);
            });
    }
}

impl SettingsPanel {
    /// The copies, customers' data under them, then where saved files go.
    fn backups_ui(&mut self, ui: &mut Ui, view: &SettingsView<'_>) {
        let copies = self.backups.copies_ui(ui, view.backups);
        let customers = self.customer_data.ui(ui, view.customer_data);
        ui.separator();
        let exports = self.backups.exports_ui(ui, view.backups);
        if let Some(command) = exports.or(copies) {
            self.queued.ask(ui, SettingsCommand::Backups(command));
        }
        if let Some(command) = customers {
            self.queued.ask(ui, SettingsCommand::CustomerData(command));
        }
    }

    /// Al aprobar un pago: the desktop notification, the chime and the voice (the banner in the
    /// window is always shown).
    fn approval_alerts_ui(&mut self, ui: &mut Ui, alerts: &crate::ui::AlertSettings) {
        ui.label(RichText::new(t!("settings-when-approved")).strong());
        let mut notifications = alerts.notifications();
        if ui
            .checkbox(&mut notifications, t!("settings-desktop-notification"))
            .changed()
        {
            alerts.set_notifications(notifications);
        }
        let mut sound = alerts.sound();
        if ui.checkbox(&mut sound, t!("settings-sound")).changed() {
            alerts.set_sound(sound);
        }
        self.speech.ui(ui, alerts.voice());
        ui.label(RichText::new(t!("settings-banner-always")).weak());
    }
}

/// The activity log's line for a change to what the shop trusts.
fn log_entry(command: &SettingsCommand) -> (Action, String) {
    match command {
        SettingsCommand::Switch(name) => (
            Action::ProfileChanged,
            t!("log-profile-active", name = name.as_str()),
        ),
        SettingsCommand::SaveProfile { name, .. } => (
            Action::ProfileChanged,
            t!("log-profile-saved", name = name.as_str()),
        ),
        SettingsCommand::SaveCredentials(values) => (
            Action::CredentialsChanged,
            values
                .iter()
                .map(|(kind, _)| kind.label())
                .collect::<Vec<_>>()
                .join(", "),
        ),
        _ => (Action::CredentialsChanged, t!("log-signed-out")),
    }
}

/// The sizes offered for text and buttons, in percent.
const ZOOM_CHOICES: [u16; 5] = [100, 125, 150, 175, 200];

/// "Size of text and buttons": from the screen, or a size the person picks.
fn size_row(ui: &mut Ui, zoom_percent: &mut Option<u16>, screen_zoom: Option<f32>) {
    let automatic = t!(
        "settings-size-auto",
        percent = (screen_zoom.unwrap_or(1.0) * 100.0).round().to_string()
    );
    ui.horizontal(|ui| {
        let label = ui.label(t!("settings-size"));
        egui::ComboBox::from_id_salt("size-picker")
            .selected_text(match zoom_percent {
                None => automatic.clone(),
                Some(percent) => format!("{percent} %"),
            })
            .show_ui(ui, |ui| {
                ui.selectable_value(zoom_percent, None, automatic.clone());
                for percent in ZOOM_CHOICES {
                    ui.selectable_value(zoom_percent, Some(percent), format!("{percent} %"));
                }
            })
            .response
            .labelled_by(label.id);
    });
}

impl crate::ui::panels::PanelState for SettingsPanel {
    fn logic(&mut self, work: &mut crate::ui::LogicContext<'_>) {
        SettingsPanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut egui::Ui, draw: &mut crate::ui::panels::DrawContext<'_>) {
        let mut view = SettingsView::of(
            draw.session,
            draw.paths,
            draw.tracker.alerts(),
            (draw.backups, draw.customer_data),
            draw.access,
        );
        view.updates = draw.updates.clone();
        self.ui(
            ui,
            &view,
            draw.theme,
            draw.language,
            (draw.zoom_percent, draw.screen_zoom),
            draw.paper,
        );
    }
}
