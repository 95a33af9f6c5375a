//! Approvals spoken, against a stand-in of speech-dispatcher's socket that keeps every line it
//! is sent: the exact text handed to the engine for an approval (Spanish and English), with a
//! voice of its language it picked from the daemon's list, for a counter QR's three payments,
//! and for a refusal (nothing); a daemon with no voice of the sentence's language (nothing is
//! said, the chime sounds instead); the voices; the deadlines when the stand-in stops
//! answering; and that no process is ever started. The tests marked `needs speech-dispatcher`
//! talk to a real daemon (`.ci/run` starts one).
#![cfg(all(unix, not(target_os = "macos")))]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use paydesk::i18n::{self, Language};
use paydesk::money::Pesos;
use paydesk::speech::ssip::Daemon;

mod common;
use common::speechd::{Behaviour, StandIn, VOICES};
use paydesk::config::speech::SpeechSettings;
use paydesk::speech::{
    self, PaymentNews, Readiness, Speaker, SpeechError, Spoken, Verdict, Volume,
};
use paydesk::ui::services::chime::Chime;
use paydesk::ui::services::voice::TillVoice;

/// The language in use is the process's: a test that says something holds this.
static LANGUAGE: Mutex<()> = Mutex::new(());

fn in_language(language: Language) -> MutexGuard<'static, ()> {
    let guard = LANGUAGE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    i18n::set(language);
    guard
}

/// What the app does with each payment news: decide, then say what was decided.
fn announce(spoken: &mut Spoken, news: &PaymentNews, daemon: &Daemon) {
    if let Some(said) = spoken.decide(news) {
        speaker(daemon).speak(&said, None, Volume::new(80)).unwrap();
    }
}

fn speaker(daemon: &Daemon) -> Speaker {
    Speaker::Daemon(daemon.clone())
}

fn sale(reference: &str, amount: i64, verdict: Verdict) -> PaymentNews {
    PaymentNews {
        reference: reference.to_owned(),
        takes_many: false,
        payment: None,
        amount: Some(Pesos::new(amount)),
        verdict,
        made_here: true,
    }
}

#[test]
fn an_approval_is_said_in_spanish_and_in_english() {
    let stand_in = StandIn::start(Behaviour::Answers, VOICES);
    let mut spoken = Spoken::new();
    {
        let _spanish = in_language(Language::Es);
        let news = sale("V-1", 35_000, Verdict::ApprovedByTheService);
        announce(&mut spoken, &news, &stand_in.daemon());
    }
    {
        let _english = in_language(Language::En);
        let news = sale("V-2", 35_000, Verdict::ApprovedByTheService);
        announce(&mut spoken, &news, &stand_in.daemon());
    }
    assert_eq!(
        stand_in.spoken(),
        [
            "Pago recibido: treinta y cinco mil pesos",
            "Payment received: thirty-five thousand pesos"
        ]
    );
    let heard = stand_in.heard();
    assert_eq!(heard.len(), 2);
    assert!(heard[0][0].starts_with("SET SELF CLIENT_NAME "));
    assert!(heard[0][0].ends_with(":paydesk:approvals"));
    assert_eq!(
        heard[0][1..],
        [
            "LIST SYNTHESIS_VOICES",
            "SET SELF PRIORITY message",
            "SET SELF LANGUAGE es",
            "SET SELF VOLUME 60",
            "SET SELF SYNTHESIS_VOICE Spanish (Latin America)",
            "SET SELF NOTIFICATION END on",
            "SET SELF NOTIFICATION CANCEL on",
            "SPEAK",
            "Pago recibido: treinta y cinco mil pesos",
            ".",
            "QUIT",
        ]
    );
    assert!(heard[1].contains(&"SET SELF LANGUAGE en".to_owned()));
    assert!(heard[1].contains(&"SET SELF SYNTHESIS_VOICE English (America)".to_owned()));
}

#[test]
fn a_counter_qrs_three_payments_are_each_said_once_with_their_own_amount() {
    let stand_in = StandIn::start(Behaviour::Answers, VOICES);
    let _spanish = in_language(Language::Es);
    let mut spoken = Spoken::new();
    let payment = |provider: Option<&str>, amount: i64| PaymentNews {
        takes_many: true,
        payment: provider.map(str::to_owned),
        ..sale("QR-MOSTRADOR", amount, Verdict::ApprovedByTheService)
    };
    // The follower's answer, then the receiver's check of the same payment, then the others;
    // news of the code as a whole says nothing.
    for news in [
        payment(None, 0),
        payment(Some("P-1"), 12_000),
        payment(Some("P-1"), 12_000),
        payment(Some("P-2"), 21_000),
        payment(Some("P-3"), 1_000_000),
        payment(Some("P-2"), 21_000),
    ] {
        announce(&mut spoken, &news, &stand_in.daemon());
    }
    assert_eq!(
        stand_in.spoken(),
        [
            "Pago recibido: doce mil pesos",
            "Pago recibido: veintiún mil pesos",
            "Pago recibido: un millón de pesos",
        ]
    );
}

#[test]
fn a_refusal_and_an_approval_the_service_did_not_confirm_are_not_said() {
    let stand_in = StandIn::start(Behaviour::Answers, VOICES);
    let _spanish = in_language(Language::Es);
    let mut spoken = Spoken::new();
    for news in [
        sale("V-1", 35_000, Verdict::NotPaid),
        sale("V-2", 35_000, Verdict::Pending),
        sale("V-3", 35_000, Verdict::ApprovedByANotification),
        PaymentNews {
            made_here: false,
            ..sale("V-4", 35_000, Verdict::ApprovedByTheService)
        },
    ] {
        announce(&mut spoken, &news, &stand_in.daemon());
    }
    assert!(stand_in.heard().is_empty(), "{:?}", stand_in.heard());
}

#[test]
fn the_voices_are_listed_with_their_language_latin_america_first() {
    let stand_in = StandIn::start(Behaviour::Answers, VOICES);
    let voices = stand_in.daemon().voices().unwrap();
    assert_eq!(voices.len(), 3);
    assert_eq!(voices[2].language, "en-US");
    let Readiness::Ready(spanish) = speech::readiness_of(Ok(voices), Language::Es) else {
        panic!("no Spanish voice");
    };
    let names: Vec<&str> = spanish.iter().map(|voice| voice.name.as_str()).collect();
    assert_eq!(names, ["Spanish (Latin America)", "Spanish (Spain)"]);

    let english_only = StandIn::start(Behaviour::Answers, &["English (America)\ten-US\tnone"]);
    let voices = english_only.daemon().voices();
    let _english = in_language(Language::En);
    let Readiness::NoVoice { advice } = speech::readiness_of(voices, Language::Es) else {
        panic!("a Spanish voice was found");
    };
    assert!(advice.contains("speech-dispatcher-espeak-ng"), "{advice}");
}

#[test]
fn the_chosen_voice_is_asked_for_and_a_missing_one_said_so() {
    let stand_in = StandIn::start(Behaviour::Answers, VOICES);
    let said = speech::Said {
        text: ".5 pesos".to_owned(),
        language: Language::Es,
    };
    let daemon = speaker(&stand_in.daemon());
    daemon
        .speak(&said, Some("Spanish (Spain)"), Volume::new(0))
        .unwrap();
    let heard = stand_in.heard();
    assert!(heard[0].contains(&"SET SELF SYNTHESIS_VOICE Spanish (Spain)".to_owned()));
    assert!(heard[0].contains(&"SET SELF VOLUME -100".to_owned()));
    // A leading dot is doubled on the wire, and the text arrives whole.
    assert!(heard[0].contains(&"..5 pesos".to_owned()));
    assert_eq!(stand_in.spoken(), [".5 pesos"]);
    assert_eq!(
        daemon.speak(&said, Some("Gone"), Volume::LOUDEST),
        Err(SpeechError::VoiceGone("Gone".to_owned()))
    );
    // A voice no longer offered is not asked for: nothing more was sent but the list.
    assert_eq!(stand_in.spoken(), [".5 pesos"]);
}

const ENGLISH_AND_GERMAN: &[&str] = &["English (America)\ten-US\tnone", "German\tde\tnone"];

#[test]
fn without_a_voice_of_the_sentences_language_nothing_is_said() {
    let stand_in = StandIn::start(Behaviour::Answers, ENGLISH_AND_GERMAN);
    let daemon = speaker(&stand_in.daemon());
    let spanish = speech::Said {
        text: "Pago recibido: treinta y cinco mil pesos".to_owned(),
        language: Language::Es,
    };
    assert_eq!(
        daemon.speak(&spanish, None, Volume::LOUDEST),
        Err(SpeechError::NoVoice(Language::Es))
    );
    // Not with a voice chosen for English either.
    assert_eq!(
        daemon.speak(&spanish, Some("English (America)"), Volume::LOUDEST),
        Err(SpeechError::NoVoice(Language::Es))
    );
    // The daemon was asked for its voices and for nothing else: no language set, nothing to
    // read with another language's voice.
    for conversation in stand_in.heard() {
        assert_eq!(conversation[1..], ["LIST SYNTHESIS_VOICES", "QUIT"]);
    }
    assert!(stand_in.spoken().is_empty());
}

/// The till's voice on a computer with no Spanish voice: an approval in Spanish is not said, and
/// the chime sounds in its place (once: not when Configuración's chime sounded already); in
/// English, which a voice speaks, it is said.
#[test]
fn without_a_voice_of_its_language_the_chime_sounds_instead() {
    let stand_in = StandIn::start(Behaviour::Answers, ENGLISH_AND_GERMAN);
    let chimes = Arc::new(AtomicUsize::new(0));
    let settings = SpeechSettings {
        aloud: true,
        ..SpeechSettings::default()
    };
    let voice = TillVoice::with_chime(
        speaker(&stand_in.daemon()),
        settings,
        Chime::Counted(chimes.clone()),
    );
    let conversations = |count: usize| {
        let until = Instant::now() + Duration::from_secs(10);
        while stand_in.heard().len() < count && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(20));
        }
        // The conversation ended, and what follows it (the chime) had its moment.
        std::thread::sleep(Duration::from_millis(300));
    };
    {
        let _spanish = in_language(Language::Es);
        voice.hear(&sale("V-1", 35_000, Verdict::ApprovedByTheService), false);
        conversations(1);
        assert_eq!(chimes.load(Ordering::SeqCst), 1, "the chime sounds instead");
        voice.hear(&sale("V-2", 21_000, Verdict::ApprovedByTheService), true);
        conversations(2);
        assert_eq!(chimes.load(Ordering::SeqCst), 1, "it sounded already");
    }
    {
        let _english = in_language(Language::En);
        voice.hear(&sale("V-3", 35_000, Verdict::ApprovedByTheService), false);
        conversations(3);
    }
    assert_eq!(
        stand_in.spoken(),
        ["Payment received: thirty-five thousand pesos"]
    );
    assert_eq!(chimes.load(Ordering::SeqCst), 1);
    let languages: Vec<String> = stand_in
        .heard()
        .into_iter()
        .flatten()
        .filter(|line| line.starts_with("SET SELF LANGUAGE"))
        .collect();
    assert_eq!(
        languages,
        ["SET SELF LANGUAGE en"],
        "only the English sentence"
    );
}

#[test]
fn an_end_reported_before_the_message_id_still_counts() {
    let stand_in = StandIn::start(Behaviour::EndsFirst, VOICES);
    let said = speech::Said {
        text: "Pago recibido".to_owned(),
        language: Language::Es,
    };
    assert_eq!(
        speaker(&stand_in.daemon()).speak(&said, None, Volume::LOUDEST),
        Ok(())
    );
}

#[test]
fn the_deadlines_hold_when_the_stand_in_stops_answering() {
    let said = speech::Said {
        text: "Pago recibido".to_owned(),
        language: Language::Es,
    };
    let silent = StandIn::start(Behaviour::Silent, VOICES);
    let started = Instant::now();
    assert_eq!(
        speaker(&silent.daemon()).speak(&said, None, Volume::LOUDEST),
        Err(SpeechError::TooSlow)
    );
    assert_eq!(silent.daemon().voices(), Err(SpeechError::TooSlow));
    // Half a second each: the answer deadline, not the speech deadline.
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );

    let never_ends = StandIn::start(Behaviour::NeverEnds, VOICES);
    let started = Instant::now();
    assert_eq!(
        speaker(&never_ends.daemon()).speak(&said, None, Volume::LOUDEST),
        Err(SpeechError::TooSlow)
    );
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(never_ends.spoken(), ["Pago recibido"]);
}

/// The variable that makes this test binary, run again by the test below, act as the app.
const CHILD: &str = "PAYDESK_SPEECH_CHILD";

/// In a run of its own (its environment is the session's): speaks through the session's
/// daemon as the app does, then checks that this process has no child.
#[test]
fn speaks_as_the_app_does_in_a_run_of_its_own() {
    let Some(expected) = std::env::var_os(CHILD) else {
        return;
    };
    let _spanish = in_language(Language::Es);
    let outcome = speech::speak(&speech::sample(), None, Volume::LOUDEST);
    let readiness = speech::readiness(Language::Es);
    if expected == "none" {
        assert!(
            matches!(outcome, Err(SpeechError::NoService(_))),
            "{outcome:?}"
        );
        let Readiness::NoService { advice, .. } = readiness else {
            panic!("{readiness:?}");
        };
        assert!(advice.contains("speech-dispatcher"), "{advice}");
    } else {
        assert_eq!(outcome, Ok(()));
        assert!(matches!(readiness, Readiness::Ready(_)), "{readiness:?}");
    }
    // No thread of this process has a child.
    for task in std::fs::read_dir("/proc/self/task").unwrap() {
        let children = std::fs::read_to_string(task.unwrap().path().join("children"));
        assert_eq!(children.unwrap_or_default().trim(), "");
    }
}

#[test]
fn never_starts_speech_dispatcher_or_any_process() {
    if std::env::var_os(CHILD).is_some() {
        return;
    }
    // A `speech-dispatcher` first on PATH that leaves a mark if anything runs it.
    let bin = tempfile::tempdir().unwrap();
    let marker = bin.path().join("started");
    let fake = bin.path().join("speech-dispatcher");
    // Written by the shell itself: PATH holds only this folder, so there is no `touch`.
    std::fs::write(
        &fake,
        format!("#!/bin/sh\necho \"$@\" > '{}'\n", marker.display()),
    )
    .unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();

    let run = |expected: &str, environment: &[(&str, &Path)]| {
        let mut command = std::process::Command::new(std::env::current_exe().unwrap());
        command
            .args(["--exact", "speaks_as_the_app_does_in_a_run_of_its_own"])
            .args(["--test-threads=1", "--nocapture"])
            .env(CHILD, expected)
            .env("PATH", bin.path())
            .env_remove("SPEECHD_ADDRESS")
            .env_remove("XDG_RUNTIME_DIR");
        for (name, value) in environment {
            command.env(name, value);
        }
        let output = command.output().unwrap();
        assert!(
            output.status.success() && String::from_utf8_lossy(&output.stdout).contains("1 passed"),
            "{expected}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    };
    // No daemon in the session: "no speech service", nothing started.
    let empty = tempfile::tempdir().unwrap();
    run(
        "none",
        &[("XDG_RUNTIME_DIR", empty.path()), ("HOME", empty.path())],
    );
    // The daemon where a session keeps it, and where SPEECHD_ADDRESS says.
    let session = tempfile::tempdir().unwrap();
    let session_path = session.path().to_owned();
    let at_session = StandIn::start_at(
        session,
        Path::new("speech-dispatcher/speechd.sock"),
        Behaviour::Answers,
        VOICES,
    );
    run("spoken", &[("XDG_RUNTIME_DIR", &session_path)]);
    let elsewhere = StandIn::start(Behaviour::Answers, VOICES);
    let address = PathBuf::from(format!("unix_socket:{}", elsewhere.socket.display()));
    run(
        "spoken",
        &[
            ("SPEECHD_ADDRESS", &address),
            ("XDG_RUNTIME_DIR", empty.path()),
        ],
    );
    assert_eq!(
        at_session.spoken(),
        ["Pago recibido: treinta y cinco mil pesos"]
    );
    assert_eq!(
        elsewhere.spoken(),
        ["Pago recibido: treinta y cinco mil pesos"]
    );
    assert!(!marker.exists(), "something started speech-dispatcher");
}

#[test]
#[ignore = "needs speech-dispatcher"]
fn a_real_speech_dispatcher_offers_spanish_and_says_an_approval() {
    for language in Language::ALL {
        let _in_language = in_language(language);
        let Readiness::Ready(voices) = speech::readiness(language) else {
            panic!("{language:?}: {:?}", speech::readiness(language));
        };
        assert!(voices.iter().all(|voice| voice.speaks(language)));
        if language == Language::Es && voices.iter().any(|voice| voice.language == "es-419") {
            assert_eq!(
                voices[0].language, "es-419",
                "Latin America's Spanish first"
            );
        }
        // Returns once the daemon reports the sentence said (its END event).
        let said = speech::sample();
        assert_eq!(speech::speak(&said, None, Volume::new(50)), Ok(()));
        assert_eq!(
            speech::speak(&said, Some(&voices[0].name), Volume::LOUDEST),
            Ok(())
        );
    }
}

#[test]
#[ignore = "needs speech-dispatcher"]
fn a_real_speech_dispatcher_is_asked_only_for_a_voice_it_offers() {
    let said = speech::Said {
        text: "Pago recibido".to_owned(),
        language: Language::Es,
    };
    // speech-dispatcher takes any name (and reads with whatever voice it has): a chosen voice
    // no longer offered is said so, and the chime sounds instead.
    let outcome = speech::speak(&said, Some("No such voice at all"), Volume::LOUDEST);
    assert_eq!(
        outcome,
        Err(SpeechError::VoiceGone("No such voice at all".to_owned()))
    );
}

#[test]
#[ignore = "needs speech-dispatcher"]
fn a_real_speech_dispatcher_says_a_counter_qrs_payments_one_after_another() {
    let _spanish = in_language(Language::Es);
    let mut spoken = Spoken::new();
    let daemon = Daemon::of_this_session().unwrap();
    // Three payments at once, each from its own thread as the app's blocking pool would: the
    // "message" priority queues them instead of one cutting off another.
    let saying: Vec<_> = [12_000, 21_000, 1_000_000]
        .into_iter()
        .enumerate()
        .filter_map(|(index, amount)| {
            spoken.decide(&PaymentNews {
                takes_many: true,
                payment: Some(format!("P-{index}")),
                ..sale("QR-MOSTRADOR", amount, Verdict::ApprovedByTheService)
            })
        })
        .map(|said| {
            let daemon = daemon.clone();
            std::thread::spawn(move || speaker(&daemon).speak(&said, None, Volume::LOUDEST))
        })
        .collect();
    assert_eq!(saying.len(), 3);
    for said in saying {
        assert_eq!(said.join().unwrap(), Ok(()));
    }
}
