//! Which interface a service speaks: the spec's version 1.0 (`shared/spec/service-interface.md`)
//! or the vendor's pay API as it publishes it today. Every rule in which the two differ is a
//! method here, so a request builder or a form asks the dialect instead of branching on its own;
//! each rule's public source is in `docs/decisions.md` ("The live service").

use serde::{Deserialize, Serialize};

/// Where the `x-transaction-token` of a cash-in request comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TransactionTokenSource {
    /// A fresh UUID v4 per request (docs/decisions.md's default).
    #[default]
    RandomUuid,
    /// A single-use token from `POST {pay_url}/trx-token/generate`.
    Fetch,
}

/// The interface a profile speaks. A person reads it as a version in Configuración › Avanzado,
/// never as "dialect".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Dialect {
    /// The spec's interface, version 1.0, exactly as the spec shows it.
    #[serde(rename = "1.0")]
    Spec,
    /// The vendor's pay API as published in 2026 (its CLI's docs, its WooCommerce plugin, its
    /// MCP package). A profile written before paydesk knew two interfaces is read as this one:
    /// the only service such a profile could point at speaks it.
    #[default]
    #[serde(rename = "2026")]
    Current,
}

/// Which way money goes: the reference rules differ between cash-ins and the cash-out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    In,
    Out,
}

/// How many characters `reference1` may have: the spec's 20 everywhere.
const SPEC_REFERENCE1_MAX: usize = 20;
/// The current interface's cash-ins take up to 36 (its cash-out keeps 20).
const CURRENT_CASH_IN_REFERENCE1_MAX: usize = 36;

impl Dialect {
    pub const ALL: [Dialect; 2] = [Dialect::Current, Dialect::Spec];

    /// The version as the profile file and `--json` write it.
    pub fn version(self) -> &'static str {
        match self {
            Dialect::Spec => "1.0",
            Dialect::Current => "2026",
        }
    }

    /// Reads a version as a person or a variable writes it (`1.0`, `1`, `2026`, `actual`).
    pub fn parse(text: &str) -> Option<Dialect> {
        match text.trim().to_ascii_lowercase().as_str() {
            "1.0" | "1" | "spec" | "especificación" | "especificacion" => Some(Dialect::Spec),
            "2026" | "current" | "actual" => Some(Dialect::Current),
            _ => None,
        }
    }

    /// The interface in the person's words.
    pub fn label(self) -> String {
        match self {
            Dialect::Spec => crate::t!("interface-spec"),
            Dialect::Current => crate::t!("interface-current"),
        }
    }

    /// Where the single-use `x-transaction-token` of a cash-in or the cash-out comes from. The
    /// current interface refuses a made-up one; under the spec a profile may still choose.
    pub fn transaction_token(
        self,
        profile_choice: TransactionTokenSource,
    ) -> TransactionTokenSource {
        match self {
            Dialect::Spec => profile_choice,
            Dialect::Current => TransactionTokenSource::Fetch,
        }
    }

    /// Both cash-ins and the cash-out carry `userMetadata {identifier, ip, urlCommerce}`.
    pub fn sends_user_metadata(self) -> bool {
        self == Dialect::Current
    }

    /// The longest `reference1` for money going `direction`.
    pub fn reference1_max(self, direction: Direction) -> usize {
        match (self, direction) {
            (Dialect::Current, Direction::In) => CURRENT_CASH_IN_REFERENCE1_MAX,
            _ => SPEC_REFERENCE1_MAX,
        }
    }

    /// A payment link's `expiresIn` on the wire: seconds in the spec, minutes in the current
    /// interface. The person chose a duration; its unit is the wire's business.
    pub fn link_expires_in(self, seconds: u64) -> u64 {
        match self {
            Dialect::Spec => seconds,
            Dialect::Current => seconds / 60,
        }
    }

    /// Whether a payment link's lifetime must be a whole number of minutes to be said at all.
    pub fn link_lifetime_in_minutes(self) -> bool {
        self == Dialect::Current
    }

    /// Whether a method's `expiresIn` may equal its minimum: the spec says it must *exceed* it,
    /// the current interface "greater than or equal".
    pub fn minimum_lifetime_included(self) -> bool {
        self == Dialect::Current
    }

    /// Cards (273) need `paymentMethod.description` (at most 255 characters).
    pub fn card_needs_description(self) -> bool {
        self == Dialect::Current
    }

    /// The cash-out needs `webhookRequest`.
    pub fn payout_needs_webhook(self) -> bool {
        self == Dialect::Current
    }

    /// The payout methods a payout may name.
    pub fn payout_methods(self) -> &'static [i64] {
        use super::payout_methods::{
            BREB_PAYOUT_METHOD, ONLINE_PAYOUT_METHOD, PRODUCT_PAYOUT_METHOD,
        };
        match self {
            Dialect::Spec => &[
                ONLINE_PAYOUT_METHOD,
                PRODUCT_PAYOUT_METHOD,
                BREB_PAYOUT_METHOD,
            ],
            Dialect::Current => &[BREB_PAYOUT_METHOD],
        }
    }

    /// The method a payout uses when the person gave a Bre-B key, or a mobile number.
    pub fn default_payout_method(self, to_key: bool) -> i64 {
        use super::payout_methods::{BREB_PAYOUT_METHOD, PRODUCT_PAYOUT_METHOD};
        match (self, to_key) {
            (Dialect::Spec, false) => PRODUCT_PAYOUT_METHOD,
            _ => BREB_PAYOUT_METHOD,
        }
    }

    /// A Bre-B payout goes to an alias (`@TIENDA123`) only; the spec's 264 also took a number,
    /// an e-mail or a document.
    pub fn payout_key_is_alias(self) -> bool {
        self == Dialect::Current
    }

    /// The online bank transfer's `bankId` goes as text (the current sample), or as a number.
    pub fn bank_id_as_text(self) -> bool {
        self == Dialect::Current
    }

    /// TPaga (163) is told `isQr: true`: paydesk runs on a desktop, and the payer scans the
    /// code from its screen (a deep link would open nothing there).
    pub fn wallet_qr_on_screen(self) -> bool {
        self == Dialect::Current
    }

    /// Whether the service signs in with a user and password (`/auth/login`): the spec shows
    /// no way to obtain the bearer token.
    pub fn has_sign_in(self) -> bool {
        self == Dialect::Current
    }

    /// Whether the balance question must name its user (`userId`). The current service answers
    /// the balance of the user its session token belongs to (its CLI's balance step takes no
    /// user), so a profile that only signed in, and has no user id, still sees its bags; the
    /// spec's request names the user.
    pub fn balance_needs_user_id(self) -> bool {
        self == Dialect::Spec
    }

    /// Whether the webhook simulation names a payment by its reference (`{"reference"}`, as the
    /// status question does: the current CLI's `webhook-notify --reference`), rather than
    /// describing the notification to send (the spec's `data.Transaction`).
    pub fn notification_by_reference(self) -> bool {
        self == Dialect::Current
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_read_back() {
        for dialect in Dialect::ALL {
            assert_eq!(Dialect::parse(dialect.version()), Some(dialect));
        }
        assert_eq!(Dialect::parse(" Actual "), Some(Dialect::Current));
        assert_eq!(Dialect::parse("2"), None);
    }

    #[test]
    fn the_rules_that_differ() {
        assert_eq!(Dialect::Spec.reference1_max(Direction::In), 20);
        assert_eq!(Dialect::Current.reference1_max(Direction::In), 36);
        assert_eq!(Dialect::Current.reference1_max(Direction::Out), 20);
        assert_eq!(Dialect::Spec.link_expires_in(3_600), 3_600);
        assert_eq!(Dialect::Current.link_expires_in(3_600), 60);
        assert_eq!(Dialect::Current.payout_methods(), &[264]);
        assert_eq!(Dialect::Spec.default_payout_method(false), 245);
        assert_eq!(Dialect::Current.default_payout_method(false), 264);
        assert_eq!(
            Dialect::Current.transaction_token(TransactionTokenSource::RandomUuid),
            TransactionTokenSource::Fetch
        );
        assert_eq!(
            Dialect::Spec.transaction_token(TransactionTokenSource::RandomUuid),
            TransactionTokenSource::RandomUuid
        );
        assert!(Dialect::Spec.balance_needs_user_id());
        assert!(!Dialect::Current.balance_needs_user_id());
        assert!(Dialect::Current.notification_by_reference());
        assert!(!Dialect::Spec.notification_by_reference());
    }
}
