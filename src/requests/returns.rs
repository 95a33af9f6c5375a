//! Money back to a customer for a sale, as typed: which sale (and, for a counter code, which of
//! its payments), how much (all that remains when left empty), why, and where the money goes.
//! A return is a payout (the service publishes no refund, docs/decisions.md "Returns"): where
//! it goes follows the payout's rules of the profile's interface.

use super::{Problems, Service, take};
use crate::api::{Dialect, PayoutRequest};
use crate::money::Pesos;
use crate::validate::{self, Field, ValidationError};

/// The most words a reason of the shop's own may have: a line on a receipt, not a letter.
pub const REASON_MAX_CHARS: usize = 120;

/// Why the money goes back. Kept in the books by its code, with the words of "other".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReturnReason {
    /// The customer brought the product back.
    ProductReturned,
    /// The customer paid the same sale twice.
    ChargedTwice,
    /// The sale was charged for the wrong amount.
    WrongAmount,
    /// Another reason, in the shop's words.
    Other(String),
}

impl ReturnReason {
    /// Every code a person may type, English first (the books keep these), then Spanish.
    const CODES: [(&'static str, &'static str); 4] = [
        ("product", "producto"),
        ("charged-twice", "cobro-doble"),
        ("wrong-amount", "valor-equivocado"),
        ("other", "otro"),
    ];

    /// The code the books keep.
    pub fn code(&self) -> &'static str {
        match self {
            ReturnReason::ProductReturned => Self::CODES[0].0,
            ReturnReason::ChargedTwice => Self::CODES[1].0,
            ReturnReason::WrongAmount => Self::CODES[2].0,
            ReturnReason::Other(_) => Self::CODES[3].0,
        }
    }

    /// The shop's own words for "other"; empty for the others.
    pub fn own_words(&self) -> &str {
        match self {
            ReturnReason::Other(words) => words,
            _ => "",
        }
    }

    /// As the books keep it: a code written by an unknown (newer) paydesk reads as "other",
    /// with its code for words when it kept none.
    pub fn stored(code: &str, words: &str) -> ReturnReason {
        match code {
            "product" => ReturnReason::ProductReturned,
            "charged-twice" => ReturnReason::ChargedTwice,
            "wrong-amount" => ReturnReason::WrongAmount,
            _ if words.trim().is_empty() => ReturnReason::Other(code.to_owned()),
            _ => ReturnReason::Other(words.to_owned()),
        }
    }

    /// As a person reads it.
    pub fn words(&self) -> String {
        match self {
            ReturnReason::ProductReturned => crate::t!("return-reason-product"),
            ReturnReason::ChargedTwice => crate::t!("return-reason-charged-twice"),
            ReturnReason::WrongAmount => crate::t!("return-reason-wrong-amount"),
            ReturnReason::Other(words) => words.clone(),
        }
    }

    /// The reason as typed: one of the codes (in English or Spanish, any case), and for
    /// "other" the words, which it needs.
    pub fn typed(code: &str, words: &str) -> Result<ReturnReason, ValidationError> {
        let code = code.trim().to_lowercase();
        let known = Self::CODES
            .iter()
            .position(|(english, spanish)| code == *english || code == *spanish);
        let words = words.trim();
        match known {
            Some(0) => Ok(ReturnReason::ProductReturned),
            Some(1) => Ok(ReturnReason::ChargedTwice),
            Some(2) => Ok(ReturnReason::WrongAmount),
            Some(_) if words.is_empty() => Err(ValidationError::new(
                Field::Reason,
                crate::t!("rule-return-reason-words"),
            )),
            Some(_) => {
                let count = words.chars().count();
                if count > REASON_MAX_CHARS {
                    return Err(ValidationError::new(
                        Field::Reason,
                        crate::t!("rule-at-most", max = REASON_MAX_CHARS, count = count),
                    ));
                }
                validate::plain_text(Field::Reason, words).map(ReturnReason::Other)
            }
            None => Err(ValidationError::new(
                Field::Reason,
                crate::t!("rule-return-reason"),
            )),
        }
    }
}

/// A return as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReturnForm {
    /// The sale's reference.
    pub sale: String,
    /// For a counter code: which of its payments (the service's provider reference).
    pub payment: String,
    /// Empty: all that remains to return of the sale (or of that payment).
    pub amount: String,
    /// product, charged-twice, wrong-amount or other.
    pub reason: String,
    /// The reason's words (needed for other).
    pub reason_words: String,
    /// The customer's Bre-B alias under the service's current interface; their mobile number
    /// under the spec's.
    pub destination: String,
}

/// A return every field of which was read: what the books decide next (what remains, under the
/// write lock) and the payout it becomes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnAsk {
    pub sale: String,
    /// The counter code's payment returned; `None` for a sale, which is one payment.
    pub payment: Option<String>,
    /// `None`: all that remains.
    pub amount: Option<Pesos>,
    pub reason: ReturnReason,
    /// An alias or a mobile number, as `method_id` sends to.
    pub destination: String,
    pub method_id: i64,
    pub webhook_request: Option<url::Url>,
}

impl ReturnAsk {
    /// The payout this return is, for `amount` under `reference1`.
    pub fn payout(&self, amount: Pesos, reference1: String) -> PayoutRequest {
        PayoutRequest {
            amount,
            reference1,
            webhook_request: self.webhook_request.clone(),
            method_id: self.method_id,
            destination: self.destination.clone(),
            bank_name: None,
        }
    }
}

/// The payout method a return takes under `dialect`: to the customer's Bre-B alias under the
/// current interface (the only payout it offers), to their mobile number as a product (245)
/// under the spec's, as a payout of either takes by default.
pub fn return_method(dialect: Dialect) -> i64 {
    dialect.default_payout_method(dialect.payout_key_is_alias())
}

impl ReturnForm {
    pub fn parse(&self, service: &Service<'_>) -> Result<ReturnAsk, Problems> {
        let mut problems = Vec::new();
        let sale = take(reference(&self.sale), &mut problems);
        let payment = if self.payment.trim().is_empty() {
            None
        } else {
            take(reference(&self.payment), &mut problems)
        };
        let amount = if self.amount.trim().is_empty() {
            None
        } else {
            take(validate::amount(Field::Amount, &self.amount), &mut problems)
        };
        let reason = take(
            ReturnReason::typed(&self.reason, &self.reason_words),
            &mut problems,
        );
        let method_id = return_method(service.dialect);
        let destination = take(
            if service.dialect.payout_key_is_alias() {
                validate::breb_alias(Field::Key, &self.destination)
            } else {
                validate::cellphone(Field::Cellphone, &self.destination)
            },
            &mut problems,
        );
        problems.extend(service.missing_shop_url());
        // As a payout's: a default that cannot be reached is left out (the interface that
        // needs one says so when the payout is checked).
        let webhook_request = service.default_webhook.as_deref().and_then(|text| {
            validate::webhook_url(Field::WebhookRequest, text, service.pay_url).ok()
        });
        if service.dialect.payout_needs_webhook() && webhook_request.is_none() {
            problems.push(ValidationError::new(
                Field::WebhookRequest,
                crate::t!("rule-payout-webhook-required"),
            ));
        }
        match (sale, reason, destination) {
            (Some(sale), Some(reason), Some(destination)) if problems.is_empty() => Ok(ReturnAsk {
                sale,
                payment,
                amount,
                reason,
                destination,
                method_id,
                webhook_request,
            }),
            _ => Err(problems),
        }
    }
}

/// A sale's or a payment's reference: something, with nothing hidden in it.
fn reference(text: &str) -> Result<String, ValidationError> {
    let value = text.trim();
    if value.is_empty() {
        return Err(ValidationError::new(
            Field::Reference,
            crate::t!("rule-reference-empty"),
        ));
    }
    validate::plain_text(Field::Reference, value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::catalog::MethodCatalog;
    use crate::api::payout_methods::{BREB_PAYOUT_METHOD, PRODUCT_PAYOUT_METHOD};

    fn service(catalog: &MethodCatalog, dialect: Dialect) -> Service<'_> {
        Service {
            pay_url: "https://pay.example.co",
            catalog,
            brand_id: 79,
            default_webhook: Some("https://tienda.example.co/webhook".into()),
            default_return_url: None,
            show_summary: true,
            dialect,
            shop_url: Some("https://tienda.example.co".into()),
        }
    }

    fn form() -> ReturnForm {
        ReturnForm {
            sale: "V-1".into(),
            amount: "20.000".into(),
            reason: "product".into(),
            destination: "@ANA123".into(),
            ..ReturnForm::default()
        }
    }

    #[test]
    fn a_return_goes_to_an_alias_now_and_to_a_mobile_number_under_the_spec() {
        let catalog = MethodCatalog::default();
        let current = form().parse(&service(&catalog, Dialect::Current)).unwrap();
        assert_eq!(current.method_id, BREB_PAYOUT_METHOD);
        assert_eq!(current.amount, Some(Pesos::new(20_000)));
        assert_eq!(current.payment, None);
        let problems = form().parse(&service(&catalog, Dialect::Spec)).unwrap_err();
        assert_eq!(problems[0].field, Field::Cellphone, "{problems:?}");
        let spec = ReturnForm {
            destination: "300 123 4567".into(),
            amount: String::new(),
            ..form()
        }
        .parse(&service(&catalog, Dialect::Spec))
        .unwrap();
        assert_eq!(spec.method_id, PRODUCT_PAYOUT_METHOD);
        assert_eq!(spec.destination, "3001234567");
        assert_eq!(spec.amount, None, "all that remains");
    }

    #[test]
    fn every_bad_field_is_said_and_nothing_is_read() {
        let catalog = MethodCatalog::default();
        let bad = ReturnForm {
            sale: " ".into(),
            amount: "-5.000".into(),
            reason: "regalo".into(),
            destination: "ana".into(),
            ..ReturnForm::default()
        };
        let fields: Vec<Field> = bad
            .parse(&service(&catalog, Dialect::Current))
            .unwrap_err()
            .iter()
            .map(|problem| problem.field)
            .collect();
        assert_eq!(
            fields,
            [Field::Reference, Field::Amount, Field::Reason, Field::Key]
        );
        let zero = ReturnForm {
            amount: "0".into(),
            ..form()
        };
        assert!(zero.parse(&service(&catalog, Dialect::Current)).is_err());
    }

    #[test]
    fn a_reason_of_the_shops_own_needs_its_words() {
        assert_eq!(
            ReturnReason::typed("Cobro-Doble", "").unwrap(),
            ReturnReason::ChargedTwice
        );
        assert!(ReturnReason::typed("other", "  ").is_err());
        assert!(ReturnReason::typed("otro", "línea\nrota").is_err());
        let other = ReturnReason::typed("otro", "  Se equivocó de talla ").unwrap();
        assert_eq!(other, ReturnReason::Other("Se equivocó de talla".into()));
        assert_eq!(ReturnReason::stored(other.code(), other.own_words()), other);
        assert_eq!(
            ReturnReason::stored("gift", ""),
            ReturnReason::Other("gift".into()),
            "a newer paydesk's code reads as its own words"
        );
        for reason in [
            ReturnReason::ProductReturned,
            ReturnReason::ChargedTwice,
            ReturnReason::WrongAmount,
        ] {
            assert_eq!(ReturnReason::stored(reason.code(), ""), reason);
        }
    }
}
