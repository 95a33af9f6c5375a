//! One file (or folder) per panel: its state, its `logic` (running what it queued, polling its
//! requests) and its drawing. Every panel keeps one contract, [`PanelState`], and is registered
//! once, in [`Panels`]: adding a panel is its own file, its entry in `ui::Panel` (with who may open
//! it), and its line in `Panels::get` (`registry.rs`), its `PanelState` impl beside it; it hears the app's [`News`] through `hear`, so the app's
//! shell (`ui/app.rs`) is not touched.

pub mod accounts;
pub mod activity;
pub mod activity_log;
pub mod backups_settings;
pub mod balance;
pub mod collect;
pub mod context;
mod contract;
pub mod customer_data_settings;
pub mod ledger_settings;
pub mod owner_charts;
pub mod payouts;
pub mod people_settings;
pub mod printer_settings;
pub mod reconcile;
pub mod register;
mod registry;
pub mod settings;
pub mod shift;
pub mod speech_settings;
pub mod status;
pub mod tabs;
pub mod update_settings;

pub use contract::{DrawContext, PanelState, another_merchant};
pub use registry::Panels;
