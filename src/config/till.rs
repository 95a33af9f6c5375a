//! This till's name, as its owner named it: asked once (at the first start, and in
//! Configuración) and kept in this computer's settings file, since each computer is one till.
//! Every row the till writes carries it, and where nobody typed a PIN the till itself is who
//! acted. Never the computer's host name: "DESKTOP-4F7K2" is nobody's word for a till.

use std::sync::RwLock;

use serde::{Deserialize, Serialize};

/// A till nobody named yet: the shop's usual first one.
pub const DEFAULT_TILL_NAME: &str = "Caja 1";
/// Long enough for «Caja del segundo piso», short enough for a receipt's line and a column.
pub const TILL_NAME_MAX_CHARS: usize = 30;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TillSettings {
    /// The name the owner gave this till; none until they gave one (then «Caja 1»).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

impl TillSettings {
    pub fn is_unset(&self) -> bool {
        *self == TillSettings::default()
    }

    /// The name this till goes by: the owner's, else «Caja 1». A hand-edited name that breaks
    /// the rule is read as none rather than refusing the whole file over it.
    pub fn name(&self) -> String {
        self.name
            .as_deref()
            .and_then(|name| check_till_name(name).ok())
            .unwrap_or_else(|| DEFAULT_TILL_NAME.to_owned())
    }

    /// Whether the owner has said this till's name (the first start asks until they have).
    pub fn is_named(&self) -> bool {
        self.name
            .as_deref()
            .is_some_and(|name| check_till_name(name).is_ok())
    }
}

/// Why a typed till name cannot be kept.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TillNameProblem {
    #[error("{}", crate::t!("till-name-empty"))]
    Empty,
    #[error("{}", crate::t!("till-name-too-long", max = TILL_NAME_MAX_CHARS))]
    TooLong,
    #[error("{}", crate::t!("till-name-unprintable"))]
    Unprintable,
}

/// A till's name as typed, trimmed, or why it cannot be one: it is printed on paper and written
/// in every row, so it holds no control characters and fits a receipt's line.
pub fn check_till_name(typed: &str) -> Result<String, TillNameProblem> {
    let name = typed.trim();
    if name.is_empty() {
        return Err(TillNameProblem::Empty);
    }
    if name.chars().count() > TILL_NAME_MAX_CHARS {
        return Err(TillNameProblem::TooLong);
    }
    if name.chars().any(char::is_control) {
        return Err(TillNameProblem::Unprintable);
    }
    Ok(name.to_owned())
}

/// The name read from (or written to) this computer's settings last; what every actor of this
/// process is stamped with. Kept apart from the file so a frame never reads a file for it.
static KNOWN: RwLock<Option<String>> = RwLock::new(None);

/// The settings were read or written: their till's name is this till's from now on.
pub(super) fn remember(settings: &TillSettings) {
    let name = settings.name();
    // A panic while holding it left a whole `Option<String>`, so the lock is still good.
    let mut known = KNOWN
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    *known = Some(name);
}

/// This till's name: the settings' (once read), else «Caja 1».
pub fn this_till_name() -> String {
    KNOWN
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone()
        .unwrap_or_else(|| DEFAULT_TILL_NAME.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_till_nobody_named_is_caja_1() {
        assert_eq!(TillSettings::default().name(), "Caja 1");
        assert!(!TillSettings::default().is_named());
        let named = TillSettings {
            name: Some("  Caja del fondo ".into()),
        };
        assert_eq!(named.name(), "Caja del fondo");
        assert!(named.is_named());
    }

    #[test]
    fn a_name_that_breaks_the_rule_is_refused_and_read_as_none() {
        assert_eq!(check_till_name("   "), Err(TillNameProblem::Empty));
        assert_eq!(
            check_till_name(&"x".repeat(TILL_NAME_MAX_CHARS + 1)),
            Err(TillNameProblem::TooLong)
        );
        assert_eq!(
            check_till_name("Caja\u{1b}[31m"),
            Err(TillNameProblem::Unprintable)
        );
        let broken = TillSettings {
            name: Some("\n".into()),
        };
        assert_eq!(broken.name(), DEFAULT_TILL_NAME);
        assert!(!broken.is_named());
    }
}
