//! MCP over streamable HTTP at `/mcp`: rmcp's service, behind a gate of reckon's own.
//!
//! rmcp answers a body it cannot parse `415` with serde's text (`fail to deserialize request body
//! recursion limit exceeded at line 1 column 242`), and other refusals in plain text. The gate
//! answers first, for every `POST`:
//! - a `Content-Type` other than `application/json` (parameters aside), or none: `415` with the
//!   API's error body (`unsupported_media_type`), as `execute`. rmcp accepts nothing else either;
//!   the gate only words the refusal.
//! - a body over the server's body limit: `413`, as `execute`.
//! - a body rmcp cannot read ([`crate::jsonrpc::check`]): `400` with a JSON-RPC error in reckon's
//!   words (`-32700`, `-32600` or `-32602`), as rmcp answers the protocol faults it finds itself.
//!   A notification or response that cannot be read gets the same answer: over HTTP every POST
//!   must be answered.
//!
//! Other bodies go on to rmcp unchanged (a UTF-8 byte order mark removed). Other methods (`GET`,
//! `DELETE`) go straight to rmcp, which refuses them in stateless mode.
//!
//! The gate sits behind the token check and the `Host` check of the whole API (module `host`),
//! which is why rmcp's own `Host` check is off: one check, with one answer, covers every route.

use crate::error::ApiError;
use crate::jsonrpc::{self, Verdict};
use crate::{AppState, Config, api, mcp};
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use reckon_tools::Registry;
use rmcp::transport::StreamableHttpService;
use rmcp::transport::streamable_http_server::StreamableHttpServerConfig;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use std::sync::Arc;

/// The MCP streamable-HTTP service: stateless, plain JSON responses, the server's body limit.
/// rmcp's `Host` check is off: module `host` checks every route, `/mcp` included.
pub(crate) fn service(
    registry: Arc<Registry>,
    config: &Config,
) -> StreamableHttpService<mcp::McpServer, NeverSessionManager> {
    let mcp_config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_sse_keep_alive(None)
        .with_max_request_body_bytes(config.body_limit)
        .disable_allowed_hosts();
    StreamableHttpService::new(
        move || Ok(mcp::McpServer::new(registry.clone())),
        Arc::default(),
        mcp_config,
    )
}

/// Answers the `POST`s rmcp would refuse in its own words (see the module doc) and hands the
/// others on.
pub(crate) async fn gate(
    State(state): State<Arc<AppState>>,
    request: Request,
    next: Next,
) -> Response {
    if request.method() != Method::POST {
        return next.run(request).await;
    }
    if let Err(error) = api::require_json(request.headers(), false) {
        return error.into_response();
    }
    let limit = state.config.body_limit;
    if let Err(error) = api::declared_within(request.headers(), limit) {
        return error.into_response();
    }
    let (parts, body) = request.into_parts();
    let Ok(mut body) = axum::body::to_bytes(body, limit).await else {
        return ApiError::PayloadTooLarge(limit).into_response();
    };
    if body.starts_with(jsonrpc::BOM) {
        body = body.slice(jsonrpc::BOM.len()..);
    }
    match jsonrpc::check(&body) {
        Verdict::Forward => next.run(Request::from_parts(parts, Body::from(body))).await,
        Verdict::Answer(fault) | Verdict::Unanswerable(fault) => (
            StatusCode::BAD_REQUEST,
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            fault.to_json(),
        )
            .into_response(),
    }
}
