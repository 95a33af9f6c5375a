//! The last look before money moves: the confirmation dialog, and settling by hand a payout
//! whose outcome nobody knows.

use egui::{RichText, Ui};

use crate::api::payout_methods::payout_method_name;
use crate::t;
use crate::ui::widgets::money_out::{self, MoneyOut};
use crate::validate::{self};

use super::*;

impl PayoutsPanel {
    pub(super) fn confirmation_ui(&mut self, ui: &mut Ui, view: &PayoutsView<'_>) {
        let Some(confirmation) = &mut self.confirmation else {
            return;
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("payout-confirmation")).show(ui.ctx(), |ui| {
            answer = confirmation.body_ui(ui, view.moves_real_money);
        });
        match answer {
            // Taking the plan out of the dialog is what makes a second click send nothing.
            Some(true) => {
                if let Some(confirmation) = self.confirmation.take() {
                    self.queued.ask(
                        ui,
                        PayoutsCommand::Send {
                            plan: Box::new(confirmation.plan),
                            repeat: confirmation.repeat_acknowledged,
                        },
                    );
                }
            }
            Some(false) => self.confirmation = None,
            None => {}
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

impl Confirmation {
    /// The dialog: the amount large, where it goes, the balance before and after, what must be
    /// acknowledged; `Some(true)` when the person sends, `Some(false)` when they cancel.
    fn body_ui(&mut self, ui: &mut Ui, moves_real_money: bool) -> Option<bool> {
        let plan = &self.plan;
        let amount = plan.request.amount;
        let out = MoneyOut {
            title: t!("confirm-title"),
            amount,
            send: t!("confirm-send", amount = amount.to_string()),
            moves_real_money,
            similar: plan.similar.as_ref(),
        };
        money_out::confirm_ui(ui, out, &mut self.repeat_acknowledged, |ui| {
            plan_grid(ui, plan)
        })
    }
}

/// Where the money goes, the kind of payout, its reference, and the balance before and after.
fn plan_grid(ui: &mut Ui, plan: &PayoutPlan) {
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
            let balance = plan.balance.map(|balance| balance.to_string());
            let after = plan
                .balance
                .and_then(|balance| balance.checked_sub(plan.request.amount))
                .map(|after| after.to_string());
            for (label, value) in [
                (
                    t!("field-payout-kind"),
                    Some(payout_method_name(plan.request.method_id)),
                ),
                (
                    t!("confirm-reference"),
                    Some(plan.request.reference1.clone()),
                ),
                (t!("confirm-balance"), balance),
                (t!("confirm-after"), after),
            ] {
                if let Some(value) = value {
                    ui.label(label);
                    ui.label(value);
                    ui.end_row();
                }
            }
        });
}
