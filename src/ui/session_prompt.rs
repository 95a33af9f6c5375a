//! Asking for the API token again after `auth.sessionEnded`, without losing any form: a modal
//! over whatever panel is open. Saving the token goes through the keyring on the runtime, never
//! in a frame.

use std::sync::Arc;

use egui::{RichText, Ui};

use super::bridge::{Bridge, Task};
use super::session::Session;
use super::widgets::form::secret_row;
use crate::config::Paths;
use crate::connection::save_credentials;
use crate::secrets::{SecretKind, SecretString};
use crate::t;

#[derive(Default)]
pub struct SessionPrompt {
    open: bool,
    token: String,
    /// The pasted token, asked to be saved while drawing; `logic` saves it.
    queued: Option<SecretString>,
    saving: Option<Task<Result<(), String>>>,
    problem: Option<String>,
}

impl SessionPrompt {
    /// The service said the session ended: ask for the token.
    /// Whether the service asked for the token again and nobody has typed it yet.
    pub fn is_open(&self) -> bool {
        self.open
    }

    pub fn ask(&mut self) {
        self.open = true;
        self.problem = None;
    }

    /// Saves a pasted token on the runtime; true once it is saved (connect again).
    pub fn logic(&mut self, bridge: &Bridge, session: &Arc<Session>, paths: &Paths) -> bool {
        if let Some(token) = self.queued.take() {
            let paths = paths.clone();
            let secrets = session.secrets.clone();
            let profile = session.profile_name().to_owned();
            self.saving = Some(bridge.spawn_blocking(move || {
                save_credentials(
                    &paths,
                    &secrets,
                    &profile,
                    &[(SecretKind::ApiToken, token)],
                    None,
                )
                .map(drop)
                .map_err(|e| e.to_string())
            }));
        }
        let Some(result) = self.saving.as_ref().and_then(Task::poll) else {
            return false;
        };
        self.saving = None;
        match result {
            Ok(()) => {
                *self = SessionPrompt::default();
                true
            }
            Err(problem) => {
                self.problem = Some(problem);
                false
            }
        }
    }

    pub fn ui(&mut self, ui: &mut Ui) {
        if !self.open {
            return;
        }
        let modal = egui::Modal::new(egui::Id::unique("session-ended")).show(ui.ctx(), |ui| {
            ui.heading(t!("session-ended-title"));
            ui.label(t!("session-ended-body"));
            egui::Grid::new("session-token")
                .num_columns(2)
                .show(ui, |ui| {
                    secret_row(ui, &t!("api-token"), &mut self.token, "", None);
                });
            if let Some(problem) = &self.problem {
                ui.label(RichText::new(problem).color(crate::ui::theme::palette(ui).danger));
            }
            ui.horizontal(|ui| {
                let ready =
                    !self.token.trim().is_empty() && self.saving.is_none() && self.queued.is_none();
                if ui
                    .add_enabled(ready, egui::Button::new(t!("sign-in-again")))
                    .clicked()
                {
                    self.queued = Some(SecretString::new(self.token.trim()));
                    self.token.clear();
                    // The next frame saves it: ask for that frame now.
                    ui.ctx().request_repaint();
                }
                if ui.button(t!("later")).clicked() {
                    self.open = false;
                }
            });
        });
        if modal.should_close() && self.saving.is_none() && self.queued.is_none() {
            self.open = false;
        }
    }
}
