//! Cash on paper: a cash sale's receipt («Recibo de venta en efectivo»), from the drawer's books,
//! and the close's cash part.
//! What the customer handed over and the change are the cashier's; the service confirmed none
//! of it, and the receipt says so (it is not an invoice either).

use crate::ledger::close::CashLines;
use crate::ledger::reconcile::who;
use crate::ledger::{CashEntry, CashKind, CashRefusal, Ledger, LedgerError, activity::Role};
use crate::money::Pesos;

use super::PrintError;
use super::slip::{Slip, SlipLine, printable};

/// A cash sale, as its receipt shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashReceipt {
    pub shop: String,
    pub sale: CashEntry,
}

impl CashReceipt {
    /// The receipt of cash entry `entry`: only a cash sale that stands has one (a voided sale's
    /// paper would say money was taken that the books say was not).
    pub fn from_books(ledger: &Ledger, shop: &str, entry: i64) -> Result<CashReceipt, PrintError> {
        let sale = ledger
            .cash_entry(entry)?
            .ok_or(LedgerError::Cash(CashRefusal::NoSuchEntry(entry)))?;
        if sale.kind != CashKind::Sale {
            return Err(PrintError::NotACashSale(entry.to_string()));
        }
        if sale.void.is_some() {
            return Err(PrintError::CashSaleVoided(sale.reference.clone()));
        }
        Ok(CashReceipt {
            shop: shop.to_owned(),
            sale,
        })
    }

    /// What the print queue and the PDF call it.
    pub fn title(&self) -> String {
        format!(
            "{} {}",
            crate::t!("cashpaper-receipt-title"),
            printable(&self.sale.reference)
        )
    }

    pub fn slip(&self) -> Slip {
        let sale = &self.sale;
        let mut slip = Slip::default();
        slip.push(SlipLine::Title(self.shop.clone()));
        slip.push(SlipLine::Heading(crate::t!("cashpaper-receipt-title")));
        slip.push(SlipLine::Rule);
        slip.push(SlipLine::Big(sale.amount.to_string()));
        let mut pair = |label: String, value: String| slip.push(SlipLine::Pair(label, value));
        pair(
            crate::t!("receipt-when"),
            crate::clock::shown_datetime(sale.at),
        );
        pair(crate::t!("receipt-method"), crate::t!("cashpaper-method"));
        if !sale.description.is_empty() {
            pair(crate::t!("receipt-concept"), sale.description.clone());
        }
        if let Some(tendered) = sale.tendered {
            pair(crate::t!("cashpaper-tendered"), tendered.to_string());
        }
        if let Some(change) = sale.change() {
            pair(crate::t!("cashpaper-change"), change.to_string());
        }
        pair(crate::t!("receipt-reference"), sale.reference.clone());
        if !sale.instead_of.is_empty() {
            pair(crate::t!("cashpaper-instead-of"), sale.instead_of.clone());
        }
        if sale.by.role == Role::Cashier {
            pair(crate::t!("receipt-cashier"), who(&sale.by));
        }
        slip.push(SlipLine::Rule);
        slip.push(SlipLine::Small(crate::t!("cashpaper-receipt-counted")));
        slip.push(SlipLine::Small(crate::t!("receipt-not-an-invoice")));
        slip
    }
}

/// The close's cash on paper, under a heading that says it was counted and not confirmed: the
/// close's own lines (`ledger::close`), so paper and screen say the same.
pub fn cash_on_paper(slip: &mut Slip, cash: &CashLines) {
    counted_on_paper(
        slip,
        &cash.heading,
        &cash.lines,
        |line| (&line.label, line.part, line.sum.count, line.sum.amount),
        |_, _| {},
    );
    for drawer in &cash.drawers {
        slip.push(SlipLine::Rule);
        slip.push(SlipLine::Pair(
            crate::t!("cashpaper-till"),
            printable(&drawer.till),
        ));
        slip.push(SlipLine::Small(crate::t!(
            "cashpaper-opened-line",
            who = drawer.opened_by.as_str(),
            when = drawer.opened_at.as_str()
        )));
        slip.push(SlipLine::Small(drawer.closed.clone()));
        slip.push(SlipLine::Pair(
            crate::t!("cashpaper-base"),
            drawer.base.to_string(),
        ));
        slip.push(SlipLine::Pair(
            crate::t!("cashclose-expected"),
            drawer.expected.to_string(),
        ));
        if let Some(counted) = drawer.counted {
            slip.push(SlipLine::Pair(
                crate::t!("cashclose-counted"),
                counted.to_string(),
            ));
        }
        slip.push(SlipLine::Text(drawer.difference.clone()));
    }
    if let Some(difference) = &cash.difference {
        slip.push(SlipLine::Rule);
        slip.push(SlipLine::Heading(difference.clone()));
    }
}

/// A section of the close on paper, as the cash and the tabs both print theirs: a rule, its
/// heading, and each line's label (a part of the line above indented) with its count and its
/// amount, as `counted` reads them; `after` adds what a line says under it.
/// Paper is short: a line the period did not have is left out, but the first (cash sales, what
/// was taken on tabs) always stays, so a section never starts empty or with a collection.
pub(super) fn counted_on_paper<L>(
    slip: &mut Slip,
    heading: &str,
    lines: &[L],
    counted: impl Fn(&L) -> (&str, bool, usize, Pesos),
    mut after: impl FnMut(&mut Slip, &L),
) {
    slip.push(SlipLine::Rule);
    slip.push(SlipLine::Heading(heading.to_owned()));
    for (index, line) in lines.iter().enumerate() {
        let (label, part, count, amount) = counted(line);
        if index > 0 && count == 0 {
            continue;
        }
        let indent = if part { "  " } else { "" };
        slip.push(SlipLine::Pair(
            format!("{indent}{label} ({count})"),
            amount.to_string(),
        ));
        after(slip, line);
    }
}
