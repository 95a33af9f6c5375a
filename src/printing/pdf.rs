//! Slips and posters as PDF: a receipt the width of its roll, the close on a sheet, the counter's
//! poster. krilla writes the PDF (the font embedded and subset, with the text kept as text so it
//! can be searched and copied); the QR is drawn as vector squares, sharp at any size.

use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::Fill;
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};

use super::measure::{FONT_BYTES, TextMeasure};
use super::slip::{Slip, SlipLine, printable, wrap};
use super::{PageSize, PaperWidth, PrintError};

/// Points per millimetre.
pub const PT_PER_MM: f32 = 72.0 / 25.4;

pub const INK: (u8, u8, u8) = (0x20, 0x20, 0x20);
pub const SOFT_INK: (u8, u8, u8) = (0x55, 0x55, 0x55);
pub const ACCENT: (u8, u8, u8) = (0x1f, 0x6f, 0xb2);

/// Draws text and QR codes on one page, measuring text with the font it embeds.
pub struct Canvas<'a, 'b> {
    surface: &'a mut Surface<'b>,
    font: Font,
    measure: TextMeasure,
    pub width: f32,
}

impl<'a, 'b> Canvas<'a, 'b> {
    pub fn new(surface: &'a mut Surface<'b>, width: f32) -> Result<Self, PrintError> {
        let font = Font::new(FONT_BYTES.into(), 0)
            .ok_or_else(|| PrintError::Encode("the font cannot be embedded".into()))?;
        let measure = TextMeasure::new().map_err(|error| PrintError::Encode(error.to_string()))?;
        Ok(Canvas {
            surface,
            font,
            measure,
            width,
        })
    }

    /// How wide `text` is at `size` points.
    pub fn text_width(&self, size: f32, text: &str) -> f32 {
        self.measure.width_in_points(size, text)
    }

    fn fill(&mut self, colour: (u8, u8, u8)) {
        self.surface.set_fill(Some(Fill {
            paint: rgb::Color::new(colour.0, colour.1, colour.2).into(),
            ..Fill::default()
        }));
    }

    /// Text with its baseline at `y`, starting at `x`.
    pub fn text_at(&mut self, x: f32, y: f32, size: f32, text: &str, colour: (u8, u8, u8)) {
        self.fill(colour);
        self.surface.draw_text(
            Point::from_xy(x, y),
            self.font.clone(),
            size,
            text,
            false,
            TextDirection::Auto,
        );
    }

    /// A line centred between `left` and `right`, made smaller until it fits.
    pub fn centred(
        &mut self,
        left: f32,
        right: f32,
        y: f32,
        size: f32,
        text: &str,
        colour: (u8, u8, u8),
    ) -> f32 {
        let room = right - left;
        let mut size = size;
        while size > 6.0 && self.text_width(size, text) > room {
            size -= 0.5;
        }
        let x = left + (room - self.text_width(size, text)) / 2.0;
        self.text_at(x, y, size, text, colour);
        size
    }

    /// Text flush right against `right`.
    pub fn right_aligned(
        &mut self,
        right: f32,
        y: f32,
        size: f32,
        text: &str,
        colour: (u8, u8, u8),
    ) {
        let x = right - self.text_width(size, text);
        self.text_at(x, y, size, text, colour);
    }

    /// Lines of at most `room` points wide, at spaces where it can.
    pub fn wrapped(&self, size: f32, text: &str, room: f32) -> Vec<String> {
        // Start from a character count the widest letters would fill, then narrow it.
        let mut chars = ((room / (size * 0.45)) as usize).max(4);
        loop {
            let lines = wrap(text, chars);
            if chars <= 4 || lines.iter().all(|line| self.text_width(size, line) <= room) {
                return lines;
            }
            chars -= 1;
        }
    }

    /// A filled rectangle.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: (u8, u8, u8)) {
        let Some(rect) = Rect::from_xywh(x, y, w, h) else {
            return;
        };
        let mut path = PathBuilder::new();
        path.push_rect(rect);
        if let Some(path) = path.finish() {
            self.fill(colour);
            self.surface.draw_path(&path);
        }
    }

    /// A QR code of `text`, `side` points wide with its quiet zone, its top left at (x, y).
    pub fn qr(&mut self, x: f32, y: f32, side: f32, text: &str) -> Result<(), PrintError> {
        let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::M)
            .map_err(|error| PrintError::Encode(error.to_string()))?;
        let modules = code.width();
        let quiet = 4;
        let module = side / (modules + 2 * quiet) as f32;
        let colours = code.to_colors();
        let mut path = PathBuilder::new();
        for (index, colour) in colours.iter().enumerate() {
            if *colour != qrcode::Color::Dark {
                continue;
            }
            let (column, row) = (index % modules, index / modules);
            // A hair of overlap so no viewer shows seams between dark modules.
            if let Some(rect) = Rect::from_xywh(
                x + (column + quiet) as f32 * module,
                y + (row + quiet) as f32 * module,
                module + 0.05,
                module + 0.05,
            ) {
                path.push_rect(rect);
            }
        }
        if let Some(path) = path.finish() {
            self.fill((0, 0, 0));
            self.surface.draw_path(&path);
        }
        Ok(())
    }
}

/// Where a slip goes on PDF: a page as wide as the roll (as long as the slip), or a sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlipPage {
    Roll(PaperWidth),
    Sheet(PageSize),
}

struct Metrics {
    width: f32,
    height: Option<f32>,
    margin: f32,
    /// The column the slip is drawn in (a sheet keeps the slip's narrow shape, centred).
    column: f32,
    scale: f32,
}

impl SlipPage {
    fn metrics(self) -> Metrics {
        match self {
            SlipPage::Roll(paper) => {
                let width = paper.millimetres() * PT_PER_MM;
                let margin = 4.0 * PT_PER_MM;
                Metrics {
                    width,
                    height: None,
                    margin,
                    column: width - 2.0 * margin,
                    scale: if paper == PaperWidth::Mm58 { 0.8 } else { 1.0 },
                }
            }
            SlipPage::Sheet(size) => {
                let (width, height) = size.points();
                let column = (120.0 * PT_PER_MM).min(width - 40.0 * PT_PER_MM);
                Metrics {
                    width,
                    height: Some(height),
                    margin: (width - column) / 2.0,
                    column,
                    scale: 1.3,
                }
            }
        }
    }
}

/// A slip as a PDF: one page the length of the roll, or as many sheets as it needs.
pub fn slip_pdf(slip: &Slip, page: SlipPage, title: &str) -> Result<Vec<u8>, PrintError> {
    let metrics = page.metrics();
    // Drawn twice: once to learn the roll's length, once on a page that long.
    let height = match metrics.height {
        Some(height) => height,
        None => {
            let mut scratch = Document::new();
            let mut scratch_page =
                scratch.start_page_with(page_settings(metrics.width, 2000.0 * PT_PER_MM)?);
            let mut surface = scratch_page.surface();
            let used = draw_slip(&mut surface, slip, &metrics)?;
            surface.finish();
            scratch_page.finish();
            used + metrics.margin
        }
    };
    let mut document = Document::new();
    document.set_metadata(
        Metadata::new()
            .title(title.to_owned())
            .creator("paydesk".to_owned())
            .language(crate::i18n::current().code().to_owned()),
    );
    // A roll is one page as long as the slip; a sheet takes as many as the slip needs (a day's
    // close with many methods and cashiers runs past one), never cut at its foot.
    let pages = match metrics.height {
        Some(_) => sheets(slip, &metrics, height)?,
        None => vec![slip.lines.iter().collect()],
    };
    for lines in pages {
        let mut pdf_page = document.start_page_with(page_settings(metrics.width, height)?);
        let mut surface = pdf_page.surface();
        {
            let mut canvas = Canvas::new(&mut surface, metrics.width)?;
            let mut y = metrics.margin;
            for line in lines {
                y = draw_line(&mut canvas, line, &metrics, y)?;
            }
        }
        surface.finish();
        pdf_page.finish();
    }
    document
        .finish()
        .map_err(|error| PrintError::Encode(format!("{error:?}")))
}

/// The slip's lines as sheets `height` tall: each line measured by drawing it aside, the next
/// sheet started where a line would cross the bottom margin (a rule is not left at the top of
/// one).
fn sheets<'s>(
    slip: &'s Slip,
    metrics: &Metrics,
    height: f32,
) -> Result<Vec<Vec<&'s SlipLine>>, PrintError> {
    let mut scratch = Document::new();
    let mut scratch_page = scratch.start_page_with(page_settings(metrics.width, height)?);
    let mut surface = scratch_page.surface();
    let mut pages: Vec<Vec<&SlipLine>> = vec![Vec::new()];
    {
        let mut measuring = Canvas::new(&mut surface, metrics.width)?;
        let bottom = height - metrics.margin;
        let mut y = metrics.margin;
        for line in &slip.lines {
            let tall = draw_line(&mut measuring, line, metrics, metrics.margin)? - metrics.margin;
            let page_has_lines = pages.last().is_some_and(|page| !page.is_empty());
            if y + tall > bottom && page_has_lines {
                pages.push(Vec::new());
                y = metrics.margin;
                if matches!(line, SlipLine::Rule) {
                    continue;
                }
            }
            if let Some(page) = pages.last_mut() {
                page.push(line);
            }
            y += tall;
        }
    }
    surface.finish();
    scratch_page.finish();
    Ok(pages)
}

pub fn page_settings(width: f32, height: f32) -> Result<PageSettings, PrintError> {
    PageSettings::from_wh(width, height)
        .ok_or_else(|| PrintError::Encode(format!("a page of {width}×{height} pt")))
}

/// Draws the slip; returns how far down it went.
fn draw_slip(surface: &mut Surface<'_>, slip: &Slip, metrics: &Metrics) -> Result<f32, PrintError> {
    let mut canvas = Canvas::new(surface, metrics.width)?;
    let mut y = metrics.margin;
    for line in &slip.lines {
        y = draw_line(&mut canvas, line, metrics, y)?;
    }
    Ok(y)
}

/// Draws one line of a slip below `y`; returns how far down it went.
fn draw_line(
    canvas: &mut Canvas<'_, '_>,
    line: &SlipLine,
    metrics: &Metrics,
    mut y: f32,
) -> Result<f32, PrintError> {
    let (left, right) = (metrics.margin, metrics.margin + metrics.column);
    let s = metrics.scale;
    match line {
        SlipLine::Title(text) | SlipLine::Heading(text) => {
            let (size, leading, gap) = match line {
                SlipLine::Title(_) => (14.0, 16.0, 4.0),
                _ => (11.0, 13.0, 2.0),
            };
            for part in canvas.wrapped(size * s, &printable(text), metrics.column) {
                y += leading * s;
                canvas.centred(left, right, y, size * s, &part, INK);
            }
            y += gap * s;
        }
        SlipLine::Big(text) => {
            y += 24.0 * s;
            canvas.centred(left, right, y, 22.0 * s, &printable(text), INK);
            y += 6.0 * s;
        }
        SlipLine::Text(text) | SlipLine::Small(text) => {
            let (size, leading, colour) = match line {
                SlipLine::Small(_) => (7.0, 9.0, SOFT_INK),
                _ => (8.5, 11.0, INK),
            };
            for part in canvas.wrapped(size * s, &printable(text), metrics.column) {
                y += leading * s;
                canvas.text_at(left, y, size * s, &part, colour);
            }
        }
        SlipLine::Pair(label, value) => y = draw_pair(canvas, metrics, y, 8.5, (label, value)),
        SlipLine::BoldPair(label, value) => y = draw_pair(canvas, metrics, y, 9.5, (label, value)),
        SlipLine::Rule => {
            y += 6.0 * s;
            canvas.rect(left, y, metrics.column, 0.6, SOFT_INK);
            y += 2.0 * s;
        }
        SlipLine::Qr(text) => {
            let side = (36.0 * PT_PER_MM * s).min(metrics.column);
            y += 4.0;
            canvas.qr(
                left + (metrics.column - side) / 2.0,
                y,
                side,
                &printable(text),
            )?;
            y += side;
        }
    }
    Ok(y)
}

/// A label and its value on one line, the value flush right; each wrapped on lines of its own
/// when they do not fit together.
fn draw_pair(
    canvas: &mut Canvas<'_, '_>,
    metrics: &Metrics,
    mut y: f32,
    size: f32,
    (label, value): (&str, &str),
) -> f32 {
    let (left, right) = (metrics.margin, metrics.margin + metrics.column);
    let (s, size) = (metrics.scale, size * metrics.scale);
    let (label, value) = (printable(label), printable(value));
    let value_width = canvas.text_width(size, &value);
    if canvas.text_width(size, &label) + value_width + 6.0 <= metrics.column {
        y += 11.0 * s;
        canvas.text_at(left, y, size, &label, SOFT_INK);
        canvas.right_aligned(right, y, size, &value, INK);
        return y;
    }
    for part in canvas.wrapped(size, &label, metrics.column) {
        y += 11.0 * s;
        canvas.text_at(left, y, size, &part, SOFT_INK);
    }
    for part in canvas.wrapped(size, &value, metrics.column) {
        y += 11.0 * s;
        canvas.right_aligned(right, y, size, &part, INK);
    }
    y
}

/// Writes a PDF beside its place and renames it over it (a failed write never leaves half a
/// file where a good one was), the owner's alone: a receipt names a customer.
pub fn write_pdf(path: &std::path::Path, bytes: &[u8]) -> Result<(), PrintError> {
    crate::owner_only::write_export(path, bytes).map_err(|error| PrintError::Write {
        path: path.display().to_string(),
        detail: error.to_string(),
    })
}
