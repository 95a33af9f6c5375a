//! The banners above every panel: each payment's end (approved, rejected, failed, expired) in
//! its colour, with the reason the service gave when it did not go through.

use egui::{Color32, RichText, Ui};

use crate::api::family_b::TransactionStatus;
use crate::ledger::StoredNotification;
use crate::t;

use super::tracker::Ended;
use super::widgets::status;

/// How many banners show at once; older ones wait behind them.
const SHOWN: usize = 3;

/// A payment's end everyone in the shop should see.
struct Banner {
    reference: String,
    /// Which of a code's payments (each has its own banner).
    payment: Option<String>,
    status: TransactionStatus,
    text: String,
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
        let what = match status {
            TransactionStatus::Approved if payment.is_some() => t!("banner-received"),
            TransactionStatus::Approved => t!("banner-approved"),
            TransactionStatus::Rejected => t!("banner-rejected"),
            TransactionStatus::Failed => t!("banner-failed"),
            TransactionStatus::Cancelled => t!("banner-expired"),
            other => status::words(other),
        };
        let amount = amount.map(|amount| amount.to_string()).unwrap_or_default();
        let text = if description.is_empty() {
            t!(
                "banner-ended",
                what = what,
                amount = amount,
                reference = reference.as_str()
            )
        } else {
            t!(
                "banner-ended-sold",
                what = what,
                amount = amount,
                description = description.as_str(),
                reference = reference.as_str()
            )
        };
        self.list
            .retain(|banner| !(banner.reference == reference && banner.payment == payment));
        self.list.push(Banner {
            reference,
            payment,
            status,
            text,
        });
    }

    /// The newest banners; the reason is looked up as drawn, since the notification that
    /// carries it may arrive after the status check that ended the payment.
    pub fn ui(&mut self, ui: &mut Ui, notifications: &[StoredNotification]) {
        let mut dismissed = None;
        for (index, banner) in self.list.iter().enumerate().rev().take(SHOWN) {
            let reason = (banner.status != TransactionStatus::Approved)
                .then(|| failure_reason(notifications, &banner.reference))
                .flatten();
            egui::Frame::new()
                .fill(status::color(banner.status))
                .inner_margin(10.0)
                .corner_radius(6.0)
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.vertical(|ui| {
                            ui.label(
                                RichText::new(&banner.text)
                                    .size(18.0)
                                    .strong()
                                    .color(Color32::WHITE),
                            );
                            if let Some(reason) = &reason {
                                ui.label(
                                    RichText::new(t!("banner-reason", reason = reason.as_str()))
                                        .color(Color32::WHITE),
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
            ui.add_space(4.0);
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
