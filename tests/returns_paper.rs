//! A return on paper: its receipt (the shop, the sale returned, the amount, why, where the money
//! went, the service's reference, "no es una factura"), as ESC/POS bytes and as a PDF, only once
//! the service confirmed it; and the printed close, with the returns apart from payouts and what
//! is left of the sales.

use paydesk::api::StatusRecord;
use paydesk::api::catalog::MethodCatalog;
use paydesk::api::{PayoutRequest, TransactionStatus};
use paydesk::i18n::Language;
use paydesk::ledger::{Collection, IntentRules, Ledger, PayoutOutcome, ReturnTie};
use paydesk::money::Pesos;
use paydesk::printing::PrintError;
use paydesk::printing::documents::{ReturnReceipt, close_slip};
use paydesk::printing::pdf::SlipPage;
use paydesk::printing::{PaperWidth, escpos};
use paydesk::requests::ReturnReason;

const PROFILE: &str = "tienda";

const NO_RULES: IntentRules = IntentRules {
    spacing_ms: 0,
    repeat_window_ms: 0,
    confirmed_repeat_of: None,
};

/// A sale of $ 80.000 approved, and a return of $ 20.000 of it sent under `DV-1`.
fn books() -> (tempfile::TempDir, Ledger, i64) {
    let folder = tempfile::tempdir().unwrap();
    let ledger = Ledger::in_folder(folder.path()).unwrap();
    let now = paydesk::ledger::now_ms();
    let sale = Collection {
        reference: "V-80".into(),
        kind: paydesk::api::kind::PaymentKind::Link,
        amount: Some(Pesos::new(80_000)),
        reference1: "VENTA".into(),
        url: String::new(),
        created_at: now,
        status: None,
        description: "Zapatos".into(),
        repeatable: false,
        open_until: None,
        made_by: Default::default(),
        resource_id: None,
    };
    ledger.record_collection(PROFILE, &sale).unwrap();
    let answer: StatusRecord = serde_json::from_value(serde_json::json!({
        "id": "1", "cost": "$ 1.000", "status": "2", "date": "", "providerReference": "",
        "amount": "80000", "description": null, "paymentMethod": null
    }))
    .unwrap();
    paydesk::collections::apply_answer(&ledger, PROFILE, &sale, &answer, now, now).unwrap();
    let intent = ledger
        .begin_return(
            PROFILE,
            &PayoutRequest {
                amount: Pesos::new(20_000),
                reference1: "DV-1".into(),
                webhook_request: None,
                method_id: 264,
                destination: "@ANA123".into(),
                bank_name: None,
            },
            &NO_RULES,
            &ReturnTie {
                sale: "V-80".into(),
                payment: String::new(),
                reason: ReturnReason::Other("Talla equivocada".into()),
            },
        )
        .unwrap();
    ledger
        .finish_payout(
            intent.id,
            &PayoutOutcome::Sent {
                transaction_reference: Some("CO-777".into()),
                reply_json: "{}".into(),
            },
        )
        .unwrap();
    (folder, ledger, intent.id)
}

#[test]
fn a_return_has_a_receipt_once_the_service_confirmed_it() {
    paydesk::i18n::set(Language::Es);
    let (_folder, ledger, id) = books();
    assert!(matches!(
        ReturnReceipt::from_books(&ledger, PROFILE, "Tienda Demo", "DV-1"),
        Err(PrintError::ReturnNotConfirmed(reference)) if reference == "DV-1"
    ));
    assert!(matches!(
        ReturnReceipt::from_books(&ledger, PROFILE, "Tienda Demo", "V-80"),
        Err(PrintError::NotAReturn(_))
    ));
    ledger
        .record_payout_status(id, TransactionStatus::Approved)
        .unwrap();
    let receipt = ReturnReceipt::from_books(&ledger, PROFILE, "Tienda Demo", "DV-1").unwrap();
    let slip = receipt.slip(&MethodCatalog::default());
    let text = slip.text();
    for expected in [
        "Tienda Demo",
        "Comprobante de devolución",
        "$ 20.000",
        "Venta devuelta: V-80",
        "Pagó el cliente: $ 80.000",
        "De esta venta: Devuelto $ 20.000 de $ 80.000",
        "Motivo: Talla equivocada",
        "Enviado a: @ANA123",
        "Por: Llave Bre-B",
        "Referencia del servicio: CO-777",
        "Referencia: DV-1",
        "no es una factura",
    ] {
        assert!(text.contains(expected), "{expected}: {text}");
    }
    let bytes = escpos::slip_bytes(&slip, PaperWidth::Mm58, false).unwrap();
    let printed = String::from_utf8_lossy(&bytes);
    assert!(printed.contains("CO-777"), "{printed}");
    let pdf =
        paydesk::printing::pdf::slip_pdf(&slip, SlipPage::Roll(PaperWidth::Mm80), &receipt.title())
            .unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    assert!(receipt.title().contains("DV-1"));
}

#[test]
fn the_printed_close_has_the_returns_apart_and_what_is_left() {
    paydesk::i18n::set(Language::Es);
    let (_folder, ledger, id) = books();
    ledger
        .record_payout_status(id, TransactionStatus::Approved)
        .unwrap();
    let today = paydesk::clock::today();
    let report = ledger
        .reconcile(Some(PROFILE), today, today, paydesk::ledger::now_ms())
        .unwrap();
    let text = close_slip("Tienda Demo", &report, &MethodCatalog::default(), 0).text();
    for expected in [
        "Devoluciones",
        "Devoluciones confirmadas (1): $ 20.000",
        "Ventas menos devoluciones",
        "Devuelto: $ 20.000",
        "Queda: $ 60.000",
        "la paga la tienda",
    ] {
        assert!(text.contains(expected), "{expected}: {text}");
    }
    assert!(
        !text.contains("Dispersiones"),
        "a return is not a payout to a supplier: {text}"
    );
}
