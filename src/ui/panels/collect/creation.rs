//! A sale as it goes to the service: the validated request, the reference it goes under, and
//! how the service's answer becomes the card the cashier and the customer see.

use crate::api::Client;
use crate::api::family_a::{Resource, ResourceRequest};
use crate::api::family_b::{MethodPayment, PaymentLink, PaymentLinkRequest, PaymentMethodRequest};
use crate::api::kind::PaymentKind;
use crate::money::Pesos;
use crate::t;
use crate::ui::bridge::UiError;
use crate::ui::customer::CreatedPayment;

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

/// A validated request, ready for the service.
#[derive(Debug, Clone)]
pub enum Creation {
    Link {
        request: PaymentLinkRequest,
        expires: String,
    },
    Method {
        request: PaymentMethodRequest,
        name: String,
    },
    Resource {
        request: ResourceRequest,
    },
}

impl Creation {
    /// The amount asked for (a QR code may leave it to the payer).
    pub fn amount(&self) -> Option<Pesos> {
        match self {
            Creation::Link { request, .. } => Some(request.cash_in.amount),
            Creation::Method { request, .. } => Some(request.cash_in.amount),
            Creation::Resource { request } => request.bill.amount,
        }
    }

    /// What is sold, as the cashier typed it.
    pub fn description(&self) -> String {
        match self {
            Creation::Link { request, .. } => request.cash_in.description(),
            Creation::Method { request, .. } => request.cash_in.description(),
            Creation::Resource { request } => request.description.clone().unwrap_or_default(),
        }
    }

    /// Sends the request; a refusal below the minimum names the minimum.
    pub(super) async fn send(
        self,
        client: Client,
        minimum: Option<Pesos>,
        repeatable: bool,
    ) -> Result<CreatedPayment, UiError> {
        let explain = |error: crate::api::ApiError| error.explain_minimum(minimum);
        let description = self.description();
        let mut created = match self {
            Creation::Link { request, expires } => {
                let link = client
                    .create_payment_link(&request)
                    .await
                    .map_err(explain)?
                    .value;
                CreatedPayment::of_link(request, link, expires)
            }
            Creation::Method { request, name } => {
                let payment = client
                    .create_method_payment(&request)
                    .await
                    .map_err(explain)?
                    .value;
                CreatedPayment::of_method(request, payment, name)
            }
            Creation::Resource { request } => {
                let resource = client
                    .generate_resource(&request)
                    .await
                    .map_err(explain)?
                    .value
                    .resource;
                CreatedPayment::of_resource(&request, resource)
            }
        };
        // What the sale says of itself, whatever created it.
        created.description = description;
        created.repeatable = repeatable;
        created.open_until = crate::collections::open_until(
            created.repeatable,
            &created.expires,
            crate::ledger::now_ms(),
        );
        Ok(created)
    }

    /// What it creates, as the ledger keeps it.
    pub(super) fn kind(&self) -> PaymentKind {
        match self {
            Creation::Link { .. } => PaymentKind::Link,
            Creation::Method { request, .. } => PaymentKind::Method(request.method_id),
            Creation::Resource { request } => PaymentKind::Resource(request.method_id),
        }
    }

    /// The lowest amount the service takes for this request, when the catalog knows it.
    pub(super) fn minimum(&self, catalog: &crate::api::catalog::MethodCatalog) -> Option<Pesos> {
        match self {
            Creation::Method { request, .. } => catalog.min_amount(Some(request.method_id)),
            Creation::Link { .. } | Creation::Resource { .. } => catalog.min_amount(None),
        }
    }
}

/// The service's answers, as the sale's card shows them. What is sold, whether the code takes
/// many payments and until when are the sale's own: `Creation::send` adds them.
impl CreatedPayment {
    pub(super) fn of_link(
        request: PaymentLinkRequest,
        link: PaymentLink,
        expires: String,
    ) -> CreatedPayment {
        CreatedPayment {
            title: t!("created-link-title"),
            amount: Some(request.cash_in.amount),
            qr_text: link.url.clone(),
            url: link.url,
            reference: link.reference,
            description: String::new(),
            expires,
            extra: vec![(t!("field-your-reference"), request.cash_in.reference1)],
            repeatable: false,
            open_until: None,
            resource_id: Some(link.resource_id).filter(|id| !id.is_empty()),
        }
    }

    pub(super) fn of_method(
        request: PaymentMethodRequest,
        payment: MethodPayment,
        method: String,
    ) -> CreatedPayment {
        CreatedPayment {
            title: t!("created-method-title", method = method),
            amount: Some(request.cash_in.amount),
            qr_text: payment.url.clone(),
            url: payment.url,
            reference: payment.reference,
            description: String::new(),
            expires: payment.expires_at,
            extra: vec![
                (t!("field-your-reference"), request.cash_in.reference1),
                (t!("created-code-id"), payment.resource_id.clone()),
            ],
            repeatable: false,
            open_until: None,
            resource_id: Some(payment.resource_id).filter(|id| !id.is_empty()),
        }
    }

    /// A code without a link encodes its data.
    pub(super) fn of_resource(request: &ResourceRequest, resource: Resource) -> CreatedPayment {
        let qr_text = if resource.url.is_empty() {
            resource.data.clone()
        } else {
            resource.url.clone()
        };
        CreatedPayment {
            title: t!("created-qr-title"),
            amount: request.bill.amount,
            qr_text,
            url: resource.url,
            reference: resource.reference,
            description: String::new(),
            expires: resource.exp_date,
            extra: vec![
                (t!("created-code"), resource.data),
                (
                    t!("created-code-id"),
                    resource.id.map(|id| id.to_string()).unwrap_or_default(),
                ),
                (
                    t!("created-at"),
                    crate::clock::shown_service_time(&resource.created_at),
                ),
            ],
            repeatable: false,
            open_until: None,
            resource_id: None,
        }
    }
}
