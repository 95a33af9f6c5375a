//! `paydesk ledger backup` and `paydesk ledger restore`: a copy of the books now, and the books
//! back from a copy (said first, the current ones kept aside).

use std::path::{Path, PathBuf};

use super::*;
use crate::backup::{self, Contents};
use crate::ledger::{LEDGER_FILE_NAME, Ledger, LedgerChoice};

fn blocking_failure(error: impl std::fmt::Display) -> Failure {
    Failure::Local(error.to_string())
}

fn contents_json(contents: &Contents) -> Value {
    let day = |ms: Option<i64>| ms.map(crate::clock::local_datetime).unwrap_or_default();
    json!({
        "first": day(contents.first),
        "last": day(contents.last),
        "payments": contents.payments,
        "collections": contents.collections,
        "payouts": contents.payouts,
        "schema": contents.schema,
    })
}

/// The folder copies go to: `--to`, else the one chosen in Configuración, else the data folder's.
fn backup_folder(ctx: &Context<'_>, to: Option<&Path>) -> Result<PathBuf, Failure> {
    match to {
        Some(folder) => Ok(folder.to_owned()),
        None => {
            let config = ctx.paths.load()?;
            Ok(config.books.backup_folder(&ctx.paths.data_dir))
        }
    }
}

/// Who `customer forget` names, checked: one of a cellphone, a document number, an e-mail.
fn customer(
    cellphone: Option<&str>,
    document: Option<&str>,
    email: Option<&str>,
) -> Result<crate::ledger::Customer, Failure> {
    use crate::ledger::Customer;
    let checked = match (cellphone, document, email) {
        (Some(number), None, None) => {
            validate::cellphone(Field::Cellphone, number).map(Customer::Cellphone)
        }
        (None, Some(number), None) => {
            let number: String = number
                .trim()
                .chars()
                .filter(|c| !matches!(c, '.' | ' '))
                .collect();
            if (4..=20).contains(&number.len()) && number.chars().all(|c| c.is_ascii_alphanumeric())
            {
                Ok(Customer::Document(number))
            } else {
                Err(ValidationError::new(
                    Field::DocumentNumber,
                    crate::t!("rule-document-number"),
                ))
            }
        }
        (None, None, Some(email)) => {
            validate::email(Field::Email, email).map(|email| Customer::Email(email.to_lowercase()))
        }
        _ => Err(ValidationError::new(
            Field::Cellphone,
            crate::t!("cli-forget-which"),
        )),
    };
    checked.map_err(|problem| Failure::Input(vec![problem]))
}

/// `paydesk customer forget --cellphone N | --document N | --email E`.
pub async fn forget_customer(
    ctx: &Context<'_>,
    cellphone: Option<&str>,
    document: Option<&str>,
    email: Option<&str>,
) -> Outcome {
    let customer = customer(cellphone, document, email)?;
    let ledger = ctx.ledger()?;
    let blanked = tokio::task::spawn_blocking(move || ledger.forget_customer(&customer))
        .await
        .map_err(blocking_failure)?
        .map_err(blocking_failure)?;
    let document = json!({
        "notifications": blanked.notifications,
        "payouts": blanked.payouts,
        "refusals": blanked.refusals,
    });
    Ok(ctx.out.done(&document, || {
        crate::t!(
            "cli-forgotten",
            notifications = blanked.notifications,
            payouts = blanked.payouts
        )
    }))
}

/// `paydesk ledger backup [--to DIR]`: a verified copy of the books (the shared ledger's too,
/// as a file of the shop's own), then seven daily and four weekly kept.
pub async fn backup_ledger(ctx: &Context<'_>, to: Option<&Path>) -> Outcome {
    let folder = backup_folder(ctx, to)?;
    let days = ctx
        .paths
        .load()
        .map(|config| config.books.customer_data_days())
        .unwrap_or(crate::config::DEFAULT_CUSTOMER_DATA_DAYS);
    let ledger = ctx.ledger()?;
    let (copy, contents) = tokio::task::spawn_blocking(move || {
        // Customers' data past its days is blanked first: a copy keeps no more than the books.
        ledger.blank_personal_data(crate::ledger::personal_cutoff(days))?;
        let copy = backup::take(&ledger, &folder)?;
        let contents = backup::inspect(&copy.path)?;
        Ok::<_, backup::BackupError>((copy, contents))
    })
    .await
    .map_err(blocking_failure)?
    .map_err(blocking_failure)?;
    let mut document = contents_json(&contents);
    document["file"] = json!(copy.path.display().to_string());
    Ok(ctx.out.done(&document, || {
        crate::t!(
            "cli-backup-done",
            path = copy.path.display().to_string(),
            contents = contents.words()
        )
    }))
}

/// `paydesk ledger restore [FILE | --newest] [--yes]`: says what the copy holds, asks (or takes
/// `--yes`), keeps the current books aside, restores. A ledger that cannot be opened (damaged,
/// missing) is moved aside and the copy put in its place.
pub async fn restore_ledger(
    ctx: &Context<'_>,
    file: Option<&Path>,
    newest: bool,
    yes: bool,
) -> Outcome {
    if matches!(ctx.ledger, LedgerChoice::Shared(_)) {
        return Err(Failure::Local(
            crate::ledger::LedgerError::SharedRestore.to_string(),
        ));
    }
    let copy = match (file, newest) {
        (Some(file), false) => file.to_owned(),
        (None, true) => {
            let folder = backup_folder(ctx, None)?;
            backup::newest(&folder).map_err(blocking_failure)?.path
        }
        _ => {
            return Err(Failure::Input(vec![ValidationError::new(
                Field::File,
                crate::t!("cli-restore-which"),
            )]));
        }
    };
    let contents = {
        let copy = copy.clone();
        tokio::task::spawn_blocking(move || backup::inspect(&copy))
            .await
            .map_err(blocking_failure)?
            .map_err(|error| {
                Failure::Input(vec![ValidationError::new(Field::File, error.to_string())])
            })?
    };
    let preview = crate::t!(
        "cli-restore-preview",
        path = copy.display().to_string(),
        contents = contents.words()
    );
    if !yes {
        confirm_restore(&preview)?;
    } else {
        ctx.out.note(&preview);
    }
    let data_dir = ctx.paths.data_dir.clone();
    let restored_from = copy.clone();
    let aside = tokio::task::spawn_blocking(move || restore(&restored_from, &data_dir))
        .await
        .map_err(blocking_failure)?
        .map_err(blocking_failure)?;
    let mut document = contents_json(&contents);
    document["restored"] = json!(copy.display().to_string());
    document["aside"] = json!(aside.as_ref().map(|path| path.display().to_string()));
    Ok(ctx.out.done(&document, || {
        let mut text = crate::t!("cli-restore-done", contents = contents.words());
        if let Some(aside) = &aside {
            text.push('\n');
            text.push_str(&crate::t!(
                "cli-restore-aside",
                path = aside.display().to_string()
            ));
        }
        text
    }))
}

/// Into the open ledger when it opens; in place of it when it does not. Where the replaced
/// books went, if there were any.
fn restore(copy: &Path, data_dir: &Path) -> Result<Option<PathBuf>, backup::BackupError> {
    let path = data_dir.join(LEDGER_FILE_NAME);
    if path.exists()
        && let Ok(ledger) = Ledger::open(&path)
    {
        let (_, aside) = backup::restore_into(&ledger, copy, data_dir)?;
        return Ok(Some(aside));
    }
    let (_, _, aside) = backup::restore_file(copy, &path)?;
    Ok(aside)
}

fn confirm_restore(preview: &str) -> Result<(), Failure> {
    confirm_on_terminal(
        preview,
        Question {
            no_terminal: crate::t!("cli-restore-no-terminal", preview = preview),
            type_yes: crate::t!("cli-restore-type-yes"),
            declined: crate::t!("cli-restore-not-done"),
        },
    )
}
