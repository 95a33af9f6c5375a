//! One behaviour suite, two backends: every test here runs on the embedded SQLite ledger and on
//! a shared PostgreSQL one (a throwaway cluster; those are `#[ignore = "needs PostgreSQL"]` and
//! `.ci/run` runs them). Two `Ledger`s on one store are two tills.

mod common;

use common::postgres::Cluster;
use paydesk::api::catalog::MethodCatalog;
use paydesk::api::kind::PaymentKind;
use paydesk::api::notification::Notification;
use paydesk::api::{PayoutRequest, StatusRecord, TransactionStatus};
use paydesk::i18n::Language;
use paydesk::ledger::reconcile::Period;
use paydesk::ledger::{
    BODIES_WHOLE_FOR_MS as KEEP_WHOLE, CheckState, Collection, InboxCap, IntentRules,
    KEPT_BODY_CHARS, Ledger, LedgerError, LedgerUrl, PayoutOutcome, PayoutState, StatusAnswer,
    StatusWrite, StoreOutcome,
};
use paydesk::money::Pesos;

/// Where the tills' ledgers live.
enum Store {
    Sqlite(tempfile::TempDir),
    Postgres(String),
}

impl Store {
    fn sqlite() -> Store {
        Store::Sqlite(tempfile::tempdir().unwrap())
    }

    fn postgres() -> Store {
        Store::Postgres(Cluster::shared().database())
    }

    /// A till's ledger.
    fn till(&self, name: &str) -> Ledger {
        match self {
            Store::Sqlite(dir) => Ledger::open(&dir.path().join("ledger.sqlite3")).unwrap(),
            Store::Postgres(url) => {
                Ledger::open_shared(&LedgerUrl::parse(url).unwrap(), None, name).unwrap()
            }
        }
    }
}

macro_rules! on_both_backends {
    ($($behaviour:ident),* $(,)?) => {
        $(
            mod $behaviour {
                #[test]
                fn sqlite() {
                    super::$behaviour(&super::Store::sqlite());
                }

                #[test]
                #[ignore = "needs PostgreSQL"]
                fn postgres() {
                    super::$behaviour(&super::Store::postgres());
                }
            }
        )*
    };
}

on_both_backends!(
    payout_rules_hold_across_tills,
    a_payout_goes_from_intent_to_settled,
    a_crashed_till_settles_its_own_intents_only,
    notifications_are_stored_once_and_counted_again,
    the_inbox_takes_a_days_worth,
    collections_follow_the_service,
    reconciliation_and_csv_read_every_till,
    bank_accounts_are_listed_until_forgotten,
    several_tills_starting_at_once_migrate_once,
    a_codes_payments_are_counted_once_each,
    tills_in_two_languages_share_one_row_per_method,
    a_copy_of_the_books_restores_into_an_embedded_ledger,
    a_final_state_is_final_whatever_comes_later,
    an_approval_is_announced_once_in_its_life,
);

const RULES: IntentRules = IntentRules {
    spacing_ms: 30_000,
    repeat_window_ms: 600_000,
    confirmed_repeat_of: None,
};

const NO_SPACING: IntentRules = IntentRules {
    spacing_ms: 0,
    repeat_window_ms: 600_000,
    confirmed_repeat_of: None,
};

fn request(reference1: &str, amount: i64, cellphone: &str) -> PayoutRequest {
    PayoutRequest {
        amount: Pesos::new(amount),
        reference1: reference1.into(),
        webhook_request: None,
        method_id: 245,
        destination: cellphone.into(),
        bank_name: None,
    }
}

fn notification(reference: &str, status: i64, updated_at: &str) -> (Notification, String) {
    let raw = format!(
        r#"{{"realAmount": 20000, "amount": 19405, "cost": "$595.00", "referenceId": "{reference}", "resourceId": "S{reference}", "updatedAt": "{updated_at}", "status": {status}, "productId": 117, "paymentMethod": "PSE", "providerReference": "P{reference}", "reference1": "VENTA"}}"#
    );
    (Notification::parse(raw.as_bytes()).unwrap(), raw)
}

/// A key known to others signs whatever they like: the books take a day's worth from a profile,
/// fewer of them unconfirmed, then nothing new until the day moves on or checks make room; a
/// copy of one stored is still a copy.
fn the_inbox_takes_a_days_worth(store: &Store) {
    let receiver = store.till("server");
    let cap = InboxCap {
        per_day: 5,
        unconfirmed_per_day: 3,
    };
    const DAY: i64 = 24 * 60 * 60 * 1000;
    let noon = 1_795_000_000_000;
    let take = |profile: &str, references: &[&str], at: i64| {
        let batch: Vec<_> = references
            .iter()
            .map(|reference| notification(reference, 2, "2026-11-22 10:00:00"))
            .collect();
        receiver
            .store_notifications_within(profile, &batch, cap, at)
            .unwrap()
    };
    let stored_id = |outcome: &StoreOutcome| match outcome {
        StoreOutcome::Stored(id) => *id,
        other => panic!("{other:?}"),
    };
    let outcomes = take("tienda", &["F0", "F1", "F2", "F3", "F4"], noon);
    let stored: Vec<i64> = outcomes[..3].iter().map(stored_id).collect();
    // Too many unconfirmed: checks make room as they go, so an hour at most.
    let full = StoreOutcome::Full {
        retry_after_s: 3_600,
    };
    assert_eq!(&outcomes[3..], [full, full]);
    assert!(matches!(
        take("tienda", &["F0"], noon)[0],
        StoreOutcome::Duplicate { .. }
    ));
    // Another profile's day is its own.
    stored_id(&take("otra", &["G0"], noon)[0]);
    // A confirmed one makes room for one more unconfirmed.
    receiver
        .record_check(
            stored[0],
            CheckState::Confirmed,
            Some(TransactionStatus::Approved),
        )
        .unwrap();
    let again = take("tienda", &["F3", "F4"], noon + 1_000);
    let fourth = stored_id(&again[0]);
    assert_eq!(again[1], full);
    // Confirmed or not, five a day: the fifth goes in, the sixth waits for the first's day to end.
    for id in [stored[1], stored[2], fourth] {
        receiver
            .record_check(id, CheckState::Confirmed, Some(TransactionStatus::Approved))
            .unwrap();
    }
    let later = noon + 10_000_000;
    let fifth = take("tienda", &["H0", "H1"], later);
    stored_id(&fifth[0]);
    // Asked to come back when the day's oldest (from noon) leaves the 24 hours.
    assert_eq!(
        fifth[1],
        StoreOutcome::Full {
            retry_after_s: 76_401
        }
    );
    // A day after the first ones, there is room again.
    stored_id(&take("tienda", &["H1"], noon + DAY + 1)[0]);
    assert_eq!(receiver.notification_count().unwrap(), 7);

    // A week on, a body longer than any real notification is cut to its start; a real one and
    // a newer one stay whole.
    let padded = |reference: &str| {
        let (_, raw) = notification(reference, 2, "2026-11-22 10:00:00");
        let raw = raw.replacen(
            '{',
            &format!(r#"{{"padding": "{}", "#, "x".repeat(60_000)),
            1,
        );
        (Notification::parse(raw.as_bytes()).unwrap(), raw)
    };
    let week_ago = noon - KEEP_WHOLE - 1;
    let old = receiver
        .store_notifications_received_at("tienda", &[padded("P0")], week_ago)
        .unwrap();
    let new = receiver
        .store_notifications_received_at("tienda", &[padded("P1")], noon)
        .unwrap();
    assert_eq!(receiver.cut_long_bodies(0, noon - KEEP_WHOLE).unwrap(), 1);
    let raw_of = |outcome: &StoreOutcome| {
        receiver
            .notification(stored_id(outcome))
            .unwrap()
            .unwrap()
            .raw
    };
    assert_eq!(raw_of(&old[0]).chars().count(), KEPT_BODY_CHARS as usize);
    assert!(raw_of(&old[0]).starts_with(r#"{"padding": "xxx"#));
    assert!(raw_of(&new[0]).len() > 60_000);
    assert!(raw_of(&outcomes[0]).contains("\"referenceId\": \"F0\""));
}

fn payout_rules_hold_across_tills(store: &Store) {
    let first = store.till("caja-1");
    let second = store.till("caja-2");
    let sent = first
        .begin_payout("tienda", &request("P-1", 50_000, "3001234567"), &RULES)
        .unwrap();
    assert_eq!(sent.state, PayoutState::Sending);
    // The same reference from the other till: refused, whatever the amount.
    assert!(matches!(
        second.begin_payout("tienda", &request("P-1", 10_000, "3009999999"), &NO_SPACING),
        Err(LedgerError::DuplicateReference(_))
    ));
    // Another payout within 30 s from the other till: the spacing counts across tills.
    match second.begin_payout("tienda", &request("P-2", 10_000, "3009999999"), &RULES) {
        Err(LedgerError::PayoutTooSoon { wait_ms }) => {
            assert!(wait_ms > 0 && wait_ms <= 30_000, "{wait_ms}")
        }
        other => panic!("{other:?}"),
    }
    // The same amount to the same number while the first is still going out: no yes sends it.
    let in_flight = IntentRules {
        confirmed_repeat_of: Some(sent.id),
        ..NO_SPACING
    };
    match second.begin_payout("tienda", &request("P-3", 50_000, "3001234567"), &in_flight) {
        Err(LedgerError::PayoutUnsettled(previous)) => assert_eq!(previous.id, sent.id),
        other => panic!("{other:?}"),
    }
    first
        .finish_payout(
            sent.id,
            &PayoutOutcome::Sent {
                transaction_reference: Some("CO1".into()),
                reply_json: "{}".into(),
            },
        )
        .unwrap();
    // Once it went out: a second yes is needed, then it goes.
    let repeat =
        match second.begin_payout("tienda", &request("P-3", 50_000, "3001234567"), &NO_SPACING) {
            Err(LedgerError::PayoutRepeat(previous)) => previous,
            other => panic!("{other:?}"),
        };
    assert_eq!(repeat.id, sent.id);
    let confirmed = IntentRules {
        confirmed_repeat_of: Some(repeat.id),
        ..NO_SPACING
    };
    second
        .begin_payout("tienda", &request("P-3", 50_000, "3001234567"), &confirmed)
        .unwrap();
    // Another merchant on the same database is not held by this one's rules.
    first
        .begin_payout("otra", &request("P-1", 50_000, "3001234567"), &RULES)
        .unwrap();
}

fn a_payout_goes_from_intent_to_settled(store: &Store) {
    let till = store.till("caja-1");
    let intent = till
        .begin_payout("tienda", &request("L-1", 70_000, "3001234567"), &NO_SPACING)
        .unwrap();
    let sent = till
        .finish_payout(
            intent.id,
            &PayoutOutcome::Sent {
                transaction_reference: Some("T-1".into()),
                reply_json: "{}".into(),
            },
        )
        .unwrap();
    assert_eq!(sent.state, PayoutState::Sent);
    assert_eq!(sent.transaction_reference.as_deref(), Some("T-1"));
    assert!(till.knows_reference("T-1").unwrap());
    let approved = till
        .record_payout_status(intent.id, TransactionStatus::Approved)
        .unwrap();
    assert_eq!(approved.state, PayoutState::Approved);
    assert_eq!(
        till.payout_by_reference("tienda", "L-1")
            .unwrap()
            .unwrap()
            .id,
        intent.id
    );

    let lost = till
        .begin_payout("tienda", &request("L-2", 80_000, "3001234567"), &NO_SPACING)
        .unwrap();
    let unknown = till
        .finish_payout(
            lost.id,
            &PayoutOutcome::Unknown {
                code: "network.timeout".into(),
                message: "no answer".into(),
            },
        )
        .unwrap();
    assert_eq!(unknown.state, PayoutState::Unknown);
    let settled = till.settle_payout_by_hand(lost.id, false).unwrap();
    assert_eq!(settled.state, PayoutState::Refused);

    let unsent = till
        .begin_payout("tienda", &request("L-3", 90_000, "3001234567"), &NO_SPACING)
        .unwrap();
    till.finish_payout(
        unsent.id,
        &PayoutOutcome::NotSent {
            message: "offline".into(),
        },
    )
    .unwrap();
    assert!(till.resume_payout(unsent.id).unwrap());
    assert!(!till.resume_payout(unsent.id).unwrap(), "only once");

    let journal = till.payouts("tienda", 10).unwrap();
    assert_eq!(journal.len(), 3);
    assert_eq!(journal[0].reference1, "L-3", "newest first");
    assert_eq!(journal[0].attempts, 2);
}

fn a_crashed_till_settles_its_own_intents_only(store: &Store) {
    let crashed = store.till("caja-1");
    let busy = store.till("caja-2");
    let mine = crashed
        .begin_payout("tienda", &request("C-1", 50_000, "3001234567"), &NO_SPACING)
        .unwrap();
    let theirs = busy
        .begin_payout("tienda", &request("C-2", 60_000, "3007654321"), &NO_SPACING)
        .unwrap();
    drop(crashed);
    let restarted = store.till("caja-1");
    assert_eq!(
        restarted.payout(mine.id).unwrap().unwrap().state,
        PayoutState::Unknown
    );
    let expected = if matches!(store, Store::Sqlite(_)) {
        // One PC: every intent left `sending` is this PC's own.
        PayoutState::Unknown
    } else {
        // Another till's request may still be on its way: untouched.
        PayoutState::Sending
    };
    assert_eq!(
        restarted.payout(theirs.id).unwrap().unwrap().state,
        expected
    );
}

fn notifications_are_stored_once_and_counted_again(store: &Store) {
    let receiver = store.till("server");
    let till = store.till("caja-1");
    let approved = notification("N1", 2, "2026-11-22 10:00:00");
    let pending = notification("N2", 1, "2026-11-22 10:00:01");
    let outcomes = receiver
        .store_notifications("tienda", &[approved.clone(), pending.clone()])
        .unwrap();
    let StoreOutcome::Stored(first) = outcomes[0] else {
        panic!("{outcomes:?}")
    };
    assert!(matches!(outcomes[1], StoreOutcome::Stored(_)));
    receiver
        .record_check(
            first,
            CheckState::Confirmed,
            Some(TransactionStatus::Approved),
        )
        .unwrap();
    // The service sends it again (to a receiver that restarted, or twice at once).
    let again = receiver.store_notifications("tienda", &[approved]).unwrap();
    assert_eq!(
        again,
        [StoreOutcome::Duplicate {
            id: first,
            confirmed: true
        }]
    );
    // One batch with a new one twice and an old one: the first stored, the rest counted.
    let fresh = notification("N3", 2, "2026-11-22 10:00:02");
    let mixed = receiver
        .store_notifications("tienda", &[fresh.clone(), pending.clone(), fresh])
        .unwrap();
    let StoreOutcome::Stored(third) = mixed[0] else {
        panic!("{mixed:?}")
    };
    assert!(matches!(
        mixed[1],
        StoreOutcome::Duplicate {
            confirmed: false,
            ..
        }
    ));
    assert_eq!(
        mixed[2],
        StoreOutcome::Duplicate {
            id: third,
            confirmed: false
        }
    );
    // A receiver's full batch goes in a few statements, in order.
    let many: Vec<_> = (0..300)
        .map(|n| notification(&format!("B{n}"), 2, "2026-11-22 10:00:03"))
        .collect();
    let stored_many = receiver.store_notifications("tienda", &many).unwrap();
    assert!(
        stored_many
            .iter()
            .all(|o| matches!(o, StoreOutcome::Stored(_)))
    );
    for (outcome, (parsed, _)) in stored_many.iter().zip(&many) {
        let StoreOutcome::Stored(id) = outcome else {
            unreachable!()
        };
        assert_eq!(
            till.notification(*id).unwrap().unwrap().reference_id,
            parsed.reference_id
        );
    }
    // Every till reads what the receiver stored.
    assert_eq!(till.notification_count().unwrap(), 303);
    let stored = till.notification(first).unwrap().unwrap();
    assert_eq!(stored.duplicates, 1);
    assert_eq!(stored.check_state, CheckState::Confirmed);
    assert_eq!(stored.figures.gross, Some(Pesos::new(20_000)));
    assert_eq!(stored.figures.fee, Some(Pesos::new(595)));
    assert_eq!(stored.figures.net, Some(Pesos::new(19_405)));
    assert_eq!(till.notifications_for("N2").unwrap().len(), 1);
    assert_eq!(till.notifications(10).unwrap()[0].reference_id, "B299");
    receiver
        .store_refusals(
            &[paydesk::ledger::RefusalSample {
                kind: "signature",
                reason: "bad signature".into(),
                source: "203.0.113.9".into(),
                raw: "{}".into(),
            }],
            &[("signature", 1)],
        )
        .unwrap();
    let refusals = till.refusal_samples(10).unwrap();
    assert_eq!(refusals[0].reason, "bad signature");
    assert_eq!(refusals[0].source, "203.0.113.9");
    let today = paydesk::ledger::reconcile::format_date(paydesk::clock::today());
    assert_eq!(
        till.refusal_counts(&today).unwrap(),
        vec![("signature".to_owned(), 1)]
    );
}

/// The receiver stores an approval's notification for `reference` and the service confirms it.
fn confirmed_approval(receiver: &Ledger, reference: &str) {
    let stored = receiver
        .store_notifications(
            "tienda",
            &[notification(reference, 2, "2026-11-22 11:00:00")],
        )
        .unwrap();
    let StoreOutcome::Stored(id) = stored[0] else {
        panic!("{stored:?}")
    };
    receiver
        .record_check(id, CheckState::Confirmed, Some(TransactionStatus::Approved))
        .unwrap();
}

/// The service's answer to `/payment/status`, as the client reads it.
fn status_answer(status: i64, amount: &str, cost: &str, provider: &str) -> StatusRecord {
    serde_json::from_value(serde_json::json!({
        "id": "1", "cost": cost, "status": status.to_string(), "date": "",
        "providerReference": provider, "amount": amount, "description": null,
        "paymentMethod": null
    }))
    .unwrap()
}

fn collection(reference: &str, amount: Option<i64>, created_at: i64) -> Collection {
    Collection {
        reference: reference.into(),
        kind: PaymentKind::Link,
        amount: amount.map(Pesos::new),
        reference1: "VENTA".into(),
        url: format!("https://pay.example/{reference}"),
        created_at,
        status: None,
        description: "Almuerzo".into(),
        repeatable: false,
        open_until: None,
        made_by: Default::default(),
        resource_id: None,
    }
}

fn collections_follow_the_service(store: &Store) {
    let till = store.till("caja-1");
    let other = store.till("caja-2");
    let now = paydesk::ledger::now_ms();
    till.record_collection("tienda", &collection("K-1", Some(25_000), now))
        .unwrap();
    till.record_collection("tienda", &collection("K-1", Some(25_000), now))
        .unwrap();
    other
        .record_collection("tienda", &collection("K-2", None, now + 1))
        .unwrap();
    other
        .record_collection_status(
            "tienda",
            "K-2",
            StatusAnswer {
                status: TransactionStatus::Approved,
                amount: Some(Pesos::new(7_000)),
                asked_at: now,
            },
        )
        .unwrap();
    let today = other
        .collections_between(Some("tienda"), now - 1_000, now + 1_000)
        .unwrap();
    assert_eq!(today.len(), 2, "{today:?}");
    assert_eq!(today[0].reference, "K-2", "newest first");
    assert_eq!(today[0].status, Some(TransactionStatus::Approved));
    assert_eq!(
        today[0].amount,
        Some(Pesos::new(7_000)),
        "the payer's amount"
    );
    assert_eq!(today[1].description, "Almuerzo");
    assert!(till.knows_reference("K-2").unwrap());
    assert_eq!(till.profiles().unwrap(), ["tienda"]);
    assert!(!till.knows_reference("K-3").unwrap());
    assert!(
        till.collections_between(Some("otra"), now - 1_000, now + 1_000)
            .unwrap()
            .is_empty()
    );
}

fn reconciliation_and_csv_read_every_till(store: &Store) {
    let receiver = store.till("server");
    let till = store.till("caja-1");
    let now = paydesk::ledger::now_ms();
    till.record_collection("tienda", &collection("R1", Some(20_000), now))
        .unwrap();
    confirmed_approval(&receiver, "R1");
    // The receiver's check: the service's answer is what goes into the books.
    let answer = status_answer(2, "$ 20.000", "$ 595", "PR1");
    let created = receiver
        .collection_by_reference("tienda", "R1")
        .unwrap()
        .unwrap();
    paydesk::collections::apply_answer(&receiver, "tienda", &created, &answer, now, now).unwrap();
    let payout = till
        .begin_payout("tienda", &request("R-P", 5_000, "3001234567"), &NO_SPACING)
        .unwrap();
    till.finish_payout(
        payout.id,
        &PayoutOutcome::Sent {
            transaction_reference: Some("RT-1".into()),
            reply_json: "{}".into(),
        },
    )
    .unwrap();
    let today = paydesk::clock::today();
    let report = store
        .till("caja-2")
        .reconcile(Some("tienda"), today, today, now)
        .unwrap();
    assert_eq!(report.approved.count, 1);
    assert_eq!(report.approved.gross, Pesos::new(20_000));
    assert_eq!(report.approved.net, Pesos::new(19_405));
    assert_eq!(
        report.payouts_open.count + report.payouts_paid.count,
        1,
        "{report:?}"
    );
    let (rows, text) = english_csv(&till, today);
    assert_eq!(rows, 2, "one row for the sale, one for the payout: {text}");
    assert!(text.contains("R1") && text.contains("R-P"), "{text}");
}

/// The shop keeps a file of its own books, from the shared ledger too: restored into an
/// embedded ledger on any PC, it exports the same CSV.
fn a_copy_of_the_books_restores_into_an_embedded_ledger(store: &Store) {
    reconciliation_and_csv_read_every_till(store);
    let till = store.till("caja-1");
    let folder = tempfile::tempdir().unwrap();
    let copy = paydesk::backup::take(&till, folder.path()).unwrap();
    let contents = paydesk::backup::inspect(&copy.path).unwrap();
    assert_eq!(
        (contents.payments, contents.payouts),
        (1, 1),
        "{contents:?}"
    );
    let elsewhere = tempfile::tempdir().unwrap();
    let (_, restored, aside) =
        paydesk::backup::restore_file(&copy.path, &elsewhere.path().join("ledger.sqlite3"))
            .unwrap();
    assert_eq!(aside, None, "nothing was there to keep aside");
    let today = paydesk::clock::today();
    assert_eq!(english_csv(&restored, today), english_csv(&till, today));
}

fn bank_accounts_are_listed_until_forgotten(store: &Store) {
    let till = store.till("caja-1");
    till.record_bank_account("tienda", Some(11), "****1234", 1007, 1)
        .unwrap();
    till.record_bank_account("tienda", Some(12), "****5678", 1051, 2)
        .unwrap();
    till.forget_bank_account("tienda", 11).unwrap();
    let accounts = store.till("caja-2").bank_accounts("tienda").unwrap();
    assert_eq!(accounts.len(), 1);
    assert_eq!(accounts[0].masked_number, "****5678");
}

fn several_tills_starting_at_once_migrate_once(store: &Store) {
    let versions: Vec<i64> = std::thread::scope(|scope| {
        let starting: Vec<_> = (0..4)
            .map(|n| scope.spawn(move || store.till(&format!("caja-{n}")).schema_version()))
            .collect();
        starting
            .into_iter()
            .map(|till| till.join().unwrap().unwrap())
            .collect()
    });
    assert!(
        versions.windows(2).all(|pair| pair[0] == pair[1]),
        "{versions:?}"
    );
    assert!(versions[0] >= 1);
}

/// A code that takes many payments (a Bre-B key): one payment seen by a till's status check and
/// by the receiver's notification, another by the status check alone, one of a code that is not
/// ours. Every till reads two payments, counted once each everywhere.
fn a_codes_payments_are_counted_once_each(store: &Store) {
    let till = store.till("caja-1");
    let receiver = store.till("server");
    let now = paydesk::ledger::now_ms();
    let mut code = collection("B1", None, now);
    code.kind = PaymentKind::Method(250);
    code.repeatable = true;
    code.open_until = Some(now + 600_000);
    till.record_collection("tienda", &code).unwrap();
    let seen = |provider: &str, amount: i64, fee: Option<i64>| paydesk::ledger::ReceivedPayment {
        reference: "B1".into(),
        kind: PaymentKind::Method(250),
        repeatable: true,
        provider_reference: provider.into(),
        amount: Some(Pesos::new(amount)),
        fee: fee.map(Pesos::new),
        received_at: now,
        cashier: String::new(),
    };
    // The first payer: the status check saw it, then the receiver's notification of it.
    assert!(
        till.record_received("tienda", &seen("P-B-1", 20_000, Some(595)))
            .unwrap()
    );
    assert!(
        !receiver
            .record_received("tienda", &seen("P-B-1", 20_000, Some(595)))
            .unwrap(),
        "the same payment by the other path is not a new one"
    );
    confirmed_approval(&receiver, "B1");
    // The second payer: only the status check saw it.
    assert!(
        till.record_received("tienda", &seen("P-B-2", 7_000, Some(300)))
            .unwrap()
    );
    // Somebody else's reference is not written down.
    let mut stranger = seen("P-X", 1_000, None);
    stranger.reference = "X-9".into();
    assert!(!till.record_received("tienda", &stranger).unwrap());

    let other = store.till("caja-2");
    let received = other
        .received_between(Some("tienda"), now - 1_000, now + 1_000)
        .unwrap();
    assert_eq!(received.len(), 2, "{received:?}");
    assert_eq!(
        received[0].kind,
        PaymentKind::Method(250),
        "the code's kind comes along"
    );
    // Another profile's books never hold them.
    assert!(
        other
            .received_between(Some("otra"), now - 1_000, now + 1_000)
            .unwrap()
            .is_empty()
    );
    assert!(
        !till
            .record_received("otra", &seen("P-B-3", 1_000, None))
            .unwrap(),
        "a payment is written only into the books of the profile that created it"
    );
    let today = paydesk::clock::today();
    let report = other.reconcile(Some("tienda"), today, today, now).unwrap();
    assert_eq!(report.approved.count, 2, "{report:?}");
    assert_eq!(report.approved.gross, Pesos::new(27_000));
    assert_eq!(report.approved.fee, Pesos::new(895));
    let (_, text) = english_csv(&other, today);
    assert_eq!(
        text.matches("code payment").count(),
        2,
        "each payment the service confirmed is a row with its money: {text}"
    );
    // Paid once, the code stays approved while the service shows the next payer processing.
    for status in [TransactionStatus::Approved, TransactionStatus::Processing] {
        let answer = StatusAnswer {
            status,
            amount: None,
            asked_at: paydesk::ledger::now_ms(),
        };
        till.record_collection_status("tienda", "B1", answer)
            .unwrap();
    }
    let codes = other
        .collections_between(Some("tienda"), now - 1_000, now + 1_000)
        .unwrap();
    assert_eq!(codes[0].status, Some(TransactionStatus::Approved));
    // A code still open is followed from every till, whatever day it was printed.
    let open = other.open_codes("tienda", now + 1, now).unwrap();
    assert_eq!(open.len(), 1);
    assert!(open[0].repeatable);
    assert!(
        other
            .open_codes("tienda", now + 1, now + 700_000)
            .unwrap()
            .is_empty()
    );
}

/// A till in Spanish and a till in English on one ledger sell the same method: the close has one
/// row for it (the ledger keeps a code, not either till's words), and the CSV names it in the
/// language it is made in.
fn tills_in_two_languages_share_one_row_per_method(store: &Store) {
    let spanish = store.till("caja-es");
    let english = store.till("caja-en");
    let now = paydesk::ledger::now_ms();
    for (till, language, reference) in [
        (&spanish, Language::Es, "L1"),
        (&english, Language::En, "L2"),
    ] {
        paydesk::i18n::set(language);
        let mut sale = collection(reference, Some(10_000), now);
        sale.kind = PaymentKind::Method(273);
        paydesk::collections::record_created(till, "tienda", &sale).unwrap();
        let answer = status_answer(2, "$ 10.000", "$ 300", "");
        paydesk::collections::apply_answer(till, "tienda", &sale, &answer, now, now).unwrap();
    }
    paydesk::i18n::set(Language::En);
    let today = paydesk::clock::today();
    let report = spanish
        .reconcile(Some("tienda"), today, today, now)
        .unwrap();
    assert_eq!(report.by_method.len(), 1, "{:?}", report.by_method);
    assert_eq!(report.by_method[&PaymentKind::Method(273)].count, 2);
    assert_eq!(report.approved.gross, Pesos::new(20_000));
    let (_, text) = english_csv(&english, today);
    assert_eq!(
        text.matches(",method:273,").count(),
        2,
        "one row per sale: {text}"
    );
}

/// The profile's CSV for `day` in English (codes a program reads), and how many rows it has.
fn english_csv(till: &Ledger, day: time::Date) -> (usize, String) {
    let mut csv = Vec::new();
    let rows = till
        .export_csv(
            Period::new(Some("tienda"), day, day),
            &mut csv,
            Language::En,
            &MethodCatalog::default(),
        )
        .unwrap();
    (rows, String::from_utf8(csv).unwrap())
}

/// Every final state against every later answer, from another till: the books keep the final
/// state; an answer asked after it and saying otherwise is kept apart as a contradiction (the
/// close lists it, the CSV says it beside the sale) and never applied, money included; one
/// asked before it (it crossed the final one on the way) is late, not a contradiction.
fn a_final_state_is_final_whatever_comes_later(store: &Store) {
    use TransactionStatus::*;
    let till = store.till("caja-1");
    let other = store.till("caja-2");
    let finals = [Rejected, Approved, Failed, Cancelled];
    let every = [Rejected, Pending, Approved, Failed, Cancelled, Processing];
    let now = paydesk::ledger::now_ms();
    let mut expected_contradictions = 0;
    for (f, held) in finals.into_iter().enumerate() {
        for (l, later) in every.into_iter().enumerate() {
            if later == held {
                continue;
            }
            let reference = format!("F{f}-{l}");
            let sale = collection(&reference, Some(25_000), now);
            paydesk::collections::record_created(&till, "tienda", &sale).unwrap();
            let first = status_answer(held.id(), "$ 25.000", "$ 500", "");
            let applied =
                paydesk::collections::apply_answer(&till, "tienda", &sale, &first, now, now)
                    .unwrap();
            assert_eq!(applied.written, StatusWrite::Moved { from: None });
            // A stale answer, asked before the final state was written, is only late.
            let crossed = status_answer(later.id(), "$ 25.000", "", "");
            let written =
                paydesk::collections::apply_answer(&other, "tienda", &sale, &crossed, 0, now)
                    .unwrap()
                    .written;
            if later.is_final() {
                assert_eq!(
                    written,
                    StatusWrite::Contradicted { held },
                    "{held:?} then {later:?}"
                );
            } else {
                assert_eq!(
                    written,
                    StatusWrite::Kept { held },
                    "{held:?} then {later:?}"
                );
            }
            // Asked since: a contradiction, whichever state it names.
            let asked_after = paydesk::ledger::now_ms() + 1;
            let answer = status_answer(later.id(), "$ 99.000", "$ 1", "");
            let applied = paydesk::collections::apply_answer(
                &other,
                "tienda",
                &sale,
                &answer,
                asked_after,
                asked_after,
            )
            .unwrap();
            assert_eq!(applied.status, held, "{held:?} then {later:?}");
            assert_eq!(applied.written, StatusWrite::Contradicted { held });
            assert_eq!(applied.new_payment, None, "{held:?} then {later:?}");
            expected_contradictions += 1;
            let books = till
                .collection_by_reference("tienda", &reference)
                .unwrap()
                .unwrap();
            assert_eq!(books.status, Some(held), "{held:?} then {later:?}");
            assert_eq!(books.amount, Some(Pesos::new(25_000)));
            let money = till.received_of("tienda", &reference).unwrap();
            let expected_money = usize::from(held == Approved);
            assert_eq!(money.len(), expected_money, "{held:?} then {later:?}");
            if let Some(paid) = money.first() {
                assert_eq!(paid.amount, Some(Pesos::new(25_000)), "the first answer's");
            }
            let seen = till.contradictions_of("tienda", &reference).unwrap();
            assert_eq!(seen.len(), 1, "{seen:?}");
            assert_eq!((seen[0].held, seen[0].answered), (held, later));
        }
    }
    // Said again, a contradiction is not kept twice.
    let sale = collection("F1-0", Some(25_000), now);
    let again = status_answer(Rejected.id(), "$ 25.000", "", "");
    let later = paydesk::ledger::now_ms() + 2;
    paydesk::collections::apply_answer(&till, "tienda", &sale, &again, later, later).unwrap();
    assert_eq!(till.contradictions_of("tienda", "F1-0").unwrap().len(), 1);

    let today = paydesk::clock::today();
    let report = other
        .reconcile(Some("tienda"), today, today, paydesk::ledger::now_ms())
        .unwrap();
    let listed = report
        .exceptions
        .iter()
        .filter(|e| e.kind == paydesk::ledger::reconcile::ExceptionKind::Contradiction)
        .count();
    assert_eq!(listed, expected_contradictions, "{:?}", report.exceptions);
    // Only the first answers' approvals are money: five sales held approved.
    assert_eq!(report.approved.count, 5, "{report:?}");
    assert_eq!(report.approved.gross, Pesos::new(125_000));
    let held_pending = report
        .by_state
        .get(&Some(Pending))
        .map_or(0, |totals| totals.count);
    assert_eq!(held_pending, 0, "no sale went back to pending: {report:?}");
    // The CSV: one row per sale, the contradiction said beside it, never a second state.
    let (rows, text) = english_csv(&other, today);
    assert_eq!(rows, 4 * 5, "{text}");
    let approved_then_pending = text.lines().find(|line| line.contains(",F1-1,")).unwrap();
    assert!(
        approved_then_pending.contains(",approved,")
            && approved_then_pending.contains("the service later said pending"),
        "{approved_then_pending}"
    );

    // A code that takes many payments: one payer refused does not close it; paid once, it stays
    // approved while the next payer pays.
    let mut code = collection("Q-F", None, now);
    code.repeatable = true;
    code.kind = PaymentKind::Resource(3);
    paydesk::collections::record_created(&till, "tienda", &code).unwrap();
    for (status, held) in [
        (Rejected, Rejected),
        (Processing, Processing),
        (Approved, Approved),
        (Processing, Approved),
        (Rejected, Approved),
    ] {
        let at = paydesk::ledger::now_ms() + 5;
        let answer = status_answer(status.id(), "$ 8.000", "$ 200", "P-Q");
        let applied =
            paydesk::collections::apply_answer(&other, "tienda", &code, &answer, at, at).unwrap();
        assert_eq!(applied.status, held, "{status:?}");
    }
    assert!(till.contradictions_of("tienda", "Q-F").unwrap().is_empty());
}

/// A sale's approval and each payment of a code are claimed for announcement once, ever: a second
/// till, or the same till after a restart, finds it announced.
fn an_approval_is_announced_once_in_its_life(store: &Store) {
    let now = paydesk::ledger::now_ms();
    {
        let till = store.till("caja-1");
        let sale = collection("A-1", Some(30_000), now);
        paydesk::collections::record_created(&till, "tienda", &sale).unwrap();
        let paid = status_answer(2, "$ 30.000", "$ 900", "");
        paydesk::collections::apply_answer(&till, "tienda", &sale, &paid, now, now).unwrap();
        assert!(till.claim_announcement("tienda", "A-1", "").unwrap());
        assert!(!till.claim_announcement("tienda", "A-1", "").unwrap());
        let refused = collection("A-2", Some(5_000), now);
        paydesk::collections::record_created(&till, "tienda", &refused).unwrap();
        let no = status_answer(0, "$ 5.000", "", "");
        paydesk::collections::apply_answer(&till, "tienda", &refused, &no, now, now).unwrap();
        let yes = status_answer(2, "$ 5.000", "", "");
        let later = now + 10;
        paydesk::collections::apply_answer(&till, "tienda", &refused, &yes, later, later).unwrap();
        assert_eq!(
            till.collection_by_reference("tienda", "A-2")
                .unwrap()
                .unwrap()
                .status,
            Some(TransactionStatus::Rejected),
            "the till's list hears the books' refusal: the approval is not news"
        );
    }
    // The same till started again, and another till.
    let restarted = store.till("caja-1");
    assert!(!restarted.claim_announcement("tienda", "A-1", "").unwrap());
    let other = store.till("caja-2");
    assert!(!other.claim_announcement("tienda", "A-1", "").unwrap());
    // A code's payments, one claim each.
    let mut code = collection("Q-1", None, now);
    code.repeatable = true;
    code.kind = PaymentKind::Resource(3);
    paydesk::collections::record_created(&other, "tienda", &code).unwrap();
    for provider in ["P-1", "P-2"] {
        let paid = status_answer(2, "$ 8.000", "$ 200", provider);
        paydesk::collections::apply_answer(&other, "tienda", &code, &paid, now, now).unwrap();
    }
    assert!(other.claim_announcement("tienda", "Q-1", "P-1").unwrap());
    assert!(
        restarted
            .claim_announcement("tienda", "Q-1", "P-2")
            .unwrap()
    );
    assert!(
        !restarted
            .claim_announcement("tienda", "Q-1", "P-1")
            .unwrap()
    );
    assert!(!other.claim_announcement("tienda", "Q-1", "P-2").unwrap());
}
