//! How wide a line is in the window's own font, for everything paydesk draws with it: the PDF
//! measures in points, the payment card in pixels. One measurer, so a line that fits on one
//! fits on the other for the same reason.

use ab_glyph::{Font as _, FontRef, GlyphId, InvalidFont, PxScale, ScaleFont};

/// The window's own font, so paper and cards read like the screen and nothing comes from the
/// system.
pub const FONT_BYTES: &[u8] = epaint_default_fonts::UBUNTU_LIGHT;

/// Measures and places text set in [`FONT_BYTES`].
#[derive(Debug, Clone)]
pub struct TextMeasure {
    font: FontRef<'static>,
}

impl TextMeasure {
    pub fn new() -> Result<TextMeasure, InvalidFont> {
        Ok(TextMeasure {
            font: FontRef::try_from_slice(FONT_BYTES)?,
        })
    }

    /// The font, for drawing the glyphs [`TextMeasure::place`] lays out.
    pub fn font(&self) -> &FontRef<'static> {
        &self.font
    }

    /// How wide `text` is at `size` points, a PDF's size (the em).
    pub fn width_in_points(&self, size: f32, text: &str) -> f32 {
        // ab_glyph's points are at 96 dpi (4/3 px), a PDF's at 72.
        let scale = self
            .font
            .pt_to_px_scale(size * 0.75)
            .unwrap_or(PxScale::from(size));
        self.place(scale, text, 0.0, |_, _| {})
    }

    /// How wide `text` is at `size` pixels, ab_glyph's scale (the font's height).
    pub fn width_in_pixels(&self, size: f32, text: &str) -> f32 {
        self.place(PxScale::from(size), text, 0.0, |_, _| {})
    }

    /// Lays `text` out from `x`, kerning applied: `glyph` is told each glyph and the x it starts
    /// at. Returns the x where the line ends.
    pub fn place(
        &self,
        scale: PxScale,
        text: &str,
        mut x: f32,
        mut glyph: impl FnMut(GlyphId, f32),
    ) -> f32 {
        let scaled = self.font.as_scaled(scale);
        let mut previous = None;
        for character in text.chars() {
            let id = scaled.glyph_id(character);
            if let Some(before) = previous {
                x += scaled.kern(before, id);
            }
            glyph(id, x);
            x += scaled.h_advance(id);
            previous = Some(id);
        }
        x
    }
}
