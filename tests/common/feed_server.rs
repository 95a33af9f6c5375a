//! A local update feed for the update tests: a key pair made at run time (no secret key is ever
//! in the repository), feeds and files signed with it, and an HTTP server on loopback that serves
//! them, or misbehaves on purpose (a tampered file, an answer past its cap, a trickle, a
//! connection cut half-way, no resume). It records every request, to show what paydesk sends.
#![allow(dead_code)]

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use sha2::{Digest, Sha256};

/// A key pair of this test's own.
pub struct TestKey {
    pk: minisign::PublicKey,
    sk: minisign::SecretKey,
}

impl TestKey {
    pub fn new() -> TestKey {
        let minisign::KeyPair { pk, sk } =
            minisign::KeyPair::generate_unencrypted_keypair().unwrap();
        TestKey { pk, sk }
    }

    /// The key as paydesk's library takes it.
    pub fn trusted(&self) -> paydesk::update::TrustedKey {
        paydesk::update::TrustedKey::from_text(&self.pk.to_base64()).unwrap()
    }

    /// A `.minisig` file's text for `data`.
    pub fn sign(&self, data: &[u8]) -> String {
        minisign::sign(
            Some(&self.pk),
            &self.sk,
            std::io::Cursor::new(data),
            Some("paydesk test"),
            Some("signature from a test key"),
        )
        .unwrap()
        .to_string()
    }
}

pub fn sha256(data: &[u8]) -> String {
    hex::encode(Sha256::digest(data))
}

/// One platform's file as the feed lists it, served at `/files/NAME`.
pub fn file_entry(key: &TestKey, name: &str, data: &[u8]) -> serde_json::Value {
    serde_json::json!({
        "name": name,
        "url": format!("files/{name}"),
        "size": data.len(),
        "sha256": sha256(data),
        "signature": key.sign(data),
    })
}

/// A feed's JSON text.
pub fn feed(version: &str, published: &str, files: serde_json::Value) -> String {
    serde_json::json!({
        "format": 1,
        "product": "paydesk",
        "version": version,
        "published": published,
        "notes": {
            "es": "Corrige el cuadre del día cuando hay pagos a medianoche",
            "en": "Fixes the day's close for payments at midnight",
        },
        "files": files,
    })
    .to_string()
}

/// How the server answers a path.
#[derive(Clone)]
pub enum Answer {
    /// These bytes, honouring a `Range` request.
    Bytes(Vec<u8>),
    /// These bytes, ignoring `Range` (always 200 and the whole).
    NoResume(Vec<u8>),
    /// Headers at once, then one byte every `every`, for ever.
    Trickle { every: Duration },
    /// Never answers at all (the headers never come).
    Silent,
    /// The first `send` bytes of these, then the connection is cut (the length was announced).
    CutAfter { data: Vec<u8>, send: usize },
    /// Bytes without a length, as many as given (an answer that over-sends).
    Unannounced(Vec<u8>),
}

#[derive(Debug, Clone)]
pub struct Seen {
    pub uri: String,
    pub headers: Vec<(String, String)>,
}

#[derive(Default)]
struct Inner {
    answers: HashMap<String, Answer>,
    seen: Vec<Seen>,
}

#[derive(Clone, Default)]
pub struct FeedServer {
    inner: Arc<Mutex<Inner>>,
    pub address: Option<SocketAddr>,
}

impl FeedServer {
    pub async fn start() -> FeedServer {
        let mut server = FeedServer::default();
        let app = Router::new()
            .route("/{*path}", get(answer))
            .with_state(server.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        server.address = Some(listener.local_addr().unwrap());
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        server
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}/{path}", self.address.unwrap())
    }

    pub fn set(&self, path: &str, answer: Answer) {
        self.inner
            .lock()
            .unwrap()
            .answers
            .insert(path.to_owned(), answer);
    }

    /// The feed and its signature.
    pub fn publish(&self, key: &TestKey, feed: &str) {
        self.set("feed.json", Answer::Bytes(feed.as_bytes().to_vec()));
        self.set(
            "feed.json.minisig",
            Answer::Bytes(key.sign(feed.as_bytes()).into_bytes()),
        );
    }

    pub fn seen(&self) -> Vec<Seen> {
        self.inner.lock().unwrap().seen.clone()
    }
}

async fn answer(
    State(server): State<FeedServer>,
    Path(path): Path<String>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let found = {
        let mut inner = server.inner.lock().unwrap();
        inner.seen.push(Seen {
            uri: uri.to_string(),
            headers: headers
                .iter()
                .map(|(name, value)| {
                    (
                        name.as_str().to_owned(),
                        value.to_str().unwrap_or("?").to_owned(),
                    )
                })
                .collect(),
        });
        inner.answers.get(&path).cloned()
    };
    let Some(found) = found else {
        return StatusCode::NOT_FOUND.into_response();
    };
    match found {
        Answer::Bytes(data) => {
            let from = headers
                .get(header::RANGE)
                .and_then(|value| value.to_str().ok())
                .and_then(|value| value.strip_prefix("bytes="))
                .and_then(|value| value.strip_suffix('-'))
                .and_then(|value| value.parse::<usize>().ok());
            match from {
                Some(from) if from < data.len() => (
                    StatusCode::PARTIAL_CONTENT,
                    [(
                        header::CONTENT_RANGE,
                        format!("bytes {from}-{}/{}", data.len() - 1, data.len()),
                    )],
                    data[from..].to_vec(),
                )
                    .into_response(),
                _ => data.into_response(),
            }
        }
        Answer::NoResume(data) => data.into_response(),
        Answer::Trickle { every } => {
            let stream = futures_util::stream::unfold((), move |()| async move {
                tokio::time::sleep(every).await;
                Some((Ok::<_, std::io::Error>(bytes::Bytes::from_static(b" ")), ()))
            });
            Body::from_stream(stream).into_response()
        }
        Answer::Silent => {
            tokio::time::sleep(Duration::from_secs(3600)).await;
            StatusCode::OK.into_response()
        }
        Answer::CutAfter { data, send } => {
            let total = data.len();
            let first = bytes::Bytes::from(data[..send].to_vec());
            // The first bytes go out (and are flushed while the stream waits), then the
            // connection is cut.
            let stream = futures_util::stream::unfold(Some(first), |first| async move {
                match first {
                    Some(first) => Some((Ok(first), None)),
                    None => {
                        tokio::time::sleep(Duration::from_millis(300)).await;
                        Some((Err(std::io::Error::other("cut")), None))
                    }
                }
            });
            (
                [(header::CONTENT_LENGTH, total.to_string())],
                Body::from_stream(stream),
            )
                .into_response()
        }
        Answer::Unannounced(data) => {
            let pieces: Vec<Result<bytes::Bytes, std::io::Error>> = data
                .chunks(4096)
                .map(|piece| Ok(bytes::Bytes::from(piece.to_vec())))
                .collect();
            Body::from_stream(futures_util::stream::iter(pieces)).into_response()
        }
    }
}
