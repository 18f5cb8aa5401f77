//! The accept loop: HTTP/1.1 connections with a header-read timeout and a cap on open connections.
//!
//! # Why not `axum::serve`
//! axum's loop gives hyper no timer, so hyper's header-read timeout never fires: a client that
//! sends its request head one byte at a time (slowloris), or opens a connection and sends nothing,
//! held a connection, a task and a file descriptor for as long as it liked, and nothing bounded how
//! many such connections there could be. This loop is axum's, plus:
//! - a timer and [`Config::header_read_timeout`](crate::Config::header_read_timeout): a request head
//!   must arrive whole within it, counted from the moment the connection waits for one, so an idle
//!   keep-alive connection is also closed after it;
//! - [`Config::max_connections`](crate::Config::max_connections): past it the loop stops accepting
//!   until a connection closes, so further clients wait in the kernel's backlog (they are not
//!   refused) and are served as soon as a slot frees;
//! - `TCP_NODELAY`, so a response is never held back by Nagle's algorithm.
//!
//! The time to read a body and compute is bounded separately by the per-request timeout.

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tower::ServiceExt;

/// The largest connection cap honoured (far above any file-descriptor limit).
const MAX_CONNECTIONS: usize = 1 << 24;

/// The limits of the accept loop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ConnectionLimits {
    /// The longest wait for a whole request head (also the idle keep-alive time).
    pub(crate) header_read_timeout: Duration,
    /// The most connections open at once.
    pub(crate) max_connections: usize,
}

/// Serves `app` on `listener` within `limits` until `shutdown` completes, then stops accepting,
/// closes idle connections and waits for the requests in flight.
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let max = limits.max_connections.clamp(1, MAX_CONNECTIONS);
    let slots = Arc::new(Semaphore::new(max));
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let slot = tokio::select! {
            () = &mut shutdown => break,
            slot = slots.clone().acquire_owned() => slot,
        };
        // The semaphore is never closed, so a permit always comes.
        let Ok(slot) = slot else { break };
        let (stream, remote) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    accept_error(error).await;
                    continue;
                }
            },
        };
        let _ = stream.set_nodelay(true);
        let service = app
            .clone()
            .map_request(move |request: axum::http::Request<Incoming>| {
                let mut request = request.map(Body::new);
                request.extensions_mut().insert(ConnectInfo(remote));
                request
            });
        let mut stop = stop_rx.clone();
        tokio::spawn(async move {
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_read_timeout);
            let connection =
                builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                result = connection.as_mut() => log_end(result),
                // The one change ever sent is the stop (a clone sees changes sent after it).
                _ = stop.changed() => {
                    connection.as_mut().graceful_shutdown();
                    log_end(connection.await);
                }
            }
            drop(slot);
        });
    }
    drop(listener);
    let _ = stop_tx.send(true);
    // Every connection holds a slot until it ends: all slots free means all connections closed.
    let _ = slots
        .acquire_many(u32::try_from(max).unwrap_or(u32::MAX))
        .await;
    Ok(())
}

fn log_end(result: hyper::Result<()>) {
    if let Err(error) = result {
        tracing::debug!("connection ended: {error}");
    }
}

/// After a failed accept: nothing for errors of that one connection; a pause otherwise (such as
/// running out of file descriptors), so the loop does not spin while the condition lasts.
async fn accept_error(error: std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(
        error.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset
    ) {
        return;
    }
    tracing::error!("accept failed: {error}; pausing 100 ms");
    tokio::time::sleep(Duration::from_millis(100)).await;
}
