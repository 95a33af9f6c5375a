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

use super::engine::{Asked, SPEECH_DEADLINE, Said, SpeechError, Voice, voice_to_say};

pub fn speak(said: &Said, asked: &Asked) -> Result<(), SpeechError> {
    let chosen = voice_to_say(&voices()?, said, asked.voice.as_deref())?;
    let identifier = Some(NSString::from_str(&chosen.name));
    let synthesizer =
        NSSpeechSynthesizer::initWithVoice(NSSpeechSynthesizer::alloc(), identifier.as_deref())
            .ok_or_else(|| SpeechError::Refused(crate::t!("speech-reason-did-not-start")))?;
    synthesizer.setVolume(f32::from(asked.volume.percent()) / 100.0);
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
