//! `paydesk profile list|add|use`: the settings file, from the command line (install scripts,
//! a shop PC set up over SSH). Never touches tokens: those go through the keyring or `PAYDESK_*`.

use crate::validate::Field;
use std::process::ExitCode;

use serde_json::{Value, json};

use super::args::{ProfileArgs, ProfileCommand, ProfileEnvironment};
use super::output::{Failure, Output};
use crate::api::Dialect;
use crate::config::{Environment, Paths, Profile, ProfileDraft};

pub fn run(command: &ProfileCommand, out: Output) -> Result<ExitCode, Failure> {
    let paths = Paths::from_environment()?;
    match command {
        ProfileCommand::List => list(&paths, out),
        ProfileCommand::Add(args) => add(&paths, args, out),
        // Answered with the profile's connection (`commands::check_profile`), never here.
        ProfileCommand::Check => Err(Failure::Local(crate::t!("cli-check-needs-service"))),
        ProfileCommand::Use { name } => {
            paths.set_active_profile(name)?;
            Ok(out.done(&json!({"active": name}), || {
                crate::t!("cli-now-uses-profile", name = name.as_str())
            }))
        }
    }
}

fn list(paths: &Paths, out: Output) -> Result<ExitCode, Failure> {
    let config = paths.load()?;
    let active = config.active_profile_name().to_owned();
    let mut rows = Vec::new();
    for name in config.profile_names() {
        let profile = config.profile(&name)?;
        rows.push((name, profile));
    }
    let document = json!({
        "active": active,
        "profiles": rows.iter().map(|(name, profile)| describe(name, profile)).collect::<Vec<_>>(),
    });
    Ok(out.done(&document, || {
        rows.iter()
            .map(|(name, profile)| {
                let marker = if *name == active { "*" } else { " " };
                // The simulator's environment already says "built in"; its place is this computer.
                let place = profile
                    .pay_url
                    .clone()
                    .or_else(|| profile.base_url.clone())
                    .unwrap_or_else(|| crate::t!("cli-on-this-computer"));
                format!(
                    "{marker} {name:<20} {:<18} {place}",
                    profile.environment.label()
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }))
}

fn add(paths: &Paths, args: &ProfileArgs, out: Output) -> Result<ExitCode, Failure> {
    let config = paths.load()?;
    let existing = config.profiles.get(args.name.trim()).cloned();
    if existing.is_some() && !args.replace {
        return Err(Failure::Input(vec![crate::validate::ValidationError::new(
            Field::Name,
            crate::t!("cli-profile-exists"),
        )]));
    }
    let interface = match &args.interface {
        None => Dialect::default(),
        Some(text) => Dialect::parse(text).ok_or_else(|| {
            Failure::Input(vec![crate::validate::ValidationError::new(
                Field::Interface,
                crate::t!("rule-interface-version"),
            )])
        })?,
    };
    let draft = ProfileDraft {
        name: args.name.clone(),
        environment: match args.environment {
            ProfileEnvironment::Sandbox => Environment::Sandbox,
            ProfileEnvironment::Production => Environment::Production,
        },
        base_url: args.base_url.clone(),
        pay_url: args.pay_url.clone(),
        user_id: args.user_id.clone().unwrap_or_default(),
        brand_id: args.brand_id.clone().unwrap_or_default(),
        webhook_url: args.webhook_url.clone().unwrap_or_default(),
        webhook_listen: args.webhook_listen.clone().unwrap_or_default(),
        merchant_id: args.merchant_id.clone().unwrap_or_default(),
        return_url: args.return_url.clone().unwrap_or_default(),
        show_summary: !args.no_summary,
        shop_name: args.shop_name.clone().unwrap_or_default(),
        shop_url: args.shop_url.clone().unwrap_or_default(),
        interface,
        ledger_url: args.ledger_url.clone().unwrap_or_default(),
    };
    let (name, profile) = draft
        .build(&config.profile_names(), existing.as_ref())
        .map_err(Failure::Input)?;
    paths.save_profile(&name, profile.clone())?;
    Ok(out.done(&describe(&name, &profile), || {
        crate::t!(
            "cli-profile-saved",
            name = name.as_str(),
            environment = profile.environment.label()
        )
    }))
}

fn describe(name: &str, profile: &Profile) -> Value {
    json!({
        "name": name,
        "environment": profile.environment,
        "base_url": profile.base_url,
        "pay_url": profile.pay_url,
        "user_id": profile.user_id,
        "brand_id": profile.brand_id,
        "webhook_url": profile.webhook_url,
        "webhook_listen": profile.webhook_listen(),
        "merchant_id": profile.merchant_id,
        "shop_url": profile.shop_url,
        "interface": profile.interface.version(),
        // Which tokens it has in the keyring, by name only.
        "secrets": profile.secrets.iter().map(|kind| kind.key()).collect::<Vec<_>>(),
    })
}
