//! A run of controls that stays the same controls while what is drawn before it comes and goes.
//!
//! egui numbers a control by how many were laid out before it, and `push_id` mixes that count in
//! as well (0.37): a status chip appearing earlier in the top bar would make "Dueño" another
//! control between the frame a press is aimed and the frame it lands (the press is lost), and move
//! a screen reader's focus. A scope named from the parent's stable scope does not depend on what
//! came before.

use egui::{Align, Layout, Sense, Ui, UiBuilder, Vec2};

/// Lays out `add` left to right in a scope of its own named `name` (unique among what the parent
/// draws, drawn once a frame). In a wrapping row the run is placed as one piece, the way egui
/// places a widget: on the next line when it would not fit beside what is there.
pub fn stable_group<R>(ui: &mut Ui, name: &'static str, add: impl FnOnce(&mut Ui) -> R) -> R {
    let scope = ui.scope_id().with(name);
    let size_id = scope.with("size");
    // Its size is known from the frame before; a frame that finds it changed is drawn again.
    let remembered: Option<Vec2> = ui.data(|data| data.get_temp(size_id));
    let (space, _) = ui.allocate_exact_size(remembered.unwrap_or(Vec2::ZERO), Sense::hover());
    let mut group = ui.new_child(
        UiBuilder::new()
            .max_rect(space)
            .scope_id(scope)
            .layout(Layout::left_to_right(Align::Center)),
    );
    let inner = add(&mut group);
    let drawn = group.min_rect().size();
    let changed = remembered.is_none_or(|size| (size - drawn).length() > 0.5);
    if changed {
        ui.data_mut(|data| data.insert_temp(size_id, drawn));
        ui.ctx().request_discard("a stable group changed size");
    }
    inner
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The id the first button inside gets, with `before` labels drawn ahead of the group.
    fn id_after(before: usize, stable: bool) -> egui::Id {
        let ctx = egui::Context::default();
        let mut id = None;
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            for n in 0..before {
                ui.label(n.to_string());
            }
            let inside = |ui: &mut Ui| ui.button("Dueño").id;
            id = Some(if stable {
                stable_group(ui, "who", inside)
            } else {
                ui.push_id("who", inside).inner
            });
        });
        output.textures_delta.clear();
        id.expect("drawn")
    }

    #[test]
    fn what_comes_before_does_not_change_the_ids_inside() {
        assert_eq!(id_after(0, true), id_after(3, true));
        // Why this exists: push_id alone would not have kept it.
        assert_ne!(id_after(0, false), id_after(3, false));
    }

    /// The first frame in a wrapping row `width` wide, after a long label: the tops of the
    /// first and last buttons, and where the last one ends.
    fn first_frame(width: f32, grouped: bool) -> (f32, f32, f32) {
        let ctx = egui::Context::default();
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(width, 400.0),
            )),
            ..Default::default()
        };
        let mut drawn = (0.0, 0.0, 0.0);
        let mut output = ctx.run_ui(input, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label("Simulador incluido · comercio 1001");
                let mut buttons = |ui: &mut Ui| {
                    let first = ui.button("Caja · sin cajero").rect;
                    let last = ui.button("Tema claro").rect;
                    drawn = (first.top(), last.top(), last.right());
                };
                if grouped {
                    stable_group(ui, "who", buttons);
                } else {
                    buttons(ui);
                }
            });
        });
        output.textures_delta.clear();
        drawn
    }

    #[test]
    fn a_group_that_does_not_fit_moves_down_whole_from_the_first_frame() {
        // At this width the buttons on their own split across two lines...
        let (first, last, _) = first_frame(380.0, false);
        assert!(first < last, "{first} {last}");
        // ...and the group goes down as one, inside the window, on the frame shown first.
        let (first, last, right) = first_frame(380.0, true);
        assert_eq!(first, last, "one line, not wrapped inside itself");
        assert!(first > 0.0, "on the next line");
        assert!(right <= 380.0, "inside the window: {right}");
        let (wide_first, _, _) = first_frame(2000.0, true);
        assert_eq!(wide_first, 0.0, "beside the label when it fits");
    }
}
