//! The books from the terminal: the day's close (the same figures as Cuadre del día) and the
//! CSV export.

use super::*;
use crate::ledger::reconcile::{self, Report, Totals};
use time::Date;

/// The range a command names: `--from` (default today) to `--to` (default `--from`), both
/// ends included; every bad date is said at once, and nothing is read.
fn date_range(from: Option<&str>, to: Option<&str>) -> Result<(Date, Date), Failure> {
    let date = |field: Field, text: Option<&str>| match text {
        None => Ok(reconcile::today()),
        Some(text) => reconcile::parse_date(text).ok_or_else(|| {
            ValidationError::new(
                field,
                crate::t!("rule-date-not", text = format!("{text:?}")),
            )
        }),
    };
    let mut problems = Vec::new();
    let from_date = date(Field::From, from).map_err(|e| problems.push(e)).ok();
    let to_date = date(Field::To, to.or(from))
        .map_err(|e| problems.push(e))
        .ok();
    if let (Some(start), Some(end)) = (from_date, to_date)
        && start > end
    {
        problems.push(ValidationError::new(
            Field::To,
            crate::t!("rule-end-before-start"),
        ));
    }
    checked(problems)?;
    match (from_date, to_date) {
        (Some(from_date), Some(to_date)) => Ok((from_date, to_date)),
        _ => Err(Failure::Local(crate::t!("cli-dates-unreadable"))),
    }
}

/// `paydesk ledger close`: the close of a day or a range for the current profile, as the app's
/// Cuadre del día shows it (both read `Ledger::reconcile`).
pub async fn close_ledger(ctx: &Context<'_>, from: Option<&str>, to: Option<&str>) -> Outcome {
    let (from_date, to_date) = date_range(from, to)?;
    let ledger = ctx.ledger()?;
    let profile = ctx.connection.profile_name.clone();
    let report = tokio::task::spawn_blocking(move || {
        ledger.reconcile(Some(&profile), from_date, to_date, crate::ledger::now_ms())
    })
    .await
    .map_err(|e| Failure::Local(e.to_string()))?
    .map_err(|e| Failure::Local(e.to_string()))?;
    let catalog = &ctx.connection.catalog;
    Ok(ctx.out.done(&close_document(&report, catalog), || {
        close_text(&report, catalog)
    }))
}

fn totals_json(totals: &Totals) -> Value {
    json!({
        "count": totals.count,
        "gross": totals.gross.get(),
        "fee": totals.fee.get(),
        "net": totals.net.get(),
    })
}

/// The close for programs: amounts in whole pesos, kinds and states as codes beside their words.
fn close_document(report: &Report, catalog: &crate::api::catalog::MethodCatalog) -> Value {
    json!({
        "from": reconcile::format_date(report.from),
        "to": reconcile::format_date(report.to),
        "received": totals_json(&report.approved),
        "byMethod": report.by_method.iter().map(|(kind, totals)| {
            let mut row = totals_json(totals);
            row["kind"] = json!(kind.code());
            row["name"] = json!(kind.words(catalog));
            row
        }).collect::<Vec<_>>(),
        "unconfirmed": report.unconfirmed,
        "byState": report.by_state.iter().map(|(state, totals)| json!({
            "state": state.map(|state| state.id()),
            "name": reconcile::state_words(*state),
            "count": totals.count,
            "gross": totals.gross.get(),
        })).collect::<Vec<_>>(),
        "payouts": {
            "paid": totals_json(&report.payouts_paid),
            "open": totals_json(&report.payouts_open),
            "failed": totals_json(&report.payouts_failed),
        },
        "exceptions": report.exceptions.iter().map(|exception| json!({
            "kind": exception.kind.as_str(),
            "reference": exception.reference,
            "detail": exception.detail,
        })).collect::<Vec<_>>(),
        "notifications": report.notifications,
    })
}

/// The close for a person, in the lines of the app's panel.
fn close_text(report: &Report, catalog: &crate::api::catalog::MethodCatalog) -> String {
    let totals_line = |label: &str, totals: &Totals| {
        format!(
            "{label}: {} · {} {} · {} {} · {} {}",
            totals.count,
            crate::t!("paid-by-customer"),
            totals.gross,
            crate::t!("status-fee"),
            totals.fee,
            crate::t!("you-receive"),
            totals.net
        )
    };
    let mut lines = vec![if report.from == report.to {
        crate::t!(
            "cli-close-title-day",
            day = crate::clock::typed_date(report.from)
        )
    } else {
        crate::t!(
            "cli-close-title",
            from = crate::clock::typed_date(report.from),
            to = crate::clock::typed_date(report.to)
        )
    }];
    lines.push(totals_line(
        &crate::t!("activity-approved-collections"),
        &report.approved,
    ));
    for (kind, totals) in &report.by_method {
        lines.push(format!("  {}", totals_line(&kind.words(catalog), totals)));
    }
    if report.unconfirmed > 0 {
        lines.push(crate::t!(
            "reconcile-unconfirmed",
            count = report.unconfirmed
        ));
    }
    // A payout is an amount sent: no payer, no fee.
    for (label, totals) in [
        (crate::t!("activity-payouts-paid"), &report.payouts_paid),
        (crate::t!("activity-payouts-open"), &report.payouts_open),
        (crate::t!("activity-payouts-failed"), &report.payouts_failed),
    ] {
        lines.push(format!("{label}: {} · {}", totals.count, totals.gross));
    }
    if !report.by_state.is_empty() {
        lines.push(crate::t!("activity-by-state"));
        for (state, totals) in &report.by_state {
            lines.push(format!(
                "  {}: {} ({})",
                reconcile::state_words(*state),
                totals.count,
                totals.gross
            ));
        }
    }
    if report.exceptions.is_empty() {
        lines.push(crate::t!("activity-no-exceptions"));
    } else {
        lines.push(crate::t!(
            "activity-exceptions",
            count = report.exceptions.len()
        ));
        for exception in &report.exceptions {
            lines.push(format!(
                "  {} · {} · {}",
                exception.kind.words(),
                exception.reference,
                exception.detail
            ));
        }
    }
    lines.push(crate::t!(
        "reconcile-notifications",
        count = report.notifications
    ));
    lines.join("\n")
}

/// `paydesk ledger export`.
/// `all_profiles`: every profile's payments and payouts; otherwise the current profile's, like
/// the app's export.
pub async fn export_ledger(
    ctx: &Context<'_>,
    from: Option<&str>,
    to: Option<&str>,
    file: &std::path::Path,
    all_profiles: bool,
) -> Outcome {
    let (from_date, to_date) = date_range(from, to)?;
    let ledger = ctx.ledger()?;
    let path = file.to_owned();
    let profile = (!all_profiles).then(|| ctx.connection.profile_name.clone());
    let catalog = ctx.connection.catalog.clone();
    let written = tokio::task::spawn_blocking(move || {
        ledger.export_csv_file(
            profile.as_deref(),
            from_date,
            to_date,
            &path,
            crate::i18n::current(),
            &catalog,
        )
    })
    .await
    .map_err(|e| Failure::Local(e.to_string()))?
    .map_err(|e| Failure::Local(e.to_string()))?;
    let document = json!({"file": file.display().to_string(), "rows": written});
    Ok(ctx.out.done(&document, || {
        crate::t!(
            "activity-exported",
            rows = written.to_string(),
            path = file.display().to_string()
        )
    }))
}
