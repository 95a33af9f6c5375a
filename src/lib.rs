//! paydesk: payment links, QR codes, payouts and reconciliation for small merchants, against the
//! payment collection and payout service (both interface families), or against the
//! built-in simulator that simulates it.

pub mod api;
pub mod backup;
pub mod cash;
pub mod checkup;
pub mod cli;
pub mod clock;
pub mod collections;
pub mod config;
pub mod connection;
pub mod dian;
pub mod follow;
pub mod i18n;
pub mod ledger;
pub mod money;
pub mod owner_only;
pub mod payouts;
pub mod places;
pub mod printing;
pub mod requests;
pub mod sales;
pub mod secrets;
pub mod simulator;
pub mod speech;
pub mod tabs;
pub mod ui;
pub mod untrusted;
pub mod update;
pub mod validate;
pub mod webhook;
