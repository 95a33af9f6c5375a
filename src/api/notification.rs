//! A webhook notification as the service sends it, read as it arrived: the fields the ledger keeps, the literal text of `amount`
//! (the signature covers the number as sent: `25000` is not `25000.0`), and the signature rule.

use hmac::{KeyInit, Mac};
use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;
use subtle::ConstantTimeEq;

use super::lenient;
use crate::api::TransactionStatus;
use crate::money::{PaymentFigures, Pesos};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotificationError {
    #[error("the body is not JSON: {0}")]
    NotJson(String),
    #[error("the body is not a notification: {0}")]
    NotANotification(String),
}

/// What a notification says, kept as the service wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notification {
    pub reference_id: String,
    pub resource_id: String,
    /// The literal JSON text of `amount`, exactly as received: the signature covers it.
    pub amount_text: String,
    /// `amount`: what the merchant receives, after the service's fee.
    pub net: Option<Pesos>,
    /// `realAmount`: what the payer paid.
    pub gross: Option<Pesos>,
    /// `cost` as the service wrote it (`"$595.00"`).
    pub cost_text: String,
    /// `cost`: the service's fee, to the nearest peso.
    pub fee: Option<Pesos>,
    pub updated_at: String,
    /// What the notification says happened: a hint to ask the service, never the state.
    pub status: TransactionStatus,
    pub sign: Option<String>,
    pub reference1: String,
    pub payment_method: String,
    pub product_id: Option<i64>,
    /// Tells apart two payments of one resource (a Bre-B key or an open-amount QR paid twice)
    /// notified in the same second.
    pub provider_reference: String,
    /// The payout's `withdraw.infoReference` (its `reference1`), for payout notifications.
    pub withdraw_reference1: Option<String>,
    pub error_code: Option<String>,
    /// The reason the service gave for a payment that did not go through.
    pub error_message: Option<String>,
}

impl Notification {
    pub fn is_payout(&self) -> bool {
        self.withdraw_reference1.is_some()
    }

    /// Gross, fee and net as the service gave them.
    pub fn figures(&self) -> PaymentFigures {
        PaymentFigures {
            gross: self.gross,
            fee: self.fee,
            net: self.net,
        }
    }
}

#[derive(Deserialize)]
struct Wire<'a> {
    #[serde(rename = "referenceId", deserialize_with = "lenient::text")]
    reference_id: String,
    #[serde(rename = "resourceId", default, deserialize_with = "lenient::text")]
    resource_id: String,
    #[serde(borrow)]
    amount: &'a RawValue,
    #[serde(rename = "realAmount", default)]
    real_amount: Option<Value>,
    #[serde(default)]
    cost: Option<Value>,
    #[serde(rename = "updatedAt", deserialize_with = "lenient::text")]
    updated_at: String,
    #[serde(deserialize_with = "lenient::integer")]
    status: i64,
    #[serde(default, deserialize_with = "lenient::optional_text")]
    sign: Option<String>,
    #[serde(default, deserialize_with = "lenient::text")]
    reference1: String,
    #[serde(rename = "paymentMethod", default, deserialize_with = "lenient::text")]
    payment_method: String,
    #[serde(
        rename = "productId",
        default,
        deserialize_with = "lenient::optional_integer"
    )]
    product_id: Option<i64>,
    #[serde(
        rename = "providerReference",
        default,
        deserialize_with = "lenient::text"
    )]
    provider_reference: String,
    #[serde(default)]
    withdraw: Option<Value>,
    #[serde(default)]
    error: Option<Value>,
}

/// A figure to the nearest peso: the service computes fees with cents.
fn pesos_of(value: &Value) -> Option<Pesos> {
    match value {
        Value::Number(number) => Pesos::parse_service_rounded(&number.to_string()),
        Value::String(text) => Pesos::parse_service_rounded(text),
        _ => None,
    }
}

fn error_field(error: Option<&Value>, key: &str) -> Option<String> {
    error
        .and_then(|e| e.get(key))
        .and_then(|c| c.as_str())
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_owned)
}

/// The longest reference a notification may carry (the service's are ten to twenty characters).
const MAX_REFERENCE: usize = 64;

/// How a reference may join the signed text.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Joined {
    /// First in the signed text: never `-`, so the text splits after it one way only.
    First,
    /// Between the first reference and the amount: `-` allowed (the current interface's
    /// resource ids may be UUIDs), because the amount and `updatedAt` after it have fixed
    /// shapes, read from the end, and the first reference has none.
    Middle { may_be_empty: bool },
}

/// A reference inside the signed text: letters, digits and a few marks (and `-` where the
/// split stays unique), never white space or control characters.
fn signed_reference(field: &str, text: &str, joined: Joined) -> Result<(), NotificationError> {
    let (may_be_empty, dash) = match joined {
        Joined::First => (false, false),
        Joined::Middle { may_be_empty } => (may_be_empty, true),
    };
    let fits = (may_be_empty || !text.is_empty())
        && text.chars().count() <= MAX_REFERENCE
        && text.chars().all(|c| {
            c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | ':' | '/') || (dash && c == '-')
        });
    if fits {
        Ok(())
    } else {
        Err(NotificationError::NotANotification(format!(
            "{field} is not a reference the service sends"
        )))
    }
}

/// `25000` or `19405.50`: digits, and at most one group of decimals.
fn is_plain_number(text: &str) -> bool {
    let (whole, decimals) = match text.split_once('.') {
        Some((whole, decimals)) => (whole, Some(decimals)),
        None => (text, None),
    };
    let digits = |part: &str| {
        !part.is_empty() && part.len() <= 15 && part.bytes().all(|b| b.is_ascii_digit())
    };
    digits(whole) && decimals.is_none_or(digits)
}

/// `YYYY-MM-DD HH:MM:SS`, digits where the format has them.
fn is_service_time(text: &str) -> bool {
    const SHAPE: &[u8] = b"0000-00-00 00:00:00";
    text.len() == SHAPE.len()
        && text.bytes().zip(SHAPE).all(|(byte, shape)| match shape {
            b'0' => byte.is_ascii_digit(),
            other => byte == *other,
        })
}

impl Notification {
    /// Reads a body without re-serialising anything: the amount's text stays as it came.
    pub fn parse(body: &[u8]) -> Result<Notification, NotificationError> {
        let text = std::str::from_utf8(body)
            .map_err(|_| NotificationError::NotJson("not UTF-8".into()))?;
        let value: Value =
            serde_json::from_str(text).map_err(|e| NotificationError::NotJson(e.to_string()))?;
        if !value.is_object() {
            return Err(NotificationError::NotANotification(
                "not a JSON object".into(),
            ));
        }
        let wire: Wire<'_> = serde_json::from_str(text)
            .map_err(|e| NotificationError::NotANotification(e.to_string()))?;
        let amount_text = wire.amount.get().trim().to_owned();
        let amount_value: Value = serde_json::from_str(&amount_text)
            .map_err(|e| NotificationError::NotANotification(e.to_string()))?;
        if !matches!(amount_value, Value::Number(_) | Value::String(_)) {
            return Err(NotificationError::NotANotification(
                "amount is not a number".into(),
            ));
        }
        // The signed text joins its fields with `-`: each must have the one shape the service
        // sends, or the same signature would fit another split of the same text.
        signed_reference("referenceId", &wire.reference_id, Joined::First)?;
        signed_reference(
            "resourceId",
            &wire.resource_id,
            Joined::Middle { may_be_empty: true },
        )?;
        if !is_plain_number(&amount_text) {
            return Err(NotificationError::NotANotification(
                "amount is not a plain number".into(),
            ));
        }
        if !is_service_time(&wire.updated_at) {
            return Err(NotificationError::NotANotification(
                "updatedAt is not YYYY-MM-DD HH:MM:SS".into(),
            ));
        }
        if wire.provider_reference.chars().count() > MAX_REFERENCE {
            return Err(NotificationError::NotANotification(
                "providerReference is too long".into(),
            ));
        }
        let signed_amount = amount_text.clone();
        let cost_text = match &wire.cost {
            Some(Value::String(text)) => text.clone(),
            Some(Value::Number(number)) => number.to_string(),
            _ => String::new(),
        };
        Ok(Notification {
            reference_id: wire.reference_id,
            resource_id: wire.resource_id,
            net: pesos_of(&amount_value),
            amount_text: signed_amount,
            gross: wire.real_amount.as_ref().and_then(pesos_of),
            fee: wire.cost.as_ref().and_then(pesos_of),
            cost_text,
            updated_at: wire.updated_at,
            status: TransactionStatus::from_id(wire.status),
            sign: wire.sign.filter(|s| !s.is_empty()),
            reference1: wire.reference1,
            payment_method: wire.payment_method,
            product_id: wire.product_id,
            provider_reference: wire.provider_reference,
            withdraw_reference1: wire
                .withdraw
                .as_ref()
                .and_then(|w| w.get("infoReference"))
                .and_then(|r| r.as_str())
                .map(str::to_owned),
            error_code: error_field(wire.error.as_ref(), "code"),
            error_message: error_field(wire.error.as_ref(), "message"),
        })
    }

    /// The spec's rule: HMAC-SHA1 with the HASH_KEY over
    /// `referenceId-resourceId-amount-updatedAt-HASH_KEY`, lowercase hex.
    pub fn expected_sign(&self, hash_key: &str) -> String {
        signature(
            hash_key,
            &self.reference_id,
            &self.resource_id,
            &self.amount_text,
            &self.updated_at,
        )
    }

    /// Constant-time comparison with the notification's own `sign`.
    pub fn verify(&self, hash_key: &str) -> Verdict {
        if hash_key.is_empty() {
            return Verdict::NoKey;
        }
        let Some(sign) = &self.sign else {
            return Verdict::Missing;
        };
        let expected = self.expected_sign(hash_key);
        let given = sign.trim().to_ascii_lowercase();
        if expected.len() == given.len() && bool::from(expected.as_bytes().ct_eq(given.as_bytes()))
        {
            Verdict::Valid
        } else {
            Verdict::Invalid
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Valid,
    Invalid,
    Missing,
    /// No HASH_KEY is set up: nothing can be verified, so nothing is accepted.
    NoKey,
}

impl Verdict {
    /// The verdict in English, for `--json` and logs (programs read it).
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Valid => "valid",
            Verdict::Invalid => "the signature does not match",
            Verdict::Missing => "the notification has no signature",
            Verdict::NoKey => "no webhook key (HASH_KEY) is set up",
        }
    }

    /// The verdict for a person.
    pub fn reason(self) -> String {
        match self {
            Verdict::Valid => crate::t!("verdict-valid"),
            Verdict::Invalid => crate::t!("verdict-invalid"),
            Verdict::Missing => crate::t!("verdict-missing"),
            Verdict::NoKey => crate::t!("verdict-no-key"),
        }
    }
}

pub fn signature(
    hash_key: &str,
    reference_id: &str,
    resource_id: &str,
    amount: &str,
    updated_at: &str,
) -> String {
    let text = format!("{reference_id}-{resource_id}-{amount}-{updated_at}-{hash_key}");
    // HMAC takes keys of any length, so this never fails.
    let Ok(mut mac) = <hmac::Hmac<sha1::Sha1> as KeyInit>::new_from_slice(hash_key.as_bytes())
    else {
        return String::new();
    };
    mac.update(text.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "k";

    fn body(amount: &str, sign: &str) -> String {
        format!(
            r#"{{"referenceId":"R1","resourceId":"S1","amount":{amount},"updatedAt":"2026-11-21 10:00:00","status":2,"sign":"{sign}","reference1":"A"}}"#
        )
    }

    #[test]
    fn verifies_the_known_value() {
        // printf '%s' 'R1-S1-25000-2026-11-21 10:00:00-k' | openssl sha1 -hmac k
        let good = "051a13fa30139448164bb35419ea81139394903e";
        let parsed = Notification::parse(body("25000", good).as_bytes()).unwrap();
        assert_eq!(parsed.verify(KEY), Verdict::Valid);
        assert_eq!(parsed.net, Some(Pesos::new(25_000)));
        // Upper-case hex is the same signature.
        let upper = Notification::parse(body("25000", &good.to_uppercase()).as_bytes()).unwrap();
        assert_eq!(upper.verify(KEY), Verdict::Valid);
    }

    #[test]
    fn the_amount_is_signed_as_it_was_written() {
        let good = "051a13fa30139448164bb35419ea81139394903e";
        let decimal = Notification::parse(body("25000.0", good).as_bytes()).unwrap();
        assert_eq!(decimal.amount_text, "25000.0");
        assert_eq!(
            decimal.verify(KEY),
            Verdict::Invalid,
            "25000.0 is not 25000"
        );
        // The spec's amount is a number: quoted, it is not the service's notification.
        assert!(Notification::parse(body("\"25000\"", good).as_bytes()).is_err());
    }

    /// `R1-S1-25000-2026-11-21 10:00:00` must not be read as another split of the same text:
    /// a reference with `-`, an amount that is not a number, or a time of another shape is
    /// refused before any signature is looked at.
    #[test]
    fn the_signed_text_splits_one_way_only() {
        let good = "051a13fa30139448164bb35419ea81139394903e";
        let resplit = [
            r#"{"referenceId":"R1-S1","resourceId":"","amount":25000,"updatedAt":"2026-11-21 10:00:00","status":2,"sign":"SIGN"}"#,
            r#"{"referenceId":"R1","resourceId":"S1-25000","amount":2026,"updatedAt":"11-21 10:00:00","status":2,"sign":"SIGN"}"#,
            r#"{"referenceId":"R1","resourceId":"S1","amount":"25000-2026","updatedAt":"11-21 10:00:00","status":2,"sign":"SIGN"}"#,
            r#"{"referenceId":"R1","resourceId":"S1","amount":-25000,"updatedAt":"2026-11-21 10:00:00","status":2,"sign":"SIGN"}"#,
            r#"{"referenceId":"R1","resourceId":"S1","amount":25000,"updatedAt":"2026-11-21 10:00:00-x","status":2,"sign":"SIGN"}"#,
            r#"{"referenceId":"R1","resourceId":"S1","amount":2.5e4,"updatedAt":"2026-11-21 10:00:00","status":2,"sign":"SIGN"}"#,
            r#"{"referenceId":"R1
","resourceId":"S1","amount":25000,"updatedAt":"2026-11-21 10:00:00","status":2,"sign":"SIGN"}"#,
        ];
        for body in resplit {
            let body = body.replace("SIGN", good);
            assert!(
                Notification::parse(body.as_bytes()).is_err(),
                "accepted a re-split: {body}"
            );
        }
        // A resource id with dashes (a UUID) still splits one way: what follows it has fixed
        // shapes, and the reference before it has no dash.
        let uuid = r#"{"referenceId":"R1","resourceId":"5f0c2a1e-9b7d-4c1e-8a55-0d3c2b1a9e77","amount":25000,"updatedAt":"2026-11-21 10:00:00","status":2,"sign":"x"}"#;
        let parsed = Notification::parse(uuid.as_bytes()).expect("a UUID resource id");
        assert_eq!(parsed.resource_id, "5f0c2a1e-9b7d-4c1e-8a55-0d3c2b1a9e77");
        assert!(is_plain_number("19405.50"));
        assert!(!is_plain_number("19405."));
        assert!(is_service_time("2026-11-21 10:00:00"));
        assert!(!is_service_time("2026-11-21T10:00:00"));
    }

    #[test]
    fn wrong_key_missing_sign_and_no_key() {
        let good = "051a13fa30139448164bb35419ea81139394903e";
        let parsed = Notification::parse(body("25000", good).as_bytes()).unwrap();
        assert_eq!(parsed.verify("other"), Verdict::Invalid);
        assert_eq!(parsed.verify(""), Verdict::NoKey);
        let unsigned = Notification::parse(body("25000", "").as_bytes()).unwrap();
        assert_eq!(unsigned.verify(KEY), Verdict::Missing);
    }

    #[test]
    fn what_is_not_a_notification() {
        for bad in [
            "",
            "[1]",
            "{\"a\":1}",
            "{\"referenceId\":\"R\",\"amount\":{},\"updatedAt\":\"x\",\"status\":1}",
            "not json",
        ] {
            assert!(Notification::parse(bad.as_bytes()).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_vendors_sample_reads_gross_fee_and_net() {
        let body = br#"{"realAmount": 20000, "amount": 19405, "cost": "$595.00", "referenceId": "R9", "resourceId": "S9", "updatedAt": "2026-11-21 10:00:00", "status": 2, "productId": 117, "paymentMethod": "PSE", "providerReference": "P-1", "error": {"code": "", "message": ""}}"#;
        let parsed = Notification::parse(body).unwrap();
        assert_eq!(
            parsed.figures(),
            PaymentFigures {
                gross: Some(Pesos::new(20_000)),
                fee: Some(Pesos::new(595)),
                net: Some(Pesos::new(19_405)),
            }
        );
        assert!(parsed.figures().add_up());
        assert_eq!(parsed.amount_text, "19405", "the signature covers the net");
        assert_eq!(parsed.provider_reference, "P-1");
        assert_eq!(parsed.error_message, None);
    }
}
