//! What kind of payment paydesk created, as a code: the family and the method id the service
//! was asked for. The ledger stores the code, never words: words depend on the language of the
//! till that wrote them, and a shared ledger has tills in both. Words are made on screen and in
//! the CSV, from the catalog (which also says what each kind can do).

use std::fmt;

use super::catalog::MethodCatalog;
use super::family_a::ResourceShape;

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PaymentKind {
    /// A Family B payment link: the gateway page that offers every method.
    Link,
    /// A Family B payment for one method (`paymentMethod.id`).
    Method(i64),
    /// A Family A resource (`PaymentMethod.id`).
    Resource(i64),
    /// A payment created elsewhere, looked up by its reference and followed from a till.
    LookedUp,
    /// Stored by an older paydesk in words this one does not recognise: kept as written.
    Unrecognised(String),
}

impl PaymentKind {
    /// The code the ledger stores: `link`, `method:130`, `resource:3`.
    pub fn code(&self) -> String {
        match self {
            PaymentKind::Link => "link".to_owned(),
            PaymentKind::Method(id) => format!("method:{id}"),
            PaymentKind::Resource(id) => format!("resource:{id}"),
            PaymentKind::LookedUp => "looked-up".to_owned(),
            PaymentKind::Unrecognised(words) => words.clone(),
        }
    }

    /// Reads a stored code; anything else is kept as the words it is.
    pub fn parse(code: &str) -> PaymentKind {
        let id = |rest: &str| rest.parse::<i64>().ok();
        match code {
            "link" => return PaymentKind::Link,
            "looked-up" => return PaymentKind::LookedUp,
            _ => {}
        }
        if let Some(method) = code.strip_prefix("method:").and_then(id) {
            return PaymentKind::Method(method);
        }
        if let Some(resource) = code.strip_prefix("resource:").and_then(id) {
            return PaymentKind::Resource(resource);
        }
        PaymentKind::Unrecognised(code.to_owned())
    }

    /// The kind an older paydesk stored as words (in Spanish or English), for the migration to
    /// codes. The words are frozen as they shipped: a later change of wording must not change
    /// what old rows mean.
    pub fn from_stored_words(words: &str) -> PaymentKind {
        let words = words.trim();
        let parsed = PaymentKind::parse(words);
        if !matches!(parsed, PaymentKind::Unrecognised(_)) {
            return parsed;
        }
        if let Some((_, kind)) = SHIPPED_WORDS.iter().find(|(shipped, _)| *shipped == words) {
            return kind.clone();
        }
        // "Medio 12" / "Method 12": a Family B method the catalog did not name.
        for prefix in ["Medio ", "Method "] {
            if let Some(id) = words
                .strip_prefix(prefix)
                .and_then(|rest| rest.parse().ok())
            {
                return PaymentKind::Method(id);
            }
        }
        PaymentKind::Unrecognised(words.to_owned())
    }

    /// What a person reads, in the language in use.
    pub fn words(&self, catalog: &MethodCatalog) -> String {
        match self {
            PaymentKind::Link => crate::t!("kind-payment-link"),
            PaymentKind::Method(id) => {
                let id = *id;
                catalog
                    .find(id)
                    .map(|method| method.display_name())
                    .unwrap_or_else(|| crate::t!("kind-method", id = id))
            }
            PaymentKind::Resource(id) => resource_words(*id),
            PaymentKind::LookedUp => crate::t!("kind-looked-up"),
            PaymentKind::Unrecognised(words) => words.clone(),
        }
    }

    /// Whether one payment of this kind takes payment after payment (a static QR on the
    /// counter, an interoperable QR, a Bre-B key): every approval is money received.
    pub fn repeatable(&self, catalog: &MethodCatalog) -> bool {
        match self {
            PaymentKind::Link | PaymentKind::LookedUp | PaymentKind::Unrecognised(_) => false,
            PaymentKind::Method(id) => catalog.repeatable(*id),
            PaymentKind::Resource(id) => ResourceShape::for_method(*id).takes_many_payments(),
        }
    }
}

impl fmt::Display for PaymentKind {
    /// The code (for logs and `--json`); a person reads [`PaymentKind::words`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

/// A Family A resource's kind in words.
pub fn resource_words(method_id: i64) -> String {
    match method_id {
        1 => crate::t!("resource-kind-commerce"),
        2 => crate::t!("resource-kind-dynamic"),
        3 => crate::t!("resource-kind-static"),
        5 => crate::t!("resource-kind-static-references"),
        7 => crate::t!("resource-kind-bank-link"),
        8 => crate::t!("resource-kind-bank-transfer"),
        10 => crate::t!("resource-kind-mobile-charge"),
        11 => crate::t!("resource-kind-encoded"),
        other => crate::t!("kind-method", id = other),
    }
}

/// The words paydesk stored for each kind before it stored codes (ledger schema 6 and older),
/// in both languages.
const SHIPPED_WORDS: &[(&str, PaymentKind)] = &[
    ("Link de pago", PaymentKind::Link),
    ("Consultado", PaymentKind::LookedUp),
    ("Looked up", PaymentKind::LookedUp),
    ("Payment link", PaymentKind::Link),
    (
        "QR del comercio (tipo y municipio)",
        PaymentKind::Resource(1),
    ),
    ("Commerce QR (type and city)", PaymentKind::Resource(1)),
    ("QR dinámico con valor", PaymentKind::Resource(2)),
    ("Dynamic QR with amount", PaymentKind::Resource(2)),
    (
        "QR estático (el pagador escribe el valor)",
        PaymentKind::Resource(3),
    ),
    (
        "Static QR (payer types the amount)",
        PaymentKind::Resource(3),
    ),
    (
        "QR estático con referencias del cliente",
        PaymentKind::Resource(5),
    ),
    (
        "Static QR with customer references",
        PaymentKind::Resource(5),
    ),
    (
        "Link a la app del banco con valor",
        PaymentKind::Resource(7),
    ),
    ("Bank-app link with amount", PaymentKind::Resource(7)),
    (
        "Transferencia bancaria en línea (PSE)",
        PaymentKind::Resource(8),
    ),
    ("Online bank transfer", PaymentKind::Resource(8)),
    ("Cobro al celular del cliente", PaymentKind::Resource(10)),
    ("Charge to the customer's mobile", PaymentKind::Resource(10)),
    ("Información codificada", PaymentKind::Resource(11)),
    ("Encoded information", PaymentKind::Resource(11)),
    ("Nequi", PaymentKind::Method(130)),
    ("Daviplata", PaymentKind::Method(131)),
    ("PSE", PaymentKind::Method(117)),
    ("Pasarela PSE", PaymentKind::Method(262)),
    ("PSE gateway", PaymentKind::Method(262)),
    ("Llave Bre-B", PaymentKind::Method(250)),
    ("Bre-B key", PaymentKind::Method(250)),
    ("QR interoperable", PaymentKind::Method(248)),
    ("Interoperable QR", PaymentKind::Method(248)),
    ("Recaudo en efectivo", PaymentKind::Method(153)),
    ("Cash collection", PaymentKind::Method(153)),
    ("TPaga", PaymentKind::Method(163)),
    ("Tarjetas", PaymentKind::Method(273)),
    ("Cards", PaymentKind::Method(273)),
    ("WhatsApp", PaymentKind::Method(277)),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back() {
        for kind in [
            PaymentKind::Link,
            PaymentKind::Method(130),
            PaymentKind::Resource(3),
            PaymentKind::LookedUp,
            PaymentKind::Unrecognised("Caja vieja".into()),
        ] {
            assert_eq!(PaymentKind::parse(&kind.code()), kind);
        }
        assert_eq!(
            PaymentKind::parse("method:x"),
            PaymentKind::Unrecognised("method:x".into())
        );
    }

    #[test]
    fn old_words_in_either_language_become_one_code() {
        for (spanish, english, kind) in [
            ("Link de pago", "Payment link", PaymentKind::Link),
            ("Tarjetas", "Cards", PaymentKind::Method(273)),
            (
                "QR estático (el pagador escribe el valor)",
                "Static QR (payer types the amount)",
                PaymentKind::Resource(3),
            ),
            ("Medio 999", "Method 999", PaymentKind::Method(999)),
        ] {
            assert_eq!(PaymentKind::from_stored_words(spanish), kind);
            assert_eq!(PaymentKind::from_stored_words(english), kind);
        }
        assert_eq!(
            PaymentKind::from_stored_words("Mi medio"),
            PaymentKind::Unrecognised("Mi medio".into())
        );
    }

    #[test]
    fn the_catalog_says_which_kinds_take_many_payments() {
        let catalog = MethodCatalog::default();
        for (kind, many) in [
            (PaymentKind::Link, false),
            (PaymentKind::Method(130), false),
            (PaymentKind::Method(248), true),
            (PaymentKind::Method(250), true),
            (PaymentKind::Resource(2), false),
            (PaymentKind::Resource(3), true),
            (PaymentKind::Resource(5), true),
        ] {
            assert_eq!(kind.repeatable(&catalog), many, "{kind}");
        }
    }
}
