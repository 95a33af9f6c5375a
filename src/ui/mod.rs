//! The desktop app (eframe/egui). `App::logic` drains channels and timers; `App::ui` only draws.
//! Work goes to the tokio runtime owned by `main` through [`bridge::Bridge`]; no frame waits on
//! the network, the keyring or a file.

mod alerts;
mod app;
pub mod bridge;
pub mod customer;
pub mod panels;
pub mod session;
pub mod theme;
pub mod tracker;
pub mod widgets;

use std::sync::Arc;

pub use alerts::AlertSettings;
pub use app::{AppOptions, PaydeskApp};

use crate::config::Paths;
use bridge::{Bridge, UiError};
use panels::collect::CreatedPayment;
use session::Session;
use tracker::Tracker;

/// The left navigation's entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Panel {
    Collect,
    Status,
    Payouts,
    Balance,
    Accounts,
    Activity,
    Register,
    Settings,
}

impl Panel {
    pub const ALL: [Panel; 8] = [
        Panel::Collect,
        Panel::Status,
        Panel::Payouts,
        Panel::Balance,
        Panel::Accounts,
        Panel::Activity,
        Panel::Register,
        Panel::Settings,
    ];

    pub fn title(self) -> String {
        match self {
            Panel::Collect => crate::t!("nav-collect"),
            Panel::Status => crate::t!("nav-status"),
            Panel::Payouts => crate::t!("nav-payouts"),
            Panel::Balance => crate::t!("nav-balance"),
            Panel::Accounts => crate::t!("nav-accounts"),
            Panel::Activity => crate::t!("nav-activity"),
            Panel::Register => crate::t!("nav-register"),
            Panel::Settings => crate::t!("settings-title"),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ThemeChoice {
    System,
    Light,
    Dark,
}

/// What a panel asks of the app, handled after the panel has drawn.
#[derive(Debug, Clone)]
pub enum AppAction {
    GoTo(Panel),
    ShowCustomer(CreatedPayment),
    /// Connect again: another profile, or the same one with new credentials.
    Reconnect(Option<String>),
    SessionEnded,
}

/// What every panel may use while it runs.
pub struct PanelContext<'a> {
    pub bridge: &'a Bridge,
    pub session: &'a Arc<Session>,
    pub tracker: &'a mut Tracker,
    pub paths: &'a Paths,
    pub actions: &'a mut Vec<AppAction>,
    /// The webhook notifications last loaded, newest first.
    pub notifications: Arc<Vec<crate::ledger::StoredNotification>>,
}

impl PanelContext<'_> {
    /// Each failed request passes through here once: an ended session asks for the token again
    /// (the panel keeps what the user typed).
    pub fn note_error(&mut self, error: &UiError) {
        if error.session_ended {
            self.actions.push(AppAction::SessionEnded);
        }
    }
}

/// Opens the window on the given runtime; returns when it is closed.
pub fn run(runtime: &tokio::runtime::Runtime, options: AppOptions) -> Result<(), eframe::Error> {
    let handle = runtime.handle().clone();
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("paydesk")
            .with_inner_size([1100.0, 760.0])
            .with_min_inner_size([720.0, 520.0]),
        persist_window: true,
        ..Default::default()
    };
    eframe::run_native(
        "paydesk",
        native,
        Box::new(move |cc| Ok(Box::new(PaydeskApp::new(cc, handle, options)))),
    )
}
