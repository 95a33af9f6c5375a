//! Settings › the profile: which one is used, a new one, and the one in use edited (its
//! advanced part under "Avanzado").

use egui::{RichText, Ui};

use super::editor::{ProfileEditor, profile_labels};
use super::panel::{SettingsCommand, SettingsPanel, SettingsView};
use crate::config::{Environment, ProfileDraft};
use crate::t;
use crate::ui::widgets::form::blocking_reasons;
use crate::ui::widgets::problem::{Tone, explained};

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
            // A profile as a person reads it: the built-in simulator's in her language, not
            // its key "simulator".
            let shown = crate::config::shown_profile_name;
            egui::ComboBox::from_id_salt("profile-picker")
                .selected_text(shown(chosen))
                .show_ui(ui, |ui| {
                    for name in view.profile_names {
                        ui.selectable_value(chosen, name.clone(), shown(name));
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
            Some(Err(problem)) => explained(ui, Tone::Failed, problem),
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
        // Beside the fields, the problems of what they held before this frame's keys.
        let problems = editor
            .draft
            .build(view.profile_names, editor.editing.as_ref())
            .err()
            .unwrap_or_default();
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
            // What is saved is what the fields hold after this frame's keys (a last key and
            // Enter can come in one frame).
            let built = editor
                .draft
                .build(view.profile_names, editor.editing.as_ref());
            let mut cancel = false;
            ui.horizontal(|ui| {
                let button = ui.add_enabled(
                    built.is_ok() && !busy,
                    egui::Button::new(editor.save_words()),
                );
                let save = button.clicked();
                if built.is_err()
                    && button.contains_pointer()
                    && ui.input(|i| i.pointer.primary_released())
                {
                    editor.pressed_while_blocked = true;
                }
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
            // A form just opened is no mistake: its rules show once she starts, or tries.
            if editor.complaints_shown() {
                blocking_reasons(ui, &problems, &profile_labels());
            }
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
