//! Reconciliation of a day or a range: collections by state and method, approved totals
//! (amount, cost, net), payouts, and the exceptions a bookkeeper must look at. Dates are the
//! shop's (Colombia, UTC-5); a range includes both ends.

use std::collections::{BTreeMap, HashSet};
use std::io::Write;

use time::{Date, macros::format_description};

use crate::clock;
use crate::i18n::Language;

use super::{
    Collection, Ledger, LedgerError, PayoutRecord, PayoutState, ReceivedPayment, StoredNotification,
};
use crate::api::catalog::MethodCatalog;
use crate::api::family_b::TransactionStatus;
use crate::api::kind::PaymentKind;
use crate::ledger::CheckState;
use crate::money::{PaymentFigures, Pesos};

/// A collection still pending this long after it was created is an exception.
pub const PENDING_TOO_LONG_MS: i64 = 2 * 3_600_000;

pub fn parse_date(text: &str) -> Option<Date> {
    Date::parse(text.trim(), format_description!("[year]-[month]-[day]")).ok()
}

pub fn format_date(date: Date) -> String {
    date.format(format_description!("[year]-[month]-[day]"))
        .unwrap_or_default()
}

pub use crate::clock::{local_datetime as local_time, today};

/// `[from 00:00, to+1 00:00)` in milliseconds, shop time.
pub fn bounds(from: Date, to: Date) -> (i64, i64) {
    let end = to.next_day().map(clock::start_of).unwrap_or(i64::MAX);
    (clock::start_of(from), end)
}

/// A count and the money of what was counted: what payers paid (gross), the service's fees,
/// and what the merchant receives (net). For payouts, gross is the amount sent.
/// An amount as a person reads it, or `?` where the service did not say.
fn shown(amount: Option<Pesos>) -> String {
    amount.map_or_else(|| "?".to_owned(), |amount| amount.to_string())
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub count: usize,
    pub gross: Pesos,
    pub fee: Pesos,
    pub net: Pesos,
}

impl Totals {
    fn add(&mut self, figures: PaymentFigures) {
        let add = |total: &mut Pesos, value: Option<Pesos>| {
            if let Some(value) = value {
                *total = total.saturating_add(value);
            }
        };
        let figures = figures.completed();
        self.count += 1;
        add(&mut self.gross, figures.gross);
        add(&mut self.fee, figures.fee);
        add(&mut self.net, figures.net);
    }

    fn add_gross(&mut self, gross: Option<Pesos>) {
        self.add(PaymentFigures {
            gross,
            ..PaymentFigures::default()
        });
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ExceptionKind {
    PendingTooLong,
    /// An approval a notification announced that the service has not confirmed: not money.
    Unconfirmed,
    /// Money the service confirmed without saying its fee.
    FeeNotKnown,
    NotificationWithoutResource,
    Disagreement,
    PayoutOutcomeUnknown,
}

impl ExceptionKind {
    /// The kind for programs (`--json`).
    pub fn as_str(self) -> &'static str {
        match self {
            ExceptionKind::PendingTooLong => "pendingTooLong",
            ExceptionKind::Unconfirmed => "unconfirmed",
            ExceptionKind::FeeNotKnown => "feeNotKnown",
            ExceptionKind::NotificationWithoutResource => "unknownPayment",
            ExceptionKind::Disagreement => "disagreement",
            ExceptionKind::PayoutOutcomeUnknown => "payoutOutcomeUnknown",
        }
    }

    pub fn words(self) -> String {
        match self {
            ExceptionKind::PendingTooLong => crate::t!("exception-pending-too-long"),
            ExceptionKind::Unconfirmed => crate::t!("exception-unconfirmed"),
            ExceptionKind::FeeNotKnown => crate::t!("exception-fee-not-known"),
            ExceptionKind::NotificationWithoutResource => crate::t!("exception-unknown-payment"),
            ExceptionKind::Disagreement => crate::t!("exception-disagreement"),
            ExceptionKind::PayoutOutcomeUnknown => crate::t!("exception-payout-unknown"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exception {
    pub kind: ExceptionKind,
    pub reference: String,
    pub detail: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub from: Date,
    pub to: Date,
    /// Payments created in these days, by their last known state (`None`: never checked).
    pub by_state: BTreeMap<Option<TransactionStatus>, Totals>,
    /// The money received, by what kind of payment took it.
    pub by_method: BTreeMap<PaymentKind, Totals>,
    /// The money received, by the cashier who made the sale ("": nobody named: a sale from
    /// before there were cashiers, from the command line, or with nobody at the till).
    pub by_cashier: BTreeMap<String, Totals>,
    /// The money received, by the shop's day.
    pub by_day: BTreeMap<Date, Totals>,
    /// The money received, by the shop's hour of the day (0 to 23), whatever the day.
    pub by_hour: BTreeMap<u8, Totals>,
    /// The money received: every payment the service confirmed (two payments of one code are
    /// two). Nothing else is ever counted here.
    pub approved: Totals,
    /// Approvals notified that the service has not confirmed: shown, never counted as money.
    pub unconfirmed: usize,
    pub payouts_paid: Totals,
    pub payouts_open: Totals,
    pub payouts_failed: Totals,
    pub exceptions: Vec<Exception>,
    pub notifications: usize,
}

/// A state in words, or "not checked" when the service was never asked.
pub fn state_words(status: Option<TransactionStatus>) -> String {
    match status {
        Some(status) => status.to_string(),
        None => crate::t!("state-not-checked"),
    }
}

/// What a close and an export both read of a range.
struct Rows {
    collections: Vec<Collection>,
    payouts: Vec<PayoutRecord>,
    /// The money received: one row per payment the service confirmed.
    received: Vec<ReceivedPayment>,
}

/// The payments the service confirmed, as a notified approval is looked up among them: a
/// sale by its reference, a code's payment by its reference and provider reference.
struct Confirmed<'a> {
    sales: HashSet<&'a str>,
    payments: HashSet<(&'a str, &'a str)>,
}

impl<'a> Confirmed<'a> {
    fn of(received: &'a [ReceivedPayment]) -> Confirmed<'a> {
        let mut confirmed = Confirmed {
            sales: HashSet::new(),
            payments: HashSet::new(),
        };
        for payment in received {
            if payment.repeatable {
                confirmed
                    .payments
                    .insert((&payment.reference, &payment.provider_reference));
            } else {
                confirmed.sales.insert(&payment.reference);
            }
        }
        confirmed
    }

    /// Whether a notified approval is money the service confirmed: its check agreed, or a
    /// status answer recorded the payment it names.
    fn holds(&self, notification: &StoredNotification) -> bool {
        notification.check_state == CheckState::Confirmed
            || self.sales.contains(notification.reference_id.as_str())
            || self.payments.contains(&(
                notification.reference_id.as_str(),
                notification.provider_reference.as_str(),
            ))
    }
}

impl Ledger {
    fn rows(&self, profile: Option<&str>, from: Date, to: Date) -> Result<Rows, LedgerError> {
        let (start, end) = bounds(from, to);
        Ok(Rows {
            collections: self.collections_between(profile, start, end)?,
            received: self.received_between(profile, start, end)?,
            payouts: self.payouts_between(profile, start, end)?,
        })
    }

    /// The close of `[from, to]` for `profile` (every profile's with `None`): the same figures
    /// the app's Cuadre del día, `paydesk ledger close` and the CSV show.
    pub fn reconcile(
        &self,
        profile: Option<&str>,
        from: Date,
        to: Date,
        now_ms: i64,
    ) -> Result<Report, LedgerError> {
        let rows = self.rows(profile, from, to)?;
        let (start, end) = bounds(from, to);
        let notable = self.notable_notifications(profile, start, end)?;
        let mut report = Report {
            from,
            to,
            by_state: BTreeMap::new(),
            by_method: BTreeMap::new(),
            by_cashier: BTreeMap::new(),
            by_day: BTreeMap::new(),
            by_hour: BTreeMap::new(),
            approved: Totals::default(),
            unconfirmed: 0,
            payouts_paid: Totals::default(),
            payouts_open: Totals::default(),
            payouts_failed: Totals::default(),
            exceptions: Vec::new(),
            notifications: self.notification_count_between(profile, start, end)?,
        };
        // The money: what the service's answers recorded, one row per payment (a sale is one
        // payment; a code that takes many has one row for each).
        for received in &rows.received {
            let figures = received.figures();
            report.approved.add(figures);
            report
                .by_method
                .entry(received.kind.clone())
                .or_default()
                .add(figures);
            report
                .by_cashier
                .entry(received.cashier.clone())
                .or_default()
                .add(figures);
            if let Some((day, hour)) = clock::day_and_hour(received.received_at) {
                report.by_day.entry(day).or_default().add(figures);
                report.by_hour.entry(hour).or_default().add(figures);
            }
            if received.fee.is_none() {
                report.exceptions.push(Exception {
                    kind: ExceptionKind::FeeNotKnown,
                    reference: received.reference.clone(),
                    detail: crate::t!(
                        "exception-detail-fee-not-known",
                        amount = shown(received.amount)
                    ),
                });
            }
        }
        // Notifications are hints: what they say is shown, never counted.
        let confirmed = Confirmed::of(&rows.received);
        for (notification, ours) in &notable {
            if notification.check_state == CheckState::Disagrees {
                report.exceptions.push(Exception {
                    kind: ExceptionKind::Disagreement,
                    reference: notification.reference_id.clone(),
                    detail: crate::t!(
                        "exception-detail-disagreement",
                        notified = notification.status.to_string(),
                        service = state_words(notification.service_status)
                    ),
                });
                continue;
            }
            if !ours {
                report.exceptions.push(Exception {
                    kind: ExceptionKind::NotificationWithoutResource,
                    reference: notification.reference_id.clone(),
                    detail: crate::t!(
                        "exception-detail-unknown",
                        state = notification.status.to_string(),
                        time = crate::clock::shown_datetime(notification.received_at)
                    ),
                });
                continue;
            }
            if notification.status == TransactionStatus::Approved
                && !notification.is_payout()
                && !confirmed.holds(notification)
            {
                report.unconfirmed += 1;
                report.exceptions.push(Exception {
                    kind: ExceptionKind::Unconfirmed,
                    reference: notification.reference_id.clone(),
                    detail: crate::t!(
                        "exception-detail-unconfirmed",
                        time = crate::clock::shown_datetime(notification.received_at)
                    ),
                });
            }
        }
        for collection in &rows.collections {
            let amount = if collection.repeatable {
                // A code that takes payments: what it took, under the state it is in.
                Pesos::sum_of(
                    rows.received
                        .iter()
                        .filter(|received| received.reference == collection.reference)
                        .filter_map(|received| received.amount),
                )
            } else {
                collection.amount
            };
            report
                .by_state
                .entry(collection.status)
                .or_default()
                .add_gross(amount);
            let pending = collection.status.is_none_or(|status| !status.is_final());
            if !collection.repeatable
                && pending
                && now_ms - collection.created_at > PENDING_TOO_LONG_MS
            {
                report.exceptions.push(Exception {
                    kind: ExceptionKind::PendingTooLong,
                    reference: collection.reference.clone(),
                    detail: crate::t!(
                        "exception-detail-created",
                        time = crate::clock::shown_datetime(collection.created_at)
                    ),
                });
            }
        }
        for payout in &rows.payouts {
            let bucket = match payout.state {
                PayoutState::Approved => &mut report.payouts_paid,
                PayoutState::Failed | PayoutState::Refused | PayoutState::NotSent => {
                    &mut report.payouts_failed
                }
                _ => &mut report.payouts_open,
            };
            bucket.add_gross(Some(payout.amount));
            if payout.state == PayoutState::Unknown {
                report.exceptions.push(Exception {
                    kind: ExceptionKind::PayoutOutcomeUnknown,
                    reference: payout.reference1.clone(),
                    detail: crate::t!(
                        "exception-detail-payout",
                        amount = payout.amount.to_string(),
                        destination = payout.destination.as_str()
                    ),
                });
            }
        }
        report
            .exceptions
            .sort_by(|a, b| (a.kind, &a.reference).cmp(&(b.kind, &b.reference)));
        Ok(report)
    }

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
        let spanish = language == Language::Es;
        if spanish {
            out.write_all("\u{feff}".as_bytes())
                .map_err(|e| ExportError::Io(e.to_string()))?;
        }
        let mut writer = csv::WriterBuilder::new()
            .delimiter(if spanish { b';' } else { b',' })
            .from_writer(out);
        writer.write_record(if spanish {
            SPANISH_HEADER
        } else {
            EXPORT_HEADER
        })?;
        // Record kinds and check states are words a person reads in Spanish, codes in English.
        let word = |english: &'static str, spanish_word: &'static str| {
            if spanish { spanish_word } else { english }
        };
        let checked = |confirmed: bool| {
            if confirmed {
                word("confirmed", "confirmado")
            } else {
                word("unchecked", "sin confirmar")
            }
        };
        let kind_words = |kind: &PaymentKind| {
            if spanish {
                kind.words(catalog)
            } else {
                kind.code()
            }
        };
        let money = |value: Option<Pesos>| value.map(|p| p.get().to_string()).unwrap_or_default();
        // Text typed by a cashier or posted by anyone reads as text in a spreadsheet, never as
        // a formula; the amounts are the export's own numbers.
        let text = |cell: &str| crate::untrusted::spreadsheet_text(cell).into_owned();
        let status_id = |status: Option<TransactionStatus>| {
            status.map(|s| s.id().to_string()).unwrap_or_default()
        };
        let mut count = 0;
        for n in &notifications {
            let check = if spanish {
                n.check_state.words()
            } else {
                n.check_state.as_str().to_owned()
            };
            writer.write_record([
                word("notification", "notificación"),
                &local_time(n.received_at),
                &text(&n.reference_id),
                &text(&n.reference1),
                &text(&n.payment_method),
                "",
                "",
                "",
                &n.status.to_string(),
                &check,
                &status_id(n.service_status),
                "",
                "",
            ])?;
            count += 1;
        }
        for c in &rows.collections {
            writer.write_record([
                word("collection", "cobro"),
                &local_time(c.created_at),
                &text(&c.reference),
                &text(&c.reference1),
                &text(&kind_words(&c.kind)),
                &money(c.amount),
                "",
                "",
                &state_words(c.status),
                checked(c.status.is_some()),
                &status_id(c.status),
                &text(&c.made_by.cashier),
                &text(&c.made_by.till),
            ])?;
            count += 1;
        }
        for r in &rows.received {
            let figures = r.figures().completed();
            writer.write_record([
                word("payment received", "pago recibido"),
                &local_time(r.received_at),
                &text(&r.reference),
                &text(&r.provider_reference),
                &text(&kind_words(&r.kind)),
                &money(figures.gross),
                &money(figures.fee),
                &money(figures.net),
                &state_words(Some(TransactionStatus::Approved)),
                checked(true),
                &TransactionStatus::Approved.id().to_string(),
                &text(&r.cashier),
                "",
            ])?;
            count += 1;
        }
        for p in &rows.payouts {
            let state = if spanish {
                p.state.words()
            } else {
                p.state.as_str().to_owned()
            };
            let method = if spanish {
                crate::api::family_b::withdraw_method_name(p.method_id)
            } else {
                p.method_id.to_string()
            };
            writer.write_record([
                word("payout", "dispersión"),
                &local_time(p.created_at),
                &text(p.transaction_reference.as_deref().unwrap_or("")),
                &text(&p.reference1),
                &method,
                &p.amount.get().to_string(),
                "",
                "",
                &state,
                checked(p.service_status.is_some()),
                &p.service_status.map(|s| s.to_string()).unwrap_or_default(),
                "",
                "",
            ])?;
            count += 1;
        }
        writer.flush().map_err(|e| ExportError::Io(e.to_string()))?;
        Ok(count)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_the_shops() {
        let day = parse_date("2026-11-21").unwrap();
        let (start, end) = bounds(day, day);
        assert_eq!(end - start, 86_400_000);
        // 2026-11-21 00:00 in Bogotá is 05:00 UTC.
        assert_eq!(start, 1_795_237_200_000);
        assert_eq!(local_time(start), "2026-11-21 00:00:00");
        assert!(parse_date("21/11/2026").is_none());
        assert_eq!(format_date(day), "2026-11-21");
    }
}
