//! The HTTP front end without a socket: generated requests (method, path, headers, body) go
//! through the whole `reckon_server::router` (layers, auth, body limits, content-type checks, our
//! JSON handling, MCP) with `tower::ServiceExt::oneshot` on a current-thread runtime.
//!
//! Invariants: never a 500 (a panic caught by the panic layer), every JSON response body is one
//! JSON value, and an admitted `execute` answers with exactly the tool's own bytes and the status of
//! its category.

use crate::answer::registry;
use arbitrary::{Arbitrary, Unstructured};
use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use reckon_server::{Config, router};
use reckon_tools::{ErrorCategory, Registry};
use std::sync::Arc;
use tower::ServiceExt;

/// The bearer token of the router that requires one.
const TOKEN: &str = "fuzz-token";
/// The small body limit of the router that requires a token.
const SMALL_LIMIT: usize = 1024;

const PATHS: &[&str] = &[
    "/v1/tools/decimal-expression-evaluate/versions/1.0.0/execute",
    "/v1/tools/calc/versions/1.0.0/execute",
    "/v1/tools/calculate/versions/1.0.0/execute",
    "/v1/tools/calc/versions/9.9.9/execute",
    "/v1/tools/nope/versions/1.0.0/execute",
    "/v1/tools",
    "/v1/tools/calc",
    "/v1/tools/calc/versions/1.0.0",
    "/openapi.json",
    "/healthz",
    "/metrics",
    "/mcp",
    "/v1/tools/calc/versions/1.0.0/execute/extra",
];

const CONTENT_TYPES: &[&str] = &[
    "application/json",
    "application/json; charset=utf-8",
    "Application/JSON",
    "application/problem+json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "",
    "application/",
];

/// A generated request.
#[derive(Debug)]
pub struct HttpCase {
    method: Method,
    path: String,
    content_type: Option<Vec<u8>>,
    length: LengthHeader,
    auth: Auth,
    /// Use the router with a token and the small body limit.
    strict: bool,
    accept_json_and_sse: bool,
    body: Vec<u8>,
}

#[derive(Debug, Arbitrary)]
enum LengthHeader {
    Absent,
    Correct,
    Other(u64),
    Garbage,
}

#[derive(Debug, Arbitrary)]
enum Auth {
    None,
    Right,
    Wrong(String),
    NotBearer,
}

impl<'a> Arbitrary<'a> for HttpCase {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let method = u
            .choose(&[
                Method::POST,
                Method::POST,
                Method::POST,
                Method::GET,
                Method::PUT,
                Method::DELETE,
                Method::OPTIONS,
            ])?
            .clone();
        let path = if u.ratio(1u8, 10u8)? {
            let text: String = u.arbitrary()?;
            format!(
                "/{}",
                text.replace(|c: char| !c.is_ascii_graphic() || c == '?' || c == '#', "_")
            )
        } else {
            (*u.choose(PATHS)?).to_owned()
        };
        let content_type = match u.int_in_range(0u8..=9)? {
            0 => None,
            1 => Some(u.arbitrary::<Vec<u8>>()?),
            _ => Some(u.choose(CONTENT_TYPES)?.as_bytes().to_vec()),
        };
        Ok(HttpCase {
            method,
            path,
            content_type,
            length: u.arbitrary()?,
            auth: u.arbitrary()?,
            strict: u.ratio(1u8, 4u8)?,
            accept_json_and_sse: u.arbitrary()?,
            body: {
                let len = u.len();
                u.bytes(len)?.to_vec()
            },
        })
    }
}

struct Harness {
    runtime: tokio::runtime::Runtime,
    open: Router,
    strict: Router,
}

thread_local! {
    static HARNESS: Harness = Harness::new();
}

impl Harness {
    fn new() -> Self {
        let runtime = match tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        {
            Ok(runtime) => runtime,
            Err(e) => panic!("no runtime: {e}"),
        };
        let registry = || Arc::new(Registry::standard());
        let build = |config| match router(registry(), config) {
            Ok(router) => router,
            Err(e) => panic!("no router: {e}"),
        };
        let open = build(Config::default());
        let strict = build(Config {
            body_limit: SMALL_LIMIT,
            auth_token: Some(TOKEN.to_owned()),
            ..Config::default()
        });
        Harness {
            runtime,
            open,
            strict,
        }
    }
}

/// Sends one generated request and checks the response.
pub fn request(case: &HttpCase) {
    let mut builder = Request::builder()
        .method(case.method.clone())
        .uri(&case.path)
        .header(header::HOST, "localhost");
    if let Some(content_type) = &case.content_type {
        builder = builder.header(header::CONTENT_TYPE, content_type.as_slice());
    }
    match &case.length {
        LengthHeader::Absent => {}
        LengthHeader::Correct => builder = builder.header(header::CONTENT_LENGTH, case.body.len()),
        LengthHeader::Other(n) => builder = builder.header(header::CONTENT_LENGTH, *n),
        LengthHeader::Garbage => builder = builder.header(header::CONTENT_LENGTH, "12x"),
    }
    match &case.auth {
        Auth::None => {}
        Auth::Right => builder = builder.header(header::AUTHORIZATION, format!("Bearer {TOKEN}")),
        Auth::Wrong(token) => {
            builder = builder.header(header::AUTHORIZATION, format!("Bearer {token}").as_bytes())
        }
        Auth::NotBearer => builder = builder.header(header::AUTHORIZATION, "Basic Zm9vOmJhcg=="),
    }
    if case.accept_json_and_sse {
        builder = builder.header(header::ACCEPT, "application/json, text/event-stream");
    }
    // Header values the generator made that HTTP forbids are refused by the builder, as a real
    // parser would refuse them before the router.
    let Ok(request) = builder.body(Body::from(case.body.clone())) else {
        return;
    };
    HARNESS.with(|h| {
        let app = if case.strict {
            h.strict.clone()
        } else {
            h.open.clone()
        };
        let (status, content_type, body) = h.runtime.block_on(async move {
            let response = match app.oneshot(request).await {
                Ok(response) => response,
                Err(never) => match never {},
            };
            let status = response.status();
            let content_type = response
                .headers()
                .get(header::CONTENT_TYPE)
                .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
            let body = axum::body::to_bytes(response.into_body(), 16 << 20).await;
            (status, content_type, body)
        });
        let Ok(body) = body else {
            panic!("the response body could not be read")
        };
        assert_ne!(
            status,
            StatusCode::INTERNAL_SERVER_ERROR,
            "{}",
            String::from_utf8_lossy(&body)
        );
        if content_type
            .as_deref()
            .is_some_and(|t| t.starts_with("application/json"))
        {
            assert!(
                serde_json::from_slice::<serde_json::Value>(&body).is_ok()
                    || case.path.contains("/calc/"),
                "a JSON response that is not one JSON value: {}",
                String::from_utf8_lossy(&body)
            );
        }
        check_execute(case, status, &body);
    });
}

/// For an admitted `execute`, the body is the tool's answer byte for byte.
fn check_execute(case: &HttpCase, status: StatusCode, body: &[u8]) {
    let Some(id) = case
        .path
        .strip_prefix("/v1/tools/")
        .and_then(|rest| rest.strip_suffix("/versions/1.0.0/execute"))
    else {
        return;
    };
    let Some(tool) = registry().get(id) else {
        return;
    };
    let authorised = !case.strict
        || match &case.auth {
            Auth::Right => true,
            Auth::Wrong(token) => token == TOKEN,
            _ => false,
        };
    let limit = if case.strict {
        SMALL_LIMIT
    } else {
        Config::default().body_limit
    };
    // A JSON Content-Type is required: none at all is refused too (415), so that a cross-site
    // form or a `fetch` without a preflight cannot reach a tool.
    let json_type = case.content_type.as_ref().is_some_and(|t| {
        let essence = String::from_utf8_lossy(t)
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        essence == "application/json"
            || (essence.starts_with("application/") && essence.ends_with("+json"))
    });
    let declared_ok = match case.length {
        LengthHeader::Other(n) => n <= limit as u64,
        _ => true,
    };
    if case.method != Method::POST {
        let allowed = [StatusCode::METHOD_NOT_ALLOWED, StatusCode::UNAUTHORIZED];
        assert!(
            allowed.contains(&status) && (case.strict || status.as_u16() == 405),
            "{status}"
        );
        return;
    }
    if !authorised {
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        return;
    }
    if !json_type {
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        return;
    }
    if !declared_ok || case.body.len() > limit {
        assert_eq!(
            status,
            StatusCode::PAYLOAD_TOO_LARGE,
            "{}",
            String::from_utf8_lossy(body)
        );
        return;
    }
    let mut expected = Vec::new();
    let outcome = tool.execute_into(&case.body, &mut expected);
    assert_eq!(
        body,
        expected.as_slice(),
        "the HTTP body is the tool's answer"
    );
    let wanted = match outcome.error {
        None => StatusCode::OK,
        Some(ErrorCategory::InvalidInput) => StatusCode::BAD_REQUEST,
        Some(_) => StatusCode::UNPROCESSABLE_ENTITY,
    };
    assert_eq!(status, wanted);
}
