//! Small widgets the panels share.

pub mod form;
pub mod qr;
pub mod status;
