//! One function per operation, in a file per group: validate everything first (nothing is sent
//! on bad input), call the service once, print.

mod accounts;
mod backups;
mod disbursements;
mod ledger;
mod payments;
mod people;
mod printing;
mod sign_in;
mod status;
mod update;
mod webhooks;

pub use accounts::*;
pub use backups::*;
pub use disbursements::*;
pub use ledger::*;
pub use payments::*;
pub use people::*;
pub use printing::*;
pub use sign_in::*;
pub use status::*;
pub use update::update;
pub use webhooks::*;

use crate::ledger::activity::{Action, Actor};
use crate::validate::Field;
use std::process::ExitCode;

use serde_json::{Value, json};

use super::output::{Failure, Output};
use crate::config::Paths;
use crate::connection::Connection;
use crate::money::Pesos;
use crate::secrets::SecretStore;
use crate::validate::{self, ValidationError};

pub type Outcome = Result<ExitCode, Failure>;

fn checked(problems: Vec<ValidationError>) -> Result<(), Failure> {
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Failure::Input(problems))
    }
}

/// A cost or tax may be zero, unlike an amount.
fn non_negative_amount(field: Field, text: &str) -> Result<Pesos, Failure> {
    if text.trim() == "0" {
        return Ok(Pesos::ZERO);
    }
    Ok(validate::amount(field, text)?)
}

pub struct Context<'a> {
    pub connection: &'a Connection,
    pub out: Output,
    pub paths: &'a Paths,
    pub secrets: &'a SecretStore,
    pub ledger: &'a crate::ledger::LedgerChoice,
    /// Who runs the command: the owner (PIN checked) or anyone (no PIN set).
    pub actor: crate::ledger::activity::Actor,
}

impl Context<'_> {
    /// The profile's ledger (the data folder's, or the shared one); opened per command. A shared
    /// ledger that cannot be reached ends the command with exit 3, before anything is sent.
    fn ledger(&self) -> Result<std::sync::Arc<crate::ledger::Ledger>, Failure> {
        Local {
            paths: self.paths,
            profile_name: &self.connection.profile_name,
            ledger: self.ledger,
            secrets: self.secrets,
        }
        .open_ledger()
    }

    /// The user a balance is asked for: the flag's or the profile's, or none where the
    /// interface reads the user from the session; where it needs one, how to give it.
    fn balance_user(&self, flag: Option<i64>) -> Result<Option<i64>, Failure> {
        let user_id = flag.or(self.connection.user_id);
        if self.connection.client.can_ask_balance(user_id) {
            Ok(user_id)
        } else {
            self.user_id(None).map(Some)
        }
    }

    fn user_id(&self, flag: Option<i64>) -> Result<i64, Failure> {
        flag.or(self.connection.user_id).ok_or_else(|| {
            Failure::from(ValidationError::new(
                Field::UserIdFlag,
                crate::t!("cli-needs-user-id"),
            ))
        })
    }
}

/// For `--json` outputs that have no service data of their own.
pub fn document(pairs: &[(&str, String)]) -> Value {
    Value::Object(
        pairs
            .iter()
            .map(|(key, value)| ((*key).to_owned(), json!(value)))
            .collect(),
    )
}

/// What a yes-or-no question on the terminal says: when there is no terminal to ask on, how it
/// asks, and when the answer is not yes.
struct Question {
    no_terminal: String,
    type_yes: String,
    declined: String,
}

/// Shows `summary` and asks on the terminal; with no terminal, refuses: nothing happens on a
/// guess.
fn confirm_on_terminal(summary: &str, question: Question) -> Result<(), Failure> {
    use std::io::{BufRead, IsTerminal, Write};
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        return Err(Failure::NotConfirmed(question.no_terminal));
    }
    let mut stderr = std::io::stderr().lock();
    let _ = write!(stderr, "{summary}\n{} ", question.type_yes);
    let _ = stderr.flush();
    let mut answer = String::new();
    stdin.lock().read_line(&mut answer).map_err(|error| {
        Failure::Local(crate::t!(
            "cli-answer-unreadable",
            error = error.to_string()
        ))
    })?;
    match answer.trim().to_lowercase().as_str() {
        "yes" | "y" | "si" | "sí" => Ok(()),
        _ => Err(Failure::NotConfirmed(question.declined)),
    }
}

fn collect(problems: &mut Vec<ValidationError>, failure: Failure) {
    if let Failure::Input(more) = failure {
        problems.extend(more);
    }
}

/// What a command that succeeded did, for the activity log (`None`: nothing the log keeps; a
/// payout writes its own entry as it is sent).
pub fn activity_of(command: &super::args::Command) -> Option<(Action, String)> {
    use super::args::{AccountCommand, Command, CustomerCommand, LedgerCommand, ProfileCommand};
    Some(match command {
        Command::Register(_) => (Action::CredentialsChanged, crate::t!("log-registered")),
        Command::Login(_) => (Action::CredentialsChanged, crate::t!("log-signed-in-cli")),
        Command::Account(AccountCommand::Add { .. }) => {
            (Action::BankAccountAdded, crate::t!("log-from-terminal"))
        }
        Command::Account(AccountCommand::Delete { id, .. }) => {
            (Action::BankAccountDeleted, format!("id {id}"))
        }
        Command::Ledger(LedgerCommand::Restore { file, .. }) => (
            Action::BooksRestored,
            file.as_ref()
                .map(|file| file.display().to_string())
                .unwrap_or_else(|| crate::t!("log-newest-copy")),
        ),
        Command::Customer(CustomerCommand::Forget { .. }) => {
            (Action::CustomerForgotten, crate::t!("log-from-terminal"))
        }
        Command::Profile(ProfileCommand::Add(args)) => (
            Action::ProfileChanged,
            crate::t!("log-profile-saved", name = args.name.as_str()),
        ),
        Command::Profile(ProfileCommand::Use { name }) => (
            Action::ProfileChanged,
            crate::t!("log-profile-active", name = name.as_str()),
        ),
        _ => return None,
    })
}

/// Writes one entry of the activity log; a failure is said on stderr and logged, never fatal:
/// what was done is done.
pub async fn record(local: &Local<'_>, actor: &Actor, action: Action, detail: &str) {
    let written = match local.open_ledger() {
        Ok(ledger) => {
            let actor = actor.clone();
            let detail = detail.to_owned();
            tokio::task::spawn_blocking(move || {
                ledger.record_activity(&actor, action, &detail, crate::ledger::now_ms())
            })
            .await
            .map_err(|error| error.to_string())
            .and_then(|written| written.map_err(|error| error.to_string()))
        }
        Err(failure) => Err(failure.to_string()),
    };
    if let Err(error) = written {
        tracing::warn!(%error, "the activity entry could not be written");
    }
}
