//! One function per operation, in a file per group: validate everything first (nothing is sent
//! on bad input), call the service once, print.

mod accounts;
mod backups;
mod disbursements;
mod ledger;
mod payments;
mod status;
mod webhooks;

pub use accounts::*;
pub use backups::*;
pub use disbursements::*;
pub use ledger::*;
pub use payments::*;
pub use status::*;
pub use webhooks::*;

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
}

impl Context<'_> {
    /// The profile's ledger (the data folder's, or the shared one); opened per command. A shared
    /// ledger that cannot be reached ends the command with exit 3, before anything is sent.
    fn ledger(&self) -> Result<std::sync::Arc<crate::ledger::Ledger>, Failure> {
        self.ledger
            .open(
                &self.paths.data_dir,
                &self.connection.profile_name,
                self.secrets,
            )
            .map(std::sync::Arc::new)
            .map_err(|error| {
                if error.is_damaged() {
                    // Never a new, empty ledger in its place: the way back is a copy.
                    Failure::Local(crate::t!(
                        "cli-ledger-damaged",
                        path = self.ledger.location(&self.paths.data_dir),
                        error = error.to_string()
                    ))
                } else {
                    Failure::Local(error.to_string())
                }
            })
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
