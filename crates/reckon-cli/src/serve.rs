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
    /// Async worker threads, which accept, read and answer (default: one per core).
    #[arg(long)]
    workers: Option<usize>,
    /// Threads that run tool calls (default: twice the workers); further calls queue within
    /// --max-concurrency and --timeout.
    #[arg(long)]
    tool_threads: Option<usize>,
    /// File holding the bearer token every request except /healthz must carry (surrounding
    /// whitespace is ignored). Without it, the RECKON_AUTH_TOKEN environment variable is used.
    #[arg(long, value_name = "PATH")]
    auth_token_file: Option<PathBuf>,
    /// Allow binding a non-loopback address without a token. Requests must still name a loopback
    /// Host or one given with --allowed-host.
    #[arg(long)]
    insecure_no_auth: bool,
    /// Also answer requests whose Host header is NAME (any port) or NAME:PORT (that port only),
    /// besides the loopback names (localhost, 127.x.y.z, ::1); repeat for more names. Without a
    /// token, every route but /healthz refuses other Host names with 403, so that a web page
    /// cannot reach the server through DNS rebinding: behind a load balancer or in a container,
    /// list the names clients use. With a token the Host is not checked unless this is given.
    #[arg(long = "allowed-host", value_name = "NAME")]
    allowed_hosts: Vec<String>,
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
    /// Seconds a client has to send a whole request head (the connection is closed past it); also
    /// how long an idle keep-alive connection stays open. Bounds slowloris clients.
    #[arg(long, default_value_t = 10.0)]
    header_timeout: f64,
    /// Most connections open at once; past it new clients wait until one closes.
    #[arg(long, default_value_t = 4096)]
    max_connections: usize,
    /// Cap on the heap all tool calls may hold at once (bytes, or with KiB, MiB, GiB): each
    /// calculate call holds at most 256 MiB, so this bounds the tool threads to MAX / 256 MiB
    /// (at least one call's budget). The server states its worst case when it starts.
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    max_memory: Option<u64>,
    /// Seconds to drain on SIGTERM or SIGINT before the listener closes: requests are still
    /// answered, /healthz answers 503 and every response says `Connection: close`, so that a load
    /// balancer or Kubernetes takes the replica out of rotation first. Give more than the
    /// balancer's check interval times its failure threshold. 0 (the default) stops at once.
    #[arg(long, value_name = "SECONDS", default_value_t = 0.0)]
    drain: f64,
}

/// A size in bytes: a whole number, optionally followed by K, KiB, M, MiB, G or GiB (powers of
/// 1024; the space between is optional).
fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let (number, unit) = text.split_at(digits);
    let number: u64 = number.parse().map_err(|_| {
        format!("{text:?} is not a size (a whole number of bytes, or with KiB, MiB, GiB)")
    })?;
    let shift = match unit.trim() {
        "" | "B" => 0,
        "K" | "KiB" | "k" => 10,
        "M" | "MiB" => 20,
        "G" | "GiB" => 30,
        other => return Err(format!("unknown size unit {other:?} (use KiB, MiB or GiB)")),
    };
    number
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("{text:?} is too large"))
}

/// The tool threads a server may start so that its calls' memory budgets fit in `max_memory`:
/// the requested (or default) count, refused when it does not fit, or lowered to fit when it
/// was not given.
fn tool_threads_within(
    max_memory: Option<u64>,
    per_call: Option<u64>,
    threads: &reckon_server::Threads,
) -> Result<Option<usize>, String> {
    let (Some(max_memory), Some(per_call)) = (max_memory, per_call) else {
        return Ok(threads.tool_threads);
    };
    let mib = |bytes: u64| bytes.div_ceil(1 << 20);
    let fits = usize::try_from(max_memory / per_call.max(1)).unwrap_or(usize::MAX);
    if fits == 0 {
        return Err(format!(
            "--max-memory must be at least one call's memory budget ({} MiB)",
            mib(per_call)
        ));
    }
    let (_, default) = threads.resolved();
    match threads.tool_threads {
        Some(given) if given > fits => Err(format!(
            "--tool-threads {given} would let {} MiB of tool calls run at once, over --max-memory ({} MiB); give at most {fits}",
            mib(per_call.saturating_mul(given as u64)),
            mib(max_memory)
        )),
        Some(given) => Ok(Some(given)),
        None => Ok(Some(default.min(fits))),
    }
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
    let Some(request_timeout) = seconds(args.timeout) else {
        return usage("--timeout must be a number of seconds from 0.001 to 1e9");
    };
    let Some(header_read_timeout) = seconds(args.header_timeout) else {
        return usage("--header-timeout must be a number of seconds from 0.001 to 1e9");
    };
    let Some(drain) = drain_time(args.drain) else {
        return usage("--drain must be 0 or a number of seconds from 0.001 to 1e9");
    };
    if args.tool_threads == Some(0) || args.workers == Some(0) {
        return usage("--workers and --tool-threads must be at least 1");
    }
    if args.max_connections == 0 {
        return usage("--max-connections must be at least 1");
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
        request_timeout,
        max_concurrency: args.max_concurrency.max(1),
        auth_token: token,
        cors_origin: args.cors,
        allowed_hosts: args.allowed_hosts,
        header_read_timeout,
        max_connections: args.max_connections,
        drain,
    };
    let mut threads = reckon_server::Threads {
        workers: args.workers,
        tool_threads: args.tool_threads,
    };
    match tool_threads_within(args.max_memory, registry.memory_budget(), &threads) {
        Ok(tool_threads) => threads.tool_threads = tool_threads,
        Err(message) => return usage(&message),
    }
    match reckon_server::run(args.addr, threads, Arc::new(registry), config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("reckon serve: {message}");
            ExitCode::FAILURE
        }
    }
}

/// A number of seconds from 0.001 to 1e9 (about 30 years). Below a millisecond a timeout would
/// close every connection at once; above, tokio's timers would overflow (and
/// `Duration::from_secs_f64` panics on infinite or huge values, which a flag must never cause).
fn seconds(value: f64) -> Option<Duration> {
    (MIN_SECONDS..=MAX_SECONDS)
        .contains(&value)
        .then(|| Duration::try_from_secs_f64(value).ok())
        .flatten()
}

/// The drain time: none for 0, else as a timeout ([`seconds`]).
fn drain_time(value: f64) -> Option<Duration> {
    if value == 0.0 {
        Some(Duration::ZERO)
    } else {
        seconds(value)
    }
}

/// The shortest timeout accepted, in seconds.
const MIN_SECONDS: f64 = 0.001;
/// The longest timeout accepted, in seconds.
const MAX_SECONDS: f64 = 1e9;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_bytes_and_binary_units() {
        assert_eq!(parse_size("1024"), Ok(1024));
        assert_eq!(parse_size("512MiB"), Ok(512 << 20));
        assert_eq!(parse_size("1 GiB"), Ok(1 << 30));
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert_eq!(parse_size("64K"), Ok(64 << 10));
        for refused in ["", "MiB", "1.5GiB", "-1", "1TB", "99999999999999999999"] {
            assert!(parse_size(refused).is_err(), "{refused}");
        }
    }

    #[test]
    fn max_memory_bounds_the_tool_threads() {
        let per_call = Some(256 << 20);
        let given = |tool_threads| reckon_server::Threads {
            workers: Some(2),
            tool_threads,
        };
        // Defaults (2 workers: 4 tool threads) lowered to what fits; N-1, N, N+1 budgets.
        assert_eq!(
            tool_threads_within(Some(1 << 30), per_call, &given(None)),
            Ok(Some(4))
        );
        assert_eq!(
            tool_threads_within(Some(3 << 28), per_call, &given(None)),
            Ok(Some(3))
        );
        assert_eq!(
            tool_threads_within(Some(5 << 28), per_call, &given(None)),
            Ok(Some(4))
        );
        assert!(tool_threads_within(Some((256 << 20) - 1), per_call, &given(None)).is_err());
        assert_eq!(
            tool_threads_within(Some(256 << 20), per_call, &given(None)),
            Ok(Some(1))
        );
        // An explicit count must fit.
        assert_eq!(
            tool_threads_within(Some(1 << 30), per_call, &given(Some(4))),
            Ok(Some(4))
        );
        assert!(tool_threads_within(Some(1 << 30), per_call, &given(Some(5))).is_err());
        // Without the flag, or without a metered tool, nothing changes.
        assert_eq!(
            tool_threads_within(None, per_call, &given(Some(9))),
            Ok(Some(9))
        );
        assert_eq!(tool_threads_within(Some(1), None, &given(None)), Ok(None));
    }

    #[test]
    fn timeouts_are_accepted_from_a_millisecond_to_1e9_seconds() {
        assert_eq!(seconds(0.001), Some(Duration::from_millis(1)));
        assert_eq!(seconds(1e9), Some(Duration::from_secs(1_000_000_000)));
        for refused in [0.0, 0.000_999, -1.0, 1e9 + 1.0, f64::INFINITY, f64::NAN] {
            assert_eq!(seconds(refused), None, "{refused}");
        }
    }

    #[test]
    fn drain_times_are_zero_or_timeouts() {
        assert_eq!(drain_time(0.0), Some(Duration::ZERO));
        assert_eq!(drain_time(-0.0), Some(Duration::ZERO));
        assert_eq!(drain_time(0.001), Some(Duration::from_millis(1)));
        assert_eq!(drain_time(5.0), Some(Duration::from_secs(5)));
        for refused in [0.000_999, -1.0, 1e9 + 1.0, f64::INFINITY, f64::NAN] {
            assert_eq!(drain_time(refused), None, "{refused}");
        }
    }
}
