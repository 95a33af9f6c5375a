//! `paydesk.com` on Windows: the console companion of the windowed `paydesk.exe`.
//!
//! A windowed program typed at a Windows prompt returns the prompt at once, prints after it and
//! loses its exit code. The installer puts this console program beside it as `paydesk.com`,
//! which the prompt runs for `paydesk` before `paydesk.exe` (PATHEXT lists .COM first): it runs
//! `paydesk.exe` with the same arguments on the same console and returns its exit code, so
//! `paydesk status REF` prints before the prompt returns and `%ERRORLEVEL%` is paydesk's.
//!
//! Only the standard library: it stays a few hundred kilobytes. Elsewhere it is not installed.

use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let program = match std::env::current_exe() {
        Ok(me) => me.with_file_name(if cfg!(windows) {
            "paydesk.exe"
        } else {
            "paydesk"
        }),
        Err(error) => {
            eprintln!("paydesk: {error}");
            return ExitCode::from(3);
        }
    };
    ignore_ctrl_c();
    // Standard input, output and error are this console's (inherited), so the windowed
    // program writes here and reads a password from here.
    match Command::new(&program)
        .args(std::env::args_os().skip(1))
        .status()
    {
        Ok(status) => match status.code() {
            Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(3)),
            None => ExitCode::from(3),
        },
        Err(error) => {
            eprintln!("paydesk: {}: {error}", program.display());
            ExitCode::from(3)
        }
    }
}

/// Ctrl+C reaches paydesk.exe too (it shares this console): it is the one that stops, saying
/// what it was doing; this one waits for it and returns its exit code.
#[cfg(windows)]
fn ignore_ctrl_c() {
    use windows_sys::Win32::System::Console::SetConsoleCtrlHandler;
    // SAFETY: a null handler with TRUE makes this process ignore Ctrl+C; no pointer is kept.
    unsafe {
        SetConsoleCtrlHandler(None, 1);
    }
}

#[cfg(not(windows))]
fn ignore_ctrl_c() {}
