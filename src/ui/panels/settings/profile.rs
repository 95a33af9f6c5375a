//! Settings › the profile: which one is used, a new one, and the one in use edited (its
//! advanced part under "Avanzado").

use egui::{RichText, Ui};

use super::{SettingsCommand, SettingsPanel, SettingsView};
use crate::api::Dialect;
use crate::config::{Environment, Profile, ProfileDraft};
use crate::secrets::SecretString;
use crate::t;
use crate::ui::bridge::UiError;
use crate::ui::widgets::form::{self, blocking_reasons, error_box};
use crate::validate::{Field, ValidationError};

fn profile_labels() -> Vec<(Field, String)> {
    vec![
        (Field::Name, crate::t!("field-profile-name")),
        (Field::Environment, crate::t!("field-environment")),
        (Field::BaseUrl, crate::t!("field-base-url")),
        (Field::PayUrl, crate::t!("field-pay-url")),
        (Field::ShopUrl, crate::t!("field-shop-url")),
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

/// The form for a new profile, or for the current one.
pub(super) struct ProfileEditor {
    pub(super) draft: ProfileDraft,
    /// The profile being changed; `None` for a new one. Its name cannot change: the keyring
    /// keeps its tokens under that name.
    pub(super) editing: Option<Profile>,
    /// A new profile's sign-in, as typed; the password leaves when the profile is saved.
    username: String,
    password: String,
}

impl SettingsPanel {
    pub(super) fn busy_with_profiles(&self) -> bool {
        self.profile_change.is_some()
            || self.queued.iter().any(|command| {
                matches!(
                    command,
                    SettingsCommand::Switch(_) | SettingsCommand::SaveProfile { .. }
                )
            })
    }

    pub(super) fn profile_ui(&mut self, ui: &mut Ui, view: &SettingsView<'_>) {
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
                self.editor = Some(ProfileEditor::new(ProfileDraft::default(), None));
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
                self.editor = Some(ProfileEditor::new(
                    ProfileDraft::from_profile(&current, &profile),
                    Some(profile),
                ));
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
        let Some(editor) = &mut self.editor else {
            return;
        };
        let built = editor
            .draft
            .build(view.profile_names, editor.editing.as_ref());
        let problems = built.as_ref().err().cloned().unwrap_or_default();
        let mut to_save = None;
        let cancelled = egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(
                RichText::new(match &editor.editing {
                    None => t!("settings-new-profile"),
                    Some(_) => t!("settings-profile-named", name = editor.draft.name.as_str()),
                })
                .strong(),
            );
            let mut enter = editor.main_rows(ui, &problems);
            enter |= editor.advanced_rows(ui, &problems);
            if editor.offers_sign_in() {
                enter |= editor.sign_in_rows(ui);
            }
            let mut cancel = false;
            ui.horizontal(|ui| {
                let save = ui
                    .add_enabled(
                        built.is_ok() && !busy,
                        egui::Button::new(editor.save_words()),
                    )
                    .clicked();
                cancel = ui.button(t!("cancel")).clicked();
                if (save || (enter && !busy))
                    && let Ok((name, profile)) = built
                {
                    to_save = Some(SettingsCommand::SaveProfile {
                        name,
                        profile: Box::new(profile),
                        sign_in: editor.take_sign_in(),
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
}

impl ProfileEditor {
    pub(super) fn new(draft: ProfileDraft, editing: Option<Profile>) -> ProfileEditor {
        ProfileEditor {
            draft,
            editing,
            username: String::new(),
            password: String::new(),
        }
    }

    /// A new profile of an interface with a sign-in signs in as it is saved.
    fn offers_sign_in(&self) -> bool {
        self.editing.is_none() && self.draft.interface.has_sign_in()
    }

    fn save_words(&self) -> String {
        if self.offers_sign_in() && !self.username.trim().is_empty() {
            t!("settings-save-and-sign-in")
        } else {
            t!("settings-save-profile")
        }
    }

    /// The user and password to sign in with, given both; the password leaves the form.
    fn take_sign_in(&mut self) -> Option<(String, SecretString)> {
        let wanted =
            self.offers_sign_in() && !self.username.trim().is_empty() && !self.password.is_empty();
        wanted.then(|| {
            (
                self.username.trim().to_owned(),
                SecretString::new(std::mem::take(&mut self.password)),
            )
        })
    }

    /// The name, the environment, the service's addresses and the shop.
    fn main_rows(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
        let new = self.editing.is_none();
        let draft = &mut self.draft;
        let mut enter = false;
        egui::Grid::new("profile-editor")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                if new {
                    enter |= form::text_rows(
                        ui,
                        problems,
                        [(
                            &*t!("field-profile-name"),
                            &mut draft.name,
                            Field::Name,
                            "tienda",
                        )],
                    );
                }
                ui.label(t!("field-environment"));
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
                    problems,
                    [
                        (
                            &*t!("field-base-url"),
                            &mut draft.base_url,
                            Field::BaseUrl,
                            "https://…/api/v1",
                        ),
                        (
                            &*t!("field-pay-url"),
                            &mut draft.pay_url,
                            Field::PayUrl,
                            "https://…",
                        ),
                        (
                            &*t!("field-shop-name"),
                            &mut draft.shop_name,
                            Field::ShopName,
                            &*t!("hint-shop-name"),
                        ),
                        (
                            &*t!("field-shop-url"),
                            &mut draft.shop_url,
                            Field::ShopUrl,
                            "https://instagram.com/mitienda",
                        ),
                        (
                            &*t!("field-user-id"),
                            &mut draft.user_id,
                            Field::ProfileUserId,
                            &*t!("hint-from-registration"),
                        ),
                    ],
                );
            });
        enter
    }

    /// What is set once for every sale: kept out of the till's forms. Opened by itself when one
    /// of its fields is wrong.
    fn advanced_rows(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
        let advanced_problem = problems.iter().any(|p| ADVANCED_FIELDS.contains(&p.field));
        let draft = &mut self.draft;
        let mut enter = false;
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
                            problems,
                            [
                                (
                                    &*t!("field-default-webhook"),
                                    &mut draft.webhook_url,
                                    Field::ProfileWebhookUrl,
                                    &*t!("hint-optional-https"),
                                ),
                                (
                                    &*t!("field-return-url"),
                                    &mut draft.return_url,
                                    Field::ProfileReturnUrl,
                                    &*t!("hint-optional-https"),
                                ),
                                (
                                    &*t!("field-profile-merchant-id"),
                                    &mut draft.merchant_id,
                                    Field::ProfileMerchantId,
                                    &*t!("hint-merchant-optional"),
                                ),
                                (
                                    &*t!("field-profile-brand-id"),
                                    &mut draft.brand_id,
                                    Field::ProfileBrandId,
                                    "79",
                                ),
                                (
                                    &*t!("field-webhook-listen"),
                                    &mut draft.webhook_listen,
                                    Field::WebhookListen,
                                    crate::config::DEFAULT_WEBHOOK_LISTEN,
                                ),
                                (
                                    &*t!("field-ledger-url"),
                                    &mut draft.ledger_url,
                                    Field::LedgerUrl,
                                    "postgres://caja@servidor:5432/tienda",
                                ),
                            ],
                        );
                        ui.label(t!("field-payment-summary"));
                        ui.checkbox(&mut draft.show_summary, t!("field-show-summary"));
                        ui.end_row();
                        interface_row(ui, &mut draft.interface);
                    });
            });
        enter
    }

    /// A new profile's sign-in: the service's user and password, optional (a token can be
    /// pasted instead, in Credentials).
    fn sign_in_rows(&mut self, ui: &mut Ui) -> bool {
        let mut enter = false;
        ui.add_space(crate::ui::theme::space::SMALL);
        ui.label(RichText::new(t!("settings-sign-in-title")).strong());
        ui.label(RichText::new(t!("settings-sign-in-note")).weak());
        egui::Grid::new("profile-sign-in")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                enter |= form::submitted(&form::text_row(
                    ui,
                    &t!("field-service-user"),
                    &mut self.username,
                    "tienda@correo.co",
                    None,
                ));
                enter |= form::submitted(&form::secret_row(
                    ui,
                    &t!("field-password"),
                    &mut self.password,
                    "",
                    None,
                ));
            });
        enter
    }
}

/// The interface's version, chosen from the two paydesk speaks.
fn interface_row(ui: &mut Ui, interface: &mut Dialect) {
    let label = ui.label(t!("field-interface"));
    egui::ComboBox::from_id_salt("profile-interface")
        .selected_text(interface.label())
        .show_ui(ui, |ui| {
            for choice in Dialect::ALL {
                ui.selectable_value(interface, choice, choice.label());
            }
        })
        .response
        .labelled_by(label.id);
    ui.end_row();
}
