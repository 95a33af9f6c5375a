//! A slip as PostScript, for a print queue that prints pages (CUPS). The text is set in the
//! printer's own Helvetica, measured by the printer itself (`stringwidth`), so it stays text all
//! the way through the queue's filters: a PDF with an embedded font came out of cups-pdf with
//! its letters scrambled, this comes out as words.

use super::PaperWidth;
use super::pdf::PT_PER_MM;
use super::slip::{Slip, SlipLine, printable, wrap};

/// The slip on a page as wide as the roll, as long as it needs.
pub fn slip_postscript(slip: &Slip, paper: PaperWidth, title: &str) -> Vec<u8> {
    let width = paper.millimetres() * PT_PER_MM;
    let margin = 4.0 * PT_PER_MM;
    let column = width - 2.0 * margin;
    let scale = if paper == PaperWidth::Mm58 { 0.8 } else { 1.0 };
    // Helvetica is about half an em wide per letter on average.
    let chars = |size: f32| ((column / (size * 0.52)) as usize).max(8);
    let mut body = String::new();
    let mut y = 0.0f32;
    let put = |body: &mut String, command: String| {
        body.push_str(&command);
        body.push('\n');
    };
    for line in &slip.lines {
        match line {
            SlipLine::Title(text) | SlipLine::Big(text) | SlipLine::Heading(text) => {
                let size = match line {
                    SlipLine::Title(_) => 14.0,
                    SlipLine::Big(_) => 22.0,
                    _ => 11.0,
                } * scale;
                let font = if matches!(line, SlipLine::Title(_)) {
                    "R"
                } else {
                    "B"
                };
                for part in wrap(&printable(text), chars(size)) {
                    y += size * 1.2;
                    put(
                        &mut body,
                        format!(
                            "/{font} {size:.1} F {:.1} {y:.1} ({}) C",
                            width / 2.0,
                            escaped(&part)
                        ),
                    );
                }
                y += 3.0 * scale;
            }
            SlipLine::Text(text) | SlipLine::Small(text) => {
                let size = if matches!(line, SlipLine::Small(_)) {
                    7.0
                } else {
                    8.5
                } * scale;
                for part in wrap(&printable(text), chars(size)) {
                    y += size * 1.3;
                    put(
                        &mut body,
                        format!("/R {size:.1} F {margin:.1} {y:.1} ({}) L", escaped(&part)),
                    );
                }
            }
            SlipLine::Pair(label, value) | SlipLine::BoldPair(label, value) => {
                let size = 8.5 * scale;
                let font = if matches!(line, SlipLine::BoldPair(..)) {
                    "B"
                } else {
                    "R"
                };
                let (label, value) = (printable(label), printable(value));
                if label.chars().count() + value.chars().count() + 2 <= chars(size) {
                    y += size * 1.3;
                    put(
                        &mut body,
                        format!("/R {size:.1} F {margin:.1} {y:.1} ({}) L", escaped(&label)),
                    );
                    put(
                        &mut body,
                        format!(
                            "/{font} {size:.1} F {:.1} {y:.1} ({}) RA",
                            margin + column,
                            escaped(&value)
                        ),
                    );
                } else {
                    for part in wrap(&label, chars(size)) {
                        y += size * 1.3;
                        put(
                            &mut body,
                            format!("/R {size:.1} F {margin:.1} {y:.1} ({}) L", escaped(&part)),
                        );
                    }
                    for part in wrap(&value, chars(size)) {
                        y += size * 1.3;
                        put(
                            &mut body,
                            format!(
                                "/{font} {size:.1} F {:.1} {y:.1} ({}) RA",
                                margin + column,
                                escaped(&part)
                            ),
                        );
                    }
                }
            }
            SlipLine::Rule => {
                y += 6.0 * scale;
                put(
                    &mut body,
                    format!("{margin:.1} {y:.1} {column:.1} 0.6 RECT"),
                );
                y += 2.0 * scale;
            }
            SlipLine::Qr(text) => {
                let side = (36.0 * PT_PER_MM * scale).min(column);
                y += 4.0;
                if let Ok(code) = qrcode::QrCode::with_error_correction_level(
                    printable(text).as_bytes(),
                    qrcode::EcLevel::M,
                ) {
                    let modules = code.width();
                    let module = side / (modules + 8) as f32;
                    let left = margin + (column - side) / 2.0;
                    for (index, colour) in code.to_colors().iter().enumerate() {
                        if *colour == qrcode::Color::Dark {
                            let (column, row) = (index % modules, index / modules);
                            put(
                                &mut body,
                                format!(
                                    "{:.2} {:.2} {m:.2} {m:.2} RECT",
                                    left + (column + 4) as f32 * module,
                                    y + (row + 4) as f32 * module,
                                    m = module + 0.05
                                ),
                            );
                        }
                    }
                }
                y += side;
            }
        }
    }
    let height = y + margin;
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
    // Helvetica with the Latin-1 letters Spanish needs; y counted down from the top.
    out.push_str(&format!(
        "/H {height:.1} def\n\
         /latin {{ findfont dup length dict begin {{ 1 index /FID ne {{ def }} {{ pop pop }} ifelse }} forall \
         /Encoding ISOLatin1Encoding def currentdict end definefont pop }} def\n\
         /R /Helvetica latin /B /Helvetica-Bold latin\n\
         /F {{ exch findfont exch scalefont setfont }} def\n\
         /L {{ 3 1 roll H exch sub moveto show }} def\n\
         /C {{ dup stringwidth pop 2 div 4 -1 roll exch sub 3 -1 roll H exch sub moveto show }} def\n\
         /RA {{ dup stringwidth pop 4 -1 roll exch sub 3 -1 roll H exch sub moveto show }} def\n\
         /RECT {{ 4 dict begin /h exch def /w exch def /y exch def /x exch def \
         newpath x H y sub h sub w h rectfill end }} def\n\
         %%EndProlog\n"
    ));
    out.push_str(&format!(
        "%%Page: 1 1\n<< /PageSize [{width:.1} {height:.1}] >> setpagedevice\n0 setgray\n"
    ));
    out.push_str(&body);
    out.push_str("showpage\n%%EOF\n");
    latin1(&out)
}

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
