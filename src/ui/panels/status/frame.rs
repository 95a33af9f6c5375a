//! The window a sale (or a followed charge) opens in, which holds still: it opens at one place,
//! the middle of the screen, and keeps one size whatever it shows (a return's form, an error, a
//! QR); what does not fit scrolls inside it, and its «Cerrar» stays at its foot.

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

/// Shows the window `title` (its place and size remembered by `id`) with `body` scrolling
/// inside it; false once its «Cerrar» was pressed.
pub(super) fn window(
    ctx: &egui::Context,
    id: egui::Id,
    title: &str,
    body: impl FnOnce(&mut Ui),
) -> bool {
    let screen = ctx.content_rect();
    let size = egui::vec2(
        WIDTH.min(screen.width() - 2.0 * MARGIN),
        HEIGHT.min(screen.height() - 2.0 * MARGIN - FOOT),
    );
    let mut open = true;
    // No `open`: egui's own close button names itself "Close window" in English whatever the
    // app's language; the window's own "Cerrar" closes it in words.
    egui::Window::new(title)
        .id(id)
        .collapsible(false)
        .resizable(false)
        .fixed_size(size)
        .pivot(egui::Align2::LEFT_TOP)
        .default_pos(screen.center() - size / 2.0)
        .constrain(true)
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
