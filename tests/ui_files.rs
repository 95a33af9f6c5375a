//! Files where people find them: what paydesk saves (the payment card, the close as CSV and as
//! PDF) goes to the exports folder, the owner's alone, and is said right by the button that
//! saved it with «Abrir carpeta» beside the words; Configuración names that folder and lets the
//! owner change it, and the folders and the copy to restore can be chosen in a dialog (a
//! stand-in answers here: a native dialog cannot be driven from a test).

mod common;

use std::path::{Path, PathBuf};

use common::ui::{App, click, create_link, harness_with_picker, shows, type_into, wait_until};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use paydesk::ui::plumbing::pick::{Pick, Picker};
use paydesk::ui::{Panel, PaydeskApp};

/// A shop PC's screen: what is said must be seen there without scrolling.
const SCREEN: egui::Vec2 = egui::vec2(1366.0, 768.0);

/// Scrolled into view, then pressed, as a person does.
fn press(harness: &mut Harness<'_, PaydeskApp>, label: &str) {
    harness.run_steps(4);
    harness.get_by_label(label).scroll_to_me();
    harness.run_steps(4);
    click(harness, label);
}

/// The `nth` control called `label` (Configuración has two «Elegir carpeta…», in the order
/// drawn: the copies' folder, then the files').
fn press_nth(harness: &mut Harness<'_, PaydeskApp>, label: &str, nth: usize) {
    harness.run_steps(4);
    harness
        .query_all_by_label(label)
        .nth(nth)
        .unwrap()
        .scroll_to_me();
    harness.run_steps(4);
    // By its name, as a screen reader presses it: Configuración is long and its sections still
    // fill in as they load, so a pointer aimed where the button was can land beside it on a
    // loaded machine.
    harness
        .query_all_by_label(label)
        .nth(nth)
        .unwrap()
        .click_accesskit();
    harness.run_steps(2);
}

/// The words that say where a file went are on screen, right under the button that saved it,
/// with «Abrir carpeta» on their line.
fn said_by_its_button(harness: &Harness<'_, PaydeskApp>, words: &str, button: &str) {
    let said = harness
        .query_all_by_label_contains(words)
        .next()
        .unwrap_or_else(|| panic!("«{words}» is said"))
        .rect();
    let pressed = harness.get_by_label(button).rect();
    assert!(
        said.min.y >= pressed.max.y - 1.0 && said.min.y - pressed.max.y < 90.0,
        "«{words}» at {said:?}, its button «{button}» at {pressed:?}"
    );
    assert!(
        said.max.y <= SCREEN.y && said.min.y >= 0.0,
        "«{words}» is on the screen: {said:?}"
    );
    let open = harness
        .query_all_by_label("Abrir carpeta")
        .map(|node| node.rect())
        .find(|open| open.center().y >= said.min.y && open.center().y <= said.max.y + 24.0);
    assert!(
        open.is_some_and(|open| open.max.y <= SCREEN.y),
        "«Abrir carpeta» beside «{words}» at {said:?}: {:?}",
        harness
            .query_all_by_label("Abrir carpeta")
            .map(|node| node.rect())
            .collect::<Vec<_>>()
    );
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// Files the owner's alone, in a folder paydesk made the owner's alone.
fn private(file: &Path) {
    assert!(file.is_file(), "{} was written", file.display());
    #[cfg(unix)]
    {
        assert_eq!(mode(file), 0o600, "{}", file.display());
        assert_eq!(mode(file.parent().unwrap()), 0o700, "{}", file.display());
    }
}

#[test]
fn the_card_and_the_close_say_where_they_went_by_their_buttons_with_their_folder_to_open() {
    let app = App::new();
    let mut harness = app.harness();
    harness.set_size(SCREEN);
    harness.state_mut().show_panel(Panel::Collect);
    let reference = create_link(&mut harness, "25.000");
    press(&mut harness, "Guardar QR como imagen");
    wait_until(&mut harness, "the card is saved", |h| {
        shows(h, "Guardado en")
    });
    harness.run_steps(4);
    said_by_its_button(&harness, "Guardado en", "Guardar QR como imagen");
    let exports = app.home.path().join("exports");
    private(&exports.join(format!("paydesk-QR-{reference}.png")));

    click(&mut harness, "Cuadre del día");
    press(&mut harness, "Exportar a Excel (CSV)");
    wait_until(&mut harness, "the CSV is written", |h| {
        shows(h, "filas exportadas a")
    });
    harness.run_steps(4);
    said_by_its_button(&harness, "filas exportadas a", "Exportar a Excel (CSV)");
    let today = paydesk::ledger::reconcile::format_date(paydesk::ledger::reconcile::today());
    private(&exports.join(format!("paydesk-{today}_{today}.csv")));

    press(&mut harness, "Cuadre en PDF");
    wait_until(&mut harness, "the PDF is written", |h| {
        shows(h, "PDF guardado en")
    });
    harness.run_steps(4);
    said_by_its_button(&harness, "PDF guardado en", "Cuadre en PDF");
    private(&exports.join(format!("paydesk-cuadre-{today}.pdf")));
    // Whatever else an export wrote beside them is the owner's alone too.
    for entry in std::fs::read_dir(&exports).unwrap() {
        private(&entry.unwrap().path());
    }
}

fn config(app: &App) -> paydesk::config::ConfigFile {
    paydesk::config::Paths::in_dir(app.home.path())
        .load()
        .unwrap()
}

#[test]
fn the_files_folder_is_named_and_changed_in_configuracion_by_dialog_or_by_typing() {
    let app = App::new();
    let picker = Picker::stand_in();
    let mut harness = harness_with_picker(&app, picker.clone());
    click(&mut harness, "Configuración");
    let exports = app.home.path().join("exports");
    wait_until(&mut harness, "the folder is named", |h| {
        shows(
            h,
            "Los QR, los PDF y los archivos de Excel (CSV) que guarda paydesk van a",
        ) && shows(h, &exports.display().to_string())
    });
    assert!(harness.query_all_by_label("Abrir carpeta").next().is_some());

    // A dialog closed changes nothing.
    picker.answer_next(None);
    press_nth(&mut harness, "Elegir carpeta…", 1);
    wait_until(&mut harness, "the dialog was asked", |_| {
        picker.asked().len() == 1
    });
    harness.run_steps(6);
    assert!(!shows(&harness, "Desde ahora los archivos se guardan en"));
    assert_eq!(
        picker.asked()[0],
        (Pick::ExportsFolder, Some(exports.clone())),
        "the dialog opens at the folder in use"
    );

    // The folder chosen is kept, made the owner's alone, and where the next file goes.
    let chosen = app.home.path().join("Documentos").join("tienda");
    picker.answer_next(Some(chosen.clone()));
    press_nth(&mut harness, "Elegir carpeta…", 1);
    wait_until(&mut harness, "the folder is kept", |h| {
        shows(h, "Desde ahora los archivos se guardan en")
    });
    assert_eq!(config(&app).books.exports_folder, Some(chosen.clone()));
    assert!(chosen.is_dir());
    #[cfg(unix)]
    assert_eq!(mode(&chosen), 0o700);
    harness.state_mut().show_panel(Panel::Collect);
    let reference = create_link(&mut harness, "12.000");
    press(&mut harness, "Guardar QR como imagen");
    wait_until(&mut harness, "the card is saved", |h| {
        shows(h, "Guardado en")
    });
    private(&chosen.join(format!("paydesk-QR-{reference}.png")));

    // Typed, as before.
    click(&mut harness, "Configuración");
    let typed = app.home.path().join("escrita");
    harness.run_steps(4);
    type_into(
        &mut harness,
        "Carpeta de los archivos",
        &typed.display().to_string(),
    );
    press_nth(&mut harness, "Usar esta carpeta", 1);
    wait_until(&mut harness, "the typed folder is kept", |_| {
        config(&app).books.exports_folder == Some(typed.clone())
    });
}

#[test]
fn the_copies_folder_and_the_copy_to_restore_can_be_chosen_in_a_dialog() {
    let app = App::new();
    let picker = Picker::stand_in();
    let mut harness = harness_with_picker(&app, picker.clone());
    click(&mut harness, "Configuración");
    wait_until(&mut harness, "the day's copy", |h| {
        shows(h, "Última copia buena")
    });

    let usb: PathBuf = app.home.path().join("memoria-usb");
    std::fs::create_dir(&usb).unwrap();
    picker.answer_next(Some(usb.clone()));
    press_nth(&mut harness, "Elegir carpeta…", 0);
    wait_until(&mut harness, "the copies' folder is kept", |_| {
        config(&app).books.backup_folder == Some(usb.clone())
    });
    assert_eq!(picker.asked()[0].0, Pick::BackupFolder);
    // The day's copy goes to the folder chosen.
    wait_until(&mut harness, "a copy in the folder chosen", |_| {
        paydesk::backup::copies(&usb).is_ok_and(|copies| !copies.is_empty())
    });
    let copy = paydesk::backup::copies(&usb).unwrap()[0].path.clone();

    // The copy to restore, chosen in the dialog, is shown with what it holds before anything
    // is replaced.
    press(&mut harness, "Restaurar…");
    picker.answer_next(Some(copy.clone()));
    press(&mut harness, "Elegir archivo…");
    wait_until(&mut harness, "the copy's preview", |h| {
        shows(h, &format!("{} tiene", copy.display()))
    });
    assert_eq!(
        picker.asked().last().cloned(),
        Some((Pick::CopyToRestore, Some(usb.clone()))),
        "the dialog opens at the copies' folder"
    );
    assert!(
        harness
            .query_by_label("Reemplazar los libros con esta copia")
            .is_some()
    );
}
