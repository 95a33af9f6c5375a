//! The notifications the receiver stored, as the app holds them: read from the books whenever
//! a notification arrives, the books say more were written, or a session starts. The whole app
//! reads it (a decline's reason on the customer screen and the banners, a sale's card,
//! Notificaciones' list); the Notificaciones panel only shows it.

use std::sync::Arc;

use crate::ledger::{StoredNotification, StoredRefusal};
use crate::ui::plumbing::bridge::{Bridge, Requested, UiError};
use crate::ui::plumbing::news::News;
use crate::ui::services::session::Session;

/// How many of the latest notifications are held.
const HELD: usize = 300;
/// How many of the latest refusals' samples are held.
const SAMPLES_HELD: usize = 100;

/// The latest refusals kept, and how many of each kind there were today.
#[derive(Debug, Clone, Default)]
pub struct Refusals {
    pub samples: Vec<StoredRefusal>,
    pub today: Vec<(String, u64)>,
}

impl Refusals {
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty() && self.today.is_empty()
    }
}

/// The feed: the latest notifications and refusals, newest first.
pub struct NotificationFeed {
    pub read: Requested<(Arc<Vec<StoredNotification>>, Arc<Refusals>)>,
    stale: bool,
}

impl Default for NotificationFeed {
    fn default() -> Self {
        NotificationFeed {
            read: Requested::NotRequested,
            stale: true,
        }
    }
}

impl NotificationFeed {
    /// The notifications as last read, newest first (shared, cheap to hand around).
    pub fn recent(&self) -> Arc<Vec<StoredNotification>> {
        self.read
            .value()
            .map(|(list, _)| list.clone())
            .unwrap_or_default()
    }

    /// Any notification, more written to the books, or a new session: read it again.
    pub fn hear(&mut self, news: &News) {
        match news {
            News::Books {
                notifications: true,
                ..
            }
            | News::Notification { .. }
            | News::Connected { .. } => self.stale = true,
            News::Books { .. }
            | News::PaymentEnded { .. }
            | News::Language
            | News::Cash
            | News::Tab
            | News::AnotherPerson => {}
        }
    }

    /// Takes what the last read found, and reads again when it went stale.
    pub fn logic(&mut self, bridge: &Bridge, session: &Session) {
        self.read.poll();
        if !self.stale || self.read.is_pending() {
            return;
        }
        let Ok(ledger) = session.ledger.clone() else {
            return;
        };
        self.stale = false;
        self.read.start(bridge.spawn_blocking(move || {
            let notifications = ledger
                .notifications(HELD)
                .map_err(|error| UiError::explained(&error))?;
            let today = crate::clock::format_date(crate::clock::today());
            let refusals = Refusals {
                samples: ledger
                    .refusal_samples(SAMPLES_HELD)
                    .map_err(|error| UiError::explained(&error))?,
                today: ledger
                    .refusal_counts(&today)
                    .map_err(|error| UiError::explained(&error))?,
            };
            Ok((Arc::new(notifications), Arc::new(refusals)))
        }));
    }
}
