//! What the receiver and the checks of its notifications share: what the receiver did (for the
//! app's feed), who asks the service, and the settings that may change while it runs. Apart
//! from both, so that the receiver hands notifications to the checks and neither reaches back.

use std::sync::Arc;

use crate::api::Client;
use crate::api::TransactionStatus;
use crate::ledger::{CheckState, Ledger};

/// Why a request was refused: each kind is counted, whatever was sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not `application/json`.
    NotJson,
    /// JSON, but not a notification.
    Malformed,
    /// A notification the key does not verify (or no key is set up).
    Signature,
    /// Larger than any notification.
    TooLarge,
    /// Its body did not arrive in time.
    TooSlow,
    /// From a source past its requests or refusals.
    TooMany,
    /// Signed with the key, but the profile's inbox already holds a day's worth (`InboxCap`: so
    /// many in 24 hours, fewer of them unconfirmed): answered "later", so the service sends it
    /// again.
    InboxFull,
}

impl Refusal {
    pub fn as_str(self) -> &'static str {
        match self {
            Refusal::NotJson => "not-json",
            Refusal::Malformed => "malformed",
            Refusal::Signature => "signature",
            Refusal::TooLarge => "too-large",
            Refusal::TooSlow => "too-slow",
            Refusal::TooMany => "too-many",
            Refusal::InboxFull => "inbox-full",
        }
    }
}

/// What the receiver did, for the app's live feed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReceiverEvent {
    Stored {
        id: i64,
        reference: String,
        status: TransactionStatus,
    },
    Duplicate {
        id: i64,
        reference: String,
    },
    Rejected {
        kind: Refusal,
        reason: String,
    },
    Checked {
        id: i64,
        reference: String,
        state: CheckState,
        /// The payment's state after the service's answer, as the books hold it: a final
        /// state the answer contradicted stays (a payout: the state the service answered).
        service_status: Option<TransactionStatus>,
    },
}

/// Who asks the service about notifications (the profile's client).
#[derive(Clone)]
pub struct Confirmer {
    pub client: Client,
}

/// What may change while the receiver runs (the app switches profile): the key, who confirms,
/// and the ledger it stores into (a profile may name a shared one).
pub(super) struct Settings {
    pub(super) hash_key: Arc<str>,
    pub(super) profile: String,
    pub(super) confirmer: Option<Confirmer>,
    pub(super) ledger: Arc<Ledger>,
}

pub(super) type SharedSettings = Arc<std::sync::RwLock<Settings>>;

pub(super) fn read(settings: &SharedSettings) -> std::sync::RwLockReadGuard<'_, Settings> {
    settings
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
