//! The drawer's books: shifts, their entries, voids and closes, on either backend. Every row is
//! written once and never changed: a close is a row of its own (one per shift, the key says so),
//! a void is a row that names the entry it takes out. Each rule (one open shift per till, what
//! the drawer holds, what remains of a cash sale) is decided in the transaction that writes,
//! under the till's lock, so the app and a command at the same till never both win.

use super::activity::{Action, Actor, Role, write_activity};
use super::cash_state::{
    CashEntry, CashKind, CashMove, CashRefusal, CashVoid, Shift, ShiftClose, ShiftFigures,
    ShiftReport,
};
use super::store::{Conn, Row, args};
use super::{Ledger, LedgerError};
use crate::money::Pesos;
use crate::money::cash::Count;

/// The lock a till's drawer is written under (with the till's key).
const CASH_LOCK: &str = "cash";

/// The lock a cash sale is returned or voided under (with its reference), and an electronic
/// sale charged in cash instead (with its reference): two tills deciding about one sale wait on
/// each other, whatever their drawers.
const CASH_SALE_LOCK: &str = "cash-sale";

/// The longest reason or description kept (what a person typed, cut).
pub const CASH_TEXT_MAX_CHARS: usize = 200;

const SHIFT_COLUMNS: &str = "s.id, s.till, s.till_name, s.opened_at, s.opened_role, s.opened_by,
    s.base, c.closed_at, c.closed_role, c.closed_by, c.closed_till, c.expected, c.counted,
    c.count, c.note";
const SHIFT_FROM: &str = "cash_shifts s LEFT JOIN cash_closes c ON c.shift_id = s.id";

const ENTRY_COLUMNS: &str = "e.id, e.shift_id, e.at, e.kind, e.amount, e.tendered, e.reference,
    e.instead_of, e.reason, e.description, e.role, e.name, e.till_name,
    v.at, v.role, v.name, v.till_name, v.reason";
const ENTRY_FROM: &str = "cash_entries e LEFT JOIN cash_voids v ON v.entry_id = e.id";

fn actor(role: &str, name: String, till: String) -> Actor {
    Actor {
        role: Role::parse(role),
        name,
        till,
    }
}

fn shift(row: &Row<'_>) -> Result<Shift, LedgerError> {
    let closed_at: Option<i64> = row.get(7)?;
    let close = match closed_at {
        Some(closed_at) => Some(ShiftClose {
            closed_at,
            by: actor(&row.get::<String>(8)?, row.get(9)?, row.get(10)?),
            expected: Pesos::new(row.get(11)?),
            counted: Pesos::new(row.get(12)?),
            count: Count::from_stored(&row.get::<String>(13)?),
            note: row.get(14)?,
        }),
        None => None,
    };
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

fn entry(row: &Row<'_>) -> Result<CashEntry, LedgerError> {
    let void_at: Option<i64> = row.get(13)?;
    let void = match void_at {
        Some(at) => Some(CashVoid {
            at,
            by: actor(&row.get::<String>(14)?, row.get(15)?, row.get(16)?),
            reason: row.get(17)?,
        }),
        None => None,
    };
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
        by: actor(&row.get::<String>(10)?, row.get(11)?, row.get(12)?),
        void,
    })
}

/// The owner, or anyone while the shop has set no owner's PIN (nobody's side is closed then).
pub(super) fn owner_or_no_pin(db: &mut Conn<'_>, actor: &Actor) -> Result<bool, LedgerError> {
    Ok(match actor.role {
        Role::Owner => true,
        Role::Cashier => false,
        Role::Anyone => {
            db.value::<i64>(
                "SELECT COUNT(*) FROM people WHERE who = 'owner' AND removed_at IS NULL",
                &[],
            )? == 0
        }
    })
}

fn cut(text: &str) -> String {
    text.trim().chars().take(CASH_TEXT_MAX_CHARS).collect()
}

fn shift_by_id(db: &mut Conn<'_>, id: i64) -> Result<Option<Shift>, LedgerError> {
    db.query_opt(
        &format!("SELECT {SHIFT_COLUMNS} FROM {SHIFT_FROM} WHERE s.id = ?1"),
        args![id],
        shift,
    )
}

fn open_shift_of(db: &mut Conn<'_>, till: &str) -> Result<Option<Shift>, LedgerError> {
    db.query_opt(
        &format!(
            "SELECT {SHIFT_COLUMNS} FROM {SHIFT_FROM}
             WHERE s.till = ?1 AND c.shift_id IS NULL ORDER BY s.opened_at DESC, s.id DESC LIMIT 1"
        ),
        args![till],
        shift,
    )
}

fn entries_of(db: &mut Conn<'_>, shift_id: i64) -> Result<Vec<CashEntry>, LedgerError> {
    db.query(
        &format!(
            "SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM} WHERE e.shift_id = ?1 ORDER BY e.at, e.id"
        ),
        args![shift_id],
        entry,
    )
}

fn report_of(db: &mut Conn<'_>, shift: Shift) -> Result<ShiftReport, LedgerError> {
    let entries = entries_of(db, shift.id)?;
    let figures = ShiftFigures::of(shift.base, &entries);
    Ok(ShiftReport {
        shift,
        entries,
        figures,
    })
}

/// The till's open shift, if it may take entries at `at`; why not otherwise.
fn shift_taking(db: &mut Conn<'_>, till: &str, at: i64) -> Result<ShiftReport, LedgerError> {
    let shift = open_shift_of(db, till)?.ok_or(LedgerError::Cash(CashRefusal::NoOpenShift))?;
    if shift.left_open_before(at) {
        return Err(LedgerError::Cash(CashRefusal::LeftOpen {
            shift: shift.id,
            since: shift.opened_at,
        }));
    }
    report_of(db, shift)
}

/// A cash sale's entry (not voided), and what remains of it after its returns.
fn cash_sale_remaining(
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
    let returned: i64 = db.value(
        "SELECT CAST(COALESCE(SUM(e.amount), 0) AS BIGINT) FROM cash_entries e
         WHERE e.kind = 'return' AND e.reference = ?1
           AND NOT EXISTS (SELECT 1 FROM cash_voids v WHERE v.entry_id = e.id)",
        args![reference],
    )?;
    let remaining = Pesos::new(sale.amount.get().saturating_sub(returned));
    Ok((sale, remaining))
}

impl Ledger {
    /// Opens this till's drawer with the base counted. Refused while a shift is open here (one
    /// left open on an earlier day is said so: it is counted first).
    pub fn open_shift(&self, actor: &Actor, base: Pesos, at: i64) -> Result<Shift, LedgerError> {
        self.transaction(|db| open_shift_in(db, &self.till, actor, base, at))
    }

    /// Opens this till's shift with `base` and writes `what` in it, in one transaction: a
    /// refused entry leaves no shift open either (the person asked for both at once).
    pub fn open_shift_and_record(
        &self,
        actor: &Actor,
        base: Pesos,
        what: &CashMove,
        at: i64,
    ) -> Result<(Shift, CashEntry), LedgerError> {
        let outcome = self.transaction(|db| {
            let shift = open_shift_in(db, &self.till, actor, base, at)?;
            let entry = write_cash(db, &self.till, actor, what, at)?;
            Ok((shift, entry))
        });
        match (outcome, what) {
            (Err(error), CashMove::Sale { reference, .. }) if error.is_unique_violation() => {
                Err(LedgerError::DuplicateReference(reference.clone()))
            }
            (other, _) => other,
        }
    }

    /// This till's open shift (one left open on an earlier day too), with its entries.
    pub fn open_shift_here(&self) -> Result<Option<ShiftReport>, LedgerError> {
        self.with(|db| match open_shift_of(db, &self.till)? {
            Some(shift) => report_of(db, shift).map(Some),
            None => Ok(None),
        })
    }

    /// Writes `what` in this till's open shift, under its lock: a sale needs what was handed
    /// over to cover it; a return, a cash sale with that much left; money out, the drawer to hold
    /// it. Nothing is written when a rule refuses.
    pub fn record_cash(
        &self,
        actor: &Actor,
        what: &CashMove,
        at: i64,
    ) -> Result<CashEntry, LedgerError> {
        let outcome = self.transaction(|db| write_cash(db, &self.till, actor, what, at));
        match (outcome, what) {
            (Err(error), CashMove::Sale { reference, .. }) if error.is_unique_violation() => {
                Err(LedgerError::DuplicateReference(reference.clone()))
            }
            (other, _) => other,
        }
    }

    /// Takes entry `id` out of every figure with a correcting entry and its reason: the owner's
    /// alone, while its shift is open, once.
    pub fn void_cash(
        &self,
        actor: &Actor,
        id: i64,
        reason: &str,
        at: i64,
    ) -> Result<CashEntry, LedgerError> {
        let outcome = self.transaction(|db| {
            if !owner_or_no_pin(db, actor)? {
                return Err(LedgerError::Cash(CashRefusal::OwnerOnly));
            }
            let till = match entry_by_id(db, id)? {
                Some(found) => shift_by_id(db, found.shift)?.map(|shift| shift.till),
                None => None,
            }
            .ok_or(LedgerError::Cash(CashRefusal::NoSuchEntry(id)))?;
            db.lock_until_commit(CASH_LOCK, &till)?;
            // Read again under the lock: a close (or another void) that committed while this
            // waited is seen, so a closed shift never changes.
            let found =
                entry_by_id(db, id)?.ok_or(LedgerError::Cash(CashRefusal::NoSuchEntry(id)))?;
            if found.kind == CashKind::Sale {
                // A return of this sale at another till waits on the sale itself.
                db.lock_until_commit(CASH_SALE_LOCK, &found.reference)?;
            }
            let found =
                entry_by_id(db, id)?.ok_or(LedgerError::Cash(CashRefusal::NoSuchEntry(id)))?;
            let shift = shift_by_id(db, found.shift)?
                .ok_or(LedgerError::Cash(CashRefusal::NoSuchEntry(id)))?;
            if tab_payment_of(db, id)? {
                return Err(LedgerError::Cash(CashRefusal::TabPayment(id)));
            }
            if found.void.is_some() {
                return Err(LedgerError::Cash(CashRefusal::AlreadyVoided(id)));
            }
            if !shift.is_open() {
                return Err(LedgerError::Cash(CashRefusal::VoidInClosedShift(id)));
            }
            if found.kind == CashKind::Sale {
                let (sale, remaining) = cash_sale_remaining(db, &found.reference)?;
                if remaining != sale.amount {
                    return Err(LedgerError::Cash(CashRefusal::SaleHasReturns(
                        found.reference.clone(),
                    )));
                }
            }
            // Taking a sale or money in out of the drawer must leave it holding what went out.
            if !found.kind.takes_out() {
                let figures = report_of(db, shift)?.figures;
                if found.amount > figures.expected() {
                    return Err(LedgerError::Cash(CashRefusal::DrawerShort {
                        holds: figures.expected(),
                    }));
                }
            }
            db.execute(
                "INSERT INTO cash_voids (entry_id, at, role, name, till_name, reason)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                args![
                    id,
                    at,
                    actor.role.code(),
                    &actor.name,
                    &actor.till,
                    cut(reason)
                ],
            )?;
            let detail = crate::t!(
                "cash-detail-voided",
                kind = found.kind.words(),
                entry = id.to_string(),
                amount = found.amount.to_string(),
                reason = cut(reason)
            );
            write_activity(db, actor, Action::CashVoided, &detail, at)?;
            entry_by_id(db, id)?.ok_or(LedgerError::Cash(CashRefusal::NoSuchEntry(id)))
        });
        match outcome {
            Err(error) if error.is_unique_violation() => {
                Err(LedgerError::Cash(CashRefusal::AlreadyVoided(id)))
            }
            other => other,
        }
    }

    /// Closes shift `id` with the count: what the drawer should hold is decided and frozen here,
    /// under the till's lock. Its own cashier or the owner closes it, once.
    pub fn close_shift(
        &self,
        actor: &Actor,
        id: i64,
        count: &Count,
        note: &str,
        at: i64,
    ) -> Result<ShiftReport, LedgerError> {
        let outcome = self.transaction(|db| {
            let found =
                shift_by_id(db, id)?.ok_or(LedgerError::Cash(CashRefusal::NoSuchShift(id)))?;
            db.lock_until_commit(CASH_LOCK, &found.till)?;
            if !found.is_open() {
                return Err(LedgerError::Cash(CashRefusal::AlreadyClosed(id)));
            }
            let its_cashier = actor.role == Role::Cashier
                && found.opened_by.role == Role::Cashier
                && found.opened_by.name.to_lowercase() == actor.name.to_lowercase();
            if !its_cashier && !owner_or_no_pin(db, actor)? {
                return Err(LedgerError::Cash(CashRefusal::NotYourShift {
                    by: found.opened_by.words(),
                }));
            }
            let figures = report_of(db, found)?.figures;
            db.execute(
                "INSERT INTO cash_closes (shift_id, closed_at, closed_role, closed_by, closed_till,
                    expected, counted, count, note)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                args![
                    id,
                    at,
                    actor.role.code(),
                    &actor.name,
                    &actor.till,
                    figures.expected().get(),
                    count.total().get(),
                    count.stored(),
                    cut(note)
                ],
            )?;
            let closed =
                shift_by_id(db, id)?.ok_or(LedgerError::Cash(CashRefusal::NoSuchShift(id)))?;
            if let Some(close) = &closed.close {
                let detail = crate::t!(
                    "cash-detail-closed",
                    shift = id.to_string(),
                    expected = close.expected.to_string(),
                    counted = close.counted.to_string(),
                    difference = close.difference().words()
                );
                write_activity(db, actor, Action::ShiftClosed, &detail, at)?;
            }
            report_of(db, closed)
        });
        match outcome {
            Err(error) if error.is_unique_violation() => {
                Err(LedgerError::Cash(CashRefusal::AlreadyClosed(id)))
            }
            other => other,
        }
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
        self.with(|db| {
            let shifts = db.query(
                &format!(
                    "SELECT {SHIFT_COLUMNS} FROM {SHIFT_FROM}
                     WHERE s.opened_at < ?2 AND (c.closed_at IS NULL OR c.closed_at >= ?1)
                     ORDER BY s.opened_at, s.id"
                ),
                args![from, to],
                shift,
            )?;
            shifts
                .into_iter()
                .map(|shift| report_of(db, shift))
                .collect()
        })
    }

    /// Every till's open shifts (one left open on an earlier day too), oldest first.
    pub fn open_shifts(&self) -> Result<Vec<ShiftReport>, LedgerError> {
        self.with(|db| {
            let shifts = db.query(
                &format!(
                    "SELECT {SHIFT_COLUMNS} FROM {SHIFT_FROM} WHERE c.shift_id IS NULL
                     ORDER BY s.opened_at, s.id"
                ),
                args![],
                shift,
            )?;
            shifts
                .into_iter()
                .map(|shift| report_of(db, shift))
                .collect()
        })
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

/// Opens `till`'s shift, inside the caller's transaction; refused while one is open there.
fn open_shift_in(
    db: &mut Conn<'_>,
    till: &str,
    actor: &Actor,
    base: Pesos,
    at: i64,
) -> Result<Shift, LedgerError> {
    db.lock_until_commit(CASH_LOCK, till)?;
    if let Some(open) = open_shift_of(db, till)? {
        return Err(LedgerError::Cash(if open.left_open_before(at) {
            CashRefusal::LeftOpen {
                shift: open.id,
                since: open.opened_at,
            }
        } else {
            CashRefusal::ShiftOpen {
                since: open.opened_at,
                by: open.opened_by.words(),
            }
        }));
    }
    let id: i64 = db.value(
        "INSERT INTO cash_shifts (till, till_name, opened_at, opened_role, opened_by, base)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id",
        args![
            till,
            &actor.till,
            at,
            actor.role.code(),
            &actor.name,
            base.get()
        ],
    )?;
    let detail = crate::t!(
        "cash-detail-opened",
        shift = id.to_string(),
        base = base.to_string()
    );
    write_activity(db, actor, Action::ShiftOpened, &detail, at)?;
    shift_by_id(db, id)?.ok_or_else(|| LedgerError::Missing("cash_shifts".to_owned()))
}

/// Writes `what` in `till`'s open shift, under its lock, inside the caller's transaction (a
/// tab's payment in cash writes its drawer entry and its tab entry in one).
pub(super) fn write_cash(
    db: &mut Conn<'_>,
    till: &str,
    actor: &Actor,
    what: &CashMove,
    at: i64,
) -> Result<CashEntry, LedgerError> {
    db.lock_until_commit(CASH_LOCK, till)?;
    let open = shift_taking(db, till, at)?;
    let (tendered, reference, instead_of, reason, description) = match what {
        CashMove::Sale {
            amount,
            tendered,
            reference,
            instead_of,
            description,
        } => {
            if tendered < amount {
                return Err(LedgerError::Cash(CashRefusal::TenderedShort {
                    missing: Pesos::new(amount.get() - tendered.get()),
                }));
            }
            if !instead_of.is_empty() {
                db.lock_until_commit(CASH_SALE_LOCK, instead_of)?;
            }
            if !instead_of.is_empty()
                && let Some(earlier) = cash_sale_instead_of(db, instead_of)?
            {
                return Err(LedgerError::Cash(CashRefusal::AlreadyCharged(
                    earlier.reference,
                )));
            }
            (
                Some(tendered.get()),
                reference.clone(),
                instead_of.clone(),
                String::new(),
                cut(description),
            )
        }
        CashMove::Return {
            amount,
            sale,
            reason,
        } => {
            // Money back to a customer is the owner's, in cash as through the service.
            if !owner_or_no_pin(db, actor)? {
                return Err(LedgerError::Cash(CashRefusal::ReturnOwnerOnly));
            }
            db.lock_until_commit(CASH_SALE_LOCK, sale)?;
            let (sold, remaining) = cash_sale_remaining(db, sale)?;
            if *amount > remaining {
                return Err(LedgerError::Cash(CashRefusal::ReturnOverRemaining {
                    remaining,
                    sold: sold.amount,
                }));
            }
            (
                None,
                sale.clone(),
                String::new(),
                cut(reason),
                String::new(),
            )
        }
        CashMove::In { reason, .. } | CashMove::Out { reason, .. } => (
            None,
            String::new(),
            String::new(),
            cut(reason),
            String::new(),
        ),
    };
    if what.kind().takes_out() && what.amount() > open.figures.expected() {
        return Err(LedgerError::Cash(CashRefusal::DrawerShort {
            holds: open.figures.expected(),
        }));
    }
    let id: i64 = db.value(
        "INSERT INTO cash_entries (shift_id, at, kind, amount, tendered, reference,
                instead_of, reason, description, role, name, till_name)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) RETURNING id",
        args![
            open.shift.id,
            at,
            what.kind().code(),
            what.amount().get(),
            tendered,
            reference,
            instead_of,
            reason,
            description,
            actor.role.code(),
            &actor.name,
            &actor.till
        ],
    )?;
    let written =
        entry_by_id(db, id)?.ok_or_else(|| LedgerError::Missing("cash_entries".to_owned()))?;
    moved_activity(db, actor, &written)?;
    Ok(written)
}

/// The activity log's entry for a movement written (a sale is in the books, not the log).
fn moved_activity(
    db: &mut Conn<'_>,
    actor: &Actor,
    written: &CashEntry,
) -> Result<(), LedgerError> {
    let amount = written.amount.to_string();
    let (action, detail) = match written.kind {
        CashKind::Sale => return Ok(()),
        CashKind::In => (
            Action::CashIn,
            crate::t!(
                "cash-detail-moved",
                amount = amount,
                reason = written.reason.as_str()
            ),
        ),
        CashKind::Out => (
            Action::CashOut,
            crate::t!(
                "cash-detail-moved",
                amount = amount,
                reason = written.reason.as_str()
            ),
        ),
        CashKind::Return => (
            Action::CashReturned,
            crate::t!(
                "cash-detail-returned",
                amount = amount,
                sale = written.reference.as_str(),
                reason = written.reason.as_str()
            ),
        ),
    };
    write_activity(db, actor, action, &detail, written.at)
}

/// Whether entry `id` is a tab's payment in cash: voiding it would leave the tab paid with money
/// no drawer holds.
fn tab_payment_of(db: &mut Conn<'_>, id: i64) -> Result<bool, LedgerError> {
    Ok(db
        .query_opt(
            "SELECT 1 FROM tab_entries WHERE cash_entry = ?1",
            args![id],
            |row| row.get::<i64>(0),
        )?
        .is_some())
}

fn entry_by_id(db: &mut Conn<'_>, id: i64) -> Result<Option<CashEntry>, LedgerError> {
    db.query_opt(
        &format!("SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM} WHERE e.id = ?1"),
        args![id],
        entry,
    )
}

fn cash_sale_instead_of(
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
