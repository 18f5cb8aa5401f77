//! MCP with rmcp's own client: `reckon mcp` over stdio (a child process) and `reckon serve` over
//! streamable HTTP at /mcp, including the HTTP API's auth in front of it.

use reckon_tools::Registry;
use rmcp::model::{CallToolRequestParams, ReadResourceRequestParams, ResourceContents};
use rmcp::service::RunningService;
use rmcp::transport::{ConfigureCommandExt, StreamableHttpClientTransport, TokioChildProcess};
use rmcp::{RoleClient, ServiceExt};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_reckon");

fn arguments(value: Value) -> serde_json::Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => serde_json::Map::new(),
    }
}

/// Everything a client should see, checked against the registry itself.
async fn exercise(client: &RunningService<RoleClient, ()>) {
    let info = client.peer_info().expect("initialized");
    assert_eq!(
        info.server_info.as_ref().map(|s| s.name.as_str()),
        Some("reckon")
    );
    let registry = Registry::standard();
    let tools = client.list_all_tools().await.expect("tools/list");
    assert_eq!(
        tools.iter().map(|t| t.name.to_string()).collect::<Vec<_>>(),
        registry.ids()
    );
    for listed in &tools {
        let tool = registry.get(&listed.name).expect("registered");
        assert_eq!(
            &Value::Object((*listed.input_schema).clone()),
            tool.input_schema()
        );
        let output = listed.output_schema.as_ref().expect("an output schema");
        assert_eq!(&Value::Object((**output).clone()), tool.output_schema());
        let hints = listed.annotations.as_ref().expect("annotations");
        assert_eq!(
            (
                hints.read_only_hint,
                hints.idempotent_hint,
                hints.open_world_hint
            ),
            (Some(true), Some(true), Some(false))
        );
    }

    let ok = client
        .call_tool(
            CallToolRequestParams::new("decimal-expression-evaluate")
                .with_arguments(arguments(json!({"expression": "0.1 + 0.2"}))),
        )
        .await
        .expect("tools/call");
    assert_eq!(ok.is_error, Some(false));
    assert_eq!(
        ok.structured_content,
        Some(
            json!({"value": "0.3", "exact": true, "fraction": {"numerator": "3", "denominator": "10"}})
        )
    );
    let refused = client
        .call_tool(
            CallToolRequestParams::new("decimal-expression-evaluate")
                .with_arguments(arguments(json!({"expression": "1/0"}))),
        )
        .await
        .expect("a tool failure is a result, not a protocol error");
    assert_eq!(refused.is_error, Some(true));
    let error = &refused.structured_content.expect("the error object")["error"];
    assert_eq!(
        (error["code"].as_str(), error["details"]["reason"].as_str()),
        (Some("not_computable"), Some("division_by_zero"))
    );
    let text = refused.content[0]
        .as_text()
        .map(|t| t.text.clone())
        .unwrap_or_default();
    assert!(
        text.contains("division_by_zero") && text.contains("division by zero"),
        "{text}"
    );

    let unknown = client.call_tool(CallToolRequestParams::new("nope")).await;
    assert!(unknown.is_err(), "an unknown tool is a JSON-RPC error");

    let resources = client.list_all_resources().await.expect("resources/list");
    let uris: Vec<&str> = resources.iter().map(|r| r.uri.as_str()).collect();
    assert!(uris.contains(&"calculator://help"), "{uris:?}");
    let manifest_uri = "calculator://tools/decimal-expression-evaluate/versions/1.0.0/manifest";
    assert!(uris.contains(&manifest_uri), "{uris:?}");
    let read = client
        .read_resource(ReadResourceRequestParams::new(manifest_uri))
        .await
        .expect("resources/read");
    let ResourceContents::TextResourceContents { text, .. } = &read.contents[0] else {
        panic!("text contents")
    };
    let manifest: Value = serde_json::from_str(text).expect("JSON");
    assert_eq!(
        &manifest,
        registry
            .get("decimal-expression-evaluate")
            .expect("registered")
            .manifest()
    );
}

#[tokio::test]
async fn stdio_transport() {
    let transport =
        TokioChildProcess::new(tokio::process::Command::new(BIN).configure(|command| {
            command.arg("mcp");
        }))
        .expect("reckon mcp starts");
    let client = ().serve(transport).await.expect("initialize");
    exercise(&client).await;
    client.cancel().await.expect("closes");
}

#[tokio::test]
async fn stdio_transport_with_a_tool_subset_and_an_unknown_tool() {
    let output = Command::new(BIN)
        .args(["mcp", "--tools", "nope"])
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown tool \"nope\""));
}

/// Starts `reckon serve` on a free loopback port; returns the child and its address.
fn serve(extra: &[&str], token: Option<&str>) -> (Child, String) {
    let mut command = Command::new(BIN);
    command
        .args(["serve", "--addr", "127.0.0.1:0", "--log-format", "json"])
        .args(extra)
        .stderr(Stdio::piped());
    match token {
        Some(token) => command.env("RECKON_AUTH_TOKEN", token),
        None => command.env_remove("RECKON_AUTH_TOKEN"),
    };
    let mut child = command.spawn().expect("reckon serve starts");
    let mut log = BufReader::new(child.stderr.take().expect("stderr"));
    let mut line = String::new();
    log.read_line(&mut line).expect("a log line");
    let address = serde_json::from_str::<Value>(&line).expect("JSON log")["address"]
        .as_str()
        .expect("address")
        .to_owned();
    std::thread::spawn(move || for _ in log.lines() {});
    (child, address)
}

#[tokio::test]
async fn streamable_http_transport() {
    let (mut server, address) = serve(&[], None);
    let transport = StreamableHttpClientTransport::from_uri(format!("http://{address}/mcp"));
    let client = ().serve(transport).await.expect("initialize");
    exercise(&client).await;
    client.cancel().await.expect("closes");
    server.kill().expect("stops");
    let _ = server.wait();
}

#[tokio::test]
async fn streamable_http_is_behind_the_same_token() {
    let (mut server, address) = serve(&[], Some("tok"));
    let refused = ()
        .serve(StreamableHttpClientTransport::from_uri(format!(
            "http://{address}/mcp"
        )))
        .await;
    assert!(refused.is_err(), "no token, no MCP");
    let config =
        rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig::with_uri(
            format!("http://{address}/mcp"),
        )
        .auth_header("tok");
    let client =
        ().serve(StreamableHttpClientTransport::from_config(config))
            .await
            .expect("initialize with the token");
    let tools = client.list_all_tools().await.expect("tools/list");
    assert_eq!(tools.len(), Registry::standard().ids().len());
    client.cancel().await.expect("closes");
    server.kill().expect("stops");
    let _ = server.wait();
}

/// `reckon mcp` driven line by line over its stdin and stdout, for the lines rmcp cannot read.
/// Every read and write is bounded by [`WAIT`], so a line left unanswered fails the test instead
/// of hanging it.
mod raw_stdio {
    use super::BIN;
    use serde_json::{Value, json};
    use std::process::Stdio;
    use std::time::Duration;
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    use tokio::process::{Child, ChildStdin, ChildStdout, Command};

    const WAIT: Duration = Duration::from_secs(30);

    /// Words of serde's or rmcp's own messages, which no answer may show.
    const INTERNAL: &[&str] = &[
        "recursion limit",
        "line 1 column",
        "at line",
        "invalid type",
        "expected",
        "untagged",
        "unrecognized",
        "Invalid request",
        "serde",
    ];

    struct Mcp {
        child: Child,
        stdin: Option<ChildStdin>,
        stdout: BufReader<ChildStdout>,
        next_id: i64,
    }

    impl Mcp {
        /// Starts `reckon mcp` and initialises it.
        async fn start() -> Self {
            let mut child = Command::new(BIN)
                .arg("mcp")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .kill_on_drop(true)
                .spawn()
                .expect("reckon mcp starts");
            let stdin = child.stdin.take().expect("stdin");
            let stdout = BufReader::new(child.stdout.take().expect("stdout"));
            let mut mcp = Self {
                child,
                stdin: Some(stdin),
                stdout,
                next_id: 100,
            };
            let initialize = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "raw-test", "version": "1"}}});
            mcp.send_line(initialize.to_string().as_bytes()).await;
            let answer = mcp.receive().await;
            assert_eq!(answer["id"], 0, "{answer}");
            assert_eq!(answer["result"]["serverInfo"]["name"], "reckon", "{answer}");
            mcp.send_line(br#"{"jsonrpc": "2.0", "method": "notifications/initialized"}"#)
                .await;
            mcp
        }

        /// Writes `bytes` and a line end.
        async fn send_line(&mut self, bytes: &[u8]) {
            let stdin = self.stdin.as_mut().expect("stdin is open");
            let write = async {
                stdin.write_all(bytes).await?;
                stdin.write_all(b"\n").await?;
                stdin.flush().await
            };
            tokio::time::timeout(WAIT, write)
                .await
                .expect("the line is read within the time")
                .expect("writes");
        }

        /// The next line of stdout, as JSON.
        async fn receive(&mut self) -> Value {
            let mut line = String::new();
            let read = tokio::time::timeout(WAIT, self.stdout.read_line(&mut line))
                .await
                .expect("an answer within the time (a line went unanswered)")
                .expect("reads");
            assert!(read > 0, "stdout closed: the process ended");
            serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"))
        }

        /// Sends `bytes` as one line and returns the error answered, after checking its code, its
        /// id and that its message is reckon's own.
        async fn refused(&mut self, bytes: &[u8], code: i64, id: Value) -> Value {
            self.send_line(bytes).await;
            let answer = self.receive().await;
            assert_eq!(answer["jsonrpc"], "2.0", "{answer}");
            assert_eq!(answer["error"]["code"], code, "{answer}");
            assert!(
                answer.as_object().is_some_and(|a| a.contains_key("id")),
                "the id is present, null or not: {answer}"
            );
            assert_eq!(answer["id"], id, "{answer}");
            let message = answer["error"]["message"].as_str().expect("a message");
            for internal in INTERNAL {
                assert!(!message.contains(internal), "{internal:?} in {answer}");
            }
            answer
        }

        /// The process still runs and answers `tools/list`.
        async fn answers_tools_list(&mut self) {
            assert!(
                self.child.try_wait().expect("status").is_none(),
                "the process is alive"
            );
            self.next_id += 1;
            let id = self.next_id;
            let request = json!({"jsonrpc": "2.0", "id": id, "method": "tools/list"});
            self.send_line(request.to_string().as_bytes()).await;
            let answer = self.receive().await;
            assert_eq!(answer["id"], id, "{answer}");
            assert!(answer["result"]["tools"].is_array(), "{answer}");
        }

        /// Closes stdin and waits for a clean exit.
        async fn finish(mut self) {
            drop(self.stdin.take());
            let status = tokio::time::timeout(WAIT, self.child.wait())
                .await
                .expect("exits at the end of stdin")
                .expect("status");
            assert!(status.success(), "{status}");
        }
    }

    #[tokio::test]
    async fn invalid_utf8_is_a_parse_error() {
        let mut mcp = Mcp::start().await;
        let answer = mcp
            .refused(
                b"{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"\xff\xfe\"}",
                -32700,
                Value::Null,
            )
            .await;
        assert!(
            answer["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("UTF-8")),
            "{answer}"
        );
        mcp.answers_tools_list().await;
        mcp.finish().await;
    }

    #[tokio::test]
    async fn a_lone_surrogate_is_a_parse_error() {
        let mut mcp = Mcp::start().await;
        let line = br#"{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "calc", "arguments": {"calculations": ["\ud800"]}}}"#;
        let answer = mcp.refused(line, -32700, Value::Null).await;
        assert!(
            answer["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("surrogate")),
            "{answer}"
        );
        mcp.answers_tools_list().await;
        mcp.finish().await;
    }

    #[tokio::test]
    async fn nesting_200_deep_is_a_parse_error() {
        let mut mcp = Mcp::start().await;
        let line = format!(
            r#"{{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {{"name": "calculate", "arguments": {{"scope": {{"x": {}{}}}}}}}}}"#,
            "[".repeat(200),
            "]".repeat(200)
        );
        let answer = mcp.refused(line.as_bytes(), -32700, Value::Null).await;
        assert!(
            answer["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("127 deep")),
            "{answer}"
        );
        mcp.answers_tools_list().await;
        mcp.finish().await;
    }

    #[tokio::test]
    async fn a_17_mib_line_is_refused_and_the_next_line_answered() {
        let mut mcp = Mcp::start().await;
        let mut long = br#"{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "calc", "arguments": {"pad": ""#.to_vec();
        long.resize(17 * 1024 * 1024, b'a');
        long.extend_from_slice(b"\"}}}\n");
        long.extend_from_slice(br#"{"jsonrpc": "2.0", "id": 2, "method": "tools/list"}"#);
        let answer = mcp.refused(&long, -32700, Value::Null).await;
        assert!(
            answer["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("16 MiB")),
            "{answer}"
        );
        let next = mcp.receive().await;
        assert_eq!(next["id"], 2, "{next}");
        assert!(next["result"]["tools"].is_array(), "{next}");
        mcp.answers_tools_list().await;
        mcp.finish().await;
    }

    #[tokio::test]
    async fn an_object_id_is_an_invalid_request() {
        let mut mcp = Mcp::start().await;
        mcp.refused(
            br#"{"jsonrpc": "2.0", "id": {"a": 1}, "method": "tools/list"}"#,
            -32600,
            Value::Null,
        )
        .await;
        mcp.answers_tools_list().await;
        mcp.finish().await;
    }

    #[tokio::test]
    async fn an_id_out_of_range_is_an_invalid_request() {
        let mut mcp = Mcp::start().await;
        mcp.refused(
            br#"{"jsonrpc": "2.0", "id": 1e999999, "method": "tools/list"}"#,
            -32600,
            Value::Null,
        )
        .await;
        mcp.answers_tools_list().await;
        mcp.finish().await;
    }

    #[tokio::test]
    async fn tools_call_with_array_arguments_is_invalid_params() {
        let mut mcp = Mcp::start().await;
        // The id can be read, so the answer carries it (JSON-RPC wants null only when it cannot).
        let answer = mcp
            .refused(
                br#"{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "calc", "arguments": [1, 2]}}"#,
                -32602,
                json!(7),
            )
            .await;
        assert!(
            answer["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("arguments")),
            "{answer}"
        );
        mcp.refused(
            br#"{"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": {"arguments": {}}}"#,
            -32602,
            json!(8),
        )
        .await;
        mcp.answers_tools_list().await;
        mcp.finish().await;
    }

    #[tokio::test]
    async fn other_faulty_lines_are_answered_and_notifications_are_not() {
        let mut mcp = Mcp::start().await;
        mcp.refused(b"{\"jsonrpc\": \"2.0\", \"id\": 1,", -32700, Value::Null)
            .await;
        mcp.refused(b"[1, 2]", -32600, Value::Null).await;
        mcp.refused(
            br#"{"jsonrpc": "1.0", "id": 3, "method": "tools/list"}"#,
            -32600,
            json!(3),
        )
        .await;
        mcp.refused(br#"{"jsonrpc": "2.0", "id": 4}"#, -32600, json!(4))
            .await;
        let unknown = mcp
            .refused(
                br#"{"jsonrpc": "2.0", "id": 5, "method": "no/such"}"#,
                -32601,
                json!(5),
            )
            .await;
        assert!(
            unknown["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("tools/call")),
            "{unknown}"
        );
        // A valid notification gets no answer: the next line read answers the next request.
        mcp.send_line(br#"{"jsonrpc": "2.0", "method": "notifications/initialized"}"#)
            .await;
        mcp.send_line(b"").await;
        mcp.answers_tools_list().await;
        mcp.finish().await;
    }
}
