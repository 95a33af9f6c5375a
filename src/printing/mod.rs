//! Paper at the counter: the counter's QR poster, payment receipts, and the day's close.
//!
//! What is printed comes from the books, and the books' money only from the service's answers:
//! a receipt exists only for a payment the service confirmed (`received_payments`), and the close
//! is `ledger::reconcile::Report`, the same figures as Cuadre del día. A notification is never
//! printed.
//!
//! - `slip.rs`: a receipt or a close as lines, drawn by both of:
//! - `escpos.rs`: the bytes a thermal printer takes, `pdf.rs`: the same as a PDF, and
//!   `postscript.rs`: as PostScript for a page printer's queue;
//! - `documents.rs`: the receipt, the close and the poster, from the books;
//! - `destination.rs`: where the bytes go (a network printer, a USB device, a system queue);
//! - `jobs.rs`: making paper and sending it, for the app and the command line alike.

pub mod destination;
pub mod documents;
pub mod escpos;
pub mod jobs;
pub mod pdf;
pub mod postscript;
pub mod slip;

use serde::{Deserialize, Serialize};

pub use destination::PrinterUri;

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
    fn qr_module(self) -> u8 {
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

    /// The printer, when one is set and reads as one.
    pub fn printer_uri(&self) -> Option<Result<PrinterUri, PrintError>> {
        self.printer
            .as_deref()
            .filter(|text| !text.trim().is_empty())
            .map(PrinterUri::parse)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    #[error("{}", crate::t!("print-error-encode", detail = .0.as_str()))]
    Encode(String),
    #[error("{}", crate::t!("print-error-bad-uri", text = .0.as_str()))]
    BadUri(String),
    #[error("{}", crate::t!("print-error-unreachable", printer = .printer.as_str(), detail = .detail.as_str()))]
    Unreachable { printer: String, detail: String },
    #[error("{}", crate::t!("print-error-paper-out", printer = .0.as_str()))]
    PaperOut(String),
    #[error("{}", crate::t!("print-error-cover-open", printer = .0.as_str()))]
    CoverOpen(String),
    #[error("{}", crate::t!("print-error-usb", path = .path.as_str(), detail = .detail.as_str()))]
    Usb { path: String, detail: String },
    #[error("{}", crate::t!("print-error-no-queue", queue = .0.as_str()))]
    NoQueue(String),
    #[error("{}", crate::t!("print-error-no-system", detail = .0.as_str()))]
    NoPrintSystem(String),
    #[error("{}", crate::t!("print-error-queue", queue = .queue.as_str(), detail = .detail.as_str()))]
    Queue { queue: String, detail: String },
    #[error("{}", crate::t!("print-error-not-a-receipt-printer", queue = .0.as_str()))]
    NotARollPrinter(String),
    #[error("{}", crate::t!("print-error-not-a-page-printer", printer = .0.as_str()))]
    NotAPagePrinter(String),
    #[error("{}", crate::t!("print-error-not-confirmed", reference = .0.as_str()))]
    NotConfirmed(String),
    #[error("{}", crate::t!("print-error-unknown-reference", reference = .0.as_str()))]
    UnknownReference(String),
    #[error("{}", crate::t!("print-error-not-a-counter-code", reference = .0.as_str()))]
    NotACounterCode(String),
    #[error("{}", crate::t!("print-error-write", path = .path.as_str(), detail = .detail.as_str()))]
    Write { path: String, detail: String },
    #[error(transparent)]
    Ledger(#[from] crate::ledger::LedgerError),
}

/// Writes a PDF beside its place and renames it over it: a failed write never leaves half a file
/// where a good one was.
pub fn write_pdf(path: &std::path::Path, bytes: &[u8]) -> Result<(), PrintError> {
    let failed = |error: std::io::Error| PrintError::Write {
        path: path.display().to_string(),
        detail: error.to_string(),
    };
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder.to_owned(),
        _ => std::path::PathBuf::from("."),
    };
    std::fs::create_dir_all(&folder).map_err(failed)?;
    let mut file = tempfile::NamedTempFile::new_in(&folder).map_err(failed)?;
    std::io::Write::write_all(&mut file, bytes).map_err(failed)?;
    file.persist(path).map_err(|error| failed(error.error))?;
    Ok(())
}
