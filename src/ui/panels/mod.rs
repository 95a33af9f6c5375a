//! One file per panel: its state, its `logic` (polling its requests) and its `ui` (drawing).

pub mod accounts;
pub mod activity;
pub mod balance;
pub mod collect;
pub mod ledger_settings;
pub mod payouts;
pub mod reconcile;
pub mod register;
pub mod settings;
pub mod status;
