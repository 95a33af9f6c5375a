//! The count at a shift's close (arqueo de caja): each bill, then each coin, with its pieces and
//! subtotal; what was counted against what the drawer should hold and the difference in words
//! as it is typed; a note. «Cerrar turno» asks once more before the books close it, because a
//! closed shift is final.

use egui::{RichText, TextEdit, Ui};

use crate::money::Pesos;
use crate::money::cash::{Count, DENOMINATIONS, Denomination, Difference, denomination_words};
use crate::requests::CountForm;
use crate::t;
use crate::ui::theme;
use crate::ui::widgets::amount::amount_label;
use crate::ui::widgets::form::{problem_slot, send_or_cancel, text_row};
use crate::ui::widgets::table::{self, GridRow, Title};

/// The count as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CountDraft {
    pub form: CountForm,
    pub note: String,
    /// «Cerrar turno» was pressed: the last look before the books close it.
    pub confirming: bool,
}

/// The colour a difference is said in: a faltante warns.
pub fn difference_text(ui: &Ui, difference: Difference) -> RichText {
    let palette = theme::palette(ui);
    let colour = match difference {
        Difference::Even => palette.success,
        Difference::Over(_) => palette.info,
        Difference::Short(_) => palette.warning,
    };
    RichText::new(difference.words()).strong().color(colour)
}

/// Draws the count of a shift that should hold `expected` (`salt` keeps two counts apart): the
/// pieces, what they add up to against what was expected, and the note. The count, once every
/// piece typed is whole.
pub fn count_ui(
    ui: &mut Ui,
    salt: &'static str,
    draft: &mut CountDraft,
    expected: Pesos,
) -> Option<Count> {
    ui.label(RichText::new(t!("shift-count-heading")).strong());
    ui.label(RichText::new(t!("shift-count-hint")).weak());
    pieces_grid(ui, salt, &mut draft.form);
    let counted = draft.form.parse().ok();
    ui.add_space(theme::space::MEDIUM);
    egui::Grid::new((salt, "count-totals"))
        .num_columns(2)
        .spacing([18.0, 4.0])
        .show(ui, |ui| {
            ui.label(t!("shift-counted"));
            match &counted {
                Some(count) => amount_label(ui, count.total(), RichText::strong),
                None => ui.label(RichText::new(t!("shift-count-empty")).weak()),
            };
            ui.end_row();
            ui.label(t!("shift-expected"));
            amount_label(ui, expected, RichText::strong);
            ui.end_row();
        });
    if let Some(count) = &counted {
        let difference = Difference::of(expected, count.total());
        ui.label(difference_text(ui, difference));
    }
    ui.add_space(theme::space::MEDIUM);
    egui::Grid::new((salt, "count-note"))
        .num_columns(2)
        .show(ui, |ui| {
            text_row(
                ui,
                &t!("shift-note"),
                &mut draft.note,
                &t!("shift-note-hint"),
                None,
            );
        });
    counted
}

/// «Cerrar turno» (once the drawer is counted, the difference beside it), then its
/// confirmation in words in the same place; `busy` while a close is on its way. The count and
/// its note once the close is confirmed.
pub fn close_ui(
    ui: &mut Ui,
    draft: &mut CountDraft,
    counted: Option<Count>,
    expected: Pesos,
    busy: bool,
) -> Option<(Count, String)> {
    let confirming = draft.confirming;
    let Some(count) = counted.clone().filter(|_| confirming) else {
        draft.confirming = false;
        ui.horizontal_wrapped(|ui| {
            // Offered once every piece typed is whole: until then, what to do first.
            let Some(count) = &counted else {
                ui.label(RichText::new(t!("shift-close-count-first")).weak());
                return;
            };
            let button = egui::Button::new(RichText::new(t!("shift-close-button")).strong());
            if ui.add_enabled(!busy, button).clicked() {
                draft.confirming = true;
            }
            ui.label(difference_text(ui, Difference::of(expected, count.total())));
        });
        return None;
    };
    ui.label(
        RichText::new(t!(
            "shift-close-confirm",
            counted = count.total().to_string(),
            difference = Difference::of(expected, count.total()).words()
        ))
        .strong(),
    );
    match send_or_cancel(ui, &t!("shift-close-yes"), !busy) {
        Some(true) => Some((count, draft.note.trim().to_owned())),
        Some(false) => {
            draft.confirming = false;
            None
        }
        None => None,
    }
}

/// A line per bill, then per coin: the pieces typed and their subtotal; a piece that is not
/// whole is said under its own field.
fn pieces_grid(ui: &mut Ui, salt: &'static str, form: &mut CountForm) {
    let grid = egui::Grid::new((salt, "count-pieces"))
        .num_columns(3)
        .spacing([18.0, 2.0]);
    table::grid(ui, "shift-count", &t!("shift-count-heading"), grid, |ui| {
        let titles = [
            Title::Unseen(t!("shift-denomination")),
            Title::Shown(t!("shift-pieces")),
            Title::Shown(t!("shift-subtotal")),
        ];
        GridRow::titles(ui, 0, titles);
        let mut index = 1;
        for coins in [false, true] {
            let heading = if coins {
                t!("shift-coins")
            } else {
                t!("shift-bills")
            };
            let mut row = GridRow::start(ui, index);
            row.cell(ui, |ui| ui.label(RichText::new(heading).strong()));
            row.text(ui, "", &t!("shift-pieces"));
            row.text(ui, "", &t!("shift-subtotal"));
            row.end(ui);
            index += 1;
            let lines = DENOMINATIONS
                .iter()
                .zip(form.pieces.iter_mut())
                .filter(|(denomination, _)| denomination.coin == coins);
            for (denomination, typed) in lines {
                piece_row(ui, index, *denomination, typed);
                index += 1;
            }
        }
    });
}

fn piece_row(ui: &mut Ui, index: usize, denomination: Denomination, typed: &mut String) {
    let words = denomination_words(denomination);
    let read = Count::read_pieces(denomination, typed);
    let mut row = GridRow::start(ui, index);
    let label = row.cell(ui, |ui| ui.label(&words));
    row.cell(ui, |ui| {
        ui.vertical(|ui| {
            ui.spacing_mut().item_spacing.y = 1.0;
            ui.add(TextEdit::singleline(typed).desired_width(80.0))
                .labelled_by(label.id);
            problem_slot(ui, read.as_ref().err().map(|e| e.to_string()).as_deref());
        })
    });
    let subtotal = read
        .ok()
        .filter(|pieces| *pieces > 0)
        .map(|pieces| Pesos::new(denomination.value.get() * i64::from(pieces)));
    row.cell(ui, |ui| match subtotal {
        Some(subtotal) => {
            amount_label(ui, subtotal, |text| text);
        }
        None => table::blank(ui, &t!("shift-subtotal")),
    });
    row.end(ui);
}
