//! Web addresses: where the customer returns, where the service sends notifications.

use std::net::IpAddr;

use url::Url;

use super::{Checked, Field, ValidationError};

/// Loopback hosts may use plain HTTP (local receivers, the built-in simulator); everything else
/// carries money or customer data and must be HTTPS.
pub fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(domain)) => domain.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
        Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip).is_loopback(),
        None => false,
    }
}

/// Whether a URL may be used to talk to the service or receive its notifications.
pub fn is_secure_or_loopback(url: &Url) -> bool {
    match url.scheme() {
        "https" => true,
        "http" => is_loopback(url),
        _ => false,
    }
}

/// Where the service is to send its notifications: a [`web_url`] that the service can reach. A
/// service on another computer cannot deliver to this one's loopback address (`service_url` is
/// the service's own base).
pub fn webhook_url(field: Field, text: &str, service_url: &str) -> Checked<Url> {
    if text.trim().is_empty() {
        return Err(ValidationError::new(field, crate::t!("rule-webhook-empty")));
    }
    let url = web_url(field, text)?;
    let service_is_local = Url::parse(service_url).is_ok_and(|service| is_loopback(&service));
    if is_loopback(&url) && !service_is_local {
        return Err(ValidationError::new(
            field,
            crate::t!("rule-webhook-loopback"),
        ));
    }
    Ok(url)
}

/// Webhook and return URLs: absolute, HTTPS (plain HTTP only on loopback, for local receivers).
pub fn web_url(field: Field, text: &str) -> Checked<Url> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ValidationError::new(field, crate::t!("rule-url-empty")));
    }
    let url =
        Url::parse(trimmed).map_err(|_| ValidationError::new(field, crate::t!("rule-url-full")))?;
    if url.host().is_none() {
        return Err(ValidationError::new(field, crate::t!("rule-url-host")));
    }
    if !is_secure_or_loopback(&url) {
        return Err(ValidationError::new(field, crate::t!("rule-url-https")));
    }
    Ok(url)
}
