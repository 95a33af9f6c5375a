//! Copies of the books that restore: from the command line as a shop whose PC failed would use
//! them, and from the library (seven daily and four weekly, a copy taken while the books are
//! written, files only the owner reads).

mod common;

use std::path::{Path, PathBuf};

use common::paydesk;
use paydesk::api::kind::PaymentKind;
use paydesk::backup;
use paydesk::ledger::{LEDGER_FILE_NAME, Ledger};

/// A shop's books: payments created, and a notification the service sent.
fn write_books(data_dir: &Path) {
    let ledger = Ledger::in_folder(data_dir).unwrap();
    for index in 0..25 {
        common::record_payment(
            &ledger,
            "simulator",
            &format!("PD{index:03}"),
            PaymentKind::Link,
            Some(10_000 + index),
        );
    }
    let notification = paydesk::webhook::Notification::parse(
        br#"{"realAmount":10500,"amount":10000,"cost":"$500.00","referenceId":"PD001","resourceId":"1","updatedAt":"2026-11-24 10:00:00","status":2,"providerReference":"P1","reference1":"VENTA","paymentMethod":"Link de pago"}"#,
    )
    .unwrap();
    ledger
        .store_notifications("simulator", &[(notification, "{}".into())])
        .unwrap();
}

async fn run(home: &Path, args: &[&str]) -> (bool, String, String) {
    let output = paydesk(home).args(args).output().await.unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

async fn export(home: &Path, name: &str) -> Vec<u8> {
    let file = home.join(name);
    let (ok, _, stderr) = run(
        home,
        &[
            "ledger",
            "export",
            "--from",
            "2020-01-01",
            "--to",
            "2030-12-31",
            "--csv",
            file.to_str().unwrap(),
        ],
    )
    .await;
    assert!(ok, "{stderr}");
    std::fs::read(file).unwrap()
}

fn ledger_files(data_dir: &Path) -> Vec<PathBuf> {
    ["", "-wal", "-shm"]
        .iter()
        .map(|companion| data_dir.join(format!("{LEDGER_FILE_NAME}{companion}")))
        .filter(|path| path.exists())
        .collect()
}

/// The PC's disk died: the books are gone; the copy brings back the same export, byte for byte.
#[tokio::test]
async fn backup_then_delete_then_restore_gives_the_same_export() {
    let home = tempfile::tempdir().unwrap();
    let data_dir = home.path().join("data");
    write_books(&data_dir);
    let before = export(home.path(), "antes.csv").await;
    let stick = home.path().join("memoria-usb");
    let (ok, stdout, stderr) = run(
        home.path(),
        &[
            "--json",
            "ledger",
            "backup",
            "--to",
            stick.to_str().unwrap(),
        ],
    )
    .await;
    assert!(ok, "{stderr}");
    let answer: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(answer["collections"], 25);
    let copy = PathBuf::from(answer["file"].as_str().unwrap());
    assert!(copy.starts_with(&stick));

    for file in ledger_files(&data_dir) {
        std::fs::remove_file(file).unwrap();
    }
    let (ok, stdout, stderr) = run(
        home.path(),
        &["ledger", "restore", copy.to_str().unwrap(), "--yes"],
    )
    .await;
    assert!(ok, "{stderr}");
    assert!(
        stderr.contains("25 charges created"),
        "the preview: {stderr}"
    );
    assert!(stdout.contains("Books restored"), "{stdout}");
    let after = export(home.path(), "despues.csv").await;
    assert!(!before.is_empty());
    assert_eq!(before, after, "the same export, byte for byte");
}

/// Books that cannot be opened get a clear message (never a new, empty ledger in their place),
/// and the newest copy restores them; the damaged file is kept aside.
#[tokio::test]
async fn damaged_books_say_so_and_the_newest_copy_restores_them() {
    let home = tempfile::tempdir().unwrap();
    let data_dir = home.path().join("data");
    write_books(&data_dir);
    let (ok, _, stderr) = run(home.path(), &["ledger", "backup"]).await;
    assert!(ok, "{stderr}");
    let before = export(home.path(), "antes.csv").await;
    for file in ledger_files(&data_dir) {
        std::fs::remove_file(file).unwrap();
    }
    std::fs::write(data_dir.join(LEDGER_FILE_NAME), vec![0x5a; 64 * 1024]).unwrap();

    let (ok, _, stderr) = run(home.path(), &["ledger", "close"]).await;
    assert!(!ok);
    assert!(stderr.contains("damaged"), "{stderr}");
    assert!(
        stderr.contains("paydesk ledger restore --newest"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read(data_dir.join(LEDGER_FILE_NAME)).unwrap(),
        vec![0x5a; 64 * 1024],
        "nothing was changed"
    );

    let (ok, _, stderr) = run(home.path(), &["ledger", "restore", "--newest"]).await;
    assert!(!ok, "no terminal to confirm, no --yes: nothing restored");
    assert!(stderr.contains("Nothing was restored"), "{stderr}");

    let (ok, stdout, stderr) = run(home.path(), &["ledger", "restore", "--newest", "--yes"]).await;
    assert!(ok, "{stderr}");
    assert!(stdout.contains("kept in"), "{stdout}");
    let kept_aside = std::fs::read_dir(&data_dir)
        .unwrap()
        .filter_map(Result::ok)
        .any(|entry| {
            entry
                .file_name()
                .to_string_lossy()
                .starts_with(backup::ASIDE_PREFIX)
                && std::fs::read(entry.path()).unwrap() == vec![0x5a; 64 * 1024]
        });
    assert!(kept_aside, "the damaged file is kept, not deleted");
    assert_eq!(export(home.path(), "despues.csv").await, before);
}

/// A file that is not a copy of the books, and one from a newer paydesk, are refused with a
/// reason; the books stay as they were.
#[tokio::test]
async fn what_is_not_a_copy_is_refused() {
    let home = tempfile::tempdir().unwrap();
    let data_dir = home.path().join("data");
    write_books(&data_dir);
    let before = export(home.path(), "antes.csv").await;

    let text = home.path().join("notas.sqlite3");
    std::fs::write(&text, "la lista del mercado").unwrap();
    let (ok, _, stderr) = run(
        home.path(),
        &["ledger", "restore", text.to_str().unwrap(), "--yes"],
    )
    .await;
    assert!(!ok);
    assert!(
        stderr.contains("is not a copy of paydesk's books"),
        "{stderr}"
    );

    let other = home.path().join("otra.sqlite3");
    rusqlite::Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE clientes (nombre TEXT); PRAGMA user_version = 3;")
        .unwrap();
    let (ok, _, stderr) = run(
        home.path(),
        &["ledger", "restore", other.to_str().unwrap(), "--yes"],
    )
    .await;
    assert!(!ok);
    assert!(
        stderr.contains("is not a copy of paydesk's books"),
        "{stderr}"
    );

    let newer = home.path().join("nueva.sqlite3");
    {
        let ledger = Ledger::open(&newer).unwrap();
        drop(ledger);
        let connection = rusqlite::Connection::open(&newer).unwrap();
        connection.pragma_update(None, "user_version", 99).unwrap();
    }
    let (ok, _, stderr) = run(
        home.path(),
        &["ledger", "restore", newer.to_str().unwrap(), "--yes"],
    )
    .await;
    assert!(!ok);
    assert!(stderr.contains("newer paydesk"), "{stderr}");

    assert_eq!(
        export(home.path(), "despues.csv").await,
        before,
        "untouched"
    );
}

/// A copy taken while a till writes is one moment of the books, and verified.
#[test]
fn a_copy_taken_while_the_books_are_written_is_whole() {
    let dir = tempfile::tempdir().unwrap();
    let ledger = Ledger::in_folder(dir.path()).unwrap();
    // Another connection, as another till or the receiver would be, writing all along.
    let writer = {
        let till = Ledger::in_folder(dir.path()).unwrap();
        std::thread::spawn(move || {
            for index in 0..300 {
                common::record_payment(
                    &till,
                    "tienda",
                    &format!("W{index}"),
                    PaymentKind::Link,
                    Some(1_000),
                );
            }
        })
    };
    let folder = dir.path().join("copias");
    // Each copy is verified (its rows counted against the same moment) or `take` fails; each
    // holds a moment no earlier than the one before.
    let mut seen = 0;
    while !writer.is_finished() {
        let copy = backup::take(&ledger, &folder).unwrap();
        let held = backup::inspect(&copy.path).unwrap().collections;
        assert!((seen..=300).contains(&held), "{held} after {seen}");
        seen = held;
    }
    writer.join().unwrap();
    let copy = backup::take(&ledger, &folder).unwrap();
    assert_eq!(backup::inspect(&copy.path).unwrap().collections, 300);
}

/// Restoring into the books the app has open: the open ledger reads the copy at once, and the
/// books it replaced are a copy aside.
#[test]
fn restoring_into_open_books_keeps_the_replaced_ones_aside() {
    let dir = tempfile::tempdir().unwrap();
    let ledger = Ledger::in_folder(dir.path()).unwrap();
    common::record_payment(&ledger, "tienda", "ANTES1", PaymentKind::Link, Some(5_000));
    let copy = backup::take(&ledger, &dir.path().join("copias")).unwrap();
    common::record_payment(
        &ledger,
        "tienda",
        "DESPUES1",
        PaymentKind::Link,
        Some(7_000),
    );
    let (contents, aside) = backup::restore_into(&ledger, &copy.path, dir.path()).unwrap();
    assert_eq!(contents.collections, 1);
    assert!(
        ledger
            .collection_by_reference("tienda", "ANTES1")
            .unwrap()
            .is_some()
    );
    assert!(
        ledger
            .collection_by_reference("tienda", "DESPUES1")
            .unwrap()
            .is_none()
    );
    assert_eq!(
        backup::inspect(&aside).unwrap().collections,
        2,
        "kept aside"
    );
}

#[cfg(unix)]
#[tokio::test]
async fn the_books_and_settings_are_the_owners_alone() {
    use std::os::unix::fs::PermissionsExt;
    let home = tempfile::tempdir().unwrap();
    let paths = paydesk::config::Paths::in_dir(home.path());
    paths.save(&paydesk::config::ConfigFile::default()).unwrap();
    let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    let (ok, _, stderr) = run(home.path(), &["ledger", "backup"]).await;
    assert!(ok, "{stderr}");
    let data_dir = home.path().join("data");
    assert_eq!(mode(&data_dir), 0o700);
    assert_eq!(mode(&data_dir.join(LEDGER_FILE_NAME)), 0o600);
    assert_eq!(mode(&home.path().join("config")), 0o700);
    assert_eq!(mode(&home.path().join("config/paydesk.toml")), 0o600);
    let copies = backup::copies(&data_dir.join("copias")).unwrap();
    assert_eq!(mode(&data_dir.join("copias")), 0o700);
    assert_eq!(mode(&copies[0].path), 0o600);
}
