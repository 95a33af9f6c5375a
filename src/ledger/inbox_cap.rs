//! How much the webhook inbox takes: a day's worth per profile, and long bodies cut once a week
//! old. Anyone who knows a shop's key can sign notifications, so what they sign is bounded like
//! anything else from the internet (`inbox.rs` stores within it).

use super::error::LedgerError;
use super::store::{Conn, args};

/// How many notifications the inbox takes from one profile in a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InboxCap {
    /// Every notification of one profile received in the last 24 hours. A busy shop gets a few
    /// thousand (a payment's pending and approval, a code's every payment).
    pub per_day: usize,
    /// Of those, the ones the service has not (yet) confirmed. A shop's own are confirmed within
    /// seconds of arriving, and a day's outage of the service leaves a few hundred waiting.
    pub unconfirmed_per_day: usize,
}

impl Default for InboxCap {
    fn default() -> InboxCap {
        InboxCap {
            per_day: 10_000,
            unconfirmed_per_day: 2_000,
        }
    }
}

pub(super) const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// How long a sender turned away by a full inbox is asked to wait at least, in seconds.
const FULL_WAIT_AT_LEAST_S: i64 = 10 * 60;
/// How long at most, when only the unconfirmed are too many (checks make room as they go).
const UNCONFIRMED_WAIT_AT_MOST_S: i64 = 60 * 60;

/// A stored body longer than this many characters is cut to it once a week old. A real
/// notification is under a thousand; only one padded by someone who knows the key is longer, and
/// the close and the CSV never read the body.
pub const KEPT_BODY_CHARS: i64 = 4 * 1024;
/// How long a body is kept whole.
pub const BODIES_WHOLE_FOR_MS: i64 = 7 * DAY_MS;

/// What one profile's inbox took in the 24 hours before a moment.
pub(super) struct DayInInbox {
    all: usize,
    unconfirmed: usize,
    oldest: Option<i64>,
    oldest_unconfirmed: Option<i64>,
}

impl DayInInbox {
    pub(super) fn read(
        db: &mut Conn<'_>,
        profile: &str,
        now: i64,
    ) -> Result<DayInInbox, LedgerError> {
        let count = |value: i64| usize::try_from(value).unwrap_or(0);
        db.query_opt(
            "SELECT count(*),
                    COALESCE(sum(CASE WHEN check_state <> 'confirmed' THEN 1 ELSE 0 END), 0),
                    min(received_at),
                    min(CASE WHEN check_state <> 'confirmed' THEN received_at END)
             FROM notifications WHERE profile = ?1 AND received_at > ?2",
            args![profile, now - DAY_MS],
            |row| {
                Ok(DayInInbox {
                    all: count(row.get(0)?),
                    unconfirmed: count(row.get(1)?),
                    oldest: row.get(2)?,
                    oldest_unconfirmed: row.get(3)?,
                })
            },
        )?
        .ok_or_else(|| LedgerError::Missing("the inbox's day".to_owned()))
    }

    /// One more, just stored (unconfirmed, as every new one is).
    pub(super) fn took(&mut self, at: i64) {
        self.all += 1;
        self.unconfirmed += 1;
        self.oldest = self.oldest.or(Some(at));
        self.oldest_unconfirmed = self.oldest_unconfirmed.or(Some(at));
    }

    pub(super) fn room(&self, cap: InboxCap) -> usize {
        cap.per_day
            .saturating_sub(self.all)
            .min(cap.unconfirmed_per_day.saturating_sub(self.unconfirmed))
    }

    /// When room is likely back: the oldest row under each limit reached leaves the day. Checks
    /// also free room under the limit on unconfirmed ones, so that wait is an hour at most.
    pub(super) fn retry_after_s(&self, cap: InboxCap, now: i64) -> u64 {
        let until_out = |oldest: Option<i64>| oldest.map_or(0, |at| (at + DAY_MS - now) / 1000 + 1);
        let mut wait_s = FULL_WAIT_AT_LEAST_S;
        if self.all >= cap.per_day {
            wait_s = wait_s.max(until_out(self.oldest));
        }
        if self.unconfirmed >= cap.unconfirmed_per_day {
            wait_s = wait_s.max(until_out(self.oldest_unconfirmed).min(UNCONFIRMED_WAIT_AT_MOST_S));
        }
        u64::try_from(wait_s).unwrap_or(0)
    }
}
