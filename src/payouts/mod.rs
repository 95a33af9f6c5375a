//! Money out: a payout reviewed, its intent written under the write lock with the rules decided
//! there, sent once, checked (`sequence.rs`); a return, the payout that gives a customer money
//! back for a sale, tied to it, through the same sequence (`returns.rs`).

pub mod returns;
mod sequence;

pub use sequence::{
    DUPLICATE_WINDOW_MS, PayoutError, PayoutPlan, SPACING_MS, check, prepare, resend_not_sent, send,
};
