//! The payments created from this computer (or from any till of a shared ledger): what the day's
//! close expects, written when a payment is created and moved by the service's answers.

use super::actor::{Actor, Role};
use super::base::Ledger;
use super::error::LedgerError;
use super::sale_state::{NewSale, SaleFor, SaleNumber};
use super::sales::{NewTie, SALE_LOCK, sale_exists, sale_number, write_part, write_sale};
use super::store::{Conn, Row, args};
use crate::api::TransactionStatus;
use crate::api::kind::PaymentKind;
use crate::clock::now_ms;
use crate::money::Pesos;

/// A payment created from this computer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Collection {
    pub reference: String,
    pub kind: PaymentKind,
    pub amount: Option<Pesos>,
    pub reference1: String,
    pub url: String,
    pub created_at: i64,
    /// The service's state at its last status answer (`None`: never asked yet).
    pub status: Option<TransactionStatus>,
    /// What was sold, as the cashier typed it.
    pub description: String,
    /// A code that takes payment after payment (its payments are `ReceivedPayment`s).
    pub repeatable: bool,
    /// Until when such a code takes payments (ms since the epoch), when the service said.
    pub open_until: Option<i64>,
    /// Who made the sale, and at which till.
    pub made_by: MadeBy,
    /// The service's id of the payment resource (`resourceId`), when its answer named one:
    /// a notification that names it and not the reference is matched by it.
    pub resource_id: Option<String>,
}

/// One answer of the service about a payment's state, and when it was asked (a late answer,
/// asked before the books' final state was written, contradicts nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatusAnswer {
    pub status: TransactionStatus,
    /// The service's amount, when its answer said one.
    pub amount: Option<Pesos>,
    /// When the question was sent (ms since the epoch).
    pub asked_at: i64,
}

/// What one status answer did to a payment's state in the books.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusWrite {
    /// The state moved on (from none, pending or processing).
    Moved { from: Option<TransactionStatus> },
    /// The books held that state already.
    Same,
    /// The books hold a final state and keep it: a code's later answers, or an answer that was
    /// asked before the final one was written.
    Kept { held: TransactionStatus },
    /// The books hold a final state and the service, asked since, says another: kept apart as a
    /// contradiction the owner sees, never applied.
    Contradicted { held: TransactionStatus },
    /// The profile created no payment under that reference.
    NotOurs,
}

impl StatusWrite {
    /// The state the books hold after the answer, given what it said.
    pub fn held(self, answered: TransactionStatus) -> TransactionStatus {
        match self {
            StatusWrite::Kept { held } | StatusWrite::Contradicted { held } => held,
            _ => answered,
        }
    }
}

/// An answer of the service that contradicted a final state the books hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contradiction {
    pub reference: String,
    /// What the books hold (and keep).
    pub held: TransactionStatus,
    /// What the service answered later.
    pub answered: TransactionStatus,
    /// The amount that answer named, when it named one.
    pub answered_amount: Option<Pesos>,
    pub seen_at: i64,
}

const CONTRADICTION_COLUMNS: &str =
    "reference, held_status, answered_status, answered_amount, seen_at";

fn contradiction(row: &Row<'_>) -> Result<Contradiction, LedgerError> {
    Ok(Contradiction {
        reference: row.get(0)?,
        held: TransactionStatus::from_id(row.get(1)?),
        answered: TransactionStatus::from_id(row.get(2)?),
        answered_amount: row.get::<Option<i64>>(3)?.map(Pesos::new),
        seen_at: row.get(4)?,
    })
}

/// Who made a sale and where: the cashier at the till (empty where nobody said, as before
/// there were cashiers), the till's name, and in shared books the till's id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MadeBy {
    pub cashier: String,
    pub till: String,
    /// The till's id in shared books (`Ledger::till_id`); empty in a PC's own books, and in a
    /// row an older version wrote.
    pub till_id: String,
}

impl MadeBy {
    /// Whether a sale made by `self` was made at the till `here` describes: always in a PC's
    /// own books (one till); by the till's id in shared books, since two tills may carry one
    /// name («Caja 1» until their owner names them) and each must announce and print only its
    /// own sales; by its name in a row written before rows said the id.
    pub fn same_till(&self, here: &MadeBy) -> bool {
        if here.till_id.is_empty() {
            true
        } else if self.till_id.is_empty() {
            self.till == here.till
        } else {
            self.till_id == here.till_id
        }
    }

    /// Who sold, as the sales journal names them: the cashier named, or nobody in particular.
    pub fn seller(&self) -> Actor {
        Actor {
            role: if self.cashier.is_empty() {
                Role::Anyone
            } else {
                Role::Cashier
            },
            name: self.cashier.clone(),
            till: self.till.clone(),
        }
    }
}

/// Writes one collection and, when it was new, the sale it is (see [`SaleFor`]); its number
/// when it is one. A tab's collection is never a sale, whatever was asked: its tie says so.
fn insert_collection(
    db: &mut Conn<'_>,
    till: &str,
    profile: &str,
    collection: &Collection,
    sale: &SaleFor,
) -> Result<Option<SaleNumber>, LedgerError> {
    let inserted = db.query(
        "INSERT INTO collections (profile, reference, kind, amount, reference1, url, created_at, status, description, repeatable, open_until, cashier, till_name, resource_id, till)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
         ON CONFLICT (profile, reference) DO NOTHING RETURNING id",
        args![
            profile,
            &collection.reference,
            collection.kind.code(),
            collection.amount.map(Pesos::get),
            &collection.reference1,
            &collection.url,
            collection.created_at,
            collection.status.map(TransactionStatus::id),
            &collection.description,
            i64::from(collection.repeatable),
            collection.open_until,
            &collection.made_by.cashier,
            &collection.made_by.till,
            collection.resource_id.as_deref(),
            till
        ],
        |row| row.get::<i64>(0),
    )?;
    if inserted.is_empty()
        || collection.repeatable
        || collects_a_tab(db, profile, &collection.reference1)?
    {
        return Ok(None);
    }
    let tie = NewTie::Service {
        profile,
        reference: &collection.reference,
        payment: "",
    };
    let sale = match sale {
        SaleFor::NotASale => return Ok(None),
        SaleFor::Part(id) => {
            db.lock_until_commit(SALE_LOCK, &id.to_string())?;
            match sale_exists(db, *id)? {
                true => *id,
                // The charge is made at the service: it is kept, as a sale of its own.
                false => {
                    let own = NewSale::of_amount(collection.amount, &collection.description);
                    let seller = collection.made_by.seller();
                    write_sale(db, till, &seller, &own, collection.created_at)?.0
                }
            }
        }
        SaleFor::New { sale, by } => write_sale(db, till, by, sale, collection.created_at)?.0,
    };
    write_part(
        db,
        sale,
        &collection.made_by.seller(),
        collection.amount,
        &tie,
        collection.created_at,
    )?;
    sale_number(db, sale).map(Some)
}

/// Whether a charge under `reference1` collects a customer's tab (tied before the service heard
/// of it).
pub(super) fn collects_a_tab(
    db: &mut Conn<'_>,
    profile: &str,
    reference1: &str,
) -> Result<bool, LedgerError> {
    if reference1.is_empty() {
        return Ok(false);
    }
    db.value(
        "SELECT EXISTS (SELECT 1 FROM tab_links WHERE profile = ?1 AND reference1 = ?2)",
        args![profile, reference1],
    )
}

impl Ledger {
    /// A payment created from a till (idempotent per reference), and the sale it is: a charge of
    /// its own is a sale by who made it (a tab's collection and a counter code are none: each
    /// payment a code takes is a sale when the service confirms it).
    pub fn record_collection(
        &self,
        profile: &str,
        collection: &Collection,
    ) -> Result<(), LedgerError> {
        self.record_collections(profile, std::slice::from_ref(collection))
    }

    /// Several collections in one transaction (an import, or the scale benchmark's year), each
    /// a sale of its own as [`Ledger::record_collection`] writes it.
    pub fn record_collections(
        &self,
        profile: &str,
        collections: &[Collection],
    ) -> Result<(), LedgerError> {
        self.transaction(|db| {
            for collection in collections {
                let sale = SaleFor::New {
                    sale: NewSale::of_amount(collection.amount, &collection.description),
                    by: collection.made_by.seller(),
                };
                insert_collection(db, &self.till, profile, collection, &sale)?;
            }
            Ok(())
        })
    }

    /// A payment created from a till as a part of `sale` (one more part of a sale already in
    /// the books, a sale of its own with its lines, or none). Idempotent per reference; the
    /// sale's number comes back when it is one.
    pub fn record_charge(
        &self,
        profile: &str,
        collection: &Collection,
        sale: &SaleFor,
    ) -> Result<Option<SaleNumber>, LedgerError> {
        self.transaction(|db| insert_collection(db, &self.till, profile, collection, sale))
    }

    /// The service's status for a collection, as a status check saw it (by polling or to
    /// confirm a notification: both paths write here, so every total reads one record). The
    /// service's amount fills in a collection created without one (a QR the payer types it in).
    ///
    /// A final state is final (docs/decisions.md): once the books hold rejected, approved,
    /// failed or cancelled, no later answer moves them, whichever path or till brings it. The
    /// rule is decided here, under the collection's lock, and again by the database itself (a
    /// trigger, so a till of an earlier version cannot break it either). An answer that says
    /// otherwise, asked after the final state was written, is kept as a contradiction for the
    /// owner to look at; one asked before (it crossed the final one on the way) is only late.
    /// Nothing is written when nothing changes: on a shared ledger every write is heard by
    /// every till. A code that takes many payments stays as it is once final (the service
    /// shows it processing again while the next payer pays; its payments are
    /// `received_payments`), and its later answers contradict nothing.
    pub fn record_collection_status(
        &self,
        profile: &str,
        reference: &str,
        answer: StatusAnswer,
    ) -> Result<StatusWrite, LedgerError> {
        self.transaction(|db| {
            db.lock_until_commit("collection-status", &format!("{profile}\n{reference}"))?;
            let held = db.query_opt(
                "SELECT status, status_at, repeatable FROM collections
                 WHERE profile = ?1 AND reference = ?2",
                args![profile, reference],
                |row| {
                    Ok((
                        row.get::<Option<i64>>(0)?.map(TransactionStatus::from_id),
                        row.get::<Option<i64>>(1)?,
                        row.get::<i64>(2)? != 0,
                    ))
                },
            )?;
            let Some((held, held_since, repeatable)) = held else {
                return Ok(StatusWrite::NotOurs);
            };
            // A static QR answers $ 0 until a payer types an amount: no amount yet.
            let amount = answer.amount.filter(|amount| amount.get() > 0);
            // A code that takes many payments keeps only approved: its status is its latest
            // payer's, and one payer refused does not close it.
            let kept = held.filter(|held| {
                held.is_final() && (!repeatable || *held == TransactionStatus::Approved)
            });
            match kept {
                Some(held) if held != answer.status => {
                    if repeatable {
                        return Ok(StatusWrite::Kept { held });
                    }
                    let crossed = !answer.status.is_final()
                        && held_since.is_some_and(|since| answer.asked_at < since);
                    if crossed {
                        return Ok(StatusWrite::Kept { held });
                    }
                    db.execute(
                        "INSERT INTO status_contradictions (profile, reference, held_status,
                             answered_status, answered_amount, seen_at)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                         ON CONFLICT (profile, reference, answered_status) DO NOTHING",
                        args![
                            profile,
                            reference,
                            held.id(),
                            answer.status.id(),
                            amount.map(Pesos::get),
                            now_ms()
                        ],
                    )?;
                    Ok(StatusWrite::Contradicted { held })
                }
                _ => {
                    db.execute(
                        // The cast tells PostgreSQL the type of a parameter that may be NULL.
                        "UPDATE collections
                         SET status = ?2, status_at = ?3,
                             amount = COALESCE(NULLIF(amount, 0), CAST(?4 AS BIGINT), amount)
                         WHERE reference = ?1 AND profile = ?5
                           AND (status IS NULL OR status <> ?2
                                OR ((amount IS NULL OR amount = 0)
                                    AND CAST(?4 AS BIGINT) IS NOT NULL))",
                        args![
                            reference,
                            answer.status.id(),
                            now_ms(),
                            amount.map(Pesos::get),
                            profile
                        ],
                    )?;
                    Ok(if held == Some(answer.status) {
                        StatusWrite::Same
                    } else {
                        StatusWrite::Moved { from: held }
                    })
                }
            }
        })
    }

    /// The answers that contradicted a final state of `profile`'s payments (every profile's
    /// with `None`), seen in `[from_ms, to_ms)`, oldest first.
    pub fn contradictions_between(
        &self,
        profile: Option<&str>,
        from_ms: i64,
        to_ms: i64,
    ) -> Result<Vec<Contradiction>, LedgerError> {
        self.with(|db| {
            db.query(
                &format!(
                    "SELECT {CONTRADICTION_COLUMNS} FROM status_contradictions
                     WHERE (CAST(?1 AS TEXT) IS NULL OR profile = ?1)
                       AND seen_at >= ?2 AND seen_at < ?3
                     ORDER BY seen_at, id"
                ),
                args![profile, from_ms, to_ms],
                contradiction,
            )
        })
    }

    /// What the service said of `profile`'s `reference` against the final state the books hold,
    /// oldest first (nothing: it never contradicted them).
    pub fn contradictions_of(
        &self,
        profile: &str,
        reference: &str,
    ) -> Result<Vec<Contradiction>, LedgerError> {
        self.with(|db| {
            db.query(
                &format!(
                    "SELECT {CONTRADICTION_COLUMNS} FROM status_contradictions
                     WHERE profile = ?1 AND reference = ?2 ORDER BY seen_at, id"
                ),
                args![profile, reference],
                contradiction,
            )
        })
    }

    /// Claims the announcement of a sale's approval (`payment` empty) or of one payment of a code
    /// (its provider reference) for the till that made the sale: false when it was announced
    /// before, in any run; so a restart, or a second path to the same answer, says nothing
    /// again. Whether the answer is an approval is the caller's to know (the books' state after
    /// it): a payment the books do not hold yet (their write failed) is announced, since the
    /// service did approve it.
    pub fn claim_announcement(
        &self,
        profile: &str,
        reference: &str,
        payment: &str,
    ) -> Result<bool, LedgerError> {
        self.transaction(|db| {
            db.lock_until_commit(
                "announcement",
                &format!("{profile}\n{reference}\n{payment}"),
            )?;
            // A sale's own approval is marked on the sale; a code's payment on its row.
            let (select, mark) = if payment.is_empty() {
                (
                    "SELECT announced_at FROM collections
                     WHERE profile = ?1 AND reference = ?2 AND ?3 = ''",
                    "UPDATE collections SET announced_at = ?4
                     WHERE profile = ?1 AND reference = ?2 AND ?3 = ''",
                )
            } else {
                (
                    "SELECT announced_at FROM received_payments
                     WHERE profile = ?1 AND reference = ?2 AND provider_reference = ?3",
                    "UPDATE received_payments SET announced_at = ?4
                     WHERE profile = ?1 AND reference = ?2 AND provider_reference = ?3",
                )
            };
            let announced = db.query_opt(select, args![profile, reference, payment], |row| {
                row.get::<Option<i64>>(0)
            })?;
            match announced {
                Some(Some(_)) => Ok(false),
                None => Ok(true),
                Some(None) => {
                    db.execute(mark, args![profile, reference, payment, now_ms()])?;
                    Ok(true)
                }
            }
        })
    }

    pub fn collections_between(
        &self,
        profile: Option<&str>,
        from_ms: i64,
        to_ms: i64,
    ) -> Result<Vec<Collection>, LedgerError> {
        self.with(|db| {
            db.query(
                &format!(
                    "SELECT {COLLECTION_COLUMNS} FROM collections
                     WHERE (CAST(?1 AS TEXT) IS NULL OR profile = ?1) AND created_at >= ?2 AND created_at < ?3
                     ORDER BY created_at DESC"
                ),
                args![profile, from_ms, to_ms],
                collection,
            )
        })
    }

    /// `profile`'s payment created under `reference`, if `profile` created one.
    pub fn collection_by_reference(
        &self,
        profile: &str,
        reference: &str,
    ) -> Result<Option<Collection>, LedgerError> {
        self.with(|db| {
            db.query_opt(
                &format!(
                    "SELECT {COLLECTION_COLUMNS} FROM collections WHERE profile = ?1 AND reference = ?2"
                ),
                args![profile, reference],
                collection,
            )
        })
    }

    /// `profile`'s payment whose resource the service calls `resource_id`, if `profile` created
    /// one and the service named it (the newest, should a resource be named twice).
    pub fn collection_by_resource(
        &self,
        profile: &str,
        resource_id: &str,
    ) -> Result<Option<Collection>, LedgerError> {
        if resource_id.trim().is_empty() {
            return Ok(None);
        }
        self.with(|db| {
            db.query_opt(
                &format!(
                    "SELECT {COLLECTION_COLUMNS} FROM collections
                     WHERE profile = ?1 AND resource_id = ?2 ORDER BY created_at DESC"
                ),
                args![profile, resource_id],
                collection,
            )
        })
    }

    /// One collection by its row (what another till's notice names).
    pub fn collection(&self, id: i64) -> Result<Option<(String, Collection)>, LedgerError> {
        self.with(|db| {
            db.query_opt(
                &format!("SELECT {COLLECTION_COLUMNS}, profile FROM collections WHERE id = ?1"),
                args![id],
                |row| Ok((row.get(14)?, collection(row)?)),
            )
        })
    }

    /// Every profile (merchant) with payments or payouts in this ledger: on a shared one, tills
    /// set up under different profile names do not see each other's.
    pub fn profiles(&self) -> Result<Vec<String>, LedgerError> {
        self.with(|db| {
            db.query(
                "SELECT profile FROM collections UNION SELECT profile FROM payouts ORDER BY 1",
                &[],
                |row| row.get::<String>(0),
            )
        })
    }

    /// Whether a reference is one of ours (a collection or a payout's status reference).
    pub fn knows_reference(&self, reference: &str) -> Result<bool, LedgerError> {
        self.with(|db| {
            db.value(
                "SELECT EXISTS (SELECT 1 FROM collections WHERE reference = ?1)
                     OR EXISTS (SELECT 1 FROM payouts WHERE transaction_reference = ?1)",
                args![reference],
            )
        })
    }
}

pub(super) const COLLECTION_COLUMNS: &str = "reference, kind, amount, reference1, url, created_at, \
     status, description, repeatable, open_until, cashier, till_name, resource_id, \
     COALESCE(till, '')";

pub(super) fn collection(row: &Row<'_>) -> Result<Collection, LedgerError> {
    Ok(Collection {
        reference: row.get(0)?,
        kind: PaymentKind::parse(&row.get::<String>(1)?),
        amount: row.get::<Option<i64>>(2)?.map(Pesos::new),
        reference1: row.get(3)?,
        url: row.get(4)?,
        created_at: row.get(5)?,
        status: row.get::<Option<i64>>(6)?.map(TransactionStatus::from_id),
        description: row.get(7)?,
        repeatable: row.get::<i64>(8)? != 0,
        open_until: row.get(9)?,
        made_by: MadeBy {
            cashier: row.get(10)?,
            till: row.get(11)?,
            till_id: row.get(13)?,
        },
        resource_id: row.get(12)?,
    })
}
