//! The sales of a day that are not in its batch of charges (`shop.rs`), each through the call a
//! till makes for it, with what follows it: its return, its charge again, its void.

use paydesk::api::TransactionStatus;
use paydesk::ledger::{
    CashMove, CashPart, Collection, NewSale, PartTie, ReceivedPayment, SaleAsk, SaleFor, SaleLine,
    SaleRecord, TabPart,
};
use paydesk::money::Pesos;

use super::{
    FIADO_PAID_AFTER_DAYS, Kind, MINUTE_MS, Owed, Planned, QR_WITH_AMOUNT, Shop, tendered,
};

impl Shop<'_> {
    fn charge_sale(&self, planned: &Planned) -> SaleRecord {
        self.ledger
            .sale_of_charge(self.profile, &format!("PAY{:07}", planned.index), "")
            .expect("sale of a charge")
            .expect("the charge's sale")
    }

    fn cash_part(planned: &Planned, amount: Pesos) -> CashPart {
        CashPart {
            amount,
            tendered: tendered(amount),
            reference: format!("EFB{:07}", planned.index),
        }
    }

    /// A cash sale of its own, and its sale as the books hold it.
    fn cash_sale(&self, planned: &Planned) -> SaleRecord {
        let part = Shop::cash_part(planned, planned.amount);
        let entry = self
            .ledger
            .record_cash(
                self.cashier(planned.index),
                &CashMove::Sale {
                    amount: part.amount,
                    tendered: part.tendered,
                    reference: part.reference,
                    instead_of: String::new(),
                    description: "Mercado".into(),
                },
                planned.at,
            )
            .expect("cash sale");
        self.ledger
            .sale_of_cash_entry(entry.id)
            .expect("sale of an entry")
            .expect("the entry's sale")
    }

    fn customer(&self, planned: &Planned) -> i64 {
        self.customers[planned.index % self.customers.len()]
    }

    /// Writes one sale that is not in the day's batch (and what follows it: its return, its
    /// charge again, its void); a QR part's money is left in `late`, written after the day.
    pub(super) fn write_one(&mut self, planned: &Planned, late: &mut Vec<ReceivedPayment>) {
        let later = (planned.at + 5 * MINUTE_MS).min(self.day_ends);
        let half = Pesos::new((planned.amount.get() / 2_000) * 1_000);
        match planned.kind {
            Kind::LinkReturnedByPayout => self.return_by_payout(planned, half, later),
            Kind::QrGivenBackInCash => {
                let sale = self.charge_sale(planned);
                self.give_back_in_cash(&sale, planned.amount, later);
            }
            Kind::QrDeclinedThenCash => {
                let sale = self.charge_sale(planned);
                let part = Shop::cash_part(planned, planned.amount);
                self.ledger
                    .charge_again_in_cash(self.cashier(planned.index), sale.id, &part, later)
                    .expect("charged again in cash");
            }
            Kind::Cash => {
                self.cash_sale(planned);
            }
            Kind::CashReturnedInPart => {
                let sale = self.cash_sale(planned);
                self.give_back_in_cash(&sale, half, later);
            }
            Kind::CashVoided => {
                let sale = self.cash_sale(planned);
                let PartTie::Cash { entry, .. } = &sale.parts[0].tie else {
                    panic!("a cash sale's part is cash: {:?}", sale.parts[0].tie);
                };
                self.ledger
                    .void_cash(&self.owner, *entry, "Digitado dos veces", planned.at + 1)
                    .expect("void");
            }
            Kind::CashWithLines => self.cash_with_lines(planned),
            Kind::FiadoPaidByLink
            | Kind::FiadoPaidInCash
            | Kind::FiadoOwed
            | Kind::FiadoReturnedToTab => self.fiado(planned, half, later),
            Kind::CashAndQr => late.push(self.cash_and_qr(planned, half, later)),
            Kind::DepositAndFiado => self.deposit_and_fiado(planned, half),
            // In the day's batch.
            Kind::Link
            | Kind::Nequi
            | Kind::Qr
            | Kind::QrDeclined
            | Kind::LinkExpired
            | Kind::Counter => {}
        }
    }

    /// `amount` of the sale's first part given back from the drawer, by the owner.
    fn give_back_in_cash(&mut self, sale: &SaleRecord, amount: Pesos, at: i64) {
        self.ledger
            .return_in_cash(
                &self.owner,
                sale.id,
                sale.parts[0].id,
                amount,
                "Producto devuelto",
                at,
            )
            .expect("cash back");
        self.returns += 1;
    }

    /// A cash sale of three lines sold (Cobrar's «Productos frecuentes»).
    fn cash_with_lines(&self, planned: &Planned) {
        let unit = Pesos::new(planned.amount.get() / 3_000 * 1_000);
        let lines = ["Arroz 1 kg", "Panela", "Huevos x 12"]
            .map(|description| SaleLine {
                description: description.into(),
                quantity: 1,
                unit_price: unit,
                item: None,
            })
            .to_vec();
        let total = Pesos::new(unit.get() * 3);
        let ask = SaleAsk {
            sale: NewSale {
                amount: Some(total),
                description: "Mercado".into(),
                lines,
            },
            cash: Some(Shop::cash_part(planned, total)),
            tab: None,
            by_service: Pesos::ZERO,
            open_with: None,
        };
        self.ledger
            .record_sale(self.cashier(planned.index), &ask, planned.at)
            .expect("sale with lines");
    }

    /// `half` in cash and the rest by a QR the service approves; the QR's money, to be written
    /// after the day's sales.
    fn cash_and_qr(&self, planned: &Planned, half: Pesos, later: i64) -> ReceivedPayment {
        let rest = Pesos::new(planned.amount.get() - half.get());
        let ask = SaleAsk {
            sale: NewSale::of_amount(Some(planned.amount), "Mercado"),
            cash: Some(Shop::cash_part(planned, half)),
            tab: None,
            by_service: rest,
            open_with: None,
        };
        let sale = self
            .ledger
            .record_sale(self.cashier(planned.index), &ask, planned.at)
            .expect("mixed sale");
        let charge = Collection {
            amount: Some(rest),
            ..self.collection(planned, QR_WITH_AMOUNT, TransactionStatus::Approved)
        };
        self.ledger
            .record_charge(self.profile, &charge, &SaleFor::Part(sale.id))
            .expect("the rest by QR");
        Shop::received(charge.reference, QR_WITH_AMOUNT, String::new(), rest, later)
    }

    /// `half` handed over as a deposit, the rest on the customer's tab.
    fn deposit_and_fiado(&self, planned: &Planned, half: Pesos) {
        let rest = Pesos::new(planned.amount.get() - half.get());
        let ask = SaleAsk {
            sale: NewSale::of_amount(Some(planned.amount), "Mercado"),
            cash: Some(Shop::cash_part(planned, half)),
            tab: Some(TabPart {
                customer: self.customer(planned),
                amount: rest,
            }),
            by_service: Pesos::ZERO,
            open_with: None,
        };
        self.ledger
            .record_sale(self.cashier(planned.index), &ask, planned.at)
            .expect("deposit and fiado");
    }

    /// Fiado taken, its payment planned for a later day (or none), or part of it given back.
    fn fiado(&mut self, planned: &Planned, half: Pesos, later: i64) {
        let customer = self.customer(planned);
        let entry = self
            .ledger
            .take_on_tab(
                self.cashier(planned.index),
                customer,
                planned.amount,
                "Mercado",
                planned.at,
            )
            .expect("fiado");
        let owed = Owed {
            customer,
            amount: planned.amount,
            by_link: planned.kind == Kind::FiadoPaidByLink,
        };
        match planned.kind {
            Kind::FiadoPaidByLink | Kind::FiadoPaidInCash => self
                .to_pay
                .entry(self.day + FIADO_PAID_AFTER_DAYS)
                .or_default()
                .push(owed),
            Kind::FiadoReturnedToTab => {
                let number = entry.sale.expect("fiado is a sale");
                let sale = self
                    .ledger
                    .sale_by_number(number)
                    .expect("the fiado's sale");
                self.ledger
                    .return_to_tab(
                        &self.owner,
                        sale.id,
                        sale.parts[0].id,
                        half,
                        "Devolvió un producto",
                        later,
                    )
                    .expect("return to the tab");
                self.returns += 1;
            }
            _ => {}
        }
    }
}
