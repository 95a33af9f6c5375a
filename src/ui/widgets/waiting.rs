//! A calm sign that something is awaited (a customer's payment): a row of dots, one lit at a
//! time, the light moving on once a second. egui's spinner turns a little every frame and so
//! asks for a frame after each frame: drawn in software, that was more than a whole core for as
//! long as a customer screen waited (an hour, for a link). These dots ask for the next frame
//! only for the moment their light moves.

use std::time::Duration;

use egui::{Response, Sense, Ui, Vec2};

/// How many dots the light walks along.
const DOTS: usize = 3;
/// How long (seconds) one dot stays lit: slow enough to look calm, quick enough to look alive.
const STEP: f64 = 1.0;
/// A frame woken a little before its moment (timers are not exact) still shows the next dot,
/// instead of drawing the same one and asking again a few milliseconds later.
const EARLY: f64 = 0.05;

/// Which dot is lit at `time` (seconds on egui's clock), and how many seconds until the light
/// moves on.
pub fn lit_at(time: f64) -> (usize, f64) {
    let steps = ((time + EARLY) / STEP).floor();
    let lit = (steps.rem_euclid(DOTS as f64)) as usize;
    let next = (steps + 1.0) * STEP - time;
    (lit, next)
}

/// The dots, each `diameter` points across, centred where the layout puts them.
pub fn waiting_dots(ui: &mut Ui, diameter: f32) -> Response {
    let gap = diameter;
    let size = Vec2::new(DOTS as f32 * diameter + (DOTS - 1) as f32 * gap, diameter);
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    let (lit, next) = lit_at(ui.input(|i| i.time));
    if ui.is_rect_visible(rect) {
        let palette = crate::ui::theme::palette(ui);
        let painter = ui.painter();
        for dot in 0..DOTS {
            let centre =
                rect.left_center() + Vec2::new(diameter / 2.0 + dot as f32 * (diameter + gap), 0.0);
            let colour = if dot == lit {
                palette.accent
            } else {
                palette.border
            };
            painter.circle_filled(centre, diameter / 2.0, colour);
        }
    }
    ui.ctx()
        .request_repaint_after(Duration::from_secs_f64(next.max(EARLY)));
    response
}

/// How long after its frame a settled screen drawn by `draw` asks for the next one (egui asks
/// for a second frame after the first whatever is drawn: the third is settled).
#[cfg(test)]
pub(crate) fn settled_repaint_delay(mut draw: impl FnMut(&mut Ui)) -> Duration {
    let ctx = egui::Context::default();
    let mut delay = Duration::ZERO;
    for _ in 0..3 {
        let mut output = ctx.run_ui(egui::RawInput::default(), &mut draw);
        output.textures_delta.clear();
        delay = output
            .viewport_output
            .get(&egui::ViewportId::ROOT)
            .map_or(Duration::ZERO, |viewport| viewport.repaint_delay);
    }
    delay
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_light_moves_once_a_second_along_the_dots() {
        assert_eq!(lit_at(0.0).0, 0);
        assert_eq!(lit_at(0.5).0, 0);
        assert_eq!(lit_at(1.2).0, 1);
        assert_eq!(lit_at(2.0).0, 2);
        assert_eq!(lit_at(3.0).0, 0);
        let (_, next) = lit_at(10.25);
        assert!((next - 0.75).abs() < 1e-9, "{next}");
    }

    #[test]
    fn a_frame_woken_just_before_its_moment_shows_the_next_dot_and_waits_a_whole_step() {
        let (lit, next) = lit_at(0.98);
        assert_eq!(lit, 1);
        assert!(next > 1.0 - EARLY, "{next}");
    }

    #[test]
    fn the_dots_ask_for_no_frame_before_their_light_moves() {
        let delay = settled_repaint_delay(|ui| {
            waiting_dots(ui, 12.0);
        });
        assert!(delay >= Duration::from_millis(500), "{delay:?}");
    }
}
