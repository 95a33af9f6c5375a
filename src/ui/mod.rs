//! The desktop app (eframe/egui). `App::logic` drains channels and timers; `App::ui` only draws.
//! Work goes to the tokio runtime owned by `main` through [`plumbing::bridge::Bridge`]; no frame
//! waits on the network, the keyring or a file. The window is opened by `window.rs`; the app is
//! `app.rs`; what stands around the panels is `chrome/`, the app's own services `services/`, how
//! work and news travel `plumbing/`.

pub mod actions;
mod app;
pub mod chrome;
pub mod customer;
pub mod display;
pub mod navigation;
mod options;
pub mod panels;
pub mod plumbing;
mod preferences;
pub mod services;
mod sizing;
pub mod theme;
pub mod widgets;
mod window;

pub use actions::AppAction;
pub use app::PaydeskApp;
pub use navigation::{Panel, ThemeChoice};
pub use options::AppOptions;
pub use panels::context::LogicContext;
pub use services::alerts::AlertSettings;
pub use window::{APP_ID, run};
