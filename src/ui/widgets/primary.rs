//! The one primary action of a screen: large, in the accent colour, with its keyboard shortcut
//! beside it. Everything else on the screen is an ordinary (secondary) button.

use egui::{Response, RichText, Ui};

use crate::ui::theme;

/// A keyboard shortcut a primary action answers to, and the words that show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shortcut {
    /// Enter in the form's fields (a single-line field gives up focus on Enter), or on the
    /// button when it has the keyboard.
    Enter,
}

impl Shortcut {
    pub fn words(self) -> &'static str {
        match self {
            Shortcut::Enter => "Enter",
        }
    }
}

/// Draws the primary button; `enabled` false greys it (the form says why beside it).
pub fn primary_button(
    ui: &mut Ui,
    enabled: bool,
    label: &str,
    shortcut: Option<Shortcut>,
) -> Response {
    let palette = theme::palette(ui);
    let button = egui::Button::new(
        RichText::new(label)
            .size(theme::size::PRIMARY_BUTTON)
            .strong()
            .color(palette.on_fill),
    )
    .fill(if enabled {
        palette.accent
    } else {
        palette.neutral_fill
    })
    .corner_radius(theme::radius::MEDIUM)
    .min_size(egui::vec2(220.0, 42.0));
    match shortcut {
        None => ui.add_enabled(enabled, button),
        Some(shortcut) => {
            ui.horizontal(|ui| {
                let response = ui.add_enabled(enabled, button);
                ui.label(RichText::new(shortcut.words()).small().weak());
                response
            })
            .inner
        }
    }
}
