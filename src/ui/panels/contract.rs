//! The contract every panel keeps, and what the app hands it to draw with.

use egui::Ui;

use crate::config::Paths;
use crate::i18n::Language;
use crate::ledger::StoredNotification;
use crate::ui::plumbing::news::News;
use crate::ui::services::session::Session;
use crate::ui::services::tracker::Tracker;
use crate::ui::{LogicContext, ThemeChoice};

/// The contract of a panel. Its state lives apart from drawing: `show` only draws, from a view
/// it makes of the [`DrawContext`], and queues what it needs done as a small command value in its own
/// `Queue`; the next `logic` runs it and takes what the runtime sent back. So a panel can be
/// drawn and clicked in a test on its own state, with no session (`tests/ui_panels.rs` calls its
/// drawing with a view of its own).
pub trait PanelState {
    fn logic(&mut self, ctx: &mut LogicContext<'_>);
    fn show(&mut self, ui: &mut Ui, draw: &mut DrawContext<'_>);
    /// What happened elsewhere; each panel decides what of it makes it stale. Most hear nothing.
    fn hear(&mut self, _news: &News) {}
    /// A sale the cashier is making here (being typed, waiting, or its QR up while open):
    /// background work that can wait, waits for it.
    fn holds_a_sale(&self, _tracker: &Tracker) -> bool {
        false
    }
}

/// What the app hands a panel to draw with, each frame.
pub struct DrawContext<'a> {
    /// Who is at the till: what the panel offers follows it.
    pub access: &'a crate::ui::services::access::Access,
    pub session: &'a Session,
    pub tracker: &'a Tracker,
    /// The webhook notifications last loaded, newest first.
    pub notifications: &'a [StoredNotification],
    /// The app's feed of notifications and refusals, which Notificaciones shows.
    pub feed: &'a crate::ui::services::feed::NotificationFeed,
    pub paths: &'a Paths,
    pub backups: &'a crate::ui::services::backups::Backups,
    pub customer_data: &'a crate::ui::services::customer_data::CustomerData,
    /// The person's choices that Settings changes in place.
    pub theme: &'a mut ThemeChoice,
    pub language: &'a mut Language,
    pub zoom_percent: &'a mut Option<u16>,
    pub screen_zoom: Option<f32>,
    /// Paper: the panels ask it to print.
    pub paper: &'a mut crate::ui::services::paper::Paper,
    /// Since when the service has not answered (ms since the epoch), while it does not.
    pub service_away: Option<i64>,
    /// Where updates stand, as the app's update watch says.
    pub updates: &'a crate::ui::services::updates::UpdatesView,
}

/// Another profile is another merchant: what a panel showed of the previous one goes.
pub fn another_merchant(news: &News) -> bool {
    matches!(
        news,
        News::Connected {
            another_merchant: true
        }
    )
}
