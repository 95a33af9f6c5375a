//! The banners above every panel: each payment's end (approved, rejected, failed, expired) in
//! its colour, with the reason the service gave when it did not go through.

use egui::{RichText, Ui};

use crate::api::family_b::TransactionStatus;
use crate::ledger::StoredNotification;
use crate::t;

use super::tracker::Ended;
use super::widgets::status;

/// How many banners show at once; older ones wait behind them.
const SHOWN: usize = 3;

/// How long an approval's banner stays (seconds on screen): long enough to be seen from the
/// till, short enough that a counter QR's payments do not bury the screen. A payment that did
/// not go through stays until the cashier closes it.
const APPROVED_SHOWN_FOR: f64 = 90.0;

/// A payment's end everyone in the shop should see.
struct Banner {
    reference: String,
    /// Which of a code's payments (each has its own banner).
    payment: Option<String>,
    /// When it was first drawn (egui's clock, seconds).
    first_shown: Option<f64>,
    status: TransactionStatus,
    amount: Option<crate::money::Pesos>,
    description: String,
}

impl Banner {
    /// Its words in the language on screen now: the cashier may switch it while it is up.
    fn text(&self) -> String {
        let what = match self.status {
            TransactionStatus::Approved if self.payment.is_some() => t!("banner-received"),
            TransactionStatus::Approved => t!("banner-approved"),
            TransactionStatus::Rejected => t!("banner-rejected"),
            TransactionStatus::Failed => t!("banner-failed"),
            TransactionStatus::Cancelled => t!("banner-expired"),
            other => status::words(other),
        };
        let amount = self
            .amount
            .map(|amount| amount.to_string())
            .unwrap_or_default();
        let reference = self.reference.as_str();
        if self.description.is_empty() {
            t!(
                "banner-ended",
                what = what,
                amount = amount,
                reference = reference
            )
        } else {
            t!(
                "banner-ended-sold",
                what = what,
                amount = amount,
                description = self.description.as_str(),
                reference = reference
            )
        }
    }
}

#[derive(Default)]
pub struct Banners {
    /// Oldest first.
    list: Vec<Banner>,
}

impl Banners {
    /// A payment just ended, or a code took one more payment: its banner, replacing any earlier
    /// one for the same payment.
    pub fn push(&mut self, ended: Ended) {
        let Ended {
            reference,
            status,
            amount,
            payment,
            description,
        } = ended;
        self.list
            .retain(|banner| !(banner.reference == reference && banner.payment == payment));
        self.list.push(Banner {
            reference,
            payment,
            first_shown: None,
            status,
            amount,
            description,
        });
    }

    /// The newest banners; the reason is looked up as drawn, since the notification that
    /// carries it may arrive after the status check that ended the payment.
    pub fn ui(&mut self, ui: &mut Ui, notifications: &[StoredNotification]) {
        let now = ui.input(|i| i.time);
        self.list.retain(|banner| {
            banner.status != TransactionStatus::Approved
                || banner
                    .first_shown
                    .is_none_or(|shown| now - shown < APPROVED_SHOWN_FOR)
        });
        let mut dismissed = None;
        // Newest first; when there are more than fit, a payment that did not go through is
        // never pushed out of sight by approvals that came after it.
        let mut shown: Vec<usize> = (0..self.list.len()).rev().collect();
        shown.sort_by_key(|&index| self.list[index].status == TransactionStatus::Approved);
        shown.truncate(SHOWN);
        shown.sort_unstable_by(|a, b| b.cmp(a));
        for index in shown {
            let banner = &mut self.list[index];
            let shown = *banner.first_shown.get_or_insert(now);
            if banner.status == TransactionStatus::Approved {
                let left = APPROVED_SHOWN_FOR - (now - shown);
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_secs_f64(left.max(0.0)));
            }
            let reason = (banner.status != TransactionStatus::Approved)
                .then(|| failure_reason(notifications, &banner.reference))
                .flatten();
            egui::Frame::new()
                .fill(crate::ui::theme::palette(ui).fill_of(status::tone(banner.status)))
                .inner_margin(10.0)
                .corner_radius(6.0)
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.vertical(|ui| {
                            ui.label(
                                RichText::new(banner.text())
                                    .size(crate::ui::theme::size::EMPHASIS)
                                    .strong()
                                    .color(crate::ui::theme::palette(ui).on_fill),
                            );
                            if let Some(reason) = &reason {
                                ui.label(
                                    RichText::new(t!("banner-reason", reason = reason.as_str()))
                                        .color(crate::ui::theme::palette(ui).on_fill),
                                );
                            }
                        });
                        if ui.button(t!("dismiss")).clicked() {
                            dismissed = Some(index);
                        }
                    });
                })
                .response
                .on_hover_text(&banner.reference);
            ui.add_space(crate::ui::theme::space::SMALL);
        }
        if let Some(index) = dismissed {
            self.list.remove(index);
        }
    }
}

/// Why the service said a payment did not go through: the newest notification's
/// `error.message` for it, when one came.
pub fn failure_reason(notifications: &[StoredNotification], reference: &str) -> Option<String> {
    notifications
        .iter()
        .filter(|n| n.reference_id == reference)
        .find_map(|n| n.error_message.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ended(reference: &str, status: TransactionStatus) -> Ended {
        Ended {
            reference: reference.into(),
            status,
            amount: Some(crate::money::Pesos::new(12_000)),
            payment: None,
            description: String::new(),
        }
    }

    #[test]
    fn an_approval_goes_by_itself_and_a_decline_waits_for_the_cashier() {
        let ctx = egui::Context::default();
        let mut banners = Banners::default();
        banners.push(ended("A", TransactionStatus::Approved));
        banners.push(ended("D", TransactionStatus::Rejected));
        let frame_at = |time: f64, banners: &mut Banners| {
            let input = egui::RawInput {
                time: Some(time),
                ..Default::default()
            };
            let mut output = ctx.run_ui(input, |ui| banners.ui(ui, &[]));
            // No renderer here to take the font atlas.
            output.textures_delta.clear();
        };
        frame_at(10.0, &mut banners);
        frame_at(10.0 + APPROVED_SHOWN_FOR - 1.0, &mut banners);
        assert_eq!(banners.list.len(), 2, "both still shown");
        frame_at(10.0 + APPROVED_SHOWN_FOR + 1.0, &mut banners);
        let left: Vec<&str> = banners.list.iter().map(|b| b.reference.as_str()).collect();
        assert_eq!(left, ["D"], "the decline stays until closed");
    }

    #[test]
    fn approvals_that_come_later_do_not_hide_a_decline() {
        let ctx = egui::Context::default();
        let mut banners = Banners::default();
        banners.push(ended("D", TransactionStatus::Rejected));
        for reference in ["A1", "A2", "A3", "A4"] {
            banners.push(ended(reference, TransactionStatus::Approved));
        }
        let mut drawn = Vec::new();
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            banners.ui(ui, &[]);
            drawn = banners
                .list
                .iter()
                .filter(|banner| banner.first_shown.is_some())
                .map(|banner| banner.reference.clone())
                .collect();
        });
        output.textures_delta.clear();
        assert_eq!(
            drawn,
            ["D", "A3", "A4"],
            "the decline and the newest approvals"
        );
    }
}
