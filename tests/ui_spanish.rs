//! With Spanish chosen, no English word of the interface is left on any panel: every panel and
//! view is opened, a payment is made and approved, and every text on screen is read.

mod common;

use std::collections::BTreeSet;

use common::ui::{App, click, create_link, shows, wait_until};
use egui_kittest::Harness;
use egui_kittest::kittest::NodeT;
use paydesk::ui::{Panel, PaydeskApp};
use serde_json::json;

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
];

fn texts(harness: &Harness<'_, PaydeskApp>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for node in harness.root().children_recursive() {
        let accesskit = node.accesskit_node();
        for text in [accesskit.label(), accesskit.value()].into_iter().flatten() {
            if !text.trim().is_empty() {
                found.insert(text);
            }
        }
    }
    found
}

const KEY_NAMES: &[&str] = &["Enter"];

/// A reference, an id or a code: letters run together with digits. No word of either
/// interface is written so.
fn is_code(word: &str) -> bool {
    let word = word.trim_matches(|c: char| !c.is_alphanumeric());
    word.chars().any(|c| c.is_ascii_digit()) && word.chars().any(char::is_alphabetic)
}

fn english_in(text: &str) -> Vec<&'static str> {
    // A key's name as printed on Latin American keyboards (the primary action's shortcut), not a
    // word of the interface.
    if KEY_NAMES.contains(&text) {
        return Vec::new();
    }
    // Addresses, file paths, raw JSON and references or codes (letters with digits, as the
    // random "PDTP2W1OF2" whose "OF" is no English) are data, not words of the interface.
    let words: Vec<String> = text
        .split_whitespace()
        .filter(|word| !word.contains("://") && !word.contains('/') && !word.contains('"'))
        .filter(|word| !is_code(word))
        .flat_map(|word| {
            word.split(|c: char| !c.is_alphabetic())
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
        })
        .collect();
    ENGLISH
        .iter()
        .copied()
        .filter(|english| words.iter().any(|word| word == english))
        .collect()
}

fn look(harness: &mut Harness<'_, PaydeskApp>, seen: &mut BTreeSet<String>) {
    harness.run_steps(6);
    seen.extend(texts(harness));
}

#[test]
fn a_reference_is_data_but_a_sentence_is_read() {
    assert!(english_in("PDTP2W1OF2").is_empty());
    assert!(english_in("Referencia: PDTP2W1OF2.").is_empty());
    assert_eq!(english_in("Copy of PDTP2W1OF2"), vec!["copy", "of"]);
    assert_eq!(english_in("Paid at 6:31"), vec!["paid", "at"]);
}

#[test]
fn no_english_word_is_left_on_any_panel() {
    let app = App::new();
    let mut harness = app.harness();
    let mut seen = BTreeSet::new();

    let reference = create_link(&mut harness, "25.000");
    look(&mut harness, &mut seen);
    app.post(
        format!("{}/transactions/{reference}/outcome", app.control(&harness)),
        json!({"outcome": "approve"}),
    );
    wait_until(&mut harness, "the approval", |h| shows(h, "Pago aprobado"));
    look(&mut harness, &mut seen);
    for view in ["Un medio de pago", "Códigos QR"] {
        click(&mut harness, view);
        look(&mut harness, &mut seen);
    }
    for panel in Panel::ALL {
        harness.state_mut().show_panel(panel);
        look(&mut harness, &mut seen);
    }
    harness.state_mut().show_panel(Panel::Reconcile);
    wait_until(&mut harness, "the report", |h| shows(h, "Cobros aprobados"));
    look(&mut harness, &mut seen);

    let leftovers: Vec<String> = seen
        .iter()
        .filter_map(|text| {
            let english = english_in(text);
            (!english.is_empty()).then(|| format!("{text:?} ({})", english.join(", ")))
        })
        .collect();
    assert!(
        leftovers.is_empty(),
        "English on screen:\n{}",
        leftovers.join("\n")
    );
}
