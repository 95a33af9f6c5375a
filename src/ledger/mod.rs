//! The ledger: what paydesk created, the payout journal, and the webhook inbox. Embedded SQLite
//! in WAL mode in the OS data folder by default; PostgreSQL when several tills and a public
//! receiver share one (`ledger_url`). Both run the same statements (see `store`). Every call
//! blocks on disk or network: from the UI, call it on the runtime's blocking pool, never in a
//! frame.

mod accounts;
pub mod activity;
mod actor;
mod base;
pub mod cash;
mod cash_reads;
mod cash_state;
#[cfg(test)]
mod cash_tests;
mod choice;
pub mod close;
pub mod copy;
mod created;
mod error;
mod inbox;
mod inbox_cap;
mod migrations;
mod param;
mod part_returns;
mod payout_state;
mod payouts;
pub mod people;
mod personal;
pub mod postgres;
mod received;
pub mod reconcile;
mod recovery;
mod refusals;
mod return_state;
mod returns;
mod sale_reads;
mod sale_state;
mod sales;
mod sales_carry;
mod schema;
mod schema_postgres;
mod schema_sales;
mod selling;
pub(crate) mod store;
mod tab_state;
#[cfg(test)]
mod tab_tests;
mod tabs;

pub use accounts::SavedBankAccount;
pub use cash_state::{
    CashEntry, CashKind, CashMove, CashRefusal, CashSum, CashVoid, Shift, ShiftClose, ShiftFigures,
    ShiftReport,
};
pub use choice::{LedgerChoice, till_id};
pub use created::{Collection, Contradiction, MadeBy, StatusAnswer, StatusWrite};
pub use inbox::{CheckState, StoreOutcome, StoredNotification};
pub use inbox_cap::{BODIES_WHOLE_FOR_MS, InboxCap, KEPT_BODY_CHARS};
pub use part_returns::{PartReturn, ReturnWay};
pub use payouts::{IntentRules, PayoutOutcome, PayoutRecord, PayoutState};
pub use people::{Cashier, Needs, People, PinCheck, Who};
pub use personal::{Blanked, Customer, personal_cutoff};
pub use postgres::{LedgerEvent, LedgerUrl};
pub use received::ReceivedPayment;
pub use refusals::{KEPT_SAMPLES, RefusalSample, SAMPLE_BYTES, StoredRefusal};
pub use return_state::{ReturnRefusal, ReturnTie, SaleReturns};
pub use returns::{ReturnRecord, Returnable};
pub use sale_reads::ReturnStanding;
pub use sale_state::{
    FrequentItem, NewSale, PartReturns, PartState, PartTie, PartWay, SaleFor, SaleLine, SaleNumber,
    SalePart, SaleRecord, SaleRefusal, SaleState, ServicePart,
};
pub use sales::{SALE_LINES_MAX, SALE_TEXT_MAX_CHARS};
pub use schema_postgres::PgStep;
pub use selling::{CashPart, SaleAsk, TabPart};
pub use tab_state::{
    Consent, NewCustomer, TabBalance, TabCustomer, TabEntry, TabKind, TabRefusal, TabStatement,
};

pub use crate::clock::now_ms;
pub use base::{LEDGER_FILE_NAME, Ledger};
pub use error::LedgerError;
