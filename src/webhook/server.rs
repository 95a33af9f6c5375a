//! The receiver's accept loop. A port on the internet meets clients that connect and never
//! finish: each connection has a deadline for every request's head (and for the wait before it),
//! a lifetime, and a place among a capped number; one address holds at most its share.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;
use tower::ServiceExt;

use super::limits::{Source, SourceLimits};

/// A request's head (and the wait for the next one on a kept-alive connection) arrives within
/// this, or the connection is closed.
pub const HEAD_DEADLINE: Duration = Duration::from_secs(10);
/// A request's body arrives within this (see `receiver.rs`), or it is answered 408.
pub const BODY_DEADLINE: Duration = Duration::from_secs(10);
/// No connection lives longer; a proxy opens another.
const MAX_LIFE: Duration = Duration::from_secs(120);
/// What a closing connection gets to finish the request it is answering.
const GRACE: Duration = Duration::from_secs(5);
/// Largest request head read (a notification's headers are a few hundred bytes).
const MAX_HEAD_BYTES: usize = 16 * 1024;

/// The peer's address, for the rate limits.
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub IpAddr);

/// A connection's place among the open ones, given back when it closes.
struct Place {
    limits: Arc<SourceLimits>,
    counted: Option<Source>,
}

impl Drop for Place {
    fn drop(&mut self) {
        if let Some(source) = self.counted {
            self.limits.disconnect(source);
        }
    }
}

/// Serves `app` until `stop` turns true, then lets the requests in flight finish.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Arc<SourceLimits>,
    mut stop: watch::Receiver<bool>,
) {
    let most = limits.connections();
    let open = Arc::new(Semaphore::new(most));
    let mut connections = JoinSet::new();
    let mut said_full = false;
    loop {
        let (stream, peer) = tokio::select! {
            _ = stopped(&mut stop) => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of files or memory for a moment: the next accept may work.
                    tracing::warn!(%error, "the webhook receiver could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
        };
        while connections.try_join_next().is_some() {}
        let Ok(permit) = open.clone().try_acquire_owned() else {
            if !said_full {
                tracing::warn!(
                    max = most,
                    "the webhook receiver is full; new connections are closed until some end"
                );
                said_full = true;
            }
            drop(stream);
            continue;
        };
        said_full = false;
        // Behind the proxy every connection is the proxy's own; only a client seen directly is
        // held to its share.
        let counted = (!peer.ip().is_loopback()).then(|| Source::direct(peer.ip()));
        if let Some(source) = counted
            && !limits.connect(source)
        {
            drop(stream);
            continue;
        }
        let place = Place {
            limits: limits.clone(),
            counted,
        };
        connections.spawn(connection(
            stream,
            peer,
            app.clone(),
            stop.clone(),
            (permit, place),
        ));
    }
    let finished = async { while connections.join_next().await.is_some() {} };
    if tokio::time::timeout(GRACE * 2, finished).await.is_err() {
        tracing::debug!("connections still open at the receiver's stop were closed");
    }
}

async fn stopped(stop: &mut watch::Receiver<bool>) {
    // A dropped sender is a stop too.
    let _ = stop.wait_for(|stop| *stop).await;
}

async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    app: Router,
    mut stop: watch::Receiver<bool>,
    _place: (tokio::sync::OwnedSemaphorePermit, Place),
) {
    let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
        request.extensions_mut().insert(Peer(peer.ip()));
        app.clone().oneshot(request)
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEAD_DEADLINE)
        .max_buf_size(MAX_HEAD_BYTES);
    let connection = builder.serve_connection(TokioIo::new(stream), service);
    tokio::pin!(connection);
    tokio::select! {
        result = connection.as_mut() => {
            if let Err(error) = result {
                tracing::debug!(%error, %peer, "a webhook connection ended");
            }
            return;
        }
        _ = tokio::time::sleep(MAX_LIFE) => {}
        _ = stopped(&mut stop) => {}
    }
    connection.as_mut().graceful_shutdown();
    // A connection still open after the grace is dropped: the stop is its answer.
    let _ = tokio::time::timeout(GRACE, connection).await;
}
