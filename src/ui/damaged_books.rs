//! When the books cannot be opened at start (damaged, missing): what happened in words, and the
//! newest good copy to bring them back, with what it holds. paydesk never starts over with empty
//! books without saying so; the damaged file is kept aside, never deleted.

use egui::{RichText, Ui};

use super::books::{BooksCommand, BooksGuard, Damaged};
use crate::t;

/// `owner`: the owner's side is open (or no PIN is set); only then can a copy be restored.
pub fn show(ui: &mut Ui, damaged: &Damaged, books: &mut BooksGuard, owner: bool) {
    egui::Modal::new(egui::Id::unique("damaged-books")).show(ui.ctx(), |ui| {
        ui.set_max_width(520.0);
        ui.heading(t!("damaged-title"));
        ui.label(t!("damaged-explain"));
        ui.label(
            RichText::new(&damaged.problem)
                .small()
                .color(crate::ui::theme::palette(ui).danger),
        );
        ui.add_space(super::theme::space::MEDIUM);
        match &damaged.newest {
            Some(_) if !owner => {
                ui.label(RichText::new(t!("damaged-call-owner")).strong());
                if ui.button(t!("damaged-go-on")).clicked() {
                    books.queued.ask(ui, BooksCommand::GoOnWithout);
                }
            }
            Some((copy, contents)) => {
                ui.label(t!(
                    "damaged-newest",
                    when = crate::clock::shown_datetime(copy.taken_at),
                    contents = contents.words()
                ));
                ui.horizontal(|ui| {
                    let restoring = books.is_restoring();
                    if ui
                        .add_enabled(
                            !restoring,
                            egui::Button::new(RichText::new(t!("damaged-restore")).strong()),
                        )
                        .clicked()
                    {
                        books
                            .queued
                            .ask(ui, BooksCommand::Restore(copy.path.clone()));
                    }
                    if restoring {
                        ui.spinner();
                    }
                    if ui.button(t!("damaged-go-on")).clicked() {
                        books.queued.ask(ui, BooksCommand::GoOnWithout);
                    }
                });
            }
            None => {
                ui.label(t!("damaged-no-copy"));
                if ui.button(t!("damaged-go-on")).clicked() {
                    books.queued.ask(ui, BooksCommand::GoOnWithout);
                }
            }
        }
        if let Some(Err(problem)) = &books.restore_result {
            ui.label(RichText::new(problem).color(crate::ui::theme::palette(ui).danger));
        }
    });
}
