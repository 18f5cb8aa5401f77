//! Property test over the registry: for every tool, any input line (random bytes, or a JSON
//! object of the tool's member names with random values) gets exactly one answer, the same through
//! `execute_into` (the HTTP and `reckon exec` path) and `execute_json` (the MCP path), and the
//! reported category matches the body (`error` present exactly when a category is reported).

use proptest::prelude::*;
use reckon_tools::{Registry, Tool};
use serde_json::{Value, json};

fn one_answer(tool: &dyn Tool, input: &[u8]) -> Result<(), TestCaseError> {
    let mut text = Vec::new();
    let outcome = tool.execute_into(input, &mut text);
    let execution = tool.execute_json(input);
    prop_assert_eq!(outcome.error, execution.error, "{}", tool.id());
    prop_assert!(!text.is_empty() && !text.contains(&b'\n'));
    match serde_json::from_slice::<Value>(&text) {
        Ok(parsed) => prop_assert_eq!(&parsed, &execution.body, "{}", tool.id()),
        // calc writes lone surrogates of prefix/suffix as JSON.stringify does (`\ud800`), which
        // serde_json refuses; its Value form has U+FFFD there.
        Err(e) => prop_assert!(
            tool.id() == "calc" && e.to_string().contains("surrogate"),
            "{}: {}",
            tool.id(),
            e
        ),
    }
    let object = execution.body.as_object();
    prop_assert!(object.is_some(), "an object");
    let is_error = execution.body.get("error").is_some();
    prop_assert_eq!(
        is_error,
        outcome.error.is_some(),
        "{}: {}",
        tool.id(),
        execution.body
    );
    if is_error {
        prop_assert_eq!(object.map(serde_json::Map::len), Some(1));
        prop_assert!(
            execution.body["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty())
        );
    }
    Ok(())
}

fn member_soup() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-5i64..50).prop_map(|n| json!(n)),
        "[-+*/^%()0-9a-z.,; ]{0,16}".prop_map(Value::String),
    ];
    let value = leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Value::Array),
            prop::collection::btree_map("[a-z]{1,3}|expression|prefix|suffix", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    });
    let names = prop::sample::select(vec![
        "expression",
        "variables",
        "scale",
        "rounding",
        "calculations",
        "operation",
        "variable",
        "scope",
        "precision",
        "numericType",
    ]);
    prop::collection::btree_map(names.prop_map(str::to_owned), value, 0..5)
        .prop_map(|m| Value::Object(m.into_iter().collect()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_get_one_answer_from_every_tool(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        for tool in Registry::standard().tools() {
            one_answer(tool, &bytes)?;
        }
    }

    #[test]
    fn random_member_soup_gets_one_answer_from_every_tool(input in member_soup()) {
        let bytes = serde_json::to_vec(&input).expect("serialises");
        for tool in Registry::standard().tools() {
            one_answer(tool, &bytes)?;
        }
    }
}
