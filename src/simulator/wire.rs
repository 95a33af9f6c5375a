//! The pay API's wire as both interfaces share it: a refusal in the vendor's envelope, a
//! field read from a request, whether an address is this computer's.

use std::net::IpAddr;

use axum::http::StatusCode;
use serde_json::Value;

/// A refusal in the vendor's envelope: the HTTP status, its two-digit code and the message.
pub(super) struct Failure {
    pub(super) status: StatusCode,
    pub(super) code: &'static str,
    pub(super) message: String,
}

pub(super) fn fail(code: &'static str, message: impl Into<String>) -> Failure {
    Failure {
        status: if code == "40" {
            StatusCode::UNAUTHORIZED
        } else {
            StatusCode::BAD_REQUEST
        },
        code,
        message: message.into(),
    }
}

pub(super) fn text(value: &Value, pointer: &str) -> Option<String> {
    match value.pointer(pointer)? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

pub(super) fn is_loopback_url(text: &str) -> bool {
    let Ok(url) = url::Url::parse(text) else {
        return false;
    };
    match url.host() {
        Some(url::Host::Domain(domain)) => domain.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
        Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip).is_loopback(),
        None => false,
    }
}

/// Ten digits starting with 3: a Colombian mobile number.
pub(super) fn is_mobile(number: &str) -> bool {
    number.len() == 10 && number.starts_with('3') && number.chars().all(|c| c.is_ascii_digit())
}
