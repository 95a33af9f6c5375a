//! Registration, one-time codes and bank accounts.

use crate::validate::Field;
use std::io::{BufRead, IsTerminal};

use serde_json::json;

use super::*;
use crate::api::family_a::*;
use crate::cli::args::*;
use crate::cli::output::Failure;
use crate::secrets::{SecretKind, SecretString, Stored};
use crate::validate;

pub async fn register(ctx: &Context<'_>, args: &RegisterArgs) -> Outcome {
    let registration = registration_of(args)?;
    // The token exists once, in the service's answer: with nowhere to keep it, a program reading
    // `--json` (or a pipe) would lose it. Refused before registering, unless asked for.
    let shown_to_a_person = !ctx.out.json && std::io::stdout().is_terminal();
    if let Some(reason) = ctx.secrets.unavailable_reason()
        && !shown_to_a_person
        && !args.print_token
    {
        return Err(Failure::Input(vec![ValidationError::new(
            Field::PrintToken,
            crate::t!("cli-register-no-keyring", reason = reason),
        )]));
    }
    let reply = ctx.connection.client.register(&registration).await?;
    let user = &reply.value.user;
    let stored = crate::connection::save_credentials(
        ctx.paths,
        ctx.secrets,
        &ctx.connection.profile_name,
        &[(SecretKind::ApiToken, user.token.clone())],
        user.id,
    )?
    .into_iter()
    .next()
    .unwrap_or(Stored::Keyring);
    let (document, note) = printed_answer(&reply.raw, &stored, args.print_token);
    // Without a keyring the token would be lost; show it once, to a person at a terminal, or
    // to whoever asked with --print-token.
    let show_once =
        matches!(stored, Stored::MemoryOnly { .. }) && (shown_to_a_person || args.print_token);
    Ok(ctx.out.done(&document, || {
        let mut text = crate::t!(
            "cli-registered",
            name = user.name.as_str(),
            email = user.email.as_str(),
            environment = user.env.as_str(),
            note = note
        );
        if show_once {
            text.push('\n');
            text.push_str(&crate::t!(
                "cli-token-shown-once",
                token = user.token.expose()
            ));
        }
        text
    }))
}

/// The flags and the password as the service's registration, checked.
fn registration_of(args: &RegisterArgs) -> Result<Registration, Failure> {
    let mut problems = Vec::new();
    let (state, city) = crate::places::ids(&args.state, &args.city, &mut problems);
    checked(problems)?;
    let (password, confirmation) = read_password()?;
    let registration = Registration {
        register_type: args.register_type.clone(),
        password,
        verify_password: confirmation,
        email: args.email.clone(),
        cellphone: validate::cellphone(Field::Cellphone, &args.cellphone)
            .unwrap_or_else(|_| args.cellphone.clone()),
        doc_type: args.doc_type.trim().to_ascii_uppercase(),
        doc_number: args.doc_number.clone(),
        name: args.name.clone(),
        referred: args.referred,
        city_id: city.unwrap_or_default(),
        state_id: state.unwrap_or_default(),
        commerce_type_id: args.commerce_type,
    };
    checked(registration.check())?;
    Ok(registration)
}

/// The service's answer as printed, and where the token went in the person's words. The
/// token itself is replaced by a note of where it went, except when it could not be stored
/// and `--print-token` asked for it; the JSON keeps its English note (programs read it).
fn printed_answer(raw: &Value, stored: &Stored, print_token: bool) -> (Value, String) {
    let (json_note, note) = match stored {
        Stored::Keyring => (
            "(stored in the system keyring)".to_owned(),
            crate::t!("cli-token-in-keyring"),
        ),
        Stored::MemoryOnly { reason } => (
            format!("(not stored: {reason})"),
            crate::t!("cli-token-not-stored", reason = reason.as_str()),
        ),
    };
    let mut document = raw.clone();
    let hand_over = matches!(stored, Stored::MemoryOnly { .. }) && print_token;
    if !hand_over && let Some(token) = document.pointer_mut("/User/token") {
        *token = json!(json_note);
    }
    if hand_over {
        document["tokenNotStored"] = json!(json_note);
    }
    (document, note)
}

/// From the terminal without echo (asked twice), or two lines on a pipe (the second, the
/// confirmation, may be left out).
fn read_password() -> Result<(SecretString, SecretString), Failure> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        let ask = |prompt: &str| {
            rpassword::prompt_password(prompt)
                .map(SecretString::new)
                .map_err(|error| {
                    Failure::Local(crate::t!(
                        "cli-password-unreadable",
                        error = error.to_string()
                    ))
                })
        };
        let password = ask(&format!("{}: ", crate::t!("field-password")))?;
        let confirmation = ask(&format!("{}: ", crate::t!("cli-password-again")))?;
        return Ok((password, confirmation));
    }
    let mut lines = stdin.lock().lines();
    let mut next = || {
        lines
            .next()
            .transpose()
            .map_err(|error| {
                Failure::Local(crate::t!(
                    "cli-password-unreadable",
                    error = error.to_string()
                ))
            })
            .map(|line| line.map(|l| l.trim_end_matches('\r').to_owned()))
    };
    let password = next()?.unwrap_or_default();
    let confirmation = next()?.unwrap_or_else(|| password.clone());
    Ok((SecretString::new(password), SecretString::new(confirmation)))
}

pub async fn otp(ctx: &Context<'_>, reason: i64) -> Outcome {
    validate::otp_reason(reason)?;
    let reply = ctx.connection.client.request_otp(reason).await?;
    let words = crate::api::family_a::otp_reason_words(reason);
    Ok(ctx.out.done(&reply.raw, || {
        crate::t!("accounts-code-sent", reason = words)
    }))
}

pub async fn account(ctx: &Context<'_>, command: &AccountCommand) -> Outcome {
    match command {
        AccountCommand::Add {
            number,
            otp,
            bank,
            account_type,
        } => {
            let account = NewBankAccount {
                number: number.clone(),
                otp: otp.clone(),
                bank_id: *bank,
                type_id: *account_type,
            };
            checked(account.check())?;
            let reply = ctx.connection.client.add_account(&account).await?;
            let added = &reply.value.account;
            Ok(ctx.out.done(&reply.raw, || {
                crate::t!(
                    "accounts-linked",
                    number = added.number.as_str(),
                    id = added.id.map(|id| id.to_string()).unwrap_or_default()
                )
            }))
        }
        AccountCommand::Delete { id, otp } => {
            validate::positive_id(Field::Id, *id)?;
            let otp = otp.as_deref().map(validate::otp_code).transpose()?;
            let reply = ctx
                .connection
                .client
                .delete_account(*id, otp.as_deref())
                .await?;
            Ok(ctx.out.done(&reply.raw, || {
                crate::t!("cli-account-deleted", id = id.to_string())
            }))
        }
    }
}
