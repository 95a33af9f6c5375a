//! Updates against a local feed server, with a key pair made at run time: an update is found,
//! downloaded, verified and put in place; a tampered file, a wrong signature, a downgrade, a
//! replayed old feed, an oversized answer and a server that trickles are each refused with
//! nothing installed; a cut download resumes; nothing about the shop is sent.

#[path = "common/feed_server.rs"]
mod feed_server;

use std::path::Path;
use std::time::Duration;

use feed_server::{Answer, FeedServer, TestKey, feed, file_entry};
use paydesk::update::{Check, Limits, Platform, PlatformKind, TrustedKey, UpdateError, Updater};
use serde_json::json;

const NEW: &str = "0.2.0";
const PUBLISHED: &str = "2026-06-01T15:00:00Z";

/// An installer's stand-in: big enough to come in many pieces.
fn installer_bytes() -> Vec<u8> {
    (0..300_000u32).map(|i| (i % 251) as u8).collect()
}

struct Shop {
    _home: tempfile::TempDir,
    data_dir: std::path::PathBuf,
    /// The AppImage this paydesk runs from (the update replaces it).
    image: std::path::PathBuf,
}

impl Shop {
    fn new() -> Shop {
        let home = tempfile::tempdir().unwrap();
        let data_dir = home.path().join("data");
        let image = home.path().join("apps/paydesk-0.1.0-x86_64.AppImage");
        std::fs::create_dir_all(image.parent().unwrap()).unwrap();
        std::fs::write(&image, b"the old paydesk").unwrap();
        Shop {
            _home: home,
            data_dir,
            image,
        }
    }

    fn updater(&self, server: &FeedServer, key: TrustedKey) -> Updater {
        Updater::new(&server.url("feed.json"), key, &self.data_dir)
            .unwrap()
            .with_running(semver::Version::new(0, 1, 0))
            .with_platform(Platform {
                kind: PlatformKind::AppImage,
                target: Some(self.image.clone()),
            })
            .with_limits(quick())
    }

    /// Nothing was installed: the old image is there as it was, and no update file has a name.
    fn nothing_installed(&self) {
        assert_eq!(std::fs::read(&self.image).unwrap(), b"the old paydesk");
        let folder = paydesk::update::folder(&self.data_dir);
        let named: Vec<String> = std::fs::read_dir(&folder)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|entry| entry.file_name().to_string_lossy().into_owned())
                    .filter(|name| name != "state.json" && !name.ends_with(".part"))
                    .collect()
            })
            .unwrap_or_default();
        assert!(named.is_empty(), "files with a name: {named:?}");
    }
}

/// Short deadlines, so the slow servers below fail in seconds.
fn quick() -> Limits {
    Limits {
        connect: Duration::from_secs(2),
        first_byte: Duration::from_secs(1),
        small_whole: Duration::from_secs(2),
        stall: Duration::from_millis(700),
        file_whole: Duration::from_secs(5),
        ..Limits::default()
    }
}

/// A feed offering 0.2.0 for the AppImage, and its file, served.
async fn release(key: &TestKey, data: &[u8]) -> FeedServer {
    let server = FeedServer::start().await;
    let name = "paydesk-0.2.0-x86_64.AppImage";
    let files = json!({ "linux-x86_64-appimage": file_entry(key, name, data) });
    server.publish(key, &feed(NEW, PUBLISHED, files));
    server.set(&format!("files/{name}"), Answer::Bytes(data.to_vec()));
    server
}

async fn offer(updater: &Updater) -> paydesk::update::Offer {
    match updater.check().await.unwrap() {
        Check::Newer(offer) => *offer,
        other => panic!("no update found: {other:?}"),
    }
}

#[tokio::test]
async fn an_update_is_found_downloaded_verified_and_put_in_place() {
    let key = TestKey::new();
    let data = installer_bytes();
    let server = release(&key, &data).await;
    let shop = Shop::new();
    let updater = shop.updater(&server, key.trusted());
    let offer = offer(&updater).await;
    assert_eq!(offer.version.to_string(), NEW);
    assert!(offer.notes.es.contains("cuadre"), "{:?}", offer.notes);
    let heard = std::sync::Mutex::new(Vec::new());
    let verified = updater
        .download(&offer, |done, all| heard.lock().unwrap().push((done, all)))
        .await
        .unwrap();
    assert_eq!(std::fs::read(&verified.path).unwrap(), data);
    assert_eq!(
        heard.lock().unwrap().last(),
        Some(&(data.len() as u64, data.len() as u64))
    );
    let installed =
        paydesk::update::install(&verified, updater.platform(), &key.trusted(), false).unwrap();
    assert_eq!(
        installed,
        paydesk::update::Installed::Replaced(shop.image.clone())
    );
    assert_eq!(std::fs::read(&shop.image).unwrap(), data);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&shop.image).unwrap().permissions().mode();
        assert_eq!(mode & 0o111, 0o111, "the new AppImage runs");
    }
    // Looking again finds the same release: it was seen, it is not a replay.
    assert!(matches!(updater.check().await, Ok(Check::Newer(_))));
}

#[tokio::test]
async fn a_tampered_file_is_refused_with_nothing_installed() {
    let key = TestKey::new();
    let data = installer_bytes();
    let server = release(&key, &data).await;
    let mut tampered = data.clone();
    tampered[12_345] ^= 0x01;
    server.set(
        "files/paydesk-0.2.0-x86_64.AppImage",
        Answer::Bytes(tampered),
    );
    let shop = Shop::new();
    let updater = shop.updater(&server, key.trusted());
    let offer = offer(&updater).await;
    let refused = updater.download(&offer, |_, _| {}).await.unwrap_err();
    assert!(matches!(refused, UpdateError::WrongHash), "{refused:?}");
    shop.nothing_installed();
    // A shorter file is refused for its size.
    server.set(
        "files/paydesk-0.2.0-x86_64.AppImage",
        Answer::Bytes(data[..1000].to_vec()),
    );
    let refused = updater.download(&offer, |_, _| {}).await.unwrap_err();
    assert!(
        matches!(refused, UpdateError::WrongSize { .. }),
        "{refused:?}"
    );
    shop.nothing_installed();
}

#[tokio::test]
async fn a_file_signed_by_another_key_is_refused_even_with_the_right_hash() {
    // The feed is the maker's, but the file's own signature is another key's: the hash the feed
    // gives matches the file, the signature does not.
    let key = TestKey::new();
    let other = TestKey::new();
    let data = installer_bytes();
    let server = FeedServer::start().await;
    let mut entry = file_entry(&key, "paydesk-0.2.0-x86_64.AppImage", &data);
    entry["signature"] = json!(other.sign(&data));
    server.publish(
        &key,
        &feed(NEW, PUBLISHED, json!({ "linux-x86_64-appimage": entry })),
    );
    server.set("files/paydesk-0.2.0-x86_64.AppImage", Answer::Bytes(data));
    let shop = Shop::new();
    let updater = shop.updater(&server, key.trusted());
    let offer = offer(&updater).await;
    let refused = updater.download(&offer, |_, _| {}).await.unwrap_err();
    assert!(matches!(refused, UpdateError::BadSignature), "{refused:?}");
    shop.nothing_installed();
}

#[tokio::test]
async fn a_feed_with_a_wrong_signature_is_refused() {
    let key = TestKey::new();
    let data = installer_bytes();
    let server = release(&key, &data).await;
    let shop = Shop::new();
    // Signed by someone else.
    let stranger = TestKey::new();
    let updater = shop.updater(&server, stranger.trusted());
    let refused = updater.check().await.unwrap_err();
    assert!(matches!(refused, UpdateError::BadSignature), "{refused:?}");
    // The maker's signature, over a feed changed afterwards (a newer version written in).
    let files = json!({ "linux-x86_64-appimage": file_entry(&key, "x.AppImage", &data) });
    let honest = feed(NEW, PUBLISHED, files);
    let signature = key.sign(honest.as_bytes());
    server.set(
        "feed.json",
        Answer::Bytes(honest.replace(NEW, "9.9.9").into_bytes()),
    );
    server.set("feed.json.minisig", Answer::Bytes(signature.into_bytes()));
    let updater = shop.updater(&server, key.trusted());
    let refused = updater.check().await.unwrap_err();
    assert!(matches!(refused, UpdateError::BadSignature), "{refused:?}");
    // No signature at all.
    server.set("feed.json.minisig", Answer::Bytes(b"nada".to_vec()));
    assert!(matches!(
        updater.check().await,
        Err(UpdateError::BadSignature)
    ));
    shop.nothing_installed();
}

#[tokio::test]
async fn a_downgrade_is_refused_and_the_same_version_is_up_to_date() {
    let key = TestKey::new();
    let server = FeedServer::start().await;
    let shop = Shop::new();
    server.publish(&key, &feed("0.0.9", PUBLISHED, json!({})));
    let updater = shop.updater(&server, key.trusted());
    let refused = updater.check().await.unwrap_err();
    assert!(
        matches!(refused, UpdateError::Downgrade { .. }),
        "{refused:?}"
    );
    assert!(refused.to_string().contains("0.0.9"), "{refused}");
    server.publish(&key, &feed("0.1.0", "2026-06-02T15:00:00Z", json!({})));
    assert!(matches!(updater.check().await, Ok(Check::UpToDate { .. })));
    shop.nothing_installed();
}

#[tokio::test]
async fn a_replayed_older_feed_is_refused() {
    let key = TestKey::new();
    let data = installer_bytes();
    let server = release(&key, &data).await;
    let shop = Shop::new();
    let updater = shop.updater(&server, key.trusted());
    // 0.3.0 published on the 5th is seen; then someone serves the maker's genuine feed of the
    // 1st again (0.2.0, with a file that has a flaw the 0.3.0 fixed).
    let files = json!({ "linux-x86_64-appimage": file_entry(&key, "n.AppImage", &data) });
    let genuine_old = feed(NEW, PUBLISHED, files.clone());
    server.publish(&key, &feed("0.3.0", "2026-06-05T15:00:00Z", files));
    assert!(matches!(updater.check().await, Ok(Check::Newer(_))));
    server.publish(&key, &genuine_old);
    let refused = updater.check().await.unwrap_err();
    assert!(
        matches!(refused, UpdateError::Replayed { .. }),
        "{refused:?}"
    );
    // Another run of paydesk (the state is on disk) refuses it too.
    let again = shop.updater(&server, key.trusted());
    assert!(matches!(
        again.check().await,
        Err(UpdateError::Replayed { .. })
    ));
    shop.nothing_installed();
}

#[tokio::test]
async fn a_feed_dated_in_the_future_is_not_taken_nor_remembered() {
    let key = TestKey::new();
    let data = installer_bytes();
    let server = release(&key, &data).await;
    let shop = Shop::new();
    let updater = shop.updater(&server, key.trusted());
    // A slip in a release: the year typed as 2062. Were it remembered, every later feed would
    // be refused as older.
    let files = json!({ "linux-x86_64-appimage": file_entry(&key, "n.AppImage", &data) });
    server.publish(&key, &feed("0.3.0", "2062-06-05T15:00:00Z", files.clone()));
    let refused = updater.check().await.unwrap_err();
    assert!(
        matches!(refused, UpdateError::FromTheFuture { .. }),
        "{refused:?}"
    );
    server.publish(&key, &feed(NEW, PUBLISHED, files));
    assert!(matches!(updater.check().await, Ok(Check::Newer(_))));
    shop.nothing_installed();
}

#[tokio::test]
async fn an_oversized_answer_is_refused() {
    let key = TestKey::new();
    let data = installer_bytes();
    let server = release(&key, &data).await;
    let shop = Shop::new();
    let updater = shop.updater(&server, key.trusted());
    // A feed past 64 KiB, announced.
    server.set("feed.json", Answer::Bytes(vec![b' '; 70 * 1024]));
    assert!(matches!(
        updater.check().await,
        Err(UpdateError::TooLarge { cap: 65_536 })
    ));
    // The same, never announced: sent until it passes the cap.
    server.set("feed.json", Answer::Unannounced(vec![b' '; 200 * 1024]));
    assert!(matches!(
        updater.check().await,
        Err(UpdateError::TooLarge { .. })
    ));
    // A file that keeps coming past its signed size.
    let server = release(&key, &data).await;
    let updater = shop.updater(&server, key.trusted());
    let offer = offer(&updater).await;
    let mut longer = data.clone();
    longer.extend_from_slice(&[0u8; 50_000]);
    server.set(
        "files/paydesk-0.2.0-x86_64.AppImage",
        Answer::Unannounced(longer),
    );
    let refused = updater.download(&offer, |_, _| {}).await.unwrap_err();
    assert!(
        matches!(refused, UpdateError::TooLarge { .. }),
        "{refused:?}"
    );
    shop.nothing_installed();
    let parts = std::fs::read_dir(paydesk::update::folder(&shop.data_dir))
        .unwrap()
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().ends_with(".part"))
        .count();
    assert_eq!(parts, 0, "an over-sent file is not kept to resume");
}

#[tokio::test]
async fn a_server_that_trickles_or_never_answers_meets_a_deadline() {
    let key = TestKey::new();
    let data = installer_bytes();
    let server = release(&key, &data).await;
    let shop = Shop::new();
    let updater = shop.updater(&server, key.trusted());
    let offer = offer(&updater).await;
    // One byte every half second: under the stall deadline each time, but never done.
    server.set(
        "feed.json",
        Answer::Trickle {
            every: Duration::from_millis(500),
        },
    );
    let started = std::time::Instant::now();
    assert!(matches!(
        updater.check().await,
        Err(UpdateError::TooSlow { .. })
    ));
    assert!(started.elapsed() < Duration::from_secs(30));
    // Headers that never come.
    server.set("feed.json", Answer::Silent);
    assert!(matches!(
        updater.check().await,
        Err(UpdateError::TooSlow { .. })
    ));
    // A file that trickles.
    server.set(
        "files/paydesk-0.2.0-x86_64.AppImage",
        Answer::Trickle {
            every: Duration::from_millis(300),
        },
    );
    assert!(matches!(
        updater.download(&offer, |_, _| {}).await,
        Err(UpdateError::TooSlow { .. })
    ));
    shop.nothing_installed();
}

fn part_of(folder: &Path) -> Option<std::path::PathBuf> {
    std::fs::read_dir(folder)
        .ok()?
        .flatten()
        .map(|entry| entry.path())
        .find(|path| path.extension().is_some_and(|ext| ext == "part"))
}

#[tokio::test]
async fn a_cut_download_is_never_named_and_resumes_where_it_stopped() {
    let key = TestKey::new();
    let data = installer_bytes();
    let server = release(&key, &data).await;
    let shop = Shop::new();
    let updater = shop.updater(&server, key.trusted());
    let offer = offer(&updater).await;
    let file = "files/paydesk-0.2.0-x86_64.AppImage";
    server.set(
        file,
        Answer::CutAfter {
            data: data.clone(),
            send: 100_000,
        },
    );
    assert!(updater.download(&offer, |_, _| {}).await.is_err());
    shop.nothing_installed();
    let folder = paydesk::update::folder(&shop.data_dir);
    let part = part_of(&folder).expect("the partial file is kept to resume");
    let kept = std::fs::metadata(&part).unwrap().len();
    assert!(kept > 0 && kept < data.len() as u64, "{kept}");
    // The line is back: the rest is asked for, not the whole.
    server.set(file, Answer::Bytes(data.clone()));
    let verified = updater.download(&offer, |_, _| {}).await.unwrap();
    assert_eq!(std::fs::read(&verified.path).unwrap(), data);
    let ranges: Vec<String> = server
        .seen()
        .iter()
        .filter(|seen| seen.uri.ends_with("AppImage"))
        .flat_map(|seen| seen.headers.clone())
        .filter(|(name, _)| name == "range")
        .map(|(_, value)| value)
        .collect();
    assert_eq!(ranges, [format!("bytes={kept}-")]);
    assert!(part_of(&folder).is_none());
}

#[tokio::test]
async fn a_server_that_does_not_resume_gets_a_clean_restart() {
    let key = TestKey::new();
    let data = installer_bytes();
    let server = release(&key, &data).await;
    let shop = Shop::new();
    let updater = shop.updater(&server, key.trusted());
    let offer = offer(&updater).await;
    let file = "files/paydesk-0.2.0-x86_64.AppImage";
    server.set(
        file,
        Answer::CutAfter {
            data: data.clone(),
            send: 50_000,
        },
    );
    assert!(updater.download(&offer, |_, _| {}).await.is_err());
    server.set(file, Answer::NoResume(data.clone()));
    let verified = updater.download(&offer, |_, _| {}).await.unwrap();
    assert_eq!(std::fs::read(&verified.path).unwrap(), data);
}

#[tokio::test]
async fn nothing_about_the_shop_is_sent_with_the_look() {
    let key = TestKey::new();
    let data = installer_bytes();
    let server = release(&key, &data).await;
    let shop = Shop::new();
    let updater = shop.updater(&server, key.trusted());
    let offer = offer(&updater).await;
    updater.download(&offer, |_, _| {}).await.unwrap();
    let allowed = ["host", "user-agent", "accept", "range", "accept-encoding"];
    for seen in server.seen() {
        assert!(!seen.uri.contains('?'), "a query was sent: {}", seen.uri);
        for (name, value) in &seen.headers {
            assert!(allowed.contains(&name.as_str()), "{name}: {value}");
            if name == "user-agent" {
                assert_eq!(value, "paydesk");
            }
        }
    }
}

#[test]
fn the_feed_address_must_be_https_off_this_computer() {
    let dir = tempfile::tempdir().unwrap();
    let key = TestKey::new().trusted();
    assert!(matches!(
        Updater::new(
            "http://updates.example.co/feed.json",
            key.clone(),
            dir.path()
        ),
        Err(UpdateError::BadAddress { .. })
    ));
    assert!(Updater::new("https://updates.example.co/feed.json", key, dir.path()).is_ok());
}
