//! Asking for a credential again, without losing any form: a modal over whatever panel is open.
//! After `auth.sessionEnded` the envelope API's token is pasted; when the pay API refuses its
//! token (revoked, or wrong) the owner signs in with the service's user and password, or pastes
//! an access token. Settings opens the same dialog to sign in at will. The network and the
//! keyring are reached on the runtime, never in a frame; the password lives only in this
//! dialog until its one request goes.

use std::sync::Arc;

use egui::{RichText, Ui};

use crate::api::SignInNeeded;
use crate::config::Paths;
use crate::connection::save_credentials;
use crate::i18n::Problem;
use crate::secrets::{SecretKind, SecretString};
use crate::t;
use crate::ui::plumbing::bridge::{Bridge, Task};
use crate::ui::services::session::Session;
use crate::ui::widgets::form::{secret_row, text_row};

/// Why the dialog is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reason {
    /// The service refused a credential: it asks for it again.
    Refused(SignInNeeded),
    /// The owner chose to sign in (Settings).
    Chosen,
}

impl Reason {
    fn needed(self) -> SignInNeeded {
        match self {
            Reason::Refused(needed) => needed,
            Reason::Chosen => SignInNeeded::PayApi,
        }
    }
}

/// What the dialog asked for while drawing; `logic` does it.
enum Asked {
    Paste(SecretKind, SecretString),
    SignIn {
        username: String,
        password: SecretString,
    },
}

#[derive(Default)]
pub struct SessionPrompt {
    open: Option<Reason>,
    token: String,
    username: String,
    password: String,
    queued: Option<Asked>,
    saving: Option<Task<Result<(), Problem>>>,
    /// Why the last try did not keep the credential.
    problem: Option<Problem>,
}

impl SessionPrompt {
    /// Whether the service asked for a credential and nobody has given it yet.
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// The service refused a credential: ask for it.
    pub fn ask(&mut self, needed: SignInNeeded) {
        self.open = Some(Reason::Refused(needed));
        self.problem = None;
    }

    /// The owner asked to sign in to the pay API.
    pub fn offer_sign_in(&mut self) {
        self.open = Some(Reason::Chosen);
        self.problem = None;
    }

    fn busy(&self) -> bool {
        self.saving.is_some() || self.queued.is_some()
    }

    /// Signs in or saves a pasted token on the runtime; true once it is kept (connect again).
    pub fn logic(&mut self, bridge: &Bridge, session: &Arc<Session>, paths: &Paths) -> bool {
        if let Some(asked) = self.queued.take() {
            let paths = paths.clone();
            let secrets = session.secrets.clone();
            let profile = session.profile_name().to_owned();
            self.saving = Some(match asked {
                Asked::Paste(kind, token) => bridge.spawn_blocking(move || {
                    save_credentials(&paths, &secrets, &profile, &[(kind, token)], None)
                        .map(drop)
                        .map_err(|error| Problem::words(error.to_string()))
                }),
                Asked::SignIn { username, password } => {
                    let client = session.connection.client.clone();
                    bridge.spawn(async move {
                        let token = client
                            .sign_in(&username, &password)
                            .await
                            .map_err(|error| Problem::of(&error))?;
                        tokio::task::spawn_blocking(move || {
                            save_credentials(
                                &paths,
                                &secrets,
                                &profile,
                                &[(SecretKind::AccessToken, token)],
                                None,
                            )
                            .map(drop)
                            .map_err(|error| Problem::words(error.to_string()))
                        })
                        .await
                        .map_err(|error| Problem::words(error.to_string()))?
                    })
                }
            });
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

    /// `sign_in_offered`: whether the profile's service signs in with a user and password.
    pub fn ui(&mut self, ui: &mut Ui, sign_in_offered: bool) {
        let Some(reason) = self.open else {
            return;
        };
        let modal = egui::Modal::new(egui::Id::unique("sign-in-prompt")).show(ui.ctx(), |ui| {
            ui.set_max_width(520.0);
            match reason.needed() {
                SignInNeeded::ApiToken => self.api_token_ui(ui),
                SignInNeeded::PayApi => self.pay_api_ui(ui, reason, sign_in_offered),
            }
            if let Some(problem) = &self.problem {
                let danger = crate::ui::theme::palette(ui).danger;
                ui.label(RichText::new(&problem.message).color(danger));
            }
            if self.busy() {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(t!("sign-in-working"));
                });
            }
            if ui.button(t!("later")).clicked() {
                self.open = None;
                self.password.clear();
            }
        });
        // Escape closes it, as "Más tarde" does; a click beside it does not (the click that
        // asked the service may still be landing when the dialog appears, and what was typed
        // here would be lost).
        let escape = ui.input(|input| input.key_pressed(egui::Key::Escape));
        if modal.should_close() && escape && !self.busy() {
            self.open = None;
            self.password.clear();
        }
    }

    /// Family A: the API token, pasted.
    fn api_token_ui(&mut self, ui: &mut Ui) {
        ui.heading(t!("session-ended-title"));
        ui.label(t!("session-ended-body"));
        egui::Grid::new("session-token")
            .num_columns(2)
            .show(ui, |ui| {
                secret_row(ui, &t!("api-token"), &mut self.token, "", None);
            });
        let ready = !self.token.trim().is_empty() && !self.busy();
        if ui
            .add_enabled(ready, egui::Button::new(t!("sign-in-again")))
            .clicked()
        {
            self.queued = Some(Asked::Paste(
                SecretKind::ApiToken,
                SecretString::new(self.token.trim()),
            ));
            self.token.clear();
            // The next frame saves it: ask for that frame now.
            ui.ctx().request_repaint();
        }
    }

    /// The pay API: the service's user and password, or an access token pasted.
    fn pay_api_ui(&mut self, ui: &mut Ui, reason: Reason, sign_in_offered: bool) {
        ui.heading(t!("pay-sign-in-title"));
        ui.label(match reason {
            Reason::Refused(_) => t!("pay-sign-in-refused"),
            Reason::Chosen => t!("pay-sign-in-body"),
        });
        if sign_in_offered {
            egui::Grid::new("pay-sign-in")
                .num_columns(2)
                .show(ui, |ui| {
                    text_row(
                        ui,
                        &t!("field-service-user"),
                        &mut self.username,
                        "tienda@correo.co",
                        None,
                    );
                    secret_row(ui, &t!("field-password"), &mut self.password, "", None);
                });
            ui.label(RichText::new(t!("pay-sign-in-password-not-kept")).weak());
            let ready =
                !self.username.trim().is_empty() && !self.password.is_empty() && !self.busy();
            if ui
                .add_enabled(ready, egui::Button::new(t!("pay-sign-in-button")))
                .clicked()
            {
                self.queued = Some(Asked::SignIn {
                    username: self.username.trim().to_owned(),
                    password: SecretString::new(std::mem::take(&mut self.password)),
                });
                self.problem = None;
                ui.ctx().request_repaint();
            }
            ui.separator();
            ui.label(RichText::new(t!("pay-sign-in-or-paste")).weak());
        }
        egui::Grid::new("pay-token").num_columns(2).show(ui, |ui| {
            secret_row(ui, &t!("settings-access-token"), &mut self.token, "", None);
        });
        let ready = !self.token.trim().is_empty() && !self.busy();
        if ui
            .add_enabled(ready, egui::Button::new(t!("pay-sign-in-save-token")))
            .clicked()
        {
            self.queued = Some(Asked::Paste(
                SecretKind::AccessToken,
                SecretString::new(self.token.trim()),
            ));
            self.token.clear();
            ui.ctx().request_repaint();
        }
    }
}
