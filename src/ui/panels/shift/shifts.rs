//! The owner's view of every till's shifts on a day (today first): who opened each, when it
//! opened and closed, its base, what it should hold, what was counted and the difference in
//! words; open ones first and marked. A shift chosen shows its drawer; the owner may close an
//! open one with its count, and void an entry of an open shift with the reason (the books keep
//! the entry and take it out of every figure).

use egui::{RichText, Ui};
use time::Date;

use super::command::ShiftCommand;
use super::count::{CountDraft, close_ui, count_ui, difference_text};
use super::drawer::{entries_ui, figures_ui};
use crate::ledger::{CashEntry, ShiftReport};
use crate::money::Pesos;
use crate::t;
use crate::ui::plumbing::bridge::Requested;
use crate::ui::plumbing::queue::Queue;
use crate::ui::theme;
use crate::ui::widgets::amount::amount_label;
use crate::ui::widgets::form::{error_box, send_or_cancel, text_row};
use crate::ui::widgets::table::{self, GridRow, Title};

/// An entry the owner is voiding, and the reason as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VoidDraft {
    pub entry: CashEntry,
    pub reason: String,
}

/// The owner's view as it stands.
pub struct AllShifts {
    pub day: Date,
    pub list: Requested<Vec<ShiftReport>>,
    /// Read again next time it shows.
    pub stale: bool,
    /// The shift whose drawer is shown.
    pub selected: Option<i64>,
    /// The count of the shift the owner closes.
    pub count: CountDraft,
    pub void: Option<VoidDraft>,
    pub voiding: Requested<CashEntry>,
}

impl Default for AllShifts {
    fn default() -> Self {
        AllShifts {
            day: crate::clock::today(),
            list: Requested::NotRequested,
            stale: true,
            selected: None,
            count: CountDraft::default(),
            void: None,
            voiding: Requested::NotRequested,
        }
    }
}

/// What a shift should hold: frozen at its close, or now while open.
fn expected(report: &ShiftReport) -> Pesos {
    report
        .shift
        .close
        .as_ref()
        .map_or_else(|| report.figures.expected(), |close| close.expected)
}

impl AllShifts {
    /// The day's first and last moment, in the shop's time (ms since the epoch).
    pub fn range(&self) -> (i64, i64) {
        let next = self.day.next_day().unwrap_or(self.day);
        (
            crate::clock::start_of(self.day),
            crate::clock::start_of(next),
        )
    }

    /// The shifts, open ones first, then as they opened (a copy: the view changes its own state
    /// while it draws them).
    fn ordered(&self) -> Vec<ShiftReport> {
        let mut shifts: Vec<ShiftReport> =
            self.list.value().into_iter().flatten().cloned().collect();
        shifts.sort_by_key(|report| (!report.shift.is_open(), report.shift.opened_at));
        shifts
    }

    /// The owner's view; what it asks goes to `queue`. `busy` while a write is on its way.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        queue: &mut Queue<ShiftCommand>,
        closing: &Requested<ShiftReport>,
        busy: bool,
    ) {
        ui.label(RichText::new(t!("shift-all-heading")).strong());
        self.day_row(ui, queue);
        if let Some(error) = self.list.error() {
            error_box(ui, error);
        }
        let shifts = self.ordered();
        if shifts.is_empty() && self.list.value().is_some() {
            ui.label(RichText::new(t!("shift-all-none")).weak());
        }
        if let Some(chosen) = shifts_table(ui, &shifts, self.selected) {
            self.selected = Some(chosen);
            self.void = None;
            self.count = CountDraft::default();
        }
        let selected = shifts
            .into_iter()
            .find(|report| Some(report.shift.id) == self.selected);
        if let Some(report) = selected {
            ui.add_space(theme::space::LARGE);
            self.chosen_ui(ui, queue, &report, closing, busy);
        }
    }

    fn day_row(&mut self, ui: &mut Ui, queue: &mut Queue<ShiftCommand>) {
        let today = crate::clock::today();
        ui.horizontal(|ui| {
            if ui.button(t!("shift-day-before")).clicked()
                && let Some(day) = self.day.previous_day()
            {
                queue.ask(ui, ShiftCommand::Day(day));
            }
            ui.label(RichText::new(crate::clock::shown_date(self.day)).strong());
            if ui
                .add_enabled(self.day < today, egui::Button::new(t!("shift-day-after")))
                .clicked()
                && let Some(day) = self.day.next_day()
            {
                queue.ask(ui, ShiftCommand::Day(day));
            }
            if ui
                .add_enabled(self.day != today, egui::Button::new(t!("shift-day-today")))
                .clicked()
            {
                queue.ask(ui, ShiftCommand::Day(today));
            }
            if self.list.is_pending() {
                ui.spinner();
            }
        });
    }

    /// The shift chosen: its drawer, and for an open one the owner's count and voids.
    fn chosen_ui(
        &mut self,
        ui: &mut Ui,
        queue: &mut Queue<ShiftCommand>,
        report: &ShiftReport,
        closing: &Requested<ShiftReport>,
        busy: bool,
    ) {
        let shift = &report.shift;
        ui.label(
            RichText::new(t!(
                "shift-chosen",
                shift = shift.id.to_string(),
                till = shift.till_name.as_str(),
                by = shift.opened_by.words()
            ))
            .strong(),
        );
        figures_ui(ui, "shift-all-figures", &report.figures, expected(report));
        ui.add_space(theme::space::MEDIUM);
        if let Some(entry) = entries_ui(ui, "shift-all-entries", &report.entries, shift.is_open())
            && let Some(found) = report.entries.iter().find(|e| e.id == entry)
        {
            self.void = Some(VoidDraft {
                entry: found.clone(),
                reason: String::new(),
            });
        }
        self.void_ui(ui, queue, busy);
        if shift.is_open() {
            ui.add_space(theme::space::LARGE);
            ui.label(RichText::new(t!("shift-owner-close")).strong());
            let expected = report.figures.expected();
            let counted = count_ui(ui, "shift-owner-count", &mut self.count, expected);
            if let Some((count, note)) = close_ui(ui, &mut self.count, counted, expected, busy) {
                let close = ShiftCommand::Close {
                    shift: shift.id,
                    count,
                    note,
                };
                queue.ask(ui, close);
            }
            if let Some(error) = closing.error() {
                error_box(ui, error);
            }
        }
    }

    /// «Anular movimiento»: the entry in words, the reason (required), then the void.
    fn void_ui(&mut self, ui: &mut Ui, queue: &mut Queue<ShiftCommand>, busy: bool) {
        if let Some(error) = self.voiding.error() {
            error_box(ui, error);
        }
        let Some(draft) = self.void.as_mut() else {
            return;
        };
        ui.add_space(theme::space::MEDIUM);
        ui.label(
            RichText::new(t!(
                "shift-void-heading",
                kind = draft.entry.kind.words(),
                amount = draft.entry.amount.to_string(),
                time = crate::clock::shown_time(draft.entry.at)
            ))
            .strong(),
        );
        let shown = crate::requests::cash_reason(&draft.reason);
        egui::Grid::new("shift-void-form")
            .num_columns(2)
            .show(ui, |ui| {
                text_row(
                    ui,
                    &t!("shift-reason"),
                    &mut draft.reason,
                    &t!("shift-void-reason-hint"),
                    shown.as_ref().err(),
                );
            });
        // The books keep the reason the field holds after this frame's keys, not the one before.
        let reason = crate::requests::cash_reason(&draft.reason);
        match send_or_cancel(ui, &t!("shift-void-confirm"), reason.is_ok() && !busy) {
            Some(true) => {
                if let Ok(reason) = reason {
                    let entry = draft.entry.id;
                    queue.ask(ui, ShiftCommand::Void { entry, reason });
                }
            }
            Some(false) => self.void = None,
            None => {}
        }
    }
}

/// Every shift on a line; the shift whose «Turno N» was pressed.
fn shifts_table(ui: &mut Ui, shifts: &[ShiftReport], selected: Option<i64>) -> Option<i64> {
    if shifts.is_empty() {
        return None;
    }
    let columns = [
        t!("shift-column-shift"),
        t!("shift-column-till"),
        t!("shift-column-opened-by"),
        t!("shift-column-opened"),
        t!("shift-column-closed"),
        t!("shift-figure-base"),
        t!("shift-expected"),
        t!("shift-counted"),
        t!("shift-column-difference"),
    ];
    let mut chosen = None;
    let grid = egui::Grid::new("shift-all-table")
        .num_columns(columns.len())
        .striped(true)
        .spacing([14.0, 4.0]);
    table::grid(ui, "shift-all", &t!("shift-all-heading"), grid, |ui| {
        GridRow::titles(ui, 0, columns.clone().map(Title::Shown));
        GridRow::lines(ui, 1, shifts, |ui, row, report| {
            let shift = &report.shift;
            row.cell(ui, |ui| {
                let words = t!("shift-number", shift = shift.id.to_string());
                if ui
                    .selectable_label(selected == Some(shift.id), words)
                    .clicked()
                {
                    chosen = Some(shift.id);
                }
            });
            row.text(ui, shift.till_name.as_str(), &columns[1]);
            row.text(ui, shift.opened_by.words(), &columns[2]);
            row.text(
                ui,
                crate::clock::shown_datetime(shift.opened_at),
                &columns[3],
            );
            row.cell(ui, |ui| match &shift.close {
                Some(close) => ui.label(crate::clock::shown_datetime(close.closed_at)),
                None => ui.label(
                    RichText::new(t!("shift-still-open"))
                        .strong()
                        .color(theme::palette(ui).warning),
                ),
            });
            row.cell(ui, |ui| amount_label(ui, shift.base, |text| text));
            row.cell(ui, |ui| amount_label(ui, expected(report), |text| text));
            match &shift.close {
                Some(close) => {
                    row.cell(ui, |ui| amount_label(ui, close.counted, |text| text));
                    row.cell(ui, |ui| ui.label(difference_text(ui, close.difference())));
                }
                None => {
                    row.text(ui, "", &columns[7]);
                    row.text(ui, "", &columns[8]);
                }
            }
        });
    });
    chosen
}
