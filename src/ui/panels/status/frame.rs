//! The window a sale (or a followed charge) opens in, which holds still: it opens at one place,
//! the middle of the panel's area (under the top bar, beside the side bar, whatever the screen),
//! and keeps one size whatever it shows (a return's form, an error, a QR); what does not fit
//! scrolls inside it, and its «Cerrar» stays at its foot.

use egui::Ui;

use crate::t;

/// The window's width where the screen allows it.
const WIDTH: f32 = 580.0;
/// Its height where the screen allows it.
const HEIGHT: f32 = 640.0;
/// What it leaves free around it on a small screen.
const MARGIN: f32 = 24.0;
/// Its foot: the separator and «Cerrar».
const FOOT: f32 = 40.0;
/// What the window draws around its body: the title bar and the frame's margins.
const CHROME: f32 = 44.0;

/// Shows the window `title` (its place and size remembered by `id`) over `panel`'s area, with
/// `body` scrolling inside it; false once its «Cerrar» was pressed.
pub(super) fn window(panel: &Ui, id: egui::Id, title: &str, body: impl FnOnce(&mut Ui)) -> bool {
    let ctx = panel.ctx();
    // The panel's area, not the screen's: a window that fits the screen but not the area under
    // the top bar was pushed up over it (1024 × 600).
    let area = panel.max_rect().intersect(ctx.content_rect());
    let size = egui::vec2(
        WIDTH.min(area.width() - 2.0 * MARGIN),
        HEIGHT.min(area.height() - MARGIN - CHROME),
    );
    let top = (area.center().y - (size.y + CHROME) / 2.0).max(area.top() + MARGIN / 2.0);
    let mut open = true;
    // No `open`: egui's own close button names itself "Close window" in English whatever the
    // app's language; the window's own "Cerrar" closes it in words.
    egui::Window::new(title)
        .id(id)
        .collapsible(false)
        .resizable(false)
        .fixed_size(size)
        .pivot(egui::Align2::LEFT_TOP)
        .default_pos(egui::pos2(area.center().x - size.x / 2.0, top))
        .constrain_to(area)
        .show(ctx, |ui| {
            // Both ways: a line that cannot wrap (a field's problem in a form's grid) scrolls
            // across inside the window instead of widening it under the cashier's hand.
            egui::ScrollArea::both()
                .id_salt(id.with("body"))
                .max_width(size.x)
                .max_height(size.y - FOOT)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    ui.set_max_width(size.x - 16.0);
                    body(ui);
                });
            ui.separator();
            if ui.button(t!("close")).clicked() {
                open = false;
            }
        });
    // The title bar is a focusable handle (to move the window) with no words of its own: a
    // screen reader landing on it reads the window's title. egui names that handle
    // `__title_click` under the window's id.
    let handle = id.with("__title_click");
    if ctx.has_accesskit_node(handle) {
        ctx.accesskit_node_builder(handle, |node| node.set_label(title));
    }
    open
}
