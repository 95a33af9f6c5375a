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
                // Until when, as a moment: the card says it in the language on screen when
                // drawn ("1 hora" kept as words would stay in the language of the sale).
                let until = request
                    .cash_in
                    .expires_in
                    .and_then(moment_after)
                    .unwrap_or(expires);
                CreatedPayment::of_link(request, link, until)
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

/// `seconds` from now, as the service writes a moment (RFC 3339, Bogotá's offset).
fn moment_after(seconds: u64) -> Option<String> {
    let now = time::OffsetDateTime::now_utc();
    let then = now.checked_add(time::Duration::seconds(i64::try_from(seconds).ok()?))?;
    let bogota = time::UtcOffset::from_hms(-5, 0, 0).ok()?;
    then.to_offset(bogota)
        .format(&time::format_description::well_known::Rfc3339)
        .ok()
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
            extra: vec![(Extra::YourReference.label(), request.cash_in.reference1)],
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
                (Extra::YourReference.label(), request.cash_in.reference1),
                (Extra::CodeId.label(), payment.resource_id.clone()),
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
                (Extra::Code.label(), resource.data),
                (
                    Extra::CodeId.label(),
                    resource.id.map(|id| id.to_string()).unwrap_or_default(),
                ),
                // As the service wrote it: said as a date when drawn, in the language then.
                (Extra::CreatedAt.label(), resource.created_at),
            ],
            repeatable: false,
            open_until: None,
            resource_id: None,
        }
    }
}

/// Label and value, as the card draws them.
type Rows = Vec<(String, String)>;

/// A row the service's answer adds to a sale's card, in the order each kind of sale has them
/// ([`CreatedPayment`]'s `extra`): named again in the language on screen whenever drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Extra {
    /// What the cashier typed as her own reference.
    YourReference,
    /// The code's data, as the QR encodes it.
    Code,
    /// The service's id of the code.
    CodeId,
    CreatedAt,
}

impl Extra {
    pub(super) fn label(self) -> String {
        match self {
            Extra::YourReference => t!("field-your-reference"),
            Extra::Code => t!("created-code"),
            Extra::CodeId => t!("created-code-id"),
            Extra::CreatedAt => t!("created-at"),
        }
    }

    /// The rows a kind of sale has, in order.
    fn of(kind: &PaymentKind) -> &'static [Extra] {
        match kind {
            PaymentKind::Link => &[Extra::YourReference],
            PaymentKind::Method(_) => &[Extra::YourReference, Extra::CodeId],
            PaymentKind::Resource(_) => &[Extra::Code, Extra::CodeId, Extra::CreatedAt],
            PaymentKind::LookedUp | PaymentKind::Unrecognised(_) => &[],
        }
    }

    /// `extra`'s rows named in the language on screen: those shown at once (what the cashier
    /// typed), and the service's own numbers for the code, which go under «Detalles». Rows of
    /// a kind not known keep their names and show at once.
    pub(super) fn rows(kind: Option<&PaymentKind>, extra: &[(String, String)]) -> (Rows, Rows) {
        let known = kind.map(Extra::of).filter(|rows| rows.len() == extra.len());
        let Some(rows) = known else {
            return (extra.to_vec(), Vec::new());
        };
        let (shown, folded): (Vec<_>, Vec<_>) = rows
            .iter()
            .zip(extra)
            .map(|(row, (_, value))| {
                let value = match row {
                    Extra::CreatedAt => crate::clock::shown_service_time(value),
                    _ => value.clone(),
                };
                (*row, (row.label(), value))
            })
            .partition(|(row, _)| *row == Extra::YourReference);
        let strip =
            |rows: Vec<(Extra, (String, String))>| rows.into_iter().map(|(_, row)| row).collect();
        (strip(shown), strip(folded))
    }
}
