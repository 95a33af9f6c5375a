//! Today's sales: the day's three figures as the books sum them (the ones Cuadre del día shows),
//! the filters, and a row per sale whatever paid it (and per charge this till follows that is no
//! sale of today), newest first; a row opens its window. The rows' words were made when the books
//! were read (`services::sales`); a frame lays out only the rows in sight, and filters the day
//! again only when what is typed, the filter or the rows changed.

use egui::{RichText, Ui};
use egui_extras::Column;

use crate::money::Pesos;
use crate::t;
use crate::ui::services::sales::{DaySales, RowOf, RowState, SaleRow};
use crate::ui::services::tracker::Tracker;
use crate::ui::theme::Tone;
use crate::ui::widgets::{amount, status, table};

const ROW_HEIGHT: f32 = 24.0;

/// Which sales the list shows, by where they stand.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum StateFilter {
    #[default]
    All,
    Paid,
    Waiting,
    Open,
    Voided,
    Returned,
}

impl StateFilter {
    const ALL: [StateFilter; 6] = [
        StateFilter::All,
        StateFilter::Paid,
        StateFilter::Waiting,
        StateFilter::Open,
        StateFilter::Voided,
        StateFilter::Returned,
    ];

    fn words(self) -> String {
        match self {
            StateFilter::All => t!("status-filter-all"),
            StateFilter::Paid => t!("status-filter-paid"),
            StateFilter::Waiting => t!("status-filter-waiting"),
            StateFilter::Open => t!("status-filter-open"),
            StateFilter::Voided => t!("status-filter-voided"),
            StateFilter::Returned => t!("status-filter-returned"),
        }
    }

    fn keeps(self, state: RowState) -> bool {
        match self {
            StateFilter::All => true,
            StateFilter::Paid => matches!(state, RowState::Paid | RowState::PaidTwice),
            StateFilter::Waiting => state == RowState::Waiting,
            StateFilter::Open => state == RowState::Open,
            StateFilter::Voided => state == RowState::Voided,
            StateFilter::Returned => state == RowState::Returned,
        }
    }
}

/// What the list keeps between frames: the filter chosen, and the rows it shows (filtered again
/// only when the rows, the words typed or the filter changed).
#[derive(Default)]
pub struct SalesList {
    pub filter: StateFilter,
    filtered_for: Option<(u64, String, StateFilter)>,
    shown: Vec<usize>,
}

impl SalesList {
    /// The rows of `sales` that answer to `wanted` (lower case) and the filter.
    fn shown(&mut self, sales: &DaySales, wanted: &str) -> &[usize] {
        let key = (sales.generation(), wanted.to_owned(), self.filter);
        if self.filtered_for.as_ref() != Some(&key) {
            let filter = self.filter;
            self.shown = sales
                .rows()
                .iter()
                .enumerate()
                .filter(|(_, row)| filter.keeps(row.state))
                .filter(|(_, row)| wanted.is_empty() || row.matches(wanted))
                .map(|(index, _)| index)
                .collect();
            self.filtered_for = Some(key);
        }
        &self.shown
    }
}

/// The day's figures, the filters and the list. True when the empty list's button asked for the
/// first sale.
pub(super) fn today(
    ui: &mut Ui,
    tracker: &Tracker,
    (typed, list): (&str, &mut SalesList),
    opened: &mut Option<String>,
) -> bool {
    ui.heading(t!("today"));
    figures_ui(ui, tracker);
    for problem in [tracker.restore_problem.as_deref(), tracker.sales.problem()]
        .into_iter()
        .flatten()
    {
        ui.label(RichText::new(problem).color(crate::ui::theme::palette(ui).danger));
    }
    let sales = &tracker.sales;
    if sales.rows().is_empty() && !sales.is_reading() {
        return crate::ui::widgets::empty::show(
            ui,
            crate::ui::widgets::empty::EmptyState {
                title: &t!("status-empty-title"),
                body: &t!("status-empty-body"),
                action: Some(&t!("status-empty-action")),
            },
        );
    }
    filter_ui(ui, &mut list.filter);
    // Drawn every frame: nothing typed, nothing to compare.
    let wanted = typed.trim().to_lowercase();
    let shown = list.shown(sales, &wanted);
    if shown.is_empty() && !wanted.is_empty() {
        ui.label(RichText::new(t!("status-none-match", wanted = typed.trim())).weak());
        return false;
    }
    sales_table(ui, tracker, shown, opened);
    false
}

/// Ventas, Recibido (the service's and the cash apart) and Por cobrar, as the books sum them:
/// two lines, whose room is kept while the books are read for the first time.
fn figures_ui(ui: &mut Ui, tracker: &Tracker) {
    let Some(figures) = tracker.sales.figures() else {
        ui.label(
            RichText::new(t!("status-figures-reading"))
                .weak()
                .size(crate::ui::theme::size::FIGURE),
        );
        // Where there are no books (a panel drawn on its own), the list's own sum.
        ui.label(t!(
            "status-received-service",
            payments = t!(
                "status-today-count",
                count = tracker.payment_count(),
                approved = tracker.approved_total().to_string()
            )
        ));
        return;
    };
    let sold = figures.sales.net();
    ui.horizontal_wrapped(|ui| {
        let shown = ui.label(
            RichText::new(t!("status-sold", amount = sold.to_string()))
                .strong()
                .size(crate::ui::theme::size::FIGURE),
        );
        amount::read_as_words(&shown, sold);
        if figures.sales.unpaid.amount > Pesos::ZERO {
            ui.label(
                RichText::new(t!(
                    "status-sold-unpaid",
                    amount = figures.sales.unpaid.amount.to_string()
                ))
                .weak(),
            );
        }
    });
    let service = figures.received.service;
    ui.horizontal_wrapped(|ui| {
        ui.label(t!(
            "status-received-service",
            payments = t!(
                "status-today-count",
                count = service.count,
                approved = service.gross.to_string()
            )
        ));
        ui.label("·");
        ui.label(t!(
            "status-received-cash",
            amount = figures.received.cash.amount.to_string()
        ));
        ui.label("·");
        ui.label(t!("status-owed", amount = figures.owed.total().to_string()));
    });
}

fn filter_ui(ui: &mut Ui, filter: &mut StateFilter) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(t!("status-filter"));
        ui.scope(|ui| {
            for choice in StateFilter::ALL {
                ui.selectable_value(filter, choice, choice.words());
            }
        })
        .response
        .labelled_by(label.id);
    });
}

/// The rows `shown` of today's sales, a row each laid out only while in sight; a click opens
/// one. A benchmark draws it on its own.
pub fn sales_table(ui: &mut Ui, tracker: &Tracker, shown: &[usize], opened: &mut Option<String>) {
    let rows = tracker.sales.rows();
    let text_height = ui.text_style_height(&egui::TextStyle::Body);
    // Labels in a clickable row must not take the click for text selection. Set once here, the
    // cells share this style instead of each copying its own.
    ui.style_mut().interaction.selectable_labels = false;
    let columns = Columns {
        // A small window keeps the columns a cashier reads; the rest shows when a row is opened.
        narrow: ui.available_width() < NARROW_TABLE,
        // Who sold it, once the shop has named cashiers.
        cashiers: rows.iter().any(|row| !row.who.is_empty()),
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
                    let Some(sale) = shown.get(row.index()).and_then(|index| rows.get(*index))
                    else {
                        return;
                    };
                    row.set_selected(opened.as_deref() == Some(sale.key()));
                    row_cells(&mut row, sale, tracker, columns);
                    if row.response().clicked() {
                        *opened = Some(sale.key().to_owned());
                    }
                });
            });
    });
}

/// Narrower than this, the table leaves out what was sold and the reference.
const NARROW_TABLE: f32 = 900.0;

/// Which of the optional columns the table shows.
#[derive(Clone, Copy)]
struct Columns {
    narrow: bool,
    cashiers: bool,
}

impl Columns {
    fn titles(self) -> Vec<String> {
        let mut titles = vec![t!("status-column-number"), t!("column-time")];
        if self.cashiers {
            titles.push(t!("column-cashier"));
        }
        titles.extend([t!("status-column-ways"), t!("field-amount")]);
        if !self.narrow {
            titles.extend([t!("field-description"), t!("field-your-reference")]);
        }
        titles.push(t!("column-state"));
        titles
    }

    fn table(self, ui: &mut Ui) -> egui_extras::TableBuilder<'_> {
        // Fixed widths: a row coming into sight never moves the columns under the cashier's eye.
        let mut table = egui_extras::TableBuilder::new(ui)
            .id_salt(("today-table", self.narrow))
            .striped(true)
            .sense(egui::Sense::click())
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            .column(Column::exact(76.0))
            .column(Column::exact(80.0));
        if self.cashiers {
            table = table.column(Column::exact(90.0).clip(true));
        }
        table = if self.narrow {
            table.column(Column::remainder().at_least(120.0).clip(true))
        } else {
            table.column(Column::exact(190.0).clip(true))
        };
        table = table.column(Column::exact(90.0));
        if !self.narrow {
            table = table
                .column(Column::remainder().at_least(100.0).clip(true))
                .column(Column::exact(110.0).clip(true));
        }
        table
            // «Devuelta en parte ($ 40.000)» whole.
            .column(Column::exact(210.0).clip(true))
            .auto_shrink([false, true])
    }
}

fn row_cells(
    row: &mut table::Row<'_, '_, '_>,
    sale: &SaleRow,
    tracker: &Tracker,
    Columns { narrow, cashiers }: Columns,
) {
    row.text(&sale.number, &t!("status-column-number"));
    row.text(&sale.time, &t!("column-time"));
    if cashiers {
        row.text(&sale.who, &t!("column-cashier"));
    }
    // The cells of a row take its click and the keyboard, so an empty one would be a stop where
    // a screen reader says nothing: it is named by its column instead.
    row.text(&sale.ways, &t!("status-column-ways"));
    row.col(|ui| match sale.amount {
        Some(pesos) => {
            amount::amount_label(ui, pesos, |text| text);
        }
        None => table::blank(ui, &t!("field-amount")),
    });
    if !narrow {
        row.text(&sale.description, &t!("field-description"));
        row.text(&sale.reference, &t!("field-your-reference"));
    }
    row.col(|ui| state_cell(ui, sale, tracker));
}

/// A sale's state in words and its colour; a followed charge's as the tracker has it now, with
/// the last problem asking about it.
fn state_cell(ui: &mut Ui, sale: &SaleRow, tracker: &Tracker) {
    let RowOf::Charge(reference) = &sale.of else {
        let colour = crate::ui::theme::palette(ui).text_of(tone(sale.state));
        ui.label(RichText::new(&sale.state_words).strong().color(colour));
        return;
    };
    let Some(payment) = tracker.find(reference) else {
        table::blank(ui, &t!("column-state"));
        return;
    };
    status::tracked_badge(ui, payment.taking(), payment.status, true);
    if let Some(problem) = &payment.problem {
        // A plain "!" rather than ⚠: not every font a shop PC has draws that sign.
        ui.label(
            RichText::new("!")
                .strong()
                .color(crate::ui::theme::palette(ui).danger),
        )
        .on_hover_text(problem);
    }
}

/// What a state means, as a colour's purpose.
pub(super) fn tone(state: RowState) -> Tone {
    match state {
        RowState::Paid => Tone::Success,
        RowState::Waiting => Tone::Warning,
        RowState::Open | RowState::PaidTwice => Tone::Danger,
        RowState::Returned => Tone::Info,
        RowState::Voided | RowState::NotASale => Tone::Neutral,
    }
}
