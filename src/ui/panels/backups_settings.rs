//! Settings → where saved files go (named, opened, changed), and Backups: when the last good
//! copy was made, the folder copies go to (a USB stick, a synced folder), "Make a copy now", and
//! "Restore…" with what the copy holds shown before anything is replaced. Each folder and the
//! copy to restore can be typed or chosen in the system's dialog.

use std::path::PathBuf;

use egui::{RichText, Ui};

use crate::t;
use crate::ui::books::{BooksCommand, BooksGuard};
use crate::ui::bridge::{Bridge, UiError};
use crate::ui::pick::Pick;
use crate::ui::widgets::form::error_box;
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
    /// Customers' data: the days as typed, and who asks to be forgotten.
    days: Option<String>,
    forget: String,
    problem: Option<String>,
}

/// A customer as typed: an e-mail, a cellphone, else a document number.
fn customer_of(text: &str) -> Result<crate::ledger::Customer, String> {
    use crate::ledger::Customer;
    use crate::validate::{self, Field};
    let text = text.trim();
    if text.contains('@') {
        return validate::email(Field::Email, text)
            .map(|email| Customer::Email(email.to_lowercase()))
            .map_err(|problem| problem.to_string());
    }
    if let Ok(phone) = validate::cellphone(Field::Cellphone, text) {
        return Ok(Customer::Cellphone(phone));
    }
    let number: String = text.chars().filter(|c| !matches!(c, '.' | ' ')).collect();
    if (4..=20).contains(&number.len()) && number.chars().all(|c| c.is_ascii_alphanumeric()) {
        Ok(Customer::Document(number))
    } else {
        Err(t!("customers-who-unreadable"))
    }
}

impl BackupsSection {
    /// Opens the folders asked for.
    pub fn logic(&mut self, bridge: &Bridge) {
        self.opener.logic(bridge);
    }

    pub fn ui(&mut self, ui: &mut Ui, books: &BooksGuard) -> Option<BooksCommand> {
        self.follow_folders(books);
        let mut command = self.backups_ui(ui, books);
        ui.separator();
        if let Some(asked) = self.exports_ui(ui, books) {
            command = Some(asked);
        }
        command
    }

    /// A folder the books changed (chosen in a dialog, saved) shows as it now is.
    fn follow_folders(&mut self, books: &BooksGuard) {
        let now = (books.folder().cloned(), books.exports_folder().cloned());
        if now.0 != self.shown.0 {
            self.folder = None;
        }
        if now.1 != self.shown.1 {
            self.exports = None;
        }
        self.shown = now;
    }

    /// Where the QR images, PDFs and CSVs go: named, opened, typed or chosen.
    fn exports_ui(&mut self, ui: &mut Ui, books: &BooksGuard) -> Option<BooksCommand> {
        ui.label(RichText::new(t!("files-title")).strong());
        let current = books.exports_folder()?.clone();
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
            (books, Pick::ExportsFolder),
            BooksCommand::SetExportsFolder,
        );
        self.opener.problem_ui(ui);
        result_line(ui, &books.exports_result);
        command
    }

    fn backups_ui(&mut self, ui: &mut Ui, books: &BooksGuard) -> Option<BooksCommand> {
        ui.label(RichText::new(t!("backups-title")).strong());
        match books.newest() {
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
        ui.label(RichText::new(t!("backups-kept", count = books.copies.len())).weak());
        let mut command = self.folder_row(ui, books);
        ui.label(RichText::new(t!("backups-folder-hint")).weak().small());
        ui.horizontal(|ui| {
            let take = egui::Button::new(RichText::new(t!("backups-now")).strong());
            if ui.add_enabled(!books.is_busy(), take).clicked() {
                command = Some(BooksCommand::TakeNow);
            }
            // Once a copy is there, its folder is there to open.
            if let Some(folder) = books.folder().filter(|_| books.newest().is_some()) {
                self.opener.button(ui, folder);
            }
            if books.is_busy() {
                ui.spinner();
            }
        });
        let taken = books.last_result.as_ref().map(|result| {
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
            if let Some(asked) = self.restore_ui(ui, books) {
                command = Some(asked);
            }
        });
        if let Some(asked) = self.customers_ui(ui, books) {
            command = Some(asked);
        }
        command
    }

    /// The folder copies go to, as typed or chosen, and the button that makes it the one.
    fn folder_row(&mut self, ui: &mut Ui, books: &BooksGuard) -> Option<BooksCommand> {
        let current = books.folder().cloned().unwrap_or_default();
        let text = self
            .folder
            .get_or_insert_with(|| current.display().to_string());
        folder_field(
            ui,
            (&t!("backups-folder"), text),
            &current,
            (books, Pick::BackupFolder),
            BooksCommand::SetFolder,
        )
    }

    /// Restoring: the newest copies, another copy by its path, then what the chosen copy holds
    /// before anything is replaced.
    fn restore_ui(&mut self, ui: &mut Ui, books: &BooksGuard) -> Option<BooksCommand> {
        let mut command = None;
        ui.label(RichText::new(t!("backups-restore-explain")).weak());
        for copy in books.copies.iter().take(11) {
            ui.horizontal(|ui| {
                ui.label(crate::clock::shown_datetime(copy.taken_at));
                if ui.button(t!("backups-restore-this")).clicked() {
                    command = Some(BooksCommand::Preview(copy.path.clone()));
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
                command = Some(BooksCommand::Preview(PathBuf::from(self.other_copy.trim())));
            }
            let choose = egui::Button::new(t!("pick-file"));
            if ui.add_enabled(!books.is_picking(), choose).clicked() {
                command = Some(BooksCommand::Pick(Pick::CopyToRestore));
            }
        });
        if let Some(preview) = &books.preview {
            command = preview_ui(ui, books, preview).or(command);
        }
        result_line(ui, &books.restore_result);
        command
    }

    /// Customers' personal data: how long it is kept, and forgetting one who asks.
    fn customers_ui(&mut self, ui: &mut Ui, books: &BooksGuard) -> Option<BooksCommand> {
        let mut command = None;
        ui.add_space(crate::ui::theme::space::SMALL);
        ui.label(RichText::new(t!("customers-title")).strong());
        ui.label(RichText::new(t!("customers-explain")).weak());
        ui.horizontal(|ui| {
            let label = ui.label(t!("customers-days"));
            let days = self
                .days
                .get_or_insert_with(|| books.customer_days.to_string());
            ui.add(egui::TextEdit::singleline(days).desired_width(60.0))
                .labelled_by(label.id);
            if ui.button(t!("customers-days-save")).clicked() {
                match days.trim().parse::<u32>() {
                    Ok(days) if (1..=3650).contains(&days) => {
                        self.problem = None;
                        command = Some(BooksCommand::SetCustomerDays(days));
                    }
                    _ => self.problem = Some(t!("customers-days-range")),
                }
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label(t!("customers-forget"));
            ui.add(egui::TextEdit::singleline(&mut self.forget).desired_width(220.0))
                .labelled_by(label.id);
            if ui
                .add_enabled(
                    !self.forget.trim().is_empty(),
                    egui::Button::new(t!("customers-forget-button")),
                )
                .clicked()
            {
                match customer_of(&self.forget) {
                    Ok(customer) => {
                        self.problem = None;
                        self.forget.clear();
                        command = Some(BooksCommand::Forget(customer));
                    }
                    Err(problem) => self.problem = Some(problem),
                }
            }
        });
        if let Some(problem) = &self.problem {
            error_box(ui, &UiError::local(problem.clone()));
        }
        result_line(ui, &books.customer_result);
        command
    }
}

/// What a copy holds, and the restore that replaces the books with it (or why it cannot be read).
fn preview_ui(
    ui: &mut Ui,
    books: &BooksGuard,
    preview: &crate::ui::books::Preview,
) -> Option<BooksCommand> {
    let contents = match &preview.contents {
        Ok(contents) => contents,
        Err(problem) => {
            error_box(ui, &UiError::local(problem.clone()));
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
        if ui.add_enabled(!books.is_restoring(), restore).clicked() {
            command = Some(BooksCommand::Restore(preview.copy.clone()));
        }
        if ui.button(t!("cancel")).clicked() {
            command = Some(BooksCommand::CancelPreview);
        }
    });
    command
}

/// A folder as typed, "Usar esta carpeta" once it differs from `current`, and "Elegir
/// carpeta…" for the system's dialog (`pick`; its answer is applied by the books as if typed).
fn folder_field(
    ui: &mut Ui,
    (label, text): (&str, &mut String),
    current: &std::path::Path,
    (books, pick): (&BooksGuard, Pick),
    set: fn(PathBuf) -> BooksCommand,
) -> Option<BooksCommand> {
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
        if ui.add_enabled(!books.is_picking(), choose).clicked() {
            command = Some(BooksCommand::Pick(pick));
        }
    });
    command
}

/// What the books' last work of a kind came to: its words when it went well, the problem in a
/// box when not.
fn result_line(ui: &mut Ui, result: &Option<Result<String, String>>) {
    match result {
        Some(Ok(message)) => {
            ui.label(RichText::new(message).color(crate::ui::theme::palette(ui).success));
        }
        Some(Err(problem)) => error_box(ui, &UiError::local(problem.clone())),
        None => {}
    }
}
