//! What every command works with: its context (the connection, the output, this computer's
//! settings, books and keyring, who acts), the shapes of its outcome, and the small steps they
//! share (problems collected, a yes asked on the terminal, the activity log written).

use std::process::ExitCode;
use std::sync::Arc;

use serde_json::{Value, json};

use crate::cli::output::{Failure, Output};
use crate::config::Paths;
use crate::connection::Connection;
use crate::ledger::activity::{Action, Actor};
use crate::ledger::{Ledger, LedgerChoice};
use crate::money::Pesos;
use crate::secrets::SecretStore;
use crate::t;
use crate::validate::{self, Field, ValidationError};

pub type Outcome = Result<ExitCode, Failure>;

pub(super) fn checked(problems: Vec<ValidationError>) -> Result<(), Failure> {
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Failure::Input(problems))
    }
}

/// A cost or tax may be zero, unlike an amount.
pub(super) fn non_negative_amount(field: Field, text: &str) -> Result<Pesos, Failure> {
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
    pub(super) fn ledger(&self) -> Result<std::sync::Arc<crate::ledger::Ledger>, Failure> {
        self.local().open_ledger()
    }

    /// This computer's side of the command: the settings, the profile, its books, the keyring.
    pub(super) fn local(&self) -> Local<'_> {
        Local {
            paths: self.paths,
            profile_name: &self.connection.profile_name,
            ledger: self.ledger,
            secrets: self.secrets,
        }
    }

    /// The user a balance is asked for: the flag's or the profile's, or none where the
    /// interface reads the user from the session; where it needs one, how to give it.
    pub(super) fn balance_user(&self, flag: Option<i64>) -> Result<Option<i64>, Failure> {
        let user_id = flag.or(self.connection.user_id);
        if self.connection.client.can_ask_balance(user_id) {
            Ok(user_id)
        } else {
            self.user_id(None).map(Some)
        }
    }

    pub(super) fn user_id(&self, flag: Option<i64>) -> Result<i64, Failure> {
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
pub(super) struct Question {
    pub(super) no_terminal: String,
    pub(super) type_yes: String,
    pub(super) declined: String,
}

/// Shows `summary` and asks on the terminal; with no terminal, refuses: nothing happens on a
/// guess.
pub(super) fn confirm_on_terminal(summary: &str, question: Question) -> Result<(), Failure> {
    use std::io::{BufRead, IsTerminal, Write};
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        return Err(Failure::NotConfirmed(question.no_terminal));
    }
    let mut stderr = std::io::stderr().lock();
    // A terminal that cannot take the question cannot answer it either: the read below fails
    // and says so.
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

pub(super) fn collect(problems: &mut Vec<ValidationError>, failure: Failure) {
    if let Failure::Input(more) = failure {
        problems.extend(more);
    }
}

/// What a command needs of this computer, before any service: the settings, which profile,
/// its ledger and the keyring.
pub struct Local<'a> {
    pub paths: &'a Paths,
    pub profile_name: &'a str,
    pub ledger: &'a LedgerChoice,
    pub secrets: &'a SecretStore,
}

impl Local<'_> {
    /// The profile's ledger, opened now. A damaged one is never replaced by empty books.
    pub fn open_ledger(&self) -> Result<Arc<Ledger>, Failure> {
        self.ledger
            .open(&self.paths.data_dir, self.profile_name, self.secrets)
            .map(Arc::new)
            .map_err(|error| {
                if error.is_damaged() {
                    Failure::Local(t!(
                        "cli-ledger-damaged",
                        path = self.ledger.location(&self.paths.data_dir),
                        error = crate::i18n::Explained::detail(&error).unwrap_or_default()
                    ))
                } else {
                    Failure::Local(crate::i18n::in_full(&error))
                }
            })
    }
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
