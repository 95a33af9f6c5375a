//! This computer's printer, as its settings file keeps it (each till has its own): where paper
//! goes, the roll's width and the sheet's size, and what happens on each approval. Printing
//! itself is the printing module.

use serde::{Deserialize, Serialize};

/// The roll a thermal printer takes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PaperWidth {
    #[serde(rename = "58")]
    Mm58,
    #[default]
    #[serde(rename = "80")]
    Mm80,
}

impl PaperWidth {
    pub const ALL: [PaperWidth; 2] = [PaperWidth::Mm58, PaperWidth::Mm80];

    pub fn millimetres(self) -> f32 {
        match self {
            PaperWidth::Mm58 => 58.0,
            PaperWidth::Mm80 => 80.0,
        }
    }

    /// Characters per line in the printer's standard font.
    pub fn characters(self) -> usize {
        match self {
            PaperWidth::Mm58 => 32,
            PaperWidth::Mm80 => 48,
        }
    }

    /// The QR's module in printer dots: about 3 cm across either way.
    pub(crate) fn qr_module(self) -> u8 {
        match self {
            PaperWidth::Mm58 => 5,
            PaperWidth::Mm80 => 6,
        }
    }

    pub fn parse(text: &str) -> Option<PaperWidth> {
        match text.trim().trim_end_matches("mm").trim() {
            "58" => Some(PaperWidth::Mm58),
            "80" => Some(PaperWidth::Mm80),
            _ => None,
        }
    }

    pub fn words(self) -> String {
        match self {
            PaperWidth::Mm58 => crate::t!("paper-58"),
            PaperWidth::Mm80 => crate::t!("paper-80"),
        }
    }
}

/// A sheet of paper, as Colombian shops buy it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PageSize {
    /// Letter: what most Colombian printers hold.
    #[default]
    Carta,
    /// Half letter.
    MediaCarta,
    A4,
}

impl PageSize {
    pub const ALL: [PageSize; 3] = [PageSize::Carta, PageSize::MediaCarta, PageSize::A4];

    /// Width and height in points.
    pub fn points(self) -> (f32, f32) {
        match self {
            PageSize::Carta => (612.0, 792.0),
            PageSize::MediaCarta => (396.0, 612.0),
            PageSize::A4 => (595.28, 841.89),
        }
    }

    pub fn parse(text: &str) -> Option<PageSize> {
        match text.trim().to_lowercase().replace([' ', '_'], "-").as_str() {
            "carta" | "letter" => Some(PageSize::Carta),
            "media-carta" | "half-letter" => Some(PageSize::MediaCarta),
            "a4" => Some(PageSize::A4),
            _ => None,
        }
    }

    pub fn words(self) -> String {
        match self {
            PageSize::Carta => crate::t!("page-carta"),
            PageSize::MediaCarta => crate::t!("page-media-carta"),
            PageSize::A4 => crate::t!("page-a4"),
        }
    }
}

/// This computer's printer, kept in its settings file (each till has its own).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrinterSettings {
    /// `tcp://HOST:PORT`, `usb:PATH` or `system:QUEUE`; none: paper only as PDF.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub printer: Option<String>,
    #[serde(default)]
    pub paper: PaperWidth,
    /// A receipt on each approval of a sale made at this till.
    #[serde(default)]
    pub receipt_on_approval: bool,
    /// The drawer's pulse on each approval of a sale made at this till.
    #[serde(default)]
    pub drawer_on_approval: bool,
    /// The sheet the poster and the close are laid out on.
    #[serde(default)]
    pub page: PageSize,
}

impl PrinterSettings {
    pub fn is_unset(&self) -> bool {
        *self == PrinterSettings::default()
    }
}
