//! The built-in simulator of the whole service: both families over real HTTP, a checkout page
//! for the payer, signed webhooks, balances, and injectable faults. paydesk runs against it when
//! no profile is configured, and every test runs against it.
//!
//! It reads and writes the wire format on its own terms (`serde_json::Value`), never through
//! the client's models, so that a misreading of the spec in one is not repeated in the other.

mod clock;
mod config;
mod control;
mod current;
mod discovery;
mod family_a;
mod family_b;
mod notice;
mod server;
mod shared;
pub mod state;
mod webhooks;
mod wire;

use shared::{Answer, Shared};

pub use config::{
    DEMO_ACCESS_TOKEN, DEMO_API_TOKEN, DEMO_HASH_KEY, SimulatorConfig, SimulatorConnection,
};
pub use current::{DEMO_PASSWORD, DEMO_USERNAME};
pub use discovery::{
    FoundSimulator, RunningSimulator, Served, ShareError, find, find_or_serve, find_or_serve_kept,
};
pub use notice::notice_path;
pub use server::{IdleLimits, Simulator};
