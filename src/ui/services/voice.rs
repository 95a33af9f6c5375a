//! The till's voice: "Pago recibido: treinta y cinco mil pesos" when the service confirms a sale
//! made here, if Configuración › Al aprobar un pago asks for it. Shared with the followers (like
//! the chime's switch) so a change in Configuración takes effect at the next approval. What it
//! cannot say (no voice of the sentence's language, no speech service) is heard as the chime,
//! as Configuración promises, unless the chime sounded for that approval already.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{SyncSender, sync_channel};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::config::Paths;
use crate::config::speech::SpeechSettings;
use crate::speech::{PaymentNews, Said, Speaker, Spoken};
use crate::ui::services::chime::Chime;

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
    /// The saved settings were read (or could not be): until then Configuración waits, so a
    /// tick does not save the defaults over the owner's voice and volume.
    loaded: AtomicBool,
    settings: Mutex<SpeechSettings>,
    spoken: Mutex<Spoken>,
    /// Heard instead of a sentence that could not be said.
    chime: Chime,
    /// To the thread that speaks, started at the first sentence.
    line: Mutex<Option<SyncSender<Sentence>>>,
}

/// A sentence waiting its turn, with how to say it and whether the chime already sounded for
/// its approval (Configuración's chime is on).
struct Sentence {
    said: Said,
    settings: SpeechSettings,
    chimed: bool,
}

/// A poisoned lock only means a panicked announcement: what it guards is still whole.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl TillVoice {
    pub fn new(speaker: Speaker, settings: SpeechSettings) -> TillVoice {
        TillVoice::with_chime(speaker, settings, Chime::System)
    }

    /// A voice whose stand-in chime is `chime` (tests listen to it).
    pub fn with_chime(speaker: Speaker, settings: SpeechSettings, chime: Chime) -> TillVoice {
        TillVoice {
            shared: Arc::new(Shared {
                speaker,
                chosen: AtomicBool::new(false),
                loaded: AtomicBool::new(false),
                settings: Mutex::new(settings),
                spoken: Mutex::new(Spoken::new()),
                chime,
                line: Mutex::new(None),
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
        runtime.spawn_blocking(move || {
            // The settings file's problem is said where it is used (the profile); the voice
            // stays off meanwhile.
            if let Ok(config) = paths.load() {
                let mut settings = lock(&voice.shared.settings);
                if !voice.shared.chosen.load(Ordering::Relaxed) {
                    *settings = config.speech;
                }
            }
            voice.shared.loaded.store(true, Ordering::Relaxed);
        });
    }

    pub fn is_loaded(&self) -> bool {
        self.shared.loaded.load(Ordering::Relaxed)
    }

    pub fn speaker(&self) -> &Speaker {
        &self.shared.speaker
    }

    /// What the app heard about a payment: said when the rule (`speech::decide`) says so and
    /// Configuración has it on; `chimed`: the chime sounded for it already. Never blocks the
    /// caller: the sentence waits its turn on the voice's own thread.
    pub fn hear(&self, news: &PaymentNews, chimed: bool) {
        let settings = self.settings();
        if !settings.aloud {
            return;
        }
        let Some(said) = lock(&self.shared.spoken).decide(news) else {
            return;
        };
        let mut line = lock(&self.shared.line);
        if line.is_none() {
            *line = self.start_speaking();
        }
        let Some(sender) = line.as_ref() else {
            return;
        };
        let sentence = Sentence {
            said,
            settings,
            chimed,
        };
        if let Err(problem) = sender.try_send(sentence) {
            // A burst past the queue, or a voice thread that could not start: the chime and the
            // banner still tell the cashier.
            tracing::info!(%problem, "an approval was not said aloud");
        }
    }

    /// One thread says the approvals one after another, in the order they came: a burst of
    /// approvals holds one thread, not one each, and no sentence talks over another.
    fn start_speaking(&self) -> Option<SyncSender<Sentence>> {
        let (sender, sentences) = sync_channel::<Sentence>(WAITING_SENTENCES);
        let speaker = self.shared.speaker.clone();
        let chime = self.shared.chime.clone();
        let started = std::thread::Builder::new()
            .name("paydesk-voice".into())
            .spawn(move || {
                // Ends when the app (every sender) is gone.
                for Sentence {
                    said,
                    settings,
                    chimed,
                } in sentences
                {
                    let voice = settings.voice_for(said.language);
                    if let Err(problem) = speaker.speak(&said, voice, settings.volume()) {
                        // The banner said it already; Probar shows why.
                        tracing::info!(%problem, "an approval could not be said aloud");
                        if !chimed {
                            chime.sound();
                        }
                    }
                }
            });
        match started {
            Ok(_) => Some(sender),
            Err(problem) => {
                tracing::warn!(%problem, "the voice's thread could not start");
                None
            }
        }
    }
}

/// Sentences that may wait to be said: a busy counter's burst, far from a queue that grows
/// without end when the speech engine hangs (each sentence has its deadline there).
const WAITING_SENTENCES: usize = 32;
