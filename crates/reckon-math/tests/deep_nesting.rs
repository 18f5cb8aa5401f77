//! Section 10: any nesting that fits in 1,000 code units must parse, evaluate and print without
//! exhausting the stack, on a thread with the documented [`reckon_math::STACK_BYTES`]. Each form
//! is run at the deepest nesting the length limit admits (N), and one level deeper (N + 1), which
//! the length check refuses before anything recursive runs.

use serde_json::json;

fn on_documented_stack(expression: String) -> Result<String, String> {
    std::thread::Builder::new()
        .stack_size(reckon_math::STACK_BYTES)
        .spawn(move || {
            let input = json!({ "expression": expression }).to_string();
            reckon_math::calculate(input.as_bytes())
                .map(|out| out["result"].as_str().unwrap_or_default().to_owned())
                .map_err(|e| e.reason.name().to_owned())
        })
        .expect("thread starts")
        .join()
        .expect("no panic")
}

#[test]
fn the_deepest_nestings_evaluate_and_one_more_level_is_refused_by_length() {
    type Form = fn(usize) -> (String, &'static str);
    let forms: [(usize, Form); 6] = [
        // (deepest level that fits, the expression at a level, its answer)
        (999, |n| (format!("{}1", "-".repeat(n)), "-1")),
        (499, |n| {
            (format!("{}1{}", "(".repeat(n), ")".repeat(n)), "1")
        }),
        (199, |n| {
            (format!("{}1{}", "abs(".repeat(n), ")".repeat(n)), "1")
        }),
        (499, |n| (format!("{}1", "1^".repeat(n)), "1")),
        (333, |n| {
            (format!("{}2{}", "-(".repeat(n), ")".repeat(n)), "-2")
        }),
        (249, |n| (format!("{}1", "not ".repeat(n)), "false")),
    ];
    for (deepest, form) in forms {
        let (expression, answer) = form(deepest);
        assert!(expression.len() <= 1000, "{} characters", expression.len());
        assert_eq!(
            on_documented_stack(expression.clone()).as_deref(),
            Ok(answer),
            "{expression:.40}…"
        );
        let (longer, _) = form(deepest + 1);
        assert!(longer.len() > 1000, "{deepest} is not the deepest level");
        assert_eq!(
            on_documented_stack(longer),
            Err("expression_too_long".to_owned())
        );
    }
}
