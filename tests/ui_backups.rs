//! The books' copies in the window: damaged books at start get the message and the newest copy
//! to restore; Configuración › Copias de seguridad makes a copy and restores one after saying
//! what it holds; the top bar says when there is no recent copy.

mod common;

use common::ui::{App, click, shows, wait_until};
use egui_kittest::kittest::Queryable;
use paydesk::api::kind::PaymentKind;
use paydesk::backup;
use paydesk::ledger::{LEDGER_FILE_NAME, Ledger};

#[test]
fn damaged_books_at_start_offer_the_newest_copy() {
    let app = App::new();
    let data_dir = app.home.path().join("data");
    {
        let ledger = Ledger::in_folder(&data_dir).unwrap();
        common::record_payment(
            &ledger,
            "simulator",
            "PDCOPIA1",
            PaymentKind::Link,
            Some(25_000),
        );
        backup::take(&ledger, &data_dir.join("copias")).unwrap();
    }
    for companion in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(data_dir.join(format!("{LEDGER_FILE_NAME}{companion}")));
    }
    std::fs::write(data_dir.join(LEDGER_FILE_NAME), vec![0x42; 32 * 1024]).unwrap();

    let mut harness = app.harness();
    wait_until(&mut harness, "the damaged books are said", |h| {
        shows(h, "Los libros no se pueden abrir")
    });
    assert!(
        shows(&harness, "1 cobro creado"),
        "what the copy holds is said"
    );
    assert!(harness.state().session().unwrap().ledger.is_err());
    click(&mut harness, "Restaurar esta copia");
    wait_until(&mut harness, "the books open again", |h| {
        h.state().session().is_some_and(|s| s.ledger.is_ok())
            && !shows(h, "Los libros no se pueden abrir")
    });
    let ledger = harness.state().session().unwrap().ledger.clone().unwrap();
    assert!(
        ledger
            .collection_by_reference("simulator", "PDCOPIA1")
            .unwrap()
            .is_some()
    );
    let kept_aside = std::fs::read_dir(&data_dir)
        .unwrap()
        .filter_map(Result::ok)
        .any(|entry| {
            entry
                .file_name()
                .to_string_lossy()
                .starts_with(backup::ASIDE_PREFIX)
        });
    assert!(kept_aside, "the damaged file is kept aside");
}

#[test]
fn settings_make_a_copy_and_restore_one_after_saying_what_it_holds() {
    let app = App::new();
    let mut harness = app.harness();
    click(&mut harness, "Configuración");
    // The day's copy is made by itself when the app opens.
    wait_until(&mut harness, "the day's copy", |h| {
        shows(h, "Última copia buena")
    });
    let ledger = harness.state().session().unwrap().ledger.clone().unwrap();
    common::record_payment(
        &ledger,
        "simulator",
        "PDANTES",
        PaymentKind::Link,
        Some(9_000),
    );
    harness.get_by_label("Hacer copia ahora").scroll_to_me();
    harness.run_steps(4);
    click(&mut harness, "Hacer copia ahora");
    wait_until(&mut harness, "the copy is made", |h| {
        shows(h, "Copia hecha y verificada")
    });
    common::record_payment(
        &ledger,
        "simulator",
        "PDDESPUES",
        PaymentKind::Link,
        Some(7_000),
    );
    // Far down Configuración: scrolled to, as a person would.
    harness.get_by_label("Restaurar…").scroll_to_me();
    harness.run_steps(4);
    click(&mut harness, "Restaurar…");
    harness.run_steps(2);
    let restore_buttons: Vec<_> = harness.query_all_by_label("Restaurar…").collect();
    assert!(restore_buttons.len() >= 2, "the heading and one per copy");
    // Far down Configuración: scrolled to, as a person would.
    restore_buttons[1].scroll_to_me();
    harness.run_steps(4);
    let restore_buttons: Vec<_> = harness.query_all_by_label("Restaurar…").collect();
    restore_buttons[1].click();
    wait_until(&mut harness, "the preview", |h| shows(h, "1 cobro creado"));
    assert!(
        ledger
            .collection_by_reference("simulator", "PDDESPUES")
            .unwrap()
            .is_some(),
        "nothing replaced before the owner says so"
    );
    // Far down Configuración: scrolled to, as a person would.
    harness
        .get_by_label("Reemplazar los libros con esta copia")
        .scroll_to_me();
    harness.run_steps(4);
    click(&mut harness, "Reemplazar los libros con esta copia");
    wait_until(&mut harness, "the books restored", |h| {
        shows(h, "Libros restaurados")
    });
    let ledger = harness.state().session().unwrap().ledger.clone().unwrap();
    assert!(
        ledger
            .collection_by_reference("simulator", "PDANTES")
            .unwrap()
            .is_some()
    );
    assert!(
        ledger
            .collection_by_reference("simulator", "PDDESPUES")
            .unwrap()
            .is_none()
    );
}

#[test]
fn the_top_bar_says_when_there_is_no_recent_copy() {
    let app = App::new();
    // The folder chosen is not there to write in (a USB stick left at home): no copy is made.
    let paths = paydesk::config::Paths::in_dir(app.home.path());
    let not_a_folder = app.home.path().join("memoria-usb");
    std::fs::write(&not_a_folder, b"no soy una carpeta").unwrap();
    let mut config = paydesk::config::ConfigFile::default();
    config.books.backup_folder = Some(not_a_folder);
    paths.save(&config).unwrap();
    let mut harness = app.harness();
    wait_until(&mut harness, "the warning", |h| {
        shows(h, "Sin copia reciente")
    });
}

#[test]
fn exporting_the_days_close_makes_a_copy_of_that_moment() {
    let app = App::new();
    let mut harness = app.harness();
    let folder = app.home.path().join("data/copias");
    wait_until(&mut harness, "the day's copy", |_| {
        !backup::copies(&folder).unwrap().is_empty()
    });
    let ledger = harness.state().session().unwrap().ledger.clone().unwrap();
    common::record_payment(
        &ledger,
        "simulator",
        "PDCIERRE",
        PaymentKind::Link,
        Some(4_000),
    );
    // In the same second as the day's copy, the close's copy takes its name: the newer wins.
    click(&mut harness, "Cuadre del día");
    click(&mut harness, "Exportar a Excel (CSV)");
    wait_until(&mut harness, "a copy with the close's sale", |_| {
        backup::copies(&folder)
            .unwrap()
            .first()
            .and_then(|copy| backup::inspect(&copy.path).ok())
            .is_some_and(|contents| contents.collections == 1)
    });
}
