//! Customers' tabs (fiado) in the close: what was taken on a tab in the period (by who wrote it),
//! what was collected by a link or QR the service confirmed, what was collected in cash at a
//! till, and what customers owe the shop, or the shop them, now.
//!
//! Fiado is not money received: what was taken is goods gone, not pesos in. What was collected
//! is money already counted elsewhere: a payment by the service is one of its received payments
//! (`Report::approved`), a payment in cash is a drawer's money in (`CashDay::cash_in`). So no
//! figure here is ever added to either (docs/decisions.md, "Tabs: fiado"). Tabs are the shop's,
//! not a profile's, as the drawer is: this part is the same under any profile filter.

use std::collections::BTreeMap;

use super::cash::who;
use crate::ledger::base::Ledger;
use crate::ledger::error::LedgerError;
use crate::ledger::store::{Row, args};
use crate::ledger::tab_state::{TabEntry, TabKind};
use crate::ledger::tabs::{ENTRY_COLUMNS, ENTRY_FROM};
use crate::money::Pesos;

/// A count of tab entries and their amount.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TabSum {
    pub count: usize,
    pub amount: Pesos,
}

impl TabSum {
    pub fn add(&mut self, amount: Pesos) {
        self.count += 1;
        self.amount = self.amount.saturating_add(amount);
    }
}

/// The tabs of a period, every customer's together, and every tab's balance now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TabDay {
    /// Taken on a tab in the period (fiado): goods gone, not money.
    pub given: TabSum,
    /// What was taken, by who wrote it (a cashier's name, else «Dueño» or «Cualquiera»).
    pub given_by_cashier: BTreeMap<String, TabSum>,
    /// Paid by a link or QR the service confirmed: already among its received payments.
    pub paid_by_service: TabSum,
    /// Paid in cash at a till: already in that drawer's money in.
    pub paid_in_cash: TabSum,
    /// Goods given back, credited to the tab: a return, already off the period's sales.
    pub returned: TabSum,
    /// What customers owed the shop at the period's end, and how many owed.
    pub owed: TabSum,
    /// What the shop owed customers at the period's end (saldo a favor), and to how many.
    pub credit: TabSum,
}

impl TabDay {
    /// The period's entries and every customer's balance at its end (taken less paid: above
    /// zero owed to the shop, below it owed to the customer).
    pub fn of(entries: &[TabEntry], balances: &[i64]) -> TabDay {
        let mut day = TabDay::default();
        for entry in entries {
            match entry.kind {
                TabKind::Taken => {
                    day.given.add(entry.amount);
                    day.given_by_cashier
                        .entry(who(&entry.by))
                        .or_default()
                        .add(entry.amount);
                }
                TabKind::PaidByService => day.paid_by_service.add(entry.amount),
                TabKind::PaidInCash => day.paid_in_cash.add(entry.amount),
                TabKind::Returned => day.returned.add(entry.amount),
            }
        }
        for balance in balances.iter().copied() {
            if balance > 0 {
                day.owed.add(Pesos::new(balance));
            }
            if balance < 0 {
                day.credit.add(Pesos::new(balance.saturating_neg()));
            }
        }
        day
    }

    /// Whether the period wrote anything on a tab.
    pub fn had_entries(&self) -> bool {
        self.given.count
            + self.paid_by_service.count
            + self.paid_in_cash.count
            + self.returned.count
            > 0
    }

    /// Nothing to say: no entry in the period and nobody owes or is owed.
    pub fn is_empty(&self) -> bool {
        !self.had_entries() && self.owed.count == 0 && self.credit.count == 0
    }
}

/// A tab entry of the period with its customer's name (blank once forgotten), as the CSV
/// writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeriodTabEntry {
    pub entry: TabEntry,
    pub customer_name: String,
}

fn period_entry(row: &Row<'_>) -> Result<PeriodTabEntry, LedgerError> {
    Ok(PeriodTabEntry {
        entry: crate::ledger::tabs::tab_entry(row)?,
        customer_name: row.get(15)?,
    })
}

impl Ledger {
    /// Every tab entry written in `[from, to)`, oldest first, with its customer's name: read by
    /// when it was written, whatever customer, till or profile.
    pub fn tab_entries_between(
        &self,
        from: i64,
        to: i64,
    ) -> Result<Vec<PeriodTabEntry>, LedgerError> {
        self.with(|db| {
            db.query(
                &format!(
                    "SELECT {ENTRY_COLUMNS}, c.name
                     FROM {ENTRY_FROM} JOIN tab_customers c ON c.id = e.customer_id
                     WHERE e.at >= ?1 AND e.at < ?2
                     ORDER BY e.at, e.id"
                ),
                args![from, to],
                period_entry,
            )
        })
    }

    /// The tabs of `[from, to)` for the close: the period's entries and every balance at its
    /// end, so a past day's close says what was owed that day, whenever it is printed again.
    pub(super) fn tab_day(&self, from: i64, to: i64) -> Result<TabDay, LedgerError> {
        let entries: Vec<TabEntry> = self
            .tab_entries_between(from, to)?
            .into_iter()
            .map(|period| period.entry)
            .collect();
        let balances = self.with(|db| {
            db.query(
                "SELECT CAST(SUM(CASE WHEN kind = 'taken' THEN amount ELSE -amount END) AS BIGINT)
                 FROM tab_entries WHERE at < ?1 GROUP BY customer_id",
                args![to],
                |row: &Row<'_>| row.get::<i64>(0),
            )
        })?;
        Ok(TabDay::of(&entries, &balances))
    }
}
