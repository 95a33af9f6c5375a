//! Making an approval unmissable even when the window is minimized: a desktop notification and
//! a short chime. Both run on the runtime's blocking pool, fired by the background status
//! follower, and each can be turned off. Neither needs a system library at build time: the
//! notification goes over D-Bus (zbus) on Linux, and the chime is a WAV played by whatever
//! player the system has (PulseAudio/PipeWire/ALSA tools, `afplay`, PowerShell).

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
    if settings.notifications()
        && let Err(error) = notify_rust::Notification::new()
            .appname("paydesk")
            .summary(title)
            .body(body)
            .show()
    {
        tracing::info!(%error, "no desktop notification service");
    }
    if settings.sound() {
        play_chime();
    }
}

/// Two rising tones, 16-bit mono PCM.
pub fn chime_wav() -> Vec<u8> {
    const RATE: u32 = 22_050;
    let mut samples: Vec<i16> = Vec::new();
    for (frequency, millis) in [(880.0_f32, 140), (1_320.0_f32, 220)] {
        let count = RATE * millis / 1_000;
        for index in 0..count {
            let t = index as f32 / RATE as f32;
            let fade = 1.0 - index as f32 / count as f32;
            let value = (t * frequency * std::f32::consts::TAU).sin() * fade * 0.35;
            samples.push((value * i16::MAX as f32) as i16);
        }
    }
    let data_len = (samples.len() * 2) as u32;
    let mut wav = Vec::with_capacity(44 + data_len as usize);
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36 + data_len).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt ");
    wav.extend_from_slice(&16u32.to_le_bytes());
    wav.extend_from_slice(&1u16.to_le_bytes()); // PCM
    wav.extend_from_slice(&1u16.to_le_bytes()); // mono
    wav.extend_from_slice(&RATE.to_le_bytes());
    wav.extend_from_slice(&(RATE * 2).to_le_bytes());
    wav.extend_from_slice(&2u16.to_le_bytes());
    wav.extend_from_slice(&16u16.to_le_bytes());
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&data_len.to_le_bytes());
    for sample in samples {
        wav.extend_from_slice(&sample.to_le_bytes());
    }
    wav
}

fn play_chime() {
    let path = std::env::temp_dir().join("paydesk-approved.wav");
    if let Err(error) = std::fs::write(&path, chime_wav()) {
        tracing::info!(%error, "could not write the chime");
        return;
    }
    let file = path.to_string_lossy().into_owned();
    let players: Vec<(&str, Vec<String>)> = if cfg!(target_os = "macos") {
        vec![("afplay", vec![file])]
    } else if cfg!(windows) {
        vec![(
            "powershell",
            vec![
                "-NoProfile".into(),
                "-Command".into(),
                format!("(New-Object Media.SoundPlayer '{file}').PlaySync()"),
            ],
        )]
    } else {
        vec![
            ("paplay", vec![file.clone()]),
            ("pw-play", vec![file.clone()]),
            ("aplay", vec!["-q".into(), file]),
        ]
    };
    for (program, args) in players {
        match std::process::Command::new(program)
            .args(&args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
        {
            Ok(status) if status.success() => return,
            _ => continue,
        }
    }
    tracing::info!("no sound player found for the approval chime");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chime_is_a_valid_wav() {
        let wav = chime_wav();
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
