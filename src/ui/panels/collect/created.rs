//! What a shop owner sees once a payment exists: the amount, a large QR rendered locally, the
//! link to copy, "Save QR as PNG", and "Show to customer".

use egui::{RichText, Ui};

use crate::t;

use crate::money::Pesos;
use crate::ui::bridge::Requested;
use crate::ui::widgets::qr::QrTexture;
use crate::ui::widgets::status;

use super::{CollectCommand, CollectView};

/// A payment as it came back from the service, ready to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreatedPayment {
    pub title: String,
    pub amount: Option<Pesos>,
    /// What the QR encodes: the payment URL (or the resource code when there is no URL).
    pub qr_text: String,
    pub url: String,
    pub reference: String,
    /// What was sold, as the cashier typed it.
    pub description: String,
    pub expires: String,
    pub extra: Vec<(String, String)>,
}

#[derive(Default)]
pub struct CreatedView {
    qr: QrTexture,
    /// The PNG written on the blocking pool, and where it went.
    pub(super) saved: Requested<String>,
    copied: bool,
}

impl CreatedView {
    pub fn reset(&mut self) {
        self.saved = Requested::NotRequested;
        self.copied = false;
    }

    /// Draws the sale's card; true when the cashier asked for a new sale.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        payment: &CreatedPayment,
        queued: &mut Vec<CollectCommand>,
    ) -> bool {
        let mut new_sale = false;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.heading(&payment.title);
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    new_sale = ui
                        .button(RichText::new(t!("collect-new-sale")).strong())
                        .clicked();
                });
            });
            if !payment.description.is_empty() {
                ui.label(&payment.description);
            }
            if let Some(amount) = payment.amount {
                ui.label(RichText::new(amount.to_string()).size(28.0).strong());
            }
            if let Some(tracked) = view.tracker.find(&payment.reference)
                && let Some(state) = tracked.status
            {
                ui.horizontal(|ui| {
                    ui.label(t!("created-state"));
                    status::badge(ui, state);
                });
            }
            ui.horizontal_top(|ui| {
                match self.qr.get(ui.ctx(), &payment.qr_text) {
                    Ok(texture) => {
                        ui.add(
                            egui::Image::new(texture)
                                .fit_to_exact_size(egui::vec2(220.0, 220.0))
                                .alt_text(t!("created-qr-alt", url = payment.url.as_str())),
                        );
                    }
                    Err(problem) => {
                        ui.label(problem);
                    }
                }
                ui.vertical(|ui| {
                    let expires = crate::clock::shown_service_time(&payment.expires);
                    egui::Grid::new("created-details")
                        .num_columns(2)
                        .show(ui, |ui| {
                            for (label, value) in [
                                (t!("created-link"), payment.url.as_str()),
                                (t!("created-service-reference"), payment.reference.as_str()),
                                (t!("created-expires"), expires.as_str()),
                            ] {
                                if !value.is_empty() {
                                    ui.label(label);
                                    ui.label(RichText::new(value).monospace());
                                    ui.end_row();
                                }
                            }
                            for (label, value) in &payment.extra {
                                ui.label(label);
                                ui.label(RichText::new(value).monospace());
                                ui.end_row();
                            }
                        });
                    ui.add_space(8.0);
                    ui.horizontal_wrapped(|ui| {
                        if !payment.url.is_empty() && ui.button(t!("created-copy-link")).clicked() {
                            ui.ctx().copy_text(payment.url.clone());
                            self.copied = true;
                        }
                        if ui
                            .add_enabled(
                                !self.saved.is_pending(),
                                egui::Button::new(t!("created-save-qr")),
                            )
                            .clicked()
                        {
                            queued.push(CollectCommand::SaveQr {
                                text: payment.qr_text.clone(),
                                reference: payment.reference.clone(),
                            });
                            ui.ctx().request_repaint();
                        }
                        if ui.button(t!("created-show-customer")).clicked() {
                            queued.push(CollectCommand::ShowCustomer(payment.clone()));
                            ui.ctx().request_repaint();
                        }
                    });
                    if self.copied {
                        ui.label(RichText::new(t!("created-link-copied")).weak());
                    }
                    let received: Vec<_> = view
                        .notifications
                        .iter()
                        .filter(|n| n.reference_id == payment.reference)
                        .collect();
                    if !received.is_empty() {
                        ui.label(RichText::new(t!("created-notifications")).strong());
                        for notification in received.iter().rev() {
                            let words =
                                crate::ledger::reconcile::notified_words(notification.status);
                            // An approval says what the shop receives of what was paid.
                            let figures = notification.figures.completed();
                            let money = match (notification.status, figures.gross, figures.net) {
                                (2, Some(gross), Some(net)) => t!(
                                    "created-paid-receive",
                                    gross = gross.to_string(),
                                    net = net.to_string()
                                ),
                                _ => String::new(),
                            };
                            ui.label(format!(
                                "{} — {words}{money} ({})",
                                crate::clock::shown_service_time(&notification.updated_at),
                                notification.check_state.words()
                            ));
                        }
                    }
                    if let Requested::Done(path) = &self.saved {
                        ui.label(
                            RichText::new(t!("created-saved-to", path = path.as_str())).weak(),
                        );
                    }
                    if let Some(error) = self.saved.error() {
                        crate::ui::widgets::form::error_box(ui, error);
                    }
                });
            });
        });
        new_sale
    }
}
