//! The drawers' cash in Cuadre del día, under its own heading that says it was counted by a
//! cashier and not confirmed by the service: the cash lines, each till's shift with its count,
//! and the drawers' differences added. Nothing here is summed with the service's money.

use egui::{RichText, Ui};

use crate::ledger::close::{CashLines, DrawerLine};
use crate::money::Pesos;
use crate::t;
use crate::ui::widgets::amount::amount_label;
use crate::ui::widgets::table::{self, GridRow, Title};

pub fn cash_ui(ui: &mut Ui, cash: &CashLines) {
    let section = Section {
        heading: &cash.heading,
        ids: ("reconcile-cash", "close-cash"),
        more: Vec::new(),
    };
    counted_lines_ui(
        ui,
        section,
        &cash.lines,
        |line| (&line.label, line.part, line.sum.count, line.sum.amount),
        |_, _, _| {},
    );
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

/// A section of the close on screen, as the cash and the tabs both draw theirs.
pub(super) struct Section<'a> {
    pub heading: &'a str,
    /// The grid's id and the salt of its table.
    pub ids: (&'static str, &'static str),
    /// The titles of the columns after the amount.
    pub more: Vec<String>,
}

/// `section`'s heading and a grid of its counted lines: each line's label (a part of the line
/// above indented), its count and its amount, as `counted` reads them, then the cells `more`
/// draws. One drawing for the cash and the tabs, so both sections read alike.
pub(super) fn counted_lines_ui<L>(
    ui: &mut Ui,
    section: Section<'_>,
    lines: &[L],
    counted: impl Fn(&L) -> (&str, bool, usize, Pesos),
    mut more: impl FnMut(&mut Ui, &mut GridRow, &L),
) {
    ui.add_space(crate::ui::theme::space::MEDIUM);
    ui.label(RichText::new(section.heading).strong());
    let (id, salt) = section.ids;
    let grid = egui::Grid::new(id)
        .num_columns(3 + section.more.len())
        .striped(true)
        .spacing([18.0, 4.0]);
    table::grid(ui, salt, section.heading, grid, |ui| {
        let titles = [
            Title::Unseen(t!("table-column-line")),
            Title::Shown(t!("activity-count")),
            Title::Shown(t!("cashclose-amount")),
        ];
        let more_titles = section.more.into_iter().map(Title::Shown);
        GridRow::titles(ui, 0, titles.into_iter().chain(more_titles));
        GridRow::lines(ui, 1, lines, |ui, row, line| {
            let (label, part, count, amount) = counted(line);
            row.cell(ui, |ui| {
                if part {
                    ui.label(format!("  {label}"));
                } else {
                    ui.label(label);
                }
            });
            row.cell(ui, |ui| ui.label(count.to_string()));
            row.cell(ui, |ui| amount_label(ui, amount, |text| text));
            more(ui, row, line);
        });
    });
}
