//! Secrets: the Family A API token, the Family B access token and the webhook HASH_KEY.
//! A secret's text only leaves [`SecretString`] through [`SecretString::expose`], at the point
//! where it goes on the wire or into the keyring; `Debug` and `Display` never show it.
//!
//! Secrets live in the OS keyring (Secret Service on Linux, Keychain on macOS, Credential
//! Manager on Windows), keyed by profile and kind. Every call here may block (D-Bus, an unlock
//! prompt): call it from a worker, never from a UI frame. When no keyring can be used, a
//! secret is kept in memory for this run only and never written to a file.

use std::collections::HashMap;
use std::fmt;
use std::sync::Mutex;

use serde::{Deserialize, Deserializer, Serialize};

#[derive(Clone, PartialEq, Eq, Default)]
pub struct SecretString(String);

impl SecretString {
    pub fn new(value: impl Into<String>) -> Self {
        SecretString(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for SecretString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretString(«redacted»)")
    }
}

impl fmt::Display for SecretString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("«redacted»")
    }
}

impl From<String> for SecretString {
    fn from(value: String) -> Self {
        SecretString(value)
    }
}

impl From<&str> for SecretString {
    fn from(value: &str) -> Self {
        SecretString(value.to_owned())
    }
}

impl<'de> Deserialize<'de> for SecretString {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(SecretString(String::deserialize(deserializer)?))
    }
}

/// A PIN as typed (the owner's or a cashier's). Only `validate::pin` makes one, and
/// only hashing reads it: never shown, logged or stored as typed.
#[derive(Clone, PartialEq, Eq)]
pub struct Pin(SecretString);

impl Pin {
    pub(crate) fn checked(digits: String) -> Pin {
        Pin(SecretString(digits))
    }

    pub fn expose(&self) -> &str {
        self.0.expose()
    }
}

impl fmt::Debug for Pin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Pin(«redacted»)")
    }
}

/// The secrets a profile may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum SecretKind {
    /// Family A API token (from registration).
    ApiToken,
    /// Family B bearer access token.
    AccessToken,
    /// The webhook signature key.
    HashKey,
    /// The password of the shared ledger (PostgreSQL) the profile names.
    LedgerPassword,
}

impl SecretKind {
    pub const ALL: [SecretKind; 4] = [
        SecretKind::ApiToken,
        SecretKind::AccessToken,
        SecretKind::HashKey,
        SecretKind::LedgerPassword,
    ];

    pub fn key(self) -> &'static str {
        match self {
            SecretKind::ApiToken => "api-token",
            SecretKind::AccessToken => "access-token",
            SecretKind::HashKey => "hash-key",
            SecretKind::LedgerPassword => "ledger-password",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            SecretKind::ApiToken => "API token",
            SecretKind::AccessToken => "access token",
            SecretKind::HashKey => "webhook key (HASH_KEY)",
            SecretKind::LedgerPassword => "shared ledger password",
        }
    }
}

/// The keyring's service name; each entry's user is `<profile>/<kind>`.
pub const KEYRING_SERVICE: &str = "paydesk";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SecretsError {
    #[error("{}", crate::t!("keyring-error", error = .0.to_string()))]
    Keyring(String),
}

/// Where a secret ended up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stored {
    Keyring,
    /// No keyring: kept in memory until paydesk closes. The reason is for the person.
    MemoryOnly {
        reason: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Backend {
    /// `keyring_core`'s default store is set (the platform's, or a test's mock).
    Keyring,
    MemoryOnly {
        reason: String,
        /// Asked for (`PAYDESK_NO_KEYRING`), not a keyring that failed: what to do differs.
        turned_off: bool,
    },
}

pub struct SecretStore {
    backend: Backend,
    memory: Mutex<HashMap<(String, SecretKind), SecretString>>,
}

impl fmt::Debug for SecretStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SecretStore")
            .field("backend", &self.backend)
            .finish_non_exhaustive()
    }
}

/// Installs the platform's credential store as `keyring_core`'s default. Blocks (D-Bus).
fn install_platform_store() -> Result<(), String> {
    if keyring_core::get_default_store().is_some() {
        return Ok(());
    }
    #[cfg(target_os = "linux")]
    let store: Result<std::sync::Arc<keyring_core::api::CredentialStore>, keyring_core::Error> =
        zbus_secret_service_keyring_store::Store::new().map(|s| s as _);
    #[cfg(target_os = "macos")]
    let store: Result<std::sync::Arc<keyring_core::api::CredentialStore>, keyring_core::Error> =
        apple_native_keyring_store::keychain::Store::new().map(|s| s as _);
    #[cfg(windows)]
    let store: Result<std::sync::Arc<keyring_core::api::CredentialStore>, keyring_core::Error> =
        windows_native_keyring_store::Store::new().map(|s| s as _);
    #[cfg(not(any(target_os = "linux", target_os = "macos", windows)))]
    let store: Result<std::sync::Arc<keyring_core::api::CredentialStore>, keyring_core::Error> =
        Err(keyring_core::Error::NotSupportedByStore(
            "no keyring on this system".into(),
        ));
    let store = store.map_err(|error| describe(&error))?;
    keyring_core::set_default_store(store);
    Ok(())
}

fn describe(error: &keyring_core::Error) -> String {
    match error {
        keyring_core::Error::NoStorageAccess(_) => crate::t!("keyring-locked"),
        keyring_core::Error::NoDefaultStore => crate::t!("keyring-no-service"),
        keyring_core::Error::PlatformFailure(inner) => {
            crate::t!("keyring-failed", error = inner.to_string())
        }
        other => other.to_string(),
    }
}

impl SecretStore {
    /// The keyring for this run: memory only when `PAYDESK_NO_KEYRING=1` (automation that passes
    /// tokens in the environment, machines with no keyring at all), the OS keyring otherwise.
    /// Blocks.
    pub fn for_this_run() -> SecretStore {
        match std::env::var("PAYDESK_NO_KEYRING") {
            Ok(value) if !value.is_empty() && value != "0" => {
                SecretStore::with_backend(Backend::MemoryOnly {
                    reason: crate::t!("keyring-disabled-env"),
                    turned_off: true,
                })
            }
            _ => SecretStore::platform(),
        }
    }

    /// The OS keyring, or memory only (with the reason) when there is none. Blocks.
    pub fn platform() -> SecretStore {
        match install_platform_store() {
            Ok(()) => SecretStore::with_backend(Backend::Keyring),
            Err(reason) => {
                tracing::warn!(%reason, "no system keyring; secrets kept in memory for this run");
                SecretStore::memory_only(reason)
            }
        }
    }

    /// Whatever store `keyring_core` has as default (tests install the mock store).
    pub fn default_store() -> SecretStore {
        SecretStore::with_backend(Backend::Keyring)
    }

    pub fn memory_only(reason: impl Into<String>) -> SecretStore {
        SecretStore::with_backend(Backend::MemoryOnly {
            reason: reason.into(),
            turned_off: false,
        })
    }

    fn with_backend(backend: Backend) -> SecretStore {
        SecretStore {
            backend,
            memory: Mutex::new(HashMap::new()),
        }
    }

    /// `None` when the keyring works; otherwise why secrets only last this run.
    pub fn unavailable_reason(&self) -> Option<&str> {
        match &self.backend {
            Backend::Keyring => None,
            Backend::MemoryOnly { reason, .. } => Some(reason),
        }
    }

    /// Whether the keyring was left out on purpose (`PAYDESK_NO_KEYRING`) rather than missing
    /// or failing: the person is told what to change, not to unlock a keyring.
    pub fn turned_off(&self) -> bool {
        matches!(
            self.backend,
            Backend::MemoryOnly {
                turned_off: true,
                ..
            }
        )
    }

    fn memory(&self) -> std::sync::MutexGuard<'_, HashMap<(String, SecretKind), SecretString>> {
        self.memory
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn entry(profile: &str, kind: SecretKind) -> keyring_core::Result<keyring_core::Entry> {
        keyring_core::Entry::new(KEYRING_SERVICE, &format!("{profile}/{}", kind.key()))
    }

    pub fn get(
        &self,
        profile: &str,
        kind: SecretKind,
    ) -> Result<Option<SecretString>, SecretsError> {
        if let Some(secret) = self.memory().get(&(profile.to_owned(), kind)) {
            return Ok(Some(secret.clone()));
        }
        if self.backend != Backend::Keyring {
            return Ok(None);
        }
        match Self::entry(profile, kind).and_then(|entry| entry.get_password()) {
            Ok(value) => Ok(Some(SecretString::new(value))),
            Err(keyring_core::Error::NoEntry) => Ok(None),
            Err(error) => Err(SecretsError::Keyring(describe(&error))),
        }
    }

    /// Stores in the keyring; if the keyring refuses, keeps the secret in memory for this run
    /// and says so. Never writes it anywhere else.
    pub fn set(&self, profile: &str, kind: SecretKind, value: &SecretString) -> Stored {
        let key = (profile.to_owned(), kind);
        let reason = match &self.backend {
            Backend::Keyring => {
                match Self::entry(profile, kind)
                    .and_then(|entry| entry.set_password(value.expose()))
                {
                    Ok(()) => {
                        self.memory().remove(&key);
                        return Stored::Keyring;
                    }
                    Err(error) => describe(&error),
                }
            }
            Backend::MemoryOnly { reason, .. } => reason.clone(),
        };
        self.memory().insert(key, value.clone());
        Stored::MemoryOnly { reason }
    }

    pub fn delete(&self, profile: &str, kind: SecretKind) -> Result<(), SecretsError> {
        self.memory().remove(&(profile.to_owned(), kind));
        if self.backend != Backend::Keyring {
            return Ok(());
        }
        match Self::entry(profile, kind).and_then(|entry| entry.delete_credential()) {
            Ok(()) | Err(keyring_core::Error::NoEntry) => Ok(()),
            Err(error) => Err(SecretsError::Keyring(describe(&error))),
        }
    }

    /// Sign-out: every secret of the profile.
    pub fn delete_all(&self, profile: &str) -> Result<(), SecretsError> {
        SecretKind::ALL
            .iter()
            .try_for_each(|kind| self.delete(profile, *kind))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn keyring_store_round_trip_with_the_mock() {
        // The mock store is process-wide; this is the only unit test that installs a store.
        keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());
        let store = SecretStore::default_store();
        assert_eq!(store.unavailable_reason(), None);
        for kind in SecretKind::ALL {
            let value = SecretString::new(format!("v-{}", kind.key()));
            assert_eq!(store.set("p", kind, &value), Stored::Keyring);
            assert_eq!(store.get("p", kind), Ok(Some(value)));
            let replaced = SecretString::new("replaced");
            store.set("p", kind, &replaced);
            assert_eq!(store.get("p", kind), Ok(Some(replaced)));
            assert_eq!(store.get("other", kind), Ok(None));
        }
        store.delete_all("p").unwrap();
        assert_eq!(store.get("p", SecretKind::AccessToken), Ok(None));
        store.delete("p", SecretKind::AccessToken).unwrap();
    }

    #[test]
    fn memory_only_keeps_secrets_for_the_run() {
        let store = SecretStore::memory_only("no keyring service is running");
        let token = SecretString::new("tok-1");
        assert_eq!(
            store.set("tienda", SecretKind::ApiToken, &token),
            Stored::MemoryOnly {
                reason: "no keyring service is running".into()
            }
        );
        assert_eq!(store.get("tienda", SecretKind::ApiToken), Ok(Some(token)));
        assert_eq!(store.get("otra", SecretKind::ApiToken), Ok(None));
        store.delete_all("tienda").unwrap();
        assert_eq!(store.get("tienda", SecretKind::ApiToken), Ok(None));
        assert!(!format!("{store:?}").contains("tok-1"));
    }

    use super::*;

    #[test]
    fn never_prints_its_value() {
        let secret = SecretString::new("tok_live_abc123");
        assert!(!format!("{secret:?}").contains("abc123"));
        assert!(!format!("{secret}").contains("abc123"));
        assert!(!format!("{:?}", Some(&secret)).contains("abc123"));
        assert_eq!(secret.expose(), "tok_live_abc123");
    }
}
