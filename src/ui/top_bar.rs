//! What the top bar says about the session: which service (simulator, sandbox, production), and
//! a receiver that could not start, a ledger that cannot be reached.

use egui::{Color32, RichText, Ui};

use super::ThemeChoice;
use super::access::Access;
use super::session::Session;

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
    // The words and their fix in one line, cut to fit: the whole sentence on hover. Wrapped, it
    // pushed the bar to two lines on a 1366-pixel screen.
    ui.scope(|ui| {
        // Room stays for what follows on the line (who is at the till, the theme switch).
        ui.set_max_width((ui.available_width() - 220.0).clamp(120.0, 420.0));
        ui.add(
            egui::Label::new(RichText::new(problem).small().color(ERROR_COLOR))
                .truncate()
                .wrap_mode(egui::TextWrapMode::Truncate),
        );
    });
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

/// The bar across the top: the profile and its merchant, the environment, what must be mended,
/// and the theme switch.
/// `no_recent_copy`: the last good copy of the books is older than three days (its time), or
/// there is none (`Some(None)`).
pub fn show(
    ui: &mut Ui,
    session: Option<&Session>,
    ledger_away_at: Option<&String>,
    no_recent_copy: Option<Option<i64>>,
    theme_choice: &mut ThemeChoice,
    access: &mut Access,
) {
    egui::Panel::top("top-bar").show(ui, |ui| {
        // Wrapped: on a small screen (640 × 480) nothing is cut, it takes a second line.
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new("paydesk")
                    .size(crate::ui::theme::size::FIGURE)
                    .strong(),
            );
            ui.separator();
            match session {
                Some(session) => {
                    // The merchant too: a registration changes it within the same profile.
                    ui.label(match session.connection.user_id {
                        Some(id) => t!(
                            "top-profile-merchant",
                            name = session.profile_name(),
                            id = id.to_string()
                        ),
                        None => t!("top-profile", name = session.profile_name()),
                    });
                    environment_badge(ui, session.environment());
                    if session.keyring_problem().is_some() {
                        ui.label(RichText::new(t!("top-keyring-short")).color(ERROR_COLOR))
                            .on_hover_text(t!("top-keyring-unavailable"));
                    }
                    if let Err(problem) = &session.receiver {
                        receiver_down(ui, problem);
                    }
                    match (&session.ledger, ledger_away_at) {
                        (Err(problem), _) => ledger_away(ui, problem),
                        (Ok(_), Some(host)) => {
                            ledger_away(ui, &t!("ledger-unreachable", host = host.as_str()))
                        }
                        (Ok(_), None) => {}
                    }
                    if let Some(last) = no_recent_copy {
                        let help = match last {
                            Some(at) => t!(
                                "top-no-recent-copy-help",
                                when = crate::clock::shown_datetime(at)
                            ),
                            None => t!("top-no-copy-help"),
                        };
                        ui.label(RichText::new(t!("top-no-recent-copy")).color(ERROR_COLOR))
                            .on_hover_text(help);
                    }
                }
                None => {
                    ui.label(RichText::new(t!("connecting")).weak());
                }
            }
            who_is_here(ui, access);
            let dark = ui.visuals().dark_mode;
            if ui
                .button(if dark {
                    t!("top-light-theme")
                } else {
                    t!("top-dark-theme")
                })
                .clicked()
            {
                *theme_choice = if dark {
                    ThemeChoice::Light
                } else {
                    ThemeChoice::Dark
                };
            }
        });
    });
}

/// Who is at the till, and the way to the other side: in Caja, the cashier's name, "Cambiar de
/// cajero" and "Dueño"; on the owner's side, "Bloquear". Nothing while no PIN is set.
fn who_is_here(ui: &mut Ui, access: &mut Access) {
    if !access.pin_set() && access.owner_side() {
        return;
    }
    ui.separator();
    if access.in_caja() {
        let cashier = match access.cashier() {
            "" => t!("caja-nobody"),
            name => name.to_owned(),
        };
        chip(ui, t!("caja-chip", cashier = cashier), theme::INFO);
        if access
            .people()
            .is_some_and(|people| !people.cashiers.is_empty())
            && ui.button(t!("caja-change-cashier")).clicked()
        {
            access.ask_cashier_pin();
        }
        if ui
            .button(RichText::new(t!("caja-owner")).strong())
            .on_hover_text(t!("caja-owner-help"))
            .clicked()
        {
            access.ask_owner_pin();
        }
    } else {
        let left = access
            .idle_left(ui.input(|i| i.time))
            .map(|seconds| (seconds.max(0.0) / 60.0).ceil() as u64);
        let chip_response = chip(ui, t!("owner-chip"), theme::SUCCESS);
        if let Some(minutes) = left {
            chip_response.on_hover_text(t!("owner-chip-help", minutes = minutes.to_string()));
        }
        if ui.button(t!("owner-lock")).clicked() {
            access.lock();
        }
    }
}

/// A short coloured label, white on `color`.
fn chip(ui: &mut Ui, words: String, color: Color32) -> egui::Response {
    egui::Frame::new()
        .fill(color)
        .inner_margin(egui::Margin::symmetric(8, 3))
        .corner_radius(4.0)
        .show(ui, |ui| {
            ui.label(RichText::new(words).strong().color(Color32::WHITE));
        })
        .response
}
