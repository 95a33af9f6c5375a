//! The day's close from the books: what came in, what went out, what to review, by state, method, cashier, day and hour; the money in that every screen shows (`MoneyIn`).

use std::collections::{BTreeMap, HashMap, HashSet};

use time::Date;

use crate::clock;

use super::cash::CashDay;
use super::figures::{Figures, MoneyIn};
use super::review::{Notable, Reached, TabPaidTwice};
use super::tabs::TabDay;
use super::{Returned, Totals, bounds, state_words};

use crate::api::TransactionStatus;
use crate::api::kind::PaymentKind;
use crate::ledger::CheckState;
use crate::ledger::sale_state::{PartTie, PartWay, SalePart, SaleRecord};
use crate::ledger::{
    Collection, Contradiction, Ledger, LedgerError, PayoutRecord, PayoutState, ReceivedPayment,
    ReturnRecord, StoredNotification,
};
use crate::money::Pesos;

/// A collection still pending this long after it was created is an exception.
pub const PENDING_TOO_LONG_MS: i64 = 2 * 3_600_000;

pub use crate::clock::{format_date, parse_date};

/// An amount as a person reads it, or `?` where the service did not say.
fn shown(amount: Option<Pesos>) -> String {
    amount.map_or_else(|| "?".to_owned(), |amount| amount.to_string())
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
    /// A notification that reached one of the shop's charges but is not that sale's: its
    /// reference (a counter code's: which payment) or its amount is not what the service states.
    NotItsSale,
    PayoutOutcomeUnknown,
    /// The service contradicted a final state the books keep: the books are not changed.
    Contradiction,
    /// A sale whose parts that stand come to more than it (read from the sales journal): an
    /// electronic sale the service confirmed that was also charged in cash instead, a charge
    /// approved after another part paid the sale.
    PaidTwice,
    /// A customer's tab paid by two links at once: credit in the customer's favour.
    TabPaidByTwoLinks,
    /// A drawer's shift opened on an earlier day and still not counted.
    ShiftLeftOpen,
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
            ExceptionKind::NotItsSale => "notItsSale",
            ExceptionKind::PayoutOutcomeUnknown => "payoutOutcomeUnknown",
            ExceptionKind::Contradiction => "contradiction",
            ExceptionKind::PaidTwice => "paidTwice",
            ExceptionKind::TabPaidByTwoLinks => "tabPaidByTwoLinks",
            ExceptionKind::ShiftLeftOpen => "shiftLeftOpen",
        }
    }

    pub fn words(self) -> String {
        match self {
            ExceptionKind::PendingTooLong => crate::t!("exception-pending-too-long"),
            ExceptionKind::Unconfirmed => crate::t!("exception-unconfirmed"),
            ExceptionKind::FeeNotKnown => crate::t!("exception-fee-not-known"),
            ExceptionKind::NotificationWithoutResource => crate::t!("exception-unknown-payment"),
            ExceptionKind::Disagreement => crate::t!("exception-disagreement"),
            ExceptionKind::NotItsSale => crate::t!("exception-not-its-sale"),
            ExceptionKind::PayoutOutcomeUnknown => crate::t!("exception-payout-unknown"),
            ExceptionKind::Contradiction => crate::t!("exception-contradiction"),
            ExceptionKind::PaidTwice => crate::t!("cashclose-exception-paid-twice"),
            ExceptionKind::TabPaidByTwoLinks => crate::t!("exception-tab-paid-by-two-links"),
            ExceptionKind::ShiftLeftOpen => crate::t!("cashclose-exception-left-open"),
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
    /// Payouts to suppliers (and whoever else the shop pays), returns apart.
    pub payouts_paid: Totals,
    pub payouts_open: Totals,
    pub payouts_failed: Totals,
    /// Money back to customers: returns made in these days, whatever day their sale was.
    pub returns: Returned,
    pub exceptions: Vec<Exception>,
    pub notifications: usize,
    /// The drawers' cash: counted by cashiers, never confirmed by the service, and the same
    /// whatever profile the close is filtered to (the drawer is the shop's).
    pub cash: CashDay,
    /// Customers' tabs: what was taken (not money), what was collected (money already counted
    /// in `approved` or in `cash`, never again) and what is owed now; the shop's, whatever the
    /// profile.
    pub tabs: TabDay,
    /// The three figures every surface shows first: Ventas, Recibido, Por cobrar.
    pub figures: Figures,
}

impl Report {
    /// One more thing a bookkeeper must look at.
    fn review(&mut self, kind: ExceptionKind, reference: impl Into<String>, detail: String) {
        self.exceptions.push(Exception {
            kind,
            reference: reference.into(),
            detail,
        });
    }

    fn empty(from: Date, to: Date) -> Report {
        Report {
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
            returns: Returned::default(),
            exceptions: Vec::new(),
            notifications: 0,
            cash: CashDay::default(),
            tabs: TabDay::default(),
            figures: Figures::default(),
        }
    }

    /// The money: what the service's answers recorded, one row per payment (a sale is one
    /// payment; a code that takes many has one row for each).
    fn count_received(&mut self, received: &[ReceivedPayment]) {
        self.approved = MoneyIn::of(received).totals;
        for payment in received {
            let figures = payment.figures();
            self.by_method
                .entry(payment.kind.clone())
                .or_default()
                .add(figures);
            self.by_cashier
                .entry(payment.cashier.clone())
                .or_default()
                .add(figures);
            if let Some((day, hour)) = clock::day_and_hour(payment.received_at) {
                self.by_day.entry(day).or_default().add(figures);
                self.by_hour.entry(hour).or_default().add(figures);
            }
            if payment.fee.is_none() {
                self.review(
                    ExceptionKind::FeeNotKnown,
                    payment.reference.as_str(),
                    crate::t!(
                        "exception-detail-fee-not-known",
                        amount = shown(payment.amount)
                    ),
                );
            }
        }
    }

    /// Notifications are hints: what they say is shown, never counted.
    fn note_notifications(&mut self, notable: &[Notable], confirmed: &Confirmed<'_>) {
        for noted in notable {
            let notification = &noted.notification;
            let (kind, detail) = if notification.check_state == CheckState::NotItsSale {
                (ExceptionKind::NotItsSale, not_its_sale(noted))
            } else if notification.check_state == CheckState::Disagrees {
                (
                    ExceptionKind::Disagreement,
                    crate::t!(
                        "exception-detail-disagreement",
                        notified = notification.status.to_string(),
                        service = state_words(notification.service_status)
                    ),
                )
            } else if !noted.ours {
                (
                    ExceptionKind::NotificationWithoutResource,
                    crate::t!(
                        "exception-detail-unknown",
                        state = notification.status.to_string(),
                        time = crate::clock::shown_datetime(notification.received_at)
                    ),
                )
            } else if notification.status == TransactionStatus::Approved
                && !notification.is_payout()
                && !confirmed.holds(notification)
            {
                self.unconfirmed += 1;
                (
                    ExceptionKind::Unconfirmed,
                    crate::t!(
                        "exception-detail-unconfirmed",
                        time = crate::clock::shown_datetime(notification.received_at)
                    ),
                )
            } else {
                continue;
            };
            self.review(kind, notification.reference_id.as_str(), detail);
        }
    }

    /// Payments created in the range, by their state; a sale still open too long is an
    /// exception.
    fn count_collections(
        &mut self,
        collections: &[Collection],
        received: &[ReceivedPayment],
        now_ms: i64,
    ) {
        // A code that takes payments: what it took, under the state it is in (summed once for
        // every code: a year has a code's payments by the ten thousand).
        let mut taken: HashMap<&str, Option<Pesos>> = collections
            .iter()
            .filter(|collection| collection.repeatable)
            .map(|collection| (collection.reference.as_str(), None))
            .collect();
        for payment in received {
            if let (Some(sum), Some(amount)) =
                (taken.get_mut(payment.reference.as_str()), payment.amount)
            {
                *sum = Some(sum.map_or(amount, |sum| sum.saturating_add(amount)));
            }
        }
        for collection in collections {
            let amount = if collection.repeatable {
                taken.get(collection.reference.as_str()).copied().flatten()
            } else {
                collection.amount
            };
            self.by_state
                .entry(collection.status)
                .or_default()
                .add_gross(amount);
            let pending = collection.status.is_none_or(|status| !status.is_final());
            if !collection.repeatable
                && pending
                && now_ms - collection.created_at > PENDING_TOO_LONG_MS
            {
                self.review(
                    ExceptionKind::PendingTooLong,
                    collection.reference.as_str(),
                    crate::t!(
                        "exception-detail-created",
                        time = crate::clock::shown_datetime(collection.created_at)
                    ),
                );
            }
        }
    }

    /// Answers that contradicted a final state: listed to review, never counted.
    fn note_contradictions(&mut self, contradictions: &[Contradiction]) {
        for contradiction in contradictions {
            self.review(
                ExceptionKind::Contradiction,
                contradiction.reference.as_str(),
                crate::t!(
                    "exception-detail-contradiction",
                    held = state_words(Some(contradiction.held)),
                    answered = state_words(Some(contradiction.answered)),
                    time = crate::clock::shown_datetime(contradiction.seen_at)
                ),
            );
        }
    }

    /// Returns apart from payouts: the money back by the sale's method and cashier; one whose
    /// answer was lost is to review, as a payout's is.
    fn count_returns(&mut self, returns: &[ReturnRecord]) {
        self.returns = Returned::of(returns);
        for record in returns {
            if record.payout.state == PayoutState::Unknown {
                self.review(
                    ExceptionKind::PayoutOutcomeUnknown,
                    record.payout.reference1.as_str(),
                    crate::t!(
                        "exception-detail-return",
                        amount = record.payout.amount.to_string(),
                        destination = record.payout.destination.as_str(),
                        sale = record.tie.sale.as_str()
                    ),
                );
            }
        }
    }

    fn count_payouts(&mut self, payouts: &[PayoutRecord]) {
        for payout in payouts {
            let bucket = match payout.state {
                PayoutState::Approved => &mut self.payouts_paid,
                PayoutState::Failed | PayoutState::Refused | PayoutState::NotSent => {
                    &mut self.payouts_failed
                }
                _ => &mut self.payouts_open,
            };
            bucket.add_gross(Some(payout.amount));
            if payout.state == PayoutState::Unknown {
                self.review(
                    ExceptionKind::PayoutOutcomeUnknown,
                    payout.reference1.as_str(),
                    crate::t!(
                        "exception-detail-payout",
                        amount = payout.amount.to_string(),
                        destination = payout.destination.as_str()
                    ),
                );
            }
        }
    }
}

impl Report {
    /// What the drawers leave to review: a shift left open from an earlier day.
    fn note_cash(&mut self, now_ms: i64) {
        let left_open: Vec<(String, String)> = self
            .cash
            .drawers
            .iter()
            .filter(|drawer| drawer.report.shift.left_open_before(now_ms))
            .map(|drawer| {
                let shift = &drawer.report.shift;
                let detail = crate::t!(
                    "cashclose-exception-detail-left-open",
                    till = shift.till_name.as_str(),
                    since = crate::clock::shown_datetime(shift.opened_at),
                    expected = drawer.expected.to_string()
                );
                (shift.id.to_string(), detail)
            })
            .collect();
        for (shift, detail) in left_open {
            self.review(ExceptionKind::ShiftLeftOpen, shift, detail);
        }
    }

    /// Sales paid twice, from the sales journal: the period's sales, and the earlier ones a
    /// payment confirmed in the period came to stand in (so it shows the day it happens,
    /// whichever came first). Only a profile's own electronic side is looked at under a profile
    /// filter; a sale paid with no charge is the shop's. The customer paid twice and one must be
    /// given back; nothing is changed in the books.
    fn note_paid_twice(
        &mut self,
        sales: &[SaleRecord],
        earlier: &[SaleRecord],
        profile: Option<&str>,
    ) {
        for sale in sales.iter().chain(earlier) {
            let Some(over) = sale.paid_twice() else {
                continue;
            };
            let charges: Vec<&str> = sale
                .parts
                .iter()
                .filter_map(|part| match &part.tie {
                    PartTie::Service(service) => Some(service.profile.as_str()),
                    _ => None,
                })
                .collect();
            if profile.is_some_and(|profile| !charges.is_empty() && !charges.contains(&profile)) {
                continue;
            }
            let standing: Vec<&SalePart> = sale
                .parts
                .iter()
                .filter(|part| part.paid > Pesos::ZERO)
                .collect();
            let reference = standing
                .iter()
                .find(|part| part.way() == PartWay::Service)
                .map_or_else(
                    || sale.number.to_string(),
                    |part| part.reference().to_owned(),
                );
            self.review(
                ExceptionKind::PaidTwice,
                reference,
                paid_twice(sale, &standing, over),
            );
        }
    }

    /// Tabs paid by two links at once: the credit in the customer's favour, and whose.
    fn note_tabs(&mut self, two_links: &[TabPaidTwice]) {
        for twice in two_links {
            let customer = match twice.customer.trim() {
                "" => crate::t!("exception-forgotten-customer"),
                name => name.to_owned(),
            };
            self.review(
                ExceptionKind::TabPaidByTwoLinks,
                twice.reference.as_str(),
                crate::t!(
                    "exception-detail-tab-paid-by-two-links",
                    customer = customer,
                    amount = twice.credit.to_string()
                ),
            );
        }
    }
}

/// A notification that is not the sale's it reached: what it says, and what the sale is.
fn not_its_sale(noted: &Notable) -> String {
    let notification = &noted.notification;
    let amount = notification
        .figures
        .net
        .map_or_else(|| notification.amount_text.clone(), |net| net.to_string());
    let reached = noted.reached.as_ref();
    if let Some(code) = reached.filter(|charge| charge.repeatable) {
        let payment = match notification.provider_reference.trim() {
            "" => crate::t!("exception-no-provider-reference"),
            payment => payment.to_owned(),
        };
        return crate::t!(
            "exception-detail-not-its-payment",
            payment = payment,
            code = code.reference.as_str(),
            amount = amount
        );
    }
    let sale = match reached {
        Some(Reached {
            sale: Some(number), ..
        }) => crate::t!(
            "exception-not-its-sale-numbered",
            number = number.to_string()
        ),
        Some(Reached {
            tab_customer: Some(name),
            ..
        }) if !name.trim().is_empty() => {
            crate::t!("exception-not-its-sale-tab", customer = name.as_str())
        }
        _ => crate::t!("exception-not-its-sale-charge"),
    };
    crate::t!(
        "exception-detail-not-its-sale",
        reference = notification.reference_id.as_str(),
        amount = amount,
        sale = sale,
        sale_reference = reached.map_or("?", |charge| charge.reference.as_str()),
        sale_amount = shown(reached.and_then(|charge| charge.amount))
    )
}

/// A sale paid twice in words: as a cash sale charged instead of a charge the service approved
/// anyway was always said, or every way that paid it.
fn paid_twice(sale: &SaleRecord, standing: &[&SalePart], over: Pesos) -> String {
    let of = |way: PartWay| standing.iter().filter(move |part| part.way() == way);
    if let ([cash], [service], 2) = (
        of(PartWay::Cash).collect::<Vec<_>>().as_slice(),
        of(PartWay::Service).collect::<Vec<_>>().as_slice(),
        standing.len(),
    ) {
        return crate::t!(
            "cashclose-exception-detail-paid-twice",
            cash = cash.reference(),
            amount = cash.paid.to_string(),
            approved = service.paid.to_string()
        );
    }
    let parts: Vec<String> = standing
        .iter()
        .map(|part| {
            crate::t!(
                "exception-sale-part",
                way = part.way().words(),
                reference = part.reference(),
                amount = part.paid.to_string()
            )
        })
        .collect();
    crate::t!(
        "exception-detail-sale-paid-twice",
        number = sale.number.to_string(),
        total = sale.total().to_string(),
        standing = sale.standing().to_string(),
        parts = parts.join(" + "),
        over = over.to_string()
    )
}

/// What a close and an export both read of a range.
pub(super) struct Rows {
    pub(super) collections: Vec<Collection>,
    /// Payouts that are not returns.
    pub(super) payouts: Vec<PayoutRecord>,
    /// Returns made in the range: payouts tied to the sale they return.
    pub(super) returns: Vec<ReturnRecord>,
    /// The money received: one row per payment the service confirmed.
    pub(super) received: Vec<ReceivedPayment>,
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
    pub(super) fn rows(
        &self,
        profile: Option<&str>,
        from: Date,
        to: Date,
    ) -> Result<Rows, LedgerError> {
        let (start, end) = bounds(from, to);
        let returns = self.returns_between(profile, start, end)?;
        let returned: HashSet<i64> = returns.iter().map(|record| record.payout.id).collect();
        let mut payouts = self.payouts_between(profile, start, end)?;
        payouts.retain(|payout| !returned.contains(&payout.id));
        Ok(Rows {
            collections: self.collections_between(profile, start, end)?,
            received: self.received_between(profile, start, end)?,
            payouts,
            returns,
        })
    }

    /// The close of `[from, to]` for `profile` (every profile's with `None`): the same figures
    /// the app's Cuadre del día, `paydesk ledger close` and the CSV show. Returns are counted
    /// apart from payouts, on the day each was made.
    pub fn reconcile(
        &self,
        profile: Option<&str>,
        from: Date,
        to: Date,
        now_ms: i64,
    ) -> Result<Report, LedgerError> {
        let (start, end) = bounds(from, to);
        let sales = self.sales_between(start, end)?;
        self.close_of(profile, from, to, now_ms, &sales)
    }

    /// The close of `[from, to]` whose sales made are `sales`.
    fn close_of(
        &self,
        profile: Option<&str>,
        from: Date,
        to: Date,
        now_ms: i64,
        sales: &[SaleRecord],
    ) -> Result<Report, LedgerError> {
        let (start, end) = bounds(from, to);
        let mut rows = self.rows(profile, from, to)?;
        let reads = self.figure_reads_beside(std::mem::take(&mut rows.received), start, end)?;
        let notable = self.notable_notifications(profile, start, end)?;
        let mut report = Report::empty(from, to);
        report.notifications = self.notification_count_between(profile, start, end)?;
        report.count_received(&reads.received);
        report.note_notifications(&notable, &Confirmed::of(&reads.received));
        report.count_collections(&rows.collections, &reads.received, now_ms);
        report.count_payouts(&rows.payouts);
        report.count_returns(&rows.returns);
        report.note_contradictions(&self.contradictions_between(profile, start, end)?);
        report.cash = CashDay::of(
            &reads.cash,
            self.shifts_between_beside(start, end, &reads.cash)?,
        );
        report.note_cash(now_ms);
        report.note_tabs(&self.tabs_paid_by_two_links(start, end)?);
        report.note_paid_twice(sales, &self.sales_paid_in(start, end)?, profile);
        report.figures = reads.figures(sales);
        report.tabs = reads.tabs;
        report
            .exceptions
            .sort_by(|a, b| (a.kind, &a.reference).cmp(&(b.kind, &b.reference)));
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ledger::reconcile::local_time;

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
