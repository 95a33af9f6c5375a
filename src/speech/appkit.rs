//! macOS: AppKit's `NSSpeechSynthesizer`, in this process (as the chime uses `NSSound`). Its
//! voices carry their locale ("es_MX"); speaking runs on the synthesizer's own thread, so this
//! one asks whether it is still speaking until it ends or the deadline passes.
//!
//! Apple marks `NSSpeechSynthesizer` deprecated in favour of AVFoundation's
//! `AVSpeechSynthesizer`, which reports its end only to a delegate on a run loop and would bring
//! another framework crate; this one still speaks on every macOS and keeps to the crates the
//! chime already uses.
#![allow(deprecated)]

use std::time::{Duration, Instant};

use objc2::AnyThread;
use objc2::rc::Retained;
use objc2_app_kit::{NSSpeechSynthesizer, NSVoiceLocaleIdentifier};
use objc2_foundation::NSString;

use super::engine::{SPEECH_DEADLINE, Said, SpeechError, Voice, Volume, voices_for};

pub fn speak(said: &Said, voice: Option<&str>, volume: Volume) -> Result<(), SpeechError> {
    let chosen = match voice {
        Some(name) => Some(
            voices()?
                .into_iter()
                .find(|voice| voice.name == name)
                .ok_or_else(|| SpeechError::VoiceGone(name.to_owned()))?,
        ),
        // The best voice of the sentence's language; never another language's.
        None => Some(
            voices_for(&voices()?, said.language)
                .into_iter()
                .next()
                .ok_or(SpeechError::NoVoice(said.language))?,
        ),
    };
    let identifier = chosen.map(|voice| NSString::from_str(&voice.name));
    let synthesizer =
        NSSpeechSynthesizer::initWithVoice(NSSpeechSynthesizer::alloc(), identifier.as_deref())
            .ok_or_else(|| SpeechError::Refused(crate::t!("speech-reason-did-not-start")))?;
    synthesizer.setVolume(f32::from(volume.percent()) / 100.0);
    if !synthesizer.startSpeakingString(&NSString::from_str(&said.text)) {
        return Err(SpeechError::Refused(crate::t!(
            "speech-reason-did-not-speak"
        )));
    }
    let deadline = Instant::now() + SPEECH_DEADLINE;
    while synthesizer.isSpeaking() {
        if Instant::now() > deadline {
            synthesizer.stopSpeaking();
            return Err(SpeechError::TooSlow);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok(())
}

/// Every installed voice: its identifier ("com.apple.voice.compact.es-MX.Paulina") as its name,
/// since that is what the synthesizer is given back, and its locale as its language.
pub fn voices() -> Result<Vec<Voice>, SpeechError> {
    let mut voices = Vec::new();
    for identifier in NSSpeechSynthesizer::availableVoices().iter() {
        let attributes = NSSpeechSynthesizer::attributesForVoice(&identifier);
        // SAFETY: a constant AppKit exports, read-only.
        let key = unsafe { NSVoiceLocaleIdentifier };
        let locale: Option<Retained<NSString>> = attributes
            .objectForKey(key)
            .and_then(|value| value.downcast::<NSString>().ok());
        voices.push(Voice {
            name: identifier.to_string(),
            language: locale.map(|l| l.to_string()).unwrap_or_default(),
        });
    }
    Ok(voices)
}
