//! Making paper and sending it, the same for the app and the command line: a slip goes to a
//! receipt printer as its own bytes and to a file or a page printer as a PDF; the poster only
//! ever as a PDF.

use std::path::PathBuf;

use super::destination::{self, Job, PageDocument, PrinterUri};
use super::documents::Poster;
use super::pdf::{SlipPage, slip_pdf};
use super::slip::Slip;
use super::{PageSize, PaperWidth, PrintError, escpos, write_pdf};

/// Where paper goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaperOut {
    Pdf(PathBuf),
    Printer(PrinterUri),
}

/// A slip: on a roll of `paper` (the drawer's pulse with it when `drawer`), or as a PDF laid
/// out on `pdf_page`.
pub async fn slip_to(
    slip: &Slip,
    title: &str,
    paper: PaperWidth,
    pdf_page: SlipPage,
    drawer: bool,
    out: &PaperOut,
) -> Result<(), PrintError> {
    match out {
        PaperOut::Pdf(path) => {
            let pdf = slip_pdf(slip, pdf_page, title)?;
            write_file(path.clone(), pdf).await
        }
        PaperOut::Printer(uri) => {
            let job = Job {
                title: title.to_owned(),
                escpos: escpos::slip_bytes(slip, paper, drawer)?,
                // A page printer gets the slip as it would come off the roll.
                pages: Some(PageDocument {
                    format: "application/postscript",
                    bytes: super::postscript::slip_postscript(slip, paper, title),
                }),
            };
            destination::send(uri, &job).await
        }
    }
}

/// The poster: a PDF file, or a sheet printer of the system's.
pub async fn poster_to(poster: &Poster, page: PageSize, out: &PaperOut) -> Result<(), PrintError> {
    let pdf = poster.pdf(page)?;
    match out {
        PaperOut::Pdf(path) => write_file(path.clone(), pdf).await,
        PaperOut::Printer(uri @ PrinterUri::System(_)) => {
            let job = Job {
                title: crate::t!("poster-title", shop = poster.shop.as_str()),
                escpos: Vec::new(),
                pages: Some(PageDocument {
                    format: "application/pdf",
                    bytes: pdf,
                }),
            };
            destination::send(uri, &job).await
        }
        PaperOut::Printer(uri) => Err(PrintError::NotAPagePrinter(uri.to_string())),
    }
}

/// The drawer's pulse alone.
pub async fn open_drawer(uri: &PrinterUri) -> Result<(), PrintError> {
    let job = Job {
        title: "paydesk".to_owned(),
        escpos: escpos::drawer_bytes()?,
        pages: None,
    };
    destination::send(uri, &job).await
}

async fn write_file(path: PathBuf, pdf: Vec<u8>) -> Result<(), PrintError> {
    tokio::task::spawn_blocking(move || write_pdf(&path, &pdf))
        .await
        .map_err(|error| PrintError::Encode(error.to_string()))?
}

/// What a job that was taken says: a printer has printed it, a system queue has it to print.
pub fn taken_words(uri: &PrinterUri) -> String {
    match uri {
        PrinterUri::System(_) => crate::t!("paper-queued", printer = uri.to_string()),
        _ => crate::t!("paper-printed", printer = uri.to_string()),
    }
}
