//! "Probar conexión" (Configuración) and `paydesk profile check`: every credential and setting of
//! a profile checked against its service without moving money, each line saying what it found
//! and what to do when it fails, and saying plainly what cannot be checked from this computer.
//!
//! Nothing here creates a payment or a payout: the pay API token is tried on a read (the
//! balance, or a method's banks), a transaction token is asked for and never used, the envelope
//! API token lists methods, and the webhook address is asked for the receiver's greeting.

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;

use crate::api::{ApiError, Refusal, TransactionTokenSource};
use crate::config::Environment;
use crate::connection::Connection;
use crate::ledger::Ledger;
use crate::validate::{self, Field};

/// What a line is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Item {
    /// The pay API's bearer token.
    PayApiToken,
    /// The user id the balance is asked with.
    UserId,
    /// A single-use transaction token for a sale.
    TransactionToken,
    /// The envelope API's token (registration, QR resources, bank accounts).
    EnvelopeToken,
    /// The shop's page, `userMetadata.urlCommerce`.
    ShopUrl,
    /// The webhook key (HASH_KEY) notifications are signed with.
    WebhookKey,
    /// The public address the service sends notifications to.
    WebhookAddress,
}

impl Item {
    pub fn label(self) -> String {
        match self {
            Item::PayApiToken => crate::t!("checkup-pay-token"),
            Item::UserId => crate::t!("checkup-user-id"),
            Item::TransactionToken => crate::t!("checkup-transaction-token"),
            Item::EnvelopeToken => crate::t!("checkup-envelope-token"),
            Item::ShopUrl => crate::t!("checkup-shop-url"),
            Item::WebhookKey => crate::t!("checkup-webhook-key"),
            Item::WebhookAddress => crate::t!("checkup-webhook-address"),
        }
    }
}

/// What a check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Tried against the service (or its receiver), and it works.
    Works,
    /// Tried, and it does not: the line says what to do.
    Fails,
    /// The profile does not have it.
    NotSet,
    /// This interface or profile does not use it.
    NotNeeded,
    /// Nothing on this computer can tell: the line says when it will be known.
    CannotCheck,
}

impl Verdict {
    /// The verdict in the person's words (the window's font has no check marks).
    pub fn word(self) -> String {
        match self {
            Verdict::Works => crate::t!("checkup-works"),
            Verdict::Fails => crate::t!("checkup-fails"),
            Verdict::NotSet => crate::t!("checkup-not-set"),
            Verdict::NotNeeded => crate::t!("checkup-not-needed"),
            Verdict::CannotCheck => crate::t!("checkup-cannot-check"),
        }
    }

    /// A mark for the terminal.
    pub fn mark(self) -> &'static str {
        match self {
            Verdict::Works => "✓",
            Verdict::Fails => "✗",
            Verdict::NotSet => "!",
            Verdict::NotNeeded | Verdict::CannotCheck => "–",
        }
    }
}

/// One line of the checkup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Line {
    pub item: Item,
    pub verdict: Verdict,
    /// What was found, in the person's words.
    pub said: String,
    /// What to do about it, when something is to be done.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<String>,
    /// The service's own code, for whoever debugs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
}

impl Line {
    fn new(item: Item, verdict: Verdict, said: String) -> Line {
        Line {
            item,
            verdict,
            said,
            fix: None,
            code: None,
        }
    }

    fn fix(mut self, fix: String) -> Line {
        self.fix = Some(fix);
        self
    }

    fn code(mut self, error: &ApiError) -> Line {
        self.code = Some(error.code().to_owned());
        self
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The interface the profile speaks, as its version.
    pub interface: &'static str,
    pub lines: Vec<Line>,
}

impl Report {
    /// Whether something was tried and does not work (not-set lines are a to-do, and say so).
    pub fn has_failures(&self) -> bool {
        self.lines.iter().any(|line| line.verdict == Verdict::Fails)
    }
}

/// How long the webhook address may take to answer the greeting.
const PROBE_DEADLINE: Duration = Duration::from_secs(8);
/// The receiver's greeting is a few bytes; anything longer is not it.
const PROBE_MAX_BYTES: usize = 1_024;

/// Checks everything a profile needs, in the order a person sets it up. `ledger` (when the books
/// open) says whether the webhook key ever verified a notification.
pub async fn run(connection: &Connection, ledger: Option<Arc<Ledger>>) -> Report {
    let mut lines = pay_api(connection).await;
    lines.push(transaction_token(connection).await);
    lines.push(envelope_token(connection).await);
    lines.push(shop_url(connection));
    lines.push(webhook_key(connection, ledger).await);
    lines.push(webhook_address(connection).await);
    Report {
        interface: connection.client.dialect().version(),
        lines,
    }
}

/// The pay API token, tried on a read: the balance when the profile has a user id (which checks
/// the id too) or the interface needs none, a method's banks otherwise.
async fn pay_api(connection: &Connection) -> Vec<Line> {
    let client = &connection.client;
    if connection.user_id.is_none() && client.can_ask_balance(None) {
        return match client.balance(None).await {
            Ok(_) => vec![
                pay_token_works(),
                Line::new(
                    Item::UserId,
                    Verdict::NotNeeded,
                    crate::t!("checkup-user-id-not-needed"),
                ),
            ],
            Err(error) => pay_token_fails(connection, &error),
        };
    }
    let Some(user_id) = connection.user_id else {
        let token = match client
            .payment_features(crate::api::catalog::BANK_LIST_METHOD)
            .await
        {
            Ok(_) => pay_token_works(),
            Err(error) => pay_token_failure(connection, &error),
        };
        let user = Line::new(
            Item::UserId,
            Verdict::NotSet,
            crate::t!("checkup-user-id-missing"),
        )
        .fix(crate::t!("checkup-user-id-fix"));
        return vec![token, user];
    };
    match client.balance(user_id).await {
        Ok(_) => vec![
            pay_token_works(),
            Line::new(
                Item::UserId,
                Verdict::Works,
                crate::t!("checkup-user-id-works", id = user_id),
            ),
        ],
        // The service answered something other than "who are you": the token passed, the
        // question about this user did not.
        Err(error @ ApiError::Refused { .. }) if error.needs_sign_in().is_none() => vec![
            pay_token_works(),
            Line::new(
                Item::UserId,
                Verdict::Fails,
                crate::t!(
                    "checkup-user-id-refused",
                    id = user_id,
                    service = error.to_string()
                ),
            )
            .fix(crate::t!("checkup-user-id-fix"))
            .code(&error),
        ],
        Err(error) => pay_token_fails(connection, &error),
    }
}

fn pay_token_works() -> Line {
    Line::new(
        Item::PayApiToken,
        Verdict::Works,
        crate::t!("checkup-pay-token-works"),
    )
}

/// The token refused: the user id cannot be checked after it.
fn pay_token_fails(connection: &Connection, error: &ApiError) -> Vec<Line> {
    vec![
        pay_token_failure(connection, error),
        Line::new(
            Item::UserId,
            Verdict::CannotCheck,
            crate::t!("checkup-after-pay-token"),
        ),
    ]
}

fn pay_token_failure(connection: &Connection, error: &ApiError) -> Line {
    let sign_in = if connection.client.dialect().has_sign_in() {
        crate::t!("checkup-fix-sign-in")
    } else {
        crate::t!("checkup-fix-paste-access-token")
    };
    match error {
        ApiError::MissingCredential(_) => Line::new(
            Item::PayApiToken,
            Verdict::NotSet,
            crate::t!("checkup-pay-token-missing"),
        )
        .fix(sign_in),
        ApiError::Refused {
            refusal: Refusal::TokenRejected,
            ..
        } => Line::new(
            Item::PayApiToken,
            Verdict::Fails,
            crate::t!("checkup-pay-token-rejected"),
        )
        .fix(sign_in)
        .code(error),
        error if error.is_network() => Line::new(
            Item::PayApiToken,
            Verdict::Fails,
            crate::t!(
                "checkup-unreachable",
                url = connection.client.pay_url(),
                error = error.to_string()
            ),
        )
        .fix(crate::t!("checkup-fix-pay-url"))
        .code(error),
        error => Line::new(
            Item::PayApiToken,
            Verdict::Fails,
            crate::t!("checkup-refused", service = error.to_string()),
        )
        .code(error),
    }
}

/// A transaction token asked for and dropped: the current interface needs one before every
/// sale and payout.
async fn transaction_token(connection: &Connection) -> Line {
    let client = &connection.client;
    let source = client
        .dialect()
        .transaction_token(connection.profile.transaction_token_source());
    if source == TransactionTokenSource::RandomUuid {
        return Line::new(
            Item::TransactionToken,
            Verdict::NotNeeded,
            crate::t!("checkup-transaction-token-uuid"),
        );
    }
    match client.try_transaction_token().await {
        Ok(()) => Line::new(
            Item::TransactionToken,
            Verdict::Works,
            crate::t!("checkup-transaction-token-works"),
        ),
        Err(error) if error.http_status() == Some(404) => Line::new(
            Item::TransactionToken,
            Verdict::Fails,
            crate::t!("checkup-transaction-token-missing-route"),
        )
        .fix(crate::t!("checkup-fix-interface"))
        .code(&error),
        // Without a pay API token no question gets this far.
        Err(error)
            if error.needs_sign_in().is_some()
                || matches!(error, ApiError::MissingCredential(_)) =>
        {
            Line::new(
                Item::TransactionToken,
                Verdict::CannotCheck,
                crate::t!("checkup-after-pay-token"),
            )
        }
        Err(error) => Line::new(
            Item::TransactionToken,
            Verdict::Fails,
            crate::t!("checkup-refused", service = error.to_string()),
        )
        .code(&error),
    }
}

/// The envelope API's token, tried on the method list.
async fn envelope_token(connection: &Connection) -> Line {
    let query = crate::api::family_a::MethodQuery {
        method_type: "LINK".into(),
        user_id: connection.user_id,
    };
    match connection.client.list_methods(&query).await {
        Ok(_) => Line::new(
            Item::EnvelopeToken,
            Verdict::Works,
            crate::t!("checkup-envelope-token-works"),
        ),
        Err(ApiError::MissingCredential(_)) => Line::new(
            Item::EnvelopeToken,
            Verdict::NotSet,
            crate::t!("checkup-envelope-token-missing"),
        ),
        Err(error) if error.needs_sign_in().is_some() => Line::new(
            Item::EnvelopeToken,
            Verdict::Fails,
            crate::t!("checkup-envelope-token-rejected"),
        )
        .fix(crate::t!("checkup-fix-paste-api-token"))
        .code(&error),
        Err(error) if error.is_network() => Line::new(
            Item::EnvelopeToken,
            Verdict::Fails,
            crate::t!(
                "checkup-unreachable",
                url = connection.client.base_url(),
                error = error.to_string()
            ),
        )
        .fix(crate::t!("checkup-fix-base-url"))
        .code(&error),
        Err(error) => Line::new(
            Item::EnvelopeToken,
            Verdict::Fails,
            crate::t!("checkup-refused", service = error.to_string()),
        )
        .code(&error),
    }
}

/// The shop's page: only its form can be checked here (the service reads it as it likes).
fn shop_url(connection: &Connection) -> Line {
    if !connection.client.dialect().sends_user_metadata() {
        return Line::new(
            Item::ShopUrl,
            Verdict::NotNeeded,
            crate::t!("checkup-shop-url-not-needed"),
        );
    }
    match connection.shop_url() {
        Some(url) if validate::shop_url(Field::ShopUrl, &url).is_ok() => Line::new(
            Item::ShopUrl,
            Verdict::Works,
            crate::t!("checkup-shop-url-set", url = url.as_str()),
        ),
        Some(url) => Line::new(
            Item::ShopUrl,
            Verdict::Fails,
            crate::t!("checkup-shop-url-bad", url = url.as_str()),
        )
        .fix(crate::t!("checkup-fix-shop-url")),
        None => Line::new(
            Item::ShopUrl,
            Verdict::NotSet,
            crate::t!("checkup-shop-url-missing"),
        )
        .fix(crate::t!("checkup-fix-shop-url")),
    }
}

/// The webhook key cannot be asked of the service; a notification it verified is the proof.
async fn webhook_key(connection: &Connection, ledger: Option<Arc<Ledger>>) -> Line {
    if connection.hash_key.is_none() {
        return Line::new(
            Item::WebhookKey,
            Verdict::NotSet,
            crate::t!("checkup-webhook-key-missing"),
        )
        .fix(crate::t!("checkup-fix-webhook-key"));
    }
    let profile = connection.profile_name.clone();
    let last = match ledger {
        Some(ledger) => {
            tokio::task::spawn_blocking(move || ledger.last_verified_notification_at(&profile))
                .await
                .ok()
                .and_then(Result::ok)
                .flatten()
        }
        None => None,
    };
    match last {
        Some(at) => Line::new(
            Item::WebhookKey,
            Verdict::Works,
            crate::t!(
                "checkup-webhook-key-proven",
                when = crate::clock::shown_datetime(at)
            ),
        ),
        None => Line::new(
            Item::WebhookKey,
            Verdict::CannotCheck,
            crate::t!("checkup-webhook-key-unproven"),
        ),
    }
}

/// The address the service notifies: its form, whether the service could reach it at all, and
/// whether it reaches a paydesk receiver from here. Whether the service reaches it from the
/// internet only the service can tell.
async fn webhook_address(connection: &Connection) -> Line {
    let Some(address) = connection.default_webhook_url() else {
        return Line::new(
            Item::WebhookAddress,
            Verdict::NotSet,
            crate::t!("checkup-webhook-address-missing"),
        )
        .fix(crate::t!("checkup-fix-webhook-address"));
    };
    let Ok(url) = url::Url::parse(&address) else {
        return Line::new(
            Item::WebhookAddress,
            Verdict::Fails,
            crate::t!("checkup-webhook-address-bad", url = address.as_str()),
        )
        .fix(crate::t!("checkup-fix-webhook-address"));
    };
    let on_this_computer = validate::is_loopback(&url);
    if on_this_computer && connection.environment() != Environment::Simulator {
        return Line::new(
            Item::WebhookAddress,
            Verdict::Fails,
            crate::t!("checkup-webhook-address-local", url = address.as_str()),
        )
        .fix(crate::t!("checkup-fix-webhook-address"));
    }
    match greet(&url).await {
        Ok(()) if on_this_computer => Line::new(
            Item::WebhookAddress,
            Verdict::Works,
            crate::t!("checkup-webhook-address-simulator", url = address.as_str()),
        ),
        Ok(()) => Line::new(
            Item::WebhookAddress,
            Verdict::Works,
            crate::t!("checkup-webhook-address-works", url = address.as_str()),
        ),
        Err(problem) => Line::new(
            Item::WebhookAddress,
            Verdict::Fails,
            crate::t!(
                "checkup-webhook-address-silent",
                url = address.as_str(),
                problem = problem
            ),
        )
        .fix(if on_this_computer {
            crate::t!("checkup-fix-start-receiver")
        } else {
            crate::t!("checkup-fix-reverse-proxy")
        }),
    }
}

/// Asks the address for the receiver's greeting (`GET`, which paydesk's receiver answers with
/// who it is and stores nothing).
async fn greet(url: &url::Url) -> Result<(), String> {
    if !validate::is_secure_or_loopback(url) {
        return Err(crate::t!("checkup-probe-not-https"));
    }
    let http = reqwest::Client::builder()
        .timeout(PROBE_DEADLINE)
        .connect_timeout(PROBE_DEADLINE)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|error| error.to_string())?;
    let response = http.get(url.as_str()).send().await.map_err(|error| {
        if error.is_timeout() {
            crate::t!("checkup-probe-timeout", seconds = PROBE_DEADLINE.as_secs())
        } else if error.is_connect() {
            crate::t!("checkup-probe-no-connection")
        } else {
            error.without_url().to_string()
        }
    })?;
    let status = response.status().as_u16();
    let body = response
        .bytes()
        .await
        .map_err(|error| error.without_url().to_string())?;
    let greeting =
        serde_json::from_slice::<serde_json::Value>(&body[..body.len().min(PROBE_MAX_BYTES)])
            .ok()
            .and_then(|value| {
                value
                    .get("receiver")
                    .and_then(|r| r.as_str())
                    .map(str::to_owned)
            });
    match (status, greeting.as_deref()) {
        (200, Some(crate::webhook::RECEIVER_GREETING)) => Ok(()),
        (status, _) => Err(crate::t!("checkup-probe-answer", status = status)),
    }
}
