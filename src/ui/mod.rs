//! The desktop app (eframe/egui). `App::logic` drains channels and timers; `App::ui` only draws.
//! Work goes to the tokio runtime owned by `main` through [`bridge::Bridge`]; no frame waits on
//! the network, the keyring or a file.

pub mod access;
mod alerts;
mod app;
mod banners;
pub mod books;
pub mod bridge;
pub mod customer;
mod damaged_books;
pub mod panels;
pub mod paper;
mod pin_prompt;
pub mod queue;
pub mod session;
mod session_prompt;
pub mod single_instance;
mod sizing;
pub mod theme;
mod today;
mod top_bar;
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
    /// The day's close. New in the side bar after it lived under Activity: a remembered panel
    /// from an older version still reads (serde by name).
    Reconcile,
    Accounts,
    Activity,
    Register,
    Settings,
}

impl Panel {
    pub const ALL: [Panel; 9] = [
        Panel::Collect,
        Panel::Status,
        Panel::Payouts,
        Panel::Balance,
        Panel::Reconcile,
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
            Panel::Reconcile => crate::t!("nav-reconcile"),
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
    /// The books' copies: Settings shows them and asks for one.
    pub books: &'a mut crate::ui::books::BooksGuard,
    /// Who is at the till: who did what is written down as theirs.
    pub access: &'a mut access::Access,
    /// The webhook notifications last loaded, newest first.
    pub notifications: Arc<Vec<crate::ledger::StoredNotification>>,
    /// Paper: what the panels ask to print, and this computer's printer.
    pub paper: &'a mut paper::Paper,
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
/// The app's reverse-DNS id: the desktop entry's and AppStream's name, the window's class on X11
/// and its app id on Wayland (the entry's `StartupWMClass`), and the folder eframe keeps the
/// window's state in.
pub const APP_ID: &str = "co.paydesk.Paydesk";

/// The name eframe kept the window's state under before the app had an id.
const OLD_STATE_NAME: &str = "paydesk";

/// The window's icon, the 128 px one the installers ship. Not the 256 px: winit sends the icon to
/// X11 in one request, and 256×256 pixels is over the X server's request size, so the window
/// showed no icon at all (measured under Xvfb: `_NET_WM_ICON` stayed empty; 128 px sets it).
const ICON_PNG: &[u8] =
    include_bytes!("../../assets/icons/hicolor/128x128/apps/co.paydesk.Paydesk.png");

/// Opens the window on the given runtime; returns when it is closed.
pub fn run(runtime: &tokio::runtime::Runtime, options: AppOptions) -> Result<(), eframe::Error> {
    let listener = match single_instance::claim(&options.paths.config_dir) {
        single_instance::Start::First(listener) => Some(listener),
        single_instance::Start::Second => {
            tracing::info!("paydesk is already open: its window was brought forward");
            eprintln!("{}", crate::t!("already-open"));
            return Ok(());
        }
        single_instance::Start::Alone(error) => {
            tracing::warn!(%error, "no check for another paydesk window");
            None
        }
    };
    let handle = runtime.handle().clone();
    move_window_state();
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("paydesk")
        .with_app_id(APP_ID)
        .with_inner_size([1100.0, 760.0])
        .with_min_inner_size([640.0, 480.0]);
    match eframe::icon_data::from_png_bytes(ICON_PNG) {
        Ok(icon) => viewport = viewport.with_icon(icon),
        Err(error) => tracing::warn!(%error, "the window icon could not be read"),
    }
    let native = eframe::NativeOptions {
        viewport,
        persist_window: true,
        ..Default::default()
    };
    eframe::run_native(
        APP_ID,
        native,
        Box::new(move |cc| {
            if let Some(listener) = listener {
                let ctx = cc.egui_ctx.clone();
                single_instance::serve(listener, move || bring_forward(&ctx));
            }
            Ok(Box::new(PaydeskApp::new(cc, handle, options)))
        }),
    )
}

/// Another start asked for this window: out of the taskbar and in front.
fn bring_forward(ctx: &egui::Context) {
    ctx.send_viewport_cmd(egui::ViewportCommand::Visible(true));
    ctx.send_viewport_cmd(egui::ViewportCommand::Minimized(false));
    ctx.send_viewport_cmd(egui::ViewportCommand::Focus);
    ctx.send_viewport_cmd(egui::ViewportCommand::RequestUserAttention(
        egui::UserAttentionType::Informational,
    ));
    ctx.request_repaint();
}

/// eframe keeps the window's size and the app's preferences under the app id; before there was
/// one they were under "paydesk". The first start with the id moves them, so nobody loses their
/// window size, language or theme.
fn move_window_state() {
    let (Some(old), Some(new)) = (
        eframe::storage_dir(OLD_STATE_NAME),
        eframe::storage_dir(APP_ID),
    ) else {
        return;
    };
    let (old_file, new_file) = (old.join("app.ron"), new.join("app.ron"));
    if new_file.exists() || !old_file.exists() {
        return;
    }
    let moved = std::fs::create_dir_all(&new).and_then(|()| std::fs::copy(&old_file, &new_file));
    match moved {
        Ok(_) => {
            if let Err(error) = std::fs::remove_file(&old_file) {
                tracing::info!(%error, "the old window state stays where it was");
            }
        }
        Err(error) => tracing::warn!(%error, "the window state could not be moved to the app id"),
    }
}
