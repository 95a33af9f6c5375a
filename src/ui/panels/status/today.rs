//! Today's list: every payment the till follows, newest first, filtered by what was typed in
//! the lookup, a row each that opens the payment's window.

use egui::{RichText, Ui};
use egui_extras::Column;

use super::returned::Returned;
use crate::t;
use crate::ui::services::tracker::{TrackedPayment, Tracker};
use crate::ui::widgets::{amount, status, table};

const ROW_HEIGHT: f32 = 24.0;

/// Whether a payment answers to what the cashier typed (already in lower case): her reference,
/// the service's, or what was sold (any case, any part).
fn matches(payment: &TrackedPayment, wanted: &str) -> bool {
    [
        &payment.reference1,
        &payment.reference,
        &payment.description,
    ]
    .iter()
    .any(|text| text.to_lowercase().contains(wanted))
}

/// Today's payments, newest first, as a table whose rows open the payment. Only the visible
/// rows are laid out, so a long day stays fast. True when the empty list's button asked for the
/// first sale.
pub(super) fn today(
    ui: &mut Ui,
    tracker: &Tracker,
    (filter, returned): (&str, &Returned),
    opened: &mut Option<String>,
) -> bool {
    let payments = &tracker.payments;
    ui.horizontal(|ui| {
        ui.heading(t!("today"));
        ui.label(
            RichText::new(t!(
                "status-today-count",
                count = tracker.payment_count(),
                approved = tracker.approved_total().to_string()
            ))
            .weak(),
        );
    });
    if let Some(problem) = &tracker.restore_problem {
        ui.label(RichText::new(problem).color(crate::ui::theme::palette(ui).danger));
    }
    if payments.is_empty() {
        return crate::ui::widgets::empty::show(
            ui,
            crate::ui::widgets::empty::EmptyState {
                title: &t!("status-empty-title"),
                body: &t!("status-empty-body"),
                action: Some(&t!("status-empty-action")),
            },
        );
    }
    // Drawn every frame: nothing typed, nothing to compare.
    let wanted = filter.trim().to_lowercase();
    let shown: Vec<&TrackedPayment> = if wanted.is_empty() {
        payments.iter().collect()
    } else {
        payments.iter().filter(|p| matches(p, &wanted)).collect()
    };
    if shown.is_empty() {
        ui.label(RichText::new(t!("status-none-match", wanted = filter.trim())).weak());
        return false;
    }
    table(ui, tracker, (&shown, returned), opened);
    false
}

/// The payments shown, a row each; a click opens one.
fn table(
    ui: &mut Ui,
    tracker: &Tracker,
    (shown, returned): (&[&TrackedPayment], &Returned),
    opened: &mut Option<String>,
) {
    let text_height = ui.text_style_height(&egui::TextStyle::Body);
    // Labels in a clickable row must not take the click for text selection. Set once here, the
    // cells share this style instead of each copying its own.
    ui.style_mut().interaction.selectable_labels = false;
    let columns = Columns {
        // A small window keeps the columns a cashier reads; the rest shows when a row is opened.
        narrow: ui.available_width() < NARROW_TABLE,
        // Who sold it, once the shop has named cashiers.
        cashiers: shown.iter().any(|p| !p.made_by.cashier.is_empty()),
    };
    table::table(ui, "today", &t!("status-today-table"), |ui| {
        columns
            .table(ui)
            .header(text_height + 8.0, |header| {
                table::titles(header, columns.titles());
            })
            .body(|body| {
                body.rows(ROW_HEIGHT, shown.len(), |mut row| {
                    let mut row = table::Row::of(&mut row);
                    let payment = shown[row.index()];
                    row.set_selected(opened.as_deref() == Some(payment.reference.as_str()));
                    let kind = tracker.kind_words(payment);
                    let gone_back = returned.words(&payment.reference, "");
                    row_cells(&mut row, payment, (&kind, gone_back), columns);
                    if row.response().clicked() {
                        *opened = Some(payment.reference.clone());
                    }
                });
            });
    });
}

/// Narrower than this, the table leaves out the kind and the service's reference.
const NARROW_TABLE: f32 = 760.0;

/// Which of the optional columns the table shows.
#[derive(Clone, Copy)]
struct Columns {
    narrow: bool,
    cashiers: bool,
}

impl Columns {
    fn titles(self) -> Vec<String> {
        let mut titles = vec![t!("column-time")];
        if self.cashiers {
            titles.push(t!("column-cashier"));
        }
        if !self.narrow {
            titles.push(t!("column-kind"));
        }
        titles.extend([
            t!("field-amount"),
            t!("field-description"),
            t!("field-your-reference"),
        ]);
        if !self.narrow {
            titles.push(t!("created-service-reference"));
        }
        titles.push(t!("column-state"));
        titles
    }

    fn table(self, ui: &mut Ui) -> egui_extras::TableBuilder<'_> {
        let mut table = egui_extras::TableBuilder::new(ui)
            .id_salt(("today-table", self.narrow))
            .striped(true)
            .sense(egui::Sense::click())
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            .column(Column::auto().at_least(72.0));
        if self.cashiers {
            table = table.column(Column::auto().at_least(70.0).clip(true));
        }
        if !self.narrow {
            table = table.column(Column::auto().at_least(90.0).clip(true));
        }
        table = table
            .column(Column::auto().at_least(80.0))
            .column(Column::remainder().at_least(100.0).clip(true))
            .column(Column::auto().at_least(90.0).clip(true));
        if !self.narrow {
            table = table.column(Column::auto().at_least(120.0).clip(true));
        }
        table
            .column(Column::auto().at_least(100.0))
            .auto_shrink([false, true])
    }
}

fn row_cells(
    row: &mut table::Row<'_, '_, '_>,
    payment: &TrackedPayment,
    (kind, gone_back): (&str, Option<String>),
    Columns { narrow, cashiers }: Columns,
) {
    row.col(|ui| {
        // Made from the moment when drawn: the language may have changed since the sale.
        ui.label(crate::clock::shown_moment(payment.created_ms));
    });
    if cashiers {
        row.text(&payment.made_by.cashier, &t!("column-cashier"));
    }
    if !narrow {
        row.text(kind, &t!("column-kind"));
    }
    row.col(|ui| {
        if let Some(amount) = payment.shown_amount() {
            amount::amount_label(ui, amount, |text| text);
        }
    });
    // The cells of a row take its click and the keyboard, so an empty one would be a stop where
    // a screen reader says nothing: it is named by its column instead.
    row.text(&payment.description, &t!("field-description"));
    row.text(&payment.reference1, &t!("field-your-reference"));
    if !narrow {
        row.col(|ui| {
            ui.label(RichText::new(&payment.reference).monospace());
        });
    }
    row.col(|ui| {
        status::tracked_badge(ui, payment.taking(), payment.status, true);
        // What went back of it, as the books hold it: «Devuelto $ 20.000 de $ 80.000».
        if let Some(words) = gone_back {
            ui.label(RichText::new(words).small());
        }
        if let Some(problem) = &payment.problem {
            // A plain "!" rather than ⚠: not every font a shop PC has draws that sign.
            ui.label(
                RichText::new("!")
                    .strong()
                    .color(crate::ui::theme::palette(ui).danger),
            )
            .on_hover_text(problem);
        }
    });
}
