//! Small widgets the panels share.

pub mod form;
pub mod payment_card;
pub mod qr;
pub mod status;
