//! Windows: SAPI 5's `ISpVoice` through COM, in this process (every Windows has it, and the
//! Spanish voices come with the language's speech pack). Each call runs on a thread of its own
//! with COM started there: the caller's thread may already be in another COM apartment (the
//! window's is), and the caller stops waiting at the deadline.

use windows::Win32::Globalization::LCIDToLocaleName;
use windows::Win32::Media::Speech::{
    IEnumSpObjectTokens, ISpObjectToken, ISpObjectTokenCategory, ISpVoice, SPCAT_VOICES, SPF_ASYNC,
    SPF_IS_NOT_XML, SPF_PURGEBEFORESPEAK, SPRS_DONE, SPVOICESTATUS, SpObjectTokenCategory, SpVoice,
};
use windows::Win32::System::Com::{
    CLSCTX_ALL, COINIT_MULTITHREADED, CoCreateInstance, CoInitializeEx, CoTaskMemFree,
    CoUninitialize,
};
use windows::core::{HSTRING, PCWSTR, PWSTR, w};

use super::engine::{
    ANSWER_DEADLINE, Asked, SPEECH_DEADLINE, Said, SpeechError, Voice, on_a_thread, voice_to_say,
};

/// The voices Windows adds from Settings › Time & language › Speech are registered here, apart
/// from SAPI 5's own list (`SPCAT_VOICES`); SAPI speaks with their tokens all the same.
const ONECORE_VOICES: PCWSTR =
    w!("HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech_OneCore\\Voices");

pub fn speak(said: &Said, asked: &Asked) -> Result<(), SpeechError> {
    let (said, asked) = (said.clone(), asked.clone());
    on_a_thread(SPEECH_DEADLINE + ANSWER_DEADLINE, move || {
        with_com(|| speak_here(&said, &asked))
    })
}

pub fn voices() -> Result<Vec<Voice>, SpeechError> {
    on_a_thread(ANSWER_DEADLINE, || {
        with_com(|| Ok(tokens().into_iter().map(|(voice, _)| voice).collect()))
    })
}

fn refused(error: windows::core::Error) -> SpeechError {
    SpeechError::Refused(error.message())
}

/// Runs `work` with COM started on this thread (its own multithreaded apartment).
fn with_com<T>(work: impl FnOnce() -> Result<T, SpeechError>) -> Result<T, SpeechError> {
    // SAFETY: this thread was made for this call and had no apartment; every COM object `work`
    // makes is dropped inside it, before COM stops.
    unsafe { CoInitializeEx(None, COINIT_MULTITHREADED) }
        .ok()
        .map_err(|error| SpeechError::NoService(error.message()))?;
    let outcome = work();
    // SAFETY: pairs the successful CoInitializeEx above, on the same thread.
    unsafe { CoUninitialize() };
    outcome
}

fn speak_here(said: &Said, asked: &Asked) -> Result<(), SpeechError> {
    // SAFETY: plain COM calls on this thread's apartment; `text` outlives the asynchronous
    // Speak, which is waited for (or purged) before it is dropped.
    unsafe {
        let speaker: ISpVoice = CoCreateInstance(&SpVoice, None, CLSCTX_ALL)
            .map_err(|error| SpeechError::NoService(error.message()))?;
        let tokens = tokens();
        let listed: Vec<Voice> = tokens.iter().map(|(voice, _)| voice.clone()).collect();
        let voice = voice_to_say(&listed, said, asked.voice.as_deref())?;
        let token = tokens
            .iter()
            .find(|(listed, _)| *listed == voice)
            .map(|(_, token)| token.clone())
            .ok_or(SpeechError::NoVoice(said.language))?;
        speaker.SetVoice(&token).map_err(refused)?;
        speaker
            .SetVolume(u16::from(asked.volume.percent()))
            .map_err(refused)?;
        let text = HSTRING::from(said.text.as_str());
        speaker
            .Speak(
                PCWSTR(text.as_ptr()),
                (SPF_ASYNC.0 | SPF_IS_NOT_XML.0) as u32,
                None,
            )
            .map_err(refused)?;
        // Returns when done or at the timeout alike; the status tells which.
        let waited = u32::try_from(SPEECH_DEADLINE.as_millis()).unwrap_or(u32::MAX);
        speaker.WaitUntilDone(waited).map_err(refused)?;
        let mut status = SPVOICESTATUS::default();
        speaker
            .GetStatus(&mut status, std::ptr::null_mut())
            .map_err(refused)?;
        if status.dwRunningState != SPRS_DONE.0 as u32 {
            // An empty sentence that purges the queue stops this one.
            let _ = speaker.Speak(PCWSTR::null(), SPF_PURGEBEFORESPEAK.0 as u32, None);
            return Err(SpeechError::TooSlow);
        }
        Ok(())
    }
}

/// Every voice with its token: SAPI 5's own, then the OneCore ones it does not list.
fn tokens() -> Vec<(Voice, ISpObjectToken)> {
    let mut found: Vec<(Voice, ISpObjectToken)> = Vec::new();
    for category in [SPCAT_VOICES, ONECORE_VOICES] {
        // A Windows without OneCore voices has no such key: nothing to add.
        let Ok(tokens) = category_tokens(category) else {
            continue;
        };
        for token in tokens {
            if let Some(voice) = describe(&token)
                && !found.iter().any(|(known, _)| known.name == voice.name)
            {
                found.push((voice, token));
            }
        }
    }
    found
}

fn category_tokens(category: PCWSTR) -> windows::core::Result<Vec<ISpObjectToken>> {
    // SAFETY: plain COM calls on this thread's apartment; `count` is written by GetCount.
    unsafe {
        let list: ISpObjectTokenCategory =
            CoCreateInstance(&SpObjectTokenCategory, None, CLSCTX_ALL)?;
        list.SetId(category, false)?;
        let tokens: IEnumSpObjectTokens = list.EnumTokens(PCWSTR::null(), PCWSTR::null())?;
        let mut count = 0u32;
        tokens.GetCount(&mut count)?;
        (0..count).map(|index| tokens.Item(index)).collect()
    }
}

/// A token's name (its description, "Microsoft Sabina Desktop - Spanish (Mexico)") and its
/// language (its `Language` attribute, a hexadecimal LCID such as `80A`, as a locale name).
fn describe(token: &ISpObjectToken) -> Option<Voice> {
    // SAFETY: the strings SAPI returns are its own allocations, read then freed by `taken`.
    unsafe {
        let name = taken(token.GetStringValue(PCWSTR::null()).ok()?);
        let language = token
            .OpenKey(w!("Attributes"))
            .and_then(|attributes| attributes.GetStringValue(w!("Language")))
            .map(|lcids| locale_name(&taken(lcids)))
            .unwrap_or_default();
        (!name.is_empty()).then_some(Voice { name, language })
    }
}

/// A string SAPI allocated with CoTaskMemAlloc: read, then freed.
///
/// # Safety
/// `text` is a NUL-terminated string SAPI returned and nobody else frees.
unsafe fn taken(text: PWSTR) -> String {
    // SAFETY: as the function's contract says.
    unsafe {
        let read = text.to_string().unwrap_or_default();
        CoTaskMemFree(Some(text.0 as *const _));
        read
    }
}

/// The first of `lcids` ("80A;C0A") as a locale name ("es-MX"); empty when unknown.
fn locale_name(lcids: &str) -> String {
    let Some(lcid) = lcids
        .split(';')
        .next()
        .and_then(|hex| u32::from_str_radix(hex.trim(), 16).ok())
    else {
        return String::new();
    };
    // LOCALE_NAME_MAX_LENGTH.
    let mut name = [0u16; 85];
    // SAFETY: writes at most the buffer's length, which the slice carries.
    let written = unsafe { LCIDToLocaleName(lcid, Some(&mut name), 0) };
    match usize::try_from(written) {
        // The count includes the closing NUL.
        Ok(written) if written > 1 => String::from_utf16_lossy(&name[..written - 1]),
        _ => String::new(),
    }
}
