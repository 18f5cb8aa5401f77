//! The examples of the function reference (`calculator://help`) against math.js 15.2 itself.
//! Every example must evaluate in math.js (aliases of spec 6.2 replaced by their targets, since
//! plain math.js lacks them). reckon's `result` must be math.js's formatted `result`, except for
//! the examples the pending ratchet lists (`tests/pending.jsonl`, suite `reference`), which must
//! still answer "... is not implemented in reckon yet"; the expectation never comes from reckon's
//! own tables.
//!
//! Needs Node.js and `tests/peer/node_modules` (`npm ci` in `tests/peer`, which `scripts/test` runs).

mod common;

use common::{assert_no_differences, difference, pending_feature, pending_list, run_peer};
use serde_json::{Value, json};

#[test]
fn reference_examples_agree_with_mathjs() {
    let examples = reckon_math::reference_examples();
    assert!(!examples.is_empty());
    let inputs: Vec<Value> = examples
        .iter()
        .map(|e| json!(e.mathjs_expression))
        .collect();
    let answers = run_peer("evaluate.mjs", &[], &inputs);
    let (mut same, mut pending, mut failures) = (0, 0, Vec::new());
    let list = pending_list();
    let mut ratchet = list.ratchet("reference");
    for (example, want) in examples.iter().zip(&answers) {
        let label = format!("{} (example of {})", example.expression, example.name);
        if want.get("error").is_some() {
            failures.push(format!("{label}: math.js refuses the example: {want}"));
            continue;
        }
        let request = json!({"expression": example.expression}).to_string();
        let got = reckon_math::calculate(request.as_bytes());
        if ratchet.record(example.expression, pending_feature(&got)) {
            pending += 1;
            continue;
        }
        let agree = match (&got, want.get("error")) {
            (Ok(out), None) => out["result"] == want["result"],
            (Err(_), Some(_)) => true,
            _ => false,
        };
        if agree {
            same += 1;
        } else {
            failures.push(difference(&label, want, &got));
        }
    }
    println!(
        "{} examples: {same} implemented and agreeing with math.js, {pending} not yet in reckon",
        examples.len()
    );
    if let Err(report) = ratchet.finish() {
        failures.push(report);
    }
    assert_no_differences(&failures);
}
