//! A tool's manifest as the registry holds it: the published JSON, compiled into the binary and
//! parsed once when the registry is built, with the description every listing shows.

use serde_json::Value;

/// The parsed manifest of one tool and its `description` field.
pub(crate) struct EmbeddedManifest {
    /// The manifest as published, served as written.
    pub(crate) value: Value,
    /// The manifest's `description` (empty when it has none).
    pub(crate) description: String,
}

impl EmbeddedManifest {
    /// Parses the manifest compiled into a tool crate. The registry's tests parse every manifest,
    /// so this cannot fail at run time.
    pub(crate) fn parse(json: &str) -> Self {
        let value: Value = serde_json::from_str(json).expect("the embedded manifest is valid JSON");
        let description = value
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        Self { value, description }
    }
}
