//! Configuración → Dueño y cajeros: the owner's PIN (set, or changed with the current one), how
//! long the owner's side stays open without use, and the cashiers (each a name and a PIN of
//! their own). Without an owner's PIN it says, once, why one is worth setting.

use egui::{RichText, Ui};

use crate::ledger::people::IDLE_MINUTES_CHOICES;
use crate::t;
use crate::ui::services::access::{AccessCommand, Outcome, People};
use crate::ui::widgets::form::{secret_row, text_row};
use crate::validate::{self, Field, ValidationError};

/// What the section shows of the till's access.
pub struct PeopleView<'a> {
    pub people: Option<&'a People>,
    pub problem: Option<&'a str>,
    pub busy: bool,
    pub outcome: Option<&'a Outcome>,
}

#[derive(Default)]
pub struct PeopleSection {
    current_pin: String,
    new_pin: String,
    repeat_pin: String,
    cashier_name: String,
    cashier_pin: String,
    /// Asked to remove this cashier; a second click confirms.
    removing: Option<String>,
}

impl PeopleSection {
    pub fn ui(&mut self, ui: &mut Ui, view: &PeopleView<'_>) -> Option<AccessCommand> {
        ui.label(RichText::new(t!("people-title")).strong());
        let Some(people) = view.people else {
            match view.problem {
                Some(problem) => {
                    ui.label(RichText::new(problem).color(crate::ui::theme::palette(ui).danger))
                }
                None => ui.label(RichText::new(t!("people-reading")).weak()),
            };
            return None;
        };
        if !people.owner_pin {
            ui.label(t!("people-why-pin"));
        }
        let mut command = self.owner_pin_ui(ui, people.owner_pin, view.busy);
        if people.owner_pin {
            if let Some(minutes) = idle_minutes_row(ui, people.idle_minutes)
                && !view.busy
            {
                command = Some(AccessCommand::SetIdleMinutes(minutes));
            }
            ui.add_space(crate::ui::theme::space::SMALL);
            command = command.or_else(|| self.cashiers_ui(ui, people, view.busy));
        }
        match view.outcome {
            Some(Ok(done)) if !done.is_empty() => {
                ui.label(RichText::new(done).weak());
            }
            Some(Err(problem)) => {
                ui.label(
                    RichText::new(problem.to_string()).color(crate::ui::theme::palette(ui).danger),
                );
            }
            _ => {}
        }
        command
    }

    /// The owner's PIN: the current one (once there is one), the new one twice.
    fn owner_pin_ui(&mut self, ui: &mut Ui, pin_set: bool, busy: bool) -> Option<AccessCommand> {
        let problems = self.owner_pin_problems(pin_set);
        egui::Grid::new("owner-pin").num_columns(2).show(ui, |ui| {
            if pin_set {
                secret_row(
                    ui,
                    &t!("people-current-pin"),
                    &mut self.current_pin,
                    "",
                    problems.iter().find(|p| p.field == Field::Pin),
                );
            }
            secret_row(
                ui,
                &t!("people-new-pin"),
                &mut self.new_pin,
                &t!("people-pin-hint"),
                problems.iter().find(|p| p.field == Field::NewPin),
            );
            // Under its own field, in the room kept there: the button below stays put.
            let differ = (!self.new_pin.trim().starts_with(self.repeat_pin.trim()))
                .then(|| ValidationError::new(Field::NewPin, t!("people-pins-differ")));
            secret_row(
                ui,
                &t!("people-repeat-pin"),
                &mut self.repeat_pin,
                "",
                differ.as_ref(),
            );
        });
        let typed = !self.new_pin.is_empty() && !self.repeat_pin.is_empty();
        let mismatch = typed && self.new_pin.trim() != self.repeat_pin.trim();
        let button = if pin_set {
            t!("people-change-pin")
        } else {
            t!("people-set-pin")
        };
        if !pin_set {
            // What the button does to this till, said before it is pressed.
            ui.label(RichText::new(t!("people-set-pin-effect")).strong());
        }
        let ready = typed && !mismatch && problems.is_empty() && !busy;
        if !ui.add_enabled(ready, egui::Button::new(button)).clicked() {
            return None;
        }
        let current = validate::pin(Field::Pin, &self.current_pin).ok();
        let new = validate::new_pin(Field::NewPin, &self.new_pin).ok()?;
        self.current_pin.clear();
        self.new_pin.clear();
        self.repeat_pin.clear();
        Some(AccessCommand::SetOwnerPin { current, new })
    }

    fn owner_pin_problems(&self, pin_set: bool) -> Vec<ValidationError> {
        let mut problems = Vec::new();
        if pin_set
            && !self.current_pin.is_empty()
            && let Err(problem) = validate::pin(Field::Pin, &self.current_pin)
        {
            problems.push(problem);
        }
        if pin_set && self.current_pin.is_empty() && !self.new_pin.is_empty() {
            problems.push(ValidationError::new(Field::Pin, t!("pin-current-needed")));
        }
        if !self.new_pin.is_empty()
            && let Err(problem) = validate::new_pin(Field::NewPin, &self.new_pin)
        {
            problems.push(problem);
        }
        problems
    }

    fn cashiers_ui(&mut self, ui: &mut Ui, people: &People, busy: bool) -> Option<AccessCommand> {
        ui.label(RichText::new(t!("people-cashiers")).strong());
        if people.cashiers.is_empty() {
            ui.label(RichText::new(t!("people-no-cashiers")).weak());
        }
        let removed = self.cashier_rows(ui, people, busy);
        self.new_cashier_ui(ui, people, busy).or(removed)
    }

    /// Each cashier, with "Quitar" (a second click confirms).
    fn cashier_rows(&mut self, ui: &mut Ui, people: &People, busy: bool) -> Option<AccessCommand> {
        let mut command = None;
        egui::Grid::new("cashiers").num_columns(3).show(ui, |ui| {
            for cashier in &people.cashiers {
                ui.label(&cashier.name);
                ui.label(
                    RichText::new(t!(
                        "people-cashier-since",
                        when = crate::clock::shown_datetime(cashier.added_at)
                    ))
                    .weak(),
                );
                let confirming = self.removing.as_deref() == Some(cashier.name.as_str());
                let words = if confirming {
                    t!("people-remove-confirm", name = cashier.name.as_str())
                } else {
                    t!("people-remove")
                };
                if ui.add_enabled(!busy, egui::Button::new(words)).clicked() {
                    if confirming {
                        command = Some(AccessCommand::RemoveCashier(cashier.name.clone()));
                        self.removing = None;
                    } else {
                        self.removing = Some(cashier.name.clone());
                    }
                }
                ui.end_row();
            }
        });
        command
    }

    /// A new cashier's name and PIN; a name already there gets the new PIN.
    fn new_cashier_ui(
        &mut self,
        ui: &mut Ui,
        people: &People,
        busy: bool,
    ) -> Option<AccessCommand> {
        // Beside the fields, the problems of what they held before this frame's keys; a rule is
        // said once something is typed.
        let name_problem = validate::cashier_name(&self.cashier_name)
            .err()
            .filter(|_| !self.cashier_name.is_empty());
        let pin_problem = validate::new_pin(Field::NewPin, &self.cashier_pin)
            .err()
            .filter(|_| !self.cashier_pin.is_empty());
        egui::Grid::new("new-cashier")
            .num_columns(2)
            .show(ui, |ui| {
                text_row(
                    ui,
                    &t!("people-cashier-name"),
                    &mut self.cashier_name,
                    &t!("people-cashier-name-hint"),
                    name_problem.as_ref(),
                );
                secret_row(
                    ui,
                    &t!("people-cashier-pin"),
                    &mut self.cashier_pin,
                    &t!("people-pin-hint"),
                    pin_problem.as_ref(),
                );
            });
        // The cashier kept is what the fields hold after this frame's keys: a PIN a digit short
        // would be one she never typed.
        let name = validate::cashier_name(&self.cashier_name);
        let pin = validate::new_pin(Field::NewPin, &self.cashier_pin);
        let (Ok(name), Ok(pin)) = (name, pin) else {
            ui.add_enabled(false, egui::Button::new(t!("people-add-cashier")));
            return None;
        };
        let exists = people
            .cashiers
            .iter()
            .any(|cashier| cashier.name.to_lowercase() == name.to_lowercase());
        let words = if exists {
            t!("people-cashier-new-pin", name = name.as_str())
        } else {
            t!("people-add-cashier")
        };
        if !ui.add_enabled(!busy, egui::Button::new(words)).clicked() {
            return None;
        }
        self.cashier_name.clear();
        self.cashier_pin.clear();
        Some(AccessCommand::AddCashier { name, pin })
    }
}

/// How long the owner's side stays open without use; the minutes chosen when they changed.
fn idle_minutes_row(ui: &mut Ui, idle_minutes: u32) -> Option<u32> {
    let mut minutes = idle_minutes;
    ui.horizontal(|ui| {
        ui.label(t!("people-idle"));
        egui::ComboBox::from_id_salt("owner-idle-minutes")
            .selected_text(t!("people-minutes", minutes = minutes.to_string()))
            .show_ui(ui, |ui| {
                for choice in IDLE_MINUTES_CHOICES {
                    ui.selectable_value(
                        &mut minutes,
                        choice,
                        t!("people-minutes", minutes = choice.to_string()),
                    );
                }
            });
    });
    (minutes != idle_minutes).then_some(minutes)
}
