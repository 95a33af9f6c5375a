//! A return of a part of a sale, as the close and a sale's window count it: how it went back
//! (a payout, cash from a drawer, credit to the tab), when, where it stands, and the sale it
//! gives back.

use super::actor::Actor;
use super::base::Ledger;
use super::error::LedgerError;
use super::sale_reads::{ReturnStanding, actor, return_standing};
use super::sale_state::{PartWay, SaleNumber};
use super::store::{Conn, Row, args};
use crate::api::kind::PaymentKind;
use crate::money::Pesos;

/// A return to write: part `part` of sale `sale` given back `way`, through `entry` (the payout,
/// the drawer's entry or the tab's entry that moved the money or the debt).
pub(super) struct NewPartReturn<'a> {
    pub sale: i64,
    pub part: i64,
    pub at: i64,
    pub way: ReturnWay,
    pub amount: Pesos,
    pub entry: i64,
    pub reason: &'a str,
    pub reason_words: &'a str,
    pub actor: &'a Actor,
}

impl<'a> NewPartReturn<'a> {
    /// A return in the shop's own words alone (cash, tab): `(sale, part, at)`, and `(way,
    /// amount, entry)`.
    pub fn plain(
        actor: &'a Actor,
        (sale, part, at): (i64, i64, i64),
        (way, amount, entry): (ReturnWay, Pesos, i64),
        reason: &'a str,
    ) -> NewPartReturn<'a> {
        NewPartReturn {
            sale,
            part,
            at,
            way,
            amount,
            entry,
            reason,
            reason_words: "",
            actor,
        }
    }
}

/// Writes a return of a part; every way writes it here, so the three agree on its columns.
pub(super) fn write_part_return(
    db: &mut Conn<'_>,
    new: &NewPartReturn<'_>,
) -> Result<(), LedgerError> {
    let entry_column = match new.way {
        ReturnWay::Payout => "payout_id",
        ReturnWay::Cash => "cash_entry",
        ReturnWay::Tab => "tab_entry",
    };
    db.execute(
        &format!(
            "INSERT INTO part_returns (sale_id, part_id, at, way, amount, {entry_column}, reason,
                reason_words, role, name, till_name)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"
        ),
        args![
            new.sale,
            new.part,
            new.at,
            new.way.code(),
            new.amount.get(),
            new.entry,
            new.reason,
            new.reason_words,
            new.actor.role.code(),
            &new.actor.name,
            &new.actor.till
        ],
    )?;
    Ok(())
}

/// How a part went back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ReturnWay {
    /// A payout to the customer through the service.
    Payout,
    /// Cash from a drawer.
    Cash,
    /// Credited to the customer's tab.
    Tab,
}

impl ReturnWay {
    pub fn code(self) -> &'static str {
        match self {
            ReturnWay::Payout => "payout",
            ReturnWay::Cash => "cash",
            ReturnWay::Tab => "tab",
        }
    }

    fn parse(code: &str) -> ReturnWay {
        match code {
            "cash" => ReturnWay::Cash,
            "tab" => ReturnWay::Tab,
            _ => ReturnWay::Payout,
        }
    }

    /// «Por dispersión», «En efectivo», «Abonado al fiado».
    pub fn words(self) -> String {
        match self {
            ReturnWay::Payout => crate::t!("sale-return-way-payout"),
            ReturnWay::Cash => crate::t!("sale-return-way-cash"),
            ReturnWay::Tab => crate::t!("sale-return-way-tab"),
        }
    }
}

/// A return of one part of a sale, as the close counts it: when it was made, how it went, where
/// it stands, and the sale it gives back (its number, who sold it, how the part was paid).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartReturn {
    pub id: i64,
    pub sale: i64,
    pub number: SaleNumber,
    pub part: i64,
    pub part_way: PartWay,
    /// A service part's kind of charge.
    pub kind: Option<PaymentKind>,
    pub way: ReturnWay,
    pub amount: Pesos,
    pub at: i64,
    pub standing: ReturnStanding,
    pub reason: String,
    pub reason_words: String,
    pub by: Actor,
    /// Who made the sale.
    pub seller: Actor,
    /// The payout, the drawer's entry or the tab's entry that carried it.
    pub payout: Option<i64>,
    pub cash_entry: Option<i64>,
    pub tab_entry: Option<i64>,
}

const PART_RETURN_COLUMNS: &str = "x.id, x.sale_id, s.till_number, s.number, x.part_id, p.way,
    c.kind, x.way, x.amount, x.at, po.state, v.id, x.reason, x.reason_words, x.role, x.name,
    x.till_name, s.role, s.name, s.till_name, x.payout_id, x.cash_entry, x.tab_entry";

const PART_RETURN_FROM: &str = "part_returns x
    JOIN sales s ON s.id = x.sale_id
    JOIN sale_parts p ON p.id = x.part_id
    LEFT JOIN collections c ON p.way = 'service' AND c.profile = p.profile
        AND c.reference = p.reference
    LEFT JOIN payouts po ON po.id = x.payout_id
    LEFT JOIN cash_voids v ON v.entry_id = x.cash_entry";

fn part_return(row: &Row<'_>) -> Result<PartReturn, LedgerError> {
    let way: String = row.get(7)?;
    let payout: Option<String> = row.get(10)?;
    let voided = row.get::<Option<i64>>(11)?.is_some();
    Ok(PartReturn {
        id: row.get(0)?,
        sale: row.get(1)?,
        number: SaleNumber {
            till: row.get(2)?,
            number: row.get(3)?,
        },
        part: row.get(4)?,
        part_way: PartWay::parse(&row.get::<String>(5)?).unwrap_or(PartWay::Service),
        kind: row
            .get::<Option<String>>(6)?
            .map(|kind| PaymentKind::parse(&kind)),
        standing: return_standing(&way, payout.as_deref(), voided),
        way: ReturnWay::parse(&way),
        amount: Pesos::new(row.get(8)?),
        at: row.get(9)?,
        reason: row.get(12)?,
        reason_words: row.get(13)?,
        by: actor(&row.get::<String>(14)?, row.get(15)?, row.get(16)?),
        seller: actor(&row.get::<String>(17)?, row.get(18)?, row.get(19)?),
        payout: row.get(20)?,
        cash_entry: row.get(21)?,
        tab_entry: row.get(22)?,
    })
}

impl Ledger {
    /// The returns of parts made in `[from_ms, to_ms)`, oldest first, whatever day their sale
    /// was: a return of yesterday's sale is today's.
    pub fn part_returns_between(
        &self,
        from_ms: i64,
        to_ms: i64,
    ) -> Result<Vec<PartReturn>, LedgerError> {
        self.with(|db| {
            db.query(
                &format!(
                    "SELECT {PART_RETURN_COLUMNS} FROM {PART_RETURN_FROM}
                     WHERE x.at >= ?1 AND x.at < ?2 ORDER BY x.at, x.id"
                ),
                args![from_ms, to_ms],
                part_return,
            )
        })
    }

    /// Every return of sale `id`'s parts, oldest first.
    pub fn returns_of_sale_parts(&self, id: i64) -> Result<Vec<PartReturn>, LedgerError> {
        self.with(|db| {
            db.query(
                &format!(
                    "SELECT {PART_RETURN_COLUMNS} FROM {PART_RETURN_FROM}
                     WHERE x.sale_id = ?1 ORDER BY x.at, x.id"
                ),
                args![id],
                part_return,
            )
        })
    }

    /// The return a payout carried, with its sale's number (what Dispersiones names it by).
    pub fn part_return_of_payout(&self, payout: i64) -> Result<Option<PartReturn>, LedgerError> {
        self.with(|db| {
            db.query_opt(
                &format!(
                    "SELECT {PART_RETURN_COLUMNS} FROM {PART_RETURN_FROM} WHERE x.payout_id = ?1"
                ),
                args![payout],
                part_return,
            )
        })
    }
}
