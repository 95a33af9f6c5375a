//! The client of both interface families: one method per operation, each request built by its
//! family's types, sent by the transport within its deadlines, and its answer decoded.

use reqwest::header::{AUTHORIZATION, HeaderMap, HeaderValue};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use url::Url;

use super::decode::{
    Reply, decode_balance, decode_data, decode_family_a, decode_family_b, decode_withdraw,
};
use super::dialect::{Dialect, TransactionTokenSource};
use super::error::{ApiError, MissingSetting, malformed};
use super::family_a::*;
use super::family_b::*;
use super::operation::Operation;
use super::reach::Reachability;
use super::settings::ClientSettings;
use super::transport::{Transport, network_error, secret_header};
use crate::secrets::SecretString;
use crate::validate;

#[derive(Clone)]
pub struct Client {
    /// How requests travel, and whether the service answered lately; shared by every clone.
    transport: Transport,
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
        Ok(Client {
            transport: Transport::new(&settings, &pay_url)?,
            base_url,
            pay_url,
            settings,
        })
    }

    /// Whether the service answered lately, as every request and the light check found.
    pub fn reachability(&self) -> &Reachability {
        self.transport.reachability()
    }

    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    pub fn pay_url(&self) -> &str {
        &self.pay_url
    }

    pub fn dialect(&self) -> Dialect {
        self.settings.dialect
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
            .transport
            .get(url.as_str())
            .send()
            .await
            .map_err(|error| network_error(operation, url.as_str(), error))?;
        let status = response.status().as_u16();
        if !(200..300).contains(&status) {
            return Err(malformed(operation, status, "the asset is not there"));
        }
        super::transport::read_capped(response, LIMIT)
            .await
            .map_err(|error| network_error(operation, url.as_str(), error))?
            .ok_or_else(|| malformed(operation, status, "the asset is too large"))
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
    ) -> Result<Reply<CreatedCashIn>, ApiError> {
        let body = self
            .call_b(Operation::CreatePaymentLink, request.wire(self.dialect()))
            .await?;
        decode_data(Operation::CreatePaymentLink, body)
    }

    pub async fn create_method_payment(
        &self,
        request: &PaymentMethodRequest,
    ) -> Result<Reply<CreatedCashIn>, ApiError> {
        let body = self
            .call_b(Operation::CreateMethodPayment, request.wire(self.dialect()))
            .await
            .map_err(|error| error.explain_method(request.method_id))?;
        decode_data(Operation::CreateMethodPayment, body)
    }

    /// The pay API's bearer token for a user and password (`POST {pay_url}/auth/login`). It
    /// can be revoked, and its session may expire (a 401 either way asks for a sign-in). The
    /// password goes in this one request's body and nowhere else; the caller keeps the token
    /// in the keyring.
    pub async fn sign_in(
        &self,
        username: &str,
        password: &SecretString,
    ) -> Result<SecretString, ApiError> {
        let operation = Operation::SignIn;
        let body = json!({"username": username.trim(), "password": password.expose()});
        let url = format!("{}{}", self.pay_url, operation.path());
        let (status, bytes) = self
            .transport
            .post(operation, &url, HeaderMap::new(), &body)
            .await?;
        let body =
            decode_family_b(operation, status, &bytes).map_err(ApiError::into_sign_in_refusal)?;
        body.pointer("/data/token")
            .and_then(Value::as_str)
            .filter(|token| !token.trim().is_empty())
            .map(|token| SecretString::new(token.trim()))
            .ok_or_else(|| malformed(operation, status, "no data.token in the answer"))
    }

    /// Asks for a transaction token and drops it: shows, without moving money, that the
    /// service hands them out to this profile (Probar conexión).
    pub async fn try_transaction_token(&self) -> Result<(), ApiError> {
        self.fetch_transaction_token(Operation::CreatePaymentLink)
            .await
            .map(drop)
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

    /// The merchant's bags. `userId` goes when the profile has one; whether it may be left out
    /// is the interface's rule (the current service reads the user from the session token).
    /// Nothing is sent when it is needed and missing.
    pub async fn balance(
        &self,
        user_id: impl Into<Option<i64>>,
    ) -> Result<Reply<Balance>, ApiError> {
        let user_id = user_id.into();
        if !self.can_ask_balance(user_id) {
            return Err(ApiError::MissingSetting(MissingSetting::UserId));
        }
        let request = match user_id {
            Some(user_id) => json!({"userId": user_id}),
            None => json!({}),
        };
        let body = self.call_b(Operation::Balance, request).await?;
        decode_balance(body)
    }

    /// Whether the balance can be asked for with this user id, or with none.
    pub fn can_ask_balance(&self, user_id: Option<i64>) -> bool {
        user_id.is_some() || !self.dialect().balance_needs_user_id()
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
        self.transport.refuse_when_down(operation)?;
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
        let (status, bytes) = self.transport.post(operation, &url, headers, &body).await?;
        let data = decode_family_a(operation, status, &bytes)?;
        let value = serde_json::from_value(data.clone())
            .map_err(|error| malformed(operation, status, error))?;
        Ok(Reply { value, raw: data })
    }

    /// Returns the whole success body (`statusCode` "00"); errors are already mapped.
    async fn call_b(&self, operation: Operation, body: Value) -> Result<Value, ApiError> {
        self.transport.refuse_when_down(operation)?;
        let token = self
            .settings
            .access_token
            .as_ref()
            .filter(|token| !token.is_empty())
            .ok_or(ApiError::MissingCredential("access token"))?;
        let mut headers = HeaderMap::new();
        let bearer = SecretString::new(format!("Bearer {}", token.expose()));
        headers.insert(AUTHORIZATION, secret_header(&bearer)?);
        // The metadata first: it needs no answer from the service, and a transaction token
        // fetched for a request that then cannot go would be wasted.
        let mut body = body;
        if operation.moves_money_on_the_pay_api() && self.settings.dialect.sends_user_metadata() {
            let metadata = self.transport.user_metadata().await?;
            if let Some(object) = body.as_object_mut() {
                object.insert("userMetadata".into(), metadata);
            }
        }
        if operation.moves_money_on_the_pay_api() {
            let source = self
                .settings
                .dialect
                .transaction_token(self.settings.transaction_token);
            let transaction_token = match source {
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
        let (status, bytes) = self.transport.post(operation, &url, headers, &body).await?;
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::ClientSettings;

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
