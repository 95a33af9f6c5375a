//! A small XML writer for the DIAN's document: element names are this module's callers' own
//! constants, every text and attribute value is escaped here, and an element is closed by the
//! writer that opened it, so no value a person typed can change the document's shape.

/// The text of a document being written, with the elements still open.
pub(crate) struct XmlWriter {
    out: String,
    open: Vec<&'static str>,
}

impl XmlWriter {
    pub(crate) fn new() -> XmlWriter {
        XmlWriter {
            out: String::from(r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>"#),
            open: Vec::new(),
        }
    }

    pub(crate) fn open(&mut self, name: &'static str, attributes: &[(&str, &str)]) {
        self.start_tag(name, attributes);
        self.out.push('>');
        self.open.push(name);
    }

    /// Closes the element opened last.
    pub(crate) fn close(&mut self) {
        if let Some(name) = self.open.pop() {
            self.out.push_str("</");
            self.out.push_str(name);
            self.out.push('>');
        }
    }

    /// An element holding only text.
    pub(crate) fn leaf(&mut self, name: &'static str, attributes: &[(&str, &str)], text: &str) {
        self.start_tag(name, attributes);
        self.out.push('>');
        escape_into(&mut self.out, text, Quoted::No);
        self.out.push_str("</");
        self.out.push_str(name);
        self.out.push('>');
    }

    /// The document, every element still open closed.
    pub(crate) fn finish(mut self) -> String {
        while !self.open.is_empty() {
            self.close();
        }
        self.out
    }

    fn start_tag(&mut self, name: &'static str, attributes: &[(&str, &str)]) {
        self.out.push('<');
        self.out.push_str(name);
        for (attribute, value) in attributes {
            self.out.push(' ');
            self.out.push_str(attribute);
            self.out.push_str("=\"");
            escape_into(&mut self.out, value, Quoted::Yes);
            self.out.push('"');
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Quoted {
    Yes,
    No,
}

/// Escapes as canonical XML (C14N) writes each character, so the signature's canonical form is
/// the text as written. A character XML 1.0 cannot hold at all (a control character pasted
/// into a description) is left out: no escape can carry it.
fn escape_into(out: &mut String, text: &str, quoted: Quoted) {
    for character in text.chars() {
        match character {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' if quoted == Quoted::No => out.push_str("&gt;"),
            '"' if quoted == Quoted::Yes => out.push_str("&quot;"),
            '\t' if quoted == Quoted::Yes => out.push_str("&#x9;"),
            '\n' if quoted == Quoted::Yes => out.push_str("&#xA;"),
            '\r' => out.push_str("&#xD;"),
            '\t' | '\n' => out.push(character),
            c if is_xml_char(c) => out.push(c),
            _ => {}
        }
    }
}

/// XML 1.0's `Char` production, past the whitespace handled above.
fn is_xml_char(character: char) -> bool {
    matches!(character,
        '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_is_escaped_and_every_element_closed() {
        let mut writer = XmlWriter::new();
        writer.open("a", &[("name", "x \"y\" & <z>\n")]);
        writer.leaf("b", &[], "Pan & \"queso\" <x>\r\u{7}");
        writer.open("c", &[]);
        let text = writer.finish();
        assert_eq!(
            text,
            concat!(
                r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>"#,
                r#"<a name="x &quot;y&quot; &amp; &lt;z>&#xA;">"#,
                r#"<b>Pan &amp; "queso" &lt;x&gt;&#xD;</b><c></c></a>"#
            )
        );
    }
}
