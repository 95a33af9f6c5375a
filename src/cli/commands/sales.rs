//! `paydesk sales` and `paydesk sale N`: the shop's sales as the books hold them, whatever paid
//! them. Only the books are read (a sale's parts and returns come with it, in a handful of
//! queries whatever the count), so both work with the line down; the three figures are
//! `Ledger::reconcile`'s, the same every surface shows.

use std::collections::HashMap;
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;

use serde::Serialize;
use serde_json::{Value, json};

use super::context::{Local, Outcome};
use super::figures::{figures_json, figures_text};
use super::ledger::date_range;
use crate::api::catalog::MethodCatalog;
use crate::api::kind::PaymentKind;
use crate::cli::output::{Failure, Output, labelled};
use crate::ledger::activity::Actor;
use crate::ledger::reconcile;
use crate::ledger::{
    Ledger, LedgerError, PartReturn, PartState, PartTie, PartWay, ReturnStanding, SaleLine,
    SaleNumber, SalePart, SaleRecord, SaleRefusal, SaleState,
};
use crate::money::Pesos;
use crate::t;
use crate::validate::{Field, ValidationError};

/// `paydesk sales`: the sales made in the range, oldest first, and the range's three figures.
pub async fn list_sales(
    local: &Local<'_>,
    out: Output,
    from: Option<&str>,
    to: Option<&str>,
) -> Outcome {
    let (from, to) = date_range(from, to)?;
    let catalog = catalog_of(local)?;
    let ledger = local.open_ledger()?;
    let profile = local.profile_name.to_owned();
    // One read of the range's sales: the list and the close's figures count the same ones.
    let (sales, figures) =
        books(move || ledger.sales_and_figures(Some(&profile), from, to)).await?;
    let mut words = Words::new(&catalog);
    if out.json {
        let document = SalesJson {
            from: reconcile::format_date(from),
            to: reconcile::format_date(to),
            sales: sales
                .iter()
                .map(|sale| SaleJson::of(sale, &mut words))
                .collect(),
            figures: figures_json(&figures, &catalog),
        };
        return Ok(write_json(&document));
    }
    Ok(out.done(&Value::Null, || {
        let one_day = from == to;
        let title = if one_day {
            t!("cli-sales-title-day", day = crate::clock::shown_date(from))
        } else {
            t!(
                "cli-sales-title-range",
                from = crate::clock::shown_date(from),
                to = crate::clock::shown_date(to)
            )
        };
        let mut lines = vec![title];
        if sales.is_empty() {
            lines.push(t!("cli-sales-none"));
        }
        lines.extend(
            sales
                .iter()
                .map(|sale| sale_line(sale, one_day, &mut words)),
        );
        lines.push(String::new());
        lines.push(figures_text(&figures, &catalog));
        lines.join("\n")
    }))
}

/// A document to programs on stdout, pretty as `Output::done` writes it, written as it is
/// serialized.
fn write_json(document: &impl Serialize) -> ExitCode {
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    // A closed pipe (`| head`) is not worth a second error.
    let _ = serde_json::to_writer_pretty(&mut stdout, document)
        .map_err(std::io::Error::from)
        .and_then(|()| writeln!(stdout))
        .and_then(|()| stdout.flush());
    ExitCode::SUCCESS
}

/// `paydesk sale N`: one sale with its lines, its parts and its returns.
pub async fn show_sale(local: &Local<'_>, out: Output, number: &str) -> Outcome {
    let number = sale_number(number)?;
    let catalog = catalog_of(local)?;
    let ledger = local.open_ledger()?;
    let (sale, returns) = books(move || {
        let sale = ledger.sale_by_number(number)?;
        let returns = ledger.returns_of_sale_parts(sale.id)?;
        Ok((sale, returns))
    })
    .await?;
    Ok(out.done(&sale_document(&sale, &returns, &catalog), || {
        sale_text(&sale, &returns, &catalog)
    }))
}

/// A sale's number as a person typed it, or why it is none (bad input, nothing read).
pub(super) fn sale_number(typed: &str) -> Result<SaleNumber, Failure> {
    typed.parse::<SaleNumber>().map_err(|refusal| {
        Failure::Input(vec![ValidationError::new(Field::Sale, refusal.to_string())])
    })
}

/// The profile's methods, for the words of a charge's kind (no service asked).
pub(super) fn catalog_of(local: &Local<'_>) -> Result<MethodCatalog, Failure> {
    Ok(local.paths.load()?.profile(local.profile_name)?.catalog())
}

/// Runs `work` on the blocking pool; the books' refusal (a sale, a drawer's, a tab's) is bad
/// input (exit 2, nothing written), anything else a local failure.
pub(super) async fn books<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, LedgerError> + Send + 'static,
) -> Result<T, Failure> {
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(done)) => Ok(done),
        Ok(Err(error)) => Err(refused(error)),
        Err(error) => Err(Failure::Local(error.to_string())),
    }
}

/// The books' refusal in its words (exit 2, nothing written); anything else a local failure.
pub(super) fn refused(error: LedgerError) -> Failure {
    match error {
        LedgerError::Sale(refusal) => Failure::Refused(refusal.to_string()),
        LedgerError::Cash(refusal) => Failure::Refused(refusal.to_string()),
        LedgerError::Tab(refusal) => Failure::Refused(refusal.to_string()),
        error => Failure::Local(crate::i18n::in_full(&error)),
    }
}

/// A sale as `sales`, `sale` and `sell` give it to programs.
pub(super) fn sale_json(sale: &SaleRecord, catalog: &MethodCatalog) -> Value {
    serde_json::to_value(SaleJson::of(sale, &mut Words::new(catalog))).unwrap_or(Value::Null)
}

/// The words a run of `sales` says of its sales, each formatted once: a year holds a handful of
/// states, ways, kinds and cashiers, and formatting them for every sale was most of its time.
struct Words<'a> {
    catalog: &'a MethodCatalog,
    sale_states: HashMap<(&'static str, i64), String>,
    part_states: HashMap<PartState, String>,
    ways: HashMap<PartWay, (String, String)>,
    kinds: HashMap<PaymentKind, String>,
    actors: HashMap<&'static str, HashMap<String, String>>,
}

impl<'a> Words<'a> {
    fn new(catalog: &'a MethodCatalog) -> Words<'a> {
        Words {
            catalog,
            sale_states: HashMap::new(),
            part_states: HashMap::new(),
            ways: HashMap::new(),
            kinds: HashMap::new(),
            actors: HashMap::new(),
        }
    }

    fn sale_state(&mut self, state: SaleState) -> String {
        let missing = match state {
            SaleState::Open { missing } => missing.get(),
            _ => 0,
        };
        self.sale_states
            .entry((state.code(), missing))
            .or_insert_with(|| state.words())
            .clone()
    }

    fn part_state(&mut self, state: PartState) -> String {
        self.part_states
            .entry(state)
            .or_insert_with(|| state.words())
            .clone()
    }

    /// A way's words and whose word stands behind it.
    fn way(&mut self, way: PartWay) -> &(String, String) {
        self.ways
            .entry(way)
            .or_insert_with(|| (way.words(), way.whose_word()))
    }

    fn actor(&mut self, actor: &Actor) -> String {
        let of_role = self.actors.entry(actor.role.code()).or_default();
        if let Some(words) = of_role.get(actor.name.as_str()) {
            return words.clone();
        }
        let words = actor.words();
        of_role.insert(actor.name.clone(), words.clone());
        words
    }

    /// How a part was paid, in words: «Efectivo», «Fiado», or the charge's kind («Link de
    /// pago»).
    fn part(&mut self, part: &SalePart) -> String {
        match &part.tie {
            PartTie::Service(service) => {
                if let Some(words) = self.kinds.get(&service.kind) {
                    return words.clone();
                }
                let words = service.kind.words(self.catalog);
                self.kinds.insert(service.kind.clone(), words.clone());
                words
            }
            PartTie::Cash { .. } | PartTie::Tab { .. } => self.way(part.way()).0.clone(),
        }
    }
}

/// `paydesk sales` to programs, written as it is made (no tree of a year's maps first).
#[derive(Serialize)]
struct SalesJson<'a> {
    from: String,
    to: String,
    sales: Vec<SaleJson<'a>>,
    figures: Value,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SaleJson<'a> {
    id: i64,
    number: String,
    at: i64,
    time: String,
    amount: i64,
    amount_left_to_payer: bool,
    description: &'a str,
    state: &'static str,
    state_words: String,
    missing: i64,
    standing: i64,
    returned: i64,
    paid_twice: Option<i64>,
    by: String,
    till: &'a str,
    ways: Vec<&'static str>,
    lines: Vec<LineJson<'a>>,
    parts: Vec<PartJson<'a>>,
}

impl<'a> SaleJson<'a> {
    fn of(sale: &'a SaleRecord, words: &mut Words<'_>) -> SaleJson<'a> {
        let state = sale.state();
        SaleJson {
            id: sale.id,
            number: sale.number.to_string(),
            at: sale.at,
            time: reconcile::local_time(sale.at),
            amount: sale.total().get(),
            amount_left_to_payer: sale.amount.is_none(),
            description: &sale.description,
            state: state.code(),
            state_words: words.sale_state(state),
            missing: sale.missing().get(),
            standing: sale.standing().get(),
            returned: sale.returned().get(),
            paid_twice: sale.paid_twice().map(Pesos::get),
            by: words.actor(&sale.by),
            till: &sale.by.till,
            ways: sale.ways().iter().map(|way| way.code()).collect(),
            lines: sale.lines.iter().map(LineJson::of).collect(),
            parts: sale
                .parts
                .iter()
                .map(|part| PartJson::of(part, words))
                .collect(),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LineJson<'a> {
    description: &'a str,
    quantity: i64,
    unit_price: i64,
    total: i64,
    item: Option<i64>,
}

impl<'a> LineJson<'a> {
    fn of(line: &'a SaleLine) -> LineJson<'a> {
        LineJson {
            description: &line.description,
            quantity: line.quantity,
            unit_price: line.unit_price.get(),
            total: line.total().get(),
            item: line.item,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PartJson<'a> {
    id: i64,
    at: i64,
    way: &'static str,
    way_words: String,
    amount: Option<i64>,
    state: &'static str,
    state_words: String,
    paid: i64,
    paid_at: Option<i64>,
    word: &'static str,
    whose_word: String,
    reference: &'a str,
    returned: i64,
    returns_under_way: i64,
    returnable: i64,
    by: String,
    #[serde(flatten)]
    tie: TieJson<'a>,
}

/// What only one way of paying has, after the keys every part has.
#[derive(Serialize)]
#[serde(untagged)]
enum TieJson<'a> {
    Service {
        kind: String,
        profile: &'a str,
        payment: &'a str,
        fee: Option<i64>,
    },
    Cash {
        entry: i64,
        received: Option<i64>,
        change: Option<i64>,
    },
    #[serde(rename_all = "camelCase")]
    Tab {
        entry: i64,
        customer: i64,
        customer_name: &'a str,
    },
}

impl<'a> PartJson<'a> {
    fn of(part: &'a SalePart, words: &mut Words<'_>) -> PartJson<'a> {
        let way = part.way();
        let tie = match &part.tie {
            PartTie::Service(service) => TieJson::Service {
                kind: service.kind.code(),
                profile: &service.profile,
                payment: &service.payment,
                fee: service.fee.map(Pesos::get),
            },
            PartTie::Cash {
                entry, tendered, ..
            } => TieJson::Cash {
                entry: *entry,
                received: tendered.map(Pesos::get),
                change: change(part, *tendered).map(Pesos::get),
            },
            PartTie::Tab {
                entry,
                customer,
                customer_name,
            } => TieJson::Tab {
                entry: *entry,
                customer: *customer,
                customer_name,
            },
        };
        PartJson {
            id: part.id,
            at: part.at,
            way: way.code(),
            way_words: words.part(part),
            amount: part.amount.map(Pesos::get),
            state: part.state.code(),
            state_words: words.part_state(part.state),
            paid: part.paid.get(),
            paid_at: part.paid_at,
            word: match way {
                PartWay::Service => "service",
                PartWay::Cash => "cashier",
                PartWay::Tab => "customer",
            },
            whose_word: words.way(way).1.clone(),
            reference: part.reference(),
            returned: part.returns.returned.get(),
            returns_under_way: part.returns.under_way.get(),
            returnable: part.returnable().get(),
            by: words.actor(&part.by),
            tie,
        }
    }
}

/// What went back to the customer of what they handed over for a cash part.
fn change(part: &SalePart, tendered: Option<Pesos>) -> Option<Pesos> {
    let amount = part.amount?;
    tendered.map(|tendered| Pesos::new((tendered.get() - amount.get()).max(0)))
}

fn return_json(back: &PartReturn) -> Value {
    json!({
        "id": back.id,
        "part": back.part,
        "way": back.way.code(),
        "wayWords": back.way.words(),
        "amount": back.amount.get(),
        "at": back.at,
        "time": reconcile::local_time(back.at),
        "standing": standing_code(back.standing),
        "standingWords": standing_words(back.standing),
        "reason": back.reason_words,
        "by": back.by.words(),
        "payout": back.payout,
        "cashEntry": back.cash_entry,
        "tabEntry": back.tab_entry,
    })
}

fn standing_code(standing: ReturnStanding) -> &'static str {
    match standing {
        ReturnStanding::Stands => "stands",
        ReturnStanding::UnderWay => "under-way",
        ReturnStanding::Nothing => "nothing",
    }
}

fn standing_words(standing: ReturnStanding) -> String {
    match standing {
        ReturnStanding::Stands => t!("cli-sale-return-stands"),
        ReturnStanding::UnderWay => t!("cli-sale-return-under-way"),
        ReturnStanding::Nothing => t!("cli-sale-return-nothing"),
    }
}

/// One sale with its returns, for `sale N --json`.
pub(super) fn sale_document(
    sale: &SaleRecord,
    returns: &[PartReturn],
    catalog: &MethodCatalog,
) -> Value {
    let mut document = sale_json(sale, catalog);
    document["returns"] = returns.iter().map(return_json).collect();
    document
}

/// How a part was paid, in words: «Efectivo», «Fiado», or the charge's kind («Link de pago»).
fn part_words(part: &SalePart, catalog: &MethodCatalog) -> String {
    match &part.tie {
        PartTie::Service(service) => service.kind.words(catalog),
        PartTie::Cash { .. } | PartTie::Tab { .. } => part.way().words(),
    }
}

/// How a sale was paid, in words: «Efectivo + Link de pago» (the parts that stand or may, else
/// every part: a voided sale's cash, an expired link).
fn ways_words(sale: &SaleRecord, words_of: &mut Words<'_>) -> String {
    let counts = |part: &&SalePart| part.state == PartState::Paid || part.state.is_pending();
    let mut parts: Vec<&SalePart> = sale.parts.iter().filter(counts).collect();
    if parts.is_empty() {
        parts = sale.parts.iter().collect();
    }
    let mut words: Vec<String> = Vec::new();
    for part in parts {
        let said = words_of.part(part);
        if !words.contains(&said) {
            words.push(said);
        }
    }
    words.join(" + ")
}

/// One line of `sales`: number, when, who sold, how it was paid, its state and amount.
fn sale_line(sale: &SaleRecord, one_day: bool, words: &mut Words<'_>) -> String {
    let when = if one_day {
        crate::clock::shown_time(sale.at)
    } else {
        crate::clock::shown_datetime(sale.at)
    };
    let mut line = format!(
        "{} · {} · {} · {} · {} · {}",
        sale.number,
        when,
        words.actor(&sale.by),
        ways_words(sale, words),
        words.sale_state(sale.state()),
        sale.total()
    );
    if sale.returned() > Pesos::ZERO {
        line.push_str(&format!(
            " · {}",
            t!("cli-sale-returned", amount = sale.returned().to_string())
        ));
    }
    line
}

/// One sale for a person: its figures, its lines, each part, its returns, and what to do when
/// something is missing.
pub(super) fn sale_text(
    sale: &SaleRecord,
    returns: &[PartReturn],
    catalog: &MethodCatalog,
) -> String {
    let state = sale.state();
    let mut rows = vec![
        (t!("cli-sale-when"), crate::clock::shown_datetime(sale.at)),
        (
            t!("cli-sale-by"),
            format!("{} · {}", sale.by.words(), sale.by.till),
        ),
        (t!("cli-sale-amount"), sale.total().to_string()),
        (t!("cli-sale-description"), sale.description.clone()),
    ];
    if sale.returned() > Pesos::ZERO {
        rows.push((t!("cli-sale-returned-label"), sale.returned().to_string()));
    }
    if let Some(over) = sale.paid_twice() {
        rows.push((
            t!("cli-sale-paid-twice-label"),
            t!("cli-sale-paid-twice", over = over.to_string()),
        ));
    }
    let mut text = labelled(
        Some(t!(
            "cli-sale-title",
            number = sale.number.to_string(),
            state = state.words()
        )),
        rows,
    );
    if !typed_alone(sale) {
        text.push_str(&format!("\n{}", t!("cli-sale-lines")));
        for line in &sale.lines {
            text.push_str(&format!(
                "\n  {}",
                t!(
                    "cli-sale-line",
                    quantity = line.quantity,
                    description = line.description.as_str(),
                    price = line.unit_price.to_string(),
                    total = line.total().to_string()
                )
            ));
        }
    }
    text.push_str(&format!("\n{}", t!("cli-sale-parts")));
    for part in &sale.parts {
        text.push_str(&format!("\n  {}", part_line(part, catalog)));
    }
    if !returns.is_empty() {
        text.push_str(&format!("\n{}", t!("cli-sale-returns")));
        for back in returns {
            text.push_str(&format!(
                "\n  {} · {} · {} · {} · {}",
                crate::clock::shown_datetime(back.at),
                back.way.words(),
                back.amount,
                standing_words(back.standing),
                back.reason_words
            ));
        }
    }
    if let SaleState::Open { missing } = state {
        text.push_str(&format!("\n{}", charge_again_hint(sale, missing)));
    }
    text
}

/// Whether the sale's lines are only its amount typed alone (one line, the sale's own words):
/// nothing more to say of them.
fn typed_alone(sale: &SaleRecord) -> bool {
    match sale.lines.as_slice() {
        [] => true,
        [line] => line.quantity == 1 && line.description == sale.description,
        _ => false,
    }
}

/// A part on one line: how, how much, where it stands, whose word, its reference, what was
/// handed over, what remains to return.
fn part_line(part: &SalePart, catalog: &MethodCatalog) -> String {
    let amount = part
        .amount
        .map(|amount| amount.to_string())
        .unwrap_or_else(|| t!("cli-sale-amount-open"));
    let mut pieces = vec![part_words(part, catalog), amount];
    // Whose word stands behind a part once it stands; fiado that stands is simply owed.
    match (part.state, &part.tie) {
        (PartState::Paid, PartTie::Tab { .. }) => pieces.push(part.way().whose_word()),
        (PartState::Paid, _) => pieces.extend([part.state.words(), part.way().whose_word()]),
        (state, _) => pieces.push(state.words()),
    }
    match &part.tie {
        PartTie::Service(_) | PartTie::Cash { .. } if !part.reference().is_empty() => {
            pieces.push(part.reference().to_owned());
        }
        PartTie::Tab { customer_name, .. } if !customer_name.is_empty() => {
            pieces.push(customer_name.clone());
        }
        _ => {}
    }
    if let PartTie::Cash {
        tendered: Some(tendered),
        ..
    } = &part.tie
    {
        pieces.push(t!(
            "cli-sale-received",
            received = tendered.to_string(),
            change = change(part, Some(*tendered))
                .unwrap_or(Pesos::ZERO)
                .to_string()
        ));
    }
    if part.paid > Pesos::ZERO {
        pieces.push(t!(
            "cli-sale-returnable",
            amount = part.returnable().to_string()
        ));
    }
    if part.returns.under_way > Pesos::ZERO {
        pieces.push(t!(
            "cli-sale-return-under-way-amount",
            amount = part.returns.under_way.to_string()
        ));
    }
    pieces.join(" · ")
}

/// How to charge what sale is missing, with the flags to type (the amount as digits: a shell
/// would read `$`).
pub(super) fn charge_again_hint(sale: &SaleRecord, missing: Pesos) -> String {
    t!(
        "cli-sale-charge-again-hint",
        number = sale.number.to_string(),
        missing = missing.to_string(),
        amount = missing.get().to_string()
    )
}

/// Sale `id` as the books hold it now, read again after a write.
pub(super) async fn sale_now(ledger: Arc<Ledger>, id: i64) -> Result<SaleRecord, Failure> {
    books(move || {
        ledger
            .sale(id)?
            .ok_or_else(|| LedgerError::Sale(SaleRefusal::UnknownSale(id.to_string())))
    })
    .await
}
