//! The playground: a page at `/` where a person tries every tool without writing JSON.
//!
//! Three static files, embedded in the binary (`playground/`): plain HTML, CSS and JavaScript,
//! no build step and nothing fetched from elsewhere. The page reads the catalogue and each
//! tool's manifest through the public API and builds its form from the tool's input schema, so
//! it never holds tool logic. It calls the API as any client does, with the token a person
//! types into it, so serving it weakens nothing: the page and its assets carry no data and are
//! served without a token (like `/healthz`), behind the same `Host` check, limits and CORS rules
//! as every route, and a Content-Security-Policy that lets them load only themselves and talk
//! only to this origin.

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

const PAGE: &str = include_str!("playground/index.html");
const SCRIPT: &str = include_str!("playground/playground.js");
const STYLE: &str = include_str!("playground/playground.css");

/// Scripts and styles from this origin only (no inline code), requests to this origin only, no
/// framing, no forms posted elsewhere.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// `GET /`: the playground page.
pub(crate) async fn page() -> Response {
    asset(PAGE, "text/html; charset=utf-8")
}

/// `GET /playground.js`: the page's script.
pub(crate) async fn script() -> Response {
    asset(SCRIPT, "text/javascript; charset=utf-8")
}

/// `GET /playground.css`: the page's style sheet.
pub(crate) async fn style() -> Response {
    asset(STYLE, "text/css; charset=utf-8")
}

fn asset(body: &'static str, content_type: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}
