//! The money received: every payment the service confirmed, one row each. An approved payment
//! is one row; a code that takes payment after payment (a static QR left on the counter, an
//! interoperable QR, a Bre-B key) has a row for each payment, told apart by the provider
//! reference the service's status answer gives it. Rows are written only from a status answer
//! (by a till's follower or by the receiver's check of a notification, whichever comes first),
//! so today's list, the balance's figures and the day's close count the same money, and a
//! notification's own figures are never in it.

use super::base::Ledger;
use super::created::{Collection, MadeBy, collects_a_tab};
use super::error::LedgerError;
use super::sale_state::NewSale;
use super::sales::{NewTie, write_part, write_sale};
use super::store::{Conn, Row, args};
use crate::api::kind::PaymentKind;
use crate::money::{PaymentFigures, Pesos};

/// One payment the service confirmed: an approved payment, or one more payment of a code that
/// takes many. Written only from a status answer (see `collections`), never from what a
/// notification says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReceivedPayment {
    /// The payment's (or code's) reference, the service's.
    pub reference: String,
    /// The kind of what was created, as its collection says, for the totals by method.
    pub kind: PaymentKind,
    /// Whether its collection takes payment after payment (then each row is one more payment).
    pub repeatable: bool,
    /// What tells this payment from the code's others (empty when the service gave none).
    pub provider_reference: String,
    /// What the payer paid, as the service's answer said.
    pub amount: Option<Pesos>,
    /// The service's fee, as its answer said.
    pub fee: Option<Pesos>,
    pub received_at: i64,
    /// Who made the sale (its collection's cashier; empty where nobody said).
    pub cashier: String,
}

/// A received payment and its kind: every query joins the payment's collection.
pub(super) const RECEIVED_COLUMNS: &str = "r.reference, r.provider_reference, r.amount, r.fee, r.received_at, c.kind, c.repeatable, c.cashier";

pub(super) const RECEIVED_JOIN: &str =
    "received_payments r JOIN collections c ON c.profile = r.profile AND c.reference = r.reference";

pub(super) fn received(row: &Row<'_>) -> Result<ReceivedPayment, LedgerError> {
    Ok(ReceivedPayment {
        reference: row.get(0)?,
        provider_reference: row.get(1)?,
        amount: row.get::<Option<i64>>(2)?.map(Pesos::new),
        fee: row.get::<Option<i64>>(3)?.map(Pesos::new),
        received_at: row.get(4)?,
        kind: PaymentKind::parse(&row.get::<String>(5)?),
        repeatable: row.get::<i64>(6)? != 0,
        cashier: row.get(7)?,
    })
}

impl ReceivedPayment {
    /// What the payer paid and the fee, as the service's answer said; the net follows.
    pub fn figures(&self) -> PaymentFigures {
        PaymentFigures {
            gross: self.amount,
            fee: self.fee,
            net: None,
        }
    }
}

/// One received payment, when `profile` created its payment and the books hold it approved (a
/// code that takes many: whatever its state); true when it was new. So an approval that
/// contradicts a final refusal is never money in the books. A counter code's new payment is a
/// sale of its own, numbered at the till that made the code (`till` where the books do not say
/// which).
fn insert_received(
    db: &mut Conn<'_>,
    till: &str,
    profile: &str,
    payment: &ReceivedPayment,
) -> Result<bool, LedgerError> {
    let inserted = db.query(
        "INSERT INTO received_payments (profile, reference, provider_reference, amount, fee,
            received_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6
         WHERE EXISTS (SELECT 1 FROM collections WHERE profile = ?1 AND reference = ?2
                       AND (repeatable = 1 OR status = 2))
         ON CONFLICT (profile, reference, provider_reference) DO NOTHING
         RETURNING id",
        args![
            profile,
            &payment.reference,
            &payment.provider_reference,
            payment.amount.map(Pesos::get),
            payment.fee.map(Pesos::get),
            payment.received_at
        ],
        |row| row.get::<i64>(0),
    )?;
    // A sale that pays a customer's tab credits it here, from this answer, once.
    super::tabs::credit_tab_payments(db, profile, &payment.reference)?;
    if !inserted.is_empty() && payment.repeatable {
        counter_sale(db, till, profile, payment)?;
    }
    Ok(!inserted.is_empty())
}

/// A counter code's payment as a sale of its own (none when the code collects a tab), by who
/// made the code, at its till.
fn counter_sale(
    db: &mut Conn<'_>,
    till: &str,
    profile: &str,
    payment: &ReceivedPayment,
) -> Result<(), LedgerError> {
    let code = db.query_opt(
        "SELECT reference1, description, cashier, till_name, till FROM collections
         WHERE profile = ?1 AND reference = ?2",
        args![profile, &payment.reference],
        |row| {
            Ok((
                row.get::<String>(0)?,
                row.get::<String>(1)?,
                MadeBy {
                    cashier: row.get(2)?,
                    till: row.get(3)?,
                    till_id: row.get::<Option<String>>(4)?.unwrap_or_default(),
                },
                row.get::<Option<String>>(4)?,
            ))
        },
    )?;
    let Some((reference1, description, made_by, code_till)) = code else {
        return Ok(());
    };
    if collects_a_tab(db, profile, &reference1)? {
        return Ok(());
    }
    let seller = made_by.seller();
    let sale = NewSale::of_amount(payment.amount, &description);
    let till = code_till.as_deref().unwrap_or(till);
    let (id, _) = write_sale(db, till, &seller, &sale, payment.received_at)?;
    let tie = NewTie::Service {
        profile,
        reference: &payment.reference,
        payment: &payment.provider_reference,
    };
    write_part(db, id, &seller, payment.amount, &tie, payment.received_at).map(drop)
}

impl Ledger {
    /// Writes down a payment the service confirmed for one of `profile`'s payments (a reference
    /// `profile` did not create is left alone); true when it was not known yet. The same payment
    /// seen again, by another path or another till, changes nothing.
    pub fn record_received(
        &self,
        profile: &str,
        payment: &ReceivedPayment,
    ) -> Result<bool, LedgerError> {
        self.transaction(|db| insert_received(db, &self.till, profile, payment))
    }

    /// Several received payments in one transaction (an import of books kept elsewhere, or the
    /// scale benchmark's year); what is known already is left as it is.
    pub fn record_received_all(
        &self,
        profile: &str,
        payments: &[ReceivedPayment],
    ) -> Result<(), LedgerError> {
        self.transaction(|db| {
            for payment in payments {
                insert_received(db, &self.till, profile, payment)?;
            }
            Ok(())
        })
    }

    /// The provider references of every payment `profile`'s payment took, any day.
    pub fn received_references(
        &self,
        profile: &str,
        reference: &str,
    ) -> Result<Vec<String>, LedgerError> {
        self.with(|db| {
            db.query(
                "SELECT provider_reference FROM received_payments
                 WHERE profile = ?1 AND reference = ?2",
                args![profile, reference],
                |row| row.get::<String>(0),
            )
        })
    }

    /// Every payment the service confirmed for `profile`'s `reference`, oldest first (one for a
    /// payment; one per payment for a code that takes many).
    pub fn received_of(
        &self,
        profile: &str,
        reference: &str,
    ) -> Result<Vec<ReceivedPayment>, LedgerError> {
        self.with(|db| {
            db.query(
                &format!(
                    "SELECT {RECEIVED_COLUMNS} FROM {RECEIVED_JOIN}
                     WHERE r.profile = ?1 AND r.reference = ?2
                     ORDER BY r.received_at, r.id"
                ),
                args![profile, reference],
                received,
            )
        })
    }

    /// One received payment by its row (what a shared ledger's notice names).
    pub fn received(&self, id: i64) -> Result<Option<ReceivedPayment>, LedgerError> {
        self.with(|db| {
            db.query_opt(
                &format!("SELECT {RECEIVED_COLUMNS} FROM {RECEIVED_JOIN} WHERE r.id = ?1"),
                args![id],
                received,
            )
        })
    }

    /// The payments `profile` received (every profile's with `None`) in `[from_ms, to_ms)`,
    /// oldest first.
    pub fn received_between(
        &self,
        profile: Option<&str>,
        from_ms: i64,
        to_ms: i64,
    ) -> Result<Vec<ReceivedPayment>, LedgerError> {
        self.with(|db| {
            db.query(
                &format!(
                    "SELECT {RECEIVED_COLUMNS} FROM {RECEIVED_JOIN}
                     WHERE r.received_at >= ?2 AND r.received_at < ?3
                       AND (CAST(?1 AS TEXT) IS NULL OR r.profile = ?1)
                     ORDER BY r.received_at, r.id"
                ),
                args![profile, from_ms, to_ms],
                received,
            )
        })
    }

    /// `profile`'s codes that still take payments at `now_ms` and were created before
    /// `created_before` (today's are in today's list already): the counter's QR printed last
    /// month is followed today too.
    pub fn open_codes(
        &self,
        profile: &str,
        created_before: i64,
        now_ms: i64,
    ) -> Result<Vec<Collection>, LedgerError> {
        self.with(|db| {
            db.query(
                &format!(
                    "SELECT {} FROM collections
                     WHERE profile = ?1 AND repeatable = 1 AND created_at < ?2
                       AND open_until IS NOT NULL AND open_until > ?3
                     ORDER BY created_at DESC",
                    super::created::COLLECTION_COLUMNS
                ),
                args![profile, created_before, now_ms],
                super::created::collection,
            )
        })
    }
}
