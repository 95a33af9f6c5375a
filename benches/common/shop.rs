//! A shop's sales written into the books for the benchmarks (ledger_scale's year, frame_time's
//! day): every kind a Colombian counter sees, each through the ledger's own call, as a till
//! writes it, so the sales journal holds what the app and the command line would have written.
//!
//! Out of every 100 sales: 37 by the service and approved (a link, Nequi, a QR with its amount),
//! one of them returned in part by a payout and one given back in cash at the counter; 2 QRs
//! declined (one charged again in cash) and 2 links expired unpaid; 10 payments at the day's
//! counter code (an interoperable QR); 31 in cash with change (one returned in part in cash, one
//! voided by the owner, two with three lines sold); 8 taken on fiado (paid three days later by a
//! link or in cash, or still owed, one of those given back in part to the tab); 5 part cash and
//! part QR; 3 a cash deposit and the rest on fiado. A supplier's payout per 20 sales. Each day
//! the drawer opens with its base and closes counted (today's stays open). The service's own
//! charges come with their three notifications (pending, processing, final), checked.

use std::collections::BTreeMap;

use paydesk::api::PayoutRequest;
use paydesk::api::TransactionStatus;
use paydesk::api::kind::PaymentKind;
use paydesk::api::notification::Notification;
use paydesk::ledger::activity::{Actor, Role};
use paydesk::ledger::{
    CheckState, Collection, IntentRules, Ledger, MadeBy, PayoutOutcome, ReceivedPayment, ReturnTie,
    StoreOutcome,
};
use paydesk::money::Pesos;
use paydesk::money::cash::{Count, DENOMINATIONS};
use paydesk::requests::{CustomerForm, ReturnReason};

#[path = "shop_sales.rs"]
mod sales;

const NO_RULES: IntentRules = IntentRules {
    spacing_ms: 0,
    repeat_window_ms: 0,
    confirmed_repeat_of: None,
};
const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 60 * MINUTE_MS;
/// How long after it is taken a fiado is paid.
const FIADO_PAID_AFTER_DAYS: usize = 3;
/// The QR with its amount Cobrar makes (Family A's method 2).
const QR_WITH_AMOUNT: PaymentKind = PaymentKind::Resource(2);
/// The counter code of the day: the interoperable QR, which takes payment after payment.
const COUNTER_CODE: PaymentKind = PaymentKind::Method(248);

/// What one sale is, by its place in a hundred.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Link,
    Nequi,
    Qr,
    LinkReturnedByPayout,
    QrGivenBackInCash,
    QrDeclinedThenCash,
    QrDeclined,
    LinkExpired,
    Counter,
    Cash,
    CashReturnedInPart,
    CashVoided,
    CashWithLines,
    FiadoPaidByLink,
    FiadoPaidInCash,
    FiadoOwed,
    FiadoReturnedToTab,
    CashAndQr,
    DepositAndFiado,
}

fn kind_of(slot: usize) -> Kind {
    match slot {
        0..=13 => Kind::Link,
        14..=23 => Kind::Nequi,
        24..=34 => Kind::Qr,
        35 => Kind::LinkReturnedByPayout,
        36 => Kind::QrGivenBackInCash,
        37 => Kind::QrDeclinedThenCash,
        38 => Kind::QrDeclined,
        39..=40 => Kind::LinkExpired,
        41..=50 => Kind::Counter,
        51..=77 => Kind::Cash,
        78 => Kind::CashReturnedInPart,
        79 => Kind::CashVoided,
        80..=81 => Kind::CashWithLines,
        82..=84 => Kind::FiadoPaidByLink,
        85..=87 => Kind::FiadoPaidInCash,
        88 => Kind::FiadoOwed,
        89 => Kind::FiadoReturnedToTab,
        90..=94 => Kind::CashAndQr,
        _ => Kind::DepositAndFiado,
    }
}

impl Kind {
    /// A charge of its own at the service, written with the day's batch.
    fn own_charge(self) -> Option<(PaymentKind, TransactionStatus)> {
        match self {
            Kind::Link | Kind::LinkReturnedByPayout => {
                Some((PaymentKind::Link, TransactionStatus::Approved))
            }
            Kind::Nequi => Some((PaymentKind::Method(130), TransactionStatus::Approved)),
            Kind::Qr | Kind::QrGivenBackInCash => {
                Some((QR_WITH_AMOUNT, TransactionStatus::Approved))
            }
            Kind::QrDeclinedThenCash | Kind::QrDeclined => {
                Some((QR_WITH_AMOUNT, TransactionStatus::Rejected))
            }
            Kind::LinkExpired => Some((PaymentKind::Link, TransactionStatus::Cancelled)),
            _ => None,
        }
    }
}

/// One sale planned: its place in the shop's life, when, how much, what it is.
#[derive(Debug, Clone, Copy)]
struct Planned {
    index: usize,
    at: i64,
    amount: Pesos,
    kind: Kind,
}

/// A fiado to be paid on a later day.
#[derive(Debug, Clone, Copy)]
struct Owed {
    customer: i64,
    amount: Pesos,
    by_link: bool,
}

/// The shop writing its days, and what it wrote.
pub struct Shop<'a> {
    ledger: &'a Ledger,
    profile: &'a str,
    owner: Actor,
    cashiers: [Actor; 2],
    customers: Vec<i64>,
    /// Sales written so far, whatever day: each one's place in the mix.
    sold: usize,
    /// Fiado to be paid, by the day (counted from the first) it is paid on.
    to_pay: BTreeMap<usize, Vec<Owed>>,
    day: usize,
    /// When the day being written ends: nothing of it is written later.
    day_ends: i64,
    /// Each payout (and return by payout) with when it belongs: the payout journal dates an
    /// intent by the clock, so a year written now needs them moved to their day.
    pub payouts_at: Vec<(i64, i64)>,
    /// How many of each kind were written.
    pub written: BTreeMap<Kind, usize>,
    pub payouts: usize,
    pub returns: usize,
}

/// Pieces that add up to `amount`, largest first: the drawer counted right.
fn count_of(amount: Pesos) -> Count {
    let mut left = amount.get();
    let mut count = Count::default();
    for denomination in DENOMINATIONS {
        let value = denomination.value.get();
        if left >= value {
            count.set(denomination, (left / value) as u32);
            left %= value;
        }
    }
    count
}

/// What a customer hands over: the next usual bill that covers it.
fn tendered(amount: Pesos) -> Pesos {
    let amount = amount.get();
    let bill = [2_000, 5_000, 10_000, 20_000, 50_000, 100_000]
        .into_iter()
        .find(|bill| *bill >= amount)
        .unwrap_or((amount + 9_999) / 10_000 * 10_000);
    Pesos::new(bill)
}

fn fee(amount: Pesos) -> Pesos {
    Pesos::new((amount.get() * 299 / 10_000).max(900))
}

fn notification(
    reference: &str,
    status: i64,
    second: usize,
    amount: Pesos,
) -> (Notification, String) {
    let amount = amount.get();
    let raw = format!(
        r#"{{"realAmount":{amount},"amount":{net},"cost":"$1,000.00","referenceId":"{reference}","resourceId":"R{reference}","updatedAt":"2026-01-01 00:00:{second:02}","status":{status},"paymentMethod":"Nequi","providerReference":"P{reference}","reference1":"VENTA","productId":117}}"#,
        net = amount - 1_000
    );
    (
        Notification::parse(raw.as_bytes()).expect("a notification"),
        raw,
    )
}

impl<'a> Shop<'a> {
    /// The shop before its first day: its customers kept (with their authorisation, no limit).
    pub fn open(ledger: &'a Ledger, profile: &'a str, customers: usize, at: i64) -> Shop<'a> {
        let owner = Actor::new(Role::Anyone, "");
        let customers = (0..customers)
            .map(|index| {
                let form = CustomerForm {
                    name: format!("Cliente {index}"),
                    cellphone: format!("300{index:07}"),
                    consent: true,
                    consent_how: "De palabra, en la tienda".into(),
                    ..Default::default()
                };
                let new = form.parse().expect("a customer");
                ledger
                    .add_tab_customer(&owner, &new, false, at)
                    .expect("customer")
                    .id
            })
            .collect();
        Shop {
            ledger,
            profile,
            cashiers: [
                Actor::new(Role::Cashier, "Ana"),
                Actor::new(Role::Cashier, "Luis"),
            ],
            owner,
            customers,
            sold: 0,
            to_pay: BTreeMap::new(),
            day: 0,
            day_ends: at,
            payouts_at: Vec::new(),
            written: BTreeMap::new(),
            payouts: 0,
            returns: 0,
        }
    }

    fn cashier(&self, index: usize) -> &Actor {
        &self.cashiers[index % 2]
    }

    fn made_by(&self, index: usize) -> MadeBy {
        let cashier = self.cashier(index);
        MadeBy {
            cashier: cashier.name.clone(),
            till: cashier.till.clone(),
            till_id: String::new(),
        }
    }

    fn collection(
        &self,
        planned: &Planned,
        kind: PaymentKind,
        status: TransactionStatus,
    ) -> Collection {
        Collection {
            reference: format!("PAY{:07}", planned.index),
            kind,
            amount: Some(planned.amount),
            reference1: format!("VENTA-{}", planned.index),
            url: format!("https://pay.example/{}", planned.index),
            created_at: planned.at,
            status: Some(status),
            description: "Almuerzo".into(),
            repeatable: false,
            open_until: None,
            made_by: self.made_by(planned.index),
            resource_id: None,
        }
    }

    fn received(
        reference: String,
        kind: PaymentKind,
        payment: String,
        amount: Pesos,
        at: i64,
    ) -> ReceivedPayment {
        ReceivedPayment {
            reference,
            kind,
            repeatable: !payment.is_empty(),
            provider_reference: payment,
            amount: Some(amount),
            fee: Some(fee(amount)),
            received_at: at,
            cashier: String::new(),
        }
    }

    /// Writes one day's `sales` between `from_ms` and `to_ms`, its drawer opened at `from_ms`
    /// and, when `close`, counted and closed after the last sale.
    pub fn write_day(&mut self, from_ms: i64, to_ms: i64, sales: usize, close: bool) {
        self.day_ends = to_ms;
        let shift = self
            .ledger
            .open_shift(&self.owner, Pesos::new(100_000), from_ms)
            .expect("shift");
        let step = (to_ms - from_ms - 2 * MINUTE_MS).max(sales as i64) / sales.max(1) as i64;
        let planned: Vec<Planned> = (0..sales)
            .map(|offset| {
                let index = self.sold + offset;
                Planned {
                    index,
                    at: from_ms + MINUTE_MS + offset as i64 * step,
                    amount: Pesos::new(2_000 + ((index * 7_919) % 60) as i64 * 1_000),
                    kind: kind_of((index * 37 + 11) % 100),
                }
            })
            .collect();
        self.sold += sales;
        self.write_service_batch(&planned, from_ms);
        let mut late = Vec::new();
        for sale in &planned {
            *self.written.entry(sale.kind).or_default() += 1;
            self.write_one(sale, &mut late);
        }
        if !late.is_empty() {
            self.ledger
                .record_received_all(self.profile, &late)
                .expect("received payments");
        }
        self.pay_fiado(from_ms, to_ms);
        for (offset, index) in (0..sales / 20).enumerate() {
            let at = (from_ms + HOUR_MS + offset as i64 * step * 20).min(to_ms);
            self.supplier_payout(self.day * 1_000 + index, at);
        }
        if close {
            let expected = self
                .ledger
                .shift_report(shift.id)
                .expect("shift's report")
                .expect("the shift")
                .figures
                .expected();
            self.ledger
                .close_shift(&self.owner, shift.id, &count_of(expected), "", to_ms)
                .expect("close");
        }
        self.day += 1;
    }

    /// The day's charges of their own in one transaction (as a busy day's import would), their
    /// notifications as a receiver commits them, checked, and the money the service confirmed;
    /// the day's counter code, and each payment it took.
    fn write_service_batch(&mut self, planned: &[Planned], from_ms: i64) {
        let mut charges: Vec<Collection> = planned
            .iter()
            .filter_map(|sale| {
                let (kind, status) = sale.kind.own_charge()?;
                Some(self.collection(sale, kind, status))
            })
            .collect();
        let code = format!("QRDIA{:04}", self.day);
        charges.push(Collection {
            reference: code.clone(),
            kind: COUNTER_CODE,
            amount: None,
            reference1: format!("MOSTRADOR-{}", self.day),
            url: format!("https://pay.example/{code}"),
            created_at: from_ms,
            status: Some(TransactionStatus::Approved),
            description: "QR del mostrador".into(),
            repeatable: true,
            open_until: Some(from_ms + 24 * HOUR_MS),
            made_by: self.made_by(0),
            resource_id: None,
        });
        self.ledger
            .record_collections(self.profile, &charges)
            .expect("charges");
        let own = &charges[..charges.len() - 1];
        if !own.is_empty() {
            let batch: Vec<_> = own
                .iter()
                .flat_map(|charge| {
                    let last = match charge.status {
                        Some(TransactionStatus::Approved) => 2,
                        Some(TransactionStatus::Rejected) => 0,
                        _ => 3,
                    };
                    let amount = charge.amount.unwrap_or(Pesos::ZERO);
                    [(1, 1), (9, 2), (last, 3)].map(|(status, second)| {
                        notification(&charge.reference, status, second, amount)
                    })
                })
                .collect();
            let stored = self
                .ledger
                .store_notifications_received_at(self.profile, &batch, from_ms + HOUR_MS)
                .expect("notifications");
            // The receiver checks each one with the service, which agrees.
            let checks: Vec<_> = stored
                .iter()
                .zip(&batch)
                .filter_map(|(outcome, (parsed, _))| match outcome {
                    StoreOutcome::Stored(id) => {
                        Some((*id, CheckState::Confirmed, Some(parsed.status)))
                    }
                    StoreOutcome::Duplicate { .. } | StoreOutcome::Full { .. } => None,
                })
                .collect();
            self.ledger.record_checks(&checks).expect("checks");
        }
        let mut received: Vec<ReceivedPayment> = own
            .iter()
            .filter(|charge| charge.status == Some(TransactionStatus::Approved))
            .map(|charge| {
                let amount = charge.amount.unwrap_or(Pesos::ZERO);
                let at = charge.created_at + MINUTE_MS;
                Shop::received(
                    charge.reference.clone(),
                    charge.kind.clone(),
                    String::new(),
                    amount,
                    at,
                )
            })
            .collect();
        received.extend(
            planned
                .iter()
                .filter(|sale| sale.kind == Kind::Counter)
                .map(|sale| {
                    let payment = format!("P{code}-{}", sale.index);
                    Shop::received(code.clone(), COUNTER_CODE, payment, sale.amount, sale.at)
                }),
        );
        self.ledger
            .record_received_all(self.profile, &received)
            .expect("received payments");
    }

    /// What customers pay today of what they took days ago: by a link the service confirms, or
    /// in cash into the drawer.
    fn pay_fiado(&mut self, from_ms: i64, to_ms: i64) {
        let due = self.to_pay.remove(&self.day).unwrap_or_default();
        let step = (to_ms - from_ms) / (due.len() as i64 + 2);
        for (offset, owed) in due.iter().enumerate() {
            let at = from_ms + (offset as i64 + 1) * step;
            if !owed.by_link {
                self.ledger
                    .pay_tab_in_cash(&self.owner, owed.customer, owed.amount, at)
                    .expect("fiado paid in cash");
                continue;
            }
            let reference = format!("FIA{:04}{offset:04}", self.day);
            let reference1 = format!("FIADO-{reference}");
            self.ledger
                .tie_tab_link(
                    self.profile,
                    &reference1,
                    owed.customer,
                    Some(owed.amount),
                    at,
                )
                .expect("a tab's link");
            let link = Collection {
                reference: reference.clone(),
                kind: PaymentKind::Link,
                amount: Some(owed.amount),
                reference1,
                url: format!("https://pay.example/{reference}"),
                created_at: at,
                status: Some(TransactionStatus::Approved),
                description: "Cobro del fiado".into(),
                repeatable: false,
                open_until: None,
                made_by: self.made_by(offset),
                resource_id: None,
            };
            self.ledger
                .record_collection(self.profile, &link)
                .expect("the tab's link");
            let paid = Shop::received(
                reference,
                PaymentKind::Link,
                String::new(),
                owed.amount,
                at + MINUTE_MS,
            );
            self.ledger
                .record_received(self.profile, &paid)
                .expect("the tab paid by link");
        }
    }

    /// A payout that gives back `amount` of a charge of its own, approved by the service.
    fn return_by_payout(&mut self, planned: &Planned, amount: Pesos, at: i64) {
        let request = PayoutRequest {
            amount,
            reference1: format!("DEV{:07}", planned.index),
            webhook_request: None,
            method_id: 245,
            destination: "3001234567".into(),
            bank_name: None,
        };
        let tie = ReturnTie {
            sale: format!("PAY{:07}", planned.index),
            payment: String::new(),
            reason: ReturnReason::ProductReturned,
        };
        let intent = self
            .ledger
            .begin_return(self.profile, &request, &NO_RULES, &tie)
            .expect("return");
        self.sent(intent.id, at);
        self.returns += 1;
    }

    /// A supplier paid from the disbursement bag.
    fn supplier_payout(&mut self, index: usize, at: i64) {
        let request = PayoutRequest {
            amount: Pesos::new(50_000 + (index % 100) as i64 * 1_000),
            reference1: format!("OUT-{index:07}"),
            webhook_request: None,
            method_id: 245,
            destination: "3001234567".into(),
            bank_name: None,
        };
        let intent = self
            .ledger
            .begin_payout(self.profile, &request, &NO_RULES)
            .expect("payout");
        self.sent(intent.id, at);
        self.payouts += 1;
    }

    /// The service took payout `id` and approved it.
    fn sent(&mut self, id: i64, at: i64) {
        self.ledger
            .finish_payout(
                id,
                &PayoutOutcome::Sent {
                    transaction_reference: Some(format!("T-{id}")),
                    reply_json: "{}".into(),
                },
            )
            .expect("payout answer");
        self.ledger
            .record_payout_status(id, TransactionStatus::Approved)
            .expect("payout approved");
        self.payouts_at.push((id, at));
    }

    /// How many sales were written.
    pub fn sold(&self) -> usize {
        self.sold
    }
}
