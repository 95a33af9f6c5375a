//! The webhook inbox: every verified notification with its raw body, under the profile whose
//! key verified it, stored before the receiver answers 200, and what its check with the service
//! found; rejected ones apart, never applied. A notification is never money (`received.rs` is).

use std::collections::HashMap;

use super::base::Ledger;
use super::error::LedgerError;
use super::inbox_cap::{DAY_MS, DayInInbox, InboxCap, KEPT_BODY_CHARS};
use super::store::{Conn, Param, Row, args};
use crate::api::TransactionStatus;
use crate::api::notification::Notification;
use crate::clock::now_ms;
use crate::money::{PaymentFigures, Pesos};

/// Whether the service agreed with what a notification said.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckState {
    /// Not asked yet (or the receiver has no client to ask with).
    Unchecked,
    /// `/payment/status` agrees.
    Confirmed,
    /// `/payment/status` says something else: the notification is not applied.
    Disagrees,
    /// It reached one of the profile's charges (by its reference or its resource), but its
    /// reference (a counter code's: its provider reference) or its amount is not what the
    /// service's answer states for that charge: it is not that sale's, whatever its state says.
    NotItsSale,
    /// About no payment or payout of the profile that verified it: nothing to apply.
    NotOurs,
    /// The service could not be asked; try again later.
    CheckFailed,
}

impl CheckState {
    /// What the check found, for a person.
    pub fn words(self) -> String {
        match self {
            CheckState::Confirmed => crate::t!("check-confirmed"),
            CheckState::Disagrees => crate::t!("check-disagrees"),
            CheckState::NotItsSale => crate::t!("check-not-its-sale"),
            CheckState::NotOurs => crate::t!("check-not-ours"),
            CheckState::CheckFailed => crate::t!("check-failed"),
            CheckState::Unchecked => crate::t!("check-unchecked"),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            CheckState::Unchecked => "unchecked",
            CheckState::Confirmed => "confirmed",
            CheckState::Disagrees => "disagrees",
            CheckState::NotItsSale => "not_its_sale",
            CheckState::NotOurs => "not_ours",
            CheckState::CheckFailed => "check_failed",
        }
    }

    pub fn parse(text: &str) -> CheckState {
        match text {
            "confirmed" => CheckState::Confirmed,
            "disagrees" => CheckState::Disagrees,
            "not_its_sale" => CheckState::NotItsSale,
            "not_ours" => CheckState::NotOurs,
            "check_failed" => CheckState::CheckFailed,
            _ => CheckState::Unchecked,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreOutcome {
    Stored(i64),
    /// Not stored: the profile's inbox holds a day's worth ([`InboxCap`]). Room is likely back
    /// in `retry_after_s` seconds: when the oldest under the limit reached leaves the day, within
    /// the hour when only the unconfirmed are too many (checks free room), ten minutes at least.
    Full {
        retry_after_s: u64,
    },
    /// Same `referenceId`, `status`, `updatedAt` and `providerReference` as one already
    /// stored: nothing new.
    /// `confirmed` says whether the service already agreed with the stored one; if not, the
    /// duplicate is worth another check (the first copy may have been a forged status).
    Duplicate {
        id: i64,
        confirmed: bool,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredNotification {
    pub id: i64,
    pub received_at: i64,
    pub reference_id: String,
    pub resource_id: String,
    pub status: TransactionStatus,
    pub updated_at: String,
    pub amount_text: String,
    /// Gross, fee and net as the notification said them: not money (only a status answer is),
    /// kept for whoever investigates.
    pub figures: PaymentFigures,
    pub cost_text: String,
    pub reference1: String,
    pub payment_method: String,
    pub product_id: Option<i64>,
    pub provider_reference: String,
    /// The `reference1` of the payout it is about (none: it is about a payment).
    pub payout_reference1: Option<String>,
    pub error_message: Option<String>,
    pub raw: String,
    pub check_state: CheckState,
    pub service_status: Option<TransactionStatus>,
    pub duplicates: i64,
    /// The profile whose key verified it: its books are the only ones it appears in.
    pub profile: String,
}

pub(super) const NOTIFICATION_COLUMNS: &str = "id, received_at, reference_id, resource_id, status, updated_at, \
    amount_text, gross, fee, net, cost_text, reference1, payment_method, product_id, provider_reference, \
    payout_reference1, error_message, raw, check_state, service_status, duplicates, profile";

/// What the CSV writes of a notification: when, which payment, what it said, what its check
/// found. Nothing else is read (a year is hundreds of thousands of them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportedNotification {
    pub received_at: i64,
    pub reference_id: String,
    pub reference1: String,
    pub payment_method: String,
    pub status: TransactionStatus,
    pub check_state: CheckState,
    pub service_status: Option<TransactionStatus>,
}

const EXPORT_COLUMNS: &str =
    "received_at, reference_id, reference1, payment_method, status, check_state, service_status";

fn exported(row: &Row<'_>) -> Result<ExportedNotification, LedgerError> {
    Ok(ExportedNotification {
        received_at: row.get(0)?,
        reference_id: row.get(1)?,
        reference1: row.get(2)?,
        payment_method: row.get(3)?,
        status: TransactionStatus::from_id(row.get(4)?),
        check_state: CheckState::parse(&row.get::<String>(5)?),
        service_status: row.get::<Option<i64>>(6)?.map(TransactionStatus::from_id),
    })
}

pub(super) fn notification(row: &Row<'_>) -> Result<StoredNotification, LedgerError> {
    let pesos = |index: usize| -> Result<Option<Pesos>, LedgerError> {
        Ok(row.get::<Option<i64>>(index)?.map(Pesos::new))
    };
    Ok(StoredNotification {
        id: row.get(0)?,
        received_at: row.get(1)?,
        reference_id: row.get(2)?,
        resource_id: row.get(3)?,
        status: TransactionStatus::from_id(row.get(4)?),
        updated_at: row.get(5)?,
        amount_text: row.get(6)?,
        figures: PaymentFigures {
            gross: pesos(7)?,
            fee: pesos(8)?,
            net: pesos(9)?,
        },
        cost_text: row.get(10)?,
        reference1: row.get(11)?,
        payment_method: row.get(12)?,
        product_id: row.get(13)?,
        provider_reference: row.get(14)?,
        payout_reference1: row.get(15)?,
        error_message: row.get(16)?,
        raw: row.get(17)?,
        check_state: CheckState::parse(&row.get::<String>(18)?),
        service_status: row.get::<Option<i64>>(19)?.map(TransactionStatus::from_id),
        duplicates: row.get(20)?,
        profile: row.get(21)?,
    })
}

impl StoredNotification {
    pub fn is_payout(&self) -> bool {
        self.payout_reference1.is_some()
    }
}

/// What makes a notification the same one again (the table's unique key).
type NotificationKey<'a> = (&'a str, i64, &'a str, &'a str);

fn key_of(parsed: &Notification) -> NotificationKey<'_> {
    (
        &parsed.reference_id,
        parsed.status.id(),
        &parsed.updated_at,
        &parsed.provider_reference,
    )
}

fn key_ref(key: &(String, i64, String, String)) -> NotificationKey<'_> {
    (&key.0, key.1, &key.2, &key.3)
}

/// The sizes of the multi-row inserts a batch is cut into: a few statement shapes, each
/// prepared once per connection, whatever the batch's size.
const INSERT_ROWS: [usize; 5] = [256, 64, 16, 4, 1];

const NOTIFICATION_INSERT_COLUMNS: usize = 19;

fn insert_notifications_sql(rows: usize) -> String {
    let values: Vec<String> = (0..rows)
        .map(|row| {
            let first = row * NOTIFICATION_INSERT_COLUMNS + 1;
            let params: Vec<String> = (first..first + NOTIFICATION_INSERT_COLUMNS)
                .map(|n| format!("?{n}"))
                .collect();
            format!("({})", params.join(", "))
        })
        .collect();
    format!(
        "INSERT INTO notifications (received_at, reference_id, resource_id, status, updated_at,
            amount_text, gross, fee, net, cost_text, reference1, payment_method, product_id,
            provider_reference, payout_reference1, error_code, error_message, raw, profile)
         VALUES {}
         ON CONFLICT (reference_id, status, updated_at, provider_reference) DO NOTHING
         RETURNING id, reference_id, status, updated_at, provider_reference",
        values.join(", ")
    )
}

fn notification_params(
    profile: &str,
    parsed: &Notification,
    raw: &str,
    received_at: i64,
) -> [Param; NOTIFICATION_INSERT_COLUMNS] {
    [
        Param::from(received_at),
        Param::from(&parsed.reference_id),
        Param::from(&parsed.resource_id),
        Param::from(parsed.status.id()),
        Param::from(&parsed.updated_at),
        Param::from(&parsed.amount_text),
        Param::from(parsed.gross.map(Pesos::get)),
        Param::from(parsed.fee.map(Pesos::get)),
        Param::from(parsed.net.map(Pesos::get)),
        Param::from(&parsed.cost_text),
        Param::from(&parsed.reference1),
        Param::from(&parsed.payment_method),
        Param::from(parsed.product_id),
        Param::from(&parsed.provider_reference),
        Param::from(&parsed.withdraw_reference1),
        Param::from(&parsed.error_code),
        Param::from(&parsed.error_message),
        Param::from(raw),
        Param::from(profile),
    ]
}

/// Inserts a batch in a few multi-row statements (one round trip each to a shared ledger, rather
/// than one per notification); what they did not insert was already there.
fn insert_batch(
    db: &mut Conn<'_>,
    profile: &str,
    batch: &[(Notification, String)],
    now: i64,
) -> Result<Vec<StoreOutcome>, LedgerError> {
    let mut inserted: HashMap<NotificationKey<'_>, i64> = HashMap::new();
    let mut rest = batch;
    while !rest.is_empty() {
        let rows = INSERT_ROWS
            .iter()
            .copied()
            .find(|rows| *rows <= rest.len())
            .unwrap_or(1);
        let (chunk, after) = rest.split_at(rows);
        rest = after;
        let params: Vec<Param> = chunk
            .iter()
            .flat_map(|(parsed, raw)| notification_params(profile, parsed, raw, now))
            .collect();
        for (id, key) in db.query(&insert_notifications_sql(rows), &params, |row| {
            Ok((
                row.get::<i64>(0)?,
                (
                    row.get::<String>(1)?,
                    row.get::<i64>(2)?,
                    row.get::<String>(3)?,
                    row.get::<String>(4)?,
                ),
            ))
        })? {
            if let Some((parsed, _)) = chunk
                .iter()
                .find(|(parsed, _)| key_of(parsed) == key_ref(&key))
            {
                inserted.insert(key_of(parsed), id);
            }
        }
    }
    let mut outcomes = Vec::with_capacity(batch.len());
    for (parsed, _) in batch {
        // The first of a key in this batch was stored; a second one is a duplicate.
        if let Some(id) = inserted.remove(&key_of(parsed)) {
            outcomes.push(StoreOutcome::Stored(id));
            continue;
        }
        let duplicate = count_duplicate(db, parsed)?
            .ok_or_else(|| LedgerError::Missing(parsed.reference_id.clone()))?;
        outcomes.push(duplicate);
    }
    Ok(outcomes)
}

/// Counts another copy of a notification already stored; `None` when there is none.
fn count_duplicate(
    db: &mut Conn<'_>,
    parsed: &Notification,
) -> Result<Option<StoreOutcome>, LedgerError> {
    db.query_opt(
        "UPDATE notifications SET duplicates = duplicates + 1
         WHERE reference_id = ?1 AND status = ?2 AND updated_at = ?3 AND provider_reference = ?4
         RETURNING id, check_state",
        args![
            &parsed.reference_id,
            parsed.status.id(),
            &parsed.updated_at,
            &parsed.provider_reference
        ],
        |row| {
            Ok(StoreOutcome::Duplicate {
                id: row.get(0)?,
                confirmed: CheckState::parse(&row.get::<String>(1)?) == CheckState::Confirmed,
            })
        },
    )
}

impl Ledger {
    /// Stores a batch, verified with `profile`'s key, in one transaction: one commit (one disk
    /// flush) for everything that arrived together, within the default [`InboxCap`]. Nothing is
    /// acknowledged before this returns.
    pub fn store_notifications(
        &self,
        profile: &str,
        batch: &[(Notification, String)],
    ) -> Result<Vec<StoreOutcome>, LedgerError> {
        self.store_notifications_within(profile, batch, InboxCap::default(), now_ms())
    }

    /// [`Ledger::store_notifications`] within `cap`, received at `now`: what would take the
    /// profile past a day's worth is [`StoreOutcome::Full`] (a copy of one stored is still a
    /// duplicate). On a shared ledger two receivers count under one lock per profile.
    pub fn store_notifications_within(
        &self,
        profile: &str,
        batch: &[(Notification, String)],
        cap: InboxCap,
        now: i64,
    ) -> Result<Vec<StoreOutcome>, LedgerError> {
        self.transaction(|db| {
            db.lock_until_commit("paydesk-inbox", profile)?;
            // Counting the day's rows reads the index alone; which of them are confirmed needs the
            // rows, read only when the day is big enough for that limit to matter.
            let all: i64 = db.value(
                "SELECT count(*) FROM notifications WHERE profile = ?1 AND received_at > ?2",
                args![profile, now - DAY_MS],
            )?;
            let surely_room = cap.per_day.min(cap.unconfirmed_per_day);
            if usize::try_from(all)
                .ok()
                .and_then(|all| all.checked_add(batch.len()))
                .is_some_and(|after| after <= surely_room)
            {
                return insert_batch(db, profile, batch, now);
            }
            let mut day = DayInInbox::read(db, profile, now)?;
            if day.room(cap) >= batch.len() {
                return insert_batch(db, profile, batch, now);
            }
            // Near the cap: one at a time, so copies of stored ones do not take the room.
            let mut outcomes = Vec::with_capacity(batch.len());
            for (parsed, raw) in batch {
                if day.room(cap) > 0
                    && let Some(id) = db.query_opt(
                        &insert_notifications_sql(1),
                        &notification_params(profile, parsed, raw, now),
                        |row| row.get::<i64>(0),
                    )?
                {
                    day.took(now);
                    outcomes.push(StoreOutcome::Stored(id));
                    continue;
                }
                outcomes.push(match count_duplicate(db, parsed)? {
                    Some(duplicate) => duplicate,
                    None if day.room(cap) == 0 => StoreOutcome::Full {
                        retry_after_s: day.retry_after_s(cap, now),
                    },
                    None => return Err(LedgerError::Missing(parsed.reference_id.clone())),
                });
            }
            Ok(outcomes)
        })
    }

    /// Cuts the bodies of notifications received from `since` until `before` to
    /// [`KEPT_BODY_CHARS`]; how many were cut. The rows stay, with every column the close and
    /// the CSV read; a cut body no longer verifies (`webhooks check` says so).
    pub fn cut_long_bodies(&self, since: i64, before: i64) -> Result<u64, LedgerError> {
        self.transaction(|db| {
            // The length is written in: a parameter would be a BIGINT, which PostgreSQL's
            // `substr` does not take. Bytes are compared (a row's size is known without reading
            // its text), characters kept.
            db.execute(
                &format!(
                    "UPDATE notifications SET raw = substr(raw, 1, {KEPT_BODY_CHARS})
                     WHERE received_at >= ?1 AND received_at < ?2
                       AND octet_length(raw) > {KEPT_BODY_CHARS}"
                ),
                args![since, before],
            )
        })
    }

    /// Stores a batch as received at `now`, with no cap: an import of notifications kept
    /// elsewhere, or a year of them for the scale benchmark. What comes from outside goes
    /// through [`Ledger::store_notifications_within`].
    pub fn store_notifications_received_at(
        &self,
        profile: &str,
        batch: &[(Notification, String)],
        now: i64,
    ) -> Result<Vec<StoreOutcome>, LedgerError> {
        self.transaction(|db| insert_batch(db, profile, batch, now))
    }

    pub fn record_check(
        &self,
        id: i64,
        state: CheckState,
        service_status: Option<TransactionStatus>,
    ) -> Result<(), LedgerError> {
        self.record_checks(&[(id, state, service_status)])
    }

    /// What the service's answers said of several notifications, in one transaction (every
    /// notification of one reference shares one answer).
    pub fn record_checks(
        &self,
        checks: &[(i64, CheckState, Option<TransactionStatus>)],
    ) -> Result<(), LedgerError> {
        let now = now_ms();
        self.transaction(|db| {
            for (id, state, service_status) in checks {
                db.execute(
                    "UPDATE notifications SET check_state = ?2, service_status = ?3, checked_at = ?4
                     WHERE id = ?1",
                    args![
                        *id,
                        state.as_str(),
                        service_status.map(TransactionStatus::id),
                        now
                    ],
                )?;
            }
            Ok(())
        })
    }

    pub fn notification(&self, id: i64) -> Result<Option<StoredNotification>, LedgerError> {
        self.with(|db| {
            db.query_opt(
                &format!("SELECT {NOTIFICATION_COLUMNS} FROM notifications WHERE id = ?1"),
                args![id],
                notification,
            )
        })
    }

    /// Newest first.
    pub fn notifications(&self, limit: usize) -> Result<Vec<StoredNotification>, LedgerError> {
        self.with(|db| {
            db.query(
                &format!(
                    "SELECT {NOTIFICATION_COLUMNS} FROM notifications ORDER BY id DESC LIMIT ?1"
                ),
                args![limit as i64],
                notification,
            )
        })
    }

    /// `profile`'s notifications (every profile's with `None`) received in `[from_ms, to_ms)`.
    pub fn notifications_between(
        &self,
        profile: Option<&str>,
        from_ms: i64,
        to_ms: i64,
    ) -> Result<Vec<StoredNotification>, LedgerError> {
        self.notifications_received(profile, from_ms, to_ms, NOTIFICATION_COLUMNS, notification)
    }

    /// [`Ledger::notifications_between`] with only what the CSV writes of each (when, which
    /// payment, what it said, what the check found): a year is hundreds of thousands of rows,
    /// and their bodies and figures are megabytes nobody reads there.
    pub(super) fn notifications_for_export(
        &self,
        profile: Option<&str>,
        from_ms: i64,
        to_ms: i64,
    ) -> Result<Vec<ExportedNotification>, LedgerError> {
        self.notifications_received(profile, from_ms, to_ms, EXPORT_COLUMNS, exported)
    }

    fn notifications_received<T>(
        &self,
        profile: Option<&str>,
        from_ms: i64,
        to_ms: i64,
        columns: &str,
        read: impl Fn(&Row<'_>) -> Result<T, LedgerError> + Copy,
    ) -> Result<Vec<T>, LedgerError> {
        // Two statements rather than `(?3 IS NULL OR profile = ?3)`: that form keeps the
        // database from using the (profile, received_at) index, and a year is 300,000 rows. In
        // the order they were received (each index's own order, so nothing is sorted).
        self.with(|db| match profile {
            Some(profile) => db.query(
                &format!(
                    "SELECT {columns} FROM notifications
                     WHERE profile = ?3 AND received_at >= ?1 AND received_at < ?2
                     ORDER BY received_at, id"
                ),
                args![from_ms, to_ms, profile],
                read,
            ),
            None => db.query(
                &format!(
                    "SELECT {columns} FROM notifications
                     WHERE received_at >= ?1 AND received_at < ?2
                     ORDER BY received_at, id"
                ),
                args![from_ms, to_ms],
                read,
            ),
        })
    }

    pub fn notifications_for(
        &self,
        reference: &str,
    ) -> Result<Vec<StoredNotification>, LedgerError> {
        self.with(|db| {
            db.query(
                &format!(
                    "SELECT {NOTIFICATION_COLUMNS} FROM notifications WHERE reference_id = ?1 ORDER BY id"
                ),
                args![reference],
                notification,
            )
        })
    }

    /// When the newest notification `profile`'s key verified arrived, if one ever did: proof
    /// that its webhook key is the one the service signs with.
    pub fn last_verified_notification_at(&self, profile: &str) -> Result<Option<i64>, LedgerError> {
        self.with(|db| {
            db.query_opt(
                "SELECT received_at FROM notifications WHERE profile = ?1
                 ORDER BY received_at DESC LIMIT 1",
                args![profile],
                |row| row.get(0),
            )
        })
    }

    pub fn notification_count(&self) -> Result<i64, LedgerError> {
        self.with(|db| db.value("SELECT COUNT(*) FROM notifications", &[]))
    }

    /// How many notifications `profile` (every profile with `None`) received in
    /// `[from_ms, to_ms)`.
    pub(super) fn notification_count_between(
        &self,
        profile: Option<&str>,
        from_ms: i64,
        to_ms: i64,
    ) -> Result<usize, LedgerError> {
        let count: i64 = self.with(|db| {
            db.value(
                "SELECT COUNT(*) FROM notifications
                 WHERE received_at >= ?1 AND received_at < ?2
                   AND (CAST(?3 AS TEXT) IS NULL OR profile = ?3)",
                args![from_ms, to_ms, profile],
            )
        })?;
        Ok(usize::try_from(count).unwrap_or_default())
    }
}
