//! What can go wrong between a document and paper, said as the shop owner reads it.

#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    #[error("{}", crate::t!("print-error-encode"))]
    Encode(String),
    #[error("{}", crate::t!("print-error-bad-uri", text = .0.as_str()))]
    BadUri(String),
    #[error("{}", crate::t!("print-error-unreachable", printer = .printer.as_str()))]
    Unreachable { printer: String, detail: String },
    #[error("{}", crate::t!("print-error-paper-out", printer = .0.as_str()))]
    PaperOut(String),
    #[error("{}", crate::t!("print-error-cover-open", printer = .0.as_str()))]
    CoverOpen(String),
    #[error("{}", crate::t!("print-error-usb", path = .path.as_str()))]
    Usb { path: String, detail: String },
    #[error("{}", crate::t!("print-error-no-queue", queue = .0.as_str()))]
    NoQueue(String),
    #[error("{}", crate::t!("print-error-no-system"))]
    NoPrintSystem(String),
    #[error("{}", crate::t!("print-error-queue", queue = .queue.as_str()))]
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
    /// No return of this profile was sent under that reference.
    #[error("{}", crate::t!("print-error-not-a-return", reference = .0.as_str()))]
    NotAReturn(String),
    /// A return the service has not confirmed has no receipt yet.
    #[error("{}", crate::t!("print-error-return-not-confirmed", reference = .0.as_str()))]
    ReturnNotConfirmed(String),
    /// Cash entry (by its id) that is not a cash sale: only a sale has a receipt.
    #[error("{}", crate::t!("cashpaper-error-not-a-sale", entry = .0.as_str()))]
    NotACashSale(String),
    /// A voided cash sale (by its reference) has no receipt.
    #[error("{}", crate::t!("cashpaper-error-voided", reference = .0.as_str()))]
    CashSaleVoided(String),
    #[error("{}", crate::t!("print-error-write", path = .path.as_str()))]
    Write { path: String, detail: String },
    #[error(transparent)]
    Ledger(#[from] crate::ledger::LedgerError),
}

/// What the printer, the print system or the disk said, under «Detalles».
impl crate::i18n::Explained for PrintError {
    fn detail(&self) -> Option<String> {
        match self {
            PrintError::Encode(detail) | PrintError::NoPrintSystem(detail) => Some(detail.clone()),
            PrintError::Unreachable { detail, .. }
            | PrintError::Usb { detail, .. }
            | PrintError::Queue { detail, .. }
            | PrintError::Write { detail, .. } => Some(detail.clone()),
            _ => None,
        }
    }
}
