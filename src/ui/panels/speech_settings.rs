//! Configuración › Al aprobar un pago › Decirlo en voz alta: whether this computer says
//! "Pago recibido: treinta y cinco mil pesos", with which voice and how loud, and Probar to hear
//! it before a customer does. When no voice speaks the app's language (or no speech service
//! answers), it says so and what to install; the chime goes on meanwhile.

use egui::{RichText, Ui};

use crate::config::Paths;
use crate::config::speech::SpeechSettings;
use crate::i18n::{self, Language, Problem};
use crate::speech::{self, Readiness, SpeechError};
use crate::t;
use crate::ui::plumbing::bridge::{Bridge, Task, finished};
use crate::ui::plumbing::queue::Queue;
use crate::ui::services::voice::TillVoice;
use crate::ui::widgets::problem::{self, Tone};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpeechCommand {
    /// Keep these settings (in use at once, in the settings file right after).
    Save(SpeechSettings),
    /// Probar: say a sample approval with the chosen voice and volume.
    Try,
    /// Ask the system's speech again which voices it has (after installing one).
    LookAgain,
}

#[derive(Default)]
pub struct SpeechSection {
    pub queued: Queue<SpeechCommand>,
    /// The system's voices for a language, as last asked.
    readiness: Option<(Language, Readiness)>,
    looking: Option<(Language, Task<Readiness>)>,
    trying: Option<Task<Result<(), SpeechError>>>,
    tried: Option<Result<(), Problem>>,
    /// What to write next: a slider dragged asks many times, the file is written once at a time.
    unsaved: Option<SpeechSettings>,
    saving: Option<Task<Result<(), Problem>>>,
    save_problem: Option<Problem>,
}

impl SpeechSection {
    pub fn logic(&mut self, bridge: &Bridge, paths: &Paths, voice: &TillVoice) {
        for command in self.queued.take() {
            match command {
                SpeechCommand::Save(settings) => {
                    voice.set(settings.clone());
                    self.unsaved = Some(settings);
                }
                SpeechCommand::Try => self.try_aloud(bridge, voice),
                SpeechCommand::LookAgain => self.readiness = None,
            }
        }
        // The system's speech is asked only once the owner wants it: a till that never talks
        // never wakes speech-dispatcher (or COM's voices) at start.
        if voice.settings().aloud {
            self.look(bridge, voice);
        }
        self.save(bridge, paths);
        if let Some(result) = finished(&mut self.trying) {
            self.tried = Some(result.map_err(|problem| Problem::of(&problem)));
        }
    }

    /// The voices are asked for the language on screen, again when it changes.
    fn look(&mut self, bridge: &Bridge, voice: &TillVoice) {
        let language = i18n::current();
        if let Some((asked, task)) = &self.looking
            && let Some(readiness) = task.poll()
        {
            self.readiness = Some((*asked, readiness));
            self.looking = None;
        }
        let known = self
            .readiness
            .as_ref()
            .is_some_and(|(of, _)| *of == language);
        let asking = self.looking.as_ref().is_some_and(|(of, _)| *of == language);
        if !known && !asking {
            let speaker = voice.speaker().clone();
            self.looking = Some((
                language,
                bridge.spawn_blocking(move || speaker.readiness(language)),
            ));
        }
    }

    fn save(&mut self, bridge: &Bridge, paths: &Paths) {
        if let Some(result) = finished(&mut self.saving) {
            self.save_problem = result.err();
        }
        if self.saving.is_none()
            && let Some(settings) = self.unsaved.take()
        {
            let paths = paths.clone();
            self.saving = Some(bridge.spawn_blocking(move || {
                paths
                    .change(|config| {
                        config.speech = settings;
                        Ok(())
                    })
                    .map_err(|error| {
                        Problem::of(&Problem {
                            message: t!("speech-not-saved"),
                            detail: Some(error.to_string()),
                        })
                    })
            }));
        }
    }

    fn try_aloud(&mut self, bridge: &Bridge, voice: &TillVoice) {
        if self.trying.is_some() {
            return;
        }
        let settings = voice.settings();
        let speaker = voice.speaker().clone();
        let said = speech::sample();
        self.tried = None;
        self.trying = Some(bridge.spawn_blocking(move || {
            speaker.speak(&said, settings.voice_for(said.language), settings.volume())
        }));
    }

    /// In an id scope of its own: the sections above it fill in as their files are read, and
    /// an id counted from the top of the page would change under a screen reader (or a test).
    pub fn ui(&mut self, ui: &mut Ui, voice: &TillVoice) {
        ui.push_id("speech-section", |ui| self.section_ui(ui, voice));
    }

    fn section_ui(&mut self, ui: &mut Ui, voice: &TillVoice) {
        if !voice.is_loaded() {
            ui.spinner();
            return;
        }
        let mut settings = voice.settings();
        let before = settings.clone();
        ui.checkbox(&mut settings.aloud, t!("speech-aloud"));
        if settings.aloud {
            ui.indent("speech-details", |ui| {
                self.readiness_ui(ui, &mut settings);
                self.buttons_ui(ui);
            });
        }
        if let Some(problem) = &self.save_problem {
            problem::explained(ui, Tone::Failed, problem);
        }
        if settings != before {
            self.queued.ask(ui, SpeechCommand::Save(settings));
        }
    }

    /// The voice and volume when a voice speaks the language; else what is missing, in words.
    fn readiness_ui(&self, ui: &mut Ui, settings: &mut SpeechSettings) {
        match self.readiness.as_ref().map(|(_, readiness)| readiness) {
            None => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(t!("speech-looking"));
                });
            }
            Some(Readiness::Ready(voices)) => {
                voice_row(ui, settings, voices);
                volume_row(ui, settings);
            }
            Some(Readiness::NoVoice { advice }) => {
                ui.colored_label(ui.visuals().warn_fg_color, advice);
            }
            Some(Readiness::NoService { problem, advice }) => {
                problem::explained(ui, Tone::Warning, problem);
                ui.label(RichText::new(advice).weak());
            }
        }
    }

    fn buttons_ui(&mut self, ui: &mut Ui) {
        let ready = matches!(self.readiness, Some((_, Readiness::Ready(_))));
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    ready && self.trying.is_none(),
                    egui::Button::new(t!("speech-try")),
                )
                .clicked()
            {
                self.queued.ask(ui, SpeechCommand::Try);
            }
            if ui
                .add_enabled(
                    self.looking.is_none(),
                    egui::Button::new(t!("speech-look-again")),
                )
                .clicked()
            {
                self.queued.ask(ui, SpeechCommand::LookAgain);
            }
            if self.trying.is_some() || self.looking.is_some() {
                ui.spinner();
            }
        });
        match &self.tried {
            Some(Ok(())) => {
                ui.label(RichText::new(t!("speech-tried")).weak());
            }
            Some(Err(problem)) => problem::explained(ui, Tone::Failed, problem),
            None => {}
        }
    }
}

/// The voices that speak the language; "automatic" is the best of them.
fn voice_row(ui: &mut Ui, settings: &mut SpeechSettings, voices: &[speech::Voice]) {
    let automatic = t!(
        "speech-voice-automatic",
        voice = voices
            .first()
            .map(|voice| voice.name.clone())
            .unwrap_or_default()
    );
    ui.horizontal(|ui| {
        let label = ui.label(t!("speech-voice"));
        egui::ComboBox::from_id_salt("speech-voice")
            .selected_text(settings.voice.clone().unwrap_or_else(|| automatic.clone()))
            .show_ui(ui, |ui| {
                if ui
                    .selectable_label(settings.voice.is_none(), automatic.clone())
                    .clicked()
                {
                    settings.voice = None;
                    settings.voice_language = None;
                }
                for voice in voices {
                    let chosen = settings.voice.as_deref() == Some(voice.name.as_str());
                    let words = format!("{} ({})", voice.name, voice.language);
                    if ui.selectable_label(chosen, words).clicked() {
                        settings.voice = Some(voice.name.clone());
                        settings.voice_language = Some(voice.language.clone());
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
}

fn volume_row(ui: &mut Ui, settings: &mut SpeechSettings) {
    ui.horizontal(|ui| {
        let label = ui.label(t!("speech-volume"));
        ui.add(egui::Slider::new(&mut settings.volume, 0..=100).suffix(" %"))
            .labelled_by(label.id);
    });
}
