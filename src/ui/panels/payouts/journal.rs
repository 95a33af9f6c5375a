//! The journal of payouts sent from this computer, each with the one way forward its state
//! allows.

use crate::ui::theme::Tone;
use egui::{RichText, Ui};

use crate::ledger::{PayoutRecord, PayoutState};
use crate::t;
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
        let Some(records) = self.journal.value().cloned() else {
            return;
        };
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
        let busy: Vec<i64> = self
            .actions
            .iter()
            .map(|(id, _)| *id)
            .chain(self.queued.iter().filter_map(|command| match command {
                PayoutsCommand::Check(record) | PayoutsCommand::Resend(record) => Some(record.id),
                PayoutsCommand::Settle { id, .. } => Some(*id),
                _ => None,
            }))
            .collect();
        let text_height = ui.text_style_height(&egui::TextStyle::Body);
        let small_height = ui.text_style_height(&egui::TextStyle::Small);
        // A row grows by a line for each note under its state.
        let row_height = |record: &PayoutRecord| {
            let notes = usize::from(
                record.state == PayoutState::Sent
                    && record.method_id == crate::api::family_b::ONLINE_WITHDRAWAL,
            ) + usize::from(record.error_message.is_some());
            text_height + 14.0 + notes as f32 * (small_height + 2.0)
        };
        let heights: Vec<f32> = records.iter().map(row_height).collect();
        // A small window leaves out the reference, then the kind; the rest is what a payout is.
        let width = ui.available_width();
        let (show_reference, show_kind) = (width >= WITH_REFERENCE, width >= WITH_KIND);
        let mut titles = vec![t!("column-time")];
        let mut table = egui_extras::TableBuilder::new(ui)
            .id_salt(("payout-journal", show_reference, show_kind))
            .striped(true)
            // The panel scrolls as a whole; the table does not scroll inside it.
            .vscroll(false)
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            .column(egui_extras::Column::auto().at_least(70.0));
        if show_reference {
            table = table.column(egui_extras::Column::auto().at_least(90.0));
            titles.push(t!("confirm-reference"));
        }
        table = table
            .column(egui_extras::Column::auto().at_least(80.0))
            .column(egui_extras::Column::auto().at_least(100.0));
        titles.extend([t!("field-amount"), t!("confirm-to")]);
        if show_kind {
            table = table.column(egui_extras::Column::auto().at_least(120.0));
            titles.push(t!("field-payout-kind"));
        }
        titles.extend([t!("column-state"), String::new()]);
        table
            .column(egui_extras::Column::auto().at_least(150.0))
            .column(egui_extras::Column::remainder().at_least(120.0))
            .header(text_height + 8.0, |mut header| {
                for title in titles {
                    header.col(|ui| {
                        ui.strong(title);
                    });
                }
            })
            .body(|body| {
                body.heterogeneous_rows(heights.into_iter(), |mut row| {
                    let record = &records[row.index()];
                    row.col(|ui| {
                        ui.label(crate::clock::shown_moment(record.created_at));
                    });
                    if show_reference {
                        row.col(|ui| {
                            ui.label(&record.reference1);
                        });
                    }
                    row.col(|ui| {
                        ui.label(record.amount.to_string());
                    });
                    row.col(|ui| {
                        ui.label(validate::group_cellphone(&record.destination));
                    });
                    if show_kind {
                        row.col(|ui| {
                            ui.label(withdraw_method_name(record.method_id));
                        });
                    }
                    row.col(|ui| {
                        // A state is never broken over two lines, however narrow its column.
                        let state = egui::Label::new(RichText::new(record.state.words()).color(
                            crate::ui::theme::palette(ui).text_of(state_tone(record.state)),
                        ))
                        .extend();
                        let window = (record.state == PayoutState::Sent
                            && record.method_id == crate::api::family_b::ONLINE_WITHDRAWAL)
                            .then(|| acceptance_window(record));
                        if window.is_none() && record.error_message.is_none() {
                            // Alone, it sits in the middle of its row like every other cell.
                            ui.add(state);
                            return;
                        }
                        ui.vertical(|ui| {
                            ui.add(state);
                            for note in window.iter().chain(&record.error_message) {
                                ui.label(RichText::new(note).small().weak());
                            }
                        });
                    });
                    row.col(|ui| {
                        if busy.contains(&record.id) {
                            ui.spinner();
                        } else {
                            self.row_actions(ui, record);
                        }
                    });
                });
            });
    }

    pub(super) fn row_actions(&mut self, ui: &mut Ui, record: &PayoutRecord) {
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
            return;
        };
        if !ui.button(label).clicked() {
            return;
        }
        let record = record.clone();
        match action {
            RowAction::Check => self.queued.ask(ui, PayoutsCommand::Check(record)),
            RowAction::Settle => self.settle = Some(record),
            RowAction::Resend => self.queued.ask(ui, PayoutsCommand::Resend(record)),
        }
    }
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

/// "the recipient can accept until 21/11 22:15": online withdrawals wait up to 12 h.
fn acceptance_window(record: &PayoutRecord) -> String {
    t!(
        "journal-accept-until",
        time = crate::clock::shown_datetime(record.created_at + 12 * 3_600_000)
    )
}
