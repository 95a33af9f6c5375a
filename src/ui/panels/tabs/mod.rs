//! Fiado: the customers the shop keeps a tab for, who owes what, each customer's statement,
//! what is taken on a tab, and collecting it (a payment link the service confirms, or cash at
//! this till). What it asks the app to do in `command.rs`; the state and its `logic` in
//! `panel.rs` (every read and write on the runtime); the drawing and its `PanelState` in
//! `show.rs`, from the parts: `customers.rs` (the list and adding a customer), `statement.rs`
//! (a customer's entries, their authorisation, the limit, fiar and forgetting) and `collect.rs`
//! (Cobrar el fiado).

mod collect;
mod command;
mod customers;
mod outcome;
mod panel;
mod show;
mod statement;

pub use command::TabsCommand;
pub use customers::{AddAsked, AddDraft, found};
pub use outcome::{Added, standing};
pub use panel::TabsPanel;
pub use show::TabsView;
