//! A year of a busy shop in the ledger, on both backends: `cargo bench --bench ledger_scale`.
//!
//! For 1,000, 10,000 and 100,000 payments over the last 365 days (three notifications each:
//! pending, processing, approved, each checked with the service as the receiver does; one
//! payout per 20 payments; a received payment per approval), it times what the app and the
//! CLI do with that much: a till's start (open, migrate, settle crashed intents, today's list,
//! the activity feed), today's list alone, Reconcile for the last 30 days, and the CSV for the
//! year. SQLite is a file in a temporary folder; PostgreSQL a throwaway cluster on this machine
//! with every commit flushed (skipped when PostgreSQL is not installed).
//! `PAYDESK_BENCH_SIZES=1000,10000` picks other sizes.

#[path = "../tests/common/postgres.rs"]
#[allow(dead_code)]
mod postgres;

use std::time::{Duration, Instant};

use paydesk::api::PayoutRequest;
use paydesk::api::TransactionStatus;
use paydesk::api::catalog::MethodCatalog;
use paydesk::api::kind::PaymentKind;
use paydesk::api::notification::Notification;
use paydesk::i18n::Language;
use paydesk::ledger::{
    CheckState, Collection, IntentRules, Ledger, LedgerUrl, PayoutOutcome, ReceivedPayment,
    StoreOutcome,
};
use paydesk::money::Pesos;

const PROFILE: &str = "tienda";
const DAY_MS: i64 = 24 * 60 * 60 * 1000;
const NO_RULES: IntentRules = IntentRules {
    spacing_ms: 0,
    repeat_window_ms: 0,
    confirmed_repeat_of: None,
};

fn sizes() -> Vec<usize> {
    std::env::var("PAYDESK_BENCH_SIZES")
        .ok()
        .map(|text| {
            text.split(',')
                .filter_map(|n| n.trim().parse().ok())
                .collect()
        })
        .unwrap_or_else(|| vec![1_000, 10_000, 100_000])
}

fn notification(
    reference: &str,
    status: i64,
    second: usize,
    amount: i64,
) -> (Notification, String) {
    let raw = format!(
        r#"{{"realAmount":{amount},"amount":{net},"cost":"$1,000.00","referenceId":"{reference}","resourceId":"R{reference}","updatedAt":"2026-01-01 00:00:{second:02}","status":{status},"paymentMethod":"Nequi","providerReference":"P{reference}","reference1":"VENTA","productId":117}}"#,
        net = amount - 1_000
    );
    (
        Notification::parse(raw.as_bytes()).expect("a notification"),
        raw,
    )
}

/// Writes the year: payments spread evenly, their notifications in batches of about a
/// thousand (as a busy receiver commits them), the payouts one by one (as tills send them).
fn populate(ledger: &Ledger, payments: usize, now: i64) {
    let year_start = now - 365 * DAY_MS;
    let step = (365 * DAY_MS) / payments as i64;
    let amount = |index: usize| 10_000 + (index % 90) as i64 * 1_000;
    let collections: Vec<Collection> = (0..payments)
        .map(|index| Collection {
            reference: format!("PAY{index:06}"),
            kind: PaymentKind::Method(130),
            amount: Some(Pesos::new(amount(index))),
            reference1: "VENTA".into(),
            url: format!("https://pay.example/{index}"),
            created_at: year_start + index as i64 * step,
            status: Some(if index % 10 == 0 {
                TransactionStatus::Rejected
            } else {
                TransactionStatus::Approved
            }),
            description: "Almuerzo".into(),
            repeatable: false,
            open_until: None,
            made_by: Default::default(),
            resource_id: None,
        })
        .collect();
    for chunk in collections.chunks(2_000) {
        ledger
            .record_collections(PROFILE, chunk)
            .expect("collections");
    }
    for chunk in collections.chunks(333) {
        let batch: Vec<_> = chunk
            .iter()
            .enumerate()
            .flat_map(|(offset, collection)| {
                let index = collection.reference[3..].parse::<usize>().unwrap_or(offset);
                [(1, 1), (9, 2), (2, 3)].map(|(status, second)| {
                    notification(&collection.reference, status, second, amount(index))
                })
            })
            .collect();
        let stored = ledger
            .store_notifications_received_at(PROFILE, &batch, chunk[0].created_at + 60_000)
            .expect("notifications");
        // The receiver checks each one with the service, which agrees.
        let checks: Vec<_> = stored
            .iter()
            .zip(&batch)
            .filter_map(|(outcome, (parsed, _))| match outcome {
                StoreOutcome::Stored(id) => Some((*id, CheckState::Confirmed, Some(parsed.status))),
                StoreOutcome::Duplicate { .. } | StoreOutcome::Full { .. } => None,
            })
            .collect();
        ledger.record_checks(&checks).expect("checks");
    }
    // The money: what the status answers confirmed, a row per approved payment.
    let received: Vec<ReceivedPayment> = collections
        .iter()
        .filter(|collection| collection.status == Some(TransactionStatus::Approved))
        .map(|collection| ReceivedPayment {
            reference: collection.reference.clone(),
            kind: collection.kind.clone(),
            repeatable: false,
            provider_reference: String::new(),
            amount: collection.amount,
            fee: Some(Pesos::new(1_000)),
            received_at: collection.created_at + 60_000,
            cashier: String::new(),
        })
        .collect();
    for chunk in received.chunks(2_000) {
        ledger
            .record_received_all(PROFILE, chunk)
            .expect("received payments");
    }
    for index in 0..payments / 20 {
        let request = PayoutRequest {
            amount: Pesos::new(50_000 + index as i64),
            reference1: format!("OUT-{index:05}"),
            webhook_request: None,
            method_id: 245,
            destination: "3001234567".into(),
            bank_name: None,
        };
        let intent = ledger
            .begin_payout(PROFILE, &request, &NO_RULES)
            .expect("payout");
        ledger
            .finish_payout(
                intent.id,
                &PayoutOutcome::Sent {
                    transaction_reference: Some(format!("T-{index}")),
                    reply_json: "{}".into(),
                },
            )
            .expect("payout answer");
    }
}

/// The median of `runs` timings of `work`.
fn median(runs: usize, mut work: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let started = Instant::now();
            work();
            started.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn ms(duration: Duration) -> String {
    format!("{:.1} ms", duration.as_secs_f64() * 1_000.0)
}

fn measure(backend: &str, payments: usize, open: &dyn Fn() -> Ledger) {
    let now = paydesk::ledger::now_ms();
    let ledger = open();
    let filled = Instant::now();
    populate(&ledger, payments, now);
    let filling = filled.elapsed();
    let today = paydesk::clock::today();
    let month_ago = today - time::Duration::days(29);
    let year_ago = today - time::Duration::days(364);
    let (from, to) = paydesk::ledger::reconcile::bounds(today, today);

    let start = median(5, || {
        let till = open();
        let list = till
            .collections_between(Some(PROFILE), from, to)
            .expect("today");
        let feed = till.notifications(200).expect("activity");
        assert!(!feed.is_empty() && list.len() < payments);
    });
    let today_list = median(21, || {
        ledger
            .collections_between(Some(PROFILE), from, to)
            .expect("today");
    });
    let reconcile = median(5, || {
        let report = ledger
            .reconcile(Some(PROFILE), month_ago, today, now)
            .expect("reconcile");
        assert!(report.approved.count > 0);
    });
    let csv = median(3, || {
        let rows = ledger
            .export_csv(
                paydesk::ledger::reconcile::Period::new(Some(PROFILE), year_ago, today),
                std::io::sink(),
                Language::Es,
                &MethodCatalog::default(),
            )
            .expect("csv");
        assert!(rows >= payments);
    });
    println!(
        "| {backend} | {payments} | {} | {} | {} | {} | {} |",
        ms(filling),
        ms(start),
        ms(today_list),
        ms(reconcile),
        ms(csv)
    );
}

fn main() {
    println!(
        "| backend | payments (×3 notifications, ÷20 payouts) | writing the year | a till's start | today's list | Reconcile, 30 days | CSV, the year |"
    );
    println!("|---|---|---|---|---|---|---|");
    for payments in sizes() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let path = dir.path().join("ledger.sqlite3");
        measure("SQLite", payments, &|| Ledger::open(&path).expect("ledger"));
    }
    if std::env::var_os("PAYDESK_BENCH_SQLITE_ONLY").is_some() || !postgres::installed() {
        println!("(PostgreSQL is not installed: its rows are skipped)");
        return;
    }
    let cluster = postgres::Cluster::start_durable();
    for payments in sizes() {
        let url = LedgerUrl::parse(&cluster.database()).expect("address");
        measure("PostgreSQL", payments, &|| {
            Ledger::open_shared(&url, None, "bench").expect("ledger")
        });
    }
}
