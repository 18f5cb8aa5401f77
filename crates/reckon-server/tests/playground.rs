//! The playground at `/`: three embedded files, served without a token (they hold no data)
//! and under a Content-Security-Policy that keeps them to this origin. Its behaviour in a
//! browser is tested by `tests/browser/playground.mjs`.

mod support;

use reckon_server::Config;
use support::{Server, get, patient};

#[tokio::test]
async fn the_page_and_its_assets_are_served_with_a_strict_policy() {
    let server = Server::start(patient()).await;
    for (path, content_type, marker) in [
        (
            "/",
            "text/html; charset=utf-8",
            "<title>reckon playground</title>",
        ),
        (
            "/playground.js",
            "text/javascript; charset=utf-8",
            "function buildForm",
        ),
        (
            "/playground.css",
            "text/css; charset=utf-8",
            "prefers-color-scheme: dark",
        ),
    ] {
        let reply = get(server.addr, path).await;
        assert_eq!(reply.status, 200, "{path}");
        assert_eq!(reply.header("content-type"), Some(content_type), "{path}");
        let policy = reply.header("content-security-policy").unwrap_or("");
        assert!(policy.contains("default-src 'none'"), "{path}: {policy}");
        assert!(policy.contains("script-src 'self'"), "{path}: {policy}");
        assert!(policy.contains("connect-src 'self'"), "{path}: {policy}");
        assert!(
            policy.contains("frame-ancestors 'none'"),
            "{path}: {policy}"
        );
        assert_eq!(reply.header("x-content-type-options"), Some("nosniff"));
        assert!(
            String::from_utf8_lossy(&reply.body).contains(marker),
            "{path} holds {marker}"
        );
    }
    // The page loads its script and style from this origin only: no inline code, no CDN.
    let page = String::from_utf8_lossy(&get(server.addr, "/").await.body).into_owned();
    assert!(page.contains(r#"<script src="/playground.js" defer></script>"#));
    assert!(!page.contains("<script>") && !page.contains("style="));
    assert!(!page.contains("http://") && !page.contains("https://"));
    assert_eq!(get(server.addr, "/playground.png").await.status, 404);
    server.shutdown().await;
}

#[tokio::test]
async fn with_a_token_the_page_is_served_but_the_api_it_calls_still_asks_for_it() {
    let server = Server::start(Config {
        auth_token: Some("s3cret-token".into()),
        ..patient()
    })
    .await;
    for path in ["/", "/playground.js", "/playground.css"] {
        assert_eq!(get(server.addr, path).await.status, 200, "{path}");
    }
    assert_eq!(get(server.addr, "/v1/tools").await.status, 401);
    server.shutdown().await;
}
