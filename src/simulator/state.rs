//! The simulated service's memory: merchants, transactions, one-time codes, bank accounts and
//! balances, with the state moves of docs/decisions.md. Plain data (serializable for `--state FILE`);
//! every rule that changes it lives here, the HTTP handlers only read and answer.

use std::collections::{BTreeMap, VecDeque};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::clock;

pub const DEMO_USER_ID: i64 = 1001;
pub const MINIMUM_AMOUNT: i64 = 1_000;
pub const CASH_OUT_SPACING_SECONDS: i64 = 30;
pub const ONLINE_WITHDRAWAL_CEILING: i64 = 2_000_000;
pub const OTP_LIFETIME_SECONDS: i64 = 300;
/// Online withdrawals wait up to 12 h for the recipient to accept.
pub const ONLINE_WITHDRAWAL_WINDOW_SECONDS: i64 = 12 * 3_600;
pub const DEMO_DISBURSEMENT_FUNDS: i64 = 5_000_000;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Merchant {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub cellphone: String,
    pub doc_type: String,
    pub doc_number: String,
    pub token: String,
    pub session_ended: bool,
    pub privileges: Vec<String>,
    pub disbursement_balance: i64,
    pub multiproduct_balance: i64,
    pub last_cash_out_at: Option<i64>,
}

pub const ALL_PRIVILEGES: &[&str] = &["resources.generate", "accounts.manage", "methods.list"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    /// Family A resource.
    Resource,
    /// Family B payment link (gateway).
    Link,
    /// Family B payment for one method.
    MethodPayment,
    /// Family B disbursement.
    CashOut,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Transaction {
    pub id: i64,
    pub reference: String,
    pub resource_id: String,
    pub merchant_id: i64,
    pub kind: Kind,
    pub method_id: i64,
    pub method_name: String,
    /// 0 for a static QR until the payer types an amount.
    pub amount: i64,
    pub cost: i64,
    pub status: u8,
    pub created_at: i64,
    pub updated_at: i64,
    pub expires_at: Option<i64>,
    /// When a payer's approval finishes processing (status 9 -> 2).
    pub processing_until: Option<i64>,
    pub webhook_url: Option<String>,
    pub return_url: Option<String>,
    pub reference1: String,
    pub reference2: Value,
    pub description: Option<String>,
    pub provider_reference: String,
    pub checkout_started: bool,
    pub bank: Option<(String, String)>,
    pub withdraw: Option<Value>,
    pub error: Option<(String, String)>,
    /// Takes several payments until it expires (a Bre-B key, an interoperable QR): an approval
    /// does not close it.
    #[serde(default)]
    pub repeatable: bool,
    /// Payments approved so far.
    #[serde(default)]
    pub payments: u32,
}

impl Transaction {
    /// A payment or payout just created: pending, nothing paid, nothing notified yet. Each
    /// route fills in what its request said.
    pub fn pending(id: i64, kind: Kind, now: i64) -> Transaction {
        Transaction {
            id,
            reference: String::new(),
            resource_id: String::new(),
            merchant_id: DEMO_USER_ID,
            kind,
            method_id: 0,
            method_name: String::new(),
            amount: 0,
            cost: 0,
            status: 1,
            created_at: now,
            updated_at: now,
            expires_at: None,
            processing_until: None,
            webhook_url: None,
            return_url: None,
            reference1: String::new(),
            reference2: json!({}),
            description: None,
            provider_reference: String::new(),
            checkout_started: false,
            bank: None,
            withdraw: None,
            error: None,
            repeatable: false,
            payments: 0,
        }
    }

    pub fn is_final(&self) -> bool {
        matches!(self.status, 0 | 2 | 3 | 5)
    }

    /// Whether a payer can pay it now: pending, or a repeatable one already paid and still
    /// open.
    pub fn accepts_payment(&self, now: i64) -> bool {
        match self.status {
            1 => true,
            2 => self.repeatable && self.expires_at.is_none_or(|expiry| expiry > now),
            _ => false,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Otp {
    pub code: String,
    pub reason: i64,
    pub merchant_id: i64,
    pub expires_at: i64,
    pub used: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BankAccount {
    pub id: i64,
    pub merchant_id: i64,
    pub number: String,
    pub bank_id: i64,
    pub type_id: i64,
}

/// An injected fault, for tests and demos.
#[derive(Debug, Clone, Serialize, Deserialize, Default, PartialEq, Eq)]
pub struct Fault {
    /// Added before the operation runs.
    #[serde(default)]
    pub latency_ms: u64,
    #[serde(default)]
    pub mode: FaultMode,
    /// How many requests it applies to; `None` for all until cleared.
    #[serde(default)]
    pub times: Option<u32>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, Default, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum FaultMode {
    /// Only the latency.
    #[default]
    None,
    /// HTTP 500 with the family's error body; nothing is done.
    ServerError,
    /// HTTP 200 with truncated JSON, after doing the operation.
    Malformed,
    /// HTTP 502 with an HTML page; nothing is done.
    Html,
    /// HTTP 200 with an empty body, after doing the operation.
    Empty,
    /// The operation is done, then the connection breaks mid-answer.
    DropAfterCommit,
    /// The operation is done, then no answer ever comes (the client times out).
    HangAfterCommit,
    /// The caller's Family A session is ended first (`auth.sessionEnded`).
    SessionEnded,
}

/// A notification waiting for delivery, or delivered, kept for the control endpoint.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct OutboxEntry {
    pub id: u64,
    pub url: String,
    pub body: String,
    pub attempts: u32,
    pub delivered: bool,
    pub last_error: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WebhookBehaviour {
    /// Every notification is sent twice.
    pub duplicates: bool,
    /// A stale "pending" notification follows each final one.
    pub out_of_order: bool,
    pub max_attempts: u32,
    pub first_retry_ms: u64,
}

impl Default for WebhookBehaviour {
    fn default() -> Self {
        WebhookBehaviour {
            duplicates: false,
            out_of_order: false,
            max_attempts: 6,
            first_retry_ms: 500,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RecordedRequest {
    pub method: String,
    pub path: String,
    pub headers: BTreeMap<String, String>,
    pub body: Value,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct State {
    pub merchants: Vec<Merchant>,
    pub transactions: Vec<Transaction>,
    pub otps: Vec<Otp>,
    pub accounts: Vec<BankAccount>,
    pub used_transaction_tokens: Vec<String>,
    /// Tokens handed out by `/trx-token/generate`, with the path each one is for.
    #[serde(default)]
    pub issued_transaction_tokens: Vec<(String, String)>,
    pub next_id: i64,
    #[serde(default)]
    pub faults: BTreeMap<String, Fault>,
    #[serde(default)]
    pub webhooks: WebhookBehaviour,
    #[serde(default)]
    pub outbox: Vec<OutboxEntry>,
    #[serde(skip)]
    pub requests: VecDeque<RecordedRequest>,
    /// How long an approval stays "processing" (9) before it is approved (2).
    pub processing_ms: u64,
    /// The service's spacing between cash-outs; the control endpoint may relax it for demos.
    #[serde(default = "default_spacing")]
    pub cash_out_spacing_seconds: i64,
    /// Payouts the provider would pay at once (a Bre-B transfer, a product) stay pending.
    #[serde(default)]
    pub hold_payouts: bool,
    /// Sign-ins, revoked tokens and enrolments of the current pay API.
    #[serde(default)]
    pub pay_api: PayApiAccess,
}

fn default_spacing() -> i64 {
    CASH_OUT_SPACING_SECONDS
}

/// What a notification needs, taken from a transaction at the moment of a change.
pub struct PendingNotification {
    pub url: String,
    pub body: Value,
}

impl State {
    pub fn new(demo_api_token: &str) -> State {
        State {
            merchants: vec![Merchant {
                id: DEMO_USER_ID,
                name: "Tienda Demo".into(),
                email: "demo@paydesk.test".into(),
                cellphone: "3001234567".into(),
                doc_type: "NIT".into(),
                doc_number: "900123456".into(),
                token: demo_api_token.into(),
                session_ended: false,
                privileges: ALL_PRIVILEGES.iter().map(|p| p.to_string()).collect(),
                disbursement_balance: DEMO_DISBURSEMENT_FUNDS,
                multiproduct_balance: 0,
                last_cash_out_at: None,
            }],
            transactions: Vec::new(),
            otps: Vec::new(),
            accounts: Vec::new(),
            used_transaction_tokens: Vec::new(),
            issued_transaction_tokens: Vec::new(),
            next_id: 100_001,
            faults: BTreeMap::new(),
            webhooks: WebhookBehaviour::default(),
            outbox: Vec::new(),
            requests: VecDeque::new(),
            processing_ms: 200,
            cash_out_spacing_seconds: CASH_OUT_SPACING_SECONDS,
            hold_payouts: false,
            pay_api: Default::default(),
        }
    }

    pub fn take_id(&mut self) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    pub fn merchant_by_token(&self, token: &str) -> Option<&Merchant> {
        self.merchants.iter().find(|m| m.token == token)
    }

    pub fn merchant_mut(&mut self, id: i64) -> Option<&mut Merchant> {
        self.merchants.iter_mut().find(|m| m.id == id)
    }

    pub fn transaction(&self, reference: &str) -> Option<&Transaction> {
        self.transactions.iter().find(|t| t.reference == reference)
    }

    pub fn transaction_mut(&mut self, reference: &str) -> Option<&mut Transaction> {
        self.transactions
            .iter_mut()
            .find(|t| t.reference == reference)
    }

    pub fn record(&mut self, request: RecordedRequest) {
        if self.requests.len() >= 500 {
            self.requests.pop_front();
        }
        self.requests.push_back(request);
    }

    /// Takes the fault for a route (exact path, then `*`), counting down its uses.
    pub fn take_fault(&mut self, path: &str) -> Option<Fault> {
        let key = if self.faults.contains_key(path) {
            path.to_owned()
        } else if self.faults.contains_key("*") {
            "*".to_owned()
        } else {
            return None;
        };
        let fault = self.faults.get_mut(&key)?;
        let taken = fault.clone();
        match &mut fault.times {
            Some(1) => {
                self.faults.remove(&key);
            }
            Some(left) => *left -= 1,
            None => {}
        }
        Some(taken)
    }

    pub fn issue_otp(&mut self, merchant_id: i64, reason: i64, now: i64) -> String {
        let code = format!("{:06}", uuid::Uuid::new_v4().as_u128() % 1_000_000);
        self.otps.push(Otp {
            code: code.clone(),
            reason,
            merchant_id,
            expires_at: now + OTP_LIFETIME_SECONDS,
            used: false,
        });
        code
    }

    /// Uses up a valid code for this merchant and reason; false if there is none.
    pub fn consume_otp(&mut self, merchant_id: i64, reason: i64, code: &str, now: i64) -> bool {
        match self.otps.iter_mut().find(|otp| {
            otp.merchant_id == merchant_id
                && otp.reason == reason
                && otp.code == code
                && !otp.used
                && otp.expires_at > now
        }) {
            Some(otp) => {
                otp.used = true;
                true
            }
            None => false,
        }
    }

    /// The payer's (or the provider's) answer on a pending transaction. Returns the
    /// notifications to send. Final states never change.
    pub fn settle(
        &mut self,
        reference: &str,
        outcome: Outcome,
        now_ms: i64,
    ) -> Result<Vec<PendingNotification>, SettleError> {
        let processing_ms = self.processing_ms as i64;
        let transaction = self
            .transaction_mut(reference)
            .ok_or(SettleError::NotFound)?;
        let paying_again = transaction.repeatable && transaction.status == 2;
        if paying_again && !transaction.accepts_payment(now_ms / 1_000) {
            return Err(SettleError::AlreadyFinal(transaction.status));
        }
        if paying_again && !matches!(outcome, Outcome::Approve { .. }) {
            // A payer who declines a key already paid by others leaves it as it is.
            return Ok(Vec::new());
        }
        if transaction.is_final() && !paying_again {
            return Err(SettleError::AlreadyFinal(transaction.status));
        }
        if let Outcome::Approve {
            amount: Some(amount),
        } = outcome
            // A code without an amount takes what each payer types (a static QR: every payer
            // their own); one with an amount keeps it.
            && (transaction.amount == 0 || paying_again)
        {
            transaction.amount = amount;
            transaction.cost = cost_of(amount);
        }
        if matches!(outcome, Outcome::Approve { .. }) && transaction.amount == 0 {
            return Err(SettleError::AmountNeeded);
        }
        let now = now_ms / 1_000;
        transaction.updated_at = now;
        match outcome {
            Outcome::Approve { .. } if processing_ms > 0 => {
                transaction.status = 9;
                transaction.processing_until = Some(now_ms + processing_ms);
                // The service tells the merchant a payment is under way (status 9).
                let snapshot = transaction.clone();
                Ok(self.notifications_for(&snapshot, None))
            }
            Outcome::Approve { .. } => Ok(self.finish(reference, 2, now)),
            Outcome::Decline => Ok(self.finish(reference, 0, now)),
            Outcome::Fail => Ok(self.finish(reference, 3, now)),
            Outcome::Expire => Ok(self.finish(reference, 5, now)),
        }
    }

    /// Moves a transaction to a final state, adjusts balances and builds its notifications.
    fn finish(&mut self, reference: &str, status: u8, now: i64) -> Vec<PendingNotification> {
        let Some(transaction) = self.transaction_mut(reference) else {
            return Vec::new();
        };
        transaction.status = status;
        transaction.updated_at = now;
        transaction.processing_until = None;
        transaction.provider_reference = if transaction.repeatable && status == 2 {
            // Each payment of a repeatable resource is its own operation at the provider.
            transaction.payments += 1;
            format!("PRV{}-{}", transaction.id, transaction.payments)
        } else {
            format!("PRV{}", transaction.id)
        };
        // The service is Colombian: its messages reach the shop in Spanish, whatever the app's
        // language.
        if matches!(status, 0 | 3 | 5) {
            transaction.error = Some(match status {
                0 => (
                    "REJECTED".into(),
                    "La entidad del pagador rechazó la transacción".into(),
                ),
                5 => (
                    "EXPIRED".into(),
                    "El pago venció antes de ser pagado".into(),
                ),
                _ => (
                    "FAILED".into(),
                    "El proveedor no pudo completar la transacción".into(),
                ),
            });
        }
        let snapshot = transaction.clone();
        if let Some(merchant) = self.merchant_mut(snapshot.merchant_id) {
            match (snapshot.kind, status) {
                (Kind::CashOut, 0 | 3 | 5) => merchant.disbursement_balance += snapshot.amount,
                (Kind::CashOut, _) => {}
                (_, 2) => merchant.multiproduct_balance += snapshot.amount - snapshot.cost,
                _ => {}
            }
        }
        self.notifications_for(&snapshot, None)
    }

    /// Time passes: processing approvals complete, pending transactions expire.
    pub fn tick(&mut self, now_ms: i64) -> Vec<PendingNotification> {
        let now = now_ms / 1_000;
        let due: Vec<(String, u8)> = self
            .transactions
            .iter()
            .filter_map(|t| match (t.status, t.processing_until, t.expires_at) {
                (9, Some(until), _) if until <= now_ms => Some((t.reference.clone(), 2)),
                (1, _, Some(expiry)) if expiry * 1_000 <= now_ms => Some((t.reference.clone(), 5)),
                _ => None,
            })
            .collect();
        due.into_iter()
            .flat_map(|(reference, status)| self.finish(&reference, status, now))
            .collect()
    }

    /// The spec's notification body for a transaction (status mapped to 1, 2 or 3), once, twice
    /// with duplicates on, and with a stale "pending" after a final one when out-of-order is on.
    pub fn notifications_for(
        &self,
        transaction: &Transaction,
        status_override: Option<(i64, i64, i64)>,
    ) -> Vec<PendingNotification> {
        let Some(url) = transaction.webhook_url.clone() else {
            return Vec::new();
        };
        let (status, amount, cost) = status_override.unwrap_or((
            notified_status(transaction.status),
            transaction.amount,
            transaction.cost,
        ));
        let mut bodies = vec![notification_body(transaction, status, amount, cost)];
        if self.webhooks.out_of_order && status != 1 {
            let mut stale = notification_body(transaction, 1, amount, cost);
            stale["updatedAt"] = json!(clock::local_datetime(transaction.created_at));
            bodies.push(stale);
        }
        if self.webhooks.duplicates {
            bodies = bodies.into_iter().flat_map(|b| [b.clone(), b]).collect();
        }
        bodies
            .into_iter()
            .map(|body| PendingNotification {
                url: url.clone(),
                body,
            })
            .collect()
    }
}

/// What a notification carries: the spec lists 1, 2 and 3, and the service's integrations also
/// handle 0 (rejected) and 9 (processing). Cancelled (expired) is notified as failed.
pub fn notified_status(status: u8) -> i64 {
    match status {
        0 => 0,
        2 => 2,
        3 | 5 => 3,
        9 => 9,
        _ => 1,
    }
}

/// The simulator's cost rule: 2.99 % plus $ 900, in whole pesos, rounded down. Amounts under
/// $ 1.000 have no cost that covers them (`transaction.cost.notSupport`).
pub fn cost_of(amount: i64) -> i64 {
    amount * 299 / 10_000 + 900
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Approve { amount: Option<i64> },
    Decline,
    Fail,
    Expire,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettleError {
    NotFound,
    AlreadyFinal(u8),
    AmountNeeded,
}

/// `HMAC-SHA1(key = HASH_KEY, "<referenceId>-<resourceId>-<amount>-<updatedAt>-<HASH_KEY>")`,
/// lowercase hex. Computed here on the simulator's own terms, apart from the receiver's code.
pub fn sign(hash_key: &str, signed_fields: [&str; 4]) -> String {
    use hmac::{KeyInit, Mac};
    let mut message = signed_fields.join("-");
    message.push('-');
    message.push_str(hash_key);
    // Any key length is a valid HMAC key: the empty answer is never given.
    hmac::Hmac::<sha1::Sha1>::new_from_slice(hash_key.as_bytes())
        .map(|mac| hex::encode(mac.chain_update(message).finalize().into_bytes()))
        .unwrap_or_default()
}

/// The service's own published sample reads `realAmount` 20000, `amount` 19405, `cost`
/// "$595.00": the payer paid the real amount, the service kept the cost, the merchant receives
/// the amount, and the signature covers that net amount.
fn notification_body(transaction: &Transaction, status: i64, amount: i64, cost: i64) -> Value {
    let (bank_id, bank_name) = transaction.bank.clone().unwrap_or_default();
    let label = transaction
        .reference2
        .get("Label")
        .cloned()
        .unwrap_or_else(|| json!({}));
    let data = transaction
        .reference2
        .get("Data")
        .cloned()
        .unwrap_or_else(|| json!({}));
    let mut body = json!({
        "realAmount": amount,
        "amount": amount - cost,
        "cost": clock::notification_currency(cost),
        "referenceId": transaction.reference,
        "moduleId": if transaction.kind == Kind::CashOut { 2 } else { 1 },
        "productId": transaction.method_id,
        "referenceKey": format!("KEY{}", transaction.id),
        "paymentMethod": transaction.method_name,
        "userId": transaction.merchant_id,
        "resourceId": transaction.resource_id,
        "updatedAt": clock::local_datetime(transaction.updated_at),
        "providerId": 7,
        "providerReference": transaction.provider_reference,
        "reference1": transaction.reference1,
        "reference2": {"Label": label, "Data": data, "returnUrl": transaction.return_url.clone().unwrap_or_default()},
        "bankId": bank_id,
        "bankName": bank_name,
        "status": status,
        "sign": "",
        "error": match &transaction.error {
            Some((code, message)) if matches!(status, 0 | 3) => json!({"code": code, "message": message}),
            _ => json!({"code": "", "message": ""}),
        },
    });
    if let Some(withdraw) = &transaction.withdraw {
        let mut withdraw = withdraw.clone();
        withdraw["updatedAt"] = json!(clock::local_datetime(transaction.updated_at));
        withdraw["providerReference"] = json!(transaction.provider_reference);
        body["withdraw"] = withdraw;
    }
    body
}

/// Fills in `sign` just before sending, with the amount's literal text as it will be sent.
pub fn signed(mut body: Value, hash_key: &str) -> Value {
    let text = |key: &str| match &body[key] {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let fields = ["referenceId", "resourceId", "amount", "updatedAt"].map(text);
    let signature = sign(hash_key, fields.each_ref().map(String::as_str));
    body["sign"] = json!(signature);
    body
}

/// Who may use the current pay API, and what the demo merchant has set up with support.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct PayApiAccess {
    /// Bearer tokens handed out by `/auth/login`, oldest first (a few are kept).
    #[serde(default)]
    pub signed_in: Vec<String>,
    /// Revoked tokens: the configured demo token too, once revoked.
    #[serde(default)]
    pub revoked: Vec<String>,
    /// The merchant has not done the Merchant Enrollment: the interoperable QR (248) and Bre-B
    /// keys (250) are refused.
    #[serde(default)]
    pub not_enrolled: bool,
    /// Support has set the PSE gateway (262) up for the merchant.
    #[serde(default)]
    pub pse_gateway_ready: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cost_rule() {
        assert_eq!(cost_of(25_000), 747 + 900);
        assert_eq!(cost_of(1_000), 29 + 900);
    }

    #[test]
    fn signature_matches_a_known_value() {
        // printf '%s' 'R1-S1-25000-2026-11-21 10:00:00-k' | openssl sha1 -hmac k
        assert_eq!(
            sign("k", ["R1", "S1", "25000", "2026-11-21 10:00:00"]),
            "051a13fa30139448164bb35419ea81139394903e"
        );
    }
}
