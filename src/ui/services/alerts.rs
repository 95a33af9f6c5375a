//! Making an approval unmissable even when the window is minimized: a desktop notification and
//! a short chime. Both run on the runtime's blocking pool, fired by the background status
//! follower, and each can be turned off. Neither needs a system library at build time: the
//! notification goes over D-Bus (zbus) on Linux, and the chime is played by the process itself
//! (`chime.rs`): no player program is started.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::config::speech::SpeechSettings;
use crate::speech::Speaker;
use crate::ui::services::voice::TillVoice;

/// Shared with the background followers, so a toggle in Settings takes effect at once.
#[derive(Debug, Clone)]
pub struct AlertSettings {
    notifications: Arc<AtomicBool>,
    sound: Arc<AtomicBool>,
    /// Saying the approval aloud (off until Configuración turns it on).
    voice: TillVoice,
}

impl AlertSettings {
    pub fn new(notifications: bool, sound: bool) -> AlertSettings {
        AlertSettings {
            notifications: Arc::new(AtomicBool::new(notifications)),
            sound: Arc::new(AtomicBool::new(sound)),
            voice: TillVoice::new(Speaker::System, SpeechSettings::default()),
        }
    }

    /// The same switches, with approvals said through `voice`.
    pub fn with_voice(self, voice: TillVoice) -> AlertSettings {
        AlertSettings { voice, ..self }
    }

    pub fn voice(&self) -> &TillVoice {
        &self.voice
    }

    pub fn notifications(&self) -> bool {
        self.notifications.load(Ordering::Relaxed)
    }

    pub fn sound(&self) -> bool {
        self.sound.load(Ordering::Relaxed)
    }

    pub fn set_notifications(&self, on: bool) {
        self.notifications.store(on, Ordering::Relaxed);
    }

    pub fn set_sound(&self, on: bool) {
        self.sound.store(on, Ordering::Relaxed);
    }
}

/// Blocking: call from the blocking pool.
pub fn announce(settings: &AlertSettings, title: &str, body: &str) {
    let mut notification = notify_rust::Notification::new();
    notification.appname("paydesk").summary(title).body(body);
    // Windows names a notification by the app id the installer registers; without it the toast
    // would carry PowerShell's.
    #[cfg(windows)]
    notification.app_id(crate::config::APP_ID);
    if settings.notifications()
        && let Err(error) = notification.show()
    {
        tracing::info!(%error, "no desktop notification service");
    }
    if settings.sound() {
        crate::ui::services::chime::play_chime();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toggles_are_shared() {
        let settings = AlertSettings::new(true, true);
        let copy = settings.clone();
        settings.set_sound(false);
        assert!(!copy.sound());
        assert!(copy.notifications());
    }
}
