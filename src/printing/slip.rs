//! What goes on paper, apart from how it gets there: a receipt or a close is a list of lines
//! that the thermal printer's bytes (`escpos.rs`) and the PDF (`pdf.rs`) both draw, so the slip
//! a customer takes and the PDF the owner files say the same thing.

/// One line of a slip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SlipLine {
    /// The shop's name: centred, large.
    Title(String),
    /// The amount: centred, the largest thing on the slip.
    Big(String),
    /// A centred line in bold ("Comprobante de pago").
    Heading(String),
    /// Plain text, wrapped to the paper.
    Text(String),
    /// A label on the left and its value on the right ("Valor ... $ 8.500").
    Pair(String, String),
    /// The same, in bold (a total).
    BoldPair(String, String),
    /// A line across the paper.
    Rule,
    /// A QR code of this text, centred.
    Qr(String),
    /// Small print (the legal note).
    Small(String),
}

/// A receipt or a close, top to bottom.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Slip {
    pub lines: Vec<SlipLine>,
}

impl Slip {
    pub fn push(&mut self, line: SlipLine) {
        self.lines.push(line);
    }

    /// Every word on the slip, one line each (tests, and the text of `--json`).
    pub fn text(&self) -> String {
        let mut out = String::new();
        for line in &self.lines {
            let words = match line {
                SlipLine::Title(text)
                | SlipLine::Big(text)
                | SlipLine::Heading(text)
                | SlipLine::Text(text)
                | SlipLine::Small(text) => text.clone(),
                SlipLine::Pair(label, value) | SlipLine::BoldPair(label, value) => {
                    format!("{label}: {value}")
                }
                SlipLine::Rule | SlipLine::Qr(_) => continue,
            };
            out.push_str(&words);
            out.push('\n');
        }
        out
    }
}

/// Text that is safe on paper: control characters (which a thermal printer would take as
/// commands: a reference carrying ESC could cut the paper or open the drawer), bidi and
/// zero-width marks are dropped, and runs of whitespace become one space.
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for character in text.chars() {
        if character.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if crate::untrusted::is_hidden_or_control(character) {
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(character);
    }
    out
}

/// Splits text into lines of at most `width` characters, at spaces where it can.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|word| !word.is_empty()) {
        let mut word: Vec<char> = word.chars().collect();
        while !word.is_empty() {
            let used = line.chars().count();
            if used == 0 && word.len() > width {
                // A word longer than the paper: cut it.
                let rest = word.split_off(width);
                lines.push(word.iter().collect());
                word = rest;
            } else if used == 0 {
                line.extend(word.drain(..));
            } else if used + 1 + word.len() <= width {
                line.push(' ');
                line.extend(word.drain(..));
            } else {
                lines.push(std::mem::take(&mut line));
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_hidden_in_text_never_reach_the_paper() {
        assert_eq!(printable("PD\u{1b}p\u{0}\u{19}12\u{202e}3"), "PDp123");
        assert_eq!(printable("  Tienda \n  La  Esquina "), "Tienda La Esquina");
    }

    #[test]
    fn wrapping_keeps_words_and_cuts_only_what_is_longer_than_the_paper() {
        assert_eq!(
            wrap("No es factura ni documento equivalente", 16),
            vec!["No es factura ni", "documento", "equivalente"]
        );
        assert_eq!(wrap("ABCDEFGHIJ", 4), vec!["ABCD", "EFGH", "IJ"]);
        assert_eq!(wrap("", 10), vec![""]);
    }
}
