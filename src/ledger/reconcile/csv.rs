//! What the CSV files share: the row of the range's file, how a file says things in its
//! language, how a cell of typed text is kept from being a formula, how rows are written for
//! Excel in the file's language, and what can go wrong. `export.rs` (the service's rows),
//! `export_cash.rs` (the drawers') and `export_tabs.rs` (the tabs') use it.

use std::io::Write;

use crate::api::TransactionStatus;
use crate::api::catalog::MethodCatalog;
use crate::ledger::created::Contradiction;
use crate::ledger::error::LedgerError;

/// A row of the range's file, in the headers' order.
pub(super) type Row = [String; 24];

/// How the file says things: record kinds, check states and methods are words a person reads
/// in Spanish, codes a program reads in English.
pub(super) struct Spoken<'a> {
    pub(super) spanish: bool,
    pub(super) catalog: &'a MethodCatalog,
    /// The range's answers that contradicted a final state, said beside their sale.
    pub(super) contradictions: &'a [Contradiction],
}

impl Spoken<'_> {
    pub(super) fn either(&self, english: &'static str, spanish: &'static str) -> &'static str {
        if self.spanish { spanish } else { english }
    }

    /// A payment's state as the file says it: the person's word in Spanish, else the code a
    /// program reads, whatever language the till is in (an English file made at a Spanish till
    /// said «aprobado»).
    pub(super) fn state(&self, status: Option<TransactionStatus>) -> String {
        match (self.spanish, status) {
            (true, status) => super::terms::state_words(status),
            (false, None) => "not checked".to_owned(),
            (false, Some(status)) => state_code(status),
        }
    }
}

/// A state as the English file names it: the spec's own names, one word, never translated.
fn state_code(status: TransactionStatus) -> String {
    match status {
        TransactionStatus::Rejected => "rejected".to_owned(),
        TransactionStatus::Pending => "pending".to_owned(),
        TransactionStatus::Approved => "approved".to_owned(),
        TransactionStatus::Failed => "failed".to_owned(),
        TransactionStatus::Cancelled => "cancelled".to_owned(),
        TransactionStatus::Processing => "processing".to_owned(),
        TransactionStatus::Other(id) => format!("status_{id}"),
    }
}

/// Text typed by a cashier or posted by anyone reads as text in a spreadsheet, never as a
/// formula; the amounts are the export's own numbers.
pub(super) fn text(cell: &str) -> String {
    crate::untrusted::spreadsheet_text(cell).into_owned()
}

/// The header and the rows, as Excel in the file's language opens them.
pub(super) fn write_rows<const N: usize>(
    mut out: impl Write,
    spanish: bool,
    header: &[&str; N],
    lines: impl Iterator<Item = [String; N]>,
) -> Result<usize, ExportError> {
    if spanish {
        out.write_all("\u{feff}".as_bytes())
            .map_err(|e| ExportError::Io(e.to_string()))?;
    }
    let mut writer = csv::WriterBuilder::new()
        .delimiter(if spanish { b';' } else { b',' })
        .from_writer(out);
    writer.write_record(header)?;
    let mut count = 0;
    for line in lines {
        writer.write_record(line)?;
        count += 1;
    }
    writer.flush().map_err(|e| ExportError::Io(e.to_string()))?;
    Ok(count)
}

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Ledger(#[from] LedgerError),
    #[error("{}", crate::t!("csv-write", error = .0.to_string()))]
    Csv(#[from] csv::Error),
    #[error("{}", crate::t!("csv-write", error = .0.to_string()))]
    Io(String),
}

/// A file beside the range's `path`, named for what it holds in the file's language:
/// `(spanish, english)`.
pub fn beside(
    path: &std::path::Path,
    language: crate::i18n::Language,
    (spanish, english): (&str, &str),
) -> std::path::PathBuf {
    let stem = path
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_default();
    let suffix = if language == crate::i18n::Language::Es {
        spanish
    } else {
        english
    };
    path.with_file_name(format!("{stem}-{suffix}.csv"))
}
