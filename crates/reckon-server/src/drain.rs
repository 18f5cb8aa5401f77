//! Draining: how a replica leaves a load balancer without losing a request.
//!
//! A proxy or an orchestrator learns that a replica is going away from its health checks, a
//! moment after the replica knows. If the replica closed its listener at once on SIGTERM, the
//! requests sent in that moment would meet a closed port (a proxy may retry those) or a keep-alive
//! connection closed under them (which it may not). So on the stop signal a server with a drain
//! time first only *drains* ([`stop_after_drain`]): for the drain time it keeps accepting and
//! answering, `/healthz` answers `503 {"status":"draining"}` so that the checks take the replica
//! out of rotation, and every response carries `Connection: close` so that clients holding
//! keep-alive connections reconnect (through the balancer, to another replica). Then the listener
//! closes and the requests in flight finish, as without a drain time.
//!
//! The drain time should exceed the time the balancer takes to notice (HAProxy: `inter` times
//! `fall`; Kubernetes: the readiness probe's `periodSeconds` times `failureThreshold`, plus the
//! endpoints' propagation).

use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Whether a server is draining: shared by the `/healthz` route, the `Connection: close` layer and
/// [`stop_after_drain`], which sets it. Clones share one state.
#[derive(Clone, Debug, Default)]
pub struct Readiness(Arc<AtomicBool>);

impl Readiness {
    /// A server that is ready (not draining).
    pub fn new() -> Self {
        Self::default()
    }

    /// From now on, `/healthz` answers 503 and responses close their connections.
    pub fn start_draining(&self) {
        self.0.store(true, Ordering::Release);
    }

    /// True once [`Readiness::start_draining`] was called.
    pub fn is_draining(&self) -> bool {
        self.0.load(Ordering::Acquire)
    }
}

/// Completes `drain` after `signal` completes, having marked `readiness` draining in between: the
/// shutdown future to give [`crate::serve`] for a server behind a balancer. A zero `drain` stops
/// as soon as the signal comes (still marking the server draining).
pub async fn stop_after_drain(
    signal: impl Future<Output = ()>,
    readiness: Readiness,
    drain: Duration,
) {
    signal.await;
    readiness.start_draining();
    if !drain.is_zero() {
        tracing::info!(
            drain_ms = u64::try_from(drain.as_millis()).unwrap_or(u64::MAX),
            "draining: /healthz answers 503 and responses close their connections until the listener closes"
        );
        tokio::time::sleep(drain).await;
    }
}

/// SIGINT or SIGTERM, as [`crate::shutdown_signal`], but with both handlers installed when this is
/// called rather than when the future is first polled: called before the server says it listens,
/// no signal sent after that can be missed (nor kill the process with the default action).
pub(crate) fn stop_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let terminate = signal(SignalKind::terminate());
        let interrupt = signal(SignalKind::interrupt());
        async move {
            match (terminate, interrupt) {
                (Ok(mut terminate), Ok(mut interrupt)) => {
                    tokio::select! {
                        _ = terminate.recv() => {},
                        _ = interrupt.recv() => {},
                    }
                    tracing::info!("shutdown requested: finishing requests in flight");
                }
                _ => crate::shutdown_signal().await,
            }
        }
    }
    #[cfg(not(unix))]
    crate::shutdown_signal()
}

/// `GET /healthz`: `200 {"status":"ok"}`, or `503 {"status":"draining"}` once draining.
pub(crate) fn healthz(readiness: &Readiness) -> Response {
    if readiness.is_draining() {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            axum::Json(json!({"status": "draining"})),
        )
            .into_response()
    } else {
        axum::Json(json!({"status": "ok"})).into_response()
    }
}

/// The layer that adds `Connection: close` to every response once draining.
pub(crate) async fn close_while_draining(
    State(readiness): State<Readiness>,
    request: Request,
    next: Next,
) -> Response {
    let mut response = next.run(request).await;
    if readiness.is_draining() {
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readiness_turns_once_and_clones_share_it() {
        let readiness = Readiness::new();
        let probe = readiness.clone();
        assert!(!probe.is_draining());
        assert_eq!(healthz(&probe).status(), StatusCode::OK);
        readiness.start_draining();
        assert!(probe.is_draining());
        assert_eq!(healthz(&probe).status(), StatusCode::SERVICE_UNAVAILABLE);
    }

    #[tokio::test]
    async fn the_stop_waits_for_the_signal_and_marks_draining_first() {
        let readiness = Readiness::new();
        let (send, signal) = tokio::sync::oneshot::channel::<()>();
        let stop = tokio::spawn(stop_after_drain(
            async move {
                let _ = signal.await;
            },
            readiness.clone(),
            Duration::ZERO,
        ));
        tokio::task::yield_now().await;
        assert!(!readiness.is_draining());
        assert!(!stop.is_finished());
        send.send(()).expect("the stop waits");
        stop.await.expect("the stop completes");
        assert!(readiness.is_draining());
    }
}
