//! The journal of payouts sent from this computer, each with the one way forward its state
//! allows.

use egui::{RichText, Ui};

use crate::ledger::{PayoutRecord, PayoutState};
use crate::t;
use crate::ui::widgets::form::ERROR_COLOR;
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
            ui.label(RichText::new(t!("journal-empty")).weak());
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
        egui::Grid::new("payout-journal")
            .num_columns(6)
            .striped(true)
            .spacing([14.0, 6.0])
            .show(ui, |ui| {
                for title in [
                    t!("confirm-reference"),
                    t!("field-amount"),
                    t!("confirm-to"),
                    t!("field-payout-kind"),
                    t!("column-state"),
                    String::new(),
                ] {
                    ui.label(RichText::new(title).strong());
                }
                ui.end_row();
                for record in &records {
                    ui.label(&record.reference1);
                    ui.label(record.amount.to_string());
                    ui.label(validate::group_cellphone(&record.destination));
                    ui.label(withdraw_method_name(record.method_id));
                    ui.vertical(|ui| {
                        // A state is never broken over two lines, however narrow its column.
                        ui.add(
                            egui::Label::new(
                                RichText::new(record.state.words())
                                    .color(state_color(record.state)),
                            )
                            .extend(),
                        );
                        if record.state == PayoutState::Sent && record.method_id == 160 {
                            ui.label(RichText::new(acceptance_window(record)).small().weak());
                        }
                        if let Some(message) = &record.error_message {
                            ui.label(RichText::new(message).small().weak());
                        }
                    });
                    ui.horizontal(|ui| {
                        if busy.contains(&record.id) {
                            ui.spinner();
                        } else {
                            self.row_actions(ui, record);
                        }
                    });
                    ui.end_row();
                }
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
            RowAction::Check => self.queue(ui, PayoutsCommand::Check(record)),
            RowAction::Settle => self.settle = Some(record),
            RowAction::Resend => self.queue(ui, PayoutsCommand::Resend(record)),
        }
    }
}

fn state_color(state: PayoutState) -> egui::Color32 {
    use crate::api::family_b::TransactionStatus;
    use crate::ui::widgets::status::color;
    match state {
        PayoutState::Approved => color(TransactionStatus::Approved),
        PayoutState::Sent | PayoutState::Sending => color(TransactionStatus::Pending),
        PayoutState::Unknown => ERROR_COLOR,
        PayoutState::Refused | PayoutState::Failed => color(TransactionStatus::Failed),
        PayoutState::NotSent => color(TransactionStatus::Cancelled),
    }
}

/// "the recipient can accept until 21/11 22:15": online withdrawals wait up to 12 h.
fn acceptance_window(record: &PayoutRecord) -> String {
    t!(
        "journal-accept-until",
        time = crate::clock::shown_datetime(record.created_at + 12 * 3_600_000)
    )
}
