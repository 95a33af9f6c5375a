//! Approvals said aloud, as this computer's settings file keeps them: each till has its own
//! loudspeaker, so it is a computer's setting, not the shop's.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpeechSettings {
    /// Say "Pago recibido: …" on each approval. Off until the owner turns it on: a till that
    /// starts talking by itself surprises the shop.
    #[serde(default)]
    pub aloud: bool,
    /// The voice the owner picked by its engine's name; none: the best voice for the language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voice: Option<String>,
    /// That voice's language as its engine reported it: a sentence in another language (the app
    /// switched to English) is said by the best voice for it instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voice_language: Option<String>,
    /// 0 to 100; a bigger number in a hand-edited file is the loudest.
    #[serde(default = "loudest")]
    pub volume: u8,
}

fn loudest() -> u8 {
    100
}

impl Default for SpeechSettings {
    fn default() -> Self {
        SpeechSettings {
            aloud: false,
            voice: None,
            voice_language: None,
            volume: loudest(),
        }
    }
}

impl SpeechSettings {
    pub fn is_unset(&self) -> bool {
        *self == SpeechSettings::default()
    }

    /// The chosen voice, if it speaks `language`; else none (the engine's best for it).
    pub fn voice_for(&self, language: crate::i18n::Language) -> Option<&str> {
        let name = self.voice.as_deref()?;
        let chosen = crate::speech::Voice {
            name: name.to_owned(),
            language: self.voice_language.clone().unwrap_or_default(),
        };
        chosen.speaks(language).then_some(name)
    }

    pub fn volume(&self) -> crate::speech::Volume {
        crate::speech::Volume::new(self.volume)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;

    #[test]
    fn a_chosen_voice_speaks_only_its_own_language() {
        let settings = SpeechSettings {
            aloud: true,
            voice: Some("Spanish (Latin America)".into()),
            voice_language: Some("es-419".into()),
            volume: 80,
        };
        assert_eq!(
            settings.voice_for(Language::Es),
            Some("Spanish (Latin America)")
        );
        assert_eq!(settings.voice_for(Language::En), None);
        // A file from before the voice's language was kept: the engine's best voice.
        let older = SpeechSettings {
            voice_language: None,
            ..settings
        };
        assert_eq!(older.voice_for(Language::Es), None);
    }
}
