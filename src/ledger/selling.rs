//! A sale written with the parts a till takes at once (cash into the drawer, fiado on a tab),
//! before its charges at the service are made (each then a part of it, `Ledger::record_charge`);
//! a part charged again another way once one failed or expired; and a part given back where it
//! came from: cash to the drawer's customer, credit to the tab. Each in one transaction, under the
//! sale's lock: two tills deciding about one sale wait on each other.

use super::actor::Actor;
use super::base::Ledger;
use super::cash::{open_shift_in, tie_cash_sale, write_cash};
use super::cash_state::{CashEntry, CashMove};
use super::error::LedgerError;
use super::part_returns::{NewPartReturn, ReturnWay, write_part_return};
use super::sale_reads::sale_by_id;
use super::sale_state::{NewSale, PartState, SaleRecord, SaleRefusal, SaleState};
use super::sales::{SALE_LOCK, write_sale};
use super::store::Conn;
use super::tab_state::TabEntry;
use super::tabs::{credit_returned, take_in};
use crate::money::Pesos;

/// Cash a customer pays a part with: what it pays, what they handed over, the reference minted
/// for it (`cash::fresh_reference`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashPart {
    pub amount: Pesos,
    pub tendered: Pesos,
    pub reference: String,
}

/// What goes on a customer's tab.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TabPart {
    pub customer: i64,
    pub amount: Pesos,
}

/// A sale as a person asked for it: what was sold, and the parts the till takes now. What the
/// charges at the service will ask is said too, so the parts add up to the sale before anything
/// is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaleAsk {
    pub sale: NewSale,
    pub cash: Option<CashPart>,
    pub tab: Option<TabPart>,
    /// What the charges at the service that follow will ask, together.
    pub by_service: Pesos,
    /// The base to open this till's shift with first (a cash part with no shift open).
    pub open_with: Option<Pesos>,
}

impl SaleAsk {
    /// What the parts add up to.
    pub fn parts(&self) -> Pesos {
        Pesos::new(
            self.cash.as_ref().map_or(0, |cash| cash.amount.get())
                + self.tab.map_or(0, |tab| tab.amount.get())
                + self.by_service.get(),
        )
    }
}

fn refused(refusal: SaleRefusal) -> LedgerError {
    LedgerError::Sale(refusal)
}

/// Sale `id`, locked, once `amount` more fits in what it is missing.
fn room_for(db: &mut Conn<'_>, id: i64, amount: Pesos) -> Result<SaleRecord, LedgerError> {
    db.lock_until_commit(SALE_LOCK, &id.to_string())?;
    let (record, missing) = open_for_more(db, id)?;
    if amount > missing {
        return Err(refused(SaleRefusal::OverMissing { missing }));
    }
    Ok(record)
}

/// Sale `id` as its books hold it now, refused when it cannot take another part: voided, or
/// nothing missing; and what is missing.
fn open_for_more(db: &mut Conn<'_>, id: i64) -> Result<(SaleRecord, Pesos), LedgerError> {
    let record =
        sale_by_id(db, id)?.ok_or_else(|| refused(SaleRefusal::UnknownSale(id.to_string())))?;
    match record.state() {
        SaleState::Voided => Err(refused(SaleRefusal::Voided)),
        SaleState::Paid => Err(refused(SaleRefusal::AlreadyPaid)),
        SaleState::Waiting { missing } | SaleState::Open { missing } => {
            // What pending charges would cover is still theirs: a part charged again covers
            // only what no charge is waiting for.
            let pending = record
                .parts
                .iter()
                .filter(|part| part.state == PartState::Pending)
                .filter_map(|part| part.amount)
                .map(Pesos::get)
                .sum::<i64>();
            Ok((record, Pesos::new((missing.get() - pending).max(0))))
        }
    }
}

impl Ledger {
    /// Writes a sale with the parts the till takes now (cash, fiado; the shift opened first when
    /// its base is given), in one transaction: the parts with what the charges will ask must add
    /// up to the sale, a cash part needs what was handed over to cover it, fiado its customer's
    /// limit (or the owner). Nothing is written when a rule refuses. The charges at the service
    /// follow, each a part of it.
    pub fn record_sale(
        &self,
        actor: &Actor,
        ask: &SaleAsk,
        at: i64,
    ) -> Result<SaleRecord, LedgerError> {
        let amount = ask.sale.amount.or_else(|| {
            (!ask.sale.lines.is_empty()).then(|| {
                Pesos::sum_of(
                    ask.sale
                        .lines
                        .iter()
                        .map(super::sale_state::SaleLine::total),
                )
                .unwrap_or(Pesos::ZERO)
            })
        });
        if let Some(amount) = amount
            && ask.parts() != amount
        {
            return Err(refused(SaleRefusal::PartsDoNotAdd {
                parts: ask.parts(),
                amount,
            }));
        }
        self.transaction(|db| {
            let (id, _) = write_sale(db, &self.till, actor, &ask.sale, at)?;
            if let Some(cash) = &ask.cash {
                if let Some(base) = ask.open_with {
                    open_shift_in(db, &self.till, actor, base, at)?;
                }
                self.cash_part_in(db, actor, id, cash, at)?;
            }
            if let Some(tab) = ask.tab {
                let description = ask.sale.description.clone();
                take_in(
                    db,
                    &self.till,
                    actor,
                    tab.customer,
                    tab.amount,
                    &description,
                    Some(id),
                    at,
                )?;
            }
            sale_by_id(db, id)?.ok_or_else(|| LedgerError::Missing("sales".to_owned()))
        })
    }

    fn cash_part_in(
        &self,
        db: &mut Conn<'_>,
        actor: &Actor,
        sale: i64,
        cash: &CashPart,
        at: i64,
    ) -> Result<CashEntry, LedgerError> {
        let what = CashMove::Sale {
            amount: cash.amount,
            tendered: cash.tendered,
            reference: cash.reference.clone(),
            instead_of: String::new(),
            description: String::new(),
        };
        let entry = write_cash(db, &self.till, actor, &what, at)?;
        let number = tie_cash_sale(db, &self.till, actor, &entry, Some(sale))?;
        Ok(CashEntry {
            sale: Some(number),
            ..entry
        })
    }

    /// Charges what sale `id` is missing (or part of it) in cash at this till, once a part failed
    /// or expired or was never made: at most what is missing and no pending charge covers.
    pub fn charge_again_in_cash(
        &self,
        actor: &Actor,
        id: i64,
        cash: &CashPart,
        at: i64,
    ) -> Result<(SaleRecord, CashEntry), LedgerError> {
        self.transaction(|db| {
            room_for(db, id, cash.amount)?;
            let entry = self.cash_part_in(db, actor, id, cash, at)?;
            let record =
                sale_by_id(db, id)?.ok_or_else(|| LedgerError::Missing("sales".to_owned()))?;
            Ok((record, entry))
        })
    }

    /// Puts what sale `id` is missing (or part of it) on customer `customer`'s tab: at most what
    /// is missing, over the customer's limit only with the owner.
    pub fn charge_again_on_tab(
        &self,
        actor: &Actor,
        id: i64,
        tab: TabPart,
        at: i64,
    ) -> Result<(SaleRecord, TabEntry), LedgerError> {
        self.transaction(|db| {
            let record = room_for(db, id, tab.amount)?;
            let entry = take_in(
                db,
                &self.till,
                actor,
                tab.customer,
                tab.amount,
                &record.description,
                Some(id),
                at,
            )?;
            let record =
                sale_by_id(db, id)?.ok_or_else(|| LedgerError::Missing("sales".to_owned()))?;
            Ok((record, entry))
        })
    }

    /// Whether sale `id` may still take a charge of `amount` at the service: refused when voided,
    /// paid, or when that is more than is missing and no pending charge covers. Asked before the
    /// charge is made (the books decide again as it is written).
    pub fn may_charge_again(&self, id: i64, amount: Pesos) -> Result<SaleRecord, LedgerError> {
        self.with(|db| {
            let (record, missing) = open_for_more(db, id)?;
            if amount > missing {
                return Err(refused(SaleRefusal::OverMissing { missing }));
            }
            Ok(record)
        })
    }

    /// Gives back `amount` of part `part` of sale `sale` in cash from this till's drawer (a
    /// cash part, or the owner allowing it, one paid through the service): the owner's (or
    /// anyone's where no PIN is set), at most what remains of the part, with the drawer holding
    /// it.
    pub fn return_in_cash(
        &self,
        actor: &Actor,
        sale: i64,
        part: i64,
        amount: Pesos,
        reason: &str,
        at: i64,
    ) -> Result<CashEntry, LedgerError> {
        let what = CashMove::ReturnPart {
            amount,
            sale,
            part,
            reason: reason.to_owned(),
        };
        self.record_cash(actor, &what, at)
    }

    /// Credits `amount` of part `part` of sale `sale`, taken on a customer's tab, back to that
    /// tab (goods given back): the owner's (or anyone's where no PIN is set), at most what
    /// remains of the part.
    pub fn return_to_tab(
        &self,
        actor: &Actor,
        sale: i64,
        part: i64,
        amount: Pesos,
        reason: &str,
        at: i64,
    ) -> Result<TabEntry, LedgerError> {
        self.transaction(|db| {
            if !super::cash::owner_or_no_pin(db, actor)? {
                return Err(LedgerError::Tab(super::tab_state::TabRefusal::OwnerOnly));
            }
            db.lock_until_commit(SALE_LOCK, &sale.to_string())?;
            let record = sale_by_id(db, sale)?
                .ok_or_else(|| refused(SaleRefusal::UnknownSale(sale.to_string())))?;
            let found = record
                .part(part)
                .cloned()
                .ok_or_else(|| refused(SaleRefusal::UnknownPart(part)))?;
            let super::sale_state::PartTie::Tab { customer, .. } = found.tie else {
                return Err(refused(SaleRefusal::ReturnWrongWay));
            };
            let remaining = found.returnable();
            if amount > remaining {
                return Err(refused(SaleRefusal::ReturnOverRemaining {
                    remaining,
                    paid: found.paid,
                }));
            }
            let entry = credit_returned(db, actor, customer, amount, reason, at)?;
            write_part_return(
                db,
                &NewPartReturn::plain(
                    actor,
                    (sale, part, at),
                    (ReturnWay::Tab, amount, entry.id),
                    reason.trim(),
                ),
            )?;
            Ok(TabEntry {
                sale: Some(record.number),
                ..entry
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parts_add_up() {
        let ask = SaleAsk {
            sale: NewSale::of_amount(Some(Pesos::new(40_000)), "Mercado"),
            cash: Some(CashPart {
                amount: Pesos::new(20_000),
                tendered: Pesos::new(20_000),
                reference: "EF1".into(),
            }),
            tab: None,
            by_service: Pesos::new(20_000),
            open_with: None,
        };
        assert_eq!(ask.parts(), Pesos::new(40_000));
    }
}
