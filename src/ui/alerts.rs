//! Making an approval unmissable even when the window is minimized: a desktop notification and
//! a short chime. Both run on the runtime's blocking pool, fired by the background status
//! follower, and each can be turned off. Neither needs a system library at build time: the
//! notification goes over D-Bus (zbus) on Linux, and the chime is played by the process itself
//! (`chime.rs`): no player program is started.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Shared with the background followers, so a toggle in Settings takes effect at once.
#[derive(Debug, Clone)]
pub struct AlertSettings {
    notifications: Arc<AtomicBool>,
    sound: Arc<AtomicBool>,
}

impl AlertSettings {
    pub fn new(notifications: bool, sound: bool) -> AlertSettings {
        AlertSettings {
            notifications: Arc::new(AtomicBool::new(notifications)),
            sound: Arc::new(AtomicBool::new(sound)),
        }
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
    notification.app_id(crate::ui::APP_ID);
    if settings.notifications()
        && let Err(error) = notification.show()
    {
        tracing::info!(%error, "no desktop notification service");
    }
    if settings.sound() {
        play_chime();
    }
}

/// The chime's sample rate: 16-bit mono PCM.
pub const CHIME_RATE: u32 = 22_050;

/// Two rising tones.
pub fn chime_samples() -> Vec<i16> {
    let mut samples: Vec<i16> = Vec::new();
    for (frequency, millis) in [(880.0_f32, 140), (1_320.0_f32, 220)] {
        let count = CHIME_RATE * millis / 1_000;
        for index in 0..count {
            let t = index as f32 / CHIME_RATE as f32;
            let fade = 1.0 - index as f32 / count as f32;
            let value = (t * frequency * std::f32::consts::TAU).sin() * fade * 0.35;
            samples.push((value * i16::MAX as f32) as i16);
        }
    }
    samples
}

/// 16-bit mono `samples` as a WAV file (what Windows and macOS play from memory).
#[cfg(any(windows, target_os = "macos", test))]
pub fn wav_bytes(samples: &[i16], rate: u32) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut wav = Vec::with_capacity(44 + data_len as usize);
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36 + data_len).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt ");
    wav.extend_from_slice(&16u32.to_le_bytes());
    wav.extend_from_slice(&1u16.to_le_bytes()); // PCM
    wav.extend_from_slice(&1u16.to_le_bytes()); // mono
    wav.extend_from_slice(&rate.to_le_bytes());
    wav.extend_from_slice(&(rate * 2).to_le_bytes());
    wav.extend_from_slice(&2u16.to_le_bytes());
    wav.extend_from_slice(&16u16.to_le_bytes());
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&data_len.to_le_bytes());
    for sample in samples {
        wav.extend_from_slice(&sample.to_le_bytes());
    }
    wav
}

/// Plays the chime inside this process and returns when it has played (blocking). No player
/// program is started: on Windows one was PowerShell, a second or two late with a console
/// flashing up.
pub fn play_chime() {
    if let Err(problem) = super::chime::play(&chime_samples(), CHIME_RATE) {
        tracing::info!(%problem, "the approval chime could not play");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chime_is_a_valid_wav() {
        let wav = wav_bytes(&chime_samples(), CHIME_RATE);
        assert_eq!(&wav[..4], b"RIFF");
        assert_eq!(&wav[8..16], b"WAVEfmt ");
        let declared = u32::from_le_bytes([wav[40], wav[41], wav[42], wav[43]]) as usize;
        assert_eq!(declared + 44, wav.len());
        assert!(wav.len() > 10_000);
    }

    #[test]
    fn toggles_are_shared() {
        let settings = AlertSettings::new(true, true);
        let copy = settings.clone();
        settings.set_sound(false);
        assert!(!copy.sound());
        assert!(copy.notifications());
    }
}
