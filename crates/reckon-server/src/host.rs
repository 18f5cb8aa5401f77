//! The `Host` check: without a token, only loopback names are answered, on every route but
//! `/healthz`.
//!
//! A web page the user opens can send requests to a server on the user's own machine, and after
//! DNS rebinding (the page's own name made to resolve to 127.0.0.1) it can also read the answers.
//! Such a request carries the page's name in `Host`, never a loopback name, so a server that
//! answers only loopback names is out of the page's reach. With a bearer token the token already
//! keeps pages out (they cannot know it), and the check is off unless names are listed with
//! [`Config::allowed_hosts`](crate::Config::allowed_hosts).
//!
//! What is accepted (the name is compared without case, with or without a port):
//! - `localhost`, and any loopback IP literal: `127.x.y.z`, `[::1]` (in any spelling) and
//!   `[::ffff:127.x.y.z]`. rmcp's own check, which `/mcp` had before this one, accepts
//!   `localhost`, `127.0.0.1` and `[::1]`; the other loopback literals are added because no
//!   rebinding can produce an IP literal.
//! - the names of [`Config::allowed_hosts`](crate::Config::allowed_hosts): `name` matches any port,
//!   `name:port` only that port.
//!
//! A request must name a host: one without `Host` (nor an absolute URI) is refused like a foreign
//! one, and when it names several (more `Host` lines, or a `Host` and an absolute URI) each must be
//! allowed. Refusals are `403` with the API's error body (`host_not_allowed`).
//!
//! `/healthz` is answered whatever the `Host`: load-balancer and orchestrator probes (a Kubernetes
//! `httpGet` probe, an AWS target-group check) name the instance's own IP address, which changes
//! with every instance and so cannot be listed in advance, and the answer (`{"status":"ok"}`)
//! tells a page nothing and computes nothing.

use crate::AppState;
use crate::error::ApiError;
use axum::extract::{Request, State};
use axum::http::header::HOST;
use axum::http::uri::Authority;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;

/// The path answered whatever the `Host` (see the module doc).
const OPEN_PATH: &str = "/healthz";

/// The names a server answers besides the loopback ones.
#[derive(Clone, Debug, Default)]
pub(crate) struct AllowedHosts {
    /// Lowercase names (IPv6 literals without brackets), each with its port if one was given.
    names: Vec<(String, Option<u16>)>,
}

impl AllowedHosts {
    /// Parses `names` (`name` or `name:port`, IPv6 literals in brackets).
    ///
    /// # Errors
    /// A name that is not a valid host or host and port.
    pub(crate) fn parse(names: &[String]) -> Result<Self, String> {
        let names = names
            .iter()
            .map(|name| {
                split(name.trim()).ok_or_else(|| {
                    format!("invalid allowed host {name:?}: give a host name or host:port, such as reckon.internal or reckon.internal:8080")
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Self { names })
    }

    /// Whether `authority` (a `Host` value) names a loopback address or one of these names.
    fn admits(&self, authority: &str) -> bool {
        if is_plain_loopback(authority) {
            return true;
        }
        let Some((host, port)) = split(authority) else {
            return false;
        };
        is_loopback(&host)
            || self
                .names
                .iter()
                .any(|(name, only)| *name == host && only.is_none_or(|only| port == Some(only)))
    }
}

/// Whether `authority` is `localhost` or `127.0.0.1`, as written by nearly every local client,
/// optionally with a port of one to five digits that fits a `u16`: a check without the
/// allocation of [`split`], which admits these too (a test compares the two). Anything else,
/// including other spellings of loopback, goes through [`split`].
fn is_plain_loopback(authority: &str) -> bool {
    let rest = authority
        .strip_prefix("localhost")
        .or_else(|| authority.strip_prefix("127.0.0.1"));
    match rest {
        Some("") => true,
        Some(port) => port.strip_prefix(':').is_some_and(|digits| {
            (1..=5).contains(&digits.len())
                && digits.bytes().all(|b| b.is_ascii_digit())
                && digits.parse::<u16>().is_ok()
        }),
        None => false,
    }
}

/// The host (lowercase, without IPv6 brackets) and port of `authority`; `None` when it is not a
/// valid host with an optional port (user information is not accepted).
fn split(authority: &str) -> Option<(String, Option<u16>)> {
    if authority.is_empty() || authority.contains('@') {
        return None;
    }
    let parsed: Authority = authority.parse().ok()?;
    let host = parsed.host();
    // After the host: nothing, or a port that is a number (`http` accepts `localhost:x`).
    let rest = authority.get(host.len()..)?;
    if !rest.is_empty() && parsed.port_u16().is_none() {
        return None;
    }
    let host = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    if host.is_empty() {
        return None;
    }
    Some((host.to_ascii_lowercase(), parsed.port_u16()))
}

fn is_loopback(host: &str) -> bool {
    if host == "localhost" {
        return true;
    }
    match host.parse::<IpAddr>() {
        Ok(IpAddr::V4(v4)) => v4.is_loopback(),
        Ok(IpAddr::V6(v6)) => {
            v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback())
        }
        Err(_) => false,
    }
}

/// Lets a request through when the check is off (a token and no allowed names), when it asks for
/// `/healthz`, or when every host it names is allowed; answers 403 otherwise.
pub(crate) async fn require_allowed_host(
    State(state): State<Arc<AppState>>,
    request: Request,
    next: Next,
) -> Response {
    let Some(allowed) = state.allowed_hosts.as_ref() else {
        return next.run(request).await;
    };
    if request.uri().path() == OPEN_PATH {
        return next.run(request).await;
    }
    let mut named = false;
    for value in request.headers().get_all(HOST) {
        named = true;
        let text = String::from_utf8_lossy(value.as_bytes());
        if !allowed.admits(&text) {
            return ApiError::HostNotAllowed(Some(text.into_owned())).into_response();
        }
    }
    if let Some(authority) = request.uri().authority() {
        named = true;
        if !allowed.admits(authority.as_str()) {
            return ApiError::HostNotAllowed(Some(authority.to_string())).into_response();
        }
    }
    if !named {
        return ApiError::HostNotAllowed(None).into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plain_loopback_shortcut_admits_only_what_the_full_check_admits() {
        let none = AllowedHosts::default();
        let mut tried = 0;
        for host in [
            "localhost",
            "127.0.0.1",
            "LOCALHOST",
            "127.0.0.10",
            "localhost.",
            "127.0.0.1.2",
        ] {
            for port in [
                "", ":", ":0", ":1", ":80", ":8080", ":65535", ":65536", ":99999", ":080",
                ":00080", ":000080", ":+80", ":-1", ":8 0", ": 80", ":80 ", ":8080:1", ":x", ":٣",
                "@x",
            ] {
                let authority = format!("{host}{port}");
                if is_plain_loopback(&authority) {
                    let full = split(&authority).is_some_and(|(host, _)| is_loopback(&host));
                    assert!(
                        full,
                        "the shortcut admits {authority:?}, the full check refuses it"
                    );
                    tried += 1;
                }
                assert_eq!(
                    none.admits(&authority),
                    split(&authority).is_some_and(|(host, _)| is_loopback(&host)),
                    "{authority:?}"
                );
            }
        }
        assert!(tried >= 12, "the shortcut took only {tried} forms");
    }

    #[test]
    fn loopback_names_and_listed_names_are_admitted() {
        let none = AllowedHosts::default();
        for admitted in [
            "localhost",
            "LocalHost:8080",
            "127.0.0.1",
            "127.0.0.1:1",
            "127.1.2.3:65535",
            "[::1]",
            "[::1]:8080",
            "[0:0:0:0:0:0:0:1]:80",
            "[::ffff:127.0.0.1]",
        ] {
            assert!(none.admits(admitted), "{admitted}");
        }
        for refused in [
            "",
            "evil.example",
            "evil.example:8080",
            "localhost.evil.example",
            "localhost.",
            "sub.localhost",
            "128.0.0.1",
            "0.0.0.0",
            "[::2]",
            "::1",
            "user@localhost",
            "localhost:notaport",
            "localhost:",
            "localhost:99999",
            "127.0.0.1 evil",
        ] {
            assert!(!none.admits(refused), "{refused}");
        }
        let some = AllowedHosts::parse(&["Reckon.Internal".into(), "api.example:8443".into()])
            .expect("valid names");
        for admitted in [
            "reckon.internal",
            "RECKON.internal:9",
            "api.example:8443",
            "localhost",
        ] {
            assert!(some.admits(admitted), "{admitted}");
        }
        for refused in ["api.example", "api.example:443", "other.example"] {
            assert!(!some.admits(refused), "{refused}");
        }
        for invalid in ["", "a b", "x@y", "host:port:9"] {
            assert!(
                AllowedHosts::parse(&[invalid.into()]).is_err(),
                "{invalid:?}"
            );
        }
    }
}
