//! With Spanish chosen, no English word of the interface and no text of the system's own (an OS
//! error, an HTTP library's words) is left on any panel: sales are made in English, Spanish is
//! chosen in Configuración, every panel and view is opened with the troubles a shop meets
//! (`common::tour`), and every text on screen is read.

mod common;

use common::tour;
use common::ui::{on_screen, shows, type_into};
use paydesk::i18n::Language;
use paydesk::ui::Panel;

/// Words of the English interface that have no place in the Spanish one. Names that are the
/// same in both ("Link", "Bre-B", "PSE", "QR") and data (references, the profile's name) are
/// not in the list.
const ENGLISH: &[&str] = &[
    "the",
    "and",
    "your",
    "with",
    "payment",
    "payments",
    "amount",
    "create",
    "save",
    "send",
    "refresh",
    "optional",
    "method",
    "methods",
    "reference",
    "approved",
    "pending",
    "settings",
    "today",
    "balance",
    "accounts",
    "account",
    "status",
    "collect",
    "customer",
    "payer",
    "cellphone",
    "expires",
    "bank",
    "banks",
    "document",
    "number",
    "profile",
    "credentials",
    "sign",
    "register",
    "notifications",
    "received",
    "fee",
    "fees",
    "receive",
    "paid",
    "export",
    "show",
    "copy",
    "keyring",
    "loading",
    "choose",
    "enter",
    "digits",
    "required",
    "address",
    "city",
    "department",
    "payout",
    "payouts",
    "code",
    "delete",
    "check",
    "follow",
    "kind",
    "state",
    "time",
    "yet",
    "none",
    "environment",
    "theme",
    "light",
    "dark",
    "language",
    "description",
    "webhook",
    "url",
    "cancel",
    "close",
    "dismiss",
    "report",
    "exceptions",
    "count",
    "from",
    "to",
    "of",
    "for",
    "is",
    "are",
    "be",
    "by",
    "on",
    "in",
    "at",
    "or",
    // A time of day written the English way ("4:57 AM"): Spanish writes "4:57 a. m.".
    "am",
    "pm",
];

fn english_in(text: &str) -> Vec<&'static str> {
    tour::words_in(text, ENGLISH)
}

#[test]
fn a_reference_is_data_but_a_sentence_is_read() {
    assert!(english_in("PDTP2W1OF2").is_empty());
    assert!(english_in("Referencia: PDTP2W1OF2.").is_empty());
    assert_eq!(english_in("Copy of PDTP2W1OF2"), vec!["copy", "of"]);
    assert_eq!(english_in("Paid at 6:31"), vec!["paid", "at"]);
}

/// The service's own words and the shop's data, shown as they came.
const DATA: &[&str] = &["Tienda Demo"];

#[test]
fn no_english_word_nor_system_text_is_left_on_any_panel() {
    // Sales made in English first: what they left on screen must follow the switch.
    let mut walk = tour::walk(Language::En, Language::Es);
    messages_that_do_not_mislead(&mut walk);

    let leftovers = tour::leftovers(&walk.seen, ENGLISH, DATA);
    assert!(
        leftovers.is_empty(),
        "English on screen:\n{}",
        leftovers.join("\n")
    );
    let raw = tour::system_text(&walk.seen);
    assert!(raw.is_empty(), "system text on screen:\n{}", raw.join("\n"));
}

/// What a person typing meets says what is true: a too large amount is too large, the start
/// of a municipality's name is no mistake and fills nothing wrong, a form just opened has no
/// complaints.
fn messages_that_do_not_mislead(walk: &mut tour::Walk) {
    let harness = &mut walk.harness;
    harness.state_mut().show_panel(Panel::Collect);
    tour::press(harness, "Link de pago");
    type_into(harness, "Valor", &"9".repeat(20));
    assert!(
        shows(harness, "el valor es demasiado grande"),
        "{}",
        on_screen(harness)
    );
    assert!(!shows(harness, "use solo dígitos"));
    type_into(harness, "Valor", "");

    harness.state_mut().show_panel(Panel::Register);
    harness.run_steps(4);
    type_into(harness, "Municipio", "Bogo");
    assert!(!shows(harness, "no es un municipio que conozcamos"));
    assert!(shows(harness, "termine de escribir el nombre"));
    type_into(harness, "Municipio", "Bogota");
    assert!(
        !shows(harness, "Elija… (o escriba el municipio)"),
        "the department follows the municipality"
    );
    walk.look();

    let harness = &mut walk.harness;
    harness.state_mut().show_panel(Panel::Settings);
    tour::press(harness, "Perfil nuevo…");
    assert!(
        !shows(harness, "Para continuar"),
        "a form just opened has no complaints: {}",
        on_screen(harness)
    );
    walk.look();
}
