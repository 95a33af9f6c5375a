//! Throughput and latency of the webhook receiver with durable commits: `cargo bench --bench
//! webhook_receiver`. Into the embedded ledger (SQLite WAL, synchronous=FULL, on disk), then into
//! a shared one (a throwaway PostgreSQL cluster on this machine with fsync on; skipped when
//! PostgreSQL is not installed). Clients, receiver and database share this machine's cores, so
//! the figures are a floor for a dedicated host.

#[path = "../tests/common/postgres.rs"]
#[allow(dead_code)]
mod postgres;

use std::sync::Arc;
use std::time::{Duration, Instant};

use paydesk::ledger::{InboxCap, Ledger, LedgerUrl};
use paydesk::secrets::SecretString;
use paydesk::webhook::{Rate, Receiver, ReceiverConfig, signature};

const KEY: &str = "bench-key";
const NOTIFICATIONS: usize = 20_000;
const CLIENTS: usize = 32;

fn body(reference: &str) -> String {
    let updated = "2026-11-21 10:00:00";
    let sign = signature(KEY, reference, "R1", "25000", updated);
    format!(
        r#"{{"realAmount":23353,"amount":25000,"cost":"$ 1.647","referenceId":"{reference}","moduleId":1,"productId":130,"referenceKey":"K","paymentMethod":"Nequi","userId":1001,"resourceId":"R1","updatedAt":"{updated}","providerId":7,"providerReference":"P","reference1":"ORDER","reference2":{{"Label":{{}},"Data":{{}},"returnUrl":""}},"bankId":"","bankName":"","status":2,"sign":"{sign}","error":{{"code":"","message":""}}}}"#
    )
}

fn main() {
    let dir = tempfile::tempdir().expect("temporary folder");
    run(
        "SQLite",
        Arc::new(Ledger::in_folder(dir.path()).expect("ledger")),
    );
    if !postgres::installed() {
        println!("PostgreSQL is not installed: skipped");
        return;
    }
    let cluster = postgres::Cluster::start_durable();
    let url = LedgerUrl::parse(&cluster.database()).expect("address");
    run(
        "PostgreSQL",
        Arc::new(Ledger::open_shared(&url, None, "bench").expect("ledger")),
    );
}

fn run(backend: &str, ledger: Arc<Ledger>) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let mut config = ReceiverConfig::new(
            "127.0.0.1:0".parse().expect("address"),
            Some(SecretString::new(KEY)),
            "tienda",
        );
        // Every post comes from this one address, and nobody checks them here, so all would count
        // against one source's rate and the inbox's day: the figure measured is how
        // fast they are verified and stored, not the caps (`tests/receiver_under_attack.rs`).
        config.limits.requests = Rate {
            burst: 1e9,
            per_second: 1e9,
        };
        config.limits.inbox = InboxCap {
            per_day: NOTIFICATIONS,
            unconfirmed_per_day: NOTIFICATIONS,
        };
        let receiver = Receiver::start(
            config,
            ledger.clone(),
            None,
            None,
        )
        .await
        .expect("receiver");
        let url = receiver.url();
        let http = reqwest::Client::new();
        let started = Instant::now();
        let mut clients = Vec::new();
        for client in 0..CLIENTS {
            let http = http.clone();
            let url = url.clone();
            clients.push(tokio::spawn(async move {
                let mut latencies = Vec::new();
                for index in (client..NOTIFICATIONS).step_by(CLIENTS) {
                    let body = body(&format!("PD{index:08}"));
                    let sent = Instant::now();
                    let status = http
                        .post(&url)
                        .header("content-type", "application/json")
                        .body(body)
                        .send()
                        .await
                        .map(|r| r.status().as_u16());
                    assert_eq!(status.ok(), Some(200), "every notification is acknowledged");
                    latencies.push(sent.elapsed());
                }
                latencies
            }));
        }
        let mut latencies: Vec<Duration> = Vec::with_capacity(NOTIFICATIONS);
        for client in clients {
            latencies.extend(client.await.expect("client"));
        }
        let elapsed = started.elapsed();
        latencies.sort();
        let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q).round() as usize];
        assert_eq!(
            ledger.notification_count().expect("count") as usize,
            NOTIFICATIONS,
            "every acknowledged notification is stored"
        );
        println!(
            "{backend}: {NOTIFICATIONS} notifications, {CLIENTS} concurrent clients, verified and stored durably"
        );
        println!(
            "throughput {:.0}/s   latency p50 {:.2} ms   p99 {:.2} ms   max {:.2} ms",
            NOTIFICATIONS as f64 / elapsed.as_secs_f64(),
            at(0.5).as_secs_f64() * 1_000.0,
            at(0.99).as_secs_f64() * 1_000.0,
            latencies[latencies.len() - 1].as_secs_f64() * 1_000.0,
        );
        receiver.shutdown().await;
    });
}
