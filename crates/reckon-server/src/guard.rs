//! The layers around every route: request ids, access logs, panic capture, the concurrency limit,
//! the per-request timeout, metrics, (optionally) CORS, and the `Host` check (module `host`).

use crate::AppState;
use crate::error::ApiError;
use crate::offload::Admission;
use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Instant, SystemTime, UNIX_EPOCH};
use tower_http::LatencyUnit;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::cors::CorsLayer;
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

/// Wraps `app` in every layer. Outermost first: request id, access log, request id on the response,
/// (CORS), limits and metrics, panic capture, `Host` check. The `Host` check is inside the limits
/// so that its refusals are counted in the metrics under their route.
///
/// # Errors
/// An invalid CORS origin.
pub(crate) fn layers(
    app: Router,
    state: Arc<AppState>,
    cors_origin: Option<&str>,
) -> Result<Router, String> {
    let mut app = app
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::host::require_allowed_host,
        ))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(axum::middleware::from_fn_with_state(state, limits));
    if let Some(origin) = cors_origin {
        let origin = HeaderValue::from_str(origin)
            .map_err(|e| format!("invalid CORS origin {origin:?}: {e}"))?;
        app = app.layer(
            CorsLayer::new()
                .allow_origin(origin)
                .allow_methods([Method::GET, Method::POST])
                .allow_headers([header::CONTENT_TYPE, header::AUTHORIZATION])
                .expose_headers([header::HeaderName::from_static("x-request-id")]),
        );
    }
    let trace = TraceLayer::new_for_http()
        .make_span_with(|request: &Request| {
            let id = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("-");
            tracing::info_span!("request", id = %id, method = %request.method(), path = %request.uri().path())
        })
        .on_request(())
        .on_response(DefaultOnResponse::new().level(Level::INFO).latency_unit(LatencyUnit::Micros));
    Ok(app
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(trace)
        .layer(SetRequestIdLayer::x_request_id(RequestIds::new())))
}

/// Sheds a request at once when every permit is taken (503), bounds its time (408) and records it.
/// The permit and the deadline travel with the request as an [`Admission`], so that a tool call
/// moved to the blocking pool keeps the permit until it finishes (see [`crate::offload`]).
async fn limits(State(state): State<Arc<AppState>>, mut request: Request, next: Next) -> Response {
    let started = Instant::now();
    let route = request.extensions().get::<MatchedPath>().cloned();
    let response = match state.permits.clone().try_acquire_owned() {
        Err(_) => ApiError::Overloaded.into_response(),
        Ok(permit) => {
            let timeout = state.config.request_timeout;
            // The layer keeps one clone for the request's whole time, as it kept the permit.
            let admission = Admission::new(permit, started + timeout);
            request.extensions_mut().insert(admission.clone());
            let response = match tokio::time::timeout(timeout, next.run(request)).await {
                Ok(response) => response,
                Err(_) => ApiError::Timeout.into_response(),
            };
            drop(admission);
            response
        }
    };
    let route = route.as_ref().map_or("unmatched", MatchedPath::as_str);
    state
        .metrics
        .record_request(route, response.status().as_u16(), started.elapsed());
    response
}

/// The answer to a panic: logged with the request's span, never echoed.
fn panic_response(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let message = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("(no message)");
    tracing::error!(panic = message, "a request panicked");
    ApiError::Internal.into_response()
}

/// Request ids `<process tag>-<counter>`, unique within a process and unlikely to repeat across
/// restarts; a request that already carries `x-request-id` keeps its own.
#[derive(Clone)]
struct RequestIds {
    tag: u32,
    next: Arc<AtomicU64>,
}

impl RequestIds {
    fn new() -> Self {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        Self {
            tag: nanos ^ std::process::id().rotate_left(16),
            next: Arc::new(AtomicU64::new(1)),
        }
    }
}

impl MakeRequestId for RequestIds {
    fn make_request_id<B>(&mut self, _request: &axum::http::Request<B>) -> Option<RequestId> {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        HeaderValue::from_str(&format!("{:08x}-{n}", self.tag))
            .ok()
            .map(RequestId::new)
    }
}
