//! What can go wrong talking to the service, in words a shop owner understands, with the
//! service's own code kept for whoever debugs.

use super::operation::Operation;
use crate::money::Pesos;

/// A refusal from the service, classified by its code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// `auth.sessionEnded`: the app should ask for the token again.
    SessionEnded,
    /// `auth.notPermission`.
    NotPermitted,
    /// `paymentMethod.type.notExist`.
    MethodTypeNotFound,
    /// `transaction.cost.notSupport`.
    CostNotSupported,
    /// `transaction.progress`.
    TransactionInProgress,
    /// The pay API answered 401: its bearer token is not (or no longer) valid, revoked or its
    /// session expired; signing in again gets a new one.
    TokenRejected,
    /// A sign-in the service refused: the user or the password is not right.
    WrongCredentials,
    /// A method the merchant must be enrolled in first (the interoperable QR, Bre-B keys).
    NeedsEnrolment,
    /// A method support must set up for the merchant first (the PSE gateway).
    NeedsSetup,
    /// A method this paydesk does not know, refused: a mistyped id, or one the service does not
    /// offer the merchant.
    UnknownMethod,
    /// Any other code: the service's message is shown as it came.
    Other,
}

/// Which credential a refusal asks the person for again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignInNeeded {
    /// The envelope API's token (Family A), pasted.
    ApiToken,
    /// The pay API's bearer token: signing in with user and password, or pasting one.
    PayApi,
}

/// A setting a request needs that the profile does not have: nothing was sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissingSetting {
    /// The shop's page (`userMetadata.urlCommerce`).
    ShopUrl,
    /// This till's name (`userMetadata.identifier`).
    Till,
    /// The merchant's user id, which the spec's balance question names.
    UserId,
}

impl Refusal {
    pub fn from_code(code: &str) -> Refusal {
        match code {
            "auth.sessionEnded" => Refusal::SessionEnded,
            "auth.notPermission" => Refusal::NotPermitted,
            "paymentMethod.type.notExist" => Refusal::MethodTypeNotFound,
            "transaction.cost.notSupport" => Refusal::CostNotSupported,
            "transaction.progress" => Refusal::TransactionInProgress,
            _ => Refusal::Other,
        }
    }

    fn shop_message(self) -> Option<String> {
        Some(match self {
            Refusal::SessionEnded => crate::t!("refusal-session-ended"),
            Refusal::NotPermitted => crate::t!("refusal-not-permitted"),
            Refusal::MethodTypeNotFound => crate::t!("refusal-method-type"),
            Refusal::CostNotSupported => crate::t!("refusal-cost"),
            Refusal::TransactionInProgress => crate::t!("refusal-in-progress"),
            Refusal::TokenRejected => crate::t!("refusal-token-rejected"),
            Refusal::WrongCredentials => crate::t!("refusal-wrong-credentials"),
            Refusal::UnknownMethod => crate::t!("refusal-unknown-method"),
            Refusal::NeedsEnrolment | Refusal::NeedsSetup | Refusal::Other => return None,
        })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The service answered and said no.
    #[error("{}", .refusal.shop_message().unwrap_or_else(|| .message.clone()))]
    Refused {
        refusal: Refusal,
        /// The service's code: `errorCode` (Family A) or `statusCode` (Family B).
        code: String,
        /// The service's own text.
        message: String,
        http_status: u16,
    },
    /// The service has not answered since `since_ms` (every request and the light check say
    /// so): a request that would change something was not sent, and trying again is safe.
    #[error("{}", crate::t!("error-offline", since = crate::clock::shown_time(*.since_ms)))]
    Offline { since_ms: i64 },
    /// No connection could be made: nothing was sent, so trying again is safe.
    #[error("{}", crate::t!("error-unreachable", host = .host.as_str()))]
    Unreachable { host: String, detail: String },
    /// The request went out but no answer came in time.
    #[error("{}", unknown_outcome_message(*.operation, crate::t!("error-timed-out")))]
    TimedOut { operation: Operation },
    /// The connection broke after the request went out.
    #[error("{}", unknown_outcome_message(*.operation, crate::t!("error-connection-lost")))]
    ConnectionLost {
        operation: Operation,
        detail: String,
    },
    /// An answer came, but not one paydesk can read (an HTML error page, an empty or truncated
    /// body, a shape that does not match the spec).
    #[error("{} {}", crate::t!("error-malformed", status = .http_status), unreadable_hint(*.operation, *.http_status))]
    Malformed {
        operation: Operation,
        http_status: u16,
        detail: String,
    },
    /// Money and customer data only travel over HTTPS (plain HTTP is allowed on loopback).
    #[error("{}", crate::t!("error-insecure-url", url = .url.as_str()))]
    InsecureUrl { url: String },
    #[error("{}", crate::t!("error-bad-url", which = .which.to_string(), url = .url.as_str()))]
    BadUrl { which: &'static str, url: String },
    #[error("{}", crate::t!("error-missing-credential", which = .0.to_string()))]
    MissingCredential(&'static str),
    #[error("{}", match .0 {
        MissingSetting::ShopUrl => crate::t!("error-missing-shop-url"),
        MissingSetting::Till => crate::t!("error-missing-till"),
        MissingSetting::UserId => crate::t!("error-missing-user-id"),
    })]
    MissingSetting(MissingSetting),
    #[error("{}", crate::t!("error-setup"))]
    Setup(String),
}

/// What the line or the service said in its own terms, under «Detalles»: the connection's
/// error, what could not be read, the service's text where the sentence is paydesk's.
impl crate::i18n::Explained for ApiError {
    fn detail(&self) -> Option<String> {
        match self {
            ApiError::Unreachable { detail, .. }
            | ApiError::ConnectionLost { detail, .. }
            | ApiError::Malformed { detail, .. }
            | ApiError::Setup(detail) => Some(detail.clone()),
            ApiError::Refused {
                refusal, message, ..
            } => refusal.shop_message().is_some().then(|| message.clone()),
            ApiError::Offline { .. }
            | ApiError::TimedOut { .. }
            | ApiError::InsecureUrl { .. }
            | ApiError::BadUrl { .. }
            | ApiError::MissingCredential(_)
            | ApiError::MissingSetting(_) => None,
        }
    }
}

fn unknown_outcome_message(operation: Operation, what_happened: String) -> String {
    let operation_words = operation.describe();
    if operation.changes_state() {
        crate::t!(
            "error-outcome-unknown",
            happened = what_happened,
            operation = operation_words
        )
    } else {
        crate::t!(
            "error-outcome-retry",
            happened = what_happened,
            operation = operation_words
        )
    }
}

fn unreadable_hint(operation: Operation, http_status: u16) -> String {
    match (operation.changes_state(), (200..300).contains(&http_status)) {
        (true, true) => crate::t!("hint-may-have-been-done"),
        (true, false) => crate::t!("hint-may-or-may-not"),
        (false, _) => crate::t!("hint-try-later"),
    }
}

impl ApiError {
    /// A payment the service refused because it has no fee for the amount
    /// (`transaction.cost.notSupport`, or Family B's `08` as the simulator sends it): the
    /// message says the method's smallest amount where the catalog knows it. The service's
    /// code is kept.
    pub fn explain_minimum(self, minimum: Option<Pesos>) -> ApiError {
        match self {
            ApiError::Refused {
                refusal,
                code,
                http_status,
                ..
            } if refusal == Refusal::CostNotSupported || code == "08" => {
                let message = match minimum {
                    Some(minimum) => {
                        crate::t!("error-below-minimum", minimum = minimum.to_string())
                    }
                    None => crate::t!("error-below-unknown-minimum"),
                };
                ApiError::Refused {
                    refusal: Refusal::Other,
                    code,
                    message,
                    http_status,
                }
            }
            other => other,
        }
    }

    /// A refusal of a payment for one method, in words where the method needs the merchant's
    /// enrolment or support's set-up first (the service's public documentation says which);
    /// the service's own message and code are kept.
    pub fn explain_method(self, method_id: i64) -> ApiError {
        const INTEROPERABLE_QR: i64 = 248;
        const BREB_KEY: i64 = 250;
        const PSE_GATEWAY: i64 = 262;
        match method_id {
            PSE_GATEWAY => self.unexplained_refusal_as(Refusal::NeedsSetup, |service| {
                crate::t!("refusal-needs-setup", service = service.as_str())
            }),
            INTEROPERABLE_QR | BREB_KEY => self
                .unexplained_refusal_as(Refusal::NeedsEnrolment, |service| {
                    crate::t!("refusal-needs-enrolment", service = service.as_str())
                }),
            _ => self,
        }
    }

    /// A refusal of a payment for a method the catalog does not know, in words (the service's
    /// own text, often in English, is kept as the detail).
    pub fn explain_unknown_method(self) -> ApiError {
        self.unexplained_refusal_as(Refusal::UnknownMethod, |message| message)
    }

    /// A refusal paydesk had no reason for (`Refusal::Other`) given one, its message said in
    /// `words` around the service's; any other error stays as it is.
    fn unexplained_refusal_as(
        self,
        refusal: Refusal,
        words: impl FnOnce(String) -> String,
    ) -> ApiError {
        match self {
            ApiError::Refused {
                refusal: Refusal::Other,
                code,
                message,
                http_status,
            } => ApiError::Refused {
                refusal,
                code,
                message: words(message),
                http_status,
            },
            other => other,
        }
    }

    /// A refusal of a sign-in: 400 and 401 mean the user or password is wrong.
    pub(super) fn into_sign_in_refusal(self) -> ApiError {
        match self {
            ApiError::Refused {
                code,
                message,
                http_status,
                ..
            } if matches!(http_status, 400 | 401 | 403) => ApiError::Refused {
                refusal: Refusal::WrongCredentials,
                code,
                message,
                http_status,
            },
            other => other,
        }
    }

    /// Which credential the person must give again after this error, if any.
    pub fn needs_sign_in(&self) -> Option<SignInNeeded> {
        match self {
            ApiError::Refused {
                refusal: Refusal::SessionEnded,
                ..
            } => Some(SignInNeeded::ApiToken),
            ApiError::Refused {
                refusal: Refusal::TokenRejected,
                ..
            } => Some(SignInNeeded::PayApi),
            _ => None,
        }
    }

    /// The code shown to whoever debugs, and in `--json` output.
    pub fn code(&self) -> &str {
        match self {
            ApiError::Refused { code, .. } => code,
            ApiError::Unreachable { .. } => "network.unreachable",
            ApiError::Offline { .. } => "network.offline",
            ApiError::TimedOut { .. } => "network.timeout",
            ApiError::ConnectionLost { .. } => "network.connectionLost",
            ApiError::Malformed { .. } => "response.malformed",
            ApiError::InsecureUrl { .. } => "config.insecureUrl",
            ApiError::BadUrl { .. } => "config.badUrl",
            ApiError::MissingCredential(_) => "config.missingCredential",
            ApiError::MissingSetting(MissingSetting::ShopUrl) => "config.missingShopUrl",
            ApiError::MissingSetting(MissingSetting::Till) => "config.missingTill",
            ApiError::MissingSetting(MissingSetting::UserId) => "config.missingUserId",
            ApiError::Setup(_) => "config.setup",
        }
    }

    pub fn http_status(&self) -> Option<u16> {
        match self {
            ApiError::Refused { http_status, .. } | ApiError::Malformed { http_status, .. } => {
                Some(*http_status)
            }
            _ => None,
        }
    }

    /// The service's own message, when it sent one (for a method that needs enrolment, with
    /// the explanation around it).
    pub fn service_message(&self) -> Option<&str> {
        match self {
            ApiError::Refused { message, .. } => Some(message),
            _ => None,
        }
    }

    pub fn is_session_ended(&self) -> bool {
        matches!(
            self,
            ApiError::Refused {
                refusal: Refusal::SessionEnded,
                ..
            }
        )
    }

    /// After this error nobody knows whether the operation happened: the only safe next step
    /// for a money operation is a status check, never a blind resend.
    pub fn outcome_unknown(&self) -> bool {
        match self {
            // A read that went unanswered changed nothing (a transaction token asked for a
            // sale that then never went out included).
            ApiError::TimedOut { operation }
            | ApiError::ConnectionLost { operation, .. }
            | ApiError::Malformed { operation, .. } => operation.changes_state(),
            _ => false,
        }
    }

    /// Failures of the network or of the service's answer rather than a refusal or bad set-up.
    pub fn is_network(&self) -> bool {
        matches!(
            self,
            ApiError::Unreachable { .. }
                | ApiError::Offline { .. }
                | ApiError::TimedOut { .. }
                | ApiError::ConnectionLost { .. }
                | ApiError::Malformed { .. }
        )
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

    fn refused(code: &str, message: &str) -> ApiError {
        ApiError::Refused {
            refusal: Refusal::from_code(code),
            code: code.into(),
            message: message.into(),
            http_status: 400,
        }
    }

    #[test]
    fn known_codes_get_shop_messages_and_keep_the_code() {
        let error = refused("auth.sessionEnded", "Session ended");
        assert!(error.is_session_ended());
        assert!(error.to_string().contains("Sign in again"));
        assert_eq!(error.code(), "auth.sessionEnded");
        assert_eq!(error.service_message(), Some("Session ended"));
        for code in [
            "auth.notPermission",
            "paymentMethod.type.notExist",
            "transaction.cost.notSupport",
            "transaction.progress",
        ] {
            let error = refused(code, "raw text");
            assert_ne!(error.to_string(), "raw text", "{code}");
            assert!(!error.is_session_ended());
        }
    }

    #[test]
    fn unknown_codes_show_the_service_message() {
        assert_eq!(
            refused("99", "Saldo insuficiente").to_string(),
            "Saldo insuficiente"
        );
    }

    #[test]
    fn timeouts_on_money_say_the_outcome_is_unknown() {
        let payout = ApiError::TimedOut {
            operation: Operation::Withdraw,
        };
        assert!(payout.outcome_unknown());
        assert!(payout.to_string().contains("may or may not have been done"));
        let status = ApiError::TimedOut {
            operation: Operation::PaymentStatus,
        };
        assert!(!status.to_string().contains("may or may not"));
    }
}
