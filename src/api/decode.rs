//! Reading the service's answers: each family's envelope, refusals with their codes, and the
//! typed data inside. Never a panic, whatever arrives (property tests and fuzz targets in
//! `tests/properties.rs` and `fuzz/`).

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::error::{ApiError, Refusal, malformed};
use super::family_a::*;
use super::family_b::*;
use super::lenient;
use super::operation::Operation;

/// A decoded answer and the operation's `data` exactly as the service sent it.
#[derive(Clone)]
pub struct Reply<T> {
    pub value: T,
    pub raw: Value,
}

/// Only the decoded value: the raw answer of a sign-in or a registration holds its token, and
/// the value's own `Debug` redacts it.
impl<T: std::fmt::Debug> std::fmt::Debug for Reply<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reply")
            .field("value", &self.value)
            .finish_non_exhaustive()
    }
}

/// The body as a JSON object, the only shape either family answers with.
fn parse_object(operation: Operation, status: u16, bytes: &[u8]) -> Result<Value, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(malformed(operation, status, "empty body"));
    }
    let body: Value = serde_json::from_slice(bytes).map_err(|error| {
        // A cut-off answer to a sign-in starts with its token: never quoted.
        if operation.answer_holds_a_secret() {
            return malformed(operation, status, error);
        }
        let preview: String = String::from_utf8_lossy(bytes).chars().take(120).collect();
        malformed(
            operation,
            status,
            format!("{error}; body starts {preview:?}"),
        )
    })?;
    if !body.is_object() {
        return Err(malformed(
            operation,
            status,
            "the body is not a JSON object",
        ));
    }
    Ok(body)
}

/// A text field, also when a server sends it as a number, or (a message) as a list of texts
/// (how some frameworks report several field errors).
fn text_field(body: &Value, key: &str) -> Option<String> {
    const MAX_MESSAGES: usize = 10;
    match body.get(key)? {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        Value::Array(items) => {
            let texts: Vec<&str> = items
                .iter()
                .filter_map(Value::as_str)
                .take(MAX_MESSAGES)
                .collect();
            (!texts.is_empty()).then(|| texts.join("; "))
        }
        _ => None,
    }
}

fn refused(code: String, message: Option<String>, http_status: u16) -> ApiError {
    ApiError::Refused {
        refusal: Refusal::from_code(&code),
        message: message.unwrap_or_else(|| format!("The service refused the request ({code})")),
        code,
        http_status,
    }
}

/// Family A: a success envelope's `data`, or the error envelope as a refusal. Public for the
/// property tests and fuzz targets; the client is the way to call the service.
pub fn decode_family_a(operation: Operation, status: u16, bytes: &[u8]) -> Result<Value, ApiError> {
    let body = parse_object(operation, status, bytes)?;
    let envelope_status = body.get("status").and_then(lenient::integer_of);
    let message = text_field(&body, "message");
    if let Some(code) = text_field(&body, "errorCode") {
        let http_status = if (200..300).contains(&status) {
            envelope_status
                .and_then(|s| u16::try_from(s).ok())
                .unwrap_or(status)
        } else {
            status
        };
        return Err(refused(code, message, http_status));
    }
    if !(200..300).contains(&status) {
        return match message {
            Some(message) => Err(refused(format!("http.{status}"), Some(message), status)),
            None => Err(malformed(
                operation,
                status,
                "error status without an error envelope",
            )),
        };
    }
    if let Some(inner) = envelope_status
        && !(200..300).contains(&inner)
    {
        return Err(refused(format!("status.{inner}"), message, status));
    }
    match body.get("data") {
        Some(data) => Ok(data.clone()),
        None => Err(malformed(operation, status, "no data in the envelope")),
    }
}

/// Family B: any status outside 2xx, or a `statusCode` other than "00", is a refusal; a 2xx
/// that has no `statusCode` at all but carries `data` is a success. Public for the property
/// tests and fuzz targets.
pub fn decode_family_b(operation: Operation, status: u16, bytes: &[u8]) -> Result<Value, ApiError> {
    let body = parse_object(operation, status, bytes)?;
    let code = text_field(&body, "statusCode");
    let message = text_field(&body, "message");
    let success = (200..300).contains(&status);
    if success && code.as_deref() == Some("00") {
        return Ok(body);
    }
    // The vendor's CLI docs read success from "00" *or* an explicit success, and its own plugin
    // takes `data.token` from a 200 without looking at `statusCode`: an answer with no code but
    // with its data is the service saying yes. The same under the spec's interface: it shows
    // success with "00" but never an error without a code, nor an error envelope on a 2xx
    // (its errors are "not shown"), and reading such an answer as unreadable would turn a
    // payment that was made into one whose outcome is unknown. A code that is there and is
    // not "00" stays a refusal, and a 2xx with neither is still unreadable.
    if success && body.get("statusCode").is_none() && !body.get("data").is_none_or(Value::is_null) {
        return Ok(body);
    }
    // 401 from the pay API: its bearer token is not valid (wrong, revoked, or its session
    // expired).
    if status == 401 {
        return Err(ApiError::Refused {
            refusal: Refusal::TokenRejected,
            code: code.unwrap_or_else(|| "http.401".to_owned()),
            message: message.unwrap_or_default(),
            http_status: status,
        });
    }
    match code {
        Some(code) => Err(refused(code, message, status)),
        None if !(200..300).contains(&status) && message.is_some() => {
            Err(refused(format!("http.{status}"), message, status))
        }
        None => Err(malformed(operation, status, "no statusCode in the answer")),
    }
}

pub(super) fn decode_data<T: DeserializeOwned>(
    operation: Operation,
    body: Value,
) -> Result<Reply<T>, ApiError> {
    let data = body.get("data").cloned().unwrap_or(Value::Null);
    let value =
        serde_json::from_value(data.clone()).map_err(|error| malformed(operation, 200, error))?;
    Ok(Reply { value, raw: data })
}

/// A payout's answer: `data.withdraw`, and `transactionReference` in `data` or at the top (the
/// spec's table and sample disagree).
pub(super) fn decode_withdraw(body: Value) -> Result<Reply<WithdrawReceipt>, ApiError> {
    let data = body.get("data").cloned().unwrap_or(Value::Null);
    let withdraw = data
        .get("withdraw")
        .cloned()
        .ok_or_else(|| malformed(Operation::Withdraw, 200, "no data.withdraw"))?;
    let withdraw: WithdrawRecord = serde_json::from_value(withdraw)
        .map_err(|error| malformed(Operation::Withdraw, 200, error))?;
    let reference_at = |value: &Value| {
        value
            .get("transactionReference")
            .and_then(|reference| match reference {
                Value::String(text) if !text.is_empty() => Some(text.clone()),
                Value::Number(number) => Some(number.to_string()),
                _ => None,
            })
    };
    let transaction_reference = reference_at(&data).or_else(|| reference_at(&body));
    Ok(Reply {
        value: WithdrawReceipt {
            withdraw,
            transaction_reference,
        },
        raw: data,
    })
}

/// The spec names `bags` and `date` without saying whether they sit in `data`.
pub(super) fn decode_balance(mut body: Value) -> Result<Reply<Balance>, ApiError> {
    let payload = match body.get("data") {
        Some(data) if data.get("bags").is_some() => data.clone(),
        _ => {
            if let Some(object) = body.as_object_mut() {
                object.remove("statusCode");
                object.remove("message");
                object.remove("data");
            }
            body
        }
    };
    let value = serde_json::from_value(payload.clone())
        .map_err(|error| malformed(Operation::Balance, 200, error))?;
    Ok(Reply {
        value,
        raw: payload,
    })
}

/// Reads one decoded body as every typed answer of both families, discarding the results: for
/// the property tests and fuzz targets, which check that no shape makes a decoder panic.
pub fn decode_every_answer(body: Value) {
    fn typed<T: DeserializeOwned>(value: &Value) {
        let _ = serde_json::from_value::<T>(value.clone());
    }
    typed::<RegistrationReply>(&body);
    typed::<MethodList>(&body);
    typed::<ResourceReply>(&body);
    typed::<CheckoutReply>(&body);
    typed::<AccountReply>(&body);
    let _ = decode_data::<CreatedCashIn>(Operation::CreatePaymentLink, body.clone());
    if let Ok(reply) = decode_data::<StatusRecord>(Operation::PaymentStatus, body.clone()) {
        let _ = (reply.value.amount_pesos(), reply.value.cost_pesos());
    }
    let _ = decode_data::<BankList>(Operation::PaymentFeatures, body.clone());
    let _ = decode_data::<InstantBankList>(Operation::InstantBanks, body.clone());
    if let Ok(reply) = decode_balance(body.clone()) {
        let _ = reply.value.payout_bag().and_then(|bag| bag.pesos());
    }
    let _ = decode_withdraw(body);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_token_in_an_answer_is_never_quoted() {
        let cut_off = br#"{"data":{"token":"eyJhbGciOiJIUzI1NiJ9.secreto"#;
        let error = parse_object(Operation::SignIn, 200, cut_off).unwrap_err();
        assert!(
            !format!("{error} {error:?}").contains("secreto"),
            "{error:?}"
        );
        // Other answers keep their first characters, for whoever debugs.
        let error =
            parse_object(Operation::PaymentStatus, 200, br#"{"data":{"status"#).unwrap_err();
        assert!(format!("{error:?}").contains("body starts"), "{error:?}");
        let reply = Reply {
            value: 1,
            raw: json!({"token": "eyJ.secreto"}),
        };
        assert!(!format!("{reply:?}").contains("secreto"));
    }

    #[test]
    fn family_a_decoding() {
        let op = Operation::GenerateResource;
        let ok = br#"{"data":{"x":1},"signature":null,"date":1,"status":200,"message":"ok"}"#;
        assert_eq!(decode_family_a(op, 200, ok).unwrap(), json!({"x": 1}));
        let error = br#"{"signature":null,"path":"/x","date":1,"status":401,"errorCode":"auth.sessionEnded","message":"Session ended"}"#;
        let decoded = decode_family_a(op, 401, error).unwrap_err();
        assert!(decoded.is_session_ended());
        assert_eq!(decoded.http_status(), Some(401));
        for (status, body) in [
            (200, &b""[..]),
            (502, b"<html>Bad gateway</html>"),
            (200, b"{\"data\": {"),
            (200, b"[1,2]"),
            (200, b"{\"status\":200}"),
            (500, b"{}"),
        ] {
            assert!(
                matches!(
                    decode_family_a(op, status, body),
                    Err(ApiError::Malformed { .. })
                ),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
    }

    #[test]
    fn family_b_decoding() {
        let op = Operation::PaymentStatus;
        let ok = br#"{"statusCode":"00","message":"ok","data":{"a":1}}"#;
        assert!(decode_family_b(op, 200, ok).is_ok());
        let refused = br#"{"statusCode":"05","message":"Referencia no existe","data":null}"#;
        let error = decode_family_b(op, 400, refused).unwrap_err();
        assert_eq!(error.code(), "05");
        assert_eq!(error.to_string(), "Referencia no existe");
        // A 200 with a non-00 code is still a refusal.
        assert_eq!(decode_family_b(op, 200, refused).unwrap_err().code(), "05");
        assert!(matches!(
            decode_family_b(op, 500, b"Internal Server Error"),
            Err(ApiError::Malformed {
                http_status: 500,
                ..
            })
        ));
    }

    #[test]
    fn family_b_success_without_a_status_code() {
        let op = Operation::TransactionToken;
        // Accepted: a 2xx with its data and no code, with or without a message.
        for body in [
            &br#"{"data":{"token":"t-1"}}"#[..],
            br#"{"message":"Operacion exitosa","data":{"token":"t-1"}}"#,
        ] {
            let decoded = decode_family_b(op, 200, body).unwrap();
            assert_eq!(decoded["data"]["token"], "t-1");
        }
        assert!(decode_family_b(op, 201, br#"{"data":{}}"#).is_ok());
        // Refused: a code that is not "00", even with data, on a 2xx.
        let error = decode_family_b(op, 200, br#"{"statusCode":"13","data":{"token":"t"}}"#);
        assert_eq!(error.unwrap_err().code(), "13");
        // Unreadable: no code and no data; a null code or null data; an error status.
        for (status, body) in [
            (200, &br#"{"message":"no code"}"#[..]),
            (200, br#"{"data":null}"#),
            (200, br#"{"statusCode":null,"data":{"token":"t"}}"#),
            (500, br#"{"data":{"token":"t"}}"#),
        ] {
            assert!(
                matches!(
                    decode_family_b(op, status, body),
                    Err(ApiError::Malformed { .. })
                ),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
    }
}
