//! Settings → Ledger: where this till keeps its ledger (this computer, or the shop's shared
//! one), the shared ledger's password, and a button that tests the connection.

use egui::{RichText, Ui};

use crate::i18n::Problem;
use crate::ledger::{LedgerChoice, LedgerError};
use crate::secrets::{SecretKind, SecretString};
use crate::t;
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Task, finished};
use crate::ui::widgets::form::secret_row;
use crate::ui::widgets::problem::{Tone, explained};

/// What the section shows of the session.
pub struct LedgerView<'a> {
    /// Where the open ledger is, or why it could not be opened.
    pub ledger: Result<(String, bool), &'a Problem>,
    /// The profile's `ledger_url`, if it names a shared one.
    pub profile_ledger_url: Option<&'a str>,
}

/// What the section asks the panel to do.
#[derive(Debug, Clone)]
pub enum LedgerCommand {
    SavePassword(SecretString),
    Test,
}

#[derive(Default)]
pub struct LedgerSection {
    password: String,
    testing: Option<Task<Result<String, LedgerError>>>,
    /// The last test's answer, and when it came (an answer stays until the next test: its time
    /// says how old it is).
    tested: Option<(String, Result<String, Problem>)>,
}

impl LedgerSection {
    /// Runs a connection test off the UI thread: open the profile's ledger as a till would,
    /// read its schema version.
    pub fn test(&mut self, work: &LogicContext<'_>) {
        let data_dir = work.paths.data_dir.clone();
        let secrets = work.session.secrets.clone();
        let profile_name = work.session.profile_name().to_owned();
        let ledger_url = work.session.connection.profile.ledger_url.clone();
        self.tested = None;
        self.testing = Some(work.bridge.spawn_blocking(move || {
            let choice = LedgerChoice::for_profile(ledger_url.as_deref(), None)?;
            let ledger = choice.open(&data_dir, &profile_name, &secrets)?;
            let version = ledger.schema_version()?;
            let mut answer = t!(
                "settings-ledger-test-ok",
                place = ledger.location(),
                version = version
            );
            // Tills under other profile names share the database but not the day's list or the
            // payout rules: said here, where a till is set up.
            let others: Vec<String> = ledger
                .profiles()?
                .into_iter()
                .filter(|name| *name != profile_name)
                .collect();
            if ledger.is_shared() && !others.is_empty() {
                answer.push_str(". ");
                answer.push_str(&t!(
                    "settings-ledger-other-profiles",
                    profiles = others.join(", "),
                    profile = profile_name.as_str()
                ));
            }
            Ok(answer)
        }));
    }

    pub fn logic(&mut self) {
        if let Some(result) = finished(&mut self.testing) {
            let result = result.map_err(|error| Problem::of(&error));
            self.tested = Some((crate::clock::shown_time(crate::clock::now_ms()), result));
        }
    }

    pub fn ui(&mut self, ui: &mut Ui, view: &LedgerView<'_>) -> Option<LedgerCommand> {
        let mut command = None;
        ui.label(RichText::new(t!("settings-ledger")).strong());
        match &view.ledger {
            Ok((place, true)) => {
                ui.label(t!("settings-ledger-shared", place = place.as_str()));
            }
            Ok((place, false)) => {
                ui.label(t!("settings-ledger-here", place = place.as_str()));
                ui.label(RichText::new(t!("settings-ledger-how-to-share")).weak());
            }
            Err(problem) => explained(ui, Tone::Failed, *problem),
        }
        if view.profile_ledger_url.is_some() {
            egui::Grid::new("ledger-password")
                .num_columns(2)
                .show(ui, |ui| {
                    secret_row(
                        ui,
                        &t!("settings-ledger-password"),
                        &mut self.password,
                        &t!("hint-ledger-password"),
                        None,
                    );
                });
        }
        ui.horizontal(|ui| {
            if view.profile_ledger_url.is_some()
                && ui
                    .add_enabled(
                        !self.password.is_empty(),
                        egui::Button::new(t!("settings-ledger-save-password")),
                    )
                    .clicked()
            {
                command = Some(LedgerCommand::SavePassword(SecretString::new(
                    std::mem::take(&mut self.password),
                )));
            }
            if ui
                .add_enabled(
                    self.testing.is_none(),
                    egui::Button::new(t!("settings-ledger-test")),
                )
                .clicked()
            {
                command = Some(LedgerCommand::Test);
            }
            if self.testing.is_some() {
                ui.spinner();
            }
        });
        if let Some((time, result)) = &self.tested {
            ui.label(RichText::new(t!("settings-ledger-tested-at", time = time.as_str())).weak());
            match result {
                Ok(message) => {
                    ui.label(RichText::new(message).color(crate::ui::theme::palette(ui).success));
                }
                Err(problem) => explained(ui, Tone::Failed, problem),
            }
        }
        command
    }
}

/// The keyring entry a saved password goes to.
pub fn password_secret(password: SecretString) -> (SecretKind, SecretString) {
    (SecretKind::LedgerPassword, password)
}
