//! Approvals spoken: "Pago recibido: treinta y cinco mil pesos", by the operating system's own
//! speech, offline and in this process (no cloud service, no program started):
//!
//! - Linux: speech-dispatcher over its Unix socket (`ssip.rs`, pure Rust).
//! - Windows: SAPI's `ISpVoice` through COM (`sapi.rs`).
//! - macOS: AppKit's `NSSpeechSynthesizer` (`appkit.rs`).
//! - Elsewhere: not available.
//!
//! What is said for what the app heard is decided in `decide.rs`, purely: only an approval the
//! service confirmed, of a sale made at this till, each payment once. With which voice is one
//! rule for every engine (`engine::voice_to_say`): only a voice of the sentence's language, the
//! one chosen in Configuración or else the best; without one nothing is said (the app sounds
//! the chime instead). [`speak`] and [`voices`]
//! block (up to [`SPEECH_DEADLINE`] and [`ANSWER_DEADLINE`]): call them from the runtime's
//! blocking pool, like the chime.
pub mod advice;
#[cfg(target_os = "macos")]
mod appkit;
pub mod decide;
pub mod engine;
#[cfg(windows)]
mod sapi;
#[cfg(all(unix, not(target_os = "macos")))]
pub mod ssip;
pub use decide::{PaymentNews, Spoken, Verdict, approval};
pub use engine::{
    ANSWER_DEADLINE, Asked, SPEECH_DEADLINE, Said, SpeechError, Voice, Volume, voice_to_say,
    voices_for,
};

mod speaker;
pub use speaker::{Readiness, Speaker, readiness, readiness_of, sample, speak, voices};
