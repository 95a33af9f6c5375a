//! Today's sales as the books hold them, for Estado de pagos: every sale made today whatever paid
//! it (`Ledger::sales_between`), the day's three figures (`Ledger::reconcile`'s, the ones Cuadre
//! del día shows), and what the charges this till follows are when they are no sale of today (a
//! tab's link, a counter code, a part of another day's sale). Read off the UI thread whenever
//! something may have changed them (`refresh`: the ledger's notices, the followers' answers, a
//! panel's write told with `AppAction::Tell`, a person turning to Estado de pagos), keeping what
//! it showed while it reads. The rows' words are made once per read (again when the language
//! changes or the followed charges do), never per frame: a day of 2.000 sales scrolls drawing
//! only the rows in sight, from words made before.
//!
//! It names no followed payment of the tracker's (which holds it): what it needs of them comes in
//! as [`Followed`].

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::api::catalog::MethodCatalog;
use crate::api::kind::PaymentKind;
use crate::i18n::Language;
use crate::ledger::reconcile::Figures;
use crate::ledger::{Ledger, LedgerError, PartState, PartTie, SaleNumber, SalePart, SaleRecord};
use crate::money::Pesos;
use crate::t;
use crate::ui::plumbing::bridge::{Bridge, Task, finished};
use crate::ui::services::session::Session;

/// A charge this till follows, as the list needs it.
pub struct Followed<'a> {
    pub reference: &'a str,
    /// The cashier's own reference for it (MESA-4).
    pub reference1: &'a str,
    pub description: &'a str,
    /// Its kind in words.
    pub kind: String,
    pub amount: Option<Pesos>,
    pub created_ms: i64,
    /// A code that takes payment after payment: each payment is a sale, the code none.
    pub repeatable: bool,
    pub cashier: &'a str,
}

/// What a charge of today that no sale of today holds is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotASale {
    /// It collects a customer's tab (their name): money received, not a sale.
    Tab(String),
    /// A part of a sale of another day (charged again today).
    OtherDay(SaleNumber),
    /// A reference looked up or followed, or a charge the books keep with no sale.
    Charge,
}

/// Where a row stands, as the list filters and colours it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RowState {
    Paid,
    /// Paid more than its amount: one must be given back.
    PaidTwice,
    Waiting,
    Open,
    Voided,
    /// Something of it went back.
    Returned,
    /// A charge followed here that is no sale of today.
    NotASale,
}

/// What a row is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowOf {
    /// Today's sale at this index of [`DaySales::sales`].
    Sale(usize),
    /// A charge the till follows that is no sale of today, by its reference.
    Charge(String),
}

/// One row of the list, its words made when the books were read.
#[derive(Debug, Clone)]
pub struct SaleRow {
    pub of: RowOf,
    pub at: i64,
    /// «1-000123»; empty for a charge that is no sale.
    pub number: String,
    pub time: String,
    /// How it was paid: «Efectivo + QR»; for a charge, what it is («Abono al fiado de Rosa · no
    /// es una venta»).
    pub ways: String,
    pub state: RowState,
    /// Its state in words; empty for a charge, whose state is the tracker's, drawn live.
    pub state_words: String,
    pub amount: Option<Pesos>,
    pub description: String,
    /// Who sold it, when the shop names its cashiers.
    pub who: String,
    /// The cashier's reference, or the charge's or the drawer's.
    pub reference: String,
    /// Everything a search finds it by, in lower case.
    search: String,
}

impl SaleRow {
    /// Whether it answers to what was typed (already in lower case): its number, a reference,
    /// what was sold, who sold it, the customer.
    pub fn matches(&self, wanted: &str) -> bool {
        self.search.contains(wanted)
    }

    /// What opens its window: the sale's number, or the charge's reference.
    pub fn key(&self) -> &str {
        match &self.of {
            RowOf::Sale(_) => &self.number,
            RowOf::Charge(reference) => reference,
        }
    }
}

/// What one read of the books finds.
pub struct DayRead {
    /// Today's sales, newest first.
    sales: Vec<SaleRecord>,
    figures: Figures,
    not_sales: HashMap<String, NotASale>,
}

/// Reads today's sales, the day's figures for `profile`, and what today's charges of `profile`
/// that no sale of today holds are.
pub fn read_day(ledger: &Ledger, profile: &str) -> Result<DayRead, LedgerError> {
    let today = crate::ledger::reconcile::today();
    let (from, to) = crate::ledger::reconcile::bounds(today, today);
    let (mut sales, figures) = ledger.sales_and_figures(Some(profile), today, today)?;
    sales.reverse();
    let parts: HashSet<&str> = sales
        .iter()
        .flat_map(|sale| &sale.parts)
        .filter_map(|part| match &part.tie {
            PartTie::Service(service) => Some(service.reference.as_str()),
            _ => None,
        })
        .collect();
    let mut not_sales = HashMap::new();
    for charge in ledger.collections_between(Some(profile), from, to)? {
        if charge.repeatable || parts.contains(charge.reference.as_str()) {
            continue;
        }
        let what = match ledger.tab_of_sale(profile, &charge.reference)? {
            Some(customer) => NotASale::Tab(customer.name),
            None => match ledger.sale_of_charge(profile, &charge.reference, "")? {
                Some(sale) => NotASale::OtherDay(sale.number),
                None => NotASale::Charge,
            },
        };
        not_sales.insert(charge.reference, what);
    }
    Ok(DayRead {
        sales,
        figures,
        not_sales,
    })
}

#[derive(Default)]
pub struct DaySales {
    /// Newest first.
    sales: Vec<SaleRecord>,
    figures: Option<Figures>,
    not_sales: HashMap<String, NotASale>,
    rows: Vec<SaleRow>,
    /// Grows each time the rows are made again: what a list keeps of them is stale.
    generation: u64,
    reading: Option<Task<Result<DayRead, LedgerError>>>,
    /// Read again at the next `logic`.
    stale: bool,
    /// Whether the books were read once: until then every followed charge is a row of its own.
    read_once: bool,
    /// Why the books could not be read, said where the list is.
    problem: Option<String>,
    /// The language the rows' words are in, and how many charges were followed then.
    built: Option<(Language, usize)>,
}

impl DaySales {
    /// Sales shown as if the books had said them (a benchmark, a panel drawn on its own).
    pub fn of_sales(
        sales: Vec<SaleRecord>,
        figures: Option<Figures>,
        followed: &[Followed<'_>],
        catalog: &MethodCatalog,
    ) -> DaySales {
        let mut day = DaySales {
            sales,
            figures,
            read_once: true,
            ..DaySales::default()
        };
        day.build(followed, catalog);
        day
    }

    /// Something may have changed them: read the books again (what is shown stays meanwhile).
    pub fn refresh(&mut self) {
        self.stale = true;
    }

    /// Another merchant, or no books: nothing of the last ones stays.
    pub fn clear(&mut self) {
        *self = DaySales {
            stale: true,
            ..DaySales::default()
        };
    }

    pub fn rows(&self) -> &[SaleRow] {
        &self.rows
    }

    pub fn sales(&self) -> &[SaleRecord] {
        &self.sales
    }

    /// Changes each time the rows are made again.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The day's three figures, once read.
    pub fn figures(&self) -> Option<&Figures> {
        self.figures.as_ref()
    }

    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    pub fn is_reading(&self) -> bool {
        self.reading.is_some()
    }

    /// What a charge of today is, when no sale of today holds it.
    pub fn not_a_sale(&self, reference: &str) -> Option<&NotASale> {
        self.not_sales.get(reference)
    }

    /// The sale `key` names: its number («1-000123»), or the reference of a charge that is a
    /// part of it.
    pub fn find(&self, key: &str) -> Option<&SaleRecord> {
        if let Ok(number) = key.parse::<SaleNumber>()
            && let Some(sale) = self.sales.iter().find(|sale| sale.number == number)
        {
            return Some(sale);
        }
        self.sales
            .iter()
            .find(|sale| sale.parts.iter().any(|part| service_of(part) == Some(key)))
    }

    /// The sale and the part a charge's payment is (`payment`: a counter code's provider
    /// reference; empty for a charge of its own).
    pub fn part_of_charge(
        &self,
        reference: &str,
        payment: &str,
    ) -> Option<(&SaleRecord, &SalePart)> {
        self.sales.iter().find_map(|sale| {
            sale.parts
                .iter()
                .find(|part| {
                    matches!(&part.tie, PartTie::Service(service)
                        if service.reference == reference && service.payment == payment)
                })
                .map(|part| (sale, part))
        })
    }

    /// Reads the books when asked (and when the followed charges changed: a sale made here);
    /// takes a finished read. True when the rows are to be made again: a read came, the
    /// language changed, or the followed charges did.
    pub fn logic(&mut self, bridge: &Bridge, session: &Session, followed: usize) -> bool {
        let mut rebuild = false;
        if let Some(read) = finished(&mut self.reading) {
            match read {
                Ok(read) => {
                    self.sales = read.sales;
                    self.figures = Some(read.figures);
                    self.not_sales = read.not_sales;
                    self.problem = None;
                    self.read_once = true;
                }
                Err(error) => {
                    // Said where the list is; the list keeps what it showed.
                    let problem = crate::i18n::Problem::of(&error);
                    self.problem = Some(t!("restore-problem", problem = problem.message));
                }
            }
            rebuild = true;
        }
        let now = (crate::i18n::current(), followed);
        if self.built.is_some_and(|(_, count)| count != followed) {
            self.stale = true;
        }
        if self.built != Some(now) {
            rebuild = true;
        }
        if self.stale && self.reading.is_none() {
            let Ok(ledger) = session.ledger.clone() else {
                return rebuild;
            };
            self.stale = false;
            let profile = session.profile_name().to_owned();
            self.reading = Some(read_in(bridge, ledger, profile));
        }
        rebuild
    }

    /// Makes the rows' words: today's sales, then the followed charges that are no sale of
    /// today, newest first.
    pub fn build(&mut self, followed: &[Followed<'_>], catalog: &MethodCatalog) {
        let references: HashMap<&str, &str> = followed
            .iter()
            .map(|charge| (charge.reference, charge.reference1))
            .collect();
        let mut rows: Vec<SaleRow> = self
            .sales
            .iter()
            .enumerate()
            .map(|(index, sale)| sale_row(index, sale, &references, catalog))
            .collect();
        rows.extend(
            followed
                .iter()
                .filter(|charge| {
                    charge.repeatable
                        || !self.read_once
                        || self.not_sales.contains_key(charge.reference)
                })
                .map(|charge| charge_row(charge, self.not_sales.get(charge.reference))),
        );
        rows.sort_by_key(|row| std::cmp::Reverse(row.at));
        self.rows = rows;
        self.generation += 1;
        self.built = Some((crate::i18n::current(), followed.len()));
    }
}

fn read_in(
    bridge: &Bridge,
    ledger: Arc<Ledger>,
    profile: String,
) -> Task<Result<DayRead, LedgerError>> {
    bridge.spawn_blocking(move || read_day(&ledger, &profile))
}

/// A service part's charge reference.
fn service_of(part: &SalePart) -> Option<&str> {
    match &part.tie {
        PartTie::Service(service) => Some(&service.reference),
        _ => None,
    }
}

/// A charge's kind, short, as a way a sale was paid: «QR», «Link de pago», «Nequi».
pub fn charge_words(kind: &PaymentKind, catalog: &MethodCatalog) -> String {
    match kind {
        PaymentKind::Resource(1 | 2 | 3 | 5 | 11) => t!("status-way-qr"),
        PaymentKind::LookedUp | PaymentKind::Unrecognised(_) => t!("sale-way-service"),
        other => other.words(catalog),
    }
}

/// How a part was paid, in words.
pub fn part_words(part: &SalePart, catalog: &MethodCatalog) -> String {
    match &part.tie {
        PartTie::Service(service) => charge_words(&service.kind, catalog),
        PartTie::Cash { .. } => t!("sale-way-cash"),
        PartTie::Tab { .. } => t!("sale-way-tab"),
    }
}

/// How a sale was paid: its parts that stand or wait (every part when none does), «Efectivo +
/// QR».
pub fn ways_words(sale: &SaleRecord, catalog: &MethodCatalog) -> String {
    let standing = |part: &&SalePart| part.state == PartState::Paid || part.state.is_pending();
    let any_standing = sale.parts.iter().any(|part| standing(&part));
    let mut words: Vec<String> = Vec::new();
    for part in sale
        .parts
        .iter()
        .filter(|part| !any_standing || standing(part))
    {
        let said = part_words(part, catalog);
        if !words.contains(&said) {
            words.push(said);
        }
    }
    words.join(" + ")
}

/// Where a sale stands, in words: pagada, esperando el pago, falta cobrar $ X, anulada,
/// devuelta, devuelta en parte, pagada dos veces.
pub fn state_of(sale: &SaleRecord) -> (RowState, String) {
    use crate::ledger::SaleState;
    match sale.state() {
        SaleState::Voided => (RowState::Voided, t!("sale-state-voided")),
        SaleState::Waiting { .. } => (RowState::Waiting, t!("sale-state-waiting")),
        SaleState::Open { missing } => (
            RowState::Open,
            t!("sale-state-open", missing = missing.to_string()),
        ),
        SaleState::Paid => {
            let returned = sale.returned();
            let standing = sale.standing();
            if let Some(over) = sale.paid_twice() {
                (
                    RowState::PaidTwice,
                    t!("status-state-paid-twice", amount = over.to_string()),
                )
            } else if returned > Pesos::ZERO && returned >= standing {
                (RowState::Returned, t!("status-state-returned"))
            } else if returned > Pesos::ZERO {
                (
                    RowState::Returned,
                    t!("status-state-returned-part", amount = returned.to_string()),
                )
            } else {
                (RowState::Paid, sale.state_words())
            }
        }
    }
}

fn sale_row(
    index: usize,
    sale: &SaleRecord,
    references: &HashMap<&str, &str>,
    catalog: &MethodCatalog,
) -> SaleRow {
    let (state, state_words) = state_of(sale);
    // The cashier's own reference of its charge, else the charge's or the drawer's.
    let reference = sale
        .parts
        .iter()
        .find_map(|part| {
            service_of(part)
                .and_then(|charge| references.get(charge))
                .filter(|mine| !mine.is_empty())
                .map(|mine| (*mine).to_owned())
        })
        .or_else(|| {
            sale.parts
                .iter()
                .map(SalePart::reference)
                .find(|reference| !reference.is_empty())
                .map(str::to_owned)
        })
        .unwrap_or_default();
    let number = sale.number.to_string();
    let mut search = format!(
        "{number}\n{reference}\n{}\n{}\n{}",
        sale.description, sale.by.name, sale.by.till
    );
    for part in &sale.parts {
        search.push('\n');
        search.push_str(part.reference());
        if let PartTie::Tab { customer_name, .. } = &part.tie {
            search.push('\n');
            search.push_str(customer_name);
        }
    }
    for line in &sale.lines {
        search.push('\n');
        search.push_str(&line.description);
    }
    SaleRow {
        of: RowOf::Sale(index),
        at: sale.at,
        time: crate::clock::shown_moment(sale.at),
        ways: ways_words(sale, catalog),
        state,
        state_words,
        amount: Some(sale.total()),
        description: sale.description.clone(),
        who: sale.by.name.clone(),
        reference,
        search: search.to_lowercase(),
        number,
    }
}

/// What a followed charge that is no sale of today is, in words.
pub fn not_a_sale_words(kind: &str, repeatable: bool, what: Option<&NotASale>) -> String {
    match what {
        _ if repeatable => t!("status-code-row", kind = kind),
        Some(NotASale::Tab(name)) => t!("status-tab-row", name = name.as_str()),
        Some(NotASale::OtherDay(number)) => t!("status-other-day-row", number = number.to_string()),
        Some(NotASale::Charge) | None => t!("status-charge-row", kind = kind),
    }
}

fn charge_row(charge: &Followed<'_>, what: Option<&NotASale>) -> SaleRow {
    let ways = not_a_sale_words(&charge.kind, charge.repeatable, what);
    let search = format!(
        "{}\n{}\n{}\n{}\n{ways}",
        charge.reference, charge.reference1, charge.description, charge.cashier
    );
    SaleRow {
        of: RowOf::Charge(charge.reference.to_owned()),
        at: charge.created_ms,
        number: String::new(),
        time: crate::clock::shown_moment(charge.created_ms),
        ways,
        state: RowState::NotASale,
        state_words: String::new(),
        amount: charge.amount,
        description: charge.description.to_owned(),
        who: charge.cashier.to_owned(),
        reference: charge.reference1.to_owned(),
        search: search.to_lowercase(),
    }
}
