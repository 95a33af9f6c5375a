//! `paydesk sell` and `paydesk sale N --charge-…`: a sale made from the terminal, whatever pays
//! it, through the one sequence the app uses too (`sales::sell`, `sales::charge_again`). Every
//! flag is read whole first, so bad input writes and sends nothing; the books then write the
//! cash and fiado parts at once (refused in words, nothing written), and a QR or link is made at
//! the service as one more part. A charge the service refuses after that leaves the sale open
//! for it, said with how to charge it again.

use std::sync::Arc;

use serde_json::{Value, json};

use super::context::{Local, Outcome};
use super::sales::{
    books, catalog_of, charge_again_hint, refused, sale_json, sale_number, sale_text,
};
use crate::api::catalog::MethodCatalog;
use crate::cli::args::{SaleArgs, SellArgs};
use crate::cli::output::{Failure, Output, labelled};
use crate::collections::{ChargeError, ChargeRequest, Created, InBooks, MadeCharge};
use crate::connection::Connection;
use crate::ledger::activity::Actor;
use crate::ledger::{
    Ledger, LedgerError, MadeBy, NewSale, SaleLine, SaleRecord, SaleRefusal, SaleState, TabPart,
    TabRefusal,
};
use crate::money::Pesos;
use crate::requests::{CashInForm, LineForm, PaymentLinkForm, Service, cash_base};
use crate::sales::{Again, SellAsk, Sold};
use crate::t;
use crate::validate::{self, Field, ValidationError};

/// Who sells, where, and how it is said: the books, the service when a part needs it.
pub struct Seller<'a> {
    pub local: Local<'a>,
    pub connection: Option<&'a Connection>,
    pub actor: Actor,
    pub out: Output,
}

impl Seller<'_> {
    fn service(&self) -> Option<crate::sales::Service<'_>> {
        self.connection.map(|connection| crate::sales::Service {
            client: &connection.client,
            catalog: &connection.catalog,
            profile: connection.profile_name.clone(),
            made_by: MadeBy {
                cashier: String::new(),
                till: crate::ledger::activity::this_till(),
                till_id: String::new(),
            },
        })
    }

    fn catalog(&self) -> Result<MethodCatalog, Failure> {
        match self.connection {
            Some(connection) => Ok(connection.catalog.clone()),
            None => catalog_of(&self.local),
        }
    }
}

/// `paydesk sell`.
pub async fn sell_from_terminal(seller: &Seller<'_>, args: &SellArgs) -> Outcome {
    let ask = read_sell(args, seller.connection)?;
    let charge_amount = ask.charge.as_ref().and_then(ChargeRequest::amount);
    let ledger = seller.local.open_ledger()?;
    let sold = crate::sales::sell(ledger.clone(), seller.actor.clone(), seller.service(), ask)
        .await
        .map_err(|error| over_limit(error, args.owner))?;
    said(seller, ledger, sold, charge_amount).await
}

/// `paydesk sale N --charge-…`: what sale N is missing, charged again one way.
pub async fn charge_again_from_terminal(seller: &Seller<'_>, args: &SaleArgs) -> Outcome {
    let (number, how) = match (
        sale_number(&args.number),
        read_again(args, seller.connection),
    ) {
        (Ok(number), Ok(how)) => (number, how),
        (Err(Failure::Input(mut problems)), Err(Failure::Input(more))) => {
            problems.extend(more);
            return Err(Failure::Input(problems));
        }
        (Err(failure), _) | (_, Err(failure)) => return Err(failure),
    };
    let charge_amount = match &how {
        Again::Charge(request) => request.amount(),
        Again::Cash { .. } | Again::Tab(_) => None,
    };
    let ledger = seller.local.open_ledger()?;
    let id = {
        let ledger = ledger.clone();
        books(move || ledger.sale_by_number(number)).await?.id
    };
    let sold = crate::sales::charge_again(
        ledger.clone(),
        seller.actor.clone(),
        seller.service(),
        id,
        how,
    )
    .await
    .map_err(|error| over_limit(error, args.owner))?;
    said(seller, ledger, sold, charge_amount).await
}

/// The books' refusal; over a customer's limit without `--owner`, with how to ask the owner.
fn over_limit(error: LedgerError, as_owner: bool) -> Failure {
    match error {
        LedgerError::Tab(TabRefusal::OverLimit { .. }) if !as_owner => {
            Failure::Refused(format!("{error}. {}", t!("cli-tab-over-limit-hint")))
        }
        error => refused(error),
    }
}

/// Takes a problem aside, keeping the value when there is none.
fn take<T>(result: Result<T, ValidationError>, problems: &mut Vec<ValidationError>) -> Option<T> {
    result.map_err(|problem| problems.push(problem)).ok()
}

fn amount_of(
    field: Field,
    typed: Option<&str>,
    problems: &mut Vec<ValidationError>,
) -> Option<Pesos> {
    typed.and_then(|typed| take(validate::amount(field, typed), problems))
}

/// Every flag of `sell`, read whole: what was sold, and each part; the parts must add up to the
/// sale (its amount typed, else its lines' sum, else the parts' own).
fn read_sell(args: &SellArgs, connection: Option<&Connection>) -> Result<SellAsk, Failure> {
    let mut problems = Vec::new();
    let typed = amount_of(Field::Amount, args.amount.as_deref(), &mut problems);
    let lines: Vec<SaleLine> = args
        .items
        .iter()
        .filter_map(|item| take(item_line(item), &mut problems))
        .collect();
    let description = take(
        description(args.description.as_deref().unwrap_or_default()),
        &mut problems,
    );
    let parts = &args.parts;
    let cash = amount_of(Field::CashPart, parts.cash.as_deref(), &mut problems);
    let received = amount_of(Field::Tendered, parts.received.as_deref(), &mut problems);
    let qr = amount_of(Field::QrPart, parts.qr.as_deref(), &mut problems);
    let link = amount_of(Field::LinkPart, parts.link.as_deref(), &mut problems);
    let tab = parts
        .tab
        .as_deref()
        .and_then(|typed| take(tab_part(Field::TabPart, typed), &mut problems));
    let open_with = args
        .open_with_base
        .as_deref()
        .and_then(|typed| take(cash_base(typed), &mut problems));
    let cash = cash.map(|cash| (cash, received.unwrap_or(cash)));
    if let Some((cash, received)) = cash {
        take(enough_handed_over(cash, received), &mut problems);
    }
    if !problems.is_empty() {
        return Err(Failure::Input(problems));
    }
    let by_parts = [
        cash.map(|(cash, _)| cash),
        qr,
        link,
        tab.map(|tab| tab.amount),
    ];
    let Some(parts_sum) = Pesos::sum_of(by_parts.into_iter().flatten()) else {
        return Err(Failure::Input(vec![ValidationError::new(
            Field::Method,
            t!("cli-sell-no-part"),
        )]));
    };
    let description = description.unwrap_or_default();
    let sale = what_was_sold(typed, lines, &description, parts_sum)?;
    let charge = match (qr, link) {
        (None, None) => None,
        (qr, link) => Some(charge_request(
            connection,
            (qr, link),
            &description,
            args.expires_in,
        )?),
    };
    Ok(SellAsk {
        sale,
        cash,
        tab,
        charge,
        open_with,
    })
}

/// What was sold: the lines typed (their sum the sale's amount; an amount typed too must be
/// it), or the amount alone as one line; the parts must add up to it.
fn what_was_sold(
    typed: Option<Pesos>,
    lines: Vec<SaleLine>,
    description: &str,
    parts: Pesos,
) -> Result<NewSale, Failure> {
    let lines_sum = Pesos::sum_of(lines.iter().map(SaleLine::total));
    if let (Some(amount), Some(lines)) = (typed, lines_sum)
        && amount != lines
    {
        let refusal = SaleRefusal::LinesDoNotAdd { lines, amount };
        return Err(ValidationError::new(Field::Item, refusal.to_string()).into());
    }
    if let Some(total) = lines_sum
        && total > Pesos::PAYMENT_CEILING
    {
        return Err(ValidationError::new(Field::Item, t!("amount-too-large")).into());
    }
    let amount = typed.or(lines_sum).unwrap_or(parts);
    if parts != amount {
        let refusal = SaleRefusal::PartsDoNotAdd { parts, amount };
        return Err(ValidationError::new(Field::Amount, refusal.to_string()).into());
    }
    Ok(if lines.is_empty() {
        NewSale::of_amount(Some(amount), description)
    } else {
        NewSale {
            amount: Some(amount),
            description: description.to_owned(),
            lines,
        }
    })
}

/// A QR or a link for `amount`, checked against the profile's service before anything is
/// written: its smallest amount, its shape.
fn charge_request(
    connection: Option<&Connection>,
    (qr, link): (Option<Pesos>, Option<Pesos>),
    description: &str,
    expires_in: Option<u64>,
) -> Result<ChargeRequest, Failure> {
    let Some(connection) = connection else {
        return Err(Failure::Local(t!("cli-sell-needs-service")));
    };
    let (field, amount) = match (qr, link) {
        (Some(qr), _) => (Field::QrPart, qr),
        (None, Some(link)) => (Field::LinkPart, link),
        (None, None) => return Err(Failure::Local(t!("cli-sell-needs-service"))),
    };
    if let Some(minimum) = connection.catalog.min_amount(None)
        && amount < minimum
    {
        return Err(ValidationError::new(
            field,
            t!("rule-minimum-amount", minimum = minimum.to_string()),
        )
        .into());
    }
    let reference1 = crate::collections::fresh_reference1();
    let request = if field == Field::QrPart {
        // The QR Cobrar makes for the rest of a sale: a dynamic QR with its amount.
        crate::requests::rest_by_qr(amount, description, &reference1).map(ChargeRequest::Resource)
    } else {
        PaymentLinkForm {
            cash_in: CashInForm {
                amount: amount.get().to_string(),
                reference1,
                description: description.to_owned(),
                expires_in,
                ..CashInForm::default()
            },
        }
        .parse(&Service::of(connection))
        .map(ChargeRequest::Link)
    };
    request.map_err(Failure::Input)
}

/// The one way `sale N --charge-…` asks, read whole.
fn read_again(args: &SaleArgs, connection: Option<&Connection>) -> Result<Again, Failure> {
    let mut problems = Vec::new();
    let again = &args.again;
    let cash = amount_of(Field::CashPart, again.charge_cash.as_deref(), &mut problems);
    let received = amount_of(Field::Tendered, args.received.as_deref(), &mut problems);
    let qr = amount_of(Field::QrPart, again.charge_qr.as_deref(), &mut problems);
    let link = amount_of(Field::LinkPart, again.charge_link.as_deref(), &mut problems);
    let tab = again
        .charge_tab
        .as_deref()
        .and_then(|typed| take(tab_part(Field::TabPart, typed), &mut problems));
    if !problems.is_empty() {
        return Err(Failure::Input(problems));
    }
    if let Some(amount) = cash {
        let tendered = received.unwrap_or(amount);
        enough_handed_over(amount, tendered)?;
        return Ok(Again::Cash { amount, tendered });
    }
    if let Some(tab) = tab {
        return Ok(Again::Tab(tab));
    }
    charge_request(connection, (qr, link), "", args.expires_in)
        .map(|request| Again::Charge(Box::new(request)))
}

/// What the customer handed over covers the cash part, or how much is missing.
fn enough_handed_over(amount: Pesos, tendered: Pesos) -> Result<(), ValidationError> {
    if tendered < amount {
        return Err(ValidationError::new(
            Field::Tendered,
            t!(
                "cash-tendered-short",
                missing = Pesos::new(amount.get() - tendered.get()).to_string()
            ),
        ));
    }
    Ok(())
}

/// A line as typed: «Pan;2;1.500» (description, quantity, price of one), read by the rules
/// Cobrar reads its lines with; a problem is said of the item as typed.
fn item_line(typed: &str) -> Result<SaleLine, ValidationError> {
    let pieces: Vec<&str> = typed.split(';').collect();
    let [description, quantity, unit_price] = pieces.as_slice() else {
        return Err(ValidationError::new(
            Field::Item,
            t!("cli-sell-item-shape", item = typed.trim()),
        ));
    };
    let line = LineForm {
        description: (*description).to_owned(),
        quantity: (*quantity).to_owned(),
        unit_price: (*unit_price).to_owned(),
    }
    .parse()
    .map_err(|problems| {
        let said: Vec<String> = problems
            .into_iter()
            .map(|problem| problem.message)
            .collect();
        ValidationError::new(
            Field::Item,
            t!(
                "cli-sell-item-problem",
                item = typed.trim(),
                problem = said.join("; ")
            ),
        )
    })?;
    Ok(SaleLine {
        description: line.description,
        quantity: line.quantity,
        unit_price: line.unit_price,
        item: None,
    })
}

/// What was sold in a few words: one line, no control characters.
fn description(typed: &str) -> Result<String, ValidationError> {
    let text = typed.split_whitespace().collect::<Vec<_>>().join(" ");
    let count = text.chars().count();
    let max = crate::requests::CASH_REASON_MAX_CHARS;
    if count > max {
        return Err(ValidationError::new(
            Field::Description,
            t!("rule-at-most", max = max, count = count),
        ));
    }
    Ok(text)
}

/// «CUSTOMER:AMOUNT»: the customer's number and what goes on their tab.
fn tab_part(field: Field, typed: &str) -> Result<TabPart, ValidationError> {
    let bad = || ValidationError::new(field, t!("cli-sell-tab-shape", typed = typed.trim()));
    let (customer, amount) = typed.split_once(':').ok_or_else(bad)?;
    let customer = match customer.trim().parse::<i64>() {
        Ok(customer) if customer > 0 => customer,
        _ => return Err(bad()),
    };
    let amount = validate::amount(field, amount)?;
    Ok(TabPart { customer, amount })
}

/// The sale as the books hold it after the write, and the charge made or refused: said, with
/// the charge's page or code and how to follow it; a charge refused leaves the sale open, said
/// with how to charge it again (exit as the service's failure).
async fn said(
    seller: &Seller<'_>,
    ledger: Arc<Ledger>,
    sold: Sold,
    charge_amount: Option<Pesos>,
) -> Outcome {
    let catalog = seller.catalog()?;
    let out = seller.out;
    let Sold { sale, charge } = sold;
    let (charge, failure) = match charge {
        None => (None, None),
        Some(Ok(made)) => (Some(made), None),
        Some(Err(error)) => (None, Some(charge_failure(error))),
    };
    let id = match (&sale, &charge) {
        (Some(sale), _) => Some(sale.id),
        (None, Some(made)) => written_sale(&ledger, made).await?,
        (None, None) => None,
    };
    let Some(id) = id else {
        // Nothing was written: the service refused a sale that was only its charge.
        return Err(failure.unwrap_or_else(|| Failure::Local(t!("cli-sell-needs-service"))));
    };
    let record = super::sales::sale_now(ledger, id).await?;
    let mut document = json!({
        "sale": sale_json(&record, &catalog),
        "charge": charge.as_ref().map(charge_json),
    });
    let human = || sold_text(&record, charge.as_ref(), &catalog);
    match failure {
        None => Ok(out.done(&document, human)),
        Some(failure) => {
            // The charge was not made: the sale is open for what it would have paid, and its
            // text says how to charge that again.
            let missing = match record.state() {
                SaleState::Open { missing } | SaleState::Waiting { missing } => missing,
                SaleState::Paid | SaleState::Voided => charge_amount.unwrap_or(Pesos::ZERO),
            };
            document["open"] = json!({
                "missing": missing.get(),
                "words": charge_again_hint(&record, missing),
            });
            Ok(out.done_but(&document, human, &failure))
        }
    }
}

/// The sale a charge of its own was written as, or why the books could not keep it (the charge
/// is made: said with its reference, exit 3).
async fn written_sale(ledger: &Arc<Ledger>, made: &MadeCharge) -> Result<Option<i64>, Failure> {
    match &made.books {
        InBooks::Written(Some(number)) => {
            let ledger = ledger.clone();
            let number = *number;
            Ok(Some(books(move || ledger.sale_by_number(number)).await?.id))
        }
        InBooks::Written(None) | InBooks::NoBooks => Ok(None),
        InBooks::NotWritten(error) => Err(Failure::Local(t!(
            "cli-sale-not-in-books",
            reference = made.sale.payment.reference.as_str(),
            error = error.to_string()
        ))),
    }
}

fn charge_failure(error: ChargeError) -> Failure {
    match error {
        ChargeError::Service(error) => Failure::Api(error),
        ChargeError::Books(error) => Failure::Local(error.to_string()),
    }
}

/// The charge made at the service: where the customer pays, what its QR encodes.
fn charge_json(made: &MadeCharge) -> Value {
    let charge = &made.sale;
    json!({
        "reference": charge.payment.reference,
        "reference1": charge.payment.reference1,
        "kind": charge.payment.kind.code(),
        "amount": charge.payment.amount.map(Pesos::get),
        "url": charge.answer.link(),
        "code": match &charge.answer {
            Created::Resource(resource) => Some(resource.data.clone()),
            Created::Link(_) | Created::Method(_) => None,
        },
        "expires": charge.expires,
    })
}

fn sold_text(sale: &SaleRecord, charge: Option<&MadeCharge>, catalog: &MethodCatalog) -> String {
    let mut text = sale_text(sale, &[], catalog);
    if let Some(made) = charge {
        let charge = &made.sale;
        let code = match &charge.answer {
            Created::Resource(resource) => resource.data.clone(),
            Created::Link(_) | Created::Method(_) => String::new(),
        };
        text.push('\n');
        text.push_str(&labelled(
            Some(t!(
                "cli-sell-charge-made",
                kind = charge.payment.kind.words(catalog)
            )),
            vec![
                ("URL".to_owned(), charge.answer.link().to_owned()),
                (t!("created-code"), code),
                (t!("confirm-reference"), charge.payment.reference.clone()),
                (
                    t!("cli-sell-follow"),
                    format!("paydesk status {} --wait", charge.payment.reference),
                ),
            ],
        ));
    }
    text
}
