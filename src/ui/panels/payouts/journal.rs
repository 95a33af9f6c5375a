//! The journal of payouts sent from this computer, each with the one way forward its state
//! allows.

use crate::ui::theme::Tone;
use egui::{RichText, Ui};

use crate::ledger::{PayoutRecord, PayoutState};
use crate::t;
use crate::ui::widgets::table::{self, Title};
use crate::validate::{self};

use super::*;

impl PayoutsPanel {
    pub(super) fn journal_ui(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.heading(t!("journal-title"));
            if self.journal.is_pending() {
                ui.spinner();
            }
        });
        let Some(journal) = self.journal.value().cloned() else {
            return;
        };
        let records = &journal.records;
        if records.is_empty() {
            crate::ui::widgets::empty::show(
                ui,
                crate::ui::widgets::empty::EmptyState {
                    title: &t!("journal-empty-title"),
                    body: &t!("journal-empty-body"),
                    action: None,
                },
            );
            return;
        }
        let busy = self.busy_ids();
        let text_height = ui.text_style_height(&egui::TextStyle::Body);
        let small_height = ui.text_style_height(&egui::TextStyle::Small);
        // A row grows by a line for each note under its state, and for a return's sale.
        let heights: Vec<f32> = records
            .iter()
            .map(|record| {
                let lines =
                    note_count(record).max(usize::from(journal.sale_of(record.id).is_some()));
                text_height + 14.0 + lines as f32 * (small_height + 2.0)
            })
            .collect();
        let columns = Columns::for_width(ui.available_width());
        let actions = t!("journal-actions");
        table::table(ui, "payout-journal", &t!("journal-table"), |ui| {
            columns
                .table(ui)
                .header(text_height + 8.0, |header| {
                    table::titles(header, columns.titles());
                })
                .body(|body| {
                    body.heterogeneous_rows(heights.into_iter(), |mut row| {
                        let mut row = table::Row::of(&mut row);
                        let record = &records[row.index()];
                        columns.cells(&mut row, record, journal.sale_of(record.id));
                        row.col(|ui| {
                            if busy.contains(&record.id) {
                                ui.spinner();
                            } else if !self.row_actions(ui, record) {
                                // A payout with no way forward: its cell is still named.
                                table::blank(ui, &actions);
                            }
                        });
                    });
                });
        });
    }

    /// The payouts a check, a resend or a settling is on its way for (or asked for).
    fn busy_ids(&self) -> Vec<i64> {
        self.actions
            .iter()
            .map(|(id, _)| *id)
            .chain(self.queued.iter().filter_map(|command| match command {
                PayoutsCommand::Check(record) | PayoutsCommand::Resend(record) => Some(record.id),
                PayoutsCommand::Settle { id, .. } => Some(*id),
                _ => None,
            }))
            .collect()
    }

    /// Draws the row's one way forward; false when its state allows none.
    pub(super) fn row_actions(&mut self, ui: &mut Ui, record: &PayoutRecord) -> bool {
        // The one way forward each state allows; an unknown payout is never offered a resend.
        let action = match record.state {
            PayoutState::Sent | PayoutState::Unknown if record.transaction_reference.is_some() => {
                Some((
                    RowAction::Check,
                    t!("journal-check", reference = record.reference1.as_str()),
                ))
            }
            PayoutState::Unknown => Some((
                RowAction::Settle,
                t!("journal-settle", reference = record.reference1.as_str()),
            )),
            PayoutState::NotSent => Some((
                RowAction::Resend,
                t!(
                    "journal-resend",
                    amount = record.amount.to_string(),
                    destination = validate::group_cellphone(&record.destination)
                ),
            )),
            _ => None,
        };
        let Some((action, label)) = action else {
            return false;
        };
        if !ui.button(label).clicked() {
            return true;
        }
        let record = record.clone();
        match action {
            RowAction::Check => self.queued.ask(ui, PayoutsCommand::Check(record)),
            RowAction::Settle => self.settle = Some(record),
            RowAction::Resend => self.queued.ask(ui, PayoutsCommand::Resend(record)),
        }
        true
    }
}

/// The journal's columns: a small window leaves out the reference, then the kind; the rest is
/// what a payout is.
#[derive(Clone, Copy)]
struct Columns {
    reference: bool,
    kind: bool,
}

impl Columns {
    fn for_width(width: f32) -> Columns {
        Columns {
            reference: width >= WITH_REFERENCE,
            kind: width >= WITH_KIND,
        }
    }

    fn titles(self) -> Vec<Title> {
        let mut titles = vec![Title::Shown(t!("column-time"))];
        if self.reference {
            titles.push(Title::Shown(t!("confirm-reference")));
        }
        titles.extend([
            Title::Shown(t!("field-amount")),
            Title::Shown(t!("confirm-to")),
        ]);
        if self.kind {
            titles.push(Title::Shown(t!("field-payout-kind")));
        }
        // The buttons' column has no title on screen; a screen reader still hears one.
        titles.extend([
            Title::Shown(t!("column-state")),
            Title::Unseen(t!("journal-actions")),
        ]);
        titles
    }

    fn table(self, ui: &mut Ui) -> egui_extras::TableBuilder<'_> {
        let mut table = egui_extras::TableBuilder::new(ui)
            .id_salt(("payout-journal", self.reference, self.kind))
            .striped(true)
            // The panel scrolls as a whole; the table does not scroll inside it.
            .vscroll(false)
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            .column(egui_extras::Column::auto().at_least(70.0));
        if self.reference {
            table = table.column(egui_extras::Column::auto().at_least(90.0));
        }
        table = table
            .column(egui_extras::Column::auto().at_least(80.0))
            .column(egui_extras::Column::auto().at_least(100.0));
        if self.kind {
            table = table.column(egui_extras::Column::auto().at_least(120.0));
        }
        table
            .column(egui_extras::Column::auto().at_least(150.0))
            .column(egui_extras::Column::remainder().at_least(120.0))
    }

    /// A payout's cells, up to its state (its way forward is the panel's); a return says whose
    /// sale it gives back.
    fn cells(
        self,
        row: &mut table::Row<'_, '_, '_>,
        record: &PayoutRecord,
        returned: Option<crate::ledger::SaleNumber>,
    ) {
        row.col(|ui| {
            ui.label(crate::clock::shown_moment(record.created_at));
        });
        if self.reference {
            row.text(&record.reference1, &t!("confirm-reference"));
        }
        row.col(|ui| {
            crate::ui::widgets::amount::amount_label(ui, record.amount, |text| text);
        });
        row.col(|ui| {
            let destination = validate::group_cellphone(&record.destination);
            let Some(number) = returned else {
                ui.label(destination);
                return;
            };
            ui.vertical(|ui| {
                ui.label(
                    RichText::new(t!("payouts-return-of", number = number.to_string())).strong(),
                );
                ui.label(RichText::new(destination).small().weak());
            });
        });
        if self.kind {
            row.col(|ui| {
                ui.label(payout_method_name(record.method_id));
            });
        }
        row.col(|ui| state_cell(ui, record));
    }
}

/// The state, never broken over two lines however narrow its column, with its notes under it.
fn state_cell(ui: &mut Ui, record: &PayoutRecord) {
    let state = egui::Label::new(
        RichText::new(record.state.words())
            .color(crate::ui::theme::palette(ui).text_of(state_tone(record.state))),
    )
    .extend();
    let notes = state_notes(record);
    if notes.is_empty() {
        // Alone, it sits in the middle of its row like every other cell.
        ui.add(state);
        return;
    }
    ui.vertical(|ui| {
        ui.add(state);
        for note in notes {
            ui.label(RichText::new(note).small().weak());
        }
    });
}

/// An online payout (method 160) sent waits for its recipient to accept it.
fn awaits_recipient(record: &PayoutRecord) -> bool {
    record.state == PayoutState::Sent
        && record.method_id == crate::api::payout_methods::ONLINE_PAYOUT_METHOD
}

/// How many lines [`state_notes`] has, without writing them (every row's height, each frame).
fn note_count(record: &PayoutRecord) -> usize {
    usize::from(awaits_recipient(record)) + usize::from(record.error_message.is_some())
}

/// What is said under a payout's state: until when it waits for its recipient, and the
/// service's refusal.
fn state_notes(record: &PayoutRecord) -> Vec<String> {
    awaits_recipient(record)
        .then(|| acceptance_window(record))
        .into_iter()
        .chain(record.error_message.clone())
        .collect()
}

/// Narrower than this, the journal leaves out the reference.
const WITH_REFERENCE: f32 = 860.0;
/// Narrower than this, the kind too.
const WITH_KIND: f32 = 700.0;

fn state_tone(state: PayoutState) -> Tone {
    match state {
        PayoutState::Approved => Tone::Success,
        PayoutState::Sent | PayoutState::Sending => Tone::Warning,
        PayoutState::Unknown | PayoutState::Refused | PayoutState::Failed => Tone::Danger,
        PayoutState::NotSent => Tone::Neutral,
    }
}

/// "the recipient can accept until 21/11 22:15": online payouts wait up to 12 h.
fn acceptance_window(record: &PayoutRecord) -> String {
    t!(
        "journal-accept-until",
        time = crate::clock::shown_datetime(record.created_at + 12 * 3_600_000)
    )
}
