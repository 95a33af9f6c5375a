//! Customers' tabs in the books, on both backends (the embedded SQLite ledger, and a shared
//! PostgreSQL one: a throwaway cluster, `#[ignore = "needs PostgreSQL"]`, run with
//! `--include-ignored`), with the sales made at the simulator over real HTTP by the one sequence
//! the app and the terminal use (`tabs::collect`) and the service's status answers applied as
//! every path applies them (`collections::apply_answer`): a tab partly paid by a link, the rest in
//! cash; a counter QR paid over the balance leaving credit in the customer's favour; two tills
//! crediting the same payment at once, credited once; a link that expires unpaid; a restarted
//! till crediting nothing again.

mod common;

use std::sync::{Arc, Barrier};

use common::TestSimulator;
use common::backends::Store;
use paydesk::api::StatusRecord;
use paydesk::api::catalog::MethodCatalog;
use paydesk::api::{Client, TransactionStatus};
use paydesk::collections::{Charge, ChargeError, ChargeRequest, apply_answer};
use paydesk::ledger::activity::{Actor, Role};
use paydesk::ledger::{Collection, Ledger, LedgerError, MadeBy, NewCustomer, TabKind, TabRefusal};
use paydesk::money::Pesos;
use paydesk::requests::{CashInForm, PaymentLinkForm, ResourceForm, Service};
use serde_json::json;

common::backends::on_both_backends!(
    a_tab_partly_paid_by_a_link_and_the_rest_in_cash,
    a_counter_qr_paid_over_the_balance_leaves_credit,
    two_tills_crediting_one_payment_at_once_credit_it_once,
    a_link_that_expires_unpaid_leaves_the_tab_as_it_was,
);

const PROFILE: &str = "tienda";

fn ana() -> Actor {
    Actor::new(Role::Cashier, "Ana")
}

fn rosa(ledger: &Ledger) -> i64 {
    let new = NewCustomer {
        name: "Rosa Pérez".into(),
        cellphone: "3001234567".into(),
        document: String::new(),
        limit: Some(Pesos::new(100_000)),
        consent_how: "De palabra, en la tienda".into(),
    };
    ledger
        .add_tab_customer(&common::anyone(), &new, false, paydesk::clock::now_ms())
        .unwrap()
        .id
}

/// The simulator on a runtime of its own: the books are asked outside it, as a till's blocking
/// pool asks them (the shared ledger runs its own runtime).
struct Shop {
    runtime: tokio::runtime::Runtime,
    simulator: TestSimulator,
    client: Client,
}

impl Shop {
    fn start() -> Shop {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let simulator = runtime.block_on(TestSimulator::start());
        let client = simulator.client();
        Shop {
            runtime,
            simulator,
            client,
        }
    }

    /// `request` made to pay customer `id`'s tab, as the app and the terminal make it.
    fn collect(
        &self,
        ledger: &Arc<Ledger>,
        id: i64,
        request: ChargeRequest,
    ) -> Result<Charge, ChargeError> {
        let catalog = MethodCatalog::default();
        let made_by = MadeBy {
            cashier: "Ana".into(),
            till: "caja-1".into(),
            till_id: String::new(),
        };
        let made = self.runtime.block_on(paydesk::tabs::collect(
            &self.client,
            &catalog,
            ledger.clone(),
            PROFILE,
            made_by,
            id,
            request,
        ))?;
        assert!(
            matches!(made.books, paydesk::collections::InBooks::Written(None)),
            "the sale is in the books"
        );
        Ok(made.sale)
    }

    fn link(&self, amount: i64) -> ChargeRequest {
        let catalog = MethodCatalog::default();
        let connection = self.simulator.connection();
        let service = Service {
            pay_url: &connection.pay_url,
            catalog: &catalog,
            brand_id: paydesk::config::Profile::simulator().brand_id,
            default_webhook: Some("http://127.0.0.1:9/webhook".into()),
            default_return_url: None,
            show_summary: false,
            dialect: self.client.dialect(),
            shop_url: Some(connection.shop_url.clone()),
        };
        let request = PaymentLinkForm {
            cash_in: CashInForm {
                amount: amount.to_string(),
                reference1: paydesk::tabs::fresh_reference1(),
                ..CashInForm::default()
            },
        }
        .parse(&service)
        .unwrap();
        ChargeRequest::Link(request)
    }

    /// The payer's side at the simulator: `outcome` (a static QR's with the amount typed).
    fn settle(&self, reference: &str, outcome: &str, amount: Option<i64>) {
        let (status, body) = self.runtime.block_on(self.simulator.control_post(
            &format!("/transactions/{reference}/outcome"),
            json!({"outcome": outcome, "amount": amount}),
        ));
        assert_eq!(status, 200, "{body}");
    }

    /// The service's status answer about `sale`, as it stands now.
    fn answer(&self, sale: &Collection) -> StatusRecord {
        self.answer_when(sale, |_| true)
    }

    /// The service's status answer about `sale` once it says what `wanted` waits for (the
    /// simulator takes a moment to process a payment).
    fn answer_when(
        &self,
        sale: &Collection,
        wanted: impl Fn(&StatusRecord) -> bool,
    ) -> StatusRecord {
        let client = &self.client;
        let wanted = &wanted;
        self.runtime
            .block_on(common::wait_for("the service's answer", || async move {
                let answer = client.payment_status(&sale.reference).await.unwrap().value;
                wanted(&answer).then_some(answer)
            }))
    }

    /// The answer once the payment is final.
    fn final_answer(&self, sale: &Collection) -> StatusRecord {
        self.answer_when(sale, |answer| answer.status.is_final())
    }
}

fn apply(ledger: &Ledger, sale: &Collection, answer: &StatusRecord) {
    let now = paydesk::clock::now_ms();
    apply_answer(ledger, PROFILE, sale, answer, now, now).unwrap();
}

fn paid_entries(ledger: &Ledger, id: i64) -> Vec<(TabKind, i64)> {
    ledger
        .tab_statement(id)
        .unwrap()
        .entries
        .iter()
        .filter(|entry| entry.kind.is_payment())
        .map(|entry| (entry.kind, entry.amount.get()))
        .collect()
}

fn a_tab_partly_paid_by_a_link_and_the_rest_in_cash(store: &Store) {
    let service = Shop::start();
    let till = Arc::new(store.till("caja-1"));
    let id = rosa(&till);
    let now = paydesk::clock::now_ms();
    till.take_on_tab(&ana(), id, Pesos::new(45_000), "Mercado", now)
        .unwrap();

    let sale = service
        .collect(&till, id, service.link(20_000))
        .unwrap()
        .payment;
    assert_eq!(
        till.tab_of_sale(PROFILE, &sale.reference)
            .unwrap()
            .map(|c| c.id),
        Some(id)
    );
    // Made, not paid: an answer that it is pending credits nothing.
    apply(&till, &sale, &service.answer(&sale));
    assert!(paid_entries(&till, id).is_empty());

    service.settle(&sale.reference, "approve", None);
    let approved = service.final_answer(&sale);
    assert_eq!(approved.status, TransactionStatus::Approved);
    apply(&till, &sale, &approved);
    apply(&till, &sale, &approved);
    assert_eq!(paid_entries(&till, id), [(TabKind::PaidByService, 20_000)]);
    assert_eq!(
        till.tab_statement(id).unwrap().balance.owed(),
        Pesos::new(25_000)
    );

    // Restarted: the books opened again, the same answer asked and applied again.
    drop(till);
    let till = Arc::new(store.till("caja-1"));
    apply(&till, &sale, &service.answer(&sale));
    assert_eq!(paid_entries(&till, id), [(TabKind::PaidByService, 20_000)]);

    // The rest in cash at this till's shift: the drawer and the tab, together.
    let at = paydesk::clock::now_ms();
    till.open_shift(&ana(), Pesos::ZERO, at).unwrap();
    let over = till.pay_tab_in_cash(&ana(), id, Pesos::new(30_000), at);
    assert!(
        matches!(
            over,
            Err(LedgerError::Tab(TabRefusal::OverBalance { owed })) if owed == Pesos::new(25_000)
        ),
        "{over:?}"
    );
    let (entry, drawer) = till
        .pay_tab_in_cash(&ana(), id, Pesos::new(25_000), at)
        .unwrap();
    assert_eq!(entry.cash_entry, Some(drawer.id));
    assert_eq!(drawer.amount, Pesos::new(25_000));
    let settled = till.tab_statement(id).unwrap().balance;
    assert_eq!(
        (settled.owed(), settled.credit()),
        (Pesos::ZERO, Pesos::ZERO)
    );
    assert_eq!(settled.owed_since, None);
    // Nothing owed: a link for it is refused before the service hears of it.
    let asked_before = service
        .runtime
        .block_on(service.simulator.transactions())
        .len();
    let refused = service.collect(&till, id, service.link(5_000));
    assert!(
        matches!(
            refused,
            Err(ChargeError::Books(LedgerError::Tab(
                TabRefusal::NothingOwed
            )))
        ),
        "{refused:?}"
    );
    assert_eq!(
        service
            .runtime
            .block_on(service.simulator.transactions())
            .len(),
        asked_before
    );
    let owner = Actor::new(Role::Owner, "");
    till.forget_tab_customer(&owner, id, paydesk::clock::now_ms())
        .unwrap();
}

fn a_counter_qr_paid_over_the_balance_leaves_credit(store: &Store) {
    let service = Shop::start();
    let till = Arc::new(store.till("caja-1"));
    let id = rosa(&till);
    till.take_on_tab(
        &ana(),
        id,
        Pesos::new(30_000),
        "Mercado",
        paydesk::clock::now_ms(),
    )
    .unwrap();
    let request = ResourceForm {
        method_id: 3,
        reference1: paydesk::tabs::fresh_reference1(),
        description: "Fiado de Rosa".into(),
        ..ResourceForm::default()
    }
    .parse()
    .unwrap();
    let code = service
        .collect(&till, id, ChargeRequest::Resource(request))
        .unwrap()
        .payment;
    assert!(code.repeatable, "a static QR takes many payments");

    // The customer pays twice at the counter, more than she owes in all.
    let mut last_payment = String::new();
    for (amount, credited) in [(20_000, vec![20_000]), (25_000, vec![20_000, 25_000])] {
        service.settle(&code.reference, "approve", Some(amount));
        let answer = service.answer_when(&code, |answer| {
            answer.status == TransactionStatus::Approved
                && !answer.provider_reference.is_empty()
                && answer.provider_reference != last_payment
        });
        last_payment = answer.provider_reference.clone();
        apply(&till, &code, &answer);
        apply(&till, &code, &answer);
        let paid: Vec<i64> = paid_entries(&till, id).iter().map(|(_, a)| *a).collect();
        assert_eq!(paid, credited);
    }
    let balance = till.tab_statement(id).unwrap().balance;
    assert_eq!(balance.owed(), Pesos::ZERO);
    assert_eq!(balance.credit(), Pesos::new(15_000));
    assert_eq!(balance.signed(), -15_000);
    let listed = till.tab_customers().unwrap();
    assert_eq!(listed[0].credit(), Pesos::new(15_000));
    // Credit in her favour: she is not forgotten while the shop owes her.
    let owner = Actor::new(Role::Owner, "");
    let kept = till.forget_tab_customer(&owner, id, paydesk::clock::now_ms());
    assert!(
        matches!(kept, Err(LedgerError::Tab(TabRefusal::HasCredit { credit })) if credit == Pesos::new(15_000)),
        "{kept:?}"
    );
    // What she takes next comes out of her credit first.
    till.take_on_tab(
        &ana(),
        id,
        Pesos::new(5_000),
        "Pan",
        paydesk::clock::now_ms(),
    )
    .unwrap();
    assert_eq!(
        till.tab_statement(id).unwrap().balance.credit(),
        Pesos::new(10_000)
    );
}

fn two_tills_crediting_one_payment_at_once_credit_it_once(store: &Store) {
    let service = Shop::start();
    let first = Arc::new(store.till("caja-1"));
    let second = Arc::new(store.till("caja-2"));
    let id = rosa(&first);
    first
        .take_on_tab(
            &ana(),
            id,
            Pesos::new(50_000),
            "Mercado",
            paydesk::clock::now_ms(),
        )
        .unwrap();
    let sale = service
        .collect(&first, id, service.link(50_000))
        .unwrap()
        .payment;
    service.settle(&sale.reference, "approve", None);
    let answer = service.final_answer(&sale);

    // Both tills hear of it and apply the same answer at the same moment, a few times over.
    let start = Barrier::new(2);
    std::thread::scope(|scope| {
        for ledger in [&first, &second] {
            let (start, sale, answer) = (&start, &sale, &answer);
            scope.spawn(move || {
                start.wait();
                for _ in 0..3 {
                    apply(ledger, sale, answer);
                }
            });
        }
    });
    for ledger in [&first, &second] {
        assert_eq!(paid_entries(ledger, id), [(TabKind::PaidByService, 50_000)]);
        let balance = ledger.tab_statement(id).unwrap().balance;
        assert_eq!(
            (balance.owed(), balance.credit()),
            (Pesos::ZERO, Pesos::ZERO)
        );
    }
}

fn a_link_that_expires_unpaid_leaves_the_tab_as_it_was(store: &Store) {
    let service = Shop::start();
    let till = Arc::new(store.till("caja-1"));
    let id = rosa(&till);
    till.take_on_tab(
        &ana(),
        id,
        Pesos::new(40_000),
        "Mercado",
        paydesk::clock::now_ms(),
    )
    .unwrap();
    let before = till.tab_statement(id).unwrap();

    let sale = service
        .collect(&till, id, service.link(40_000))
        .unwrap()
        .payment;
    service.settle(&sale.reference, "expire", None);
    let answer = service.final_answer(&sale);
    assert!(answer.status.is_final(), "{:?}", answer.status);
    assert_ne!(answer.status, TransactionStatus::Approved);
    apply(&till, &sale, &answer);
    assert_eq!(till.tab_statement(id).unwrap(), before);

    // The whole balance can be asked again by a new link.
    let again = service.collect(&till, id, service.link(40_000));
    assert!(again.is_ok(), "{again:?}");
}
