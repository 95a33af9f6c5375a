//! `paydesk tab …`: customers' tabs (fiado) from the terminal. Everything but a link asks only the
//! books (a tab works with the line down); a link is made by the one sequence the app uses too
//! (`tabs::collect`: tied to the tab before the service hears of it). Every form is read whole
//! first, so bad input writes nothing; the books then decide their own rules under the
//! customer's lock, and a refusal exits 2 with its words and nothing written. Nothing is ever
//! sent to a customer: the WhatsApp message and its address are printed for the person to send.

use std::sync::Arc;

use serde_json::{Value, json};

use super::cash::entry_line;
use super::context::{Context, Local, Outcome};
use super::payments::{kept, made_here};
use crate::cli::args::TabCommand;
use crate::cli::output::{Failure, Output, labelled};
use crate::collections::{ChargeError, ChargeRequest, Created};
use crate::config::Environment;
use crate::ledger::activity::Actor;
use crate::ledger::{
    CashEntry, Ledger, LedgerError, TabBalance, TabEntry, TabRefusal, TabStatement,
};
use crate::money::Pesos;
use crate::requests::{CashInForm, CustomerForm, PaymentLinkForm, Service, TakeForm, tab_payment};
use crate::t;
use crate::validate::{self, Field};

/// Runs `command` on the books `local` names, as `actor` (a link is `tab_link`'s: it needs the
/// service).
pub async fn tab(local: &Local<'_>, actor: Actor, out: Output, command: &TabCommand) -> Outcome {
    let at = crate::clock::now_ms();
    match command {
        TabCommand::Customers => customers(local, out).await,
        TabCommand::Add {
            name,
            cellphone,
            document,
            limit,
            consent,
            same_cellphone,
        } => {
            let text = |value: &Option<String>| value.clone().unwrap_or_default();
            let form = CustomerForm {
                name: name.clone(),
                cellphone: text(cellphone),
                document: text(document),
                limit: text(limit),
                consent: consent.is_some(),
                consent_how: text(consent),
            };
            add(local, actor, out, (form, *same_cellphone), at).await
        }
        TabCommand::Take {
            id,
            amount,
            description,
            owner,
        } => {
            let form = TakeForm {
                amount: amount.clone(),
                description: description.clone().unwrap_or_default(),
            };
            take(local, actor, out, (*id, form, *owner), at).await
        }
        TabCommand::Statement { id } => {
            let ledger = local.open_ledger()?;
            let id = *id;
            let statement = books(move || ledger.tab_statement(id)).await?;
            Ok(out.done(&statement_json(&statement), || statement_text(&statement)))
        }
        TabCommand::Limit { id, amount } => limit(local, actor, out, (*id, amount), at).await,
        TabCommand::PayCash { id, amount } => {
            pay_cash(local, actor, out, (*id, amount.as_deref()), at).await
        }
        TabCommand::Remind { id } => remind(local, out, *id).await,
        TabCommand::Forget { id } => {
            let ledger = local.open_ledger()?;
            let id = *id;
            books(move || ledger.forget_tab_customer(&actor, id, at)).await?;
            Ok(out.done(&json!({"customer": id, "forgotten": true}), || {
                t!("cli-tab-forgot", id = id)
            }))
        }
        // Made by `tab_link`, with the service: `run` routes it there.
        TabCommand::Link { .. } => Ok(std::process::ExitCode::SUCCESS),
    }
}

async fn customers(local: &Local<'_>, out: Output) -> Outcome {
    let ledger = local.open_ledger()?;
    let balances = books(move || ledger.tab_customers()).await?;
    let owed = balances.iter().fold(Pesos::ZERO, |sum, balance| {
        sum.saturating_add(balance.owed())
    });
    let credit = balances.iter().fold(Pesos::ZERO, |sum, balance| {
        sum.saturating_add(balance.credit())
    });
    let document = json!({
        "customers": balances.iter().map(balance_json).collect::<Vec<_>>(),
        "owed": owed.get(),
        "credit": credit.get(),
    });
    Ok(out.done(&document, || {
        if balances.is_empty() {
            return t!("cli-tab-no-customers");
        }
        let mut lines: Vec<String> = balances.iter().map(balance_line).collect();
        lines.push(String::new());
        lines.push(labelled(
            None,
            vec![
                (t!("cli-tab-total-owed"), owed.to_string()),
                (t!("cli-tab-total-credit"), credit.to_string()),
            ],
        ));
        lines.join("\n")
    }))
}

/// A customer kept: the form read whole (the authorisation required), then the books, which say
/// so when another customer has the cellphone.
async fn add(
    local: &Local<'_>,
    actor: Actor,
    out: Output,
    (form, same_cellphone): (CustomerForm, bool),
    at: i64,
) -> Outcome {
    let new = form.parse().map_err(Failure::Input)?;
    let ledger = local.open_ledger()?;
    let kept = blocking(move || ledger.add_tab_customer(&actor, &new, same_cellphone, at))
        .await?
        .map_err(|error| match error {
            LedgerError::Tab(TabRefusal::SameCellphone { .. }) => {
                Failure::Refused(format!("{error}. {}", t!("cli-tab-same-cellphone-hint")))
            }
            error => refused(error),
        })?;
    let balance = TabBalance::of(kept, &[]);
    Ok(out.done(&balance_json(&balance), || {
        labelled(
            Some(t!(
                "cli-tab-added",
                id = balance.customer.id,
                name = balance.customer.name.as_str()
            )),
            customer_rows(&balance),
        )
    }))
}

/// Fiar: over the limit the books want the owner, which `--owner` asked for before this ran.
async fn take(
    local: &Local<'_>,
    actor: Actor,
    out: Output,
    (id, form, as_owner): (i64, TakeForm, bool),
    at: i64,
) -> Outcome {
    let (amount, description) = form.parse().map_err(Failure::Input)?;
    let ledger = local.open_ledger()?;
    let (entry, statement) = blocking(move || {
        let entry = ledger.take_on_tab(&actor, id, amount, &description, at)?;
        Ok((entry, ledger.tab_statement(id)?))
    })
    .await?
    .map_err(|error| match error {
        LedgerError::Tab(TabRefusal::OverLimit { .. }) if !as_owner => {
            Failure::Refused(format!("{error}. {}", t!("cli-tab-over-limit-hint")))
        }
        error => refused(error),
    })?;
    let balance = &statement.balance;
    let sale = entry.sale.map(|number| number.to_string());
    let document = json!({
        "sale": sale,
        "entry": entry_json(&entry),
        "balance": balance_json(balance),
    });
    Ok(out.done(&document, || {
        labelled(
            Some(t!(
                "cli-tab-taken",
                amount = entry.amount.to_string(),
                name = balance.customer.name.as_str()
            )),
            vec![
                (t!("cli-sale-row"), sale.clone().unwrap_or_default()),
                (t!("cli-tab-description"), entry.description.clone()),
                // Over the limit: who allowed it (the owner, or anyone where no PIN is set).
                (t!("cli-tab-over-limit"), over_limit_by(&entry)),
                (t!("cli-tab-balance"), balance_words(balance)),
            ],
        )
    }))
}

async fn limit(
    local: &Local<'_>,
    actor: Actor,
    out: Output,
    (id, typed): (i64, &str),
    at: i64,
) -> Outcome {
    let limit = match typed.trim().to_lowercase().as_str() {
        "none" | "ninguno" => None,
        _ => Some(validate::amount(Field::Limit, typed)?),
    };
    let ledger = local.open_ledger()?;
    let customer = books(move || ledger.set_tab_limit(&actor, id, limit, at)).await?;
    let words = limit_words(customer.limit);
    let document = json!({"customer": customer.id, "limit": customer.limit.map(Pesos::get)});
    Ok(out.done(&document, || {
        t!(
            "cli-tab-limit-set",
            name = customer.name.as_str(),
            limit = words
        )
    }))
}

/// Paid in cash at this till: all that is owed unless an amount is typed; the drawer's entry and
/// the tab's are written together.
async fn pay_cash(
    local: &Local<'_>,
    actor: Actor,
    out: Output,
    (id, typed): (i64, Option<&str>),
    at: i64,
) -> Outcome {
    let typed = tab_payment(typed.unwrap_or_default())?;
    let ledger = local.open_ledger()?;
    let (entry, drawer, statement) = books(move || {
        let amount = match typed {
            Some(amount) => amount,
            // Read again under the customer's lock by the payment: one paid meanwhile makes it
            // more than owed, refused.
            None => ledger.tab_statement(id)?.balance.owed(),
        };
        if amount == Pesos::ZERO {
            return Err(LedgerError::Tab(TabRefusal::NothingOwed));
        }
        let (entry, drawer) = ledger.pay_tab_in_cash(&actor, id, amount, at)?;
        Ok((entry, drawer, ledger.tab_statement(id)?))
    })
    .await?;
    let balance = &statement.balance;
    let document = json!({
        "entry": entry_json(&entry),
        "drawerEntry": drawer.id,
        "shift": drawer.shift,
        "balance": balance_json(balance),
    });
    Ok(out.done(&document, || {
        labelled(
            Some(t!(
                "cli-tab-paid-cash",
                amount = entry.amount.to_string(),
                name = balance.customer.name.as_str()
            )),
            vec![
                (t!("cli-tab-drawer-entry"), drawer_words(&drawer)),
                (t!("cli-tab-balance"), balance_words(balance)),
            ],
        )
    }))
}

/// The reminder, prepared and printed: nothing is sent.
async fn remind(local: &Local<'_>, out: Output, id: i64) -> Outcome {
    let shop = shop_name(local)?;
    let ledger = local.open_ledger()?;
    let balance = books(move || {
        let statement = ledger.tab_statement(id)?;
        if statement.balance.customer.forgotten_at.is_some() {
            return Err(LedgerError::Tab(TabRefusal::Forgotten));
        }
        if statement.balance.owed() == Pesos::ZERO {
            return Err(LedgerError::Tab(TabRefusal::NothingOwed));
        }
        Ok(statement.balance)
    })
    .await?;
    let text = crate::tabs::reminder(&shop, &balance);
    let cellphone = balance.customer.cellphone.clone();
    let url = crate::tabs::whatsapp_url(&cellphone, &text);
    let document = json!({
        "customer": balance.customer.id,
        "owed": balance.owed().get(),
        "message": text,
        "cellphone": cellphone,
        "whatsapp": url,
        "sent": false,
    });
    Ok(out.done(&document, || {
        let mut rows = vec![
            (t!("cli-tab-message"), text.clone()),
            ("WhatsApp".to_owned(), url.clone()),
        ];
        if cellphone.is_empty() {
            rows.push((String::new(), t!("cli-tab-no-cellphone-chat")));
        }
        labelled(
            Some(t!(
                "cli-tab-reminder-title",
                name = balance.customer.name.as_str()
            )),
            rows,
        )
    }))
}

/// A payment link for customer `id`'s tab: all they owe unless `amount`; made by
/// `tabs::collect`, so the books tie it to the tab (and refuse more than owed) before the
/// service hears of it.
pub async fn tab_link(
    ctx: &Context<'_>,
    id: i64,
    amount: Option<&str>,
    expires_in: Option<u64>,
) -> Outcome {
    let asked = tab_payment(amount.unwrap_or_default())?;
    let ledger = ctx.ledger()?;
    let balance = {
        let ledger = ledger.clone();
        books(move || ledger.tab_statement(id)).await?.balance
    };
    // Said before the service is asked; the books decide again when the link is tied.
    if balance.customer.forgotten_at.is_some() {
        return Err(refused(LedgerError::Tab(TabRefusal::Forgotten)));
    }
    let owed = balance.owed();
    if owed == Pesos::ZERO {
        return Err(refused(LedgerError::Tab(TabRefusal::NothingOwed)));
    }
    // Left out, it asks what no unpaid link of the tab asks already.
    let waiting = {
        let ledger = ledger.clone();
        books(move || ledger.tab_asked_by_links(id)).await?
    };
    let amount = asked.unwrap_or(Pesos::new((owed.get() - waiting.get()).max(0)));
    let request = PaymentLinkForm {
        cash_in: CashInForm {
            amount: amount.get().to_string(),
            reference1: crate::tabs::fresh_reference1(),
            expires_in,
            ..CashInForm::default()
        },
    }
    .parse(&Service::of(ctx.connection))
    .map_err(Failure::Input)?;
    let link = made_link(ctx, ledger, id, ChargeRequest::Link(request)).await?;
    let shop = ctx.connection.shop_name();
    let message = crate::tabs::link_message(&shop, &balance, Some(amount), &link.url);
    let cellphone = balance.customer.cellphone.clone();
    let whatsapp = crate::tabs::whatsapp_url(&cellphone, &message);
    let document = json!({
        "customer": id,
        "reference": link.reference,
        "url": link.url,
        "amount": amount.get(),
        "owed": owed.get(),
        "message": message,
        "cellphone": cellphone,
        "whatsapp": (!cellphone.is_empty()).then_some(&whatsapp),
        "sent": false,
    });
    Ok(ctx.out.done(&document, || {
        let mut rows = vec![
            ("URL".to_owned(), link.url.clone()),
            (t!("confirm-reference"), link.reference.clone()),
            (t!("cli-tab-message"), message.clone()),
        ];
        if cellphone.is_empty() {
            rows.push((
                String::new(),
                t!(
                    "cli-tab-link-to-copy",
                    name = balance.customer.name.as_str()
                ),
            ));
        } else {
            rows.push(("WhatsApp".to_owned(), whatsapp.clone()));
        }
        labelled(
            Some(t!(
                "cli-tab-link-title",
                amount = amount.to_string(),
                name = balance.customer.name.as_str()
            )),
            rows,
        )
    }))
}

/// The link made at the service and written in the books, or why not.
async fn made_link(
    ctx: &Context<'_>,
    ledger: Arc<Ledger>,
    id: i64,
    request: ChargeRequest,
) -> Result<MadeLink, Failure> {
    let made_by = made_here();
    let connection = ctx.connection;
    let made = crate::tabs::collect(
        &connection.client,
        &connection.catalog,
        ledger,
        &connection.profile_name,
        made_by,
        id,
        request,
    )
    .await
    .map_err(|error| match error {
        ChargeError::Service(error) => Failure::Api(error),
        ChargeError::Books(error) => refused(error),
    })?;
    let sale = kept(made)?;
    match sale.answer {
        Created::Link(link) => Ok(MadeLink {
            url: link.url,
            reference: link.reference,
        }),
        // A link request is answered with a link; anything else is the service's mistake.
        _ => Ok(MadeLink {
            url: sale.payment.url.clone(),
            reference: sale.payment.reference.clone(),
        }),
    }
}

struct MadeLink {
    url: String,
    reference: String,
}

/// The shop's name as customers read it, from the profile (no service asked).
fn shop_name(local: &Local<'_>) -> Result<String, Failure> {
    let profile = local.paths.load()?.profile(local.profile_name)?;
    Ok(match (profile.shop_name, profile.environment) {
        (Some(name), _) if !name.trim().is_empty() => name,
        (_, Environment::Simulator) => t!("shop-name-simulator"),
        _ => t!("shop-name-unset"),
    })
}

/// Runs `work` on the blocking pool; only a lost worker is a failure here.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, LedgerError> + Send + 'static,
) -> Result<Result<T, LedgerError>, Failure> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|error| Failure::Local(error.to_string()))
}

/// The books' refusal is bad input (exit 2, nothing written); anything else a local failure.
fn refused(error: LedgerError) -> Failure {
    match error {
        LedgerError::Tab(refusal) => Failure::Refused(refusal.to_string()),
        LedgerError::Cash(refusal) => Failure::Refused(refusal.to_string()),
        LedgerError::Sale(refusal) => Failure::Refused(refusal.to_string()),
        error => Failure::Local(error.to_string()),
    }
}

async fn books<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, LedgerError> + Send + 'static,
) -> Result<T, Failure> {
    blocking(work).await?.map_err(refused)
}

fn balance_json(balance: &TabBalance) -> Value {
    let customer = &balance.customer;
    json!({
        "id": customer.id,
        "name": customer.name,
        "cellphone": customer.cellphone,
        "document": customer.document,
        "limit": customer.limit.map(Pesos::get),
        "taken": balance.taken.get(),
        "paid": balance.paid.get(),
        "owed": balance.owed().get(),
        "credit": balance.credit().get(),
        "owedSince": balance.owed_since,
        "lastAt": balance.last_at,
        "consent": {
            "at": customer.consent.at,
            "how": customer.consent.how,
            "by": customer.consent.by.words(),
        },
        "addedAt": customer.added_at,
        "forgottenAt": customer.forgotten_at,
    })
}

fn entry_json(entry: &TabEntry) -> Value {
    json!({
        "id": entry.id,
        "customer": entry.customer,
        "at": entry.at,
        "kind": entry.kind.code(),
        "amount": entry.amount.get(),
        "description": entry.description,
        "sale": entry.sale.map(|number| number.to_string()),
        "saleReference": entry.sale_reference,
        "paymentReference": entry.payment_reference,
        "cashEntry": entry.cash_entry,
        "overLimit": entry.over_limit,
        "by": entry.by.words(),
        "till": entry.by.till,
    })
}

fn statement_json(statement: &TabStatement) -> Value {
    let mut document = balance_json(&statement.balance);
    document["entries"] = statement.entries.iter().map(entry_json).collect();
    document
}

/// Owes since when, in credit, or settled.
fn balance_words(balance: &TabBalance) -> String {
    if balance.owed() > Pesos::ZERO {
        t!(
            "cli-tab-owes",
            owed = balance.owed().to_string(),
            since = balance
                .owed_since
                .map(crate::clock::shown_datetime)
                .unwrap_or_default()
        )
    } else if balance.credit() > Pesos::ZERO {
        t!("cli-tab-in-credit", credit = balance.credit().to_string())
    } else {
        t!("cli-tab-settled")
    }
}

fn limit_words(limit: Option<Pesos>) -> String {
    limit.map_or_else(|| t!("tab-no-limit"), |limit| limit.to_string())
}

fn over_limit_by(entry: &TabEntry) -> String {
    if entry.over_limit {
        entry.by.words()
    } else {
        String::new()
    }
}

fn drawer_words(drawer: &CashEntry) -> String {
    t!("cli-tab-drawer", entry = drawer.id, shift = drawer.shift)
}

fn balance_line(balance: &TabBalance) -> String {
    format!(
        "{} · {} · {}",
        balance.customer.id,
        balance.customer.name,
        balance_words(balance)
    )
}

fn customer_rows(balance: &TabBalance) -> Vec<(String, String)> {
    let customer = &balance.customer;
    let cellphone = if customer.cellphone.is_empty() {
        t!("cli-tab-no-cellphone")
    } else {
        customer.cellphone.clone()
    };
    vec![
        (t!("cli-tab-cellphone"), cellphone),
        (t!("cli-tab-document"), customer.document.clone()),
        (t!("cli-tab-limit"), limit_words(customer.limit)),
        (
            t!("cli-tab-consent"),
            format!(
                "{} · {} · {}",
                customer.consent.how,
                crate::clock::shown_datetime(customer.consent.at),
                customer.consent.by.words()
            ),
        ),
        (t!("cli-tab-balance"), balance_words(balance)),
    ]
}

fn statement_text(statement: &TabStatement) -> String {
    let balance = &statement.balance;
    let name = if balance.customer.forgotten_at.is_some() {
        t!("cli-tab-forgotten-name")
    } else {
        balance.customer.name.clone()
    };
    let mut rows = customer_rows(balance);
    rows.push((t!("cli-tab-taken-sum"), balance.taken.to_string()));
    rows.push((t!("cli-tab-paid-sum"), balance.paid.to_string()));
    let mut text = labelled(
        Some(t!(
            "cli-tab-statement-title",
            name = name,
            id = balance.customer.id
        )),
        rows,
    );
    for entry in &statement.entries {
        let what = if entry.kind.is_payment() && !entry.sale_reference.is_empty() {
            entry.sale_reference.as_str()
        } else {
            entry.description.as_str()
        };
        let over_limit = entry.over_limit.then(|| t!("cli-tab-over-limit-yes"));
        text.push_str(&entry_line(
            entry.id,
            &crate::clock::shown_datetime(entry.at),
            &entry.kind.words(),
            entry.amount,
            what,
            over_limit.as_deref(),
        ));
    }
    text
}
