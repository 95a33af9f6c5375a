//! What the command line says when it cannot read what was typed: clap's own errors, in the
//! person's language (clap writes English only). Each kind of error becomes a sentence from the
//! Fluent files; clap still chooses the exit code (2, nothing was run) and the stream.

use std::ffi::OsString;

use clap::builder::StyledStr;
use clap::error::{ContextKind, ContextValue, ErrorFormatter, ErrorKind};

use crate::i18n::Language;
use crate::t;

/// An error of clap's, to be written by [`InWords`].
type Parsed = clap::error::Error<InWords>;

/// clap's errors written by [`InWords::format_error`].
pub struct InWords;

impl ErrorFormatter for InWords {
    fn format_error(error: &clap::error::Error<Self>) -> StyledStr {
        let mut text = format!("{} {}", t!("cli-parse-error"), sentence(error));
        for tip in tips(error) {
            text.push_str("\n  ");
            text.push_str(&tip);
        }
        if let Some(usage) = usage(error) {
            text.push_str("\n\n");
            text.push_str(&usage);
        }
        text.push_str("\n\n");
        text.push_str(&t!("cli-parse-more", command = command_path(error)));
        text.push('\n');
        StyledStr::from(text)
    }
}

/// The language asked for on the command line (`--lang es`, `--lang=en`) or in `PAYDESK_LANG`,
/// else the system's: read before clap, so that clap's own errors are said in it.
pub fn language_asked(args: &[OsString]) -> Language {
    let typed = args.iter().enumerate().find_map(|(at, arg)| {
        let arg = arg.to_str()?;
        if arg == "--" {
            return None;
        }
        match arg.strip_prefix("--lang") {
            Some("") => args.get(at + 1)?.to_str().map(str::to_owned),
            Some(value) => value.strip_prefix('=').map(str::to_owned),
            None => None,
        }
    });
    typed
        .or_else(|| std::env::var("PAYDESK_LANG").ok())
        .and_then(|code| Language::from_locale(&code))
        .unwrap_or_else(Language::from_os)
}

fn text_of(error: &Parsed, kind: ContextKind) -> Option<String> {
    match error.get(kind)? {
        ContextValue::String(text) => Some(text.clone()),
        ContextValue::StyledStr(text) => Some(text.to_string()),
        ContextValue::Number(number) => Some(number.to_string()),
        ContextValue::Strings(texts) => Some(texts.join(", ")),
        _ => None,
    }
}

fn list_of(error: &Parsed, kind: ContextKind) -> Vec<String> {
    match error.get(kind) {
        Some(ContextValue::Strings(texts)) => texts.clone(),
        Some(ContextValue::String(text)) => vec![text.clone()],
        _ => Vec::new(),
    }
}

/// What went wrong, by clap's kind of error.
fn sentence(error: &Parsed) -> String {
    let arg = || text_of(error, ContextKind::InvalidArg).unwrap_or_default();
    let value = || text_of(error, ContextKind::InvalidValue).unwrap_or_default();
    let subcommand = || text_of(error, ContextKind::InvalidSubcommand).unwrap_or_default();
    match error.kind() {
        ErrorKind::InvalidValue if value().is_empty() => {
            t!("cli-parse-value-missing", arg = arg())
        }
        ErrorKind::InvalidValue => t!("cli-parse-value-invalid", value = value(), arg = arg()),
        ErrorKind::ValueValidation => {
            // The reason is ours (`validate`), already in the language chosen above.
            let reason = std::error::Error::source(error)
                .map(ToString::to_string)
                .unwrap_or_default();
            t!(
                "cli-parse-value-refused",
                value = value(),
                arg = arg(),
                reason = reason
            )
        }
        ErrorKind::UnknownArgument => t!("cli-parse-unknown-arg", arg = arg()),
        ErrorKind::InvalidSubcommand => t!("cli-parse-unknown-command", command = subcommand()),
        ErrorKind::MissingRequiredArgument => {
            let missing = list_of(error, ContextKind::InvalidArg);
            let mut text = t!("cli-parse-missing", count = missing.len());
            for arg in missing {
                text.push_str("\n  ");
                text.push_str(&arg);
            }
            text
        }
        ErrorKind::MissingSubcommand => t!(
            "cli-parse-missing-command",
            command = subcommand(),
            commands = list_of(error, ContextKind::ValidSubcommand).join(", ")
        ),
        ErrorKind::ArgumentConflict => match text_of(error, ContextKind::PriorArg) {
            Some(prior) if prior != arg() => {
                t!("cli-parse-conflict", arg = arg(), other = prior)
            }
            _ => t!("cli-parse-repeated", arg = arg()),
        },
        ErrorKind::NoEquals => t!("cli-parse-no-equals", arg = arg()),
        ErrorKind::TooManyValues => t!("cli-parse-too-many", value = value(), arg = arg()),
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            let wanted = text_of(error, ContextKind::ExpectedNumValues)
                .or_else(|| text_of(error, ContextKind::MinValues))
                .unwrap_or_default();
            t!(
                "cli-parse-how-many",
                arg = arg(),
                wanted = wanted,
                given = text_of(error, ContextKind::ActualNumValues).unwrap_or_default()
            )
        }
        ErrorKind::InvalidUtf8 => t!("cli-parse-not-utf8"),
        // Help and the version carry their own text and never come here; what is left is
        // clap's or the terminal's trouble, said as clap has it.
        _ => t!("cli-parse-other", kind = error.kind().to_string()),
    }
}

/// A similar name clap found, and the values it takes.
fn tips(error: &Parsed) -> Vec<String> {
    let mut tips = Vec::new();
    for kind in [ContextKind::SuggestedSubcommand, ContextKind::SuggestedArg] {
        for similar in list_of(error, kind) {
            tips.push(t!("cli-parse-did-you-mean", similar = similar));
        }
    }
    let values = list_of(error, ContextKind::ValidValue);
    if !values.is_empty() {
        tips.push(t!("cli-parse-values", values = values.join(", ")));
    }
    tips
}

/// clap's usage line, its English words in the person's.
fn usage(error: &Parsed) -> Option<String> {
    let usage = text_of(error, ContextKind::Usage)?;
    let line = usage.trim().strip_prefix("Usage:").unwrap_or(&usage).trim();
    let line = line
        .replace("[OPTIONS]", &t!("cli-parse-options"))
        .replace("<COMMAND>", &t!("cli-parse-command"))
        .replace("[COMMAND]", &t!("cli-parse-command-optional"));
    Some(t!("cli-parse-usage", usage = line))
}

/// The command the help is asked of: the usage line's start, up to the first option.
fn command_path(error: &Parsed) -> String {
    let usage = text_of(error, ContextKind::Usage).unwrap_or_default();
    let line = usage.trim().strip_prefix("Usage:").unwrap_or(&usage).trim();
    let words: Vec<&str> = line
        .split_whitespace()
        .take_while(|word| !word.starts_with(['[', '<', '-']))
        .collect();
    if words.is_empty() {
        "paydesk".to_owned()
    } else {
        words.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_is_read_before_clap() {
        let args = |list: &[&str]| list.iter().map(OsString::from).collect::<Vec<_>>();
        assert_eq!(
            language_asked(&args(&["paydesk", "--lang", "es", "link"])),
            Language::Es
        );
        assert_eq!(
            language_asked(&args(&["paydesk", "link", "--lang=en"])),
            Language::En
        );
    }
}
