//! Money going out: a payout checked, confirmed and sent once; the journal; the balance.

use serde_json::{Value, json};

use super::*;
use crate::api::payout_methods::BREB_PAYOUT_METHOD;
use crate::cli::args::*;
use crate::cli::output::Failure;
use crate::payouts;
use crate::requests::{PayoutForm, Service};
use crate::validate::{self, Field, ValidationError};

pub async fn payout(ctx: &Context<'_>, args: &PayoutArgs) -> Outcome {
    let request = payout_form(ctx, args)?
        .parse(&Service::of(ctx.connection))
        .map_err(Failure::Input)?;
    let ledger = ctx.ledger()?;
    let client = &ctx.connection.client;
    let plan = payouts::prepare(
        ledger.clone(),
        client,
        &ctx.connection.profile_name,
        ctx.connection.user_id,
        request,
    )
    .await
    .map_err(payout_failure)?;
    let repeat_confirmed = confirm_sending(ctx, args, &plan)?;
    let record = payouts::send(ledger, client, &plan, repeat_confirmed, &ctx.actor)
        .await
        .map_err(payout_failure)?;
    let document: Value = record
        .reply_json
        .as_deref()
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or(Value::Null);
    Ok(ctx.out.done(&document, || {
        crate::t!(
            "cli-payout-sent",
            amount = record.amount.to_string(),
            destination = validate::group_cellphone(&record.destination),
            reference = record.reference1.as_str(),
            status_reference = record
                .transaction_reference
                .clone()
                .unwrap_or_else(|| crate::t!("cli-none-given"))
        )
    }))
}

/// The flags as the payout form reads them. Which flag names the destination depends on the
/// method, and the current interface pays a Bre-B alias only: a mobile number is refused in
/// words before anything else is read.
fn payout_form(ctx: &Context<'_>, args: &PayoutArgs) -> Result<PayoutForm, Failure> {
    let dialect = ctx.connection.client.dialect();
    let refused =
        |field: Field, words: String| Failure::Input(vec![ValidationError::new(field, words)]);
    if args.key.is_none() && dialect.payout_key_is_alias() {
        return Err(refused(
            Field::Cellphone,
            crate::t!("cli-payout-alias-only"),
        ));
    }
    let method_id = args
        .method
        .unwrap_or(dialect.default_payout_method(args.key.is_some()));
    crate::api::family_b::payout_method(method_id, dialect)
        .map_err(|problem| Failure::Input(vec![problem]))?;
    let destination = match (&args.key, &args.cellphone) {
        (Some(_), _) if method_id != BREB_PAYOUT_METHOD => {
            return Err(refused(Field::Key, crate::t!("cli-key-needs-264")));
        }
        (None, _) if method_id == BREB_PAYOUT_METHOD => {
            return Err(refused(Field::Key, crate::t!("cli-264-needs-key")));
        }
        (Some(key), _) => key.clone(),
        (None, cellphone) => cellphone.clone().unwrap_or_default(),
    };
    Ok(PayoutForm {
        amount: args.amount.clone(),
        destination,
        method_id,
        bank_name: args.bank_name.clone().unwrap_or_default(),
        webhook_url: args.webhook_url.clone().unwrap_or_default(),
        reference1: args.reference1.clone(),
    })
}

/// The person's yes: asked at the terminal, or given with `--yes`, which never covers a payout
/// like a recent one unless `--allow-repeat` says so too. Returns whether a repeat was agreed.
fn confirm_sending(
    ctx: &Context<'_>,
    args: &PayoutArgs,
    plan: &payouts::PayoutPlan,
) -> Result<bool, Failure> {
    if !args.yes {
        confirm_payout(ctx, plan)?;
    } else if let Some(previous) = &plan.similar
        && !args.allow_repeat
    {
        let warning = payouts::PayoutError::NeedsDuplicateConfirmation(Box::new(previous.clone()))
            .to_string();
        return Err(Failure::NotConfirmed(crate::t!(
            "cli-repeat-not-sent",
            warning = warning
        )));
    }
    Ok(plan.similar.is_some())
}

/// Rule refusals are bad input (nothing was sent); the service's answers keep their codes.
pub(super) fn payout_failure(error: payouts::PayoutError) -> Failure {
    use payouts::PayoutError as E;
    match error {
        E::Invalid(problems) => Failure::Input(problems),
        E::Api(api) => Failure::Api(api),
        E::TooSoon { .. } | E::InsufficientBalance { .. } | E::ReferenceUsed(_) => {
            let field = match &error {
                E::TooSoon { .. } => Field::Spacing,
                E::InsufficientBalance { .. } => Field::Amount,
                _ => Field::Reference1,
            };
            Failure::Input(vec![ValidationError::new(field, error.to_string())])
        }
        E::NeedsDuplicateConfirmation(_)
        | E::SimilarUnsettled(_)
        | E::NotResendable(_)
        | E::NoStatusReference => Failure::NotConfirmed(error.to_string()),
        E::Ledger(_) | E::Internal(_) => Failure::Local(error.to_string()),
    }
}

/// Repeats the amount, the number (grouped for reading) and the method, warns about a recent
/// identical payout, then asks on the terminal. With no terminal, refuses: money never moves
/// on a guess.
fn confirm_payout(ctx: &Context<'_>, plan: &payouts::PayoutPlan) -> Result<(), Failure> {
    ask_to_send(ctx, plan.summary(), plan.balance, plan.similar.as_ref())
}

/// Money out asked on the terminal, a payout's or a return's alike: its summary, real money
/// said so, the balance it leaves, and a similar recent payout named first.
pub(super) fn ask_to_send(
    ctx: &Context<'_>,
    mut summary: String,
    balance: Option<crate::money::Pesos>,
    similar: Option<&crate::ledger::PayoutRecord>,
) -> Result<(), Failure> {
    if ctx.connection.environment().moves_real_money() {
        summary.push_str(&crate::t!("cli-real-money"));
    }
    if let Some(balance) = balance {
        summary.push_str(&crate::t!(
            "cli-disbursement-balance",
            balance = balance.to_string()
        ));
    }
    summary.push('?');
    if let Some(previous) = similar {
        summary = format!(
            "{}\n{summary}",
            payouts::PayoutError::NeedsDuplicateConfirmation(Box::new(previous.clone()))
        );
    }
    confirm_on_terminal(
        &summary,
        Question {
            no_terminal: crate::t!("cli-no-terminal", summary = summary.as_str()),
            type_yes: crate::t!("cli-type-yes"),
            declined: crate::t!("cli-not-sent"),
        },
    )
}

pub async fn payouts(ctx: &Context<'_>, check: Option<&str>, limit: usize) -> Outcome {
    let ledger = ctx.ledger()?;
    let profile = ctx.connection.profile_name.clone();
    if let Some(reference1) = check {
        let found = {
            let ledger = ledger.clone();
            let reference1 = reference1.to_owned();
            let profile = profile.clone();
            tokio::task::spawn_blocking(move || ledger.payout_by_reference(&profile, &reference1))
                .await
                .map_err(|e| Failure::Local(e.to_string()))?
                .map_err(|e| Failure::Local(e.to_string()))?
        };
        let Some(record) = found else {
            return Err(Failure::Input(vec![ValidationError::new(
                Field::Check,
                crate::t!("cli-no-payout", reference = reference1),
            )]));
        };
        let record = payouts::check(ledger, &ctx.connection.client, &record)
            .await
            .map_err(payout_failure)?;
        return Ok(ctx
            .out
            .done(&payout_json(&record), || describe_payout(&record)));
    }
    // Which of them are returns, and of which sale: only the books know (the service sees
    // payouts).
    let listed = tokio::task::spawn_blocking(move || {
        ledger
            .payouts(&profile, limit)?
            .into_iter()
            .map(|record| {
                let Some(returned) = ledger.return_of_payout(record.id)? else {
                    return Ok((record, None));
                };
                // The sale as a person knows it, by its number; its charge's reference where
                // the books hold no sale of it (a return from before the sales journal).
                let number = ledger
                    .sale_of_charge(&profile, &returned.tie.sale, &returned.tie.payment)?
                    .map(|sale| sale.number.to_string());
                Ok((record, Some((returned.tie.sale, number))))
            })
            .collect::<Result<Vec<_>, crate::ledger::LedgerError>>()
    })
    .await
    .map_err(|e| Failure::Local(e.to_string()))?
    .map_err(|e| Failure::Local(e.to_string()))?;
    let document = Value::Array(
        listed
            .iter()
            .map(|(record, sale)| {
                let mut row = payout_json(record);
                row["returnsSale"] = json!(sale.as_ref().map(|(reference, _)| reference));
                row["returnsSaleNumber"] =
                    json!(sale.as_ref().and_then(|(_, number)| number.clone()));
                row
            })
            .collect(),
    );
    Ok(ctx.out.done(&document, || {
        if listed.is_empty() {
            crate::t!("journal-empty")
        } else {
            listed
                .iter()
                .map(|(record, sale)| match sale {
                    Some(sale) => format!(
                        "{} · {}",
                        describe_payout(record),
                        crate::t!(
                            "cli-payout-returns",
                            sale = sale.1.as_deref().unwrap_or(sale.0.as_str())
                        )
                    ),
                    None => describe_payout(record),
                })
                .collect::<Vec<_>>()
                .join("\n")
        }
    }))
}

pub(super) fn payout_json(record: &crate::ledger::PayoutRecord) -> Value {
    json!({
        "reference1": record.reference1,
        "amount": record.amount.get(),
        "cellphone": record.destination,
        "method": record.method_id,
        "state": record.state.as_str(),
        "transactionReference": record.transaction_reference,
        "serviceStatus": record.service_status,
        "errorCode": record.error_code,
        "errorMessage": record.error_message,
        "createdAt": record.created_at,
    })
}

fn describe_payout(record: &crate::ledger::PayoutRecord) -> String {
    format!(
        "{:<20} {:>14} {} {}  {}{}",
        record.reference1,
        record.amount.to_string(),
        crate::t!("cli-to"),
        validate::group_cellphone(&record.destination),
        record.state.words(),
        record
            .error_message
            .as_deref()
            .map(|m| format!(" ({m})"))
            .unwrap_or_default()
    )
}

pub async fn balance(ctx: &Context<'_>, user_id: Option<i64>) -> Outcome {
    let user_id = ctx.balance_user(user_id)?;
    let reply = ctx.connection.client.balance(user_id).await?;
    let balance = &reply.value;
    Ok(ctx.out.done(&reply.raw, || {
        let payout_bag = balance.payout_bag().map(|bag| bag.bag.clone());
        let mut lines: Vec<String> = balance
            .bags
            .iter()
            .map(|bag| {
                let amount = bag
                    .pesos()
                    .map(|p| p.to_string())
                    .unwrap_or_else(|| bag.amount.clone());
                let marker = if Some(&bag.bag) == payout_bag.as_ref() {
                    format!("  ({})", crate::t!("balance-pays-payouts"))
                } else {
                    String::new()
                };
                format!("{:<28} {:>18}{marker}", bag.bag, amount)
            })
            .collect();
        lines.push(crate::t!("balance-as-of", date = balance.date.as_str()));
        lines.join("\n")
    }))
}
