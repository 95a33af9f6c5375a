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
//! - `cash.rs`: a cash sale's receipt, and the close's cash part; `shift.rs`: «Cierre de turno»,
//!   a drawer's shift with its count and, apart, the service's payments at that till;
//! - `tabs.rs`: the close's customers' tabs (fiado), which are not money received;
//! - `destination.rs`: where the bytes go (a network printer, a USB device, a system queue);
//! - `jobs.rs`: making paper and sending it, for the app and the command line alike.

pub mod cash;
pub mod destination;
pub mod documents;
mod error;
pub mod escpos;
pub mod jobs;
pub mod measure;
pub mod pdf;
pub mod postscript;
pub mod shift;
pub mod slip;
pub mod tabs;

pub use destination::{PrinterUri, configured_printer};
pub use error::PrintError;
pub use pdf::write_pdf;

pub use crate::config::printer::{PageSize, PaperWidth, PrinterSettings};
