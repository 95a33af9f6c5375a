//! What every speech engine shares: a voice, a volume, what was said and in which language, the
//! deadlines, and why nothing was said.

use std::time::Duration;

use crate::i18n::Language;

/// Longest the engine may take to take a request (connecting included): an engine that hangs
/// must not keep a thread or Configuración waiting.
pub const ANSWER_DEADLINE: Duration = Duration::from_secs(3);

/// Longest [`super::speak`] waits for the sentence to have been said, its wait in the engine's
/// queue included: a counter QR's third payment waits for the first two (a few seconds each).
pub const SPEECH_DEADLINE: Duration = Duration::from_secs(20);

/// Runs `work` on a thread of its own and stops waiting for it after `deadline`: a speech
/// service that hangs where no timeout reaches (connecting to a socket, a COM call) must not keep
/// the caller. The thread ends by itself once the service lets go.
pub fn on_a_thread<T: Send + 'static>(
    deadline: Duration,
    work: impl FnOnce() -> Result<T, SpeechError> + Send + 'static,
) -> Result<T, SpeechError> {
    let (done, outcome) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("speech".into())
        .spawn(move || {
            let _ = done.send(work());
        })
        .map_err(|error| SpeechError::Refused(error.to_string()))?;
    outcome
        .recv_timeout(deadline)
        .unwrap_or(Err(SpeechError::TooSlow))
}

/// The language's name in the language in use ("español", "inglés").
pub fn language_name(language: Language) -> String {
    match language {
        Language::Es => crate::t!("speech-language-es"),
        Language::En => crate::t!("speech-language-en"),
    }
}

/// A voice the engine offers, as Configuración lists it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Voice {
    /// What the engine calls it, and what [`super::speak`] is given back ("Spanish (Latin
    /// America)", "Microsoft Sabina Desktop - Spanish (Mexico)").
    pub name: String,
    /// Its language as the engine reports it: "es", "es-419", "es-MX", "en-US".
    pub language: String,
}

impl Voice {
    /// Whether the voice speaks `language` (any country's variety of it).
    pub fn speaks(&self, language: Language) -> bool {
        let own = self
            .language
            .split(['-', '_'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        own == language.code()
    }
}

/// The voices of `voices` that speak `language`, the best first: for Spanish, Latin America's
/// and then Colombia's own variety before Spain's, since the till is in Colombia; the engine's
/// order otherwise.
pub fn voices_for(voices: &[Voice], language: Language) -> Vec<Voice> {
    let mut found: Vec<Voice> = voices
        .iter()
        .filter(|voice| voice.speaks(language))
        .cloned()
        .collect();
    let rank = |voice: &Voice| {
        let tag = voice.language.to_ascii_lowercase().replace('_', "-");
        match (language, tag.as_str()) {
            (Language::Es, "es-co") => 0,
            (Language::Es, "es-419") => 1,
            (Language::Es, tag) if tag != "es" && tag != "es-es" => 2,
            // English in the Americas as a Colombian shop most often hears it.
            (Language::En, "en-us") => 0,
            (Language::En, "en") => 1,
            _ => 3,
        }
    };
    // A stable sort keeps the engine's own order within a rank.
    found.sort_by_key(rank);
    found
}

/// How loud, from 0 (silent) to 100 (the engine's loudest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Volume(u8);

impl Volume {
    pub const LOUDEST: Volume = Volume(100);

    /// `percent` kept within 0 to 100.
    pub fn new(percent: u8) -> Volume {
        Volume(percent.min(100))
    }

    pub fn percent(self) -> u8 {
        self.0
    }
}

impl Default for Volume {
    fn default() -> Self {
        Volume::LOUDEST
    }
}

/// A sentence to say and the language it is in (the engine picks a voice of that language when
/// none was chosen).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    pub text: String,
    pub language: Language,
}

/// How a sentence is to be said: the voice chosen in Configuración (a [`Voice::name`]; none:
/// the best of the sentence's language) and how loud.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Asked {
    pub voice: Option<String>,
    pub volume: Volume,
}

/// The one rule every engine keeps before it says anything: the voice that says `said`, from
/// the voices the engine `offered`. The chosen voice while it is offered and speaks the
/// sentence's language; else the best voice of that language. Never another language's voice:
/// an engine handed a language it has no voice for reads the sentence with whatever voice it
/// has (speech-dispatcher does), so with none of the language nothing is said and the chime is
/// heard instead, as Configuración says.
pub fn voice_to_say(
    offered: &[Voice],
    said: &Said,
    chosen: Option<&str>,
) -> Result<Voice, SpeechError> {
    if let Some(name) = chosen {
        let voice = offered
            .iter()
            .find(|voice| voice.name == name)
            .ok_or_else(|| SpeechError::VoiceGone(name.to_owned()))?;
        if voice.speaks(said.language) {
            return Ok(voice.clone());
        }
    }
    voices_for(offered, said.language)
        .into_iter()
        .next()
        .ok_or(SpeechError::NoVoice(said.language))
}

/// Why nothing was said, in words Configuración can show (the sale goes on either way, with the
/// chime).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpeechError {
    /// No speech service answered (on Linux: no speech-dispatcher running for this session).
    #[error("{}", crate::t!("speech-no-service"))]
    NoService(String),
    /// The service answered, but refused or dropped the sentence.
    #[error("{}", crate::t!("speech-refused"))]
    Refused(String),
    /// The service did not answer or finish within its deadline.
    #[error("{}", crate::t!("speech-too-slow"))]
    TooSlow,
    /// The voice chosen in Configuración is not offered any more.
    #[error("{}", crate::t!("speech-voice-gone", voice = .0.as_str()))]
    VoiceGone(String),
    /// No installed voice speaks the sentence's language (it is not said in another one's).
    #[error("{}", crate::t!("speech-no-voice", language = language_name(*.0)))]
    NoVoice(Language),
    /// This system has no speech paydesk can use.
    #[error("{}", crate::t!("speech-not-available"))]
    NotAvailable,
}

/// Why the service was missing or refused, as the system put it: under «Detalles».
impl crate::i18n::Explained for SpeechError {
    fn detail(&self) -> Option<String> {
        match self {
            SpeechError::NoService(reason) | SpeechError::Refused(reason) => Some(reason.clone()),
            SpeechError::TooSlow
            | SpeechError::VoiceGone(_)
            | SpeechError::NoVoice(_)
            | SpeechError::NotAvailable => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn voice(name: &str, language: &str) -> Voice {
        Voice {
            name: name.to_owned(),
            language: language.to_owned(),
        }
    }

    #[test]
    fn a_voice_speaks_its_language_in_any_country() {
        assert!(voice("a", "es").speaks(Language::Es));
        assert!(voice("a", "es-419").speaks(Language::Es));
        assert!(voice("a", "ES_co").speaks(Language::Es));
        assert!(!voice("a", "es").speaks(Language::En));
        assert!(voice("a", "en-US").speaks(Language::En));
        assert!(!voice("a", "eu").speaks(Language::Es));
        assert!(!voice("a", "").speaks(Language::Es));
    }

    #[test]
    fn latin_american_spanish_comes_first() {
        let voices = [
            voice("Spain", "es"),
            voice("English", "en"),
            voice("Mexico", "es-MX"),
            voice("Latin America", "es-419"),
            voice("Spain+Adam", "es"),
            voice("Colombia", "es-CO"),
        ];
        let names: Vec<String> = voices_for(&voices, Language::Es)
            .into_iter()
            .map(|v| v.name)
            .collect();
        assert_eq!(
            names,
            ["Colombia", "Latin America", "Mexico", "Spain", "Spain+Adam"]
        );
        assert_eq!(voices_for(&voices, Language::En).len(), 1);
    }

    #[test]
    fn american_english_comes_first() {
        // eSpeak NG lists the Caribbean's before America's.
        let voices = [
            voice("English (Caribbean)", "en-029"),
            voice("English (Great Britain)", "en-GB"),
            voice("English (America)", "en-US"),
        ];
        assert_eq!(
            voices_for(&voices, Language::En)[0].name,
            "English (America)"
        );
    }

    #[test]
    fn a_sentence_is_said_only_with_a_voice_of_its_language() {
        let said = |language| Said {
            text: "Pago recibido".to_owned(),
            language,
        };
        let english_and_german = [voice("English", "en-US"), voice("German", "de")];
        assert_eq!(
            voice_to_say(&english_and_german, &said(Language::Es), None),
            Err(SpeechError::NoVoice(Language::Es))
        );
        // Not even a voice chosen for another language.
        assert_eq!(
            voice_to_say(&english_and_german, &said(Language::Es), Some("English")),
            Err(SpeechError::NoVoice(Language::Es))
        );
        let offered = [
            voice("Spain", "es"),
            voice("Latin America", "es-419"),
            voice("English", "en-US"),
        ];
        let name = |chosen| voice_to_say(&offered, &said(Language::Es), chosen).map(|v| v.name);
        assert_eq!(name(None), Ok("Latin America".to_owned()));
        assert_eq!(name(Some("Spain")), Ok("Spain".to_owned()));
        assert_eq!(name(Some("English")), Ok("Latin America".to_owned()));
        assert_eq!(
            name(Some("Gone")),
            Err(SpeechError::VoiceGone("Gone".to_owned()))
        );
    }

    #[test]
    fn the_volume_stays_within_a_hundred() {
        assert_eq!(Volume::new(250).percent(), 100);
        assert_eq!(Volume::new(35).percent(), 35);
        assert_eq!(Volume::default(), Volume::LOUDEST);
    }
}
