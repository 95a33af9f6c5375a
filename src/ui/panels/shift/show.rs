//! Turno on screen, and its `PanelState`: with no shift open here, «Abrir turno» with the base
//! counted; with one open, who opened it and when, the drawer in figures and entries, money in
//! and out, and the count that closes it; one left open on an earlier day is said first and
//! offers only the count. The shift just closed stays with its paper. «Todas las cajas» is the
//! owner's view (in Caja the owner's PIN first).

use egui::{RichText, Ui};

use super::command::ShiftCommand;
use super::count::{close_ui, count_ui, difference_text};
use super::drawer::{entries_ui, figures_ui};
use super::moves::moves_ui;
use super::panel::{Part, ShiftPanel};
use crate::ledger::ShiftReport;
use crate::money::cash::Count;
use crate::t;
use crate::ui::plumbing::news::News;
use crate::ui::services::paper::{Paper, PaperCommand, PaperSource};
use crate::ui::theme;
use crate::ui::widgets::amount::amount_label;
use crate::ui::widgets::form::{error_box, pesos_row, submitted};

/// The foot that holds «Cerrar turno» and its confirmation: a line of words, the buttons, and
/// room for the books' answer.
const CLOSE_BAR: f32 = 96.0;

/// What Turno shows of the session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShiftView {
    pub has_ledger: bool,
    /// The owner's side is open (or no PIN is set).
    pub owner: bool,
    /// Now, for a shift left open on an earlier day.
    pub now_ms: i64,
}

impl ShiftPanel {
    pub fn ui(&mut self, ui: &mut Ui, view: &ShiftView, paper: &mut Paper) {
        ui.heading(t!("shift-title"));
        if !view.has_ledger {
            ui.label(RichText::new(t!("shift-no-ledger")).weak());
            return;
        }
        if self.part == Part::All && !view.owner {
            self.part = Part::Mine;
        }
        ui.horizontal(|ui| {
            if ui
                .selectable_label(self.part == Part::Mine, t!("shift-part-mine"))
                .clicked()
            {
                self.queued.ask(ui, ShiftCommand::ShowMine);
            }
            if ui
                .selectable_label(self.part == Part::All, t!("shift-part-all"))
                .clicked()
            {
                self.queued.ask(ui, ShiftCommand::ShowAll);
            }
        });
        ui.add_space(theme::space::MEDIUM);
        // The shift open here keeps «Cerrar turno» in a bar of its own at the panel's foot, in
        // view on the smallest screen however long the drawer's entries and the count grow.
        let open_here = match (self.part, self.here.value()) {
            (Part::Mine, Some(Some(report))) => Some(report.clone()),
            _ => None,
        };
        let above_the_bar = match open_here {
            Some(_) => (ui.available_height() - CLOSE_BAR).max(CLOSE_BAR),
            None => f32::INFINITY,
        };
        let mut counted = None;
        egui::ScrollArea::vertical()
            .id_salt("shift-scroll")
            .max_height(above_the_bar)
            .auto_shrink([true, open_here.is_none()])
            .show(ui, |ui| {
                self.closed_ui(ui, paper);
                let busy = self.is_busy();
                match self.part {
                    Part::Mine => counted = self.mine_ui(ui, view, busy),
                    Part::All => {
                        self.all.ui(ui, &mut self.queued, &self.closing, busy);
                    }
                }
            });
        if let Some(report) = open_here {
            self.close_bar(ui, &report, counted);
        }
    }

    /// The panel's foot while a shift is open here: «Cerrar turno» with the difference counted,
    /// then its confirmation in the same place, and what the books said of the close.
    fn close_bar(&mut self, ui: &mut Ui, report: &ShiftReport, counted: Option<Count>) {
        ui.separator();
        let busy = self.is_busy();
        let expected = report.figures.expected();
        if let Some((count, note)) = close_ui(ui, &mut self.count, counted, expected, busy) {
            let close = ShiftCommand::Close {
                shift: report.shift.id,
                count,
                note,
            };
            self.queued.ask(ui, close);
        }
        if let Some(error) = self.closing.error() {
            error_box(ui, error);
        }
    }

    /// This till's drawer: opening it, or the shift open here; the count typed, once whole.
    fn mine_ui(&mut self, ui: &mut Ui, view: &ShiftView, busy: bool) -> Option<Count> {
        if let Some(error) = self.here.error() {
            error_box(ui, error);
        }
        let Some(open) = self.here.value() else {
            if self.here.is_pending() {
                ui.spinner();
            }
            return None;
        };
        match open.clone() {
            None => {
                self.open_ui(ui, busy);
                None
            }
            Some(report) if report.shift.left_open_before(view.now_ms) => {
                ui.label(
                    RichText::new(t!(
                        "shift-left-open",
                        since = crate::clock::shown_datetime(report.shift.opened_at)
                    ))
                    .strong()
                    .color(theme::palette(ui).warning),
                );
                self.shift_ui(ui, &report, false, busy)
            }
            Some(report) => self.shift_ui(ui, &report, true, busy),
        }
    }

    /// «Abrir turno» with the base counted.
    fn open_ui(&mut self, ui: &mut Ui, busy: bool) {
        ui.label(RichText::new(t!("shift-none-open")).strong());
        // Beside the field, the problem of what it held before this frame's keys.
        let shown = crate::requests::cash_base(&self.base);
        let mut enter = false;
        egui::Grid::new("shift-open-form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                enter = submitted(&pesos_row(
                    ui,
                    &t!("shift-base"),
                    &mut self.base,
                    &t!("shift-base-hint"),
                    shown.as_ref().err(),
                ));
            });
        // Read again once the field took this frame's keys: a last digit and Enter can come in
        // one frame, and the shift opens with what the field holds now.
        let base = crate::requests::cash_base(&self.base);
        let ready = base.is_ok() && !busy;
        let clicked = ui
            .add_enabled(ready, egui::Button::new(t!("shift-open-button")))
            .clicked();
        if (clicked || (enter && ready))
            && let Ok(base) = base
        {
            self.queued.ask(ui, ShiftCommand::Open(base));
        }
        if let Some(error) = self.opening.error() {
            error_box(ui, error);
        }
    }

    /// The shift open here: who and since when, its drawer, money in and out (not for one left
    /// open on an earlier day: it is counted first), its entries under the form (a row added
    /// moves nothing the cashier aims at), and its count; the count typed, once whole.
    fn shift_ui(
        &mut self,
        ui: &mut Ui,
        report: &ShiftReport,
        moves: bool,
        busy: bool,
    ) -> Option<Count> {
        let shift = &report.shift;
        ui.label(
            RichText::new(t!(
                "shift-open-since",
                shift = shift.id.to_string(),
                by = shift.opened_by.words(),
                since = crate::clock::shown_datetime(shift.opened_at)
            ))
            .strong(),
        );
        figures_ui(
            ui,
            "shift-mine-figures",
            &report.figures,
            report.figures.expected(),
        );
        if moves {
            ui.add_space(theme::space::LARGE);
            if let Some(command) = moves_ui(ui, &mut self.movement, &self.sale, busy) {
                self.queued.ask(ui, command);
            }
            if let Some(error) = self.moved.error() {
                error_box(ui, error);
            }
        }
        ui.add_space(theme::space::LARGE);
        entries_ui(ui, "shift-mine-entries", &report.entries, false);
        ui.add_space(theme::space::LARGE);
        ui.label(RichText::new(t!("shift-close-heading")).strong());
        count_ui(
            ui,
            "shift-mine-count",
            &mut self.count,
            report.figures.expected(),
        )
    }

    /// The shift just closed: its result in words and its paper, until put away.
    fn closed_ui(&mut self, ui: &mut Ui, paper: &mut Paper) {
        let Some(report) = &self.closed else {
            return;
        };
        let shift = report.shift.id;
        let Some(close) = &report.shift.close else {
            return;
        };
        ui.label(RichText::new(t!("shift-closed", shift = shift.to_string())).strong());
        egui::Grid::new("shift-closed-figures")
            .num_columns(2)
            .spacing([18.0, 4.0])
            .show(ui, |ui| {
                ui.label(t!("shift-expected"));
                amount_label(ui, close.expected, |text| text);
                ui.end_row();
                ui.label(t!("shift-counted"));
                amount_label(ui, close.counted, |text| text);
                ui.end_row();
            });
        ui.label(difference_text(ui, close.difference()));
        let mut put_away = false;
        ui.horizontal(|ui| {
            if let Some(pdf) = crate::ui::panels::printer_settings::print_or_pdf(
                ui,
                paper,
                &t!("shift-print"),
                &t!("shift-pdf"),
            ) {
                paper
                    .queued
                    .ask(ui, PaperCommand::ShiftReport { shift, pdf });
            }
            if paper.is_busy() {
                ui.spinner();
            }
            put_away = ui.button(t!("shift-done")).clicked();
        });
        crate::ui::panels::printer_settings::outcome_line(ui, paper, &[PaperSource::Shift]);
        if put_away {
            self.closed = None;
        }
        ui.add_space(theme::space::LARGE);
    }
}

impl crate::ui::panels::PanelState for ShiftPanel {
    fn logic(&mut self, work: &mut crate::ui::LogicContext<'_>) {
        ShiftPanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut Ui, draw: &mut crate::ui::panels::DrawContext<'_>) {
        let frame = ui.ctx().cumulative_frame_nr();
        if self.drawn_frame.is_some_and(|drawn| drawn + 1 < frame) {
            self.changed();
        }
        self.drawn_frame = Some(frame);
        let view = ShiftView {
            has_ledger: draw.session.ledger.is_ok(),
            owner: draw.access.owner_side(),
            now_ms: crate::clock::now_ms(),
        };
        self.ui(ui, &view, draw.paper);
    }

    /// A drawer changed at another till or from the command line: read again.
    fn hear(&mut self, news: &News) {
        match news {
            _ if crate::ui::panels::another_merchant(news) => *self = Default::default(),
            News::Cash | News::Connected { .. } => self.hear_cash(),
            News::AnotherPerson => self.forget_person(),
            News::Books { .. }
            | News::Notification { .. }
            | News::PaymentEnded { .. }
            | News::Tab
            | News::Language => {}
        }
    }
}
