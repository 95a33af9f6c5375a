//! The range as a CSV file: one row per notification received and per collection, payment
//! received or payout, the same records the close reads.

use std::io::Write;

use time::Date;

use super::terms::{bounds, state_words};
use crate::api::catalog::MethodCatalog;
use crate::api::family_b::TransactionStatus;
use crate::api::kind::PaymentKind;
use crate::clock::local_datetime as local_time;
use crate::i18n::Language;
use crate::ledger::inbox::ExportedNotification;
use crate::ledger::{Collection, PayoutRecord, ReceivedPayment};
use crate::ledger::{Ledger, LedgerError};
use crate::money::Pesos;

/// A row of the file, in the headers' order.
type Row = [String; 13];

impl Ledger {
    /// The CSV export the app and the CLI both make: the file (and its folder) created, one row
    /// per notification received and per collection, payment received or payout of `profile`
    /// (every profile's with `None`) in the range. Written beside the file and renamed over it
    /// at the end: a failed export leaves an earlier file as it was. Returns how many rows were
    /// written.
    pub fn export_csv_file(
        &self,
        profile: Option<&str>,
        from: Date,
        to: Date,
        path: &std::path::Path,
        language: Language,
        catalog: &MethodCatalog,
    ) -> Result<usize, ExportError> {
        let could_not_create = |path: &std::path::Path, error: std::io::Error| {
            ExportError::Io(crate::t!(
                "csv-could-not-create",
                path = path.display().to_string(),
                error = error.to_string()
            ))
        };
        let folder = path
            .parent()
            .filter(|folder| !folder.as_os_str().is_empty())
            .unwrap_or_else(|| std::path::Path::new("."));
        std::fs::create_dir_all(folder).map_err(|error| could_not_create(folder, error))?;
        let mut aside = tempfile::NamedTempFile::new_in(folder)
            .map_err(|error| could_not_create(folder, error))?;
        let rows = {
            let mut out = std::io::BufWriter::new(aside.as_file_mut());
            let rows = self.export_csv(profile, from, to, &mut out, language, catalog)?;
            out.flush()
                .map_err(|error| ExportError::Io(error.to_string()))?;
            rows
        };
        aside
            .persist(path)
            .map_err(|error| could_not_create(path, error.error))?;
        Ok(rows)
    }

    /// One row per notification received and per collection, payment received or payout in
    /// the range. Money is only in the rows of payments the service confirmed ("payment
    /// received"): a notification's row says what it announced and whether the service
    /// confirmed it, never an amount. In Spanish the file is what Excel set to Spanish
    /// (Colombia) opens as columns: a UTF-8 BOM, `;` between fields, Spanish headers and
    /// words; in English, `,` and codes a program reads.
    pub fn export_csv(
        &self,
        profile: Option<&str>,
        from: Date,
        to: Date,
        mut out: impl Write,
        language: Language,
        catalog: &MethodCatalog,
    ) -> Result<usize, ExportError> {
        let rows = self.rows(profile, from, to)?;
        let (start, end) = bounds(from, to);
        let notifications = self.notifications_for_export(profile, start, end)?;
        let spoken = Spoken {
            spanish: language == Language::Es,
            catalog,
        };
        if spoken.spanish {
            out.write_all("\u{feff}".as_bytes())
                .map_err(|e| ExportError::Io(e.to_string()))?;
        }
        let mut writer = csv::WriterBuilder::new()
            .delimiter(if spoken.spanish { b';' } else { b',' })
            .from_writer(out);
        writer.write_record(if spoken.spanish {
            SPANISH_HEADER
        } else {
            EXPORT_HEADER
        })?;
        let lines = (notifications.iter().map(|n| spoken.notification(n)))
            .chain(rows.collections.iter().map(|c| spoken.collection(c)))
            .chain(rows.received.iter().map(|r| spoken.received(r)))
            .chain(rows.payouts.iter().map(|p| spoken.payout(p)));
        let mut count = 0;
        for line in lines {
            writer.write_record(line)?;
            count += 1;
        }
        writer.flush().map_err(|e| ExportError::Io(e.to_string()))?;
        Ok(count)
    }
}

/// How the file says things: record kinds, check states and methods are words a person reads
/// in Spanish, codes a program reads in English.
struct Spoken<'a> {
    spanish: bool,
    catalog: &'a MethodCatalog,
}

impl Spoken<'_> {
    fn either(&self, english: &'static str, spanish: &'static str) -> &'static str {
        if self.spanish { spanish } else { english }
    }

    fn confirmation(&self, confirmed: bool) -> &'static str {
        if confirmed {
            self.either("confirmed", "confirmado")
        } else {
            self.either("unchecked", "sin confirmar")
        }
    }

    fn kind(&self, kind: &PaymentKind) -> String {
        if self.spanish {
            kind.words(self.catalog)
        } else {
            kind.code()
        }
    }

    fn notification(&self, n: &ExportedNotification) -> Row {
        let check = if self.spanish {
            n.check_state.words()
        } else {
            n.check_state.as_str().to_owned()
        };
        [
            self.either("notification", "notificación").to_owned(),
            local_time(n.received_at),
            text(&n.reference_id),
            text(&n.reference1),
            text(&n.payment_method),
            String::new(),
            String::new(),
            String::new(),
            n.status.to_string(),
            check,
            status_id(n.service_status),
            String::new(),
            String::new(),
        ]
    }

    fn collection(&self, c: &Collection) -> Row {
        [
            self.either("collection", "cobro").to_owned(),
            local_time(c.created_at),
            text(&c.reference),
            text(&c.reference1),
            text(&self.kind(&c.kind)),
            money(c.amount),
            String::new(),
            String::new(),
            state_words(c.status),
            self.confirmation(c.status.is_some()).to_owned(),
            status_id(c.status),
            text(&c.made_by.cashier),
            text(&c.made_by.till),
        ]
    }

    fn received(&self, r: &ReceivedPayment) -> Row {
        let figures = r.figures().completed();
        [
            self.either("payment received", "pago recibido").to_owned(),
            local_time(r.received_at),
            text(&r.reference),
            text(&r.provider_reference),
            text(&self.kind(&r.kind)),
            money(figures.gross),
            money(figures.fee),
            money(figures.net),
            state_words(Some(TransactionStatus::Approved)),
            self.confirmation(true).to_owned(),
            TransactionStatus::Approved.id().to_string(),
            text(&r.cashier),
            String::new(),
        ]
    }

    fn payout(&self, p: &PayoutRecord) -> Row {
        let (state, method) = if self.spanish {
            (
                p.state.words(),
                crate::api::family_b::withdraw_method_name(p.method_id),
            )
        } else {
            (p.state.as_str().to_owned(), p.method_id.to_string())
        };
        [
            self.either("payout", "dispersión").to_owned(),
            local_time(p.created_at),
            text(p.transaction_reference.as_deref().unwrap_or("")),
            text(&p.reference1),
            method,
            p.amount.get().to_string(),
            String::new(),
            String::new(),
            state,
            self.confirmation(p.service_status.is_some()).to_owned(),
            p.service_status.map(|s| s.to_string()).unwrap_or_default(),
            String::new(),
            String::new(),
        ]
    }
}

fn money(value: Option<Pesos>) -> String {
    value.map(|p| p.get().to_string()).unwrap_or_default()
}

/// Text typed by a cashier or posted by anyone reads as text in a spreadsheet, never as a
/// formula; the amounts are the export's own numbers.
fn text(cell: &str) -> String {
    crate::untrusted::spreadsheet_text(cell).into_owned()
}

fn status_id(status: Option<TransactionStatus>) -> String {
    status.map(|s| s.id().to_string()).unwrap_or_default()
}

/// The same columns for Excel in Spanish.
pub const SPANISH_HEADER: [&str; 13] = [
    "registro",
    "fecha",
    "referencia",
    "su_referencia",
    "medio",
    "pago_cliente",
    "comision",
    "neto",
    "estado",
    "confirmacion",
    "estado_servicio",
    "cajero",
    "caja",
];

pub const EXPORT_HEADER: [&str; 13] = [
    "record",
    "date",
    "reference",
    "reference1",
    "method",
    "gross",
    "cost",
    "net",
    "state",
    "confirmation",
    "service_status",
    "cashier",
    "till",
];

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Ledger(#[from] LedgerError),
    #[error("{}", crate::t!("csv-write", error = .0.to_string()))]
    Csv(#[from] csv::Error),
    #[error("{}", crate::t!("csv-write", error = .0.to_string()))]
    Io(String),
}
