//! The simulator's own surface: the payer's checkout page, and the control endpoint that tests and
//! demos use to pay, decline, fail or expire a transaction, inject faults, end sessions, read the
//! last one-time code, and see what the simulator received and sent.

use axum::Router;
use axum::extract::{Form, Path, State as Extract};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};

use super::state::{Fault, Kind, Outcome, SettleError};
use super::{Shared, clock, webhooks};

pub(super) fn routes() -> Router<Shared> {
    Router::new()
        .route("/simulator", get(help))
        .route("/simulator/instance", get(instance))
        .route("/simulator/requests", get(requests).delete(clear_requests))
        .route("/simulator/transactions", get(transactions))
        .route("/simulator/transactions/{reference}/outcome", post(outcome))
        .route("/simulator/otp/last", get(last_otp))
        .route("/simulator/faults", post(set_fault).delete(clear_faults))
        .route("/simulator/session", post(session))
        .route("/simulator/webhooks", post(webhook_behaviour))
        .route("/simulator/outbox", get(outbox))
        .route("/simulator/rules", post(rules))
        .route("/simulator/pay-api", post(pay_api))
}

fn bad_request(message: impl Into<String>) -> Response {
    (
        StatusCode::BAD_REQUEST,
        axum::Json(json!({"error": message.into()})),
    )
        .into_response()
}

async fn help() -> axum::Json<Value> {
    axum::Json(json!({
        "GET /simulator/instance": "which run of the simulator answers here (its discovery file's token) and its process id",
        "GET /simulator/requests": "the last 500 requests received (path, headers, JSON body); DELETE clears",
        "GET /simulator/transactions": "every transaction with its state",
        "POST /simulator/transactions/{reference}/outcome": {"outcome": "approve | decline | fail | expire", "amount": "for a static QR, the amount the payer typed"},
        "GET /simulator/otp/last": "the last one-time code issued (simulator only)",
        "POST /simulator/faults": {"route": "a path such as /payment/status, or *", "mode": "none | server-error | malformed | html | empty | drop-after-commit | hang-after-commit | session-ended", "latency_ms": 0, "times": "null for every request until cleared"},
        "DELETE /simulator/faults": "clears every fault",
        "POST /simulator/session": {"token": "a Family A API token", "ended": true, "privileges": ["resources.generate", "accounts.manage", "methods.list"]},
        "POST /simulator/webhooks": {"duplicates": false, "out_of_order": false, "max_attempts": 6, "first_retry_ms": 500},
        "GET /simulator/outbox": "notifications sent, with attempts and delivery state",
        "POST /simulator/rules": {"cash_out_spacing_seconds": 30, "disbursement_balance": 5000000, "hold_payouts": "true: payouts to a Bre-B key or as a product stay pending, as when the provider is slow"},
        "POST /simulator/pay-api": {"revoke": "true revokes every pay API bearer token handed out so far, the configured one too", "enrolled": "false: the merchant has not done the Merchant Enrollment (248 and 250 are refused)", "pse_gateway": "true: support has set the PSE gateway (262) up"},
        "POST /pay/auth/login": {"username": super::current::DEMO_USERNAME, "password": super::current::DEMO_PASSWORD},
        "GET /checkout/{reference}": "the payer's checkout page",
    }))
}

/// The token its discovery file holds: a process that read the file asks, and knows whether the
/// simulator that wrote it is the one answering.
async fn instance(Extract(shared): Extract<Shared>) -> axum::Json<Value> {
    axum::Json(json!({"instance": &*shared.instance, "pid": std::process::id()}))
}

async fn requests(Extract(shared): Extract<Shared>) -> axum::Json<Value> {
    let state = shared.lock();
    axum::Json(serde_json::to_value(&state.requests).unwrap_or(Value::Null))
}

async fn clear_requests(Extract(shared): Extract<Shared>) -> StatusCode {
    shared.lock().requests.clear();
    StatusCode::NO_CONTENT
}

async fn transactions(Extract(shared): Extract<Shared>) -> axum::Json<Value> {
    let state = shared.lock();
    let list: Vec<Value> = state
        .transactions
        .iter()
        .map(|t| {
            json!({
                "id": t.id,
                "reference": t.reference,
                "resourceId": t.resource_id,
                "kind": t.kind,
                "methodId": t.method_id,
                "amount": t.amount,
                "cost": t.cost,
                "status": t.status,
                "reference1": t.reference1,
                "webhookUrl": t.webhook_url,
                "cashOut": t.kind == Kind::CashOut,
                // How many times a code that takes several payments has been paid.
                "payments": t.payments,
                // Seconds since the epoch: how long the payment lives, as the simulator read it.
                "createdAt": t.created_at,
                "expiresAt": t.expires_at,
            })
        })
        .collect();
    axum::Json(Value::Array(list))
}

#[derive(Deserialize)]
struct OutcomeRequest {
    outcome: String,
    #[serde(default)]
    amount: Option<i64>,
}

fn parse_outcome(word: &str, amount: Option<i64>) -> Option<Outcome> {
    Some(match word {
        "approve" | "pay" => Outcome::Approve { amount },
        "decline" | "reject" => Outcome::Decline,
        "fail" => Outcome::Fail,
        "expire" => Outcome::Expire,
        _ => return None,
    })
}

fn settle(shared: &Shared, reference: &str, outcome: Outcome) -> Result<(), String> {
    let result = shared.lock().settle(reference, outcome, clock::now_ms());
    match result {
        Ok(notifications) => {
            shared.send_all(notifications);
            Ok(())
        }
        Err(SettleError::NotFound) => Err(format!("no transaction with reference {reference}")),
        Err(SettleError::AlreadyFinal(status)) => Err(format!(
            "the transaction is already final (status {status}); final states never change"
        )),
        Err(SettleError::AmountNeeded) => {
            Err("this static QR has no amount: give the amount the payer typed".into())
        }
    }
}

async fn outcome(
    Extract(shared): Extract<Shared>,
    Path(reference): Path<String>,
    axum::Json(request): axum::Json<OutcomeRequest>,
) -> Response {
    let Some(outcome) = parse_outcome(&request.outcome, request.amount) else {
        return bad_request("outcome must be approve, decline, fail or expire");
    };
    match settle(&shared, &reference, outcome) {
        Ok(()) => {
            let status = shared.lock().transaction(&reference).map(|t| t.status);
            axum::Json(json!({"reference": reference, "status": status})).into_response()
        }
        Err(message) => {
            (StatusCode::CONFLICT, axum::Json(json!({"error": message}))).into_response()
        }
    }
}

async fn last_otp(Extract(shared): Extract<Shared>) -> Response {
    let state = shared.lock();
    match state.otps.last() {
        Some(otp) => axum::Json(json!({"code": otp.code, "reason": otp.reason, "used": otp.used}))
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            axum::Json(json!({"error": "no code issued yet"})),
        )
            .into_response(),
    }
}

#[derive(Deserialize)]
struct FaultRequest {
    route: String,
    #[serde(flatten)]
    fault: Fault,
}

async fn set_fault(
    Extract(shared): Extract<Shared>,
    axum::Json(request): axum::Json<FaultRequest>,
) -> Response {
    if request.route != "*" && !request.route.starts_with('/') {
        return bad_request("route is an operation path such as /payment/status, or *");
    }
    shared.lock().faults.insert(request.route, request.fault);
    StatusCode::NO_CONTENT.into_response()
}

async fn clear_faults(Extract(shared): Extract<Shared>) -> StatusCode {
    shared.lock().faults.clear();
    StatusCode::NO_CONTENT
}

#[derive(Deserialize)]
struct SessionRequest {
    token: String,
    #[serde(default)]
    ended: Option<bool>,
    #[serde(default)]
    privileges: Option<Vec<String>>,
}

async fn session(
    Extract(shared): Extract<Shared>,
    axum::Json(request): axum::Json<SessionRequest>,
) -> Response {
    let mut state = shared.lock();
    let Some(merchant) = state
        .merchants
        .iter_mut()
        .find(|m| m.token == request.token)
    else {
        return bad_request("no merchant has that token");
    };
    if let Some(ended) = request.ended {
        merchant.session_ended = ended;
    }
    if let Some(privileges) = request.privileges {
        merchant.privileges = privileges;
    }
    StatusCode::NO_CONTENT.into_response()
}

#[derive(Deserialize)]
struct WebhookRequest {
    duplicates: Option<bool>,
    out_of_order: Option<bool>,
    max_attempts: Option<u32>,
    first_retry_ms: Option<u64>,
}

async fn webhook_behaviour(
    Extract(shared): Extract<Shared>,
    axum::Json(request): axum::Json<WebhookRequest>,
) -> StatusCode {
    let mut state = shared.lock();
    let behaviour = &mut state.webhooks;
    if let Some(value) = request.duplicates {
        behaviour.duplicates = value;
    }
    if let Some(value) = request.out_of_order {
        behaviour.out_of_order = value;
    }
    if let Some(value) = request.max_attempts {
        behaviour.max_attempts = value.clamp(1, 20);
    }
    if let Some(value) = request.first_retry_ms {
        behaviour.first_retry_ms = value;
    }
    StatusCode::NO_CONTENT
}

#[derive(Deserialize)]
struct RulesRequest {
    cash_out_spacing_seconds: Option<i64>,
    disbursement_balance: Option<i64>,
    hold_payouts: Option<bool>,
}

/// Demo and test knobs for the money rules: the spacing between cash-outs, the demo merchant's
/// disbursement funds, and whether the provider pays payouts at once.
async fn rules(
    Extract(shared): Extract<Shared>,
    axum::Json(request): axum::Json<RulesRequest>,
) -> StatusCode {
    let mut state = shared.lock();
    if let Some(seconds) = request.cash_out_spacing_seconds {
        state.cash_out_spacing_seconds = seconds.max(0);
    }
    if let Some(hold) = request.hold_payouts {
        state.hold_payouts = hold;
    }
    if let Some(balance) = request.disbursement_balance
        && let Some(merchant) = state.merchant_mut(super::state::DEMO_USER_ID)
    {
        merchant.disbursement_balance = balance.max(0);
    }
    StatusCode::NO_CONTENT
}

#[derive(Deserialize)]
struct PayApiRequest {
    revoke: Option<bool>,
    enrolled: Option<bool>,
    pse_gateway: Option<bool>,
}

/// The current pay API's access: revoking its bearer tokens (as support would), and what the
/// demo merchant has set up.
async fn pay_api(
    Extract(shared): Extract<Shared>,
    axum::Json(request): axum::Json<PayApiRequest>,
) -> StatusCode {
    let access_token = shared.access_token.to_string();
    let mut state = shared.lock();
    let access = &mut state.pay_api;
    if request.revoke == Some(true) {
        let signed_in = std::mem::take(&mut access.signed_in);
        access.revoked.extend(signed_in);
        access.revoked.push(access_token);
        access.revoked.sort();
        access.revoked.dedup();
        // A few revocations are all a demo or a test needs.
        const REVOKED_KEPT: usize = 200;
        let excess = access.revoked.len().saturating_sub(REVOKED_KEPT);
        access.revoked.drain(..excess);
    }
    if let Some(enrolled) = request.enrolled {
        access.not_enrolled = !enrolled;
    }
    if let Some(ready) = request.pse_gateway {
        access.pse_gateway_ready = ready;
    }
    StatusCode::NO_CONTENT
}

async fn outbox(Extract(shared): Extract<Shared>) -> axum::Json<Value> {
    axum::Json(webhooks::outbox_json(&shared))
}

/// The payment methods' icons: a 48 px square in a colour of the method's own, as PNG.
pub(super) async fn icon(Path(file): Path<String>) -> Response {
    let Some(name) = file.strip_suffix(".png") else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let color = match name {
        "card" => [0x2f, 0x7f, 0xd1],
        "bank-app" => [0xe0, 0x7a, 0x10],
        "pse" => [0x1e, 0x9e, 0x4a],
        "cash" => [0x80, 0x60, 0xc0],
        _ => return StatusCode::NOT_FOUND.into_response(),
    };
    const SIDE: u32 = 48;
    let mut pixels = Vec::with_capacity((SIDE * SIDE * 3) as usize);
    for y in 0..SIDE {
        for x in 0..SIDE {
            // A white band across the middle, so the icon is not a bare square.
            let band = (20..28).contains(&y) && (8..40).contains(&x);
            pixels.extend_from_slice(if band { &[0xff, 0xff, 0xff] } else { &color });
        }
    }
    let mut png = Vec::new();
    let encoded = image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut png),
        &pixels,
        SIDE,
        SIDE,
        image::ExtendedColorType::Rgb8,
    );
    match encoded {
        Ok(()) => ([(header::CONTENT_TYPE, "image/png")], png).into_response(),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

// -- The payer's checkout page ---------------------------------------------------------------

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The payer's page speaks the payer's language (the service's own words, not the client's).
fn status_word(status: u8) -> String {
    match status {
        0 => crate::t!("payer-state-rejected"),
        1 => crate::t!("payer-state-pending"),
        2 => crate::t!("payer-state-approved"),
        3 => crate::t!("payer-state-failed"),
        5 => crate::t!("payer-state-cancelled"),
        9 => crate::t!("payer-state-processing"),
        _ => crate::t!("payer-state-unknown"),
    }
}

pub(super) async fn checkout_page(
    Extract(shared): Extract<Shared>,
    Path(reference): Path<String>,
) -> Response {
    let state = shared.lock();
    let Some(transaction) = state.transaction(&reference).cloned() else {
        return (
            StatusCode::NOT_FOUND,
            Html(format!("<h1>{}</h1>", crate::t!("payer-no-payment"))),
        )
            .into_response();
    };
    let merchant = state
        .merchants
        .iter()
        .find(|m| m.id == transaction.merchant_id)
        .map(|m| m.name.clone())
        .unwrap_or_default();
    drop(state);
    let amount = if transaction.amount > 0 {
        clock::currency(transaction.amount)
    } else {
        crate::t!("payer-chooses-amount")
    };
    let actions = if transaction.accepts_payment(clock::now_ms() / 1_000) {
        let amount_field = if transaction.amount == 0 {
            format!(
                r#"<p><label for="amount">{label}</label> <input id="amount" name="amount" inputmode="numeric" required></p>"#,
                label = crate::t!("payer-amount-label")
            )
        } else {
            String::new()
        };
        format!(
            r#"<form method="post" action="/checkout/{r}/approve">{amount_field}<button>{pay}</button></form>
<form method="post" action="/checkout/{r}/decline"><button>{decline}</button></form>
<form method="post" action="/checkout/{r}/fail"><button>{fail}</button></form>"#,
            r = escape(&reference),
            pay = crate::t!("payer-pay"),
            decline = crate::t!("payer-decline"),
            fail = crate::t!("payer-fail"),
        )
    } else {
        String::new()
    };
    let page = format!(
        r#"<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{title}</title>
<style>body{{font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}}button{{font-size:1.1rem;margin:.3rem 0;width:100%}}.state{{font-weight:bold}}</style></head>
<body><p><em>{simulator}</em></p>
<h1>{merchant}</h1><p>{method}</p><p style="font-size:2rem">{amount}</p>
<p>{reference_words}</p><p class="state">{state_words}</p>{actions}</body></html>"#,
        lang = crate::i18n::current().code(),
        title = escape(&crate::t!("payer-title", reference = reference.as_str())),
        simulator = crate::t!("payer-simulator"),
        reference_words = escape(&crate::t!(
            "payer-reference",
            reference = reference.as_str()
        )),
        state_words = crate::t!("payer-state", state = status_word(transaction.status)),
        merchant = escape(&merchant),
        method = escape(&transaction.method_name),
    );
    ([(header::CACHE_CONTROL, "no-store")], Html(page)).into_response()
}

#[derive(Deserialize)]
pub(super) struct CheckoutForm {
    #[serde(default)]
    amount: Option<String>,
}

pub(super) async fn checkout_submit(
    Extract(shared): Extract<Shared>,
    Path((reference, action)): Path<(String, String)>,
    Form(form): Form<CheckoutForm>,
) -> Response {
    let amount = form
        .amount
        .as_deref()
        .map(|text| {
            text.chars()
                .filter(char::is_ascii_digit)
                .collect::<String>()
        })
        .and_then(|digits| digits.parse().ok());
    let Some(outcome) = parse_outcome(&action, amount) else {
        return bad_request("unknown action");
    };
    match settle(&shared, &reference, outcome) {
        Ok(()) => Redirect::to(&format!("/checkout/{reference}")).into_response(),
        Err(message) => (
            StatusCode::CONFLICT,
            Html(format!("<p>{}</p>", escape(&message))),
        )
            .into_response(),
    }
}
