//! Settings › Probar conexión: every credential and setting of the profile in use checked
//! against its service (`crate::checkup`), moving no money, one line each with what to do.

use egui::{RichText, Ui};

use crate::checkup::{Report, Verdict};
use crate::t;
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Requested, UiError};
use crate::ui::theme::Tone;

#[derive(Default)]
pub struct CheckupSection {
    report: Requested<Report>,
}

impl CheckupSection {
    /// Runs the checkup on the runtime, with the session's own client and books.
    pub fn start(&mut self, work: &LogicContext<'_>) {
        let session = work.session.clone();
        self.report.start(work.bridge.spawn(async move {
            let ledger = session.ledger.clone().ok();
            Ok::<_, UiError>(crate::checkup::run(&session.connection, ledger).await)
        }));
    }

    pub fn logic(&mut self) {
        self.report.poll();
    }

    /// Draws the section; true when the person asks for a check.
    pub fn ui(&mut self, ui: &mut Ui) -> bool {
        ui.label(RichText::new(t!("checkup-title")).strong());
        ui.label(RichText::new(t!("checkup-note")).weak());
        let pending = self.report.is_pending();
        let asked = ui
            .horizontal(|ui| {
                let asked = ui
                    .add_enabled(!pending, egui::Button::new(t!("checkup-button")))
                    .clicked();
                if pending {
                    ui.spinner();
                    ui.label(t!("checkup-running"));
                }
                asked
            })
            .inner;
        if let Some(report) = self.report.value() {
            report_ui(ui, report);
        }
        asked
    }
}

fn report_ui(ui: &mut Ui, report: &Report) {
    let palette = crate::ui::theme::palette(ui);
    egui::Grid::new("checkup-lines")
        .num_columns(2)
        .spacing([12.0, 8.0])
        .striped(true)
        .show(ui, |ui| {
            for line in &report.lines {
                let tone = match line.verdict {
                    Verdict::Works => Tone::Success,
                    Verdict::Fails => Tone::Danger,
                    Verdict::NotSet => Tone::Warning,
                    Verdict::NotNeeded | Verdict::CannotCheck => Tone::Neutral,
                };
                // Both cells from the top: a long line's verdict stays beside its name.
                ui.vertical(|ui| {
                    ui.label(
                        RichText::new(line.verdict.word())
                            .strong()
                            .color(palette.text_of(tone)),
                    );
                });
                ui.vertical(|ui| {
                    ui.label(RichText::new(line.item.label()).strong());
                    ui.label(&line.said);
                    if let Some(fix) = line.fix.as_ref().filter(|_| line.verdict != Verdict::Works)
                    {
                        ui.label(
                            RichText::new(t!("checkup-what-to-do", fix = fix.as_str())).weak(),
                        );
                    }
                    if let Some(code) = &line.code {
                        ui.label(
                            RichText::new(t!("checkup-code", code = code.as_str()))
                                .weak()
                                .small(),
                        );
                    }
                });
                ui.end_row();
            }
        });
}
