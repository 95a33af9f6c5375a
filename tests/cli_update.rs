//! `paydesk update` from a terminal. The binary trusts only the maker's key, compiled in: a feed
//! signed by anyone else (here, a key made for the test) is refused in words with exit 1, and
//! nothing is written but the refusal; a plain-http feed elsewhere and an update turned off are
//! refused before anything is asked (exit 2). The library's own tests (`update_feed.rs`) cover
//! the happy path with a key they trust; CI's Wine check covers it through this command.

mod common;
#[path = "common/feed_server.rs"]
mod feed_server;

use feed_server::{Answer, FeedServer, TestKey, feed, file_entry};
use serde_json::Value;

async fn run(home: &std::path::Path, args: &[&str]) -> (i32, Value, String) {
    let output = common::paydesk(home).args(args).output().await.unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let document = serde_json::from_str(&stdout).unwrap_or(Value::Null);
    (
        output.status.code().unwrap_or(-1),
        document,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[tokio::test]
async fn a_feed_not_signed_by_the_maker_is_refused_with_nothing_installed() {
    let key = TestKey::new();
    let data = vec![7u8; 10_000];
    let server = FeedServer::start().await;
    let files = serde_json::json!({
        "linux-x86_64-appimage": file_entry(&key, "paydesk-9.0.0-x86_64.AppImage", &data),
    });
    server.publish(&key, &feed("9.0.0", "2026-06-01T15:00:00Z", files));
    server.set("files/paydesk-9.0.0-x86_64.AppImage", Answer::Bytes(data));
    let home = tempfile::tempdir().unwrap();
    let url = server.url("feed.json");
    for command in ["check", "install"] {
        let (code, document, _) =
            run(home.path(), &["--json", "update", command, "--feed", &url]).await;
        assert_eq!(code, 1, "{document}");
        assert_eq!(document["error"]["code"], "update.bad_signature");
        assert!(
            document["error"]["message"]
                .as_str()
                .unwrap()
                .contains("signature of paydesk's maker"),
            "{document}"
        );
    }
    // Nothing was downloaded: the file was never asked for.
    assert!(
        !server
            .seen()
            .iter()
            .any(|seen| seen.uri.contains("AppImage")),
        "{:?}",
        server.seen()
    );
    // In Spanish, for a person.
    let output = common::paydesk(home.path())
        .args(["--lang", "es", "update", "check", "--feed", &url])
        .output()
        .await
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("no tiene la firma del fabricante de paydesk"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[tokio::test]
async fn an_insecure_address_or_updates_turned_off_ask_nothing() {
    let home = tempfile::tempdir().unwrap();
    let (code, document, _) = run(
        home.path(),
        &[
            "--json",
            "update",
            "check",
            "--feed",
            "http://updates.example.co/feed.json",
        ],
    )
    .await;
    assert_eq!(code, 2, "{document}");
    assert_eq!(document["error"]["code"], "update.bad_address");
    // The owner turned looking off in the settings file.
    let server = FeedServer::start().await;
    std::fs::create_dir_all(home.path().join("config")).unwrap();
    std::fs::write(
        home.path().join("config/paydesk.toml"),
        "version = 1\n\n[updates]\nlook = false\n",
    )
    .unwrap();
    let (code, document, _) = run(
        home.path(),
        &[
            "--json",
            "update",
            "check",
            "--feed",
            &server.url("feed.json"),
        ],
    )
    .await;
    assert_eq!(code, 2, "{document}");
    assert_eq!(document["error"]["code"], "update.off");
    assert!(server.seen().is_empty(), "{:?}", server.seen());
}

#[tokio::test]
async fn the_version_is_the_builds() {
    let home = tempfile::tempdir().unwrap();
    let output = common::paydesk(home.path())
        .arg("--version")
        .output()
        .await
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        format!("paydesk {}", paydesk::update::VERSION)
    );
}
