//! Settings: the profile and its environment (switch, add, edit), credentials (pasted tokens go
//! to the keyring), sign-out, appearance, and the approval alerts.

use crate::i18n::Language;
use crate::ledger::activity::Action;
use crate::t;
use crate::ui::queue::Queue;
use crate::validate::Field;
use egui::{RichText, Ui};

use crate::config::{Environment, Profile, ProfileDraft};
use crate::connection::{save_credentials, sign_out};
use crate::secrets::{SecretKind, SecretString};
use crate::ui::bridge::{Task, UiError};
use crate::ui::widgets::form::{self, blocking_reasons, error_box, secret_row};
use crate::ui::{AppAction, PanelContext, ThemeChoice};

use super::ledger_settings::{LedgerCommand, LedgerSection, LedgerView, password_secret};

fn profile_labels() -> Vec<(Field, String)> {
    vec![
        (Field::Name, crate::t!("field-profile-name")),
        (Field::Environment, crate::t!("field-environment")),
        (Field::BaseUrl, crate::t!("field-base-url")),
        (Field::PayUrl, crate::t!("field-pay-url")),
        (Field::ProfileUserId, crate::t!("field-user-id")),
        (Field::ProfileWebhookUrl, crate::t!("field-default-webhook")),
        (Field::ProfileReturnUrl, crate::t!("field-return-url")),
        (
            Field::ProfileMerchantId,
            crate::t!("field-profile-merchant-id"),
        ),
        (Field::ProfileBrandId, crate::t!("field-profile-brand-id")),
        (Field::WebhookListen, crate::t!("field-webhook-listen")),
        (Field::LedgerUrl, crate::t!("field-ledger-url")),
    ]
}

/// The profile's fields under "Advanced": opened by itself when one of them is wrong.
const ADVANCED_FIELDS: [Field; 6] = [
    Field::ProfileWebhookUrl,
    Field::ProfileReturnUrl,
    Field::ProfileMerchantId,
    Field::ProfileBrandId,
    Field::WebhookListen,
    Field::LedgerUrl,
];

/// What the panel asks the app to do: all of it writes files or the keyring.
#[derive(Debug, Clone)]
pub enum SettingsCommand {
    /// Make this profile the active one.
    Switch(String),
    SaveProfile {
        name: String,
        /// Boxed: a profile is much larger than the other commands.
        profile: Box<Profile>,
    },
    SaveCredentials(Vec<(SecretKind, SecretString)>),
    SignOut,
    Ledger(LedgerCommand),
    Books(crate::ui::books::BooksCommand),
    Access(crate::ui::access::AccessCommand),
}

/// What the panel shows of the session and the settings it is in.
pub struct SettingsView<'a> {
    pub profile_name: &'a str,
    pub profile_names: &'a [String],
    pub profile: &'a Profile,
    pub environment: Environment,
    /// Why tokens only last this run, if they do.
    pub keyring_problem: Option<&'a str>,
    pub config_file: std::path::PathBuf,
    pub alerts: crate::ui::AlertSettings,
    pub ledger: LedgerView<'a>,
    pub books: &'a crate::ui::books::BooksGuard,
    pub people: super::people_settings::PeopleView<'a>,
}

impl<'a> SettingsView<'a> {
    pub fn of(
        session: &'a crate::ui::session::Session,
        paths: &crate::config::Paths,
        alerts: &crate::ui::AlertSettings,
        books: &'a crate::ui::books::BooksGuard,
        access: &'a crate::ui::access::Access,
    ) -> SettingsView<'a> {
        SettingsView {
            profile_name: session.profile_name(),
            profile_names: &session.profile_names,
            profile: &session.connection.profile,
            environment: session.environment(),
            keyring_problem: session.keyring_problem(),
            config_file: paths.config_file(),
            alerts: alerts.clone(),
            ledger: LedgerView {
                ledger: match &session.ledger {
                    Ok(ledger) => Ok((ledger.location(), ledger.is_shared())),
                    Err(problem) => Err(problem.as_str()),
                },
                profile_ledger_url: session.connection.profile.ledger_url.as_deref(),
            },
            books,
            people: super::people_settings::PeopleView {
                people: access.people(),
                problem: access.problem.as_deref(),
                busy: access.is_changing(),
                outcome: access.outcome.as_ref(),
            },
        }
    }
}

#[derive(Default)]
pub struct SettingsPanel {
    /// Asked for while drawing; run by the next `logic`.
    pub queued: Queue<SettingsCommand>,
    api_token: String,
    access_token: String,
    hash_key: String,
    saving: Option<Task<Result<String, String>>>,
    message: Option<Result<String, String>>,
    chosen_profile: Option<String>,
    editor: Option<ProfileEditor>,
    /// Saving a profile or making one active; then the app reconnects to it.
    profile_change: Option<Task<Result<String, String>>>,
    profile_message: Option<Result<String, String>>,
    ledger: LedgerSection,
    backups: super::backups_settings::BackupsSection,
    people: super::people_settings::PeopleSection,
    activity_log: super::activity_log::ActivityLogSection,
    printer: super::printer_settings::PrinterSection,
}

/// The form for a new profile, or for the current one.
struct ProfileEditor {
    draft: ProfileDraft,
    /// The profile being changed; `None` for a new one. Its name cannot change: the keyring
    /// keeps its tokens under that name.
    editing: Option<Profile>,
}

impl SettingsPanel {
    fn run(&mut self, command: SettingsCommand, ctx: &mut PanelContext<'_>) {
        let command = match command {
            SettingsCommand::Ledger(LedgerCommand::Test) => {
                self.ledger.test(ctx);
                return;
            }
            SettingsCommand::Ledger(LedgerCommand::SavePassword(password)) => {
                SettingsCommand::SaveCredentials(vec![password_secret(password)])
            }
            SettingsCommand::Books(command) => {
                ctx.books.queued.push(command);
                return;
            }
            SettingsCommand::Access(command) => {
                ctx.access.queued.push(command);
                return;
            }
            other => other,
        };
        // Who changed what the shop trusts is written down.
        let (action, detail) = match &command {
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
        };
        ctx.access.record(ctx.bridge, ctx.session, action, detail);
        let paths = ctx.paths.clone();
        let secrets = ctx.session.secrets.clone();
        let profile_name = ctx.session.profile_name().to_owned();
        match command {
            SettingsCommand::Switch(name) => {
                self.profile_change = Some(ctx.bridge.spawn_blocking(move || {
                    paths
                        .set_active_profile(&name)
                        .map(|()| name)
                        .map_err(|error| error.to_string())
                }));
            }
            SettingsCommand::SaveProfile { name, profile } => {
                self.profile_change = Some(ctx.bridge.spawn_blocking(move || {
                    paths
                        .save_profile(&name, *profile)
                        .map(|()| name)
                        .map_err(|error| error.to_string())
                }));
            }
            SettingsCommand::SaveCredentials(values) => {
                let count = values.len();
                self.saving = Some(ctx.bridge.spawn_blocking(move || {
                    save_credentials(&paths, &secrets, &profile_name, &values, None)
                        .map(|_| {
                            t!(
                                "settings-saved-count",
                                count = count,
                                profile = profile_name
                            )
                        })
                        .map_err(|e| e.to_string())
                }));
            }
            SettingsCommand::SignOut => {
                self.saving = Some(ctx.bridge.spawn_blocking(move || {
                    sign_out(&paths, &secrets, &profile_name)
                        .map(|()| t!("settings-signed-out", profile = profile_name))
                }));
            }
            SettingsCommand::Ledger(_) | SettingsCommand::Books(_) | SettingsCommand::Access(_) => {
            }
        }
    }

    pub fn logic(&mut self, ctx: &mut PanelContext<'_>) {
        for command in self.queued.take() {
            self.run(command, ctx);
        }
        self.ledger.logic();
        self.activity_log.logic(ctx);
        if let Some(task) = &self.saving
            && let Some(result) = task.poll()
        {
            self.saving = None;
            if result.is_ok() {
                ctx.actions.push(AppAction::Reconnect(None));
            }
            self.message = Some(result);
        }
        if let Some(task) = &self.profile_change
            && let Some(result) = task.poll()
        {
            self.profile_change = None;
            if let Ok(name) = &result {
                ctx.actions.push(AppAction::Reconnect(Some(name.clone())));
                self.chosen_profile = Some(name.clone());
                self.editor = None;
            }
            self.profile_message = Some(result.map(|name| t!("settings-now-using", name = name)));
        }
    }

    pub fn ui(
        &mut self,
        ui: &mut Ui,
        view: &SettingsView<'_>,
        theme: &mut ThemeChoice,
        language: &mut Language,
        size: (&mut Option<u16>, Option<f32>),
        paper: &mut crate::ui::paper::Paper,
    ) {
        let (zoom_percent, screen_zoom) = size;
        ui.heading(t!("settings-title"));
        // Both ways: in a small window what does not fit is scrolled to, never cut off.
        egui::ScrollArea::both()
            .id_salt("settings-scroll")
            .show(ui, |ui| {
                self.profile_ui(ui, view);
                ui.separator();
                // Who may do what comes first: it is what the owner sets before anything else.
                if let Some(command) = self.people.ui(ui, &view.people) {
                    self.queued.ask(ui, SettingsCommand::Access(command));
                }
                ui.separator();
                self.credentials_ui(ui, view);
                ui.separator();
                if let Some(command) = self.ledger.ui(ui, &view.ledger) {
                    self.queued.ask(ui, SettingsCommand::Ledger(command));
                }
                ui.separator();
                if let Some(command) = self.backups.ui(ui, view.books) {
                    self.queued.ask(ui, SettingsCommand::Books(command));
                }

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
                ui.label(RichText::new(t!("settings-when-approved")).strong());
                let alerts = view.alerts.clone();
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
                ui.label(RichText::new(t!("settings-banner-always")).weak());
                ui.separator();
                self.printer.ui(ui, paper);
                ui.separator();
                self.activity_log.ui(ui);
            });
    }

    fn busy_with_profiles(&self) -> bool {
        self.profile_change.is_some()
            || self.queued.iter().any(|command| {
                matches!(
                    command,
                    SettingsCommand::Switch(_) | SettingsCommand::SaveProfile { .. }
                )
            })
    }

    fn profile_ui(&mut self, ui: &mut Ui, view: &SettingsView<'_>) {
        ui.label(RichText::new(t!("settings-profile")).strong());
        let current = view.profile_name.to_owned();
        let busy = self.busy_with_profiles();
        let chosen = self.chosen_profile.get_or_insert_with(|| current.clone());
        ui.horizontal(|ui| {
            let label = ui.label(t!("settings-profile"));
            egui::ComboBox::from_id_salt("profile-picker")
                .selected_text(chosen.clone())
                .show_ui(ui, |ui| {
                    for name in view.profile_names {
                        ui.selectable_value(chosen, name.clone(), name);
                    }
                })
                .response
                .labelled_by(label.id);
            if ui
                .add_enabled(
                    *chosen != current && !busy,
                    egui::Button::new(t!("settings-switch")),
                )
                .clicked()
            {
                self.queued.push(SettingsCommand::Switch(chosen.clone()));
                // The next frame runs it: ask for that frame now.
                ui.ctx().request_repaint();
            }
            if ui
                .add_enabled(!busy, egui::Button::new(t!("settings-new-profile-button")))
                .clicked()
            {
                self.editor = Some(ProfileEditor {
                    draft: ProfileDraft::default(),
                    editing: None,
                });
            }
            let editable = view.environment != Environment::Simulator;
            if ui
                .add_enabled(
                    editable && !busy,
                    egui::Button::new(t!("settings-edit-profile")),
                )
                .on_disabled_hover_text(t!("settings-simulator-no-settings"))
                .clicked()
            {
                let profile = view.profile.clone();
                self.editor = Some(ProfileEditor {
                    draft: ProfileDraft::from_profile(&current, &profile),
                    editing: Some(profile),
                });
            }
            if busy {
                ui.spinner();
            }
        });
        let environment = view.environment;
        ui.label(t!("settings-environment", name = environment.label()));
        if environment == Environment::Simulator {
            ui.label(RichText::new(t!("settings-simulator-note")).weak());
        }
        match &self.profile_message {
            Some(Ok(message)) => {
                ui.label(RichText::new(message).weak());
            }
            Some(Err(problem)) => error_box(ui, &UiError::local(problem.clone())),
            None => {}
        }
        self.editor_ui(ui, view);
        ui.label(
            RichText::new(t!(
                "settings-profiles-file",
                file = view.config_file.display().to_string()
            ))
            .weak()
            .small(),
        );
    }

    fn editor_ui(&mut self, ui: &mut Ui, view: &SettingsView<'_>) {
        let busy = self.busy_with_profiles();
        let mut to_save = None;
        let Some(editor) = &mut self.editor else {
            return;
        };
        let built = editor
            .draft
            .build(view.profile_names, editor.editing.as_ref());
        let problems = built.as_ref().err().cloned().unwrap_or_default();
        let draft = &mut editor.draft;
        let mut enter = false;
        let cancelled = egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(
                RichText::new(match &editor.editing {
                    None => t!("settings-new-profile"),
                    Some(_) => t!("settings-profile-named", name = draft.name.as_str()),
                })
                .strong(),
            );
            egui::Grid::new("profile-editor")
                .num_columns(2)
                .spacing([12.0, 6.0])
                .show(ui, |ui| {
                    if editor.editing.is_none() {
                        enter |= form::text_rows(
                            ui,
                            &problems,
                            [(
                                &*crate::t!("field-profile-name"),
                                &mut draft.name,
                                Field::Name,
                                "tienda",
                            )],
                        );
                    }
                    ui.label(crate::t!("field-environment"));
                    ui.horizontal(|ui| {
                        ui.radio_value(
                            &mut draft.environment,
                            Environment::Sandbox,
                            Environment::Sandbox.label(),
                        );
                        ui.radio_value(
                            &mut draft.environment,
                            Environment::Production,
                            t!("settings-production-real-money"),
                        );
                    });
                    ui.end_row();
                    enter |= form::text_rows(
                        ui,
                        &problems,
                        [
                            (
                                &*crate::t!("field-base-url"),
                                &mut draft.base_url,
                                Field::BaseUrl,
                                "https://…/api/v1",
                            ),
                            (
                                &*crate::t!("field-pay-url"),
                                &mut draft.pay_url,
                                Field::PayUrl,
                                "https://…",
                            ),
                            (
                                &*crate::t!("field-shop-name"),
                                &mut draft.shop_name,
                                Field::ShopName,
                                &*t!("hint-shop-name"),
                            ),
                            (
                                &*crate::t!("field-user-id"),
                                &mut draft.user_id,
                                Field::ProfileUserId,
                                &*t!("hint-from-registration"),
                            ),
                        ],
                    );
                });
            // What is set once for every sale: kept out of the till's forms.
            let advanced_problem = problems.iter().any(|p| ADVANCED_FIELDS.contains(&p.field));
            egui::CollapsingHeader::new(t!("settings-advanced"))
                .id_salt("profile-advanced")
                .open(advanced_problem.then_some(true))
                .show(ui, |ui| {
                    ui.label(RichText::new(t!("settings-advanced-note")).weak());
                    egui::Grid::new("profile-advanced-grid")
                        .num_columns(2)
                        .spacing([12.0, 6.0])
                        .show(ui, |ui| {
                            enter |= form::text_rows(
                                ui,
                                &problems,
                                [
                                    (
                                        &*crate::t!("field-default-webhook"),
                                        &mut draft.webhook_url,
                                        Field::ProfileWebhookUrl,
                                        &*t!("hint-optional-https"),
                                    ),
                                    (
                                        &*crate::t!("field-return-url"),
                                        &mut draft.return_url,
                                        Field::ProfileReturnUrl,
                                        &*t!("hint-optional-https"),
                                    ),
                                    (
                                        &*crate::t!("field-profile-merchant-id"),
                                        &mut draft.merchant_id,
                                        Field::ProfileMerchantId,
                                        &*t!("hint-merchant-optional"),
                                    ),
                                    (
                                        &*crate::t!("field-profile-brand-id"),
                                        &mut draft.brand_id,
                                        Field::ProfileBrandId,
                                        "79",
                                    ),
                                    (
                                        &*crate::t!("field-webhook-listen"),
                                        &mut draft.webhook_listen,
                                        Field::WebhookListen,
                                        crate::config::DEFAULT_WEBHOOK_LISTEN,
                                    ),
                                    (
                                        &*crate::t!("field-ledger-url"),
                                        &mut draft.ledger_url,
                                        Field::LedgerUrl,
                                        "postgres://caja@servidor:5432/tienda",
                                    ),
                                ],
                            );
                            ui.label(t!("field-payment-summary"));
                            ui.checkbox(&mut draft.show_summary, t!("field-show-summary"));
                            ui.end_row();
                        });
                });
            let mut cancel = false;
            ui.horizontal(|ui| {
                let save = ui
                    .add_enabled(
                        built.is_ok() && !busy,
                        egui::Button::new(t!("settings-save-profile")),
                    )
                    .clicked();
                cancel = ui.button(t!("cancel")).clicked();
                if (save || (enter && !busy))
                    && let Ok((name, profile)) = built
                {
                    to_save = Some(SettingsCommand::SaveProfile {
                        name,
                        profile: Box::new(profile),
                    });
                }
            });
            blocking_reasons(ui, &problems, &profile_labels());
            cancel
        });
        if cancelled.inner {
            self.editor = None;
        }
        if let Some(command) = to_save {
            self.queued.ask(ui, command);
        }
    }

    fn credentials_ui(&mut self, ui: &mut Ui, view: &SettingsView<'_>) {
        ui.label(RichText::new(t!("settings-credentials")).strong());
        match view.keyring_problem {
            None => {
                ui.label(RichText::new(t!("settings-keyring-ok")).weak());
            }
            Some(reason) => {
                error_box(
                    ui,
                    &UiError::local(t!("settings-keyring-missing", reason = reason)),
                );
            }
        }
        egui::Grid::new("credentials")
            .num_columns(2)
            .show(ui, |ui| {
                secret_row(
                    ui,
                    &t!("api-token"),
                    &mut self.api_token,
                    &t!("hint-api-token"),
                    None,
                );
                secret_row(
                    ui,
                    &t!("settings-access-token"),
                    &mut self.access_token,
                    &t!("hint-access-token"),
                    None,
                );
                secret_row(
                    ui,
                    &t!("settings-hash-key"),
                    &mut self.hash_key,
                    &t!("hint-from-support"),
                    None,
                );
            });
        let values: Vec<(SecretKind, SecretString)> = [
            (SecretKind::ApiToken, &self.api_token),
            (SecretKind::AccessToken, &self.access_token),
            (SecretKind::HashKey, &self.hash_key),
        ]
        .into_iter()
        .filter(|(_, value)| !value.trim().is_empty())
        .map(|(kind, value)| (kind, SecretString::new(value.trim())))
        .collect();
        ui.horizontal(|ui| {
            let busy = self.saving.is_some()
                || self.queued.iter().any(|command| {
                    matches!(
                        command,
                        SettingsCommand::SaveCredentials(_) | SettingsCommand::SignOut
                    )
                });
            if ui
                .add_enabled(
                    !values.is_empty() && !busy,
                    egui::Button::new(t!("settings-save-credentials")),
                )
                .clicked()
            {
                self.queued
                    .ask(ui, SettingsCommand::SaveCredentials(values));
                self.api_token.clear();
                self.access_token.clear();
                self.hash_key.clear();
            }
            if ui
                .add_enabled(!busy, egui::Button::new(t!("settings-sign-out")))
                .clicked()
            {
                self.queued.ask(ui, SettingsCommand::SignOut);
            }
            if busy {
                ui.spinner();
            }
        });
        match &self.message {
            Some(Ok(message)) => {
                ui.label(RichText::new(message).weak());
            }
            Some(Err(problem)) => error_box(ui, &UiError::local(problem.clone())),
            None => {}
        }
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
