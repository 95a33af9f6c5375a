//! The public key updates are checked against. Compiled in: no setting, file or variable a shop
//! or an attacker could reach changes it. A library caller may hand another one to
//! [`crate::update::Updater::new`] (the tests do, with a pair they make at run time); the app
//! and the command line only ever use [`TrustedKey::release`].

use minisign_verify::{PublicKey, Signature};

use super::UpdateError;

/// The maker's release key (minisign's format; its secret half is never in the repository:
/// see README, "Cutting a release").
#[cfg(not(feature = "test-update-key"))]
const RELEASE_KEY: &str = include_str!("../../packaging/release-key.pub");

/// A build for CI's installer check trusts the throwaway key CI made for that run (the feature
/// is off in every other build, and `packaging/release.sh` refuses it).
#[cfg(feature = "test-update-key")]
const RELEASE_KEY: &str = env!("PAYDESK_UPDATE_TEST_KEY");

#[derive(Clone)]
pub struct TrustedKey {
    /// `None` only in a broken build, whose compiled-in key did not read: it trusts nothing.
    key: Option<PublicKey>,
    /// The key's base64, to say which one it is.
    text: String,
}

impl std::fmt::Debug for TrustedKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TrustedKey({})", self.text)
    }
}

impl TrustedKey {
    /// The key this build trusts.
    pub fn release() -> TrustedKey {
        // A key that does not read is a broken build: it trusts nothing (every signature is
        // refused) rather than panicking in a shop.
        TrustedKey::from_text(RELEASE_KEY).unwrap_or_else(|_| {
            tracing::error!("the release key compiled into this build does not read");
            TrustedKey {
                key: None,
                text: String::new(),
            }
        })
    }

    /// Whether this build trusts a key made for a test (CI's installer check), not the maker's.
    pub fn is_test_build() -> bool {
        cfg!(feature = "test-update-key")
    }

    /// A key as minisign writes it: the `.pub` file's two lines, or its base64 line alone.
    pub fn from_text(text: &str) -> Result<TrustedKey, UpdateError> {
        let line = text
            .lines()
            .map(str::trim)
            .find(|line| !line.is_empty() && !line.starts_with("untrusted comment:"))
            .ok_or(UpdateError::BadSignature)?;
        let key = PublicKey::from_base64(line).map_err(|_| UpdateError::BadSignature)?;
        Ok(TrustedKey {
            key: Some(key),
            text: line.to_owned(),
        })
    }

    /// Whether `signature` (a `.minisig` file's text) is this key's over `data`.
    pub fn verifies(&self, data: &[u8], signature: &str) -> Result<(), UpdateError> {
        let key = self.key.as_ref().ok_or(UpdateError::BadSignature)?;
        let signature = Signature::decode(signature).map_err(|_| UpdateError::BadSignature)?;
        key.verify(data, &signature, false)
            .map_err(|_| UpdateError::BadSignature)
    }

    /// The same over a file read in pieces (an installer is tens of megabytes).
    pub fn verifies_file(
        &self,
        path: &std::path::Path,
        signature: &str,
    ) -> Result<(), UpdateError> {
        use std::io::Read;
        let key = self.key.as_ref().ok_or(UpdateError::BadSignature)?;
        let signature = Signature::decode(signature).map_err(|_| UpdateError::BadSignature)?;
        let mut verifier = key
            .verify_stream(&signature)
            .map_err(|_| UpdateError::BadSignature)?;
        let mut file = std::fs::File::open(path).map_err(UpdateError::disk(path))?;
        let mut buffer = vec![0u8; 64 * 1024];
        loop {
            let read = file.read(&mut buffer).map_err(UpdateError::disk(path))?;
            if read == 0 {
                break;
            }
            verifier.update(&buffer[..read]);
        }
        verifier.finalize().map_err(|_| UpdateError::BadSignature)
    }
}
