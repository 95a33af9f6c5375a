//! paydesk keeps itself current, only from its maker and only forward.
//!
//! A small feed (`feed.rs`: the version, its date, what changed in both languages, and per
//! platform the file, its size, its SHA-256 and its own signature) is fetched with deadlines and
//! size caps (`fetch.rs`), and its signature is checked against the public key compiled into
//! paydesk (`key.rs`) before a byte of it is read. A feed older than the last one seen is a
//! replay; a version not newer than the running one is never installed. A file is downloaded
//! into a partial file that is resumed or restarted, and renamed to its name only once its size,
//! hash and signature are right (`download.rs`); installing checks it all again just before it
//! runs it (`install.rs`). When to look is `schedule.rs`; what was seen is `state.rs`.
mod download;
mod error;
mod feed;
mod fetch;
mod install;
mod key;
mod schedule;
mod state;
mod version;
/// The feed the build names; a shop or a reseller may name its own in Configuración (the
/// signature, not the address, is what is trusted).
pub use crate::config::updates::DEFAULT_FEED_URL;
pub use download::Verified;
pub use error::UpdateError;
pub use feed::{Feed, FeedFile, Notes};
pub use fetch::{Limits, checked_address};
pub use install::{
    Installed, Platform, PlatformKind, arm_at_exit, install, manual_command, run_armed,
};
pub use key::TrustedKey;
pub use schedule::{LOOK_EVERY_MS, Schedule};
pub use state::UpdateState;
pub use version::{VERSION, running_version};

mod updater;
pub use updater::{Check, Offer, Updater, folder};
