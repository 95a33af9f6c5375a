//! After a crash: payout intents left `sending` become `unknown`, never sent again; until then,
//! another till's may still be under way.

use super::error::LedgerError;
use super::store::{Conn, args};
use crate::clock::now_ms;

/// An intent left `sending` this long ago by another till is taken as interrupted too: no
/// request waits anywhere near this long for its answer. (Tills' clocks may differ by less.)
const OTHERS_SENDING_PATIENCE_MS: i64 = 10 * 60 * 1000;

/// At start: intents a crash left `sending` are `unknown` now. Never re-sent. On a shared ledger
/// only this till's own, and another till's only when no answer can still come.
pub(super) fn mark_interrupted(db: &mut Conn<'_>, till: &str) -> Result<u64, LedgerError> {
    let now = now_ms();
    db.execute(
        "UPDATE payouts SET state = 'unknown',
            error_message = 'paydesk stopped before the service answered', updated_at = ?1
         WHERE state = 'sending' AND (till = ?2 OR updated_at < ?3)",
        args![now, till, now - OTHERS_SENDING_PATIENCE_MS],
    )
}

/// Whether a payout may be under way at some till: written `sending`, and not so long ago that
/// no answer can still come.
pub(super) fn payouts_under_way(db: &mut Conn<'_>) -> Result<bool, LedgerError> {
    let under_way = db.query_opt(
        "SELECT id FROM payouts WHERE state = 'sending' AND updated_at >= ?1 LIMIT 1",
        args![now_ms() - OTHERS_SENDING_PATIENCE_MS],
        |row| row.get::<i64>(0),
    )?;
    Ok(under_way.is_some())
}
