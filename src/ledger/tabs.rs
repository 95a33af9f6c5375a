//! Customers' tabs (fiado) in the books, on either backend: the customers kept, what each took
//! and paid, the links that pay a tab. Each rule (the limit, at most the balance, nothing
//! forgotten while money is owed either way) is decided under the customer's lock in the
//! transaction that writes. A payment by the service is credited where received payments are
//! written (`received.rs`), from the service's answer only, once per sale and payment.

use super::activity::{Action, Actor, Role, write_activity};
use super::base::Ledger;
use super::cash::{CASH_TEXT_MAX_CHARS, owner_or_no_pin, write_cash};
use super::cash_state::{CashEntry, CashMove};
use super::error::LedgerError;
use super::sale_state::{NewSale, SaleNumber};
use super::sales::{NewTie, sale_number, write_part, write_sale};
use super::store::{Conn, Row, args};
use super::tab_state::{
    Consent, NewCustomer, TabBalance, TabCustomer, TabEntry, TabKind, TabRefusal, TabStatement,
};
use crate::money::Pesos;

/// The lock a customer's tab is written under (with the customer's id); adding a customer takes
/// it with no id, so two tills adding the same cellphone at once are told of each other.
const TAB_LOCK: &str = "tab";

const CUSTOMER_COLUMNS: &str = "id, name, cellphone, document, credit_limit, consent_at,
    consent_how, consent_role, consent_name, consent_till, added_at, forgotten_at";

/// An entry, and the sale it is a part of (taken) or gives back a part of (returned).
pub(in crate::ledger) const ENTRY_COLUMNS: &str = "e.id, e.customer_id, e.at, e.kind, e.amount,
    e.description, e.sale_reference, e.payment_reference, e.cash_entry, e.over_limit, e.role,
    e.name, e.till_name, sn.till_number, sn.number";

pub(in crate::ledger) const ENTRY_FROM: &str = "tab_entries e
    LEFT JOIN sale_parts sp ON sp.tab_entry = e.id
    LEFT JOIN part_returns pr ON pr.tab_entry = e.id
    LEFT JOIN sales sn ON sn.id = COALESCE(sp.sale_id, pr.sale_id)";

fn refused(refusal: TabRefusal) -> LedgerError {
    LedgerError::Tab(refusal)
}

fn customer(row: &Row<'_>) -> Result<TabCustomer, LedgerError> {
    Ok(TabCustomer {
        id: row.get(0)?,
        name: row.get(1)?,
        cellphone: row.get(2)?,
        document: row.get(3)?,
        limit: row.get::<Option<i64>>(4)?.map(Pesos::new),
        consent: Consent {
            at: row.get(5)?,
            how: row.get(6)?,
            by: Actor {
                role: Role::parse(&row.get::<String>(7)?),
                name: row.get(8)?,
                till: row.get(9)?,
            },
        },
        added_at: row.get(10)?,
        forgotten_at: row.get(11)?,
    })
}

/// An entry as [`ENTRY_COLUMNS`] reads it.
pub(in crate::ledger) fn tab_entry(row: &Row<'_>) -> Result<TabEntry, LedgerError> {
    Ok(TabEntry {
        id: row.get(0)?,
        customer: row.get(1)?,
        at: row.get(2)?,
        // The books write only the kinds this build knows; an unknown one (a later version's)
        // is counted as what was taken, never as money.
        kind: TabKind::parse(&row.get::<String>(3)?).unwrap_or(TabKind::Taken),
        amount: Pesos::new(row.get(4)?),
        description: row.get(5)?,
        sale_reference: row.get(6)?,
        payment_reference: row.get(7)?,
        cash_entry: row.get(8)?,
        over_limit: row.get::<i64>(9)? != 0,
        by: Actor {
            role: Role::parse(&row.get::<String>(10)?),
            name: row.get(11)?,
            till: row.get(12)?,
        },
        sale: match (row.get::<Option<i64>>(13)?, row.get::<Option<i64>>(14)?) {
            (Some(till), Some(number)) => Some(SaleNumber { till, number }),
            _ => None,
        },
    })
}

fn cut(text: &str) -> String {
    text.trim().chars().take(CASH_TEXT_MAX_CHARS).collect()
}

fn customer_by_id(db: &mut Conn<'_>, id: i64) -> Result<Option<TabCustomer>, LedgerError> {
    db.query_opt(
        &format!("SELECT {CUSTOMER_COLUMNS} FROM tab_customers WHERE id = ?1"),
        args![id],
        customer,
    )
}

fn entries_of(db: &mut Conn<'_>, id: i64) -> Result<Vec<TabEntry>, LedgerError> {
    db.query(
        &format!(
            "SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM} WHERE e.customer_id = ?1 ORDER BY e.at, e.id"
        ),
        args![id],
        tab_entry,
    )
}

fn statement_of(db: &mut Conn<'_>, customer: TabCustomer) -> Result<TabStatement, LedgerError> {
    let entries = entries_of(db, customer.id)?;
    Ok(TabStatement {
        balance: TabBalance::of(customer, &entries),
        entries,
    })
}

/// Customer `id`'s statement, refused when there is none or it was forgotten.
fn live_statement(db: &mut Conn<'_>, id: i64) -> Result<TabStatement, LedgerError> {
    let found = customer_by_id(db, id)?.ok_or(refused(TabRefusal::UnknownCustomer(id)))?;
    if found.forgotten_at.is_some() {
        return Err(refused(TabRefusal::Forgotten));
    }
    statement_of(db, found)
}

fn insert_entry(
    db: &mut Conn<'_>,
    actor: &Actor,
    entry: &TabEntry,
) -> Result<TabEntry, LedgerError> {
    let id: i64 = db.value(
        "INSERT INTO tab_entries (customer_id, at, kind, amount, description, sale_reference,
            payment_reference, cash_entry, over_limit, role, name, till_name)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) RETURNING id",
        args![
            entry.customer,
            entry.at,
            entry.kind.code(),
            entry.amount.get(),
            cut(&entry.description),
            &entry.sale_reference,
            &entry.payment_reference,
            entry.cash_entry,
            i64::from(entry.over_limit),
            actor.role.code(),
            &actor.name,
            &actor.till
        ],
    )?;
    Ok(TabEntry {
        id,
        by: actor.clone(),
        description: cut(&entry.description),
        ..entry.clone()
    })
}

/// What customer `id`'s links still waiting to be paid ask: a link the service has not settled
/// (pending, or never asked about), and not yet paid. A code where the payer types the amount
/// asks nothing of its own.
fn asked_by_unpaid_links(db: &mut Conn<'_>, id: i64) -> Result<Pesos, LedgerError> {
    let asked: i64 = db.value(
        "SELECT CAST(COALESCE(SUM(t.asked), 0) AS BIGINT) FROM tab_links t
         JOIN collections c ON c.profile = t.profile AND c.reference1 = t.reference1
         WHERE t.customer_id = ?1 AND t.asked IS NOT NULL AND c.repeatable = 0
           AND (c.status IS NULL OR c.status IN (1, 9))",
        args![id],
    )?;
    Ok(Pesos::new(asked))
}

/// Credits the tab tied to `profile`'s sale `reference` with each of its payments the service
/// confirmed that no tab holds yet. Re-derived from the received payments every time, so a
/// payment written by a till that knew no tabs is credited by the next one that writes one; the
/// unique index makes a second crediting, from any till, nothing.
pub(super) fn credit_tab_payments(
    db: &mut Conn<'_>,
    profile: &str,
    reference: &str,
) -> Result<(), LedgerError> {
    db.execute(
        "INSERT INTO tab_entries (customer_id, at, kind, amount, sale_reference,
            payment_reference, role, name, till_name)
         SELECT t.customer_id, r.received_at, 'paid-service', r.amount, r.reference,
                r.provider_reference, 'anyone', '', ''
         FROM received_payments r
         JOIN collections c ON c.profile = r.profile AND c.reference = r.reference
         JOIN tab_links t ON t.profile = c.profile AND t.reference1 = c.reference1
         WHERE r.profile = ?1 AND r.reference = ?2 AND r.amount > 0
         ON CONFLICT (sale_reference, payment_reference) WHERE kind = 'paid-service'
         DO NOTHING",
        args![profile, reference],
    )
    .map(drop)
}

impl Ledger {
    /// Keeps a customer, with the authorisation they gave. A cellphone another customer has is
    /// refused (said, never merged) unless `same_cellphone` says the person knows.
    pub fn add_tab_customer(
        &self,
        actor: &Actor,
        new: &NewCustomer,
        same_cellphone: bool,
        at: i64,
    ) -> Result<TabCustomer, LedgerError> {
        self.transaction(|db| {
            // The limit is the owner's to set, as a customer is added as after.
            if new.limit.is_some() && !owner_or_no_pin(db, actor)? {
                return Err(refused(TabRefusal::OwnerOnly));
            }
            db.lock_until_commit(TAB_LOCK, "")?;
            if !new.cellphone.is_empty() && !same_cellphone {
                let other = db.query_opt(
                    "SELECT name FROM tab_customers WHERE cellphone = ?1 AND forgotten_at IS NULL
                     ORDER BY id LIMIT 1",
                    args![&new.cellphone],
                    |row| row.get::<String>(0),
                )?;
                if let Some(name) = other {
                    return Err(refused(TabRefusal::SameCellphone { name }));
                }
            }
            let id: i64 = db.value(
                "INSERT INTO tab_customers (name, cellphone, document, credit_limit, consent_at,
                    consent_how, consent_role, consent_name, consent_till, added_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?5) RETURNING id",
                args![
                    cut(&new.name),
                    &new.cellphone,
                    cut(&new.document),
                    new.limit.map(Pesos::get),
                    at,
                    cut(&new.consent_how),
                    actor.role.code(),
                    &actor.name,
                    &actor.till
                ],
            )?;
            let detail = crate::t!(
                "tab-detail-added",
                name = cut(&new.name),
                how = cut(&new.consent_how)
            );
            write_activity(db, actor, Action::TabCustomerAdded, &detail, at)?;
            customer_by_id(db, id)?.ok_or(refused(TabRefusal::UnknownCustomer(id)))
        })
    }

    /// Sets (or, with `None`, takes away) the most customer `id` may owe without the owner:
    /// the owner's alone.
    pub fn set_tab_limit(
        &self,
        actor: &Actor,
        id: i64,
        limit: Option<Pesos>,
        at: i64,
    ) -> Result<TabCustomer, LedgerError> {
        self.transaction(|db| {
            if !owner_or_no_pin(db, actor)? {
                return Err(refused(TabRefusal::OwnerOnly));
            }
            db.lock_until_commit(TAB_LOCK, &id.to_string())?;
            let found = live_statement(db, id)?.balance.customer;
            db.execute(
                "UPDATE tab_customers SET credit_limit = ?2 WHERE id = ?1",
                args![id, limit.map(Pesos::get)],
            )?;
            let words = limit.map_or_else(|| crate::t!("tab-no-limit"), |l| l.to_string());
            let detail = crate::t!(
                "tab-detail-limit",
                name = found.name.as_str(),
                limit = words
            );
            write_activity(db, actor, Action::TabLimitSet, &detail, at)?;
            customer_by_id(db, id)?.ok_or(refused(TabRefusal::UnknownCustomer(id)))
        })
    }

    /// Every customer kept (none forgotten), with their figures: those who owe first, the
    /// longest owed first, then the rest by name.
    pub fn tab_customers(&self) -> Result<Vec<TabBalance>, LedgerError> {
        self.with(|db| {
            let customers = db.query(
                &format!(
                    "SELECT {CUSTOMER_COLUMNS} FROM tab_customers WHERE forgotten_at IS NULL
                     ORDER BY id"
                ),
                args![],
                customer,
            )?;
            let mut balances = customers
                .into_iter()
                .map(|customer| statement_of(db, customer).map(|statement| statement.balance))
                .collect::<Result<Vec<_>, _>>()?;
            balances.sort_by(|a, b| {
                let owes = |balance: &TabBalance| balance.owed_since.is_none();
                owes(a)
                    .cmp(&owes(b))
                    .then(a.owed_since.cmp(&b.owed_since))
                    .then_with(|| {
                        a.customer
                            .name
                            .to_lowercase()
                            .cmp(&b.customer.name.to_lowercase())
                    })
            });
            Ok(balances)
        })
    }

    /// Customer `id`'s statement (a forgotten one's too: its amounts stay, its name does not).
    pub fn tab_statement(&self, id: i64) -> Result<TabStatement, LedgerError> {
        self.with(|db| {
            let found = customer_by_id(db, id)?.ok_or(refused(TabRefusal::UnknownCustomer(id)))?;
            statement_of(db, found)
        })
    }

    /// Writes what customer `id` took on their tab, as a sale of its own (one line: what was
    /// taken, its amount). Over their limit only with the owner (or where no owner's PIN is set),
    /// said in the entry and the activity log.
    pub fn take_on_tab(
        &self,
        actor: &Actor,
        id: i64,
        amount: Pesos,
        description: &str,
        at: i64,
    ) -> Result<TabEntry, LedgerError> {
        self.transaction(|db| take_in(db, &self.till, actor, id, amount, description, None, at))
    }

    /// Ties the sale about to be made under `reference1` to customer `id`'s tab, before the
    /// service hears of it: what it asks (`None`: a code where the payer types it) is at most
    /// what the customer owes.
    pub fn tie_tab_link(
        &self,
        profile: &str,
        reference1: &str,
        id: i64,
        asked: Option<Pesos>,
        at: i64,
    ) -> Result<TabBalance, LedgerError> {
        self.transaction(|db| {
            db.lock_until_commit(TAB_LOCK, &id.to_string())?;
            let balance = live_statement(db, id)?.balance;
            let owed = balance.owed();
            if owed == Pesos::ZERO {
                return Err(refused(TabRefusal::NothingOwed));
            }
            let waiting = asked_by_unpaid_links(db, id)?;
            let free = Pesos::new(owed.get().saturating_sub(waiting.get()).max(0));
            if asked.is_some_and(|asked| asked > free) || free == Pesos::ZERO {
                return Err(refused(if waiting > Pesos::ZERO {
                    TabRefusal::AskedAlready { owed, waiting }
                } else {
                    TabRefusal::OverBalance { owed }
                }));
            }
            db.execute(
                "INSERT INTO tab_links (profile, reference1, customer_id, asked, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                args![profile, reference1, id, asked.map(Pesos::get), at],
            )?;
            Ok(balance)
        })
    }

    /// What customer `id`'s links still waiting to be paid ask together: a new link may ask at
    /// most what they owe less this.
    pub fn tab_asked_by_links(&self, id: i64) -> Result<Pesos, LedgerError> {
        self.with(|db| asked_by_unpaid_links(db, id))
    }

    /// The customer whose tab `profile`'s sale `reference` (the service's) pays, if any.
    pub fn tab_of_sale(
        &self,
        profile: &str,
        reference: &str,
    ) -> Result<Option<TabCustomer>, LedgerError> {
        self.with(|db| {
            db.query_opt(
                &format!(
                    "SELECT {CUSTOMER_COLUMNS} FROM tab_customers WHERE id = (
                        SELECT t.customer_id FROM tab_links t JOIN collections c
                            ON c.profile = t.profile AND c.reference1 = t.reference1
                        WHERE c.profile = ?1 AND c.reference = ?2 LIMIT 1)"
                ),
                args![profile, reference],
                customer,
            )
        })
    }

    /// Customer `id` pays `amount` of their tab in cash at this till: the drawer's entry (money
    /// in, in this till's open shift) and the tab's, in one transaction. At most what they owe:
    /// change is given at the counter, not kept as credit.
    pub fn pay_tab_in_cash(
        &self,
        actor: &Actor,
        id: i64,
        amount: Pesos,
        at: i64,
    ) -> Result<(TabEntry, CashEntry), LedgerError> {
        self.transaction(|db| {
            db.lock_until_commit(TAB_LOCK, &id.to_string())?;
            let balance = live_statement(db, id)?.balance;
            let owed = balance.owed();
            if owed == Pesos::ZERO {
                return Err(refused(TabRefusal::NothingOwed));
            }
            if amount > owed {
                return Err(refused(TabRefusal::OverBalance { owed }));
            }
            let reason = crate::t!("tab-cash-reason", name = balance.customer.name.as_str());
            let drawer = write_cash(db, &self.till, actor, &CashMove::In { amount, reason }, at)?;
            let entry = TabEntry {
                id: 0,
                customer: id,
                at,
                kind: TabKind::PaidInCash,
                amount,
                description: String::new(),
                sale_reference: String::new(),
                payment_reference: String::new(),
                cash_entry: Some(drawer.id),
                over_limit: false,
                by: actor.clone(),
                sale: None,
            };
            Ok((insert_entry(db, actor, &entry)?, drawer))
        })
    }

    /// Forgets customer `id` (Ley 1581): name, cellphone and document blanked, the amounts
    /// kept. Refused while they owe, or while the shop owes them; the owner's.
    pub fn forget_tab_customer(&self, actor: &Actor, id: i64, at: i64) -> Result<(), LedgerError> {
        self.transaction(|db| {
            if !owner_or_no_pin(db, actor)? {
                return Err(refused(TabRefusal::OwnerOnly));
            }
            db.lock_until_commit(TAB_LOCK, &id.to_string())?;
            let balance = live_statement(db, id)?.balance;
            if balance.owed() > Pesos::ZERO {
                return Err(refused(TabRefusal::StillOwes {
                    owed: balance.owed(),
                }));
            }
            if balance.credit() > Pesos::ZERO {
                return Err(refused(TabRefusal::HasCredit {
                    credit: balance.credit(),
                }));
            }
            blank(db, id, at)?;
            write_activity(
                db,
                actor,
                Action::CustomerForgotten,
                &crate::t!("tab-detail-forgotten", id = id.to_string()),
                at,
            )
        })
    }

    /// Blanks the customers whose tab is settled (nothing owed either way) and whose last entry
    /// (or, with none, whose authorisation) is older than `before`: the retention the owner set.
    /// Returns how many.
    pub fn blank_settled_tabs(&self, before: i64) -> Result<u64, LedgerError> {
        let settled: Vec<i64> = self
            .tab_customers()?
            .into_iter()
            .filter(|balance| balance.signed() == 0)
            .filter(|balance| balance.last_at.unwrap_or(balance.customer.consent.at) < before)
            .map(|balance| balance.customer.id)
            .collect();
        let at = crate::clock::now_ms();
        self.transaction(|db| {
            let mut blanked = 0;
            for id in &settled {
                db.lock_until_commit(TAB_LOCK, &id.to_string())?;
                // Read again under the lock: a tab taken on meanwhile keeps its customer.
                let balance = live_statement(db, *id)?.balance;
                if balance.signed() == 0 {
                    blanked += blank(db, *id, at)?;
                }
            }
            Ok(blanked)
        })
    }
}

/// Writes what customer `id` took on their tab, inside the caller's transaction, as a part of
/// `sale` (or of a sale of its own), under the customer's lock: over their limit only with the
/// owner.
#[allow(clippy::too_many_arguments)]
pub(super) fn take_in(
    db: &mut Conn<'_>,
    till: &str,
    actor: &Actor,
    id: i64,
    amount: Pesos,
    description: &str,
    sale: Option<i64>,
    at: i64,
) -> Result<TabEntry, LedgerError> {
    db.lock_until_commit(TAB_LOCK, &id.to_string())?;
    let statement = live_statement(db, id)?;
    let balance = &statement.balance;
    let after = balance.signed().saturating_add(amount.get());
    let over = balance.customer.limit.filter(|limit| after > limit.get());
    if let Some(limit) = over {
        if !owner_or_no_pin(db, actor)? {
            return Err(refused(TabRefusal::OverLimit {
                limit,
                owed: balance.owed(),
            }));
        }
        let detail = crate::t!(
            "tab-detail-over-limit",
            name = balance.customer.name.as_str(),
            amount = amount.to_string(),
            limit = limit.to_string()
        );
        write_activity(db, actor, Action::TabOverLimit, &detail, at)?;
    }
    let entry = TabEntry {
        id: 0,
        customer: id,
        at,
        kind: TabKind::Taken,
        amount,
        description: description.to_owned(),
        sale_reference: String::new(),
        payment_reference: String::new(),
        cash_entry: None,
        over_limit: over.is_some(),
        by: actor.clone(),
        sale: None,
    };
    let written = insert_entry(db, actor, &entry)?;
    let sale = match sale {
        Some(sale) => sale,
        None => {
            write_sale(
                db,
                till,
                actor,
                &NewSale::of_amount(Some(amount), description),
                at,
            )?
            .0
        }
    };
    write_part(db, sale, actor, Some(amount), &NewTie::Tab(written.id), at)?;
    Ok(TabEntry {
        sale: Some(sale_number(db, sale)?),
        ..written
    })
}

/// Credits customer `id`'s tab with `amount` of goods given back (a return of a part taken on
/// it), inside the caller's transaction, under the customer's lock.
pub(super) fn credit_returned(
    db: &mut Conn<'_>,
    actor: &Actor,
    id: i64,
    amount: Pesos,
    reason: &str,
    at: i64,
) -> Result<TabEntry, LedgerError> {
    db.lock_until_commit(TAB_LOCK, &id.to_string())?;
    let customer = customer_by_id(db, id)?.ok_or(refused(TabRefusal::UnknownCustomer(id)))?;
    let entry = TabEntry {
        id: 0,
        customer: id,
        at,
        kind: TabKind::Returned,
        amount,
        description: reason.to_owned(),
        sale_reference: String::new(),
        payment_reference: String::new(),
        cash_entry: None,
        over_limit: false,
        by: actor.clone(),
        sale: None,
    };
    let written = insert_entry(db, actor, &entry)?;
    let detail = crate::t!(
        "tab-detail-returned",
        name = customer.name.as_str(),
        amount = amount.to_string(),
        reason = cut(reason)
    );
    write_activity(db, actor, Action::TabReturned, &detail, at)?;
    Ok(written)
}

fn blank(db: &mut Conn<'_>, id: i64, at: i64) -> Result<u64, LedgerError> {
    db.execute(
        "UPDATE tab_customers SET name = '', cellphone = '', document = '', forgotten_at = ?2
         WHERE id = ?1 AND forgotten_at IS NULL",
        args![id, at],
    )
}
