//! What can go wrong between a document and paper, said as the shop owner reads it.

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
