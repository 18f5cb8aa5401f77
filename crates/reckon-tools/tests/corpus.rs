//! Runs every case file under `tests/cases/<tool id>/` through the library (the registry), for every
//! registered tool. The same files run through `reckon exec` in the CLI's tests.

use reckon_tools::Registry;
use reckon_tools::corpus::{self, Case};
use std::path::{Path, PathBuf};

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases")
}

fn load(tool: &str) -> Vec<Case> {
    let dir = cases_dir().join(tool);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "jsonl"))
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|path| {
            let text =
                std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            corpus::parse_cases(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        })
        .collect()
}

/// The pending ratchet (`tests/pending.jsonl`): the only inputs that may answer "not implemented
/// in reckon yet".
fn pending_list() -> reckon_tools::pending::PendingList {
    reckon_tools::pending::PendingList::load(&cases_dir().join("../pending.jsonl"))
}

#[test]
fn every_case_passes_through_the_library() {
    let registry = Registry::standard();
    let pending_list = pending_list();
    let mut ratchet = pending_list.ratchet("cases");
    for tool in registry.tools() {
        let cases = load(tool.id());
        assert!(
            cases.len() > 100,
            "{}: only {} cases found",
            tool.id(),
            cases.len()
        );
        let mut pending = 0;
        let failures: Vec<String> = cases
            .iter()
            .filter_map(|case| {
                let got = tool.execute_json(case.line.as_bytes()).body;
                let key = format!("{}/{}", tool.id(), case.id);
                if ratchet.record(&key, corpus::pending_feature(&got)) {
                    pending += 1;
                    return None;
                }
                corpus::check_case(case, &got)
                    .err()
                    .map(|why| format!("{} [{}]: {why}", case.id, case.category))
            })
            .collect();
        println!("{}: {} cases, {pending} pending", tool.id(), cases.len());
        assert!(
            failures.is_empty(),
            "{}: {} of {} cases failed:\n{}",
            tool.id(),
            failures.len(),
            cases.len(),
            failures.join("\n")
        );
    }
    if let Err(report) = ratchet.finish() {
        panic!("{report}");
    }
}

#[test]
fn the_seed_examples_are_answered_as_published() {
    let registry = Registry::standard();
    let tool = registry
        .get("decimal-expression-evaluate")
        .expect("registered");
    let examples = tool.manifest()["examples"]
        .as_array()
        .expect("the seed has examples");
    assert_eq!(examples.len(), 3);
    for example in examples {
        assert_eq!(
            tool.execute(&example["input"]),
            example["output"],
            "{}",
            example["input"]
        );
    }
}

#[test]
fn the_registry_serves_the_manifest_and_schemas_as_written() {
    let registry = Registry::standard();
    let tool = registry
        .get_version("decimal-expression-evaluate", "1.0.0")
        .expect("registered");
    let seed: serde_json::Value =
        serde_json::from_str(include_str!("../../reckon-decimal/manifest.json"))
            .expect("valid JSON");
    assert_eq!(tool.manifest(), &seed);
    assert_eq!(tool.input_schema(), &seed["input_schema"]);
    assert_eq!(tool.output_schema(), &seed["output_schema"]);
    assert_eq!(
        tool.manifest()["execute_url"],
        "/v1/tools/decimal-expression-evaluate/versions/1.0.0/execute"
    );
    assert!(
        registry
            .get_version("decimal-expression-evaluate", "2.0.0")
            .is_none()
    );
    assert!(registry.get("nope").is_none());
    assert_eq!(
        registry.ids(),
        ["decimal-expression-evaluate", "calc", "calculate"]
    );
}

#[test]
fn answers_carry_the_category_and_the_work_spent() {
    let registry = Registry::standard();
    let tool = registry
        .get("decimal-expression-evaluate")
        .expect("registered");
    let ok = tool.execute_json(br#"{"expression": "1.50 + 2"}"#);
    // 1.50 reduces from 150/100 (3 digits: 9), 2 costs 1, the add sees 3/2 and 2/1 (1 digit: 1).
    assert_eq!((ok.error, ok.work_units), (None, 9 + 1 + 1));
    let refused = tool.execute_json(br#"{"expression": "1/0"}"#);
    assert_eq!(
        refused.error,
        Some(reckon_tools::ErrorCategory::NotComputable)
    );
    assert_eq!(refused.work_units, 2);
}

#[test]
fn the_direct_writer_writes_the_same_answer_as_the_value_path() {
    let registry = Registry::standard();
    for tool in registry.tools() {
        for case in load(tool.id()) {
            let execution = tool.execute_json(case.line.as_bytes());
            let mut direct = Vec::new();
            let outcome = tool.execute_into(case.line.as_bytes(), &mut direct);
            let parsed: serde_json::Value =
                serde_json::from_slice(&direct).unwrap_or_else(|e| panic!("{}: {e}", case.id));
            assert_eq!(parsed, execution.body, "{}", case.id);
            // Work units are deterministic, except where calculate's wall-clock backstop ends an
            // evaluation before its meter does (a debug build on a loaded machine): then only the
            // answer is.
            let backstop = execution.body.pointer("/error/data/reason")
                == Some(&serde_json::json!("evaluation_timeout"));
            assert_eq!(outcome.error, execution.error, "{}", case.id);
            if !backstop {
                assert_eq!(outcome.work_units, execution.work_units, "{}", case.id);
            }
            if tool.id() == "decimal-expression-evaluate" {
                // Byte for byte, too: the decimal tool's writer mirrors serde_json's compact form.
                assert_eq!(
                    String::from_utf8(direct).expect("UTF-8"),
                    execution.body.to_string(),
                    "{}",
                    case.id
                );
            }
        }
    }
}

#[test]
fn retain_keeps_a_subset_and_refuses_unknown_ids() {
    let mut registry = Registry::standard();
    let error = registry
        .retain(&["decimal-expression-evaluate", "nope"])
        .expect_err("unknown id");
    assert!(error.contains("unknown tool \"nope\""), "{error}");
    assert_eq!(
        registry.ids(),
        ["decimal-expression-evaluate", "calc", "calculate"],
        "nothing removed on error"
    );
    registry
        .retain(&["decimal-expression-evaluate"])
        .expect("known id");
    assert_eq!(registry.ids(), ["decimal-expression-evaluate"]);
}

#[test]
fn model_descriptions_say_what_a_tool_is_for_and_not_for_with_an_example() {
    let registry = Registry::standard();
    let tool = registry
        .get("decimal-expression-evaluate")
        .expect("registered");
    let description = tool.model_description();
    assert!(description.starts_with(&format!("{}\n{}", tool.purpose(), tool.description())));
    assert!(description.contains("\nUse it for: evaluate a decimal expression exactly;"));
    assert!(description.contains("\nNot for: cron expressions;"));
    assert!(
        description
            .contains("\nExample: arguments {\"expression\":\"price * qty * (1 + tax / 100)\"")
    );
}

#[test]
fn answer_texts_are_short_and_say_code_reason_and_message() {
    let registry = Registry::standard();
    let tool = registry
        .get("decimal-expression-evaluate")
        .expect("registered");
    let ok = tool.execute_json(br#"{"expression": "1/8"}"#).body;
    assert_eq!(tool.answer_text(&ok), "0.125 (exact; fraction 1/8)");
    let rounded = tool
        .execute_json(br#"{"expression": "1/3", "scale": 2, "rounding": "half_even"}"#)
        .body;
    assert_eq!(
        tool.answer_text(&rounded),
        "0.33 (rounded; the exact value is 1/3)"
    );
    let refused = tool.execute_json(br#"{"expression": "1/3"}"#).body;
    let text = tool.answer_text(&refused);
    assert!(text.starts_with("error not_computable (non_terminating_decimal): the exact result has no finite decimal expansion"), "{text}");
}

#[test]
fn calculate_answers_in_one_readable_line() {
    let registry = Registry::standard();
    let tool = registry.get("calculate").expect("registered");
    let ok = tool.execute_json(br#"{"expression": "sqrt(8/3)"}"#).body;
    assert_eq!(tool.answer_text(&ok), "1.632993161855452 (number)");
    let matrix = tool.execute_json(br#"{"expression": "[1, 2] * 2"}"#).body;
    assert_eq!(tool.answer_text(&matrix), "[2, 4] (DenseMatrix)");
    let unit = tool.execute_json(br#"{"expression": "5 kg to lbs"}"#).body;
    assert_eq!(tool.answer_text(&unit), "11.023113109243878 lbs (Unit)");
    let refused = tool.execute_json(br#"{"expression": "fft([1, 2])"}"#).body;
    let text = tool.answer_text(&refused);
    assert!(
        text.starts_with("error -32007 (evaluation_failed): Evaluation failed: fft() is not implemented in reckon yet Hint: Signal processing"),
        "{text}"
    );
    assert!(!text.contains('\n'), "{text}");
}

/// The three tools' model descriptions, by id.
fn model_descriptions() -> Vec<(&'static str, String)> {
    let registry = Registry::standard();
    registry
        .tools()
        .map(|tool| (tool.id(), tool.model_description()))
        .collect()
}

#[test]
fn each_description_first_says_which_job_its_tool_is_for() {
    for (id, description) in model_descriptions() {
        let first = description.lines().next().unwrap_or_default();
        let job = match id {
            "decimal-expression-evaluate" => "For money and exact decimal arithmetic",
            "calc" => "must match JavaScript's floating-point numbers",
            "calculate" => "For mathematics beyond plain decimal arithmetic",
            other => panic!("no job written for {other}"),
        };
        assert!(first.contains(job), "{id}: {first}");
        // Only calc's numbers are floating point, and its description says so.
        if id == "calc" {
            assert!(first.contains("not exact"), "{first}");
            assert!(!description.to_lowercase().contains("exact calculator"));
        }
    }
}

#[test]
fn descriptions_name_the_limits_a_caller_would_otherwise_meet_by_failing() {
    for (id, description) in model_descriptions() {
        let wanted: &[&str] = match id {
            "decimal-expression-evaluate" => &[
                "integer literal exponent of magnitude at most 100",
                "200 digits",
                "use the calculate tool with numericType \"BigNumber\" and round(x, 2)",
            ],
            "calc" => &["pass \"\" for none"],
            "calculate" => &["1,000 characters", "bigint(2)^bigint(200)"],
            other => panic!("no limits written for {other}"),
        };
        for phrase in wanted {
            assert!(description.contains(phrase), "{id}: {phrase} missing");
        }
    }
}

#[test]
fn calculate_says_what_is_not_built_and_what_to_do_instead() {
    let registry = Registry::standard();
    let tool = registry.get("calculate").expect("registered");
    let description = tool.model_description();
    // The line is generated from the list the refusals' hints come from: every feature and its
    // way around are in it, and it goes when the list is empty.
    match reckon_math::missing::not_built_line() {
        Some(line) => {
            assert!(description.contains(&line));
            assert!(line.contains("fft") && !line.contains("units") && !line.contains("slu"));
        }
        None => assert!(!description.contains("Not built")),
    }
    // Every feature the description calls missing does refuse, with its workaround.
    let refused = tool.execute_json(br#"{"expression": "fft([1, 2])"}"#).body;
    assert_eq!(refused["error"]["data"]["retryable"], false);
}

/// The JSON documents of a seed file, in order (the seed gives a name and a description line,
/// then the input schema and the output schema).
fn seed_documents(text: &str) -> Vec<serde_json::Value> {
    let start = text.find('{').expect("a JSON document");
    serde_json::Deserializer::from_str(&text[start..])
        .into_iter::<serde_json::Value>()
        .map(|document| document.expect("valid JSON"))
        .collect()
}

#[test]
fn calculate_publishes_the_seed_schemas_verbatim() {
    let registry = Registry::standard();
    let tool = registry
        .get_version("calculate", "1.0.0")
        .expect("registered");
    let seed = std::fs::read_to_string(cases_dir().join("calculate/seed.md")).expect("the seed");
    let documents = seed_documents(&seed);
    assert_eq!(documents.len(), 2);
    assert_eq!(tool.input_schema(), &documents[0]);
    assert_eq!(tool.output_schema(), &documents[1]);
    assert_eq!(
        tool.manifest()["execute_url"],
        "/v1/tools/calculate/versions/1.0.0/execute"
    );
    let description = seed.lines().filter(|l| !l.trim().is_empty()).nth(1);
    assert_eq!(Some(tool.description()), description);
}

/// The HTTP server answers calls a tool proves small on its async workers
/// (`Tool::execute_small_into`): for every case of every tool, that answer is byte for byte the
/// general path's, with the same outcome; decimal and calc prove every case small, and
/// calculate all but the few of more work than its allowance.
#[test]
fn every_small_answer_is_the_general_paths() {
    let registry = Registry::standard();
    for tool in registry.tools() {
        let cases = load(tool.id());
        let mut in_place = 0;
        for case in &cases {
            let input = case.line.as_bytes();
            let mut small = b"kept".to_vec();
            let Some(outcome) = tool.execute_small_into(input, &mut small) else {
                assert_eq!(
                    small,
                    b"kept",
                    "{}/{}: nothing appended",
                    tool.id(),
                    case.id
                );
                // Only calculate gives up, on a symbolic operation (its engine has a meter of
                // its own) or on more work than its allowance.
                let full = tool.execute_into(input, &mut Vec::new());
                let symbolic =
                    case.line.contains("\"simplify\"") || case.line.contains("\"derivative\"");
                assert!(
                    tool.id() == "calculate"
                        && (symbolic || full.work_units > reckon_math::SMALL_WORK_ALLOWANCE)
                        || case.line.len() > reckon_tools::SMALL_INPUT_BYTES,
                    "{}/{}: not answered in place ({} units)",
                    tool.id(),
                    case.id,
                    full.work_units
                );
                continue;
            };
            in_place += 1;
            let mut general = b"kept".to_vec();
            let expected = tool.execute_into(input, &mut general);
            assert_eq!(outcome, expected, "{}/{}", tool.id(), case.id);
            assert_eq!(
                String::from_utf8_lossy(&small),
                String::from_utf8_lossy(&general),
                "{}/{}",
                tool.id(),
                case.id
            );
        }
        let short = cases
            .iter()
            .filter(|case| case.line.len() <= reckon_tools::SMALL_INPUT_BYTES)
            .count();
        // Most cases are small (both outcomes are exercised).
        assert!(
            in_place * 5 >= short * 4,
            "{}: {in_place} of {short}",
            tool.id()
        );
    }
}
