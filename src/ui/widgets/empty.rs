//! A screen with nothing to show yet says what will appear there and how to start, with the
//! button that starts it.

use egui::{RichText, Ui};

use crate::ui::theme;

/// What an empty screen teaches: a title, a sentence or two, and the way to start.
pub struct EmptyState<'a> {
    pub title: &'a str,
    pub body: &'a str,
    /// The button that starts it, if there is one from here.
    pub action: Option<&'a str>,
}

/// Draws the empty state centred in the space left; true when its button was clicked.
pub fn show(ui: &mut Ui, empty: EmptyState<'_>) -> bool {
    let mut clicked = false;
    ui.add_space(theme::space::XXLARGE);
    ui.vertical_centered(|ui| {
        ui.set_max_width(520.0);
        ui.label(RichText::new(empty.title).size(theme::size::LARGE).strong());
        ui.add_space(theme::space::MEDIUM);
        ui.label(RichText::new(empty.body).color(theme::palette(ui).text_muted));
        if let Some(action) = empty.action {
            ui.add_space(theme::space::LARGE);
            clicked = super::primary::primary_button(ui, true, action, None).clicked();
        }
    });
    clicked
}
