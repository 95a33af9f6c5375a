//! The sales journal read: a sale with its lines and its parts, each part as its own books say
//! it stands (the service's answer, a void, the tab), and what went back of each. Four reads
//! for any number of sales.

use std::collections::{HashMap, HashSet};

use super::actor::{Actor, Role};
use super::base::Ledger;
use super::error::LedgerError;
use super::payout_state::PayoutState;
use super::sale_state::{
    PartReturns, PartState, PartTie, PartWay, SaleLine, SaleNumber, SalePart, SaleRecord,
    SaleRefusal, ServicePart,
};
use super::sales::{sale_id_of_cash_entry, sale_id_of_charge};
use super::store::{Conn, Row, args};
use crate::api::TransactionStatus;
use crate::api::kind::PaymentKind;
use crate::money::Pesos;

pub(super) fn actor(role: &str, name: String, till: String) -> Actor {
    Actor {
        role: Role::parse(role),
        name,
        till,
    }
}

const SALE_COLUMNS: &str = "s.id, s.till_number, s.number, s.at, s.amount, s.description, s.role,
    s.name, s.till_name";

fn sale_head(row: &Row<'_>) -> Result<SaleRecord, LedgerError> {
    Ok(SaleRecord {
        id: row.get(0)?,
        number: SaleNumber {
            till: row.get(1)?,
            number: row.get(2)?,
        },
        at: row.get(3)?,
        amount: row.get::<Option<i64>>(4)?.map(Pesos::new),
        description: row.get(5)?,
        lines: Vec::new(),
        parts: Vec::new(),
        by: actor(&row.get::<String>(6)?, row.get(7)?, row.get(8)?),
    })
}

/// A part with what its own books say of it: the charge and the payment the service confirmed,
/// the drawer's entry and its void, the tab's entry and its customer.
const PART_COLUMNS: &str = "p.sale_id, p.id, p.at, p.way, p.amount, p.profile, p.reference,
    p.payment_reference, p.cash_entry, p.tab_entry, p.role, p.name, p.till_name,
    c.status, c.kind, c.amount, r.id, r.amount, r.fee, e.amount, e.tendered, e.reference,
    v.id, t.amount, t.customer_id, tc.name, COALESCE(r.received_at, e.at, t.at)";

const PART_FROM: &str = "sale_parts p
    LEFT JOIN collections c ON p.way = 'service' AND c.profile = p.profile
        AND c.reference = p.reference
    LEFT JOIN received_payments r ON p.way = 'service' AND r.profile = p.profile
        AND r.reference = p.reference AND r.provider_reference = p.payment_reference
    LEFT JOIN cash_entries e ON e.id = p.cash_entry
    LEFT JOIN cash_voids v ON v.entry_id = p.cash_entry
    LEFT JOIN tab_entries t ON t.id = p.tab_entry
    LEFT JOIN tab_customers tc ON tc.id = t.customer_id";

/// A charge's part: paid once the service confirmed a payment of it (its received row), else
/// where the charge's state leaves it.
fn service_part(row: &Row<'_>, asked: Option<Pesos>) -> Result<PartRead, LedgerError> {
    let status = row.get::<Option<i64>>(13)?.map(TransactionStatus::from_id);
    let charged = row.get::<Option<i64>>(15)?.map(Pesos::new);
    let confirmed = row.get::<Option<i64>>(16)?.is_some();
    let received = row.get::<Option<i64>>(17)?.map(Pesos::new);
    let state = if confirmed {
        PartState::Paid
    } else {
        match status {
            Some(TransactionStatus::Rejected | TransactionStatus::Failed) => PartState::Declined,
            Some(TransactionStatus::Cancelled) => PartState::Expired,
            _ => PartState::Pending,
        }
    };
    let paid = if confirmed {
        received.or(charged).or(asked).unwrap_or(Pesos::ZERO)
    } else {
        Pesos::ZERO
    };
    let tie = PartTie::Service(ServicePart {
        profile: row.get(5)?,
        reference: row.get(6)?,
        payment: row.get(7)?,
        kind: PaymentKind::parse(&row.get::<Option<String>>(14)?.unwrap_or_default()),
        fee: row.get::<Option<i64>>(18)?.map(Pesos::new),
    });
    Ok((tie, state, paid, asked.or(charged).or(received)))
}

/// What a part's own books say: its tie, state, what stands of it and what it asked.
type PartRead = (PartTie, PartState, Pesos, Option<Pesos>);

fn part(row: &Row<'_>) -> Result<(i64, SalePart), LedgerError> {
    let way = PartWay::parse(&row.get::<String>(3)?).unwrap_or(PartWay::Service);
    let asked = row.get::<Option<i64>>(4)?.map(Pesos::new);
    let (tie, state, paid, amount) = match way {
        PartWay::Service => service_part(row, asked)?,
        PartWay::Cash => {
            let amount = Pesos::new(row.get::<Option<i64>>(19)?.unwrap_or_default());
            let voided = row.get::<Option<i64>>(22)?.is_some();
            let tie = PartTie::Cash {
                entry: row.get::<Option<i64>>(8)?.unwrap_or_default(),
                reference: row.get::<Option<String>>(21)?.unwrap_or_default(),
                tendered: row.get::<Option<i64>>(20)?.map(Pesos::new),
            };
            let (state, paid) = if voided {
                (PartState::Voided, Pesos::ZERO)
            } else {
                (PartState::Paid, amount)
            };
            (tie, state, paid, Some(amount))
        }
        PartWay::Tab => {
            let amount = Pesos::new(row.get::<Option<i64>>(23)?.unwrap_or_default());
            let tie = PartTie::Tab {
                entry: row.get::<Option<i64>>(9)?.unwrap_or_default(),
                customer: row.get::<Option<i64>>(24)?.unwrap_or_default(),
                customer_name: row.get::<Option<String>>(25)?.unwrap_or_default(),
            };
            (tie, PartState::Paid, amount, Some(amount))
        }
    };
    Ok((
        row.get(0)?,
        SalePart {
            id: row.get(1)?,
            at: row.get(2)?,
            amount,
            state,
            paid,
            tie,
            returns: PartReturns::default(),
            by: actor(&row.get::<String>(10)?, row.get(11)?, row.get(12)?),
            paid_at: match state {
                PartState::Paid => row.get(26)?,
                _ => None,
            },
        },
    ))
}

/// How a part's returns stand: a payout by the service's answer, cash unless voided, a tab's
/// credit always.
const RETURNS_OF: &str = "SELECT x.sale_id, x.part_id, x.way, x.amount, po.state, v.id
    FROM part_returns x
    LEFT JOIN payouts po ON po.id = x.payout_id
    LEFT JOIN cash_voids v ON v.entry_id = x.cash_entry";

/// Where one return stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReturnStanding {
    /// Confirmed by the service, handed back in cash, credited to the tab.
    Stands,
    /// A payout the service has not confirmed yet (or whose answer was lost).
    UnderWay,
    /// A payout refused or failed, a cash return voided: nothing went back.
    Nothing,
}

pub(super) fn return_standing(way: &str, payout: Option<&str>, voided: bool) -> ReturnStanding {
    match (way, payout) {
        ("payout", Some(state)) => match PayoutState::parse(state) {
            PayoutState::Approved => ReturnStanding::Stands,
            PayoutState::Refused | PayoutState::Failed => ReturnStanding::Nothing,
            PayoutState::Sending
            | PayoutState::Sent
            | PayoutState::Unknown
            | PayoutState::NotSent => ReturnStanding::UnderWay,
        },
        ("payout", None) => ReturnStanding::Nothing,
        ("cash", _) if voided => ReturnStanding::Nothing,
        _ => ReturnStanding::Stands,
    }
}

/// A sale's line: its sale, its place, and the line.
fn line(row: &Row<'_>) -> Result<(i64, i64, SaleLine), LedgerError> {
    Ok((
        row.get(0)?,
        row.get(1)?,
        SaleLine {
            description: row.get(2)?,
            quantity: row.get(3)?,
            unit_price: Pesos::new(row.get(4)?),
            item: row.get(5)?,
        },
    ))
}

const LINES_OF: &str = "SELECT l.sale_id, l.position, l.description, l.quantity, l.unit_price,
    l.item_id FROM sale_lines l";

/// A return's sale and part, its way and amount, its payout's state, whether it was voided.
type ReturnState = (i64, i64, String, Pesos, Option<String>, bool);

fn return_state(row: &Row<'_>) -> Result<ReturnState, LedgerError> {
    Ok((
        row.get(0)?,
        row.get(1)?,
        row.get(2)?,
        Pesos::new(row.get(3)?),
        row.get(4)?,
        row.get::<Option<i64>>(5)?.is_some(),
    ))
}

/// The rows `select` (whose table is `alias`, with a `sale_id`) of the sales `filter` picks.
fn rows_of_sales<T>(
    db: &mut Conn<'_>,
    select: &str,
    alias: &str,
    (filter, params): (&str, &[super::store::Param]),
    read: impl FnMut(&Row<'_>) -> Result<T, LedgerError>,
) -> Result<Vec<T>, LedgerError> {
    db.query(
        &format!("{select} JOIN sales s ON s.id = {alias}.sale_id WHERE {filter}"),
        params,
        read,
    )
}

/// The sales whose rows satisfy `filter` (in terms of `s`, the sale), each with its lines, its
/// parts as their books hold them, and what went back of each: four reads, whatever the count.
pub(super) fn sales_where(
    db: &mut Conn<'_>,
    filter: &str,
    params: &[super::store::Param],
) -> Result<Vec<SaleRecord>, LedgerError> {
    let mut sales = db.query(
        &format!("SELECT {SALE_COLUMNS} FROM sales s WHERE {filter} ORDER BY s.at, s.id"),
        params,
        sale_head,
    )?;
    if sales.is_empty() {
        return Ok(sales);
    }
    let index: HashMap<i64, usize> = sales
        .iter()
        .enumerate()
        .map(|(at, sale)| (sale.id, at))
        .collect();
    let select = format!("SELECT {PART_COLUMNS} FROM {PART_FROM}");
    let parts = rows_of_sales(db, &select, "p", (filter, params), part)?;
    // Each sale's parts by their row and lines by their place, sorted here rather than by the
    // database: the rows come mostly in that order already (a sort that finds them so is one
    // pass), and the database's sort of a year's rows cost more.
    let mut parts: Vec<(usize, SalePart)> = parts
        .into_iter()
        .filter_map(|(sale, part)| Some((*index.get(&sale)?, part)))
        .collect();
    parts.sort_by_key(|(at, part)| (*at, part.id));
    for (at, part) in parts {
        sales[at].parts.push(part);
    }
    let lines = rows_of_sales(db, LINES_OF, "l", (filter, params), line)?;
    let mut lines: Vec<(usize, i64, SaleLine)> = lines
        .into_iter()
        .filter_map(|(sale, position, line)| Some((*index.get(&sale)?, position, line)))
        .collect();
    lines.sort_by_key(|(at, position, _)| (*at, *position));
    for (at, _, line) in lines {
        sales[at].lines.push(line);
    }
    let returns = rows_of_sales(db, RETURNS_OF, "x", (filter, params), return_state)?;
    for (sale, part, way, amount, payout, voided) in returns {
        let Some(at) = index.get(&sale) else { continue };
        let Some(part) = sales[*at].parts.iter_mut().find(|p| p.id == part) else {
            continue;
        };
        match return_standing(&way, payout.as_deref(), voided) {
            ReturnStanding::Stands => {
                part.returns.returned = part.returns.returned.saturating_add(amount);
            }
            ReturnStanding::UnderWay => {
                part.returns.under_way = part.returns.under_way.saturating_add(amount);
            }
            ReturnStanding::Nothing => {}
        }
    }
    Ok(sales)
}

pub(super) fn sale_by_id(db: &mut Conn<'_>, id: i64) -> Result<Option<SaleRecord>, LedgerError> {
    Ok(sales_where(db, "s.id = ?1", args![id])?.into_iter().next())
}

impl Ledger {
    /// What sales' charges still wait to be paid at `at` (made since `since`: older ones cannot
    /// be paid any more): how many, and what they ask. A tab's collection is none (what it asks
    /// is owed on the tab already).
    pub fn charges_waiting_at(&self, since: i64, at: i64) -> Result<(usize, Pesos), LedgerError> {
        self.with(|db| {
            // Charges of sales made since `since` that the service had not settled at `at`.
            const PENDING_AT: &str = "p.way = 'service' AND p.payment_reference = ''
                AND c.repeatable = 0 AND c.created_at >= ?1 AND c.created_at < ?2
                AND NOT EXISTS (SELECT 1 FROM received_payments r
                    WHERE r.profile = c.profile AND r.reference = c.reference
                      AND r.received_at < ?2)
                AND (c.status IS NULL OR c.status IN (1, 9) OR c.status_at >= ?2)";
            let pending: HashSet<(i64, i64)> = db
                .query(
                    &format!(
                        "SELECT p.sale_id, p.id FROM sale_parts p
                     JOIN collections c ON c.profile = p.profile AND c.reference = p.reference
                     WHERE {PENDING_AT}"
                    ),
                    args![since, at],
                    |row| Ok((row.get(0)?, row.get(1)?)),
                )?
                .into_iter()
                .collect();
            if pending.is_empty() {
                return Ok((0, Pesos::ZERO));
            }
            let sales = sales_where(
                db,
                &format!(
                    "s.id IN (SELECT p.sale_id FROM sale_parts p
                     JOIN collections c ON c.profile = p.profile AND c.reference = p.reference
                     WHERE {PENDING_AT})"
                ),
                args![since, at],
            )?;
            let mut waiting = (0, Pesos::ZERO);
            for sale in &sales {
                let is_pending = |part: &SalePart| pending.contains(&(sale.id, part.id));
                // What other parts had paid by then leaves only the rest to wait for.
                let stood = sale
                    .parts
                    .iter()
                    .filter(|part| !is_pending(part))
                    .filter(|part| part.paid_at.is_some_and(|paid| paid < at))
                    .map(|part| part.paid.get())
                    .sum::<i64>();
                let asked = sale
                    .parts
                    .iter()
                    .filter(|part| is_pending(part))
                    .filter_map(|part| part.amount)
                    .map(Pesos::get)
                    .sum::<i64>();
                let missing = (sale.total().get() - stood).max(0);
                let owed = asked.min(missing);
                if owed > 0 {
                    waiting.0 += 1;
                    waiting.1 = waiting.1.saturating_add(Pesos::new(owed));
                }
            }
            Ok(waiting)
        })
    }

    /// The sales made in `[from_ms, to_ms)`, oldest first, every till's, whatever paid them.
    pub fn sales_between(&self, from_ms: i64, to_ms: i64) -> Result<Vec<SaleRecord>, LedgerError> {
        self.with(|db| sales_where(db, "s.at >= ?1 AND s.at < ?2", args![from_ms, to_ms]))
    }

    /// One sale by its row.
    pub fn sale(&self, id: i64) -> Result<Option<SaleRecord>, LedgerError> {
        self.with(|db| sale_by_id(db, id))
    }

    /// The sale a person names by its number, or the books' refusal in words.
    pub fn sale_by_number(&self, number: SaleNumber) -> Result<SaleRecord, LedgerError> {
        let found = self.with(|db| {
            sales_where(
                db,
                "s.till_number = ?1 AND s.number = ?2",
                args![number.till, number.number],
            )
        })?;
        found
            .into_iter()
            .next()
            .ok_or_else(|| LedgerError::Sale(SaleRefusal::UnknownSale(number.to_string())))
    }

    /// The sale `profile`'s charge `reference` is a part of (a counter code's `payment`; "" for a
    /// charge of its own), if it is one.
    pub fn sale_of_charge(
        &self,
        profile: &str,
        reference: &str,
        payment: &str,
    ) -> Result<Option<SaleRecord>, LedgerError> {
        self.with(
            |db| match sale_id_of_charge(db, profile, reference, payment)? {
                Some(id) => sale_by_id(db, id),
                None => Ok(None),
            },
        )
    }

    /// The sale whose part is drawer entry `entry`, if it is one.
    pub fn sale_of_cash_entry(&self, entry: i64) -> Result<Option<SaleRecord>, LedgerError> {
        self.with(|db| match sale_id_of_cash_entry(db, entry)? {
            Some(id) => sale_by_id(db, id),
            None => Ok(None),
        })
    }

    /// This till's number among the tills of these books, once it has sold.
    pub fn till_number_here(&self) -> Result<Option<i64>, LedgerError> {
        self.with(|db| {
            db.query_opt(
                "SELECT number FROM tills WHERE till = ?1",
                args![&self.till],
                |row| row.get::<i64>(0),
            )
        })
    }
}
