//! The check every MCP message passes before rmcp sees it, over stdio and over HTTP alike.
//!
//! rmcp answers what it can read, but some messages it cannot read at all: over stdio it drops a
//! line that is not JSON (invalid UTF-8, a lone surrogate escape such as `"\ud800"`, nesting deeper
//! than serde_json's recursion limit) without a word, so the client waits forever; over HTTP it
//! answers such a body `415` with serde's own text (`recursion limit exceeded at line 1 column
//! 242`). And a `tools/call` whose `params` do not fit (`arguments` an array, `name` missing) falls
//! through to its catch-all request type and is answered `-32601` (method not found).
//!
//! [`check`] decides first. A message is handed on as it is only when rmcp's own parse
//! (`ClientJsonRpcMessage`, the one its transports run) reads it, and, for a request of a standard
//! MCP method, reads it as that method's request rather than the catch-all. Otherwise the message
//! is diagnosed here and answered with a JSON-RPC error in reckon's own words, with `"id": null`
//! unless the id could be read:
//!
//! | fault | code |
//! | --- | --- |
//! | not UTF-8, not JSON, nesting deeper than [`MAX_DEPTH`], a lone surrogate escape | `-32700` |
//! | not an object (a batch, a scalar), `jsonrpc` not `"2.0"`, an `id` that is not a string or an integer in `i64`, no `method`, a member twice | `-32600` |
//! | `params` of a standard method that do not fit it (`tools/call` without a string `name`, `arguments` not an object), a number in `params` beyond `f64` | `-32602` |
//!
//! JSON-RPC wants no answer to a notification or a response, so a well-formed notification or a
//! response that rmcp cannot read is [`Verdict::Unanswerable`]: stdio drops it (a log line at debug
//! level), HTTP, which must answer every POST, answers its fault with `400`.

use rmcp::model::{
    CallToolRequestMethod, CancelTaskMethod, ClientJsonRpcMessage, ClientRequest,
    CompleteRequestMethod, ConstString, DiscoverRequestMethod, GetPromptRequestMethod,
    GetSkillRequestMethod, GetTaskMethod, InitializeResultMethod, JsonRpcMessage,
    ListPromptsRequestMethod, ListResourceTemplatesRequestMethod, ListResourcesRequestMethod,
    ListSkillsRequestMethod, ListToolsRequestMethod, PingRequestMethod,
    ReadResourceDirectoryRequestMethod, ReadResourceRequestMethod, SetLevelRequestMethod,
    SubscribeRequestMethod, SubscriptionsListenRequestMethod, UnsubscribeRequestMethod,
    UpdateTaskMethod,
};
use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Value, json};

/// JSON-RPC's "Parse error": the message is not JSON this server can read.
pub(crate) const PARSE_ERROR: i32 = -32700;
/// JSON-RPC's "Invalid Request": JSON, but not a JSON-RPC 2.0 request.
pub(crate) const INVALID_REQUEST: i32 = -32600;
/// JSON-RPC's "Invalid params": a request whose `params` do not fit its method.
pub(crate) const INVALID_PARAMS: i32 = -32602;

/// The deepest nesting of arrays and objects a message may have: serde_json's recursion limit,
/// which rmcp's parse runs into one level further.
pub(crate) const MAX_DEPTH: usize = 127;

/// The UTF-8 byte order mark, which rmcp's stdio transport skips at the start of a line.
pub(crate) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The request methods rmcp reads into their own types (every `ClientRequest` but the catch-all).
/// A request of one of them that rmcp reads as the catch-all has `params` that do not fit.
const STANDARD_METHODS: &[&str] = &[
    PingRequestMethod::VALUE,
    InitializeResultMethod::VALUE,
    DiscoverRequestMethod::VALUE,
    CompleteRequestMethod::VALUE,
    SetLevelRequestMethod::VALUE,
    GetPromptRequestMethod::VALUE,
    ListPromptsRequestMethod::VALUE,
    ListResourcesRequestMethod::VALUE,
    ListResourceTemplatesRequestMethod::VALUE,
    ReadResourceRequestMethod::VALUE,
    SubscriptionsListenRequestMethod::VALUE,
    SubscribeRequestMethod::VALUE,
    UnsubscribeRequestMethod::VALUE,
    CallToolRequestMethod::VALUE,
    ListToolsRequestMethod::VALUE,
    GetTaskMethod::VALUE,
    UpdateTaskMethod::VALUE,
    CancelTaskMethod::VALUE,
    ListSkillsRequestMethod::VALUE,
    GetSkillRequestMethod::VALUE,
    ReadResourceDirectoryRequestMethod::VALUE,
];

/// A JSON-RPC error to answer in place of rmcp.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Fault {
    /// The JSON-RPC error code.
    pub(crate) code: i32,
    /// What is wrong and what to send instead, in reckon's words.
    pub(crate) message: String,
    /// The request's id when it could be read, else `null`.
    pub(crate) id: Value,
}

impl Fault {
    fn new(code: i32, message: impl Into<String>, id: Option<&Value>) -> Self {
        Self {
            code,
            message: message.into(),
            id: id.cloned().unwrap_or(Value::Null),
        }
    }

    /// A parse error (`-32700`, `"id": null`).
    pub(crate) fn parse(message: impl Into<String>) -> Self {
        Self::new(PARSE_ERROR, message, None)
    }

    /// The JSON-RPC error response, as one line of JSON (without its newline).
    pub(crate) fn to_json(&self) -> Vec<u8> {
        let answer = json!({
            "jsonrpc": "2.0",
            "id": self.id,
            "error": {"code": self.code, "message": self.message},
        });
        // A `Value` of strings and numbers always serialises.
        serde_json::to_vec(&answer).unwrap_or_default()
    }
}

/// What to do with one message.
#[derive(Debug, PartialEq)]
pub(crate) enum Verdict {
    /// rmcp reads it: hand it on unchanged.
    Forward,
    /// Answer this error; rmcp never sees the message.
    Answer(Fault),
    /// A notification or a response rmcp cannot read. JSON-RPC wants no answer to either: stdio
    /// drops it, HTTP answers the fault (it must answer every POST).
    Unanswerable(Fault),
}

/// Decides what to do with one message (a stdio line without its line end, or an HTTP body), with
/// any UTF-8 byte order mark already removed.
pub(crate) fn check(message: &[u8]) -> Verdict {
    match serde_json::from_slice::<ClientJsonRpcMessage>(message) {
        Ok(JsonRpcMessage::Request(request)) => match &request.request {
            ClientRequest::CustomRequest(custom)
                if STANDARD_METHODS.contains(&custom.method.as_str()) =>
            {
                diagnose(message)
            }
            _ => Verdict::Forward,
        },
        Ok(_) => Verdict::Forward,
        Err(_) => diagnose(message),
    }
}

/// Says why rmcp cannot read `message` (or reads it only as the catch-all request).
fn diagnose(message: &[u8]) -> Verdict {
    let Ok(text) = std::str::from_utf8(message) else {
        return Verdict::Answer(Fault::parse(
            "the message is not UTF-8 text: send each JSON-RPC 2.0 request as one UTF-8 JSON object",
        ));
    };
    // `IgnoredAny` checks the syntax without a recursion limit, numbers without a range.
    if let Err(error) = serde_json::from_str::<IgnoredAny>(text) {
        let message = if error.is_eof() {
            "the message ends before its JSON value does: send each JSON-RPC 2.0 request as one whole JSON object".to_owned()
        } else {
            format!(
                "the message is not valid JSON (line {}, column {}): send each JSON-RPC 2.0 request as one JSON object",
                error.line(),
                error.column()
            )
        };
        return Verdict::Answer(Fault::parse(message));
    }
    if let Some(fault) = scan(text) {
        return Verdict::Answer(fault);
    }
    match text.trim_start().as_bytes().first() {
        Some(b'{') => {}
        Some(b'[') => {
            return Verdict::Answer(Fault::new(
                INVALID_REQUEST,
                "a batch (a JSON array) is not accepted: send each request as its own JSON object",
                None,
            ));
        }
        _ => {
            return Verdict::Answer(Fault::new(
                INVALID_REQUEST,
                "the message must be a JSON-RPC 2.0 request object, such as {\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/list\"}",
                None,
            ));
        }
    }
    let members = match serde_json::from_str::<Members>(text) {
        Ok(Members(members)) => members,
        // Unreachable: the text is one valid JSON object.
        Err(_) => {
            return Verdict::Answer(Fault::new(
                INVALID_REQUEST,
                "the message must be a JSON object",
                None,
            ));
        }
    };
    diagnose_members(&members)
}

/// Says what is wrong with a JSON object that rmcp cannot read as a request.
fn diagnose_members(members: &[(String, Box<RawValue>)]) -> Verdict {
    let member = |name: &str| -> Result<Option<&RawValue>, Fault> {
        let mut found = members.iter().filter(|(key, _)| key == name);
        match (found.next(), found.next()) {
            (Some((_, value)), None) => Ok(Some(value)),
            (None, _) => Ok(None),
            (Some(_), Some(_)) => Err(Fault::new(
                INVALID_REQUEST,
                format!("the member {name:?} appears more than once: send it once"),
                None,
            )),
        }
    };
    let has = |name: &str| members.iter().any(|(key, _)| key == name);
    // A response (to a request this server never sends): JSON-RPC wants no answer to it.
    if !has("method") && (has("result") || has("error")) {
        return Verdict::Unanswerable(Fault::new(
            INVALID_REQUEST,
            "the message is a response, but this server sent no request: send requests with a \"method\"",
            None,
        ));
    }
    let id = match member("id") {
        Err(fault) => return Verdict::Answer(fault),
        Ok(None) => None,
        Ok(Some(raw)) => match serde_json::from_str::<Value>(raw.get()) {
            Ok(id) if readable_id(&id) => Some(id),
            _ => {
                return Verdict::Answer(Fault::new(
                    INVALID_REQUEST,
                    "the \"id\" must be a string or an integer from -2^63 to 2^63 - 1, such as 1 or \"a\"",
                    None,
                ));
            }
        },
    };
    let id = id.as_ref();
    let with_id = |mut fault: Fault| {
        fault.id = id.cloned().unwrap_or(Value::Null);
        fault
    };
    match member("jsonrpc") {
        Ok(Some(raw)) if raw.get() == "\"2.0\"" => {}
        Err(fault) => return Verdict::Answer(with_id(fault)),
        _ => {
            return Verdict::Answer(Fault::new(
                INVALID_REQUEST,
                "the message needs \"jsonrpc\": \"2.0\"",
                id,
            ));
        }
    }
    let method = match member("method") {
        Err(fault) => return Verdict::Answer(with_id(fault)),
        Ok(None) => {
            return Verdict::Answer(Fault::new(
                INVALID_REQUEST,
                "the message has no \"method\": send a request such as {\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/list\"}",
                id,
            ));
        }
        Ok(Some(raw)) => match serde_json::from_str::<Value>(raw.get()) {
            Ok(Value::String(method)) => method,
            _ => {
                return Verdict::Answer(Fault::new(
                    INVALID_REQUEST,
                    "the \"method\" must be a string, such as \"tools/list\"",
                    id,
                ));
            }
        },
    };
    // From here on the envelope is a request (with an id) or a notification (without one); a
    // notification gets no answer, whatever its params.
    let fault = |code: i32, message: String| -> Verdict {
        let fault = Fault::new(code, message, id);
        if id.is_some() {
            Verdict::Answer(fault)
        } else {
            Verdict::Unanswerable(fault)
        }
    };
    let standard = STANDARD_METHODS.contains(&method.as_str());
    let params = match member("params") {
        Err(fault) => return Verdict::Answer(with_id(fault)),
        Ok(None) => None,
        Ok(Some(raw)) => match serde_json::from_str::<Value>(raw.get()) {
            Ok(params) => Some(params),
            Err(_) => {
                return fault(
                    INVALID_PARAMS,
                    "the \"params\" hold a number beyond the range of a 64-bit float (such as 1e999999): send such a number as a string".into(),
                );
            }
        },
    };
    if standard
        && params
            .as_ref()
            .is_some_and(|p| !p.is_object() && !p.is_null())
    {
        return fault(
            INVALID_PARAMS,
            format!("the \"params\" of {method} must be an object"),
        );
    }
    if method == CallToolRequestMethod::VALUE {
        let params = params.as_ref().and_then(Value::as_object);
        let name = params.and_then(|p| p.get("name"));
        if !name.is_some_and(Value::is_string) {
            return fault(
                INVALID_PARAMS,
                "tools/call needs \"params\": {\"name\": the tool's id as a string, \"arguments\": an object}".into(),
            );
        }
        let arguments = params.and_then(|p| p.get("arguments"));
        if arguments.is_some_and(|a| !a.is_object() && !a.is_null()) {
            return fault(
                INVALID_PARAMS,
                "the \"arguments\" of tools/call must be an object of the tool's arguments, such as {\"expression\": \"1 + 1\"}".into(),
            );
        }
    }
    for (name, raw) in members {
        if serde_json::from_str::<Value>(raw.get()).is_err() {
            return Verdict::Answer(Fault::new(
                INVALID_REQUEST,
                format!(
                    "the member {name:?} holds a number beyond the range of a 64-bit float: leave it out"
                ),
                id,
            ));
        }
    }
    if standard {
        fault(
            INVALID_PARAMS,
            format!("the \"params\" do not fit {method}: see the MCP specification of its params"),
        )
    } else {
        fault(
            INVALID_REQUEST,
            "the message is not a JSON-RPC 2.0 request this server can read".into(),
        )
    }
}

/// Whether rmcp reads `id` as a request id: a string, or an integer in `i64` (also written as a
/// float, when below 2^53 in magnitude).
fn readable_id(id: &Value) -> bool {
    match id {
        Value::String(_) => true,
        Value::Number(number) => {
            number.as_i64().is_some()
                || number.as_f64().is_some_and(|f| {
                    f.fract() == 0.0 && f.abs() < 9_007_199_254_740_992.0 && !number.is_u64()
                })
        }
        _ => false,
    }
}

/// Nesting deeper than [`MAX_DEPTH`], or a lone surrogate escape, in `text` (valid JSON).
fn scan(text: &str) -> Option<Fault> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut in_string = false;
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        if in_string {
            match byte {
                b'"' => in_string = false,
                b'\\' => {
                    if bytes.get(at + 1) != Some(&b'u') {
                        at += 2;
                        continue;
                    }
                    let unit = hex4(bytes, at + 2);
                    match unit {
                        Some(0xD800..=0xDBFF) => {
                            let low = (bytes.get(at + 6..at + 8) == Some(b"\\u".as_slice()))
                                .then(|| hex4(bytes, at + 8))
                                .flatten();
                            if !matches!(low, Some(0xDC00..=0xDFFF)) {
                                return Some(lone_surrogate());
                            }
                            at += 12;
                        }
                        Some(0xDC00..=0xDFFF) => return Some(lone_surrogate()),
                        _ => at += 6,
                    }
                    continue;
                }
                _ => {}
            }
        } else {
            match byte {
                b'"' => in_string = true,
                b'[' | b'{' => {
                    depth += 1;
                    if depth > MAX_DEPTH {
                        return Some(Fault::parse(format!(
                            "the message nests arrays and objects more than {MAX_DEPTH} deep: flatten it"
                        )));
                    }
                }
                b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        at += 1;
    }
    None
}

fn lone_surrogate() -> Fault {
    Fault::parse(
        "a string holds a lone UTF-16 surrogate escape (such as \"\\ud800\"), which is no character: escape a character outside the BMP as a surrogate pair, or send it as UTF-8",
    )
}

/// The four hex digits at `at`, as a number.
fn hex4(bytes: &[u8], at: usize) -> Option<u16> {
    let digits = std::str::from_utf8(bytes.get(at..at + 4)?).ok()?;
    u16::from_str_radix(digits, 16).ok()
}

/// The members of a JSON object in order, duplicates kept, values unparsed.
struct Members(Vec<(String, Box<RawValue>)>);

impl<'de> Deserialize<'de> for Members {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MembersVisitor;
        impl<'de> Visitor<'de> for MembersVisitor {
            type Value = Members;
            fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
                formatter.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Members, A::Error> {
                let mut members = Vec::new();
                while let Some(entry) = map.next_entry::<String, Box<RawValue>>()? {
                    members.push(entry);
                }
                Ok(Members(members))
            }
        }
        deserializer.deserialize_map(MembersVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(depth: usize) -> String {
        // `params` is one level, `arguments` another: `depth` levels in all, the envelope included.
        let inner = depth - 3;
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"calc","arguments":{{"x":{}{}}}}}}}"#,
            "[".repeat(inner),
            "]".repeat(inner)
        )
    }

    fn answer(message: &str) -> Fault {
        match check(message.as_bytes()) {
            Verdict::Answer(fault) => fault,
            other => panic!("{message}: {other:?}"),
        }
    }

    #[test]
    fn rmcp_reads_max_depth_and_the_check_refuses_one_more() {
        assert_eq!(check(nested(MAX_DEPTH).as_bytes()), Verdict::Forward);
        let fault = answer(&nested(MAX_DEPTH + 1));
        assert_eq!((fault.code, fault.id.clone()), (PARSE_ERROR, Value::Null));
        assert!(fault.message.contains("more than 127 deep"), "{fault:?}");
        assert!(
            serde_json::from_str::<ClientJsonRpcMessage>(&nested(MAX_DEPTH + 1)).is_err(),
            "rmcp cannot read one level more"
        );
    }

    #[test]
    fn each_fault_gets_its_code_and_id() {
        for (message, code, id) in [
            (
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",",
                PARSE_ERROR,
                Value::Null,
            ),
            ("nul", PARSE_ERROR, Value::Null),
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"x\ud800"}"#,
                PARSE_ERROR,
                Value::Null,
            ),
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"x\udc00\ud800"}"#,
                PARSE_ERROR,
                Value::Null,
            ),
            ("[1, 2]", INVALID_REQUEST, Value::Null),
            ("3", INVALID_REQUEST, Value::Null),
            (
                r#"{"jsonrpc":"2.0","id":{},"method":"ping"}"#,
                INVALID_REQUEST,
                Value::Null,
            ),
            (
                r#"{"jsonrpc":"2.0","id":1e999999,"method":"ping"}"#,
                INVALID_REQUEST,
                Value::Null,
            ),
            (
                r#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#,
                INVALID_REQUEST,
                Value::Null,
            ),
            (
                r#"{"jsonrpc":"2.0","id":9223372036854775808,"method":"ping"}"#,
                INVALID_REQUEST,
                Value::Null,
            ),
            (
                r#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#,
                INVALID_REQUEST,
                Value::Null,
            ),
            (
                r#"{"jsonrpc":"1.0","id":7,"method":"ping"}"#,
                INVALID_REQUEST,
                json!(7),
            ),
            (r#"{"id":7,"method":"ping"}"#, INVALID_REQUEST, json!(7)),
            (r#"{"jsonrpc":"2.0","id":"a"}"#, INVALID_REQUEST, json!("a")),
            (
                r#"{"jsonrpc":"2.0","id":7,"method":3}"#,
                INVALID_REQUEST,
                json!(7),
            ),
            (
                r#"{"jsonrpc":"2.0","id":7,"id":8,"method":"ping"}"#,
                INVALID_REQUEST,
                Value::Null,
            ),
            (
                r#"{"jsonrpc":"2.0","id":7,"method":"ping","method":"ping"}"#,
                INVALID_REQUEST,
                json!(7),
            ),
            (
                r#"{"jsonrpc":"2.0","id":7,"method":"ping","x":-1e999}"#,
                INVALID_REQUEST,
                json!(7),
            ),
            (
                r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"calc","arguments":[1]}}"#,
                INVALID_PARAMS,
                json!(7),
            ),
            (
                r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"calc","arguments":"x"}}"#,
                INVALID_PARAMS,
                json!(7),
            ),
            (
                r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"arguments":{}}}"#,
                INVALID_PARAMS,
                json!(7),
            ),
            (
                r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":5}}"#,
                INVALID_PARAMS,
                json!(7),
            ),
            (
                r#"{"jsonrpc":"2.0","id":7,"method":"tools/call"}"#,
                INVALID_PARAMS,
                json!(7),
            ),
            (
                r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":[1]}"#,
                INVALID_PARAMS,
                json!(7),
            ),
            (
                r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"calc","arguments":{"x":1e999}}}"#,
                INVALID_PARAMS,
                json!(7),
            ),
            (
                r#"{"jsonrpc":"2.0","id":7,"method":"resources/read","params":{}}"#,
                INVALID_PARAMS,
                json!(7),
            ),
            (
                r#"{"jsonrpc":"2.0","id":"s","method":"tools/list","params":[]}"#,
                INVALID_PARAMS,
                json!("s"),
            ),
        ] {
            let fault = answer(message);
            assert_eq!((fault.code, &fault.id), (code, &id), "{message}: {fault:?}");
            let line = String::from_utf8(fault.to_json()).expect("UTF-8");
            let parsed: Value = serde_json::from_str(&line).expect("JSON");
            assert_eq!(parsed["jsonrpc"], "2.0");
            assert_eq!(parsed["id"], id, "{line}");
            assert_eq!(parsed["error"]["code"], code);
            for internal in [
                "line 1 column",
                "recursion limit",
                "expected",
                "invalid type",
                "EOF",
                "untagged",
                "unrecognized",
            ] {
                assert!(!fault.message.contains(internal), "{message}: {fault:?}");
            }
        }
        let fault = answer("\u{1}\u{2}");
        assert_eq!(fault.code, PARSE_ERROR);
        match check(b"{\"a\": \"\xff\"}") {
            Verdict::Answer(fault) => assert!(fault.message.contains("not UTF-8"), "{fault:?}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn readable_messages_go_on_to_rmcp() {
        for message in [
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"calc","arguments":{"expression":"1"}}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"calc"}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x\ud83d\ude00"}}"#,
            r#"{"jsonrpc":"2.0","id":1e2,"method":"ping"}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"no/such/method"}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            r#"{"jsonrpc":"2.0","id":4,"result":{}}"#,
        ] {
            assert_eq!(check(message.as_bytes()), Verdict::Forward, "{message}");
        }
    }

    #[test]
    fn unreadable_notifications_and_responses_are_not_answered() {
        for message in [
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"x":1e999}}"#,
            r#"{"jsonrpc":"2.0","id":{},"result":1e999}"#,
        ] {
            assert!(
                matches!(check(message.as_bytes()), Verdict::Unanswerable(_)),
                "{message}: {:?}",
                check(message.as_bytes())
            );
        }
    }
}
