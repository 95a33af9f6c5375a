//! The receiver as an attacker on the internet finds it: junk bodies by the thousand, clients
//! that connect and never finish, more connections than it has room for, text meant to break a
//! log line. Through all of it the books stay small and the service's own notification is still
//! answered.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::endpoint::{Endpoint, signed};
use common::wait_for;
use paydesk::ledger::InboxCap;
use paydesk::webhook::{HEAD_DEADLINE, Limits};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const KEY: &str = "clave-de-la-tienda";

fn notification(reference: &str) -> String {
    signed(
        json!({
            "realAmount": 26647, "amount": 25000, "cost": "$1,647.00", "referenceId": reference,
            "resourceId": "600001", "updatedAt": "2026-11-24 10:00:00", "status": 2,
            "providerReference": "PRV1", "reference1": "PEDIDO1", "paymentMethod": "Link de pago",
        }),
        KEY,
    )
}

fn folder_size(folder: &Path) -> u64 {
    std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().metadata().unwrap().len())
        .sum()
}

async fn limited() -> Endpoint {
    Endpoint::start_limited("tienda", Some(KEY), None, Limits::default()).await
}

/// 1,500 junk bodies of 60 KB, each from another address (so no rate limit saves the disk: the
/// cap must), some JSON that is no notification, some notifications signed with a wrong key.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn junk_from_many_addresses_leaves_the_books_small() {
    let endpoint = limited().await;
    let folder = endpoint.folder().to_owned();
    let before = folder_size(&folder);
    let filler = "x".repeat(60 * 1024 - 200);
    let mut sent = post_many(&endpoint, 1_500, 16, |index| {
        let body = if index % 2 == 0 {
            json!({"junk": filler}).to_string()
        } else {
            let mut forged: serde_json::Value = serde_json::from_str(&signed(
                json!({
                    "referenceId": format!("R{index}"), "resourceId": "1", "amount": 5,
                    "updatedAt": "2026-11-24 10:00:00", "status": 2,
                }),
                "otra-clave",
            ))
            .unwrap();
            forged["padding"] = json!(filler);
            forged.to_string()
        };
        let source = format!(
            "10.{}.{}.{}",
            index / 65_536,
            index / 256 % 256,
            index % 256
        );
        (source, body)
    })
    .await;
    sent.sort_unstable();
    sent.dedup();
    assert_eq!(sent, vec![400, 401], "every one refused, none stored");
    let after = folder_size(&folder);
    let grown = after.saturating_sub(before);
    eprintln!(
        "1,500 junk bodies of 60 KB grew the data folder by {} KB",
        grown / 1024
    );
    assert!(grown < 20 * 1024 * 1024, "grew by {grown} bytes");
    let kept = endpoint.ledger.refusal_samples(10_000).unwrap();
    assert!(kept.len() <= paydesk::ledger::KEPT_SAMPLES as usize);
    assert!(
        kept.iter()
            .all(|kept| kept.raw.len() <= paydesk::ledger::SAMPLE_BYTES)
    );
    let today = paydesk::ledger::reconcile::format_date(paydesk::clock::today());
    let counted: u64 = endpoint
        .ledger
        .refusal_counts(&today)
        .unwrap()
        .iter()
        .map(|(_, count)| count)
        .sum();
    assert_eq!(counted, 1_500, "every refusal is counted, if not kept");
    assert_eq!(
        endpoint
            .post_from("198.51.100.7", "application/json", notification("PAGO1"))
            .await,
        200
    );
    assert_eq!(endpoint.stored(), 1);
}

/// Someone who knows the shop's key signs notifications of payments that never were, each from
/// another address: the books take a day's worth of what the service has not confirmed, then
/// store nothing new and ask the sender to come back later; counted, not kept. A copy of one
/// already stored is still taken (the service sends again what it is not sure arrived).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_known_key_fills_the_inbox_only_to_its_cap() {
    let limits = Limits {
        inbox: InboxCap {
            per_day: 1_000,
            unconfirmed_per_day: 40,
        },
        ..Limits::default()
    };
    let endpoint = Endpoint::start_limited("tienda", Some(KEY), None, limits).await;
    let statuses = post_many(&endpoint, 100, 8, |index| {
        (
            format!("10.1.{}.{}", index / 256, index % 256),
            notification(&format!("FALSO{index}")),
        )
    })
    .await;
    let answered = |code: u16| statuses.iter().filter(|status| **status == code).count();
    assert_eq!((answered(200), answered(503)), (40, 60), "{statuses:?}");
    assert_eq!(endpoint.stored(), 40);
    let today = paydesk::ledger::reconcile::format_date(paydesk::clock::today());
    let counts = endpoint.ledger.refusal_counts(&today).unwrap();
    assert_eq!(counts, [("inbox-full".to_owned(), 60)]);
    assert_eq!(endpoint.rejected(), 0, "no body of them is kept");

    let kept = endpoint.ledger.notifications(1).unwrap();
    let again = notification(&kept[0].reference_id);
    assert_eq!(
        endpoint
            .post_from("198.51.100.7", "application/json", again)
            .await,
        200
    );
    let later = endpoint
        .http
        .post(endpoint.receiver.url())
        .header("content-type", "application/json")
        .body(notification("FALSOOTRO"))
        .send()
        .await
        .unwrap();
    assert_eq!(later.status().as_u16(), 503);
    // Too many unconfirmed: checks may make room, so asked back within the hour.
    assert_eq!(later.headers()["retry-after"], "3600");
    assert_eq!(endpoint.stored(), 40);
}

/// Posts `count` bodies, `at_once` at a time, each from the address `make` gives; the statuses.
async fn post_many(
    endpoint: &Endpoint,
    count: usize,
    at_once: usize,
    make: impl Fn(usize) -> (String, String),
) -> Vec<u16> {
    let url = endpoint.receiver.url();
    let mut statuses = Vec::with_capacity(count);
    let mut index = 0;
    while index < count {
        let mut posts = tokio::task::JoinSet::new();
        for (source, body) in (index..(index + at_once).min(count)).map(&make) {
            let (http, url) = (endpoint.http.clone(), url.clone());
            posts.spawn(async move {
                http.post(url)
                    .header("x-forwarded-for", source)
                    .header("content-type", "application/json")
                    .body(body)
                    .send()
                    .await
                    .unwrap()
                    .status()
                    .as_u16()
            });
        }
        while let Some(status) = posts.join_next().await {
            statuses.push(status.unwrap());
            index += 1;
        }
    }
    statuses
}

/// One address that keeps posting junk is answered 429 before its body is read, and counted;
/// the service, from another address, is not held up.
#[tokio::test]
async fn one_address_posting_junk_is_turned_away_unread() {
    let endpoint = limited().await;
    let mut statuses = Vec::new();
    for _ in 0..40 {
        statuses.push(
            endpoint
                .post_from("203.0.113.9", "application/json", "{\"no\":1}")
                .await,
        );
    }
    assert!(
        statuses[..10].iter().all(|status| *status == 400),
        "{statuses:?}"
    );
    assert!(
        statuses[10..].iter().all(|status| *status == 429),
        "{statuses:?}"
    );
    assert_eq!(endpoint.rejected(), 10, "only what was read is kept");
    assert_eq!(
        endpoint
            .post_from("198.51.100.7", "application/json", notification("PAGO2"))
            .await,
        200
    );
    let today = paydesk::ledger::reconcile::format_date(paydesk::clock::today());
    let counts = endpoint.ledger.refusal_counts(&today).unwrap();
    assert_eq!(
        counts,
        vec![("malformed".to_owned(), 10), ("too-many".to_owned(), 30)]
    );
}

/// Reads until the server closes the connection (or the deadline passes: `false`).
async fn closed_by_server(mut stream: TcpStream, deadline: Instant) -> bool {
    let mut buffer = [0u8; 1024];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buffer)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
        }
    }
}

/// 300 clients that connect and never finish: some send nothing, some half a head, some a head
/// and half a body. The service's notification is answered while they hang, and every one of
/// them is cut within 30 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_are_cut_and_never_block_a_notification() {
    let endpoint = limited().await;
    let addr = endpoint.receiver.addr();
    let started = Instant::now();
    let mut hanging = Vec::new();
    for index in 0..300 {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        match index % 3 {
            0 => {}
            1 => stream
                .write_all(b"POST /webhook HTTP/1.1\r\nHost: tienda\r\nContent-Ty")
                .await
                .unwrap(),
            _ => stream
                .write_all(
                    b"POST /webhook HTTP/1.1\r\nHost: tienda\r\nContent-Type: application/json\r\n\
                      X-Forwarded-For: 192.0.2.1\r\nContent-Length: 5000\r\n\r\n{\"referenceId\":",
                )
                .await
                .unwrap(),
        }
        hanging.push(stream);
    }
    let asked = Instant::now();
    assert_eq!(
        endpoint
            .post_from("198.51.100.7", "application/json", notification("PAGO3"))
            .await,
        200
    );
    eprintln!(
        "a notification among 300 half-sent requests was answered in {} ms",
        asked.elapsed().as_millis()
    );
    let deadline = started + Duration::from_secs(30);
    let mut cut = 0;
    for stream in hanging {
        if closed_by_server(stream, deadline).await {
            cut += 1;
        }
    }
    assert_eq!(cut, 300, "every half-sent request is cut");
    eprintln!(
        "300 half-sent requests were cut within {} s (the deadline for a head is {} s)",
        started.elapsed().as_secs(),
        HEAD_DEADLINE.as_secs()
    );
}

/// More connections than the receiver has room for: the ones past the cap are closed at once,
/// and once the hanging ones are cut, notifications are answered again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_past_the_cap_are_closed_at_once() {
    let endpoint = Endpoint::start_limited(
        "tienda",
        Some(KEY),
        None,
        Limits {
            connections: 20,
            ..Limits::default()
        },
    )
    .await;
    let addr = endpoint.receiver.addr();
    let mut held = Vec::new();
    for _ in 0..20 {
        held.push(TcpStream::connect(addr).await.unwrap());
    }
    // The receiver accepts them in its own time: the 21st is refused once all 20 are in.
    let over = wait_for("a connection past the cap to be closed", || async {
        let stream = TcpStream::connect(addr).await.unwrap();
        closed_by_server(stream, Instant::now() + Duration::from_millis(300))
            .await
            .then_some(())
    })
    .await;
    let () = over;
    drop(held);
    wait_for("room again", || async {
        let answer = endpoint
            .try_post_from("198.51.100.7", "application/json", notification("PAGO4"))
            .await;
        (answer == Some(200)).then_some(())
    })
    .await;
}

/// A reference made to break the log: a line of its own, colours, text read backwards. The
/// log shows it escaped.
#[tokio::test]
async fn what_is_logged_from_outside_is_escaped() {
    let log = common::capture_log();
    let endpoint = limited().await;
    let forged = notification("PAGO5\n2026-11-24 INFO approved\u{1b}[32m\u{202e}");
    assert_eq!(
        endpoint
            .post_from("198.51.100.7", "application/json", forged)
            .await,
        400
    );
    let wrong_key = signed(
        json!({
            "referenceId": "X\r\nINFO payment approved", "resourceId": "1", "amount": 5,
            "updatedAt": "2026-11-24 10:00:00", "status": 2,
        }),
        "otra-clave",
    );
    endpoint
        .post_from("198.51.100.8", "application/json", wrong_key)
        .await;
    let written = log.text();
    assert!(written.contains("request refused"), "{written}");
    for line in written.lines() {
        assert!(!line.contains('\u{1b}'), "{line:?}");
        assert!(!line.contains('\u{202e}'), "{line:?}");
        assert!(!line.contains('\r'), "{line:?}");
        assert!(
            !line.starts_with("2026-11-24 INFO") && !line.starts_with("INFO payment"),
            "a line of its own: {line:?}"
        );
    }
}
