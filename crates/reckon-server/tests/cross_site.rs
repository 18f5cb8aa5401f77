//! Cross-site protection over real TCP: which `Host` names each route accepts with and without a
//! token, what `/mcp` needs of a body, and how the OpenAPI document states those refusals.

mod support;

use reckon_server::{Config, router};
use reckon_tools::Registry;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;

use support::*;

/// Every route but `/healthz`, as (method, path, body): a request to each.
const ROUTES: &[(&str, &str, &str)] = &[
    ("GET", "/v1/tools", ""),
    ("GET", "/v1/tools/decimal-expression-evaluate", ""),
    (
        "GET",
        "/v1/tools/decimal-expression-evaluate/versions/1.0.0",
        "",
    ),
    ("POST", EXECUTE, r#"{"expression": "1 + 1"}"#),
    ("GET", "/openapi.json", ""),
    ("GET", "/metrics", ""),
    ("GET", "/", ""),
    ("GET", "/playground.js", ""),
    (
        "POST",
        "/mcp",
        r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}"#,
    ),
    ("GET", "/nowhere", ""),
];

/// `method path` with a JSON body, `host` as the Host header (or none) and `extra` header lines.
async fn request_as(
    addr: SocketAddr,
    (method, path, body): (&str, &str, &str),
    host: Option<&str>,
    extra: &str,
) -> Reply {
    let head = format!(
        "{method} {path} HTTP/1.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}{extra}",
        body.len()
    );
    send_as(addr, &head, host, body.as_bytes()).await
}

fn assert_host_refused(reply: &Reply, what: &str) {
    assert_eq!(reply.status, 403, "{what}");
    let error = &reply.json()["error"];
    assert_eq!(error["code"], "host_not_allowed", "{what}");
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("Host")),
        "{what}"
    );
}

#[tokio::test]
async fn without_a_token_a_foreign_host_is_refused_on_every_route_but_healthz() {
    let server = Server::start(patient()).await;
    for &route in ROUTES {
        for host in [
            Some("evil.example"),
            Some("evil.example:8080"),
            Some("localhost.evil.example"),
            Some("192.168.1.10:8080"),
            Some("0.0.0.0"),
            None,
        ] {
            let reply = request_as(server.addr, route, host, "").await;
            assert_host_refused(&reply, &format!("{route:?} as {host:?}"));
        }
        for host in [
            "localhost",
            "LOCALHOST:8080",
            "127.0.0.1",
            "127.0.0.1:8080",
            "127.45.6.7:1234",
            "[::1]",
            "[::1]:8080",
        ] {
            let reply = request_as(server.addr, route, Some(host), "").await;
            let expected = if route.1 == "/nowhere" { 404 } else { 200 };
            assert_eq!(reply.status, expected, "{route:?} as {host}");
        }
    }
    // An absolute request target names the host too, and must be allowed as well.
    let reply = send_as(
        server.addr,
        "GET http://evil.example/v1/tools HTTP/1.1",
        Some("localhost"),
        b"",
    )
    .await;
    assert_host_refused(&reply, "an absolute URI");
    // HTTP/1.0 without Host.
    let reply = send_as(server.addr, "GET /v1/tools HTTP/1.0", None, b"").await;
    assert_host_refused(&reply, "HTTP/1.0 without Host");
    // Probes name the instance's address: /healthz answers whatever the Host.
    for host in [Some("10.1.2.3:8080"), Some("evil.example"), None] {
        let reply = send_as(server.addr, "GET /healthz HTTP/1.1", host, b"").await;
        assert_eq!(reply.status, 200, "/healthz as {host:?}");
    }
    // Refusals are counted under their route.
    let metrics = String::from_utf8(get(server.addr, "/metrics").await.body).expect("UTF-8");
    assert!(
        metrics.contains(r#"route="/v1/tools",status="403""#),
        "{metrics}"
    );
    server.shutdown().await;
}

#[tokio::test]
async fn allowed_hosts_add_names_to_the_loopback_ones() {
    let server = Server::start(Config {
        allowed_hosts: vec!["Reckon.Internal".into(), "api.example:8443".into()],
        ..patient()
    })
    .await;
    for host in [
        "reckon.internal",
        "reckon.internal:80",
        "api.example:8443",
        "localhost:1",
    ] {
        let reply = request_as(server.addr, ROUTES[3], Some(host), "").await;
        assert_eq!(reply.status, 200, "{host}");
    }
    for host in ["api.example", "api.example:443", "evil.example"] {
        let reply = request_as(server.addr, ROUTES[3], Some(host), "").await;
        assert_host_refused(&reply, host);
    }
    server.shutdown().await;
    let invalid = router(
        Arc::new(Registry::standard()),
        Config {
            allowed_hosts: vec!["a b".into()],
            ..patient()
        },
    );
    assert!(invalid.is_err_and(|e| e.contains("invalid allowed host")));
}

#[tokio::test]
async fn with_a_token_the_host_is_not_checked_unless_names_are_listed() {
    let token = "\r\nAuthorization: Bearer s3cret-token";
    let server = Server::start(Config {
        auth_token: Some("s3cret-token".into()),
        ..patient()
    })
    .await;
    for &route in ROUTES {
        let expected = if route.1 == "/nowhere" { 404 } else { 200 };
        let reply = request_as(server.addr, route, Some("evil.example:8080"), token).await;
        assert_eq!(reply.status, expected, "{route:?}");
        let reply = request_as(server.addr, route, Some("evil.example:8080"), "").await;
        // The playground's files hold no data and ask for no token.
        let expected = match route.1 {
            "/nowhere" => 404,
            "/" | "/playground.js" => 200,
            _ => 401,
        };
        assert_eq!(reply.status, expected, "{route:?} without the token");
    }
    server.shutdown().await;
    let listed = Server::start(Config {
        auth_token: Some("s3cret-token".into()),
        allowed_hosts: vec!["reckon.internal".into()],
        ..patient()
    })
    .await;
    let reply = request_as(listed.addr, ROUTES[3], Some("reckon.internal"), token).await;
    assert_eq!(reply.status, 200);
    let reply = request_as(listed.addr, ROUTES[3], Some("evil.example"), token).await;
    assert_host_refused(&reply, "a token and listed names");
    listed.shutdown().await;
}

/// A POST to `/mcp` with `body` as JSON; the reply's status and body.
async fn mcp_post(addr: SocketAddr, content_type: Option<&str>, body: &[u8]) -> Reply {
    let mut head = format!(
        "POST /mcp HTTP/1.1\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}",
        body.len()
    );
    if let Some(content_type) = content_type {
        head.push_str(&format!("\r\nContent-Type: {content_type}"));
    }
    send(addr, &head, body).await
}

#[tokio::test]
async fn mcp_over_http_needs_json_and_answers_unreadable_bodies_in_its_own_words() {
    let server = Server::start(patient()).await;
    let list = br#"{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}"#;
    for content_type in [
        None,
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
    ] {
        let reply = mcp_post(server.addr, content_type, list).await;
        assert_eq!(reply.status, 415, "{content_type:?}");
        assert_eq!(reply.json()["error"]["code"], "unsupported_media_type");
    }
    for content_type in ["application/json", "application/json; charset=utf-8"] {
        let reply = mcp_post(server.addr, Some(content_type), list).await;
        assert_eq!(reply.status, 200, "{content_type}");
        assert!(reply.json()["result"]["tools"].is_array());
    }
    let deep = format!(
        r#"{{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {{"name": "calc", "arguments": {{"x": {}{}}}}}}}"#,
        "[".repeat(200),
        "]".repeat(200)
    );
    for (body, code, id) in [
        (deep.as_bytes(), -32700, Value::Null),
        (b"{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"\xff\"}".as_slice(), -32700, Value::Null),
        (br#"{"jsonrpc": "2.0", "id": 1, "method": "x\ud800"}"#.as_slice(), -32700, Value::Null),
        (b"{\"jsonrpc\": \"2.0\", \"id\": 1,".as_slice(), -32700, Value::Null),
        (b"".as_slice(), -32700, Value::Null),
        (br#"{"jsonrpc": "2.0", "id": {}, "method": "tools/list"}"#.as_slice(), -32600, Value::Null),
        (br#"{"jsonrpc": "2.0", "id": 1e999999, "method": "tools/list"}"#.as_slice(), -32600, Value::Null),
        (br#"{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"x": 1e999}}"#.as_slice(), -32602, Value::Null),
        (
            br#"{"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "calc", "arguments": [1]}}"#.as_slice(),
            -32602,
            json!(5),
        ),
    ] {
        let reply = mcp_post(server.addr, Some("application/json"), body).await;
        let what = String::from_utf8_lossy(&body[..body.len().min(80)]).into_owned();
        assert_eq!(reply.status, 400, "{what}");
        assert_eq!(reply.header("content-type"), Some("application/json"), "{what}");
        let answer = reply.json();
        assert_eq!(answer["jsonrpc"], "2.0", "{what}");
        assert_eq!(answer["error"]["code"], code, "{what}: {answer}");
        assert_eq!(answer["id"], id, "{what}: {answer}");
        let text = String::from_utf8_lossy(&reply.body);
        for internal in ["recursion limit", "deserialize", "line 1 column", "expected", "invalid type"] {
            assert!(!text.contains(internal), "{what}: {text}");
        }
    }
    // A body over the limit is refused before it is read, as for execute.
    let big = vec![b' '; 64 * 1024 + 1];
    assert_eq!(
        mcp_post(server.addr, Some("application/json"), &big)
            .await
            .status,
        413
    );
    server.shutdown().await;
}

#[tokio::test]
async fn the_openapi_document_lists_the_host_and_content_type_refusals() {
    let document = reckon_server::openapi::document(&Registry::standard());
    let execute = &document["paths"][EXECUTE]["post"]["responses"];
    assert!(execute["403"].is_object() && execute["415"].is_object());
    for path in ["/v1/tools", "/openapi.json", "/metrics"] {
        assert!(
            document["paths"][path]["get"]["responses"]["403"].is_object(),
            "{path}"
        );
    }
    assert!(document["paths"]["/healthz"]["get"]["responses"]["403"].is_null());
}
