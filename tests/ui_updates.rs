//! The app's side of updates: the look waits while a sale is on screen and happens as soon as it
//! ends (against a local feed server, which sees no request until then), and Configuración ›
//! Actualizaciones queues what the owner asks.

#[path = "common/feed_server.rs"]
mod feed_server;

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use feed_server::{FeedServer, TestKey, feed};
use paydesk::config::{ConfigFile, Paths};
use paydesk::ui::panels::update_settings::UpdatesSection;
use paydesk::ui::plumbing::bridge::Bridge;
use paydesk::ui::services::updates::{UpdateWatch, UpdatesCommand, UpdatesStatus, UpdatesView};

const DEADLINE: Duration = Duration::from_secs(15);

/// Runs `logic` until `done` holds, or fails at the deadline.
async fn until(
    watch: &mut UpdateWatch,
    bridge: &Bridge,
    paths: &Paths,
    sale_on_screen: bool,
    done: impl Fn(&UpdateWatch) -> bool,
) {
    let deadline = tokio::time::Instant::now() + DEADLINE;
    loop {
        watch.logic(bridge, paths, sale_on_screen);
        if done(watch) {
            return;
        }
        assert!(tokio::time::Instant::now() < deadline, "{:?}", watch.view());
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_app_never_looks_while_a_sale_is_on_screen() {
    let key = TestKey::new();
    let server = FeedServer::start().await;
    server.publish(
        &key,
        &feed("9.0.0", "2026-06-01T15:00:00Z", serde_json::json!({})),
    );
    let home = tempfile::tempdir().unwrap();
    let paths = Paths::in_dir(home.path());
    let mut config = ConfigFile::default();
    config.updates.feed_url = Some(server.url("feed.json"));
    paths.save(&config).unwrap();
    let bridge = Bridge::new(tokio::runtime::Handle::current(), egui::Context::default());
    let mut watch = UpdateWatch::default();
    // The customer screen is up from the start: settings are read, nothing is looked at.
    until(&mut watch, &bridge, &paths, true, |watch| {
        watch.view().loaded
    })
    .await;
    for _ in 0..50 {
        watch.logic(&bridge, &paths, true);
        assert!(!watch.is_looking());
    }
    watch.queued.push(UpdatesCommand::LookNow);
    watch.logic(&bridge, &paths, true);
    assert!(
        !watch.is_looking(),
        "not even when asked, while the sale is shown"
    );
    assert!(server.seen().is_empty(), "{:?}", server.seen());
    // The sale ends: the look that waited happens. (This build trusts the maker's key, not the
    // test's, so the feed is refused: what matters here is when it was asked for.)
    watch.logic(&bridge, &paths, false);
    assert!(watch.is_looking());
    until(&mut watch, &bridge, &paths, false, |watch| {
        !watch.is_looking()
    })
    .await;
    assert!(
        matches!(watch.status(), UpdatesStatus::Failed(problem) if problem.to_string().contains("firma") || problem.to_string().contains("signature")),
        "{:?}",
        watch.status()
    );
    assert!(server.seen().iter().any(|seen| seen.uri == "/feed.json"));
}

#[tokio::test(flavor = "multi_thread")]
async fn turned_off_nothing_is_asked_of_anyone() {
    let server = FeedServer::start().await;
    let home = tempfile::tempdir().unwrap();
    let paths = Paths::in_dir(home.path());
    let mut config = ConfigFile::default();
    config.updates.feed_url = Some(server.url("feed.json"));
    config.updates.look = false;
    paths.save(&config).unwrap();
    let bridge = Bridge::new(tokio::runtime::Handle::current(), egui::Context::default());
    let mut watch = UpdateWatch::default();
    until(&mut watch, &bridge, &paths, false, |watch| {
        watch.view().loaded
    })
    .await;
    watch.queued.push(UpdatesCommand::LookNow);
    for _ in 0..50 {
        watch.logic(&bridge, &paths, false);
        assert!(!watch.is_looking());
    }
    assert!(server.seen().is_empty());
}

#[test]
fn settings_queue_what_the_owner_asks() {
    paydesk::i18n::set(paydesk::i18n::Language::Es);
    let view = UpdatesView {
        loaded: true,
        look: true,
        feed_url: String::new(),
        status: UpdatesStatus::Newer("0.2.0".into()),
    };
    let mut harness = Harness::new_ui_state(
        move |ui, section: &mut UpdatesSection| section.ui(ui, &view),
        UpdatesSection::default(),
    );
    harness.run_steps(2);
    assert!(
        harness
            .query_all_by_label_contains("Hay una versión nueva: 0.2.0")
            .next()
            .is_some()
    );
    harness.get_by_label("Buscar ahora").click();
    harness.run_steps(2);
    harness.get_by_label("Instalar al cerrar").click();
    harness.run_steps(2);
    harness
        .get_by_label_contains("Buscar versiones nuevas")
        .click();
    harness.run_steps(2);
    let queued = harness.state().queued.to_vec();
    assert_eq!(
        queued,
        [
            UpdatesCommand::LookNow,
            UpdatesCommand::InstallAtClose,
            UpdatesCommand::SetLook(false),
        ]
    );
}

#[test]
fn a_newer_version_is_said_once_in_words_with_two_answers() {
    paydesk::i18n::set(paydesk::i18n::Language::Es);
    let mut watch = UpdateWatch::default();
    watch.found(paydesk::update::Offer {
        version: semver::Version::new(0, 2, 0),
        published: 1_796_137_200,
        notes: paydesk::update::Notes {
            es: "Corrige el cuadre del día".into(),
            en: "Fixes the day's close".into(),
        },
        file: None,
        feed_url: url::Url::parse("https://paydesk.co/updates/stable/feed.json").unwrap(),
    });
    let mut harness =
        Harness::new_ui_state(|ui, watch: &mut UpdateWatch| watch.offer_ui(ui), watch);
    harness.run_steps(2);
    for words in [
        "Hay una versión nueva de paydesk (0.2.0):",
        "Corrige el cuadre del día",
    ] {
        assert!(
            harness.query_all_by_label_contains(words).next().is_some(),
            "{words}"
        );
    }
    harness.get_by_label("Ahora no").click();
    harness.run_steps(2);
    harness.get_by_label("Instalar al cerrar").click();
    harness.run_steps(2);
    assert_eq!(
        harness.state().queued.to_vec(),
        [UpdatesCommand::NotNow, UpdatesCommand::InstallAtClose]
    );
}
