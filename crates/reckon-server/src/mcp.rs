//! MCP over the registry: `tools/list`, `tools/call` and resources, for stdio (`reckon mcp`) and
//! for streamable HTTP (mounted at `/mcp` by the HTTP router). Over both, a message reaches this
//! handler only when rmcp can read it; every other one is answered by module `jsonrpc`'s check
//! (stdio: module `stdio`; HTTP: the gate in front of `/mcp`).
//!
//! The handler is written by hand against rmcp's `ServerHandler` rather than with its derive
//! macros, because the schemas must be the manifests' JSON served as written, which a schemars
//! derive would not reproduce. A tool's refusal is a successful `tools/call` result with
//! `isError: true` and the tool's error object as `structuredContent`; JSON-RPC errors are kept for
//! protocol faults (an unknown tool or resource). Tool calls run on the blocking pool
//! (module `offload`), so a slow call holds neither the transport nor the async workers.

use crate::offload::{self, Admission, Refusal};
use reckon_tools::{Registry, Tool as RegistryTool};
use rmcp::ErrorData as McpError;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, CustomRequest,
    CustomResult, ErrorCode, Implementation, InitializeResult, JsonObject, ListResourcesResult,
    ListToolsResult, PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse,
    ReadResourceResult, Resource, ResourceContents, ServerCapabilities, Tool, ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler};
use serde_json::Value;
use std::sync::Arc;

/// The URI of the syntax and function reference.
pub const HELP_URI: &str = "calculator://help";

/// The MCP server: every tool of a registry, plus the help and manifest resources.
#[derive(Clone)]
pub struct McpServer {
    registry: Arc<Registry>,
}

impl McpServer {
    /// A server over `registry`.
    pub fn new(registry: Arc<Registry>) -> Self {
        Self { registry }
    }

    /// The `tools/list` entry of one tool: its manifest's schemas as written, and annotations that
    /// say it only computes.
    fn describe(tool: &dyn RegistryTool) -> Tool {
        let annotations = ToolAnnotations::new()
            .read_only(true)
            .destructive(false)
            .idempotent(true)
            .open_world(false);
        let mut described = Tool::new_with_raw(
            tool.id(),
            Some(tool.model_description().into()),
            schema(tool.input_schema()),
        );
        described = described.with_annotations(annotations).with_title(format!(
            "{} {}",
            tool.id(),
            tool.version()
        ));
        if let Value::Object(output) = tool.output_schema() {
            described = described.with_raw_output_schema(Arc::new(output.clone()));
        }
        described
    }

    fn resources(&self) -> Vec<Resource> {
        let mut resources = vec![
            Resource::new(HELP_URI, "help")
                .with_title("reckon: syntax, functions and limits of every tool")
                .with_description("A reference for writing tool calls: the grammar, functions, rounding modes and limits of each tool.")
                .with_mime_type("text/markdown"),
        ];
        for tool in self.registry.tools() {
            resources.push(
                Resource::new(manifest_uri(tool), format!("{} manifest", tool.id()))
                    .with_description(format!("The published specification of {} {}: semantics, limits, schemas, examples.", tool.id(), tool.version()))
                    .with_mime_type("application/json"),
            );
        }
        resources
    }
}

fn schema(value: &Value) -> Arc<JsonObject> {
    Arc::new(match value {
        Value::Object(object) => object.clone(),
        _ => JsonObject::new(),
    })
}

/// `calculator://tools/{id}/versions/{version}/manifest`.
fn manifest_uri(tool: &dyn RegistryTool) -> String {
    format!(
        "calculator://tools/{}/versions/{}/manifest",
        tool.id(),
        tool.version()
    )
}

impl ServerHandler for McpServer {
    fn get_info(&self) -> InitializeResult {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .build();
        InitializeResult::new(capabilities)
            .with_server_info(Implementation::new("reckon", env!("CARGO_PKG_VERSION")))
            .with_instructions(instructions(&self.registry))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(
            self.registry.tools().map(Self::describe).collect(),
        ))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        if self.registry.get(&request.name).is_none() {
            let known = self.registry.ids().join(", ");
            return Err(McpError::invalid_params(
                format!("unknown tool {:?}; the tools are {known}", request.name),
                None,
            ));
        }
        let arguments = Value::Object(request.arguments.unwrap_or_default());
        let input = serde_json::to_vec(&arguments)
            .map_err(|e| McpError::invalid_params(e.to_string(), None))?;
        // Over HTTP the `limits` layer's admission arrives in the request's parts; stdio has none.
        let admission = context
            .extensions
            .get::<axum::http::request::Parts>()
            .and_then(|parts| parts.extensions.get::<Admission>())
            .cloned();
        let registry = self.registry.clone();
        let name = request.name;
        let call = offload::run(admission, move || {
            let tool = registry.get(&name)?;
            let execution = tool.execute_json(&input);
            let text = tool.answer_text(&execution.body);
            Some((execution, text))
        });
        let (execution, text) = match call.await {
            Ok(Some(answered)) => answered,
            Err(Refusal::Expired) => {
                return Err(McpError::internal_error(
                    "the request took too long and was abandoned; retry",
                    None,
                ));
            }
            // `None` cannot happen (the registry is immutable and the tool was found above).
            Ok(None) | Err(Refusal::Failed) => {
                return Err(McpError::internal_error(
                    "internal error; it has been logged",
                    None,
                ));
            }
        };
        let mut result = if execution.error.is_some() {
            CallToolResult::structured_error(execution.body)
        } else {
            CallToolResult::structured(execution.body)
        };
        result.content = vec![ContentBlock::text(text)];
        Ok(result.into())
    }

    /// A method no MCP request type has (rmcp's default answers `-32601` with the bare method name).
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, McpError> {
        Err(McpError::new(
            ErrorCode::METHOD_NOT_FOUND,
            format!(
                "unknown method {:?}: this server answers initialize, ping, tools/list, tools/call, resources/list and resources/read",
                request.method
            ),
            None,
        ))
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        Ok(ListResourcesResult::with_all_items(self.resources()))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        let uri = request.uri;
        if uri == HELP_URI {
            let text = help(&self.registry);
            return Ok(ReadResourceResult::new(vec![
                ResourceContents::text(text, uri).with_mime_type("text/markdown"),
            ])
            .into());
        }
        match self
            .registry
            .tools()
            .find(|tool| manifest_uri(*tool) == uri)
        {
            Some(tool) => {
                let text = serde_json::to_string_pretty(tool.manifest()).unwrap_or_default();
                Ok(ReadResourceResult::new(vec![
                    ResourceContents::text(text, uri).with_mime_type("application/json"),
                ])
                .into())
            }
            None => Err(McpError::resource_not_found(
                format!("no resource {uri:?}; {HELP_URI} lists what there is"),
                None,
            )),
        }
    }
}

/// The server's instructions: which tool is for which job (each tool's
/// [`reckon_tools::Tool::purpose`]), so that a model picks the right one on its first call.
pub fn instructions(registry: &Registry) -> String {
    let mut out = String::from("reckon's calculator tools; pick by the job:\n");
    for tool in registry.tools() {
        out.push_str(&format!("- {}: {}\n", tool.id(), tool.purpose()));
    }
    out.push_str(&format!(
        "Every refusal names the fault and how to fix the call (a hint, and retryable false when \
         the same call cannot succeed). Read {HELP_URI} for the syntax, the functions and the limits."
    ));
    out
}

/// The reference behind `calculator://help`, generated from each tool's manifest: what it is for
/// (its purpose and description), its hard limits and what is not built yet, its semantics
/// (grammar, functions, rounding), its limits and its examples, then the tool's own reference
/// ([`reckon_tools::Tool::reference`]) when it has one.
pub fn help(registry: &Registry) -> String {
    let mut out = String::from("# reckon tools: syntax and reference\n\n");
    out.push_str(&instructions(registry));
    out.push_str("\n\n");
    for tool in registry.tools() {
        let manifest = tool.manifest();
        out.push_str(&format!(
            "## {} {}\n\n{}\n\n{}\n\n",
            tool.id(),
            tool.version(),
            tool.purpose(),
            tool.description()
        ));
        for line in [tool.hard_limits().map(str::to_owned), tool.not_built()]
            .into_iter()
            .flatten()
        {
            out.push_str(&format!("{line}\n\n"));
        }
        if let Some(semantics) = manifest.get("semantics").and_then(Value::as_array) {
            out.push_str("### Syntax and semantics\n\n");
            for rule in semantics.iter().filter_map(Value::as_str) {
                out.push_str(&format!("- {rule}\n"));
            }
            out.push('\n');
        }
        if let Some(limits) = manifest.get("limits").and_then(Value::as_object) {
            out.push_str("### Limits\n\n");
            for (name, value) in limits {
                out.push_str(&format!("- {name}: {value}\n"));
            }
            out.push('\n');
        }
        if let Some(examples) = manifest.get("examples").and_then(Value::as_array) {
            out.push_str("### Examples\n\n");
            for example in examples {
                out.push_str(&format!(
                    "- arguments `{}` → `{}`\n",
                    example["input"], example["output"]
                ));
            }
            out.push('\n');
        }
        if let Some(reference) = tool.reference() {
            out.push_str("### Reference\n\n");
            out.push_str(reference.trim_end());
            out.push_str("\n\n");
        }
    }
    out
}

/// Serves MCP over stdin and stdout until the client closes the stream. Every line gets an
/// answer, including a line rmcp cannot read (module `stdio` says how).
///
/// # Errors
/// A message when the client closed the stream before initialising, or the transport fails.
pub async fn serve_stdio(registry: Arc<Registry>) -> Result<(), String> {
    crate::stdio::serve(registry, tokio::io::stdin(), tokio::io::stdout()).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_instructions_say_which_tool_is_for_which_job() {
        let registry = Registry::standard();
        let text = instructions(&registry);
        for tool in registry.tools() {
            assert!(
                text.contains(&format!("- {}: {}\n", tool.id(), tool.purpose())),
                "{text}"
            );
        }
        // calc is JavaScript floating point: nothing may call the tools exact as a whole.
        assert!(
            !text.to_lowercase().contains("exact calculator tools"),
            "{text}"
        );
        assert!(text.contains("- calc: For labelled batches of arithmetic that must match JavaScript's floating-point numbers"));
        assert!(text.contains(HELP_URI));
    }

    #[test]
    fn help_says_what_is_not_built_beside_the_description_that_promises_it() {
        let registry = Registry::standard();
        let text = help(&registry);
        let calculate = registry.get("calculate").expect("registered");
        if let Some(line) = calculate.not_built() {
            let section = text.find("## calculate ").expect("calculate has a section");
            let reference = text.find("### Reference").expect("a reference");
            let at = text.find(&line).expect("the not-built line is in the help");
            assert!(
                section < at && at < reference,
                "the line is in calculate's own section"
            );
        }
        for tool in registry.tools() {
            if let Some(limits) = tool.hard_limits() {
                assert!(text.contains(limits), "{}", tool.id());
            }
        }
    }

    #[test]
    fn help_appends_the_calculate_function_reference_under_its_section() {
        let text = help(&Registry::standard());
        let section = text.find("## calculate ").expect("calculate has a section");
        let calculate = &text[section..];
        let end = calculate[3..]
            .find("\n## ")
            .map_or(calculate.len(), |i| i + 3);
        let calculate = &calculate[..end];
        assert!(calculate.contains("### Reference"), "{calculate}");
        assert!(calculate.contains("| quantileSeq("), "{calculate}");
        assert!(calculate.contains("| function | what it does | example |"));
        assert!(calculate.contains("#### Disabled and unavailable names"));
        // Tools without a reference of their own get none.
        let before = &text[..section];
        assert!(!before.contains("| quantileSeq("));
    }
}
