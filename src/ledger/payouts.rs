//! The payout journal: an intent is committed before a payout is sent, and every answer (or its
//! absence) is recorded against it. One intent, one request.

use super::base::Ledger;
use super::error::LedgerError;
pub use super::payout_state::{PayoutOutcome, PayoutRecord, PayoutState};
use super::store::{Conn, Param, Row, args};
use crate::api::{PayoutRequest, TransactionStatus};
use crate::clock::now_ms;
use crate::money::Pesos;

pub(super) const COLUMNS: &str = "id, profile, reference1, amount, destination, method_id, bank_name, \
    webhook_url, state, transaction_reference, reply_json, error_code, error_message, \
    service_status, attempts, created_at, updated_at";

pub(super) fn record(row: &Row<'_>) -> Result<PayoutRecord, LedgerError> {
    Ok(PayoutRecord {
        id: row.get(0)?,
        profile: row.get(1)?,
        reference1: row.get(2)?,
        amount: Pesos::new(row.get(3)?),
        destination: row.get(4)?,
        method_id: row.get(5)?,
        bank_name: row.get(6)?,
        webhook_url: row.get(7)?,
        state: PayoutState::parse(&row.get::<String>(8)?),
        transaction_reference: row.get(9)?,
        reply_json: row.get(10)?,
        error_code: row.get(11)?,
        error_message: row.get(12)?,
        service_status: row.get(13)?,
        attempts: row.get(14)?,
        created_at: row.get(15)?,
        updated_at: row.get(16)?,
    })
}

impl Ledger {
    /// Commits the intent before anything is sent, deciding the journal's rules in the same
    /// transaction: a `reference1` already in the journal, a payout that may have left less
    /// than `rules.spacing_ms` ago, and a recent payout of the same amount to the same number
    /// that the person did not confirm. Two reviews that overlap (two windows, the app and the
    /// CLI, two tills on a shared ledger) can both pass their checks; only one of them gets past
    /// this. SQLite: the write lock is taken before the rules are read. PostgreSQL: a lock per
    /// merchant held until the transaction ends, and the unique reference as the last word.
    pub fn begin_payout(
        &self,
        profile: &str,
        request: &PayoutRequest,
        rules: &IntentRules,
    ) -> Result<PayoutRecord, LedgerError> {
        let outcome = self.transaction(|db| {
            db.lock_until_commit(PAYOUTS_LOCK, profile)?;
            write_intent(db, &self.till, profile, request, rules)
        });
        match outcome {
            Err(error) if error.is_unique_violation() => {
                Err(LedgerError::DuplicateReference(request.reference1.clone()))
            }
            other => other,
        }
    }

    /// A payout that never reached the service may go out again, under the same reference.
    /// Returns false when it is not (or no longer) in that state: nothing is sent then.
    pub fn resume_payout(&self, id: i64) -> Result<bool, LedgerError> {
        let changed = self.with(|db| {
            db.execute(
                "UPDATE payouts SET state = 'sending', attempts = attempts + 1, updated_at = ?2,
                    till = ?3
                 WHERE id = ?1 AND state = 'not_sent'",
                args![id, now_ms(), &self.till],
            )
        })?;
        Ok(changed == 1)
    }

    /// Records what came of the one request. A confirmed notification may have moved the
    /// payout on while the request was under way (the service notifies as soon as it commits,
    /// sometimes before its answer arrives): a state set that way is never overwritten here.
    pub fn finish_payout(
        &self,
        id: i64,
        outcome: &PayoutOutcome,
    ) -> Result<PayoutRecord, LedgerError> {
        let now = now_ms();
        match outcome {
            PayoutOutcome::Sent {
                transaction_reference,
                reply_json,
            } => self.update_payout(
                id,
                "UPDATE payouts SET state = CASE WHEN state = 'sending' THEN 'sent' ELSE state END,
                    transaction_reference = ?2, reply_json = ?3, error_code = NULL,
                    error_message = NULL, updated_at = ?4
                 WHERE id = ?1",
                args![id, transaction_reference, reply_json, now],
            ),
            PayoutOutcome::Refused { code, message } => self.update_payout(
                id,
                "UPDATE payouts SET state = 'refused', error_code = ?2, error_message = ?3,
                    updated_at = ?4 WHERE id = ?1 AND state = 'sending'",
                args![id, code, message, now],
            ),
            PayoutOutcome::NotSent { message } => self.update_payout(
                id,
                "UPDATE payouts SET state = 'not_sent', error_code = 'network.unreachable',
                    error_message = ?2, updated_at = ?3 WHERE id = ?1 AND state = 'sending'",
                args![id, message, now],
            ),
            PayoutOutcome::Unknown { code, message } => self.update_payout(
                id,
                "UPDATE payouts SET state = 'unknown', error_code = ?2, error_message = ?3,
                    updated_at = ?4 WHERE id = ?1 AND state = 'sending'",
                args![id, code, message, now],
            ),
        }
    }

    /// The service's status for a payout. Final states settle it; 1 and 9 mean the service has
    /// it, so an `unknown` becomes `sent`.
    pub fn record_payout_status(
        &self,
        id: i64,
        status: TransactionStatus,
    ) -> Result<PayoutRecord, LedgerError> {
        let state = match status {
            TransactionStatus::Approved => PayoutState::Approved,
            TransactionStatus::Rejected
            | TransactionStatus::Failed
            | TransactionStatus::Cancelled => PayoutState::Failed,
            _ => PayoutState::Sent,
        };
        // Only a change is written: on a shared ledger every write is heard by every till.
        self.update_payout(
            id,
            "UPDATE payouts SET state = ?2, service_status = ?3, updated_at = ?4
             WHERE id = ?1 AND state IN ('sending', 'sent', 'unknown')
               AND (state <> ?2 OR service_status IS NULL OR service_status <> ?3)",
            args![id, state.as_str(), status.id(), now_ms()],
        )
    }

    /// An unknown payout whose transaction the service has since named and confirmed approved:
    /// it takes that reference and the service's state, once (a payout that already has a
    /// reference, or is no longer unknown, is left as it is). Only an approval is adopted: a
    /// payout wrongly taken for failed could be sent again, one wrongly taken for paid cannot.
    pub fn adopt_approved_payout(
        &self,
        id: i64,
        transaction_reference: &str,
    ) -> Result<PayoutRecord, LedgerError> {
        self.update_payout(
            id,
            "UPDATE payouts SET transaction_reference = ?2, state = ?3, service_status = ?4,
                 updated_at = ?5
             WHERE id = ?1 AND state = 'unknown' AND transaction_reference IS NULL",
            args![
                id,
                transaction_reference,
                PayoutState::Approved.as_str(),
                TransactionStatus::Approved.id(),
                now_ms()
            ],
        )
    }

    /// A person settles an unknown payout after checking with the service: it was sent (keep
    /// it counted) or it was not (it never went out).
    pub fn settle_payout_by_hand(
        &self,
        id: i64,
        went_out: bool,
    ) -> Result<PayoutRecord, LedgerError> {
        let (state, note) = if went_out {
            ("sent", "settled by hand: it went out")
        } else {
            ("refused", "settled by hand: it never went out")
        };
        self.update_payout(
            id,
            "UPDATE payouts SET state = ?2, error_message = ?3, updated_at = ?4
             WHERE id = ?1 AND state = 'unknown'",
            args![id, state, note, now_ms()],
        )
    }

    /// Writes one payout (`sql` names it by `id`) and reads it back as it now stands: a write
    /// that its conditions left undone returns the payout unchanged.
    fn update_payout(
        &self,
        id: i64,
        sql: &str,
        params: &[Param],
    ) -> Result<PayoutRecord, LedgerError> {
        self.with(|db| {
            db.execute(sql, params)?;
            payout_now(db, id)
        })
    }

    pub fn payout(&self, id: i64) -> Result<Option<PayoutRecord>, LedgerError> {
        self.with(|db| payout(db, id))
    }

    pub fn payout_by_reference(
        &self,
        profile: &str,
        reference1: &str,
    ) -> Result<Option<PayoutRecord>, LedgerError> {
        self.with(|db| payout_by_reference(db, profile, reference1))
    }

    /// Newest first.
    pub fn payouts(&self, profile: &str, limit: usize) -> Result<Vec<PayoutRecord>, LedgerError> {
        self.with(|db| {
            db.query(
                &format!(
                    "SELECT {COLUMNS} FROM payouts WHERE profile = ?1
                     ORDER BY created_at DESC, id DESC LIMIT ?2"
                ),
                args![profile, limit as i64],
                record,
            )
        })
    }

    /// Payouts started in `[from_ms, to_ms)`, oldest first (every profile when `profile` is
    /// None).
    pub fn payouts_between(
        &self,
        profile: Option<&str>,
        from_ms: i64,
        to_ms: i64,
    ) -> Result<Vec<PayoutRecord>, LedgerError> {
        self.with(|db| {
            db.query(
                &format!(
                    "SELECT {COLUMNS} FROM payouts
                     WHERE (CAST(?1 AS TEXT) IS NULL OR profile = ?1) AND created_at >= ?2 AND created_at < ?3
                     ORDER BY created_at, id"
                ),
                args![profile, from_ms, to_ms],
                record,
            )
        })
    }

    /// When the last payout that may have left was started.
    pub fn last_payout_at(&self, profile: &str) -> Result<Option<i64>, LedgerError> {
        self.with(|db| last_payout_at(db, profile))
    }

    /// The newest payout to this destination for this amount since `since_ms` that may have
    /// left.
    pub fn recent_similar_payout(
        &self,
        profile: &str,
        destination: &str,
        amount: Pesos,
        since_ms: i64,
    ) -> Result<Option<PayoutRecord>, LedgerError> {
        self.with(|db| recent_similar_payout(db, profile, destination, amount, since_ms))
    }
}

/// The journal's own rules, decided when the intent is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IntentRules {
    /// Payouts that may have left must be at least this far apart.
    pub spacing_ms: i64,
    /// A payout of the same amount to the same number within this window needs a second yes
    /// (0: no such rule).
    pub repeat_window_ms: i64,
    /// The earlier payout the person saw and said yes to sending again.
    pub confirmed_repeat_of: Option<i64>,
}

/// What every payout's intent takes, on both backends: each payout of a profile decides its
/// rules under it, returns (whose remaining amount is decided there too) included.
pub(super) const PAYOUTS_LOCK: &str = "paydesk-payouts";

/// The journal's rules, then the intent written `sending`, inside a transaction that holds
/// [`PAYOUTS_LOCK`] for `profile`: the reference used once, the spacing, the repeat.
pub(super) fn write_intent(
    db: &mut Conn<'_>,
    till: &str,
    profile: &str,
    request: &PayoutRequest,
    rules: &IntentRules,
) -> Result<PayoutRecord, LedgerError> {
    // The clock is read under the lock: the spacing is measured from the last intent
    // another till committed just before, not from before waiting for it.
    let now = now_ms();
    if payout_by_reference(db, profile, &request.reference1)?.is_some() {
        return Err(LedgerError::DuplicateReference(request.reference1.clone()));
    }
    if let Some(last) = last_payout_at(db, profile)? {
        let waited = now - last;
        if waited < rules.spacing_ms {
            return Err(LedgerError::PayoutTooSoon {
                wait_ms: rules.spacing_ms - waited,
            });
        }
    }
    if rules.repeat_window_ms > 0
        && let Some(similar) = recent_similar_payout(
            db,
            profile,
            &request.destination,
            request.amount,
            now - rules.repeat_window_ms,
        )?
    {
        // A yes covers a repeat of a payout that went out, never one that may be going
        // out still: two at once is the money sent twice.
        if similar.state.is_unsettled() {
            return Err(LedgerError::PayoutUnsettled(Box::new(similar)));
        }
        if rules.confirmed_repeat_of != Some(similar.id) {
            return Err(LedgerError::PayoutRepeat(Box::new(similar)));
        }
    }
    let id: i64 = db.value(
        "INSERT INTO payouts (profile, reference1, amount, destination, method_id,
            bank_name, webhook_url, state, created_at, updated_at, till)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'sending', ?8, ?8, ?9)
         RETURNING id",
        args![
            profile,
            &request.reference1,
            request.amount.get(),
            &request.destination,
            request.method_id,
            &request.bank_name,
            request
                .webhook_request
                .as_ref()
                .map(|u| u.as_str().to_owned()),
            now,
            till
        ],
    )?;
    payout_now(db, id)
}

fn payout(db: &mut Conn<'_>, id: i64) -> Result<Option<PayoutRecord>, LedgerError> {
    db.query_opt(
        &format!("SELECT {COLUMNS} FROM payouts WHERE id = ?1"),
        args![id],
        record,
    )
}

/// A payout this very transaction or call wrote: gone only if the ledger lost it meanwhile.
pub(super) fn payout_now(db: &mut Conn<'_>, id: i64) -> Result<PayoutRecord, LedgerError> {
    payout(db, id)?.ok_or(LedgerError::NoSuchPayout(id))
}

fn payout_by_reference(
    db: &mut Conn<'_>,
    profile: &str,
    reference1: &str,
) -> Result<Option<PayoutRecord>, LedgerError> {
    db.query_opt(
        &format!("SELECT {COLUMNS} FROM payouts WHERE profile = ?1 AND reference1 = ?2"),
        args![profile, reference1],
        record,
    )
}

fn last_payout_at(db: &mut Conn<'_>, profile: &str) -> Result<Option<i64>, LedgerError> {
    db.value(
        "SELECT MAX(created_at) FROM payouts
         WHERE profile = ?1 AND state NOT IN ('refused', 'not_sent')",
        args![profile],
    )
}

fn recent_similar_payout(
    db: &mut Conn<'_>,
    profile: &str,
    destination: &str,
    amount: Pesos,
    since_ms: i64,
) -> Result<Option<PayoutRecord>, LedgerError> {
    db.query_opt(
        &format!(
            "SELECT {COLUMNS} FROM payouts
             WHERE profile = ?1 AND destination = ?2 AND amount = ?3 AND created_at >= ?4
               AND state NOT IN ('refused', 'not_sent')
             ORDER BY created_at DESC, id DESC LIMIT 1"
        ),
        args![profile, destination, amount.get(), since_ms],
        record,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The journal alone: only the reference rule.
    const NO_RULES: IntentRules = IntentRules {
        spacing_ms: 0,
        repeat_window_ms: 0,
        confirmed_repeat_of: None,
    };

    /// The service took it, under `reference`.
    fn sent_as(reference: &str) -> PayoutOutcome {
        PayoutOutcome::Sent {
            transaction_reference: Some(reference.into()),
            reply_json: "{}".into(),
        }
    }

    fn request(reference1: &str) -> PayoutRequest {
        PayoutRequest {
            amount: Pesos::new(50_000),
            reference1: reference1.into(),
            webhook_request: None,
            method_id: crate::api::payout_methods::PRODUCT_PAYOUT_METHOD,
            destination: "3001234567".into(),
            bank_name: None,
        }
    }

    #[test]
    fn one_reference_one_intent() {
        let ledger = Ledger::open_in_memory().unwrap();
        let first = ledger.begin_payout("p", &request("R1"), &NO_RULES).unwrap();
        assert_eq!(first.state, PayoutState::Sending);
        assert!(matches!(
            ledger.begin_payout("p", &request("R1"), &NO_RULES),
            Err(LedgerError::DuplicateReference(_))
        ));
        // Another profile has its own references.
        assert!(ledger.begin_payout("q", &request("R1"), &NO_RULES).is_ok());
    }

    #[test]
    fn outcomes_and_statuses() {
        let ledger = Ledger::open_in_memory().unwrap();
        let intent = ledger.begin_payout("p", &request("R1"), &NO_RULES).unwrap();
        let sent = ledger.finish_payout(intent.id, &sent_as("CO1")).unwrap();
        assert_eq!(sent.state, PayoutState::Sent);
        assert_eq!(sent.transaction_reference.as_deref(), Some("CO1"));
        let paid = ledger
            .record_payout_status(intent.id, TransactionStatus::Approved)
            .unwrap();
        assert_eq!(paid.state, PayoutState::Approved);
        // Final states are not reopened by a late status.
        let still = ledger
            .record_payout_status(intent.id, TransactionStatus::Pending)
            .unwrap();
        assert_eq!(still.state, PayoutState::Approved);

        let lost = ledger.begin_payout("p", &request("R2"), &NO_RULES).unwrap();
        let unknown = ledger
            .finish_payout(
                lost.id,
                &PayoutOutcome::Unknown {
                    code: "network.timeout".into(),
                    message: "no answer".into(),
                },
            )
            .unwrap();
        assert_eq!(unknown.state, PayoutState::Unknown);
        assert!(
            !ledger.resume_payout(lost.id).unwrap(),
            "an unknown payout is never resent"
        );
        let settled = ledger.settle_payout_by_hand(lost.id, false).unwrap();
        assert_eq!(settled.state, PayoutState::Refused);

        let offline = ledger.begin_payout("p", &request("R3"), &NO_RULES).unwrap();
        ledger
            .finish_payout(
                offline.id,
                &PayoutOutcome::NotSent {
                    message: "offline".into(),
                },
            )
            .unwrap();
        assert!(ledger.resume_payout(offline.id).unwrap());
        assert!(
            !ledger.resume_payout(offline.id).unwrap(),
            "only once per failure"
        );
        assert_eq!(ledger.payout(offline.id).unwrap().unwrap().attempts, 2);
    }

    #[test]
    fn a_crash_leaves_unknown_never_sending() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.sqlite3");
        let ledger = Ledger::open(&path).unwrap();
        let intent = ledger.begin_payout("p", &request("R1"), &NO_RULES).unwrap();
        drop(ledger);
        let reopened = Ledger::open(&path).unwrap();
        let record = reopened.payout(intent.id).unwrap().unwrap();
        assert_eq!(record.state, PayoutState::Unknown);
    }

    #[test]
    fn spacing_and_similar_payouts() {
        let ledger = Ledger::open_in_memory().unwrap();
        assert_eq!(ledger.last_payout_at("p").unwrap(), None);
        let intent = ledger.begin_payout("p", &request("R1"), &NO_RULES).unwrap();
        assert_eq!(ledger.last_payout_at("p").unwrap(), Some(intent.created_at));
        let similar = ledger
            .recent_similar_payout("p", "3001234567", Pesos::new(50_000), intent.created_at - 1)
            .unwrap();
        assert_eq!(similar.map(|r| r.id), Some(intent.id));
        assert!(
            ledger
                .recent_similar_payout("p", "3001234567", Pesos::new(40_000), 0)
                .unwrap()
                .is_none()
        );
        ledger
            .finish_payout(
                intent.id,
                &PayoutOutcome::Refused {
                    code: "05".into(),
                    message: "no".into(),
                },
            )
            .unwrap();
        assert_eq!(
            ledger.last_payout_at("p").unwrap(),
            None,
            "refused payouts do not count"
        );
    }

    #[test]
    fn the_rules_are_decided_when_the_intent_is_written() {
        let ledger = Ledger::open_in_memory().unwrap();
        let rules = IntentRules {
            spacing_ms: 30_000,
            repeat_window_ms: 600_000,
            confirmed_repeat_of: None,
        };
        let first = ledger.begin_payout("p", &request("R1"), &rules).unwrap();
        assert!(matches!(
            ledger.begin_payout("p", &request("R2"), &rules),
            Err(LedgerError::PayoutTooSoon { wait_ms }) if wait_ms > 29_000
        ));
        ledger.finish_payout(first.id, &sent_as("CO1")).unwrap();
        // Past the spacing, the same amount to the same number needs the person's yes to
        // that very payout.
        let unspaced = IntentRules {
            spacing_ms: 0,
            ..rules
        };
        match ledger.begin_payout("p", &request("R2"), &unspaced) {
            Err(LedgerError::PayoutRepeat(previous)) => assert_eq!(previous.id, first.id),
            other => panic!("{other:?}"),
        }
        let stale_yes = IntentRules {
            confirmed_repeat_of: Some(first.id + 100),
            ..unspaced
        };
        assert!(matches!(
            ledger.begin_payout("p", &request("R2"), &stale_yes),
            Err(LedgerError::PayoutRepeat(_))
        ));
        let yes = IntentRules {
            confirmed_repeat_of: Some(first.id),
            ..unspaced
        };
        let second = ledger.begin_payout("p", &request("R2"), &yes).unwrap();
        assert_eq!(second.state, PayoutState::Sending);
        // Nothing of a refused attempt was written.
        assert_eq!(ledger.payouts("p", 10).unwrap().len(), 2);
    }

    #[test]
    fn no_yes_repeats_a_payout_that_may_still_be_going_out() {
        let ledger = Ledger::open_in_memory().unwrap();
        let rules = IntentRules {
            spacing_ms: 0,
            repeat_window_ms: 600_000,
            confirmed_repeat_of: None,
        };
        let first = ledger.begin_payout("p", &request("R1"), &rules).unwrap();
        let yes = IntentRules {
            confirmed_repeat_of: Some(first.id),
            ..rules
        };
        // Under way (another till's, or this one's a moment ago), then its answer lost.
        for unsettled in [None, Some("network.timeout")] {
            if let Some(code) = unsettled {
                ledger
                    .finish_payout(
                        first.id,
                        &PayoutOutcome::Unknown {
                            code: code.into(),
                            message: "no answer".into(),
                        },
                    )
                    .unwrap();
            }
            match ledger.begin_payout("p", &request("R2"), &yes) {
                Err(LedgerError::PayoutUnsettled(previous)) => assert_eq!(previous.id, first.id),
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(ledger.payouts("p", 10).unwrap().len(), 1, "nothing written");
    }

    #[test]
    fn a_confirmed_status_is_not_undone_by_the_late_answer() {
        let ledger = Ledger::open_in_memory().unwrap();
        let intent = ledger.begin_payout("p", &request("R1"), &NO_RULES).unwrap();
        // The service's notification, confirmed, arrives before its answer.
        ledger
            .record_payout_status(intent.id, TransactionStatus::Approved)
            .unwrap();
        let answered = ledger.finish_payout(intent.id, &sent_as("CO1")).unwrap();
        assert_eq!(answered.state, PayoutState::Approved);
        assert_eq!(answered.transaction_reference.as_deref(), Some("CO1"));

        let other = ledger.begin_payout("p", &request("R2"), &NO_RULES).unwrap();
        ledger
            .record_payout_status(other.id, TransactionStatus::Processing)
            .unwrap();
        let lost = ledger
            .finish_payout(
                other.id,
                &PayoutOutcome::Unknown {
                    code: "network.connectionLost".into(),
                    message: "closed".into(),
                },
            )
            .unwrap();
        assert_eq!(
            lost.state,
            PayoutState::Sent,
            "the service already said it has it"
        );
    }
}
