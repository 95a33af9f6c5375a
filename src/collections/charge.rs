//! A sale made, one way for the app and the command line: the reference it goes under, the
//! books asked whether they still take it, the payment created at the service, and the sale
//! written down with who made it. What comes back is what a front end follows and shows.

use std::sync::Arc;

use serde_json::Value;

use super::answers::open_until;
use crate::api::catalog::MethodCatalog;
use crate::api::family_a::{Resource, ResourceRequest};
use crate::api::family_b::{MethodPayment, PaymentLink, PaymentLinkRequest, PaymentMethodRequest};
use crate::api::kind::PaymentKind;
use crate::api::{ApiError, Client};
use crate::ledger::{
    Collection, Ledger, LedgerError, MadeBy, NewSale, SaleFor, SaleNumber, now_ms,
};
use crate::money::Pesos;

/// A reference the customer never sees twice: `PD` and the time in base 36, plus randomness.
pub fn fresh_reference1() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default();
    let random = uuid::Uuid::new_v4().as_u128() % (36 * 36);
    format!("PD{}{}", base36(seconds), base36(random as u64)).to_uppercase()
}

fn base36(mut value: u64) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(value % 36) as usize]);
        value /= 36;
        if value == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// How long a sale waits to learn whether the books still take it: a shared ledger that does
/// not answer (the line to it is down) does not hold the sale up; the sale is made and kept as
/// today.
const MAY_SELL_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Asked before a sale is made at the service: refused only when the books said this till may
/// no longer write ([`LedgerError::TooOld`]: a newer till migrated the shared ledger while this
/// one was open), as the service would take the money and the books would refuse to keep the
/// sale.
async fn may_sell(ledger: Arc<Ledger>) -> Result<(), LedgerError> {
    let asked = tokio::task::spawn_blocking(move || ledger.may_write());
    match tokio::time::timeout(MAY_SELL_WAIT, asked).await {
        Ok(Ok(Err(LedgerError::TooOld))) => Err(LedgerError::TooOld),
        _ => Ok(()),
    }
}

/// A sale as a person asked for it, checked and ready for the service.
#[derive(Debug, Clone)]
pub enum ChargeRequest {
    /// A payment link: the customer picks any method on the service's page.
    Link(PaymentLinkRequest),
    /// A payment for one method.
    Method(PaymentMethodRequest),
    /// A payment resource (a QR code, one that may take many payments).
    Resource(ResourceRequest),
}

impl ChargeRequest {
    /// The amount asked for (a QR code may leave it to the payer).
    pub fn amount(&self) -> Option<Pesos> {
        match self {
            ChargeRequest::Link(request) => Some(request.cash_in.amount),
            ChargeRequest::Method(request) => Some(request.cash_in.amount),
            ChargeRequest::Resource(request) => request.bill.amount,
        }
    }

    /// What is sold, as typed.
    pub fn description(&self) -> String {
        match self {
            ChargeRequest::Link(request) => request.cash_in.description(),
            ChargeRequest::Method(request) => request.cash_in.description(),
            ChargeRequest::Resource(request) => request.description.clone().unwrap_or_default(),
        }
    }

    /// The charge as a sale of its own, sold by `by`: one line, what it sells at its amount (a
    /// QR that leaves the amount to the payer has none until it is paid).
    pub fn own_sale(&self, by: crate::ledger::activity::Actor) -> SaleFor {
        SaleFor::New {
            sale: NewSale::of_amount(self.amount(), &self.description()),
            by,
        }
    }

    /// The merchant's reference the sale is sent under.
    pub fn reference1(&self) -> String {
        match self {
            ChargeRequest::Link(request) => request.cash_in.reference1.clone(),
            ChargeRequest::Method(request) => request.cash_in.reference1.clone(),
            ChargeRequest::Resource(request) => request.bill.reference1.clone().unwrap_or_default(),
        }
    }

    /// The same sale under another merchant's reference (empty: none, where the sale may go
    /// without one).
    pub fn under(mut self, reference1: &str) -> ChargeRequest {
        let reference1 = reference1.trim().to_owned();
        match &mut self {
            ChargeRequest::Link(request) => request.cash_in.reference1 = reference1,
            ChargeRequest::Method(request) => request.cash_in.reference1 = reference1,
            ChargeRequest::Resource(request) => {
                request.bill.reference1 = Some(reference1).filter(|text| !text.is_empty());
            }
        }
        self
    }

    /// What it creates, as the books keep it.
    pub fn kind(&self) -> PaymentKind {
        match self {
            ChargeRequest::Link(_) => PaymentKind::Link,
            ChargeRequest::Method(request) => PaymentKind::Method(request.method_id),
            ChargeRequest::Resource(request) => PaymentKind::Resource(request.method_id),
        }
    }

    /// The one method a payment is for, whose smallest amount and existence the catalog knows.
    fn method(&self) -> Option<i64> {
        match self {
            ChargeRequest::Method(request) => Some(request.method_id),
            ChargeRequest::Link(_) | ChargeRequest::Resource(_) => None,
        }
    }
}

/// What the service answered when it created the payment, as it said it.
#[derive(Debug, Clone)]
pub enum Created {
    Link(PaymentLink),
    Method(MethodPayment),
    Resource(Resource),
}

impl Created {
    /// The payment's page as the service gave it ("" for a code that has only its data).
    pub fn link(&self) -> &str {
        match self {
            Created::Link(link) => &link.url,
            Created::Method(payment) => &payment.url,
            Created::Resource(resource) => &resource.url,
        }
    }
}

/// A sale the service made: what the books keep of it, what the front end follows and shows.
#[derive(Debug, Clone)]
pub struct Charge {
    /// The payment as the books keep it (not asked about yet: no state): its reference, kind,
    /// amount, the merchant's reference, what the QR encodes, what was sold, the service's id
    /// of its resource, whether it takes many payments and until when, when and by whom it was
    /// made.
    pub payment: Collection,
    /// Until when it can be paid, as the service writes a moment ("" where it did not say).
    pub expires: String,
    pub answer: Created,
    /// The service's answer as it came, for whoever reads it whole (`--json`).
    pub raw: Value,
}

impl Charge {
    /// The sale the service made of `request`, as it answered, made now by `made_by`.
    fn of(
        request: ChargeRequest,
        (answer, raw): (Created, Value),
        made_by: MadeBy,
        catalog: &MethodCatalog,
    ) -> Charge {
        let now = now_ms();
        let (reference, url, expires, resource_id) = match &answer {
            Created::Link(link) => (
                link.reference.clone(),
                link.url.clone(),
                moment_after(&request).unwrap_or_default(),
                link.resource_id.clone(),
            ),
            Created::Method(payment) => (
                payment.reference.clone(),
                payment.url.clone(),
                payment.expires_at.clone(),
                payment.resource_id.clone(),
            ),
            Created::Resource(resource) => (
                resource.reference.clone(),
                // A code without a page encodes its data (the books keep what the QR encodes;
                // the counter's poster is printed from it).
                if resource.url.is_empty() {
                    resource.data.clone()
                } else {
                    resource.url.clone()
                },
                resource.exp_date.clone(),
                resource.id.map(|id| id.to_string()).unwrap_or_default(),
            ),
        };
        let kind = request.kind();
        let repeatable = kind.repeatable(catalog);
        let payment = Collection {
            open_until: open_until(repeatable, &expires, now),
            reference,
            kind,
            amount: request.amount(),
            reference1: request.reference1(),
            url,
            created_at: now,
            status: None,
            description: request.description(),
            repeatable,
            made_by,
            // A notification that names only the resource is matched by it.
            resource_id: Some(resource_id).filter(|id| !id.is_empty()),
        };
        Charge {
            payment,
            expires,
            answer,
            raw,
        }
    }
}

/// When a link asked to live `expires_in` seconds stops taking payment, as the service writes
/// a moment (RFC 3339, Bogotá's offset): a front end says it in its language when it shows it.
fn moment_after(request: &ChargeRequest) -> Option<String> {
    let ChargeRequest::Link(link) = request else {
        return None;
    };
    let seconds = i64::try_from(link.cash_in.expires_in?).ok()?;
    let then = time::OffsetDateTime::now_utc().checked_add(time::Duration::seconds(seconds))?;
    let bogota = time::UtcOffset::from_hms(-5, 0, 0).ok()?;
    then.to_offset(bogota)
        .format(&time::format_description::well_known::Rfc3339)
        .ok()
}

/// Whether the books keep a charge the service made. One they could not keep is still a charge:
/// the customer may pay it.
#[derive(Debug)]
pub enum InBooks {
    /// Kept, as a part of the sale with this number (none: a tab's collection, a counter code).
    Written(Option<SaleNumber>),
    /// What the books said; nothing else of the sale failed.
    NotWritten(LedgerError),
    /// There are no books to write it in (the app without a ledger: its list only).
    NoBooks,
}

/// A sale the service made, and what the books did with it.
#[derive(Debug)]
pub struct MadeCharge {
    pub sale: Charge,
    pub books: InBooks,
}

/// Why no sale was made: nothing was created at the service, or it may have been (the
/// service's error says which).
#[derive(Debug, thiserror::Error)]
pub enum ChargeError {
    /// The books may no longer take a sale: nothing was sent.
    #[error(transparent)]
    Books(LedgerError),
    /// The service refused or did not answer; its code is kept.
    #[error(transparent)]
    Service(#[from] ApiError),
}

/// Makes a sale, for the app and the command line alike: the books asked whether they still
/// take it, the payment created at the service (a refusal under the smallest amount says that
/// amount; a method the catalog does not know is said so), then written in `books` (a profile's
/// ledger) as `made_by`'s. The sale comes back even when the books could not keep it.
pub async fn make_charge(
    client: &Client,
    catalog: &MethodCatalog,
    books: Option<(Arc<Ledger>, String)>,
    made_by: MadeBy,
    request: ChargeRequest,
    sale: SaleFor,
) -> Result<MadeCharge, ChargeError> {
    if let Some((ledger, _)) = &books {
        may_sell(ledger.clone()).await.map_err(ChargeError::Books)?;
    }
    let answer = create(client, catalog, &request).await?;
    let charge = Charge::of(request, answer, made_by, catalog);
    let books = write_down(books, &charge, sale).await;
    Ok(MadeCharge {
        sale: charge,
        books,
    })
}

/// Asks the service once; a refusal is explained in the sale's terms.
async fn create(
    client: &Client,
    catalog: &MethodCatalog,
    request: &ChargeRequest,
) -> Result<(Created, Value), ApiError> {
    let method = request.method();
    let explain = |error: ApiError| {
        let error = error.explain_minimum(catalog.min_amount(method));
        if method.is_some_and(|id| catalog.find(id).is_none()) {
            error.explain_unknown_method()
        } else {
            error
        }
    };
    let created = match request {
        ChargeRequest::Link(request) => client
            .create_payment_link(request)
            .await
            .map(|reply| (Created::Link(reply.value), reply.raw)),
        ChargeRequest::Method(request) => client
            .create_method_payment(request)
            .await
            .map(|reply| (Created::Method(reply.value), reply.raw)),
        ChargeRequest::Resource(request) => client
            .generate_resource(request)
            .await
            .map(|reply| (Created::Resource(reply.value.resource), reply.raw)),
    };
    created.map_err(explain)
}

/// Writes the sale down on the blocking pool, so the day's close expects it and a notification
/// about it is known before anyone asks about it.
async fn write_down(
    books: Option<(Arc<Ledger>, String)>,
    charge: &Charge,
    sale: SaleFor,
) -> InBooks {
    let Some((ledger, profile)) = books else {
        return InBooks::NoBooks;
    };
    let collection = charge.payment.clone();
    let written =
        tokio::task::spawn_blocking(move || ledger.record_charge(&profile, &collection, &sale))
            .await;
    match written {
        Ok(Ok(number)) => InBooks::Written(number),
        Ok(Err(error)) => InBooks::NotWritten(error),
        Err(stopped) => InBooks::NotWritten(LedgerError::Runtime(stopped.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::family_a::{Bill, ResourceFeatures};
    use crate::validate;

    fn code(reference1: Option<&str>) -> ChargeRequest {
        ChargeRequest::Resource(ResourceRequest {
            method_id: 3,
            features: ResourceFeatures::None,
            bill: Bill {
                amount: None,
                tax: None,
                products: vec![],
                reference1: reference1.map(str::to_owned),
                reference2: None,
                reference3: None,
            },
            description: Some("Mostrador".into()),
            cellphone: None,
        })
    }

    #[test]
    fn a_code_without_a_page_is_kept_as_its_data_under_its_id() {
        let answer: Resource = serde_json::from_value(serde_json::json!({
            "id": 42, "type": "QR", "data": "000201PD", "url": "", "reference": "R-9",
            "createdAt": "", "expDate": ""
        }))
        .unwrap();
        let request = code(None).under(" QR-1 ");
        let answer = (Created::Resource(answer), serde_json::json!({"id": 42}));
        let sale = Charge::of(
            request,
            answer,
            MadeBy::default(),
            &MethodCatalog::default(),
        );
        let kept = &sale.payment;
        assert_eq!(kept.reference, "R-9");
        assert_eq!(kept.url, "000201PD", "what the QR encodes");
        assert_eq!(sale.answer.link(), "", "the service gave no page");
        assert_eq!(kept.reference1, "QR-1");
        assert_eq!(kept.resource_id.as_deref(), Some("42"));
        assert_eq!(
            (kept.description.as_str(), kept.amount),
            ("Mostrador", None)
        );
        assert_eq!(kept.status, None, "not asked about yet");
        assert_eq!(sale.raw, serde_json::json!({"id": 42}));
    }

    #[test]
    fn a_sale_under_no_reference_goes_without_one() {
        assert_eq!(code(Some("A")).under("  ").reference1(), "");
        let ChargeRequest::Resource(request) = code(Some("A")).under("  ") else {
            unreachable!()
        };
        assert_eq!(request.bill.reference1, None);
    }

    #[test]
    fn fresh_references_are_short_and_distinct() {
        let a = fresh_reference1();
        let b = fresh_reference1();
        assert!(a.len() <= 20 && a.starts_with("PD"), "{a}");
        assert!(validate::reference1(&a).is_ok());
        // The random suffix makes two in the same second differ (almost always; retry once).
        assert!(a != b || fresh_reference1() != a);
    }
}
