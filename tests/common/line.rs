//! The shop's internet line as a stand-in between paydesk and the service: a TCP proxy on
//! loopback whose line can drop the way real ones do. A black hole accepts connections and
//! answers nothing (a dropped home line, a phone out of data); refused connections are a router
//! that says no; a slow line delays every chunk; a reset cuts an answer mid-way.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::watch;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineState {
    /// Everything goes through.
    Up,
    /// Connections are accepted; nothing goes through either way, on new or open ones.
    BlackHole,
    /// Nothing listens: every connection is refused.
    Refused,
    /// Every chunk waits this long before it goes on.
    Slow(Duration),
    /// Requests go through; each answer is cut after this many bytes and the connection reset.
    ResetMidAnswer(usize),
}

/// A line to `upstream`, listening on its own loopback port.
pub struct Line {
    pub addr: SocketAddr,
    state: watch::Sender<LineState>,
    listener: Arc<Mutex<Option<tokio::task::JoinHandle<()>>>>,
    upstream: SocketAddr,
}

fn reusable_listener(addr: SocketAddr) -> TcpListener {
    let socket = TcpSocket::new_v4().expect("a socket");
    // The same port again after a refusal, although old connections of it linger.
    socket.set_reuseaddr(true).expect("reuse");
    socket.bind(addr).expect("the line's port");
    socket.listen(1024).expect("listen")
}

impl Line {
    /// A line in front of `upstream` (`host:port` of a loopback service).
    pub async fn to(upstream: SocketAddr) -> Line {
        let listener = reusable_listener("127.0.0.1:0".parse().unwrap());
        let addr = listener.local_addr().unwrap();
        let (state, _) = watch::channel(LineState::Up);
        let line = Line {
            addr,
            state,
            listener: Arc::default(),
            upstream,
        };
        line.serve(listener);
        line
    }

    /// `url` with its host and port swapped for the line's: the same service, through the line.
    pub fn through(&self, url: &str) -> String {
        let mut url = url::Url::parse(url).unwrap();
        url.set_port(Some(self.addr.port())).unwrap();
        url.to_string().trim_end_matches('/').to_owned()
    }

    pub fn set(&self, state: LineState) {
        let was = *self.state.borrow();
        self.state.send_replace(state);
        match (was, state) {
            (LineState::Refused, LineState::Refused) => {}
            (_, LineState::Refused) => {
                if let Some(task) = self.listener.lock().unwrap().take() {
                    task.abort();
                }
            }
            (LineState::Refused, _) => self.serve(reusable_listener(self.addr)),
            _ => {}
        }
    }

    fn serve(&self, listener: TcpListener) {
        let state = self.state.clone();
        let upstream = self.upstream;
        let task = tokio::spawn(async move {
            loop {
                let Ok((client, _)) = listener.accept().await else {
                    return;
                };
                tokio::spawn(carry(client, upstream, state.subscribe()));
            }
        });
        *self.listener.lock().unwrap() = Some(task);
    }
}

impl Drop for Line {
    fn drop(&mut self) {
        if let Some(task) = self.listener.lock().unwrap().take() {
            task.abort();
        }
    }
}

/// One connection through the line, both ways.
async fn carry(mut client: TcpStream, upstream: SocketAddr, mut state: watch::Receiver<LineState>) {
    if *state.borrow() == LineState::BlackHole {
        // Accepted, and nothing comes back.
        swallow(client).await;
        return;
    }
    let Ok(mut server) = TcpStream::connect(upstream).await else {
        return;
    };
    let mut asked = vec![0u8; 16 * 1024];
    let mut answer = vec![0u8; 16 * 1024];
    let mut answered = 0usize;
    loop {
        tokio::select! {
            // A line that starts refusing has dropped what it carried too.
            changed = state.changed() => {
                if changed.is_err() || *state.borrow() == LineState::Refused {
                    reset(client);
                    return;
                }
            }
            read = client.read(&mut asked) => {
                let read = match read {
                    Ok(0) | Err(_) => return,
                    Ok(read) => read,
                };
                let now = *state.borrow();
                match now {
                    // Lost on the way.
                    LineState::BlackHole => continue,
                    LineState::Slow(delay) => tokio::time::sleep(delay).await,
                    _ => {}
                }
                if server.write_all(&asked[..read]).await.is_err() {
                    return;
                }
            }
            read = server.read(&mut answer) => {
                let read = match read {
                    Ok(0) | Err(_) => return,
                    Ok(read) => read,
                };
                let now = *state.borrow();
                match now {
                    LineState::BlackHole => continue,
                    LineState::Slow(delay) => tokio::time::sleep(delay).await,
                    LineState::ResetMidAnswer(keep) => {
                        let room = keep.saturating_sub(answered).min(read);
                        let _ = client.write_all(&answer[..room]).await;
                        reset(client);
                        return;
                    }
                    _ => {}
                }
                if client.write_all(&answer[..read]).await.is_err() {
                    return;
                }
                answered += read;
            }
        }
    }
}

async fn swallow(mut client: TcpStream) {
    let mut buffer = [0u8; 8192];
    while matches!(client.read(&mut buffer).await, Ok(read) if read > 0) {}
}

/// An abortive close: the client sees the connection reset, not ended.
#[allow(
    deprecated,
    reason = "a zero linger resets at once; only a longer one blocks on drop"
)]
fn reset(client: TcpStream) {
    let _ = client.set_linger(Some(Duration::ZERO));
}

/// The `PAYDESK_*` automation settings that point paydesk at `connection`'s service through
/// `line`: its tokens, its shop page, its addresses with the line's port.
pub fn env_through(
    line: &Line,
    connection: &paydesk::simulator::SimulatorConnection,
) -> paydesk::config::EnvOverrides {
    let secret = |text: &str| Some(paydesk::secrets::SecretString::new(text.to_owned()));
    paydesk::config::EnvOverrides {
        base_url: Some(line.through(&connection.base_url)),
        pay_url: Some(line.through(&connection.pay_url)),
        api_token: secret(&connection.api_token),
        access_token: secret(&connection.access_token),
        user_id: Some(connection.user_id.to_string()),
        hash_key: secret(&connection.hash_key),
        interface: None,
        shop_url: Some(connection.shop_url.clone()),
    }
}
