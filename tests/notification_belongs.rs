//! A notification belongs to a sale only when it says so (issue 51 §5). The shop's $ 25.000 link
//! and a counter QR at the built-in simulator, paydesk's receiver checking every notification
//! with it over real HTTP. A notification reaches a sale by its reference or its resource, and is
//! «confirmada por el servicio» only when its reference (a counter code's: its provider
//! reference) and its amount, as the signed text carries it, agree with the service's answer for
//! that sale; otherwise it is under «Para revisar» as not that sale's. Money and the sale's state
//! stay the service's whatever the notification says.

mod common;

use common::endpoint::{Endpoint, signed};
use common::{TestSimulator, wait_for};
use paydesk::api::TransactionStatus;
use paydesk::api::family_b::{
    CashIn, DEFAULT_BRAND_ID, PaymentLinkRequest, PaymentMethodRequest, Reference2,
};
use paydesk::api::kind::PaymentKind;
use paydesk::i18n::Language;
use paydesk::ledger::reconcile::{self, Exception, ExceptionKind, Report};
use paydesk::ledger::{CheckState, Collection, SaleState, StoredNotification};
use paydesk::money::Pesos;
use paydesk::webhook::Confirmer;
use serde_json::{Value, json};
use url::Url;

const PROFILE: &str = "tienda";

/// The simulator's fee on $ 25.000 (2,99 % and $ 900): the link's notification says what the
/// shop receives, $ 23.353.
const LINK_NET: i64 = 25_000 - 1_647;

/// The shop: the simulator as the service, paydesk's receiver checking with it.
struct Shop {
    simulator: TestSimulator,
    endpoint: Endpoint,
}

/// The shop's $ 25.000 link as the books hold it.
struct Link {
    reference: String,
    resource: String,
}

impl Shop {
    async fn open() -> Shop {
        paydesk::i18n::set(Language::Es);
        let simulator = TestSimulator::start().await;
        let endpoint = Endpoint::start(
            PROFILE,
            Some(&simulator.connection().hash_key),
            Some(Confirmer {
                client: simulator.client(),
            }),
        )
        .await;
        Shop {
            simulator,
            endpoint,
        }
    }

    fn cash_in(&self, amount: i64, reference1: &str) -> CashIn {
        CashIn {
            amount: Pesos::new(amount),
            reference1: reference1.into(),
            webhook_url: Url::parse(&self.endpoint.receiver.url()).unwrap(),
            return_url: None,
            expires_in: None,
            brand_id: DEFAULT_BRAND_ID,
            show_summary: None,
            reference2: Reference2::default(),
        }
    }

    /// The shop's $ 25.000 link, written down as a till writes its sale: with the resource the
    /// service named, a sale of its own.
    async fn link(&self) -> Link {
        let created = self
            .simulator
            .client()
            .create_payment_link(&PaymentLinkRequest {
                cash_in: self.cash_in(25_000, "MESA1"),
            })
            .await
            .unwrap()
            .value;
        let sale = Collection {
            resource_id: Some(created.resource_id.clone()),
            ..common::sale(&created.reference, 25_000)
        };
        self.endpoint
            .ledger
            .record_collection(PROFILE, &sale)
            .unwrap();
        Link {
            reference: created.reference,
            resource: created.resource_id,
        }
    }

    /// The link paid, and the service's own notification of it confirmed.
    async fn paid(&self, link: &Link) {
        self.simulator.settle(&link.reference, "approve").await;
        let genuine = self
            .checked(&link.reference, |n| n.status == TransactionStatus::Approved)
            .await;
        assert_eq!(genuine.check_state, CheckState::Confirmed);
        wait_for("the payment in the books", || async {
            (self.close().approved.count == 1).then_some(())
        })
        .await;
    }

    /// Posts `body` signed with the shop's key (the simulator's, known to whoever has it).
    async fn post(&self, body: Value) {
        let key = self.simulator.connection().hash_key.to_string();
        assert_eq!(self.endpoint.post(signed(body, &key)).await, 200, "stored");
    }

    /// Waits until a notification naming `reference` that `wanted` picks has been checked.
    async fn checked(
        &self,
        reference: &str,
        wanted: impl Fn(&StoredNotification) -> bool,
    ) -> StoredNotification {
        wait_for("the notification checked with the service", || async {
            self.endpoint
                .ledger
                .notifications_for(reference)
                .unwrap()
                .into_iter()
                .find(|n| wanted(n) && n.check_state != CheckState::Unchecked)
        })
        .await
    }

    fn close(&self) -> Report {
        let today = reconcile::today();
        self.endpoint
            .ledger
            .reconcile(Some(PROFILE), today, today, paydesk::ledger::now_ms())
            .unwrap()
    }

    /// The link's sale: its number, its state, what stands of it.
    fn sale(&self, link: &Link) -> paydesk::ledger::SaleRecord {
        self.endpoint
            .ledger
            .sale_of_charge(PROFILE, &link.reference, "")
            .unwrap()
            .unwrap()
    }
}

/// A notification as the service writes one: `realAmount` what the payer paid, `amount` (the
/// figure the signature covers) what the shop receives, `cost` the fee.
fn notification(
    reference: &str,
    resource: &str,
    (paid, net): (i64, i64),
    status: i64,
    provider_reference: &str,
    updated_at: &str,
) -> Value {
    json!({
        "realAmount": paid, "amount": net, "cost": format!("${}.00", paid - net),
        "referenceId": reference, "resourceId": resource, "updatedAt": updated_at,
        "status": status, "providerReference": provider_reference, "reference1": "MESA1",
        "paymentMethod": "Link de pago"
    })
}

fn of_kind(report: &Report, kind: ExceptionKind) -> Vec<&Exception> {
    report
        .exceptions
        .iter()
        .filter(|e| e.kind == kind)
        .collect()
}

/// The case exactly: the shop's $ 25.000 link, and a notification signed with the same
/// key naming another reference and another amount (reaching the link by its resource, as the
/// current interface's may). Before the link is paid and after, it is never confirmed: it is
/// under «Para revisar» as not that sale's, said against the sale, and the sale's state and money
/// are the service's.
#[tokio::test]
async fn another_reference_and_another_amount_never_confirm_the_shops_link() {
    let shop = Shop::open().await;
    let link = shop.link().await;
    let number = shop.sale(&link).number;
    let another = |updated_at: &str| {
        notification(
            "OTRA123",
            &link.resource,
            (90_000, 88_000),
            2,
            "PRV-OTRA",
            updated_at,
        )
    };

    shop.post(another("2026-11-21 10:00:00")).await;
    let checked = shop.checked("OTRA123", |_| true).await;
    assert_eq!(checked.check_state, CheckState::NotItsSale);
    assert_eq!(checked.check_state.words(), "no es de esa venta");
    // The service was asked about the link by its own reference: it says pending, and so do the
    // books, whatever the notification said.
    let asked = shop.simulator.last_request("/pay/payment/status").await;
    assert_eq!(asked["body"]["reference"], link.reference.as_str());
    assert!(matches!(
        shop.sale(&link).state(),
        SaleState::Waiting { .. }
    ));
    assert_eq!(shop.close().approved.count, 0);

    // Paid for real: the service's own notification is confirmed; another copy of the stranger,
    // sent after, still is not the link's.
    shop.paid(&link).await;
    shop.post(another("2026-11-21 10:05:00")).await;
    let again = shop
        .checked("OTRA123", |n| n.updated_at == "2026-11-21 10:05:00")
        .await;
    assert_eq!(again.check_state, CheckState::NotItsSale);
    assert_eq!(again.service_status, Some(TransactionStatus::Approved));

    let sale = shop.sale(&link);
    assert_eq!(sale.state(), SaleState::Paid);
    assert_eq!(
        sale.standing(),
        Pesos::new(25_000),
        "paid once, by the service"
    );
    let close = shop.close();
    assert_eq!(close.approved.count, 1, "{close:?}");
    assert_eq!(close.approved.gross, Pesos::new(25_000));
    assert_eq!(close.unconfirmed, 0, "not «por confirmar»: not the link's");
    let noted = of_kind(&close, ExceptionKind::NotItsSale);
    assert_eq!(noted.len(), 2, "{:?}", close.exceptions);
    for exception in noted {
        assert_eq!(exception.reference, "OTRA123");
        for said in [
            "OTRA123",
            "$ 88.000",
            &format!("la venta {number}"),
            &link.reference,
            "$ 25.000",
        ] {
            assert!(
                exception.detail.contains(said),
                "{said}: {}",
                exception.detail
            );
        }
    }
}

/// The link's own reference with another amount: not the link's either, and the sale stays as
/// the service has it.
#[tokio::test]
async fn the_links_reference_with_another_amount_is_not_the_links() {
    let shop = Shop::open().await;
    let link = shop.link().await;
    shop.paid(&link).await;
    shop.post(notification(
        &link.reference,
        &link.resource,
        (20_000, 19_000),
        2,
        "",
        "2026-11-21 11:00:00",
    ))
    .await;
    let checked = shop
        .checked(&link.reference, |n| n.updated_at == "2026-11-21 11:00:00")
        .await;
    assert_eq!(checked.check_state, CheckState::NotItsSale);
    let close = shop.close();
    assert_eq!(close.approved.count, 1);
    assert_eq!(close.approved.gross, Pesos::new(25_000));
    assert_eq!(shop.sale(&link).standing(), Pesos::new(25_000));
    let noted = of_kind(&close, ExceptionKind::NotItsSale);
    assert_eq!(noted.len(), 1, "{:?}", close.exceptions);
    assert!(noted[0].detail.contains("$ 19.000"), "{}", noted[0].detail);
}

/// The right reference and the right amount (what the shop receives: $ 25.000 less the fee) are
/// confirmed, whichever way they reach the link: by its reference, or by its resource naming the
/// service's own id for the transaction. One that belongs but says another state disagrees.
#[tokio::test]
async fn the_right_reference_and_amount_are_confirmed() {
    let shop = Shop::open().await;
    let link = shop.link().await;
    shop.paid(&link).await;
    let id = shop
        .simulator
        .client()
        .payment_status(&link.reference)
        .await
        .unwrap()
        .value
        .id;
    for (reference, updated_at) in [
        (link.reference.as_str(), "2026-11-21 12:00:00"),
        (id.as_str(), "2026-11-21 12:01:00"),
    ] {
        shop.post(notification(
            reference,
            &link.resource,
            (25_000, LINK_NET),
            2,
            "",
            updated_at,
        ))
        .await;
        let checked = shop
            .checked(reference, |n| n.updated_at == updated_at)
            .await;
        assert_eq!(checked.check_state, CheckState::Confirmed, "{reference}");
        assert_eq!(checked.check_state.words(), "confirmada por el servicio");
    }
    shop.post(notification(
        &link.reference,
        &link.resource,
        (25_000, LINK_NET),
        3,
        "",
        "2026-11-21 12:02:00",
    ))
    .await;
    let failed = shop
        .checked(&link.reference, |n| n.status == TransactionStatus::Failed)
        .await;
    assert_eq!(failed.check_state, CheckState::Disagrees);
    let close = shop.close();
    assert!(of_kind(&close, ExceptionKind::NotItsSale).is_empty());
    assert_eq!(of_kind(&close, ExceptionKind::Disagreement).len(), 1);
    assert_eq!(
        close.approved.count, 1,
        "a confirmation is not a second payment"
    );
    assert_eq!(shop.sale(&link).standing(), Pesos::new(25_000));
}

/// A counter QR paid by two customers, $ 8.500 and $ 5.000: a notification is one of its
/// payments by its provider reference, with that payment's amount. Each genuine one is
/// confirmed, and a copy of the first sent after the second payment too (the books hold it as
/// the service confirmed it); the first payment's reference with the second's amount, or a
/// provider reference the service never gave, are not that sale's.
#[tokio::test]
async fn a_counter_codes_payment_is_named_by_its_provider_reference() {
    let shop = Shop::open().await;
    let code = shop
        .simulator
        .client()
        .create_method_payment(&PaymentMethodRequest {
            cash_in: shop.cash_in(8_500, "MOSTRADOR"),
            method_id: 248,
            extras: Vec::new(),
        })
        .await
        .unwrap()
        .value;
    common::record_payment(
        &shop.endpoint.ledger,
        PROFILE,
        &code.reference,
        PaymentKind::Method(248),
        Some(8_500),
    );
    let ledger = shop.endpoint.ledger.clone();
    let payments = |count: usize| {
        let ledger = ledger.clone();
        let reference = code.reference.clone();
        async move {
            wait_for("the code's payments in the books", || async {
                let received = ledger.received_of(PROFILE, &reference).unwrap();
                (received.len() == count).then_some(received)
            })
            .await
        }
    };
    shop.simulator.settle(&code.reference, "approve").await;
    payments(1).await;
    let (status, _) = shop
        .simulator
        .control_post(
            &format!("/transactions/{}/outcome", code.reference),
            json!({"outcome": "approve", "amount": 5_000}),
        )
        .await;
    assert_eq!(status, 200);
    let received = payments(2).await;
    let (first, second) = (
        received[0].provider_reference.clone(),
        received[1].provider_reference.clone(),
    );
    for payment in [&first, &second] {
        let genuine = shop
            .checked(&code.reference, |n| {
                n.status == TransactionStatus::Approved && &n.provider_reference == payment
            })
            .await;
        assert_eq!(genuine.check_state, CheckState::Confirmed, "{payment}");
    }

    // The fees on 8.500 and 5.000: 1.154 and 1.049.
    let (first_net, second_net) = (8_500 - 1_154, 5_000 - 1_049);
    let sent = |net: i64, paid: i64, provider: &str, minute: u32| {
        notification(
            &code.reference,
            "",
            (paid, net),
            2,
            provider,
            &format!("2026-11-21 13:{minute:02}:00"),
        )
    };
    shop.post(sent(first_net, 8_500, &first, 1)).await;
    shop.post(sent(second_net, 5_000, &first, 2)).await;
    shop.post(sent(second_net, 5_000, "INVENTADO", 3)).await;
    for (minute, found, what) in [
        (1, CheckState::Confirmed, "the first, sent again"),
        (2, CheckState::NotItsSale, "the first with another amount"),
        (
            3,
            CheckState::NotItsSale,
            "a payment the service never gave",
        ),
    ] {
        let updated_at = format!("2026-11-21 13:{minute:02}:00");
        let checked = shop
            .checked(&code.reference, |n| n.updated_at == updated_at)
            .await;
        assert_eq!(checked.check_state, found, "{what}");
    }

    let close = shop.close();
    assert_eq!(close.approved.count, 2, "{close:?}");
    assert_eq!(close.approved.gross, Pesos::new(13_500));
    let noted = of_kind(&close, ExceptionKind::NotItsSale);
    assert_eq!(noted.len(), 2, "{:?}", close.exceptions);
    assert!(
        noted
            .iter()
            .all(|e| e.detail.contains("QR del mostrador") && e.detail.contains("$ 3.951")),
        "{noted:?}"
    );
    assert!(noted.iter().any(|e| e.detail.contains("INVENTADO")));
}
