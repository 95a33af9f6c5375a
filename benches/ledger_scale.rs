//! A year of a busy shop's sales in the books, on both backends: `cargo bench --bench
//! ledger_scale`.
//!
//! For 1,000, 10,000 and 100,000 sales over the last 365 days, every kind a counter sees
//! (`common/shop.rs`: links and QR approved, some declined or expired, counter payments, cash
//! with change, voids, fiado taken and paid by link or in cash, mixed sales, returns by payout,
//! in cash and to the tab, a supplier's payout per 20 sales), each written through the ledger's
//! own calls, it times what the app and the command line do with that much: a till's start
//! (open, migrate, today's charges, today's sales, the activity feed), today's sales alone (what
//! Estado de pagos reads), the close of the last 30 days (`Ledger::reconcile`, which reads the
//! sales journal), the year's sales read (`Ledger::sales_between`), the real `paydesk --json
//! sales` for the year (the release binary, a process of its own, its whole output read), and
//! the CSV for the year. SQLite is a file in a temporary folder; PostgreSQL a throwaway cluster
//! on this machine with every commit flushed (skipped when PostgreSQL is not installed).
//! `PAYDESK_BENCH_SIZES=1000,10000` picks other sizes; `PAYDESK_BENCH_SQLITE_ONLY=1` skips
//! PostgreSQL, `PAYDESK_BENCH_POSTGRES_ONLY=1` SQLite. `PAYDESK_BENCH_KEEP=1` keeps each SQLite
//! year's folder and says where (to run `paydesk` or a profiler against it afterwards);
//! `PAYDESK_BENCH_BOOKS=FOLDER` times the reads again on such a folder without writing a year.

#[path = "../tests/common/postgres.rs"]
#[allow(dead_code)]
mod postgres;
#[path = "common/shop.rs"]
mod shop;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use paydesk::api::catalog::MethodCatalog;
use paydesk::config::SIMULATOR_PROFILE;
use paydesk::i18n::Language;
use paydesk::ledger::reconcile::{Period, bounds, format_date};
use paydesk::ledger::{LEDGER_FILE_NAME, Ledger, LedgerUrl};
use time::Date;

/// The profile the command line uses where none is configured: its close is the one measured.
const PROFILE: &str = SIMULATOR_PROFILE;
const HOUR_MS: i64 = 60 * 60 * 1_000;
/// Opening hours: the drawer opens at 7:00 and the last sale is before 21:00.
const OPENS_AT_MS: i64 = 7 * HOUR_MS;
const CLOSES_AT_MS: i64 = 21 * HOUR_MS;

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

/// Moves each payout (its id, when it belongs) to its day: see [`populate`].
type Backdate<'a> = dyn Fn(&[(i64, i64)]) + 'a;

/// Writes the year, day by day (today's drawer still open at `now`), and says what it holds.
/// The payout journal dates each payout by the clock: `backdate` moves each one (and its return)
/// to the day it belongs to, as the year would have written it.
fn populate(ledger: &Ledger, sales: usize, now: i64, backdate: &Backdate<'_>) -> String {
    let today = paydesk::clock::today();
    let first = today - time::Duration::days(364);
    let mut shop = shop::Shop::open(
        ledger,
        PROFILE,
        (sales / 500).clamp(20, 200),
        paydesk::clock::start_of(first),
    );
    for day in 0..365_usize {
        let date = first + time::Duration::days(day as i64);
        let count = sales * (day + 1) / 365 - sales * day / 365;
        let start = paydesk::clock::start_of(date);
        if date == today {
            shop.write_day(start, now.max(start + 60_000), count, false);
        } else {
            shop.write_day(start + OPENS_AT_MS, start + CLOSES_AT_MS, count, true);
        }
    }
    backdate(&shop.payouts_at);
    format!(
        "{} sales ({:?}), {} returns, {} payouts",
        shop.sold(),
        shop.written,
        shop.returns,
        shop.payouts
    )
}

/// The median of `runs` timings of `work`, after one run to warm up.
fn median(runs: usize, mut work: impl FnMut()) -> Duration {
    work();
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

/// Where the command line finds the books: its own folders, and a shared ledger's address.
struct Books<'a> {
    home: &'a Path,
    ledger_url: Option<String>,
}

/// `paydesk --json sales --from FROM --to TO`, the release binary, as a shop runs it: its whole
/// output read; how many sales it listed.
fn paydesk_sales(books: &Books<'_>, from: Date, to: Date) -> usize {
    let mut command = Command::new(env!("CARGO_BIN_EXE_paydesk"));
    for (key, _) in std::env::vars() {
        if key.starts_with("PAYDESK_") {
            command.env_remove(key);
        }
    }
    command
        .env("PAYDESK_CONFIG_DIR", books.home.join("config"))
        .env("PAYDESK_DATA_DIR", books.home.join("data"))
        .env("PAYDESK_EXPORTS_DIR", books.home.join("exports"))
        .env("PAYDESK_NO_KEYRING", "1")
        .env("PAYDESK_LANG", "es")
        .args([
            "--json",
            "sales",
            "--from",
            &format_date(from),
            "--to",
            &format_date(to),
        ]);
    if let Some(url) = &books.ledger_url {
        command.env("PAYDESK_LEDGER_URL", url);
    }
    let output = command.output().expect("paydesk runs");
    assert!(
        output.status.success(),
        "paydesk sales: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).expect("its JSON");
    document["sales"].as_array().map_or(0, Vec::len)
}

fn measure(
    backend: &str,
    sales: usize,
    books: &Books<'_>,
    open: &dyn Fn() -> Ledger,
    backdate: &Backdate<'_>,
) {
    let now = paydesk::ledger::now_ms();
    let ledger = open();
    let filled = Instant::now();
    let written = populate(&ledger, sales, now, backdate);
    let filling = filled.elapsed();
    time_reads(backend, sales, books, open, ms(filling));
    eprintln!("  ({backend}: {written})");
}

/// Times what a till and the command line read from books holding `sales` in the year to
/// today, and prints the row (`filling` says how long they took to write).
fn time_reads(
    backend: &str,
    sales: usize,
    books: &Books<'_>,
    open: &dyn Fn() -> Ledger,
    filling: String,
) {
    let now = paydesk::ledger::now_ms();
    let ledger = open();
    let today = paydesk::clock::today();
    let month_ago = today - time::Duration::days(29);
    let year_ago = today - time::Duration::days(364);
    let (from, to) = bounds(today, today);
    let (year_from, year_to) = bounds(year_ago, today);
    let in_the_year = ledger
        .sales_between(year_from, year_to)
        .expect("the year")
        .len();
    assert_eq!(in_the_year, sales, "every sale written is in the year");

    let start = median(5, || {
        let till = open();
        let charges = till
            .collections_between(Some(PROFILE), from, to)
            .expect("today's charges");
        let sold = till.sales_between(from, to).expect("today's sales");
        let feed = till.notifications(200).expect("activity");
        assert!(!feed.is_empty() && charges.len() < sales && sold.len() < sales);
    });
    let today_sales = median(21, || {
        ledger.sales_between(from, to).expect("today's sales");
    });
    let reconcile = median(5, || {
        let report = ledger
            .reconcile(Some(PROFILE), month_ago, today, now)
            .expect("reconcile");
        assert!(report.figures.sales.sold.count > 0);
    });
    let year_read = median(3, || {
        ledger.sales_between(year_from, year_to).expect("the year");
    });
    let command = median(3, || {
        assert_eq!(paydesk_sales(books, year_ago, today), sales);
    });
    let csv = median(3, || {
        let rows = ledger
            .export_csv(
                Period::new(Some(PROFILE), year_ago, today),
                std::io::sink(),
                Language::Es,
                &MethodCatalog::default(),
            )
            .expect("csv");
        assert!(rows > 0);
    });
    println!(
        "| {backend} | {sales} | {filling} | {} | {} | {} | {} | {} | {} |",
        ms(start),
        ms(today_sales),
        ms(reconcile),
        ms(year_read),
        ms(command),
        ms(csv)
    );
}

/// `PAYDESK_BENCH_BOOKS=FOLDER`: times the reads again on a year kept by `PAYDESK_BENCH_KEEP`
/// (its `data/` folder), without writing one; the year ends on the day it was written, so the
/// count of its sales is taken from the books.
fn time_kept(home: &Path) {
    let path = home.join("data").join(LEDGER_FILE_NAME);
    let ledger = Ledger::open(&path).expect("the kept ledger");
    let today = paydesk::clock::today();
    let (year_from, year_to) = bounds(today - time::Duration::days(364), today);
    let sales = ledger
        .sales_between(year_from, year_to)
        .expect("the year")
        .len();
    let books = Books {
        home,
        ledger_url: None,
    };
    time_reads(
        "SQLite (kept)",
        sales,
        &books,
        &|| Ledger::open(&path).expect("ledger"),
        "kept".to_string(),
    );
}

/// Moves each payout of an embedded ledger at `path`, and its return, to when it belongs.
fn backdate_sqlite(path: &Path, payouts: &[(i64, i64)]) {
    let mut db = rusqlite::Connection::open(path).expect("the ledger's file");
    db.busy_timeout(Duration::from_secs(10)).expect("timeout");
    let moving = db.transaction().expect("transaction");
    for (id, at) in payouts {
        moving
            .execute(
                "UPDATE payouts SET created_at = ?1, updated_at = ?1 WHERE id = ?2",
                (at, id),
            )
            .expect("payout dated");
        moving
            .execute(
                "UPDATE part_returns SET at = ?1 WHERE payout_id = ?2",
                (at, id),
            )
            .expect("return dated");
    }
    moving.commit().expect("commit");
}

/// The same in a shared ledger at `url`.
fn backdate_postgres(url: &str, payouts: &[(i64, i64)]) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let (mut client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .expect("the cluster");
        tokio::spawn(connection);
        // The books let a connection write only when it says a schema they accept, as the
        // ledger's own connections do: this one says the oldest the books still take.
        client
            .execute(
                "SELECT set_config('paydesk.schema', (SELECT oldest_writer FROM paydesk_schema)::text, false)",
                &[],
            )
            .await
            .expect("the schema said");
        let moving = client.transaction().await.expect("transaction");
        for (id, at) in payouts {
            moving
                .execute(
                    "UPDATE payouts SET created_at = $1, updated_at = $1 WHERE id = $2",
                    &[at, id],
                )
                .await
                .expect("payout dated");
            moving
                .execute(
                    "UPDATE part_returns SET at = $1 WHERE payout_id = $2",
                    &[at, id],
                )
                .await
                .expect("return dated");
        }
        moving.commit().await.expect("commit");
    });
}

fn main() {
    println!(
        "| backend | sales | writing the year | a till's start | today's sales | close, 30 days | the year's sales read | `paydesk --json sales`, the year | CSV, the year |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    if let Some(home) = std::env::var_os("PAYDESK_BENCH_BOOKS") {
        time_kept(Path::new(&home));
        return;
    }
    // PostgreSQL's rows alone, while SQLite's are measured in another run.
    let sqlite = std::env::var_os("PAYDESK_BENCH_POSTGRES_ONLY").is_none();
    for sales in sizes().into_iter().filter(|_| sqlite) {
        let home = tempfile::tempdir().expect("temporary folder");
        let path = home.path().join("data").join(LEDGER_FILE_NAME);
        std::fs::create_dir_all(home.path().join("data")).expect("data folder");
        let books = Books {
            home: home.path(),
            ledger_url: None,
        };
        measure(
            "SQLite",
            sales,
            &books,
            &|| Ledger::open(&path).expect("ledger"),
            &|payouts| backdate_sqlite(&path, payouts),
        );
        if std::env::var_os("PAYDESK_BENCH_KEEP").is_some() {
            eprintln!(
                "  (kept: PAYDESK_CONFIG_DIR={0}/config PAYDESK_DATA_DIR={0}/data)",
                home.keep().display()
            );
        }
    }
    if std::env::var_os("PAYDESK_BENCH_SQLITE_ONLY").is_some() || !postgres::installed() {
        println!("(PostgreSQL is not installed or was skipped: its rows are left out)");
        return;
    }
    let cluster = postgres::Cluster::start_durable();
    for sales in sizes() {
        let database = cluster.database();
        let url = LedgerUrl::parse(&database).expect("address");
        let home = tempfile::tempdir().expect("temporary folder");
        let books = Books {
            home: home.path(),
            ledger_url: Some(database.clone()),
        };
        measure(
            "PostgreSQL",
            sales,
            &books,
            &|| Ledger::open_shared(&url, None, "bench").expect("ledger"),
            &|payouts| backdate_postgres(&database, payouts),
        );
    }
}
