//! The drawer's money in the close: cash sales, returns, money in and out and voids written in
//! the period, and every till's shift that was open at some moment of it, with its count.
//!
//! The drawer is the shop's, not a merchant profile's: a cashier counts one drawer whatever
//! merchant the electronic sales went to, so this part of the close is the same under any
//! profile filter (docs/decisions.md, "Cash"). Counted by a cashier, never confirmed by the
//! service: nothing here is added to `Report::approved` or to any figure of the service's.

use std::collections::BTreeMap;

use crate::ledger::activity::Actor;
use crate::ledger::base::Ledger;
use crate::ledger::cash_state::{CashEntry, CashKind, CashSum, ShiftFigures, ShiftReport};
use crate::ledger::error::LedgerError;
use crate::ledger::received::ReceivedPayment;
use crate::ledger::store::{Row, args};
use crate::money::Pesos;
use crate::money::cash::Difference;

/// The cash of a period, every till's drawer together.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CashDay {
    /// Cash sales written in the period (voided ones only in `voided`).
    pub sales: CashSum,
    /// Cash sales by who charged them (a cashier's name, else «Dueño» or «Cualquiera»).
    pub sales_by_cashier: BTreeMap<String, CashSum>,
    /// Cash given back for cash sales.
    pub returns: CashSum,
    pub cash_in: CashSum,
    pub cash_out: CashSum,
    /// Entries the owner voided: said apart, in no other figure.
    pub voided: CashSum,
    /// Every till's shift open at some moment of the period, oldest first.
    pub drawers: Vec<Drawer>,
}

/// One till's shift as the close shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawer {
    pub report: ShiftReport,
    /// What the drawer should hold: frozen at its close, or so far while it is open.
    pub expected: Pesos,
    /// What the cashier counted, once closed (`None`: «abierto, sin contar»).
    pub counted: Option<Pesos>,
}

impl Drawer {
    pub fn of(report: ShiftReport) -> Drawer {
        let (expected, counted) = match &report.shift.close {
            Some(close) => (close.expected, Some(close.counted)),
            None => (report.figures.expected(), None),
        };
        Drawer {
            report,
            expected,
            counted,
        }
    }

    /// Sobrante or faltante, once counted.
    pub fn difference(&self) -> Option<Difference> {
        self.counted
            .map(|counted| Difference::of(self.expected, counted))
    }

    pub fn figures(&self) -> &ShiftFigures {
        &self.report.figures
    }
}

impl CashDay {
    pub fn of(entries: &[CashEntry], shifts: Vec<ShiftReport>) -> CashDay {
        let mut day = CashDay::default();
        for entry in entries {
            let sum = match (&entry.void, entry.kind) {
                (Some(_), _) => &mut day.voided,
                (None, CashKind::Sale) => {
                    day.sales_by_cashier
                        .entry(who(&entry.by))
                        .or_default()
                        .add(entry.amount);
                    &mut day.sales
                }
                (None, CashKind::Return) => &mut day.returns,
                (None, CashKind::In) => &mut day.cash_in,
                (None, CashKind::Out) => &mut day.cash_out,
            };
            sum.add(entry.amount);
        }
        day.drawers = shifts.into_iter().map(Drawer::of).collect();
        day
    }

    /// Whether the period had any cash at all (no drawer opened, nothing written).
    pub fn is_empty(&self) -> bool {
        self.drawers.is_empty()
            && self.sales.count + self.returns.count + self.cash_in.count + self.cash_out.count == 0
            && self.voided.count == 0
    }

    /// Cash sales less cash returns.
    pub fn net_sales(&self) -> Pesos {
        self.sales.less(self.returns)
    }

    /// The counted drawers' differences added (counted less expected): `None` when no drawer
    /// of the period was counted yet.
    pub fn difference(&self) -> Option<Difference> {
        let counted: Vec<Difference> = self.drawers.iter().filter_map(Drawer::difference).collect();
        if counted.is_empty() {
            return None;
        }
        let signed: i64 = counted.iter().map(|difference| difference.signed()).sum();
        Some(Difference::of(Pesos::ZERO, Pesos::new(signed)))
    }

    /// How many drawers are still open, not counted.
    pub fn open_drawers(&self) -> usize {
        self.drawers
            .iter()
            .filter(|drawer| drawer.counted.is_none())
            .count()
    }
}

/// Who wrote an entry, as the close groups cash sales: a cashier by name, else the role's words.
pub fn who(actor: &Actor) -> String {
    if actor.name.is_empty() {
        actor.words()
    } else {
        actor.name.clone()
    }
}

/// An electronic sale the service confirmed that was also charged in cash instead: the customer
/// paid twice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaidTwice {
    /// The electronic sale's reference.
    pub sale: String,
    /// The cash sale's reference (EF…).
    pub cash: String,
    pub cash_amount: Pesos,
    pub approved_amount: Option<Pesos>,
}

impl Ledger {
    /// The payments the service confirmed in `[from, to)` for sales made at the till named
    /// `till_name`, whatever their profile: the electronic side of that till's shift.
    pub fn received_at_till(
        &self,
        till_name: &str,
        from: i64,
        to: i64,
    ) -> Result<Vec<ReceivedPayment>, LedgerError> {
        use crate::ledger::received::{RECEIVED_COLUMNS, RECEIVED_JOIN, received};
        self.with(|db| {
            db.query(
                &format!(
                    "SELECT {RECEIVED_COLUMNS} FROM {RECEIVED_JOIN}
                     WHERE c.till_name = ?1 AND r.received_at >= ?2 AND r.received_at < ?3
                     ORDER BY r.received_at, r.id"
                ),
                args![till_name, from, to],
                received,
            )
        })
    }

    /// Electronic sales the service confirmed that a cash sale (not voided) was also charged
    /// instead of, where the approval or the cash sale falls in `[from, to)`; `profile` filters
    /// the electronic side.
    pub fn paid_twice_between(
        &self,
        profile: Option<&str>,
        from: i64,
        to: i64,
    ) -> Result<Vec<PaidTwice>, LedgerError> {
        self.with(|db| {
            db.query(
                "SELECT e.instead_of, e.reference, e.amount, r.amount
                 FROM cash_entries e JOIN received_payments r ON r.reference = e.instead_of
                 WHERE e.kind = 'sale' AND e.instead_of <> ''
                   AND NOT EXISTS (SELECT 1 FROM cash_voids v WHERE v.entry_id = e.id)
                   AND (CAST(?1 AS TEXT) IS NULL OR r.profile = ?1)
                   AND ((r.received_at >= ?2 AND r.received_at < ?3)
                        OR (e.at >= ?2 AND e.at < ?3))
                 ORDER BY e.at, e.id",
                args![profile, from, to],
                paid_twice,
            )
        })
    }
}

fn paid_twice(row: &Row<'_>) -> Result<PaidTwice, LedgerError> {
    Ok(PaidTwice {
        sale: row.get(0)?,
        cash: row.get(1)?,
        cash_amount: Pesos::new(row.get(2)?),
        approved_amount: row.get::<Option<i64>>(3)?.map(Pesos::new),
    })
}
