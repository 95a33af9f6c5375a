//! Text that came from outside (a posted body, a field someone typed, the service's own message)
//! is never trusted to be harmless where it ends up: a log line, a terminal, a spreadsheet, a
//! receipt. This module says which characters are dangerous and escapes them where they go.

use std::fmt;

/// Characters that change how the text around them is read without being seen: line breaks and
/// other control characters (ESC starts a terminal command), bidirectional overrides and
/// isolates (an amount or a reference that reads backwards), and zero-width characters (two
/// references that look the same and are not).
pub fn is_hidden_or_control(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            // Bidirectional embeddings, overrides, isolates and marks.
            '\u{202A}'..='\u{202E}'
                | '\u{2066}'..='\u{2069}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{061C}'
                // Zero-width space, non-joiner, joiner, word joiner, and the byte-order mark.
                | '\u{200B}'..='\u{200D}'
                | '\u{2060}'
                | '\u{FEFF}'
                // Line and paragraph separators: line breaks by another name.
                | '\u{2028}'
                | '\u{2029}'
        )
}

/// The first character of `text` that must not be in something a person names (a reference, a
/// description), if any.
pub fn first_hidden_or_control(text: &str) -> Option<char> {
    text.chars().find(|c| is_hidden_or_control(*c))
}

/// How a character is written when it is escaped: `\n`, `\u{1b}`.
pub fn escaped_char(c: char) -> String {
    match c {
        '\n' => "\\n".to_owned(),
        '\r' => "\\r".to_owned(),
        '\t' => "\\t".to_owned(),
        other => format!("\\u{{{:x}}}", other as u32),
    }
}

/// Text for a person's terminal, where the service's words and what a notification carried are
/// printed among paydesk's own: its lines and tabs kept, every other control, bidirectional and
/// zero-width character written as an escape (an ESC from outside cannot move the cursor,
/// recolour or retitle the terminal, nor an override make an amount read backwards).
pub fn for_terminal(text: &str) -> std::borrow::Cow<'_, str> {
    let hidden = |c: char| is_hidden_or_control(c) && c != '\n' && c != '\t';
    if !text.chars().any(hidden) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if hidden(c) {
            shown.push_str(&escaped_char(c));
        } else {
            shown.push(c);
        }
    }
    std::borrow::Cow::Owned(shown)
}

/// How much of an outside text a log line shows; the rest is said as a count.
const LOGGED_CHARS: usize = 200;

/// Outside text for a log line: control, bidirectional and zero-width characters written as
/// escapes (a received reference cannot start a line of its own, colour the terminal or hide
/// what follows), a backslash doubled so an escape cannot be forged, and at most a couple of
/// hundred characters.
pub struct ForLog<'a>(pub &'a str);

impl fmt::Display for ForLog<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (shown, c) in self.0.chars().enumerate() {
            if shown == LOGGED_CHARS {
                let rest = self.0.chars().count() - LOGGED_CHARS;
                return write!(f, "…(+{rest})");
            }
            if c == '\\' {
                f.write_str("\\\\")?;
            } else if is_hidden_or_control(c) {
                f.write_str(&escaped_char(c))?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for ForLog<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

/// A spreadsheet reads a cell that starts with `=`, `+`, `-` or `@` as a formula (and trims a
/// leading TAB or CR into one): such a cell gets a leading `'`, which Excel, LibreOffice and
/// Google Sheets show as text (OWASP's rule for CSV injection). Only for text; the export's own
/// numbers are written as numbers.
pub fn spreadsheet_text(text: &str) -> std::borrow::Cow<'_, str> {
    match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{text}").into(),
        _ => text.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_terminal_keeps_lines_and_never_runs_what_came_from_outside() {
        assert!(matches!(
            for_terminal("Pago recibido\n\tRef PD1"),
            std::borrow::Cow::Borrowed(_)
        ));
        assert_eq!(
            for_terminal("saldo \u{1b}]0;pwned\u{7}\u{202e}000.05 $"),
            "saldo \\u{1b}]0;pwned\\u{7}\\u{202e}000.05 $"
        );
        assert_eq!(for_terminal("a\rb"), "a\\rb");
    }

    #[test]
    fn a_log_line_cannot_be_broken_coloured_or_reversed() {
        let sent = "R1\n2026-11-24 INFO approved\u{1b}[31m\u{202e}0001\\n";
        let logged = ForLog(sent).to_string();
        assert_eq!(
            logged,
            "R1\\n2026-11-24 INFO approved\\u{1b}[31m\\u{202e}0001\\\\n"
        );
        assert!(!logged.chars().any(is_hidden_or_control));
    }

    #[test]
    fn a_long_text_is_cut_and_says_how_much_was_left() {
        let logged = ForLog(&"a".repeat(1_000)).to_string();
        assert!(logged.starts_with(&"a".repeat(200)));
        assert!(logged.ends_with("…(+800)"));
    }

    #[test]
    fn hidden_characters_are_found() {
        for text in [
            "a\u{200b}b",
            "a\u{202e}b",
            "a\nb",
            "a\u{1b}b",
            "\u{feff}a",
            "a\u{2066}",
        ] {
            assert!(first_hidden_or_control(text).is_some(), "{text:?}");
        }
        for text in ["Almuerzo ejecutivo", "Niño & Peña #3", "FAC-001/2026"] {
            assert_eq!(first_hidden_or_control(text), None, "{text:?}");
        }
    }

    #[test]
    fn formulas_become_text() {
        for cell in [
            "=HYPERLINK(\"x\")",
            "+1",
            "-2+3",
            "@SUM(1)",
            "\t=1+1",
            "\r=1",
        ] {
            assert!(spreadsheet_text(cell).starts_with('\''), "{cell:?}");
        }
        assert_eq!(spreadsheet_text("Almuerzo"), "Almuerzo");
        assert_eq!(spreadsheet_text(""), "");
    }
}
