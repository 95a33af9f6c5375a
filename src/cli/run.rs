//! Running a command: the gate asked first, the profile connected (or the local command run
//! without one), the outcome said and its exit code.

use std::process::ExitCode;

use super::args::{Cli, Command};
use super::commands::{Context, Local, PinReader};
use super::output::{Failure, Output};
use crate::config::{EnvOverrides, Paths};
use crate::connection::{ConnectError, SimulatorSource, connect};
use crate::secrets::SecretStore;

/// What was typed, read by clap, whose errors are said in the person's language (the language
/// is read first, from `--lang`, `PAYDESK_LANG` or the system). On an error this exits as clap
/// does: 2, nothing run (0 for `--help` and `--version`).
pub fn parse() -> Cli {
    use clap::{CommandFactory, FromArgMatches};
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let language = super::parse_errors::language_asked(&args);
    crate::i18n::set(language);
    super::help::in_words(Cli::command(), language)
        .try_get_matches_from(args)
        .and_then(|matches| Cli::from_arg_matches(&matches))
        .unwrap_or_else(|error| said_and_exit(error))
}

/// clap's error said in the person's words, and the exit clap chose: `--help` in their
/// language on stdout (0), any other error as `parse_errors` words it (2, or 0 for
/// `--version`).
fn said_and_exit(error: clap::Error) -> ! {
    use clap::error::ErrorKind;
    if error.kind() == ErrorKind::DisplayHelp {
        let help = super::help::said(&error.render().to_string());
        // A closed pipe (`| head`) leaves nothing to say it to.
        let _ = std::io::Write::write_all(&mut std::io::stdout().lock(), help.as_bytes());
        std::process::exit(0);
    }
    error.apply::<super::parse_errors::InWords>().exit()
}

pub async fn run(cli: Cli, command: Command) -> ExitCode {
    let out = Output { json: cli.json };
    // These run before anyone is asked who they are: only a command that needs nobody may.
    let needs = command.gate().needs;
    let asks_nobody = || {
        debug_assert_eq!(
            needs,
            super::gate::Needs::Nobody,
            "a command run before the owner's gate"
        )
    };
    match command {
        Command::Simulator {
            addr,
            state,
            background,
        } => {
            asks_nobody();
            return super::simulator::serve(out, addr, state, background).await;
        }
        Command::Manpage => {
            asks_nobody();
            return manpage();
        }
        Command::Update(update) => {
            asks_nobody();
            return super::commands::update(out, &update).await;
        }
        Command::ForgetThisComputer { yes } => {
            asks_nobody();
            return match forget_this_computer(yes) {
                Ok(code) => code,
                Err(failure) => out.failed(&failure),
            };
        }
        _ => {}
    }
    let result = match &command {
        // Profiles, the owner's PIN and the cashiers are this computer's: no service. A
        // profile's check asks its service.
        Command::Profile(super::args::ProfileCommand::Check) => {
            run_operation(&cli, &command, out).await
        }
        // A tab's link is made at the service.
        Command::Tab(super::args::TabCommand::Link { .. }) => {
            run_operation(&cli, &command, out).await
        }
        // A sale's QR or link is made at the service.
        Command::Sell(sell) if sell.parts.needs_service() => {
            run_operation(&cli, &command, out).await
        }
        Command::Sale(sale) if sale.again.needs_service() => {
            run_operation(&cli, &command, out).await
        }
        // The drawer, the tabs and the sales' journal are the books' alone: they work with the
        // line down.
        Command::Profile(_)
        | Command::Pin(_)
        | Command::Cashier(_)
        | Command::Cash(_)
        | Command::Tab(_)
        | Command::Sell(_)
        | Command::Sale(_)
        | Command::Sales { .. } => run_local(&cli, &command, out).await,
        _ => run_operation(&cli, &command, out).await,
    };
    match result {
        Ok(code) => code,
        Err(failure) => out.failed(&failure),
    }
}

/// This computer's side of a command: the settings, the profile's name, its ledger and the
/// keyring.
struct LocalParts {
    paths: Paths,
    profile_name: String,
    ledger: crate::ledger::LedgerChoice,
    secrets: SecretStore,
}

impl LocalParts {
    async fn of(cli: &Cli) -> Result<LocalParts, Failure> {
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
        let secrets = tokio::task::spawn_blocking(SecretStore::for_this_run)
            .await
            .map_err(|error| Failure::Local(error.to_string()))?;
        Ok(LocalParts {
            paths,
            profile_name,
            ledger,
            secrets,
        })
    }

    /// The profile's service: its connection, or why there is none, in the command line's terms.
    /// The simulator profile uses this computer's running simulator, started in the background
    /// first when none runs.
    async fn connect(&self, out: Output) -> Result<crate::connection::Connection, Failure> {
        let config = self.paths.load()?;
        let profile = config.profile(&self.profile_name)?;
        let env = EnvOverrides::from_environment();
        // On Windows a program file that runs cannot be replaced: a simulator left running in
        // the background would hold paydesk.exe against the next update for as long as it
        // waits. There a command serves the simulator itself while no other process does (as
        // before there was one per computer); its state is kept, and the app or `paydesk
        // simulator` serves it again at the same address, where its links are payable again.
        #[cfg(windows)]
        let source = {
            // Only a background start says anything on the way.
            let _ = out;
            SimulatorSource::ServeHere(None)
        };
        #[cfg(not(windows))]
        let source = {
            if crate::connection::uses_built_in_simulator(&profile, &env) {
                super::simulator::ensure_running(&self.paths, out).await?;
            }
            SimulatorSource::FindOnly
        };
        connect(
            &self.paths,
            &self.profile_name,
            profile,
            &env,
            &self.secrets,
            source,
        )
        .await
        .map_err(|error| match error {
            ConnectError::Config(error) => Failure::Config(error),
            ConnectError::Api(error) => Failure::Api(error),
            ConnectError::Input(error) => Failure::Input(vec![error]),
            error @ (ConnectError::Simulator(_) | ConnectError::NoSimulator) => {
                Failure::Local(error.to_string())
            }
        })
    }

    /// Who sells from this command with the line down: the books alone, no service.
    fn seller(
        &self,
        actor: crate::ledger::activity::Actor,
        out: Output,
    ) -> super::commands::Seller<'_> {
        super::commands::Seller {
            local: self.local(),
            connection: None,
            actor,
            out,
        }
    }

    fn local(&self) -> Local<'_> {
        Local {
            paths: &self.paths,
            profile_name: &self.profile_name,
            ledger: &self.ledger,
            secrets: &self.secrets,
        }
    }
}

/// The owner's PIN, where the command needs it: who acts.
async fn who_acts(
    cli: &Cli,
    command: &Command,
    local: &Local<'_>,
) -> Result<crate::ledger::activity::Actor, Failure> {
    use crate::ledger::activity::{Actor, Role};
    if command.gate().needs == super::gate::Needs::Owner {
        let restoring = matches!(
            command,
            Command::Ledger(super::args::LedgerCommand::Restore { .. })
        );
        let reader = PinReader {
            stdin: cli.pin_stdin,
        };
        super::commands::owner_gate(local, reader, restoring).await
    } else {
        Ok(Actor::new(Role::Anyone, ""))
    }
}

/// Profiles, the owner's PIN, the cashiers and the drawer.
async fn run_local(cli: &Cli, command: &Command, out: Output) -> Result<ExitCode, Failure> {
    // A profile change is gated by the PIN of the ledger the shop uses now.
    let parts = match command {
        Command::Profile(_) if command.gate().needs != super::gate::Needs::Owner => None,
        _ => Some(LocalParts::of(cli).await?),
    };
    let reader = PinReader {
        stdin: cli.pin_stdin,
    };
    let actor = match &parts {
        Some(parts) => who_acts(cli, command, &parts.local()).await?,
        None => crate::ledger::activity::Actor::new(crate::ledger::activity::Role::Anyone, ""),
    };
    let code = match (command, &parts) {
        (Command::Profile(profile), _) => super::profiles::run(profile, out)?,
        (Command::Pin(pin), Some(parts)) => {
            super::commands::set_pin(&parts.local(), reader, actor.clone(), out, pin).await?
        }
        (Command::Cashier(cashier), Some(parts)) => {
            super::commands::cashier(&parts.local(), reader, actor.clone(), out, cashier).await?
        }
        (Command::Cash(cash), Some(parts)) => {
            super::commands::cash(&parts.local(), actor.clone(), out, cash).await?
        }
        (Command::Tab(tab), Some(parts)) => {
            super::commands::tab(&parts.local(), actor.clone(), out, tab).await?
        }
        (Command::Sell(sell), Some(parts)) => {
            let seller = parts.seller(actor.clone(), out);
            super::commands::sell_from_terminal(&seller, sell).await?
        }
        (Command::Sale(sale), Some(parts)) if sale.again.is_asked() => {
            let seller = parts.seller(actor.clone(), out);
            super::commands::charge_again_from_terminal(&seller, sale).await?
        }
        (Command::Sale(sale), Some(parts)) => {
            super::commands::show_sale(&parts.local(), out, &sale.number).await?
        }
        (Command::Sales { from, to }, Some(parts)) => {
            super::commands::list_sales(&parts.local(), out, from.as_deref(), to.as_deref()).await?
        }
        _ => ExitCode::SUCCESS,
    };
    if let (Some(parts), super::gate::Logged::Entry(action, detail)) =
        (&parts, command.gate().logged)
    {
        super::commands::record(&parts.local(), &actor, action, &detail).await;
    }
    Ok(code)
}

async fn run_operation(cli: &Cli, command: &Command, out: Output) -> Result<ExitCode, Failure> {
    let parts = LocalParts::of(cli).await?;
    // Before any service is asked anything: a missing or wrong PIN sends nothing.
    let actor = who_acts(cli, command, &parts.local()).await?;
    let connection = parts.connect(out).await?;
    if connection.simulator.is_some() {
        out.note(crate::t!("cli-using-simulator"));
    }
    let ctx = Context {
        connection: &connection,
        out,
        paths: &parts.paths,
        secrets: &parts.secrets,
        ledger: &parts.ledger,
        actor: actor.clone(),
    };
    let result = super::commands::run(&ctx, command).await;
    connection.close().await;
    if result.is_ok()
        && let super::gate::Logged::Entry(action, detail) = command.gate().logged
    {
        super::commands::record(&parts.local(), &actor, action, &detail).await;
    }
    result
}

/// `paydesk manpage`: the man page the Linux packages install, from clap's own definition.
fn manpage() -> ExitCode {
    use clap::CommandFactory;
    match clap_mangen::Man::new(super::args::Cli::command()).render(&mut std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{error}");
            ExitCode::from(3)
        }
    }
}

/// The uninstaller's "do not keep the books": the keyring entries first (they are found by the
/// profiles' names, which the settings hold), then the folders.
fn forget_this_computer(yes: bool) -> Result<ExitCode, Failure> {
    if !yes {
        return Err(Failure::Local(crate::t!("cli-forget-needs-yes")));
    }
    let paths = Paths::from_environment()?;
    let names = paths
        .load()
        .map(|config| config.profile_names())
        .unwrap_or_else(|_| vec![crate::config::SIMULATOR_PROFILE.to_owned()]);
    let secrets = SecretStore::for_this_run();
    for name in &names {
        if let Err(error) = secrets.delete_all(name) {
            tracing::warn!(%error, profile = name.as_str(), "a token stayed in the keyring");
        }
    }
    for dir in [&paths.config_dir, &paths.data_dir] {
        match std::fs::remove_dir_all(dir) {
            Ok(()) => {}
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(source) => {
                return Err(Failure::Local(crate::t!(
                    "cli-forget-failed",
                    path = dir.display().to_string(),
                    error = source.to_string()
                )));
            }
        }
        // The home under the app id, once empty.
        if let Some(parent) = dir.parent() {
            crate::owner_only::remove_leftover(parent);
        }
    }
    Ok(ExitCode::SUCCESS)
}
