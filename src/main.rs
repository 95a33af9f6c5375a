//! `paydesk`: with a subcommand, runs that operation and exits; without one, opens the app.

// On Windows the release build is a windowed program: a shop owner who opens it sees no console.
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

use std::process::ExitCode;

use paydesk::cli;
use paydesk::config::{EnvOverrides, Paths};
use paydesk::ui::{self, AppOptions, services::session::SecretsSource};

fn main() -> ExitCode {
    attach_console();
    // Logs go to stderr, quiet by default; PAYDESK_LOG=debug for whoever debugs. Secrets are
    // never logged (they only exist as `SecretString`, which prints redacted).
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("PAYDESK_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let mut cli = cli::parse();
    paydesk::i18n::set(cli.lang.unwrap_or_else(paydesk::i18n::Language::from_os));
    // One runtime, owned here (not `#[tokio::main]`), so the desktop app can share it.
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!(
                "{}",
                paydesk::t!("main-threads-failed", error = error.to_string())
            );
            return ExitCode::from(3);
        }
    };
    let Some(command) = cli.command.take() else {
        return open_app(&runtime, cli.profile, cli.lang);
    };
    runtime.block_on(cli::run(cli, command))
}

fn open_app(
    runtime: &tokio::runtime::Runtime,
    profile: Option<String>,
    language: Option<paydesk::i18n::Language>,
) -> ExitCode {
    let paths = match Paths::from_environment() {
        Ok(paths) => paths,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::from(2);
        }
    };
    let options = AppOptions {
        paths,
        profile,
        language,
        env: EnvOverrides::from_environment(),
        // The OS keyring, or memory only with PAYDESK_NO_KEYRING (see `SecretStore::for_this_run`).
        secrets: SecretsSource::Platform,
        alerts: true,
        webhook_listen: None,
        updates: true,
        speaker: paydesk::speech::Speaker::System,
        monitors: None,
        picker: paydesk::ui::plumbing::pick::Picker::System,
    };
    let opened = ui::run(runtime, options);
    // "Instalar al cerrar": the window has closed, so the installer may replace paydesk now.
    if let Some(Err(error)) = paydesk::update::run_armed() {
        eprintln!("{error}");
        say_in_a_box(&paydesk::t!("main-update-failed-title"), &error.to_string());
    }
    match opened {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let words = paydesk::t!("main-window-failed", error = error.to_string());
            eprintln!("{words}");
            // Opened from the Start menu there is no terminal to read: the system says it.
            say_in_a_box(
                &paydesk::t!("main-no-window-title"),
                &paydesk::t!("main-no-window-box", error = error.to_string()),
            );
            ExitCode::from(3)
        }
    }
}

/// A native message box (no renderer is needed for one).
#[cfg(windows)]
fn say_in_a_box(title: &str, text: &str) {
    use windows_sys::Win32::UI::WindowsAndMessaging::{MB_ICONERROR, MB_OK, MessageBoxW};
    let wide = |text: &str| text.encode_utf16().chain([0]).collect::<Vec<u16>>();
    let (title, text) = (wide(title), wide(text));
    // SAFETY: both pointers are to NUL-terminated UTF-16 strings that outlive the call; a null
    // owner window is allowed.
    unsafe {
        MessageBoxW(
            std::ptr::null_mut(),
            text.as_ptr(),
            title.as_ptr(),
            MB_OK | MB_ICONERROR,
        );
    }
}

#[cfg(not(windows))]
fn say_in_a_box(_title: &str, _text: &str) {}

/// A windowed Windows program has no console: a command typed in a terminal writes to that
/// terminal's. Elsewhere there is nothing to do.
#[cfg(windows)]
fn attach_console() {
    use windows_sys::Win32::System::Console::{ATTACH_PARENT_PROCESS, AttachConsole};
    // SAFETY: AttachConsole takes a process id and has no memory-safety preconditions; it fails
    // harmlessly when there is no parent console (the app opened from the Start menu).
    unsafe {
        AttachConsole(ATTACH_PARENT_PROCESS);
    }
}

#[cfg(not(windows))]
fn attach_console() {}
