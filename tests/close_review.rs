//! The close's «Para revisar» from the books (issue 51), on both backends (the embedded SQLite
//! ledger, and a shared PostgreSQL one: a throwaway cluster, `#[ignore = "needs PostgreSQL"]`,
//! run with `--include-ignored`): a notification that is not the sale's it reached, described
//! against that sale (a link's, a tab's collection, a counter code's payment); a customer's tab
//! paid by two links at once, with the customer and the credit; a sale paid twice, read from the
//! sales journal whatever paid it, on the day it happens. Nothing there is counted as money.

mod common;

use common::backends::Store;
use paydesk::api::StatusRecord;
use paydesk::api::TransactionStatus;
use paydesk::api::kind::PaymentKind;
use paydesk::api::notification::Notification;
use paydesk::i18n::Language;
use paydesk::ledger::activity::{Actor, Role};
use paydesk::ledger::reconcile::{self, Exception, ExceptionKind, Report};
use paydesk::ledger::{
    CashMove, CashPart, CheckState, Collection, Ledger, MadeBy, NewCustomer, NewSale, SaleAsk,
    SaleFor, StoreOutcome,
};
use paydesk::money::Pesos;

common::backends::on_both_backends!(
    a_notification_that_is_not_its_sales_is_described_against_it,
    a_tab_paid_by_two_links_is_to_review,
    a_sale_paid_twice_is_read_from_the_journal_the_day_it_happens,
);

const PROFILE: &str = "tienda";
const TILL: &str = "caja-1";
const HOUR_MS: i64 = 60 * 60 * 1000;

fn pesos(amount: i64) -> Pesos {
    Pesos::new(amount)
}

fn day() -> (time::Date, i64) {
    let day = reconcile::parse_date("2026-11-21").unwrap();
    (day, reconcile::bounds(day, day).0)
}

fn ana() -> Actor {
    Actor {
        role: Role::Cashier,
        name: "Ana".into(),
        till: TILL.into(),
    }
}

/// A charge made at the service, written down as a till writes it: a link of its own is a sale;
/// one under a tab's `reference1` collects the tab; a counter code (no amount) is no sale.
fn charge(
    ledger: &Ledger,
    reference: &str,
    reference1: &str,
    amount: Option<i64>,
    resource: Option<&str>,
    at: i64,
) -> Collection {
    let charge = Collection {
        reference: reference.into(),
        kind: match amount {
            Some(_) => PaymentKind::Link,
            None => PaymentKind::Method(248),
        },
        amount: amount.map(pesos),
        reference1: reference1.into(),
        url: String::new(),
        created_at: at,
        status: None,
        description: "Mercado".into(),
        repeatable: amount.is_none(),
        open_until: None,
        made_by: MadeBy {
            cashier: "Ana".into(),
            till: TILL.into(),
            till_id: String::new(),
        },
        resource_id: resource.map(str::to_owned),
    };
    ledger.record_collection(PROFILE, &charge).unwrap();
    charge
}

/// The service's answer to `/payment/status`, as the client reads it.
fn answer(status: i64, amount: i64, provider_reference: &str) -> StatusRecord {
    serde_json::from_value(serde_json::json!({
        "id": "1", "cost": "$ 1.000", "status": status.to_string(), "date": "",
        "providerReference": provider_reference, "amount": amount.to_string(),
        "description": null, "paymentMethod": null
    }))
    .unwrap()
}

fn approved(ledger: &Ledger, charge: &Collection, amount: i64, payment: &str, at: i64) {
    let answer = answer(2, amount, payment);
    paydesk::collections::apply_answer(ledger, PROFILE, charge, &answer, at, at).unwrap();
}

/// A notification as the receiver stores it, and its check: not the sale's it reached.
fn not_its_sale(ledger: &Ledger, body: serde_json::Value, at: i64) {
    let raw = body.to_string();
    let parsed = Notification::parse(raw.as_bytes()).unwrap();
    let stored = ledger
        .store_notifications_received_at(PROFILE, &[(parsed, raw)], at)
        .unwrap();
    let [StoreOutcome::Stored(id)] = stored[..] else {
        panic!("{stored:?}");
    };
    ledger
        .record_check(
            id,
            CheckState::NotItsSale,
            Some(TransactionStatus::Approved),
        )
        .unwrap();
}

fn of_kind(report: &Report, kind: ExceptionKind) -> Vec<&Exception> {
    report
        .exceptions
        .iter()
        .filter(|e| e.kind == kind)
        .collect()
}

fn a_notification_that_is_not_its_sales_is_described_against_it(store: &Store) {
    paydesk::i18n::set(Language::Es);
    let ledger = store.till(TILL);
    let (day, start) = day();
    let at = |hour: i64| start + hour * HOUR_MS;
    let link = charge(
        &ledger,
        "PD25",
        "VENTA",
        Some(25_000),
        Some("500001"),
        at(9),
    );
    let number = ledger
        .sale_of_charge(PROFILE, &link.reference, "")
        .unwrap()
        .unwrap()
        .number;
    let rosa = ledger
        .add_tab_customer(
            &ana(),
            &NewCustomer {
                name: "Rosa Pérez".into(),
                cellphone: "3001234567".into(),
                document: String::new(),
                limit: None,
                consent_how: "De palabra, en la tienda".into(),
            },
            false,
            at(8),
        )
        .unwrap()
        .id;
    ledger
        .take_on_tab(&ana(), rosa, pesos(20_000), "Mercado", at(8))
        .unwrap();
    ledger
        .tie_tab_link(PROFILE, "FI-ROSA", rosa, Some(pesos(20_000)), at(9))
        .unwrap();
    charge(&ledger, "PDFI", "FI-ROSA", Some(20_000), None, at(9));
    charge(&ledger, "PDQR", "MOSTRADOR", None, Some("500003"), at(9));

    let notified = |reference: &str, resource: &str, net: i64, provider: &str, minute: i64| {
        serde_json::json!({
            "realAmount": net + 2_000, "amount": net, "cost": "$2,000.00",
            "referenceId": reference, "resourceId": resource,
            "updatedAt": format!("2026-11-21 10:{minute:02}:00"), "status": 2,
            "providerReference": provider, "reference1": "VENTA"
        })
    };
    // Another reference and another amount, reaching the link by its resource: the case.
    not_its_sale(
        &ledger,
        notified("OTRA123", "500001", 88_000, "", 1),
        at(10),
    );
    // The tab's collection by its reference, with another amount.
    not_its_sale(&ledger, notified("PDFI", "", 5_000, "", 2), at(10));
    // A payment of the counter code the service never confirmed.
    not_its_sale(
        &ledger,
        notified("PDQR", "500003", 7_346, "INVENTADO", 3),
        at(10),
    );

    let report = ledger.reconcile(Some(PROFILE), day, day, at(20)).unwrap();
    let noted = of_kind(&report, ExceptionKind::NotItsSale);
    assert_eq!(noted.len(), 3, "{:?}", report.exceptions);
    let detail = |reference: &str| {
        noted
            .iter()
            .find(|e| e.reference == reference)
            .map(|e| e.detail.clone())
            .unwrap_or_else(|| panic!("{reference}: {noted:?}"))
    };
    let link_words = detail("OTRA123");
    for said in [
        "OTRA123",
        "$ 88.000",
        &format!("la venta {number}"),
        "PD25",
        "$ 25.000",
        "la venta queda como dice el servicio",
    ] {
        assert!(link_words.contains(said), "{said}: {link_words}");
    }
    let tab_words = detail("PDFI");
    assert!(
        tab_words.contains("el cobro del fiado de Rosa Pérez es PDFI por $ 20.000"),
        "{tab_words}"
    );
    let code_words = detail("PDQR");
    for said in ["INVENTADO", "QR del mostrador PDQR", "$ 7.346"] {
        assert!(code_words.contains(said), "{said}: {code_words}");
    }
    assert_eq!(ExceptionKind::NotItsSale.as_str(), "notItsSale");
    assert_eq!(
        ExceptionKind::NotItsSale.words(),
        "Notificación que no es de esa venta"
    );
    assert_eq!(CheckState::NotItsSale.words(), "no es de esa venta");
    // Never money, never «por confirmar»: it is not that sale's.
    assert_eq!(report.approved.count, 0);
    assert_eq!(report.unconfirmed, 0);
    assert!(of_kind(&report, ExceptionKind::Unconfirmed).is_empty());
    // The books read it back as it was written, on either backend.
    let stored = ledger.notifications_for("OTRA123").unwrap();
    assert_eq!(stored[0].check_state, CheckState::NotItsSale);
}

fn a_tab_paid_by_two_links_is_to_review(store: &Store) {
    paydesk::i18n::set(Language::Es);
    let ledger = store.till(TILL);
    let (day, start) = day();
    let at = |hour: i64| start + hour * HOUR_MS;
    let customer = |name: &str, cellphone: &str| {
        ledger
            .add_tab_customer(
                &ana(),
                &NewCustomer {
                    name: name.into(),
                    cellphone: cellphone.into(),
                    document: String::new(),
                    limit: None,
                    consent_how: "De palabra, en la tienda".into(),
                },
                false,
                at(8),
            )
            .unwrap()
            .id
    };
    let rosa = customer("Rosa Pérez", "3001234567");
    let luis = customer("Luis Gómez", "");
    ledger
        .take_on_tab(&ana(), rosa, pesos(20_000), "Mercado", at(8))
        .unwrap();
    ledger
        .take_on_tab(&ana(), luis, pesos(12_000), "Gaseosas", at(8))
        .unwrap();
    // Rosa is sent two links for her whole balance before she pays either (links that asked no
    // amount: the books cannot tell what is still free), and she pays both.
    ledger
        .tie_tab_link(PROFILE, "FI-1", rosa, None, at(9))
        .unwrap();
    let first = charge(&ledger, "PDFI1", "FI-1", Some(20_000), None, at(9));
    ledger
        .tie_tab_link(PROFILE, "FI-2", rosa, None, at(10))
        .unwrap();
    let second = charge(&ledger, "PDFI2", "FI-2", Some(20_000), None, at(10));
    approved(&ledger, &first, 20_000, "", at(11));
    approved(&ledger, &second, 20_000, "", at(12));
    // Luis pays $ 3.000 over his balance at the counter QR: one payment, said as credit, not
    // two links.
    ledger
        .tie_tab_link(PROFILE, "FI-LUIS", luis, None, at(10))
        .unwrap();
    let counter = charge(&ledger, "PDQRL", "FI-LUIS", None, None, at(10));
    approved(&ledger, &counter, 15_000, "NEQUI-77", at(13));

    let report = ledger.reconcile(Some(PROFILE), day, day, at(20)).unwrap();
    let twice = of_kind(&report, ExceptionKind::TabPaidByTwoLinks);
    assert_eq!(twice.len(), 1, "{:?}", report.exceptions);
    assert_eq!(twice[0].reference, "PDFI2", "the link that paid it over");
    assert!(
        twice[0].detail.contains("Rosa Pérez")
            && twice[0].detail.contains("saldo a favor de $ 20.000"),
        "{}",
        twice[0].detail
    );
    assert_eq!(
        ExceptionKind::TabPaidByTwoLinks.words(),
        "Fiado pagado con dos links"
    );
    // The money is the service's, counted once each where it lies; the tabs say the credit.
    assert_eq!(report.approved.count, 3);
    assert_eq!(report.tabs.credit.amount, pesos(23_000));
    // Tabs are the shop's: the same under another profile.
    let other = ledger.reconcile(Some("otra"), day, day, at(20)).unwrap();
    assert_eq!(of_kind(&other, ExceptionKind::TabPaidByTwoLinks).len(), 1);
    // Said the day it happened, not again the next.
    let next = day.next_day().unwrap();
    let later = ledger.reconcile(Some(PROFILE), next, next, at(44)).unwrap();
    assert!(of_kind(&later, ExceptionKind::TabPaidByTwoLinks).is_empty());
}

fn a_sale_paid_twice_is_read_from_the_journal_the_day_it_happens(store: &Store) {
    paydesk::i18n::set(Language::Es);
    let ledger = store.till(TILL);
    let (day, start) = day();
    let at = |hour: i64| start + hour * HOUR_MS;
    ledger.open_shift(&ana(), pesos(50_000), at(8)).unwrap();
    let in_cash = |reference: &str, amount: i64, instead_of: &str, at: i64| {
        ledger
            .record_cash(
                &ana(),
                &CashMove::Sale {
                    amount: pesos(amount),
                    tendered: pesos(amount),
                    reference: reference.into(),
                    instead_of: instead_of.into(),
                    description: String::new(),
                },
                at,
            )
            .unwrap()
    };
    // A mixed sale: $ 10.000 in cash and $ 15.000 by QR. The QR takes long; the customer pays
    // those $ 15.000 in cash instead, and then the QR is approved anyway.
    let mixed = ledger
        .record_sale(
            &ana(),
            &SaleAsk {
                sale: NewSale::of_amount(Some(pesos(25_000)), "Mercado"),
                cash: Some(CashPart {
                    amount: pesos(10_000),
                    tendered: pesos(10_000),
                    reference: "EF-MIX".into(),
                }),
                tab: None,
                by_service: pesos(15_000),
                open_with: None,
            },
            at(9),
        )
        .unwrap();
    let qr = Collection {
        reference: "PDMIX".into(),
        kind: PaymentKind::Method(248),
        amount: Some(pesos(15_000)),
        reference1: "VENTA".into(),
        url: String::new(),
        created_at: at(9),
        status: None,
        description: "Mercado".into(),
        repeatable: false,
        open_until: None,
        made_by: MadeBy::default(),
        resource_id: None,
    };
    ledger
        .record_charge(PROFILE, &qr, &SaleFor::Part(mixed.id))
        .unwrap();
    in_cash("EF-INSTEAD", 15_000, "PDMIX", at(9) + 60_000);
    let before = ledger.reconcile(Some(PROFILE), day, day, at(10)).unwrap();
    assert!(
        of_kind(&before, ExceptionKind::PaidTwice).is_empty(),
        "not approved yet: paid once"
    );
    approved(&ledger, &qr, 15_000, "", at(11));

    // A link made late in the evening, charged in cash instead, approved the next morning.
    let late = charge(&ledger, "PDLATE", "VENTA", Some(30_000), None, at(20));
    in_cash("EF-LATE", 30_000, "PDLATE", at(20) + 60_000);

    let report = ledger.reconcile(Some(PROFILE), day, day, at(21)).unwrap();
    let twice = of_kind(&report, ExceptionKind::PaidTwice);
    assert_eq!(twice.len(), 1, "{:?}", report.exceptions);
    assert_eq!(twice[0].reference, "PDMIX");
    let words = &twice[0].detail;
    for said in [
        &format!("Venta {} de $ 25.000", mixed.number),
        "se pagó $ 40.000",
        "Efectivo EF-MIX: $ 10.000",
        "Efectivo EF-INSTEAD: $ 15.000",
        "PDMIX: $ 15.000",
        "sobran $ 15.000",
    ] {
        assert!(words.contains(said), "{said}: {words}");
    }
    assert_eq!(
        ExceptionKind::PaidTwice.words(),
        "Pagada dos veces",
        "the item keeps its words"
    );
    // The electronic side is a profile's: another profile's close does not say it.
    let other = ledger.reconcile(Some("otra"), day, day, at(21)).unwrap();
    assert!(of_kind(&other, ExceptionKind::PaidTwice).is_empty());

    // The next day the late link is approved: that day's close says it, in the words a cash
    // sale charged instead always had.
    approved(&ledger, &late, 30_000, "", at(33));
    let next = day.next_day().unwrap();
    let report = ledger.reconcile(Some(PROFILE), next, next, at(34)).unwrap();
    let twice = of_kind(&report, ExceptionKind::PaidTwice);
    assert_eq!(twice.len(), 1, "{:?}", report.exceptions);
    assert_eq!(twice[0].reference, "PDLATE");
    assert!(
        twice[0].detail.contains("EF-LATE") && twice[0].detail.contains("$ 30.000"),
        "{}",
        twice[0].detail
    );
}
