//! The customer display's drawing: one [`Showing`] on the whole of its window, in the words of
//! the full-window customer screen (`ui/customer.rs`), which it shares. Nothing here is for the
//! cashier: she has her own window, and no button waits here for a customer to press.

use egui::{RichText, Ui};

use super::state::Showing;
use crate::ui::customer::{ended_ui, paid_here_ui, sold_ui, waiting_ui};
use crate::ui::widgets::qr::QrTexture;

/// Draws `showing` in `ui`, which fills the display's window.
pub fn showing_ui(ui: &mut Ui, showing: &Showing, qr: &mut QrTexture) {
    ui.vertical_centered(|ui| {
        ui.add_space(crate::ui::theme::space::XLARGE);
        match showing {
            Showing::Idle { shop } => idle_ui(ui, shop),
            Showing::Sale {
                amount,
                qr_text,
                service_away,
                sale,
            } => {
                paid_here_ui(ui, sale);
                waiting_ui(ui, qr, (*amount, qr_text), *service_away, false);
            }
            Showing::Sold { sale } => sold_ui(ui, sale),
            Showing::Ended {
                state,
                amount,
                reason,
            } => ended_ui(ui, *state, *amount, reason.as_deref()),
        }
    });
}

/// A return of the sale on display, while it goes: «Devolución enviada: $ 20.000» (a payout),
/// «Devolución: $ 10.000 en efectivo», large, under what the display shows.
pub fn returned_ui(ui: &mut Ui, words: &str) {
    ui.vertical_centered(|ui| {
        ui.add_space(crate::ui::theme::space::LARGE);
        ui.label(
            RichText::new(words)
                .size(crate::ui::theme::size::LARGE)
                .strong(),
        );
    });
}

/// The shop's name, large, in the middle: the screen is the shop's while nobody pays.
fn idle_ui(ui: &mut Ui, shop: &str) {
    ui.add_space((ui.available_height() / 2.0 - 80.0).max(0.0));
    ui.label(
        RichText::new(shop)
            .size(crate::ui::theme::size::CUSTOMER_AMOUNT)
            .strong(),
    );
    ui.add_space(crate::ui::theme::space::LARGE);
    ui.label(
        RichText::new(crate::t!("display-idle"))
            .size(crate::ui::theme::size::LARGE)
            .weak(),
    );
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::money::Pesos;
    use crate::ui::widgets::waiting::settled_repaint_delay;

    #[test]
    fn the_display_waiting_for_the_payment_asks_for_a_frame_a_second_at_most() {
        let mut qr = QrTexture::default();
        let sale = Showing::Sale {
            amount: Some(Pesos::new(25_000)),
            qr_text: "http://127.0.0.1/checkout/PD1".into(),
            service_away: None,
            sale: Default::default(),
        };
        let delay = settled_repaint_delay(|ui| showing_ui(ui, &sale, &mut qr));
        assert!(delay >= Duration::from_millis(500), "{delay:?}");
    }
}
