//! The examples of the function reference (`calculator://help`) against math.js 15.2 itself.
//! Every example must evaluate in math.js (aliases of spec 6.2 replaced by their targets, since
//! plain math.js lacks them). For a name reckon implements, reckon's `result` must be math.js's
//! formatted `result` (or both must refuse the expression); for a name reckon does not implement
//! yet, reckon must answer "... is not implemented in reckon yet".
//!
//! Needs Node.js and `tests/peer/node_modules` (`npm ci` in `tests/peer`, which `scripts/test` runs).

mod common;

use common::{assert_no_differences, difference, run_peer};
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
    for (example, want) in examples.iter().zip(&answers) {
        let label = format!("{} (example of {})", example.expression, example.name);
        if want.get("error").is_some() {
            failures.push(format!("{label}: math.js refuses the example: {want}"));
            continue;
        }
        let request = json!({"expression": example.expression}).to_string();
        let got = reckon_math::calculate(request.as_bytes());
        let pending_answer = matches!(
            &got,
            Err(e) if reckon_math::missing::is_not_built(&e.message)
        );
        let agree = if example.implemented {
            match (&got, want.get("error")) {
                (Ok(out), None) => out["result"] == want["result"],
                (Err(_), Some(_)) => true,
                _ => false,
            }
        } else {
            pending += 1;
            pending_answer
        };
        if agree && example.implemented {
            same += 1;
        }
        if !agree {
            failures.push(difference(&label, want, &got));
        }
    }
    println!(
        "{} examples: {same} implemented and agreeing with math.js, {pending} not yet in reckon",
        examples.len()
    );
    assert_no_differences(&failures);
}
