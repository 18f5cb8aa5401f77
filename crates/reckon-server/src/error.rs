//! Errors the server answers itself (not the tool's answers): one status and one JSON body each.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// A refusal by the HTTP layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ApiError {
    NotFound(String),
    MethodNotAllowed,
    Unauthorized,
    /// The `Host` the request named (`None`: it named none) is not one the server answers.
    HostNotAllowed(Option<String>),
    /// The `Content-Type` given (`None`: none was) is not JSON.
    UnsupportedMediaType(Option<String>),
    PayloadTooLarge(usize),
    Timeout,
    Overloaded,
    Internal,
}

impl ApiError {
    pub(crate) fn status(&self) -> StatusCode {
        match self {
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::Unauthorized => StatusCode::UNAUTHORIZED,
            Self::HostNotAllowed(_) => StatusCode::FORBIDDEN,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Timeout => StatusCode::REQUEST_TIMEOUT,
            Self::Overloaded => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            Self::NotFound(_) => "not_found",
            Self::MethodNotAllowed => "method_not_allowed",
            Self::Unauthorized => "unauthorized",
            Self::HostNotAllowed(_) => "host_not_allowed",
            Self::UnsupportedMediaType(_) => "unsupported_media_type",
            Self::PayloadTooLarge(_) => "payload_too_large",
            Self::Timeout => "timeout",
            Self::Overloaded => "overloaded",
            Self::Internal => "internal",
        }
    }

    fn message(&self) -> String {
        match self {
            Self::NotFound(what) => format!("{what}; GET /v1/tools lists the tools"),
            Self::MethodNotAllowed => {
                "this method is not allowed here; see the Allow header".into()
            }
            Self::Unauthorized => {
                "missing or wrong bearer token: send Authorization: Bearer <token>".into()
            }
            Self::HostNotAllowed(Some(host)) => format!(
                "the Host {host:?} is not one this server answers (a guard against DNS rebinding): \
                 connect as localhost, 127.0.0.1 or [::1], or through a name the server allows \
                 (reckon serve --allowed-host)"
            ),
            Self::HostNotAllowed(None) => {
                "the request names no Host: send Host: localhost (or another name the server allows)"
                    .into()
            }
            Self::UnsupportedMediaType(Some(found)) => format!(
                "the body must be JSON, sent with Content-Type: application/json, not {found:?}"
            ),
            Self::UnsupportedMediaType(None) => {
                "the request has no Content-Type: send the JSON body with Content-Type: application/json"
                    .into()
            }
            Self::PayloadTooLarge(limit) => {
                format!("the request body is larger than {limit} bytes")
            }
            Self::Timeout => "the request took too long and was abandoned; retry".into(),
            Self::Overloaded => "the server is at its concurrency limit; retry shortly".into(),
            Self::Internal => "internal error; it has been logged".into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({"error": {"code": self.code(), "message": self.message()}});
        let mut response = (self.status(), axum::Json(body)).into_response();
        if self == Self::Unauthorized {
            response.headers_mut().insert(
                axum::http::header::WWW_AUTHENTICATE,
                axum::http::HeaderValue::from_static("Bearer"),
            );
        }
        if matches!(self, Self::PayloadTooLarge(_)) {
            // The body was not read, so the connection cannot carry another request: say so, or
            // a keep-alive client writes its next request into a closed connection.
            response.headers_mut().insert(
                axum::http::header::CONNECTION,
                axum::http::HeaderValue::from_static("close"),
            );
        }
        if matches!(self, Self::Overloaded | Self::Timeout) {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from_static("1"),
            );
        }
        response
    }
}
