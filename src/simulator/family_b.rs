//! Family B as the simulator serves it: `statusCode` "00" on success, and the simulator's own error
//! codes (the spec does not show Family B's), documented in the README:
//!
//! | code | HTTP | meaning |
//! |---|---|---|
//! | 01 | 400 | a required field is missing or malformed |
//! | 02 | 400 | `reference1` longer than 20 characters |
//! | 03 | 400 | `expiresIn` not above the method's minimum |
//! | 04 | 400 | unknown reference or transaction |
//! | 05 | 400 | the disbursement balance does not cover the payout |
//! | 06 | 400 | less than 30 s since the last cash-out |
//! | 07 | 400 | online withdrawal above $ 2.000.000 |
//! | 08 | 400 | amount below $ 1.000: no cost covers it |
//! | 09 | 400 | `reference1` already used for a payout |
//! | 10 | 400 | unknown user |
//! | 11 | 400 | webhook or return URL not https (plain http only on loopback) |
//! | 13 | 400 | `x-transaction-token` missing, reused, not issued for this path, or not a UUID |
//! | 14 | 400 | payment method not available |
//! | 15 | 400 | the method needs the merchant's enrolment or support's set-up first |
//! | 40 | 401 | missing, wrong or revoked bearer token; a wrong user or password |
//! | 99 | 500 | service error (fault injection) |
//!
//! Both interfaces are served: the spec's 1.0 and the current one (`current.rs`), whose rules
//! are stricter.

use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode};
use serde_json::{Value, json};

use super::clock;
use super::current::{self, Interface};
use super::shared::{Answer, Shared};
use super::state::{
    DEMO_USER_ID, Kind, MINIMUM_AMOUNT, ONLINE_WITHDRAWAL_CEILING,
    ONLINE_WITHDRAWAL_WINDOW_SECONDS, State, Transaction, cost_of,
};
use super::wire::{Failure, fail, is_loopback_url, is_mobile, text};

pub(super) fn handle(
    shared: &Shared,
    interface: Interface,
    path: &str,
    headers: &HeaderMap,
    body: &Bytes,
) -> Answer {
    let parse = || {
        let request: Value =
            serde_json::from_slice(body).map_err(|_| fail("01", "The body is not valid JSON"))?;
        if !request.is_object() {
            return Err(fail("01", "The body must be a JSON object"));
        }
        Ok(request)
    };
    let result = if path == "/auth/login" && interface == Interface::Current {
        // Signing in is how a bearer token is had: it takes none.
        parse().and_then(|request| current::sign_in(shared, &request))
    } else {
        current::authenticate(shared, headers).and_then(|()| {
            let request = parse()?;
            route(shared, interface, path, headers, &request)
        })
    };
    match result {
        Ok(data) => Answer {
            status: StatusCode::OK,
            body: json!({"statusCode": "00", "message": "Operación exitosa", "data": data}),
        },
        Err(failure) => Answer {
            status: failure.status,
            body: json!({"statusCode": failure.code, "message": failure.message, "data": null}),
        },
    }
}

fn route(
    shared: &Shared,
    interface: Interface,
    path: &str,
    headers: &HeaderMap,
    request: &Value,
) -> Result<Value, Failure> {
    match path {
        "/cash-in/generate/payment-link/token" => {
            // What is wrong with the request is said before the token is spent.
            current::user_metadata(request, interface)?;
            current::use_transaction_token(shared, headers, path, interface)?;
            cash_in(shared, interface, request, None)
        }
        "/cash-in/generate/payment-method/token" => {
            current::user_metadata(request, interface)?;
            let method = request
                .pointer("/paymentMethod/id")
                .and_then(integer_of)
                .ok_or_else(|| fail("01", "paymentMethod.id is required"))?;
            current::method_rules(shared, request, method, interface)?;
            current::use_transaction_token(shared, headers, path, interface)?;
            cash_in(shared, interface, request, Some(method))
        }
        "/trx-token/generate" => current::issue_transaction_token(shared, request),
        "/payment/status" => status(shared, request),
        "/payment/features" => features(request),
        "/payment/instant-banks" => instant_banks(request),
        "/cash-out/generate/withdraw-method/token" => {
            current::user_metadata(request, interface)?;
            current::cash_out_rules(request, interface)?;
            current::use_transaction_token(shared, headers, path, interface)?;
            withdraw(shared, interface, request)
        }
        "/customer/getBalance" => balance(shared, interface, request),
        "/webhook/notify" => notify(shared, interface, request),
        _ => Err(Failure {
            status: StatusCode::NOT_FOUND,
            code: "01",
            message: "No such operation".into(),
        }),
    }
}

fn integer_of(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// A positive whole amount; a fractional or textual amount is refused.
fn amount(request: &Value) -> Result<i64, Failure> {
    let amount = request
        .get("amount")
        .and_then(Value::as_i64)
        .ok_or_else(|| fail("01", "amount is required and must be a whole number"))?;
    if amount <= 0 {
        return Err(fail("01", "amount must be positive"));
    }
    Ok(amount)
}

fn web_url(request: &Value, field: &str, required: bool) -> Result<Option<String>, Failure> {
    let Some(url) = text(request, &format!("/{field}")) else {
        return if required {
            Err(fail("01", format!("{field} is required")))
        } else {
            Ok(None)
        };
    };
    let acceptable =
        url.starts_with("https://") || (url.starts_with("http://") && is_loopback_url(&url));
    if !acceptable || url::Url::parse(&url).is_err() {
        return Err(fail("11", format!("{field} must be an https URL")));
    }
    Ok(Some(url))
}

/// Family B methods: id, name, minimum `expiresIn`, required extras.
fn method(id: i64) -> Option<(&'static str, u64, &'static [&'static str])> {
    const PSE: &[&str] = &[
        "documentType",
        "typePerson",
        "bankId",
        "documentNumber",
        "name",
        "cellphone",
        "address",
        "email",
    ];
    Some(match id {
        130 => ("Nequi", 43_200, &["cellphone"]),
        131 => ("Daviplata", 43_200, &["cellphone"]),
        117 => ("PSE", 1_800, PSE),
        262 => ("PSE pasarela", 1_800, PSE),
        153 => ("Efectivo", 86_400, &[]),
        163 => ("TPaga", 43_200, &[]),
        273 => ("Tarjetas", 3_600, &[]),
        // Its own lifetime (10 minutes); `expiresIn` is ignored.
        250 => (
            "Llave Bre-B",
            0,
            &["cellphone", "docType", "docNumber", "merchantId"],
        ),
        // Lives until 23:59:59 in Bogotá; `expiresIn` is ignored.
        248 => ("QR interoperable", 0, &[]),
        277 => ("WhatsApp", 2_592_000, &["cellphone", "whatsappAccountId"]),
        _ => return None,
    })
}

/// Bre-B keys and the interoperable QR take several payments until they expire.
fn repeatable(method_id: i64) -> bool {
    matches!(method_id, 248 | 250)
}

/// When a payment created now expires: the method's own rule, or `expiresIn`, or a day.
fn expiry_of(method_id: Option<i64>, expires_in: Option<u64>, now: i64) -> i64 {
    const BOGOTA_OFFSET: i64 = -5 * 3_600;
    match method_id {
        Some(250) => now + 600,
        Some(248) => {
            let local = now + BOGOTA_OFFSET;
            local - local.rem_euclid(86_400) + 86_400 - 1 - BOGOTA_OFFSET
        }
        // Without expiresIn a link lives 24 h (the service's default is not shown).
        _ => now + expires_in.map(|s| s as i64).unwrap_or(86_400),
    }
}

fn cash_in(
    shared: &Shared,
    interface: Interface,
    request: &Value,
    method_id: Option<i64>,
) -> Result<Value, Failure> {
    let amount = amount(request)?;
    let reference1 = current::reference1(request, interface, false)?;
    let webhook_url = web_url(request, "webhookUrl", true)?;
    let return_url = web_url(request, "returnUrl", false)?;
    current::brand_id(request, interface)?;
    let expires_in = match request.get("expiresIn") {
        None | Some(Value::Null) => None,
        Some(value) => Some(
            value
                .as_u64()
                .ok_or_else(|| fail("01", "expiresIn must be a positive number"))?,
        ),
    };
    let expires_in = current::lifetime_seconds(expires_in, method_id.is_none(), interface)?;
    let (method_name, bank) = match method_id {
        Some(id) => method_fields(request, interface, id, expires_in)?,
        None => ("Link de pago".to_owned(), None),
    };
    if amount < MINIMUM_AMOUNT {
        return Err(fail("08", "No existe un costo soportado para este monto"));
    }
    let now = clock::now_ms() / 1_000;
    let expires_at = expiry_of(method_id, expires_in, now);
    let mut state = shared.lock();
    let id = state.take_id();
    let kind = if method_id.is_some() {
        Kind::MethodPayment
    } else {
        Kind::Link
    };
    let created = Transaction {
        reference: format!("PD{id}{:04}", uuid::Uuid::new_v4().as_u128() % 10_000),
        resource_id: format!("{}", 500_000 + id),
        method_id: method_id.unwrap_or(0),
        method_name,
        amount,
        cost: cost_of(amount),
        expires_at: Some(expires_at),
        webhook_url,
        return_url,
        reference1,
        reference2: request
            .get("reference2")
            .cloned()
            .unwrap_or_else(|| json!({})),
        bank,
        repeatable: method_id.is_some_and(repeatable),
        ..Transaction::pending(id, kind, now)
    };
    let notifications = state.notifications_for(&created, None);
    let answer = cash_in_answer(shared, interface, method_id.is_some(), &created);
    state.transactions.push(created);
    drop(state);
    shared.send_all(notifications);
    Ok(answer)
}

/// A method's own rules for a payment: a known id, a lifetime above its minimum, its fields.
/// Returns the method's name and the bank a transfer names.
fn method_fields(
    request: &Value,
    interface: Interface,
    id: i64,
    expires_in: Option<u64>,
) -> Result<(String, Option<(String, String)>), Failure> {
    let (name, minimum, extras) =
        method(id).ok_or_else(|| fail("14", format!("Payment method {id} is not available")))?;
    match expires_in {
        Some(seconds) if current::minimum_included(interface) && seconds < minimum => {
            return Err(fail(
                "03",
                format!("expiresIn must be at least {minimum} seconds for {name}"),
            ));
        }
        Some(seconds)
            if !current::minimum_included(interface) && minimum > 0 && seconds <= minimum =>
        {
            return Err(fail(
                "03",
                format!("expiresIn must exceed {minimum} seconds for {name}"),
            ));
        }
        _ => {}
    }
    for extra in extras {
        text(request, &format!("/paymentMethod/{extra}")).ok_or_else(|| {
            fail(
                "01",
                format!("paymentMethod.{extra} is required for {name}"),
            )
        })?;
    }
    if let Some(description) = text(request, "/paymentMethod/description")
        && description.chars().count() > 255
    {
        return Err(fail(
            "01",
            "paymentMethod.description admite máximo 255 caracteres",
        ));
    }
    let bank = text(request, "/paymentMethod/bankId").map(|id| {
        let name = id.parse().map(bank_name).unwrap_or_default();
        (id, name)
    });
    Ok((name.to_owned(), bank))
}

/// What a created payment's answer says: a link its address and reference (the current
/// interface's also its resource and state), a method's payment its expiry too.
fn cash_in_answer(
    shared: &Shared,
    interface: Interface,
    for_a_method: bool,
    created: &Transaction,
) -> Value {
    let (url, reference) = (
        format!("{}/checkout/{}", shared.origin, created.reference),
        &created.reference,
    );
    match (for_a_method, interface) {
        (false, Interface::Current) => json!({
            "url": url,
            "reference": reference,
            "resourceId": created.resource_id,
            "status": 1,
        }),
        (false, _) => json!({"url": url, "reference": reference}),
        (true, _) => json!({
            "url": url,
            "reference": reference,
            "resourceId": created.resource_id,
            "expiresIn": created.expires_at.map(clock::iso),
            "status": 1,
        }),
    }
}

fn status(shared: &Shared, request: &Value) -> Result<Value, Failure> {
    let reference =
        text(request, "/reference").ok_or_else(|| fail("01", "reference is required"))?;
    let state = shared.lock();
    let transaction = state
        .transaction(&reference)
        .ok_or_else(|| fail("04", "La referencia no existe"))?;
    Ok(json!({
        "id": transaction.id.to_string(),
        "cost": clock::currency(transaction.cost),
        "status": transaction.status.to_string(),
        "date": clock::iso(transaction.updated_at),
        "providerReference": transaction.provider_reference,
        "amount": clock::currency(transaction.amount),
        "description": transaction.description,
        "paymentMethod": transaction.method_name,
    }))
}

const BANKS: &[(i64, &str)] = &[
    (1007, "BANCOLOMBIA"),
    (1051, "DAVIVIENDA"),
    (1001, "BANCO DE BOGOTA"),
    (1023, "BANCO DE OCCIDENTE"),
    (1507, "NEQUI"),
];

pub(super) fn bank_name(id: i64) -> String {
    BANKS
        .iter()
        .find(|(known, _)| *known == id)
        .map(|(_, name)| (*name).to_owned())
        .unwrap_or_else(|| format!("Banco {id}"))
}

fn features(request: &Value) -> Result<Value, Failure> {
    let id = request
        .get("id")
        .and_then(integer_of)
        .ok_or_else(|| fail("01", "id is required"))?;
    let mut banks = vec![json!({"id": "0", "name": "A continuación seleccione su banco"})];
    if matches!(id, 117 | 8) {
        banks.extend(
            BANKS
                .iter()
                .map(|(id, name)| json!({"id": id.to_string(), "name": name})),
        );
    } else if method(id).is_none() {
        return Err(fail("14", format!("Payment method {id} is not available")));
    }
    Ok(json!({"banks": banks}))
}

fn instant_banks(request: &Value) -> Result<Value, Failure> {
    let cellphone =
        text(request, "/cellphone").ok_or_else(|| fail("01", "cellphone is required"))?;
    if !is_mobile(&cellphone) {
        return Err(fail("01", "cellphone must have 10 digits and start with 3"));
    }
    let masked = format!("******{}", &cellphone[6..]);
    let banks = match &cellphone[..3] {
        "300" => vec![
            json!({"name": "NEQUI", "bankAccountNumber": masked}),
            json!({"name": "BANCOLOMBIA", "bankAccountNumber": format!("*****{}", &cellphone[5..])}),
        ],
        "310" | "311" => vec![json!({"name": "DAVIPLATA", "bankAccountNumber": masked})],
        _ => vec![],
    };
    Ok(json!({"banks": banks}))
}

fn withdraw(shared: &Shared, interface: Interface, request: &Value) -> Result<Value, Failure> {
    let amount = amount(request)?;
    let reference1 = current::reference1(request, interface, true)?;
    let method_id = request
        .pointer("/withdrawMethod/id")
        .and_then(integer_of)
        .ok_or_else(|| fail("01", "withdrawMethod.id is required"))?;
    if !matches!(method_id, 160 | 245 | 264) {
        return Err(fail("14", "withdrawMethod.id must be 160, 245 or 264"));
    }
    let destination = payout_destination(request, interface, method_id)?;
    let webhook_url = web_url(request, "webhookRequest", false)?;
    if method_id == 160 && amount > ONLINE_WITHDRAWAL_CEILING {
        return Err(fail("07", "El retiro en línea admite máximo $ 2.000.000"));
    }
    let now = clock::now_ms() / 1_000;
    let mut state = shared.lock();
    debit_for_payout(&mut state, &reference1, amount, now)?;
    let id = state.take_id();
    let reference = format!("CO{id}{:04}", uuid::Uuid::new_v4().as_u128() % 10_000);
    let withdraw = json!({
        "id": format!("WD{id}"),
        "transactionId": reference,
        "userId": DEMO_USER_ID,
        "accountNumber": destination,
        "infoReference": reference1,
        "providerReference": format!("PRV{id}"),
        "accountId": null,
        "observation": null,
        "deletedAt": null,
        "createdAt": clock::iso(now),
        "updatedAt": clock::iso(now),
    });
    let bank_name = text(request, "/withdrawMethod/bankName").unwrap_or_default();
    state.transactions.push(Transaction {
        reference: reference.clone(),
        resource_id: format!("WD{id}"),
        method_id,
        method_name: match method_id {
            160 => "Retiro en línea".into(),
            264 => "Llave Bre-B".into(),
            _ => "Dispersión".into(),
        },
        amount,
        // Online withdrawals wait for the recipient; products are paid by the provider.
        expires_at: (method_id == 160).then_some(now + ONLINE_WITHDRAWAL_WINDOW_SECONDS),
        webhook_url,
        reference1,
        provider_reference: format!("PRV{id}"),
        bank: Some((String::new(), bank_name)),
        withdraw: Some(notification_withdraw(&withdraw, now)),
        ..Transaction::pending(id, Kind::CashOut, now)
    });
    // Products and Bre-B transfers are paid without the recipient's action.
    let approve_product = matches!(method_id, 245 | 264) && !state.hold_payouts;
    drop(state);
    if approve_product {
        // A product disbursement is paid by the provider without the recipient's action.
        let notifications = shared
            .lock()
            .settle(
                &reference,
                super::state::Outcome::Approve { amount: None },
                clock::now_ms(),
            )
            .unwrap_or_default();
        shared.send_all(notifications);
    }
    Ok(json!({"withdraw": withdraw, "transactionReference": reference}))
}

/// Where a payout goes: 264 sends to a Bre-B key, the others to a mobile number.
fn payout_destination(
    request: &Value,
    interface: Interface,
    method_id: i64,
) -> Result<String, Failure> {
    if method_id == 264 {
        let key = text(request, "/withdrawMethod/key")
            .ok_or_else(|| fail("01", "withdrawMethod.key is required for 264"))?;
        // The current interface's alias rule is `current::cash_out_rules`'s.
        if interface == Interface::Spec && (key.contains(char::is_whitespace) || key.len() < 4) {
            return Err(fail("01", "withdrawMethod.key is not a Bre-B key"));
        }
        return Ok(key);
    }
    let cellphone = text(request, "/withdrawMethod/cellphone")
        .ok_or_else(|| fail("01", "withdrawMethod.cellphone is required"))?;
    if !is_mobile(&cellphone) {
        return Err(fail(
            "01",
            "withdrawMethod.cellphone must have 10 digits and start with 3",
        ));
    }
    Ok(cellphone)
}

/// The service's rules for a cash-out, then the money taken from the disbursement bag: a
/// `reference1` used once, the spacing between cash-outs, a balance that covers it.
fn debit_for_payout(
    state: &mut State,
    reference1: &str,
    amount: i64,
    now: i64,
) -> Result<(), Failure> {
    let spacing = state.cash_out_spacing_seconds;
    if state
        .transactions
        .iter()
        .any(|t| t.kind == Kind::CashOut && t.reference1 == reference1)
    {
        return Err(fail("09", "reference1 ya fue usado en otro retiro"));
    }
    let merchant = state
        .merchant_mut(DEMO_USER_ID)
        .ok_or_else(|| fail("10", "Usuario no existe"))?;
    if let Some(last) = merchant.last_cash_out_at
        && now - last < spacing
    {
        return Err(fail(
            "06",
            format!("Espere {} segundos entre retiros", spacing - (now - last)),
        ));
    }
    if merchant.disbursement_balance < amount {
        return Err(fail("05", "Saldo insuficiente en la bolsa de dispersión"));
    }
    merchant.disbursement_balance -= amount;
    merchant.last_cash_out_at = Some(now);
    Ok(())
}

/// The notification's `withdraw` object uses `YYYY-MM-DD HH:MM:SS` timestamps.
fn notification_withdraw(withdraw: &Value, now: i64) -> Value {
    let mut copy = withdraw.clone();
    copy["createdAt"] = json!(clock::local_datetime(now));
    copy["updatedAt"] = json!(clock::local_datetime(now));
    copy
}

fn balance(shared: &Shared, interface: Interface, request: &Value) -> Result<Value, Failure> {
    let user_id = match request.get("userId") {
        None | Some(Value::Null) => current::session_user(interface),
        Some(value) => integer_of(value),
    }
    .ok_or_else(|| fail("01", "userId is required"))?;
    let state = shared.lock();
    let merchant = state
        .merchants
        .iter()
        .find(|m| m.id == user_id)
        .ok_or_else(|| fail("10", "Usuario no existe"))?;
    Ok(json!({
        "bags": [
            {"bag": "Saldo Dispersión", "amount": clock::decimal(merchant.disbursement_balance)},
            {"bag": "Saldo Multiproducto", "amount": clock::decimal(merchant.multiproduct_balance)},
        ],
        "date": clock::balance_date(clock::now_ms() / 1_000),
    }))
}

/// Sends a notification for an existing transaction. It does not change the transaction: a
/// webhook is a hint, the status operation is the truth. The current interface names the
/// payment by its reference and notifies it as it stands; the spec's body says the
/// transaction and the status, amount and cost to notify.
fn notify(shared: &Shared, interface: Interface, request: &Value) -> Result<Value, Failure> {
    if interface == Interface::Current {
        let reference =
            text(request, "/reference").ok_or_else(|| fail("01", "reference is required"))?;
        let state = shared.lock();
        let transaction = state
            .transaction(&reference)
            .cloned()
            .ok_or_else(|| fail("04", "La referencia no existe"))?;
        let notifications = state.notifications_for(&transaction, None);
        drop(state);
        return Ok(notified(shared, &transaction, notifications));
    }
    let transaction_id = request
        .pointer("/data/Transaction/id")
        .and_then(integer_of)
        .ok_or_else(|| fail("01", "data.Transaction.id is required"))?;
    let amount = request
        .pointer("/data/Transaction/amount")
        .and_then(integer_of)
        .ok_or_else(|| fail("01", "data.Transaction.amount is required"))?;
    let cost = match request.pointer("/data/Transaction/cost") {
        Some(Value::Number(n)) => n.as_f64().map(|c| c as i64),
        Some(Value::String(s)) => s.parse::<f64>().ok().map(|c| c as i64),
        _ => None,
    }
    .ok_or_else(|| fail("01", "data.Transaction.cost is required"))?;
    let status = request
        .pointer("/data/Transaction/Status/id")
        .and_then(integer_of)
        .filter(|s| (1..=3).contains(s))
        .ok_or_else(|| fail("01", "data.Transaction.Status.id must be 1, 2 or 3"))?;
    let state = shared.lock();
    let transaction = state
        .transactions
        .iter()
        .find(|t| t.id == transaction_id)
        .cloned()
        .ok_or_else(|| fail("04", "La transacción no existe"))?;
    let notifications = state.notifications_for(&transaction, Some((status, amount, cost)));
    drop(state);
    Ok(notified(shared, &transaction, notifications))
}

/// Sends a simulation's notifications and says what went.
fn notified(
    shared: &Shared,
    transaction: &Transaction,
    notifications: Vec<super::state::PendingNotification>,
) -> Value {
    let queued = notifications.len();
    shared.send_all(notifications);
    json!({
        "transactionId": transaction.id,
        "reference": transaction.reference,
        "webhookUrl": transaction.webhook_url,
        "queued": queued,
    })
}
