//! `paydesk cash …`: the drawer from the terminal. Only the books are asked, never the service:
//! cash works with the line down. Every form is read whole first (nothing is written on bad
//! input), then the books decide their own rules under the till's lock; a refusal exits 2 with
//! its words and nothing written.

use std::sync::Arc;

use serde_json::{Value, json};

use super::context::{Local, Outcome};
use super::ledger::date_range;
use crate::cli::args::CashCommand;
use crate::cli::output::{Failure, Output, labelled};
use crate::ledger::activity::Actor;
use crate::ledger::{CashEntry, CashMove, CashRefusal, Ledger, LedgerError, ShiftReport};
use crate::money::Pesos;
use crate::money::cash::Count;
use crate::requests::{CashMoveForm, CashSaleForm, cash_base, cash_reason};
use crate::t;
use crate::validate::{Field, ValidationError};

/// Runs `command` on the books `local` names, as `actor`.
pub async fn cash(local: &Local<'_>, actor: Actor, out: Output, command: &CashCommand) -> Outcome {
    let at = crate::clock::now_ms();
    match command {
        CashCommand::Open { base } => open(local, actor, out, base, at).await,
        CashCommand::Sale {
            amount,
            received,
            description,
            instead_of,
            open_with_base,
        } => {
            let form = CashSaleForm {
                amount: amount.clone(),
                tendered: received.clone().unwrap_or_default(),
                description: description.clone().unwrap_or_default(),
            };
            let instead_of = instead_of.clone().unwrap_or_default();
            sale(
                local,
                actor,
                out,
                (form, instead_of, open_with_base.as_deref()),
                at,
            )
            .await
        }
        CashCommand::In { amount, reason } | CashCommand::Out { amount, reason } => {
            let (amount, reason) = CashMoveForm {
                amount: amount.clone(),
                reason: reason.clone(),
            }
            .parse()
            .map_err(Failure::Input)?;
            let what = match command {
                CashCommand::In { .. } => CashMove::In { amount, reason },
                _ => CashMove::Out { amount, reason },
            };
            written(local.open_ledger()?, actor, out, what, at).await
        }
        CashCommand::Return {
            reference,
            amount,
            reason,
        } => {
            give_back(
                local,
                actor,
                out,
                (reference, amount.as_deref(), reason),
                at,
            )
            .await
        }
        CashCommand::Close { shift, count, note } => {
            close(local, actor, out, (*shift, count, note.as_deref()), at).await
        }
        CashCommand::Void { entry, reason } => {
            let reason = cash_reason(reason)?;
            let ledger = local.open_ledger()?;
            let id = *entry;
            let voided = books(move || ledger.void_cash(&actor, id, &reason, at)).await?;
            Ok(out.done(&entry_json(&voided), || {
                labelled(Some(t!("cli-cash-voided")), entry_rows(&voided))
            }))
        }
        CashCommand::Shift { id } => shift(local, out, *id).await,
        CashCommand::Shifts { from, to } => {
            shifts(local, out, from.as_deref(), to.as_deref()).await
        }
    }
}

async fn open(local: &Local<'_>, actor: Actor, out: Output, base: &str, at: i64) -> Outcome {
    let base = cash_base(base)?;
    let ledger = local.open_ledger()?;
    let shift = books(move || ledger.open_shift(&actor, base, at)).await?;
    Ok(out.done(
        &json!({"shift": shift.id, "base": shift.base.get(), "openedAt": shift.opened_at}),
        || {
            t!(
                "cli-cash-opened",
                shift = shift.id,
                base = shift.base.to_string()
            )
        },
    ))
}

/// A cash sale: the form, the electronic sale it is charged instead of, and the base of a shift
/// opened in the same step.
async fn sale(
    local: &Local<'_>,
    actor: Actor,
    out: Output,
    (form, instead_of, open_with_base): (CashSaleForm, String, Option<&str>),
    at: i64,
) -> Outcome {
    let mut problems = Vec::new();
    let ask = form.parse().map_err(|found| problems.extend(found)).ok();
    let open_with = match open_with_base.map(cash_base) {
        Some(Ok(base)) => Some(base),
        Some(Err(problem)) => {
            problems.push(problem);
            None
        }
        None => None,
    };
    let Some(ask) = ask.filter(|_| problems.is_empty()) else {
        return Err(Failure::Input(problems));
    };
    let ledger = local.open_ledger()?;
    let (opened, sale) =
        books(move || crate::cash::sell(&ledger, &actor, &ask, instead_of.trim(), open_with, at))
            .await?;
    let mut document = entry_json(&sale);
    if let Some(shift) = &opened {
        document["openedShift"] = json!(shift.id);
    }
    Ok(out.done(&document, || {
        let mut rows = entry_rows(&sale);
        if let Some(shift) = &opened {
            rows.insert(0, (t!("cli-cash-shift"), shift.id.to_string()));
        }
        labelled(Some(t!("cli-cash-sold")), rows)
    }))
}

/// Money back in cash for a cash sale: all that remains of it unless an amount is typed.
async fn give_back(
    local: &Local<'_>,
    actor: Actor,
    out: Output,
    (reference, amount, reason): (&str, Option<&str>, &str),
    at: i64,
) -> Outcome {
    let mut problems: Vec<ValidationError> = Vec::new();
    let reason = cash_reason(reason).map_err(|p| problems.push(p)).ok();
    let typed = match amount.map(|amount| crate::validate::amount(Field::Amount, amount)) {
        Some(Err(problem)) => {
            problems.push(problem);
            None
        }
        Some(Ok(amount)) => Some(amount),
        None => None,
    };
    let Some(reason) = reason.filter(|_| problems.is_empty()) else {
        return Err(Failure::Input(problems));
    };
    let ledger = local.open_ledger()?;
    let sale = reference.trim().to_owned();
    let remaining = {
        let ledger = ledger.clone();
        let sale = sale.clone();
        books(move || ledger.cash_sale(&sale)).await?.1
    };
    let what = CashMove::Return {
        amount: typed.unwrap_or(remaining),
        sale,
        reason,
    };
    written(ledger, actor, out, what, at).await
}

/// The count, then the close: this till's open shift unless one is named.
async fn close(
    local: &Local<'_>,
    actor: Actor,
    out: Output,
    (shift, count, note): (Option<i64>, &[String], Option<&str>),
    at: i64,
) -> Outcome {
    let mut counted = Count::default();
    let mut problems = Vec::new();
    for part in count {
        if let Err(error) = counted.read_part(part) {
            problems.push(ValidationError::new(Field::Count, error.to_string()));
        }
    }
    if !problems.is_empty() {
        return Err(Failure::Input(problems));
    }
    let note = note.unwrap_or_default().to_owned();
    let ledger = local.open_ledger()?;
    let report = books(move || {
        let id = match shift {
            Some(id) => id,
            None => match ledger.open_shift_here()? {
                Some(open) => open.shift.id,
                None => return Err(LedgerError::Cash(CashRefusal::NoOpenShift)),
            },
        };
        ledger.close_shift(&actor, id, &counted, &note, at)
    })
    .await?;
    Ok(out.done(&shift_json(&report), || shift_text(&report)))
}

async fn shift(local: &Local<'_>, out: Output, id: Option<i64>) -> Outcome {
    let ledger = local.open_ledger()?;
    let report = books(move || match id {
        Some(id) => ledger
            .shift_report(id)?
            .ok_or(LedgerError::Cash(CashRefusal::NoSuchShift(id))),
        None => ledger
            .open_shift_here()?
            .ok_or(LedgerError::Cash(CashRefusal::NoOpenShift)),
    })
    .await?;
    Ok(out.done(&shift_json(&report), || shift_text(&report)))
}

async fn shifts(local: &Local<'_>, out: Output, from: Option<&str>, to: Option<&str>) -> Outcome {
    let (from, to) = date_range(from, to)?;
    let (start, end) = crate::ledger::reconcile::bounds(from, to);
    let ledger = local.open_ledger()?;
    let shifts = books(move || ledger.shifts_between(start, end)).await?;
    let document = json!(shifts.iter().map(shift_json).collect::<Vec<_>>());
    Ok(out.done(&document, || {
        if shifts.is_empty() {
            t!("cli-cash-no-shifts")
        } else {
            shifts.iter().map(shift_line).collect::<Vec<_>>().join("\n")
        }
    }))
}

async fn written(
    ledger: Arc<Ledger>,
    actor: Actor,
    out: Output,
    what: CashMove,
    at: i64,
) -> Outcome {
    let entry = books(move || ledger.record_cash(&actor, &what, at)).await?;
    Ok(out.done(&entry_json(&entry), || {
        labelled(Some(entry.kind.words()), entry_rows(&entry))
    }))
}

/// Runs `work` on the blocking pool; the books' refusal is bad input (exit 2, nothing written),
/// anything else a local failure.
async fn books<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, LedgerError> + Send + 'static,
) -> Result<T, Failure> {
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(done)) => Ok(done),
        Ok(Err(LedgerError::Cash(refusal))) => Err(Failure::Refused(refusal.to_string())),
        Ok(Err(LedgerError::Sale(refusal))) => Err(Failure::Refused(refusal.to_string())),
        Ok(Err(error @ LedgerError::DuplicateReference(_))) => {
            Err(Failure::Refused(error.to_string()))
        }
        Ok(Err(error)) => Err(Failure::Local(error.to_string())),
        Err(error) => Err(Failure::Local(error.to_string())),
    }
}

fn entry_json(entry: &CashEntry) -> Value {
    json!({
        "id": entry.id,
        "shift": entry.shift,
        "at": entry.at,
        "kind": entry.kind.code(),
        "amount": entry.amount.get(),
        "received": entry.tendered.map(|p| p.get()),
        "change": entry.change().map(|p| p.get()),
        "reference": entry.reference,
        "sale": entry.sale.map(|number| number.to_string()),
        "insteadOf": entry.instead_of,
        "reason": entry.reason,
        "description": entry.description,
        "by": entry.by.words(),
        "till": entry.by.till,
        "voided": entry.void.as_ref().map(|void| json!({
            "at": void.at,
            "by": void.by.words(),
            "reason": void.reason,
        })),
        "money": "counted",
    })
}

fn entry_rows(entry: &CashEntry) -> Vec<(String, String)> {
    let optional = |value: Option<crate::money::Pesos>| value.map(|p| p.to_string());
    vec![
        (
            t!("cli-sale-row"),
            entry
                .sale
                .map(|number| number.to_string())
                .unwrap_or_default(),
        ),
        (t!("cli-cash-entry"), entry.id.to_string()),
        (t!("cli-cash-amount"), entry.amount.to_string()),
        (
            t!("cli-cash-received"),
            optional(entry.tendered).unwrap_or_default(),
        ),
        (
            t!("cli-cash-change"),
            optional(entry.change()).unwrap_or_default(),
        ),
        (t!("cli-cash-reference"), entry.reference.clone()),
        (t!("cli-cash-instead-of"), entry.instead_of.clone()),
        (t!("cli-cash-reason"), entry.reason.clone()),
        (t!("cli-cash-by"), entry.by.words()),
        (
            t!("cli-cash-void"),
            entry
                .void
                .as_ref()
                .map(|void| format!("{} ({})", void.reason, void.by.words()))
                .unwrap_or_default(),
        ),
    ]
}

fn shift_json(report: &ShiftReport) -> Value {
    let shift = &report.shift;
    let figures = &report.figures;
    let sum =
        |sum: &crate::ledger::CashSum| json!({"count": sum.count, "amount": sum.amount.get()});
    json!({
        "shift": shift.id,
        "till": shift.till_name,
        "openedAt": shift.opened_at,
        "openedBy": shift.opened_by.words(),
        "base": shift.base.get(),
        "sales": sum(&figures.sales),
        "returns": sum(&figures.returns),
        "cashIn": sum(&figures.cash_in),
        "cashOut": sum(&figures.cash_out),
        "voided": sum(&figures.voided),
        "expectedNow": figures.expected().get(),
        "close": shift.close.as_ref().map(|close| json!({
            "closedAt": close.closed_at,
            "closedBy": close.by.words(),
            "expected": close.expected.get(),
            "counted": close.counted.get(),
            "difference": close.difference().signed(),
            "differenceWords": close.difference().words(),
            "count": close.count.lines().map(|(d, pieces, value)| json!({
                "denomination": d.value.get(),
                "coin": d.coin,
                "pieces": pieces,
                "value": value.get(),
            })).collect::<Vec<_>>(),
            "note": close.note,
        })),
        "entries": report.entries.iter().map(entry_json).collect::<Vec<_>>(),
        "money": "counted",
    })
}

fn shift_line(report: &ShiftReport) -> String {
    let shift = &report.shift;
    let state = match &shift.close {
        Some(close) => t!(
            "cli-cash-shift-closed",
            expected = close.expected.to_string(),
            counted = close.counted.to_string(),
            difference = close.difference().words()
        ),
        None => t!(
            "cli-cash-shift-open",
            expected = report.figures.expected().to_string()
        ),
    };
    format!(
        "{} · {} · {} · {} · {}",
        shift.id,
        shift.till_name,
        shift.opened_by.words(),
        crate::clock::shown_datetime(shift.opened_at),
        state
    )
}

fn shift_text(report: &ShiftReport) -> String {
    let shift = &report.shift;
    let figures = &report.figures;
    let mut rows = vec![
        (t!("cli-cash-till"), shift.till_name.clone()),
        (
            t!("cli-cash-opened-by"),
            format!(
                "{} · {}",
                shift.opened_by.words(),
                crate::clock::shown_datetime(shift.opened_at)
            ),
        ),
        (t!("cli-cash-base"), shift.base.to_string()),
        (t!("cash-kind-sale"), figures.sales.amount.to_string()),
        (t!("cash-kind-return"), figures.returns.amount.to_string()),
        (t!("cash-kind-in"), figures.cash_in.amount.to_string()),
        (t!("cash-kind-out"), figures.cash_out.amount.to_string()),
        (t!("cli-cash-voided-sum"), figures.voided.amount.to_string()),
        (t!("cli-cash-expected"), figures.expected().to_string()),
    ];
    if let Some(close) = &shift.close {
        rows.push((t!("cli-cash-expected-at-close"), close.expected.to_string()));
        rows.push((t!("cli-cash-counted"), close.counted.to_string()));
        rows.push((t!("cli-cash-difference"), close.difference().words()));
    }
    let mut text = labelled(Some(t!("cli-cash-shift-title", shift = shift.id)), rows);
    for entry in &report.entries {
        let what = if entry.reason.is_empty() {
            &entry.reference
        } else {
            &entry.reason
        };
        let voided = entry.void.is_some().then(|| t!("cli-cash-void"));
        text.push_str(&entry_line(
            entry.id,
            &crate::clock::shown_time(entry.at),
            &entry.kind.words(),
            entry.amount,
            what,
            voided.as_deref(),
        ));
    }
    text.push_str(&format!("\n{}", t!("cli-cash-counted-note")));
    text
}

/// One entry under a printed drawer or tab, on a line of its own: its number and when, its kind
/// and amount, what it was for, and a note in brackets where there is one.
pub(super) fn entry_line(
    id: i64,
    when: &str,
    kind: &str,
    amount: Pesos,
    what: &str,
    note: Option<&str>,
) -> String {
    let note = note.map(|note| format!(" ({note})")).unwrap_or_default();
    format!("\n  {id} {when} {kind} {amount} {what}{note}")
}
