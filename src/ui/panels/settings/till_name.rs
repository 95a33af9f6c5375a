//! Configuración › Nombre de esta caja: the name this till goes by on sales, shifts, paper and
//! files, and who acted where nobody typed a PIN. Kept in this computer's settings file.

use egui::{RichText, Ui};

use crate::i18n::Problem;
use crate::t;
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Task, finished};
use crate::ui::widgets::problem::{self, Tone};

#[derive(Default)]
pub struct TillNameSection {
    /// The name as typed; `None` until the person types, so the field shows the name in use.
    typed: Option<String>,
    saving: Option<Task<Result<String, Problem>>>,
    outcome: Option<Result<String, Problem>>,
}

impl TillNameSection {
    /// Writes the name to the settings file off the frame; the till goes by it from then on.
    pub fn start(&mut self, work: &LogicContext<'_>, name: String) {
        let paths = work.paths.clone();
        self.outcome = None;
        self.saving = Some(
            work.bridge
                .spawn_blocking(move || paths.name_till(&name).map_err(|e| Problem::of(&e))),
        );
    }

    pub fn logic(&mut self) {
        if let Some(result) = finished(&mut self.saving) {
            if result.is_ok() {
                self.typed = None;
            }
            self.outcome = Some(result);
        }
    }

    /// The field and «Guardar nombre»: the name to keep when it was pressed (or Enter typed).
    pub fn ui(&mut self, ui: &mut Ui) -> Option<String> {
        let heading = ui.label(RichText::new(t!("till-name-title")).strong());
        ui.label(RichText::new(t!("till-name-explain")).weak());
        let in_use = crate::config::this_till_name();
        let typed = self.typed.get_or_insert_with(|| in_use.clone());
        let mut wanted = None;
        ui.horizontal(|ui| {
            let field = ui
                .add(
                    egui::TextEdit::singleline(typed)
                        .hint_text(crate::config::till::DEFAULT_TILL_NAME)
                        .char_limit(crate::config::till::TILL_NAME_MAX_CHARS + 10)
                        .desired_width(220.0),
                )
                .labelled_by(heading.id);
            // Read after the field took this frame's keys: Enter with the last letter keeps it.
            let checked = crate::config::check_till_name(typed);
            let changed = checked.as_ref().is_ok_and(|name| *name != in_use);
            let saving = self.saving.is_some();
            let pressed = ui
                .add_enabled(changed && !saving, egui::Button::new(t!("till-name-save")))
                .clicked();
            let entered = crate::ui::widgets::form::submitted(&field);
            if (pressed || entered) && changed && !saving {
                wanted = checked.as_ref().ok().cloned();
            }
            if saving {
                ui.spinner();
            }
        });
        let problem_now = crate::config::check_till_name(typed).err();
        crate::ui::widgets::form::problem_slot(ui, problem_now.map(|p| p.to_string()).as_deref());
        match &self.outcome {
            Some(Ok(name)) => {
                ui.label(t!("till-name-saved", name = name.as_str()));
            }
            Some(Err(failed)) => problem::explained(ui, Tone::Failed, failed),
            None => {}
        }
        wanted
    }
}
