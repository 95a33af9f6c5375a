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
//! - `measure.rs`: how wide a line is in the app's font, for the PDF and the payment card;
//! - `documents.rs`: the receipt, the close and the poster, from the books;
//! - `destination.rs`: where the bytes go (a network printer, a USB device, a system queue);
//! - `jobs.rs`: making paper and sending it, for the app and the command line alike.

pub mod destination;
pub mod documents;
pub mod escpos;
pub mod jobs;
pub mod measure;
pub mod pdf;
pub mod postscript;
pub mod slip;

pub use destination::PrinterUri;

pub use crate::config::printer::{PageSize, PaperWidth, PrinterSettings};

/// This computer's printer, when one is set: as it reads, or why it does not.
pub fn configured_printer(settings: &PrinterSettings) -> Option<Result<PrinterUri, PrintError>> {
    settings
        .printer
        .as_deref()
        .filter(|text| !text.trim().is_empty())
        .map(PrinterUri::parse)
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
