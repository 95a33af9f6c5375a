//! The sales in a file of their own beside the range's CSV (`-ventas.csv` / `-sales.csv`), as the
//! shifts' is: a row per part of each sale made in the range (how it was paid, where it stands,
//! and what of it counts in Ventas), a row per return made in the range (what it takes off), and
//! two rows for what was owed at the range's end (fiado, charges waiting). So a sum over its
//! `sold` column is the close's Ventas, and over its `owed` column its Por cobrar, to the peso
//! (docs/decisions.md, "The sales' file"). The range's own file keeps the money rows as scripts
//! read them (Recibido is its sums: `gross` of the service's payments, `cash` of cash sales and
//! tabs paid in cash); a sale is not money, so it is not a row there.

use std::io::Write;

use super::cash::who;
use super::csv::{ExportError, Spoken, beside, text, write_rows};
use super::figures::{OwedFigures, PaidWith, sold_of_parts};
use super::terms::Period;
use crate::clock::local_datetime as local_time;
use crate::i18n::Language;
use crate::ledger::base::Ledger;
use crate::ledger::part_returns::PartReturn;
use crate::ledger::sale_reads::ReturnStanding;
use crate::ledger::sale_state::{PartTie, PartWay, SalePart, SaleRecord, SaleState};
use crate::money::Pesos;

/// The sales' file: a row per part, per return, and the two owed at the range's end.
type SalesRow = [String; 17];

impl Spoken<'_> {
    /// How a part was paid, as the file's language says it.
    fn paid_with(&self, way: &PaidWith) -> String {
        if self.spanish {
            way.named(self.catalog)
        } else {
            way.code()
        }
    }

    /// A part of a sale: what it asked, what stands of it, and what of that is sold (what is
    /// over a sale paid twice is not).
    fn sale_part(&self, sale: &SaleRecord, part: &SalePart, sold: Pesos) -> SalesRow {
        let way = PaidWith::of(&part.tie);
        let (state, sale_state) = if self.spanish {
            (part.state_words(), sale.state_words())
        } else {
            (part.state.code().to_owned(), sale.state().code().to_owned())
        };
        let sold = match sale.state() {
            SaleState::Voided => Pesos::ZERO,
            SaleState::Paid | SaleState::Waiting { .. } | SaleState::Open { .. } => sold,
        };
        [
            self.either("part", "parte").to_owned(),
            sale.number.to_string(),
            local_time(sale.at),
            self.paid_with(&way),
            part.id.to_string(),
            text(part.reference()),
            state,
            sale_state,
            part.amount.unwrap_or(part.paid).get().to_string(),
            part.paid.get().to_string(),
            sold.get().to_string(),
            String::new(),
            text(&who(&sale.by)),
            text(&sale.by.till),
            text(&sale.description),
            part.paid_at.map(local_time).unwrap_or_default(),
            tab_customer(part),
        ]
    }

    /// A return of a part: what it takes off the sales once it stands (below zero), nothing
    /// while the service has not confirmed it, or when it did not go.
    fn part_return(&self, back: &PartReturn) -> SalesRow {
        let way = match back.part_way {
            PartWay::Cash => PaidWith::Cash,
            PartWay::Tab => PaidWith::Tab,
            PartWay::Service => PaidWith::Service(
                back.kind
                    .clone()
                    .unwrap_or(crate::api::kind::PaymentKind::Link),
            ),
        };
        let (standing, sold) = match back.standing {
            ReturnStanding::Stands => (self.either("stands", "hecha"), -back.amount.get()),
            ReturnStanding::UnderWay => (self.either("under_way", "en curso"), 0),
            ReturnStanding::Nothing => (self.either("did_not_go", "no salió"), 0),
        };
        let carried_by = if self.spanish {
            back.way.words()
        } else {
            back.way.code().to_owned()
        };
        let carrier = back
            .payout
            .or(back.cash_entry)
            .or(back.tab_entry)
            .map(|id| format!("{}:{id}", back.way.code()))
            .unwrap_or_default();
        [
            self.either("return", "devolución").to_owned(),
            back.number.to_string(),
            local_time(back.at),
            self.paid_with(&way),
            back.part.to_string(),
            carrier,
            standing.to_owned(),
            carried_by,
            back.amount.get().to_string(),
            String::new(),
            sold.to_string(),
            String::new(),
            text(&who(&back.seller)),
            text(&back.by.till),
            text(&back.reason_words),
            String::new(),
            String::new(),
        ]
    }

    /// What was owed at the range's end: one row for the tabs, one for the charges waiting.
    fn owed(&self, owed: &OwedFigures, at: i64) -> [SalesRow; 2] {
        let row = |record: &str, how_many: String, amount: Pesos| -> SalesRow {
            let mut row: SalesRow = Default::default();
            row[0] = record.to_owned();
            row[2] = local_time(at);
            row[8] = amount.get().to_string();
            row[11] = amount.get().to_string();
            row[14] = how_many;
            row
        };
        [
            row(
                self.either("owed_tabs", "fiado por cobrar"),
                crate::t!("dayclose-owed-tabs", count = owed.tabs.count),
                owed.tabs.amount,
            ),
            row(
                self.either("owed_charges", "cobros sin pagar"),
                crate::t!("dayclose-owed-charges", count = owed.charges.count),
                owed.charges.amount,
            ),
        ]
    }
}

/// A fiado part's customer (blank once forgotten), to find them in the tabs' rows.
fn tab_customer(part: &SalePart) -> String {
    match &part.tie {
        PartTie::Tab { customer_name, .. } => text(customer_name),
        PartTie::Service(_) | PartTie::Cash { .. } => String::new(),
    }
}

impl Ledger {
    /// The sales' file of the period: every part of every sale made in it (oldest first), every
    /// return made in it, and what was owed at its end. Sales are the shop's: no profile filter
    /// leaves one out; only the owed charges are read as the close reads them.
    pub fn export_sales_csv(
        &self,
        period: Period<'_>,
        out: impl Write,
        language: Language,
        catalog: &crate::api::catalog::MethodCatalog,
    ) -> Result<usize, ExportError> {
        let (start, end) = period.bounds();
        let sales = self.sales_between(start, end)?;
        let returns = self.part_returns_between(start, end)?;
        let owed = self
            .reconcile(
                period.profile,
                period.from,
                period.to,
                crate::clock::now_ms(),
            )?
            .figures
            .owed;
        let spoken = Spoken {
            spanish: language == Language::Es,
            catalog,
            contradictions: &[],
        };
        let header = if spoken.spanish {
            SPANISH_SALES_HEADER
        } else {
            SALES_HEADER
        };
        let parts = sales.iter().flat_map(|sale| {
            let sold = sold_of_parts(sale);
            sale.parts
                .iter()
                .zip(sold)
                .map(|(part, sold)| spoken.sale_part(sale, part, sold))
                .collect::<Vec<_>>()
        });
        let returned = returns.iter().map(|back| spoken.part_return(back));
        let owed = spoken.owed(&owed, end - 1);
        write_rows(
            out,
            spoken.spanish,
            &header,
            parts.chain(returned).chain(owed),
        )
    }
}

/// Where a CSV's sales go: beside it, named for them in the file's language.
pub fn sales_path(path: &std::path::Path, language: Language) -> std::path::PathBuf {
    beside(path, language, ("ventas", "sales"))
}

/// The sales' file. `record` is `part`, `return`, `owed_tabs` or `owed_charges`; `sale` the
/// sale's number («1-000123»); `date` when the sale was made (a part: a sale counts on its day),
/// when the return was made, or the range's end (what was owed then); `way` how the part was
/// paid (`cash`, `tab`, `service:link`…); `part` the part's id (a return names the part it
/// returns); `reference` the charge's or the drawer's reference, or for a return what carried it
/// (`payout:12`, `cash:7`, `tab:3`); `state` the part's (`pending`, `paid`, `expired`,
/// `declined`, `voided`) or the return's (`stands`, `under_way`, `did_not_go`); `sale_state`
/// the sale's, or how a return went back; `amount` what the part asked, or what the return
/// gave; `paid` what stands of the part; `sold` what counts in Ventas (a return below zero once
/// it stands): its sum is Ventas; `owed` what was owed at the end: its sum is Por cobrar;
/// `cashier` who sold; `paid_at` when the part came to stand; `customer_name` a fiado part's
/// customer.
pub const SALES_HEADER: [&str; 17] = [
    "record",
    "sale",
    "date",
    "way",
    "part",
    "reference",
    "state",
    "sale_state",
    "amount",
    "paid",
    "sold",
    "owed",
    "cashier",
    "till",
    "description",
    "paid_at",
    "customer_name",
];

pub const SPANISH_SALES_HEADER: [&str; 17] = [
    "registro",
    "venta",
    "fecha",
    "forma_de_pago",
    "parte",
    "referencia",
    "estado",
    "estado_venta",
    "valor",
    "pagado",
    "vendido",
    "por_cobrar",
    "cajero",
    "caja",
    "descripcion",
    "pagado_el",
    "cliente",
];
