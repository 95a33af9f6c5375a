//! The three figures at the top of Cuadre del día, before any detail: Ventas, Recibido and Por
//! cobrar, each in a box of its own with its answer read at a glance, what it is, its parts, and
//! what counts in no figure said under it. Side by side where the window is wide enough for the
//! three to read whole, one under the other where it is not; the lines are the close's own
//! (`ledger::close::FigureLines`), the same the terminal and the paper say.

use egui::{Align, Layout, RichText, Ui};

use crate::ledger::close::{Figure, FigureLine, FigureLines};
use crate::ui::widgets::amount::amount_label;

/// Narrower than this, a figure's lines would wrap under their amounts: the three go one under
/// the other instead.
const SIDE_BY_SIDE_MIN_WIDTH: f32 = 250.0;

pub fn figures_ui(ui: &mut Ui, figures: &FigureLines) {
    ui.add_space(crate::ui::theme::space::MEDIUM);
    let all = figures.all();
    let gap = crate::ui::theme::space::LARGE;
    let width = (ui.available_width() - 2.0 * gap) / 3.0;
    if width >= SIDE_BY_SIDE_MIN_WIDTH {
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = gap;
            for figure in all {
                ui.vertical(|ui| {
                    ui.set_width(width);
                    figure_box(ui, figure);
                });
            }
        });
    } else {
        for figure in all {
            figure_box(ui, figure);
            ui.add_space(crate::ui::theme::space::SMALL);
        }
    }
}

/// One figure: its name, its answer large (Recibido has none: two kinds, never added), what it
/// is, its lines, and what is said apart.
fn figure_box(ui: &mut Ui, figure: &Figure) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(
            RichText::new(&figure.title)
                .size(crate::ui::theme::size::EMPHASIS)
                .strong(),
        );
        if let Some(amount) = figure.amount {
            amount_label(ui, amount, |text| {
                text.size(crate::ui::theme::size::FIGURE).strong()
            });
        }
        ui.add(egui::Label::new(RichText::new(unbroken(&figure.meaning)).weak()).wrap());
        ui.add_space(crate::ui::theme::space::SMALL);
        for line in &figure.lines {
            line_ui(ui, line);
        }
        for words in &figure.apart {
            ui.add(egui::Label::new(RichText::new(unbroken(words)).small()).wrap());
        }
    });
}

/// A line: its words on the left (wrapped, never under the amount), its amount flush right; a
/// caption (no amount) in a softer hand; a part of the line above indented.
fn line_ui(ui: &mut Ui, line: &FigureLine) {
    ui.horizontal(|ui| {
        if line.part {
            ui.add_space(crate::ui::theme::space::XLARGE);
        }
        let Some(amount) = line.amount else {
            ui.label(RichText::new(&line.label).weak());
            return;
        };
        ui.with_layout(Layout::right_to_left(Align::Min), |ui| {
            amount_label(ui, amount, |text| text);
            ui.with_layout(Layout::left_to_right(Align::Min), |ui| {
                ui.add(egui::Label::new(unbroken(&line.label)).wrap());
            });
        });
    });
}

/// Words that read as one kept on one line when the rest wraps: «$ 12.000» never breaks after
/// the «$», nor «(2 pagos)» inside its brackets (a narrow window left «(2» on one line and
/// «pagos)» on the next).
fn unbroken(words: &str) -> String {
    let mut kept = String::with_capacity(words.len());
    let mut bracketed = 0usize;
    let mut last = ' ';
    for c in words.chars() {
        match c {
            '(' => bracketed += 1,
            ')' => bracketed = bracketed.saturating_sub(1),
            _ => {}
        }
        kept.push(if c == ' ' && (bracketed > 0 || last == '$') {
            '\u{a0}'
        } else {
            c
        });
        last = c;
    }
    kept
}
