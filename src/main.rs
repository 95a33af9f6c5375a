//! `paydesk`: with a subcommand, runs that operation and exits; without one, opens the app.

use std::process::ExitCode;

use clap::Parser;
use paydesk::cli::{self, args::Cli, args::Command};

fn main() -> ExitCode {
    // Logs go to stderr, quiet by default; PAYDESK_LOG=debug for whoever debugs. Secrets are
    // never logged (they only exist as `SecretString`, which prints redacted).
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("PAYDESK_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let mut cli = Cli::parse();
    // One runtime, owned here (not `#[tokio::main]`), so the desktop app can share it.
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("paydesk could not start its worker threads: {error}");
            return ExitCode::from(3);
        }
    };
    // Until the desktop app lands, no subcommand serves the built-in simulator in the foreground.
    let command = cli.command.take().unwrap_or(Command::Sandbox {
        addr: std::net::SocketAddr::from(([127, 0, 0, 1], 7300)),
        state: None,
    });
    runtime.block_on(cli::run(cli, command))
}
