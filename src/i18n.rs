//! The words a person reads, in their language: Spanish (Colombia) first, English second.
//!
//! Messages live in `i18n/es/paydesk.ftl` and `i18n/en/paydesk.ftl`, embedded in the binary.
//! `t!("message-id", name = value)` looks one up in the language in use; a missing id or a
//! misspelt argument does not compile. Money and dates are passed already formatted (Fluent would
//! print a number raw).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex, RwLock};

use i18n_embed::fluent::{FluentLanguageLoader, fluent_language_loader};
use i18n_embed::{DesktopLanguageRequester, LanguageLoader};
use rust_embed::RustEmbed;
use serde::{Deserialize, Serialize};

#[derive(RustEmbed)]
#[folder = "i18n/"]
struct Messages;

/// The loader `t!` reads from; English until [`set`] chooses.
pub static LOADER: LazyLock<FluentLanguageLoader> = LazyLock::new(|| {
    let loader = fluent_language_loader!();
    if let Err(error) = loader.load_fallback_language(&Messages) {
        // The files are embedded and checked at compile time: this is a broken build.
        tracing::error!(%error, "the English messages could not be loaded");
    }
    loader.set_use_isolating(false);
    loader
});

/// Looks up a message in the language in use: `t!("id")` or `t!("id", name = value)`. A message
/// without arguments is formatted once per language and then copied from a cache: labels are
/// drawn every frame, and a Fluent lookup costs microseconds.
#[macro_export]
macro_rules! t {
    ($id:literal) => {
        $crate::i18n::cached($id, || i18n_embed_fl::fl!($crate::i18n::LOADER, $id))
    };
    ($($message:tt)*) => {
        i18n_embed_fl::fl!($crate::i18n::LOADER, $($message)*)
    };
}

type Cache = HashMap<(Language, &'static str), String>;

static CACHE: LazyLock<RwLock<Cache>> = LazyLock::new(|| RwLock::new(HashMap::new()));

/// Counts language switches, so that a message formatted while the loader was switching is not
/// kept in the cache afterwards.
static SWITCHES: AtomicU64 = AtomicU64::new(0);

/// The message `id` in the language in use, formatted by `format` the first time.
pub fn cached(id: &'static str, format: impl FnOnce() -> String) -> String {
    let key = (current(), id);
    if let Some(text) = CACHE.read().ok().and_then(|cache| cache.get(&key).cloned()) {
        return text;
    }
    let switches = SWITCHES.load(Ordering::Acquire);
    let text = format();
    if let Ok(mut cache) = CACHE.write()
        && SWITCHES.load(Ordering::Acquire) == switches
    {
        cache.insert(key, text.clone());
    }
    text
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    Es,
    En,
}

static CURRENT: AtomicU8 = AtomicU8::new(1);

impl Language {
    pub const ALL: [Language; 2] = [Language::Es, Language::En];

    pub fn code(self) -> &'static str {
        match self {
            Language::Es => "es",
            Language::En => "en",
        }
    }

    /// Its own name, as a person looks for it in a list.
    pub fn own_name(self) -> &'static str {
        match self {
            Language::Es => "Español",
            Language::En => "English",
        }
    }

    /// Reads `es`, `en`, or a locale such as `es_CO.UTF-8` or `en-US`: Spanish when the language
    /// is Spanish, English for any other language.
    pub fn from_locale(text: &str) -> Option<Language> {
        let language = text
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase();
        match language.as_str() {
            "" | "c" | "posix" => None,
            "es" => Some(Language::Es),
            _ => Some(Language::En),
        }
    }

    /// What the operating system asks for (the locale, `LANGUAGE`, the desktop's setting).
    pub fn from_os() -> Language {
        DesktopLanguageRequester::requested_languages()
            .iter()
            .find_map(|wanted| Language::from_locale(&wanted.to_string()))
            .unwrap_or(Language::En)
    }
}

/// An error as a person reads it. Its `Display` is a sentence in their language: what happened
/// and what to do. What the system itself said (an OS error, a library's or the service's own
/// text) is its [`detail`](Explained::detail): kept for the log and for whoever helps, shown
/// folded away under «Detalles», never mixed into the sentence.
pub trait Explained: std::fmt::Display {
    fn detail(&self) -> Option<String>;
}

/// A problem carried to where it is shown: the sentence and what the system said.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Problem {
    pub message: String,
    pub detail: Option<String>,
}

impl Problem {
    /// Only words of ours: nothing the system said.
    pub fn words(message: impl Into<String>) -> Problem {
        Problem {
            message: message.into(),
            detail: None,
        }
    }

    /// The sentence and the detail of `error`, the detail written to the log once here (where
    /// the failure is met, not each frame it is drawn).
    pub fn of(error: &(impl Explained + ?Sized)) -> Problem {
        let problem = Problem {
            message: error.to_string(),
            detail: error.detail().filter(|detail| !detail.trim().is_empty()),
        };
        if let Some(detail) = &problem.detail {
            tracing::warn!(detail = %crate::untrusted::ForLog(detail), "{}", problem.message);
        }
        problem
    }

    /// For a terminal or a file, where nothing folds: the sentence, then the detail on a line of
    /// its own.
    pub fn in_full(&self) -> String {
        match &self.detail {
            Some(detail) => format!(
                "{}\n  {}",
                self.message,
                crate::t!("problem-detail-line", detail = detail.as_str())
            ),
            None => self.message.clone(),
        }
    }
}

/// An error and every error under it, as the system said them (`error sending request: tcp
/// connect error: Connection refused (os error 111)`): a detail that names the cause, not
/// only its outermost wrapper.
pub fn chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let said = cause.to_string();
        // Some wrappers repeat their cause in their own text.
        if !text.contains(&said) {
            text.push_str(": ");
            text.push_str(&said);
        }
        source = cause.source();
    }
    text
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl Explained for Problem {
    fn detail(&self) -> Option<String> {
        self.detail.clone()
    }
}

/// What a command line prints for `error`: the sentence, then the detail on a line of its own
/// (the terminal is the log there: nothing else is written).
pub fn in_full(error: &(impl Explained + ?Sized)) -> String {
    Problem {
        message: error.to_string(),
        detail: error.detail().filter(|detail| !detail.trim().is_empty()),
    }
    .in_full()
}

/// The language the loader holds, once [`set`] has loaded one (the fallback English before).
static LOADED: Mutex<Option<Language>> = Mutex::new(None);

/// Uses `language` from now on, everywhere in this process.
///
/// Choosing the language already in use changes nothing: reloading it would, for a moment, leave
/// the loader formatting with Fluent's isolation marks for whoever draws meanwhile (every window
/// and every test harness chooses its language when it starts).
pub fn set(language: Language) {
    let Ok(mut loaded) = LOADED.lock() else {
        return;
    };
    if *loaded == Some(language) || (loaded.is_none() && language == Language::En) {
        *loaded = Some(language);
        CURRENT.store(language as u8, Ordering::Relaxed);
        return;
    }
    let wanted: [i18n_embed::unic_langid::LanguageIdentifier; 1] =
        [match language.code().parse() {
            Ok(identifier) => identifier,
            Err(_) => return,
        }];
    if let Err(error) = i18n_embed::select(&*LOADER, &Messages, &wanted) {
        tracing::error!(%error, language = language.code(), "messages could not be loaded");
        return;
    }
    // Fluent wraps every argument in invisible isolation marks, which would end up in copied
    // text, CSV files and screen readers; the setting only holds once a language is selected.
    LOADER.set_use_isolating(false);
    *loaded = Some(language);
    CURRENT.store(language as u8, Ordering::Relaxed);
    // Whatever was cached while the loader was switching may be in the other language.
    if let Ok(mut cache) = CACHE.write() {
        cache.clear();
        SWITCHES.fetch_add(1, Ordering::Release);
    }
}

/// The language in use.
pub fn current() -> Language {
    match CURRENT.load(Ordering::Relaxed) {
        0 => Language::Es,
        _ => Language::En,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_choose_spanish_or_english() {
        assert_eq!(Language::from_locale("es_CO.UTF-8"), Some(Language::Es));
        assert_eq!(Language::from_locale("es-419"), Some(Language::Es));
        assert_eq!(Language::from_locale("en_US.UTF-8"), Some(Language::En));
        assert_eq!(Language::from_locale("pt-BR"), Some(Language::En));
        assert_eq!(Language::from_locale("C"), None);
        assert_eq!(Language::from_locale(""), None);
    }
}
