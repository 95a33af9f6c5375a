//! The side bar of panels.

use crate::ui::navigation::Panel;
use crate::ui::services::access::Access;
use crate::ui::theme;

/// The side bar: only the panels the person at the till may open (in Caja the rest is not there
/// at all: not greyed, not reachable). Returns the panel clicked.
pub fn side_bar(ui: &mut egui::Ui, current: Panel, access: &Access) -> Option<Panel> {
    let palette = theme::palette(ui);
    let mut chosen = None;
    egui::Panel::left("navigation")
        .resizable(false)
        .default_size(170.0)
        .frame(
            egui::Frame::new()
                .fill(palette.panel)
                .inner_margin(egui::Margin::symmetric(8, 4))
                .stroke(egui::Stroke::new(1.0, palette.border)),
        )
        .show(ui, |ui| {
            ui.add_space(theme::space::MEDIUM);
            // Scrolled on a short screen: the last panels stay reachable.
            egui::ScrollArea::vertical()
                .id_salt("navigation-scroll")
                .show(ui, |ui| {
                    for panel in Panel::ALL.into_iter().filter(|p| access.may_open(*p)) {
                        let entry = egui::Button::selectable(current == panel, panel.title());
                        if ui.add_sized([ui.available_width(), 34.0], entry).clicked() {
                            chosen = Some(panel);
                        }
                    }
                });
        });
    chosen
}
