//! Customers' tabs in Cuadre del día, under their own heading that says fiado is not money
//! received: what was taken (by cashier), what was collected by a link or QR and in cash, each
//! with where that money is already counted, and what is owed now. Nothing here is summed with
//! the service's money or the drawers'.

use egui::{RichText, Ui};

use crate::ledger::close::TabLines;
use crate::t;
use crate::ui::widgets::amount::amount_label;
use crate::ui::widgets::table::{self, GridRow, Title};

pub fn tabs_ui(ui: &mut Ui, tabs: &TabLines) {
    ui.add_space(crate::ui::theme::space::MEDIUM);
    ui.label(RichText::new(&tabs.heading).strong());
    let grid = egui::Grid::new("reconcile-tabs")
        .num_columns(4)
        .striped(true)
        .spacing([18.0, 4.0]);
    table::grid(ui, "close-tabs", &tabs.heading, grid, |ui| {
        let titles = [
            Title::Unseen(t!("table-column-line")),
            Title::Shown(t!("activity-count")),
            Title::Shown(t!("cashclose-amount")),
            Title::Shown(t!("tabclose-counted-in")),
        ];
        GridRow::titles(ui, 0, titles);
        GridRow::lines(ui, 1, &tabs.lines, |ui, row, line| {
            row.cell(ui, |ui| {
                if line.part {
                    ui.label(format!("  {}", line.label));
                } else {
                    ui.label(&line.label);
                }
            });
            row.cell(ui, |ui| ui.label(line.sum.count.to_string()));
            row.cell(ui, |ui| amount_label(ui, line.sum.amount, |text| text));
            let counted_in = line.counted_in.as_deref().unwrap_or("");
            row.text(ui, counted_in, &t!("tabclose-counted-in"));
        });
    });
    ui.label(RichText::new(&tabs.owed).strong());
    if let Some(credit) = &tabs.credit {
        ui.label(credit);
    }
}
