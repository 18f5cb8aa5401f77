//! The route handlers.

use crate::AppState;
use crate::error::ApiError;
use crate::offload::{self, Admission, Refusal};
use axum::Json;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use reckon_tools::{ErrorCategory, Tool};
use serde_json::{Value, json};
use std::sync::Arc;

/// `GET /v1/tools`: every tool with its links.
pub(crate) async fn catalogue(State(state): State<Arc<AppState>>) -> Json<Value> {
    let tools: Vec<Value> = state.registry.tools().map(summary).collect();
    Json(json!({ "tools": tools }))
}

fn summary(tool: &dyn Tool) -> Value {
    let base = format!("/v1/tools/{}", tool.id());
    let version = format!("{base}/versions/{}", tool.version());
    let mut entry = json!({
        "id": tool.id(),
        "version": tool.version(),
        "purpose": tool.purpose(),
        "description": tool.description(),
        "links": {"self": base, "manifest": version, "execute": format!("{version}/execute")},
    });
    // What the tool's contract promises but this build refuses, and what to do instead.
    if let Some(not_built) = tool.not_built() {
        entry["notBuilt"] = not_built.into();
    }
    entry
}

/// `GET /v1/tools/{id}`: the tool's versions.
pub(crate) async fn tool(
    State(state): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
) -> Response {
    let Ok(Path(id)) = path else {
        return ApiError::NotFound("no such path".into()).into_response();
    };
    let versions: Vec<Value> = state
        .registry
        .tools()
        .filter(|tool| tool.id() == id)
        .map(|tool| {
            let link = format!("/v1/tools/{}/versions/{}", tool.id(), tool.version());
            json!({"version": tool.version(), "links": {"manifest": link, "execute": format!("{link}/execute")}})
        })
        .collect();
    if versions.is_empty() {
        return unknown_tool(&id).into_response();
    }
    Json(json!({"id": id, "versions": versions})).into_response()
}

/// `GET /v1/tools/{id}/versions/{version}`: the manifest, as published.
pub(crate) async fn manifest(
    State(state): State<Arc<AppState>>,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Response {
    let Ok(Path((id, version))) = path else {
        return ApiError::NotFound("no such path".into()).into_response();
    };
    match find(&state, &id, &version) {
        Ok(tool) => Json(tool.manifest().clone()).into_response(),
        Err(error) => error.into_response(),
    }
}

/// `POST /v1/tools/{id}/versions/{version}/execute`: the tool's answer, with the status of its
/// category. The body is read here; a call the tool can prove small ([`answered_in_place`]) is
/// answered here too, any other runs on the blocking pool ([`offload`]).
pub(crate) async fn execute(
    State(state): State<Arc<AppState>>,
    path: Result<Path<(String, String)>, PathRejection>,
    request: Request,
) -> Response {
    let Ok(Path((id, version))) = path else {
        return ApiError::NotFound("no such path".into()).into_response();
    };
    let tool = match find(&state, &id, &version) {
        Ok(tool) => tool,
        Err(error) => return error.into_response(),
    };
    if let Err(error) = require_json(request.headers(), true) {
        return error.into_response();
    }
    let limit = state.config.body_limit;
    if let Err(error) = declared_within(request.headers(), limit) {
        return error.into_response();
    }
    let admission = request.extensions().get::<Admission>().cloned();
    let Ok(body) = axum::body::to_bytes(request.into_body(), limit).await else {
        return ApiError::PayloadTooLarge(limit).into_response();
    };
    let (tool_id, outcome, answer) = match answered_in_place(tool, &body) {
        Ok(Some((outcome, answer))) => (tool.id(), outcome, answer),
        Err(_) => return ApiError::Internal.into_response(),
        Ok(None) => {
            let registry = state.registry.clone();
            let call = offload::run(admission, move || {
                let tool = registry.get_version(&id, &version)?;
                let mut answer = Vec::with_capacity(256);
                let outcome = tool.execute_into(&body, &mut answer);
                Some((tool.id(), outcome, answer))
            });
            match call.await {
                Ok(Some(answered)) => answered,
                Err(Refusal::Expired) => return ApiError::Timeout.into_response(),
                // `None` cannot happen (the registry is immutable and the tool was found above).
                Ok(None) | Err(Refusal::Failed) => return ApiError::Internal.into_response(),
            }
        }
    };
    state.metrics.record_execution(
        tool_id,
        outcome.error.map_or("ok", ErrorCategory::code),
        outcome.work_units,
    );
    let status = match outcome.error {
        None => StatusCode::OK,
        Some(ErrorCategory::InvalidInput) => StatusCode::BAD_REQUEST,
        Some(ErrorCategory::LimitExceeded | ErrorCategory::NotComputable) => {
            StatusCode::UNPROCESSABLE_ENTITY
        }
    };
    (
        status,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        answer,
    )
        .into_response()
}

/// The answer to a call the tool can prove small ([`Tool::execute_small_into`]: a body of at most
/// [`reckon_tools::SMALL_INPUT_BYTES`] whose work fits a small allowance), computed here on the
/// async worker: a hand-off to the blocking pool and back costs more than such a call. `None` when
/// the call may be larger; it then goes to the pool, which has lost at most the allowance's work
/// (about 150 µs). A panic (a bug) is caught and logged as the pool's are: [`Refusal::Failed`].
fn answered_in_place(
    tool: &dyn Tool,
    body: &[u8],
) -> Result<Option<(reckon_tools::Outcome, Vec<u8>)>, Refusal> {
    if body.len() > reckon_tools::SMALL_INPUT_BYTES {
        return Ok(None);
    }
    let mut answer = Vec::with_capacity(256);
    let small = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        tool.execute_small_into(body, &mut answer)
    }));
    match small {
        Ok(outcome) => Ok(outcome.map(|outcome| (outcome, answer))),
        Err(panic) => {
            offload::log_panic(&*panic);
            Err(Refusal::Failed)
        }
    }
}

/// The tool `id` at `version`.
fn find<'a>(state: &'a AppState, id: &str, version: &str) -> Result<&'a dyn Tool, ApiError> {
    if let Some(tool) = state.registry.get_version(id, version) {
        return Ok(tool);
    }
    match state.registry.get(id) {
        Some(tool) => Err(ApiError::NotFound(format!(
            "tool {id:?} has no version {version:?} (it has {})",
            tool.version()
        ))),
        None => Err(unknown_tool(id)),
    }
}

fn unknown_tool(id: &str) -> ApiError {
    ApiError::NotFound(format!("no tool {id:?}"))
}

/// Refuses (413) a request whose declared `Content-Length` is over `limit`, before its body is
/// read (the body limit layer still bounds a body that declares nothing).
pub(crate) fn declared_within(headers: &HeaderMap, limit: usize) -> Result<(), ApiError> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|length| length > limit as u64) {
        return Err(ApiError::PayloadTooLarge(limit));
    }
    Ok(())
}

/// Refuses (415) a body that does not say it is JSON: no `Content-Type`, or one whose type is not
/// `application/json` (nor, with `json_suffix`, `application/<anything>+json`); parameters such as
/// `; charset=utf-8` do not matter. A browser page can send `text/plain`, form or multipart
/// bodies to any server without asking it first (no CORS preflight); a JSON type it cannot.
pub(crate) fn require_json(headers: &HeaderMap, json_suffix: bool) -> Result<(), ApiError> {
    let Some(value) = headers.get(header::CONTENT_TYPE) else {
        return Err(ApiError::UnsupportedMediaType(None));
    };
    let bytes = value.as_bytes();
    let essence = bytes
        .split(|&b| b == b';')
        .next()
        .unwrap_or_default()
        .trim_ascii();
    let json = essence.eq_ignore_ascii_case(b"application/json")
        || (json_suffix
            && essence.len() >= b"application/".len() + b"+json".len()
            && essence[..b"application/".len()].eq_ignore_ascii_case(b"application/")
            && essence[essence.len() - b"+json".len()..].eq_ignore_ascii_case(b"+json"));
    if json {
        Ok(())
    } else {
        let text = String::from_utf8_lossy(bytes).into_owned();
        Err(ApiError::UnsupportedMediaType(Some(text)))
    }
}

/// `GET /openapi.json`.
pub(crate) async fn openapi(State(state): State<Arc<AppState>>) -> Json<Value> {
    Json(state.openapi.clone())
}

/// `GET /metrics`: Prometheus text.
pub(crate) async fn metrics(State(state): State<Arc<AppState>>) -> Response {
    let content_type = HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8");
    (
        [(header::CONTENT_TYPE, content_type)],
        state.metrics.render(),
    )
        .into_response()
}

/// Any path no route matches.
pub(crate) async fn not_found() -> ApiError {
    ApiError::NotFound("no such path".into())
}

/// A route that exists, asked with another method.
pub(crate) async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule of [`require_json`] written the plain way (lowercased text, then compared).
    fn plainly_json(value: &str, json_suffix: bool) -> bool {
        let essence = value
            .split(';')
            .next()
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase();
        essence == "application/json"
            || (json_suffix && essence.starts_with("application/") && essence.ends_with("+json"))
    }

    #[test]
    fn require_json_takes_exactly_the_json_types() {
        let mut accepted = 0;
        for value in [
            "application/json",
            "APPLICATION/JSON",
            " application/json ; charset=utf-8",
            "application/json;",
            "application/jsonx",
            "application/json5",
            "text/json",
            "application/problem+json",
            "Application/Problem+JSON; q=1",
            "application/+json",
            "application+json",
            "application/",
            "+json",
            "text/plain+json",
            "",
            ";application/json",
            "application/x-www-form-urlencoded",
            "\tapplication/json\t",
        ] {
            let mut headers = HeaderMap::new();
            headers.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_str(value).expect("a header"),
            );
            for json_suffix in [false, true] {
                let ok = require_json(&headers, json_suffix).is_ok();
                assert_eq!(
                    ok,
                    plainly_json(value, json_suffix),
                    "{value:?} {json_suffix}"
                );
                accepted += usize::from(ok);
            }
        }
        assert!(accepted >= 12, "only {accepted} accepted");
        assert!(require_json(&HeaderMap::new(), true).is_err());
    }
}
