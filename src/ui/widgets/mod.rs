//! Small widgets the panels share.

pub mod amount;
pub mod chip;
pub mod empty;
pub mod form;
pub mod live;
pub mod money_out;
pub mod offline;
pub mod payment_card;
pub mod pesos;
pub mod primary;
pub mod problem;
pub mod qr;
pub mod saved;
pub mod stable_ids;
pub mod status;
pub mod table;
pub mod waiting;
