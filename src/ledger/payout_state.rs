//! What the payout journal knows of one payout: its state, its row, and what came of a request.

use crate::money::Pesos;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PayoutState {
    /// Written, request under way. Left so by a crash, it becomes `Unknown` on the next start.
    Sending,
    /// The service accepted it; waiting for the recipient or the provider.
    Sent,
    /// The service said no; no money moved.
    Refused,
    /// The request never reached the service (no connection): safe to send again.
    NotSent,
    /// Nobody knows whether it went out: only a status check may follow.
    Unknown,
    Approved,
    /// Rejected, failed or cancelled after it was accepted; the money came back.
    Failed,
}

impl PayoutState {
    pub fn as_str(self) -> &'static str {
        match self {
            PayoutState::Sending => "sending",
            PayoutState::Sent => "sent",
            PayoutState::Refused => "refused",
            PayoutState::NotSent => "not_sent",
            PayoutState::Unknown => "unknown",
            PayoutState::Approved => "approved",
            PayoutState::Failed => "failed",
        }
    }

    pub fn parse(text: &str) -> PayoutState {
        match text {
            "sending" => PayoutState::Sending,
            "sent" => PayoutState::Sent,
            "refused" => PayoutState::Refused,
            "not_sent" => PayoutState::NotSent,
            "approved" => PayoutState::Approved,
            "failed" => PayoutState::Failed,
            _ => PayoutState::Unknown,
        }
    }

    pub fn words(self) -> String {
        match self {
            PayoutState::Sending => crate::t!("payout-state-sending"),
            PayoutState::Sent => crate::t!("payout-state-sent"),
            PayoutState::Refused => crate::t!("payout-state-refused"),
            PayoutState::NotSent => crate::t!("payout-state-not-sent"),
            PayoutState::Unknown => crate::t!("payout-state-unknown"),
            PayoutState::Approved => crate::t!("payout-state-paid"),
            PayoutState::Failed => crate::t!("payout-state-failed"),
        }
    }

    /// Whether the money may have left (counts for the 30 s spacing and for duplicates).
    pub fn may_have_left(self) -> bool {
        !matches!(self, PayoutState::Refused | PayoutState::NotSent)
    }

    /// Whether nobody knows yet if the money left: under way, or its answer lost. A payout like
    /// it is not sent until this one is settled by a status check, whatever the person says.
    pub fn is_unsettled(self) -> bool {
        matches!(self, PayoutState::Sending | PayoutState::Unknown)
    }

    /// Whether a status check can still change it.
    pub fn is_open(self) -> bool {
        matches!(
            self,
            PayoutState::Sending | PayoutState::Sent | PayoutState::Unknown
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayoutRecord {
    pub id: i64,
    pub profile: String,
    pub reference1: String,
    pub amount: Pesos,
    /// The mobile number or Bre-B key the money goes to.
    pub destination: String,
    pub method_id: i64,
    pub bank_name: Option<String>,
    pub webhook_url: Option<String>,
    pub state: PayoutState,
    pub transaction_reference: Option<String>,
    /// The service's reply to the request, as it came.
    pub reply_json: Option<String>,
    pub error_code: Option<String>,
    pub error_message: Option<String>,
    pub service_status: Option<i64>,
    pub attempts: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

/// What came of a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PayoutOutcome {
    Sent {
        transaction_reference: Option<String>,
        reply_json: String,
    },
    Refused {
        code: String,
        message: String,
    },
    NotSent {
        message: String,
    },
    Unknown {
        code: String,
        message: String,
    },
}
