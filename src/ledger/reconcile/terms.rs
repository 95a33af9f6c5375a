//! What the close and the export both say: a range of days in the shop's time, and a state in
//! words.

use time::Date;

use crate::api::family_b::TransactionStatus;
use crate::clock;

/// `[from 00:00, to+1 00:00)` in milliseconds, shop time.
pub fn bounds(from: Date, to: Date) -> (i64, i64) {
    let end = to.next_day().map(clock::start_of).unwrap_or(i64::MAX);
    (clock::start_of(from), end)
}

/// A state in words, or "not checked" when the service was never asked.
pub fn state_words(status: Option<TransactionStatus>) -> String {
    match status {
        Some(status) => status.to_string(),
        None => crate::t!("state-not-checked"),
    }
}
