//! The owner's PIN at the command line: once it is set, every command that moves money or
//! changes what the shop trusts asks for it (on the terminal, or one line of stdin with
//! `--pin-stdin`), and a missing or wrong PIN ends the command with exit 2 before anything is
//! sent. The wrong tries count in the ledger, with the app's: five lock the PIN for everyone.
//! Also `paydesk pin set` and `paydesk cashier add | remove | list`.

use std::process::ExitCode;
use std::sync::Arc;

use serde_json::json;

use super::context::{Local, Outcome};
use crate::cli::args::{CashierCommand, PinCommand};
use crate::cli::output::{Failure, Output};
use crate::ledger::activity::{Action, Actor, Role};
use crate::ledger::{Ledger, PinCheck, Who, now_ms};
use crate::secrets::Pin;
use crate::t;
use crate::validate::{self, Field, ValidationError};

/// Where PINs are read from.
#[derive(Debug, Clone, Copy)]
pub struct PinReader {
    pub stdin: bool,
}

impl PinReader {
    /// One PIN: the next line of stdin with `--pin-stdin`, else asked on the terminal without
    /// echo. Nowhere to read it from is a missing PIN (exit 2).
    fn read(self, field: Field, prompt: &str) -> Result<String, Failure> {
        use std::io::{BufRead, IsTerminal};
        if self.stdin {
            let mut line = String::new();
            std::io::stdin()
                .lock()
                .read_line(&mut line)
                .map_err(|error| Failure::Local(error.to_string()))?;
            return Ok(line.trim().to_owned());
        }
        if !std::io::stdin().is_terminal() {
            return Err(ValidationError::new(field, t!("cli-pin-no-terminal")).into());
        }
        rpassword::prompt_password(format!("{prompt}: "))
            .map(|typed| typed.trim().to_owned())
            .map_err(|error| Failure::Local(error.to_string()))
    }

    /// A new PIN: asked twice on the terminal, once from stdin.
    fn read_new(self, prompt: &str) -> Result<Pin, Failure> {
        let typed = self.read(Field::NewPin, prompt)?;
        let pin = validate::new_pin(Field::NewPin, &typed)?;
        if !self.stdin {
            let again = self.read(Field::NewPin, &t!("cli-pin-again"))?;
            if again != typed {
                return Err(ValidationError::new(Field::NewPin, t!("people-pins-differ")).into());
            }
        }
        Ok(pin)
    }
}

/// The owner's PIN checked, when one is set: who acts. No PIN set: anyone may (and the log
/// says so). Missing, wrong or locked: exit 2, before anything is sent.
///
/// `restoring`: the command brings the books back from a copy. Books that cannot be opened hold
/// no PIN anyone could check, and the copy brings its own PINs back: the restore goes on.
pub async fn owner_gate(
    local: &Local<'_>,
    reader: PinReader,
    restoring: bool,
) -> Result<Actor, Failure> {
    let opened = local
        .ledger
        .open(&local.paths.data_dir, local.profile_name, local.secrets);
    let ledger = match opened {
        Ok(ledger) => Arc::new(ledger),
        Err(error) if restoring && error.is_damaged() => {
            return Ok(Actor::new(Role::Anyone, ""));
        }
        Err(_) => local.open_ledger()?,
    };
    let set = {
        let ledger = ledger.clone();
        blocking(move || ledger.owner_pin_set()).await?
    };
    if !set {
        return Ok(Actor::new(Role::Anyone, ""));
    }
    let typed = reader.read(Field::Pin, &t!("pin-owner-title"))?;
    let pin = validate::pin(Field::Pin, &typed)?;
    check_owner(&ledger, pin).await?;
    Ok(Actor::new(Role::Owner, ""))
}

async fn check_owner(ledger: &Arc<Ledger>, pin: Pin) -> Result<(), Failure> {
    let check = {
        let ledger = ledger.clone();
        blocking(move || ledger.check_pin(&Who::Owner, &pin, now_ms())).await?
    };
    let refused = |message: String| Err(ValidationError::new(Field::Pin, message).into());
    match check {
        PinCheck::Right => Ok(()),
        PinCheck::Wrong {
            locked_until: Some(until),
            ..
        }
        | PinCheck::Locked { until } => {
            if matches!(check, PinCheck::Wrong { .. }) {
                let ledger = ledger.clone();
                let actor = Actor::new(Role::Anyone, "");
                let recorded = blocking(move || {
                    ledger.record_activity(&actor, Action::PinLocked, &t!("actor-owner"), now_ms())
                })
                .await;
                // The lock itself holds; only its line in the activity log is missing.
                if let Err(error) = recorded {
                    tracing::warn!(%error, "the owner's PIN lock is not in the activity log");
                }
            }
            refused(t!(
                "pin-locked-for",
                seconds = ((until - now_ms()).max(0) / 1_000 + 1).to_string()
            ))
        }
        PinCheck::Wrong { tries_left, .. } => refused(t!("pin-wrong", left = tries_left)),
        PinCheck::Unknown => refused(t!("pin-owner-unset")),
    }
}

async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, crate::ledger::LedgerError> + Send + 'static,
) -> Result<T, Failure> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|error| Failure::Local(error.to_string()))?
        .map_err(|error| Failure::Local(error.to_string()))
}

/// `paydesk pin set`: the current owner's PIN first when there is one (the gate asked it), then
/// the new one.
pub async fn set_pin(
    local: &Local<'_>,
    reader: PinReader,
    actor: Actor,
    out: Output,
    command: &PinCommand,
) -> Outcome {
    let PinCommand::Set = command;
    let pin = reader.read_new(&t!("people-new-pin"))?;
    let ledger = local.open_ledger()?;
    let first = actor.role == Role::Anyone;
    blocking(move || {
        ledger.set_owner_pin(&pin, now_ms())?;
        let owner = Actor::new(Role::Owner, "");
        ledger.record_activity(&owner, Action::OwnerPinSet, "", now_ms())
    })
    .await?;
    let words = if first {
        t!("pin-owner-saved")
    } else {
        t!("cli-pin-changed")
    };
    out.done(&json!({"ownerPin": "set"}), || words.clone());
    Ok(ExitCode::SUCCESS)
}

/// `paydesk cashier add | remove | list`.
pub async fn cashier(
    local: &Local<'_>,
    reader: PinReader,
    actor: Actor,
    out: Output,
    command: &CashierCommand,
) -> Outcome {
    let ledger = local.open_ledger()?;
    match command {
        CashierCommand::List => {
            let cashiers = blocking(move || ledger.cashiers()).await?;
            let document = json!(
                cashiers
                    .iter()
                    .map(|cashier| json!({"name": cashier.name, "addedAt": cashier.added_at}))
                    .collect::<Vec<_>>()
            );
            out.done(&document, || {
                if cashiers.is_empty() {
                    t!("people-no-cashiers")
                } else {
                    cashiers
                        .iter()
                        .map(|cashier| cashier.name.clone())
                        .collect::<Vec<_>>()
                        .join("\n")
                }
            });
        }
        CashierCommand::Add { name } => {
            let name = validate::cashier_name(name)?;
            // With no owner's PIN there is nobody to keep the till from the rest: said first.
            if actor.role == Role::Anyone {
                return Err(ValidationError::new(Field::Pin, t!("cli-cashier-needs-owner")).into());
            }
            let pin = reader.read_new(&t!("people-cashier-pin"))?;
            let saved = name.clone();
            blocking(move || {
                ledger.set_cashier(&saved, &pin, now_ms())?;
                ledger.record_activity(&actor, Action::CashierAdded, &saved, now_ms())
            })
            .await?;
            let words = t!("cashier-saved", name = name.as_str());
            out.done(&json!({"cashier": name, "added": true}), || words.clone());
        }
        CashierCommand::Remove { name } => {
            let name = validate::cashier_name(name)?;
            let removed = name.clone();
            let found = blocking(move || {
                let found = ledger.remove_cashier(&removed, now_ms())?;
                if found {
                    ledger.record_activity(&actor, Action::CashierRemoved, &removed, now_ms())?;
                }
                Ok(found)
            })
            .await?;
            if !found {
                return Err(
                    ValidationError::new(Field::CashierName, t!("pin-cashier-gone")).into(),
                );
            }
            let words = t!("cashier-removed", name = name.as_str());
            out.done(&json!({"cashier": name, "removed": true}), || words.clone());
        }
    }
    Ok(ExitCode::SUCCESS)
}
