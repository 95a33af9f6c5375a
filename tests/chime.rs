//! The approval chime is played by paydesk itself: no player program is started. On Windows
//! the player was PowerShell (a second or two late, a console flashing up); here every player
//! paydesk ever used is put first on PATH as a stand-in that writes down that it was started,
//! and the process's own children are watched while the chime plays.
//!
//! Alone in its test binary: it changes PATH for the whole process.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use paydesk::ui::services::alerts::{AlertSettings, announce};

const PLAYERS: [&str; 6] = ["paplay", "pw-play", "aplay", "afplay", "powershell", "pwsh"];

#[cfg(unix)]
fn stand_in(dir: &Path, name: &str, log: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let script = dir.join(name);
    std::fs::write(
        &script,
        format!("#!/bin/sh\necho {name} >> '{}'\n", log.display()),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// The process's live children, read from /proc (each thread lists the ones it started).
#[cfg(target_os = "linux")]
fn children() -> usize {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return 0;
    };
    tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("children")).ok())
        .map(|list| list.split_whitespace().count())
        .sum()
}

#[cfg(target_os = "linux")]
#[test]
fn the_chime_starts_no_program() {
    let bin = tempfile::tempdir().unwrap();
    let log = bin.path().join("started.log");
    for name in PLAYERS {
        stand_in(bin.path(), name, &log);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs = vec![bin.path().to_path_buf()];
    dirs.extend(std::env::split_paths(&path));
    // SAFETY: this test binary has this one test; nothing else reads the environment meanwhile.
    unsafe { std::env::set_var("PATH", std::env::join_paths(dirs).unwrap()) };

    let seen = Arc::new(AtomicUsize::new(0));
    let playing = Arc::new(AtomicBool::new(true));
    let watcher = {
        let (seen, playing) = (seen.clone(), playing.clone());
        std::thread::spawn(move || {
            while playing.load(Ordering::Relaxed) {
                seen.fetch_max(children(), Ordering::Relaxed);
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
        })
    };
    // The notification off (it goes over D-Bus, not a program either), the sound on.
    for _ in 0..3 {
        announce(&AlertSettings::new(false, true), "Pago aprobado", "$ 8.500");
    }
    playing.store(false, Ordering::Relaxed);
    watcher.join().unwrap();

    let started = std::fs::read_to_string(&log).unwrap_or_default();
    assert_eq!(started, "", "players started for the chime");
    assert_eq!(
        seen.load(Ordering::Relaxed),
        0,
        "child processes while the chime played"
    );
}
