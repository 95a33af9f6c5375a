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

#[derive(Debug, Default)]
pub struct Sizing {
    /// The zoom the screen suggests, once the monitor's size is known.
    screen_zoom: Option<f32>,
    /// The zoom last set, to notice one made with Ctrl and + or -.
    applied_zoom: Option<f32>,
}

impl Sizing {
    pub fn screen_zoom(&self) -> Option<f32> {
        self.screen_zoom
    }

    /// Sets the zoom wanted (the chosen percent, else the screen's); a zoom changed from the
    /// keyboard becomes the chosen one. On the first start the window is fitted to the screen.
    pub fn apply(
        &mut self,
        ctx: &egui::Context,
        zoom_percent: &mut Option<u16>,
        window_fitted: &mut bool,
    ) {
        let monitor = ctx.input(|i| i.viewport().monitor_size);
        if let Some(monitor) = monitor.filter(|size| size.x > 0.0) {
            // The monitor's size is in points at the current zoom: back to zoom 1.
            let width = monitor.x * ctx.zoom_factor();
            self.screen_zoom.get_or_insert(zoom_for_screen(width));
            if !*window_fitted {
                *window_fitted = true;
                let size = egui::vec2(
                    (monitor.x * 0.85).clamp(640.0, 1_800.0),
                    (monitor.y * 0.85).clamp(480.0, 1_100.0),
                );
                ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(size));
                ctx.send_viewport_cmd(egui::ViewportCommand::OuterPosition(
                    ((monitor - size) / 2.0).to_pos2(),
                ));
            }
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
        if (current - wanted).abs() > 0.001 {
            ctx.set_zoom_factor(wanted);
        }
        self.applied_zoom = Some(wanted);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn larger_screens_get_larger_text() {
        assert_eq!(zoom_for_screen(1_366.0), 1.0);
        assert_eq!(zoom_for_screen(1_920.0), 1.25);
        assert_eq!(zoom_for_screen(2_560.0), 1.5);
    }
}
