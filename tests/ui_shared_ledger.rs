//! Two tills of one shop in real windows' code (kittest), sharing a ledger on a throwaway
//! PostgreSQL: a sale made at one shows on the other's Status list, and its approval follows
//! there by itself, through LISTEN/NOTIFY.

mod common;

use common::postgres::Cluster;
use common::ui::{App, click, create_link, shows, till_with_ledger, wait_until};
use egui_kittest::kittest::Queryable;
use paydesk::ledger::{Collection, Ledger, LedgerUrl};
use paydesk::ui::Panel;
use serde_json::json;

#[test]
#[ignore = "needs PostgreSQL"]
fn a_sale_at_one_till_shows_and_turns_approved_at_the_other() {
    let url = Cluster::shared().database();
    let first = till_with_ledger(&url);
    let second = till_with_ledger(&url);
    let mut selling = first.harness();
    let mut watching = second.harness();
    assert!(
        selling
            .state()
            .session()
            .unwrap()
            .ledger
            .as_ref()
            .unwrap()
            .is_shared(),
        "the profile's shared ledger is in use"
    );
    watching.state_mut().show_panel(Panel::Status);
    watching.step();

    let reference = create_link(&mut selling, "25.000");
    wait_until(&mut watching, "the other till lists the sale", |h| {
        h.state().tracker().find(&reference).is_some()
    });
    // The sale's row comes with the read of the books the other till's notice started.
    wait_until(&mut watching, "the other till shows the sale's row", |h| {
        shows(h, "$ 25.000")
    });
    // Its state as the selling till's status checks record it (pending), before any end.
    wait_until(&mut watching, "the other till shows it pending", |h| {
        h.state()
            .tracker()
            .find(&reference)
            .and_then(|payment| payment.status)
            .is_some()
    });

    // The payer pays at the first till's service; the second till is told by the ledger.
    let control = first.control(&selling);
    let status = first.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({ "outcome": "approve" }),
    );
    assert_eq!(status, 200);
    wait_until(&mut selling, "the selling till sees the approval", |h| {
        h.state()
            .tracker()
            .find(&reference)
            .and_then(|payment| payment.status)
            .is_some_and(|status| status.is_final())
    });
    wait_until(&mut watching, "the other till sees it approved", |h| {
        h.state()
            .tracker()
            .find(&reference)
            .and_then(|payment| payment.status)
            .is_some_and(|status| status.is_final())
    });
    watching.step();
    assert!(shows(&watching, "Pago aprobado: $ 25.000"), "its banner");

    // Neither till was named (both «Caja 1»): the sale is the selling till's own by its id in
    // the books, so only that till speaks and prints it as its own.
    let here = |till: &egui_kittest::Harness<'_, paydesk::ui::PaydeskApp>| {
        let tracker = till.state().tracker();
        let made_by = &tracker.find(&reference).expect("listed").made_by;
        (made_by.till.clone(), made_by.same_till(&tracker.at_till()))
    };
    assert_eq!(here(&selling), ("Caja 1".to_owned(), true));
    assert_eq!(here(&watching), ("Caja 1".to_owned(), false));
}

#[test]
fn settings_say_where_the_ledger_is_and_test_it() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Settings);
    harness.step();
    assert!(shows(&harness, "En este computador:"));
    assert!(shows(&harness, "ledger.sqlite3"));
    assert!(
        harness
            .query_by_label("Contraseña del registro compartido")
            .is_none(),
        "no password to ask for without a shared ledger"
    );
    click(&mut harness, "Probar conexión");
    wait_until(&mut harness, "the test answers", |h| {
        shows(h, "Conectado a")
    });
    assert!(
        shows(&harness, "Probado a las"),
        "the answer says when it came"
    );
}

#[test]
#[ignore = "needs PostgreSQL"]
fn settings_show_the_shared_ledger_without_its_password_and_test_it() {
    let url = Cluster::shared().database();
    // Another till was set up under another profile name.
    let other = Ledger::open_shared(&LedgerUrl::parse(&url).unwrap(), None, "caja-2").unwrap();
    other
        .record_collection(
            "caja2",
            &Collection {
                reference: "OTHER-1".into(),
                kind: paydesk::api::kind::PaymentKind::Link,
                amount: None,
                reference1: "X".into(),
                url: String::new(),
                created_at: paydesk::ledger::now_ms(),
                status: None,
                description: String::new(),
                repeatable: false,
                open_until: None,
                made_by: Default::default(),
                resource_id: None,
            },
        )
        .unwrap();
    let app = till_with_ledger(&url);
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Settings);
    harness.step();
    assert!(shows(&harness, "Compartido por las cajas del negocio:"));
    assert!(
        shows(&harness, &url),
        "the address, which holds no password"
    );
    assert!(
        harness
            .query_by_label("Contraseña del registro compartido")
            .is_some()
    );
    click(&mut harness, "Probar conexión");
    wait_until(&mut harness, "the test answers", |h| {
        shows(h, "Conectado a postgres://")
    });
    assert!(
        shows(&harness, "También tiene los perfiles caja2"),
        "a till under another profile name is pointed out"
    );
}
