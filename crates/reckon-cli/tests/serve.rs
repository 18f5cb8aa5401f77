//! `reckon serve` as a process: the bind-safety rule and shutdown on SIGTERM.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_reckon");

#[test]
fn refuses_a_non_loopback_address_without_a_token() {
    let output = Command::new(BIN)
        .args(["serve", "--addr", "0.0.0.0:0"])
        .env_remove("RECKON_AUTH_TOKEN")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("refusing to serve 0.0.0.0:0 without authentication"),
        "{stderr}"
    );
}

#[test]
fn refuses_timeouts_and_connection_caps_out_of_range() {
    for (flag, value, message) in [
        (
            "--timeout",
            "0",
            "--timeout must be a number of seconds from 0.001 to 1e9",
        ),
        ("--timeout", "inf", "--timeout must be"),
        ("--header-timeout", "1e10", "--header-timeout must be"),
        ("--header-timeout", "NaN", "--header-timeout must be"),
        (
            "--drain",
            "1e10",
            "--drain must be 0 or a number of seconds",
        ),
        (
            "--drain",
            "0.0001",
            "--drain must be 0 or a number of seconds",
        ),
        (
            "--max-connections",
            "0",
            "--max-connections must be at least 1",
        ),
    ] {
        let output = Command::new(BIN)
            .args(["serve", "--addr", "127.0.0.1:0", flag, value])
            .env_remove("RECKON_AUTH_TOKEN")
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(2), "{flag} {value}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{flag} {value}: {stderr}");
    }
}

#[test]
fn refuses_an_empty_token() {
    let output = Command::new(BIN)
        .args(["serve"])
        .env("RECKON_AUTH_TOKEN", "  ")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn serves_with_a_token_from_the_environment_and_stops_on_sigterm() {
    let mut child = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0", "--log-format", "json"])
        .env("RECKON_AUTH_TOKEN", "tok")
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut log = BufReader::new(child.stderr.take().expect("stderr"));
    let mut first = String::new();
    log.read_line(&mut first).expect("a log line");
    let line: serde_json::Value =
        serde_json::from_str(&first).unwrap_or_else(|e| panic!("JSON log ({e}): {first}"));
    let addr = line["address"]
        .as_str()
        .expect("the log names the address")
        .to_owned();

    let mut stream = TcpStream::connect(&addr).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    let body = r#"{"expression": "1/8"}"#;
    let request = format!(
        "POST /v1/tools/decimal-expression-evaluate/versions/1.0.0/execute HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer tok\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).expect("writes");
    let mut reply = String::new();
    stream.read_to_string(&mut reply).expect("reads");
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(
        reply.ends_with(
            r#"{"value":"0.125","exact":true,"fraction":{"numerator":"1","denominator":"8"}}"#
        ),
        "{reply}"
    );

    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let status = child.wait().expect("exits");
    assert!(status.success(), "graceful exit on SIGTERM: {status}");
    let mut rest = String::new();
    log.read_to_string(&mut rest).expect("reads the log");
    assert!(
        rest.contains("shutdown requested") && rest.contains("reckon serve stopped"),
        "{rest}"
    );
    assert!(
        rest.contains("\"id\""),
        "request logs carry the request id: {rest}"
    );
}

/// Starts `reckon serve` with `args` and no token; returns the child, its log and its port.
fn serve_without_token(
    args: &[&str],
) -> (
    std::process::Child,
    BufReader<std::process::ChildStderr>,
    u16,
) {
    let mut child = Command::new(BIN)
        .args(["serve", "--log-format", "json"])
        .args(args)
        .env_remove("RECKON_AUTH_TOKEN")
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut log = BufReader::new(child.stderr.take().expect("stderr"));
    let mut first = String::new();
    log.read_line(&mut first).expect("a log line");
    let line: serde_json::Value =
        serde_json::from_str(&first).unwrap_or_else(|e| panic!("JSON log ({e}): {first}"));
    let port = line["address"]
        .as_str()
        .and_then(|a| a.rsplit(':').next())
        .and_then(|p| p.parse().ok())
        .expect("the log names the address");
    (child, log, port)
}

/// The status of `GET /v1/tools` on 127.0.0.1:`port` with `host` as its Host header.
fn status_as(port: u16, host: &str) -> u16 {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    let request = format!("GET /v1/tools HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).expect("writes");
    let mut reply = String::new();
    stream.read_to_string(&mut reply).expect("reads");
    reply
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a status: {reply}"))
}

#[test]
fn without_a_token_only_loopback_and_allowed_hosts_are_answered() {
    let (mut child, _log, port) = serve_without_token(&[
        "--addr",
        "127.0.0.1:0",
        "--allowed-host",
        "reckon.internal",
        "--allowed-host",
        "api.example:8443",
    ]);
    for (host, status) in [
        ("localhost:8080", 200),
        ("127.0.0.1", 200),
        ("reckon.internal", 200),
        ("api.example:8443", 200),
        ("api.example", 403),
        ("evil.example", 403),
    ] {
        assert_eq!(status_as(port, host), status, "{host}");
    }
    child.kill().expect("stops");
    let _ = child.wait();
    let output = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0", "--allowed-host", "a b"])
        .env_remove("RECKON_AUTH_TOKEN")
        .output()
        .expect("runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("invalid allowed host \"a b\""), "{stderr}");
}

#[test]
fn a_non_loopback_bind_without_a_token_warns_that_only_loopback_hosts_are_answered() {
    let (mut child, mut log, port) =
        serve_without_token(&["--addr", "0.0.0.0:0", "--insecure-no-auth"]);
    // After the address: the tool calls' memory line, then the warning.
    let mut lines = String::new();
    for _ in 0..2 {
        log.read_line(&mut lines).expect("a log line");
    }
    let warning = lines
        .lines()
        .find(|line| line.contains("WARN"))
        .unwrap_or_default();
    assert!(warning.contains("--allowed-host"), "{lines}");
    assert_eq!(status_as(port, "10.0.0.5:8080"), 403);
    assert_eq!(status_as(port, "localhost"), 200);
    child.kill().expect("stops");
    let _ = child.wait();
}
