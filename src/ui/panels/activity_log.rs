//! Configuración → Registro de actividad: who did what, at which till and when (payouts,
//! credentials and settings, PINs and cashiers, restores, forgotten customers), newest first,
//! and the whole log as a CSV for the owner's records. Read off the UI thread.

use std::path::PathBuf;

use egui::{RichText, Ui};

use crate::ledger::activity::Activity;
use crate::t;
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Requested, UiError};
use crate::ui::plumbing::queue::Queue;
use crate::ui::widgets::form::error_box;
use crate::ui::widgets::saved::FolderOpener;
use crate::ui::widgets::table::{self, GridRow};

/// How many entries the section shows; the export has them all.
const SHOWN: usize = 200;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActivityLogCommand {
    Load,
    Export,
}

#[derive(Default)]
pub struct ActivityLogSection {
    pub queued: Queue<ActivityLogCommand>,
    entries: Requested<Vec<Activity>>,
    export: Requested<(PathBuf, usize)>,
    opener: FolderOpener,
    /// Shown once, then read again whenever the section is opened.
    opened: bool,
}

impl ActivityLogSection {
    pub fn logic(&mut self, work: &mut LogicContext<'_>) {
        for command in self.queued.take() {
            let Ok(ledger) = work.session.ledger.clone() else {
                continue;
            };
            match command {
                ActivityLogCommand::Load => {
                    self.entries.start(work.bridge.spawn_blocking(move || {
                        ledger
                            .recent_activity(SHOWN)
                            .map_err(|error| UiError::local(error.to_string()))
                    }));
                }
                ActivityLogCommand::Export => {
                    let path = work.paths.exports_dir.join(format!(
                        "paydesk-actividad-{}.csv",
                        crate::clock::format_date(crate::clock::today())
                    ));
                    self.export.start(work.bridge.spawn_blocking(move || {
                        write_export(&ledger, &path).map(|rows| (path, rows))
                    }));
                }
            }
        }
        self.entries.poll();
        self.export.poll();
        self.opener.logic(work.bridge);
    }

    pub fn ui(&mut self, ui: &mut Ui) {
        let header = egui::CollapsingHeader::new(RichText::new(t!("log-title")).strong())
            .id_salt("activity-log")
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    if ui.button(t!("log-refresh")).clicked() {
                        self.queued.ask(ui, ActivityLogCommand::Load);
                    }
                    if ui
                        .add_enabled(
                            !self.export.is_pending(),
                            egui::Button::new(t!("log-export")),
                        )
                        .clicked()
                    {
                        self.queued.ask(ui, ActivityLogCommand::Export);
                    }
                    if self.entries.is_pending() || self.export.is_pending() {
                        ui.spinner();
                    }
                });
                self.opener.export_outcome(ui, &self.export);
                if let Some(error) = self.entries.error() {
                    error_box(ui, error);
                }
                match self.entries.value() {
                    Some(entries) if entries.is_empty() => {
                        ui.label(RichText::new(t!("log-empty")).weak());
                    }
                    Some(entries) => entries_ui(ui, entries),
                    None => {}
                }
            });
        let open = header.body_returned.is_some();
        if open && !self.opened {
            self.queued.ask(ui, ActivityLogCommand::Load);
        }
        self.opened = open;
    }
}

/// The whole log as a CSV, the owner's alone: it says who did what with the shop's money.
fn write_export(ledger: &crate::ledger::Ledger, path: &std::path::Path) -> Result<usize, UiError> {
    let failed = |error: String| UiError::failed(t!("log-export-failed"), error);
    let mut csv = Vec::new();
    let rows = ledger
        .export_activity(&mut csv, crate::i18n::current())
        .map_err(|error| failed(error.to_string()))?;
    crate::owner_only::write_export(path, &csv).map_err(|error| failed(error.to_string()))?;
    Ok(rows)
}

fn entries_ui(ui: &mut Ui, entries: &[Activity]) {
    egui::ScrollArea::vertical()
        .id_salt("activity-log-scroll")
        .max_height(260.0)
        .show(ui, |ui| {
            let grid = egui::Grid::new("activity-log-grid")
                .num_columns(5)
                .striped(true);
            table::grid(ui, "activity-log", &t!("log-table"), grid, |ui| {
                let titles = [
                    t!("log-when"),
                    t!("log-who"),
                    t!("column-till"),
                    t!("log-what"),
                    t!("log-detail"),
                ];
                GridRow::titles(ui, 0, titles);
                GridRow::lines(ui, 1, entries, entry_row);
            });
        });
}

/// Who did what, at which till and when.
fn entry_row(ui: &mut Ui, row: &mut GridRow, entry: &Activity) {
    row.cell(ui, |ui| ui.label(crate::clock::shown_datetime(entry.at)));
    row.text(ui, entry.actor.words(), &t!("log-who"));
    row.text(ui, &entry.actor.till, &t!("column-till"));
    row.text(ui, entry.action_words(), &t!("log-what"));
    row.cell(ui, |ui| {
        if entry.detail.trim().is_empty() {
            table::blank(ui, &t!("log-detail"));
        } else {
            ui.add(egui::Label::new(&entry.detail).wrap());
        }
    });
}
