//! A slip as PostScript, for a print queue that prints pages (CUPS). The text is set in the
//! printer's own Helvetica, measured by the printer itself (`stringwidth`), so it stays text all
//! the way through the queue's filters: a PDF with an embedded font came out of cups-pdf with
//! its letters scrambled, this comes out as words.

use super::PaperWidth;
use super::pdf::PT_PER_MM;
use super::slip::{Slip, SlipLine, printable, wrap};

/// The slip on a page as wide as the roll, as long as it needs.
pub fn slip_postscript(slip: &Slip, paper: PaperWidth, title: &str) -> Vec<u8> {
    let mut page = Page::new(paper);
    for line in &slip.lines {
        page.draw(line);
    }
    latin1(&page.document(title))
}

/// The roll as a page: where the column is, and the commands that draw the lines so far, `y`
/// counted down from the top.
struct Page {
    width: f32,
    margin: f32,
    column: f32,
    scale: f32,
    y: f32,
    body: String,
}

/// Lines of text are this many times their size apart.
const LEADING: f32 = 1.3;

impl Page {
    fn new(paper: PaperWidth) -> Page {
        let width = paper.millimetres() * PT_PER_MM;
        let margin = 4.0 * PT_PER_MM;
        Page {
            width,
            margin,
            column: width - 2.0 * margin,
            scale: if paper == PaperWidth::Mm58 { 0.8 } else { 1.0 },
            y: 0.0,
            body: String::new(),
        }
    }

    /// How many letters fit across the column at `size`: Helvetica is about half an em wide
    /// per letter on average.
    fn chars(&self, size: f32) -> usize {
        ((self.column / (size * 0.52)) as usize).max(8)
    }

    fn put(&mut self, command: String) {
        self.body.push_str(&command);
        self.body.push('\n');
    }

    fn draw(&mut self, line: &SlipLine) {
        let scale = self.scale;
        match line {
            SlipLine::Title(text) => self.centred("R", 14.0 * scale, text),
            SlipLine::Big(text) => self.centred("B", 22.0 * scale, text),
            SlipLine::Heading(text) => self.centred("B", 11.0 * scale, text),
            SlipLine::Text(text) => self.left_lines(8.5 * scale, &printable(text)),
            SlipLine::Small(text) => self.left_lines(7.0 * scale, &printable(text)),
            SlipLine::Pair(label, value) => self.pair("R", label, value),
            SlipLine::BoldPair(label, value) => self.pair("B", label, value),
            SlipLine::Rule => {
                self.y += 6.0 * scale;
                let (margin, y, column) = (self.margin, self.y, self.column);
                self.put(format!("{margin:.1} {y:.1} {column:.1} 0.6 RECT"));
                self.y += 2.0 * scale;
            }
            SlipLine::Qr(text) => self.qr(text),
        }
    }

    /// Centred lines in `font` (`R` regular, `B` bold), then a little room.
    fn centred(&mut self, font: &str, size: f32, text: &str) {
        for part in wrap(&printable(text), self.chars(size)) {
            self.y += size * 1.2;
            let (middle, y) = (self.width / 2.0, self.y);
            self.put(format!(
                "/{font} {size:.1} F {middle:.1} {y:.1} ({}) C",
                escaped(&part)
            ));
        }
        self.y += 3.0 * self.scale;
    }

    /// Lines flush left, in the regular face.
    fn left_lines(&mut self, size: f32, text: &str) {
        for part in wrap(text, self.chars(size)) {
            self.y += size * LEADING;
            self.left(size, &part);
        }
    }

    fn left(&mut self, size: f32, text: &str) {
        let (margin, y) = (self.margin, self.y);
        self.put(format!(
            "/R {size:.1} F {margin:.1} {y:.1} ({}) L",
            escaped(text)
        ));
    }

    fn right(&mut self, font: &str, size: f32, text: &str) {
        let (edge, y) = (self.margin + self.column, self.y);
        self.put(format!(
            "/{font} {size:.1} F {edge:.1} {y:.1} ({}) RA",
            escaped(text)
        ));
    }

    /// A label and its value (in `font`) on one line, the value flush right; each wrapped on
    /// lines of its own when they do not fit together.
    fn pair(&mut self, font: &str, label: &str, value: &str) {
        let size = 8.5 * self.scale;
        let (label, value) = (printable(label), printable(value));
        if label.chars().count() + value.chars().count() + 2 <= self.chars(size) {
            self.y += size * LEADING;
            self.left(size, &label);
            self.right(font, size, &value);
            return;
        }
        self.left_lines(size, &label);
        for part in wrap(&value, self.chars(size)) {
            self.y += size * LEADING;
            self.right(font, size, &part);
        }
    }

    /// The QR as squares, with its quiet zone; a text too long for a code leaves its room empty.
    fn qr(&mut self, text: &str) {
        let side = (36.0 * PT_PER_MM * self.scale).min(self.column);
        self.y += 4.0;
        if let Ok(code) = qrcode::QrCode::with_error_correction_level(
            printable(text).as_bytes(),
            qrcode::EcLevel::M,
        ) {
            let modules = code.width();
            let module = side / (modules + 8) as f32;
            let left = self.margin + (self.column - side) / 2.0;
            for (index, colour) in code.to_colors().iter().enumerate() {
                if *colour == qrcode::Color::Dark {
                    let (column, row) = (index % modules, index / modules);
                    let (x, y) = (
                        left + (column + 4) as f32 * module,
                        self.y + (row + 4) as f32 * module,
                    );
                    self.put(format!(
                        "{x:.2} {y:.2} {m:.2} {m:.2} RECT",
                        m = module + 0.05
                    ));
                }
            }
        }
        self.y += side;
    }

    /// The whole file: the header, the prolog's procedures, the lines, the page shown.
    fn document(&self, title: &str) -> String {
        let (width, height) = (self.width, self.y + self.margin);
        let mut out = String::new();
        out.push_str("%!PS-Adobe-3.0\n");
        out.push_str(&format!("%%Title: ({})\n", escaped(&printable(title))));
        out.push_str("%%Creator: paydesk\n");
        out.push_str(&format!(
            "%%BoundingBox: 0 0 {} {}\n",
            width.ceil(),
            height.ceil()
        ));
        out.push_str("%%Pages: 1\n%%EndComments\n%%BeginProlog\n");
        out.push_str(&format!("/H {height:.1} def\n{PROLOG}"));
        out.push_str(&format!(
            "%%Page: 1 1\n<< /PageSize [{width:.1} {height:.1}] >> setpagedevice\n0 setgray\n"
        ));
        out.push_str(&self.body);
        out.push_str("showpage\n%%EOF\n");
        out
    }
}

/// Helvetica with the Latin-1 letters Spanish needs; y counted down from the top of a page `H`
/// high.
const PROLOG: &str = "\
/latin { findfont dup length dict begin { 1 index /FID ne { def } { pop pop } ifelse } forall \
/Encoding ISOLatin1Encoding def currentdict end definefont pop } def
/R /Helvetica latin /B /Helvetica-Bold latin
/F { exch findfont exch scalefont setfont } def
/L { 3 1 roll H exch sub moveto show } def
/C { dup stringwidth pop 2 div 4 -1 roll exch sub 3 -1 roll H exch sub moveto show } def
/RA { dup stringwidth pop 4 -1 roll exch sub 3 -1 roll H exch sub moveto show } def
/RECT { 4 dict begin /h exch def /w exch def /y exch def /x exch def \
newpath x H y sub h sub w h rectfill end } def
%%EndProlog
";

/// A PostScript string's insides: the delimiters escaped, and letters past ASCII as octal.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '(' | ')' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_ascii() && !c.is_ascii_control() => out.push(c),
            c if (c as u32) < 256 && !c.is_control() => {
                out.push_str(&format!("\\{:03o}", c as u32))
            }
            _ => out.push('?'),
        }
    }
    out
}

fn latin1(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| if (c as u32) < 128 { c as u8 } else { b'?' })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_for_postscript() {
        assert_eq!(
            escaped("Pagó (efectivo) \\ ñ 🙂"),
            "Pag\\363 \\(efectivo\\) \\\\ \\361 ?"
        );
    }
}
