//! What every panel may use while its `logic` runs: the runtime, the session, today's list, the
//! app's queue of actions, the books' copies and customers' data, who is at the till, the feed
//! and paper.

use std::sync::Arc;

use crate::config::Paths;
use crate::ui::actions::AppAction;
use crate::ui::plumbing::bridge::{Bridge, UiError};
use crate::ui::services::access;
use crate::ui::services::paper;
use crate::ui::services::session::Session;
use crate::ui::services::tracker::Tracker;

/// What every panel may use while it runs.
pub struct LogicContext<'a> {
    pub bridge: &'a Bridge,
    pub session: &'a Arc<Session>,
    pub tracker: &'a mut Tracker,
    pub paths: &'a Paths,
    pub actions: &'a mut Vec<AppAction>,
    /// The books' copies and the folder saved files go to: Settings shows them and asks for a
    /// copy, the close asks for one once exported.
    pub backups: &'a mut crate::ui::services::backups::Backups,
    /// How long customers' data is kept, and forgetting one: Settings asks.
    pub customer_data: &'a mut crate::ui::services::customer_data::CustomerData,
    /// Who is at the till: who did what is written down as theirs.
    pub access: &'a mut access::Access,
    /// The webhook notifications last loaded, newest first.
    pub notifications: Arc<Vec<crate::ledger::StoredNotification>>,
    /// Paper: what the panels ask to print, and this computer's printer.
    pub paper: &'a mut paper::Paper,
}

impl LogicContext<'_> {
    /// Each failed request passes through here once: an ended session asks for the token again
    /// (the panel keeps what the user typed).
    pub fn note_error(&mut self, error: &UiError) {
        if let Some(needed) = error.sign_in {
            self.actions.push(AppAction::SignIn(needed));
        }
    }
}
