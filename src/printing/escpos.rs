//! A slip as the bytes a thermal receipt printer takes (ESC/POS). The `escpos` crate writes the
//! commands and the code page; the bytes are collected here and sent by `destination.rs`, which
//! owns the timeouts and the words for a printer that is off.

use std::sync::{Arc, Mutex};

use escpos::driver::Driver;
use escpos::printer::Printer;
use escpos::printer_options::PrinterOptions;
use escpos::utils::{
    JustifyMode, PageCode, Protocol, QRCodeCorrectionLevel, QRCodeModel, QRCodeOption,
};

use super::slip::{Slip, SlipLine, printable, wrap};
use super::{PaperWidth, PrintError};

/// The characters beyond ASCII that Spanish needs, and their bytes in code page 858; anything
/// else on a slip becomes `?` rather than bytes the printer would draw as something else. The
/// text is encoded here: the crate's own table sends ASCII `-` as 0xF0 (a soft hyphen).
const SPANISH: [(char, u8); 18] = [
    ('á', 0xa0),
    ('é', 0x82),
    ('í', 0xa1),
    ('ó', 0xa2),
    ('ú', 0xa3),
    ('ñ', 0xa4),
    ('Ñ', 0xa5),
    ('¿', 0xa8),
    ('¡', 0xad),
    ('ü', 0x81),
    ('Ü', 0x9a),
    ('Á', 0xb5),
    ('É', 0x90),
    ('Í', 0xd6),
    ('Ó', 0xe0),
    ('Ú', 0xe9),
    ('°', 0xf8),
    ('·', 0xfa),
];

/// The drawer's pulse on pin 2: ESC p m t1 t2, 50 ms on and 500 ms off (in 2 ms units). The
/// crate's own `cash_drawer` sends ESC p m without the two times, and a printer then takes the
/// next two bytes of the slip as them.
const DRAWER_PULSE: [u8; 5] = [0x1b, b'p', 0, 25, 250];

/// Collects what the printer would have been sent.
#[derive(Clone, Default)]
struct Collected(Arc<Mutex<Vec<u8>>>);

impl Collected {
    fn bytes(&self) -> Result<Vec<u8>, PrintError> {
        self.0
            .lock()
            .map(|bytes| bytes.clone())
            .map_err(|_| PrintError::Encode("poisoned".into()))
    }
}

/// A command the `escpos` crate refused, in paydesk's words.
fn encode(error: escpos::errors::PrinterError) -> PrintError {
    PrintError::Encode(error.to_string())
}

impl Driver for Collected {
    fn name(&self) -> String {
        "paydesk".to_owned()
    }

    fn write(&self, data: &[u8]) -> escpos::errors::Result<()> {
        self.0
            .lock()
            .map_err(|_| escpos::errors::PrinterError::Io("poisoned".into()))?
            .extend_from_slice(data);
        Ok(())
    }

    fn read(&self, _buf: &mut [u8]) -> escpos::errors::Result<usize> {
        Ok(0)
    }

    fn flush(&self) -> escpos::errors::Result<()> {
        Ok(())
    }
}

/// What a printer's code page can draw: ASCII and the Spanish letters, the rest as `?`.
fn for_the_code_page(text: &str) -> String {
    printable(text)
        .chars()
        .map(|c| {
            if c.is_ascii() || SPANISH.iter().any(|(letter, _)| *letter == c) {
                c
            } else {
                '?'
            }
        })
        .collect()
}

/// A line's bytes in code page 858, then a line feed.
fn line_bytes(text: &str) -> Vec<u8> {
    let mut bytes: Vec<u8> = text
        .chars()
        .map(|c| match SPANISH.iter().find(|(letter, _)| *letter == c) {
            Some((_, byte)) => *byte,
            None if c.is_ascii() => c as u8,
            None => b'?',
        })
        .collect();
    bytes.push(b'\n');
    bytes
}

/// The slip's bytes: text in code page 858, the QR as the printer's own QR command, a cut at
/// the end, and the drawer's pulse first when `open_drawer`.
pub fn slip_bytes(
    slip: &Slip,
    paper: PaperWidth,
    open_drawer: bool,
) -> Result<Vec<u8>, PrintError> {
    let collected = Collected::default();
    let mut printer = Printer::new(
        collected.clone(),
        Protocol::default(),
        Some(PrinterOptions::new(
            Some(PageCode::PC858),
            None,
            paper.characters() as u8,
        )),
    );
    printer.init().map_err(encode)?;
    if open_drawer {
        printer.custom(&DRAWER_PULSE).map_err(encode)?;
    }
    for line in &slip.lines {
        print_line(&mut printer, line, paper)?;
    }
    printer
        .feeds(4)
        .and_then(|p| p.print_cut())
        .map_err(encode)?;
    collected.bytes()
}

/// One line of a slip as the printer's commands, its style set and then put back.
fn print_line(
    printer: &mut Printer<Collected>,
    line: &SlipLine,
    paper: PaperWidth,
) -> Result<(), PrintError> {
    let width = paper.characters();
    match line {
        SlipLine::Title(text) => {
            printer
                .justify(JustifyMode::CENTER)
                .and_then(|p| p.bold(true))
                .and_then(|p| p.size(2, 2))
                .map_err(encode)?;
            print_wrapped(printer, text, width / 2)?;
            printer
                .reset_size()
                .and_then(|p| p.bold(false))
                .and_then(|p| p.justify(JustifyMode::LEFT))
                .map_err(encode)?;
        }
        SlipLine::Big(text) => {
            printer
                .justify(JustifyMode::CENTER)
                .and_then(|p| p.bold(true))
                .and_then(|p| p.size(2, 2))
                .and_then(|p| p.custom(&line_bytes(&for_the_code_page(text))))
                .and_then(|p| p.reset_size())
                .and_then(|p| p.bold(false))
                .and_then(|p| p.justify(JustifyMode::LEFT))
                .map_err(encode)?;
        }
        SlipLine::Heading(text) => {
            printer
                .justify(JustifyMode::CENTER)
                .and_then(|p| p.bold(true))
                .map_err(encode)?;
            print_wrapped(printer, text, width)?;
            printer
                .bold(false)
                .and_then(|p| p.justify(JustifyMode::LEFT))
                .map_err(encode)?;
        }
        SlipLine::Text(text) | SlipLine::Small(text) => print_wrapped(printer, text, width)?,
        SlipLine::Pair(label, value) | SlipLine::BoldPair(label, value) => {
            let bold = matches!(line, SlipLine::BoldPair(..));
            printer.bold(bold).map_err(encode)?;
            for part in pair_lines(&for_the_code_page(label), &for_the_code_page(value), width) {
                printer.custom(&line_bytes(&part)).map_err(encode)?;
            }
            printer.bold(false).map_err(encode)?;
        }
        SlipLine::Rule => {
            printer
                .custom(&line_bytes(&"-".repeat(width)))
                .map_err(encode)?;
        }
        SlipLine::Qr(data) => {
            let qr_option = QRCodeOption::new(
                QRCodeModel::Model2,
                paper.qr_module(),
                QRCodeCorrectionLevel::M,
            );
            printer
                .justify(JustifyMode::CENTER)
                .and_then(|p| p.qrcode_option(&for_the_code_page(data), qr_option))
                .and_then(|p| p.justify(JustifyMode::LEFT))
                .map_err(encode)?;
        }
    }
    Ok(())
}

/// Text wrapped to `width` characters, a line each.
fn print_wrapped(
    printer: &mut Printer<Collected>,
    text: &str,
    width: usize,
) -> Result<(), PrintError> {
    for part in wrap(&for_the_code_page(text), width) {
        printer.custom(&line_bytes(&part)).map_err(encode)?;
    }
    Ok(())
}

/// The drawer's pulse alone ("Abrir cajón").
pub fn drawer_bytes() -> Result<Vec<u8>, PrintError> {
    let collected = Collected::default();
    let mut printer = Printer::new(collected.clone(), Protocol::default(), None);
    printer
        .init()
        .and_then(|p| p.custom(&DRAWER_PULSE))
        .and_then(|p| p.print())
        .map_err(encode)?;
    collected.bytes()
}

/// A label and its value on one line, the value flush right; on two when they do not fit.
fn pair_lines(label: &str, value: &str, width: usize) -> Vec<String> {
    let (label_len, value_len) = (label.chars().count(), value.chars().count());
    if label_len + 1 + value_len <= width {
        let gap = width - label_len - value_len;
        return vec![format!("{label}{}{value}", " ".repeat(gap))];
    }
    let mut lines = wrap(label, width);
    for part in wrap(value, width) {
        let pad = width.saturating_sub(part.chars().count());
        lines.push(format!("{}{part}", " ".repeat(pad)));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_fills_the_line_or_takes_two() {
        assert_eq!(
            pair_lines("Valor", "$ 8.500", 20),
            vec!["Valor        $ 8.500"]
        );
        assert_eq!(
            pair_lines("Referencia del proveedor", "ABC", 16),
            vec!["Referencia del", "proveedor", "             ABC"]
        );
    }

    #[test]
    fn letters_outside_the_code_page_become_question_marks() {
        assert_eq!(for_the_code_page("Café ñandú 🙂\u{1b}"), "Café ñandú ?");
        assert_eq!(line_bytes("Ñ-1"), vec![0xa5, b'-', b'1', b'\n']);
    }

    #[test]
    fn the_drawer_pulse_is_only_there_when_asked() {
        let mut slip = Slip::default();
        slip.push(SlipLine::Text("hola".into()));
        let with = slip_bytes(&slip, PaperWidth::Mm80, true).unwrap();
        let without = slip_bytes(&slip, PaperWidth::Mm80, false).unwrap();
        assert!(with.windows(5).any(|w| w == DRAWER_PULSE));
        assert!(!without.windows(2).any(|w| w == [0x1b, b'p']));
        assert_eq!(
            drawer_bytes().unwrap(),
            [&[0x1b, b'@'][..], &DRAWER_PULSE].concat()
        );
    }
}
