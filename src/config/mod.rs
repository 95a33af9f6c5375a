//! Profiles: which service a merchant talks to (the built-in simulator, the service's sandbox,
//! production), with its URLs, ids and defaults. Stored as human-editable TOML in the OS config
//! directory, with a version field. Secrets are never here: the profile only lists which ones
//! it has in the keyring.

pub mod display;
mod draft;
mod env;
mod file;
mod paths;
pub mod printer;
mod profile;
pub mod single_instance;
pub mod speech;
pub mod till;
pub mod updates;

pub use draft::{ProfileDraft, check_profile_name};
pub use env::EnvOverrides;
pub use file::{
    BooksSettings, CONFIG_FILE_NAME, CONFIG_VERSION, ConfigError, ConfigFile,
    DEFAULT_CUSTOMER_DATA_DAYS, check_profile,
};
pub use paths::{APP_ID, Paths, settle_home, till_id};
pub(crate) use profile::check_ledger_url;
pub use profile::{
    DEFAULT_WEBHOOK_LISTEN, Environment, Profile, SIMULATOR_PROFILE, TransactionTokenMode,
    shown_profile_name,
};
pub use till::{TillSettings, check_till_name, this_till_name};
