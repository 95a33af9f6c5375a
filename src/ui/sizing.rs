//! The size of everything: text and buttons follow the screen (a 1920-pixel screen at 100 %
//! leaves the till small in a corner) or the size chosen in Settings, and on its first start the
//! window fills most of the screen.

/// The zoom a screen this wide (in pixels at zoom 1) reads well at from a shop's counter.
pub fn zoom_for_screen(width: f32) -> f32 {
    match width {
        w if w >= 2_400.0 => 1.5,
        w if w >= 1_800.0 => 1.25,
        _ => 1.0,
    }
}

/// The window's size before it knows its screen: inside the work area of a 1366 × 768 laptop
/// (the most common shop laptop) with Windows' 40-pixel taskbar and a title bar.
pub const FIRST_INNER_SIZE: [f32; 2] = [1_100.0, 660.0];

/// What the system's frame adds above the app's own area, about Windows' title bar.
const TITLE_BAR: f32 = 32.0;

/// Room left around the window so its frame and shadow stay on screen.
const MARGIN: f32 = 16.0;

/// The first start's size: most of the work area, never more than it.
pub fn first_size(work: egui::Vec2) -> egui::Vec2 {
    egui::vec2(
        (work.x * 0.9).clamp(640.0, 1_800.0).min(work.x - MARGIN),
        (work.y * 0.92 - TITLE_BAR)
            .clamp(480.0, 1_100.0)
            .min(work.y - TITLE_BAR - MARGIN),
    )
}

/// A window whose frame (`outer`) leaves the work area: the inner size and position that bring
/// it back, or `None` when it fits.
pub fn refit(outer: egui::Rect, work: egui::Rect) -> Option<(egui::Vec2, egui::Pos2)> {
    if work.expand(1.0).contains_rect(outer) {
        return None;
    }
    let frame = outer.size() - egui::vec2(0.0, TITLE_BAR);
    let inner = egui::vec2(
        frame.x.min(work.width() - MARGIN).max(640.0),
        frame.y.min(work.height() - TITLE_BAR - MARGIN).max(480.0),
    );
    let size = inner + egui::vec2(0.0, TITLE_BAR);
    let position = egui::pos2(
        outer
            .min
            .x
            .clamp(work.min.x, (work.max.x - size.x).max(work.min.x)),
        outer
            .min
            .y
            .clamp(work.min.y, (work.max.y - size.y).max(work.min.y)),
    );
    Some((inner, position))
}

/// The part of the screen a window may use, in points: on Windows the work area the system
/// reports (the screen less the taskbar); elsewhere the monitor less room for a panel above and
/// a dock below, which desktops do not report through winit.
fn work_area(ctx: &egui::Context, monitor: egui::Vec2) -> egui::Rect {
    #[cfg(windows)]
    if let Some(area) = windows_work_area(ctx.pixels_per_point()) {
        return area;
    }
    // Only Windows reports a work area; elsewhere the context is not needed.
    let _ = ctx;
    egui::Rect::from_min_max(
        egui::pos2(0.0, 32.0),
        egui::pos2(monitor.x, monitor.y - 48.0),
    )
}

#[cfg(windows)]
fn windows_work_area(pixels_per_point: f32) -> Option<egui::Rect> {
    use windows_sys::Win32::Foundation::RECT;
    use windows_sys::Win32::UI::WindowsAndMessaging::{SPI_GETWORKAREA, SystemParametersInfoW};
    let mut area = RECT {
        left: 0,
        top: 0,
        right: 0,
        bottom: 0,
    };
    // SAFETY: SPI_GETWORKAREA writes one RECT through the pointer, which points at `area`.
    let done = unsafe { SystemParametersInfoW(SPI_GETWORKAREA, 0, (&raw mut area).cast(), 0) };
    if done == 0 || area.right <= area.left || pixels_per_point <= 0.0 {
        return None;
    }
    let point = |x: i32, y: i32| egui::pos2(x as f32, y as f32) / pixels_per_point;
    Some(egui::Rect::from_min_max(
        point(area.left, area.top),
        point(area.right, area.bottom),
    ))
}

#[derive(Debug, Default)]
pub struct Sizing {
    /// The zoom the screen suggests, once the monitor's size is known.
    screen_zoom: Option<f32>,
    /// The zoom last set, to notice one made with Ctrl and + or -.
    applied_zoom: Option<f32>,
    /// The window was checked against the work area in this run.
    fitted: bool,
    /// The frame in which the zoom wanted was first found in place. The monitor's size is
    /// measured before a frame begins (and a frame drawn twice keeps its measure), so it is in
    /// that zoom's points from the next frame on.
    zoom_in_place_since: Option<u64>,
}

impl Sizing {
    pub fn screen_zoom(&self) -> Option<f32> {
        self.screen_zoom
    }

    /// Sets the zoom wanted (the chosen percent, else the screen's); a zoom changed from the
    /// keyboard becomes the chosen one. On the first start the window is fitted to the screen,
    /// once the zoom is in place and the monitor measured at it: a size in points sent in the
    /// frame that changes the zoom would be turned into pixels at one zoom or the other,
    /// depending on whether that frame is drawn twice (egui does, when a layout asks).
    pub fn apply(
        &mut self,
        ctx: &egui::Context,
        zoom_percent: &mut Option<u16>,
        window_fitted: &mut bool,
    ) {
        let monitor = ctx
            .input(|i| i.viewport().monitor_size)
            .filter(|size| size.x > 0.0);
        if let Some(monitor) = monitor {
            // The monitor's size is in points at the current zoom: back to zoom 1.
            let width = monitor.x * ctx.zoom_factor();
            self.screen_zoom.get_or_insert(zoom_for_screen(width));
        }
        let current = ctx.zoom_factor();
        if let Some(applied) = self.applied_zoom
            && (current - applied).abs() > 0.001
        {
            *zoom_percent = Some((current * 100.0).round() as u16);
        }
        let wanted = zoom_percent
            .map(|percent| f32::from(percent) / 100.0)
            .or(self.screen_zoom)
            .unwrap_or(1.0);
        self.applied_zoom = Some(wanted);
        if (current - wanted).abs() > 0.001 {
            ctx.set_zoom_factor(wanted);
            self.zoom_in_place_since = None;
            return;
        }
        let frame = ctx.cumulative_frame_nr();
        if *self.zoom_in_place_since.get_or_insert(frame) == frame {
            if !self.fitted {
                ctx.request_repaint();
            }
            return;
        }
        let Some(monitor) = monitor else {
            return;
        };
        let outer = ctx.input(|i| i.viewport().outer_rect);
        if !*window_fitted {
            *window_fitted = true;
            self.fitted = true;
            let work = work_area(ctx, monitor);
            let inner = first_size(work.size());
            ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(inner));
            ctx.send_viewport_cmd(egui::ViewportCommand::OuterPosition(
                work.min + (work.size() - inner - egui::vec2(0.0, TITLE_BAR)) / 2.0,
            ));
        } else if !self.fitted
            && let Some(outer) = outer
        {
            // Once per start: a window kept from a larger screen (or a docked laptop) is
            // brought back inside the work area instead of running under the taskbar.
            self.fitted = true;
            if let Some((inner, position)) = refit(outer, work_area(ctx, monitor)) {
                ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(inner));
                ctx.send_viewport_cmd(egui::ViewportCommand::OuterPosition(position));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_1366_by_768_laptop_holds_the_whole_window() {
        // Windows at 100 %: a 40-pixel taskbar leaves 1366 × 728.
        let work = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1_366.0, 728.0));
        let first = first_size(work.size());
        assert!(
            first.x <= 1_366.0 - MARGIN && first.y + TITLE_BAR <= 728.0,
            "{first:?}"
        );
        assert!(first.x >= 1_100.0, "most of the screen: {first:?}");
        let [width, height] = FIRST_INNER_SIZE;
        assert!(width <= 1_366.0 && height + TITLE_BAR <= 728.0);
        // The old default, 1100 × 760, kept from before: brought back inside.
        let kept = egui::Rect::from_min_size(egui::pos2(100.0, 20.0), egui::vec2(1_100.0, 792.0));
        let (inner, position) = refit(kept, work).expect("it ran off the screen");
        let placed = egui::Rect::from_min_size(position, inner + egui::vec2(0.0, TITLE_BAR));
        assert!(work.expand(0.5).contains_rect(placed), "{placed:?}");
        // A window that fits stays where it is.
        let fits = egui::Rect::from_min_size(egui::pos2(50.0, 40.0), egui::vec2(900.0, 600.0));
        assert_eq!(refit(fits, work), None);
    }

    #[test]
    fn larger_screens_get_larger_text() {
        assert_eq!(zoom_for_screen(1_366.0), 1.0);
        assert_eq!(zoom_for_screen(1_920.0), 1.25);
        assert_eq!(zoom_for_screen(2_560.0), 1.5);
    }
}
