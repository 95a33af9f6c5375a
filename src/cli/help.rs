//! `--help` in the person's language. clap writes its help in English: its headings and its own
//! lines («Usage:», «Print help») are said again in the Fluent files' words once it is written,
//! and in Spanish the program's description, the options every command takes and the list of
//! commands are the Fluent files' too. English keeps the definitions' own words, which say more.

use clap::Command;

use crate::i18n::Language;
use crate::t;

/// The command line's definition, its words in `language` where the Fluent files have them.
pub fn in_words(command: Command, language: Language) -> Command {
    if language != Language::Es {
        return command;
    }
    let described = command
        .about(t!("cli-help-about"))
        .long_about(t!("cli-help-long-about"));
    let globals = [
        ("profile", t!("cli-help-profile")),
        ("json", t!("cli-help-json")),
        ("ledger_url", t!("cli-help-ledger-url")),
        ("lang", t!("cli-help-lang")),
        ("pin_stdin", t!("cli-help-pin-stdin")),
    ];
    let with_globals = globals.into_iter().fold(described, |command, (id, words)| {
        command.mut_arg(id, |arg| arg.help(words))
    });
    let names: Vec<String> = with_globals
        .get_subcommands()
        .map(|sub| sub.get_name().to_owned())
        .collect();
    names
        .iter()
        .fold(with_globals, |command, name| match about(name) {
            Some(words) => {
                command.mut_subcommand(name, |sub| sub.about(words.clone()).long_about(words))
            }
            None => command,
        })
}

/// What a command does, in Spanish, by its name; none for the hidden ones.
fn about(name: &str) -> Option<String> {
    Some(match name {
        "register" => t!("cli-help-register"),
        "login" => t!("cli-help-login"),
        "methods" => t!("cli-help-methods"),
        "resource" => t!("cli-help-resource"),
        "checkout" => t!("cli-help-checkout"),
        "link" => t!("cli-help-link"),
        "charge" => t!("cli-help-charge"),
        "status" => t!("cli-help-status"),
        "banks" => t!("cli-help-banks"),
        "instant-banks" => t!("cli-help-instant-banks"),
        "otp" => t!("cli-help-otp"),
        "account" => t!("cli-help-account"),
        "payout" => t!("cli-help-payout"),
        "refund" => t!("cli-help-refund"),
        "sell" => t!("cli-help-sell"),
        "sale" => t!("cli-help-sale"),
        "sales" => t!("cli-help-sales"),
        "cash" => t!("cli-help-cash"),
        "tab" => t!("cli-help-tab"),
        "payouts" => t!("cli-help-payouts"),
        "balance" => t!("cli-help-balance"),
        "notify" => t!("cli-help-notify"),
        "webhooks" => t!("cli-help-webhooks"),
        "ledger" => t!("cli-help-ledger"),
        "customer" => t!("cli-help-customer"),
        "profile" => t!("cli-help-profile-command"),
        "print" => t!("cli-help-print"),
        "pin" => t!("cli-help-pin"),
        "cashier" => t!("cli-help-cashier"),
        "update" => t!("cli-help-update"),
        "simulator" => t!("cli-help-simulator"),
        "help" => t!("cli-help-help-command"),
        _ => return None,
    })
}

/// clap's help as written, its own English words («Usage:», «Commands:», «Print help»…) said
/// in the person's language. Only whole headings and clap's fixed phrases are replaced: what a
/// command's description says is left as it is.
pub fn said(help: &str) -> String {
    let phrases = [
        (
            "Print help (see more with '--help')",
            t!("cli-help-print-help-more"),
        ),
        (
            "Print help (see a summary with '-h')",
            t!("cli-help-print-help-summary"),
        ),
        (
            "Print this message or the help of the given subcommand(s)",
            t!("cli-help-help-command"),
        ),
        ("Print help", t!("cli-help-print-help")),
        ("Print version", t!("cli-help-print-version")),
        ("[OPTIONS]", t!("cli-parse-options")),
        ("<COMMAND>", t!("cli-parse-command")),
        ("[COMMAND]", t!("cli-parse-command-optional")),
        ("[env: ", format!("{} ", t!("cli-help-env"))),
        ("[default: ", format!("{} ", t!("cli-help-default"))),
        ("[aliases: ", format!("{} ", t!("cli-help-aliases"))),
        (
            "[possible values: ",
            format!("{} ", t!("cli-help-possible-values")),
        ),
    ];
    let headings = [
        ("Commands:", t!("cli-help-commands")),
        ("Options:", t!("cli-help-options")),
        ("Arguments:", t!("cli-help-arguments")),
    ];
    help.lines()
        .map(|line| {
            if let Some(usage) = line.strip_prefix("Usage: ") {
                return t!("cli-parse-usage", usage = said_phrases(usage, &phrases));
            }
            match headings.iter().find(|(english, _)| line == *english) {
                Some((_, words)) => words.clone(),
                None => said_phrases(line, &phrases),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + if help.ends_with('\n') { "\n" } else { "" }
}

fn said_phrases(line: &str, phrases: &[(&str, String)]) -> String {
    phrases
        .iter()
        .fold(line.to_owned(), |line, (english, words)| {
            line.replace(english, words)
        })
}
