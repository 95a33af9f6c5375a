//! Typed async client for both interface families of the service. No UI, no storage: it turns
//! typed requests into the exact wire format, and any answer (or non-answer) into a typed value
//! or an [`ApiError`]. It never panics on what a server sends.

pub mod catalog;
mod decode;
mod error;
pub mod family_a;
pub mod family_b;
pub mod kind;
pub mod lenient;
pub mod notification;

use std::time::Duration;

use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, HeaderMap, HeaderValue};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use url::Url;

use decode::{decode_balance, decode_data, decode_withdraw};
pub use decode::{decode_every_answer, decode_family_a, decode_family_b};
pub use error::{ApiError, Refusal};

use crate::secrets::SecretString;
use crate::validate;
use family_a::*;
use family_b::*;

/// Every operation of the service, with its family and path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operation {
    Register,
    ListMethods,
    GenerateResource,
    Checkout,
    RequestOtp,
    AddAccount,
    DeleteAccount,
    CreatePaymentLink,
    CreateMethodPayment,
    PaymentStatus,
    PaymentFeatures,
    InstantBanks,
    Withdraw,
    Balance,
    SimulateNotification,
    TransactionToken,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// The envelope API under `base_url`.
    A,
    /// The pay API under `pay_url`.
    B,
}

impl Operation {
    pub fn family(self) -> Family {
        match self {
            Operation::Register
            | Operation::ListMethods
            | Operation::GenerateResource
            | Operation::Checkout
            | Operation::RequestOtp
            | Operation::AddAccount
            | Operation::DeleteAccount => Family::A,
            _ => Family::B,
        }
    }

    pub fn path(self) -> &'static str {
        match self {
            Operation::Register => "/auth/register",
            Operation::ListMethods => "/payments/method/list",
            Operation::GenerateResource | Operation::Checkout => "/payments/resource/generate",
            Operation::RequestOtp => "/accounts/otp/get",
            Operation::AddAccount => "/accounts/add",
            Operation::DeleteAccount => "/accounts/delete",
            Operation::CreatePaymentLink => "/cash-in/generate/payment-link/token",
            Operation::CreateMethodPayment => "/cash-in/generate/payment-method/token",
            Operation::PaymentStatus => "/payment/status",
            Operation::PaymentFeatures => "/payment/features",
            Operation::InstantBanks => "/payment/instant-banks",
            Operation::Withdraw => "/cash-out/generate/withdraw-method/token",
            Operation::Balance => "/customer/getBalance",
            Operation::SimulateNotification => "/webhook/notify",
            Operation::TransactionToken => "/trx-token/generate",
        }
    }

    /// Whether doing it twice would create or move something: after a lost answer such an
    /// operation's outcome is unknown.
    pub fn changes_state(self) -> bool {
        !matches!(
            self,
            Operation::ListMethods
                | Operation::PaymentStatus
                | Operation::PaymentFeatures
                | Operation::InstantBanks
                | Operation::Balance
                | Operation::TransactionToken
        )
    }

    /// Cash-in generation carries an `x-transaction-token` (the spec), and so does the cash-out
    /// (the service's public material: a single-use token for each, asked for that path).
    fn needs_transaction_token(self) -> bool {
        matches!(
            self,
            Operation::CreatePaymentLink | Operation::CreateMethodPayment | Operation::Withdraw
        )
    }

    pub fn describe(self) -> String {
        match self {
            Operation::Register => crate::t!("operation-register"),
            Operation::ListMethods => crate::t!("operation-list-methods"),
            Operation::GenerateResource => crate::t!("operation-generate-resource"),
            Operation::Checkout => crate::t!("operation-checkout"),
            Operation::RequestOtp => crate::t!("operation-request-otp"),
            Operation::AddAccount => crate::t!("operation-add-account"),
            Operation::DeleteAccount => crate::t!("operation-delete-account"),
            Operation::CreatePaymentLink => crate::t!("operation-create-payment-link"),
            Operation::CreateMethodPayment => crate::t!("operation-create-method-payment"),
            Operation::PaymentStatus => crate::t!("operation-payment-status"),
            Operation::PaymentFeatures => crate::t!("operation-payment-features"),
            Operation::InstantBanks => crate::t!("operation-instant-banks"),
            Operation::Withdraw => crate::t!("operation-withdraw"),
            Operation::Balance => crate::t!("operation-balance"),
            Operation::SimulateNotification => crate::t!("operation-simulate-notification"),
            Operation::TransactionToken => crate::t!("operation-transaction-token"),
        }
    }
}

/// Where the `x-transaction-token` of a cash-in request comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TransactionTokenSource {
    /// A fresh UUID v4 per request (docs/decisions.md's default).
    #[default]
    RandomUuid,
    /// A single-use token from `POST {pay_url}/trx-token/generate`.
    Fetch,
}

#[derive(Debug, Clone)]
pub struct ClientSettings {
    /// Family A base, already including `/api/v1`.
    pub base_url: String,
    /// Family B base.
    pub pay_url: String,
    pub api_token: Option<SecretString>,
    pub access_token: Option<SecretString>,
    /// `_channel` of Family A requests.
    pub channel: String,
    /// `_deviceKey` of Family A requests: one per installation.
    pub device_key: String,
    pub connect_timeout: Duration,
    pub request_timeout: Duration,
    pub transaction_token: TransactionTokenSource,
}

impl ClientSettings {
    pub fn new(base_url: impl Into<String>, pay_url: impl Into<String>) -> Self {
        ClientSettings {
            base_url: base_url.into(),
            pay_url: pay_url.into(),
            api_token: None,
            access_token: None,
            channel: "paydesk".into(),
            device_key: "paydesk-desktop".into(),
            connect_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            transaction_token: TransactionTokenSource::RandomUuid,
        }
    }
}

/// A decoded answer and the operation's `data` exactly as the service sent it.
#[derive(Debug, Clone)]
pub struct Reply<T> {
    pub value: T,
    pub raw: Value,
}

#[derive(Clone)]
pub struct Client {
    http: reqwest::Client,
    base_url: String,
    pay_url: String,
    settings: ClientSettings,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("base_url", &self.base_url)
            .field("pay_url", &self.pay_url)
            .finish_non_exhaustive()
    }
}

fn checked_base(which: &'static str, text: &str) -> Result<String, ApiError> {
    let url = Url::parse(text.trim()).map_err(|_| ApiError::BadUrl {
        which,
        url: text.to_owned(),
    })?;
    if url.host().is_none() || url.query().is_some() {
        return Err(ApiError::BadUrl {
            which,
            url: text.to_owned(),
        });
    }
    if !validate::is_secure_or_loopback(&url) {
        return Err(ApiError::InsecureUrl {
            url: text.to_owned(),
        });
    }
    Ok(url.as_str().trim_end_matches('/').to_owned())
}

impl Client {
    pub fn new(settings: ClientSettings) -> Result<Client, ApiError> {
        let base_url = checked_base("Family A base", &settings.base_url)?;
        let pay_url = checked_base("Family B base", &settings.pay_url)?;
        let http = reqwest::Client::builder()
            .connect_timeout(settings.connect_timeout)
            .timeout(settings.request_timeout)
            .user_agent(concat!("paydesk/", env!("CARGO_PKG_VERSION")))
            // Redirects could carry a bearer token to another host; the spec uses none.
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|error| ApiError::Setup(error.to_string()))?;
        Ok(Client {
            http,
            base_url,
            pay_url,
            settings,
        })
    }

    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    pub fn pay_url(&self) -> &str {
        &self.pay_url
    }

    /// An image the service refers to (a payment method's icon): a path on the service's host,
    /// or a full URL. HTTPS only outside loopback, like everything else; at most 256 KiB.
    pub async fn fetch_asset(&self, path: &str) -> Result<Vec<u8>, ApiError> {
        const LIMIT: usize = 256 * 1024;
        let base = Url::parse(&self.base_url).map_err(|_| ApiError::BadUrl {
            which: "Family A base",
            url: self.base_url.clone(),
        })?;
        let url = base.join(path).map_err(|_| ApiError::BadUrl {
            which: "asset",
            url: path.to_owned(),
        })?;
        if !validate::is_secure_or_loopback(&url) {
            return Err(ApiError::InsecureUrl {
                url: url.to_string(),
            });
        }
        let operation = Operation::ListMethods;
        let response = self
            .http
            .get(url.as_str())
            .send()
            .await
            .map_err(|error| network_error(operation, url.as_str(), error))?;
        let status = response.status().as_u16();
        if !(200..300).contains(&status) {
            return Err(malformed(operation, status, "the asset is not there"));
        }
        let bytes = response
            .bytes()
            .await
            .map_err(|error| network_error(operation, url.as_str(), error))?;
        if bytes.len() > LIMIT {
            return Err(malformed(operation, status, "the asset is too large"));
        }
        Ok(bytes.to_vec())
    }

    // -- Family A ------------------------------------------------------------------------------

    pub async fn register(
        &self,
        registration: &Registration,
    ) -> Result<Reply<RegistrationReply>, ApiError> {
        self.call_a(Operation::Register, registration.wire()).await
    }

    pub async fn list_methods(&self, query: &MethodQuery) -> Result<Reply<MethodList>, ApiError> {
        self.call_a(Operation::ListMethods, query.wire()).await
    }

    pub async fn generate_resource(
        &self,
        request: &ResourceRequest,
    ) -> Result<Reply<ResourceReply>, ApiError> {
        self.call_a(Operation::GenerateResource, request.wire())
            .await
    }

    pub async fn checkout(
        &self,
        request: &CheckoutRequest,
    ) -> Result<Reply<CheckoutReply>, ApiError> {
        self.call_a(Operation::Checkout, request.wire()).await
    }

    pub async fn request_otp(&self, reason_id: i64) -> Result<Reply<Value>, ApiError> {
        self.call_a(Operation::RequestOtp, otp_wire(reason_id))
            .await
    }

    pub async fn add_account(
        &self,
        account: &NewBankAccount,
    ) -> Result<Reply<AccountReply>, ApiError> {
        self.call_a(Operation::AddAccount, account.wire()).await
    }

    pub async fn delete_account(
        &self,
        account_id: i64,
        otp: Option<&str>,
    ) -> Result<Reply<Value>, ApiError> {
        self.call_a(
            Operation::DeleteAccount,
            delete_account_wire(account_id, otp),
        )
        .await
    }

    // -- Family B ------------------------------------------------------------------------------

    pub async fn create_payment_link(
        &self,
        request: &PaymentLinkRequest,
    ) -> Result<Reply<PaymentLink>, ApiError> {
        let body = self
            .call_b(Operation::CreatePaymentLink, request.wire())
            .await?;
        decode_data(Operation::CreatePaymentLink, body)
    }

    pub async fn create_method_payment(
        &self,
        request: &PaymentMethodRequest,
    ) -> Result<Reply<MethodPayment>, ApiError> {
        let body = self
            .call_b(Operation::CreateMethodPayment, request.wire())
            .await?;
        decode_data(Operation::CreateMethodPayment, body)
    }

    pub async fn payment_status(&self, reference: &str) -> Result<Reply<StatusRecord>, ApiError> {
        let body = self
            .call_b(
                Operation::PaymentStatus,
                json!({"reference": reference.trim()}),
            )
            .await?;
        decode_data(Operation::PaymentStatus, body)
    }

    pub async fn payment_features(&self, method_id: i64) -> Result<Reply<BankList>, ApiError> {
        let body = self
            .call_b(Operation::PaymentFeatures, json!({"id": method_id}))
            .await?;
        decode_data(Operation::PaymentFeatures, body)
    }

    pub async fn instant_banks(&self, cellphone: &str) -> Result<Reply<InstantBankList>, ApiError> {
        let body = self
            .call_b(Operation::InstantBanks, json!({"cellphone": cellphone}))
            .await?;
        decode_data(Operation::InstantBanks, body)
    }

    pub async fn withdraw(
        &self,
        request: &WithdrawRequest,
    ) -> Result<Reply<WithdrawReceipt>, ApiError> {
        let body = self.call_b(Operation::Withdraw, request.wire()).await?;
        decode_withdraw(body)
    }

    pub async fn balance(&self, user_id: i64) -> Result<Reply<Balance>, ApiError> {
        let body = self
            .call_b(Operation::Balance, json!({"userId": user_id}))
            .await?;
        decode_balance(body)
    }

    pub async fn simulate_notification(
        &self,
        simulation: &NotifySimulation,
    ) -> Result<Reply<Value>, ApiError> {
        let body = self
            .call_b(Operation::SimulateNotification, simulation.wire())
            .await?;
        decode_data(Operation::SimulateNotification, body)
    }

    // -- Transport -----------------------------------------------------------------------------

    async fn call_a<T: DeserializeOwned>(
        &self,
        operation: Operation,
        data: Value,
    ) -> Result<Reply<T>, ApiError> {
        let mut headers = HeaderMap::new();
        if operation != Operation::Register {
            let token = self
                .settings
                .api_token
                .as_ref()
                .filter(|token| !token.is_empty())
                .ok_or(ApiError::MissingCredential("API token"))?;
            headers.insert(AUTHORIZATION, secret_header(token)?);
        }
        let body = json!({
            "data": data,
            "_channel": self.settings.channel,
            "_deviceKey": self.settings.device_key,
        });
        let url = format!("{}{}", self.base_url, operation.path());
        let (status, bytes) = self.post(operation, &url, headers, &body).await?;
        let data = decode_family_a(operation, status, &bytes)?;
        let value = serde_json::from_value(data.clone())
            .map_err(|error| malformed(operation, status, error))?;
        Ok(Reply { value, raw: data })
    }

    /// Returns the whole success body (`statusCode` "00"); errors are already mapped.
    async fn call_b(&self, operation: Operation, body: Value) -> Result<Value, ApiError> {
        let token = self
            .settings
            .access_token
            .as_ref()
            .filter(|token| !token.is_empty())
            .ok_or(ApiError::MissingCredential("access token"))?;
        let mut headers = HeaderMap::new();
        let bearer = SecretString::new(format!("Bearer {}", token.expose()));
        headers.insert(AUTHORIZATION, secret_header(&bearer)?);
        if operation.needs_transaction_token() {
            let transaction_token = match self.settings.transaction_token {
                TransactionTokenSource::RandomUuid => uuid::Uuid::new_v4().to_string(),
                TransactionTokenSource::Fetch => {
                    Box::pin(self.fetch_transaction_token(operation)).await?
                }
            };
            let value = HeaderValue::from_str(&transaction_token).map_err(|_| {
                malformed(
                    Operation::TransactionToken,
                    200,
                    "the token is not a valid header value",
                )
            })?;
            headers.insert("x-transaction-token", value);
        }
        let url = format!("{}{}", self.pay_url, operation.path());
        let (status, bytes) = self.post(operation, &url, headers, &body).await?;
        decode_family_b(operation, status, &bytes)
    }

    /// A single-use token for one cash-in request: `data.token`, `data.transactionToken`, or
    /// `data` itself as a string, whichever the service sends.
    async fn fetch_transaction_token(&self, for_operation: Operation) -> Result<String, ApiError> {
        let body = self
            .call_b(
                Operation::TransactionToken,
                json!({"service": for_operation.path()}),
            )
            .await?;
        let data = body.get("data").unwrap_or(&Value::Null);
        [
            data.get("token"),
            data.get("transactionToken"),
            data.get("trxToken"),
            Some(data),
        ]
        .into_iter()
        .flatten()
        .find_map(|value| value.as_str().map(str::to_owned))
        .filter(|token| !token.is_empty())
        .ok_or_else(|| malformed(Operation::TransactionToken, 200, "no token in data"))
    }

    async fn post(
        &self,
        operation: Operation,
        url: &str,
        mut headers: HeaderMap,
        body: &Value,
    ) -> Result<(u16, Vec<u8>), ApiError> {
        headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        let bytes = serde_json::to_vec(body).map_err(|error| ApiError::Setup(error.to_string()))?;
        tracing::debug!(operation = ?operation, url, "sending");
        let response = self
            .http
            .post(url)
            .headers(headers)
            .body(bytes)
            .send()
            .await
            .map_err(|error| network_error(operation, url, error))?;
        let status = response.status().as_u16();
        let bytes = response
            .bytes()
            .await
            .map_err(|error| network_error(operation, url, error))?;
        tracing::debug!(operation = ?operation, status, length = bytes.len(), "answered");
        Ok((status, bytes.to_vec()))
    }
}

fn secret_header(secret: &SecretString) -> Result<HeaderValue, ApiError> {
    let mut value = HeaderValue::from_str(secret.expose())
        .map_err(|_| ApiError::Setup("a token contains characters that cannot be sent".into()))?;
    value.set_sensitive(true);
    Ok(value)
}

fn network_error(operation: Operation, url: &str, error: reqwest::Error) -> ApiError {
    let host = Url::parse(url)
        .ok()
        .and_then(|url| {
            url.host_str()
                .map(|host| format!("{host}:{}", url.port_or_known_default().unwrap_or(443)))
        })
        .unwrap_or_default();
    // A failed connect means nothing was sent; checked before the timeout because a connect
    // timeout is both.
    if error.is_connect() {
        ApiError::Unreachable {
            host,
            detail: error.without_url().to_string(),
        }
    } else if error.is_timeout() {
        ApiError::TimedOut { operation }
    } else {
        ApiError::ConnectionLost {
            operation,
            detail: error.without_url().to_string(),
        }
    }
}

pub(crate) fn malformed(
    operation: Operation,
    http_status: u16,
    detail: impl std::fmt::Display,
) -> ApiError {
    ApiError::Malformed {
        operation,
        http_status,
        detail: detail.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_plain_http_outside_loopback() {
        for (base, ok) in [
            ("https://api.example.co/api/v1", true),
            ("http://127.0.0.1:8080/api/v1", true),
            ("http://127.9.9.9/api/v1", true),
            ("http://localhost:1/api/v1", true),
            ("http://[::1]:1/api/v1", true),
            ("http://api.example.co/api/v1", false),
            ("http://192.168.1.5/api/v1", false),
        ] {
            let result = Client::new(ClientSettings::new(base, "https://pay.example.co"));
            assert_eq!(result.is_ok(), ok, "{base}");
            if !ok {
                assert!(matches!(result, Err(ApiError::InsecureUrl { .. })));
            }
        }
        assert!(matches!(
            Client::new(ClientSettings::new("not a url", "https://pay.example.co")),
            Err(ApiError::BadUrl { .. })
        ));
    }
}
