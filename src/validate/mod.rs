//! Field rules from the spec's Limits, checked before anything is sent. Each failure names the
//! field (by the label a person sees) and the rule, so the UI can show it beside the field and
//! the CLI can exit with code 2 without touching the network.

mod address;
mod duration;
mod error;
mod field;
mod ledger_url;
mod people;
mod rules;

pub use duration::{describe_seconds, duration};
pub use ledger_url::{LedgerAddress, ledger_address};
pub use people::{CASHIER_NAME_MAX_CHARS, PIN_DIGITS, cashier_name, new_pin, pin};

pub use address::{is_loopback, is_secure_or_loopback, web_url, webhook_url};
pub use error::{Checked, ValidationError};
pub use field::Field;
pub use rules::*;
