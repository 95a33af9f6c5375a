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
            volume: loudest(),
        }
    }
}

impl SpeechSettings {
    pub fn is_unset(&self) -> bool {
        *self == SpeechSettings::default()
    }

    pub fn volume(&self) -> crate::speech::Volume {
        crate::speech::Volume::new(self.volume)
    }
}
