//! The OpenAPI 3.1 document, assembled from the registry.
//!
//! OpenAPI 3.1 takes JSON Schema 2020-12 as is, so each tool's input and output schemas go into the
//! document exactly as its manifest has them: there is nothing to derive and nothing to drift.
//!
//! Every operation but `/healthz` lists `403` (the `Host` check of module `host`), and `execute`
//! lists `415` (a `Content-Type` that is missing or not JSON). `/mcp` is not described here: it
//! speaks MCP, not this API.

use reckon_tools::{Registry, Tool};
use serde_json::{Map, Value, json};

/// The document for every tool of `registry`.
pub fn document(registry: &Registry) -> Value {
    let mut paths = Map::new();
    paths.insert(
        "/v1/tools".into(),
        get(
            "listTools",
            "The catalogue: every tool with its links.",
            catalogue_schema(),
        ),
    );
    paths.insert(
        "/v1/tools/{id}".into(),
        with_parameters(
            get("getTool", "A tool's versions.", json!({"type": "object"})),
            &["id"],
        ),
    );
    paths.insert(
        "/v1/tools/{id}/versions/{version}".into(),
        with_parameters(
            get(
                "getManifest",
                "A tool's manifest: its published specification.",
                json!({"type": "object"}),
            ),
            &["id", "version"],
        ),
    );
    for tool in registry.tools() {
        paths.insert(
            format!(
                "/v1/tools/{}/versions/{}/execute",
                tool.id(),
                tool.version()
            ),
            execute(tool),
        );
    }
    paths.insert(
        "/openapi.json".into(),
        get("getOpenApi", "This document.", json!({"type": "object"})),
    );
    let mut health = get(
        "getHealth",
        "Liveness and readiness; needs no token and answers whatever the Host (load-balancer probes name the instance address). 503 while the server drains before stopping (`reckon serve --drain`).",
        json!({"type": "object", "properties": {"status": {"const": "ok"}}}),
    );
    health["get"]["security"] = json!([]);
    if let Some(responses) = health["get"]["responses"].as_object_mut() {
        responses.remove("401");
        responses.remove("403");
        responses.insert(
            "503".into(),
            json!({"description": "Draining: the server is stopping and should get no new requests.",
                "content": {"application/json": {"schema": {"type": "object", "properties": {"status": {"const": "draining"}}}}}}),
        );
    }
    paths.insert("/healthz".into(), health);
    paths.insert(
        "/metrics".into(),
        json!({"get": {
            "operationId": "getMetrics",
            "summary": "Prometheus metrics: requests by route and status, executions by tool and outcome, work units, latency.",
            "responses": {
                "200": {"description": "Prometheus text exposition format 0.0.4.", "content": {"text/plain": {"schema": {"type": "string"}}}},
                "401": error_response("Missing or wrong bearer token."),
                "403": forbidden_host(),
            },
        }}),
    );
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "reckon",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Exact calculator tools for AI agents and people. Each tool's input and output schemas are its published specification's. When the server runs with a token, every operation except /healthz needs `Authorization: Bearer <token>`; without one, every operation except /healthz answers only requests whose Host is a loopback name (or a name the server allows). Request bodies must be sent with Content-Type: application/json.",
        },
        "paths": paths,
        "components": {
            "schemas": {"HttpError": http_error_schema()},
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
        "security": [{}, {"bearer": []}],
    })
}

fn get(operation_id: &str, summary: &str, schema: Value) -> Value {
    json!({"get": {
        "operationId": operation_id,
        "summary": summary,
        "responses": {
            "200": {"description": "OK", "content": {"application/json": {"schema": schema}}},
            "401": error_response("Missing or wrong bearer token."),
            "403": forbidden_host(),
            "404": error_response("No such tool or version."),
        },
    }})
}

fn with_parameters(mut path_item: Value, names: &[&str]) -> Value {
    let parameters: Vec<Value> =
        names.iter().map(|name| json!({"name": name, "in": "path", "required": true, "schema": {"type": "string"}})).collect();
    path_item["parameters"] = Value::Array(parameters);
    path_item
}

/// The execute operation's description: which job the tool is for, its hard limits and what
/// is not built yet.
fn operation_description(tool: &dyn Tool) -> String {
    [
        Some(tool.purpose().to_owned()),
        tool.hard_limits().map(str::to_owned),
        tool.not_built(),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join("\n\n")
}

fn execute(tool: &dyn Tool) -> Value {
    let tool_error = json!({"description": "The tool's error object.", "content": {"application/json": {"schema": tool.error_schema()}}});
    json!({"post": {
        "operationId": format!("execute_{}_{}", tool.id(), tool.version()).replace(['-', '.'], "_"),
        "summary": tool.description(),
        "description": operation_description(tool),
        "requestBody": {"required": true, "content": {"application/json": {"schema": tool.input_schema()}}},
        "responses": {
            "200": {"description": "The tool's output.", "content": {"application/json": {"schema": tool.output_schema()}}},
            "400": {"description": "invalid_input (including a body that is not JSON): the tool's error object.", "content": tool_error["content"].clone()},
            "422": {"description": "limit_exceeded or not_computable: the tool's error object.", "content": tool_error["content"].clone()},
            "401": error_response("Missing or wrong bearer token."),
            "403": forbidden_host(),
            "404": error_response("No such tool or version."),
            "408": error_response("The request took longer than the server's timeout."),
            "413": error_response("The body is larger than the server's limit (64 KiB by default)."),
            "415": error_response("The Content-Type is missing or not JSON: send application/json (or application/<type>+json)."),
            "503": error_response("The server is at its concurrency limit; retry."),
        },
    }})
}

fn forbidden_host() -> Value {
    error_response(
        "The Host header names neither a loopback address (localhost, 127.x.y.z, [::1]) nor a name the server allows: checked when the server runs without a token (against DNS rebinding), or with --allowed-host.",
    )
}

fn error_response(description: &str) -> Value {
    json!({"description": description, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/HttpError"}}}})
}

fn http_error_schema() -> Value {
    json!({
        "type": "object",
        "required": ["error"],
        "properties": {"error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
        }},
    })
}

fn catalogue_schema() -> Value {
    json!({
        "type": "object",
        "required": ["tools"],
        "properties": {"tools": {"type": "array", "items": {
            "type": "object",
            "required": ["id", "version", "description", "links"],
            "properties": {
                "id": {"type": "string"},
                "version": {"type": "string"},
                "description": {"type": "string"},
                "links": {"type": "object", "properties": {
                    "self": {"type": "string"}, "manifest": {"type": "string"}, "execute": {"type": "string"},
                }},
            },
        }}},
    })
}
