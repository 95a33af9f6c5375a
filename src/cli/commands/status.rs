//! Looking things up: a payment's status (and `--wait`), banks for a method, banks for a phone.

use crate::validate::Field;
use std::time::Duration;

use super::*;
use crate::api::family_b::*;
use crate::cli::output::Failure;
use crate::t;
use crate::validate;

fn describe_status(record: &StatusRecord) -> String {
    let mut rows = vec![
        (t!("cli-status-state"), record.status.to_string()),
        (t!("cli-status-amount"), record.shown_amount()),
        (t!("cli-status-date"), record.date.clone()),
    ];
    if let Some(cost) = record.shown_cost() {
        rows.insert(2, (t!("cli-status-cost"), cost));
    }
    if record.payment_method.is_some() {
        rows.push((t!("cli-status-method"), record.method_words()));
    }
    if !record.provider_reference.is_empty() {
        rows.push((t!("cli-status-provider"), record.provider_reference.clone()));
    }
    rows.iter()
        .map(|(label, value)| format!("{label}: {value}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The answer as rows, with the books' own final state first where they keep it against the
/// answer.
fn described(record: &StatusRecord, kept: Option<TransactionStatus>) -> String {
    match kept {
        Some(held) => format!(
            "{}\n{}",
            t!("cli-status-books-keep", held = held.to_string()),
            describe_status(record)
        ),
        None => describe_status(record),
    }
}

pub async fn status(ctx: &Context<'_>, reference: &str, wait: bool, wait_limit: u64) -> Outcome {
    let reference = validate::required(Field::Reference, reference)?;
    let client = &ctx.connection.client;
    // Every answer about one of this profile's payments goes into its books, as a till's
    // follower's does; a ledger that cannot be opened only means the answer is shown, not kept.
    let books = match ctx.ledger() {
        Ok(ledger) => Some(ledger),
        Err(failure) => {
            ctx.out.note(failure.to_string());
            None
        }
    };
    if !wait {
        let asked_at = crate::ledger::now_ms();
        let reply = client.payment_status(&reference).await?;
        let applied = apply_to_books(ctx, books.clone(), &reference, &reply.value, asked_at).await;
        let held = books_hold(applied.as_ref());
        return Ok(answered(ctx, &reference, &reply, held));
    }
    // Until it ends, riding out a dropped line: said once on stderr when the service stops
    // answering and once when it is back, and asked again the moment it is.
    let following = crate::follow::Following::start(Some(Duration::from_secs(wait_limit)));
    let reach = client.reachability();
    let mut last = None;
    let mut away_said = false;
    loop {
        let asked_at = crate::ledger::now_ms();
        match client.payment_status(&reference).await {
            Ok(reply) => {
                if away_said {
                    away_said = false;
                    ctx.out.note(t!("cli-service-back"));
                }
                let applied =
                    apply_to_books(ctx, books.clone(), &reference, &reply.value, asked_at).await;
                // The books' final state ends the wait too: nothing the service says moves it.
                let held = books_hold(applied.as_ref());
                let status = reply.value.status;
                if status.is_final() || held != Held::Same {
                    return Ok(answered(ctx, &reference, &reply, held));
                }
                if last != Some(status) {
                    last = Some(status);
                    ctx.out.note(format!("{reference}: {status}"));
                }
            }
            // No answer is not the answer: keep asking until the limit.
            Err(error) if error.is_network() => {
                if !away_said {
                    away_said = true;
                    ctx.out
                        .note(t!("cli-service-away", error = error.to_string()));
                }
            }
            Err(error) => return Err(error.into()),
        }
        let back = async {
            if reach.current().is_up() {
                std::future::pending::<()>().await;
            } else {
                reach.back().await;
            }
        };
        let waited = tokio::select! {
            more = following.wait() => more,
            () = back => true,
        };
        if !waited {
            let state = last.map(|status| status.to_string()).unwrap_or_default();
            return Err(Failure::Local(t!(
                "cli-status-still",
                reference = reference.as_str(),
                state = state,
                seconds = wait_limit
            )));
        }
    }
}

/// Applies one answer, asked at `asked_at`, to the books when `reference` is one of this
/// profile's payments; what it did, when it did anything.
async fn apply_to_books(
    ctx: &Context<'_>,
    books: Option<std::sync::Arc<crate::ledger::Ledger>>,
    reference: &str,
    answer: &StatusRecord,
    asked_at: i64,
) -> Option<crate::collections::Applied> {
    let ledger = books?;
    let profile = ctx.connection.profile_name.clone();
    let (reference, answer) = (reference.to_owned(), answer.clone());
    let applied = tokio::task::spawn_blocking(move || {
        match ledger.collection_by_reference(&profile, &reference)? {
            Some(collection) => crate::collections::apply_answer(
                &ledger,
                &profile,
                &collection,
                &answer,
                asked_at,
                crate::ledger::now_ms(),
            )
            .map(Some),
            None => Ok(None),
        }
    })
    .await;
    match applied {
        Ok(Ok(applied)) => applied,
        Ok(Err(error)) => {
            ctx.out.note(error.to_string());
            None
        }
        Err(error) => {
            ctx.out.note(error.to_string());
            None
        }
    }
}

/// What the books hold of an answer: the same (they took it), or a final state of their own
/// kept against it (a code, an answer that crossed the final one), or contradicted by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Held {
    Same,
    Kept(TransactionStatus),
    Contradicted(TransactionStatus),
}

fn books_hold(applied: Option<&crate::collections::Applied>) -> Held {
    use crate::ledger::StatusWrite;
    match applied.map(|applied| applied.written) {
        Some(StatusWrite::Contradicted { held }) => Held::Contradicted(held),
        Some(StatusWrite::Kept { held }) => Held::Kept(held),
        _ => Held::Same,
    }
}

/// The answer said, text or JSON alike: where the books hold another state, both say it beside
/// the service's answer (`books` in the document); a contradiction of a final state is a failure
/// of its own (both states said, exit 4), the document still printed in JSON.
fn answered(
    ctx: &Context<'_>,
    reference: &str,
    reply: &crate::api::Reply<StatusRecord>,
    held: Held,
) -> std::process::ExitCode {
    let answer = &reply.value;
    match held {
        Held::Same => ctx.out.done(&reply.raw, || described(answer, None)),
        Held::Kept(books) => ctx.out.done(&with_books(&reply.raw, books, false), || {
            described(answer, Some(books))
        }),
        Held::Contradicted(books) => {
            let failure = Failure::Contradiction(t!(
                "cli-status-contradicted",
                reference = reference,
                held = books.to_string(),
                answered = answer.status.to_string()
            ));
            ctx.out.done_but(
                &with_books(&reply.raw, books, true),
                || described(answer, Some(books)),
                &failure,
            )
        }
    }
}

/// The service's answer as it came, and beside it what the books hold: their final state (its
/// id as the service numbers states, and its word) and whether the answer contradicts it.
fn with_books(
    raw: &serde_json::Value,
    held: TransactionStatus,
    contradicted: bool,
) -> serde_json::Value {
    let books = serde_json::json!({
        "status": held.id(),
        "state": held.word(),
        "final": held.is_final(),
        "contradicted": contradicted,
    });
    match raw {
        serde_json::Value::Object(answer) => {
            let mut document = answer.clone();
            document.insert("books".to_owned(), books);
            serde_json::Value::Object(document)
        }
        other => serde_json::json!({"answer": other, "books": books}),
    }
}

pub async fn banks(ctx: &Context<'_>, method_id: i64) -> Outcome {
    validate::positive_id(Field::Method, method_id)?;
    let reply = ctx.connection.client.payment_features(method_id).await?;
    Ok(ctx.out.done(&reply.raw, || {
        let lines: Vec<String> = reply
            .value
            .real_banks()
            .map(|bank| format!("{:>6}  {}", bank.id, bank.name))
            .collect();
        if lines.is_empty() {
            t!("cli-no-bank-list")
        } else {
            lines.join("\n")
        }
    }))
}

pub async fn instant_banks(ctx: &Context<'_>, cellphone: &str) -> Outcome {
    let cellphone = validate::cellphone(Field::Cellphone, cellphone)?;
    let reply = ctx.connection.client.instant_banks(&cellphone).await?;
    Ok(ctx.out.done(&reply.raw, || {
        if reply.value.banks.is_empty() {
            t!(
                "accounts-no-banks",
                number = validate::group_cellphone(&cellphone)
            )
        } else {
            reply
                .value
                .banks
                .iter()
                .map(|bank| format!("{}  {}", bank.name, bank.bank_account_number))
                .collect::<Vec<_>>()
                .join("\n")
        }
    }))
}
