//! Settings › credentials: tokens pasted into the keyring, and signing out.

use egui::{RichText, Ui};

use super::panel::{SettingsCommand, SettingsPanel, SettingsView};
use crate::secrets::{SecretKind, SecretString};
use crate::t;
use crate::ui::plumbing::bridge::UiError;
use crate::ui::widgets::form::{error_box, secret_row};
use crate::ui::widgets::problem::{Tone, explained};

impl SettingsPanel {
    pub(super) fn credentials_ui(&mut self, ui: &mut Ui, view: &SettingsView<'_>) {
        ui.label(RichText::new(t!("settings-credentials")).strong());
        match view.keyring_problem {
            None => {
                ui.label(RichText::new(t!("settings-keyring-ok")).weak());
            }
            Some(_) if view.keyring_turned_off => {
                error_box(ui, &UiError::local(t!("settings-keyring-turned-off")));
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
                for (label, value, hint) in [
                    (t!("api-token"), &mut self.api_token, t!("hint-api-token")),
                    (
                        t!("settings-access-token"),
                        &mut self.access_token,
                        t!("hint-access-token"),
                    ),
                    (
                        t!("settings-hash-key"),
                        &mut self.hash_key,
                        t!("hint-from-support"),
                    ),
                ] {
                    secret_row(ui, &label, value, &hint, None);
                }
            });
        ui.horizontal(|ui| self.credential_buttons(ui, view.sign_in_offered));
        match &self.message {
            Some(Ok(message)) => {
                ui.label(RichText::new(message).weak());
            }
            Some(Err(problem)) => explained(ui, Tone::Failed, problem),
            None => {}
        }
    }

    /// Save what was pasted (then the fields empty), sign in where the service offers it, sign
    /// out; all wait while the keyring is being written.
    fn credential_buttons(&mut self, ui: &mut Ui, sign_in_offered: bool) {
        let busy = self.saving.is_some()
            || self.queued.iter().any(|command| {
                matches!(
                    command,
                    SettingsCommand::SaveCredentials(_) | SettingsCommand::SignOut
                )
            });
        let values = self.pasted();
        let save = egui::Button::new(t!("settings-save-credentials"));
        if ui.add_enabled(!values.is_empty() && !busy, save).clicked() {
            self.queued
                .ask(ui, SettingsCommand::SaveCredentials(values));
            self.api_token.clear();
            self.access_token.clear();
            self.hash_key.clear();
        }
        if sign_in_offered
            && ui
                .add_enabled(!busy, egui::Button::new(t!("settings-sign-in-button")))
                .clicked()
        {
            self.queued.ask(ui, SettingsCommand::SignIn);
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
    }

    /// The credentials pasted, each trimmed; an empty field changes nothing.
    fn pasted(&self) -> Vec<(SecretKind, SecretString)> {
        [
            (SecretKind::ApiToken, &self.api_token),
            (SecretKind::AccessToken, &self.access_token),
            (SecretKind::HashKey, &self.hash_key),
        ]
        .into_iter()
        .filter(|(_, value)| !value.trim().is_empty())
        .map(|(kind, value)| (kind, SecretString::new(value.trim())))
        .collect()
    }
}
