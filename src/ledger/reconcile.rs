//! Reconciliation of a day or a range: collections by state and method, approved totals
//! (amount, cost, net), payouts, and the exceptions a bookkeeper must look at. Dates are the
//! shop's (Colombia, UTC-5); a range includes both ends.

use std::collections::BTreeMap;
use std::io::Write;

use time::{Date, macros::format_description};

use crate::clock;
use crate::i18n::Language;

use super::{Collection, Ledger, LedgerError, PayoutRecord, PayoutState, StoredNotification};
use crate::api::family_b::TransactionStatus;
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
                *total = total.checked_add(value).unwrap_or(*total);
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
    ApprovedWithoutNotification,
    NotificationWithoutResource,
    TwoApprovals,
    Disagreement,
    PayoutOutcomeUnknown,
    FiguresDoNotAddUp,
}

impl ExceptionKind {
    pub fn words(self) -> String {
        match self {
            ExceptionKind::PendingTooLong => crate::t!("exception-pending-too-long"),
            ExceptionKind::ApprovedWithoutNotification => crate::t!("exception-no-notification"),
            ExceptionKind::NotificationWithoutResource => crate::t!("exception-unknown-payment"),
            ExceptionKind::TwoApprovals => crate::t!("exception-paid-twice"),
            ExceptionKind::Disagreement => crate::t!("exception-disagreement"),
            ExceptionKind::PayoutOutcomeUnknown => crate::t!("exception-payout-unknown"),
            ExceptionKind::FiguresDoNotAddUp => crate::t!("exception-figures"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exception {
    pub kind: ExceptionKind,
    pub reference: String,
    pub detail: String,
}

impl Exception {
    /// Money the service confirmed when asked, with no notification: its fee is not known here.
    fn without_notification(reference: &str, amount: Option<Pesos>) -> Exception {
        Exception {
            kind: ExceptionKind::ApprovedWithoutNotification,
            reference: reference.to_owned(),
            detail: crate::t!(
                "exception-detail-no-notification",
                amount = amount.map(|a| a.to_string()).unwrap_or_default()
            ),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub from: Date,
    pub to: Date,
    /// Collections created from this computer, by their last known state.
    pub by_state: BTreeMap<String, Totals>,
    /// Approved notifications by payment method.
    pub by_method: BTreeMap<String, Totals>,
    /// Approved notifications (each approval counts, even two for one reference).
    pub approved: Totals,
    pub payouts_paid: Totals,
    pub payouts_open: Totals,
    pub payouts_failed: Totals,
    pub exceptions: Vec<Exception>,
    pub notifications: usize,
}

fn state_words(status: Option<i64>) -> String {
    match status {
        Some(id) => TransactionStatus::from_id(id).to_string(),
        None => "not checked".to_owned(),
    }
}

/// A notified status in words: 0 rejected, 1 pending, 2 approved, 3 failed (the service also
/// notifies rejected and cancelled payments as failed), 9 processing.
pub fn notified_words(status: i64) -> String {
    TransactionStatus::from_id(status).to_string()
}

/// Methods whose resource may be paid more than once: the interoperable QR (248) and the
/// Bre-B key (250), and the Family A static QR (3). Several approvals there are normal.
pub fn may_be_paid_more_than_once(product_id: Option<i64>) -> bool {
    matches!(product_id, Some(3 | 248 | 250))
}

struct Rows {
    notifications: Vec<StoredNotification>,
    collections: Vec<Collection>,
    payouts: Vec<PayoutRecord>,
    /// The notified references that are ours.
    known: std::collections::HashSet<String>,
    /// What codes that take many payments took.
    received: Vec<super::ReceivedPayment>,
}

impl Rows {
    /// The codes' payments that no counted notification carried (a static QR's, seen by status
    /// checks alone): a notification of the same payment has its provider reference.
    fn received_without_notification(&self) -> Vec<&super::ReceivedPayment> {
        let notified: std::collections::HashSet<(&str, &str)> = self
            .notifications
            .iter()
            .filter(|n| {
                n.status == 2
                    && n.withdraw_reference1.is_none()
                    && n.check_state != CheckState::Disagrees
            })
            .map(|n| (n.reference_id.as_str(), n.provider_reference.as_str()))
            .collect();
        self.received
            .iter()
            .filter(|r| !notified.contains(&(r.reference.as_str(), r.provider_reference.as_str())))
            .collect()
    }
}

impl Ledger {
    fn rows(&self, profile: Option<&str>, from: Date, to: Date) -> Result<Rows, LedgerError> {
        let (start, end) = bounds(from, to);
        let payouts = self.payouts_between(profile, start, end)?;
        Ok(Rows {
            notifications: self.notifications_between_without_raw(start, end)?,
            known: self.known_references_between(start, end)?,
            collections: self.collections_between(profile, start, end)?,
            received: self.received_between(profile, start, end)?,
            payouts,
        })
    }

    pub fn reconcile(
        &self,
        profile: Option<&str>,
        from: Date,
        to: Date,
        now_ms: i64,
    ) -> Result<Report, LedgerError> {
        let rows = self.rows(profile, from, to)?;
        let mut report = Report {
            from,
            to,
            by_state: BTreeMap::new(),
            by_method: BTreeMap::new(),
            approved: Totals::default(),
            payouts_paid: Totals::default(),
            payouts_open: Totals::default(),
            payouts_failed: Totals::default(),
            exceptions: Vec::new(),
            notifications: rows.notifications.len(),
        };
        // Every approval of a reference, each one money received: a repeated delivery of the
        // same notification is already one row, so two rows are two payments.
        let mut approvals: BTreeMap<&str, Vec<&StoredNotification>> = BTreeMap::new();
        for notification in &rows.notifications {
            if notification.check_state == CheckState::Disagrees {
                report.exceptions.push(Exception {
                    kind: ExceptionKind::Disagreement,
                    reference: notification.reference_id.clone(),
                    detail: crate::t!(
                        "exception-detail-disagreement",
                        notified = notified_words(notification.status),
                        service = state_words(notification.service_status)
                    ),
                });
                continue;
            }
            if notification.status == 2 && notification.withdraw_reference1.is_none() {
                if !notification.figures.add_up() {
                    let shown = |value: Option<Pesos>| {
                        value.map_or_else(|| "?".to_owned(), |p| p.to_string())
                    };
                    report.exceptions.push(Exception {
                        kind: ExceptionKind::FiguresDoNotAddUp,
                        reference: notification.reference_id.clone(),
                        detail: crate::t!(
                            "exception-detail-figures",
                            gross = shown(notification.figures.gross),
                            fee = shown(notification.figures.fee),
                            net = shown(notification.figures.net)
                        ),
                    });
                } else {
                    report.approved.add(notification.figures);
                    let method = if notification.payment_method.is_empty() {
                        crate::t!("reconcile-method-not-given")
                    } else {
                        notification.payment_method.clone()
                    };
                    report
                        .by_method
                        .entry(method)
                        .or_default()
                        .add(notification.figures);
                }
                approvals
                    .entry(notification.reference_id.as_str())
                    .or_default()
                    .push(notification);
            }
            if !rows.known.contains(&notification.reference_id) {
                report.exceptions.push(Exception {
                    kind: ExceptionKind::NotificationWithoutResource,
                    reference: notification.reference_id.clone(),
                    detail: crate::t!(
                        "exception-detail-unknown",
                        state = notified_words(notification.status),
                        amount = notification
                            .figures
                            .completed()
                            .gross
                            .map(|a| a.to_string())
                            .unwrap_or_else(|| notification.amount_text.clone()),
                        time = crate::clock::shown_datetime(notification.received_at)
                    ),
                });
            }
        }
        for (reference, paid) in &approvals {
            if paid.len() > 1 {
                let each: Vec<String> = paid
                    .iter()
                    .map(|n| {
                        let gross = n.figures.completed().gross;
                        crate::t!(
                            "exception-detail-one-approval",
                            amount = gross.map_or_else(|| n.amount_text.clone(), |p| p.to_string()),
                            time = crate::clock::shown_service_time(&n.updated_at)
                        )
                    })
                    .collect();
                let normal = if paid
                    .iter()
                    .all(|n| may_be_paid_more_than_once(n.product_id))
                {
                    crate::t!("exception-detail-repeatable")
                } else {
                    crate::t!("exception-detail-check-customer")
                };
                report.exceptions.push(Exception {
                    kind: ExceptionKind::TwoApprovals,
                    reference: (*reference).to_owned(),
                    detail: crate::t!(
                        "exception-detail-approvals",
                        count = paid.len(),
                        each = each.join(", "),
                        note = normal
                    ),
                });
            }
        }
        // A code's payment counts once: by its notification when one came, else here.
        for received in rows.received_without_notification() {
            let figures = PaymentFigures {
                gross: received.amount,
                fee: received.fee,
                net: None,
            };
            report.approved.add(figures);
            report
                .by_method
                .entry(received.kind.clone())
                .or_default()
                .add(figures);
            if received.fee.is_none() {
                report.exceptions.push(Exception::without_notification(
                    &received.reference,
                    received.amount,
                ));
            }
        }
        for collection in &rows.collections {
            if collection.repeatable {
                // A code that takes payments: what it took, under the state it is in.
                let taken = Pesos::sum_of(
                    rows.received
                        .iter()
                        .filter(|received| received.reference == collection.reference)
                        .filter_map(|received| received.amount),
                );
                report
                    .by_state
                    .entry(state_words(collection.status))
                    .or_default()
                    .add_gross(taken);
                continue;
            }
            report
                .by_state
                .entry(state_words(collection.status))
                .or_default()
                .add_gross(collection.amount);
            let pending = matches!(collection.status, None | Some(1) | Some(9));
            if pending && now_ms - collection.created_at > PENDING_TOO_LONG_MS {
                report.exceptions.push(Exception {
                    kind: ExceptionKind::PendingTooLong,
                    reference: collection.reference.clone(),
                    detail: crate::t!(
                        "exception-detail-created",
                        time = crate::clock::shown_datetime(collection.created_at)
                    ),
                });
            }
            if collection.status == Some(2)
                && !approvals.contains_key(collection.reference.as_str())
            {
                // The service confirmed it when asked: money received, even with no
                // notification (a receiver that was down). Its fee is not known here.
                report.approved.add_gross(collection.amount);
                report
                    .by_method
                    .entry(collection.kind.clone())
                    .or_default()
                    .add_gross(collection.amount);
                report.exceptions.push(Exception::without_notification(
                    &collection.reference,
                    collection.amount,
                ));
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
    /// per notification received and per collection or payout of `profile` (every profile's
    /// with `None`) in the range. Returns how many rows were written.
    pub fn export_csv_file(
        &self,
        profile: Option<&str>,
        from: Date,
        to: Date,
        path: &std::path::Path,
        language: Language,
    ) -> Result<usize, ExportError> {
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|error| {
                ExportError::Io(crate::t!(
                    "csv-could-not-create",
                    path = folder.display().to_string(),
                    error = error.to_string()
                ))
            })?;
        }
        let file = std::fs::File::create(path).map_err(|error| {
            ExportError::Io(crate::t!(
                "csv-could-not-create",
                path = path.display().to_string(),
                error = error.to_string()
            ))
        })?;
        let mut out = std::io::BufWriter::new(file);
        let rows = self.export_csv(profile, from, to, &mut out, language)?;
        out.flush()
            .map_err(|error| ExportError::Io(error.to_string()))?;
        Ok(rows)
    }

    /// One row per notification received and per collection or payout created in the range,
    /// with its confirmed state. Returns how many rows were written. In Spanish the file is
    /// what Excel set to Spanish (Colombia) opens as columns: a UTF-8 BOM, `;` between fields,
    /// Spanish headers and words; in English, the columns as they always were.
    pub fn export_csv(
        &self,
        profile: Option<&str>,
        from: Date,
        to: Date,
        mut out: impl Write,
        language: Language,
    ) -> Result<usize, ExportError> {
        let rows = self.rows(profile, from, to)?;
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
        let money = |value: Option<Pesos>| value.map(|p| p.get().to_string()).unwrap_or_default();
        let mut count = 0;
        for n in &rows.notifications {
            let figures = n.figures.completed();
            let check = if spanish {
                n.check_state.words()
            } else {
                n.check_state.as_str().to_owned()
            };
            writer.write_record([
                word("notification", "notificación"),
                &local_time(n.received_at),
                &n.reference_id,
                &n.reference1,
                &n.payment_method,
                &money(figures.gross),
                &money(figures.fee),
                &money(figures.net),
                &notified_words(n.status),
                &check,
                &n.service_status.map(|s| s.to_string()).unwrap_or_default(),
            ])?;
            count += 1;
        }
        for c in &rows.collections {
            writer.write_record([
                word("collection", "cobro"),
                &local_time(c.created_at),
                &c.reference,
                &c.reference1,
                &c.kind,
                &money(c.amount),
                "",
                "",
                &state_words(c.status),
                checked(c.status.is_some()),
                &c.status.map(|s| s.to_string()).unwrap_or_default(),
            ])?;
            count += 1;
        }
        // A code's payments that no notification carried (a static QR): the status check saw
        // them.
        for r in rows.received_without_notification() {
            let figures = PaymentFigures {
                gross: r.amount,
                fee: r.fee,
                net: None,
            }
            .completed();
            writer.write_record([
                word("payment received", "pago recibido"),
                &local_time(r.received_at),
                &r.reference,
                "",
                &r.kind,
                &money(figures.gross),
                &money(figures.fee),
                &money(figures.net),
                &state_words(Some(2)),
                checked(true),
                "2",
            ])?;
            count += 1;
        }
        for p in &rows.payouts {
            let state = if spanish {
                p.state.words()
            } else {
                p.state.as_str().to_owned()
            };
            writer.write_record([
                word("payout", "dispersión"),
                &local_time(p.created_at),
                p.transaction_reference.as_deref().unwrap_or(""),
                &p.reference1,
                &p.method_id.to_string(),
                &p.amount.get().to_string(),
                "",
                "",
                &state,
                checked(p.service_status.is_some()),
                &p.service_status.map(|s| s.to_string()).unwrap_or_default(),
            ])?;
            count += 1;
        }
        writer.flush().map_err(|e| ExportError::Io(e.to_string()))?;
        Ok(count)
    }
}

/// The same columns for Excel in Spanish.
pub const SPANISH_HEADER: [&str; 11] = [
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
];

pub const EXPORT_HEADER: [&str; 11] = [
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
