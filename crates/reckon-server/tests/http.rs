//! The HTTP API over real TCP on 127.0.0.1 (a random free port per test), with a small raw HTTP/1.1
//! client so that malformed and partial requests can be sent exactly.
//!
//! # No test depends on the machine's speed
//! These tests run on a loaded, shared 2-core CI machine, so none asserts that something happens
//! *within* a time. What a test needs to be in flight is made so by the test: a call to the
//! [`Gated`] tool blocks until the test opens its gate, so "the permit is held" or "the request is
//! in flight" is a fact, not a guess based on a sleep; a connection that must be accepted first
//! completes a request. Timeouts are checked by what they do and, where the time matters, by a
//! lower bound taken from the server's own configured timeout (a server timer never fires before
//! its deadline, however slow the machine). The one upper bound is [`HANG_GUARD`].

mod support;

use reckon_server::Config;
use reckon_tools::corpus;
use reckon_tools::{Execution, Outcome, Registry, SMALL_INPUT_BYTES, Tool};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;

use support::*;

#[tokio::test]
async fn catalogue_versions_and_manifest() {
    let server = Server::start(patient()).await;
    let reply = get(server.addr, "/v1/tools").await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-type"), Some("application/json"));
    let catalogue = reply.json();
    assert_eq!(catalogue["tools"][0]["id"], "decimal-expression-evaluate");
    assert_eq!(catalogue["tools"][0]["links"]["execute"], EXECUTE);
    // Which job each tool is for; what calculate does not have yet, while it has not.
    let purpose = catalogue["tools"][0]["purpose"]
        .as_str()
        .unwrap_or_default();
    assert!(
        purpose.starts_with("For money and exact decimal arithmetic"),
        "{purpose}"
    );
    assert!(catalogue["tools"][0].get("notBuilt").is_none());
    let calculate = &catalogue["tools"][2];
    assert_eq!(calculate["id"], "calculate");
    let registry = reckon_tools::Registry::standard();
    let not_built = registry.get("calculate").and_then(|tool| tool.not_built());
    assert_eq!(calculate["notBuilt"].as_str(), not_built.as_deref());
    let versions = get(server.addr, "/v1/tools/decimal-expression-evaluate")
        .await
        .json();
    assert_eq!(versions["versions"][0]["version"], "1.0.0");
    let manifest = get(
        server.addr,
        "/v1/tools/decimal-expression-evaluate/versions/1.0.0",
    )
    .await;
    assert_eq!(manifest.status, 200);
    let seed: Value = serde_json::from_str(reckon_decimal::MANIFEST_JSON).expect("JSON");
    assert_eq!(manifest.json(), seed);
    for path in [
        "/v1/tools/nope",
        "/v1/tools/nope/versions/1.0.0",
        "/v1/tools/decimal-expression-evaluate/versions/9.9.9",
        "/nowhere",
    ] {
        let reply = get(server.addr, path).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(reply.json()["error"]["code"], "not_found", "{path}");
    }
    let wrong_version = get(
        server.addr,
        "/v1/tools/decimal-expression-evaluate/versions/9.9.9",
    )
    .await
    .json();
    assert!(
        wrong_version["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("1.0.0"))
    );
    server.shutdown().await;
}

#[tokio::test]
async fn execute_maps_each_category_to_its_status() {
    let server = Server::start(patient()).await;
    for (body, status, code) in [
        (r#"{"expression": "0.1 + 0.2"}"#, 200, None),
        (r#"{"expression": "2^3^2"}"#, 400, Some("invalid_input")),
        (
            r#"{"expression": "10^100 * 10^100"}"#,
            422,
            Some("limit_exceeded"),
        ),
        (r#"{"expression": "1/0"}"#, 422, Some("not_computable")),
        (r#"{"expression": "1/3"}"#, 422, Some("not_computable")),
        (r#"{"expression": "#, 400, Some("invalid_input")),
        ("", 400, Some("invalid_input")),
        ("[1, 2]", 400, Some("invalid_input")),
    ] {
        let reply = execute(server.addr, body).await;
        assert_eq!(reply.status, status, "{body}");
        assert_eq!(reply.header("content-type"), Some("application/json"));
        let answer = reply.json();
        let expected = Registry::standard()
            .get("decimal-expression-evaluate")
            .expect("registered")
            .execute_json(body.as_bytes())
            .body;
        assert_eq!(answer, expected, "the HTTP answer is the tool's answer");
        assert_eq!(answer["error"]["code"].as_str(), code, "{body}");
    }
    server.shutdown().await;
}

#[tokio::test]
async fn malformed_json_gets_the_tools_own_error_body() {
    let server = Server::start(patient()).await;
    let reply = execute(server.addr, r#"{"expression": "1", "expression": "2"}"#).await;
    assert_eq!(reply.status, 400);
    let error = &reply.json()["error"];
    assert_eq!(error["code"], "invalid_input");
    assert_eq!(error["details"]["reason"], "invalid_json");
    let reply = post(server.addr, EXECUTE, Some("application/json"), b"\xff\xfe").await;
    assert_eq!(reply.status, 400);
    assert_eq!(reply.json()["error"]["details"]["reason"], "invalid_json");
    server.shutdown().await;
}

#[tokio::test]
async fn wrong_methods_and_content_types() {
    let server = Server::start(patient()).await;
    let reply = get(server.addr, EXECUTE).await;
    assert_eq!(reply.status, 405);
    assert_eq!(reply.header("allow"), Some("POST"));
    assert_eq!(reply.json()["error"]["code"], "method_not_allowed");
    let reply = send(server.addr, "DELETE /v1/tools HTTP/1.1", b"").await;
    assert_eq!(reply.status, 405);
    let body = br#"{"expression": "1"}"#;
    // What a web page can send without a CORS preflight is refused, and so is no type at all.
    for content_type in [
        None,
        Some("text/plain"),
        Some("text/plain; charset=utf-8"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
    ] {
        let reply = post(server.addr, EXECUTE, content_type, body).await;
        assert_eq!(reply.status, 415, "{content_type:?}");
        let error = &reply.json()["error"];
        assert_eq!(error["code"], "unsupported_media_type");
        let message = error["message"].as_str().expect("a message");
        assert!(
            message.contains("Content-Type: application/json"),
            "{message}"
        );
    }
    for content_type in [
        "application/json",
        "application/json; charset=utf-8",
        "Application/JSON; charset=utf-8",
        "application/problem+json",
    ] {
        let reply = post(server.addr, EXECUTE, Some(content_type), body).await;
        assert_eq!(reply.status, 200, "{content_type:?}");
    }
    server.shutdown().await;
}

#[tokio::test]
async fn the_body_limit_admits_n_and_refuses_n_plus_1() {
    let limit = 64 * 1024;
    let server = Server::start(patient()).await;
    let padded = |size: usize| {
        let core = r#"{"expression": "1 + 1"}"#;
        format!("{core}{}", " ".repeat(size - core.len()))
    };
    for (size, status) in [(limit - 1, 200), (limit, 200), (limit + 1, 413)] {
        let reply = execute(server.addr, &padded(size)).await;
        assert_eq!(reply.status, status, "{size} bytes");
    }
    assert_eq!(
        execute(server.addr, &padded(limit + 1)).await.json()["error"]["code"],
        "payload_too_large"
    );
    // Without Content-Length (chunked), the limit holds while reading.
    let chunk = " ".repeat(limit + 10);
    let chunked = format!("{:x}\r\n{chunk}\r\n0\r\n\r\n", chunk.len());
    let head = format!(
        "POST {EXECUTE} HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked"
    );
    assert_eq!(
        send(server.addr, &head, chunked.as_bytes()).await.status,
        413
    );
    server.shutdown().await;
}

/// A 413 leaves the body unread, so it says `Connection: close` and closes; a request at the limit
/// keeps its keep-alive connection, which then answers another request.
#[tokio::test]
async fn a_413_closes_a_keep_alive_connection_and_says_so() {
    let limit = 64 * 1024;
    // An idle connection is never closed by the header timeout while the test runs (`patient`), so
    // a close can only be the 413's.
    let server = Server::start(patient()).await;
    for (size, closes) in [(limit, false), (limit + 1, true)] {
        let body = format!(
            r#"{{"expression": "1", "pad": "{}"}}"#,
            " ".repeat(size - 30)
        );
        assert_eq!(body.len(), size);
        let mut stream = TcpStream::connect(server.addr).await.expect("connects");
        let head = format!(
            "POST {EXECUTE} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {size}\r\n\r\n"
        );
        stream.write_all(head.as_bytes()).await.expect("writes");
        let _ = stream.write_all(body.as_bytes()).await;
        let reply = read_one_reply(&mut stream).await;
        assert_eq!(
            reply.status == 413,
            closes,
            "{size} bytes: status {}",
            reply.status
        );
        assert_eq!(
            reply.header("connection") == Some("close"),
            closes,
            "{size} bytes"
        );
        if closes {
            // The server ends the connection (a reset, when the unread body is still queued, is
            // an end too).
            let mut rest = Vec::new();
            let _ = or_hang("the close after a 413", stream.read_to_end(&mut rest)).await;
            assert!(rest.is_empty(), "nothing after the 413: {rest:?}");
        } else {
            stream
                .write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
                .await
                .expect("the connection is still open");
            let again = read_one_reply(&mut stream).await;
            assert_eq!(again.status, 200, "{size} bytes: the connection was kept");
        }
    }
    server.shutdown().await;
}

#[tokio::test]
async fn bearer_tokens_guard_everything_but_healthz() {
    let config = Config {
        auth_token: Some("s3cret-token".into()),
        ..patient()
    };
    let server = Server::start(config).await;
    let body = r#"{"expression": "1"}"#;
    let reply = execute(server.addr, body).await;
    assert_eq!(reply.status, 401);
    assert_eq!(reply.header("www-authenticate"), Some("Bearer"));
    assert_eq!(reply.json()["error"]["code"], "unauthorized");
    for authorization in [
        "Bearer wrong",
        "Bearer s3cret-toke",
        "Bearer s3cret-token-",
        "Basic s3cret-token",
        "s3cret-token",
    ] {
        let head = format!(
            "POST {EXECUTE} HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\nAuthorization: {authorization}",
            body.len()
        );
        assert_eq!(
            send(server.addr, &head, body.as_bytes()).await.status,
            401,
            "{authorization}"
        );
    }
    let head = format!(
        "POST {EXECUTE} HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\nAuthorization: Bearer s3cret-token",
        body.len()
    );
    assert_eq!(send(server.addr, &head, body.as_bytes()).await.status, 200);
    for path in ["/v1/tools", "/openapi.json", "/metrics"] {
        assert_eq!(get(server.addr, path).await.status, 401, "{path}");
    }
    assert_eq!(get(server.addr, "/healthz").await.status, 200);
    server.shutdown().await;
    // Without a token configured, nothing asks for one.
    let open = Server::start(patient()).await;
    assert_eq!(get(open.addr, "/v1/tools").await.status, 200);
    open.shutdown().await;
}

#[tokio::test]
async fn request_ids_are_made_or_kept() {
    let server = Server::start(patient()).await;
    let first = get(server.addr, "/healthz").await;
    let second = get(server.addr, "/healthz").await;
    let (a, b) = (
        first.header("x-request-id").expect("an id"),
        second.header("x-request-id").expect("an id"),
    );
    assert_ne!(a, b);
    let kept = send(
        server.addr,
        "GET /healthz HTTP/1.1\r\nX-Request-Id: client-42",
        b"",
    )
    .await;
    assert_eq!(kept.header("x-request-id"), Some("client-42"));
    server.shutdown().await;
}

/// Opens a POST whose body is announced but never sent: the handler waits for it.
async fn stalled_request(addr: SocketAddr) -> TcpStream {
    let mut stream = TcpStream::connect(addr).await.expect("connects");
    let head = format!(
        "POST {EXECUTE} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 19\r\n\r\n{{\"expression\""
    );
    stream.write_all(head.as_bytes()).await.expect("writes");
    stream
}

fn assert_overloaded(reply: &Reply) {
    assert_eq!(reply.status, 503);
    assert_eq!(reply.header("retry-after"), Some("1"));
    assert_eq!(reply.json()["error"]["code"], "overloaded");
}

#[tokio::test]
async fn a_saturated_server_sheds_with_503_and_recovers() {
    let (registry, mut gate) = gated_registry();
    let config = Config {
        max_concurrency: 1,
        ..patient()
    };
    let server = Server::start_with(registry, config).await;
    let addr = server.addr;
    let held = tokio::spawn(async move { gated_over_http(addr, 2, true).await });
    assert_eq!(gate.entered().await, 2, "the one permit is held");
    assert_overloaded(&gated_over_http(addr, 1, false).await);
    gate.open(1);
    let finished = held.await.expect("joins");
    assert_eq!((finished.status, finished.json()), (200, json!({"n": 2})));
    let after = gated_over_http(addr, 1, false).await;
    assert_eq!((after.status, after.json()), (200, json!({"n": 1})));
    server.shutdown().await;
}

/// The permit is taken when the head has been read, before the body: a request still sending its
/// body holds it as well.
#[tokio::test]
async fn a_request_still_sending_its_body_holds_its_permit() {
    let config = Config {
        max_concurrency: 1,
        ..patient()
    };
    let server = Server::start(config).await;
    let addr = server.addr;
    let one = r#"{"expression": "1"}"#;
    // When the stalled request's head has been read cannot be seen from here; a request sent after
    // it is shed exactly when it has (nothing else holds the permit). If the later request is
    // answered instead, the attempt proves nothing: it is closed, and once the permit is free again
    // (the server has seen the close), tried anew.
    let mut stalled = or_hang("a stalled request holds the permit", async {
        loop {
            let stalled = stalled_request(addr).await;
            let probe = execute(addr, one).await;
            if probe.status != 200 {
                assert_overloaded(&probe);
                return stalled;
            }
            drop(stalled);
            while execute(addr, one).await.status != 200 {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
    })
    .await;
    stalled
        .write_all(b": \"2\"}")
        .await
        .expect("finishes the body");
    let finished = read_reply(&mut stalled).await;
    assert_eq!(
        (finished.status, finished.json()["value"].clone()),
        (200, json!("2"))
    );
    assert_eq!(execute(addr, one).await.status, 200);
    server.shutdown().await;
}

/// A request whose body never comes is answered 408 at the timeout, not before.
#[tokio::test]
async fn a_request_over_the_timeout_gets_408() {
    let timeout = Duration::from_millis(300);
    let config = Config {
        request_timeout: timeout,
        ..patient()
    };
    let server = Server::start(config).await;
    let started = Instant::now();
    let mut stalled = stalled_request(server.addr).await;
    let reply = read_reply(&mut stalled).await;
    assert_eq!(reply.status, 408);
    assert_eq!(reply.json()["error"]["code"], "timeout");
    // The server's clock starts after `started`, and its timer never fires early.
    assert!(started.elapsed() >= timeout, "{:?}", started.elapsed());
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_requests_each_get_their_own_answer() {
    let server = Server::start(patient()).await;
    let addr = server.addr;
    let tasks: Vec<_> = (0..32)
        .map(|task| {
            tokio::spawn(async move {
                for i in 0..20 {
                    let n = task * 100 + i;
                    let reply =
                        execute(addr, &format!(r#"{{"expression": "{n} * 2 + 0.5"}}"#)).await;
                    assert_eq!(reply.status, 200);
                    assert_eq!(reply.json()["value"], format!("{}.5", n * 2));
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.expect("no task failed");
    }
    let metrics = String::from_utf8(get(addr, "/metrics").await.body).expect("UTF-8");
    assert!(
        metrics.contains(
            r#"reckon_tool_executions_total{tool="decimal-expression-evaluate",outcome="ok"} 640"#
        ),
        "{metrics}"
    );
    server.shutdown().await;
}

#[tokio::test]
async fn graceful_shutdown_finishes_requests_in_flight() {
    let (registry, mut gate) = gated_registry();
    let server = Server::start_with(registry, patient()).await;
    let addr = server.addr;
    let in_flight = tokio::spawn(async move { gated_over_http(addr, 7, true).await });
    assert_eq!(gate.entered().await, 7, "the request is in flight");
    let Server { stop, task, .. } = server;
    let _ = stop.expect("not yet stopped").send(());
    // The stop has been acted on once the listener is closed.
    or_hang("the listener closes", async {
        while TcpStream::connect(addr).await.is_ok() {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    assert!(
        !task.is_finished(),
        "the server waits for the request in flight"
    );
    gate.open(1);
    let reply = in_flight.await.expect("joins");
    assert_eq!((reply.status, reply.json()), (200, json!({"n": 7})));
    or_hang("the server stops", task)
        .await
        .expect("joins")
        .expect("clean");
    assert!(
        TcpStream::connect(addr).await.is_err(),
        "no new connections after shutdown"
    );
}

/// A tool that panics, to prove a panic is answered 500 and the server keeps serving.
struct Panicking;

impl Tool for Panicking {
    fn id(&self) -> &'static str {
        "panicking"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn description(&self) -> &str {
        "panics on every call"
    }
    fn manifest(&self) -> &Value {
        &Value::Null
    }
    /// A call with `"small"` in its body panics on the async worker, any other on the pool.
    fn execute_small_into(&self, input: &[u8], _out: &mut Vec<u8>) -> Option<Outcome> {
        if input.windows(7).any(|w| w == b"\"small\"") {
            panic!("deliberate test panic in place");
        }
        None
    }
    fn execute_json(&self, _input: &[u8]) -> Execution {
        panic!("deliberate test panic")
    }
}

#[tokio::test]
async fn a_panic_is_a_500_and_the_server_keeps_serving() {
    let server =
        Server::start_with(Registry::with_tools(vec![Box::new(Panicking)]), patient()).await;
    // On the pool, then in place on the async worker.
    for body in [&b"{}"[..], br#"{"small": true}"#] {
        let reply = post(
            server.addr,
            "/v1/tools/panicking/versions/1.0.0/execute",
            Some("application/json"),
            body,
        )
        .await;
        assert_eq!(reply.status, 500);
        let body = reply.json();
        assert_eq!(body["error"]["code"], "internal");
        assert!(
            !String::from_utf8_lossy(&reply.body).contains("deliberate"),
            "the panic message is not echoed"
        );
        assert_eq!(get(server.addr, "/healthz").await.status, 200);
    }
    server.shutdown().await;
}

#[tokio::test]
async fn cors_is_off_unless_an_origin_is_given() {
    let preflight = "OPTIONS /v1/tools HTTP/1.1\r\nOrigin: https://app.example\r\nAccess-Control-Request-Method: POST";
    let closed = Server::start(patient()).await;
    assert_eq!(
        send(closed.addr, preflight, b"")
            .await
            .header("access-control-allow-origin"),
        None
    );
    assert_eq!(
        get(closed.addr, "/v1/tools")
            .await
            .header("access-control-allow-origin"),
        None
    );
    closed.shutdown().await;
    let open = Server::start(Config {
        cors_origin: Some("https://app.example".into()),
        ..patient()
    })
    .await;
    let reply = send(open.addr, preflight, b"").await;
    assert_eq!(
        reply.header("access-control-allow-origin"),
        Some("https://app.example")
    );
    open.shutdown().await;
}

#[tokio::test]
async fn openapi_and_health() {
    let server = Server::start(patient()).await;
    let document = get(server.addr, "/openapi.json").await.json();
    assert_eq!(
        document,
        reckon_server::openapi::document(&Registry::standard())
    );
    assert_eq!(document["openapi"], "3.1.0");
    let operation = &document["paths"][EXECUTE]["post"];
    let seed: Value = serde_json::from_str(reckon_decimal::MANIFEST_JSON).expect("JSON");
    assert_eq!(
        operation["requestBody"]["content"]["application/json"]["schema"],
        seed["input_schema"]
    );
    assert_eq!(
        operation["responses"]["200"]["content"]["application/json"]["schema"],
        seed["output_schema"]
    );
    assert_eq!(
        get(server.addr, "/healthz").await.json(),
        json!({"status": "ok"})
    );
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_case_passes_through_http() {
    let server = Server::start(patient()).await;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases");
    let pending_list = reckon_tools::pending::PendingList::load(&root.join("../pending.jsonl"));
    let mut ratchet = pending_list.ratchet("cases");
    for tool in Registry::standard().tools() {
        let mut failures = Vec::new();
        let mut count = 0;
        for entry in std::fs::read_dir(root.join(tool.id())).expect("case directory") {
            let path = entry.expect("entry").path();
            if path.extension().is_none_or(|ext| ext != "jsonl") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("readable");
            for case in corpus::parse_cases(&text).expect("cases") {
                count += 1;
                let url = format!(
                    "/v1/tools/{}/versions/{}/execute",
                    tool.id(),
                    tool.version()
                );
                let reply = post(
                    server.addr,
                    &url,
                    Some("application/json"),
                    case.line.as_bytes(),
                )
                .await;
                let got = reply.json();
                // Only the inputs of the pending ratchet may answer "not implemented in
                // reckon yet".
                let key = format!("{}/{}", tool.id(), case.id);
                if ratchet.record(&key, corpus::pending_feature(&got)) {
                    continue;
                }
                if let Err(why) = corpus::check_case(&case, &got) {
                    failures.push(format!("{}: {why}", case.id));
                }
            }
        }
        assert!(count > 100, "{}: only {count} cases", tool.id());
        assert!(
            failures.is_empty(),
            "{}: {} failures:\n{}",
            tool.id(),
            failures.len(),
            failures.join("\n")
        );
    }
    server.shutdown().await;
    if let Err(report) = ratchet.finish() {
        panic!("{report}");
    }
}

/// A tool whose calls can be made to wait for the test: `{"n": N, "hold": true}` tells the test it
/// has started (see [`GateKeeper::entered`]) and then blocks its tool thread until the test opens
/// the gate for it ([`GateKeeper::open`]); without `hold` it answers at once. The answer is
/// `{"n": N}`. A held call is a stand-in for a slow `calculate` call (about 2 s of CPU near its
/// budget) whose end the test decides, so that "the call is in flight, holding its permit" is a
/// fact and not a guess based on the machine's speed.
struct Gated(Arc<Gate>);

struct Gate {
    /// Each held call sends its `n` when it starts.
    entered: mpsc::UnboundedSender<u64>,
    /// How many held calls may still pass.
    passes: Mutex<u64>,
    opened: Condvar,
}

/// The test's side of the gate. Dropping it opens the gate for good, so that a failing test does
/// not leave tool threads blocked (the runtime waits for them when it shuts down).
struct GateKeeper {
    gate: Arc<Gate>,
    entered: mpsc::UnboundedReceiver<u64>,
}

impl GateKeeper {
    /// Waits until a held call has started, and returns its `n`.
    async fn entered(&mut self) -> u64 {
        or_hang("a held call starts", self.entered.recv())
            .await
            .expect("the tool is registered")
    }

    /// Lets `calls` held calls (those waiting and those to come) answer.
    fn open(&self, calls: u64) {
        let mut passes = self
            .gate
            .passes
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        *passes = passes.saturating_add(calls);
        self.gate.opened.notify_all();
    }
}

impl Drop for GateKeeper {
    fn drop(&mut self) {
        self.open(u64::MAX);
    }
}

/// A registry of the [`Gated`] tool alone, and its gate.
fn gated_registry() -> (Registry, GateKeeper) {
    let (entered, entered_rx) = mpsc::unbounded_channel();
    let gate = Arc::new(Gate {
        entered,
        passes: Mutex::new(0),
        opened: Condvar::new(),
    });
    let registry = Registry::with_tools(vec![Box::new(Gated(gate.clone()))]);
    (
        registry,
        GateKeeper {
            gate,
            entered: entered_rx,
        },
    )
}

impl Tool for Gated {
    fn id(&self) -> &'static str {
        "gated"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn description(&self) -> &str {
        "answers when the test lets it"
    }
    fn manifest(&self) -> &Value {
        &Value::Null
    }
    /// A call with `"small": true` proves itself small and is answered with `"inPlace": true`
    /// (never held: a held call in place would stall the thread the test runs on).
    fn execute_small_into(&self, input: &[u8], out: &mut Vec<u8>) -> Option<Outcome> {
        let input = serde_json::from_slice::<Value>(input).unwrap_or_default();
        if input["small"] != json!(true) {
            return None;
        }
        let n = input["n"].as_u64().unwrap_or(0);
        out.extend_from_slice(json!({"n": n, "inPlace": true}).to_string().as_bytes());
        Some(Outcome {
            error: None,
            work_units: 0,
        })
    }
    fn execute_json(&self, input: &[u8]) -> Execution {
        let input = serde_json::from_slice::<Value>(input).unwrap_or_default();
        let n = input["n"].as_u64().unwrap_or(0);
        let mut body = json!({"n": n});
        if input["hold"] == json!(true) {
            let _ = self.0.entered.send(n);
            // Past the hang guard the call answers anyway (with a body no test expects), so that
            // a call that blocks the thread the test itself runs on ends in a failure, not a hang.
            let give_up = Instant::now() + HANG_GUARD;
            let mut passes = self.0.passes.lock().unwrap_or_else(PoisonError::into_inner);
            while *passes == 0 {
                let left = give_up.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    body = json!({"n": n, "gate": "never opened"});
                    break;
                }
                passes = self
                    .0
                    .opened
                    .wait_timeout(passes, left)
                    .unwrap_or_else(PoisonError::into_inner)
                    .0;
            }
            *passes = passes.saturating_sub(1);
        }
        Execution {
            body,
            error: None,
            work_units: 0,
        }
    }
}

async fn gated_over_http(addr: SocketAddr, n: u64, hold: bool) -> Reply {
    let body = json!({"n": n, "hold": hold}).to_string();
    let path = "/v1/tools/gated/versions/1.0.0/execute";
    post(addr, path, Some("application/json"), body.as_bytes()).await
}

/// `tools/call` of the gated tool over MCP's streamable HTTP (stateless, plain JSON).
async fn gated_over_mcp(addr: SocketAddr, n: u64, hold: bool) -> Reply {
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "gated", "arguments": {"n": n, "hold": hold}}})
    .to_string();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}",
        body.len()
    );
    send(addr, &head, body.as_bytes()).await
}

/// One thread runs the server and the clients: a tool call made on it would stall everything.
/// Two calls, over HTTP and over MCP, are held in flight until the fast requests have been
/// answered; had either run on this thread, the fast requests could not be answered at all (the
/// test would fail when the held call gives up, after the hang guard).
#[tokio::test(flavor = "current_thread")]
async fn slow_calls_over_http_and_mcp_do_not_hold_up_fast_requests_on_one_thread() {
    let (registry, mut gate) = gated_registry();
    let server = Server::start_with(registry, patient()).await;
    let addr = server.addr;
    let slow_http = tokio::spawn(async move { gated_over_http(addr, 1, true).await });
    let slow_mcp = tokio::spawn(async move { gated_over_mcp(addr, 2, true).await });
    let mut entered = [gate.entered().await, gate.entered().await];
    entered.sort_unstable();
    assert_eq!(entered, [1, 2], "both slow calls are in flight");
    let health = get(addr, "/healthz").await;
    let fast_http = gated_over_http(addr, 3, false).await;
    let fast_mcp = gated_over_mcp(addr, 4, false).await;
    assert!(
        !slow_http.is_finished() && !slow_mcp.is_finished(),
        "the slow calls were still running"
    );
    assert_eq!(health.status, 200);
    assert_eq!(fast_http.json(), json!({"n": 3}));
    assert_eq!(
        fast_mcp.json()["result"]["structuredContent"],
        json!({"n": 4})
    );
    gate.open(2);
    let slow_http = slow_http.await.expect("joins");
    assert_eq!(slow_http.json(), json!({"n": 1}));
    let slow_mcp = slow_mcp.await.expect("joins");
    assert_eq!(
        slow_mcp.json()["result"]["structuredContent"],
        json!({"n": 2})
    );
    server.shutdown().await;
}

/// A gated call asking to be answered in place, its body padded to exactly `length` bytes.
async fn small_gated_over_http(addr: SocketAddr, n: u64, length: usize) -> Reply {
    let bare = json!({"n": n, "small": true, "pad": ""}).to_string();
    let pad = "x".repeat(length - bare.len());
    let body = json!({"n": n, "small": true, "pad": pad}).to_string();
    assert_eq!(body.len(), length);
    let path = "/v1/tools/gated/versions/1.0.0/execute";
    post(addr, path, Some("application/json"), body.as_bytes()).await
}

/// A call the tool proves small is answered on the async worker, at a body of up to
/// `SMALL_INPUT_BYTES` (N − 1 and N); a longer body (N + 1), or a call the tool does not prove
/// small, goes to the pool as before, and a held call there still holds up nothing.
#[tokio::test(flavor = "current_thread")]
async fn small_calls_are_answered_in_place_and_the_others_on_the_pool() {
    let (registry, mut gate) = gated_registry();
    let server = Server::start_with(registry, patient()).await;
    let addr = server.addr;
    let slow = tokio::spawn(async move { gated_over_http(addr, 1, true).await });
    assert_eq!(gate.entered().await, 1, "the slow call is in flight");
    for (n, length) in [(2, SMALL_INPUT_BYTES - 1), (3, SMALL_INPUT_BYTES)] {
        let reply = small_gated_over_http(addr, n, length).await;
        assert_eq!(reply.status, 200);
        assert_eq!(
            reply.json(),
            json!({"n": n, "inPlace": true}),
            "{length} bytes"
        );
    }
    let long = small_gated_over_http(addr, 4, SMALL_INPUT_BYTES + 1).await;
    assert_eq!(long.json(), json!({"n": 4}), "past the limit: the pool");
    let unproven = gated_over_http(addr, 5, false).await;
    assert_eq!(unproven.json(), json!({"n": 5}));
    assert!(!slow.is_finished(), "the slow call was still running");
    gate.open(1);
    assert_eq!(slow.await.expect("joins").json(), json!({"n": 1}));
    server.shutdown().await;
}

/// Sends a call that is not held until one is admitted (shed ones must be 503 `overloaded`), and
/// returns its answer: 200, or 408 if even that call missed a short deadline on a busy machine.
async fn admitted(addr: SocketAddr, n: u64) -> Reply {
    loop {
        let probe = gated_over_http(addr, n, false).await;
        match probe.status {
            200 => {
                assert_eq!(probe.json(), json!({"n": n}));
                return probe;
            }
            408 => {
                assert_eq!(probe.json()["error"]["code"], "timeout");
                return probe;
            }
            _ => assert_overloaded(&probe),
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The 408 comes at the deadline, but the call runs on and keeps its permit until it ends: the
/// concurrency limit counts calls still computing, not only requests still waiting.
///
/// That needs the call to have started before its deadline. A call still queued for a tool thread
/// at its deadline is skipped instead (`offload`), and then this attempt proves nothing: on a
/// machine too busy to start a thread within the timeout, it is repeated with a longer one.
#[tokio::test]
async fn a_call_past_the_deadline_is_408_and_holds_its_permit_until_it_ends() {
    for timeout_ms in [300, 1_200, 4_800, 19_200] {
        let timeout = Duration::from_millis(timeout_ms);
        let (registry, mut gate) = gated_registry();
        let config = Config {
            request_timeout: timeout,
            max_concurrency: 1,
            ..patient()
        };
        let server = Server::start_with(registry, config).await;
        let addr = server.addr;
        let started = Instant::now();
        let late = gated_over_http(addr, 1, true).await;
        assert_eq!(late.status, 408);
        assert_eq!(late.json()["error"]["code"], "timeout");
        // The server's clock starts after `started`, and its timer never fires early.
        assert!(started.elapsed() >= timeout, "{:?}", started.elapsed());
        // Either the call started (and now waits at the gate, holding the only permit, until the
        // gate opens) or it was skipped (and the permit comes back without the gate opening).
        let held = or_hang("the call starts or the permit comes back", async {
            tokio::select! {
                _ = gate.entered() => true,
                _ = admitted(addr, 2) => false,
            }
        })
        .await;
        if !held {
            assert!(
                gate.entered.try_recv().is_err(),
                "the call started, yet its permit came back before it ended"
            );
            server.shutdown().await;
            continue;
        }
        assert_overloaded(&gated_over_http(addr, 2, false).await);
        gate.open(1);
        // The permit is given back just after the call returns.
        or_hang("the permit comes back", admitted(addr, 3)).await;
        server.shutdown().await;
        return;
    }
    panic!("no call started before its deadline, even with a timeout of 19.2 s");
}

/// Writes `bytes` one at a time, `gap` apart; stops quietly when the server has closed.
async fn trickle(stream: &mut (impl AsyncWriteExt + Unpin), bytes: &[u8], gap: Duration) {
    for byte in bytes {
        if stream.write_all(&[*byte]).await.is_err() {
            return;
        }
        tokio::time::sleep(gap).await;
    }
}

/// Sends a request head that never ends, a byte every `gap`, until the server closes the connection.
async fn trickle_forever(stream: &mut (impl AsyncWriteExt + Unpin), gap: Duration) {
    let head = b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ";
    if stream.write_all(head).await.is_err() {
        return;
    }
    while stream.write_all(b"a").await.is_ok() {
        tokio::time::sleep(gap).await;
    }
}

/// Opens a keep-alive connection and has one request answered on it: the server has then accepted
/// it (it holds one of `max_connections`) and waits for its next request head.
///
/// Under a short header timeout, a machine that stalls between the connect and the write can make
/// the first head itself too late; the server then closes the connection unanswered, and this
/// tries again on a new one.
async fn accepted_connection(addr: SocketAddr) -> TcpStream {
    or_hang("a connection is accepted and answered", async {
        loop {
            let mut stream = TcpStream::connect(addr).await.expect("connects");
            let request = b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n";
            if stream.write_all(request).await.is_err() {
                continue;
            }
            if let Some(reply) = try_read_one_reply(&mut stream).await {
                assert_eq!(reply.status, 200);
                return stream;
            }
        }
    })
    .await
}

#[tokio::test]
async fn a_request_head_must_arrive_whole_within_the_header_timeout() {
    let head = b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
    // Within the timeout, however slowly (a byte every 5 ms): answered. The timeout here
    // (`patient`) is one this trickle cannot reach before the hang guard fails the test.
    let unhurried = Server::start(patient()).await;
    let mut quick = TcpStream::connect(unhurried.addr).await.expect("connects");
    trickle(&mut quick, head, Duration::from_millis(5)).await;
    assert_eq!(read_reply(&mut quick).await.status, 200);
    unhurried.shutdown().await;
    // A head that never ends, though each byte comes 25 ms after the last (far within the
    // timeout): the connection is closed, unanswered, because the timeout counts for the whole
    // head and not byte by byte; and not before the timeout.
    let timeout = Duration::from_millis(500);
    let server = Server::start(Config {
        header_read_timeout: timeout,
        ..patient()
    })
    .await;
    let started = Instant::now();
    let (mut reading, mut writing) = TcpStream::connect(server.addr)
        .await
        .expect("connects")
        .into_split();
    let trickling = tokio::spawn(async move {
        trickle_forever(&mut writing, Duration::from_millis(25)).await;
    });
    let mut raw = Vec::new();
    // Read until the server closes (a reset, when trickled bytes are still unread, is a close too).
    let _ = or_hang(
        "the server closes a head that never ends",
        reading.read_to_end(&mut raw),
    )
    .await;
    let closed_after = started.elapsed();
    trickling.abort();
    assert!(
        raw.is_empty(),
        "a head that never ended was answered: {}",
        String::from_utf8_lossy(&raw)
    );
    // The server's timer starts after `started`, and never fires early.
    assert!(closed_after >= timeout, "closed after {closed_after:?}");
    server.shutdown().await;
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed_after_the_header_timeout() {
    let timeout = Duration::from_millis(500);
    let config = Config {
        header_read_timeout: timeout,
        ..patient()
    };
    let server = Server::start(config).await;
    // The idle wait starts once the server has answered a request, after `started`.
    let started = Instant::now();
    let mut stream = accepted_connection(server.addr).await;
    let mut rest = Vec::new();
    // Until the server closes it (a reset is a close too).
    let _ = or_hang(
        "the idle connection is closed",
        stream.read_to_end(&mut rest),
    )
    .await;
    let open_for = started.elapsed();
    assert!(rest.is_empty(), "{}", String::from_utf8_lossy(&rest));
    assert!(
        open_for >= timeout,
        "the idle connection was closed after {open_for:?}, before the timeout"
    );
    server.shutdown().await;
}

/// With `max_connections` 2: a request on a new connection beside zero or one open ones is answered
/// while they stay open; beside two, it waits in the backlog until an idle one is closed by the
/// header timeout.
#[tokio::test]
async fn the_connection_cap_admits_n_and_makes_n_plus_1_wait() {
    for held in 0..=2 {
        // Below the cap no idle connection may be closed while the test runs; at the cap the
        // header timeout is what frees a slot.
        let header_timeout = if held < 2 {
            NEVER_IN_A_TEST
        } else {
            Duration::from_millis(500)
        };
        let config = Config {
            max_connections: 2,
            header_read_timeout: header_timeout,
            ..patient()
        };
        let server = Server::start(config).await;
        // Each held connection's idle wait starts after `started`, when its request has been read.
        let started = Instant::now();
        let mut idle = Vec::new();
        for _ in 0..held {
            idle.push(accepted_connection(server.addr).await);
        }
        let reply = get(server.addr, "/healthz").await;
        let waited = started.elapsed();
        assert_eq!(reply.status, 200, "held {held}");
        if held < 2 {
            // The held connections are still open: the request did not need their slots.
            for stream in &mut idle {
                stream
                    .write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .await
                    .expect("still open");
                assert_eq!(read_one_reply(stream).await.status, 200, "held {held}");
            }
        } else {
            // Only a close frees a slot, and the first close is the header timeout's.
            assert!(
                waited >= header_timeout,
                "held {held}: answered after {waited:?}, before an idle connection timed out"
            );
        }
        drop(idle);
        server.shutdown().await;
    }
}

/// 200 slowloris connections trickling headers do not keep ordinary clients waiting: ordinary
/// requests are answered while all 200 are open and trickling.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ordinary_clients_are_answered_while_slowloris_connections_trickle() {
    // No slow connection can be closed by the header timeout while the test runs (`patient`), so
    // every one of them is open throughout.
    let server = Server::start(patient()).await;
    let addr = server.addr;
    let (ready, mut ready_rx) = mpsc::unbounded_channel();
    let slow: Vec<_> = (0..200)
        .map(|_| {
            let ready = ready.clone();
            tokio::spawn(async move {
                let mut stream = accepted_connection(addr).await;
                let _ = ready.send(());
                trickle_forever(&mut stream, Duration::from_millis(50)).await;
            })
        })
        .collect();
    drop(ready);
    for _ in 0..200 {
        or_hang("the slow connections open", ready_rx.recv())
            .await
            .expect("a slow connection");
    }
    for n in 0..20 {
        let reply = execute(addr, &format!(r#"{{"expression": "{n} + 1"}}"#)).await;
        assert_eq!(reply.json()["value"], json!((n + 1).to_string()));
    }
    assert!(
        slow.iter().all(|task| !task.is_finished()),
        "every slow connection is still open"
    );
    for task in slow {
        task.abort();
    }
    server.shutdown().await;
}
