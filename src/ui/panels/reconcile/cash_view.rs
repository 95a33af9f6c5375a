//! The drawers' cash in Cuadre del día, under its own heading that says it was counted by a
//! cashier and not confirmed by the service: the cash lines, each till's shift with its count,
//! and the drawers' differences added. Nothing here is summed with the service's money.

use egui::{RichText, Ui};

use crate::ledger::close::{CashLines, DrawerLine};
use crate::t;
use crate::ui::widgets::amount::amount_label;
use crate::ui::widgets::table::{self, GridRow, Title};

pub fn cash_ui(ui: &mut Ui, cash: &CashLines) {
    ui.add_space(crate::ui::theme::space::MEDIUM);
    ui.label(RichText::new(&cash.heading).strong());
    let grid = egui::Grid::new("reconcile-cash")
        .num_columns(3)
        .striped(true)
        .spacing([18.0, 4.0]);
    table::grid(ui, "close-cash", &cash.heading, grid, |ui| {
        let titles = [
            Title::Unseen(t!("table-column-line")),
            Title::Shown(t!("activity-count")),
            Title::Shown(t!("cashclose-amount")),
        ];
        GridRow::titles(ui, 0, titles);
        GridRow::lines(ui, 1, &cash.lines, |ui, row, line| {
            row.cell(ui, |ui| {
                if line.part {
                    ui.label(format!("  {}", line.label));
                } else {
                    ui.label(&line.label);
                }
            });
            row.cell(ui, |ui| ui.label(line.sum.count.to_string()));
            row.cell(ui, |ui| amount_label(ui, line.sum.amount, |text| text));
        });
    });
    if !cash.drawers.is_empty() {
        ui.add_space(crate::ui::theme::space::SMALL);
        ui.label(RichText::new(t!("cashclose-drawers")).strong());
        drawers_grid(ui, &cash.drawers);
    }
    if let Some(difference) = &cash.difference {
        let palette = crate::ui::theme::palette(ui);
        let colour = if cash.difference_signed < 0 {
            palette.danger
        } else {
            palette.warning
        };
        let text = RichText::new(difference).strong();
        ui.label(if cash.difference_signed == 0 {
            text
        } else {
            text.color(colour)
        });
    }
}

/// Each till's shift of the period: who opened it and when, how it closed, and its count.
fn drawers_grid(ui: &mut Ui, drawers: &[DrawerLine]) {
    let grid = egui::Grid::new("reconcile-drawers")
        .num_columns(8)
        .striped(true)
        .spacing([14.0, 4.0]);
    let name = t!("cashclose-drawers");
    table::grid(ui, "close-drawers", &name, grid, |ui| {
        let titles = [
            t!("cashpaper-till"),
            t!("cashpaper-opened-by"),
            t!("cashpaper-opened-at"),
            t!("cashpaper-closed-at"),
            t!("cashpaper-base"),
            t!("cashclose-expected"),
            t!("cashclose-counted"),
            t!("cashclose-difference"),
        ]
        .map(Title::Shown);
        GridRow::titles(ui, 0, titles);
        GridRow::lines(ui, 1, drawers, |ui, row, drawer| {
            row.text(ui, &drawer.till, &t!("cashpaper-till"));
            row.text(ui, &drawer.opened_by, &t!("cashpaper-opened-by"));
            row.text(ui, &drawer.opened_at, &t!("cashpaper-opened-at"));
            row.text(ui, &drawer.closed, &t!("cashpaper-closed-at"));
            row.cell(ui, |ui| amount_label(ui, drawer.base, |text| text));
            row.cell(ui, |ui| amount_label(ui, drawer.expected, |text| text));
            match drawer.counted {
                Some(counted) => row.cell(ui, |ui| amount_label(ui, counted, |text| text)),
                None => row.cell(ui, |ui| ui.label("—")),
            };
            row.text(ui, &drawer.difference, &t!("cashclose-difference"));
        });
    });
}
