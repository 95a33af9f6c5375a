//! What the person chose for this window, kept by eframe between runs: the language, the
//! theme, the panel last open, the approval alerts and the size of text and buttons.

use super::navigation::{Panel, ThemeChoice};
use crate::i18n::Language;

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub(super) struct Preferences {
    /// Chosen in Settings; until then the system's.
    pub(super) language: Option<Language>,
    pub(super) theme: ThemeChoice,
    pub(super) last_panel: Panel,
    pub(super) notifications: bool,
    pub(super) sound: bool,
    /// Text and buttons, in percent; none: from the screen's size.
    pub(super) zoom_percent: Option<u16>,
    /// The window was sized to the screen once (its first start); after that it is the
    /// person's size, which eframe remembers.
    pub(super) window_fitted: bool,
}

impl Default for Preferences {
    fn default() -> Self {
        Preferences {
            language: None,
            theme: ThemeChoice::System,
            last_panel: Panel::Collect,
            notifications: true,
            sound: true,
            zoom_percent: None,
            window_fitted: false,
        }
    }
}

pub(super) const PREFERENCES_KEY: &str = "paydesk-preferences";
