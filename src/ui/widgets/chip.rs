//! Chips and badges: short words on a pill. A status chip is a button (it explains itself when
//! clicked); a badge only labels.

use egui::{Color32, CornerRadius, Response, RichText, Sense, Stroke, Ui, Vec2};

use crate::ui::theme::{self, Tone};

/// How a status chip reads: all is well (a coloured dot on a quiet pill), or something to mend
/// (white words on the tone's fill, so it is seen from across the counter).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChipLook {
    Quiet(Tone),
    Alarm(Tone),
}

/// The words of a chip that says all is well: a little smaller than the body's.
const QUIET_SIZE: f32 = 13.5;

/// A pill with a dot showing `words`, sensing clicks, named `name` for screen readers and tests
/// (a longer name than fits on the bar).
pub fn status_chip_named(ui: &mut Ui, words: &str, name: &str, look: ChipLook) -> Response {
    let palette = theme::palette(ui);
    let (fill, text, dot, outline) = match look {
        ChipLook::Quiet(tone) => (
            palette.raised,
            palette.text,
            palette.text_of(tone),
            palette.border,
        ),
        ChipLook::Alarm(tone) => (
            palette.fill_of(tone),
            palette.on_fill,
            palette.on_fill,
            palette.fill_of(tone),
        ),
    };
    // Compact, a quiet one most: the top bar holds every chip and who is at the till on one
    // line at 1366 px. An alarm keeps the body's size, to be seen from across the counter.
    let mut font = egui::TextStyle::Button.resolve(ui.style());
    if matches!(look, ChipLook::Quiet(_)) {
        font.size = QUIET_SIZE;
    }
    let galley = ui.painter().layout_no_wrap(words.to_owned(), font, text);
    let padding = Vec2::new(7.0, 3.0);
    let dot_size = 8.0;
    let gap = 5.0;
    let size = Vec2::new(
        padding.x * 2.0 + dot_size + gap + galley.size().x,
        galley.size().y.max(dot_size) + padding.y * 2.0,
    );
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    let enabled = ui.is_enabled();
    response
        .widget_info(|| egui::WidgetInfo::labeled(egui::accesskit::Role::Button, enabled, name));
    if ui.is_rect_visible(rect) {
        let radius = CornerRadius::same(theme::radius::MEDIUM * 2);
        let outline = if response.hovered() || response.has_focus() {
            Stroke::new(1.5, palette.accent_text)
        } else {
            Stroke::new(1.0, outline)
        };
        let painter = ui.painter();
        painter.rect(rect, radius, fill, outline, egui::StrokeKind::Inside);
        let dot_centre = egui::pos2(rect.left() + padding.x + dot_size / 2.0, rect.center().y);
        painter.circle_filled(dot_centre, dot_size / 2.0, dot);
        let text_at = egui::pos2(
            rect.left() + padding.x + dot_size + gap,
            rect.center().y - galley.size().y / 2.0,
        );
        painter.galley(text_at, galley, text);
    }
    response.on_hover_cursor(egui::CursorIcon::PointingHand)
}

/// Words on a filled pill (the environment, who is at the till): a label, not a button.
pub fn badge(ui: &mut Ui, words: String, tone: Tone) -> Response {
    let palette = theme::palette(ui);
    filled_label(ui, words, palette.fill_of(tone), palette.on_fill)
}

fn filled_label(ui: &mut Ui, words: String, fill: Color32, text: Color32) -> Response {
    egui::Frame::new()
        .fill(fill)
        .inner_margin(egui::Margin::symmetric(8, 3))
        .corner_radius(theme::radius::MEDIUM)
        .show(ui, |ui| {
            ui.label(RichText::new(words).strong().color(text));
        })
        .response
}
