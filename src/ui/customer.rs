//! The customer screen: the whole window shows the amount and a QR as large as fits, for the
//! payer to scan.

use egui::{RichText, Ui};

use crate::ui::panels::collect::CreatedPayment;
use crate::ui::widgets::qr::QrTexture;

/// The full-window view for the customer: the amount and a QR as large as fits.
pub fn customer_view(ui: &mut Ui, qr: &mut QrTexture, payment: &CreatedPayment) -> bool {
    let mut close = false;
    ui.vertical_centered(|ui| {
        ui.add_space(16.0);
        ui.label(RichText::new(crate::t!("customer-amount-to-pay")).size(22.0));
        if let Some(amount) = payment.amount {
            ui.label(RichText::new(amount.to_string()).size(56.0).strong());
        }
        let side = (ui.available_height() - 110.0)
            .min(ui.available_width() - 40.0)
            .max(120.0);
        match qr.get(ui.ctx(), &payment.qr_text) {
            Ok(texture) => {
                ui.add(
                    egui::Image::new(texture)
                        .fit_to_exact_size(egui::vec2(side, side))
                        .alt_text(crate::t!("customer-qr-alt")),
                );
            }
            Err(problem) => {
                ui.label(problem);
            }
        }
        ui.label(RichText::new(crate::t!("customer-scan")).size(18.0));
        ui.add_space(8.0);
        if ui
            .button(RichText::new(crate::t!("close")).size(18.0))
            .clicked()
            || ui.input(|i| i.key_pressed(egui::Key::Escape))
        {
            close = true;
        }
    });
    close
}
