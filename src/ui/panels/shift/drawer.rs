//! A shift's drawer as the cashier and the owner read it: the figures (base, cash sales,
//! returns, money in and out, what it should hold now; voided entries apart, in none of them)
//! and its entries, each as written, a voided one struck through with the void's reason.

use egui::{RichText, Ui};

use crate::ledger::{CashEntry, CashKind, CashSum, ShiftFigures};
use crate::money::Pesos;
use crate::t;
use crate::ui::theme;
use crate::ui::widgets::amount::{amount_label, read_as_words};
use crate::ui::widgets::table::{self, GridRow, Title};

/// The figures of a shift; `expected` is what the drawer should hold now (or held at its
/// close, frozen by the books).
pub fn figures_ui(ui: &mut Ui, salt: &'static str, figures: &ShiftFigures, expected: Pesos) {
    let grid = egui::Grid::new((salt, "shift-figures"))
        .num_columns(3)
        .striped(true)
        .spacing([18.0, 4.0]);
    let sums: [(String, CashSum); 4] = [
        (t!("shift-figure-sales"), figures.sales),
        (t!("shift-figure-returns"), figures.returns),
        (t!("shift-figure-in"), figures.cash_in),
        (t!("shift-figure-out"), figures.cash_out),
    ];
    table::grid(ui, salt, &t!("shift-figures"), grid, |ui| {
        let line = Title::Unseen(t!("table-column-line"));
        let titles = [t!("activity-count"), t!("shift-column-amount")].map(Title::Shown);
        GridRow::titles(ui, 0, std::iter::once(line).chain(titles));
        let mut row = GridRow::start(ui, 1);
        row.text(ui, t!("shift-figure-base"), &t!("table-column-line"));
        row.text(ui, "", &t!("activity-count"));
        row.cell(ui, |ui| amount_label(ui, figures.base, |text| text));
        row.end(ui);
        GridRow::lines(ui, 2, sums, |ui, row, (label, sum)| {
            row.text(ui, label, &t!("table-column-line"));
            row.cell(ui, |ui| ui.label(sum.count.to_string()));
            row.cell(ui, |ui| amount_label(ui, sum.amount, |text| text));
        });
        let mut row = GridRow::start(ui, 6);
        row.cell(ui, |ui| {
            ui.label(RichText::new(t!("shift-expected-now")).strong())
        });
        row.text(ui, "", &t!("activity-count"));
        row.cell(ui, |ui| amount_label(ui, expected, RichText::strong));
        row.end(ui);
        let mut row = GridRow::start(ui, 7);
        row.cell(ui, |ui| {
            ui.label(RichText::new(t!("shift-figure-voided")).weak())
        });
        row.cell(ui, |ui| {
            ui.label(RichText::new(figures.voided.count.to_string()).weak())
        });
        row.cell(ui, |ui| {
            amount_label(ui, figures.voided.amount, RichText::weak)
        });
        row.end(ui);
    });
}

/// What an entry is about: a sale's reference, a return's sale and reason, a movement's reason.
fn about(entry: &CashEntry) -> String {
    match entry.kind {
        CashKind::Sale if entry.description.is_empty() => entry.reference.clone(),
        CashKind::Sale => format!("{} · {}", entry.reference, entry.description),
        CashKind::Return => t!(
            "shift-entry-return-of",
            sale = entry.reference.as_str(),
            reason = entry.reason.as_str()
        ),
        CashKind::In | CashKind::Out => entry.reason.clone(),
    }
}

/// The amount with what it does to the drawer: «+ $ 20.000», «− $ 5.000».
fn signed(entry: &CashEntry) -> String {
    let sign = if entry.kind.takes_out() { '−' } else { '+' };
    format!("{sign} {}", entry.amount)
}

/// The entries of a shift, oldest first. `voidable`: the owner may void them (an open shift's,
/// in the owner's view); returns the entry whose «Anular» was pressed.
pub fn entries_ui(
    ui: &mut Ui,
    salt: &'static str,
    entries: &[CashEntry],
    voidable: bool,
) -> Option<i64> {
    if entries.is_empty() {
        ui.label(RichText::new(t!("shift-no-entries")).weak());
        return None;
    }
    let mut chosen = None;
    let columns = if voidable { 6 } else { 5 };
    let grid = egui::Grid::new((salt, "shift-entries"))
        .num_columns(columns)
        .striped(true)
        .spacing([14.0, 4.0]);
    table::grid(ui, salt, &t!("shift-entries"), grid, |ui| {
        let mut titles = vec![
            Title::Shown(t!("shift-column-time")),
            Title::Shown(t!("shift-column-kind")),
            Title::Shown(t!("shift-column-amount")),
            Title::Shown(t!("shift-column-about")),
            Title::Shown(t!("shift-column-by")),
        ];
        if voidable {
            titles.push(Title::Unseen(t!("shift-column-void")));
        }
        GridRow::titles(ui, 0, titles);
        GridRow::lines(ui, 1, entries, |ui, row, entry| {
            row.text(
                ui,
                crate::clock::shown_time(entry.at),
                &t!("shift-column-time"),
            );
            row.text(ui, entry.kind.words(), &t!("shift-column-kind"));
            row.cell(ui, |ui| amount_cell(ui, entry));
            row.cell(ui, |ui| about_cell(ui, entry));
            row.text(ui, entry.by.words(), &t!("shift-column-by"));
            if voidable {
                row.cell(ui, |ui| {
                    if entry.void.is_none() && ui.button(t!("shift-void-entry")).clicked() {
                        chosen = Some(entry.id);
                    }
                });
            }
        });
    });
    chosen
}

fn amount_cell(ui: &mut Ui, entry: &CashEntry) {
    let text = RichText::new(signed(entry));
    let text = match entry.void {
        Some(_) => text.strikethrough().weak(),
        None => text,
    };
    let response = ui.label(text);
    read_as_words(&response, entry.amount);
}

fn about_cell(ui: &mut Ui, entry: &CashEntry) {
    ui.vertical(|ui| {
        let about = about(entry);
        if about.trim().is_empty() {
            table::blank(ui, &t!("shift-column-about"));
        } else {
            ui.label(about);
        }
        if let Some(void) = &entry.void {
            ui.label(
                RichText::new(t!(
                    "shift-entry-voided",
                    reason = void.reason.as_str(),
                    by = void.by.words()
                ))
                .color(theme::palette(ui).warning),
            );
        }
    });
}
