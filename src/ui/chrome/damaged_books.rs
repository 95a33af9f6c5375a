//! When the books cannot be opened at start (damaged, missing): what happened in words, and the
//! newest good copy to bring them back, with what it holds. paydesk never starts over with empty
//! books without saying so; the damaged file is kept aside, never deleted.

use egui::{RichText, Ui};

use crate::t;
use crate::ui::services::backups::{Backups, BackupsCommand};

/// Over everything while the books could not be opened and the owner has not chosen to go on
/// without them. `owner`: the owner's side is open (or no PIN is set); only then can a copy be
/// restored.
pub fn show(ui: &mut Ui, backups: &mut Backups, owner: bool) {
    let Some(damaged) = backups.damaged.clone().filter(|_| !backups.dismissed) else {
        return;
    };
    egui::Modal::new(egui::Id::unique("damaged-books")).show(ui.ctx(), |ui| {
        ui.set_max_width(520.0);
        ui.heading(t!("damaged-title"));
        ui.label(t!("damaged-explain"));
        ui.label(
            RichText::new(&damaged.problem.message)
                .small()
                .color(crate::ui::theme::palette(ui).danger),
        );
        ui.add_space(crate::ui::theme::space::MEDIUM);
        match &damaged.newest {
            Some(_) if !owner => {
                ui.label(RichText::new(t!("damaged-call-owner")).strong());
                if ui.button(t!("damaged-go-on")).clicked() {
                    backups.queued.ask(ui, BackupsCommand::GoOnWithout);
                }
            }
            Some((copy, contents)) => {
                ui.label(t!(
                    "damaged-newest",
                    when = crate::clock::shown_datetime(copy.taken_at),
                    contents = contents.words()
                ));
                ui.horizontal(|ui| {
                    let restoring = backups.is_restoring();
                    if ui
                        .add_enabled(
                            !restoring,
                            egui::Button::new(RichText::new(t!("damaged-restore")).strong()),
                        )
                        .clicked()
                    {
                        backups
                            .queued
                            .ask(ui, BackupsCommand::Restore(copy.path.clone()));
                    }
                    if restoring {
                        ui.spinner();
                    }
                    if ui.button(t!("damaged-go-on")).clicked() {
                        backups.queued.ask(ui, BackupsCommand::GoOnWithout);
                    }
                });
            }
            None => {
                ui.label(t!("damaged-no-copy"));
                if ui.button(t!("damaged-go-on")).clicked() {
                    backups.queued.ask(ui, BackupsCommand::GoOnWithout);
                }
            }
        }
        if let Some(Err(problem)) = &backups.restore_result {
            let danger = crate::ui::theme::palette(ui).danger;
            ui.label(RichText::new(&problem.message).color(danger));
        }
    });
}
