//! `reckon serve`: the HTTP API. This module only reads arguments, the environment and the token
//! file; the server itself is `reckon_server`.

use reckon_server::{Config, LogFormat};
use reckon_tools::Registry;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// The environment variable that may hold the bearer token.
const TOKEN_VARIABLE: &str = "RECKON_AUTH_TOKEN";

/// Arguments of `reckon serve`.
#[derive(clap::Args)]
pub(crate) struct ServeArgs {
    /// Address to listen on. Binding a non-loopback address needs a token (or --insecure-no-auth).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Worker threads (default: one per core).
    #[arg(long)]
    workers: Option<usize>,
    /// File holding the bearer token every request except /healthz must carry (surrounding
    /// whitespace is ignored). Without it, the RECKON_AUTH_TOKEN environment variable is used.
    #[arg(long, value_name = "PATH")]
    auth_token_file: Option<PathBuf>,
    /// Allow binding a non-loopback address without a token.
    #[arg(long)]
    insecure_no_auth: bool,
    /// Allow this origin through CORS (CORS is off without it).
    #[arg(long, value_name = "ORIGIN")]
    cors: Option<String>,
    /// Log format on stderr: text or json. RUST_LOG filters (default info: one line per request).
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    log_format: String,
    /// Largest request body in bytes (413 past it).
    #[arg(long, default_value_t = 64 * 1024)]
    body_limit: usize,
    /// Per-request timeout in seconds (408 past it).
    #[arg(long, default_value_t = 10.0)]
    timeout: f64,
    /// Serve only these tools (comma-separated ids), over HTTP and MCP alike.
    #[arg(long, value_name = "IDS")]
    tools: Option<String>,
    /// Most requests handled at once; more are answered 503 at once.
    #[arg(long, default_value_t = 1024)]
    max_concurrency: usize,
}

pub(crate) fn run(registry: Registry, args: ServeArgs) -> ExitCode {
    let token = match token(&args) {
        Ok(token) => token,
        Err(message) => return usage(&message),
    };
    if token.is_none() && !args.addr.ip().is_loopback() && !args.insecure_no_auth {
        return usage(&format!(
            "refusing to serve {} without authentication: give --auth-token-file or {TOKEN_VARIABLE}, or --insecure-no-auth",
            args.addr
        ));
    }
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return usage("--timeout must be a positive number of seconds");
    }
    let format = if args.log_format == "json" {
        LogFormat::Json
    } else {
        LogFormat::Text
    };
    reckon_server::init_logging(format, "info");
    let mut registry = registry;
    if let Some(tools) = &args.tools
        && let Err(message) = crate::select_tools(&mut registry, tools)
    {
        return usage(&message);
    }
    let config = Config {
        body_limit: args.body_limit,
        request_timeout: Duration::from_secs_f64(args.timeout),
        max_concurrency: args.max_concurrency.max(1),
        auth_token: token,
        cors_origin: args.cors,
    };
    match reckon_server::run(args.addr, args.workers, Arc::new(registry), config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("reckon serve: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The token from --auth-token-file, else from the environment; an empty token is refused.
fn token(args: &ServeArgs) -> Result<Option<String>, String> {
    let token = match &args.auth_token_file {
        Some(path) => Some(
            std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read the token file {}: {e}", path.display()))?
                .trim()
                .to_owned(),
        ),
        None => std::env::var(TOKEN_VARIABLE)
            .ok()
            .map(|t| t.trim().to_owned()),
    };
    match token {
        Some(token) if token.is_empty() => Err("the auth token is empty".into()),
        other => Ok(other),
    }
}

fn usage(message: &str) -> ExitCode {
    eprintln!("reckon serve: {message}");
    ExitCode::from(2)
}
