//! Customers' tabs in the CSV: a row per tab entry written in the range (taken, paid by the
//! service, paid in cash), with its customer. None of these rows carries money of its own: what
//! was taken is not money, and what was collected already has its row, the service's payment or
//! the drawer's entry, so the money columns (`gross`, `cost`, `net`, `cash`) stay empty and a
//! sum over them counts nothing twice. Tabs are the shop's: no profile filter leaves one out.

use super::cash::who;
use super::csv::{Row, Spoken, text};
use super::tabs::PeriodTabEntry;
use crate::clock::local_datetime as local_time;
use crate::ledger::tab_state::TabKind;

impl Spoken<'_> {
    /// A tab entry: what it was, its amount, whose word that amount is, and its customer.
    pub(super) fn tab_entry(&self, period: &PeriodTabEntry) -> Row {
        let entry = &period.entry;
        let record = if self.spanish {
            entry.kind.words()
        } else {
            format!("tab_{}", entry.kind.code())
        };
        // reference: the sale that paid it; reference1: which payment of a code, or the
        // drawer's entry that holds a payment in cash.
        let (reference, reference1, method, confirmation, money) = match entry.kind {
            TabKind::Taken => (
                String::new(),
                String::new(),
                self.either("tab", "fiado"),
                "",
                self.either("tab-not-money", "fiado (no es dinero)")
                    .to_owned(),
            ),
            TabKind::PaidByService => (
                text(&entry.sale_reference),
                text(&entry.payment_reference),
                self.either("service", "link o QR"),
                self.either("confirmed", "confirmado"),
                self.whose(false),
            ),
            TabKind::PaidInCash => (
                String::new(),
                entry
                    .cash_entry
                    .map(|id| id.to_string())
                    .unwrap_or_default(),
                self.either("cash", "efectivo"),
                self.either("counted", "contado por el cajero"),
                self.whose(true),
            ),
            // Goods given back: the sale whose part it returns, and no money.
            TabKind::Returned => (
                entry.sale.map(|sale| sale.to_string()).unwrap_or_default(),
                String::new(),
                self.either("tab", "fiado"),
                "",
                self.either("tab-not-money", "fiado (no es dinero)")
                    .to_owned(),
            ),
        };
        // A payment by the service is written by whichever till or receiver saw the answer
        // first, not by a person: it names nobody.
        let cashier = match entry.kind {
            TabKind::PaidByService => String::new(),
            TabKind::Taken | TabKind::PaidInCash | TabKind::Returned => text(&who(&entry.by)),
        };
        let mut row: Row = Default::default();
        row[0] = record;
        row[1] = local_time(entry.at);
        row[2] = reference;
        row[3] = reference1;
        row[4] = method.to_owned();
        row[5] = entry.amount.get().to_string();
        row[9] = self.either("recorded", "registrado").to_owned();
        row[10] = confirmation.to_owned();
        row[12] = cashier;
        row[13] = text(&entry.by.till);
        row[14] = text(&entry.description);
        row[15] = money;
        row[22] = entry.customer.to_string();
        row[23] = text(&period.customer_name);
        row
    }
}
