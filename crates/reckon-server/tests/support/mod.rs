//! What the HTTP tests share: a server on a random local port, a small raw HTTP/1.1 client
//! and the waits that turn a hang into a failure (see `http.rs` for why no test depends on the
//! machine's speed).

#![allow(dead_code)] // each test file uses its own part

use reckon_server::{Config, router, serve};
use reckon_tools::Registry;
use serde_json::Value;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub const EXECUTE: &str = "/v1/tools/decimal-expression-evaluate/versions/1.0.0/execute";

/// How long a test waits for something that must happen before it calls it a hang. It is not a
/// measure of speed: every wait ends as soon as what it waits for happens, so a correct server
/// passes however slow or loaded the machine; the bound only turns a hang (a regression, such as a
/// tool call blocking the only thread) into a failure rather than a test that never ends. The
/// slowest reply on the loaded 2-core CI machine takes well under a second, 60 s is far above it.
pub const HANG_GUARD: Duration = Duration::from_secs(60);

/// A timeout a test sets when that timeout is not what it tests, so that it cannot fire while the
/// test runs: longer than [`HANG_GUARD`], which fails the test first.
pub const NEVER_IN_A_TEST: Duration = Duration::from_secs(600);

/// The production defaults, but with both timeouts out of reach ([`NEVER_IN_A_TEST`]): the base of
/// every test's configuration, so that only a test about a timeout has one that can fire (a stall
/// of a loaded machine must not turn into a 408 or a closed connection elsewhere).
pub fn patient() -> Config {
    Config {
        request_timeout: NEVER_IN_A_TEST,
        header_read_timeout: NEVER_IN_A_TEST,
        ..Config::default()
    }
}

/// `future`, or a panic naming `what` if it has not completed within [`HANG_GUARD`].
pub async fn or_hang<T>(what: &str, future: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(HANG_GUARD, future)
        .await
        .unwrap_or_else(|_| panic!("hung: {what} (nothing after {HANG_GUARD:?})"))
}

pub struct Server {
    pub addr: SocketAddr,
    pub stop: Option<oneshot::Sender<()>>,
    pub task: JoinHandle<std::io::Result<()>>,
}

impl Server {
    pub async fn start(config: Config) -> Self {
        Self::start_with(Registry::standard(), config).await
    }

    pub async fn start_with(registry: Registry, config: Config) -> Self {
        let app = router(Arc::new(registry), config.clone()).expect("valid config");
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("binds");
        let addr = listener.local_addr().expect("address");
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(serve(listener, app, &config, async move {
            let _ = stopped.await;
        }));
        Self {
            addr,
            stop: Some(stop),
            task,
        }
    }

    /// Asks for a graceful shutdown and waits for the server to finish.
    pub async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        or_hang("the server stops", &mut self.task)
            .await
            .expect("the server task joins")
            .expect("the server ends cleanly");
    }
}

#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }
}

/// Sends `head` (request line and headers, without the blank line) and `body`, with
/// `Host: localhost` and `Connection: close`, and reads the whole response.
pub async fn send(addr: SocketAddr, head: &str, body: &[u8]) -> Reply {
    send_as(addr, head, Some("localhost"), body).await
}

/// As [`send`], with `host` as the `Host` header, or none.
pub async fn send_as(addr: SocketAddr, head: &str, host: Option<&str>, body: &[u8]) -> Reply {
    let mut stream = TcpStream::connect(addr).await.expect("connects");
    let host = host.map_or(String::new(), |host| format!("\r\nHost: {host}"));
    let request = format!("{head}{host}\r\nConnection: close\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .await
        .expect("writes the head");
    stream.write_all(body).await.expect("writes the body");
    read_reply(&mut stream).await
}

/// Reads until the server closes the connection, and parses the response.
pub async fn read_reply(stream: &mut TcpStream) -> Reply {
    let mut raw = Vec::new();
    or_hang("a reply", stream.read_to_end(&mut raw))
        .await
        .expect("reads");
    parse_reply(&raw)
}

/// Reads one response (its head and `Content-Length` bytes of body) from a connection that stays
/// open.
pub async fn read_one_reply(stream: &mut TcpStream) -> Reply {
    try_read_one_reply(stream)
        .await
        .expect("a reply before the connection closed")
}

/// As [`read_one_reply`], or `None` when the server closed the connection before sending a byte.
pub async fn try_read_one_reply(stream: &mut TcpStream) -> Option<Reply> {
    let mut raw = Vec::new();
    let mut buffer = [0; 4096];
    or_hang("a reply", async {
        loop {
            if let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
                let length = parse_reply(&raw[..split + 4])
                    .header("content-length")
                    .map_or(0, |n| n.parse::<usize>().expect("a length"));
                if raw.len() >= split + 4 + length {
                    return Some(parse_reply(&raw));
                }
            }
            match stream.read(&mut buffer).await {
                Ok(n) if n > 0 => raw.extend_from_slice(&buffer[..n]),
                _ if raw.is_empty() => return None,
                ended => panic!("{ended:?} in the middle of a reply: {raw:?}"),
            }
        }
    })
    .await
}

pub fn parse_reply(raw: &[u8]) -> Reply {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a complete head");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_owned(), value.trim().to_owned()))
        .collect();
    Reply {
        status,
        headers,
        body: raw[split + 4..].to_vec(),
    }
}

pub async fn get(addr: SocketAddr, path: &str) -> Reply {
    send(addr, &format!("GET {path} HTTP/1.1"), b"").await
}

pub async fn post(addr: SocketAddr, path: &str, content_type: Option<&str>, body: &[u8]) -> Reply {
    let mut head = format!("POST {path} HTTP/1.1\r\nContent-Length: {}", body.len());
    if let Some(content_type) = content_type {
        head.push_str(&format!("\r\nContent-Type: {content_type}"));
    }
    send(addr, &head, body).await
}

pub async fn execute(addr: SocketAddr, body: &str) -> Reply {
    post(addr, EXECUTE, Some("application/json"), body.as_bytes()).await
}
