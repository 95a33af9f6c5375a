//! The wire: a request sent with its kind's deadlines, every answer and failure told to the
//! service's reachability, the light check while it does not answer, and what the current
//! interface's requests carry about this computer.

use std::sync::{Arc, RwLock};

use reqwest::header::{CONTENT_TYPE, HeaderMap, HeaderValue};
use serde_json::{Value, json};
use url::Url;

use super::error::{ApiError, MissingSetting};
use super::operation::Operation;
use super::reach::Reachability;
use super::settings::ClientSettings;
use crate::secrets::SecretString;
use crate::validate;

/// `userMetadata.identifier` may hold at most this many characters.
const IDENTIFIER_MAX_CHARS: usize = 36;

/// The connections every request goes over.
pub(super) struct Pool {
    client: RwLock<reqwest::Client>,
    connect_timeout: std::time::Duration,
    request_timeout: std::time::Duration,
}

impl Pool {
    fn new(settings: &ClientSettings) -> Result<Pool, ApiError> {
        let client = Pool::build(settings.connect_timeout, settings.request_timeout)?;
        Ok(Pool {
            client: RwLock::new(client),
            connect_timeout: settings.connect_timeout,
            request_timeout: settings.request_timeout,
        })
    }

    fn build(
        connect_timeout: std::time::Duration,
        request_timeout: std::time::Duration,
    ) -> Result<reqwest::Client, ApiError> {
        reqwest::Client::builder()
            .connect_timeout(connect_timeout)
            .timeout(request_timeout)
            .user_agent(concat!("paydesk/", env!("CARGO_PKG_VERSION")))
            // Redirects could carry a bearer token to another host; the spec uses none.
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|error| ApiError::Setup(error.to_string()))
    }

    /// The client to send with (a cheap handle on the shared connections).
    fn current(&self) -> reqwest::Client {
        match self.client.read() {
            Ok(client) => client.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Drops every kept connection: after an outage they may be dead without knowing it (a
    /// router that restarted, a phone that changed towers), and new ones cost one handshake.
    fn renew(&self) {
        let Ok(fresh) = Pool::build(self.connect_timeout, self.request_timeout) else {
            return;
        };
        match self.client.write() {
            Ok(mut client) => *client = fresh,
            Err(poisoned) => *poisoned.into_inner() = fresh,
        }
    }
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Pool")
    }
}

/// How requests travel: the connections and each kind's deadlines, whether the service answered
/// lately with the light check while it does not, and what the current interface's requests say
/// about this computer. Every clone of a client shares one.
#[derive(Clone)]
pub(super) struct Transport {
    /// Renewed when the line comes back: a connection the outage left dead would hold the first
    /// question after it for a whole deadline.
    pool: Arc<Pool>,
    check_http: reqwest::Client,
    reach: Arc<Reachability>,
    pay_url: String,
    till: Option<String>,
    shop_url: Option<String>,
    connect_timeout: std::time::Duration,
    request_timeout: std::time::Duration,
}

impl Transport {
    pub(super) fn new(settings: &ClientSettings, pay_url: &str) -> Result<Transport, ApiError> {
        Ok(Transport {
            pool: Arc::new(Pool::new(settings)?),
            check_http: check_client()?,
            reach: Arc::default(),
            pay_url: pay_url.to_owned(),
            till: settings.till.clone(),
            shop_url: settings.shop_url.clone(),
            connect_timeout: settings.connect_timeout,
            request_timeout: settings.request_timeout,
        })
    }

    pub(super) fn reachability(&self) -> &Reachability {
        &self.reach
    }

    /// A state-changing request while the service is known not to answer is refused before
    /// anything is sent: said in words at once, nothing half-made, the next try safe.
    pub(super) fn refuse_when_down(&self, operation: Operation) -> Result<(), ApiError> {
        match self.reach.current().down_since() {
            Some(since_ms) if operation.changes_state() => Err(ApiError::Offline { since_ms }),
            _ => Ok(()),
        }
    }

    /// A GET on the shared connections (an image the service refers to).
    pub(super) fn get(&self, url: &str) -> reqwest::RequestBuilder {
        self.pool.current().get(url)
    }
}

/// The client of the light check: no connection kept between checks (one the line swallowed
/// would be tried again), and the check's own short deadlines.
fn check_client() -> Result<reqwest::Client, ApiError> {
    let deadlines = super::deadlines::CallKind::Probe.deadlines();
    reqwest::Client::builder()
        .connect_timeout(deadlines.connect)
        .timeout(deadlines.whole)
        .pool_max_idle_per_host(0)
        .user_agent(concat!("paydesk/", env!("CARGO_PKG_VERSION")))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|error| ApiError::Setup(error.to_string()))
}

impl Transport {
    /// `userMetadata` of a request that moves money: this till's name, the address this
    /// computer sends from (as its system reports it: never made up, never asked of an outside
    /// service) and the shop's page. Missing settings refuse the request before anything goes.
    pub(super) async fn user_metadata(&self) -> Result<Value, ApiError> {
        let identifier = self
            .till
            .as_deref()
            .map(str::trim)
            .filter(|till| !till.is_empty() && till.chars().count() <= IDENTIFIER_MAX_CHARS)
            .ok_or(ApiError::MissingSetting(MissingSetting::Till))?;
        let shop_url = self
            .shop_url
            .as_deref()
            .map(str::trim)
            .filter(|url| validate::shop_url(validate::Field::ShopUrl, url).is_ok())
            .ok_or(ApiError::MissingSetting(MissingSetting::ShopUrl))?;
        let ip = self.leaving_address().await?;
        Ok(json!({
            "identifier": identifier,
            "ip": ip.to_string(),
            "urlCommerce": shop_url,
        }))
    }

    /// The address requests to the pay API leave this computer from: the system's choice of
    /// route, read off a UDP socket "connected" to the service (which sends nothing).
    async fn leaving_address(&self) -> Result<std::net::IpAddr, ApiError> {
        let unreachable = |host: &str, detail: String| ApiError::Unreachable {
            host: host.to_owned(),
            detail,
        };
        let url = Url::parse(&self.pay_url).map_err(|_| ApiError::BadUrl {
            which: "Family B base",
            url: self.pay_url.clone(),
        })?;
        let port = url.port_or_known_default().unwrap_or(443);
        let host = match url.host() {
            Some(url::Host::Domain(domain)) => domain.to_owned(),
            Some(url::Host::Ipv4(ip)) => ip.to_string(),
            Some(url::Host::Ipv6(ip)) => ip.to_string(),
            None => return Err(unreachable("", "no host".into())),
        };
        let shown = format!("{host}:{port}");
        let addresses = tokio::time::timeout(
            self.connect_timeout,
            tokio::net::lookup_host((host.as_str(), port)),
        )
        .await
        .map_err(|_| unreachable(&shown, "the name lookup took too long".into()))?
        .map_err(|error| unreachable(&shown, error.to_string()))?;
        let mut last_problem = String::from("no address");
        for address in addresses {
            let local = if address.is_ipv4() {
                std::net::SocketAddr::from(([0, 0, 0, 0], 0))
            } else {
                std::net::SocketAddr::from(([0u16; 8], 0))
            };
            let socket = match tokio::net::UdpSocket::bind(local).await {
                Ok(socket) => socket,
                Err(error) => {
                    last_problem = error.to_string();
                    continue;
                }
            };
            match socket
                .connect(address)
                .await
                .and_then(|()| socket.local_addr())
            {
                Ok(found) if !found.ip().is_unspecified() => return Ok(found.ip()),
                Ok(_) => last_problem = "no route".into(),
                Err(error) => last_problem = error.to_string(),
            }
        }
        Err(unreachable(&shown, last_problem))
    }

    /// Sends one request within its kind's deadlines (capped by the settings' longest), and
    /// tells the reachability what came of it.
    pub(super) async fn post(
        &self,
        operation: Operation,
        url: &str,
        mut headers: HeaderMap,
        body: &Value,
    ) -> Result<(u16, Vec<u8>), ApiError> {
        headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        let bytes = serde_json::to_vec(body).map_err(|error| ApiError::Setup(error.to_string()))?;
        let deadlines = operation.kind().deadlines();
        let longest = self.request_timeout;
        let first_byte = deadlines.first_byte.min(longest);
        let whole = deadlines.whole.min(longest);
        tracing::debug!(operation = ?operation, url, "sending");
        let asked = self.reach.asking();
        let started = tokio::time::Instant::now();
        let sending = self
            .pool
            .current()
            .post(url)
            .headers(headers)
            .body(bytes)
            .timeout(whole)
            .send();
        let outcome = match tokio::time::timeout(first_byte, sending).await {
            Err(_) => Err(ApiError::TimedOut { operation }),
            Ok(Err(error)) => Err(network_error(operation, url, error)),
            Ok(Ok(response)) => {
                let status = response.status().as_u16();
                let left = whole.saturating_sub(started.elapsed());
                match tokio::time::timeout(left, read_capped(response, ANSWER_CAP)).await {
                    Err(_) => Err(ApiError::TimedOut { operation }),
                    Ok(Err(error)) => Err(network_error(operation, url, error)),
                    Ok(Ok(None)) => Err(super::error::malformed(
                        operation,
                        status,
                        format!("the answer is over {ANSWER_CAP} bytes"),
                    )),
                    Ok(Ok(Some(bytes))) => {
                        tracing::debug!(operation = ?operation, status, length = bytes.len(), "answered");
                        Ok((status, bytes))
                    }
                }
            }
        };
        self.note(asked, &outcome);
        outcome
    }

    /// What a request came to, for the reachability: any answer says the service is there; no
    /// answer starts the light check (once).
    pub(super) fn note<T>(&self, asked: super::reach::Asked, outcome: &Result<T, ApiError>) {
        match outcome {
            Ok(_) => self.reach.answered(),
            Err(
                ApiError::Unreachable { .. }
                | ApiError::TimedOut { .. }
                | ApiError::ConnectionLost { .. },
            ) => {
                if self.reach.failed(asked, crate::clock::now_ms()) {
                    self.check_until_back();
                }
            }
            Err(_) => {}
        }
    }

    /// While the service does not answer: a light question four times a second (a greeting to
    /// the pay API's address, on a fresh connection each time, within its own short deadline),
    /// until any answer comes. Stops by itself once every holder of this client is gone.
    fn check_until_back(&self) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            self.reach.checking_stopped();
            return;
        };
        let reach = Arc::downgrade(&self.reach);
        let pool = Arc::downgrade(&self.pool);
        let http = self.check_http.clone();
        let url = self.pay_url.clone();
        runtime.spawn(async move {
            let in_flight = Arc::new(tokio::sync::Semaphore::new(Reachability::checks_in_flight()));
            let mut every = tokio::time::interval(super::reach::CHECK_EVERY);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                every.tick().await;
                let Some(strong) = reach.upgrade() else {
                    return;
                };
                if strong.current().is_up() {
                    strong.checking_stopped();
                    // A failure in between found the check still running: keep on.
                    if strong.current().is_up() || !strong.resume_checking() {
                        return;
                    }
                }
                drop(strong);
                let Ok(turn) = in_flight.clone().try_acquire_owned() else {
                    continue;
                };
                let (reach, pool, http, url) =
                    (reach.clone(), pool.clone(), http.clone(), url.clone());
                tokio::spawn(async move {
                    let asked = reach.upgrade().map(|reach| reach.asking());
                    let answered = http.get(&url).send().await.is_ok();
                    if let Some(reach) = reach.upgrade() {
                        if answered {
                            // Fresh connections first: the questions the return wakes go
                            // out on them.
                            if !reach.current().is_up()
                                && let Some(pool) = pool.upgrade()
                            {
                                pool.renew();
                            }
                            reach.answered();
                        } else if let Some(asked) = asked {
                            reach.check_failed(asked);
                        }
                    }
                    drop(turn);
                });
            }
        });
    }
}

pub(super) fn secret_header(secret: &SecretString) -> Result<HeaderValue, ApiError> {
    let mut value = HeaderValue::from_str(secret.expose())
        .map_err(|_| ApiError::Setup("a token contains characters that cannot be sent".into()))?;
    value.set_sensitive(true);
    Ok(value)
}

pub(super) fn network_error(operation: Operation, url: &str, error: reqwest::Error) -> ApiError {
    let host = Url::parse(url)
        .ok()
        .and_then(|url| {
            url.host_str()
                .map(|host| format!("{host}:{}", url.port_or_known_default().unwrap_or(443)))
        })
        .unwrap_or_default();
    // A failed connect means nothing was sent; checked before the timeout because a connect
    // timeout is both.
    if error.is_connect() {
        ApiError::Unreachable {
            host,
            detail: crate::i18n::chain(&error.without_url()),
        }
    } else if error.is_timeout() {
        ApiError::TimedOut { operation }
    } else {
        ApiError::ConnectionLost {
            operation,
            detail: crate::i18n::chain(&error.without_url()),
        }
    }
}

/// The most a service's answer may hold: its longest (a bank list, a method catalog) is tens of
/// kilobytes. A server, or something on the way, that sends more does not fill the till's memory
/// within the answer's deadline.
pub(super) const ANSWER_CAP: usize = 2 * 1024 * 1024;

/// An answer's body, read until it passes `cap` (or says it will): `None` then.
pub(super) async fn read_capped(
    mut response: reqwest::Response,
    cap: usize,
) -> Result<Option<Vec<u8>>, reqwest::Error> {
    if response
        .content_length()
        .is_some_and(|length| length > cap as u64)
    {
        return Ok(None);
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await? {
        if body.len() + chunk.len() > cap {
            return Ok(None);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(Some(body))
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;

    /// A server that answers once with `head`, then `body_chunks` chunks of 64 KiB, chunked.
    async fn answering(head: &'static str, body_chunks: usize) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.unwrap();
            let mut request = [0u8; 1024];
            let _ = socket.read(&mut request).await;
            socket.write_all(head.as_bytes()).await.unwrap();
            let chunk = vec![b'x'; 64 * 1024];
            for _ in 0..body_chunks {
                let framed =
                    [format!("{:x}\r\n", chunk.len()).as_bytes(), &chunk, b"\r\n"].concat();
                // The client stops reading once over its cap: the rest may not be taken.
                if socket.write_all(&framed).await.is_err() {
                    return;
                }
            }
            let _ = socket.write_all(b"0\r\n\r\n").await;
        });
        format!("http://{address}/")
    }

    const CHUNKED: &str = "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n";

    #[tokio::test]
    async fn an_answer_over_the_cap_is_not_read_whole() {
        let cap = 256 * 1024;
        let small = reqwest::get(answering(CHUNKED, 2).await).await.unwrap();
        let body = read_capped(small, cap).await.unwrap();
        assert_eq!(body.map(|body| body.len()), Some(128 * 1024));
        // No length announced: refused as it passes the cap, not after 10 MiB.
        let endless = reqwest::get(answering(CHUNKED, 160).await).await.unwrap();
        assert_eq!(read_capped(endless, cap).await.unwrap(), None);
        // A length announced over the cap: refused before reading.
        let announced = reqwest::get(
            answering("HTTP/1.1 200 OK\r\ncontent-length: 1000000000\r\n\r\n", 0).await,
        )
        .await
        .unwrap();
        assert_eq!(read_capped(announced, cap).await.unwrap(), None);
    }
}
