//! Where a saved file went, said by the button that saved it, with «Abrir carpeta» beside the
//! words: the person finds the file in the system's file manager (xdg-open, Explorer, Finder)
//! instead of hunting for a path. The file manager is started off the UI thread.

use std::path::{Path, PathBuf};

use egui::{RichText, Ui};

use crate::t;
use crate::ui::plumbing::bridge::{Bridge, Requested, UiError};
use crate::ui::plumbing::queue::Queue;

/// A panel's «Abrir carpeta»: the folders asked for while drawing, opened by its `logic`.
#[derive(Default)]
pub struct FolderOpener {
    pub queued: Queue<PathBuf>,
    opening: Requested<()>,
    /// The file whose line was last brought into view: a new one is scrolled to once.
    shown: Option<PathBuf>,
}

impl FolderOpener {
    /// Opens the folders asked for; called from the panel's `logic`.
    pub fn logic(&mut self, bridge: &Bridge) {
        for folder in self.queued.take() {
            self.opening.start(bridge.spawn_blocking(move || {
                opener::open(&folder).map_err(|error| {
                    UiError::failed(
                        t!(
                            "reconcile-open-folder-failed",
                            folder = folder.display().to_string()
                        ),
                        error,
                    )
                })
            }));
        }
        self.opening.poll();
    }

    /// `words` (which name the file) and «Abrir carpeta» beside them, for the folder holding
    /// `file`; a line new on screen is scrolled into view, since it answers what was pressed.
    pub fn saved_line(&mut self, ui: &mut Ui, words: &str, file: &Path) {
        let line = ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(words).color(crate::ui::theme::palette(ui).success));
            if let Some(folder) = file.parent() {
                self.button(ui, folder);
            }
        });
        if self.shown.as_deref() != Some(file) {
            self.shown = Some(file.to_owned());
            line.response.scroll_to_me(None);
        }
        self.problem_ui(ui);
    }

    /// How an export went: its rows and where they went, with the folder to open, or why it
    /// was not written.
    pub fn export_outcome(&mut self, ui: &mut Ui, export: &Requested<(PathBuf, usize)>) {
        match export {
            Requested::Done((path, rows)) => {
                let words = t!(
                    "activity-exported",
                    rows = rows.to_string(),
                    path = path.display().to_string()
                );
                self.saved_line(ui, &words, path);
            }
            Requested::Failed { error, .. } => crate::ui::widgets::form::error_box(ui, error),
            _ => {}
        }
    }

    /// «Abrir carpeta» alone, for a folder named beside it (Configuración).
    pub fn button(&mut self, ui: &mut Ui, folder: &Path) {
        let button = egui::Button::new(t!("reconcile-open-folder"));
        if ui.add_enabled(!self.opening.is_pending(), button).clicked() {
            self.queued.ask(ui, folder.to_owned());
        }
    }

    /// Why the folder did not open (no file manager on this computer), in a box.
    pub fn problem_ui(&self, ui: &mut Ui) {
        if let Some(error) = self.opening.error() {
            crate::ui::widgets::form::error_box(ui, error);
        }
    }
}
