//! The three figures the shop asks for, one answer each, read the same by every surface (Estado
//! de pagos, the charts, Cuadre del día, the printed close, the month's report, the CSV,
//! `ledger close --json`, `paydesk sales`):
//!
//! - **Ventas**, what was sold: the parts of the period's sales that stand (confirmed by the
//!   service, counted into a drawer, put on a tab), less the returns made in the period. A sale
//!   counts on the day it was made; fiado is sold the day it is taken; paying a tab is money, not
//!   a sale; a voided sale and an unpaid charge are none (an unpaid one is said, «sin pagar»).
//! - **Recibido**, the money and where it is: what the service confirmed (with its fee and net),
//!   and apart, what the cashiers took into the drawers. Each peso once, where it lies; the two
//!   kinds are never added into one figure.
//! - **Por cobrar**: what customers owe on their tabs, and the sales' charges still waiting to be
//!   paid, at the period's end.

use std::collections::BTreeMap;

use time::Date;

use super::cash::who;
use super::tabs::TabDay;
use super::totals::Totals;
use crate::api::kind::PaymentKind;
use crate::clock;
use crate::ledger::{
    CashEntry, CashKind, PartReturn, PartState, PartTie, ReceivedPayment, ReturnStanding,
    SaleRecord, SaleState,
};
use crate::money::Pesos;

/// The money the service confirmed in a range, as every screen shows it: Cuadre del día, Saldo,
/// Estado de pagos, the printed close and the CSV all read it from the same rows
/// (`Ledger::received_between` of the range) through this one sum, so they agree.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MoneyIn {
    /// How many payments, what payers paid, the fees and what the shop receives.
    pub totals: Totals,
    /// How many of them have a fee the service reported (the net counts only those).
    pub with_fee: usize,
}

impl MoneyIn {
    pub fn of(received: &[ReceivedPayment]) -> MoneyIn {
        let mut money = MoneyIn::default();
        for payment in received {
            money.totals.add(payment.figures());
            money.with_fee += usize::from(payment.fee.is_some());
        }
        money
    }
}

/// A count and its amount.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sum {
    pub count: usize,
    pub amount: Pesos,
}

impl Sum {
    pub fn add(&mut self, amount: Pesos) {
        self.count += 1;
        self.amount = self.amount.saturating_add(amount);
    }
}

/// How a part was paid, as the figures tell them apart: cash, fiado, or the kind of charge at
/// the service (a link, a method, a QR).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PaidWith {
    Cash,
    Tab,
    Service(PaymentKind),
}

impl PaidWith {
    pub fn of(tie: &PartTie) -> PaidWith {
        match tie {
            PartTie::Cash { .. } => PaidWith::Cash,
            PartTie::Tab { .. } => PaidWith::Tab,
            PartTie::Service(service) => PaidWith::Service(service.kind.clone()),
        }
    }

    /// The code for programs (`--json`, the CSV in English): `cash`, `tab`, `service:link`…
    pub fn code(&self) -> String {
        match self {
            PaidWith::Cash => "cash".to_owned(),
            PaidWith::Tab => "tab".to_owned(),
            PaidWith::Service(kind) => format!("service:{}", kind.code()),
        }
    }

    /// As the close names it: a charge by the profile's own name for its method («Nequi»), else
    /// its kind in words («Link de pago», «QR dinámico con valor»); «Efectivo», «Fiado».
    pub fn named(&self, catalog: &crate::api::catalog::MethodCatalog) -> String {
        match self {
            PaidWith::Service(kind) => kind.words(catalog),
            PaidWith::Cash | PaidWith::Tab => self.words(),
        }
    }

    /// In words: «Efectivo», «Fiado», or the charge's kind («Link de pago», «Código QR»).
    pub fn words(&self) -> String {
        match self {
            PaidWith::Cash => crate::t!("sale-way-cash"),
            PaidWith::Tab => crate::t!("sale-way-tab"),
            PaidWith::Service(kind) => kind.to_string(),
        }
    }
}

/// What was sold one way and what of it came back in the period.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WaySum {
    pub sold: Sum,
    pub returned: Sum,
}

impl WaySum {
    pub fn net(&self) -> Pesos {
        Pesos::new(self.sold.amount.get() - self.returned.amount.get())
    }
}

/// Ventas: what the shop sold in the period, less what came back.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SalesFigures {
    /// The period's sales with a part that stands, and what stands of them.
    pub sold: Sum,
    /// Returns made in the period that stand (confirmed by the service, handed back in cash,
    /// credited to the tab), whatever day their sale was.
    pub returned: Sum,
    /// Returns made in the period the service has not confirmed yet: not off the sales yet.
    pub returns_under_way: Sum,
    /// By how it was paid.
    pub by_way: BTreeMap<PaidWith, WaySum>,
    /// Sold less returned, by the shop's day (a return on the day it was made).
    pub by_day: BTreeMap<Date, Pesos>,
    /// Sold less returned, by the shop's hour of the day (0 to 23), whatever the day.
    pub by_hour: BTreeMap<u8, Pesos>,
    /// Sold less returned, by who made the sale.
    pub by_cashier: BTreeMap<String, Pesos>,
    /// What was sold and what came back, by who made the sale (the close's «Ventas menos
    /// devoluciones» by cashier).
    pub by_seller: BTreeMap<String, WaySum>,
    /// The period's sales still missing money («sin pagar»): waiting for a charge, or open; what
    /// is missing. Not sold yet.
    pub unpaid: Sum,
    /// Sales voided (every part voided): none, their numbers kept.
    pub voided: Sum,
    /// Sales paid more than their amount (a charge approved after another way paid it): what
    /// is over, to give back.
    pub paid_twice: Sum,
}

impl SalesFigures {
    /// Ventas: sold less returned.
    pub fn net(&self) -> Pesos {
        Pesos::new(self.sold.amount.get() - self.returned.amount.get())
    }

    fn count_sale(&mut self, sale: &SaleRecord) {
        match sale.state() {
            SaleState::Voided => {
                self.voided.add(sale.total());
                return;
            }
            SaleState::Waiting { missing } | SaleState::Open { missing } => {
                self.unpaid.add(missing)
            }
            SaleState::Paid => {}
        }
        if let Some(over) = sale.paid_twice() {
            self.paid_twice.add(over);
        }
        let counted = sold_of_parts(sale);
        let standing = Pesos::sum_of(counted.iter().copied()).unwrap_or(Pesos::ZERO);
        if standing == Pesos::ZERO {
            return;
        }
        self.sold.add(standing);
        for (part, sold) in sale.parts.iter().zip(counted) {
            if part.state == PartState::Paid && sold > Pesos::ZERO {
                self.by_way
                    .entry(PaidWith::of(&part.tie))
                    .or_default()
                    .sold
                    .add(sold);
            }
        }
        let amount = standing.get();
        if let Some((day, hour)) = clock::day_and_hour(sale.at) {
            bump(self.by_day.entry(day).or_default(), amount);
            bump(self.by_hour.entry(hour).or_default(), amount);
        }
        bump(self.by_cashier.entry(who(&sale.by)).or_default(), amount);
        self.by_seller
            .entry(who(&sale.by))
            .or_default()
            .sold
            .add(standing);
    }

    fn count_return(&mut self, back: &PartReturn, way: PaidWith) {
        match back.standing {
            ReturnStanding::Stands => {}
            ReturnStanding::UnderWay => {
                self.returns_under_way.add(back.amount);
                return;
            }
            ReturnStanding::Nothing => return,
        }
        self.returned.add(back.amount);
        self.by_way
            .entry(way)
            .or_default()
            .returned
            .add(back.amount);
        let amount = -back.amount.get();
        if let Some((day, hour)) = clock::day_and_hour(back.at) {
            bump(self.by_day.entry(day).or_default(), amount);
            bump(self.by_hour.entry(hour).or_default(), amount);
        }
        bump(
            self.by_cashier.entry(who(&back.seller)).or_default(),
            amount,
        );
        self.by_seller
            .entry(who(&back.seller))
            .or_default()
            .returned
            .add(back.amount);
    }
}

/// What of each of a sale's parts counts in Ventas, in the order of `sale.parts`: what stands
/// of it, up to the sale's amount in the order the parts came to stand. A sale paid twice (a
/// charge approved after another way paid it) is sold once: what is over is said apart, to
/// give back, and never counted. The close and the sales' CSV both read it, so a sum over the
/// file's rows is the figure.
pub fn sold_of_parts(sale: &SaleRecord) -> Vec<Pesos> {
    let mut order: Vec<usize> = (0..sale.parts.len()).collect();
    order.sort_by_key(|&index| {
        let part = &sale.parts[index];
        (part.paid_at.unwrap_or(i64::MAX), part.id)
    });
    let mut left = sale.total().get().max(0);
    let mut sold = vec![Pesos::ZERO; sale.parts.len()];
    for index in order {
        let counted = sale.parts[index].paid.get().clamp(0, left);
        left -= counted;
        sold[index] = Pesos::new(counted);
    }
    sold
}

fn bump(total: &mut Pesos, amount: i64) {
    *total = Pesos::new(total.get().saturating_add(amount));
}

/// Recibido: the money of the period and where it is, two kinds never added into one figure.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReceivedFigures {
    /// Every payment the service confirmed (sales, a counter code's payments, tabs paid by a
    /// link): what payers paid, the fees, what the shop receives.
    pub service: Totals,
    /// How many of them have a fee the service said (the net counts only those).
    pub service_with_fee: usize,
    /// Cash the cashiers took into the drawers from customers: cash sales and tabs paid in
    /// cash (voided entries apart). Counted by the cashier, not confirmed by the service.
    pub cash: Sum,
}

/// Por cobrar, at the period's end.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OwedFigures {
    /// What customers owe on their tabs, and how many owe.
    pub tabs: Sum,
    /// The sales' charges still waiting to be paid, and what they ask.
    pub charges: Sum,
}

impl OwedFigures {
    pub fn total(&self) -> Pesos {
        self.tabs.amount.saturating_add(self.charges.amount)
    }
}

/// The three figures of a period.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Figures {
    pub sales: SalesFigures,
    pub received: ReceivedFigures,
    pub owed: OwedFigures,
}

/// What the figures are read from, for a period.
pub struct FigureRows<'a> {
    /// The sales made in the period.
    pub sales: &'a [SaleRecord],
    /// The returns of parts made in the period.
    pub returns: &'a [PartReturn],
    /// The payments the service confirmed in the period.
    pub received: &'a [ReceivedPayment],
    /// The drawers' entries of the period.
    pub cash: &'a [CashEntry],
    /// The period's tabs.
    pub tabs: &'a TabDay,
    /// The charges waiting at the period's end: how many, what they ask.
    pub charges_waiting: (usize, Pesos),
}

impl Figures {
    pub fn of(rows: &FigureRows<'_>) -> Figures {
        let mut figures = Figures::default();
        for sale in rows.sales {
            figures.sales.count_sale(sale);
        }
        for back in rows.returns {
            let way = match back.part_way {
                crate::ledger::PartWay::Cash => PaidWith::Cash,
                crate::ledger::PartWay::Tab => PaidWith::Tab,
                crate::ledger::PartWay::Service => {
                    PaidWith::Service(back.kind.clone().unwrap_or(PaymentKind::Link))
                }
            };
            figures.sales.count_return(back, way);
        }
        let money = MoneyIn::of(rows.received);
        figures.received.service = money.totals;
        figures.received.service_with_fee = money.with_fee;
        for entry in rows.cash {
            if entry.kind == CashKind::Sale && entry.void.is_none() {
                figures.received.cash.add(entry.amount);
            }
        }
        let paid_in_cash = rows.tabs.paid_in_cash;
        figures.received.cash.count += paid_in_cash.count;
        figures.received.cash.amount = figures
            .received
            .cash
            .amount
            .saturating_add(paid_in_cash.amount);
        figures.owed.tabs = Sum {
            count: rows.tabs.owed.count,
            amount: rows.tabs.owed.amount,
        };
        figures.owed.charges = Sum {
            count: rows.charges_waiting.0,
            amount: rows.charges_waiting.1,
        };
        figures
    }
}
