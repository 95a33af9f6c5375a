//! The Activity panel and reconciliation driven through egui_kittest: notifications arrive from
//! the simulator at the app's own receiver, are confirmed, open their raw body; a forged one is
//! refused; reconciliation shows totals and exports a CSV that reads back.

mod common;

use common::ui::{App, click, create_link, shows, type_into, wait_until};
use egui_kittest::kittest::{NodeT, Queryable};
use serde_json::json;

#[test]
fn notifications_are_received_confirmed_and_opened() {
    let app = App::new();
    let mut harness = app.harness_in_english();
    let reference = create_link(&mut harness, "18.000");
    let control = app.control(&harness);
    assert_eq!(
        app.post(
            format!("{control}/transactions/{reference}/outcome"),
            json!({"outcome": "approve"})
        ),
        200
    );
    // The created payment lists what the service notified and whether the service bore it
    // out; a notification's own figures are not money, so none are shown.
    wait_until(&mut harness, "the notification under the payment", |h| {
        shows(h, "Notifications received") && shows(h, "approved (confirmed by the service)")
    });
    assert!(!shows(&harness, "you receive $ 16.562"));

    click(&mut harness, "Activity");
    wait_until(&mut harness, "the feed", |h| {
        shows(h, "confirmed by the service")
    });
    assert!(shows(&harness, &reference));
    assert!(shows(
        &harness,
        "Receiving notifications at http://127.0.0.1:"
    ));
    harness.run_steps(4);
    harness
        .query_all_by_label_contains("View #")
        .next()
        .expect("a button that opens the notification")
        .click();
    harness.step();
    // What it says in words first; the body as it came, folded under Details.
    wait_until(&mut harness, "the notification opens", |h| {
        shows(h, "Details")
    });
    assert!(
        !shows(&harness, "\"referenceId\""),
        "the raw body is folded"
    );
    click(&mut harness, "Details");
    wait_until(&mut harness, "the raw body", |h| {
        shows(h, "\"referenceId\"")
    });
    click(&mut harness, "Close");
}

/// A notification no key signed.
fn forged_notification() -> serde_json::Value {
    json!({
        "referenceId": "PDFAKE", "resourceId": "1", "amount": 999999,
        "updatedAt": "2026-11-21 10:00:00", "status": 2, "sign": "0000"
    })
}

#[test]
fn a_forged_notification_is_refused_and_shown_apart() {
    let app = App::new();
    let mut harness = app.harness_in_english();
    click(&mut harness, "Activity");
    let url = harness
        .state()
        .session()
        .and_then(|s| s.receiver.as_ref().ok().map(|r| r.url()))
        .expect("the receiver runs");
    assert_eq!(app.post(url, forged_notification()), 401);
    wait_until(&mut harness, "the refusal", |h| {
        shows(h, "the signature does not match")
    });
    assert!(shows(&harness, "Refused (kept apart, never applied)"));
}

#[test]
fn reconciliation_shows_totals_and_exports_a_csv() {
    let app = App::new();
    let mut harness = app.harness_in_english();
    let reference = create_link(&mut harness, "40.000");
    let control = app.control(&harness);
    app.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({"outcome": "approve"}),
    );
    wait_until(&mut harness, "approved", |h| {
        shows(h, "Payment approved: $ 40.000")
    });

    click(&mut harness, "Day's close");
    let today = paydesk::ledger::reconcile::format_date(paydesk::ledger::reconcile::today());
    // Today's close shows with nothing to press, and counts the approval once it is confirmed
    // (by the status check at once; the notification may still be on its way).
    wait_until(&mut harness, "the report counts the approval", |h| {
        shows(h, "Approved collections") && shows(h, "$ 40.000")
    });
    // Other dates are checked as typed.
    click(&mut harness, "Other dates");
    type_into(&mut harness, "From", "21-11-2026");
    assert!(shows(&harness, "write the date as YYYY-MM-DD"));
    // A range that ends before it starts is said once, in words, and exports nothing.
    type_into(&mut harness, "From", "2999-01-01");
    type_into(&mut harness, "To", &today);
    assert_eq!(
        harness
            .query_all_by_label("the end is before the start")
            .count(),
        1
    );
    assert!(
        harness
            .get_by_label("Export CSV")
            .accesskit_node()
            .is_disabled()
    );
    type_into(&mut harness, "From", &today);
    // The approval's notification has its row in the CSV: wait until the receiver stored it.
    wait_until(&mut harness, "the notification is stored", |h| {
        h.state().session().is_some_and(|session| {
            session.ledger.as_ref().is_ok_and(|ledger| {
                ledger.notifications_for(&reference).is_ok_and(|n| {
                    n.iter()
                        .any(|n| n.status == paydesk::api::TransactionStatus::Approved)
                })
            })
        })
    });
    click(&mut harness, "Export CSV");
    wait_until(&mut harness, "the export", |h| shows(h, "rows exported to"));
    // The file's folder opens from there (not clicked here: it would start a file manager).
    assert!(harness.query_by_label("Open folder").is_some());
    let file = app
        .home
        .path()
        .join("exports")
        .join(format!("paydesk-{today}_{today}.csv"));
    let mut reader = csv::Reader::from_path(&file).unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let sale: Vec<_> = rows
        .iter()
        .filter(|r| &r[2] == reference.as_str())
        .collect();
    assert_eq!(sale.len(), 1, "one row for the sale: {rows:?}");
    assert_eq!((&sale[0][0], &sale[0][5]), ("sale", "40000"), "{rows:?}");
    let beside = paydesk::ledger::reconcile::notifications_path(&file, paydesk::i18n::Language::En);
    let mut reader = csv::Reader::from_path(&beside).unwrap();
    assert!(
        reader
            .records()
            .map(Result::unwrap)
            .any(|r| &r[0] == "notification" && &r[2] == reference.as_str() && &r[5] == "approved")
    );
}

/// Notifications the receiver did not store because a day's worth signed with the shop's key
/// was already waiting unconfirmed: Activity says so apart, with what the owner can do.
#[test]
fn a_flood_signed_with_the_shops_key_is_said_with_what_to_do() {
    let app = App::new();
    // In English like the rest of this file: the language is the process's, and a refusal's
    // reason is written in it.
    let mut harness = app.harness_in_english();
    click(&mut harness, "Activity");
    wait_until(&mut harness, "the feed is read", |h| {
        shows(h, "No notifications yet")
    });
    let session = harness.state().session().expect("a session");
    let ledger = session.ledger.clone().expect("a ledger");
    let url = session.receiver.as_ref().expect("the receiver runs").url();
    // What the receiver's writer counts when the inbox is full (2,000 of them would take the
    // test a minute; `receiver_under_attack` posts them), then a forged one arrives.
    ledger.store_refusals(&[], &[("inbox-full", 7)]).unwrap();
    assert_eq!(app.post(url, forged_notification()), 401);
    wait_until(&mut harness, "today's refusals are read", |h| {
        shows(h, "8 requests refused today")
    });
    assert!(shows(
        &harness,
        "7 notifications signed with your key were not stored today"
    ));
    assert!(shows(&harness, "ask the service for a new one"));
    // Refusals alone: no empty table of notifications above them.
    assert!(shows(&harness, "No notifications yet"));
}
