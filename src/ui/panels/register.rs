//! Register: the `/auth/register` form with every field. On success the token goes to the
//! keyring and the app reconnects signed in as the new merchant.

use crate::ui::queue::Queue;
use crate::validate::Field;
use egui::{RichText, Ui};

use crate::api::family_a::{DOCUMENT_TYPES, RegisteredUser, Registration, document_type_words};
use crate::connection::save_credentials;
use crate::places;
use crate::secrets::{SecretKind, SecretString, Stored};
use crate::t;
use crate::ui::bridge::{Requested, Task, UiError};
use crate::ui::widgets::form::{self, blocking_reasons, error_box, problem_for, secret_row};
use crate::ui::{AppAction, PanelContext};
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
    name: String,
    email: String,
    cellphone: String,
    doc_type: String,
    doc_number: String,
    city: String,
    state: String,
    commerce_type: String,
    referred: String,
    password: String,
    confirmation: String,
    request: Requested<RegisteredUser>,
    stored: Option<Task<Result<Vec<Stored>, String>>>,
    /// The words for the shop owner, and the system's own reason (for a hover) when the token
    /// could only be kept for this run; or why it was not kept at all.
    outcome: Option<Result<(String, Option<String>), String>>,
    /// The registration to send, asked for while drawing; sent by the next `logic`.
    pub queued: Queue<Registration>,
    /// Who registered and in which profile, until the token is stored.
    registered: Option<(String, String)>,
    /// The owner pressed the button while it could not go: say why, even in an untouched form.
    pressed_while_blocked: bool,
}

impl RegisterPanel {
    /// Whether the owner has typed anything yet.
    fn started(&self) -> bool {
        [
            &self.name,
            &self.email,
            &self.cellphone,
            &self.doc_number,
            &self.city,
            &self.state,
            &self.commerce_type,
            &self.referred,
            &self.password,
            &self.confirmation,
        ]
        .iter()
        .any(|field| !field.trim().is_empty())
    }
}

impl Default for RegisterPanel {
    fn default() -> Self {
        RegisterPanel {
            name: String::new(),
            email: String::new(),
            cellphone: String::new(),
            doc_type: "CC".into(),
            doc_number: String::new(),
            city: String::new(),
            state: String::new(),
            commerce_type: String::new(),
            referred: String::new(),
            password: String::new(),
            confirmation: String::new(),
            request: Requested::NotRequested,
            stored: None,
            outcome: None,
            queued: Queue::default(),
            registered: None,
            pressed_while_blocked: false,
        }
    }
}

fn id_field(
    field: Field,
    text: &str,
    required: bool,
    problems: &mut Vec<ValidationError>,
) -> Option<i64> {
    if text.trim().is_empty() {
        if required {
            problems.push(ValidationError::new(field, t!("rule-required")));
        }
        return None;
    }
    match text.trim().parse::<i64>() {
        Ok(id) if id > 0 => Some(id),
        _ => {
            problems.push(ValidationError::new(field, t!("register-enter-id")));
            None
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
    let known = places::municipality_by_text(&typed, chosen).is_some();
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
    fn build(&self) -> Result<Registration, Vec<ValidationError>> {
        let mut problems = Vec::new();
        let (state, city) = places::ids(&self.state, &self.city, &mut problems);
        let commerce_type = id_field(
            Field::CommerceType,
            &self.commerce_type,
            false,
            &mut problems,
        );
        let referred = id_field(Field::Referred, &self.referred, false, &mut problems);
        let registration = Registration {
            register_type: "email".into(),
            password: SecretString::new(self.password.clone()),
            verify_password: SecretString::new(self.confirmation.clone()),
            email: self.email.trim().to_owned(),
            cellphone: crate::validate::cellphone(Field::Cellphone, &self.cellphone)
                .unwrap_or_else(|_| self.cellphone.clone()),
            doc_type: self.doc_type.clone(),
            doc_number: self.doc_number.trim().to_owned(),
            name: self.name.trim().to_owned(),
            referred,
            city_id: city.unwrap_or_default(),
            state_id: state.unwrap_or_default(),
            commerce_type_id: commerce_type,
        };
        for problem in registration.check() {
            // The place's ids are read from names above, and said in those words there.
            let place = matches!(problem.field, Field::City | Field::State);
            if !place && !problems.iter().any(|p| p.field == problem.field) {
                problems.push(problem);
            }
        }
        if problems.is_empty() {
            Ok(registration)
        } else {
            Err(problems)
        }
    }

    pub fn logic(&mut self, ctx: &mut PanelContext<'_>) {
        if let Some(registration) = self.queued.take().pop() {
            let client = ctx.session.connection.client.clone();
            self.request.start(ctx.bridge.spawn(async move {
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
                    let paths = ctx.paths.clone();
                    let secrets = ctx.session.secrets.clone();
                    let profile = ctx.session.profile_name().to_owned();
                    let token = user.token.clone();
                    let user_id = user.id;
                    let name = if user.name.trim().is_empty() {
                        self.name.trim().to_owned()
                    } else {
                        user.name.clone()
                    };
                    self.registered = Some((name, profile.clone()));
                    self.stored = Some(ctx.bridge.spawn_blocking(move || {
                        save_credentials(
                            &paths,
                            &secrets,
                            &profile,
                            &[(SecretKind::ApiToken, token)],
                            user_id,
                        )
                        .map_err(|e| e.to_string())
                    }));
                    self.password.clear();
                    self.confirmation.clear();
                }
                Requested::Failed { error, .. } => ctx.note_error(error),
                _ => {}
            }
        }
        if let Some(task) = &self.stored
            && let Some(result) = task.poll()
        {
            self.stored = None;
            let (name, profile) = self.registered.take().unwrap_or_default();
            self.outcome = Some(match result {
                Ok(stored) => {
                    ctx.actions.push(AppAction::Reconnect(None));
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
                Err(problem) => Err(problem),
            });
        }
    }

    pub fn ui(&mut self, ui: &mut Ui, profile_name: &str) {
        ui.heading(t!("register-title"));
        ui.label(RichText::new(t!("register-on-profile", name = profile_name)).weak());
        let built = self.build();
        let problems = built.as_ref().err().cloned().unwrap_or_default();
        let mut enter = false;
        egui::ScrollArea::both()
            .id_salt("register-scroll")
            .show(ui, |ui| {
                egui::Grid::new("register-form")
                    .num_columns(2)
                    .spacing([12.0, 6.0])
                    .show(ui, |ui| {
                        enter |= form::text_rows(
                            ui,
                            &problems,
                            [
                                (
                                    &*crate::t!("field-business-name"),
                                    &mut self.name,
                                    Field::Name,
                                    "",
                                ),
                                (
                                    &*crate::t!("field-email"),
                                    &mut self.email,
                                    Field::Email,
                                    &*t!("hint-email"),
                                ),
                                (
                                    &*crate::t!("field-cellphone"),
                                    &mut self.cellphone,
                                    Field::Cellphone,
                                    "300 123 4567",
                                ),
                            ],
                        );
                        form::choice_row(
                            ui,
                            &t!("field-document-type"),
                            "register-doc-type",
                            &mut self.doc_type,
                            DOCUMENT_TYPES.iter().map(|code| {
                                (*code, format!("{code} — {}", document_type_words(code)))
                            }),
                        );
                        enter |= form::text_rows(
                            ui,
                            &problems,
                            [(
                                &*crate::t!("field-document-number"),
                                &mut self.doc_number,
                                Field::DocNumber,
                                &*t!("hint-digits"),
                            )],
                        );
                        enter |= place_rows(ui, &mut self.state, &mut self.city, &problems);
                        enter |= form::text_rows(
                            ui,
                            &problems,
                            [
                                (
                                    &*crate::t!("field-commerce-type"),
                                    &mut self.commerce_type,
                                    Field::CommerceType,
                                    &*t!("hint-optional"),
                                ),
                                (
                                    &*crate::t!("field-referred"),
                                    &mut self.referred,
                                    Field::Referred,
                                    &*t!("hint-optional"),
                                ),
                            ],
                        );
                        enter |= form::submitted(&secret_row(
                            ui,
                            &t!("field-password"),
                            &mut self.password,
                            &t!("hint-password"),
                            problem_for(&problems, Field::Password),
                        ));
                        enter |= form::submitted(&secret_row(
                            ui,
                            &t!("field-confirm-password"),
                            &mut self.confirmation,
                            "",
                            problem_for(&problems, Field::VerifyPassword),
                        ));
                    });
                ui.add_space(crate::ui::theme::space::MEDIUM);
                let busy =
                    self.request.is_pending() || self.stored.is_some() || !self.queued.is_empty();
                let submit = ui.add_enabled(
                    built.is_ok() && !busy,
                    egui::Button::new(t!("register-submit")),
                );
                let clicked = submit.clicked();
                if built.is_err()
                    && submit.contains_pointer()
                    && ui.input(|i| i.pointer.primary_released())
                {
                    self.pressed_while_blocked = true;
                }
                if busy {
                    ui.spinner();
                }
                // An untouched form is not a mistake: the complaints wait until she starts.
                if self.started() || self.pressed_while_blocked {
                    blocking_reasons(ui, &problems, &register_labels());
                }
                if (clicked || (enter && !busy))
                    && let Ok(registration) = built
                {
                    self.outcome = None;
                    self.queued.ask(ui, registration);
                }
                if let Some(error) = self.request.error() {
                    error_box(ui, error);
                }
                match &self.outcome {
                    Some(Ok((message, reason))) => {
                        let said = ui.label(
                            RichText::new(message).color(crate::ui::theme::palette(ui).success),
                        );
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
                                problem = problem.as_str()
                            )),
                        );
                    }
                    None => {}
                }
            });
    }
}
