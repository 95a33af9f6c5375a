//! Settings → Backups: when the last good copy was made, the folder copies go to (a USB stick, a
//! synced folder), "Make a copy now", and "Restore…" with what the copy holds shown before
//! anything is replaced; and where saved files go (named, opened, changed). Each folder and the
//! copy to restore can be typed or chosen in the system's dialog.

use std::path::PathBuf;

use egui::{RichText, Ui};

use crate::i18n::Problem;
use crate::t;
use crate::ui::plumbing::bridge::Bridge;
use crate::ui::plumbing::pick::Pick;
use crate::ui::services::backups::{Backups, BackupsCommand, Preview};
use crate::ui::widgets::problem::{Tone, explained};
use crate::ui::widgets::saved::FolderOpener;

#[derive(Default)]
pub struct BackupsSection {
    /// The folder as being typed; `None` until the person edits it.
    folder: Option<String>,
    /// The folder for saved files as being typed; `None` until the person edits it.
    exports: Option<String>,
    /// The two folders as last shown: one that changes (a dialog's choice) replaces the text.
    shown: (Option<PathBuf>, Option<PathBuf>),
    opener: FolderOpener,
    /// Another copy's path, typed (one not in the folder: from a USB stick, a download).
    other_copy: String,
}

impl BackupsSection {
    /// Opens the folders asked for.
    pub fn logic(&mut self, bridge: &Bridge) {
        self.opener.logic(bridge);
    }

    /// The copies: the last one, their folder, "Make a copy now" and restoring one.
    pub fn copies_ui(&mut self, ui: &mut Ui, backups: &Backups) -> Option<BackupsCommand> {
        self.follow_folders(backups);
        self.backups_ui(ui, backups)
    }

    /// A folder that changed (chosen in a dialog, saved) shows as it now is.
    fn follow_folders(&mut self, backups: &Backups) {
        let now = (backups.folder().cloned(), backups.exports_folder().cloned());
        if now.0 != self.shown.0 {
            self.folder = None;
        }
        if now.1 != self.shown.1 {
            self.exports = None;
        }
        self.shown = now;
    }

    /// Where the QR images, PDFs and CSVs go: named, opened, typed or chosen.
    pub fn exports_ui(&mut self, ui: &mut Ui, backups: &Backups) -> Option<BackupsCommand> {
        ui.label(RichText::new(t!("files-title")).strong());
        let current = backups.exports_folder()?.clone();
        ui.horizontal_wrapped(|ui| {
            ui.label(t!("files-explain"));
            ui.label(RichText::new(current.display().to_string()).monospace());
            self.opener.button(ui, &current);
        });
        let text = self
            .exports
            .get_or_insert_with(|| current.display().to_string());
        let command = folder_field(
            ui,
            (&t!("files-folder"), text),
            &current,
            (backups, Pick::ExportsFolder),
            BackupsCommand::SetExportsFolder,
        );
        self.opener.problem_ui(ui);
        result_line(ui, &backups.exports_result);
        command
    }

    fn backups_ui(&mut self, ui: &mut Ui, backups: &Backups) -> Option<BackupsCommand> {
        ui.label(RichText::new(t!("backups-title")).strong());
        match backups.newest() {
            Some(copy) => {
                ui.label(t!(
                    "backups-last",
                    when = crate::clock::shown_moment(copy.taken_at)
                ));
            }
            None => {
                ui.label(t!("backups-none-yet"));
            }
        }
        ui.label(RichText::new(t!("backups-kept", count = backups.copies.len())).weak());
        let mut command = self.folder_row(ui, backups);
        ui.label(RichText::new(t!("backups-folder-hint")).weak().small());
        ui.horizontal(|ui| {
            let take = egui::Button::new(RichText::new(t!("backups-now")).strong());
            if ui.add_enabled(!backups.is_busy(), take).clicked() {
                command = Some(BackupsCommand::TakeNow);
            }
            // Once a copy is there, its folder is there to open.
            if let Some(folder) = backups.folder().filter(|_| backups.newest().is_some()) {
                self.opener.button(ui, folder);
            }
            if backups.is_busy() {
                ui.spinner();
            }
        });
        let taken = backups.last_result.as_ref().map(|result| {
            result
                .as_ref()
                .map(|taken_at| {
                    crate::t!(
                        "backups-taken",
                        when = crate::clock::shown_moment(*taken_at)
                    )
                })
                .map_err(Clone::clone)
        });
        result_line(ui, &taken);
        ui.collapsing(t!("backups-restore"), |ui| {
            if let Some(asked) = self.restore_ui(ui, backups) {
                command = Some(asked);
            }
        });
        command
    }

    /// The folder copies go to, as typed or chosen, and the button that makes it the one.
    fn folder_row(&mut self, ui: &mut Ui, backups: &Backups) -> Option<BackupsCommand> {
        let current = backups.folder().cloned().unwrap_or_default();
        let text = self
            .folder
            .get_or_insert_with(|| current.display().to_string());
        folder_field(
            ui,
            (&t!("backups-folder"), text),
            &current,
            (backups, Pick::BackupFolder),
            BackupsCommand::SetFolder,
        )
    }

    /// Restoring: the newest copies, another copy by its path, then what the chosen copy holds
    /// before anything is replaced.
    fn restore_ui(&mut self, ui: &mut Ui, backups: &Backups) -> Option<BackupsCommand> {
        let mut command = None;
        ui.label(RichText::new(t!("backups-restore-explain")).weak());
        for copy in backups.copies.iter().take(11) {
            ui.horizontal(|ui| {
                ui.label(crate::clock::shown_datetime(copy.taken_at));
                if ui.button(t!("backups-restore-this")).clicked() {
                    command = Some(BackupsCommand::Preview(copy.path.clone()));
                }
            });
        }
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(t!("backups-other-file"));
            ui.add(egui::TextEdit::singleline(&mut self.other_copy).desired_width(280.0))
                .labelled_by(label.id);
            let typed = !self.other_copy.trim().is_empty();
            if ui
                .add_enabled(typed, egui::Button::new(t!("backups-restore-this")))
                .clicked()
            {
                command = Some(BackupsCommand::Preview(PathBuf::from(
                    self.other_copy.trim(),
                )));
            }
            let choose = egui::Button::new(t!("pick-file"));
            if ui.add_enabled(!backups.is_picking(), choose).clicked() {
                command = Some(BackupsCommand::Pick(Pick::CopyToRestore));
            }
        });
        if let Some(preview) = &backups.preview {
            command = preview_ui(ui, backups, preview).or(command);
        }
        result_line(ui, &backups.restore_result);
        command
    }
}

/// What a copy holds, and the restore that replaces the books with it (or why it cannot be read).
fn preview_ui(ui: &mut Ui, backups: &Backups, preview: &Preview) -> Option<BackupsCommand> {
    let contents = match &preview.contents {
        Ok(contents) => contents,
        Err(problem) => {
            explained(ui, Tone::Failed, problem);
            return None;
        }
    };
    ui.label(t!(
        "backups-preview",
        path = preview.copy.display().to_string(),
        contents = contents.words()
    ));
    let mut command = None;
    ui.horizontal(|ui| {
        let restore = egui::Button::new(RichText::new(t!("backups-restore-confirm")).strong());
        if ui.add_enabled(!backups.is_restoring(), restore).clicked() {
            command = Some(BackupsCommand::Restore(preview.copy.clone()));
        }
        if ui.button(t!("cancel")).clicked() {
            command = Some(BackupsCommand::CancelPreview);
        }
    });
    command
}

/// A folder as typed, "Usar esta carpeta" once it differs from `current`, and "Elegir
/// carpeta…" for the system's dialog (`pick`; its answer is applied as if typed).
fn folder_field(
    ui: &mut Ui,
    (label, text): (&str, &mut String),
    current: &std::path::Path,
    (backups, pick): (&Backups, Pick),
    set: fn(PathBuf) -> BackupsCommand,
) -> Option<BackupsCommand> {
    let mut command = None;
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(label);
        ui.add(egui::TextEdit::singleline(text).desired_width(320.0))
            .labelled_by(label.id);
        let typed = PathBuf::from(text.trim());
        let usable = !typed.as_os_str().is_empty() && typed != current;
        if ui
            .add_enabled(usable, egui::Button::new(t!("backups-use-folder")))
            .clicked()
        {
            command = Some(set(typed));
        }
        let choose = egui::Button::new(t!("pick-folder"));
        if ui.add_enabled(!backups.is_picking(), choose).clicked() {
            command = Some(BackupsCommand::Pick(pick));
        }
    });
    command
}

/// What the last work of a kind came to: its words when it went well, the problem in a box
/// when not (what the system said folded under «Detalles»).
pub fn result_line(ui: &mut Ui, result: &Option<Result<String, Problem>>) {
    match result {
        Some(Ok(message)) => {
            ui.label(RichText::new(message).color(crate::ui::theme::palette(ui).success));
        }
        Some(Err(problem)) => explained(ui, Tone::Failed, problem),
        None => {}
    }
}
