//! The last look before money moves: the confirmation dialog, and settling by hand a payout
//! whose outcome nobody knows.

use egui::{RichText, Ui};

use crate::api::family_b::withdraw_method_name;
use crate::payouts::PayoutError;
use crate::t;
use crate::validate::{self};

use super::*;

impl PayoutsPanel {
    pub(super) fn confirmation_ui(&mut self, ui: &mut Ui, view: &PayoutsView<'_>) {
        let Some(confirmation) = &mut self.confirmation else {
            return;
        };
        let mut send = false;
        let mut cancel = false;
        let plan = &confirmation.plan;
        let amount = plan.request.amount;
        egui::Modal::new(egui::Id::unique("payout-confirmation")).show(ui.ctx(), |ui| {
            ui.heading(t!("confirm-title"));
            ui.label(
                RichText::new(amount.to_string())
                    .size(crate::ui::theme::size::PAYOUT_AMOUNT)
                    .strong(),
            );
            egui::Grid::new("payout-confirm-grid")
                .num_columns(2)
                .show(ui, |ui| {
                    ui.label(t!("confirm-to"));
                    ui.label(
                        RichText::new(validate::group_cellphone(&plan.request.destination))
                            .size(crate::ui::theme::size::LARGE)
                            .monospace(),
                    );
                    ui.end_row();
                    ui.label(t!("field-payout-kind"));
                    ui.label(withdraw_method_name(plan.request.method_id));
                    ui.end_row();
                    ui.label(t!("confirm-reference"));
                    ui.label(&plan.request.reference1);
                    ui.end_row();
                    if let Some(balance) = plan.balance {
                        ui.label(t!("confirm-balance"));
                        ui.label(balance.to_string());
                        ui.end_row();
                        if let Some(after) = balance.checked_sub(amount) {
                            ui.label(t!("confirm-after"));
                            ui.label(after.to_string());
                            ui.end_row();
                        }
                    }
                });
            if view.moves_real_money {
                ui.label(
                    RichText::new(t!("confirm-real-money"))
                        .strong()
                        .color(crate::ui::theme::palette(ui).danger),
                );
            }
            if let Some(previous) = &plan.similar {
                ui.label(
                    RichText::new(
                        PayoutError::NeedsDuplicateConfirmation(Box::new(previous.clone()))
                            .to_string(),
                    )
                    .color(crate::ui::theme::palette(ui).danger),
                );
                ui.checkbox(&mut confirmation.repeat_acknowledged, t!("confirm-repeat"));
            }
            ui.add_space(crate::ui::theme::space::MEDIUM);
            ui.horizontal(|ui| {
                let ready = plan.similar.is_none() || confirmation.repeat_acknowledged;
                if ui
                    .add_enabled(
                        ready,
                        egui::Button::new(
                            RichText::new(t!("confirm-send", amount = amount.to_string())).strong(),
                        ),
                    )
                    .clicked()
                {
                    send = true;
                }
                if ui.button(t!("cancel")).clicked() {
                    cancel = true;
                }
            });
        });
        if send {
            // Taking the plan out of the dialog is what makes a second click send nothing.
            if let Some(confirmation) = self.confirmation.take() {
                self.queued.ask(
                    ui,
                    PayoutsCommand::Send {
                        plan: Box::new(confirmation.plan),
                        repeat: confirmation.repeat_acknowledged,
                    },
                );
            }
        } else if cancel {
            self.confirmation = None;
        }
    }

    pub(super) fn settle_ui(&mut self, ui: &mut Ui) {
        let Some(record) = self.settle.clone() else {
            return;
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("payout-settle")).show(ui.ctx(), |ui| {
            ui.heading(t!(
                "settle-title",
                amount = record.amount.to_string(),
                destination = validate::group_cellphone(&record.destination)
            ));
            ui.label(t!("settle-body"));
            ui.horizontal(|ui| {
                if ui.button(t!("settle-went-out")).clicked() {
                    answer = Some(true);
                }
                if ui.button(t!("settle-never-went-out")).clicked() {
                    answer = Some(false);
                }
                if ui.button(t!("settle-not-yet")).clicked() {
                    self.settle = None;
                }
            });
        });
        if let Some(went_out) = answer {
            self.settle = None;
            self.queued.ask(
                ui,
                PayoutsCommand::Settle {
                    id: record.id,
                    went_out,
                },
            );
        }
    }
}
