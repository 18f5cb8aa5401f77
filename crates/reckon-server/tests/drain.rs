//! Draining behind a load balancer: after the stop signal a server with a drain time keeps
//! answering, but `/healthz` answers 503 and responses close their connections; then the listener
//! closes. No test depends on the machine's speed (see `support`).

mod support;

use reckon_server::{Readiness, router_with_readiness, serve, stop_after_drain};
use reckon_tools::Registry;
use std::sync::Arc;
use std::time::Duration;
use support::*;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

/// A server stopped by the returned sender, draining for `drain` first.
async fn start_draining(
    drain: Duration,
) -> (
    std::net::SocketAddr,
    oneshot::Sender<()>,
    tokio::task::JoinHandle<std::io::Result<()>>,
) {
    let readiness = Readiness::new();
    let config = patient();
    let app = router_with_readiness(Arc::new(Registry::standard()), config.clone(), &readiness)
        .expect("valid config");
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("binds");
    let addr = listener.local_addr().expect("address");
    let (stop, stopped) = oneshot::channel::<()>();
    let signal = async move {
        let _ = stopped.await;
    };
    let task = tokio::spawn(serve(
        listener,
        app,
        &config,
        stop_after_drain(signal, readiness, drain),
    ));
    (addr, stop, task)
}

/// Sends `request` (a whole request) on an open connection and reads one reply.
async fn on(stream: &mut TcpStream, request: &str) -> Reply {
    stream
        .write_all(request.as_bytes())
        .await
        .expect("writes the request");
    read_one_reply(stream).await
}

const EXECUTE_ONE_PLUS_ONE: &str = "POST /v1/tools/decimal-expression-evaluate/versions/1.0.0/execute HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 21\r\n\r\n{\"expression\": \"1+1\"}";

#[tokio::test]
async fn while_draining_requests_are_answered_healthz_is_503_and_connections_close() {
    let (addr, stop, task) = start_draining(NEVER_IN_A_TEST).await;
    let mut kept = TcpStream::connect(addr).await.expect("connects");
    let before = on(&mut kept, EXECUTE_ONE_PLUS_ONE).await;
    assert_eq!(before.status, 200);
    assert_eq!(
        before.header("connection"),
        None,
        "keep-alive before the drain"
    );
    let health = get(addr, "/healthz").await;
    assert_eq!(
        (health.status, health.json()["status"].clone()),
        (200, "ok".into())
    );

    stop.send(()).expect("the server waits for the signal");
    let draining = or_hang("/healthz turns 503", async {
        loop {
            let reply = get(addr, "/healthz").await;
            if reply.status != 200 {
                return reply;
            }
            tokio::task::yield_now().await;
        }
    })
    .await;
    assert_eq!(draining.status, 503);
    assert_eq!(draining.json()["status"], "draining");

    // The kept connection is still served, told to close, and closed.
    let during = on(&mut kept, EXECUTE_ONE_PLUS_ONE).await;
    assert_eq!(during.status, 200);
    assert_eq!(during.json()["value"], "2");
    assert_eq!(during.header("connection"), Some("close"));
    assert!(
        try_read_one_reply(&mut kept).await.is_none(),
        "closed after the reply"
    );
    // New connections are still accepted and answered.
    let fresh = post(
        addr,
        EXECUTE,
        Some("application/json"),
        br#"{"expression": "2*3"}"#,
    )
    .await;
    assert_eq!(
        (fresh.status, fresh.json()["value"].clone()),
        (200, "6".into())
    );
    task.abort();
}

#[tokio::test]
async fn after_the_drain_the_listener_closes() {
    let (addr, stop, task) = start_draining(Duration::from_millis(1)).await;
    assert_eq!(get(addr, "/healthz").await.status, 200);
    stop.send(()).expect("the server waits for the signal");
    or_hang("the server stops", task)
        .await
        .expect("joins")
        .expect("ends cleanly");
    assert!(TcpStream::connect(addr).await.is_err(), "nothing listens");
}

#[tokio::test]
async fn without_the_signal_healthz_is_ok_with_keep_alive() {
    let (addr, _stop, task) = start_draining(NEVER_IN_A_TEST).await;
    let mut kept = TcpStream::connect(addr).await.expect("connects");
    for _ in 0..3 {
        let reply = on(
            &mut kept,
            "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n",
        )
        .await;
        assert_eq!(reply.status, 200);
        assert_eq!(reply.header("connection"), None);
    }
    task.abort();
}
