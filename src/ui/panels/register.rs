//! Register: the `/auth/register` form with every field. On success the token goes to the
//! keyring and the app reconnects signed in as the new merchant.

use crate::ui::plumbing::queue::Queue;
use crate::validate::Field;
use egui::{RichText, Ui};

use crate::api::family_a::{DOCUMENT_TYPES, RegisteredUser, Registration, document_type_words};
use crate::config::ConfigError;
use crate::connection::save_credentials;
use crate::i18n::Problem;
use crate::places;
use crate::requests::RegistrationForm;
use crate::secrets::{SecretKind, Stored};
use crate::t;
use crate::ui::plumbing::bridge::{Requested, Task, UiError, finished};
use crate::ui::widgets::form::{self, blocking_reasons, error_box, problem_for, secret_row};
use crate::ui::{AppAction, LogicContext};
use crate::validate::ValidationError;

fn register_labels() -> Vec<(Field, String)> {
    vec![
        (Field::Name, crate::t!("field-business-name")),
        (Field::Email, crate::t!("field-email")),
        (Field::Cellphone, crate::t!("field-cellphone")),
        (Field::DocType, crate::t!("field-document-type")),
        (Field::DocNumber, crate::t!("field-document-number")),
        (Field::State, crate::t!("field-department-id")),
        (Field::City, crate::t!("field-city-id")),
        (Field::CommerceType, crate::t!("field-commerce-type")),
        (Field::Referred, crate::t!("field-referred")),
        (Field::Password, crate::t!("field-password")),
        (Field::VerifyPassword, crate::t!("field-confirm-password")),
    ]
}

pub struct RegisterPanel {
    /// What was typed; `requests` reads it into a registration.
    form: RegistrationForm,
    request: Requested<RegisteredUser>,
    stored: Option<Task<Result<Vec<Stored>, ConfigError>>>,
    /// The words for the shop owner, and the system's own reason (for a hover) when the token
    /// could only be kept for this run; or why it was not kept at all.
    outcome: Option<Result<(String, Option<String>), Problem>>,
    /// The registration to send, asked for while drawing; sent by the next `logic`.
    pub queued: Queue<Registration>,
    /// Who registered and in which profile, until the token is stored.
    registered: Option<(String, String)>,
    /// The owner pressed the button while it could not go: say why, even in an untouched form.
    pressed_while_blocked: bool,
}

impl Default for RegisterPanel {
    fn default() -> Self {
        RegisterPanel {
            form: RegistrationForm::default(),
            request: Requested::NotRequested,
            stored: None,
            outcome: None,
            queued: Queue::default(),
            registered: None,
            pressed_while_blocked: false,
        }
    }
}

/// The department picker and the municipality field with its suggestions (names from the DANE
/// list, narrowed to the department once one is chosen).
fn place_rows(
    ui: &mut Ui,
    department: &mut String,
    municipality: &mut String,
    problems: &[ValidationError],
) -> bool {
    let label = ui.label(t!("field-department-id"));
    let chosen = places::department_by_text(department);
    let mut picked = None;
    egui::ComboBox::from_id_salt("register-department")
        .selected_text(match chosen {
            Some(chosen) => chosen.name.clone(),
            None if department.trim().is_empty() => t!("register-choose-department"),
            None => department.clone(),
        })
        .height(320.0)
        .show_ui(ui, |ui| {
            for option in places::departments() {
                let selected = chosen.is_some_and(|d| d.code == option.code);
                if ui.selectable_label(selected, &option.name).clicked() {
                    picked = Some(option);
                }
            }
        })
        .response
        .labelled_by(label.id);
    ui.end_row();
    if let Some(option) = picked {
        *department = option.name.clone();
        // A municipality of another department no longer applies.
        if places::municipality_by_text(municipality, Some(option)).is_none()
            && municipality.trim().parse::<i64>().is_err()
        {
            municipality.clear();
        }
    }
    let response = form::text_row(
        ui,
        &t!("field-city-id"),
        municipality,
        &t!("hint-municipality"),
        problem_for(problems, Field::City),
    );
    let typed = municipality.trim().to_owned();
    let found = places::municipality_by_text(&typed, chosen);
    // A municipality named in full says its department: it is filled in (accents ignored).
    if chosen.is_none()
        && let Some((its_department, _)) = found
    {
        *department = its_department.name.clone();
    }
    let known = found.is_some();
    if !typed.is_empty() && !known && typed.parse::<i64>().is_err() {
        let suggestions = places::suggestions(&typed, chosen, 8);
        ui.label("");
        ui.horizontal_wrapped(|ui| {
            for (in_department, option) in suggestions {
                let words = if chosen.is_some() {
                    option.name.clone()
                } else {
                    format!("{} ({})", option.name, in_department.name)
                };
                if ui.button(words).clicked() {
                    *municipality = option.name.clone();
                    *department = in_department.name.clone();
                }
            }
        });
        ui.end_row();
    }
    form::submitted(&response)
}

impl RegisterPanel {
    pub fn logic(&mut self, work: &mut LogicContext<'_>) {
        if let Some(registration) = self.queued.take().pop() {
            let client = work.session.connection.client.clone();
            self.request.start(work.bridge.spawn(async move {
                client
                    .register(&registration)
                    .await
                    .map(|reply| reply.value.user)
                    .map_err(UiError::from)
            }));
        }
        if self.request.poll() {
            match &self.request {
                Requested::Done(user) => {
                    let paths = work.paths.clone();
                    let secrets = work.session.secrets.clone();
                    let profile = work.session.profile_name().to_owned();
                    let shown_profile = crate::config::shown_profile_name(&profile);
                    let token = user.token.clone();
                    let user_id = user.id;
                    let name = if user.name.trim().is_empty() {
                        self.form.name.trim().to_owned()
                    } else {
                        user.name.clone()
                    };
                    // The outcome names the profile as the person reads it.
                    self.registered = Some((name.clone(), shown_profile));
                    self.stored = Some(work.bridge.spawn_blocking(move || {
                        let stored = save_credentials(
                            &paths,
                            &secrets,
                            &profile,
                            &[(SecretKind::ApiToken, token)],
                            user_id,
                        )?;
                        // The shop just registered is the one the top bar, the payment card and
                        // the checkout page name, unless the profile already had a name.
                        paths.change(|config| {
                            if let Some(kept) = config.profiles.get_mut(&profile)
                                && kept.shop_name.is_none()
                                && !name.is_empty()
                            {
                                kept.shop_name = Some(name);
                            }
                            Ok(())
                        })?;
                        Ok(stored)
                    }));
                    // Done: the form starts over, so no rule of a field it emptied (the
                    // password) is shown above the green line.
                    self.form = RegistrationForm::default();
                    self.pressed_while_blocked = false;
                }
                Requested::Failed { error, .. } => work.note_error(error),
                _ => {}
            }
        }
        if let Some(result) = finished(&mut self.stored) {
            let (name, profile) = self.registered.take().unwrap_or_default();
            self.outcome = Some(match result {
                Ok(stored) => {
                    work.actions.push(AppAction::Reconnect(None));
                    let done = t!(
                        "register-done",
                        name = name.as_str(),
                        profile = profile.as_str()
                    );
                    Ok(match stored.first() {
                        Some(Stored::MemoryOnly { reason }) => (
                            format!("{done} {}", t!("register-done-memory")),
                            Some(reason.clone()),
                        ),
                        _ => (format!("{done} {}", t!("register-done-keyring")), None),
                    })
                }
                // The settings file's sentence; its path and the system's reason under «Detalles».
                Err(error) => Err(Problem::of(&error)),
            });
        }
    }

    /// `profile_name`: the profile's name in the configuration; shown as a person reads it
    /// (the built-in simulator's in her language, not its key "simulator").
    pub fn ui(&mut self, ui: &mut Ui, profile_name: &str) {
        ui.heading(t!("register-title"));
        let shown = crate::config::shown_profile_name(profile_name);
        ui.label(RichText::new(t!("register-on-profile", name = shown.as_str())).weak());
        // Beside the fields, the problems of what they held before this frame's keys.
        let problems = self.form.parse().err().unwrap_or_default();
        egui::ScrollArea::both()
            .id_salt("register-scroll")
            .show(ui, |ui| {
                let enter = egui::Grid::new("register-form")
                    .num_columns(2)
                    .spacing([12.0, 6.0])
                    .show(ui, |ui| form_rows(ui, &mut self.form, &problems))
                    .inner;
                ui.add_space(crate::ui::theme::space::MEDIUM);
                // What is sent is what the fields hold after this frame's keys (a last key and
                // Enter can come in one frame).
                let built = self.form.parse();
                self.submit_ui(ui, built, enter, &problems);
                if let Some(error) = self.request.error() {
                    error_box(ui, error);
                }
                self.outcome_ui(ui);
            });
    }

    /// The button, and why it waits; the registration is queued when it is pressed (or Enter in
    /// a field) and may go.
    fn submit_ui(
        &mut self,
        ui: &mut Ui,
        built: Result<Registration, Vec<ValidationError>>,
        enter: bool,
        problems: &[ValidationError],
    ) {
        let busy = self.request.is_pending() || self.stored.is_some() || !self.queued.is_empty();
        let submit = ui.add_enabled(
            built.is_ok() && !busy,
            egui::Button::new(t!("register-submit")),
        );
        let clicked = submit.clicked();
        if built.is_err() && submit.contains_pointer() && ui.input(|i| i.pointer.primary_released())
        {
            self.pressed_while_blocked = true;
        }
        if busy {
            ui.spinner();
        }
        // An untouched form is not a mistake: the complaints wait until she starts.
        if self.form.started() || self.pressed_while_blocked {
            blocking_reasons(ui, problems, &register_labels());
        }
        if (clicked || (enter && !busy))
            && let Ok(registration) = built
        {
            self.outcome = None;
            self.queued.ask(ui, registration);
        }
    }

    /// Registered: where the token was kept (the system's reason on hover when only for this
    /// run), or why it was not.
    fn outcome_ui(&self, ui: &mut Ui) {
        match &self.outcome {
            Some(Ok((message, reason))) => {
                let said =
                    ui.label(RichText::new(message).color(crate::ui::theme::palette(ui).success));
                if let Some(reason) = reason {
                    // The system's own words, for whoever helps her set the keyring up.
                    said.on_hover_text(reason);
                }
            }
            Some(Err(problem)) => {
                error_box(
                    ui,
                    &UiError::local(t!(
                        "register-token-not-kept",
                        problem = problem.message.as_str()
                    )),
                );
            }
            None => {}
        }
    }
}

/// Every field, in the order the service's own form has them; true when Enter was pressed in
/// one.
fn form_rows(ui: &mut Ui, typed: &mut RegistrationForm, problems: &[ValidationError]) -> bool {
    let mut enter = form::text_rows(
        ui,
        problems,
        [
            (
                &*t!("field-business-name"),
                &mut typed.name,
                Field::Name,
                "",
            ),
            (
                &*t!("field-email"),
                &mut typed.email,
                Field::Email,
                &*t!("hint-email"),
            ),
            (
                &*t!("field-cellphone"),
                &mut typed.cellphone,
                Field::Cellphone,
                "300 123 4567",
            ),
        ],
    );
    form::choice_row(
        ui,
        &t!("field-document-type"),
        "register-doc-type",
        &mut typed.doc_type,
        DOCUMENT_TYPES
            .iter()
            .map(|code| (*code, format!("{code} — {}", document_type_words(code)))),
    );
    enter |= form::text_rows(
        ui,
        problems,
        [(
            &*t!("field-document-number"),
            &mut typed.doc_number,
            Field::DocNumber,
            &*t!("hint-digits"),
        )],
    );
    enter |= place_rows(ui, &mut typed.state, &mut typed.city, problems);
    enter |= form::text_rows(
        ui,
        problems,
        [
            (
                &*t!("field-commerce-type"),
                &mut typed.commerce_type,
                Field::CommerceType,
                &*t!("hint-optional"),
            ),
            (
                &*t!("field-referred"),
                &mut typed.referred,
                Field::Referred,
                &*t!("hint-optional"),
            ),
        ],
    );
    enter | password_rows(ui, typed, problems)
}

/// The password, and again to be sure of it.
fn password_rows(ui: &mut Ui, typed: &mut RegistrationForm, problems: &[ValidationError]) -> bool {
    let password = form::submitted(&secret_row(
        ui,
        &t!("field-password"),
        &mut typed.password,
        &t!("hint-password"),
        problem_for(problems, Field::Password),
    ));
    let confirmation = form::submitted(&secret_row(
        ui,
        &t!("field-confirm-password"),
        &mut typed.confirmation,
        "",
        problem_for(problems, Field::VerifyPassword),
    ));
    password || confirmation
}

impl crate::ui::panels::PanelState for RegisterPanel {
    fn logic(&mut self, work: &mut crate::ui::LogicContext<'_>) {
        RegisterPanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut egui::Ui, draw: &mut crate::ui::panels::DrawContext<'_>) {
        self.ui(ui, draw.session.profile_name());
    }
}
