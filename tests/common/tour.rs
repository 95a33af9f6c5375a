//! A walk through every screen of the app, for the tests that read every word on it in one
//! language (`tests/ui_spanish.rs`, `tests/ui_english.rs`): sales made in the other language
//! first (a link paid, a Nequi charge, a QR code, a sale left to expire, a copy of the books),
//! then the language switched in Configuración as a person does, and every panel and view
//! opened, with the troubles a shop meets on screen: no internet for updates, a printer that is
//! off, no print system, no speech service. What the system says in its own terms may only be
//! behind a closed «Detalles».

use std::collections::BTreeSet;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use paydesk::config::{EnvOverrides, Paths};
use paydesk::i18n::Language;
use paydesk::t;
use paydesk::ui::services::session::SecretsSource;
use paydesk::ui::{AppOptions, Panel, PaydeskApp};
use serde_json::json;

use super::ui::{App, click, create_link, harness_of, shows, type_into, wait_until};

/// What systems and libraries say in their own terms (an OS error, an HTTP library's words, a
/// socket's path): never part of a sentence on screen, only of a closed «Detalles».
pub const SYSTEM_TEXT: &[&str] = &[
    "os error",
    "error sending request",
    "No such file",
    "Connection refused",
    "connection refused",
    "speechd.sock",
    "tcp connect",
    "client error (Connect)",
    "dns error",
    "Permission denied",
];

/// Every label and value on screen.
pub fn texts(harness: &Harness<'_, PaydeskApp>) -> BTreeSet<String> {
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

/// A reference, an id or a code: letters run together with digits. No word of either
/// interface is written so.
pub fn is_code(word: &str) -> bool {
    let word = word.trim_matches(|c: char| !c.is_alphanumeric());
    word.chars().any(|c| c.is_ascii_digit()) && word.chars().any(char::is_alphabetic)
}

/// Which of `words` (lower case) a text on screen holds as words of its own. Addresses, file
/// paths, quoted data (raw JSON, the service's own labels quoted) and references or codes are
/// data, not words of the interface; a key's name is no word either.
pub fn words_in(text: &str, words: &[&'static str]) -> Vec<&'static str> {
    if text == "Enter" {
        return Vec::new();
    }
    let found: Vec<String> = text
        .split_whitespace()
        .filter(|word| {
            !word.contains("://")
                && !word.contains('/')
                && !word.contains('"')
                && !word.contains('«')
                && !word.contains('»')
        })
        .filter(|word| !is_code(word))
        .flat_map(|word| {
            word.split(|c: char| !c.is_alphabetic())
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
        })
        .collect();
    words
        .iter()
        .copied()
        .filter(|wanted| found.iter().any(|word| word == wanted))
        .collect()
}

/// The texts holding words of the wrong language, each with the words found. A text holding
/// one of `data`, or a row of one wrapped (a long line is also read a row at a time: several
/// words of it), is data; a lone word that some datum happens to hold ("Pago") is not.
pub fn leftovers(seen: &BTreeSet<String>, words: &[&'static str], data: &[&str]) -> Vec<String> {
    let a_row_of = |datum: &str, text: &str| {
        let text = text.trim();
        text.split_whitespace().count() >= 2 && datum.contains(text)
    };
    seen.iter()
        .filter(|text| {
            !data
                .iter()
                .any(|datum| text.contains(datum) || a_row_of(datum, text))
        })
        .filter_map(|text| {
            let found = words_in(text, words);
            (!found.is_empty()).then(|| format!("{text:?} ({})", found.join(", ")))
        })
        .collect()
}

/// The texts holding what a system said in its own terms.
pub fn system_text(seen: &BTreeSet<String>) -> Vec<String> {
    seen.iter()
        .filter(|text| SYSTEM_TEXT.iter().any(|raw| text.contains(raw)))
        .cloned()
        .collect()
}

/// What a walk saw, and the app it walked (still open, for a test's own last looks).
pub struct Walk {
    pub app: App,
    pub harness: Harness<'static, PaydeskApp>,
    pub seen: BTreeSet<String>,
    /// Where the speech service would be: nothing is there.
    _no_speech: tempfile::TempDir,
    /// The printer's address, where nothing answers.
    printer: String,
}

impl Walk {
    pub fn look(&mut self) {
        self.harness.run_steps(6);
        self.seen.extend(texts(&self.harness));
    }

    pub fn shows(&self, text: &str) -> bool {
        shows(&self.harness, text)
    }
}

/// A loopback port nothing listens on: what is sent there is refused at once.
fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// The app on the built-in simulator, in `first`, with this computer's troubles set up: the
/// update feed and the printer where nothing answers, speech on with no speech service.
fn troubled_app(first: Language) -> (App, Harness<'static, PaydeskApp>, tempfile::TempDir, String) {
    let app = App::new();
    let printer = format!("tcp://127.0.0.1:{}", closed_port());
    let config = app.home.path().join("config");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("paydesk.toml"),
        format!(
            "version = 1\n\n[profiles.simulator]\nenvironment = \"simulator\"\n\n\
             [updates]\nfeed_url = \"http://127.0.0.1:{}/feed.json\"\n\n\
             [printer]\nprinter = \"{printer}\"\n\n\
             [speech]\naloud = true\n",
            closed_port(),
        ),
    )
    .unwrap();
    let no_speech = tempfile::tempdir().unwrap();
    let options = AppOptions {
        paths: Paths::in_dir(app.home.path()),
        profile: None,
        env: EnvOverrides::default(),
        secrets: SecretsSource::MemoryOnly("las pruebas guardan los secretos en memoria".into()),
        alerts: false,
        webhook_listen: Some("127.0.0.1:0".parse().unwrap()),
        // Looked for at once, at a feed where nothing answers.
        updates: true,
        monitors: Some(Vec::new()),
        language: Some(first),
        speaker: speaker_without_service(no_speech.path()),
        picker: paydesk::ui::plumbing::pick::Picker::stand_in(),
    };
    let harness = harness_of(app.runtime.handle().clone(), options);
    (app, harness, no_speech, printer)
}

#[cfg(all(unix, not(target_os = "macos")))]
fn speaker_without_service(folder: &std::path::Path) -> paydesk::speech::Speaker {
    paydesk::speech::Speaker::Daemon(paydesk::speech::ssip::Daemon::at(
        folder.join("speechd.sock"),
    ))
}

#[cfg(not(all(unix, not(target_os = "macos"))))]
fn speaker_without_service(_folder: &std::path::Path) -> paydesk::speech::Speaker {
    paydesk::speech::Speaker::System
}

fn settle(app: &App, harness: &Harness<'_, PaydeskApp>, reference: &str, outcome: &str) {
    let status = app.post(
        format!("{}/transactions/{reference}/outcome", app.control(harness)),
        json!({ "outcome": outcome }),
    );
    assert_eq!(status, 200, "the simulator settles {reference}");
}

/// Sales of every kind, made in the language on screen.
fn sell(app: &App, harness: &mut Harness<'static, PaydeskApp>) {
    // What was sold, so the service's answer names it rather than its own default words (in
    // Spanish whatever the language on screen), and a return of it is made later.
    harness.state_mut().show_panel(Panel::Collect);
    harness.run_steps(2);
    type_into(harness, &t!("field-what-is-sold"), "Arepas");
    let paid = create_link(harness, "25.000");
    settle(app, harness, &paid, "approve");
    wait_until(harness, "the approval", |h| {
        shows(h, &t!("banner-approved"))
    });
    click(harness, &t!("collect-new-sale"));
    let expired = create_link(harness, "12.000");
    settle(app, harness, &expired, "expire");
    wait_until(harness, "the expiry", |h| {
        h.state()
            .tracker()
            .find(&expired)
            .is_some_and(|payment| payment.status.is_some_and(|s| s.is_final()))
    });
    click(harness, &t!("collect-new-sale"));

    // A Nequi charge (the first method).
    click(harness, &t!("collect-one-method"));
    type_into(harness, &t!("field-amount"), "30.000");
    type_into(harness, &t!("field-payer-cellphone"), "300 123 4567");
    click(harness, &t!("collect-create-payment"));
    wait_until(harness, "the Nequi charge", |h| {
        shows(h, &t!("created-method-title", method = "Nequi"))
    });

    // A QR code, whose card has the service's numbers.
    click(harness, &t!("collect-qr-codes"));
    wait_until(harness, "the methods load", |h| {
        shows(h, &t!("resource-methods-offered"))
    });
    type_into(harness, &t!("field-amount"), "15.000");
    click(harness, &t!("resource-create"));
    wait_until(harness, "the QR code", |h| {
        shows(h, &t!("created-qr-title"))
    });

    // A cash sale, the shift opened with it: the drawer's words in every panel after.
    press(harness, &t!("cashsale-mode"));
    type_into(harness, &t!("cashsale-base"), "50.000");
    type_into(harness, &t!("field-amount"), "8.000");
    type_into(harness, &t!("cashsale-tendered"), "10.000");
    click(harness, &t!("cashsale-open-and-sell"));
    wait_until(harness, "the cash sale", |h| {
        shows(h, &t!("cashsale-recorded"))
    });

    // A copy of the books.
    harness.state_mut().show_panel(Panel::Settings);
    press(harness, &t!("backups-now"));
    wait_until(harness, "the copy", |h| {
        h.query_all_by_label_contains(&t!("backups-taken", when = ""))
            .next()
            .is_some()
    });
}

/// Presses `label` wherever it is on a long page (Configuración scrolls): brought into view,
/// then pressed.
pub fn press(harness: &mut Harness<'static, PaydeskApp>, label: &str) {
    harness.run_steps(4);
    harness.get_by_label(label).scroll_to_me();
    harness.run_steps(4);
    harness.get_by_label(label).click_accesskit();
    harness.step();
    harness.step();
}

/// Configuración › the language, chosen as a person does.
fn switch_to(harness: &mut Harness<'static, PaydeskApp>, language: Language) {
    harness.state_mut().show_panel(Panel::Settings);
    press(harness, language.own_name());
    wait_until(harness, "the language changes", |_| {
        paydesk::i18n::current() == language
    });
    harness.run_steps(4);
}

/// Devolver dinero from the approved sale's window: its form, its review in words, and what
/// it came to, each looked at (the close then has its returns' lines).
fn a_return(walk: &mut Walk) {
    let harness = &mut walk.harness;
    let Some(sale) = harness
        .state()
        .tracker()
        .payments
        .iter()
        .find(|payment| {
            !payment.repeatable && payment.status == Some(paydesk::api::TransactionStatus::Approved)
        })
        .map(|payment| payment.reference1.clone())
    else {
        panic!("the tour's approved sale is in today's list");
    };
    harness.state_mut().show_panel(Panel::Status);
    // The sale's row comes with the read of the books the panel starts; until it has, the
    // followed charge may stand in the list as well, under the same reference.
    wait_until(harness, "the approved sale's one row", |h| {
        h.query_all_by_label(&sale).count() == 1
    });
    harness.get_by_label(&sale).click();
    harness.run_steps(4);
    click(harness, &t!("refund-button"));
    wait_until(harness, "the return's form", |h| {
        h.query_by_label(&t!("refund-review")).is_some()
    });
    type_into(harness, &t!("field-amount"), "5.000");
    type_into(harness, &t!("field-refund-alias"), "ana");
    click(harness, &t!("refund-review"));
    walk.look();
    let harness = &mut walk.harness;
    type_into(harness, &t!("field-refund-alias"), "@ANA123");
    click(harness, &t!("refund-review"));
    wait_until(harness, "the review in words", |h| {
        shows(h, &t!("refund-confirm-title"))
    });
    walk.look();
    let harness = &mut walk.harness;
    click(harness, &t!("refund-confirm-send", amount = "$ 5.000"));
    wait_until(harness, "the return is confirmed", |h| {
        shows(h, &t!("refund-print-receipt"))
    });
    walk.look();
    click(&mut walk.harness, &t!("refund-close"));
}

/// Every panel, and each of Cobrar's views with its card.
fn every_panel(walk: &mut Walk) {
    walk.harness.state_mut().show_panel(Panel::Collect);
    walk.harness.run_steps(4);
    // Each view with what only it shows (its create button).
    for (view, its_own) in [
        (t!("collect-one-method"), t!("collect-create-payment")),
        (t!("collect-qr-codes"), t!("resource-create")),
        (t!("kind-payment-link"), t!("collect-create-link")),
        (t!("cashsale-mode"), t!("cashsale-tendered")),
    ] {
        for _ in 0..3 {
            if shows(&walk.harness, &its_own) {
                break;
            }
            // As a screen reader presses it: a banner may lie over the row.
            press(&mut walk.harness, &view);
        }
        assert!(shows(&walk.harness, &its_own), "{view} opens");
        walk.look();
        // The card keeps the service's own numbers folded: open them too.
        let details = t!("problem-details");
        let folded = walk.harness.query_all_by_label(&details).next().is_some();
        if folded {
            walk.harness
                .get_all_by_label(&details)
                .next()
                .unwrap()
                .click_accesskit();
            walk.look();
        }
    }
    for panel in Panel::ALL {
        walk.harness.state_mut().show_panel(panel);
        walk.look();
    }
    walk.harness.state_mut().show_panel(Panel::Reconcile);
    wait_until(&mut walk.harness, "the report", |h| {
        shows(h, &t!("activity-approved-collections"))
    });
    walk.look();
}

/// Configuración with this computer's troubles said: the printer that is off, no print
/// system, no speech service, no internet for updates.
fn troubles(walk: &mut Walk) {
    walk.harness.state_mut().show_panel(Panel::Settings);
    press(&mut walk.harness, &t!("printer-test"));
    let off = t!("print-error-unreachable", printer = walk.printer.as_str());
    wait_until(&mut walk.harness, "the printer's trouble, in words", |h| {
        shows(h, &off)
    });
    walk.look();
    press(&mut walk.harness, &t!("printer-find"));
    walk.harness.run_steps(20);
    walk.look();
    press(&mut walk.harness, &t!("updates-look-now"));
    let no_internet = t!("update-unreachable", host = "127.0.0.1");
    wait_until(
        &mut walk.harness,
        "no internet for updates, in words",
        |h| shows(h, &no_internet),
    );
    wait_until(&mut walk.harness, "no voice, said", |h| {
        shows(h, &t!("speech-no-service"))
    });
    walk.look();
    // Every fold opened: what the systems said is there for whoever helps, and only there.
    let folded = walk
        .harness
        .query_all_by_label(&t!("problem-details"))
        .count();
    assert!(folded >= 2, "the troubles keep their details folded");
}

/// The whole walk: sales in `first`, then everything in `then`.
pub fn walk(first: Language, then: Language) -> Walk {
    let (app, mut harness, no_speech, printer) = troubled_app(first);
    sell(&app, &mut harness);
    switch_to(&mut harness, then);
    let mut walk = Walk {
        app,
        harness,
        seen: BTreeSet::new(),
        _no_speech: no_speech,
        printer,
    };
    a_return(&mut walk);
    every_panel(&mut walk);
    troubles(&mut walk);
    if let Ok(file) = std::env::var("PAYDESK_TOUR_SEEN") {
        let _ = std::fs::write(
            file,
            walk.seen.iter().cloned().collect::<Vec<_>>().join("\n"),
        );
    }
    walk
}
