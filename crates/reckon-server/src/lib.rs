//! The HTTP front end of reckon.
//!
//! Every tool in the [`Registry`] is served under `/v1/tools`: a catalogue, each tool's versions, its
//! manifest, and `POST /v1/tools/{id}/versions/{version}/execute`. `/openapi.json` is assembled from
//! the same registry, `/healthz` answers liveness, and `/metrics` exposes Prometheus text.
//!
//! # Status codes of `execute`
//! | answer | status |
//! | --- | --- |
//! | the tool's output | 200 |
//! | the tool's `invalid_input` (including malformed JSON, which gets the tool's own body) | 400 |
//! | the tool's `limit_exceeded` or `not_computable` | 422 |
//! | missing bearer token when one is configured | 401 |
//! | unknown tool or version, unknown path | 404 |
//! | wrong method | 405 |
//! | body over the limit (64 KiB by default) | 413 |
//! | a `Content-Type` other than JSON | 415 |
//! | the request took longer than the timeout | 408 |
//! | the server is at its concurrency limit | 503 |
//! | a panic (a bug; logged, never echoed) | 500 |
//!
//! Errors that are not the tool's answer have the body `{"error": {"code", "message"}}` with a
//! snake_case `code` (`not_found`, `method_not_allowed`, ...).
//!
//! # Why the tools run inline
//! Every admitted request is bounded by its tool's work budget (the slowest decimal request measured
//! takes about 40 µs), so handlers evaluate on the async worker directly: moving such short work to
//! a blocking pool would cost more than the work itself. The per-request timeout still bounds slow
//! clients and any future tool whose work is larger.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod api;
mod auth;
mod error;
mod guard;
pub mod mcp;
mod metrics;
pub mod openapi;

use axum::Router;
use axum::routing::{get, post};
use reckon_tools::Registry;
use serde_json::Value;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// How the server behaves; every field has a production default.
#[derive(Clone, Debug)]
pub struct Config {
    /// Largest request body, in bytes (413 past it).
    pub body_limit: usize,
    /// Longest time one request may take (408 past it).
    pub request_timeout: Duration,
    /// Most requests handled at once (503 past it, immediately: requests are shed, not queued).
    pub max_concurrency: usize,
    /// The bearer token every request except `/healthz` must carry, if any.
    pub auth_token: Option<String>,
    /// The one origin allowed by CORS; CORS is off without it.
    pub cors_origin: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            body_limit: 64 * 1024,
            request_timeout: Duration::from_secs(10),
            max_concurrency: 1024,
            auth_token: None,
            cors_origin: None,
        }
    }
}

/// What every handler shares.
pub(crate) struct AppState {
    pub(crate) registry: Arc<Registry>,
    pub(crate) config: Config,
    pub(crate) metrics: metrics::Metrics,
    pub(crate) openapi: Value,
    pub(crate) permits: Arc<Semaphore>,
}

/// The application: every route and every layer, over `registry`.
///
/// # Errors
/// An invalid `cors_origin` (not a valid header value).
pub fn router(registry: Arc<Registry>, config: Config) -> Result<Router, String> {
    let openapi = openapi::document(&registry);
    let registry_for_mcp = registry.clone();
    let mcp_config = config.clone();
    let permits = Arc::new(Semaphore::new(config.max_concurrency));
    let cors = config.cors_origin.clone();
    let state = Arc::new(AppState {
        registry,
        config,
        metrics: metrics::Metrics::default(),
        openapi,
        permits,
    });
    let protected = Router::new()
        .route("/v1/tools", get(api::catalogue))
        .route("/v1/tools/{id}", get(api::tool))
        .route("/v1/tools/{id}/versions/{version}", get(api::manifest))
        .route(
            "/v1/tools/{id}/versions/{version}/execute",
            post(api::execute),
        )
        .route("/openapi.json", get(api::openapi))
        .route("/metrics", get(api::metrics))
        .nest_service("/mcp", mcp_service(registry_for_mcp, &mcp_config))
        .route_layer(axum::middleware::from_fn_with_state(
            state.clone(),
            auth::require_token,
        ));
    let app = Router::new()
        .route("/healthz", get(api::healthz))
        .merge(protected)
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .with_state(state.clone());
    guard::layers(app, state, cors.as_deref())
}

/// The MCP streamable-HTTP service: stateless, plain JSON responses, the server's body limit. The
/// `Host` check against DNS rebinding stays on (loopback names only) unless a token is required,
/// which already keeps other sites' pages out.
fn mcp_service(
    registry: Arc<Registry>,
    config: &Config,
) -> rmcp::transport::StreamableHttpService<
    mcp::McpServer,
    rmcp::transport::streamable_http_server::session::never::NeverSessionManager,
> {
    use rmcp::transport::streamable_http_server::StreamableHttpServerConfig;
    let mut mcp_config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_sse_keep_alive(None)
        .with_max_request_body_bytes(config.body_limit);
    if config.auth_token.is_some() {
        mcp_config = mcp_config.disable_allowed_hosts();
    }
    rmcp::transport::StreamableHttpService::new(
        move || Ok(mcp::McpServer::new(registry.clone())),
        Arc::default(),
        mcp_config,
    )
}

/// Serves `app` on `listener` until `shutdown` completes, then finishes the requests in flight.
///
/// # Errors
/// I/O errors of the listener.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await
}

/// How log lines are written (to stderr).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object per line.
    Json,
}

/// Installs the process-wide log subscriber on stderr (once; later calls are ignored). `RUST_LOG`
/// filters, `default_level` otherwise.
pub fn init_logging(format: LogFormat, default_level: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default_level));
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(ansi);
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .try_init(),
    };
}

/// Runs a server until SIGINT or SIGTERM: builds the runtime (`workers` threads, or one per core),
/// binds `addr` and serves `registry`. Blocks the calling thread.
///
/// # Errors
/// A message when the runtime cannot start, the address cannot be bound, or the config is invalid.
pub fn run(
    addr: SocketAddr,
    workers: Option<usize>,
    registry: Arc<Registry>,
    config: Config,
) -> Result<(), String> {
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    // Tool calls run in place on the runtime's threads, which recursive tools need large.
    builder
        .thread_stack_size(reckon_tools::stack::LARGE_STACK_BYTES)
        .on_thread_start(reckon_tools::stack::declare_large_stack);
    if let Some(workers) = workers {
        builder.worker_threads(workers.max(1));
    }
    let runtime = builder
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async move {
        let app = router(registry, config)?;
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|e| format!("cannot bind {addr}: {e}"))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        tracing::info!(address = %local, "reckon serve listening");
        serve(listener, app, shutdown_signal())
            .await
            .map_err(|e| format!("server error: {e}"))?;
        tracing::info!("reckon serve stopped");
        Ok(())
    })
}

/// Runs `reckon mcp`: MCP over stdin and stdout on a single-threaded runtime, until the client
/// closes the stream. Blocks the calling thread (tool calls run on it, so give it
/// [`reckon_tools::stack::LARGE_STACK_BYTES`] and declare it, or each call starts a thread); logs
/// go to stderr only.
///
/// # Errors
/// A message when the runtime cannot start or the transport fails.
pub fn run_mcp_stdio(registry: Arc<Registry>) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(mcp::serve_stdio(registry))
}

/// Completes on SIGINT (Ctrl-C) or SIGTERM.
pub async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
    tracing::info!("shutdown requested: finishing requests in flight");
}
