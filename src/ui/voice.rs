//! The till's voice: "Pago recibido: treinta y cinco mil pesos" when the service confirms a sale
//! made here, if Configuración › Al aprobar un pago asks for it. Shared with the followers (like
//! the chime's switch) so a change in Configuración takes effect at the next approval.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::config::Paths;
use crate::config::speech::SpeechSettings;
use crate::speech::{PaymentNews, Speaker, Spoken};

#[derive(Debug, Clone)]
pub struct TillVoice {
    shared: Arc<Shared>,
}

#[derive(Debug)]
struct Shared {
    speaker: Speaker,
    /// Whether Configuración changed the settings since start: the file read at start, if it
    /// arrives later, is older than that.
    chosen: AtomicBool,
    settings: Mutex<SpeechSettings>,
    spoken: Mutex<Spoken>,
}

/// A poisoned lock only means a panicked announcement: what it guards is still whole.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl TillVoice {
    pub fn new(speaker: Speaker, settings: SpeechSettings) -> TillVoice {
        TillVoice {
            shared: Arc::new(Shared {
                speaker,
                chosen: AtomicBool::new(false),
                settings: Mutex::new(settings),
                spoken: Mutex::new(Spoken::new()),
            }),
        }
    }

    pub fn settings(&self) -> SpeechSettings {
        lock(&self.shared.settings).clone()
    }

    /// What Configuración saved (or read at start): in use from the next approval on.
    pub fn set(&self, settings: SpeechSettings) {
        self.shared.chosen.store(true, Ordering::Relaxed);
        *lock(&self.shared.settings) = settings;
    }

    /// This computer's saved settings, read on the blocking pool at start.
    pub fn load(&self, runtime: &tokio::runtime::Handle, paths: &Paths) {
        let (voice, paths) = (self.clone(), paths.clone());
        runtime.spawn_blocking(move || match paths.load() {
            Ok(config) => {
                let mut settings = lock(&voice.shared.settings);
                if !voice.shared.chosen.load(Ordering::Relaxed) {
                    *settings = config.speech;
                }
            }
            // The settings file's problem is said where it is used (the profile); the voice
            // stays off meanwhile.
            Err(problem) => tracing::info!(%problem, "the voice's settings could not be read"),
        });
    }

    pub fn speaker(&self) -> &Speaker {
        &self.shared.speaker
    }

    /// What the app heard about a payment: said on the blocking pool when the rule
    /// (`speech::decide`) says so and Configuración has it on. Never blocks the caller.
    pub fn hear(&self, runtime: &tokio::runtime::Handle, news: &PaymentNews) {
        let settings = self.settings();
        if !settings.aloud {
            return;
        }
        let Some(said) = lock(&self.shared.spoken).decide(news) else {
            return;
        };
        let speaker = self.shared.speaker.clone();
        runtime.spawn_blocking(move || {
            if let Err(problem) = speaker.speak(&said, settings.voice.as_deref(), settings.volume())
            {
                // The chime and the banner said it already; Configuración's Probar shows why.
                tracing::info!(%problem, "an approval could not be said aloud");
            }
        });
    }
}
