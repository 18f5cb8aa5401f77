//! Optional bearer-token authentication, compared in constant time.

use crate::AppState;
use crate::error::ApiError;
use axum::extract::{Request, State};
use axum::http::header::AUTHORIZATION;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use subtle::ConstantTimeEq;

/// Lets a request through when no token is configured or when it carries `Authorization: Bearer
/// <token>` with the configured token.
pub(crate) async fn require_token(
    State(state): State<Arc<AppState>>,
    request: Request,
    next: Next,
) -> Response {
    let Some(expected) = state.config.auth_token.as_deref() else {
        return next.run(request).await;
    };
    let presented = request
        .headers()
        .get(AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(str::trim);
    match presented {
        Some(token) if bool::from(token.as_bytes().ct_eq(expected.as_bytes())) => {
            next.run(request).await
        }
        _ => ApiError::Unauthorized.into_response(),
    }
}
