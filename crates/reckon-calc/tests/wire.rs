//! The calc answer's exact bytes: what `JSON.stringify` would write.

use reckon_calc::wire::{respond, respond_value};
use reckon_core::ErrorCategory;

fn answer(input: &str) -> (String, Option<ErrorCategory>) {
    let mut out = Vec::new();
    let category = respond(input.as_bytes(), &mut out);
    (String::from_utf8(out).expect("UTF-8"), category)
}

#[test]
fn lone_surrogates_in_prefix_and_suffix_are_copied_as_json_stringify_writes_them() {
    let (text, category) = answer(
        r#"{"calculations":[{"expression":"1","prefix":"\ud800","suffix":"\uDC00x\ud83d\ude00"}]}"#,
    );
    assert_eq!(category, None);
    assert_eq!(
        text,
        "{\"content\":[{\"type\":\"text\",\"text\":\"\\ud8001\\udc00x😀\"}],\"details\":{\"results\":[{\"expression\":\"1\",\"value\":1,\"output\":\"\\ud8001\\udc00x😀\"}]}}"
    );
    let (value, _) =
        respond_value(br#"{"calculations":[{"expression":"1","prefix":"\ud800","suffix":""}]}"#);
    assert_eq!(
        value["details"]["results"][0]["output"], "\u{FFFD}1",
        "the Value form replaces what Rust strings cannot hold"
    );
}

#[test]
fn control_characters_and_quotes_are_escaped_like_json_stringify() {
    let (text, _) = answer(
        r#"{"calculations":[{"expression":"2","prefix":"\"\\\b\f\n\r\t\u0001\u001f","suffix":"\u2028é"}]}"#,
    );
    assert!(
        text.contains(r#""output":"\"\\\b\f\n\r\t\u0001\u001f2"#),
        "{text}"
    );
    assert!(
        text.contains("2\u{2028}é\""),
        "U+2028 is written raw, as JSON.stringify does: {text}"
    );
}

#[test]
fn values_are_spelled_as_javascript_spells_them() {
    let (text, _) = answer(
        r#"{"calculations":[{"expression":"1e21","prefix":"","suffix":""},{"expression":"-0","prefix":"","suffix":""},{"expression":"1.5e-7","prefix":"","suffix":""}]}"#,
    );
    assert!(
        text.contains(r#""value":1e+21,"#)
            && text.contains(r#""value":0,"#)
            && text.contains(r#""value":1.5e-7,"#),
        "{text}"
    );
    let parsed: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(
        parsed["details"]["results"][0]["value"].as_f64(),
        Some(1e21)
    );
}

#[test]
fn errors_carry_message_code_index_and_position() {
    let (text, category) = answer(
        r#"{"calculations":[{"expression":"1","prefix":"","suffix":""},{"expression":"1 + x","prefix":"","suffix":""}]}"#,
    );
    assert_eq!(category, Some(ErrorCategory::InvalidInput));
    assert_eq!(
        text,
        r#"{"error":{"message":"Invalid character \"x\" in expression","code":"invalid_input","index":1,"position":4}}"#
    );
    let (_, category) =
        answer(r#"{"calculations":[{"expression":"1/0","prefix":"","suffix":""}]}"#);
    assert_eq!(category, Some(ErrorCategory::NotComputable));
}

#[test]
fn a_missing_prefix_or_suffix_says_how_to_have_none() {
    let (text, category) = answer(r#"{"calculations":[{"expression":"1 + 1","suffix":""}]}"#);
    assert_eq!(category, Some(ErrorCategory::InvalidInput));
    assert_eq!(
        text,
        r#"{"error":{"message":"Invalid input: calculations[0].prefix is required (pass \"\" for no prefix)","code":"invalid_input"}}"#
    );
    let (text, _) = answer(r#"{"calculations":[{"expression":"1","prefix":""}]}"#);
    assert!(
        text.contains(r#"calculations[0].suffix is required (pass \"\" for no suffix)"#),
        "{text}"
    );
    // A missing expression has no empty default to suggest.
    let (text, _) = answer(r#"{"calculations":[{"prefix":"","suffix":""}]}"#);
    assert!(
        text.contains(r#""Invalid input: calculations[0].expression is required""#),
        "{text}"
    );
}
