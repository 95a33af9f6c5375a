//! Saying a sentence with this system's voice, and whether one can: the engine this system
//! has, the voices, and what to say when none speaks the app's language.

#[cfg(target_os = "macos")]
use super::appkit as platform;
#[cfg(windows)]
use super::sapi as platform;
#[cfg(all(unix, not(target_os = "macos")))]
use super::ssip as platform;

use super::decide::approval;
use super::engine::{Asked, Said, SpeechError, Voice, Volume, voices_for};
use crate::i18n::Language;

/// Says `said` with `voice` (a [`Voice::name`]; `None`: the engine's voice for the sentence's
/// language) at `volume`, and returns once it has been said or why not. Blocking.
pub fn speak(said: &Said, voice: Option<&str>, volume: Volume) -> Result<(), SpeechError> {
    Speaker::System.speak(said, voice, volume)
}

/// Every voice the system's speech offers. Blocking.
pub fn voices() -> Result<Vec<Voice>, SpeechError> {
    #[cfg(any(unix, windows))]
    return platform::voices();
    #[cfg(not(any(unix, windows)))]
    Err(SpeechError::NotAvailable)
}

/// Which speech paydesk talks to: the system's own, or (tests, a shop's own set-up) a given
/// speech-dispatcher socket.
#[derive(Debug, Clone, Default)]
pub enum Speaker {
    #[default]
    System,
    #[cfg(all(unix, not(target_os = "macos")))]
    Daemon(super::ssip::Daemon),
}

impl Speaker {
    /// Says `said` with `voice` (a [`Voice::name`]; `None`: the best voice of the sentence's
    /// language) at `volume`, only ever with a voice of its language ([`voice_to_say`], the
    /// rule every engine keeps), and returns once it has been said or why not. Blocking.
    pub fn speak(
        &self,
        said: &Said,
        voice: Option<&str>,
        volume: Volume,
    ) -> Result<(), SpeechError> {
        if said.text.trim().is_empty() {
            return Ok(());
        }
        let asked = Asked {
            voice: voice.map(str::to_owned),
            volume,
        };
        match self {
            #[cfg(any(unix, windows))]
            Speaker::System => platform::speak(said, &asked),
            #[cfg(not(any(unix, windows)))]
            Speaker::System => {
                let _ = asked;
                Err(SpeechError::NotAvailable)
            }
            #[cfg(all(unix, not(target_os = "macos")))]
            Speaker::Daemon(daemon) => daemon.speak(said, &asked),
        }
    }

    /// [`readiness`], through this speaker. Blocking.
    pub fn readiness(&self, language: Language) -> Readiness {
        match self {
            Speaker::System => readiness(language),
            #[cfg(all(unix, not(target_os = "macos")))]
            Speaker::Daemon(daemon) => readiness_of(daemon.voices(), language),
        }
    }
}

/// Whether approvals can be said in a language, for Configuración.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Readiness {
    /// The voices that speak it, the best first (the first is the one to use when none was
    /// chosen).
    Ready(Vec<Voice>),
    /// The speech service answered, but no voice speaks the language: say so and what to
    /// install; the chime stays.
    NoVoice { advice: String },
    /// No speech service answered: why, and what to install or start.
    NoService {
        problem: SpeechError,
        advice: String,
    },
}

/// Asks the system's speech which voices speak `language`. Blocking.
pub fn readiness(language: Language) -> Readiness {
    readiness_of(voices(), language)
}

/// [`readiness`] from an answer of [`voices`].
pub fn readiness_of(voices: Result<Vec<Voice>, SpeechError>, language: Language) -> Readiness {
    match voices {
        Ok(voices) => {
            let speaking = voices_for(&voices, language);
            if speaking.is_empty() {
                Readiness::NoVoice {
                    advice: super::advice::missing_voice(language),
                }
            } else {
                Readiness::Ready(speaking)
            }
        }
        Err(problem) => {
            // Configuración shows the sentence; what the system said goes to the log too.
            tracing::warn!(detail = ?crate::i18n::Explained::detail(&problem), "{problem}");
            Readiness::NoService {
                problem,
                advice: super::advice::missing_service(),
            }
        }
    }
}

/// What Probar says: an approval of $ 35.000 in the language in use.
pub fn sample() -> Said {
    approval(Some(crate::money::Pesos::new(35_000)))
}
