//! The drawer's books read: a shift with its entries and figures, an entry with its void and the
//! sale it is a part of, what remains of a sale's part to give back in cash. What `cash.rs`
//! decides under its locks, and what every screen and the close read.

use std::collections::HashMap;

use super::actor::{Actor, Role};
use super::base::Ledger;
use super::cash_state::{
    CashEntry, CashKind, CashMove, CashRefusal, CashVoid, Shift, ShiftClose, ShiftFigures,
    ShiftReport,
};
use super::error::LedgerError;
use super::param::Param;
use super::sale_reads::sale_by_id;
use super::sale_state::{PartState, SaleNumber, SalePart, SaleRecord, SaleRefusal};
use super::store::{Conn, Row, args};
use crate::money::Pesos;
use crate::money::cash::Count;

pub(super) const SHIFT_COLUMNS: &str =
    "s.id, s.till, s.till_name, s.opened_at, s.opened_role, s.opened_by,
    s.base, c.closed_at, c.closed_role, c.closed_by, c.closed_till, c.expected, c.counted,
    c.count, c.note";
pub(super) const SHIFT_FROM: &str = "cash_shifts s LEFT JOIN cash_closes c ON c.shift_id = s.id";
/// The shifts open at some moment of `[?1, ?2)`: opened before its end, closed after its start
/// or still open.
const SHIFTS_BETWEEN: &str = "s.opened_at < ?2 AND (c.closed_at IS NULL OR c.closed_at >= ?1)";

pub(super) const ENTRY_COLUMNS: &str =
    "e.id, e.shift_id, e.at, e.kind, e.amount, e.tendered, e.reference,
    e.instead_of, e.reason, e.description, e.role, e.name, e.till_name,
    v.at, v.role, v.name, v.till_name, v.reason, sn.till_number, sn.number";
/// An entry with its void, and the sale it is a part of (a sale) or gives back a part of (a
/// return).
pub(super) const ENTRY_FROM: &str = "cash_entries e LEFT JOIN cash_voids v ON v.entry_id = e.id
    LEFT JOIN sale_parts sp ON sp.cash_entry = e.id
    LEFT JOIN part_returns pr ON pr.cash_entry = e.id
    LEFT JOIN sales sn ON sn.id = COALESCE(sp.sale_id, pr.sale_id)";

fn actor(role: &str, name: String, till: String) -> Actor {
    Actor {
        role: Role::parse(role),
        name,
        till,
    }
}

/// What happened at the moment in column `at` (a close, a void), read by `read` when it did.
fn if_at<T>(
    row: &Row<'_>,
    at: usize,
    read: impl FnOnce(i64) -> Result<T, LedgerError>,
) -> Result<Option<T>, LedgerError> {
    row.get::<Option<i64>>(at)?.map(read).transpose()
}

/// Who, from three columns in a row from `first`: role, name, till.
fn actor_at(row: &Row<'_>, first: usize) -> Result<Actor, LedgerError> {
    Ok(actor(
        &row.get::<String>(first)?,
        row.get(first + 1)?,
        row.get(first + 2)?,
    ))
}

pub(super) fn shift(row: &Row<'_>) -> Result<Shift, LedgerError> {
    let close = if_at(row, 7, |closed_at| {
        Ok(ShiftClose {
            closed_at,
            by: actor_at(row, 8)?,
            expected: Pesos::new(row.get(11)?),
            counted: Pesos::new(row.get(12)?),
            count: Count::from_stored(&row.get::<String>(13)?),
            note: row.get(14)?,
        })
    })?;
    Ok(Shift {
        id: row.get(0)?,
        till: row.get(1)?,
        till_name: row.get(2)?,
        opened_at: row.get(3)?,
        opened_by: actor(&row.get::<String>(4)?, row.get(5)?, row.get(2)?),
        base: Pesos::new(row.get(6)?),
        close,
    })
}

pub(super) fn entry(row: &Row<'_>) -> Result<CashEntry, LedgerError> {
    let void = if_at(row, 13, |at| {
        Ok(CashVoid {
            at,
            by: actor_at(row, 14)?,
            reason: row.get(17)?,
        })
    })?;
    let kind: String = row.get(3)?;
    Ok(CashEntry {
        id: row.get(0)?,
        shift: row.get(1)?,
        at: row.get(2)?,
        kind: CashKind::parse(&kind).unwrap_or(CashKind::In),
        amount: Pesos::new(row.get(4)?),
        tendered: row.get::<Option<i64>>(5)?.map(Pesos::new),
        reference: row.get(6)?,
        instead_of: row.get(7)?,
        reason: row.get(8)?,
        description: row.get(9)?,
        by: actor_at(row, 10)?,
        void,
        sale: match (row.get::<Option<i64>>(18)?, row.get::<Option<i64>>(19)?) {
            (Some(till), Some(number)) => Some(SaleNumber { till, number }),
            _ => None,
        },
    })
}

/// The shifts `condition` picks, oldest first, each with its entries.
fn reports_where(
    db: &mut Conn<'_>,
    condition: &str,
    params: &[Param],
) -> Result<Vec<ShiftReport>, LedgerError> {
    let shifts = db.query(
        &format!(
            "SELECT {SHIFT_COLUMNS} FROM {SHIFT_FROM} WHERE {condition}
             ORDER BY s.opened_at, s.id"
        ),
        params,
        shift,
    )?;
    shifts
        .into_iter()
        .map(|shift| report_of(db, shift))
        .collect()
}

pub(super) fn shift_by_id(db: &mut Conn<'_>, id: i64) -> Result<Option<Shift>, LedgerError> {
    db.query_opt(
        &format!("SELECT {SHIFT_COLUMNS} FROM {SHIFT_FROM} WHERE s.id = ?1"),
        args![id],
        shift,
    )
}

pub(super) fn open_shift_of(db: &mut Conn<'_>, till: &str) -> Result<Option<Shift>, LedgerError> {
    db.query_opt(
        &format!(
            "SELECT {SHIFT_COLUMNS} FROM {SHIFT_FROM}
             WHERE s.till = ?1 AND c.shift_id IS NULL ORDER BY s.opened_at DESC, s.id DESC LIMIT 1"
        ),
        args![till],
        shift,
    )
}

pub(super) fn entries_of(db: &mut Conn<'_>, shift_id: i64) -> Result<Vec<CashEntry>, LedgerError> {
    db.query(
        &format!(
            "SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM} WHERE e.shift_id = ?1 ORDER BY e.at, e.id"
        ),
        args![shift_id],
        entry,
    )
}

pub(super) fn report_of(db: &mut Conn<'_>, shift: Shift) -> Result<ShiftReport, LedgerError> {
    let entries = entries_of(db, shift.id)?;
    let figures = ShiftFigures::of(shift.base, &entries);
    Ok(ShiftReport {
        shift,
        entries,
        figures,
    })
}

/// The till's open shift, if it may take entries at `at`; why not otherwise.
pub(super) fn shift_taking(
    db: &mut Conn<'_>,
    till: &str,
    at: i64,
) -> Result<ShiftReport, LedgerError> {
    let shift = open_shift_of(db, till)?.ok_or(LedgerError::Cash(CashRefusal::NoOpenShift))?;
    if shift.left_open_before(at) {
        return Err(LedgerError::Cash(CashRefusal::LeftOpen {
            shift: shift.id,
            since: shift.opened_at,
        }));
    }
    report_of(db, shift)
}

/// The part a cash return of `reference` gives back, with its sale: a cash sale's (its own
/// reference) or, cash back for a sale paid through the service, the charge's. Refused when
/// there is none, or it does not stand (voided, never paid).
pub(super) fn part_returned_in_cash(
    db: &mut Conn<'_>,
    reference: &str,
) -> Result<(SaleRecord, SalePart), LedgerError> {
    let unknown = || LedgerError::Cash(CashRefusal::UnknownSale(reference.to_owned()));
    let mut found = db.query(
        "SELECT p.sale_id, p.id FROM sale_parts p JOIN cash_entries e ON e.id = p.cash_entry
         WHERE e.kind = 'sale' AND e.reference = ?1",
        args![reference],
        |row| Ok((row.get::<i64>(0)?, row.get::<i64>(1)?)),
    )?;
    if found.is_empty() && !reference.is_empty() {
        found = db.query(
            "SELECT sale_id, id FROM sale_parts
             WHERE way = 'service' AND reference = ?1 AND payment_reference = ''",
            args![reference],
            |row| Ok((row.get::<i64>(0)?, row.get::<i64>(1)?)),
        )?;
    }
    let (sale, part) = found.into_iter().next().ok_or_else(unknown)?;
    let record = sale_by_id(db, sale)?.ok_or_else(unknown)?;
    let part = record
        .part(part)
        .filter(|part| part.state == PartState::Paid)
        .cloned()
        .ok_or_else(unknown)?;
    Ok((record, part))
}

/// The part a cash return gives back, with its sale: named by its reference, or by the sale and
/// the part.
pub(super) fn returned_part(
    db: &mut Conn<'_>,
    what: &CashMove,
) -> Result<(SaleRecord, SalePart), LedgerError> {
    match what {
        CashMove::ReturnPart { sale, part, .. } => {
            let unknown = || LedgerError::Sale(SaleRefusal::UnknownPart(*part));
            let record = sale_by_id(db, *sale)?.ok_or_else(unknown)?;
            let found = record.part(*part).cloned().ok_or_else(unknown)?;
            if found.state != PartState::Paid {
                return Err(LedgerError::Sale(SaleRefusal::PartNotPaid));
            }
            Ok((record, found))
        }
        CashMove::Return { sale, .. } => part_returned_in_cash(db, sale),
        _ => Err(LedgerError::Missing("sale_parts".to_owned())),
    }
}

/// A cash sale's entry (not voided), and what remains of it to return.
pub(super) fn cash_sale_remaining(
    db: &mut Conn<'_>,
    reference: &str,
) -> Result<(CashEntry, Pesos), LedgerError> {
    let sale = db
        .query_opt(
            &format!(
                "SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM}
                 WHERE e.kind = 'sale' AND e.reference = ?1"
            ),
            args![reference],
            entry,
        )?
        .filter(|sale| sale.void.is_none())
        .ok_or_else(|| LedgerError::Cash(CashRefusal::UnknownSale(reference.to_owned())))?;
    let (_, part) = part_returned_in_cash(db, reference)?;
    Ok((sale, part.returnable()))
}

/// The sale a charge at the service (by its reference, whatever profile) is a part of.
pub(super) fn charge_sale(db: &mut Conn<'_>, reference: &str) -> Result<Option<i64>, LedgerError> {
    db.query_opt(
        "SELECT sale_id FROM sale_parts WHERE way = 'service' AND reference = ?1
         ORDER BY id LIMIT 1",
        args![reference],
        |row| row.get::<i64>(0),
    )
}

/// Whether entry `id` is a tab's payment in cash: voiding it would leave the tab paid with money
/// no drawer holds.
pub(super) fn tab_payment_of(db: &mut Conn<'_>, id: i64) -> Result<bool, LedgerError> {
    Ok(db
        .query_opt(
            "SELECT 1 FROM tab_entries WHERE cash_entry = ?1",
            args![id],
            |row| row.get::<i64>(0),
        )?
        .is_some())
}

pub(super) fn entry_by_id(db: &mut Conn<'_>, id: i64) -> Result<Option<CashEntry>, LedgerError> {
    db.query_opt(
        &format!("SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM} WHERE e.id = ?1"),
        args![id],
        entry,
    )
}

pub(super) fn cash_sale_instead_of(
    db: &mut Conn<'_>,
    reference: &str,
) -> Result<Option<CashEntry>, LedgerError> {
    let found = db.query(
        &format!(
            "SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM}
             WHERE e.kind = 'sale' AND e.instead_of = ?1 ORDER BY e.at, e.id"
        ),
        args![reference],
        entry,
    )?;
    Ok(found.into_iter().find(|sale| sale.void.is_none()))
}

impl Ledger {
    /// This till's open shift (one left open on an earlier day too), with its entries.
    pub fn open_shift_here(&self) -> Result<Option<ShiftReport>, LedgerError> {
        self.with(|db| match open_shift_of(db, &self.till)? {
            Some(shift) => report_of(db, shift).map(Some),
            None => Ok(None),
        })
    }

    /// Shift `id` with its entries and figures.
    pub fn shift_report(&self, id: i64) -> Result<Option<ShiftReport>, LedgerError> {
        self.with(|db| match shift_by_id(db, id)? {
            Some(shift) => report_of(db, shift).map(Some),
            None => Ok(None),
        })
    }

    /// Every till's shifts that were open at some moment of `[from, to)` (opened before `to`,
    /// closed after `from` or still open), oldest first, each with its entries: the owner's
    /// view and the close.
    pub fn shifts_between(&self, from: i64, to: i64) -> Result<Vec<ShiftReport>, LedgerError> {
        self.with(|db| reports_where(db, SHIFTS_BETWEEN, args![from, to]))
    }

    /// The same, the entries written in `[from, to)` already read (`cash_between`): of each
    /// shift only what was written outside the period is read again, as the close reads a
    /// month's drawers beside a month's entries.
    pub fn shifts_between_beside(
        &self,
        from: i64,
        to: i64,
        period: &[CashEntry],
    ) -> Result<Vec<ShiftReport>, LedgerError> {
        let mut by_shift: HashMap<i64, Vec<CashEntry>> = HashMap::new();
        for entry in period {
            by_shift.entry(entry.shift).or_default().push(entry.clone());
        }
        self.with(|db| {
            let shifts = db.query(
                &format!(
                    "SELECT {SHIFT_COLUMNS} FROM {SHIFT_FROM} WHERE {SHIFTS_BETWEEN}
                     ORDER BY s.opened_at, s.id"
                ),
                args![from, to],
                shift,
            )?;
            shifts
                .into_iter()
                .map(|shift| {
                    let mut entries = db.query(
                        &format!(
                            "SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM}
                             WHERE e.shift_id = ?1 AND (e.at < ?2 OR e.at >= ?3)"
                        ),
                        args![shift.id, from, to],
                        entry,
                    )?;
                    entries.extend(by_shift.remove(&shift.id).unwrap_or_default());
                    entries.sort_by_key(|entry| (entry.at, entry.id));
                    let figures = ShiftFigures::of(shift.base, &entries);
                    Ok(ShiftReport {
                        shift,
                        entries,
                        figures,
                    })
                })
                .collect()
        })
    }

    /// Every till's open shifts (one left open on an earlier day too), oldest first.
    pub fn open_shifts(&self) -> Result<Vec<ShiftReport>, LedgerError> {
        self.with(|db| reports_where(db, "c.shift_id IS NULL", args![]))
    }

    /// Every entry of every drawer written in `[from, to)`, oldest first (voided ones with
    /// their void): the close's cash and the CSV's rows.
    pub fn cash_between(&self, from: i64, to: i64) -> Result<Vec<CashEntry>, LedgerError> {
        self.with(|db| {
            db.query(
                &format!(
                    "SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM}
                     WHERE e.at >= ?1 AND e.at < ?2 ORDER BY e.at, e.id"
                ),
                args![from, to],
                entry,
            )
        })
    }

    /// The cash entry `id`.
    pub fn cash_entry(&self, id: i64) -> Result<Option<CashEntry>, LedgerError> {
        self.with(|db| entry_by_id(db, id))
    }

    /// The cash sale (not voided) charged instead of electronic sale `reference`: a later
    /// approval of that sale at the service means the customer paid twice.
    pub fn cash_instead_of(&self, reference: &str) -> Result<Option<CashEntry>, LedgerError> {
        self.with(|db| cash_sale_instead_of(db, reference))
    }

    /// The cash sale `reference` and what remains of it to return.
    pub fn cash_sale(&self, reference: &str) -> Result<(CashEntry, Pesos), LedgerError> {
        self.with(|db| cash_sale_remaining(db, reference))
    }
}
