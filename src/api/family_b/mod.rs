//! Family B (the pay API under `pay_url`): each operation's request and answer, a file per
//! concept. This entry only declares them and says what the rest of the crate names.

mod balance;
mod banks;
mod cash_in;
mod notify_simulation;
mod payout;
mod status;

pub use balance::{Bag, Balance};
pub use banks::{BankList, BankOption, InstantBank, InstantBankList};
pub use cash_in::{
    CARD_METHOD, CashIn, CreatedCashIn, DEFAULT_BRAND_ID, MethodPayment, PaymentLink,
    PaymentLinkRequest, PaymentMethodRequest, Reference2, TPAGA_METHOD, method_fields,
    minimum_amount,
};
pub use notify_simulation::{NotifySimulation, SimulatedTransaction};
pub use payout::{WithdrawReceipt, WithdrawRecord, WithdrawRequest, payout_amount, payout_method};
pub use status::{StatusRecord, TransactionStatus};

// Earlier names of the payout methods, kept until the callers outside `api` name them from
// `crate::api::payout_methods` in paydesk's word.
pub use crate::api::payout_methods::{
    BREB_PAYOUT_METHOD as BREB_WITHDRAW_METHOD, ONLINE_PAYOUT_METHOD as ONLINE_WITHDRAWAL,
    PRODUCT_PAYOUT_METHOD as PRODUCT_DISBURSEMENT, payout_method_name as withdraw_method_name,
};
pub use payout::payout_method as withdraw_method;
