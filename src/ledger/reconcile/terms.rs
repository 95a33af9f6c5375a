//! What the close and the export both say: a range of days in the shop's time (and whose books
//! over it), and a state in words.

use time::Date;

use crate::api::TransactionStatus;
use crate::clock;

/// `[from 00:00, to+1 00:00)` in milliseconds, shop time.
pub fn bounds(from: Date, to: Date) -> (i64, i64) {
    let end = to.next_day().map(clock::start_of).unwrap_or(i64::MAX);
    (clock::start_of(from), end)
}

/// Whose books over which days: `profile`'s (every profile's with `None`), from `from` to `to`,
/// both whole days in the shop's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period<'a> {
    pub profile: Option<&'a str>,
    pub from: Date,
    pub to: Date,
}

impl<'a> Period<'a> {
    pub fn new(profile: Option<&'a str>, from: Date, to: Date) -> Period<'a> {
        Period { profile, from, to }
    }

    /// Its [`bounds`].
    pub fn bounds(&self) -> (i64, i64) {
        bounds(self.from, self.to)
    }
}

/// A state in words, or "not checked" when the service was never asked.
pub fn state_words(status: Option<TransactionStatus>) -> String {
    match status {
        Some(status) => status.to_string(),
        None => crate::t!("state-not-checked"),
    }
}
