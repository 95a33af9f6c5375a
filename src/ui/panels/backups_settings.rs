//! Settings → Backups: when the last good copy was made, the folder copies go to (a USB stick,
//! a synced folder), "Make a copy now", and "Restore…" with what the copy holds shown before
//! anything is replaced.

use std::path::PathBuf;

use egui::{RichText, Ui};

use crate::t;
use crate::ui::books::{BooksCommand, BooksGuard};
use crate::ui::bridge::UiError;
use crate::ui::widgets::form::error_box;

#[derive(Default)]
pub struct BackupsSection {
    /// The folder as being typed; `None` until the person edits it.
    folder: Option<String>,
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
    pub fn ui(&mut self, ui: &mut Ui, books: &BooksGuard) -> Option<BooksCommand> {
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
            if books.is_busy() {
                ui.spinner();
            }
        });
        result_line(ui, &books.last_result);
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

    /// The folder copies go to, as typed, and the button that makes it the one.
    fn folder_row(&mut self, ui: &mut Ui, books: &BooksGuard) -> Option<BooksCommand> {
        let current = books
            .folder()
            .map(|folder| folder.display().to_string())
            .unwrap_or_default();
        let mut command = None;
        ui.horizontal(|ui| {
            let label = ui.label(t!("backups-folder"));
            let text = self.folder.get_or_insert_with(|| current.clone());
            ui.add(egui::TextEdit::singleline(text).desired_width(320.0))
                .labelled_by(label.id);
            let typed = text.trim().to_owned();
            let usable = !typed.is_empty() && typed != current;
            if ui
                .add_enabled(usable, egui::Button::new(t!("backups-use-folder")))
                .clicked()
            {
                command = Some(BooksCommand::SetFolder(PathBuf::from(typed)));
            }
        });
        command
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
        ui.horizontal(|ui| {
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
