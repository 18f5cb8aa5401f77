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
    UnsupportedMediaType(String),
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
            Self::UnsupportedMediaType(found) => {
                format!("the body must be JSON (Content-Type: application/json), not {found:?}")
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
