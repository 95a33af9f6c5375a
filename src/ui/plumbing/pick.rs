//! Choosing a folder or a file with the system's own dialog (rfd: Windows' and macOS's own
//! dialogs, the desktop's file chooser portal on Linux, zenity where there is no portal). The
//! dialog waits for the person on a thread of its own; its answer comes back through the bridge
//! like any other work, so no frame waits for it. A path can still be typed where the dialog
//! cannot open (no portal and no zenity: rfd then answers as if it had been closed).

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::t;
use crate::ui::plumbing::bridge::{Bridge, Task};

/// What a dialog is opened for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// The folder the books' copies go to.
    BackupFolder,
    /// A copy of the books to restore (from a USB stick, a download).
    CopyToRestore,
    /// The folder the QR images, PDFs and CSVs go to.
    ExportsFolder,
}

/// Who answers a `Pick`: the system's dialog, or a test's stand-in.
#[derive(Debug, Clone, Default)]
pub enum Picker {
    #[default]
    System,
    /// Gives the answers put in with `answer_next`, oldest first; none left: as if the person
    /// closed the dialog. What it was asked for is kept for the test to read.
    StandIn(Arc<Mutex<StandIn>>),
}

#[derive(Debug, Default)]
pub struct StandIn {
    answers: VecDeque<Option<PathBuf>>,
    asked: Vec<(Pick, Option<PathBuf>)>,
}

impl Picker {
    /// A stand-in with no answers yet (tests).
    pub fn stand_in() -> Picker {
        Picker::StandIn(Arc::default())
    }

    /// What the stand-in answers next (the folder or file the person would choose).
    pub fn answer_next(&self, answer: Option<PathBuf>) {
        if let Picker::StandIn(stand_in) = self {
            lock(stand_in).answers.push_back(answer);
        }
    }

    /// What the stand-in was asked for, and the folder each dialog was to open at.
    pub fn asked(&self) -> Vec<(Pick, Option<PathBuf>)> {
        match self {
            Picker::StandIn(stand_in) => lock(stand_in).asked.clone(),
            Picker::System => Vec::new(),
        }
    }

    /// Opens the dialog for `pick` at `start`; the task ends with what was chosen (`None`: the
    /// dialog was closed).
    pub fn ask(
        &self,
        bridge: &Bridge,
        pick: Pick,
        start: Option<PathBuf>,
    ) -> Task<Option<PathBuf>> {
        match self {
            Picker::System => {
                // The words are taken here, in the language on screen now.
                let title = title(pick);
                let copies = t!("pick-copies");
                bridge.spawn(async move {
                    let mut dialog = rfd::AsyncFileDialog::new().set_title(title);
                    if let Some(start) = start.filter(|folder| folder.is_dir()) {
                        dialog = dialog.set_directory(start);
                    }
                    let chosen = match pick {
                        Pick::BackupFolder | Pick::ExportsFolder => {
                            dialog.set_can_create_directories(true).pick_folder().await
                        }
                        Pick::CopyToRestore => {
                            dialog
                                .add_filter(copies, &[crate::backup::COPY_EXTENSION])
                                .pick_file()
                                .await
                        }
                    };
                    chosen.map(|handle| handle.path().to_path_buf())
                })
            }
            Picker::StandIn(stand_in) => {
                let answer = {
                    let mut stand_in = lock(stand_in);
                    stand_in.asked.push((pick, start));
                    stand_in.answers.pop_front().flatten()
                };
                bridge.spawn(async move { answer })
            }
        }
    }
}

fn lock(stand_in: &Mutex<StandIn>) -> std::sync::MutexGuard<'_, StandIn> {
    // A test that panicked holding it left whole values behind.
    stand_in
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The dialog's title: what it is choosing, in words.
fn title(pick: Pick) -> String {
    match pick {
        Pick::BackupFolder => t!("pick-backup-folder"),
        Pick::CopyToRestore => t!("pick-copy-to-restore"),
        Pick::ExportsFolder => t!("pick-exports-folder"),
    }
}
