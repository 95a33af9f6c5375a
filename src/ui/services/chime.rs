//! The approval chime, played by this process through the system's own sound interface: no
//! player program is started (on Windows that was PowerShell, late and with a console flashing
//! up). Blocking: called from the runtime's blocking pool, it returns once the sound has played
//! or could not.
//!
//! - Windows: `PlaySoundW` from memory (winmm, on every Windows).
//! - Linux: the PulseAudio protocol, which PipeWire also speaks, over its socket in pure Rust
//!   (`pulseaudio` crate), so building needs no sound library's development files.
//! - macOS: AppKit's `NSSound` from memory.

use std::time::Duration;

/// Longest the chime may take, waits for the sound server included: a sound system that hangs
/// must not keep a blocking thread.
pub const DEADLINE: Duration = Duration::from_secs(3);

/// Why the chime did not play, for the log (the sale goes on either way).
#[derive(Debug, thiserror::Error)]
pub enum ChimeError {
    #[error("no sound server answered: {0}")]
    NoServer(String),
    #[error("the sound system refused the chime: {0}")]
    Refused(String),
    #[error("the sound system took longer than {DEADLINE:?}")]
    TooSlow,
}

/// Plays 16-bit mono `samples` at `rate` per second.
pub fn play(samples: &[i16], rate: u32) -> Result<(), ChimeError> {
    platform::play(samples, rate)
}

#[cfg(windows)]
mod platform {
    use super::ChimeError;
    use windows_sys::Win32::Media::Audio::{PlaySoundW, SND_MEMORY, SND_NODEFAULT, SND_SYNC};

    pub fn play(samples: &[i16], rate: u32) -> Result<(), ChimeError> {
        let wav = super::wav_bytes(samples, rate);
        // SAFETY: with SND_MEMORY the first argument points at a whole WAV file in memory, which
        // `wav` holds for the duration of the call (SND_SYNC returns once it has played).
        let played = unsafe {
            PlaySoundW(
                wav.as_ptr().cast(),
                std::ptr::null_mut(),
                SND_MEMORY | SND_SYNC | SND_NODEFAULT,
            )
        };
        if played == 0 {
            return Err(ChimeError::Refused(
                std::io::Error::last_os_error().to_string(),
            ));
        }
        Ok(())
    }
}

#[cfg(target_os = "macos")]
mod platform {
    use super::{ChimeError, DEADLINE};
    use objc2::AnyThread;
    use objc2_app_kit::NSSound;
    use objc2_foundation::NSData;

    pub fn play(samples: &[i16], rate: u32) -> Result<(), ChimeError> {
        let data = NSData::with_bytes(&super::wav_bytes(samples, rate));
        let sound = NSSound::initWithData(NSSound::alloc(), &data)
            .ok_or_else(|| ChimeError::Refused("NSSound did not read the chime".into()))?;
        if !sound.play() {
            return Err(ChimeError::Refused("NSSound did not play".into()));
        }
        // `play` returns at once; the sound lives as long as `sound`, so wait for it to end.
        let deadline = std::time::Instant::now() + DEADLINE;
        while sound.isPlaying() {
            if std::time::Instant::now() > deadline {
                sound.stop();
                return Err(ChimeError::TooSlow);
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        Ok(())
    }
}

#[cfg(all(unix, not(target_os = "macos")))]
mod platform {
    use super::{ChimeError, DEADLINE};
    use pulseaudio::{AsPlaybackSource, Client, protocol};

    pub fn play(samples: &[i16], rate: u32) -> Result<(), ChimeError> {
        let bytes: Vec<u8> = samples.iter().flat_map(|s| s.to_le_bytes()).collect();
        // The handshake reads the socket without a deadline of its own: it runs on a thread of
        // its own, and this one stops waiting at the deadline.
        let (done, outcome) = std::sync::mpsc::channel();
        std::thread::Builder::new()
            .name("chime".into())
            .spawn(move || {
                // The waiting side gave up at its deadline: the outcome has nowhere to go.
                let _ = done.send(play_on_server(bytes, rate));
            })
            .map_err(|error| ChimeError::Refused(error.to_string()))?;
        outcome
            .recv_timeout(DEADLINE)
            .unwrap_or(Err(ChimeError::TooSlow))
    }

    fn play_on_server(bytes: Vec<u8>, rate: u32) -> Result<(), ChimeError> {
        let client = Client::from_env(c"paydesk")
            .map_err(|error| ChimeError::NoServer(error.to_string()))?;
        let params = protocol::PlaybackStreamParams {
            sample_spec: protocol::SampleSpec {
                format: protocol::SampleFormat::S16Le,
                channels: 1,
                sample_rate: rate,
            },
            channel_map: protocol::ChannelMap::mono(),
            cvolume: Some(protocol::ChannelVolume::norm(1)),
            sink_name: Some(protocol::DEFAULT_SINK.to_owned()),
            ..Default::default()
        };
        let mut offset = 0;
        let source = move |buffer: &mut [u8]| {
            let count = buffer.len().min(bytes.len() - offset);
            buffer[..count].copy_from_slice(&bytes[offset..offset + count]);
            offset += count;
            count
        };
        futures_executor::block_on(async {
            let stream = client
                .create_playback_stream(params, source.as_playback_source())
                .await
                .map_err(|error| ChimeError::Refused(error.to_string()))?;
            stream
                .play_all()
                .await
                .map_err(|error| ChimeError::Refused(error.to_string()))
        })
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
    if let Err(problem) = play(&chime_samples(), CHIME_RATE) {
        tracing::info!(%problem, "the approval chime could not play");
    }
}

/// The chime the voice sounds when it could not say an approval: the system's sound, or a
/// test's ear, which counts.
#[derive(Debug, Clone, Default)]
pub enum Chime {
    #[default]
    System,
    Counted(std::sync::Arc<std::sync::atomic::AtomicUsize>),
}

impl Chime {
    /// Blocking, like [`play_chime`].
    pub fn sound(&self) {
        match self {
            Chime::System => play_chime(),
            Chime::Counted(count) => {
                count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
        }
    }
}

#[cfg(test)]
mod wav_tests {
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
}
