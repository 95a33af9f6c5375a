//! Money back to a customer for a sale: a return. The service publishes no refund operation, so a
//! return is a payout to the customer (docs/decisions.md "Returns"), tied in the books to the sale
//! it returns, and it goes through the payout's sequence in every way that matters for safety:
//!
//! 1. [`prepare`]: the books first (the sale approved and confirmed by the service, of this
//!    profile, what remains of it), then every rule of a payout ([`super::prepare`]: the fields,
//!    the spacing, a repeat, the balance).
//! 2. [`send`]: the intent written with the journal's rules and, in the same transaction under
//!    the same lock, what remains of the sale decided again
//!    ([`crate::ledger::Ledger::begin_return`]); exactly one request; its answer recorded. A lost
//!    answer leaves it unknown, never sent again on its own.
//! 3. [`check`]: the service's answer moves it, as any payout's. A refused or failed return gives
//!    its amount back to what may still be returned.
//!
//! The app and the command line both call these; neither writes the books itself.

use std::sync::Arc;

use super::sequence::{self, LogEntry, PayoutError, PayoutPlan, blocking, masked};
use crate::api::Client;
use crate::ledger::activity::{Action, Actor};
use crate::ledger::{Ledger, LedgerError, ReturnRecord, ReturnRefusal, ReturnTie, Returnable};
use crate::money::Pesos;
use crate::requests::ReturnAsk;
use crate::validate::{self, ValidationError};

#[derive(Debug, thiserror::Error)]
pub enum ReturnError {
    /// A field the service would refuse: nothing was written or sent.
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Invalid(Vec<ValidationError>),
    /// The books refuse it (the sale's state, what remains of it): nothing was written or sent.
    #[error(transparent)]
    Refused(ReturnRefusal),
    /// The bag that pays payouts holds less than the return: nothing was written or sent.
    #[error("{}", crate::t!("return-insufficient", balance = .balance.to_string(), amount = .amount.to_string()))]
    InsufficientBalance { balance: Pesos, amount: Pesos },
    /// Every other way a payout stops: its rules (spacing, a repeat, a reference used), the
    /// books, the service (which keeps its code).
    #[error(transparent)]
    Payout(PayoutError),
}

impl From<PayoutError> for ReturnError {
    fn from(error: PayoutError) -> Self {
        match error {
            PayoutError::Invalid(problems) => ReturnError::Invalid(problems),
            PayoutError::InsufficientBalance { balance, amount } => {
                ReturnError::InsufficientBalance { balance, amount }
            }
            PayoutError::Ledger(LedgerError::Return(refusal)) => ReturnError::Refused(refusal),
            other => ReturnError::Payout(other),
        }
    }
}

impl From<LedgerError> for ReturnError {
    fn from(error: LedgerError) -> Self {
        ReturnError::from(PayoutError::Ledger(error))
    }
}

/// The payout's detail (the service's, the network's or the books' own words) under the
/// sentence; a refusal of the books or of the fields is all sentence.
impl crate::i18n::Explained for ReturnError {
    fn detail(&self) -> Option<String> {
        match self {
            ReturnError::Payout(error) => crate::i18n::Explained::detail(error),
            _ => None,
        }
    }
}

impl ReturnError {
    /// Whether anything may have reached the service.
    pub fn nothing_sent(&self) -> bool {
        match self {
            ReturnError::Payout(error) => error.nothing_sent(),
            _ => true,
        }
    }

    /// The service's code, for whoever debugs.
    pub fn code(&self) -> Option<&str> {
        match self {
            ReturnError::Payout(error) => error.code(),
            _ => None,
        }
    }
}

/// A return that passed every rule, ready for the owner's final yes.
#[derive(Debug, Clone)]
pub struct ReturnPlan {
    /// The payout it is (its balance and a similar recent payout, as a payout's plan says).
    pub payout: PayoutPlan,
    pub tie: ReturnTie,
    /// The sale, its payment, and what went back of it before this return.
    pub returnable: Returnable,
}

impl ReturnPlan {
    pub fn amount(&self) -> Pesos {
        self.payout.request.amount
    }

    /// Whether it returns all that remained.
    pub fn is_all_that_remains(&self) -> bool {
        self.amount() == self.returnable.returns.remaining()
    }

    /// What the owner is asked to confirm, in words.
    pub fn summary(&self) -> String {
        self.summary_naming(&self.tie.sale)
    }

    /// The same, the sale named as the person knows it (its number, «1-000123»).
    pub fn summary_naming(&self, sale: &str) -> String {
        crate::t!(
            "return-summary",
            amount = self.amount().to_string(),
            sale = sale,
            paid = self.returnable.returns.paid.to_string(),
            remaining = self.returnable.returns.remaining().to_string(),
            destination = validate::group_cellphone(&self.payout.request.destination),
            method = crate::api::payout_methods::payout_method_name(self.payout.request.method_id),
            reason = self.tie.reason.words()
        )
    }
}

/// The books' side alone, no service: whether the sale (a counter code's `payment`) may be
/// returned and what remains of it, for a form to show before anything is typed.
pub async fn returnable(
    ledger: Arc<Ledger>,
    profile: &str,
    sale: &str,
    payment: Option<&str>,
) -> Result<Returnable, ReturnError> {
    let (profile, sale) = (profile.to_owned(), sale.to_owned());
    let payment = payment.unwrap_or_default().to_owned();
    Ok(blocking(move || ledger.returnable(&profile, &sale, &payment)).await?)
}

/// Checks every rule: the books' first (nothing is asked of the service for a sale that cannot
/// be returned), then the payout's, the balance included. An amount left out is all that
/// remains.
pub async fn prepare(
    ledger: Arc<Ledger>,
    client: &Client,
    profile: &str,
    user_id: Option<i64>,
    ask: ReturnAsk,
) -> Result<ReturnPlan, ReturnError> {
    let found = returnable(ledger.clone(), profile, &ask.sale, ask.payment.as_deref()).await?;
    let remaining = found.returns.remaining();
    let amount = ask.amount.unwrap_or(remaining);
    if amount > remaining {
        return Err(ReturnError::Refused(ReturnRefusal::OverRemaining {
            remaining,
            paid: found.returns.paid,
        }));
    }
    let request = ask.payout(amount, fresh_reference1());
    let payout = super::prepare(ledger, client, profile, user_id, request).await?;
    Ok(ReturnPlan {
        payout,
        tie: ReturnTie {
            sale: ask.sale,
            payment: ask.payment.unwrap_or_default(),
            reason: ask.reason,
        },
        returnable: found,
    })
}

/// Commits the intent (what remains of the sale decided again under the lock), sends exactly
/// once, records the answer. `confirmed_duplicate` is the owner's second yes when
/// [`PayoutPlan::similar`] was shown; `by` is who sends it, as the activity log keeps it.
pub async fn send(
    ledger: Arc<Ledger>,
    client: &Client,
    plan: &ReturnPlan,
    confirmed_duplicate: bool,
    by: &Actor,
) -> Result<ReturnRecord, ReturnError> {
    let request = &plan.payout.request;
    let entry = LogEntry {
        by: by.clone(),
        action: Action::ReturnSent,
        detail: crate::t!(
            "log-return",
            amount = request.amount.to_string(),
            destination = masked(&request.destination),
            sale = plan.tie.sale.as_str(),
            reference = request.reference1.as_str()
        ),
    };
    let tie = plan.tie.clone();
    let sent = sequence::send_with(
        ledger.clone(),
        client,
        &plan.payout,
        confirmed_duplicate,
        entry,
        move |ledger, profile, request, rules| ledger.begin_return(profile, request, rules, &tie),
    )
    .await?;
    tied(ledger, sent.id).await
}

/// The only way forward for a sent or unknown return: ask the service, as for any payout.
pub async fn check(
    ledger: Arc<Ledger>,
    client: &Client,
    record: &ReturnRecord,
) -> Result<ReturnRecord, ReturnError> {
    let checked = super::check(ledger.clone(), client, &record.payout).await?;
    tied(ledger, checked.id).await
}

/// The return a payout of this sequence is, as the books now hold it.
async fn tied(ledger: Arc<Ledger>, id: i64) -> Result<ReturnRecord, ReturnError> {
    blocking(move || ledger.return_of_payout(id))
        .await?
        .ok_or(ReturnError::Payout(PayoutError::Ledger(
            LedgerError::NoSuchPayout(id),
        )))
}

/// A return's own reference (`reference1`, at most 20 characters): `DV` and twelve random
/// letters and digits, never typed by anyone and never the same twice.
fn fresh_reference1() -> String {
    let random = uuid::Uuid::new_v4().simple().to_string().to_uppercase();
    format!("DV{}", &random[..12])
}
