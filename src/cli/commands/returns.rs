//! `paydesk refund REF`: money back to a customer for a sale. A return is a payout (the service
//! publishes no refund), checked, confirmed and sent once as a payout is, by the owner; every
//! refusal of the books or the rules exits 2 with nothing sent.

use std::sync::Arc;

use serde_json::{Value, json};

use super::context::{Context, Outcome};
use super::payouts::{payout_failure, payout_json};
use crate::cli::args::RefundArgs;
use crate::cli::output::Failure;
use crate::ledger::{Ledger, ReturnRecord, ReturnRefusal, SaleReturns};
use crate::payouts::returns::{self, ReturnError, ReturnPlan};
use crate::requests::{ReturnForm, Service};
use crate::validate::{self, Field, ValidationError};

pub async fn refund(ctx: &Context<'_>, args: &RefundArgs) -> Outcome {
    // `--amount ""` is not "all that remains": only leaving the flag out says that.
    if let Some(typed) = args
        .amount
        .as_deref()
        .filter(|typed| typed.trim().is_empty())
    {
        validate::amount(Field::Amount, typed)?;
    }
    let ask = ReturnForm {
        sale: args.reference.clone(),
        payment: args.payment.clone().unwrap_or_default(),
        amount: args.amount.clone().unwrap_or_default(),
        reason: args.reason.clone(),
        reason_words: args.note.clone().unwrap_or_default(),
        destination: args.to.clone(),
    }
    .parse(&Service::of(ctx.connection))
    .map_err(Failure::Input)?;
    let ledger = ctx.ledger()?;
    let client = &ctx.connection.client;
    let profile = ctx.connection.profile_name.clone();
    let plan = returns::prepare(
        ledger.clone(),
        client,
        &profile,
        ctx.connection.user_id,
        ask,
    )
    .await
    .map_err(return_failure)?;
    let repeat_confirmed = confirm_return(ctx, args, &plan)?;
    let record = returns::send(ledger.clone(), client, &plan, repeat_confirmed, &ctx.actor)
        .await
        .map_err(return_failure)?;
    let sale = sale_now(ledger, &profile, &record).await;
    Ok(ctx.out.done(&return_json(&record, sale.as_ref()), || {
        describe_return(&record, sale.as_ref())
    }))
}

/// The owner's yes: asked at the terminal, or given with `--yes`, which never covers a return
/// like a recent payout unless `--allow-repeat` says so too. Returns whether a repeat was agreed.
fn confirm_return(
    ctx: &Context<'_>,
    args: &RefundArgs,
    plan: &ReturnPlan,
) -> Result<bool, Failure> {
    let similar = plan.payout.similar.as_ref();
    if args.yes {
        if let Some(previous) = similar
            && !args.allow_repeat
        {
            let warning =
                crate::payouts::PayoutError::NeedsDuplicateConfirmation(Box::new(previous.clone()))
                    .to_string();
            return Err(Failure::NotConfirmed(crate::t!(
                "cli-repeat-not-sent",
                warning = warning
            )));
        }
        return Ok(similar.is_some());
    }
    super::payouts::ask_to_send(ctx, plan.summary(), plan.payout.balance, similar)?;
    Ok(similar.is_some())
}

/// What the books refuse is bad input (nothing was written or sent, exit 2); the payout's own
/// failures as a payout's.
fn return_failure(error: ReturnError) -> Failure {
    let field = match &error {
        ReturnError::Refused(ReturnRefusal::OverRemaining { .. })
        | ReturnError::InsufficientBalance { .. } => Field::Amount,
        _ => Field::Reference,
    };
    match error {
        ReturnError::Invalid(problems) => Failure::Input(problems),
        ReturnError::Payout(payout) => payout_failure(payout),
        refused @ (ReturnError::Refused(_) | ReturnError::InsufficientBalance { .. }) => {
            Failure::Input(vec![ValidationError::new(field, refused.to_string())])
        }
    }
}

/// What went back of the sale now, for the output; a book that cannot say it leaves it out
/// (the return itself was recorded).
async fn sale_now(
    ledger: Arc<Ledger>,
    profile: &str,
    record: &ReturnRecord,
) -> Option<SaleReturns> {
    let (profile, sale, payment) = (
        profile.to_owned(),
        record.tie.sale.clone(),
        record.tie.payment.clone(),
    );
    let read =
        tokio::task::spawn_blocking(move || ledger.returned(&profile, &sale, &payment)).await;
    match read {
        Ok(Ok(sale)) => sale,
        Ok(Err(error)) => {
            tracing::warn!(%error, "what went back of the sale could not be read");
            None
        }
        Err(error) => {
            tracing::warn!(%error, "what went back of the sale could not be read");
            None
        }
    }
}

fn return_json(record: &ReturnRecord, sale: Option<&SaleReturns>) -> Value {
    let mut document = payout_json(&record.payout);
    document["sale"] = json!(record.tie.sale);
    document["payment"] = if record.tie.payment.is_empty() {
        Value::Null
    } else {
        json!(record.tie.payment)
    };
    document["reason"] = json!(record.tie.reason.code());
    document["reasonWords"] = json!(record.tie.reason.words());
    document["reply"] = record
        .payout
        .reply_json
        .as_deref()
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or(Value::Null);
    if let Some(sale) = sale {
        document["returned"] = json!({
            "paid": sale.paid.get(),
            "returned": sale.returned.get(),
            "underWay": sale.under_way.get(),
            "remaining": sale.remaining().get(),
            "words": sale.words(),
        });
    }
    document
}

fn describe_return(record: &ReturnRecord, sale: Option<&SaleReturns>) -> String {
    let payout = &record.payout;
    let mut text = crate::t!(
        "cli-return-sent",
        amount = payout.amount.to_string(),
        destination = validate::group_cellphone(&payout.destination),
        sale = record.tie.sale.as_str(),
        reason = record.tie.reason.words(),
        state = payout.state.words(),
        reference = payout.reference1.as_str(),
        status_reference = payout
            .transaction_reference
            .clone()
            .unwrap_or_else(|| crate::t!("cli-none-given"))
    );
    if let Some(words) = sale.and_then(SaleReturns::words) {
        text.push('\n');
        text.push_str(&words);
    }
    text
}
