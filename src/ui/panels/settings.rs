//! Settings: the profile and its environment, credentials (pasted tokens go to the keyring),
//! sign-out, appearance, and the approval alerts.

use egui::{RichText, Ui};

use crate::config::Environment;
use crate::connection::{save_credentials, sign_out};
use crate::secrets::{SecretKind, SecretString};
use crate::ui::bridge::{Task, UiError};
use crate::ui::widgets::form::{error_box, secret_row};
use crate::ui::{AppAction, PanelContext, ThemeChoice};

#[derive(Default)]
pub struct SettingsPanel {
    api_token: String,
    access_token: String,
    hash_key: String,
    saving: Option<Task<Result<String, String>>>,
    message: Option<Result<String, String>>,
    chosen_profile: Option<String>,
}

impl SettingsPanel {
    pub fn logic(&mut self, ctx: &mut PanelContext<'_>) {
        if let Some(task) = &self.saving
            && let Some(result) = task.poll()
        {
            self.saving = None;
            if result.is_ok() {
                ctx.actions.push(AppAction::Reconnect(None));
            }
            self.message = Some(result);
        }
    }

    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>, theme: &mut ThemeChoice) {
        ui.heading("Settings");
        egui::ScrollArea::vertical()
            .id_salt("settings-scroll")
            .show(ui, |ui| {
                self.profile_ui(ui, ctx);
                ui.separator();
                self.credentials_ui(ui, ctx);
                ui.separator();
                ui.label(RichText::new("Appearance").strong());
                ui.horizontal(|ui| {
                    ui.radio_value(theme, ThemeChoice::System, "Follow the system");
                    ui.radio_value(theme, ThemeChoice::Light, "Light");
                    ui.radio_value(theme, ThemeChoice::Dark, "Dark");
                });
                ui.separator();
                ui.label(RichText::new("When a payment is approved").strong());
                let alerts = ctx.tracker.alerts().clone();
                let mut notifications = alerts.notifications();
                if ui
                    .checkbox(&mut notifications, "Show a desktop notification")
                    .changed()
                {
                    alerts.set_notifications(notifications);
                }
                let mut sound = alerts.sound();
                if ui.checkbox(&mut sound, "Play a sound").changed() {
                    alerts.set_sound(sound);
                }
                ui.label(RichText::new("A banner always shows in the app").weak());
            });
    }

    fn profile_ui(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>) {
        ui.label(RichText::new("Profile").strong());
        let current = ctx.session.profile_name().to_owned();
        let chosen = self.chosen_profile.get_or_insert_with(|| current.clone());
        ui.horizontal(|ui| {
            let label = ui.label("Profile");
            egui::ComboBox::from_id_salt("profile-picker")
                .selected_text(chosen.clone())
                .show_ui(ui, |ui| {
                    for name in &ctx.session.profile_names {
                        ui.selectable_value(chosen, name.clone(), name);
                    }
                })
                .response
                .labelled_by(label.id);
            if ui
                .add_enabled(*chosen != current, egui::Button::new("Switch"))
                .clicked()
            {
                ctx.actions.push(AppAction::Reconnect(Some(chosen.clone())));
            }
        });
        let environment = ctx.session.environment();
        ui.label(format!("Environment: {}", environment.label()));
        if environment == Environment::Simulator {
            ui.label(RichText::new("The built-in simulator: nothing here moves real money").weak());
        }
        ui.label(
            RichText::new(format!(
                "Profiles live in {}",
                ctx.paths.config_file().display()
            ))
            .weak()
            .small(),
        );
    }

    fn credentials_ui(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>) {
        ui.label(RichText::new("Use existing credentials").strong());
        match ctx.session.keyring_problem() {
            None => {
                ui.label(
                    RichText::new("Tokens are kept in the system keyring, never in a file").weak(),
                );
            }
            Some(reason) => {
                error_box(
                    ui,
                    &UiError::local(format!(
                        "The system keyring is not available ({reason}). Tokens you enter are kept only until paydesk closes"
                    )),
                );
            }
        }
        egui::Grid::new("credentials")
            .num_columns(2)
            .show(ui, |ui| {
                secret_row(
                    ui,
                    "API token",
                    &mut self.api_token,
                    "Family A, from registration",
                    None,
                );
                secret_row(
                    ui,
                    "Access token",
                    &mut self.access_token,
                    "Family B bearer token",
                    None,
                );
                secret_row(
                    ui,
                    "Webhook key (HASH_KEY)",
                    &mut self.hash_key,
                    "from support",
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
            let busy = self.saving.is_some();
            if ui
                .add_enabled(
                    !values.is_empty() && !busy,
                    egui::Button::new("Save credentials"),
                )
                .clicked()
            {
                let paths = ctx.paths.clone();
                let secrets = ctx.session.secrets.clone();
                let profile = ctx.session.profile_name().to_owned();
                let count = values.len();
                self.saving = Some(ctx.bridge.spawn_blocking(move || {
                    save_credentials(&paths, &secrets, &profile, &values, None)
                        .map(|_| format!("{count} saved for profile {profile}"))
                        .map_err(|e| e.to_string())
                }));
                self.api_token.clear();
                self.access_token.clear();
                self.hash_key.clear();
            }
            if ui
                .add_enabled(!busy, egui::Button::new("Sign out"))
                .clicked()
            {
                let paths = ctx.paths.clone();
                let secrets = ctx.session.secrets.clone();
                let profile = ctx.session.profile_name().to_owned();
                self.saving = Some(ctx.bridge.spawn_blocking(move || {
                    sign_out(&paths, &secrets, &profile)
                        .map(|()| format!("Signed out of {profile}"))
                }));
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
