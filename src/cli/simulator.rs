//! The command line's side of "one simulator per computer": `paydesk simulator` serves the data
//! folder's simulator (or says which process already does), and a command that needs the
//! simulator uses the running one, or starts one in the background first: a simulator of the
//! command's own would end with it, and the link it printed would end too.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use super::commands;
use super::output::{Failure, Output};
use crate::config::Paths;
use crate::simulator::{IdleLimits, Served, SimulatorConfig, SimulatorConnection, find_or_serve};

/// How long a command waits for the simulator it started in the background to answer.
const BACKGROUND_START: Duration = Duration::from_secs(10);

/// `paydesk simulator`: serves this computer's simulator and prints its connection as
/// `KEY=VALUE` lines (or one JSON object) until Ctrl-C; when one already runs for the same state,
/// prints that one's and starts nothing. `background`: started by a command, silent, ending by
/// itself once unused.
pub(super) async fn serve(
    out: Output,
    addr: std::net::SocketAddr,
    state: Option<PathBuf>,
    background: bool,
) -> ExitCode {
    let state_file = match state {
        Some(file) => file,
        None => match Paths::from_environment() {
            Ok(paths) => {
                if let Err(error) = crate::owner_only::folder(&paths.data_dir) {
                    return out.failed(&cannot_start(addr, &error));
                }
                paths.simulator_state()
            }
            Err(error) => return out.failed(&Failure::Config(error)),
        },
    };
    let served = find_or_serve(SimulatorConfig {
        addr,
        state_file: Some(state_file),
        ..SimulatorConfig::default()
    })
    .await;
    match served {
        Err(error) => out.failed(&cannot_start(addr, &error)),
        Ok(Served::Elsewhere(_)) if background => ExitCode::SUCCESS,
        Ok(Served::Elsewhere(found)) => {
            print_connection(out, found.connection());
            out.note(crate::t!(
                "cli-simulator-already-running",
                pid = found.pid().to_string(),
                url = found.connection().control_url.clone()
            ));
            ExitCode::SUCCESS
        }
        Ok(Served::Here(simulator)) if background => {
            simulator
                .serve_until_idle(IdleLimits::BACKGROUND, terminated())
                .await;
            ExitCode::SUCCESS
        }
        Ok(Served::Here(simulator)) => {
            print_connection(out, simulator.connection());
            out.note(crate::t!("cli-serving-simulator"));
            terminated().await;
            simulator.stop().await;
            ExitCode::SUCCESS
        }
    }
}

fn cannot_start(addr: std::net::SocketAddr, error: &dyn std::fmt::Display) -> Failure {
    Failure::Local(crate::t!(
        "cli-simulator-cannot-start",
        address = addr.to_string(),
        error = error.to_string()
    ))
}

fn print_connection(out: Output, connection: &SimulatorConnection) {
    let pairs = connection.pairs();
    let document = commands::document(&pairs);
    out.done(&document, || {
        pairs
            .iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect::<Vec<_>>()
            .join("\n")
    });
}

/// Ctrl-C, or (Unix) a polite `kill`: either way the state is saved before the end.
async fn terminated() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    if let Err(error) = tokio::signal::ctrl_c().await {
        tracing::error!(%error, "cannot wait for Ctrl-C");
        std::future::pending::<()>().await;
    }
}

/// Before a command talks to the simulator profile: the simulator this computer already runs
/// (the app's, `paydesk simulator`'s, or one a command started), or one started now in the
/// background, so that what the command creates stays payable after it ends.
#[cfg_attr(windows, allow(dead_code))]
pub(super) async fn ensure_running(paths: &Paths, out: Output) -> Result<(), Failure> {
    let state_file = paths.simulator_state();
    if crate::simulator::find(&state_file).await.is_some() {
        return Ok(());
    }
    let failed = |error: &dyn std::fmt::Display| {
        Failure::Local(crate::t!(
            "cli-simulator-background-failed",
            error = error.to_string()
        ))
    };
    crate::owner_only::folder(&paths.data_dir).map_err(|error| failed(&error))?;
    let mut child = start_in_background(&state_file).map_err(|error| failed(&error))?;
    let deadline = tokio::time::Instant::now() + BACKGROUND_START;
    loop {
        if let Some(found) = crate::simulator::find(&state_file).await {
            out.note(crate::t!(
                "cli-simulator-started-in-background",
                url = found.connection().control_url.clone(),
                minutes = (IdleLimits::BACKGROUND.quiet.as_secs() / 60).to_string()
            ));
            return Ok(());
        }
        // One that ended at once, well, found another starting at the same moment.
        if let Ok(Some(status)) = child.try_wait()
            && !status.success()
        {
            return Err(failed(&status));
        }
        if tokio::time::Instant::now() >= deadline {
            return Err(Failure::Local(crate::t!("simulator-not-running")));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// This very program, as `paydesk simulator --background`, apart from the terminal: no streams
/// of the command's (a script reading its output does not wait for the simulator), its own
/// process group (the terminal's Ctrl-C and hang-up are the command's), no console window.
#[cfg_attr(windows, allow(dead_code))]
fn start_in_background(state_file: &Path) -> std::io::Result<std::process::Child> {
    let mut command = std::process::Command::new(std::env::current_exe()?);
    command
        .arg("simulator")
        .arg("--background")
        .arg("--addr")
        .arg("127.0.0.1:0")
        .arg("--state")
        .arg(state_file)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    #[cfg(windows)]
    {
        use std::os::windows::process::CommandExt;
        const DETACHED_PROCESS: u32 = 0x0000_0008;
        const CREATE_NEW_PROCESS_GROUP: u32 = 0x0000_0200;
        const CREATE_NO_WINDOW: u32 = 0x0800_0000;
        command.creation_flags(DETACHED_PROCESS | CREATE_NEW_PROCESS_GROUP | CREATE_NO_WINDOW);
    }
    command.spawn()
}
