//! `paydesk <command>`: one subcommand per operation, for automation and scripting. Human text
//! by default, exactly one JSON document with `--json`, and exit codes a script can branch on.

pub mod args;
mod commands;
pub mod output;
mod profiles;

use std::process::ExitCode;

use args::{Cli, Command};
use commands::Context;
use output::{Failure, Output};

use crate::config::{EnvOverrides, Paths};
use crate::connection::{ConnectError, connect};
use crate::secrets::SecretStore;
use crate::simulator::{Simulator, SimulatorConfig};

pub async fn run(cli: Cli, command: Command) -> ExitCode {
    let out = Output { json: cli.json };
    if let Command::Simulator { addr, state } = command {
        return serve_simulator(out, addr, state).await;
    }
    if let Command::Manpage = command {
        return manpage();
    }
    // Profiles are settings: no service, no keyring.
    if let Command::Profile(command) = &command {
        return match profiles::run(command, out) {
            Ok(code) => code,
            Err(failure) => out.failed(&failure),
        };
    }
    match run_operation(&cli, &command, out).await {
        Ok(code) => code,
        Err(failure) => out.failed(&failure),
    }
}

async fn run_operation(cli: &Cli, command: &Command, out: Output) -> Result<ExitCode, Failure> {
    let paths = Paths::from_environment()?;
    let config = paths.load()?;
    let profile_name = cli
        .profile
        .clone()
        .unwrap_or_else(|| config.active_profile_name().to_owned());
    let profile = config.profile(&profile_name)?;
    let ledger = crate::ledger::LedgerChoice::for_profile(
        profile.ledger_url.as_deref(),
        cli.ledger_url.as_deref(),
    )
    .map_err(|error| {
        Failure::Input(vec![crate::validate::ValidationError::new(
            crate::validate::Field::LedgerUrl,
            error.to_string(),
        )])
    })?;
    let env = EnvOverrides::from_environment();
    let secrets = tokio::task::spawn_blocking(SecretStore::for_this_run)
        .await
        .map_err(|error| Failure::Local(error.to_string()))?;
    let connection = connect(&paths, &profile_name, profile, &env, &secrets, None)
        .await
        .map_err(|error| match error {
            ConnectError::Config(error) => Failure::Config(error),
            ConnectError::Api(error) => Failure::Api(error),
            ConnectError::Input(error) => Failure::Input(vec![error]),
            ConnectError::Simulator(error) => Failure::Local(crate::t!(
                "simulator-start-failed",
                error = error.to_string()
            )),
        })?;
    if connection.simulator.is_some() {
        out.note(crate::t!("cli-using-simulator"));
    }
    let ctx = Context {
        connection: &connection,
        out,
        paths: &paths,
        secrets: &secrets,
        ledger: &ledger,
    };
    let result = match command {
        Command::Register(args) => commands::register(&ctx, args).await,
        Command::Methods {
            method_type,
            user_id,
        } => commands::methods(&ctx, method_type, *user_id).await,
        Command::Resource(args) => commands::resource(&ctx, args).await,
        Command::Checkout(args) => commands::checkout(&ctx, args).await,
        Command::Link(args) => commands::link(&ctx, args).await,
        Command::Charge(args) => commands::charge(&ctx, args).await,
        Command::Status {
            reference,
            wait,
            wait_limit,
        } => commands::status(&ctx, reference, *wait, *wait_limit).await,
        Command::Banks { method_id } => commands::banks(&ctx, *method_id).await,
        Command::InstantBanks { cellphone } => commands::instant_banks(&ctx, cellphone).await,
        Command::Otp { reason } => commands::otp(&ctx, *reason).await,
        Command::Account(command) => commands::account(&ctx, command).await,
        Command::Payout(args) => commands::payout(&ctx, args).await,
        Command::Balance { user_id } => commands::balance(&ctx, *user_id).await,
        Command::Payouts { check, limit } => {
            commands::payouts(&ctx, check.as_deref(), *limit).await
        }
        Command::Webhooks(args::WebhooksCommand::Serve { addr }) => {
            commands::serve_webhooks(&ctx, *addr).await
        }
        Command::Webhooks(args::WebhooksCommand::Verify { file }) => {
            commands::verify_webhook(&ctx, file)
        }
        Command::Ledger(args::LedgerCommand::Export {
            from,
            to,
            csv,
            all_profiles,
        }) => {
            commands::export_ledger(&ctx, from.as_deref(), to.as_deref(), csv, *all_profiles).await
        }
        Command::Ledger(args::LedgerCommand::Watch) => commands::watch_ledger(&ctx).await,
        Command::Customer(args::CustomerCommand::Forget {
            cellphone,
            document,
            email,
        }) => {
            commands::forget_customer(
                &ctx,
                cellphone.as_deref(),
                document.as_deref(),
                email.as_deref(),
            )
            .await
        }
        Command::Ledger(args::LedgerCommand::Backup { to }) => {
            commands::backup_ledger(&ctx, to.as_deref()).await
        }
        Command::Ledger(args::LedgerCommand::Restore { file, newest, yes }) => {
            commands::restore_ledger(&ctx, file.as_deref(), *newest, *yes).await
        }
        Command::Ledger(args::LedgerCommand::Close { from, to }) => {
            commands::close_ledger(&ctx, from.as_deref(), to.as_deref()).await
        }
        Command::Notify(args) => commands::notify(&ctx, args).await,
        Command::Simulator { .. } | Command::Profile(_) | Command::Manpage => Ok(ExitCode::SUCCESS),
    };
    connection.close().await;
    result
}

/// `paydesk manpage`: the man page the Linux packages install, from clap's own definition.
fn manpage() -> ExitCode {
    use clap::CommandFactory;
    match clap_mangen::Man::new(args::Cli::command()).render(&mut std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{error}");
            ExitCode::from(3)
        }
    }
}

/// `paydesk simulator`: prints the connection as `KEY=VALUE` lines (or one JSON object) and
/// serves until Ctrl-C.
async fn serve_simulator(
    out: Output,
    addr: std::net::SocketAddr,
    state: Option<std::path::PathBuf>,
) -> ExitCode {
    let simulator = match Simulator::start(SimulatorConfig {
        addr,
        state_file: state,
        ..SimulatorConfig::default()
    })
    .await
    {
        Ok(simulator) => simulator,
        Err(error) => {
            return out.failed(&Failure::Local(crate::t!(
                "cli-simulator-cannot-start",
                address = addr.to_string(),
                error = error.to_string()
            )));
        }
    };
    let pairs = simulator.connection().pairs();
    let document = commands::document(&pairs);
    out.done(&document, || {
        pairs
            .iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect::<Vec<_>>()
            .join("\n")
    });
    out.note(crate::t!("cli-serving-simulator"));
    if let Err(error) = tokio::signal::ctrl_c().await {
        tracing::error!(%error, "cannot wait for Ctrl-C");
    }
    simulator.stop().await;
    ExitCode::SUCCESS
}
