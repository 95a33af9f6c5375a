//! Family A as the simulator serves it: success and error envelopes, the API-key header, and the
//! rules of registration, method listing, resources, one-time codes and bank accounts.

use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode, header};
use serde_json::{Value, json};

use super::state::{ALL_PRIVILEGES, Kind, MINIMUM_AMOUNT, Merchant, Transaction, cost_of};
use super::wire::is_mobile;
use super::{Answer, Shared, clock};

/// The checkout variant's errors carry this path (spec).
const CHECKOUT_PATH: &str = "/resource/get/web-page/checkout";

pub(super) struct Failure {
    status: StatusCode,
    code: &'static str,
    message: String,
    path: Option<&'static str>,
}

fn fail(status: StatusCode, code: &'static str, message: impl Into<String>) -> Failure {
    Failure {
        status,
        code,
        message: message.into(),
        path: None,
    }
}

fn invalid(message: impl Into<String>) -> Failure {
    fail(StatusCode::BAD_REQUEST, "request.invalid", message)
}

pub(super) fn error_envelope(status: StatusCode, path: &str, code: &str, message: &str) -> Value {
    json!({
        "signature": null,
        "path": path,
        "date": clock::now_ms(),
        "status": status.as_u16(),
        "errorCode": code,
        "message": message,
    })
}

/// Family A's API key travels bare in `Authorization`; an `ApiKey ` prefix is tolerated.
pub(super) fn bare_token(header_value: &str) -> &str {
    header_value
        .strip_prefix("ApiKey ")
        .unwrap_or(header_value)
        .trim()
}

pub(super) fn handle(shared: &Shared, path: &str, headers: &HeaderMap, body: &Bytes) -> Answer {
    let result = serde_json::from_slice::<Value>(body)
        .map_err(|_| invalid("The body is not valid JSON"))
        .and_then(|request| {
            let data = request
                .get("data")
                .filter(|data| data.is_object())
                .cloned()
                .ok_or_else(|| invalid("The request has no data object"))?;
            route(shared, path, headers, &data)
        });
    match result {
        Ok(data) => Answer {
            status: StatusCode::OK,
            body: json!({
                "data": data,
                "signature": null,
                "date": clock::now_ms(),
                "status": 200,
                "message": "OK",
            }),
        },
        Err(failure) => Answer {
            status: failure.status,
            body: error_envelope(
                failure.status,
                failure.path.unwrap_or(path),
                failure.code,
                &failure.message,
            ),
        },
    }
}

fn route(shared: &Shared, path: &str, headers: &HeaderMap, data: &Value) -> Result<Value, Failure> {
    if path == "/auth/register" {
        return register(shared, data);
    }
    let merchant = authenticate(shared, headers)?;
    match path {
        "/payments/method/list" => {
            require_privilege(&merchant, "methods.list")?;
            list_methods(data)
        }
        "/payments/resource/generate" => {
            require_privilege(&merchant, "resources.generate")?;
            if data.pointer("/Resource/id").is_some() {
                checkout(shared, &merchant, data)
            } else {
                generate(shared, &merchant, data)
            }
        }
        "/accounts/otp/get" => request_otp(shared, &merchant, data),
        "/accounts/add" => {
            require_privilege(&merchant, "accounts.manage")?;
            add_account(shared, &merchant, data)
        }
        "/accounts/delete" => {
            require_privilege(&merchant, "accounts.manage")?;
            delete_account(shared, &merchant, data)
        }
        _ => Err(fail(
            StatusCode::NOT_FOUND,
            "route.notFound",
            "No such operation",
        )),
    }
}

fn authenticate(shared: &Shared, headers: &HeaderMap) -> Result<Merchant, Failure> {
    let Some(token) = headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .map(bare_token)
        .filter(|token| !token.is_empty())
    else {
        return Err(fail(
            StatusCode::UNAUTHORIZED,
            "auth.required",
            "The Authorization header with the API key is required",
        ));
    };
    let state = shared.lock();
    match state.merchant_by_token(token) {
        Some(merchant) if merchant.session_ended => Err(fail(
            StatusCode::UNAUTHORIZED,
            "auth.sessionEnded",
            "La sesión ha finalizado",
        )),
        Some(merchant) => Ok(merchant.clone()),
        None => Err(fail(
            StatusCode::UNAUTHORIZED,
            "auth.sessionEnded",
            "La sesión ha finalizado",
        )),
    }
}

fn require_privilege(merchant: &Merchant, privilege: &str) -> Result<(), Failure> {
    if merchant.privileges.iter().any(|p| p == privilege) {
        Ok(())
    } else {
        Err(fail(
            StatusCode::UNAUTHORIZED,
            "auth.notPermission",
            "No tiene permisos para realizar esta acción",
        ))
    }
}

fn text(value: &Value, pointer: &str) -> Option<String> {
    match value.pointer(pointer)? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn integer(value: &Value, pointer: &str) -> Option<i64> {
    match value.pointer(pointer)? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn required_text(value: &Value, pointer: &str, name: &str) -> Result<String, Failure> {
    text(value, pointer).ok_or_else(|| invalid(format!("{name} is required")))
}

fn required_integer(value: &Value, pointer: &str, name: &str) -> Result<i64, Failure> {
    integer(value, pointer)
        .ok_or_else(|| invalid(format!("{name} is required and must be an integer")))
}

fn register(shared: &Shared, data: &Value) -> Result<Value, Failure> {
    let user = data
        .get("User")
        .ok_or_else(|| invalid("data.User is required"))?;
    let register_type = required_text(user, "/registerType", "registerType")?;
    let password = required_text(user, "/password", "password")?;
    let verify = required_text(user, "/verifyPassword", "verifyPassword")?;
    let email = required_text(user, "/email", "email")?;
    let cellphone = required_text(user, "/cellphone", "cellphone")?;
    let doc_type = required_text(user, "/docType", "docType")?;
    let doc_number = required_text(user, "/docNumber", "docNumber")?;
    let name = required_text(user, "/name", "name")?;
    required_integer(user, "/City/id", "City.id")?;
    required_integer(user, "/State/id", "State.id")?;
    if password != verify {
        return Err(invalid("The passwords do not match"));
    }
    if !email.contains('@') {
        return Err(invalid("The e-mail address is not valid"));
    }
    if !is_mobile(&cellphone) {
        return Err(invalid(
            "The cellphone must have 10 digits and start with 3",
        ));
    }
    let mut state = shared.lock();
    if state
        .merchants
        .iter()
        .any(|m| m.email.eq_ignore_ascii_case(&email))
    {
        return Err(fail(
            StatusCode::BAD_REQUEST,
            "user.exists",
            "Ya existe un usuario con este correo",
        ));
    }
    let id = state.take_id();
    let token = format!("sbx-{}", uuid::Uuid::new_v4().simple());
    let merchant = Merchant {
        id,
        name: name.clone(),
        email: email.clone(),
        cellphone: cellphone.clone(),
        doc_type,
        doc_number: doc_number.clone(),
        token: token.clone(),
        session_ended: false,
        privileges: ALL_PRIVILEGES.iter().map(|p| p.to_string()).collect(),
        disbursement_balance: 0,
        multiproduct_balance: 0,
        last_cash_out_at: None,
    };
    state.merchants.push(merchant);
    Ok(json!({"User": {
        "id": id,
        "name": name,
        "rol": "2",
        "docNumbre": doc_number,
        "cellphone": cellphone,
        "email": email,
        "logo": null,
        "token": token,
        "missingPin": 1,
        "env": "sandbox",
        "balance": 0,
        "Privileges": ALL_PRIVILEGES,
        "registerType": register_type,
    }}))
}

fn list_methods(data: &Value) -> Result<Value, Failure> {
    let kind = text(data, "/PaymentMethod/type")
        .ok_or_else(|| invalid("PaymentMethod.type is required"))?;
    if !kind.eq_ignore_ascii_case("LINK") {
        return Err(fail(
            StatusCode::BAD_REQUEST,
            "paymentMethod.type.notExist",
            "No existe el tipo de método de pago",
        ));
    }
    let entry = |id: i64, name: &str, icon: &str| json!({"id": id, "name": name, "type": "LINK", "icons": [{"url": format!("/assets/icons/{icon}.png"), "width": 48}]});
    Ok(json!({"paymentMethods": [
        entry(4, "Tarjeta de crédito / débito", "card"),
        entry(7, "Botón de banco", "bank-app"),
        entry(8, "PSE", "pse"),
        entry(9, "Pago contra entrega", "cash"),
    ]}))
}

/// How long the simulator's static QR keeps taking payments: five years, as a printed code on a
/// counter does.
const STATIC_QR_LIFETIME_SECONDS: i64 = 5 * 365 * 24 * 3_600;

/// Known method ids and their names (the spec's table plus the listed ids).
fn method_name(id: i64) -> Option<&'static str> {
    Some(match id {
        1 => "QR comercio",
        2 => "QR dinámico",
        3 => "QR estático",
        4 => "Tarjeta",
        5 => "QR estático con referencias",
        7 => "Botón de banco",
        8 => "PSE",
        9 => "Contra entrega",
        10 => "Cobro a celular",
        11 => "Información codificada",
        _ => return None,
    })
}

fn generate(shared: &Shared, merchant: &Merchant, data: &Value) -> Result<Value, Failure> {
    let method_id = required_integer(data, "/PaymentMethod/id", "PaymentMethod.id")?;
    let name = method_name(method_id)
        .ok_or_else(|| invalid(format!("Payment method {method_id} does not exist")))?;
    if data.pointer("/PaymentMethod/features").is_none() {
        return Err(invalid("PaymentMethod.features is required"));
    }
    required_features(data, method_id)?;
    let amount = resource_amount(method_id, integer(data, "/Bill/amount"))?;
    let reference1 = text(data, "/Bill/reference1").unwrap_or_default();
    if reference1.chars().count() > 20 {
        return Err(invalid("reference1 has at most 20 characters"));
    }
    let mut state = shared.lock();
    let id = state.take_id();
    let now = clock::now_ms() / 1_000;
    let reference = format!("{}", 7_000_000 + id);
    let url = format!("{}/checkout/{reference}", shared.origin);
    let code = format!("PDQR{id}{:04}", uuid::Uuid::new_v4().as_u128() % 10_000);
    // A static QR (3, and 5 with the customer's references) is printed and left on the counter:
    // it takes payment after payment for years. Every other resource is for one sale, a day.
    let on_the_counter = matches!(method_id, 3 | 5);
    let expires_at = if on_the_counter {
        now + STATIC_QR_LIFETIME_SECONDS
    } else {
        now + 24 * 3_600
    };
    let reference2 = json!({"Label": {
        "Reference1": reference1,
        "Reference2": text(data, "/Bill/reference2").unwrap_or_default(),
        "Reference3": text(data, "/Bill/reference3").unwrap_or_default(),
        "Description": text(data, "/description").unwrap_or_default(),
    }, "Data": {}});
    state.transactions.push(Transaction {
        reference: reference.clone(),
        resource_id: id.to_string(),
        merchant_id: merchant.id,
        method_id,
        method_name: name.into(),
        amount,
        cost: if amount > 0 { cost_of(amount) } else { 0 },
        expires_at: Some(expires_at),
        reference1,
        reference2,
        description: text(data, "/description"),
        repeatable: on_the_counter,
        ..Transaction::pending(id, Kind::Resource, now)
    });
    Ok(json!({"Resource": {
        "id": id,
        "type": "SHARE",
        "data": code,
        "url": url,
        "reference": reference,
        "createdAt": clock::local_datetime(now),
        "expDate": clock::local_datetime(expires_at),
    }}))
}

/// The `features` each method of the spec's table needs.
fn required_features(data: &Value, method_id: i64) -> Result<(), Failure> {
    match method_id {
        1 => {
            required_integer(
                data,
                "/PaymentMethod/features/Commerce/Type/id",
                "features.Commerce.Type.id",
            )?;
            required_integer(
                data,
                "/PaymentMethod/features/Commerce/City/id",
                "features.Commerce.City.id",
            )?;
        }
        8 => {
            required_integer(data, "/PaymentMethod/features/bank", "features.bank")?;
            required_text(
                data,
                "/PaymentMethod/features/typePerson",
                "features.typePerson",
            )?;
            for field in [
                "docType",
                "docNumber",
                "name",
                "cellphone",
                "address",
                "email",
            ] {
                required_text(
                    data,
                    &format!("/PaymentMethod/features/People/{field}"),
                    &format!("features.People.{field}"),
                )?;
            }
        }
        10 => {
            let cellphone = required_text(data, "/cellphone", "cellphone")?;
            if !is_mobile(&cellphone) {
                return Err(invalid(
                    "The cellphone must have 10 digits and start with 3",
                ));
            }
        }
        11 => {
            required_text(data, "/PaymentMethod/features/info", "features.info")?;
        }
        _ => {}
    }
    Ok(())
}

/// The resource's amount: none on a static QR (the payer types it), required where the method
/// charges a set amount, never below what a fee covers.
fn resource_amount(method_id: i64, amount: Option<i64>) -> Result<i64, Failure> {
    let static_qr = matches!(method_id, 3 | 5);
    let amount = match (amount, static_qr) {
        (_, true) => 0,
        (Some(amount), false) if amount > 0 => amount,
        (None, false) if matches!(method_id, 1 | 2 | 7) => {
            return Err(invalid("Bill.amount is required for this method"));
        }
        (None, false) => 0,
        (Some(_), false) => return Err(invalid("Bill.amount must be positive")),
    };
    if amount > 0 && amount < MINIMUM_AMOUNT {
        return Err(fail(
            StatusCode::BAD_REQUEST,
            "transaction.cost.notSupport",
            "No existe un costo soportado para el recurso solicitado",
        ));
    }
    Ok(amount)
}

/// The payment-link variant: a payer's checkout on an existing resource.
fn checkout(shared: &Shared, merchant: &Merchant, data: &Value) -> Result<Value, Failure> {
    let checkout_failure = |message: &str| Failure {
        status: StatusCode::BAD_REQUEST,
        code: "request.invalid",
        message: message.into(),
        path: Some(CHECKOUT_PATH),
    };
    let resource_id =
        integer(data, "/Resource/id").ok_or_else(|| checkout_failure("Resource.id is required"))?;
    integer(data, "/PaymentMethod/id")
        .ok_or_else(|| checkout_failure("PaymentMethod.id is required"))?;
    integer(data, "/User/id").ok_or_else(|| checkout_failure("User.id is required"))?;
    text(data, "/typePerson").ok_or_else(|| checkout_failure("typePerson is required"))?;
    text(data, "/docType").ok_or_else(|| checkout_failure("docType is required"))?;
    let mut state = shared.lock();
    let transaction = state
        .transactions
        .iter_mut()
        .find(|t| t.id == resource_id && t.kind == Kind::Resource && t.merchant_id == merchant.id)
        .ok_or_else(|| checkout_failure("The resource does not exist"))?;
    if transaction.checkout_started || transaction.is_final() {
        return Err(Failure {
            status: StatusCode::BAD_REQUEST,
            code: "transaction.progress",
            message: "El recurso ya tiene una transacción pendiente o finalizada".into(),
            path: Some(CHECKOUT_PATH),
        });
    }
    transaction.checkout_started = true;
    if let Some(bank) = integer(data, "/bank") {
        transaction.bank = Some((bank.to_string(), super::family_b::bank_name(bank)));
    }
    let reference: i64 = transaction.reference.parse().unwrap_or(transaction.id);
    Ok(json!({"reference": reference}))
}

fn request_otp(shared: &Shared, merchant: &Merchant, data: &Value) -> Result<Value, Failure> {
    let reason = required_integer(data, "/reason/id", "reason.id")?;
    if !(1..=5).contains(&reason) {
        return Err(invalid("reason.id must be between 1 and 5"));
    }
    shared
        .lock()
        .issue_otp(merchant.id, reason, clock::now_ms() / 1_000);
    Ok(json!({}))
}

fn add_account(shared: &Shared, merchant: &Merchant, data: &Value) -> Result<Value, Failure> {
    let number = required_text(data, "/account/number", "account.number")?;
    let otp = required_text(data, "/account/otp", "account.otp")?;
    let bank_id = required_integer(data, "/account/Bank/id", "account.Bank.id")?;
    let type_id = required_integer(data, "/account/Type/id", "account.Type.id")?;
    if !number.chars().all(|c| c.is_ascii_digit() || c == '-') {
        return Err(invalid("account.number must be digits"));
    }
    let mut state = shared.lock();
    if !state.consume_otp(merchant.id, 2, &otp, clock::now_ms() / 1_000) {
        return Err(fail(
            StatusCode::BAD_REQUEST,
            "otp.invalid",
            "El código OTP no es válido o ha expirado",
        ));
    }
    let id = state.take_id();
    state.accounts.push(super::state::BankAccount {
        id,
        merchant_id: merchant.id,
        number: number.clone(),
        bank_id,
        type_id,
    });
    Ok(json!({"account": {
        "id": id,
        "number": mask(&number),
        "Bank": {"id": bank_id},
        "Type": {"id": type_id},
    }}))
}

fn delete_account(shared: &Shared, merchant: &Merchant, data: &Value) -> Result<Value, Failure> {
    let id = required_integer(data, "/account/id", "account.id")?;
    let otp = text(data, "/account/otp").ok_or_else(|| {
        fail(
            StatusCode::BAD_REQUEST,
            "otp.invalid",
            "Se requiere un código OTP para eliminar la cuenta (motivo 3)",
        )
    })?;
    let mut state = shared.lock();
    let Some(position) = state
        .accounts
        .iter()
        .position(|a| a.id == id && a.merchant_id == merchant.id)
    else {
        return Err(fail(
            StatusCode::BAD_REQUEST,
            "account.notFound",
            "La cuenta no existe",
        ));
    };
    if !state.consume_otp(merchant.id, 3, &otp, clock::now_ms() / 1_000) {
        return Err(fail(
            StatusCode::BAD_REQUEST,
            "otp.invalid",
            "El código OTP no es válido o ha expirado",
        ));
    }
    state.accounts.remove(position);
    Ok(json!({}))
}

pub(super) fn mask(number: &str) -> String {
    let digits: Vec<char> = number.chars().filter(|c| c.is_ascii_digit()).collect();
    let visible = digits.len().min(4);
    let hidden = digits.len() - visible;
    "*".repeat(hidden) + &digits[hidden..].iter().collect::<String>()
}
