//! A sale as the card the cashier and the customer see: the domain's sale (`collections`,
//! which makes it) in the words of the card, and the rows the service's answer adds to it.

use crate::api::catalog::MethodCatalog;
use crate::api::kind::PaymentKind;
use crate::collections::{Charge, Created};
use crate::t;
use crate::ui::customer::CreatedPayment;

/// A sale as its card shows it. The card's title names the method the catalog calls it by.
impl CreatedPayment {
    pub(super) fn of_sale(sale: &Charge, catalog: &MethodCatalog) -> CreatedPayment {
        let payment = &sale.payment;
        let (title, extra) = match &sale.answer {
            Created::Link(_) => (
                t!("created-link-title"),
                vec![(Extra::YourReference.label(), payment.reference1.clone())],
            ),
            Created::Method(answer) => {
                let method = match payment.kind {
                    PaymentKind::Method(id) => catalog.find(id).map(|m| m.display_name()),
                    _ => None,
                };
                (
                    t!("created-method-title", method = method.unwrap_or_default()),
                    vec![
                        (Extra::YourReference.label(), payment.reference1.clone()),
                        (Extra::CodeId.label(), answer.resource_id.clone()),
                    ],
                )
            }
            Created::Resource(resource) => (
                t!("created-qr-title"),
                vec![
                    (Extra::Code.label(), resource.data.clone()),
                    (
                        Extra::CodeId.label(),
                        resource.id.map(|id| id.to_string()).unwrap_or_default(),
                    ),
                    // As the service wrote it: said as a date when drawn, in the language then.
                    (Extra::CreatedAt.label(), resource.created_at.clone()),
                ],
            ),
        };
        CreatedPayment {
            title,
            amount: payment.amount,
            qr_text: payment.url.clone(),
            url: sale.answer.link().to_owned(),
            reference: payment.reference.clone(),
            description: payment.description.clone(),
            // A link's is a moment: the card says it in the language on screen when drawn.
            expires: sale.expires.clone(),
            extra,
            sale: Default::default(),
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
