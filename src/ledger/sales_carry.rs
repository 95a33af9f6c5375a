//! The four books carried over into the sales journal, once, in the schema step that makes it
//! (schema 17 on SQLite, step 14 on PostgreSQL): every charge of its own that no tab was
//! collecting, every payment a counter code took, every cash sale (with the charge it was made
//! instead of, as one sale) and everything taken on a tab becomes a sale with its part; every
//! return (a payout tied to its sale, cash back for a cash sale) becomes the return of that part.
//! Numbers are given per till in the order the sales were made. Nothing in the four books is
//! changed, so nothing is lost, and each is read once, so nothing is counted twice.

use std::collections::{BTreeMap, HashMap};

use super::error::LedgerError;
use super::store::{Conn, args};

/// Where a carried part's money or debt is kept.
enum CarriedTie {
    Service {
        profile: String,
        reference: String,
        payment: String,
    },
    Cash(i64),
    Tab(i64),
}

struct CarriedPart {
    at: i64,
    amount: Option<i64>,
    tie: CarriedTie,
}

struct Carried {
    at: i64,
    till: String,
    role: String,
    name: String,
    till_name: String,
    amount: Option<i64>,
    description: String,
    parts: Vec<CarriedPart>,
}

/// A charge's seller: a cashier named, or nobody in particular (as before there were cashiers).
fn seller_role(cashier: &str) -> String {
    if cashier.is_empty() {
        "anyone"
    } else {
        "cashier"
    }
    .to_owned()
}

/// The till a sale belongs to: on one computer's books there is one; on shared books a till's
/// key where its drawer named it, else a key made of the till's name.
struct TillKeys {
    shared: bool,
    by_name: HashMap<String, String>,
}

impl TillKeys {
    fn read(db: &mut Conn<'_>) -> Result<TillKeys, LedgerError> {
        let shared = matches!(db, Conn::Postgres(_));
        let pairs = db.query(
            "SELECT till_name, till FROM cash_shifts WHERE till <> '' ORDER BY id",
            args![],
            |row| Ok((row.get::<String>(0)?, row.get::<String>(1)?)),
        )?;
        Ok(TillKeys {
            shared,
            by_name: pairs.into_iter().collect(),
        })
    }

    fn of(&self, name: &str) -> String {
        if !self.shared {
            return String::new();
        }
        self.by_name
            .get(name)
            .cloned()
            .unwrap_or_else(|| format!("name:{name}"))
    }
}

/// A tab's collecting charge is not a sale: the customer pays what they took.
const NOT_A_TABS: &str = "NOT EXISTS (SELECT 1 FROM tab_links t
    WHERE t.profile = c.profile AND t.reference1 = c.reference1)";

fn charges(db: &mut Conn<'_>, keys: &TillKeys) -> Result<Vec<Carried>, LedgerError> {
    service_sales(
        db,
        keys,
        &format!(
            "SELECT c.profile, c.reference, '', c.amount, c.created_at, c.description, c.cashier,
                c.till_name
             FROM collections c WHERE c.repeatable = 0 AND {NOT_A_TABS} ORDER BY c.id"
        ),
    )
}

fn counter_payments(db: &mut Conn<'_>, keys: &TillKeys) -> Result<Vec<Carried>, LedgerError> {
    service_sales(
        db,
        keys,
        &format!(
            "SELECT r.profile, r.reference, r.provider_reference, r.amount, r.received_at,
                c.description, c.cashier, c.till_name
             FROM received_payments r
             JOIN collections c ON c.profile = r.profile AND c.reference = r.reference
             WHERE c.repeatable = 1 AND {NOT_A_TABS} ORDER BY r.id"
        ),
    )
}

/// Sales paid whole through the service, one a row of `sql`: profile, reference, payment (empty
/// for a charge's own), amount, when, description, who sold, till.
fn service_sales(
    db: &mut Conn<'_>,
    keys: &TillKeys,
    sql: &str,
) -> Result<Vec<Carried>, LedgerError> {
    db.query(sql, args![], |row| {
        let amount: Option<i64> = row.get::<Option<i64>>(3)?.filter(|amount| *amount > 0);
        let at: i64 = row.get(4)?;
        let cashier: String = row.get(6)?;
        let till_name: String = row.get(7)?;
        Ok(Carried {
            at,
            till: keys.of(&till_name),
            role: seller_role(&cashier),
            name: cashier,
            till_name,
            amount,
            description: row.get(5)?,
            parts: vec![CarriedPart {
                at,
                amount,
                tie: CarriedTie::Service {
                    profile: row.get(0)?,
                    reference: row.get(1)?,
                    payment: row.get(2)?,
                },
            }],
        })
    })
}

/// Cash sales: one charged instead of a charge joins that charge's sale.
fn cash_sales(
    db: &mut Conn<'_>,
    carried: &mut Vec<Carried>,
    by_reference: &HashMap<String, usize>,
) -> Result<(), LedgerError> {
    let rows = db.query(
        "SELECT e.id, e.at, e.amount, e.instead_of, e.description, e.role, e.name, e.till_name,
            s.till
         FROM cash_entries e JOIN cash_shifts s ON s.id = e.shift_id
         WHERE e.kind = 'sale' ORDER BY e.id",
        args![],
        |row| {
            Ok((
                row.get::<i64>(0)?,
                row.get::<i64>(1)?,
                row.get::<i64>(2)?,
                row.get::<String>(3)?,
                row.get::<String>(4)?,
                row.get::<String>(5)?,
                row.get::<String>(6)?,
                row.get::<String>(7)?,
                row.get::<String>(8)?,
            ))
        },
    )?;
    for (entry, at, amount, instead_of, description, role, name, till_name, till) in rows {
        let part = CarriedPart {
            at,
            amount: Some(amount),
            tie: CarriedTie::Cash(entry),
        };
        if let Some(index) = by_reference.get(&instead_of) {
            carried[*index].parts.push(part);
            continue;
        }
        carried.push(Carried {
            at,
            till,
            role,
            name,
            till_name,
            amount: Some(amount),
            description,
            parts: vec![part],
        });
    }
    Ok(())
}

fn tabs_taken(db: &mut Conn<'_>, keys: &TillKeys) -> Result<Vec<Carried>, LedgerError> {
    db.query(
        "SELECT id, at, amount, description, role, name, till_name FROM tab_entries
         WHERE kind = 'taken' ORDER BY id",
        args![],
        |row| {
            let at: i64 = row.get(1)?;
            let amount: i64 = row.get(2)?;
            let till_name: String = row.get(6)?;
            Ok(Carried {
                at,
                till: keys.of(&till_name),
                role: row.get(4)?,
                name: row.get(5)?,
                till_name,
                amount: Some(amount),
                description: row.get(3)?,
                parts: vec![CarriedPart {
                    at,
                    amount: Some(amount),
                    tie: CarriedTie::Tab(row.get(0)?),
                }],
            })
        },
    )
}

/// Writes each carried sale with its number (per till, in the order they were made), its one
/// line (an amount typed alone) and its parts.
fn write_carried(db: &mut Conn<'_>, mut carried: Vec<Carried>) -> Result<(), LedgerError> {
    carried.sort_by_key(|sale| sale.at);
    let mut numbers: BTreeMap<String, (i64, i64)> = BTreeMap::new();
    for sale in carried {
        let next_till = numbers.len() as i64 + 1;
        let (till_number, last) = numbers
            .entry(sale.till.clone())
            .or_insert_with(|| (next_till, 0));
        if *last == 0 {
            db.execute(
                "INSERT INTO tills (till, number, name, added_at) VALUES (?1, ?2, ?3, ?4)",
                args![&sale.till, *till_number, &sale.till_name, sale.at],
            )?;
        }
        *last += 1;
        let id: i64 = db.value(
            "INSERT INTO sales (till_number, number, at, amount, description, role, name,
                till_name)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id",
            args![
                *till_number,
                *last,
                sale.at,
                sale.amount,
                &sale.description,
                &sale.role,
                &sale.name,
                &sale.till_name
            ],
        )?;
        if let Some(amount) = sale.amount {
            db.execute(
                "INSERT INTO sale_lines (sale_id, position, description, quantity, unit_price)
                 VALUES (?1, 0, ?2, 1, ?3)",
                args![id, &sale.description, amount],
            )?;
        }
        for part in &sale.parts {
            let (way, profile, reference, payment, cash, tab) = match &part.tie {
                CarriedTie::Service {
                    profile,
                    reference,
                    payment,
                } => (
                    "service",
                    profile.as_str(),
                    reference.as_str(),
                    payment.as_str(),
                    None,
                    None,
                ),
                CarriedTie::Cash(entry) => ("cash", "", "", "", Some(*entry), None),
                CarriedTie::Tab(entry) => ("tab", "", "", "", None, Some(*entry)),
            };
            db.execute(
                "INSERT INTO sale_parts (sale_id, at, way, amount, profile, reference,
                    payment_reference, cash_entry, tab_entry, role, name, till_name)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                args![
                    id,
                    part.at,
                    way,
                    part.amount,
                    profile,
                    reference,
                    payment,
                    cash,
                    tab,
                    &sale.role,
                    &sale.name,
                    &sale.till_name
                ],
            )?;
        }
    }
    Ok(())
}

/// Every return made so far, as the return of the part it gave back: a payout tied to its sale
/// (or to a counter code's payment), cash back for a cash sale.
fn carry_returns(db: &mut Conn<'_>) -> Result<(), LedgerError> {
    db.execute(
        "INSERT INTO part_returns (sale_id, part_id, at, way, amount, payout_id, reason,
            reason_words, role, name, till_name)
         SELECT sp.sale_id, sp.id, p.created_at, 'payout', p.amount, r.payout_id, r.reason,
             r.reason_words, 'anyone', '', ''
         FROM sale_returns r
         JOIN payouts p ON p.id = r.payout_id
         JOIN sale_parts sp ON sp.way = 'service' AND sp.profile = r.profile
             AND sp.reference = r.sale_reference AND sp.payment_reference = r.payment_reference
         WHERE p.amount > 0
         ORDER BY r.payout_id",
        args![],
    )?;
    db.execute(
        "INSERT INTO part_returns (sale_id, part_id, at, way, amount, cash_entry, reason, role,
            name, till_name)
         SELECT sp.sale_id, sp.id, e.at, 'cash', e.amount, e.id, e.reason, e.role, e.name,
             e.till_name
         FROM cash_entries e
         JOIN cash_entries sold ON sold.kind = 'sale' AND sold.reference = e.reference
         JOIN sale_parts sp ON sp.cash_entry = sold.id
         WHERE e.kind = 'return'
         ORDER BY e.id",
        args![],
    )?;
    Ok(())
}

/// The pass itself, in the schema step's transaction.
pub(super) fn carry_over(db: &mut Conn<'_>) -> Result<(), LedgerError> {
    let keys = TillKeys::read(db)?;
    let mut carried = charges(db, &keys)?;
    let by_reference: HashMap<String, usize> = carried
        .iter()
        .enumerate()
        .filter_map(|(index, sale)| match &sale.parts[0].tie {
            CarriedTie::Service { reference, .. } => Some((reference.clone(), index)),
            _ => None,
        })
        .collect();
    cash_sales(db, &mut carried, &by_reference)?;
    carried.extend(counter_payments(db, &keys)?);
    carried.extend(tabs_taken(db, &keys)?);
    write_carried(db, carried)?;
    carry_returns(db)
}
