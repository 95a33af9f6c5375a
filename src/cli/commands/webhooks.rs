//! Notifications: the simulated one, the receiver without the app, verifying a saved one, and
//! the ledger's CSV export.

use std::process::ExitCode;

use serde_json::json;

use super::*;
use crate::api::family_b::*;
use crate::cli::args::*;
use crate::cli::output::Failure;
use crate::money::Pesos;
use crate::validate::{self, Field, ValidationError};

pub async fn notify(ctx: &Context<'_>, args: &NotifyArgs) -> Outcome {
    let dialect = ctx.connection.client.dialect();
    let simulation = if dialect.notification_by_reference() {
        NotifySimulation::Reference(args.reference.clone().unwrap_or_default())
    } else {
        NotifySimulation::Transaction(simulated_transaction(args)?)
    };
    checked(simulation.check(dialect))?;
    let reply = ctx
        .connection
        .client
        .simulate_notification(&simulation)
        .await?;
    Ok(ctx.out.done(&reply.raw, || match &simulation {
        NotifySimulation::Reference(reference) => crate::t!(
            "cli-notification-requested-for",
            reference = reference.trim()
        ),
        NotifySimulation::Transaction(transaction) => crate::t!(
            "cli-notification-requested",
            transaction = transaction.transaction_id,
            state = TransactionStatus::from_id(transaction.status_id).to_string()
        ),
    }))
}

/// The spec's simulation as typed: every flag but `--reference`.
fn simulated_transaction(args: &NotifyArgs) -> Result<SimulatedTransaction, Failure> {
    let mut problems = Vec::new();
    let amount = validate::amount(Field::Amount, args.amount.as_deref().unwrap_or_default())
        .map_err(|e| problems.push(e))
        .ok();
    let cost = non_negative_amount(Field::Cost, args.cost.as_deref().unwrap_or_default())
        .map_err(|failure| collect(&mut problems, failure))
        .ok();
    checked(problems)?;
    let (Some(amount), Some(cost)) = (amount, cost) else {
        return Err(Failure::Local(crate::t!("cli-request-not-built")));
    };
    Ok(SimulatedTransaction {
        transaction_id: args.transaction_id.unwrap_or_default(),
        amount,
        cost,
        status_id: args.status.unwrap_or_default(),
        status_description: None,
        resource_id: args.resource_id,
        reference1: args.reference1.clone(),
    })
}

/// `paydesk webhooks serve`: the receiver without the app, until Ctrl-C or SIGTERM.
pub async fn serve_webhooks(ctx: &Context<'_>, addr: std::net::SocketAddr) -> Outcome {
    use crate::webhook::{Confirmer, Receiver, ReceiverConfig};
    let Some(hash_key) = ctx.connection.hash_key.clone() else {
        return Err(Failure::Input(vec![ValidationError::new(
            Field::HashKey,
            crate::t!("cli-no-hash-key"),
        )]));
    };
    let ledger = ctx.ledger()?;
    let stop = StopSignals::listen();
    let receiver = Receiver::start(
        ReceiverConfig::new(addr, Some(hash_key), &ctx.connection.profile_name),
        ledger,
        Some(Confirmer {
            client: ctx.connection.client.clone(),
        }),
        None,
    )
    .await
    .map_err(|error| Failure::Local(crate::webhook::receiver::listen_problem(addr, &error)))?;
    let url = receiver.url();
    ctx.out.done(&json!({"url": url}), || {
        crate::t!("activity-receiving", url = url.as_str())
    });
    ctx.out.note(crate::t!("cli-press-ctrl-c-receiver"));
    stop.stopped().await;
    receiver.shutdown().await;
    ctx.out.note("Stopped.");
    Ok(ExitCode::SUCCESS)
}

/// The signals that stop the receiver, listened for before it listens: a SIGTERM that comes as
/// soon as its port answers (a service manager stopping it at once) still stops it gracefully.
/// Without a handler for them (none on this system) it runs until it is killed.
struct StopSignals {
    #[cfg(unix)]
    unix: Option<(tokio::signal::unix::Signal, tokio::signal::unix::Signal)>,
}

impl StopSignals {
    fn listen() -> StopSignals {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            StopSignals {
                unix: signal(SignalKind::terminate())
                    .and_then(|terminate| Ok((terminate, signal(SignalKind::interrupt())?)))
                    .ok(),
            }
        }
        #[cfg(not(unix))]
        StopSignals {}
    }

    async fn stopped(self) {
        #[cfg(unix)]
        match self.unix {
            Some((mut terminate, mut interrupt)) => {
                tokio::select! {
                    _ = interrupt.recv() => {}
                    _ = terminate.recv() => {}
                }
            }
            None => std::future::pending::<()>().await,
        }
        #[cfg(not(unix))]
        {
            // Without a Ctrl+C handler the receiver runs until it is killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        }
    }
}

/// `paydesk webhooks verify FILE`: 0 valid, 1 the signature does not match, 2 not a
/// notification or no key.
pub fn verify_webhook(ctx: &Context<'_>, file: &std::path::Path) -> Outcome {
    use crate::webhook::{Notification, Verdict};
    let body = std::fs::read(file).map_err(|error| {
        Failure::Input(vec![ValidationError::new(
            Field::File,
            crate::t!(
                "cli-could-not-read",
                file = file.display().to_string(),
                error = error.to_string()
            ),
        )])
    })?;
    let notification = Notification::parse(&body).map_err(|error| {
        Failure::Input(vec![ValidationError::new(Field::File, error.to_string())])
    })?;
    let key = ctx
        .connection
        .hash_key
        .as_ref()
        .map(|k| k.expose().to_owned())
        .unwrap_or_default();
    let verdict = notification.verify(&key);
    let document = json!({
        "valid": verdict == Verdict::Valid,
        "reason": verdict.as_str(),
        "referenceId": notification.reference_id,
        "status": notification.status.id(),
        "amount": notification.amount_text,
        "gross": notification.gross.map(Pesos::get),
        "cost": notification.fee.map(Pesos::get),
        "net": notification.net.map(Pesos::get),
        "figuresAddUp": notification.figures().add_up(),
    });
    match verdict {
        Verdict::Valid => Ok(ctx.out.done(&document, || {
            let figures = notification.figures().completed();
            let shown =
                |value: Option<Pesos>| value.map_or_else(|| "?".to_owned(), |p| p.to_string());
            let mut text = crate::t!(
                "cli-valid-signature",
                reference = notification.reference_id.as_str(),
                state = notification.status.to_string(),
                gross = shown(figures.gross),
                fee = shown(figures.fee),
                net = shown(figures.net)
            );
            if !figures.add_up() {
                text.push_str(&crate::t!("cli-do-not-add-up"));
            }
            text
        })),
        Verdict::NoKey => Err(Failure::Input(vec![ValidationError::new(
            Field::HashKey,
            verdict.reason(),
        )])),
        Verdict::Invalid | Verdict::Missing => {
            ctx.out.done(&document, || {
                crate::t!("cli-not-valid", reason = verdict.reason())
            });
            Ok(ExitCode::from(1))
        }
    }
}

/// `paydesk ledger watch`: what a till hears from a shared ledger, one line (or one JSON
/// object per line) per event, until Ctrl-C or SIGTERM. Exit 3 when the ledger cannot be
/// reached at the start; an outage later is reported and waited out.
pub async fn watch_ledger(ctx: &Context<'_>) -> Outcome {
    let ledger = ctx.ledger()?;
    if !ledger.is_shared() {
        return Err(Failure::Input(vec![ValidationError::new(
            Field::LedgerUrl,
            crate::t!("cli-watch-needs-shared"),
        )]));
    }
    let stop = StopSignals::listen();
    let (events, mut heard) = tokio::sync::mpsc::unbounded_channel();
    ledger.listen(events);
    let mut stop = std::pin::pin!(stop.stopped());
    loop {
        let event = tokio::select! {
            event = heard.recv() => event,
            _ = &mut stop => None,
        };
        let Some(event) = event else {
            return Ok(ExitCode::SUCCESS);
        };
        // A person watching reads an outage on stderr too, apart from the stream of events.
        if let crate::ledger::LedgerEvent::Reachable(reachable) = &event {
            ctx.out.note(if *reachable {
                crate::t!("cli-watch-back", host = ledger.location())
            } else {
                crate::t!("ledger-unreachable", host = ledger.location())
            });
        }
        let reader = ledger.clone();
        let line = tokio::task::spawn_blocking(move || describe_event(&reader, &event))
            .await
            .map_err(|error| Failure::Local(error.to_string()))?;
        ctx.out.line(&line.0, &line.1);
    }
}

/// What `paydesk ledger watch` says of an event: (JSON object, words).
type Described = (serde_json::Value, String);

/// An event as (JSON object, words); one that names a row reads the row.
fn describe_event(ledger: &crate::ledger::Ledger, event: &crate::ledger::LedgerEvent) -> Described {
    use crate::ledger::{LedgerError, LedgerEvent};
    let missing = |id: &i64| LedgerError::Missing(id.to_string());
    match event {
        LedgerEvent::Reachable(true) => (
            json!({"event": "listening", "ledger": ledger.location()}),
            crate::t!("cli-watch-listening", host = ledger.location()),
        ),
        LedgerEvent::Reachable(false) => (
            json!({"event": "unreachable", "ledger": ledger.location()}),
            crate::t!("ledger-unreachable", host = ledger.location()),
        ),
        LedgerEvent::NotificationStored(id) | LedgerEvent::NotificationChecked(id) => {
            let checked = matches!(event, LedgerEvent::NotificationChecked(_));
            read_row(
                ledger.notification(*id),
                || missing(id),
                |stored| notification_event(*id, checked, &stored),
            )
        }
        LedgerEvent::Collection(id) => read_row(
            ledger.collection(*id),
            || missing(id),
            |(profile, collection)| collection_event(*id, &profile, &collection),
        ),
        LedgerEvent::Received(id) => read_row(
            ledger.received(*id),
            || missing(id),
            |payment| received_event(*id, &payment),
        ),
        LedgerEvent::People => (json!({"event": "people"}), crate::t!("cli-watch-people")),
        LedgerEvent::Cash => (json!({"event": "cash"}), crate::t!("cli-watch-cash")),
        LedgerEvent::Tab => (json!({"event": "tab"}), crate::t!("cli-watch-tab")),
        LedgerEvent::Sale => (json!({"event": "sale"}), crate::t!("cli-watch-sale")),
        LedgerEvent::Contradiction(id) => (
            json!({"event": "contradiction", "id": id}),
            crate::t!("cli-watch-contradiction"),
        ),
        LedgerEvent::Payout(id) => read_row(
            ledger.payout(*id),
            || LedgerError::NoSuchPayout(*id),
            |payout| payout_event(*id, &payout),
        ),
    }
}

/// The row an event names, described; a row gone or unreadable is said as an error event.
fn read_row<T>(
    found: Result<Option<T>, crate::ledger::LedgerError>,
    missing: impl FnOnce() -> crate::ledger::LedgerError,
    describe: impl FnOnce(T) -> Described,
) -> Described {
    match found.and_then(|row| row.ok_or_else(missing)) {
        Ok(row) => describe(row),
        Err(error) => (
            json!({"event": "error", "message": error.to_string()}),
            error.to_string(),
        ),
    }
}

fn notification_event(
    id: i64,
    checked: bool,
    stored: &crate::ledger::StoredNotification,
) -> Described {
    (
        json!({
            "event": if checked { "notificationChecked" } else { "notification" },
            "id": id,
            "referenceId": stored.reference_id,
            "status": stored.status.id(),
            "checkState": stored.check_state.as_str(),
        }),
        crate::t!(
            "cli-watch-notification",
            reference = stored.reference_id.as_str(),
            state = stored.status.to_string(),
            check = stored.check_state.words()
        ),
    )
}

fn collection_event(id: i64, profile: &str, collection: &crate::ledger::Collection) -> Described {
    (
        json!({
            "event": "payment",
            "id": id,
            "profile": profile,
            "reference": collection.reference,
            "amount": collection.amount.map(Pesos::get),
            "status": collection.status.map(|status| status.id()),
        }),
        crate::t!(
            "cli-watch-payment",
            reference = collection.reference.as_str(),
            amount = amount_words(collection.amount),
            state = crate::ledger::reconcile::state_words(collection.status)
        ),
    )
}

fn received_event(id: i64, payment: &crate::ledger::ReceivedPayment) -> Described {
    (
        json!({
            "event": "received",
            "id": id,
            "reference": payment.reference,
            "providerReference": payment.provider_reference,
            "amount": payment.amount.map(Pesos::get),
        }),
        crate::t!(
            "cli-watch-received",
            reference = payment.reference.as_str(),
            amount = amount_words(payment.amount)
        ),
    )
}

/// An amount the books may not know (a notification that did not say it): blank, not «$ 0».
fn amount_words(amount: Option<Pesos>) -> String {
    amount.map(|amount| amount.to_string()).unwrap_or_default()
}

fn payout_event(id: i64, payout: &crate::ledger::PayoutRecord) -> Described {
    (
        json!({
            "event": "payout",
            "id": id,
            "profile": payout.profile,
            "reference1": payout.reference1,
            "amount": payout.amount.get(),
            "state": payout.state.as_str(),
        }),
        crate::t!(
            "cli-watch-payout",
            reference = payout.reference1.as_str(),
            amount = payout.amount.to_string(),
            state = payout.state.words()
        ),
    )
}
