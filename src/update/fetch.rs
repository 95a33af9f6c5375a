//! The network side of updates: an address checked before use, a client that sends nothing
//! about the shop, and every answer bounded in time and size. Whatever answers is treated as an
//! attacker until the signature says otherwise: a feed past its cap is refused before it is
//! read, a server that stalls or trickles meets a deadline.

use std::time::Duration;

use url::Url;

use super::UpdateError;

/// Deadlines and caps for one look or download (the project's style: `api/deadlines.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// A TCP and TLS handshake: the maker's server or a reseller's, across a shop's line.
    pub connect: Duration,
    /// From the request sent to the answer's headers.
    pub first_byte: Duration,
    /// The feed or a signature from the request to its last byte, connecting and the first
    /// byte included (each also held to its own deadline): a few kilobytes.
    pub small_whole: Duration,
    /// A download with no byte for this long has stalled.
    pub stall: Duration,
    /// A whole file: tens of megabytes over a shop's line (a 30 MB installer at 1 Mbit/s takes
    /// four minutes; this allows a line seven times slower).
    pub file_whole: Duration,
    /// The feed's answer: a few kilobytes of JSON.
    pub feed_cap: u64,
    /// A `.minisig` file: a few hundred bytes.
    pub signature_cap: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            connect: Duration::from_secs(10),
            first_byte: Duration::from_secs(20),
            small_whole: Duration::from_secs(30),
            stall: Duration::from_secs(30),
            file_whole: Duration::from_secs(30 * 60),
            feed_cap: 64 * 1024,
            signature_cap: 4 * 1024,
        }
    }
}

/// The feed's address: https, or plain http to this computer (a test's server, a reseller's
/// proxy on the same machine). Credentials in it are refused: nothing identifies the shop.
pub fn checked_address(text: &str) -> Result<Url, UpdateError> {
    let bad = || UpdateError::BadAddress {
        url: text.trim().chars().take(200).collect(),
    };
    let url = Url::parse(text.trim()).map_err(|_| bad())?;
    if !crate::validate::is_secure_or_loopback(&url)
        || !url.username().is_empty()
        || url.password().is_some()
        || url.host_str().is_none()
        || text.len() > 1_000
    {
        return Err(bad());
    }
    Ok(url)
}

/// Where the feed's signature is: the feed's address with `.minisig` added.
pub fn signature_address(feed: &Url) -> Result<Url, UpdateError> {
    let mut url = feed.clone();
    url.set_path(&format!("{}.minisig", feed.path()));
    Ok(url)
}

/// The client every look and download uses: no cookies, no referer, a bare user agent, and
/// redirects followed only to https (or loopback) and at most three times.
pub fn client(limits: &Limits) -> Result<reqwest::Client, UpdateError> {
    let policy = reqwest::redirect::Policy::custom(|attempt| {
        if attempt.previous().len() >= 3 {
            attempt.error("too many redirects")
        } else if !crate::validate::is_secure_or_loopback(attempt.url()) {
            attempt.error("a redirect to an address that is not https")
        } else {
            attempt.follow()
        }
    });
    reqwest::Client::builder()
        .connect_timeout(limits.connect)
        .user_agent("paydesk")
        .referer(false)
        .redirect(policy)
        .build()
        .map_err(|error| UpdateError::Install(error.to_string()))
}

fn host(url: &Url) -> String {
    url.host_str().unwrap_or_default().to_owned()
}

fn network(url: &Url, error: reqwest::Error) -> UpdateError {
    if error.is_timeout() {
        UpdateError::TooSlow { host: host(url) }
    } else {
        UpdateError::Unreachable {
            host: host(url),
            detail: crate::i18n::chain(&error),
        }
    }
}

/// A GET, waiting at most `first_byte` for the answer's headers. `from`: ask for the rest of a
/// file from that byte on.
pub async fn get(
    client: &reqwest::Client,
    url: &Url,
    from: Option<u64>,
    limits: &Limits,
) -> Result<reqwest::Response, UpdateError> {
    let mut request = client.get(url.clone());
    if let Some(from) = from {
        request = request.header(reqwest::header::RANGE, format!("bytes={from}-"));
    }
    let answer = tokio::time::timeout(limits.connect + limits.first_byte, request.send())
        .await
        .map_err(|_| UpdateError::TooSlow { host: host(url) })?
        .map_err(|error| network(url, error))?;
    let status = answer.status();
    if !status.is_success() {
        return Err(UpdateError::Status {
            host: host(url),
            status: status.as_u16(),
        });
    }
    Ok(answer)
}

/// The next piece of an answer, or `None` at its end; a server silent for `stall` has stalled.
pub async fn next_piece(
    answer: &mut reqwest::Response,
    url: &Url,
    stall: Duration,
) -> Result<Option<bytes::Bytes>, UpdateError> {
    tokio::time::timeout(stall, answer.chunk())
        .await
        .map_err(|_| UpdateError::TooSlow { host: host(url) })?
        .map_err(|error| network(url, error))
}

/// A small answer (the feed, a signature) read whole: refused as soon as it passes `cap` (or
/// says it will), and when it is not whole within `small_whole` of being asked for. A server
/// that trickles from its first byte on is cut there, not after the connection's and the first
/// byte's deadlines added on top.
pub async fn small(
    client: &reqwest::Client,
    url: &Url,
    cap: u64,
    limits: &Limits,
) -> Result<Vec<u8>, UpdateError> {
    tokio::time::timeout(limits.small_whole, async {
        let mut answer = get(client, url, None, limits).await?;
        if answer.content_length().is_some_and(|length| length > cap) {
            return Err(UpdateError::TooLarge { cap });
        }
        let mut body = Vec::new();
        while let Some(piece) = next_piece(&mut answer, url, limits.stall).await? {
            if body.len() as u64 + piece.len() as u64 > cap {
                return Err(UpdateError::TooLarge { cap });
            }
            body.extend_from_slice(&piece);
        }
        Ok(body)
    })
    .await
    .map_err(|_| UpdateError::TooSlow { host: host(url) })?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_feed_is_https_or_on_this_computer() {
        assert!(checked_address("https://paydesk.co/updates/stable/feed.json").is_ok());
        assert!(checked_address("http://127.0.0.1:8080/feed.json").is_ok());
        assert!(checked_address("http://paydesk.co/feed.json").is_err());
        assert!(checked_address("https://tienda:clave@paydesk.co/feed.json").is_err());
        assert!(checked_address("file:///etc/passwd").is_err());
        assert!(checked_address("no es una dirección").is_err());
    }

    /// A server that answers at once and then sends a byte every 100 ms, for ever.
    fn trickling_server() -> std::net::SocketAddr {
        use std::io::{Read, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { return };
                std::thread::spawn(move || {
                    let _ = stream.read(&mut [0u8; 4096]);
                    let head = "HTTP/1.1 200 OK\r\nContent-Length: 2000\r\n\r\n";
                    let _ = stream.write_all(head.as_bytes());
                    while stream.write_all(b" ").is_ok() {
                        std::thread::sleep(Duration::from_millis(100));
                    }
                });
            }
        });
        address
    }

    #[tokio::test]
    async fn the_whole_feed_is_read_within_its_one_deadline() {
        let limits = Limits {
            connect: Duration::from_secs(2),
            first_byte: Duration::from_secs(2),
            small_whole: Duration::from_millis(800),
            stall: Duration::from_secs(1),
            ..Limits::default()
        };
        let url = Url::parse(&format!("http://{}/feed.json", trickling_server())).unwrap();
        let client = client(&limits).unwrap();
        let started = std::time::Instant::now();
        let read = small(&client, &url, limits.feed_cap, &limits).await;
        assert!(matches!(read, Err(UpdateError::TooSlow { .. })), "{read:?}");
        // Cut at the whole feed's deadline, not at the three deadlines added (4.8 s).
        assert!(
            started.elapsed() < Duration::from_millis(1_800),
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn the_signature_sits_beside_the_feed() {
        let feed = Url::parse("https://paydesk.co/updates/stable/feed.json").unwrap();
        assert_eq!(
            signature_address(&feed).unwrap().as_str(),
            "https://paydesk.co/updates/stable/feed.json.minisig"
        );
    }
}
