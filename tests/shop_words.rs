//! The shop's words where the program's were (issue 52): the till has a name its owner gives
//! (never the computer's host name) and, with no PIN, the till is who acted; the settings file's
//! errors say what to do, with the file and the system's words as the detail; `status --json`
//! says what the books hold beside the service's answer; the English CSV names states in English
//! whatever the till's language.

mod common;

use common::cli::Shop;
use common::ui::{App, click, shows, type_into, wait_until};
use paydesk::api::catalog::MethodCatalog;
use paydesk::api::kind::PaymentKind;
use paydesk::i18n::Language;
use paydesk::ledger::activity::{Actor, Role};
use paydesk::ledger::reconcile::Period;

fn write_settings(shop: &Shop, text: &str) -> std::path::PathBuf {
    let folder = shop.home.path().join("config");
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join("paydesk.toml");
    std::fs::write(&file, text).unwrap();
    file
}

/// A shift opened by a sale where nobody typed a PIN: its number.
async fn sell_with_no_pin(shop: &Shop) -> String {
    let sold = shop
        .run(&["--json", "cash", "sale", "5000", "--open-with-base", "0"])
        .await;
    assert_eq!(sold.code, 0, "{}", sold.stderr);
    let shift = &sold.json()["shift"];
    shift
        .as_i64()
        .or_else(|| shift["id"].as_i64())
        .map(|id| id.to_string())
        .unwrap_or_else(|| panic!("a shift: {}", sold.stdout))
}

#[tokio::test]
async fn a_till_nobody_named_is_caja_1_and_with_no_pin_the_till_acted() {
    let shop = Shop::away();
    let shift = sell_with_no_pin(&shop).await;

    let report = shop.json(&["cash", "shift", &shift]).await;
    assert_eq!(report.code, 0, "{}", report.stderr);
    let text = report.stdout.to_lowercase();
    assert!(report.stdout.contains("Caja 1"), "{}", report.stdout);
    assert!(
        !text.contains("no pin") && !text.contains("anyone"),
        "{text}"
    );

    let english = shop.run(&["cash", "shift", &shift]).await;
    assert!(english.stdout.contains("the till"), "{}", english.stdout);
    let spanish = shop.run(&["--lang", "es", "cash", "shift", &shift]).await;
    assert_eq!(spanish.code, 0, "{}", spanish.stderr);
    assert!(spanish.stdout.contains("la caja"), "{}", spanish.stdout);
    assert!(spanish.stdout.contains("Caja 1"), "{}", spanish.stdout);
    assert!(!spanish.stdout.contains("Sin PIN"), "{}", spanish.stdout);
    let host = gethostname::gethostname().to_string_lossy().into_owned();
    for said in [&report.stdout, &english.stdout, &spanish.stdout] {
        assert!(
            host.len() < 3 || !said.contains(&host),
            "the host name {host}: {said}"
        );
    }
}

#[tokio::test]
async fn a_named_till_is_named_on_what_it_writes_from_then_on() {
    let shop = Shop::away();
    write_settings(&shop, "version = 1\n[till]\nname = \"Caja del fondo\"\n");
    let shift = sell_with_no_pin(&shop).await;
    let report = shop.json(&["cash", "shift", &shift]).await;
    assert_eq!(report.code, 0, "{}", report.stderr);
    assert!(
        report.stdout.contains("Caja del fondo"),
        "{}",
        report.stdout
    );
    assert!(!report.stdout.contains("Caja 1"), "{}", report.stdout);
    let open = shop.ledger().open_shift_here().unwrap();
    assert_eq!(
        open.map(|report| report.shift.till_name).as_deref(),
        Some("Caja del fondo")
    );
}

#[tokio::test]
async fn a_broken_settings_file_is_said_in_the_persons_words_with_the_detail_apart() {
    let shop = Shop::away();
    let file = write_settings(&shop, "version = [\n");
    let text = shop.run(&["cash", "shifts"]).await;
    assert_eq!(text.code, 2, "{}", text.stderr);
    let mut lines = text.stderr.lines();
    let sentence = lines.next().unwrap_or_default();
    assert!(
        sentence.contains("settings have a mistake"),
        "{}",
        text.stderr
    );
    assert!(
        !sentence.contains("paydesk.toml"),
        "the path is a detail: {sentence}"
    );
    let detail = lines.collect::<Vec<_>>().join("\n");
    assert!(detail.contains("Details:"), "{}", text.stderr);
    assert!(detail.contains("paydesk.toml"), "{}", text.stderr);

    let json = shop.json(&["cash", "shifts"]).await;
    assert_eq!(json.code, 2, "{}", json.stdout);
    let error = &json.json()["error"];
    assert_eq!(error["code"], "config.invalid");
    assert!(
        !error["message"]
            .as_str()
            .unwrap_or_default()
            .contains("paydesk.toml")
    );
    let said = error["detail"].as_str().unwrap_or_default();
    assert!(said.contains(&*file.to_string_lossy()), "{error}");

    let spanish = shop.run(&["--lang", "es", "cash", "shifts"]).await;
    assert_eq!(spanish.code, 2);
    assert!(
        spanish
            .stderr
            .contains("La configuración de paydesk tiene un error"),
        "{}",
        spanish.stderr
    );
    assert!(spanish.stderr.contains("Detalles:"), "{}", spanish.stderr);

    // A profile that breaks a rule: the rule in words, the setting as the file spells it apart.
    write_settings(
        &shop,
        "version = 1\n[profiles.tienda]\nenvironment = \"production\"\nbase_url = \"http://api.example.co/api/v1\"\npay_url = \"https://pay.example.co\"\n",
    );
    let insecure = shop.json(&["cash", "shifts"]).await;
    assert_eq!(insecure.code, 2, "{}", insecure.stdout);
    let error = &insecure.json()["error"];
    let message = error["message"].as_str().unwrap_or_default();
    assert!(message.contains("must start with https://"), "{error}");
    assert!(!message.contains("base_url"), "{error}");
    assert!(
        error["detail"]
            .as_str()
            .unwrap_or_default()
            .contains("base_url"),
        "{error}"
    );
}

/// The books keep a final state; the service later answers otherwise: the JSON says both.
#[tokio::test]
async fn status_json_says_what_the_books_hold_beside_the_answer() {
    let cli = Shop::new().await;
    let run = cli
        .json(&["link", "--amount", "25000", "--reference1", "MESA7"])
        .await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let reference = run.json()["reference"].as_str().unwrap().to_owned();
    let ledger = cli.ledger();
    let profile = ledger.profiles().unwrap().remove(0);
    let sale = ledger
        .collection_by_reference(&profile, &reference)
        .unwrap()
        .unwrap();
    let refused: paydesk::api::StatusRecord = serde_json::from_value(serde_json::json!({
        "id": "1", "cost": "", "status": "0", "date": "", "providerReference": "",
        "amount": "$ 25.000", "description": null, "paymentMethod": null
    }))
    .unwrap();
    let asked = paydesk::ledger::now_ms() - 1_000;
    paydesk::collections::apply_answer(&ledger, &profile, &sale, &refused, asked, asked).unwrap();
    cli.simulator().settle(&reference, "approve").await;

    let status = cli.json(&["status", &reference]).await;
    assert_eq!(status.code, 4, "{} {}", status.stdout, status.stderr);
    let document = status.json();
    assert_eq!(
        document["error"]["code"], "books.contradicted",
        "{document}"
    );
    assert_eq!(document["books"]["status"], 0, "{document}");
    assert_eq!(document["books"]["state"], "rejected", "{document}");
    assert_eq!(document["books"]["contradicted"], true, "{document}");
    assert_ne!(
        document["status"],
        serde_json::json!(null),
        "the answer stays: {document}"
    );

    let text = cli.run(&["status", &reference]).await;
    assert_eq!(text.code, 4);
    assert!(
        text.stdout.contains("In the books: rejected"),
        "{}",
        text.stdout
    );
}

#[test]
fn the_english_csv_names_states_in_english_at_a_spanish_till() {
    paydesk::i18n::set(Language::Es);
    let folder = tempfile::tempdir().unwrap();
    let ledger = paydesk::ledger::Ledger::in_folder(folder.path()).unwrap();
    let paid = common::record_payment(&ledger, "tienda", "PD-1", PaymentKind::Link, Some(9000));
    common::record_payment(&ledger, "tienda", "PD-2", PaymentKind::Link, Some(4000));
    let approved: paydesk::api::StatusRecord = serde_json::from_value(serde_json::json!({
        "id": "1", "cost": "", "status": "2", "date": "", "providerReference": "P1",
        "amount": "$ 9.000", "description": null, "paymentMethod": null
    }))
    .unwrap();
    let asked = paydesk::ledger::now_ms();
    paydesk::collections::apply_answer(&ledger, "tienda", &paid, &approved, asked, asked).unwrap();
    let today = paydesk::clock::today();
    let export = |language| {
        let mut file = Vec::new();
        ledger
            .export_csv(
                Period::new(Some("tienda"), today, today),
                &mut file,
                language,
                &MethodCatalog::default(),
            )
            .unwrap();
        String::from_utf8(file).unwrap()
    };
    let english = export(Language::En);
    assert!(english.contains(",approved,"), "{english}");
    assert!(english.contains(",not checked,"), "{english}");
    for spanish in [
        "aprobado",
        "aún sin respuesta",
        "pendiente",
        "sin confirmar",
    ] {
        assert!(!english.contains(spanish), "{spanish}: {english}");
    }
    let spanish = export(Language::Es);
    assert!(spanish.contains(";aprobado;"), "{spanish}");
}

#[test]
fn configuracion_names_the_till_and_the_till_is_who_acts_without_a_pin() {
    let app = App::new();
    let mut harness = app.harness();
    click(&mut harness, "Configuración");
    wait_until(&mut harness, "the till's name", |h| {
        shows(h, "Nombre de esta caja")
    });
    type_into(&mut harness, "Nombre de esta caja", "  ");
    wait_until(&mut harness, "the rule said", |h| {
        shows(h, "escriba el nombre de esta caja")
    });
    type_into(&mut harness, "Nombre de esta caja", "Caja del fondo");
    click(&mut harness, "Guardar nombre");
    wait_until(&mut harness, "saved", |h| {
        shows(h, "Esta caja se llama Caja del fondo.")
    });
    let settings = std::fs::read_to_string(app.home.path().join("config/paydesk.toml")).unwrap();
    assert!(settings.contains("[till]"), "{settings}");
    assert!(settings.contains("name = \"Caja del fondo\""), "{settings}");
    let nobody = Actor::new(Role::Anyone, "");
    assert_eq!(nobody.till, "Caja del fondo");
    assert_eq!(nobody.words(), "la caja");
    assert_eq!(nobody.words_at(), "Caja del fondo");
    let cashier = Actor::new(Role::Cashier, "Ana");
    assert_eq!(cashier.words_at(), "Cajero Ana en Caja del fondo");
}

#[tokio::test]
async fn help_speaks_the_language_asked_for() {
    let shop = Shop::away();
    let spanish = shop.run(&["--lang", "es", "--help"]).await;
    assert_eq!(spanish.code, 0, "{}", spanish.stderr);
    for words in [
        "Uso: paydesk [OPCIONES] [COMANDO]",
        "Comandos:",
        "Opciones:",
        "Crear un link de pago",
        "El efectivo del mostrador",
        "Idioma de los mensajes",
        "Mostrar la ayuda",
    ] {
        assert!(
            spanish.stdout.contains(words),
            "{words}: {}",
            spanish.stdout
        );
    }
    for english in [
        "Usage:",
        "Commands:",
        "Options:",
        "Print help",
        "Create a payment link",
    ] {
        assert!(
            !spanish.stdout.contains(english),
            "{english}: {}",
            spanish.stdout
        );
    }
    // The language from the environment, and a command's own help.
    let mut command = shop.command(&["cash", "--help"]);
    command.env("PAYDESK_LANG", "es");
    let cash = common::cli::finish(command, None).await;
    assert_eq!(cash.code, 0, "{}", cash.stderr);
    assert!(cash.stdout.contains("Uso: paydesk cash"), "{}", cash.stdout);
    assert!(cash.stdout.contains("Comandos:"), "{}", cash.stdout);

    let english = shop.run(&["--lang", "en", "--help"]).await;
    assert_eq!(english.code, 0, "{}", english.stderr);
    for words in [
        "Usage: paydesk [OPTIONS] [COMMAND]",
        "Commands:",
        "Create a payment link",
    ] {
        assert!(
            english.stdout.contains(words),
            "{words}: {}",
            english.stdout
        );
    }
    assert!(!english.stdout.contains("Comandos:"), "{}", english.stdout);
}

#[tokio::test]
async fn the_command_lines_close_writes_its_day_as_the_app_does() {
    let shop = Shop::away();
    let day = "2026-11-20";
    let close = shop
        .run(&[
            "--lang", "es", "ledger", "close", "--from", day, "--to", day,
        ])
        .await;
    assert_eq!(close.code, 0, "{}", close.stderr);
    assert!(
        close.stdout.contains("Cuadre del 20 nov. 2026"),
        "{}",
        close.stdout
    );
    let english = shop
        .run(&[
            "--lang", "en", "ledger", "close", "--from", day, "--to", day,
        ])
        .await;
    assert!(
        english.stdout.contains("Nov 20, 2026"),
        "{}",
        english.stdout
    );
    assert!(!english.stdout.contains("20/11/2026"), "{}", english.stdout);
}
