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
