//! What the top bar says about the session: which service (simulator, sandbox, production), and
//! a receiver that could not start, a ledger that cannot be reached.

use egui::{Color32, RichText, Ui};

use crate::config::Environment;
use crate::t;

use super::theme;
use super::widgets::form::ERROR_COLOR;

/// Something every screen must show until it is mended: white words on red, what to do on
/// hover.
fn alarm(ui: &mut Ui, words: String, help: String) {
    egui::Frame::new()
        .fill(theme::ERROR)
        .inner_margin(egui::Margin::symmetric(8, 3))
        .corner_radius(4.0)
        .show(ui, |ui| {
            ui.label(RichText::new(words).strong().color(Color32::WHITE));
        })
        .response
        .on_hover_text(help);
}

/// The ledger cannot be read or written (a shared one whose database is away): payouts wait,
/// what is already on screen stays; it comes back by itself.
pub fn ledger_away(ui: &mut Ui, problem: &str) {
    alarm(
        ui,
        t!("top-ledger-away"),
        t!("top-ledger-away-help", problem = problem),
    );
}

/// The receiver could not start: said where every screen shows it, with what to do. Payments
/// still turn approved, by asking the service.
pub fn receiver_down(ui: &mut Ui, problem: &str) {
    alarm(
        ui,
        t!("top-receiver-down"),
        t!("top-receiver-down-help", problem = problem),
    );
    ui.label(
        RichText::new(t!("top-receiver-down-short", problem = problem))
            .small()
            .color(ERROR_COLOR),
    );
}

pub fn environment_badge(ui: &mut Ui, environment: Environment) {
    let (text, color) = match environment {
        Environment::Simulator => (t!("badge-simulator"), theme::SIMULATOR),
        Environment::Sandbox => (t!("badge-sandbox"), theme::INFO),
        Environment::Production => (t!("badge-production"), theme::SUCCESS),
    };
    egui::Frame::new()
        .fill(color)
        .inner_margin(egui::Margin::symmetric(8, 3))
        .corner_radius(4.0)
        .show(ui, |ui| {
            ui.label(RichText::new(text).strong().color(Color32::WHITE));
        });
}
