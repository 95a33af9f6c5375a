//! What Configuración tells a shop when no voice speaks the app's language, or no speech service
//! answers: what to install, in this system's own words (the chime stays meanwhile).

use crate::i18n::Language;

use super::engine::language_name;

/// The Debian and Ubuntu packages that bring speech-dispatcher with eSpeak NG, whose voices
/// include Spanish (Spain's and Latin America's) and English.
pub const LINUX_PACKAGES: &str = "speech-dispatcher speech-dispatcher-espeak-ng espeak-ng";

/// What to install so that a voice speaks `language`.
pub fn missing_voice(language: Language) -> String {
    let language = language_name(language);
    if cfg!(windows) {
        crate::t!("speech-install-voice-windows", language = language)
    } else if cfg!(target_os = "macos") {
        crate::t!("speech-install-voice-macos", language = language)
    } else if cfg!(unix) {
        crate::t!(
            "speech-install-voice-linux",
            language = language,
            packages = LINUX_PACKAGES
        )
    } else {
        crate::t!("speech-not-available")
    }
}

/// What to do when no speech service answered at all.
pub fn missing_service() -> String {
    if cfg!(all(unix, not(target_os = "macos"))) {
        crate::t!("speech-start-service-linux", packages = LINUX_PACKAGES)
    } else {
        crate::t!("speech-not-available")
    }
}
