//! Approvals said aloud, as the owner sets it and the cashier hears it, with the real app talking
//! to a stand-in of speech-dispatcher's socket: Configuración › Al aprobar un pago › Decirlo en
//! voz alta (off until turned on, kept in this computer's settings, Probar), "Pago recibido:
//! treinta y cinco mil pesos" once for a sale approved at this till, nothing for a refusal, each
//! of a counter QR's payments said once, and what to install when no voice speaks Spanish (and
//! an approval then not read with another language's voice).
#![cfg(all(unix, not(target_os = "macos")))]

mod common;

use common::speechd::{Behaviour, StandIn, VOICES};
use common::ui::{App, create_counter_qr, create_link, harness_of, shows, wait_until};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use paydesk::config::{EnvOverrides, Paths};
use paydesk::i18n::Language;
use paydesk::speech::Speaker;
use paydesk::ui::services::session::SecretsSource;
use paydesk::ui::{AppOptions, Panel, PaydeskApp};
use serde_json::json;

const ALOUD: &str = "Decirlo en voz alta («Pago recibido: treinta y cinco mil pesos»)";

/// The app in Spanish, saying approvals through `stand_in`.
fn till_with_voice(app: &App, stand_in: &StandIn) -> Harness<'static, PaydeskApp> {
    let options = AppOptions {
        paths: Paths::in_dir(app.home.path()),
        profile: None,
        env: EnvOverrides::default(),
        secrets: SecretsSource::MemoryOnly("las pruebas guardan los secretos en memoria".into()),
        alerts: false,
        webhook_listen: Some("127.0.0.1:0".parse().unwrap()),
        updates: false,
        language: Some(Language::Es),
        // The daemon's own deadlines: four tills in one test process answer slower than one.
        speaker: Speaker::Daemon(paydesk::speech::ssip::Daemon::at(&stand_in.socket)),
        monitors: Some(Vec::new()),
        picker: paydesk::ui::plumbing::pick::Picker::stand_in(),
    };
    harness_of(app.runtime.handle().clone(), options)
}

/// Presses a control by its name, as a screen reader does: Configuración is long and still
/// settling as its sections load, so a pointer aimed at where the control was can miss it.
fn press(harness: &mut Harness<'_, PaydeskApp>, label: &str) {
    harness.run_steps(4);
    // Brought into view first: egui senses no press on a control scrolled out of sight.
    harness.get_by_label(label).scroll_to_me();
    harness.run_steps(4);
    harness.get_by_label(label).click_accesskit();
    harness.run_steps(2);
}

/// Ticks Decirlo en voz alta until it shows ticked: under a loaded machine a press that lands
/// while Configuración still scrolls into place can go unsensed, as it can for a person.
fn tick(harness: &mut Harness<'_, PaydeskApp>) {
    for _ in 0..5 {
        if aloud_is_checked(harness) {
            return;
        }
        press(harness, ALOUD);
        harness.run_steps(2);
    }
    assert!(
        aloud_is_checked(harness),
        "Decirlo en voz alta stays unticked"
    );
}

fn aloud_is_checked(harness: &Harness<'_, PaydeskApp>) -> bool {
    harness.get_by_label(ALOUD).accesskit_node().toggled() == Some(egui::accesskit::Toggled::True)
}

/// The owner's steps: Configuración › Al aprobar un pago › Decirlo en voz alta, until the voices
/// are listed.
fn turn_speech_on(harness: &mut Harness<'_, PaydeskApp>) {
    harness.state_mut().show_panel(Panel::Settings);
    harness.run_steps(4);
    assert!(
        !aloud_is_checked(harness),
        "off until the owner turns it on"
    );
    tick(harness);
    wait_until(harness, "the voices are listed", |h| {
        h.query_by_label("Probar")
            .is_some_and(|probar| !probar.accesskit_node().is_disabled())
    });
}

fn settle(
    app: &App,
    harness: &Harness<'_, PaydeskApp>,
    reference: &str,
    outcome: serde_json::Value,
) {
    let control = app.control(harness);
    let status = app.post(
        format!("{control}/transactions/{reference}/outcome"),
        outcome,
    );
    assert_eq!(status, 200);
}

fn wait_for_speech(harness: &mut Harness<'_, PaydeskApp>, stand_in: &StandIn, count: usize) {
    wait_until(harness, &format!("{count} sentences are said"), |_| {
        stand_in.spoken().len() >= count
    });
}

#[test]
fn an_approval_here_is_said_once_and_a_refusal_never() {
    let stand_in = StandIn::start(Behaviour::Answers, VOICES);
    let app = App::new();
    let mut harness = till_with_voice(&app, &stand_in);
    turn_speech_on(&mut harness);
    let config_file = Paths::in_dir(app.home.path()).config_file();
    wait_until(&mut harness, "the choice is kept on this computer", |_| {
        std::fs::read_to_string(&config_file).is_ok_and(|text| text.contains("aloud = true"))
    });

    let first = create_link(&mut harness, "35000");
    settle(&app, &harness, &first, json!({ "outcome": "approve" }));
    wait_for_speech(&mut harness, &stand_in, 1);

    // A refusal is not said: the customer is standing there. The next approval is, and nothing
    // came between the two.
    let refused = create_link(&mut harness, "12000");
    settle(&app, &harness, &refused, json!({ "outcome": "decline" }));
    wait_until(&mut harness, "the decline is seen", |h| {
        h.state().tracker().find(&refused).and_then(|p| p.status)
            == Some(paydesk::api::TransactionStatus::Rejected)
    });
    let second = create_link(&mut harness, "21000");
    settle(&app, &harness, &second, json!({ "outcome": "approve" }));
    wait_for_speech(&mut harness, &stand_in, 2);
    assert_eq!(
        stand_in.spoken(),
        [
            "Pago recibido: treinta y cinco mil pesos",
            "Pago recibido: veintiún mil pesos"
        ]
    );
    assert!(
        stand_in
            .heard()
            .iter()
            .flatten()
            .any(|line| line == "SET SELF LANGUAGE es-419" || line == "SET SELF LANGUAGE es"),
        "said in Spanish: {:?}",
        stand_in.heard()
    );
}

#[test]
fn a_counter_qrs_three_payments_are_each_said_once() {
    let stand_in = StandIn::start(Behaviour::Answers, VOICES);
    let app = App::new();
    let mut harness = till_with_voice(&app, &stand_in);
    turn_speech_on(&mut harness);
    // A sale's link first: the books' later reads for the code's payments bring its approval
    // back too, and it is not said again.
    let link = create_link(&mut harness, "12000");
    settle(&app, &harness, &link, json!({ "outcome": "approve" }));
    wait_for_speech(&mut harness, &stand_in, 1);

    let code = create_counter_qr(&mut harness);

    for (count, amount) in [(2, 35_000), (3, 1_000_000), (4, 200_500)] {
        settle(
            &app,
            &harness,
            &code,
            json!({ "outcome": "approve", "amount": amount }),
        );
        wait_for_speech(&mut harness, &stand_in, count);
    }
    // However often the code is asked about after, each payment stays said once: three more
    // status answers about it reach the till, and nothing more is said.
    let status = "/pay/payment/status";
    let asked = app.requests_to(&harness, status);
    wait_until(&mut harness, "three more status questions", |h| {
        app.requests_to(h, status) >= asked + 3
    });
    harness.run_steps(3);
    assert_eq!(
        stand_in.spoken(),
        [
            "Pago recibido: doce mil pesos",
            "Pago recibido: treinta y cinco mil pesos",
            "Pago recibido: un millón de pesos",
            "Pago recibido: doscientos mil quinientos pesos"
        ]
    );
}

#[test]
fn probar_says_a_sample_and_the_choice_survives_a_restart() {
    let stand_in = StandIn::start(Behaviour::Answers, VOICES);
    let app = App::new();
    {
        let mut harness = till_with_voice(&app, &stand_in);
        turn_speech_on(&mut harness);
        press(&mut harness, "Probar");
        wait_until(&mut harness, "Probar is said", |h| {
            shows(h, "Se dijo «Pago recibido: treinta y cinco mil pesos»")
        });
        assert_eq!(
            stand_in.spoken(),
            ["Pago recibido: treinta y cinco mil pesos"]
        );
        let config_file = Paths::in_dir(app.home.path()).config_file();
        wait_until(&mut harness, "the choice is kept", |_| {
            std::fs::read_to_string(&config_file).is_ok_and(|text| text.contains("aloud = true"))
        });
    }
    // paydesk opened again on the same computer: still on.
    let mut harness = till_with_voice(&app, &stand_in);
    harness.state_mut().show_panel(Panel::Settings);
    wait_until(&mut harness, "the saved choice is read", |h| {
        h.query_by_label(ALOUD).is_some() && aloud_is_checked(h)
    });
}

#[test]
fn without_a_spanish_voice_configuracion_says_what_to_install() {
    const ENGLISH_ONLY: &[&str] = &["English (America)\ten-US\tnone"];
    let stand_in = StandIn::start(Behaviour::Answers, ENGLISH_ONLY);
    let app = App::new();
    let mut harness = till_with_voice(&app, &stand_in);
    harness.state_mut().show_panel(Panel::Settings);
    harness.run_steps(4);
    tick(&mut harness);
    wait_until(&mut harness, "the missing voice is said", |h| {
        shows(h, "No hay una voz en español instalada")
    });
    assert!(shows(&harness, "sudo apt install speech-dispatcher"));
    assert!(
        harness
            .get_by_label("Probar")
            .accesskit_node()
            .is_disabled(),
        "nothing to try without a voice"
    );
    // An approval is not read with the English voice: the daemon is asked for its voices, and
    // nothing is said (the chime sounds instead, tests/speech.rs listens to it).
    let listed = |stand_in: &StandIn| {
        stand_in
            .heard()
            .iter()
            .filter(|lines| lines.iter().any(|line| line == "LIST SYNTHESIS_VOICES"))
            .count()
    };
    let looked = listed(&stand_in);
    let sale = create_link(&mut harness, "35000");
    settle(&app, &harness, &sale, json!({ "outcome": "approve" }));
    wait_until(&mut harness, "a Spanish voice is looked for", |_| {
        listed(&stand_in) > looked
    });
    harness.run_steps(3);
    assert!(stand_in.spoken().is_empty(), "{:?}", stand_in.heard());
    assert!(
        !stand_in
            .heard()
            .iter()
            .flatten()
            .any(|line| line.starts_with("SET SELF LANGUAGE")),
        "{:?}",
        stand_in.heard()
    );
}

/// A sale is said once in its life: the till closed and opened again on the same books follows
/// the counter's QR again, and the service's answers about it and about the approved sale say
/// nothing already said.
#[test]
fn a_restart_says_nothing_already_said() {
    let stand_in = StandIn::start(Behaviour::Answers, VOICES);
    let app = App::new();
    let code = {
        let mut harness = till_with_voice(&app, &stand_in);
        turn_speech_on(&mut harness);
        let link = create_link(&mut harness, "30000");
        settle(&app, &harness, &link, json!({ "outcome": "approve" }));
        wait_for_speech(&mut harness, &stand_in, 1);
        let code = create_counter_qr(&mut harness);
        settle(
            &app,
            &harness,
            &code,
            json!({ "outcome": "approve", "amount": 8_000 }),
        );
        wait_for_speech(&mut harness, &stand_in, 2);
        code
    };

    // Opened again: the code is followed again and asked about, and nothing more is said.
    let mut harness = till_with_voice(&app, &stand_in);
    wait_until(&mut harness, "the code is followed again", |h| {
        h.state()
            .tracker()
            .find(&code)
            .is_some_and(|qr| qr.record.is_some())
    });
    let status = "/pay/payment/status";
    let asked = app.requests_to(&harness, status);
    wait_until(&mut harness, "three more status questions", |h| {
        app.requests_to(h, status) >= asked + 3
    });
    harness.run_steps(3);
    assert_eq!(
        stand_in.spoken(),
        [
            "Pago recibido: treinta mil pesos",
            "Pago recibido: ocho mil pesos"
        ]
    );
}
