//! Both languages say the same things: every message and attribute in one file is in the other,
//! and every message is used by the code. And the command line speaks the system's Spanish.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use fluent_syntax::ast::{Entry, Resource};
use fluent_syntax::parser;

fn messages(language: &str) -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("i18n/{language}/paydesk.ftl"));
    let text = std::fs::read_to_string(&path).unwrap();
    let resource: Resource<&str> = parser::parse(text.as_str())
        .unwrap_or_else(|(_, errors)| panic!("{} does not parse: {errors:?}", path.display()));
    let mut names = BTreeSet::new();
    for entry in resource.body {
        if let Entry::Message(message) = entry {
            let id = message.id.name.to_owned();
            for attribute in &message.attributes {
                names.insert(format!("{id}.{}", attribute.id.name));
            }
            names.insert(id);
        }
    }
    names
}

#[test]
fn spanish_and_english_have_the_same_messages() {
    let spanish = messages("es");
    let english = messages("en");
    let only_spanish: Vec<_> = spanish.difference(&english).collect();
    let only_english: Vec<_> = english.difference(&spanish).collect();
    assert!(
        only_spanish.is_empty() && only_english.is_empty(),
        "only in Spanish: {only_spanish:?}; only in English: {only_english:?}"
    );
}

fn sources(dir: &Path, into: &mut String) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
}

#[test]
fn every_message_is_used() {
    let mut code = String::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut code,
    );
    let unused: Vec<_> = messages("en")
        .into_iter()
        .filter(|id| !id.contains('.') && !code.contains(&format!("\"{id}\"")))
        .collect();
    assert!(unused.is_empty(), "messages no code uses: {unused:?}");
}

/// `paydesk` with the system's language instead of the tests' English.
fn in_spanish(mut command: tokio::process::Command) -> tokio::process::Command {
    command
        .env_remove("PAYDESK_LANG")
        .env_remove("LANGUAGE")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "es_CO.UTF-8");
    command
}

#[tokio::test]
async fn the_command_line_speaks_the_systems_spanish() {
    let simulator = common::TestSimulator::start().await;
    let home = tempfile::tempdir().unwrap();
    let created = common::paydesk_against(home.path(), &simulator)
        .args([
            "--json",
            "link",
            "--amount",
            "25.000",
            "--reference1",
            "MESA-4",
            "--webhook-url",
            "https://tienda.example/hook",
        ])
        .output()
        .await
        .unwrap();
    assert_eq!(created.status.code(), Some(0));
    let link: serde_json::Value = serde_json::from_slice(&created.stdout).unwrap();
    let reference = link["reference"].as_str().unwrap();

    let status = in_spanish(common::paydesk_against(home.path(), &simulator))
        .args(["status", reference])
        .output()
        .await
        .unwrap();
    let stdout = String::from_utf8_lossy(&status.stdout);
    assert_eq!(status.status.code(), Some(0));
    assert!(stdout.contains("Estado: pendiente"), "{stdout}");
    assert!(stdout.contains("Valor: $ 25.000"), "{stdout}");

    let refused = in_spanish(common::paydesk_against(home.path(), &simulator))
        .args([
            "link",
            "--amount",
            "25,50",
            "--reference1",
            "MESA-5",
            "--webhook-url",
            "https://tienda.example/hook",
        ])
        .output()
        .await
        .unwrap();
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("No se envió nada"), "{stderr}");
    assert!(
        stderr.contains("use pesos enteros, sin centavos"),
        "{stderr}"
    );
    assert_eq!(
        simulator
            .requests_to("/pay/cash-in/generate/payment-link/token")
            .await,
        1,
        "only the first link reached the service"
    );

    // The day's CSV opens as columns in Excel set to Spanish: BOM, `;`, Spanish headers.
    let csv = home.path().join("cuadre.csv");
    let exported = in_spanish(common::paydesk_against(home.path(), &simulator))
        .args(["ledger", "export", "--csv"])
        .arg(&csv)
        .output()
        .await
        .unwrap();
    assert_eq!(exported.status.code(), Some(0), "{exported:?}");
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(text.starts_with('\u{feff}'), "a UTF-8 BOM for Excel");
    let mut lines = text.trim_start_matches('\u{feff}').lines();
    assert_eq!(
        lines.next(),
        Some(
            "registro;fecha;referencia;su_referencia;medio;valor;pago_cliente;comision;neto;estado;confirmacion;estado_servicio;cajero;caja;revisar;dinero;efectivo;recibido;vueltas;en_lugar_de;motivo;anulado;cliente;nombre_cliente"
        )
    );
    assert!(String::from_utf8_lossy(&exported.stdout).contains("filas exportadas"));

    // --lang wins over the system's language, for scripts.
    let english = in_spanish(common::paydesk_against(home.path(), &simulator))
        .args(["--lang", "en", "status", reference])
        .output()
        .await
        .unwrap();
    assert!(String::from_utf8_lossy(&english.stdout).contains("State: pending"));
}

/// One test, not several: the language is the whole process's.
#[test]
fn messages_dates_and_times_in_each_language() {
    use paydesk::clock::{shown_datetime, shown_service_time, shown_time};
    use paydesk::i18n::{Language, set};
    // 2026-11-21 23:30 UTC is 6:30 p. m. in Bogotá.
    let evening = 1_795_303_800_000;

    set(Language::Es);
    // Fluent's isolation marks around arguments would end up in copied text and CSV files.
    let text = paydesk::t!("rule-at-most", max = 20, count = 21);
    assert_eq!(text, "máximo 20 caracteres (este tiene 21)");
    assert_eq!(shown_datetime(evening), "21 nov. 2026, 6:30 p. m.");
    assert_eq!(shown_time(evening - 12 * 3_600_000), "6:30 a. m.");
    assert_eq!(
        shown_service_time("21/11/2026 18:30:00"),
        "21 nov. 2026, 6:30 p. m."
    );
    assert_eq!(
        shown_service_time("2026-11-21T23:30:00Z"),
        "21 nov. 2026, 6:30 p. m."
    );
    assert_eq!(shown_service_time("mañana"), "mañana");
    assert_eq!(
        paydesk::t!("status-today-count", count = 1, approved = "$ 0"),
        "1 pago, $ 0 aprobados"
    );

    set(Language::En);
    let text = paydesk::t!("rule-at-most", max = 20, count = 21);
    assert_eq!(text, "at most 20 characters (this one has 21)");
    assert_eq!(shown_datetime(evening), "Nov 21, 2026, 6:30 PM");
    assert_eq!(
        paydesk::t!("status-today-count", count = 2, approved = "$ 0"),
        "2 payments, $ 0 approved"
    );
}
