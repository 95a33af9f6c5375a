//! Returns in the books, on both backends (the embedded SQLite ledger, and a shared PostgreSQL
//! one: a throwaway cluster, `#[ignore = "needs PostgreSQL"]`, run with `--include-ignored`):
//! what remains of a sale is decided under the journal's lock, so full, partial and several
//! partial returns go up to what the service confirmed was paid and not one peso more, two tills
//! at once included; a lost answer holds its amount and is never sent again; a refused or failed
//! return gives its amount back; the close and the CSV count each return on the day it was made,
//! apart from payouts, under the sale's method and cashier.

mod common;

use common::postgres::Cluster;
use paydesk::api::catalog::MethodCatalog;
use paydesk::api::kind::PaymentKind;
use paydesk::api::{PayoutRequest, StatusRecord, TransactionStatus};
use paydesk::i18n::Language;
use paydesk::ledger::close::CloseLines;
use paydesk::ledger::reconcile::Period;
use paydesk::ledger::{
    Collection, IntentRules, Ledger, LedgerError, LedgerUrl, MadeBy, PayoutOutcome, PayoutState,
    ReturnRefusal, ReturnTie, StatusAnswer,
};
use paydesk::money::Pesos;
use paydesk::requests::ReturnReason;

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
    full_partial_and_never_one_peso_more,
    two_tills_returning_one_sale_at_once_return_at_most_what_was_paid,
    a_lost_answer_holds_its_amount_and_a_refusal_gives_it_back,
    the_close_and_the_csv_count_returns_on_their_day,
    a_sale_that_cannot_be_returned_is_refused_in_words,
    a_counter_codes_payments_are_returned_one_at_a_time,
);

const PROFILE: &str = "tienda";

/// The journal's own rules are the payouts' (tests/payouts.rs): here only what remains.
const NO_RULES: IntentRules = IntentRules {
    spacing_ms: 0,
    repeat_window_ms: 0,
    confirmed_repeat_of: None,
};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// The service's answer to `/payment/status`, as the client reads it.
fn answer(status: i64, amount: i64, provider: &str) -> StatusRecord {
    serde_json::from_value(serde_json::json!({
        "id": "1", "cost": "$ 1.000", "status": status.to_string(), "date": "",
        "providerReference": provider, "amount": amount.to_string(), "description": null,
        "paymentMethod": null
    }))
    .unwrap()
}

/// A sale of `amount` made `at` by `cashier`, which the service approved then.
fn approved_sale(till: &Ledger, reference: &str, amount: i64, cashier: &str, at: i64) {
    let sale = Collection {
        reference: reference.into(),
        kind: PaymentKind::Link,
        amount: Some(Pesos::new(amount)),
        reference1: "VENTA".into(),
        url: String::new(),
        created_at: at,
        status: None,
        description: "Zapatos".into(),
        repeatable: false,
        open_until: None,
        made_by: MadeBy {
            cashier: cashier.into(),
            till: "caja-1".into(),
            till_id: String::new(),
        },
        resource_id: None,
    };
    till.record_collection(PROFILE, &sale).unwrap();
    paydesk::collections::apply_answer(till, PROFILE, &sale, &answer(2, amount, ""), at, at)
        .unwrap();
}

fn tie(sale: &str) -> ReturnTie {
    ReturnTie {
        sale: sale.into(),
        payment: String::new(),
        reason: ReturnReason::ProductReturned,
    }
}

fn request(reference1: &str, amount: i64) -> PayoutRequest {
    PayoutRequest {
        amount: Pesos::new(amount),
        reference1: reference1.into(),
        webhook_request: None,
        method_id: 264,
        destination: "@ANA123".into(),
        bank_name: None,
    }
}

fn remaining(till: &Ledger, sale: &str) -> Pesos {
    till.returned(PROFILE, sale, "")
        .unwrap()
        .unwrap()
        .remaining()
}

fn refusal(result: Result<paydesk::ledger::PayoutRecord, LedgerError>) -> ReturnRefusal {
    match result {
        Err(LedgerError::Return(refusal)) => refusal,
        other => panic!("{other:?}"),
    }
}

/// A return the service took and then confirmed.
fn returned(till: &Ledger, sale: &str, reference1: &str, amount: i64) -> i64 {
    let intent = till
        .begin_return(PROFILE, &request(reference1, amount), &NO_RULES, &tie(sale))
        .unwrap();
    sent(till, intent.id, &format!("CO-{reference1}"));
    till.record_payout_status(intent.id, TransactionStatus::Approved)
        .unwrap();
    intent.id
}

fn sent(till: &Ledger, id: i64, transaction: &str) {
    till.finish_payout(
        id,
        &PayoutOutcome::Sent {
            transaction_reference: Some(transaction.into()),
            reply_json: "{}".into(),
        },
    )
    .unwrap();
}

fn full_partial_and_never_one_peso_more(store: &Store) {
    paydesk::i18n::set(Language::Es);
    let till = store.till("caja-1");
    let now = paydesk::ledger::now_ms();
    approved_sale(&till, "V-80", 80_000, "", now);
    approved_sale(&till, "V-15", 15_000, "", now);
    assert_eq!(remaining(&till, "V-80"), Pesos::new(80_000));
    assert_eq!(
        till.returned(PROFILE, "V-80", "").unwrap().unwrap().words(),
        None
    );

    // Partial: under way first, then what the service confirmed.
    let first = till
        .begin_return(PROFILE, &request("DV-1", 20_000), &NO_RULES, &tie("V-80"))
        .unwrap();
    assert_eq!(first.state, PayoutState::Sending);
    let sums = till.returned(PROFILE, "V-80", "").unwrap().unwrap();
    assert_eq!(sums.remaining(), Pesos::new(60_000));
    assert_eq!(
        sums.words().as_deref(),
        Some("Devolución en curso: $ 20.000 de $ 80.000")
    );
    sent(&till, first.id, "CO-1");
    till.record_payout_status(first.id, TransactionStatus::Approved)
        .unwrap();
    let sums = till.returned(PROFILE, "V-80", "").unwrap().unwrap();
    assert_eq!(
        sums.words().as_deref(),
        Some("Devuelto $ 20.000 de $ 80.000")
    );

    // Over what remains: refused, and nothing written.
    assert_eq!(
        refusal(till.begin_return(PROFILE, &request("DV-2", 60_001), &NO_RULES, &tie("V-80"))),
        ReturnRefusal::OverRemaining {
            remaining: Pesos::new(60_000),
            paid: Pesos::new(80_000)
        }
    );
    assert!(till.payout_by_reference(PROFILE, "DV-2").unwrap().is_none());

    // Several partials up to what was paid, and not one peso more.
    returned(&till, "V-80", "DV-3", 30_000);
    returned(&till, "V-80", "DV-4", 29_999);
    assert_eq!(remaining(&till, "V-80"), Pesos::new(1));
    assert!(matches!(
        refusal(till.begin_return(PROFILE, &request("DV-5", 2), &NO_RULES, &tie("V-80"))),
        ReturnRefusal::OverRemaining { .. }
    ));
    returned(&till, "V-80", "DV-6", 1);
    let sums = till.returned(PROFILE, "V-80", "").unwrap().unwrap();
    assert!(sums.is_returned_in_full());
    assert_eq!(sums.words().as_deref(), Some("Devuelto"));
    assert_eq!(
        refusal(till.begin_return(PROFILE, &request("DV-7", 1), &NO_RULES, &tie("V-80"))),
        ReturnRefusal::ReturnedInFull {
            sale: "V-80".into(),
            paid: Pesos::new(80_000)
        }
    );
    let total: i64 = till
        .returns_of_sale(PROFILE, "V-80")
        .unwrap()
        .iter()
        .map(|record| record.payout.amount.get())
        .sum();
    assert_eq!(total, 80_000, "not one peso more");

    // Full, at once.
    returned(&till, "V-15", "DV-8", 15_000);
    assert_eq!(
        till.returned(PROFILE, "V-15", "")
            .unwrap()
            .unwrap()
            .words()
            .as_deref(),
        Some("Devuelto")
    );
    let record = till.return_by_reference(PROFILE, "DV-8").unwrap().unwrap();
    assert_eq!(record.tie, tie("V-15"));
    assert_eq!(record.kind, PaymentKind::Link);
    assert_eq!(
        till.return_of_payout(record.payout.id).unwrap(),
        Some(record)
    );
}

/// Eight returns of one sale started together from two tills: each would fit alone; between
/// them exactly what was paid goes, and the rest are refused with what remains.
fn two_tills_returning_one_sale_at_once_return_at_most_what_was_paid(store: &Store) {
    let tills = [store.till("caja-1"), store.till("caja-2")];
    let now = paydesk::ledger::now_ms();
    approved_sale(&tills[0], "V-50", 50_000, "", now);
    let outcomes: Vec<Result<_, LedgerError>> = std::thread::scope(|scope| {
        let started: Vec<_> = (0..8)
            .map(|n| {
                let till = &tills[n % 2];
                scope.spawn(move || {
                    till.begin_return(
                        PROFILE,
                        &request(&format!("DV-RACE-{n}"), 20_000),
                        &NO_RULES,
                        &tie("V-50"),
                    )
                })
            })
            .collect();
        started.into_iter().map(|t| t.join().unwrap()).collect()
    });
    let written = outcomes.iter().filter(|outcome| outcome.is_ok()).count();
    assert_eq!(written, 2, "{outcomes:?}");
    for outcome in outcomes.iter().filter(|outcome| outcome.is_err()) {
        assert!(
            matches!(
                outcome,
                Err(LedgerError::Return(ReturnRefusal::OverRemaining { remaining, .. }))
                    if *remaining == Pesos::new(10_000)
            ),
            "{outcome:?}"
        );
    }
    let total: i64 = tills[1]
        .returns_of_sale(PROFILE, "V-50")
        .unwrap()
        .iter()
        .map(|record| record.payout.amount.get())
        .sum();
    assert_eq!(total, 40_000);
    assert_eq!(remaining(&tills[1], "V-50"), Pesos::new(10_000));
}

fn a_lost_answer_holds_its_amount_and_a_refusal_gives_it_back(store: &Store) {
    let till = store.till("caja-1");
    let now = paydesk::ledger::now_ms();
    approved_sale(&till, "V-30", 30_000, "", now);
    let lost = till
        .begin_return(PROFILE, &request("DV-L", 30_000), &NO_RULES, &tie("V-30"))
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
    // It may have gone: what it returns stays spoken for, and it is never sent again.
    assert_eq!(
        refusal(till.begin_return(PROFILE, &request("DV-L2", 1_000), &NO_RULES, &tie("V-30"))),
        ReturnRefusal::NothingLeft {
            sale: "V-30".into(),
            under_way: Pesos::new(30_000)
        }
    );
    assert!(!till.resume_payout(lost.id).unwrap());
    // The service says it failed: its amount may be returned again.
    let failed = till
        .record_payout_status(lost.id, TransactionStatus::Rejected)
        .unwrap();
    assert_eq!(failed.state, PayoutState::Failed);
    assert_eq!(remaining(&till, "V-30"), Pesos::new(30_000));

    // Refused at once by the service: nothing went, all of it remains.
    let refused = till
        .begin_return(PROFILE, &request("DV-R", 30_000), &NO_RULES, &tie("V-30"))
        .unwrap();
    till.finish_payout(
        refused.id,
        &PayoutOutcome::Refused {
            code: "05".into(),
            message: "sin saldo".into(),
        },
    )
    .unwrap();
    assert_eq!(remaining(&till, "V-30"), Pesos::new(30_000));

    // Never reached the service: held (it may go again under its reference), and sent again
    // it is the same return.
    let offline = till
        .begin_return(PROFILE, &request("DV-N", 10_000), &NO_RULES, &tie("V-30"))
        .unwrap();
    till.finish_payout(
        offline.id,
        &PayoutOutcome::NotSent {
            message: "offline".into(),
        },
    )
    .unwrap();
    assert_eq!(remaining(&till, "V-30"), Pesos::new(20_000));
    assert!(till.resume_payout(offline.id).unwrap());
    assert_eq!(remaining(&till, "V-30"), Pesos::new(20_000));

    // An unknown one the owner settles by hand as never sent gives its amount back too.
    let settled = till
        .begin_return(PROFILE, &request("DV-S", 20_000), &NO_RULES, &tie("V-30"))
        .unwrap();
    till.finish_payout(
        settled.id,
        &PayoutOutcome::Unknown {
            code: "network.timeout".into(),
            message: "no answer".into(),
        },
    )
    .unwrap();
    assert_eq!(remaining(&till, "V-30"), Pesos::ZERO);
    till.settle_payout_by_hand(settled.id, false).unwrap();
    assert_eq!(remaining(&till, "V-30"), Pesos::new(20_000));
}

/// Yesterday Ana sold $ 40.000; today Beto sold $ 60.000. Today $ 10.000 of Ana's sale and
/// $ 15.000 of Beto's went back (confirmed), $ 5.000 more of Beto's is under way, and a
/// supplier was paid $ 7.000. Today's close has both returns, apart from the payout, under the
/// sale's method and cashier; yesterday's close has none.
fn the_close_and_the_csv_count_returns_on_their_day(store: &Store) {
    paydesk::i18n::set(Language::Es);
    let till = store.till("caja-1");
    let now = paydesk::ledger::now_ms();
    let today = paydesk::clock::today();
    let yesterday = today.previous_day().unwrap();
    let yesterday_noon = paydesk::clock::start_of(yesterday) + DAY_MS / 2;
    approved_sale(&till, "AYER", 40_000, "Ana", yesterday_noon);
    approved_sale(&till, "HOY", 60_000, "Beto", now);
    returned(&till, "AYER", "DV-A", 10_000);
    returned(&till, "HOY", "DV-B", 15_000);
    let open = till
        .begin_return(PROFILE, &request("DV-C", 5_000), &NO_RULES, &tie("HOY"))
        .unwrap();
    sent(&till, open.id, "CO-C");
    let supplier = till
        .begin_payout(PROFILE, &request("PROV-1", 7_000), &NO_RULES)
        .unwrap();
    sent(&till, supplier.id, "CO-P");

    let other = store.till("caja-2");
    let report = other.reconcile(Some(PROFILE), today, today, now).unwrap();
    assert_eq!(report.approved.gross, Pesos::new(60_000));
    assert_eq!(report.returns.paid.count, 2);
    assert_eq!(report.returns.paid.gross, Pesos::new(25_000));
    assert_eq!(report.returns.open.gross, Pesos::new(5_000));
    assert_eq!(report.returns.failed.count, 0);
    assert_eq!(
        report.returns.by_method[&PaymentKind::Link].gross,
        Pesos::new(25_000)
    );
    assert_eq!(report.returns.by_cashier["Ana"].gross, Pesos::new(10_000));
    assert_eq!(report.returns.by_cashier["Beto"].gross, Pesos::new(15_000));
    assert_eq!(
        report.payouts_open.count + report.payouts_paid.count,
        1,
        "only the supplier's payout is a payout: {report:?}"
    );
    assert_eq!(report.payouts_open.gross, Pesos::new(7_000));

    let close = CloseLines::of(&report, &MethodCatalog::default());
    let net = &close.net[0].figures;
    assert_eq!(
        (net.sold, net.returned, net.left),
        (Pesos::new(60_000), Pesos::new(25_000), Pesos::new(35_000))
    );
    let ana = close
        .net
        .iter()
        .find(|line| line.label.contains("Ana"))
        .expect("Ana has a line");
    assert_eq!(
        ana.figures.left,
        Pesos::new(-10_000),
        "her sale was yesterday's"
    );
    assert!(
        close
            .returns_fee
            .as_deref()
            .unwrap()
            .contains("la paga la tienda")
    );
    assert!(
        close.returns[0].label == "Devoluciones confirmadas" && close.returns[0].totals.count == 2
    );

    let before = other
        .reconcile(Some(PROFILE), yesterday, yesterday, now)
        .unwrap();
    assert_eq!(before.approved.gross, Pesos::new(40_000));
    assert!(before.returns.is_empty(), "{:?}", before.returns);
    assert!(
        CloseLines::of(&before, &MethodCatalog::default())
            .net
            .is_empty()
    );

    // The CSV: the sale, the supplier's payout, and three returns, each under its sale.
    let mut csv = Vec::new();
    let rows = other
        .export_csv(
            Period::new(Some(PROFILE), today, today),
            &mut csv,
            Language::En,
            &MethodCatalog::default(),
        )
        .unwrap();
    let text = String::from_utf8(csv).unwrap();
    assert_eq!(rows, 5, "{text}");
    let line = |reference1: &str| {
        text.lines()
            .find(|line| line.contains(reference1))
            .unwrap_or_else(|| panic!("{reference1}: {text}"))
            .to_owned()
    };
    assert!(line("DV-A").starts_with("return,"), "{text}");
    assert!(line("DV-A").contains(",AYER,"), "{text}");
    assert!(line("DV-A").contains(",-10000,,-10000,approved,"), "{text}");
    assert!(line("DV-A").contains(",Ana,"), "{text}");
    assert!(
        line("DV-C").contains(",5000,,,,sent,"),
        "under way: no money yet: {text}"
    );
    assert!(line("PROV-1").starts_with("payout,"), "{text}");
    let mut spanish = Vec::new();
    other
        .export_csv(
            Period::new(Some(PROFILE), today, today),
            &mut spanish,
            Language::Es,
            &MethodCatalog::default(),
        )
        .unwrap();
    let spanish = String::from_utf8(spanish).unwrap();
    assert!(spanish.contains("devolución;"), "{spanish}");
    assert!(spanish.contains("Producto devuelto"), "{spanish}");
    assert!(
        spanish.contains("su comisión la paga la tienda"),
        "{spanish}"
    );
}

fn a_sale_that_cannot_be_returned_is_refused_in_words(store: &Store) {
    paydesk::i18n::set(Language::Es);
    let till = store.till("caja-1");
    let now = paydesk::ledger::now_ms();
    let refused = |sale: &str| {
        refusal(till.begin_return(PROFILE, &request("DV-X", 1_000), &NO_RULES, &tie(sale)))
    };
    assert_eq!(refused("NADA"), ReturnRefusal::UnknownSale("NADA".into()));
    // Another profile's sale in the same (shared) books.
    let mut elsewhere = common::sale("OTRA", 10_000);
    elsewhere.status = None;
    till.record_collection("otro-comercio", &elsewhere).unwrap();
    assert_eq!(refused("OTRA"), ReturnRefusal::OtherProfile("OTRA".into()));
    // Pending, then refused by the payer.
    till.record_collection(PROFILE, &common::sale("PEND", 10_000))
        .unwrap();
    let pending = refused("PEND");
    assert_eq!(
        pending,
        ReturnRefusal::NotApproved {
            sale: "PEND".into(),
            state: None
        }
    );
    assert!(
        pending.to_string().contains("no está aprobada"),
        "{pending}"
    );
    till.record_collection_status(
        PROFILE,
        "PEND",
        StatusAnswer {
            status: TransactionStatus::Rejected,
            amount: None,
            asked_at: now,
        },
    )
    .unwrap();
    assert!(matches!(
        refused("PEND"),
        ReturnRefusal::NotApproved {
            state: Some(TransactionStatus::Rejected),
            ..
        }
    ));
    // Approved in the books, and no answer said what was paid.
    till.record_collection(PROFILE, &common::sale("SIN-DATO", 10_000))
        .unwrap();
    till.record_collection_status(
        PROFILE,
        "SIN-DATO",
        StatusAnswer {
            status: TransactionStatus::Approved,
            amount: None,
            asked_at: now,
        },
    )
    .unwrap();
    assert_eq!(
        refused("SIN-DATO"),
        ReturnRefusal::NotConfirmed("SIN-DATO".into())
    );
    // A sale is one payment: none is chosen.
    approved_sale(&till, "UNO", 10_000, "", now);
    let one = ReturnTie {
        payment: "P-1".into(),
        ..tie("UNO")
    };
    assert_eq!(
        refusal(till.begin_return(PROFILE, &request("DV-X", 1_000), &NO_RULES, &one)),
        ReturnRefusal::OnePayment("UNO".into())
    );
    assert!(
        till.payouts(PROFILE, 10).unwrap().is_empty(),
        "nothing was written"
    );
}

/// A counter code takes payment after payment: each is returned on its own, up to what that
/// payment brought.
fn a_counter_codes_payments_are_returned_one_at_a_time(store: &Store) {
    let till = store.till("caja-1");
    let now = paydesk::ledger::now_ms();
    let code = Collection {
        kind: PaymentKind::Method(248),
        repeatable: true,
        amount: None,
        open_until: Some(now + DAY_MS),
        ..common::sale("QR-MOSTRADOR", 0)
    };
    till.record_collection(PROFILE, &code).unwrap();
    for (provider, amount) in [("P-1", 12_000), ("P-2", 30_000)] {
        paydesk::collections::apply_answer(
            &till,
            PROFILE,
            &code,
            &answer(2, amount, provider),
            now,
            now,
        )
        .unwrap();
    }
    let of = |payment: &str| ReturnTie {
        payment: payment.into(),
        ..tie("QR-MOSTRADOR")
    };
    assert_eq!(
        refusal(till.begin_return(PROFILE, &request("DV-1", 1_000), &NO_RULES, &of(""))),
        ReturnRefusal::ChoosePayment {
            sale: "QR-MOSTRADOR".into(),
            payments: 2
        }
    );
    assert!(matches!(
        refusal(till.begin_return(PROFILE, &request("DV-1", 1_000), &NO_RULES, &of("P-9"))),
        ReturnRefusal::NoSuchPayment { .. }
    ));
    assert!(matches!(
        refusal(till.begin_return(PROFILE, &request("DV-1", 12_001), &NO_RULES, &of("P-1"))),
        ReturnRefusal::OverRemaining { remaining, .. } if remaining == Pesos::new(12_000)
    ));
    let intent = till
        .begin_return(PROFILE, &request("DV-2", 12_000), &NO_RULES, &of("P-1"))
        .unwrap();
    assert_eq!(intent.amount, Pesos::new(12_000));
    let first = till
        .returned(PROFILE, "QR-MOSTRADOR", "P-1")
        .unwrap()
        .unwrap();
    let second = till
        .returned(PROFILE, "QR-MOSTRADOR", "P-2")
        .unwrap()
        .unwrap();
    assert_eq!(first.remaining(), Pesos::ZERO);
    assert_eq!(
        second.remaining(),
        Pesos::new(30_000),
        "the other payment is its own"
    );
    assert_eq!(till.returned(PROFILE, "QR-MOSTRADOR", "P-9").unwrap(), None);
    let record = till.return_by_reference(PROFILE, "DV-2").unwrap().unwrap();
    assert_eq!(record.tie.payment, "P-1");
}

/// An older till on a shared ledger: returns were tied to their sales by a step that only added
/// (step 11), but the sales journal's step (14) makes every sale and return a part of a sale, so
/// a till of the version before it stops writing, in words, and writes nothing; the newer till
/// still tells a return from a payout.
#[test]
#[ignore = "needs PostgreSQL"]
fn an_older_till_stops_writing_once_sales_are_in_the_books() {
    paydesk::i18n::set(Language::Es);
    let url = Cluster::shared().database();
    let this = Ledger::shared_schema();
    let before: &'static [paydesk::ledger::PgStep] = &this[..this.len() - 1];
    let older =
        Ledger::open_shared_with_schema(&LedgerUrl::parse(&url).unwrap(), None, "vieja", before)
            .unwrap();
    older.may_write().unwrap();
    let newer = Ledger::open_shared(&LedgerUrl::parse(&url).unwrap(), None, "nueva").unwrap();
    assert_eq!(newer.schema_version().unwrap(), this.len() as i64);
    let now = paydesk::ledger::now_ms();
    approved_sale(&newer, "V-1", 50_000, "", now);
    returned(&newer, "V-1", "DV-1", 20_000);
    assert!(matches!(older.may_write(), Err(LedgerError::TooOld)));
    let refused = older
        .begin_payout(PROFILE, &request("PROV-1", 3_000), &NO_RULES)
        .unwrap_err();
    assert!(matches!(refused, LedgerError::TooOld), "{refused:?}");
    assert!(refused.to_string().contains("actualícelo"), "{refused}");
    assert!(
        newer
            .payout_by_reference(PROFILE, "PROV-1")
            .unwrap()
            .is_none()
    );
    assert_eq!(remaining(&newer, "V-1"), Pesos::new(30_000));
    let journal = newer.payouts(PROFILE, 10).unwrap();
    let back = journal
        .iter()
        .find(|payout| payout.reference1 == "DV-1")
        .unwrap();
    assert!(newer.return_of_payout(back.id).unwrap().is_some());
}
