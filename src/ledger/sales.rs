//! The sales journal: one record per sale whatever paid it, on either backend. A sale is written
//! once with its number (the till's, then the next at that till, under a lock: never reused) and
//! what was sold; each way it was paid is a part written once, tied to where that money or debt
//! is kept (a charge at the service, a drawer's entry, a tab's entry). A part's state is never
//! stored: it is read from those books every time (the service's answer, a void, the tab), so the
//! journal can never say otherwise than they do. A return of a part is a row of its own, tied to
//! the payout, the drawer's entry or the tab's entry that carried it.

use super::activity::{Action, write_activity};
use super::actor::Actor;
use super::base::Ledger;
use super::error::LedgerError;
use super::sale_state::{FrequentItem, NewSale, PartWay, SaleLine, SaleNumber, SaleRefusal};
use super::store::{Conn, args};
use crate::money::Pesos;

/// The lock a till's next sale number is taken under (with the till's number); the tills' own
/// numbers are given under it with no key.
const SALE_NUMBER_LOCK: &str = "sale-number";

/// The lock a sale's parts and returns are decided under (with the sale's id): two tills
/// returning, or charging again, one sale wait on each other whatever their drawers.
pub(super) const SALE_LOCK: &str = "sale";

/// The longest description or reason kept (what a person typed, cut).
pub const SALE_TEXT_MAX_CHARS: usize = 200;

/// The most lines one sale may have.
pub const SALE_LINES_MAX: usize = 200;

fn cut(text: &str) -> String {
    text.trim().chars().take(SALE_TEXT_MAX_CHARS).collect()
}

fn refused(refusal: SaleRefusal) -> LedgerError {
    LedgerError::Sale(refusal)
}

/// Where a new part's money or debt is kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum NewTie<'a> {
    /// A charge at the service (a counter code's payment: its provider reference).
    Service {
        profile: &'a str,
        reference: &'a str,
        payment: &'a str,
    },
    Cash(i64),
    Tab(i64),
}

/// `till`'s number: given the first time the till writes a sale (the next after the highest),
/// kept ever after.
pub(super) fn till_number(
    db: &mut Conn<'_>,
    till: &str,
    name: &str,
    at: i64,
) -> Result<i64, LedgerError> {
    let known = |db: &mut Conn<'_>| {
        db.query_opt(
            "SELECT number FROM tills WHERE till = ?1",
            args![till],
            |row| row.get::<i64>(0),
        )
    };
    if let Some(number) = known(db)? {
        return Ok(number);
    }
    db.lock_until_commit(SALE_NUMBER_LOCK, "")?;
    if let Some(number) = known(db)? {
        return Ok(number);
    }
    db.value(
        "INSERT INTO tills (till, number, name, added_at)
         SELECT ?1, COALESCE(MAX(number), 0) + 1, ?2, ?3 FROM tills
         RETURNING number",
        args![till, name, at],
    )
}

/// The amount a new sale is for: its lines' sum, which an amount typed beside them must equal.
fn amount_of(sale: &NewSale) -> Result<Option<Pesos>, LedgerError> {
    if sale.lines.is_empty() {
        return Ok(sale.amount);
    }
    let lines = Pesos::sum_of(sale.lines.iter().map(SaleLine::total)).unwrap_or(Pesos::ZERO);
    match sale.amount {
        Some(amount) if amount != lines => {
            Err(refused(SaleRefusal::LinesDoNotAdd { lines, amount }))
        }
        _ => Ok(Some(lines)),
    }
}

/// Writes a sale with its number (the next at `till`) and its lines, inside the caller's
/// transaction: its parts follow in the same one.
pub(super) fn write_sale(
    db: &mut Conn<'_>,
    till: &str,
    actor: &Actor,
    sale: &NewSale,
    at: i64,
) -> Result<(i64, SaleNumber), LedgerError> {
    let amount = amount_of(sale)?;
    let till_number = till_number(db, till, &actor.till, at)?;
    db.lock_until_commit(SALE_NUMBER_LOCK, &till_number.to_string())?;
    let number: i64 = db.value(
        "SELECT COALESCE(MAX(number), 0) + 1 FROM sales WHERE till_number = ?1",
        args![till_number],
    )?;
    let description = if sale.description.trim().is_empty() {
        sale.lines
            .iter()
            .map(|line| line.description.trim())
            .filter(|text| !text.is_empty())
            .collect::<Vec<_>>()
            .join(", ")
    } else {
        sale.description.clone()
    };
    let id: i64 = db.value(
        "INSERT INTO sales (till_number, number, at, amount, description, role, name, till_name)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id",
        args![
            till_number,
            number,
            at,
            amount.map(Pesos::get),
            cut(&description),
            actor.role.code(),
            &actor.name,
            &actor.till
        ],
    )?;
    for (position, line) in sale.lines.iter().take(SALE_LINES_MAX).enumerate() {
        db.execute(
            "INSERT INTO sale_lines (sale_id, position, description, quantity, unit_price, item_id)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            args![
                id,
                position as i64,
                cut(&line.description),
                line.quantity,
                line.unit_price.get(),
                line.item
            ],
        )?;
    }
    Ok((
        id,
        SaleNumber {
            till: till_number,
            number,
        },
    ))
}

/// Writes one part of sale `sale`, inside the caller's transaction. A charge belongs to one
/// sale: written again, it is the part it was (`None` when the charge is another sale's).
pub(super) fn write_part(
    db: &mut Conn<'_>,
    sale: i64,
    actor: &Actor,
    amount: Option<Pesos>,
    tie: &NewTie<'_>,
    at: i64,
) -> Result<i64, LedgerError> {
    let (way, profile, reference, payment, cash, tab) = match tie {
        NewTie::Service {
            profile,
            reference,
            payment,
        } => (PartWay::Service, *profile, *reference, *payment, None, None),
        NewTie::Cash(entry) => (PartWay::Cash, "", "", "", Some(*entry), None),
        NewTie::Tab(entry) => (PartWay::Tab, "", "", "", None, Some(*entry)),
    };
    let inserted = db.query(
        "INSERT INTO sale_parts (sale_id, at, way, amount, profile, reference, payment_reference,
            cash_entry, tab_entry, role, name, till_name)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
         ON CONFLICT DO NOTHING RETURNING id",
        args![
            sale,
            at,
            way.code(),
            amount.map(Pesos::get),
            profile,
            reference,
            payment,
            cash,
            tab,
            actor.role.code(),
            &actor.name,
            &actor.till
        ],
        |row| row.get::<i64>(0),
    )?;
    match inserted.first() {
        Some(id) => Ok(*id),
        None => db.value(
            "SELECT id FROM sale_parts WHERE way = 'service' AND profile = ?1 AND reference = ?2
                 AND payment_reference = ?3",
            args![profile, reference, payment],
        ),
    }
}

/// Sale `id`'s number.
pub(super) fn sale_number(db: &mut Conn<'_>, id: i64) -> Result<SaleNumber, LedgerError> {
    db.query_opt(
        "SELECT till_number, number FROM sales WHERE id = ?1",
        args![id],
        |row| {
            Ok(SaleNumber {
                till: row.get(0)?,
                number: row.get(1)?,
            })
        },
    )?
    .ok_or_else(|| LedgerError::Missing("sales".to_owned()))
}

pub(super) fn sale_exists(db: &mut Conn<'_>, id: i64) -> Result<bool, LedgerError> {
    db.value(
        "SELECT EXISTS (SELECT 1 FROM sales WHERE id = ?1)",
        args![id],
    )
}

/// The sale a charge is a part of, if it is one.
pub(super) fn sale_id_of_charge(
    db: &mut Conn<'_>,
    profile: &str,
    reference: &str,
    payment: &str,
) -> Result<Option<i64>, LedgerError> {
    db.query_opt(
        "SELECT sale_id FROM sale_parts WHERE way = 'service' AND profile = ?1 AND reference = ?2
             AND payment_reference = ?3",
        args![profile, reference, payment],
        |row| row.get::<i64>(0),
    )
}

/// The sale whose part is drawer entry `entry`, if it is one.
pub(super) fn sale_id_of_cash_entry(
    db: &mut Conn<'_>,
    entry: i64,
) -> Result<Option<i64>, LedgerError> {
    db.query_opt(
        "SELECT sale_id FROM sale_parts WHERE cash_entry = ?1",
        args![entry],
        |row| row.get::<i64>(0),
    )
}

impl Ledger {
    /// The shop's frequent items, by description.
    pub fn frequent_items(&self) -> Result<Vec<FrequentItem>, LedgerError> {
        self.with(|db| {
            db.query(
                "SELECT id, description, unit_price FROM frequent_items
                 WHERE removed_at IS NULL ORDER BY lower(description), id",
                args![],
                |row| {
                    Ok(FrequentItem {
                        id: row.get(0)?,
                        description: row.get(1)?,
                        unit_price: Pesos::new(row.get(2)?),
                    })
                },
            )
        })
    }

    /// Keeps an item the shop sells often, for every till.
    pub fn add_frequent_item(
        &self,
        actor: &Actor,
        description: &str,
        unit_price: Pesos,
        at: i64,
    ) -> Result<FrequentItem, LedgerError> {
        self.transaction(|db| {
            let id: i64 = db.value(
                "INSERT INTO frequent_items (description, unit_price, added_at)
                 VALUES (?1, ?2, ?3) RETURNING id",
                args![cut(description), unit_price.get(), at],
            )?;
            let detail = crate::t!(
                "sale-detail-item-added",
                item = cut(description),
                price = unit_price.to_string()
            );
            write_activity(db, actor, Action::ItemAdded, &detail, at)?;
            Ok(FrequentItem {
                id,
                description: cut(description),
                unit_price,
            })
        })
    }

    /// Takes an item off the shop's frequent list (the sales that name it keep their lines).
    pub fn remove_frequent_item(&self, actor: &Actor, id: i64, at: i64) -> Result<(), LedgerError> {
        self.transaction(|db| {
            let description = db
                .query_opt(
                    "SELECT description FROM frequent_items WHERE id = ?1 AND removed_at IS NULL",
                    args![id],
                    |row| row.get::<String>(0),
                )?
                .ok_or_else(|| refused(SaleRefusal::NoSuchItem))?;
            db.execute(
                "UPDATE frequent_items SET removed_at = ?2 WHERE id = ?1",
                args![id, at],
            )?;
            let detail = crate::t!("sale-detail-item-removed", item = description);
            write_activity(db, actor, Action::ItemRemoved, &detail, at)
        })
    }
}
