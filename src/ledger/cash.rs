//! The drawer's books: shifts, their entries, voids and closes, on either backend. Every row is
//! written once and never changed: a close is a row of its own (one per shift, the key says so),
//! a void is a row that names the entry it takes out. Each rule (one open shift per till, what
//! the drawer holds, what remains of a cash sale) is decided in the transaction that writes,
//! under the till's lock, so the app and a command at the same till never both win.

use super::activity::{Action, Actor, Role, write_activity};
use super::base::Ledger;
use super::cash_reads::{
    cash_sale_instead_of, cash_sale_remaining, charge_sale, entry_by_id, open_shift_of, report_of,
    returned_part, shift_by_id, shift_taking, tab_payment_of,
};
use super::cash_state::{CashEntry, CashKind, CashMove, CashRefusal, Shift, ShiftReport};
use super::error::LedgerError;
use super::param::Param;
use super::part_returns::{NewPartReturn, ReturnWay, write_part_return};
use super::sale_state::{NewSale, PartWay, SaleNumber, SaleRefusal};
use super::sales::{NewTie, SALE_LOCK, sale_id_of_cash_entry, sale_number, write_part, write_sale};
use super::store::{Conn, args};
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

/// Writes a row that settles another for good (a void of an entry, a close of a shift): its
/// first values are always the row it settles, when, and who did it at which till, then `rest`.
/// Who signs is read from the actor in one place, in the columns' one order.
fn write_signed(
    db: &mut Conn<'_>,
    statement: &str,
    (settled, at, actor): (i64, i64, &Actor),
    rest: &[Param],
) -> Result<(), LedgerError> {
    let mut values = args![settled, at, actor.role.code(), &actor.name, &actor.till].to_vec();
    values.extend_from_slice(rest);
    db.execute(statement, &values)?;
    Ok(())
}

/// The sale a cash sale entry is a part of: `sale` (a part of a sale already written), the sale of
/// the charge it was made instead of, or a sale of its own (one line: what was sold, its
/// amount). Its number.
pub(super) fn tie_cash_sale(
    db: &mut Conn<'_>,
    till: &str,
    actor: &Actor,
    entry: &CashEntry,
    sale: Option<i64>,
) -> Result<SaleNumber, LedgerError> {
    let instead = match entry.instead_of.as_str() {
        "" => None,
        charge => charge_sale(db, charge)?,
    };
    let id = match sale.or(instead) {
        Some(id) => id,
        None => {
            let own = NewSale::of_amount(Some(entry.amount), &entry.description);
            write_sale(db, till, actor, &own, entry.at)?.0
        }
    };
    write_part(
        db,
        id,
        actor,
        Some(entry.amount),
        &NewTie::Cash(entry.id),
        entry.at,
    )?;
    sale_number(db, id)
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
            Ok((shift, sold(db, &self.till, actor, entry)?))
        });
        reference_taken(outcome, what)
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
        let outcome = self.transaction(|db| {
            let entry = write_cash(db, &self.till, actor, what, at)?;
            sold(db, &self.till, actor, entry)
        });
        reference_taken(outcome, what)
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
                if let Some(sale) = sale_id_of_cash_entry(db, id)? {
                    db.lock_until_commit(SALE_LOCK, &sale.to_string())?;
                }
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
            write_signed(
                db,
                "INSERT INTO cash_voids (entry_id, at, role, name, till_name, reason)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                (id, at, actor),
                args![cut(reason)],
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
            write_signed(
                db,
                "INSERT INTO cash_closes (shift_id, closed_at, closed_role, closed_by, closed_till,
                    expected, counted, count, note)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                (id, at, actor),
                args![
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
}

/// Opens `till`'s shift, inside the caller's transaction; refused while one is open there.
pub(super) fn open_shift_in(
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
    // A return's sale and part, for its tie.
    let mut returned = None;
    let (tendered, reference, instead_of, reason, description) = match what {
        CashMove::Sale {
            amount,
            tendered,
            reference,
            instead_of,
            description,
        } => {
            sale_checked(db, *amount, *tendered, instead_of)?;
            (
                Some(tendered.get()),
                reference.clone(),
                instead_of.clone(),
                String::new(),
                cut(description),
            )
        }
        CashMove::Return { amount, reason, .. } | CashMove::ReturnPart { amount, reason, .. } => {
            let (sale, part, reference) = return_checked(db, actor, what, *amount)?;
            returned = Some((sale, part));
            (None, reference, String::new(), cut(reason), String::new())
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
    if let Some(returned) = returned {
        tie_return(db, actor, returned, what, id, at)?;
    }
    let written =
        entry_by_id(db, id)?.ok_or_else(|| LedgerError::Missing("cash_entries".to_owned()))?;
    moved_activity(db, actor, &written)?;
    Ok(written)
}

/// A cash sale whose reference another entry holds already is said as that, not as the
/// database's words.
fn reference_taken<T>(outcome: Result<T, LedgerError>, what: &CashMove) -> Result<T, LedgerError> {
    match (outcome, what) {
        (Err(error), CashMove::Sale { reference, .. }) if error.is_unique_violation() => {
            Err(LedgerError::DuplicateReference(reference.clone()))
        }
        (other, _) => other,
    }
}

/// A cash sale handed over short, or charged in cash instead of a charge already charged so, is
/// refused; the charge's sale is locked first, so a return of it waits for this sale.
fn sale_checked(
    db: &mut Conn<'_>,
    amount: Pesos,
    tendered: Pesos,
    instead_of: &str,
) -> Result<(), LedgerError> {
    if tendered < amount {
        return Err(LedgerError::Cash(CashRefusal::TenderedShort {
            missing: Pesos::new(amount.get() - tendered.get()),
        }));
    }
    if instead_of.is_empty() {
        return Ok(());
    }
    db.lock_until_commit(CASH_SALE_LOCK, instead_of)?;
    if let Some(sale) = charge_sale(db, instead_of)? {
        db.lock_until_commit(SALE_LOCK, &sale.to_string())?;
    }
    if let Some(earlier) = cash_sale_instead_of(db, instead_of)? {
        return Err(LedgerError::Cash(CashRefusal::AlreadyCharged(
            earlier.reference,
        )));
    }
    Ok(())
}

/// The sale, part and reference a cash return gives back, once the owner's word and what
/// remains of the part allow it.
fn return_checked(
    db: &mut Conn<'_>,
    actor: &Actor,
    what: &CashMove,
    amount: Pesos,
) -> Result<(i64, i64, String), LedgerError> {
    // Money back to a customer is the owner's, in cash as through the service.
    if !owner_or_no_pin(db, actor)? {
        return Err(LedgerError::Cash(CashRefusal::ReturnOwnerOnly));
    }
    let (record, _) = returned_part(db, what)?;
    db.lock_until_commit(SALE_LOCK, &record.id.to_string())?;
    // Read again under the sale's lock: another till's return of it is seen.
    let (record, part) = returned_part(db, what)?;
    if part.way() == PartWay::Tab {
        return Err(LedgerError::Sale(SaleRefusal::ReturnWrongWay));
    }
    let remaining = part.returnable();
    if amount > remaining {
        return Err(LedgerError::Cash(CashRefusal::ReturnOverRemaining {
            remaining,
            sold: part.paid,
        }));
    }
    Ok((record.id, part.id, part.reference().to_owned()))
}

/// A cash return written as the return of its sale's part.
fn tie_return(
    db: &mut Conn<'_>,
    actor: &Actor,
    (sale, part): (i64, i64),
    what: &CashMove,
    entry: i64,
    at: i64,
) -> Result<(), LedgerError> {
    let (CashMove::Return { amount, reason, .. } | CashMove::ReturnPart { amount, reason, .. }) =
        what
    else {
        return Ok(());
    };
    write_part_return(
        db,
        &NewPartReturn::plain(
            actor,
            (sale, part, at),
            (ReturnWay::Cash, *amount, entry),
            &cut(reason),
        ),
    )
}

/// A cash sale's entry as a part of its sale (other entries as they are), with the number the
/// entry now reads.
fn sold(
    db: &mut Conn<'_>,
    till: &str,
    actor: &Actor,
    entry: CashEntry,
) -> Result<CashEntry, LedgerError> {
    if entry.kind != CashKind::Sale {
        return Ok(entry);
    }
    let number = tie_cash_sale(db, till, actor, &entry, None)?;
    Ok(CashEntry {
        sale: Some(number),
        ..entry
    })
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
        CashKind::In | CashKind::Out => (
            if written.kind == CashKind::In {
                Action::CashIn
            } else {
                Action::CashOut
            },
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
