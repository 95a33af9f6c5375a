//! The books from the terminal: the day's close (the same figures as Cuadre del día) and the
//! CSV export.

use super::*;
use crate::ledger::close::CloseLines;
use crate::ledger::reconcile::{self, Report, Totals};
use time::Date;

/// The range a command names: `--from` (default today) to `--to` (default `--from`), both
/// ends included; every bad date is said at once, and nothing is read.
pub(super) fn date_range(from: Option<&str>, to: Option<&str>) -> Result<(Date, Date), Failure> {
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
/// It starts with the three figures (`sales`, `received`, `owed`), as every surface does; the
/// detail follows, as it was.
fn close_document(report: &Report, catalog: &crate::api::catalog::MethodCatalog) -> Value {
    let figures = figures_document(report, catalog);
    json!({
        "sales": figures["sales"],
        "received": figures["received"],
        "owed": figures["owed"],
        "from": reconcile::format_date(report.from),
        "to": reconcile::format_date(report.to),
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
        "returns": returns_json(report, catalog),
        "cash": cash_json(&report.cash),
        "tabs": tabs_json(&report.tabs),
        "exceptions": report.exceptions.iter().map(|exception| json!({
            "kind": exception.kind.as_str(),
            "reference": exception.reference,
            "detail": exception.detail,
        })).collect::<Vec<_>>(),
        "notifications": report.notifications,
    })
}

/// The three figures for programs, as `paydesk sales --json` gives them (one function, so the
/// two agree): Ventas, Recibido (the service's money and, apart, the drawers' cash) and Por
/// cobrar. `received` also keeps `count`, `gross`, `fee` and `net` at its top, where scripts
/// written before read the service's money.
fn figures_document(report: &Report, catalog: &crate::api::catalog::MethodCatalog) -> Value {
    let mut figures = super::figures::figures_json(&report.figures, catalog);
    let service = totals_json(&report.figures.received.service);
    if let (Some(received), Some(service)) =
        (figures["received"].as_object_mut(), service.as_object())
    {
        for (key, value) in service {
            received.insert(key.clone(), value.clone());
        }
    }
    figures
}

/// The three figures for a person, first: each with its answer, what it is, its parts, and
/// what is said apart.
fn figures_text(figures: &crate::ledger::close::FigureLines, lines: &mut Vec<String>) {
    for figure in figures.all() {
        match figure.amount {
            Some(amount) => lines.push(format!("{}: {amount}", figure.title)),
            None => lines.push(figure.title.clone()),
        }
        lines.push(format!("  {}", figure.meaning));
        for line in &figure.lines {
            let indent = if line.part { "    " } else { "  " };
            match line.amount {
                Some(amount) => lines.push(format!("{indent}{}: {amount}", line.label)),
                None => lines.push(format!("{indent}{}:", line.label)),
            }
        }
        lines.extend(figure.apart.iter().map(|words| format!("  {words}")));
    }
}

/// The drawers' cash, apart from the service's money (`counted` says whose word it is): what was
/// written in the range, and each till's shift with its count.
fn cash_json(cash: &reconcile::CashDay) -> Value {
    let sum =
        |sum: &crate::ledger::CashSum| json!({"count": sum.count, "amount": sum.amount.get()});
    let close = crate::ledger::close::CashLines::of(cash);
    json!({
        "counted": "cashier",
        "sales": sum(&cash.sales),
        "byCashier": cash.sales_by_cashier.iter().map(|(name, total)| {
            let mut row = sum(total);
            row["cashier"] = json!(name);
            row
        }).collect::<Vec<_>>(),
        "returns": sum(&cash.returns),
        "in": sum(&cash.cash_in),
        "out": sum(&cash.cash_out),
        "netSales": cash.net_sales().get(),
        "voided": sum(&cash.voided),
        "drawers": cash.drawers.iter().zip(&close.drawers).map(|(drawer, line)| {
            let shift = &drawer.report.shift;
            json!({
                "shift": shift.id,
                "till": shift.till_name,
                "openedBy": line.opened_by,
                "openedAt": reconcile::local_time(shift.opened_at),
                "closedAt": shift.close.as_ref().map(|close| reconcile::local_time(close.closed_at)),
                "closedBy": shift.close.as_ref().map(|close| reconcile::who(&close.by)),
                "base": shift.base.get(),
                "expected": drawer.expected.get(),
                "counted": drawer.counted.map(|counted| counted.get()),
                "difference": drawer.difference().map(|d| d.signed()),
                "differenceWords": line.difference,
            })
        }).collect::<Vec<_>>(),
        "difference": cash.difference().map(|d| d.signed()),
        "openDrawers": cash.open_drawers(),
    })
}

/// Customers' tabs for programs: `"money": false` over what was taken (not money received), and
/// beside each amount collected where it is already counted (`"countedIn"`: the service's
/// received payments, or the drawers' money in), so a program adds neither a second time.
fn tabs_json(tabs: &reconcile::TabDay) -> Value {
    let sum = |sum: &reconcile::TabSum| json!({"count": sum.count, "amount": sum.amount.get()});
    let counted_in = |collected: &reconcile::TabSum, place: &str| {
        let mut row = sum(collected);
        row["countedIn"] = json!(place);
        row
    };
    json!({
        "money": false,
        "given": sum(&tabs.given),
        "byCashier": tabs.given_by_cashier.iter().map(|(name, total)| {
            let mut row = sum(total);
            row["cashier"] = json!(name);
            row
        }).collect::<Vec<_>>(),
        "paidByService": counted_in(&tabs.paid_by_service, "service"),
        "paidInCash": counted_in(&tabs.paid_in_cash, "cash"),
        "owedNow": sum(&tabs.owed),
        "creditNow": sum(&tabs.credit),
    })
}

/// Customers' tabs for a person, under their heading: not money, and where each collected
/// amount is already counted.
fn tabs_text(tabs: &crate::ledger::close::TabLines, lines: &mut Vec<String>) {
    lines.push(tabs.heading.clone());
    for line in &tabs.lines {
        let indent = if line.part { "    " } else { "  " };
        let mut text = format!(
            "{indent}{}: {} · {}",
            line.label, line.sum.count, line.sum.amount
        );
        if let Some(counted_in) = &line.counted_in {
            text.push_str(&format!(" ({counted_in})"));
        }
        lines.push(text);
    }
    lines.push(format!("  {}", tabs.owed));
    lines.extend(tabs.credit.iter().map(|credit| format!("  {credit}")));
}

/// The drawers' cash for a person, under its heading: counted, not confirmed.
fn cash_text(cash: &crate::ledger::close::CashLines, lines: &mut Vec<String>) {
    lines.push(cash.heading.clone());
    for line in &cash.lines {
        let indent = if line.part { "    " } else { "  " };
        lines.push(format!(
            "{indent}{}: {} · {}",
            line.label, line.sum.count, line.sum.amount
        ));
    }
    let [base, expected, counted] = [
        crate::t!("cashpaper-base"),
        crate::t!("cashclose-expected"),
        crate::t!("cashclose-counted"),
    ];
    for drawer in &cash.drawers {
        let counted_words = drawer
            .counted
            .map_or_else(|| "—".to_owned(), |pesos| pesos.to_string());
        lines.push(format!(
            "  {} · {} {} · {}",
            drawer.till, drawer.opened_by, drawer.opened_at, drawer.closed
        ));
        lines.push(format!(
            "    {base} {} · {expected} {} · {counted} {counted_words} · {}",
            drawer.base, drawer.expected, drawer.difference
        ));
    }
    lines.extend(cash.difference.clone());
}

/// Money back to customers, apart from payouts: by how each stands, the confirmed ones by the
/// sale's method and cashier, and sales less returns.
fn returns_json(report: &Report, catalog: &crate::api::catalog::MethodCatalog) -> Value {
    let returns = &report.returns;
    let net = |figures: reconcile::SalesLessReturns| {
        json!({
            "sold": figures.sold.get(),
            "returned": figures.returned.get(),
            "left": figures.left.get(),
        })
    };
    json!({
        "paid": totals_json(&returns.paid),
        "open": totals_json(&returns.open),
        "failed": totals_json(&returns.failed),
        "byMethod": returns.by_method.iter().map(|(kind, totals)| {
            let mut row = totals_json(totals);
            row["kind"] = json!(kind.code());
            row["name"] = json!(kind.words(catalog));
            row
        }).collect::<Vec<_>>(),
        "byCashier": returns.by_cashier.iter().map(|(name, totals)| {
            let mut row = totals_json(totals);
            row["cashier"] = json!(name);
            row
        }).collect::<Vec<_>>(),
        // Ventas less returns: the figures' (sold, returned, left), as the close's lines say.
        "net": net(reconcile::SalesLessReturns {
            sold: report.figures.sales.sold.amount,
            returned: report.figures.sales.returned.amount,
            left: report.figures.sales.net(),
        }),
    })
}

/// The close for a person: the lines the app's panel shows (`ledger::close`), one a line.
fn close_text(report: &Report, catalog: &crate::api::catalog::MethodCatalog) -> String {
    let close = CloseLines::of(report, catalog);
    let [_, paid, fee, receive] = CloseLines::columns();
    let mut lines = vec![close_title(report)];
    figures_text(&close.figures, &mut lines);
    lines.push(close.service_heading.clone());
    for line in &close.received {
        let totals = &line.totals;
        let indent = if line.part { "  " } else { "" };
        lines.push(format!(
            "{indent}{}: {} · {paid} {} · {fee} {} · {receive} {}",
            line.label, totals.count, totals.gross, totals.fee, totals.net
        ));
    }
    lines.extend(close.unconfirmed.clone());
    // A payout is an amount sent: no payer, no fee.
    for line in &close.payouts {
        lines.push(format!(
            "{}: {} · {}",
            line.label, line.totals.count, line.totals.gross
        ));
    }
    // Returns apart from payouts: an amount sent back, then what is left of the sales.
    for line in &close.returns {
        let indent = if line.part { "  " } else { "" };
        lines.push(format!(
            "{indent}{}: {} · {}",
            line.label, line.totals.count, line.totals.gross
        ));
    }
    let [sold, returned, left] = CloseLines::net_columns();
    for line in &close.net {
        let indent = if line.part { "  " } else { "" };
        let figures = &line.figures;
        lines.push(format!(
            "{indent}{}: {sold} {} · {returned} {} · {left} {}",
            line.label, figures.sold, figures.returned, figures.left
        ));
    }
    lines.extend(close.returns_fee.clone());
    if let Some(cash) = &close.cash {
        cash_text(cash, &mut lines);
    }
    if let Some(tabs) = &close.tabs {
        tabs_text(tabs, &mut lines);
    }
    if !close.by_state.is_empty() {
        lines.push(CloseLines::by_state_heading());
        lines.extend(close.by_state.iter().map(|state| format!("  {state}")));
    }
    lines.push(close.exceptions_heading.clone());
    for exception in &close.exceptions {
        lines.push(format!(
            "  {} · {} · {}",
            exception.kind, exception.reference, exception.detail
        ));
    }
    lines.push(close.notifications);
    lines.join("\n")
}

/// The day, or the range, the close is for.
fn close_title(report: &Report) -> String {
    if report.from == report.to {
        crate::t!(
            "cli-close-title-day",
            day = crate::clock::shown_date(report.from)
        )
    } else {
        crate::t!(
            "cli-close-title",
            from = crate::clock::shown_date(report.from),
            to = crate::clock::shown_date(report.to)
        )
    }
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
    let beside = crate::ledger::reconcile::notifications_path(file, crate::i18n::current());
    let shifts = crate::ledger::reconcile::shifts_path(file, crate::i18n::current());
    let sales = crate::ledger::reconcile::sales_path(file, crate::i18n::current());
    let document = json!({
        "file": file.display().to_string(),
        "rows": written,
        "notificationsFile": beside.display().to_string(),
        "shiftsFile": shifts.display().to_string(),
        "salesFile": sales.display().to_string(),
    });
    Ok(ctx.out.done(&document, || {
        format!(
            "{}\n{}\n{}\n{}",
            crate::t!(
                "activity-exported",
                rows = written.to_string(),
                path = file.display().to_string()
            ),
            crate::t!(
                "cli-exported-notifications",
                path = beside.display().to_string()
            ),
            crate::t!(
                "cashclose-cli-exported-shifts",
                path = shifts.display().to_string()
            ),
            crate::t!(
                "dayclose-cli-exported-sales",
                path = sales.display().to_string()
            )
        )
    }))
}
