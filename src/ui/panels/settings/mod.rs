//! Settings: the profile and its environment (switch, add, edit), credentials (pasted tokens go
//! to the keyring), sign-out, appearance, and the approval alerts.

mod checkup;
mod credentials;
mod editor;
mod panel;
mod profile;
mod till_name;

pub use panel::{SettingsCommand, SettingsPanel, SettingsView};
