//! `paydesk update check` and `paydesk update install`: the same look, download and checks as
//! the app, from a terminal. Only the maker's signed files, only forward; a refusal says why and
//! installs nothing (exit 1), a line that fails exits 3, a bad address or an update turned off
//! exits 2.

use std::process::ExitCode;

use serde_json::json;

use crate::cli::args::UpdateCommand;
use crate::cli::output::Output;
use crate::config::{Paths, single_instance};
use crate::update::{Check, Installed, Offer, TrustedKey, UpdateError, Updater};

/// Why an update command stopped.
enum Stop {
    Update(UpdateError),
    /// A paydesk window is open here, and this installation would close it.
    WindowOpen,
    /// Looking is off in Configuración, or the settings cannot be read.
    Settings(String),
}

impl From<UpdateError> for Stop {
    fn from(error: UpdateError) -> Self {
        Stop::Update(error)
    }
}

pub async fn update(out: Output, command: &UpdateCommand) -> ExitCode {
    match run(out, command).await {
        Ok(code) => code,
        Err(stop) => failed(out, &stop),
    }
}

async fn run(out: Output, command: &UpdateCommand) -> Result<ExitCode, Stop> {
    let (feed, install) = match command {
        UpdateCommand::Check { feed } => (feed, false),
        UpdateCommand::Install { feed } => (feed, true),
    };
    let paths = Paths::from_environment().map_err(|error| Stop::Settings(error.to_string()))?;
    let settings = paths
        .load()
        .map_err(|error| Stop::Settings(error.to_string()))?
        .updates;
    // Off means no look at all, even asked for here: the owner (or a reseller who updates the
    // shop's computers) decided.
    if !settings.look {
        return Err(Stop::Settings(crate::t!("cli-update-off")));
    }
    let feed_url = feed.as_deref().unwrap_or_else(|| settings.feed_url());
    let updater = Updater::new(feed_url, TrustedKey::release(), &paths.data_dir)?;
    if TrustedKey::is_test_build() {
        out.note(crate::t!("cli-update-test-key"));
    }
    out.note(crate::t!(
        "cli-update-looking",
        url = updater.feed_url().as_str()
    ));
    let offer = match updater.check().await? {
        Check::UpToDate { running } => {
            let document = json!({
                "running": running.to_string(),
                "latest": running.to_string(),
                "newer": false,
            });
            return Ok(out.done(&document, || {
                crate::t!("cli-update-current", version = running.to_string())
            }));
        }
        Check::Newer(offer) => *offer,
    };
    if !install {
        return Ok(found(out, &updater, &offer));
    }
    // Asked before downloading, and again before installing: a window may open meanwhile.
    if window_in_the_way(&updater, &paths).await {
        return Err(Stop::WindowOpen);
    }
    out.note(crate::t!(
        "cli-update-downloading",
        version = offer.version.to_string()
    ));
    let verified = updater.download(&offer, |_, _| {}).await?;
    if window_in_the_way(&updater, &paths).await {
        return Err(Stop::WindowOpen);
    }
    let platform = updater.platform().clone();
    let installed = tokio::task::spawn_blocking(move || {
        crate::update::install(&verified, &platform, &TrustedKey::release(), true)
    })
    .await
    .map_err(|error| UpdateError::Install(error.to_string()))??;
    let version = offer.version.to_string();
    let (action, words, file, command) = match &installed {
        Installed::InstallerStarted => (
            "installer-started",
            crate::t!("cli-update-installer-started", version = version.as_str()),
            None,
            None,
        ),
        Installed::Replaced(path) => (
            "replaced",
            crate::t!(
                "cli-update-replaced",
                version = version.as_str(),
                path = path.display().to_string()
            ),
            Some(path.display().to_string()),
            None,
        ),
        Installed::RunCommand { command, file } => (
            "run-command",
            crate::t!(
                "cli-update-run-command",
                version = version.as_str(),
                command = command.as_str()
            ),
            Some(file.display().to_string()),
            Some(command.clone()),
        ),
    };
    let document = json!({
        "running": updater.running().to_string(),
        "installed": version,
        "action": action,
        "file": file,
        "command": command,
    });
    Ok(out.done(&document, || words))
}

/// Whether installing here would close an open paydesk window: only the Windows setup does, and
/// a cashier may be in the middle of a sale (the app installs at its own close instead).
async fn window_in_the_way(updater: &Updater, paths: &Paths) -> bool {
    if !updater.platform().closes_an_open_paydesk() {
        return false;
    }
    let config_dir = paths.config_dir.clone();
    // The look waits for an answer for a few seconds: off the runtime's threads.
    tokio::task::spawn_blocking(move || single_instance::window_open(&config_dir))
        .await
        .unwrap_or(true)
}

/// A newer version, said with what changed.
fn found(out: Output, updater: &Updater, offer: &Offer) -> ExitCode {
    let document = json!({
        "running": updater.running().to_string(),
        "latest": offer.version.to_string(),
        "newer": true,
        "published": crate::clock::shown_datetime(offer.published.saturating_mul(1000)),
        "notes": {"es": offer.notes.es, "en": offer.notes.en},
        "file": offer.file.as_ref().map(|file| json!({
            "name": file.name,
            "size": file.size,
            "sha256": file.sha256,
        })),
    });
    out.done(&document, || {
        let mut text = crate::t!(
            "cli-update-found",
            version = offer.version.to_string(),
            running = updater.running().to_string()
        );
        text.push('\n');
        text.push_str(offer.notes_shown());
        text.push('\n');
        text.push_str(&crate::t!("cli-update-how"));
        text
    })
}

fn failed(out: Output, stop: &Stop) -> ExitCode {
    let (code, message, exit) = match stop {
        Stop::Update(error) => {
            let exit = match error {
                UpdateError::BadAddress { .. } | UpdateError::NotInstallable => 2,
                error if error.is_network() => 3,
                UpdateError::Disk { .. } | UpdateError::Install(_) => 3,
                _ => 1,
            };
            // A terminal has no fold: what the line or the disk said goes on a line of its own.
            let message = crate::i18n::in_full(error);
            (format!("update.{}", error.code()), message, exit)
        }
        Stop::Settings(message) => ("update.off".to_owned(), message.clone(), 2),
        Stop::WindowOpen => (
            "update.window_open".to_owned(),
            crate::t!("cli-update-window-open"),
            1,
        ),
    };
    if out.json {
        let document = json!({"error": {"code": code, "message": message}});
        println!(
            "{}",
            serde_json::to_string_pretty(&document).unwrap_or_default()
        );
    } else {
        eprintln!("{}", crate::untrusted::for_terminal(&message));
    }
    ExitCode::from(exit)
}
