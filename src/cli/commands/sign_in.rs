//! Signing in to the pay API (`paydesk login`) and checking a profile against its service
//! (`paydesk profile check`).

use std::io::{BufRead, IsTerminal};

use serde_json::json;

use super::*;
use crate::checkup::Verdict;
use crate::cli::args::LoginArgs;
use crate::cli::output::Failure;
use crate::secrets::SecretString;

/// `paydesk login`: the service's user and password for a bearer token, kept in the keyring.
pub async fn login(ctx: &Context<'_>, args: &LoginArgs) -> Outcome {
    let client = &ctx.connection.client;
    if !client.dialect().has_sign_in() {
        return Err(Failure::Input(vec![ValidationError::new(
            Field::Interface,
            crate::t!("sign-in-not-offered"),
        )]));
    }
    // With nowhere to keep it, the token would be lost the moment this command ends: refused
    // before the password is even asked, unless it is to be handed over.
    if let Some(reason) = ctx.secrets.unavailable_reason()
        && !args.print_token
    {
        return Err(Failure::Input(vec![ValidationError::new(
            Field::PrintToken,
            crate::t!("cli-login-no-keyring", reason = reason),
        )]));
    }
    let username = match &args.username {
        Some(username) => username.trim().to_owned(),
        None => ask_line(&crate::t!("field-service-user"))?,
    };
    if username.is_empty() {
        return Err(Failure::Input(vec![ValidationError::new(
            Field::Username,
            crate::t!("rule-username-empty"),
        )]));
    }
    let password = ask_secret(&crate::t!("field-password"))?;
    if password.is_empty() {
        return Err(Failure::Input(vec![ValidationError::new(
            Field::Password,
            crate::t!("rule-password-empty"),
        )]));
    }
    if args.print_token && ctx.secrets.unavailable_reason().is_some() {
        // Signed in, shown once, kept nowhere.
        let token = client.sign_in(&username, &password).await?;
        let document = json!({"signedIn": true, "token": token.expose(), "kept": false});
        return Ok(ctx.out.done(&document, || {
            crate::t!("cli-login-token-shown-once", token = token.expose())
        }));
    }
    let token = client.sign_in(&username, &password).await?;
    let profile = ctx.connection.profile_name.as_str();
    crate::connection::save_credentials(
        ctx.paths,
        ctx.secrets,
        profile,
        &[(crate::secrets::SecretKind::AccessToken, token)],
        None,
    )?;
    Ok(ctx.out.done(
        &json!({"signedIn": true, "profile": profile, "kept": "keyring"}),
        || crate::t!("cli-signed-in", profile = profile),
    ))
}

/// The terminal could not be read: the same words whether a line or a secret was asked.
fn unreadable(error: std::io::Error) -> Failure {
    Failure::Local(crate::t!(
        "cli-password-unreadable",
        error = error.to_string()
    ))
}

/// One line of stdin, or asked on the terminal.
fn ask_line(prompt: &str) -> Result<String, Failure> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprint!("{prompt}: ");
    }
    let mut line = String::new();
    stdin.lock().read_line(&mut line).map_err(unreadable)?;
    Ok(line.trim().to_owned())
}

/// A password: asked without echo on a terminal, else the next line of stdin. Never a flag (it
/// would stay in the shell's history and the process list).
fn ask_secret(prompt: &str) -> Result<SecretString, Failure> {
    let stdin = std::io::stdin();
    let text = if stdin.is_terminal() {
        rpassword::prompt_password(format!("{prompt}: ")).map_err(unreadable)?
    } else {
        let mut line = String::new();
        stdin.lock().read_line(&mut line).map_err(unreadable)?;
        line.trim_end_matches(['\r', '\n']).to_owned()
    };
    Ok(SecretString::new(text))
}

/// `paydesk profile check`: the checkup, one line per credential or setting; exit 1 when
/// something was tried and failed.
pub async fn check_profile(ctx: &Context<'_>) -> Outcome {
    let ledger = ctx.ledger().ok();
    let report = crate::checkup::run(ctx.connection, ledger).await;
    let failed = report.has_failures();
    let document = serde_json::to_value(&report).unwrap_or_default();
    let code = ctx.out.done(&document, || {
        let mut text = crate::t!(
            "cli-checkup-title",
            profile = ctx.connection.profile_name.as_str(),
            interface = ctx.connection.client.dialect().label()
        );
        for line in &report.lines {
            text.push_str(&format!(
                "\n{} {}: {}",
                line.verdict.mark(),
                line.item.label(),
                line.said
            ));
            if let Some(fix) = &line.fix
                && line.verdict != Verdict::Works
            {
                text.push_str(&format!("\n    → {fix}"));
            }
        }
        text
    });
    Ok(if failed { ExitCode::from(1) } else { code })
}
