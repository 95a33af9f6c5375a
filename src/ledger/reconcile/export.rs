//! The range as CSV files: one row per sale (a counter code's: per payment it took), per
//! payout, per drawer entry (`export_cash.rs`) and per tab entry (`export_tabs.rs`), the same
//! records the close reads; the
//! notifications received, which are hints and never money, and the drawers' shifts with their
//! counts, each in a file of their own beside it.

use std::io::Write;

use time::Date;

use super::csv::{ExportError, Row, Spoken, beside, text, write_rows};
use super::export_cash::write_file_beside;
use super::terms::Period;
use crate::api::TransactionStatus;
use crate::api::catalog::MethodCatalog;
use crate::api::kind::PaymentKind;
use crate::clock::local_datetime as local_time;
use crate::i18n::Language;
use crate::ledger::base::Ledger;
use crate::ledger::created::Collection;
use crate::ledger::inbox::ExportedNotification;
use crate::ledger::payouts::{PayoutRecord, PayoutState};
use crate::ledger::received::ReceivedPayment;
use crate::ledger::returns::ReturnRecord;
use crate::money::Pesos;
use std::collections::{HashMap, HashSet};

/// A row of the service's records, before the columns every row has for cash.
type ServiceRow = [String; 15];

/// The notifications' file: a row per notification received.
type NotificationRow = [String; 10];

impl Ledger {
    /// The CSV export the app and the CLI both make: the file (and its folder) created, one row
    /// per sale and per payout of `profile` (every profile's with `None`) in the range, and
    /// beside it ([`notifications_path`]) the notifications received, the shifts
    /// ([`super::shifts_path`]) and the sales part by part ([`super::sales_path`], whose rows add
    /// up to the close's Ventas and Por cobrar). Each is written beside
    /// its name and renamed over it at the end: a failed export leaves an earlier file as it
    /// was. Returns how many rows the first file has.
    pub fn export_csv_file(
        &self,
        profile: Option<&str>,
        from: Date,
        to: Date,
        path: &std::path::Path,
        language: Language,
        catalog: &MethodCatalog,
    ) -> Result<usize, ExportError> {
        let period = Period::new(profile, from, to);
        let rows = write_aside(path, |out| self.export_csv(period, out, language, catalog))?;
        write_aside(&notifications_path(path, language), |out| {
            self.export_notifications_csv(period, out, language)
        })?;
        write_aside(&super::shifts_path(path, language), |out| {
            self.export_shifts_csv(period, out, language)
        })?;
        write_aside(&super::sales_path(path, language), |out| {
            self.export_sales_csv(period, out, language, catalog)
        })?;
        Ok(rows)
    }

    /// One row per sale, per payout and per return of the period. A sale is one row: what it was for, its
    /// state as the books hold it, and, once the service confirmed it, the money it took (a
    /// code that takes many payments has a row per payment instead). Money is only in the
    /// columns of payments the service confirmed; an answer that contradicted a final state is
    /// said in the last column, never applied. In Spanish the file is what Excel set to Spanish
    /// (Colombia) opens as columns: a UTF-8 BOM, `;` between fields, Spanish headers and words;
    /// in English, `,` and codes a program reads.
    pub fn export_csv(
        &self,
        period: Period<'_>,
        out: impl Write,
        language: Language,
        catalog: &MethodCatalog,
    ) -> Result<usize, ExportError> {
        let rows = self.rows(period.profile, period.from, period.to)?;
        let (start, end) = period.bounds();
        let contradictions = self.contradictions_between(period.profile, start, end)?;
        let spoken = Spoken {
            spanish: language == Language::Es,
            catalog,
            contradictions: &contradictions,
        };
        let header = if spoken.spanish {
            SPANISH_HEADER
        } else {
            EXPORT_HEADER
        };
        let paid: HashMap<&str, &ReceivedPayment> = rows
            .received
            .iter()
            .filter(|payment| !payment.repeatable)
            .map(|payment| (payment.reference.as_str(), payment))
            .collect();
        let sold_here: HashSet<&str> = rows
            .collections
            .iter()
            .map(|collection| collection.reference.as_str())
            .collect();
        let sales = rows
            .collections
            .iter()
            .filter(|collection| !collection.repeatable)
            .map(|c| spoken.sale(c, paid.get(c.reference.as_str()).copied()));
        // A code's payments, and a sale made on an earlier day and paid in the range.
        let payments = rows
            .received
            .iter()
            .filter(|payment| payment.repeatable || !sold_here.contains(payment.reference.as_str()))
            .map(|payment| spoken.received(payment));
        let payouts = rows.payouts.iter().map(|p| spoken.payout(p));
        let returns = rows.returns.iter().map(|r| spoken.sale_return(r));
        let service = sales
            .chain(payments)
            .chain(payouts)
            .chain(returns)
            .map(|row| spoken.service_row(row));
        let (start, end) = period.bounds();
        // The drawers are the shop's: their rows whatever the profile.
        let drawers = self.cash_between(start, end)?;
        let cash = drawers.iter().map(|entry| spoken.cash_entry(entry));
        // Tabs are the shop's too; their rows carry no money of their own.
        let tab_entries = self.tab_entries_between(start, end)?;
        let tabs = tab_entries.iter().map(|entry| spoken.tab_entry(entry));
        write_rows(
            out,
            spoken.spanish,
            &header,
            service.chain(cash).chain(tabs),
        )
    }

    /// The notifications received in the period, one row each: what each announced and whether
    /// the service confirmed it, never an amount (the money is the sales file's).
    pub fn export_notifications_csv(
        &self,
        period: Period<'_>,
        out: impl Write,
        language: Language,
    ) -> Result<usize, ExportError> {
        let (start, end) = period.bounds();
        let notifications = self.notifications_for_export(period.profile, start, end)?;
        write_file_beside(
            out,
            language,
            (&NOTIFICATIONS_HEADER, &SPANISH_NOTIFICATIONS_HEADER),
            &notifications,
            |spoken, n| spoken.notification(n),
        )
    }
}

/// Where a CSV's notifications go: beside it, named for them in the file's language.
pub fn notifications_path(path: &std::path::Path, language: Language) -> std::path::PathBuf {
    beside(path, language, ("notificaciones", "notifications"))
}

/// Writes a file beside `path` with `write` and renames it over `path` once whole.
fn write_aside(
    path: &std::path::Path,
    write: impl FnOnce(&mut dyn Write) -> Result<usize, ExportError>,
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
    let mut aside =
        tempfile::NamedTempFile::new_in(folder).map_err(|error| could_not_create(folder, error))?;
    let rows = {
        let mut out = std::io::BufWriter::new(aside.as_file_mut());
        let rows = write(&mut out)?;
        out.flush()
            .map_err(|error| ExportError::Io(error.to_string()))?;
        rows
    };
    aside
        .persist(path)
        .map_err(|error| could_not_create(path, error.error))?;
    Ok(rows)
}

impl Spoken<'_> {
    /// A service's row with the columns every row has for cash: whose money it is (the
    /// service's), and the cash columns empty.
    fn service_row(&self, row: ServiceRow) -> Row {
        let mut whole: Row = Default::default();
        let (service, cash) = whole.split_at_mut(15);
        service.clone_from_slice(&row);
        cash[0] = self.whose(false);
        whole
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

    fn notification(&self, n: &ExportedNotification) -> NotificationRow {
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
            self.state(Some(n.status)),
            check,
            status_id(n.service_status),
            String::new(),
            String::new(),
        ]
    }

    /// What the service said against a sale's final state, in the file's words (an English
    /// file made at a Spanish till is English throughout); empty when nothing.
    fn review(&self, reference: &str) -> String {
        let said = self.either("the service later said", "el servicio dijo después");
        let kept = self.either("the books do not change", "los libros no cambian");
        self.contradictions
            .iter()
            .filter(|c| c.reference == reference)
            .map(|c| {
                let answered = self.state(Some(c.answered));
                format!("{said} {answered} ({}); {kept}", local_time(c.seen_at))
            })
            .collect::<Vec<_>>()
            .join(" · ")
    }

    /// A sale, with the money the service confirmed for it when it did.
    fn sale(&self, c: &Collection, paid: Option<&ReceivedPayment>) -> ServiceRow {
        let figures = paid.map(|paid| paid.figures().completed());
        [
            self.either("sale", "venta").to_owned(),
            local_time(c.created_at),
            text(&c.reference),
            text(&c.reference1),
            text(&self.kind(&c.kind)),
            money(c.amount),
            money(figures.and_then(|f| f.gross)),
            money(figures.and_then(|f| f.fee)),
            money(figures.and_then(|f| f.net)),
            self.state(c.status),
            self.confirmation(c.status.is_some()).to_owned(),
            status_id(c.status),
            text(&c.made_by.cashier),
            text(&c.made_by.till),
            self.review(&c.reference),
        ]
    }

    /// A payment a code took (or a sale made before the range, paid in it).
    fn received(&self, r: &ReceivedPayment) -> ServiceRow {
        let figures = r.figures().completed();
        let record = if r.repeatable {
            self.either("code payment", "pago de código")
        } else {
            self.either("sale", "venta")
        };
        [
            record.to_owned(),
            local_time(r.received_at),
            text(&r.reference),
            text(&r.provider_reference),
            text(&self.kind(&r.kind)),
            money(r.amount),
            money(figures.gross),
            money(figures.fee),
            money(figures.net),
            self.state(Some(TransactionStatus::Approved)),
            self.confirmation(true).to_owned(),
            TransactionStatus::Approved.id().to_string(),
            text(&r.cashier),
            String::new(),
            if r.repeatable {
                String::new()
            } else {
                self.review(&r.reference)
            },
        ]
    }

    /// A return, on the day it was made, under the sale it returns (its method and cashier):
    /// once the service confirmed it, its money below zero in the money columns, so that they
    /// add up to sales less returns. Its fee is the shop's, not the sale's, and said so.
    fn sale_return(&self, r: &ReturnRecord) -> ServiceRow {
        let p = &r.payout;
        let back = (p.state == PayoutState::Approved).then(|| Pesos::new(-p.amount.get()));
        let state = if self.spanish {
            p.state.words()
        } else {
            p.state.as_str().to_owned()
        };
        let service = p.transaction_reference.as_deref().unwrap_or_default();
        let review = if r.tie.payment.is_empty() {
            crate::t!(
                "csv-return-review",
                reason = r.tie.reason.words(),
                service = service
            )
        } else {
            crate::t!(
                "csv-return-review-payment",
                payment = r.tie.payment.as_str(),
                reason = r.tie.reason.words(),
                service = service
            )
        };
        [
            self.either("return", "devolución").to_owned(),
            local_time(p.created_at),
            text(&r.tie.sale),
            text(&p.reference1),
            text(&self.kind(&r.kind)),
            p.amount.get().to_string(),
            money(back),
            String::new(),
            money(back),
            state,
            self.confirmation(p.service_status.is_some()).to_owned(),
            p.service_status.map(|s| s.to_string()).unwrap_or_default(),
            text(&r.cashier),
            String::new(),
            text(&review),
        ]
    }

    fn payout(&self, p: &PayoutRecord) -> ServiceRow {
        let (state, method) = if self.spanish {
            (
                p.state.words(),
                crate::api::payout_methods::payout_method_name(p.method_id),
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
            String::new(),
            state,
            self.confirmation(p.service_status.is_some()).to_owned(),
            p.service_status.map(|s| s.to_string()).unwrap_or_default(),
            String::new(),
            String::new(),
            String::new(),
        ]
    }
}

fn money(value: Option<Pesos>) -> String {
    value.map(|p| p.get().to_string()).unwrap_or_default()
}

fn status_id(status: Option<TransactionStatus>) -> String {
    status.map(|s| s.id().to_string()).unwrap_or_default()
}

/// The same columns for Excel in Spanish.
pub const SPANISH_HEADER: [&str; 24] = [
    "registro",
    "fecha",
    "referencia",
    "su_referencia",
    "medio",
    "valor",
    "pago_cliente",
    "comision",
    "neto",
    "estado",
    "confirmacion",
    "estado_servicio",
    "cajero",
    "caja",
    "revisar",
    "dinero",
    "efectivo",
    "recibido",
    "vueltas",
    "en_lugar_de",
    "motivo",
    "anulado",
    "cliente",
    "nombre_cliente",
];

/// `amount` is what a sale was for (a payout or a return: what was sent); `gross`, `cost` and
/// `net` only what the service confirmed (a return's below zero); `review` what the service said
/// against a final state, and what a return returns and why (a cash sale: what was sold).
/// `money` says whose word a row's money is: `service` (the service confirms it) or `cash`
/// (a cashier counted it). `cash` is what a drawer entry did to the drawer (below zero when it
/// took money out, 0 once voided); `received` and `change` a cash sale's; `instead_of` the
/// electronic sale a cash sale was charged instead of; `reason` why money went in or out or
/// back; `voided` who voided an entry, when and why. A tab entry (`export_tabs.rs`) names its
/// `customer` (the id) and `customer_name` (blank once forgotten); its `money` says
/// `tab-not-money` for what was taken, and its `amount` is never in `gross` or `cash`: what was
/// collected already has its own row, the service's payment or the drawer's entry.
pub const EXPORT_HEADER: [&str; 24] = [
    "record",
    "date",
    "reference",
    "reference1",
    "method",
    "amount",
    "gross",
    "cost",
    "net",
    "state",
    "confirmation",
    "service_status",
    "cashier",
    "till",
    "review",
    "money",
    "cash",
    "received",
    "change",
    "instead_of",
    "reason",
    "voided",
    "customer",
    "customer_name",
];

/// The notifications' file, in Spanish.
pub const SPANISH_NOTIFICATIONS_HEADER: [&str; 10] = [
    "registro",
    "fecha",
    "referencia",
    "su_referencia",
    "medio",
    "estado_notificado",
    "confirmacion",
    "estado_servicio",
    "cajero",
    "caja",
];

pub const NOTIFICATIONS_HEADER: [&str; 10] = [
    "record",
    "date",
    "reference",
    "reference1",
    "method",
    "notified_state",
    "confirmation",
    "service_status",
    "cashier",
    "till",
];
