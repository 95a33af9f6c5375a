//! Updates, as this computer's settings file keeps them: whether paydesk looks for a new version
//! (at start and once a day), and the feed it looks at when a shop or a reseller names its own.
//! The address is safe to change: what is trusted is the maker's signature, whose key is
//! compiled into paydesk and is no setting.

use serde::{Deserialize, Serialize};

/// The feed the build names (`PAYDESK_UPDATE_FEED` when it is built).
pub const DEFAULT_FEED_URL: &str = match option_env!("PAYDESK_UPDATE_FEED") {
    Some(url) => url,
    None => "https://paydesk.co/updates/stable/feed.json",
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UpdateSettings {
    /// Look for a new version; off, paydesk asks nothing of anyone.
    #[serde(default = "on")]
    pub look: bool,
    /// Another feed (a reseller's); none: the build's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feed_url: Option<String>,
}

fn on() -> bool {
    true
}

impl Default for UpdateSettings {
    fn default() -> Self {
        UpdateSettings {
            look: true,
            feed_url: None,
        }
    }
}

impl UpdateSettings {
    pub fn is_unset(&self) -> bool {
        *self == UpdateSettings::default()
    }

    /// The feed looked at.
    pub fn feed_url(&self) -> &str {
        self.feed_url
            .as_deref()
            .filter(|url| !url.trim().is_empty())
            .unwrap_or(DEFAULT_FEED_URL)
    }
}
