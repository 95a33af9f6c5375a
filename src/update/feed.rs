//! The feed: one small JSON document the maker signs, read only after its signature is checked.
//!
//! ```json
//! {"format": 1, "product": "paydesk", "version": "0.2.0",
//!  "published": "2026-12-01T15:00:00Z",
//!  "notes": {"es": "…", "en": "…"},
//!  "files": {"windows-x86_64": {"name": "paydesk-0.2.0-setup.exe",
//!            "url": "paydesk-0.2.0-setup.exe", "size": 24117248,
//!            "sha256": "…", "signature": "untrusted comment: …"}}}
//! ```
//!
//! `published` only moves forward from one release to the next: a feed older than the last one
//! seen is a replay. `url` is resolved against the feed's own address, so a reseller mirrors a
//! release by copying its folder.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{TrustedKey, UpdateError};

/// The feed formats this build reads.
pub const FORMAT: u32 = 1;

/// The product the feed must name (a key that signs other things never updates paydesk).
pub const PRODUCT: &str = "paydesk";

/// Caps on what a signed feed may hold: the maker signs it, but a bug in a release script
/// should not make the app draw a megabyte of notes.
const NOTES_CAP: usize = 4_000;
const FILES_CAP: usize = 16;
const NAME_CAP: usize = 128;
const URL_CAP: usize = 1_000;
const SIGNATURE_CAP: usize = 1_000;

/// The largest file an update may be: an installer is tens of megabytes.
pub const FILE_CAP: u64 = 512 * 1024 * 1024;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notes {
    pub es: String,
    pub en: String,
}

/// One platform's file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeedFile {
    /// Its name in the update folder: letters, digits, `.`, `_`, `+` and `-` only.
    pub name: String,
    /// Relative to the feed's address, or absolute (https).
    pub url: String,
    pub size: u64,
    /// Lowercase hex.
    pub sha256: String,
    /// The file's own minisign signature (a `.minisig` file's text).
    pub signature: String,
}

/// A feed whose signature was checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Feed {
    pub version: semver::Version,
    /// Seconds since the epoch.
    pub published: i64,
    pub notes: Notes,
    /// By platform (`windows-x86_64`, `linux-x86_64-appimage`, `linux-x86_64-deb`, ...).
    pub files: BTreeMap<String, FeedFile>,
}

/// The wire shape, read only from verified bytes.
#[derive(Deserialize)]
struct Wire {
    format: u32,
    product: String,
    version: String,
    published: String,
    notes: Notes,
    #[serde(default)]
    files: BTreeMap<String, FeedFile>,
}

impl Feed {
    /// Checks `signature` over `bytes` with `key`, and only then reads `bytes` as a feed.
    pub fn verified(bytes: &[u8], signature: &[u8], key: &TrustedKey) -> Result<Feed, UpdateError> {
        let signature = std::str::from_utf8(signature).map_err(|_| UpdateError::BadSignature)?;
        key.verifies(bytes, signature)?;
        Feed::read(bytes)
    }

    fn read(bytes: &[u8]) -> Result<Feed, UpdateError> {
        let not = |reason: &str| UpdateError::NotAFeed(reason.to_owned());
        let wire: Wire = serde_json::from_slice(bytes)
            .map_err(|error| UpdateError::NotAFeed(error.to_string()))?;
        if wire.product != PRODUCT {
            return Err(not("product"));
        }
        if wire.format != FORMAT {
            return Err(not("format"));
        }
        let version = semver::Version::parse(wire.version.trim()).map_err(|_| not("version"))?;
        let published = time::OffsetDateTime::parse(
            &wire.published,
            &time::format_description::well_known::Rfc3339,
        )
        .map_err(|_| not("published"))?
        .unix_timestamp();
        if wire.notes.es.chars().count() > NOTES_CAP || wire.notes.en.chars().count() > NOTES_CAP {
            return Err(not("notes"));
        }
        if wire.files.len() > FILES_CAP {
            return Err(not("files"));
        }
        for file in wire.files.values() {
            check_file(file).map_err(not)?;
        }
        Ok(Feed {
            version,
            published,
            notes: wire.notes,
            files: wire.files,
        })
    }
}

/// A file's entry, as safe to act on: a plain name (never a path), a size within the cap, a
/// hash and a signature of the right shape.
fn check_file(file: &FeedFile) -> Result<(), &'static str> {
    let name_ok = !file.name.is_empty()
        && file.name.len() <= NAME_CAP
        && !file.name.starts_with('.')
        && file
            .name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '+' | '-'));
    if !name_ok {
        return Err("name");
    }
    if file.url.is_empty() || file.url.len() > URL_CAP {
        return Err("url");
    }
    if file.size == 0 || file.size > FILE_CAP {
        return Err("size");
    }
    if file.sha256.len() != 64 || !file.sha256.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err("sha256");
    }
    if file.signature.is_empty() || file.signature.len() > SIGNATURE_CAP {
        return Err("signature");
    }
    Ok(())
}

/// A feed's moment as a person reads it.
pub fn shown_time(seconds: i64) -> String {
    crate::clock::shown_datetime(seconds.saturating_mul(1000))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wire(files: &str) -> String {
        format!(
            r#"{{"format": 1, "product": "paydesk", "version": "0.2.0",
                "published": "2026-12-01T15:00:00Z", "notes": {{"es": "a", "en": "b"}},
                "files": {files}}}"#
        )
    }

    const FILE: &str = r#"{"name": "paydesk-0.2.0-setup.exe", "url": "paydesk-0.2.0-setup.exe",
        "size": 10, "sha256": "0000000000000000000000000000000000000000000000000000000000000000",
        "signature": "x"}"#;

    #[test]
    fn a_feed_reads_with_its_files() {
        let feed =
            Feed::read(wire(&format!(r#"{{"windows-x86_64": {FILE}}}"#)).as_bytes()).unwrap();
        assert_eq!(feed.version, semver::Version::new(0, 2, 0));
        assert_eq!(feed.published, 1_796_137_200);
        assert_eq!(feed.files["windows-x86_64"].size, 10);
    }

    #[test]
    fn a_name_that_is_a_path_or_a_file_past_the_cap_is_refused() {
        for bad in [
            FILE.replace(
                "paydesk-0.2.0-setup.exe\", \"url",
                "../paydesk.exe\", \"url",
            ),
            FILE.replace("paydesk-0.2.0-setup.exe\", \"url", "C:\\\\x.exe\", \"url"),
            FILE.replace("\"size\": 10", &format!("\"size\": {}", FILE_CAP + 1)),
            FILE.replace("\"sha256\": \"0000", "\"sha256\": \"zz00"),
        ] {
            let text = wire(&format!(r#"{{"windows-x86_64": {bad}}}"#));
            assert!(
                matches!(Feed::read(text.as_bytes()), Err(UpdateError::NotAFeed(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn another_product_or_format_is_not_a_feed() {
        let other = wire("{}").replace("\"paydesk\"", "\"otro\"");
        assert!(Feed::read(other.as_bytes()).is_err());
        let newer = wire("{}").replace("\"format\": 1", "\"format\": 2");
        assert!(Feed::read(newer.as_bytes()).is_err());
        assert!(Feed::read(b"not json").is_err());
    }
}
