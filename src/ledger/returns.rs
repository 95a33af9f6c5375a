//! Returns: money back to a customer for a sale. The service publishes no refund, so a return
//! is a payout (docs/decisions.md "Returns"), written in the payout journal like any other, and
//! tied here to the sale it returns (and, for a counter code, to the one payment: its provider
//! reference). What may still be returned is what the service confirmed was paid, less every
//! return that was not refused or failed; it is decided in the transaction that writes the
//! return's intent, under the journal's lock, so two tills returning the same sale at once never
//! return more than was paid.

use super::actor::{Actor, Role};
use super::base::Ledger;
use super::created::{COLLECTION_COLUMNS, Collection, collection};
use super::error::LedgerError;
use super::part_returns::{NewPartReturn, ReturnWay, write_part_return};
use super::payouts::{
    COLUMNS, IntentRules, PAYOUTS_LOCK, PayoutRecord, PayoutState, payout_now, record, write_intent,
};
use super::received::{RECEIVED_COLUMNS, RECEIVED_JOIN, ReceivedPayment, received};
use super::return_state::{ReturnRefusal, ReturnTie, SaleReturns};
use super::sale_reads::sale_by_id;
use super::sale_state::{PartTie, SalePart};
use super::sales::{SALE_LOCK, sale_id_of_charge};
use super::store::{Conn, Row, args};
use crate::api::kind::PaymentKind;
use crate::api::{PayoutRequest, TransactionStatus};
use crate::money::Pesos;
use crate::requests::ReturnReason;

/// A return as the books hold it: its payout (its state is the payout's, from the service's
/// answers only), what it returns, and the sale's method and cashier, under which the close
/// counts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnRecord {
    pub payout: PayoutRecord,
    pub tie: ReturnTie,
    /// How the sale was paid.
    pub kind: PaymentKind,
    /// Who made the sale (empty where nobody said).
    pub cashier: String,
}

impl ReturnRecord {
    /// What the customer's screen says while it goes: «Devolución enviada: $ 20.000».
    pub fn customer_words(&self) -> String {
        crate::t!(
            "return-customer-sent",
            amount = self.payout.amount.to_string()
        )
    }
}

/// A sale the books would let be returned, as they hold it now: the sale, the payment returned
/// (a sale's one payment, or the counter code's chosen one) and what went back of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Returnable {
    pub sale: Collection,
    pub payment: ReceivedPayment,
    pub returns: SaleReturns,
}

/// A return and what it returns, as every query reads it: the payout's columns first (as
/// [`record`] reads them), then the tie and the sale's method and cashier.
fn return_record(row: &Row<'_>) -> Result<ReturnRecord, LedgerError> {
    let reason: String = row.get(19)?;
    let words: String = row.get(20)?;
    Ok(ReturnRecord {
        payout: record(row)?,
        tie: ReturnTie {
            sale: row.get(17)?,
            payment: row.get(18)?,
            reason: ReturnReason::stored(&reason, &words),
        },
        kind: PaymentKind::parse(&row.get::<String>(21)?),
        cashier: row.get(22)?,
    })
}

/// Returns whose rows satisfy `filter` (in terms of `p` the payout, `r` the tie), oldest first.
fn returns_where(filter: &str) -> String {
    format!(
        "SELECT {COLUMNS}, sale_reference, payment_reference, reason, reason_words, kind, cashier
         FROM (SELECT p.*, r.sale_reference, r.payment_reference, r.reason, r.reason_words,
                      COALESCE(c.kind, '') AS kind, COALESCE(c.cashier, '') AS cashier
               FROM sale_returns r JOIN payouts p ON p.id = r.payout_id
               LEFT JOIN collections c
                   ON c.profile = r.profile AND c.reference = r.sale_reference
               WHERE {filter}) AS returned
         ORDER BY created_at, id"
    )
}

/// What went back of `sale`'s `payment` ("" for a sale), by the state of each return.
fn sale_returns(
    db: &mut Conn<'_>,
    profile: &str,
    sale: &str,
    payment: &str,
    paid: Pesos,
) -> Result<SaleReturns, LedgerError> {
    let returns = db.query(
        "SELECT p.state, p.amount FROM sale_returns r JOIN payouts p ON p.id = r.payout_id
         WHERE r.profile = ?1 AND r.sale_reference = ?2 AND r.payment_reference = ?3",
        args![profile, sale, payment],
        |row| {
            Ok((
                PayoutState::parse(&row.get::<String>(0)?),
                Pesos::new(row.get(1)?),
            ))
        },
    )?;
    let mut sums = SaleReturns {
        paid,
        ..SaleReturns::default()
    };
    for (state, amount) in returns {
        sums.count(state, amount);
    }
    Ok(sums)
}

/// The sale part `profile`'s charge `reference` (a counter code's `payment`) is, with its sale's
/// id, as the books hold it now: what went back of it every way.
fn part_of_charge(
    db: &mut Conn<'_>,
    profile: &str,
    reference: &str,
    payment: &str,
) -> Result<Option<(i64, SalePart)>, LedgerError> {
    let Some(sale) = sale_id_of_charge(db, profile, reference, payment)? else {
        return Ok(None);
    };
    let part = sale_by_id(db, sale)?.and_then(|record| {
        record.parts.into_iter().find(|part| {
            matches!(&part.tie, PartTie::Service(service)
                if service.profile == profile && service.reference == reference
                    && service.payment == payment)
        })
    });
    Ok(part.map(|part| (sale, part)))
}

/// The sale `profile` made under `sale`, or why there is none to return.
fn sale_of(db: &mut Conn<'_>, profile: &str, sale: &str) -> Result<Collection, LedgerError> {
    let found = db.query_opt(
        &format!(
            "SELECT {COLLECTION_COLUMNS} FROM collections WHERE profile = ?1 AND reference = ?2"
        ),
        args![profile, sale],
        collection,
    )?;
    if let Some(found) = found {
        return Ok(found);
    }
    let elsewhere = db.query_opt(
        "SELECT profile FROM collections WHERE reference = ?1 LIMIT 1",
        args![sale],
        |row| row.get::<String>(0),
    )?;
    let refusal = match elsewhere {
        Some(_) => ReturnRefusal::OtherProfile(sale.to_owned()),
        None => ReturnRefusal::UnknownSale(sale.to_owned()),
    };
    Err(LedgerError::Return(refusal))
}

/// The sale, its payment and what went back of it, or why the books refuse to return it: not
/// approved, never confirmed by the service, a counter code's payment not named or not its own,
/// everything returned already or on its way back.
fn returnable_in(
    db: &mut Conn<'_>,
    profile: &str,
    sale: &str,
    payment: &str,
) -> Result<Returnable, LedgerError> {
    let refused = |refusal: ReturnRefusal| Err(LedgerError::Return(refusal));
    let found = sale_of(db, profile, sale)?;
    if !found.repeatable && found.status != Some(TransactionStatus::Approved) {
        return refused(ReturnRefusal::NotApproved {
            sale: sale.to_owned(),
            state: found.status,
        });
    }
    if !found.repeatable && !payment.is_empty() {
        return refused(ReturnRefusal::OnePayment(sale.to_owned()));
    }
    let payments = db.query(
        &format!(
            "SELECT {RECEIVED_COLUMNS} FROM {RECEIVED_JOIN}
             WHERE r.profile = ?1 AND r.reference = ?2 ORDER BY r.received_at, r.id"
        ),
        args![profile, sale],
        received,
    )?;
    let chosen = if found.repeatable {
        if payment.is_empty() {
            return refused(ReturnRefusal::ChoosePayment {
                sale: sale.to_owned(),
                payments: payments.len(),
            });
        }
        let Some(chosen) = payments
            .into_iter()
            .find(|paid| paid.provider_reference == payment)
        else {
            return refused(ReturnRefusal::NoSuchPayment {
                sale: sale.to_owned(),
                payment: payment.to_owned(),
            });
        };
        chosen
    } else {
        match payments.into_iter().next() {
            Some(chosen) => chosen,
            None => return refused(ReturnRefusal::NotConfirmed(sale.to_owned())),
        }
    };
    let Some(paid) = chosen.amount.filter(|paid| *paid > Pesos::ZERO) else {
        return refused(ReturnRefusal::NotConfirmed(sale.to_owned()));
    };
    let returns = match part_of_charge(db, profile, sale, payment)? {
        // Every way a part went back counts: payouts, cash back at the counter.
        Some((_, part)) => SaleReturns {
            paid: part.paid,
            returned: part.returns.returned,
            under_way: part.returns.under_way,
        },
        None => sale_returns(db, profile, sale, payment, paid)?,
    };
    if returns.remaining() == Pesos::ZERO {
        return refused(if returns.under_way > Pesos::ZERO {
            ReturnRefusal::NothingLeft {
                sale: sale.to_owned(),
                under_way: returns.under_way,
            }
        } else {
            ReturnRefusal::ReturnedInFull {
                sale: sale.to_owned(),
                paid,
            }
        });
    }
    Ok(Returnable {
        sale: found,
        payment: chosen,
        returns,
    })
}

impl Ledger {
    /// Whether `profile`'s `sale` (a counter code's `payment`; "" for a sale) may be returned,
    /// and how much remains, as the books hold it now; the refusal in words when not
    /// ([`LedgerError::Return`]). The review a person sees: [`Ledger::begin_return`] decides
    /// again under the lock.
    pub fn returnable(
        &self,
        profile: &str,
        sale: &str,
        payment: &str,
    ) -> Result<Returnable, LedgerError> {
        self.with(|db| returnable_in(db, profile, sale, payment))
    }

    /// Commits a return's intent: in one transaction under the journal's lock, what remains of
    /// the sale decided (nothing is written when `request.amount` is more), then the payout's
    /// own rules and its intent ([`Ledger::begin_payout`]'s), and its tie to the sale. Another
    /// till's return of the same sale waits on the lock, then sees this one.
    pub fn begin_return(
        &self,
        profile: &str,
        request: &PayoutRequest,
        rules: &IntentRules,
        tie: &ReturnTie,
    ) -> Result<PayoutRecord, LedgerError> {
        let outcome = self.transaction(|db| {
            db.lock_until_commit(PAYOUTS_LOCK, profile)?;
            let part = part_of_charge(db, profile, &tie.sale, &tie.payment)?;
            if let Some((sale, _)) = &part {
                // Cash back for the same sale at another till waits on the sale itself.
                db.lock_until_commit(SALE_LOCK, &sale.to_string())?;
            }
            let returnable = returnable_in(db, profile, &tie.sale, &tie.payment)?;
            let remaining = returnable.returns.remaining();
            if request.amount > remaining {
                return Err(LedgerError::Return(ReturnRefusal::OverRemaining {
                    remaining,
                    paid: returnable.returns.paid,
                }));
            }
            let intent = write_intent(db, &self.till, profile, request, rules)?;
            db.execute(
                "INSERT INTO sale_returns (payout_id, profile, sale_reference, payment_reference,
                    reason, reason_words)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                args![
                    intent.id,
                    profile,
                    &tie.sale,
                    &tie.payment,
                    tie.reason.code(),
                    tie.reason.own_words()
                ],
            )?;
            if let Some((sale, part)) = part {
                write_part_return(
                    db,
                    &NewPartReturn {
                        sale,
                        part: part.id,
                        at: intent.created_at,
                        way: ReturnWay::Payout,
                        amount: request.amount,
                        entry: intent.id,
                        reason: tie.reason.code(),
                        reason_words: tie.reason.own_words(),
                        actor: &Actor::new(Role::Owner, ""),
                    },
                )?;
            }
            payout_now(db, intent.id)
        });
        match outcome {
            Err(error) if error.is_unique_violation() => {
                Err(LedgerError::DuplicateReference(request.reference1.clone()))
            }
            other => other,
        }
    }

    /// What was paid for `profile`'s `sale` (a counter code's `payment`; "" for a sale) and what
    /// went back of it; `None` when the service confirmed no such payment.
    pub fn returned(
        &self,
        profile: &str,
        sale: &str,
        payment: &str,
    ) -> Result<Option<SaleReturns>, LedgerError> {
        self.with(|db| {
            let paid = db.query_opt(
                "SELECT amount FROM received_payments
                 WHERE profile = ?1 AND reference = ?2 AND provider_reference = ?3",
                args![profile, sale, payment],
                |row| row.get::<Option<i64>>(0),
            )?;
            match paid.flatten() {
                Some(paid) => sale_returns(db, profile, sale, payment, Pesos::new(paid)).map(Some),
                None => Ok(None),
            }
        })
    }

    /// Every return of `profile`'s `sale` (of any of a counter code's payments), oldest first.
    pub fn returns_of_sale(
        &self,
        profile: &str,
        sale: &str,
    ) -> Result<Vec<ReturnRecord>, LedgerError> {
        self.with(|db| {
            db.query(
                &returns_where("r.profile = ?1 AND r.sale_reference = ?2"),
                args![profile, sale],
                return_record,
            )
        })
    }

    /// The return a payout is, if it is one (what a shared ledger's notice of a payout names).
    pub fn return_of_payout(&self, id: i64) -> Result<Option<ReturnRecord>, LedgerError> {
        self.with(|db| db.query_opt(&returns_where("p.id = ?1"), args![id], return_record))
    }

    /// `profile`'s return sent under `reference1`, if that payout is one.
    pub fn return_by_reference(
        &self,
        profile: &str,
        reference1: &str,
    ) -> Result<Option<ReturnRecord>, LedgerError> {
        self.with(|db| {
            db.query_opt(
                &returns_where("p.profile = ?1 AND p.reference1 = ?2"),
                args![profile, reference1],
                return_record,
            )
        })
    }

    /// The returns made (their intent written) in `[from_ms, to_ms)`, oldest first, whatever
    /// day their sale was: a return of yesterday's sale is today's (every profile's with `None`).
    pub fn returns_between(
        &self,
        profile: Option<&str>,
        from_ms: i64,
        to_ms: i64,
    ) -> Result<Vec<ReturnRecord>, LedgerError> {
        self.with(|db| {
            db.query(
                &returns_where(
                    "(CAST(?1 AS TEXT) IS NULL OR r.profile = ?1)
                     AND p.created_at >= ?2 AND p.created_at < ?3",
                ),
                args![profile, from_ms, to_ms],
                return_record,
            )
        })
    }
}
