//! Payouts that never go out twice. The CLI and the app both go through here (a return too, as
//! the payout it is: `returns.rs`):
//!
//! 1. [`prepare`]: every rule before anything is sent (the fields, `reference1` unused, 30 s
//!    since the last payout, the ceiling of online payouts (method 160), the balance), and
//!    whether a payout of the same amount to the same destination went out a few minutes ago.
//! 2. [`send`]: the intent is committed to the journal, then exactly one request goes out, and
//!    its answer (or its absence) is recorded. A timeout or a lost answer leaves the intent
//!    `unknown`; from there only [`check`] (a status query) moves it, never a resend.

use std::sync::Arc;

use serde_json::Value;

use crate::api::{ApiError, Client, PayoutRequest};
use crate::ledger::activity::{Action, Actor};
use crate::ledger::{
    IntentRules, Ledger, LedgerError, PayoutOutcome, PayoutRecord, PayoutState, now_ms,
};
use crate::money::Pesos;
use crate::validate::{self, ValidationError};

/// The service asks that payouts be at least this far apart.
pub const SPACING_MS: i64 = 30_000;
/// A payout of the same amount to the same destination within this window needs a second yes.
pub const DUPLICATE_WINDOW_MS: i64 = 10 * 60_000;

#[derive(Debug, thiserror::Error)]
pub enum PayoutError {
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Invalid(Vec<ValidationError>),
    #[error("{}", crate::t!("payout-too-soon", seconds = .seconds.to_string()))]
    TooSoon { seconds: i64 },
    #[error("{}", crate::t!("payout-insufficient", balance = .balance.to_string(), amount = .amount.to_string()))]
    InsufficientBalance { balance: Pesos, amount: Pesos },
    #[error("{}", crate::t!("payout-reference-used", reference = .0.as_str()))]
    ReferenceUsed(String),
    #[error("{}", duplicate_message(.0))]
    NeedsDuplicateConfirmation(Box<PayoutRecord>),
    /// A payout like this one may still be going out: only its status check comes first.
    #[error("{}", crate::t!(
        "payout-similar-unsettled",
        amount = .0.amount.to_string(),
        destination = validate::group_cellphone(&.0.destination),
        reference = .0.reference1.as_str()
    ))]
    SimilarUnsettled(Box<PayoutRecord>),
    #[error("{}", crate::t!("payout-not-resendable", state = .0.words().to_lowercase()))]
    NotResendable(PayoutState),
    #[error("{}", crate::t!("payout-no-status-reference"))]
    NoStatusReference,
    #[error(transparent)]
    Api(#[from] ApiError),
    #[error(transparent)]
    Ledger(#[from] LedgerError),
    #[error("{0}")]
    Internal(String),
}

fn duplicate_message(previous: &PayoutRecord) -> String {
    let minutes = ((now_ms() - previous.created_at) / 60_000).max(0);
    crate::t!(
        "payout-duplicate",
        amount = previous.amount.to_string(),
        destination = validate::group_cellphone(&previous.destination),
        minutes = minutes
    )
}

/// What the service, the network or the books said, apart from the sentence (`Display`).
impl crate::i18n::Explained for PayoutError {
    fn detail(&self) -> Option<String> {
        match self {
            PayoutError::Api(error) => crate::i18n::Explained::detail(error),
            PayoutError::Ledger(error) => crate::i18n::Explained::detail(error),
            _ => None,
        }
    }
}

impl PayoutError {
    /// Whether anything may have reached the service.
    pub fn nothing_sent(&self) -> bool {
        !matches!(self, PayoutError::Api(error) if error.outcome_unknown())
    }

    /// The service's code, for whoever debugs.
    pub fn code(&self) -> Option<&str> {
        match self {
            PayoutError::Api(error) => Some(error.code()),
            _ => None,
        }
    }
}

/// A payout that passed every rule, ready for the person's final yes.
#[derive(Debug, Clone)]
pub struct PayoutPlan {
    pub profile: String,
    pub request: PayoutRequest,
    /// The balance of the bag that pays payouts, before this one, when the service says which
    /// bag it is.
    pub balance: Option<Pesos>,
    /// A payout of the same amount to the same destination a few minutes ago.
    pub similar: Option<PayoutRecord>,
}

impl PayoutPlan {
    /// What the person is asked to confirm, in words.
    pub fn summary(&self) -> String {
        crate::t!(
            "payout-summary",
            amount = self.request.amount.to_string(),
            destination = validate::group_cellphone(&self.request.destination),
            method = crate::api::payout_methods::payout_method_name(self.request.method_id),
            reference = self.request.reference1.as_str()
        )
    }
}

pub(super) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, LedgerError> + Send + 'static,
) -> Result<T, PayoutError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|error| PayoutError::Internal(error.to_string()))?
        .map_err(PayoutError::from)
}

/// Checks every rule. The balance is asked first whenever the interface can tell it (with the
/// profile's `user_id`, or without one where the service reads the user from the session);
/// otherwise the service decides.
pub async fn prepare(
    ledger: Arc<Ledger>,
    client: &Client,
    profile: &str,
    user_id: Option<i64>,
    request: PayoutRequest,
) -> Result<PayoutPlan, PayoutError> {
    let problems = request.check(client.dialect());
    if !problems.is_empty() {
        return Err(PayoutError::Invalid(problems));
    }
    let (used, last, similar) = {
        let ledger = ledger.clone();
        let profile = profile.to_owned();
        let request = request.clone();
        blocking(move || {
            Ok((
                ledger.payout_by_reference(&profile, &request.reference1)?,
                ledger.last_payout_at(&profile)?,
                ledger.recent_similar_payout(
                    &profile,
                    &request.destination,
                    request.amount,
                    now_ms() - DUPLICATE_WINDOW_MS,
                )?,
            ))
        })
        .await?
    };
    if used.is_some() {
        return Err(PayoutError::ReferenceUsed(request.reference1));
    }
    if let Some(similar) = similar
        .as_ref()
        .filter(|similar| similar.state.is_unsettled())
    {
        return Err(PayoutError::SimilarUnsettled(Box::new(similar.clone())));
    }
    if let Some(last) = last {
        let waited = now_ms() - last;
        if waited < SPACING_MS {
            return Err(PayoutError::TooSoon {
                seconds: (SPACING_MS - waited + 999) / 1_000,
            });
        }
    }
    let balance = if client.can_ask_balance(user_id) {
        client
            .balance(user_id)
            .await?
            .value
            .payout_bag()
            .and_then(|bag| bag.pesos())
    } else {
        None
    };
    if let Some(balance) = balance
        && balance < request.amount
    {
        return Err(PayoutError::InsufficientBalance {
            balance,
            amount: request.amount,
        });
    }
    Ok(PayoutPlan {
        profile: profile.to_owned(),
        request,
        balance,
        similar,
    })
}

/// Commits the intent, sends exactly once, records the answer. `confirmed_duplicate` is the
/// person's second yes when [`PayoutPlan::similar`] was shown. `by` is who sends it: the
/// activity log says so, whatever comes of it.
pub async fn send(
    ledger: Arc<Ledger>,
    client: &Client,
    plan: &PayoutPlan,
    confirmed_duplicate: bool,
    by: &Actor,
) -> Result<PayoutRecord, PayoutError> {
    let detail = crate::t!(
        "log-payout",
        amount = plan.request.amount.to_string(),
        destination = masked(&plan.request.destination),
        reference = plan.request.reference1.as_str()
    );
    let entry = LogEntry {
        by: by.clone(),
        action: Action::PayoutSent,
        detail,
    };
    send_with(
        ledger,
        client,
        plan,
        confirmed_duplicate,
        entry,
        |ledger, profile, request, rules| ledger.begin_payout(profile, request, rules),
    )
    .await
}

/// What the activity log keeps of a payout sent, whatever comes of it.
pub(super) struct LogEntry {
    pub(super) by: Actor,
    pub(super) action: Action,
    pub(super) detail: String,
}

/// The sequence every payout goes through, a return's too: the intent written by `begin` with
/// the journal's rules (a return's also decides what remains of its sale there), the entry in
/// the activity log, exactly one request, its answer recorded.
pub(super) async fn send_with(
    ledger: Arc<Ledger>,
    client: &Client,
    plan: &PayoutPlan,
    confirmed_duplicate: bool,
    entry: LogEntry,
    begin: impl FnOnce(&Ledger, &str, &PayoutRequest, &IntentRules) -> Result<PayoutRecord, LedgerError>
    + Send
    + 'static,
) -> Result<PayoutRecord, PayoutError> {
    if let Some(similar) = &plan.similar
        && !confirmed_duplicate
    {
        return Err(PayoutError::NeedsDuplicateConfirmation(Box::new(
            similar.clone(),
        )));
    }
    let rules = IntentRules {
        spacing_ms: SPACING_MS,
        repeat_window_ms: DUPLICATE_WINDOW_MS,
        confirmed_repeat_of: plan
            .similar
            .as_ref()
            .filter(|_| confirmed_duplicate)
            .map(|similar| similar.id),
    };
    let intent = {
        let ledger = ledger.clone();
        let profile = plan.profile.clone();
        let request = plan.request.clone();
        blocking(move || begin(&ledger, &profile, &request, &rules)).await
    };
    // The review in `prepare` may be stale: another window, till or process may have written
    // an intent since. These are the rules' own refusals, decided under the write lock.
    let intent = match intent {
        Ok(intent) => intent,
        Err(PayoutError::Ledger(LedgerError::DuplicateReference(reference))) => {
            return Err(PayoutError::ReferenceUsed(reference));
        }
        Err(PayoutError::Ledger(LedgerError::PayoutTooSoon { wait_ms })) => {
            return Err(PayoutError::TooSoon {
                seconds: (wait_ms + 999) / 1_000,
            });
        }
        Err(PayoutError::Ledger(LedgerError::PayoutRepeat(previous))) => {
            return Err(PayoutError::NeedsDuplicateConfirmation(previous));
        }
        Err(PayoutError::Ledger(LedgerError::PayoutUnsettled(previous))) => {
            return Err(PayoutError::SimilarUnsettled(previous));
        }
        Err(error) => return Err(error),
    };
    {
        let ledger = ledger.clone();
        let LogEntry { by, action, detail } = entry;
        // The payout goes whether or not its entry could be written: said in the log, once.
        let written =
            blocking(move || ledger.record_activity(&by, action, &detail, now_ms())).await;
        if let Err(error) = written {
            tracing::warn!(%error, "the payout's activity entry could not be written");
        }
    }
    deliver(ledger, client, &plan.request, intent.id).await
}

/// A destination as the activity log keeps it: its last four characters. The log is kept for
/// good; the number itself is customers' data, blanked from the journal in time.
pub(super) fn masked(destination: &str) -> String {
    let chars: Vec<char> = destination.chars().collect();
    let shown: String = chars[chars.len().saturating_sub(4)..].iter().collect();
    format!("···{shown}")
}

/// Sends a payout whose earlier attempt never reached the service, under the same reference.
pub async fn resend_not_sent(
    ledger: Arc<Ledger>,
    client: &Client,
    record: &PayoutRecord,
) -> Result<PayoutRecord, PayoutError> {
    let id = record.id;
    let resumed = {
        let ledger = ledger.clone();
        blocking(move || ledger.resume_payout(id)).await?
    };
    if !resumed {
        return Err(PayoutError::NotResendable(record.state));
    }
    let request = PayoutRequest {
        amount: record.amount,
        reference1: record.reference1.clone(),
        webhook_request: record
            .webhook_url
            .as_deref()
            .and_then(|url| url::Url::parse(url).ok()),
        method_id: record.method_id,
        destination: record.destination.clone(),
        bank_name: record.bank_name.clone(),
    };
    deliver(ledger, client, &request, id).await
}

async fn deliver(
    ledger: Arc<Ledger>,
    client: &Client,
    request: &PayoutRequest,
    id: i64,
) -> Result<PayoutRecord, PayoutError> {
    let result = client.withdraw(request).await;
    let outcome = match &result {
        Ok(reply) => PayoutOutcome::Sent {
            transaction_reference: reply.value.transaction_reference.clone(),
            reply_json: serde_json::to_string(&reply.raw)
                .unwrap_or_else(|_| Value::Null.to_string()),
        },
        Err(error @ ApiError::Refused { .. }) => PayoutOutcome::Refused {
            code: error.code().to_owned(),
            message: error.to_string(),
        },
        Err(error @ ApiError::Unreachable { .. }) => PayoutOutcome::NotSent {
            message: error.to_string(),
        },
        Err(error) if error.outcome_unknown() => PayoutOutcome::Unknown {
            code: error.code().to_owned(),
            message: error.to_string(),
        },
        Err(error) => PayoutOutcome::NotSent {
            message: error.to_string(),
        },
    };
    let record = blocking(move || ledger.finish_payout(id, &outcome)).await?;
    match result {
        Ok(_) => Ok(record),
        Err(error) => Err(PayoutError::Api(error)),
    }
}

/// The only way forward for a sent or unknown payout: ask the service.
pub async fn check(
    ledger: Arc<Ledger>,
    client: &Client,
    record: &PayoutRecord,
) -> Result<PayoutRecord, PayoutError> {
    let Some(reference) = record.transaction_reference.clone() else {
        return Err(PayoutError::NoStatusReference);
    };
    let status = client.payment_status(&reference).await?.value.status;
    let id = record.id;
    blocking(move || ledger.record_payout_status(id, status)).await
}
