//! The HTTP front end of reckon.
//!
//! Every tool in the [`Registry`] is served under `/v1/tools`: a catalogue, each tool's versions, its
//! manifest, and `POST /v1/tools/{id}/versions/{version}/execute`. `/openapi.json` is assembled from
//! the same registry, `/healthz` answers liveness and readiness (503 while draining, module
//! `drain`), `/metrics` exposes Prometheus text, and `/mcp`
//! speaks MCP over streamable HTTP (module `mcp_http`). `/` serves the playground, a page that
//! calls this API for a person (module `playground`).
//!
//! # What keeps other sites out
//! A web page can send requests to a server on the user's machine, and read the answers after DNS
//! rebinding. Three things stop it:
//! - with [`Config::auth_token`], the bearer token, on every route but `/healthz` and the
//!   playground's static files, which hold no data (module `auth`);
//! - without one, the `Host` check on every route but `/healthz`: only loopback names and
//!   [`Config::allowed_hosts`] are answered, other names get `403` (module `host`, which says why
//!   `/healthz` stays open). With a token it is off unless `allowed_hosts` lists names;
//! - on the routes that take a body (`execute`, `/mcp`), a JSON `Content-Type`, token or not
//!   (`415` otherwise): the types a page can send without a CORS preflight (`text/plain`, forms,
//!   multipart) and no type at all are refused, so a page cannot send a body the server reads
//!   unless CORS ([`Config::cors_origin`]) allows it.
//!
//! # Status codes of `execute`
//! | answer | status |
//! | --- | --- |
//! | the tool's output | 200 |
//! | the tool's `invalid_input` (including malformed JSON, which gets the tool's own body) | 400 |
//! | the tool's `limit_exceeded` or `not_computable` | 422 |
//! | missing bearer token when one is configured | 401 |
//! | a `Host` that is not allowed (no token, or `allowed_hosts` given) | 403 |
//! | unknown tool or version, unknown path | 404 |
//! | wrong method | 405 |
//! | body over the limit (64 KiB by default) | 413 |
//! | no `Content-Type`, or one other than JSON | 415 |
//! | the request took longer than the timeout | 408 |
//! | the server is at its concurrency limit | 503 |
//! | a panic (a bug; logged, never echoed) | 500 |
//!
//! Errors that are not the tool's answer have the body `{"error": {"code", "message"}}` with a
//! snake_case `code` (`not_found`, `method_not_allowed`, ...).
//!
//! # Where the tools run
//! Handlers read the request on the async workers. A call the tool proves small (a body of at most
//! 4 KiB whose work fits a small allowance of its meter, about 150 µs) is answered there; any other
//! is handed to tokio's blocking pool (module `offload`): `calculate` may take about 2 s on a
//! hostile near-budget request, and run in place it would stall every connection of its worker.
//! The call keeps the request's concurrency permit until it finishes, and the response is 408 at
//! the deadline either way. MCP calls always go to the pool (their JSON-RPC framing costs more
//! than the hand-off).
//!
//! # Connections
//! [`serve`] is a small accept loop over hyper rather than `axum::serve`, because axum's gives no
//! way to bound the time a client may take to send its request head (slowloris) nor the number of
//! open connections: see [`Config::header_read_timeout`] and [`Config::max_connections`].

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod api;
mod auth;
mod drain;
mod error;
mod guard;
mod host;
mod jsonrpc;
mod listen;
pub mod mcp;
mod mcp_http;
mod metrics;
mod offload;
pub mod openapi;
mod playground;
mod stdio;

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
use tower::Layer;

pub use drain::{Readiness, stop_after_drain};

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
    /// Host names answered besides the loopback ones (`name`: any port, `name:port`: that port).
    /// Without a token, requests naming another `Host` are refused (403) on every route but
    /// `/healthz`, so that a web page cannot reach the server through DNS rebinding. With a token
    /// the `Host` is not checked, unless names are listed here: then the same rule applies too.
    pub allowed_hosts: Vec<String>,
    /// Longest wait for a whole request head, counted from when the connection waits for one;
    /// the connection is closed past it. It is also how long an idle keep-alive connection stays
    /// open. Bounds slowloris clients, which trickle their headers to hold connections.
    pub header_read_timeout: Duration,
    /// Most connections open at once; past it new clients wait in the listen backlog until one
    /// closes. Bounds the tasks, buffers and file descriptors clients can make the server hold.
    pub max_connections: usize,
    /// How long a stopping server drains before its listener closes: it keeps answering while
    /// `/healthz` answers 503 and responses close their connections, so that a load balancer
    /// takes it out of rotation first (module `drain`). Used by [`run`]; zero stops at once.
    pub drain: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            body_limit: 64 * 1024,
            request_timeout: Duration::from_secs(10),
            max_concurrency: 1024,
            auth_token: None,
            cors_origin: None,
            allowed_hosts: Vec::new(),
            header_read_timeout: Duration::from_secs(10),
            max_connections: 4096,
            drain: Duration::ZERO,
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
    /// The names the `Host` check admits besides loopback ones; `None` when the check is off.
    pub(crate) allowed_hosts: Option<host::AllowedHosts>,
}

/// The application: every route and every layer, over `registry`.
///
/// # Errors
/// An invalid `cors_origin` (not a valid header value) or entry of `allowed_hosts`.
pub fn router(registry: Arc<Registry>, config: Config) -> Result<Router, String> {
    router_with_readiness(registry, config, &Readiness::new())
}

/// [`router`], with `/healthz` and `Connection: close` following `readiness` (module `drain`).
///
/// # Errors
/// As [`router`].
pub fn router_with_readiness(
    registry: Arc<Registry>,
    config: Config,
    readiness: &Readiness,
) -> Result<Router, String> {
    let openapi = openapi::document(&registry);
    let registry_for_mcp = registry.clone();
    let mcp_config = config.clone();
    let allowed_hosts = host::AllowedHosts::parse(&config.allowed_hosts)?;
    let allowed_hosts =
        (config.auth_token.is_none() || !config.allowed_hosts.is_empty()).then_some(allowed_hosts);
    let permits = Arc::new(Semaphore::new(config.max_concurrency));
    let cors = config.cors_origin.clone();
    let state = Arc::new(AppState {
        registry,
        config,
        metrics: metrics::Metrics::default(),
        openapi,
        permits,
        allowed_hosts,
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
        .nest_service(
            "/mcp",
            axum::middleware::from_fn_with_state(state.clone(), mcp_http::gate)
                .layer(mcp_http::service(registry_for_mcp, &mcp_config)),
        )
        .route_layer(axum::middleware::from_fn_with_state(
            state.clone(),
            auth::require_token,
        ));
    let app = Router::new()
        .route("/healthz", {
            let readiness = readiness.clone();
            get(move || std::future::ready(drain::healthz(&readiness)))
        })
        .route("/", get(playground::page))
        .route("/playground.js", get(playground::script))
        .route("/playground.css", get(playground::style))
        .merge(protected)
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .with_state(state.clone());
    let app = guard::layers(app, state, cors.as_deref())?;
    Ok(app.layer(axum::middleware::from_fn_with_state(
        readiness.clone(),
        drain::close_while_draining,
    )))
}

/// Serves `app` on `listener` until `shutdown` completes, then finishes the requests in flight.
/// The connections are bounded by `config`'s `header_read_timeout` and `max_connections`.
///
/// # Errors
/// I/O errors of the listener.
pub fn serve(
    listener: TcpListener,
    app: Router,
    config: &Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> impl Future<Output = std::io::Result<()>> + Send + 'static {
    let limits = listen::ConnectionLimits {
        header_read_timeout: config.header_read_timeout,
        max_connections: config.max_connections,
    };
    listen::serve(listener, app, limits, shutdown)
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

/// The threads of `reckon serve`'s runtime.
#[derive(Clone, Copy, Debug, Default)]
pub struct Threads {
    /// Async workers, which accept, read, route and answer (default: one per core).
    pub workers: Option<usize>,
    /// Threads that run tool calls (default: twice the workers, at least 2). Calls beyond them
    /// queue (still within `max_concurrency` and their deadline). Each may touch up to
    /// [`reckon_tools::stack::LARGE_STACK_BYTES`] of stack on a deeply nested `calculate` call, so
    /// this also bounds the memory such calls can pin.
    pub tool_threads: Option<usize>,
}

impl Threads {
    /// The async workers and tool threads these settings start, defaults filled in.
    pub fn resolved(&self) -> (usize, usize) {
        let workers = self.workers.map_or_else(
            || std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
            |workers| workers.max(1),
        );
        let tool_threads = self
            .tool_threads
            .map_or((2 * workers).max(2), |given| given.max(1));
        (workers, tool_threads)
    }
}

/// Runs a server until SIGINT or SIGTERM: builds the runtime ([`runtime`]), binds `addr` and
/// serves `registry`. Blocks the calling thread.
///
/// # Errors
/// A message when the runtime cannot start, the address cannot be bound, or the config is invalid.
pub fn run(
    addr: SocketAddr,
    threads: Threads,
    registry: Arc<Registry>,
    config: Config,
) -> Result<(), String> {
    let (_, tool_threads) = threads.resolved();
    let runtime = runtime(threads).map_err(|e| format!("cannot start the runtime: {e}"))?;
    let memory_budget = registry.memory_budget();
    runtime.block_on(async move {
        let readiness = Readiness::new();
        let app = router_with_readiness(registry, config.clone(), &readiness)?;
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|e| format!("cannot bind {addr}: {e}"))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        let stop = stop_after_drain(drain::stop_signal(), readiness, config.drain);
        tracing::info!(address = %local, "reckon serve listening");
        if let Some(budget) = memory_budget {
            // At most one call per tool thread runs at once, each within its budget: the
            // worst case of the tool calls' heap, beside the server's own fixed base.
            let mib = |bytes: u64| bytes.div_ceil(1 << 20);
            tracing::info!(
                tool_threads,
                memory_per_call_mib = mib(budget),
                memory_worst_case_mib = mib(budget.saturating_mul(tool_threads as u64)),
                "tool calls hold at most memory_per_call_mib each, tool_threads at once (cap it with --max-memory)"
            );
        }
        if config.auth_token.is_none() && !local.ip().is_loopback() && config.allowed_hosts.is_empty() {
            tracing::warn!(
                "without a token only requests naming a loopback Host (localhost, 127.0.0.1, [::1]) are answered, /healthz aside: give --allowed-host NAME for each name clients use"
            );
        }
        serve(listener, app, &config, stop)
            .await
            .map_err(|e| format!("server error: {e}"))?;
        tracing::info!("reckon serve stopped");
        Ok(())
    })
}

/// The runtime of `reckon serve`: the async workers and the blocking pool that runs tool calls
/// (module `offload`), sized by `threads`. Every thread it starts, workers and pool alike, has
/// [`reckon_tools::stack::LARGE_STACK_BYTES`] of stack and declares it, so `calculate` runs in place
/// on the pool rather than starting a thread per call.
///
/// # Errors
/// The runtime could not start.
pub fn runtime(threads: Threads) -> std::io::Result<tokio::runtime::Runtime> {
    let (workers, tool_threads) = threads.resolved();
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .max_blocking_threads(tool_threads)
        .thread_stack_size(reckon_tools::stack::LARGE_STACK_BYTES)
        .on_thread_start(reckon_tools::stack::declare_large_stack)
        .enable_all()
        .build()
}

/// Runs `reckon mcp`: MCP over stdin and stdout on a single-threaded runtime, until the client
/// closes the stream. Blocks the calling thread; tool calls run on the runtime's blocking pool,
/// whose threads get [`reckon_tools::stack::LARGE_STACK_BYTES`] of stack. Logs go to stderr only.
///
/// # Errors
/// A message when the runtime cannot start or the transport fails.
pub fn run_mcp_stdio(registry: Arc<Registry>) -> Result<(), String> {
    // Tool calls run on the blocking pool beside the reads of stdin and the writes of stdout:
    // as many calls at once as `reckon serve` runs by default, each within its memory budget
    // (tokio's default of 512 threads would allow 512 calls' worth), plus those two.
    let (_, tool_threads) = Threads {
        workers: None,
        tool_threads: None,
    }
    .resolved();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .max_blocking_threads(tool_threads + 2)
        .thread_stack_size(reckon_tools::stack::LARGE_STACK_BYTES)
        .on_thread_start(reckon_tools::stack::declare_large_stack)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    let served = runtime.block_on(mcp::serve_stdio(registry));
    // When the service stopped before stdin ended, a read of stdin is still pending on a blocking
    // thread and cannot be cancelled: do not wait for it.
    runtime.shutdown_background();
    served
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
