//! A run of controls that stays the same controls while what is drawn before it comes and goes.
//!
//! egui numbers a control by how many were laid out before it, and `push_id` mixes that count in
//! as well (0.37): a status chip appearing earlier in the top bar would make "Dueño" another
//! control between the frame a press is aimed and the frame it lands (the press is lost), and move
//! a screen reader's focus. A scope named from the parent's stable scope does not depend on what
//! came before.

use egui::{Align, InnerResponse, Layout, Ui, UiBuilder};

/// Lays out `add` left to right in a scope of its own named `name` (unique among the parent's
/// children, drawn once a frame). In a wrapping row the run moves to the next line as one piece
/// when it would not fit beside what is there, instead of wrapping inside itself.
pub fn stable_group<R>(
    ui: &mut Ui,
    name: &'static str,
    add: impl FnOnce(&mut Ui) -> R,
) -> InnerResponse<R> {
    let scope = ui.scope_id().with(name);
    let width_id = scope.with("width");
    // Its width is known from the frame before: the first frame lays it out where it falls.
    let width: f32 = ui.data(|data| data.get_temp(width_id)).unwrap_or(0.0);
    let something_on_this_row = ui.cursor().min.x > ui.max_rect().min.x + 1.0;
    if something_on_this_row && width > ui.available_size_before_wrap().x {
        ui.end_row();
    }
    let group = ui.scope_builder(
        UiBuilder::new()
            .scope_id(scope)
            .layout(Layout::left_to_right(Align::Center)),
        add,
    );
    let drawn = group.response.rect.width();
    ui.data_mut(|data| data.insert_temp(width_id, drawn));
    group
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
                stable_group(ui, "who", inside).inner
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

    /// Where the group's buttons land in a wrapping row `width` wide, after a long label.
    fn rows_of_the_group(width: f32) -> (f32, f32) {
        let ctx = egui::Context::default();
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(width, 400.0),
            )),
            ..Default::default()
        };
        let mut tops = (0.0, 0.0);
        // The second frame knows the group's width from the first.
        for _ in 0..2 {
            let mut output = ctx.run_ui(input.clone(), |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Simulador incluido · comercio 1001");
                    stable_group(ui, "who", |ui| {
                        let first = ui.button("Caja · sin cajero").rect.top();
                        let last = ui.button("Tema claro").rect.top();
                        tops = (first, last);
                    });
                });
            });
            output.textures_delta.clear();
        }
        tops
    }

    #[test]
    fn a_group_that_does_not_fit_moves_down_whole() {
        let (first, last) = rows_of_the_group(300.0);
        assert_eq!(first, last, "one row, not wrapped inside itself");
        let (wide_first, _) = rows_of_the_group(2000.0);
        assert!(
            first > wide_first,
            "moved to the next line: {first} vs {wide_first}"
        );
    }
}
