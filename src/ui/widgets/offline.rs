//! What a screen says while the service does not answer: a banner with what still works there,
//! and a line on the cashier's side of a screen that waits for a payment.

use egui::{RichText, Ui};

use crate::ui::theme;

/// A framed note at the top of a screen: since when the service has not answered, and what
/// this screen can and cannot do meanwhile.
pub fn banner(ui: &mut Ui, since_ms: i64, what_still_works: &str) {
    banner_with(ui, since_ms, what_still_works, |_| {});
}

/// The banner with the screen's own way to do what still works (a button, a list).
pub fn banner_with(
    ui: &mut Ui,
    since_ms: i64,
    what_still_works: &str,
    add_contents: impl FnOnce(&mut Ui),
) {
    let palette = theme::palette(ui);
    egui::Frame::group(ui.style())
        .stroke(egui::Stroke::new(2.0, palette.danger))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                RichText::new(crate::t!(
                    "chip-service-away",
                    since = crate::clock::shown_time(since_ms)
                ))
                .strong()
                .color(palette.danger),
            );
            ui.label(what_still_works);
            add_contents(ui);
        });
    ui.add_space(theme::space::SMALL);
}

/// Under a payment that is still waiting: the wait is for the internet, not for the payer.
pub fn waiting_line(ui: &mut Ui, since_ms: i64) {
    ui.label(
        RichText::new(crate::t!(
            "waiting-for-line",
            since = crate::clock::shown_time(since_ms)
        ))
        .color(theme::palette(ui).danger),
    );
}
