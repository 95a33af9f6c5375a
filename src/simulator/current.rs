//! The pay API in the two interfaces the simulator serves: the spec's version 1.0 under
//! `/pay-1.0`, and under `/pay` the vendor's interface as its public documents describe it today
//! (its CLI's docs in the vendor's own GitHub organisation, its WooCommerce plugin, its MCP
//! package; `docs/decisions.md`, "The live service"). There the simulator is strict: it refuses
//! what those documents say is refused, with the vendor's envelope, so a till that passes here
//! passes there. Its rules are written from the documents, never from the client's models.

use std::net::IpAddr;

use axum::http::{HeaderMap, header};
use serde_json::{Value, json};

use super::Shared;
use super::state::DEMO_USER_ID;
use super::wire::{Failure, fail, is_loopback_url, text};

/// The demo merchant's sign-in to the current pay API (`/auth/login`). Not secrets: they only
/// open the simulator.
pub const DEMO_USERNAME: &str = "demo@paydesk.test";
pub const DEMO_PASSWORD: &str = "simulador";

/// Which interface a request came in on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Interface {
    /// The spec's version 1.0.
    Spec,
    /// The vendor's pay API as published today.
    Current,
}

/// How many signed-in tokens are remembered: a sign-in loop cannot grow the state without end.
const SIGNED_IN_KEPT: usize = 20;
/// Transaction tokens remembered as issued, and as used.
const ISSUED_KEPT: usize = 1_000;
const USED_KEPT: usize = 10_000;

/// The three operations that take a single-use transaction token.
const TOKEN_PATHS: [&str; 3] = [
    "/cash-in/generate/payment-link/token",
    "/cash-in/generate/payment-method/token",
    "/cash-out/generate/withdraw-method/token",
];

/// The bearer token: the configured one (until revoked), or one a sign-in handed out.
pub(super) fn authenticate(shared: &Shared, headers: &HeaderMap) -> Result<(), Failure> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "));
    let state = shared.lock();
    let access = &state.pay_api;
    match token {
        Some(token)
            if !access.revoked.iter().any(|revoked| revoked == token)
                && (token == &*shared.access_token
                    || access.signed_in.iter().any(|issued| issued == token)) =>
        {
            Ok(())
        }
        _ => Err(fail("40", "Token de acceso inválido")),
    }
}

/// `POST /auth/login {username, password}` → `data.token`: a new bearer token, which does not
/// expire until revoked.
pub(super) fn sign_in(shared: &Shared, request: &Value) -> Result<Value, Failure> {
    let username = text(request, "/username").ok_or_else(|| fail("01", "username is required"))?;
    let password = request
        .get("password")
        .and_then(Value::as_str)
        .filter(|password| !password.is_empty())
        .ok_or_else(|| fail("01", "password is required"))?;
    if !username.eq_ignore_ascii_case(DEMO_USERNAME) || password != DEMO_PASSWORD {
        return Err(fail("40", "Usuario o contraseña incorrectos"));
    }
    let token = format!("pay-{}", uuid::Uuid::new_v4().simple());
    let mut state = shared.lock();
    let signed_in = &mut state.pay_api.signed_in;
    if signed_in.len() >= SIGNED_IN_KEPT {
        signed_in.remove(0);
    }
    signed_in.push(token.clone());
    Ok(json!({"token": token}))
}

/// `POST /trx-token/generate {service}` → `data.token`, good once, for that path only.
pub(super) fn issue_transaction_token(shared: &Shared, request: &Value) -> Result<Value, Failure> {
    let service = text(request, "/service").ok_or_else(|| fail("01", "service is required"))?;
    if !TOKEN_PATHS.contains(&service.as_str()) {
        return Err(fail(
            "13",
            format!("service must be one of {}", TOKEN_PATHS.join(", ")),
        ));
    }
    let token = uuid::Uuid::new_v4().to_string();
    let mut state = shared.lock();
    if state.issued_transaction_tokens.len() >= ISSUED_KEPT {
        state.issued_transaction_tokens.remove(0);
    }
    state
        .issued_transaction_tokens
        .push((token.clone(), service));
    Ok(json!({"token": token}))
}

/// The `x-transaction-token` of a cash-in or the cash-out. The spec shows it as a UUID and
/// does not say whether it is required; the current interface requires one handed out by
/// `/trx-token/generate` for this very path, used once.
pub(super) fn use_transaction_token(
    shared: &Shared,
    headers: &HeaderMap,
    path: &str,
    interface: Interface,
) -> Result<(), Failure> {
    let Some(token) = headers.get("x-transaction-token") else {
        return match interface {
            Interface::Spec => Ok(()),
            Interface::Current => Err(fail(
                "13",
                "x-transaction-token is required: ask /trx-token/generate for one",
            )),
        };
    };
    let token = token
        .to_str()
        .ok()
        .filter(|t| uuid::Uuid::parse_str(t).is_ok())
        .ok_or_else(|| fail("13", "x-transaction-token must be a UUID"))?;
    let mut state = shared.lock();
    if state
        .used_transaction_tokens
        .iter()
        .any(|used| used == token)
    {
        return Err(fail("13", "x-transaction-token was already used"));
    }
    let issued = state
        .issued_transaction_tokens
        .iter()
        .find(|(issued, _)| issued == token)
        .map(|(_, service)| service.clone());
    match (issued, interface) {
        (Some(service), _) if service != path => {
            return Err(fail(
                "13",
                format!("x-transaction-token was issued for {service}, not {path}"),
            ));
        }
        (None, Interface::Current) => {
            return Err(fail(
                "13",
                "x-transaction-token was not issued by /trx-token/generate",
            ));
        }
        _ => {}
    }
    if state.used_transaction_tokens.len() >= USED_KEPT {
        state.used_transaction_tokens.remove(0);
    }
    state.used_transaction_tokens.push(token.to_owned());
    Ok(())
}

/// `userMetadata`, required on both cash-ins and the cash-out: `identifier` (who generates it,
/// at most 36 characters), `ip` (a valid IP address), `urlCommerce` (an http(s) URL of at most
/// 500 characters).
pub(super) fn user_metadata(request: &Value, interface: Interface) -> Result<(), Failure> {
    if interface == Interface::Spec {
        return Ok(());
    }
    let metadata = request
        .get("userMetadata")
        .filter(|metadata| metadata.is_object())
        .ok_or_else(|| fail("01", "userMetadata is required"))?;
    let identifier = text(metadata, "/identifier")
        .ok_or_else(|| fail("01", "userMetadata.identifier is required"))?;
    if identifier.chars().count() > 36 {
        return Err(fail(
            "01",
            "userMetadata.identifier admite máximo 36 caracteres",
        ));
    }
    text(metadata, "/ip")
        .and_then(|ip| ip.parse::<IpAddr>().ok())
        .ok_or_else(|| fail("01", "userMetadata.ip must be a valid IP address"))?;
    let commerce = text(metadata, "/urlCommerce")
        .ok_or_else(|| fail("01", "userMetadata.urlCommerce is required"))?;
    let well_formed = url::Url::parse(&commerce)
        .is_ok_and(|url| matches!(url.scheme(), "http" | "https") && url.host().is_some());
    if !well_formed || commerce.chars().count() > 500 {
        return Err(fail(
            "01",
            "userMetadata.urlCommerce must be an http(s) URL of at most 500 characters",
        ));
    }
    Ok(())
}

/// `reference1`: 1 to 20 characters under the spec; 1 to 36 on the current cash-ins, at most
/// 20 on its cash-out.
pub(super) fn reference1(
    request: &Value,
    interface: Interface,
    cash_out: bool,
) -> Result<String, Failure> {
    let reference =
        text(request, "/reference1").ok_or_else(|| fail("01", "reference1 is required"))?;
    let max = match (interface, cash_out) {
        (Interface::Current, false) => 36,
        _ => 20,
    };
    if reference.chars().count() > max {
        return Err(fail(
            "02",
            format!("reference1 admite máximo {max} caracteres"),
        ));
    }
    Ok(reference)
}

/// A payment's lifetime in seconds from its `expiresIn` (`None`: the default). A link counts
/// minutes in the current interface and seconds in the spec; the method operation counts
/// seconds in both. `0` on a current link is the service's default lifetime: the vendor's own
/// WooCommerce plugin sends it on every link. Anywhere else a lifetime must be positive.
pub(super) fn lifetime_seconds(
    expires_in: Option<u64>,
    link: bool,
    interface: Interface,
) -> Result<Option<u64>, Failure> {
    match (expires_in, link, interface) {
        (None, ..) | (Some(0), true, Interface::Current) => Ok(None),
        (Some(0), ..) => Err(fail("01", "expiresIn must be a positive number")),
        (Some(minutes), true, Interface::Current) => Ok(Some(minutes.saturating_mul(60))),
        (Some(seconds), ..) => Ok(Some(seconds)),
    }
}

/// `brandId`: the spec requires it (79 without a white label); the current cash-ins' tables
/// mark it optional. When sent it is a whole number.
pub(super) fn brand_id(request: &Value, interface: Interface) -> Result<(), Failure> {
    match request.get("brandId") {
        None | Some(Value::Null) if interface == Interface::Current => Ok(()),
        Some(id) if id.as_i64().is_some() => Ok(()),
        None | Some(Value::Null) => Err(fail("01", "brandId is required")),
        Some(_) => Err(fail("01", "brandId must be a whole number")),
    }
}

/// Whose balance a request without `userId` asks for: the current interface reads the user
/// from the session token (its CLI's balance step names none), and every token the simulator
/// hands out is the demo merchant's. The spec's request names the user.
pub(super) fn session_user(interface: Interface) -> Option<i64> {
    (interface == Interface::Current).then_some(DEMO_USER_ID)
}

/// Whether a method's `expiresIn` may equal its minimum ("greater than or equal" today; the
/// spec says it must exceed it).
pub(super) fn minimum_included(interface: Interface) -> bool {
    interface == Interface::Current
}

/// What the current interface adds to a payment for one method: a card's description, and the
/// set-up some methods need first.
pub(super) fn method_rules(
    shared: &Shared,
    request: &Value,
    method_id: i64,
    interface: Interface,
) -> Result<(), Failure> {
    if interface == Interface::Spec {
        return Ok(());
    }
    if method_id == 273 && text(request, "/paymentMethod/description").is_none() {
        return Err(fail(
            "01",
            "paymentMethod.description is required for cards (273)",
        ));
    }
    if matches!(method_id, 117 | 262) {
        pse_person_and_document(request)?;
    }
    let access = shared.lock().pay_api.clone();
    if matches!(method_id, 248 | 250) && access.not_enrolled {
        return Err(fail(
            "15",
            "El comercio no ha completado la inscripción (Merchant Enrollment)",
        ));
    }
    if method_id == 262 && !access.pse_gateway_ready {
        return Err(fail(
            "15",
            "PSE Gateway no está configurado para este comercio (entity_code, service_code)",
        ));
    }
    Ok(())
}

/// The cash-out: the current interface requires `webhookRequest` and offers only 264, to a
/// Bre-B alias `@ALIAS`.
pub(super) fn cash_out_rules(request: &Value, interface: Interface) -> Result<(), Failure> {
    if interface == Interface::Spec {
        return Ok(());
    }
    let webhook =
        text(request, "/webhookRequest").ok_or_else(|| fail("01", "webhookRequest is required"))?;
    if !(webhook.starts_with("https://") || is_loopback_url(&webhook)) {
        return Err(fail("11", "webhookRequest must be an https URL"));
    }
    let method = request
        .pointer("/withdrawMethod/id")
        .and_then(Value::as_i64);
    if method != Some(264) {
        return Err(fail("14", "withdrawMethod.id must be 264 (Bre-B)"));
    }
    let key = text(request, "/withdrawMethod/key").unwrap_or_default();
    // The vendor names only the form `@USERNAME`: what is clearly not an alias is refused, and
    // paydesk's own check is this very rule.
    if !crate::validate::is_breb_alias(&key) {
        return Err(fail(
            "01",
            "withdrawMethod.key must be a Bre-B alias like @USERNAME",
        ));
    }
    Ok(())
}

/// PSE (117) and its gateway (262): a natural person (`typePerson` "0") pays with an RCN, TI,
/// CC, TE, CE, PA or DIE document, a legal person ("1") with a NIT, and there is no other kind.
fn pse_person_and_document(request: &Value) -> Result<(), Failure> {
    const NATURAL: [&str; 7] = ["RCN", "TI", "CC", "TE", "CE", "PA", "DIE"];
    let (Some(person), Some(document)) = (
        text(request, "/paymentMethod/typePerson"),
        text(request, "/paymentMethod/documentType"),
    ) else {
        // A missing field is said by the method's required fields.
        return Ok(());
    };
    let allowed: &[&str] = match person.as_str() {
        "0" => &NATURAL,
        "1" => &["NIT"],
        _ => {
            return Err(fail(
                "01",
                "paymentMethod.typePerson must be \"0\" (natural) or \"1\" (legal)",
            ));
        }
    };
    if !allowed.contains(&document.as_str()) {
        return Err(fail(
            "01",
            format!(
                "paymentMethod.documentType for typePerson \"{person}\" must be one of {}",
                allowed.join(", ")
            ),
        ));
    }
    Ok(())
}
