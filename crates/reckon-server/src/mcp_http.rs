//! MCP over streamable HTTP at `/mcp`: rmcp's service, stateless.
//!
//! It sits behind the token check and the `Host` check of the whole API (module `host`), which is
//! why rmcp's own `Host` check is off: one check, with one answer, covers every route.

use crate::{Config, mcp};
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
