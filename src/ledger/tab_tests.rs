//! Tabs' own rules on the embedded ledger: a customer kept with their authorisation, fiado up
//! to the limit (over it with the owner), a link tied before the service hears of it and its
//! payment credited once from the service's answer, cash at the till, credit in the customer's
//! favour, forgetting refused while money is owed either way.

use super::activity::{Actor, Role};
use super::base::Ledger;
use super::created::{Collection, MadeBy, StatusAnswer};
use super::error::LedgerError;
use super::received::ReceivedPayment;
use super::tab_state::{NewCustomer, TabKind, TabRefusal};
use crate::api::TransactionStatus;
use crate::api::kind::PaymentKind;
use crate::money::Pesos;

fn ana() -> Actor {
    Actor::new(Role::Cashier, "Ana")
}

fn owner() -> Actor {
    Actor::new(Role::Owner, "")
}

fn customer(name: &str, cellphone: &str) -> NewCustomer {
    NewCustomer {
        name: name.into(),
        cellphone: cellphone.into(),
        document: String::new(),
        limit: Some(Pesos::new(50_000)),
        consent_how: "De palabra, en la tienda".into(),
    }
}

/// A sale made at the service under `reference1`, paid `amount` (a counter code: `repeatable`,
/// its payment told by `payment`).
fn paid(
    ledger: &Ledger,
    reference: &str,
    reference1: &str,
    payment: &str,
    amount: i64,
    repeatable: bool,
) {
    let now = crate::clock::now_ms();
    let sale = Collection {
        reference: reference.into(),
        kind: PaymentKind::Link,
        amount: (!repeatable).then_some(Pesos::new(amount)),
        reference1: reference1.into(),
        url: String::new(),
        created_at: now,
        status: None,
        description: String::new(),
        repeatable,
        open_until: None,
        made_by: MadeBy::default(),
        resource_id: None,
    };
    ledger.record_collection("tienda", &sale).ok();
    ledger
        .record_collection_status(
            "tienda",
            reference,
            StatusAnswer {
                status: TransactionStatus::Approved,
                amount: Some(Pesos::new(amount)),
                asked_at: now,
            },
        )
        .expect("approved");
    let payment = ReceivedPayment {
        reference: reference.into(),
        kind: PaymentKind::Link,
        repeatable,
        provider_reference: payment.into(),
        amount: Some(Pesos::new(amount)),
        fee: None,
        received_at: now,
        cashier: String::new(),
    };
    ledger
        .record_received("tienda", &payment)
        .expect("received");
    // The same answer by another path: nothing more.
    ledger
        .record_received("tienda", &payment)
        .expect("received again");
}

#[test]
fn a_tab_from_fiado_to_zero() {
    let ledger = Ledger::open_in_memory().expect("ledger");
    let now = crate::clock::now_ms();
    let rosa = ledger
        .add_tab_customer(&owner(), &customer("Rosa Pérez", "3001234567"), false, now)
        .expect("kept");
    assert_eq!(rosa.consent.how, "De palabra, en la tienda");
    assert!(matches!(
        ledger.add_tab_customer(&owner(), &customer("Rosita", "3001234567"), false, now),
        Err(LedgerError::Tab(TabRefusal::SameCellphone { .. }))
    ));
    ledger
        .take_on_tab(&ana(), rosa.id, Pesos::new(30_000), "Mercado", now)
        .expect("fiado");
    assert!(matches!(
        ledger.take_on_tab(&ana(), rosa.id, Pesos::new(25_000), "Más", now),
        Err(LedgerError::Tab(TabRefusal::OverLimit { .. }))
    ));
    let over = ledger
        .take_on_tab(&owner(), rosa.id, Pesos::new(25_000), "Con el dueño", now)
        .expect("over the limit with the owner");
    assert!(over.over_limit);
    // A link for more than owed is refused; one for part of it is tied.
    assert!(matches!(
        ledger.tie_tab_link("tienda", "FIADO-1", rosa.id, Some(Pesos::new(60_000)), now),
        Err(LedgerError::Tab(TabRefusal::OverBalance { .. }))
    ));
    ledger
        .tie_tab_link("tienda", "FIADO-1", rosa.id, Some(Pesos::new(40_000)), now)
        .expect("tied");
    paid(&ledger, "PD100", "FIADO-1", "", 40_000, false);
    let statement = ledger.tab_statement(rosa.id).expect("statement");
    assert_eq!(statement.balance.owed(), Pesos::new(15_000));
    let credits: Vec<_> = statement
        .entries
        .iter()
        .filter(|e| e.kind == TabKind::PaidByService)
        .collect();
    assert_eq!(credits.len(), 1, "credited once");
    assert_eq!(
        ledger
            .tab_of_sale("tienda", "PD100")
            .expect("read")
            .map(|c| c.id),
        Some(rosa.id)
    );
    // The rest in cash: needs the drawer open; not more than owed.
    assert!(matches!(
        ledger.pay_tab_in_cash(&ana(), rosa.id, Pesos::new(15_000), now),
        Err(LedgerError::Cash(_))
    ));
    ledger.open_shift(&ana(), Pesos::ZERO, now).expect("shift");
    assert!(matches!(
        ledger.pay_tab_in_cash(&ana(), rosa.id, Pesos::new(16_000), now),
        Err(LedgerError::Tab(TabRefusal::OverBalance { .. }))
    ));
    let (_, drawer) = ledger
        .pay_tab_in_cash(&ana(), rosa.id, Pesos::new(15_000), now)
        .expect("paid in cash");
    assert_eq!(drawer.amount, Pesos::new(15_000));
    let balance = ledger.tab_statement(rosa.id).expect("statement").balance;
    assert_eq!(balance.signed(), 0);
    assert_eq!(balance.owed_since, None);
    // Forgotten at zero, by the owner.
    assert!(matches!(
        ledger.forget_tab_customer(&ana(), rosa.id, now),
        Err(LedgerError::Tab(TabRefusal::OwnerOnly))
    ));
    ledger
        .forget_tab_customer(&owner(), rosa.id, now)
        .expect("forgotten");
    let gone = ledger.tab_statement(rosa.id).expect("statement");
    assert_eq!(gone.balance.customer.name, "");
    assert_eq!(gone.balance.customer.cellphone, "");
    assert_eq!(gone.balance.taken, Pesos::new(55_000), "the amounts stay");
    assert!(ledger.tab_customers().expect("list").is_empty());
}

#[test]
fn a_counter_code_paid_over_the_balance_leaves_credit() {
    let ledger = Ledger::open_in_memory().expect("ledger");
    let now = crate::clock::now_ms();
    let luis = ledger
        .add_tab_customer(&owner(), &customer("Luis", ""), false, now)
        .expect("kept");
    assert!(matches!(
        ledger.tie_tab_link("tienda", "FIADO-2", luis.id, None, now),
        Err(LedgerError::Tab(TabRefusal::NothingOwed))
    ));
    ledger
        .take_on_tab(&ana(), luis.id, Pesos::new(10_000), "Pan", now)
        .expect("fiado");
    ledger
        .tie_tab_link("tienda", "FIADO-2", luis.id, None, now)
        .expect("a code where the payer types the amount");
    paid(&ledger, "RS7", "FIADO-2", "P1", 12_000, true);
    let balance = ledger.tab_statement(luis.id).expect("statement").balance;
    assert_eq!(balance.credit(), Pesos::new(2_000));
    assert!(matches!(
        ledger.forget_tab_customer(&owner(), luis.id, now),
        Err(LedgerError::Tab(TabRefusal::HasCredit { .. }))
    ));
    // The owner's list: who owes first.
    ledger
        .add_tab_customer(&owner(), &customer("Marta", ""), false, now)
        .and_then(|marta| ledger.take_on_tab(&ana(), marta.id, Pesos::new(1_000), "", now))
        .expect("Marta owes");
    let list = ledger.tab_customers().expect("list");
    assert_eq!(list[0].customer.name, "Marta");
}

#[test]
fn a_settled_tab_is_kept_for_the_retention_then_blanked() {
    let ledger = Ledger::open_in_memory().expect("ledger");
    let long_ago = crate::clock::now_ms() - 400 * 24 * 3_600_000;
    let settled = ledger
        .add_tab_customer(&owner(), &customer("Pedro", "3111111111"), false, long_ago)
        .expect("kept");
    let owing = ledger
        .add_tab_customer(&owner(), &customer("Juana", "3222222222"), false, long_ago)
        .expect("kept");
    ledger
        .take_on_tab(&ana(), owing.id, Pesos::new(5_000), "", long_ago)
        .expect("owes");
    let blanked = ledger
        .blank_personal_data(super::personal_cutoff(180))
        .expect("retention");
    assert_eq!(blanked.tab_customers, 1, "only the settled one");
    assert_eq!(
        ledger
            .tab_statement(settled.id)
            .expect("read")
            .balance
            .customer
            .name,
        ""
    );
    assert_eq!(
        ledger
            .tab_statement(owing.id)
            .expect("read")
            .balance
            .customer
            .name,
        "Juana"
    );
}

#[test]
fn a_tabs_cash_payment_is_not_voided_out_of_the_drawer() {
    let ledger = Ledger::open_in_memory().expect("ledger");
    let now = crate::clock::now_ms();
    let pedro = ledger
        .add_tab_customer(&owner(), &customer("Pedro", ""), false, now)
        .expect("kept");
    ledger
        .take_on_tab(&ana(), pedro.id, Pesos::new(9_000), "", now)
        .expect("fiado");
    ledger.open_shift(&ana(), Pesos::ZERO, now).expect("shift");
    let (_, drawer) = ledger
        .pay_tab_in_cash(&ana(), pedro.id, Pesos::new(9_000), now)
        .expect("paid");
    assert!(matches!(
        ledger.void_cash(&owner(), drawer.id, "error", now),
        Err(LedgerError::Cash(super::CashRefusal::TabPayment(_)))
    ));
    // A cashier may not set a limit when adding, as after.
    assert!(matches!(
        ledger.add_tab_customer(&ana(), &customer("Marta", ""), false, now),
        Err(LedgerError::Tab(TabRefusal::OwnerOnly))
    ));
}
