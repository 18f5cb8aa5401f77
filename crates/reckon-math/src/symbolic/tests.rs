//! Tests of simplify and derivative through the whole pipeline. Expected values are math.js
//! 15.2's answers or the specification's text (section 8, 11d, 12); where reckon prints an
//! equivalent form of its own, the test says so.

use serde_json::json;

/// `(result, unchanged)` of simplify, or the refusal's `reason: message`.
fn simplified(expression: &str) -> Result<(String, bool), String> {
    let input = json!({"expression": expression, "operation": "simplify"}).to_string();
    match crate::calculate(input.as_bytes()) {
        Ok(out) => Ok((
            out["result"].as_str().unwrap_or("?").to_owned(),
            out["unchanged"].as_bool().unwrap_or(false),
        )),
        Err(e) => Err(format!("{}: {}", e.reason.name(), e.message)),
    }
}

/// The derivative's result, or the refusal's `reason: message`.
fn derived(expression: &str, variable: &str) -> Result<String, String> {
    let input = json!({"expression": expression, "operation": "derivative", "variable": variable})
        .to_string();
    match crate::calculate(input.as_bytes()) {
        Ok(out) => Ok(out["result"].as_str().unwrap_or("?").to_owned()),
        Err(e) => Err(format!("{}: {}", e.reason.name(), e.message)),
    }
}

#[track_caller]
fn simplifies(expression: &str, want: &str, unchanged: bool) {
    assert_eq!(
        simplified(expression),
        Ok((want.to_owned(), unchanged)),
        "simplify {expression}"
    );
}

#[track_caller]
fn derives(expression: &str, want: &str) {
    assert_eq!(
        derived(expression, "x"),
        Ok(want.to_owned()),
        "d/dx {expression}"
    );
}

/// Section 8.1's required families, with math.js 15.2's results (spec text).
#[test]
fn the_required_families_simplify_as_mathjs_does() {
    for (input, want) in [
        // constant folding
        ("3 + 2/4", "7 / 2"),
        ("0.1 + 0.2", "3 / 10"),
        ("2.5", "5 / 2"),
        ("sqrt(4)", "2"),
        ("sqrt(2)", "1.4142135623730951"),
        ("pi * 2", "2 * pi"),
        ("log(e)", "1"),
        ("sin(0)", "0"),
        // matrices of constants
        ("[1, 2] + [3, 4]", "[4, 6]"),
        ("[1, 2] * 2", "[2, 4]"),
        ("det([1, 2; 3, 4]) * x", "-(2 * x)"),
        // negation distributes over a sum with a negative term
        ("-(x - y)", "y - x"),
        ("log(z) - (3 + y - 4)", "log(z) + 1 - y"),
        // a complex part folds into a real value as a whole
        ("abs(sqrt(-1.5))", "1.224744871391589"),
        // identities
        ("x + 0", "x"),
        ("1 * x", "x"),
        ("x^1", "x"),
        ("x^0", "1"),
        ("0 * x", "0"),
        ("0 / x", "0"),
        ("x - x", "0"),
        ("-(-x)", "x"),
        ("x / x", "1"),
        // like terms and coefficients
        ("2x + 3x", "5 * x"),
        ("x / 2 + x / 2", "x"),
        ("0.4 * x", "x * 2 / 5"),
        ("foo(x) + foo(x)", "2 * foo(x)"),
        // like factors and powers
        ("x * x", "x ^ 2"),
        ("x^2 * x^3", "x ^ 5"),
        ("(x^2)^3", "x ^ 6"),
        ("x^2 / x", "x"),
        ("(2x)/(4x)", "1 / 2"),
        ("e^x * e^y", "e ^ (x + y)"),
        ("a/(a/c)", "c"),
        ("x^(1/2) * x^(1/2)", "x"),
        ("(2x)^3", "8 * x ^ 3"),
        // standard form
        ("x * 2", "2 * x"),
        ("2 + x", "x + 2"),
        ("x + -1", "x - 1"),
        ("-y + x", "x - y"),
        ("x^-1", "1 / x"),
        ("x + (y + z)", "x + y + z"),
        ("(x)", "x"),
        ("x.y", "x[\"y\"]"),
    ] {
        simplifies(input, want, false);
    }
}

/// Reordering, regrouping or an implicit product alone is no progress (8.3), and what no rule
/// applies to comes back as written.
#[test]
fn what_no_rule_changes_is_unchanged() {
    for input in [
        "y + x",
        "x + 2 + y",
        "2 * x + 3",
        "3 * (x + 2)",
        "(x + 1) ^ 2",
        "x + 1",
        "-(x + 1)",
        "x - (y + z)",
        "2 x + 3",
        "2 x y",
        "x == x",
        "n!",
        "5 kg + 3",
        "x ^ 2 * y",
        "1 - x",
        "x / 3",
        "log(x) + log(y)",
        "sqrt(x)",
        "1e-20 * x",
        "x + 1e-20",
        "100000 * x",
    ] {
        simplifies(input, input, true);
    }
    // Alias renaming happens before the comparison (8.3).
    simplifies("ln(x)", "log(x)", true);
}

/// The 12 trigonometric rules of 8.1, each alone and matched in another order or grouping.
#[test]
fn the_twelve_trigonometric_rules() {
    for (input, want) in [
        ("sin(x)^2 + cos(x)^2", "1"),
        ("cos(x)^2 + sin(x)^2", "1"),
        ("1 - sin(x)^2", "cos(x) ^ 2"),
        ("1 - cos(x)^2", "sin(x) ^ 2"),
        ("tan(x)^2 + 1", "sec(x) ^ 2"),
        ("1 + tan(x)^2", "sec(x) ^ 2"),
        ("sec(x)^2 - 1", "tan(x) ^ 2"),
        ("1 + cot(x)^2", "csc(x) ^ 2"),
        ("cot(x)^2 + 1", "csc(x) ^ 2"),
        ("csc(x)^2 - 1", "cot(x) ^ 2"),
        ("2 * sin(x) * cos(x)", "sin(2 * x)"),
        ("cos(x)^2 - sin(x)^2", "cos(2 * x)"),
        // any order and grouping, any argument
        ("sin(x) * cos(x) * 2", "sin(2 * x)"),
        ("cos(2x)^2 + (y + sin(2x)^2)", "y + 1"),
        ("sin(2x)^2 + cos(2x)^2", "1"),
    ] {
        simplifies(input, want, false);
    }
}

/// Spec 11d: the cancellations beyond math.js, and expansion never for its own sake.
#[test]
fn polynomial_cancellations_beyond_mathjs() {
    for (input, want) in [
        ("(x^2 - 1) / (x - 1)", "x + 1"),
        ("(x^2 + 2x + 1) / (x + 1)", "x + 1"),
        ("(x^2 - 4) / (x + 2)", "x - 2"),
        ("x^2 + 2x + 1 - (x + 1)^2", "0"),
        ("(x + 1) * (x - 1) - (x^2 - 1)", "0"),
        ("(x^3 - 1) / (x - 1)", "x ^ 2 + x + 1"),
        ("(a^2 - b^2) / (a + b)", "a - b"),
        ("(x y + x) / x", "y + 1"),
    ] {
        simplifies(input, want, false);
    }
    simplifies("x / (x + 1) + 1 / (x + 1)", "1", false);
    simplifies("(x + 1)^2", "(x + 1) ^ 2", true);
    simplifies("(x + 1)^100", "(x + 1) ^ 100", true);
    // Over a common denominator only when that is smaller.
    simplifies("1 / x + 1 / y", "1 / x + 1 / y", true);
    // Quotient-rule results combine over their common denominator, factored (math.js's forms).
    derives("(x + 1) / (x - 1)", "-(2 / (x - 1) ^ 2)");
    derives("x / (x^2 + 1)", "(1 - x ^ 2) / (x ^ 2 + 1) ^ 2");
}

/// The two unsound math.js rewrites reckon does not reproduce (11d).
#[test]
fn constants_are_zero_only_when_exactly_zero() {
    simplifies("0 / 0", "NaN", false);
    simplifies("1e-20 * x", "1e-20 * x", true);
}

#[test]
fn simplify_refuses_what_has_no_symbolic_form() {
    for input in ["f(x) = x^2", "x > 1 ? x : 0", "1:3", "a = 2", "sqrt(-1)"] {
        let error = simplified(input).expect_err(input);
        assert!(
            error.starts_with(
                "evaluation_failed: The simplify operation cannot process this expression symbolically: "
            ),
            "{input}: {error}"
        );
    }
}

/// Section 8.2's examples and rules, with math.js 15.2's printings.
#[test]
fn derivatives_follow_every_rule() {
    for (input, want) in [
        ("x^2", "2 * x"),
        ("3x^2 + 2x + 1", "6 * x + 2"),
        ("sin(2x)", "2 * cos(2 x)"),
        ("x^2 * y", "2 * y * x"),
        ("log(x, 2)", "1.4426950408889634 / x"),
        ("1 / x", "-(1 / x ^ 2)"),
        ("sqrt(x)", "1 / 2 / sqrt(x)"),
        ("x^x", "x ^ x * (log(x) + 1)"),
        ("2^x", "0.6931471805599453 * 2 ^ x"),
        ("exp(x)", "exp(x)"),
        ("abs(x)", "abs(x) / x"),
        ("sinh(x)", "cosh(x)"),
        ("asin(x)", "1 / sqrt(1 - x ^ 2)"),
        ("pi * x", "pi"),
        ("ln(x)", "1 / x"),
        ("arctan(x)", "1 / (x ^ 2 + 1)"),
        ("y", "0"),
        ("floor(y)", "0"),
        ("foo(y) * x", "foo(y)"),
        ("f(x) = x^2", "2 * x"),
        ("sin(x)", "cos(x)"),
        ("cos(x)", "-sin(x)"),
        ("0^x", "0"),
        ("1^x", "0"),
        ("+x", "1"),
        ("pow(x, 3)", "3 * x ^ 2"),
        ("nthRoot(x)", "1 / 2 / sqrt(x)"),
    ] {
        derives(input, want);
    }
    assert_eq!(derived("t^3", "t"), Ok("3 * t ^ 2".to_owned()));
    assert_eq!(derived("x^2", "X"), Ok("0".to_owned()));
}

#[test]
fn derivatives_without_a_rule_name_it() {
    assert_eq!(
        derived("floor(x)", "x"),
        Err("evaluation_failed: The derivative operation has no rule for the function \"floor\", so it cannot differentiate this expression symbolically.".to_owned())
    );
    for (input, what) in [
        ("gamma(x)", "the function \"gamma\""),
        ("max(x, 1)", "the function \"max\""),
        ("log2(x)", "the function \"log2\""),
        ("foo(x)", "the function \"foo\""),
        ("x == 1", "the operator \"==\""),
        ("x!", "the operator \"!\""),
        ("x mod 2", "the operator \"mod\""),
    ] {
        let error = derived(input, "x").expect_err(input);
        assert!(error.contains(what), "{input}: {error}");
    }
    let input = json!({"expression": "floor(x)", "operation": "derivative", "variable": "x"});
    let error = crate::calculate(input.to_string().as_bytes()).expect_err("no rule");
    assert_eq!(error.position, Some(0));
    assert_eq!(
        error.hint.as_deref(),
        Some(
            "\"floor\" has no symbolic derivative rule — rewrite the expression without it, or evaluate it numerically with operation \"evaluate\", passing values for its variables (such as x) through scope."
        )
    );
    for input in ["x > 1 ? x : 0", "[x, 1]", "{a: x}"] {
        let error = derived(input, "x").expect_err(input);
        assert!(
            error.starts_with("evaluation_failed: The derivative operation cannot process this expression symbolically: "),
            "{input}: {error}"
        );
    }
}

#[test]
fn symbolic_answers_have_the_keys_of_section_2() {
    let answer = |input: serde_json::Value| {
        crate::calculate(input.to_string().as_bytes()).unwrap_or_else(|e| panic!("{e}"))
    };
    let out = answer(
        json!({"expression": "x + 1", "operation": "simplify", "scope": {"constructor": 1}, "precision": 3}),
    );
    assert_eq!(
        out,
        json!({"result": "x + 1", "resultType": "string", "expression": "x + 1", "operation": "simplify", "unchanged": true})
    );
    let out = answer(json!({"expression": "x^2", "operation": "derivative", "variable": "x"}));
    assert_eq!(
        out,
        json!({"result": "2 * x", "resultType": "string", "expression": "x^2", "operation": "derivative"})
    );
    // The direct writer writes the same object.
    let request = json!({"expression": "2x + 3x", "operation": "simplify"}).to_string();
    let mut text = Vec::new();
    crate::calculate_into(request.as_bytes(), &mut text).unwrap_or_else(|e| panic!("{e}"));
    let object = crate::calculate(request.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        String::from_utf8(text).unwrap_or_default(),
        object.to_string()
    );
}

/// Runs `f` on a thread with the stack the pipeline promises ([`crate::STACK_BYTES`]).
fn on_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(crate::STACK_BYTES)
        .spawn(f)
        .and_then(|h| h.join().map_err(|_| std::io::Error::other("panicked")))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Hostile inputs (11a): each answers, or is refused as the timeout, within the work budget
/// and without exhausting the stack.
#[test]
fn hostile_inputs_stay_within_the_work_budget() {
    let mut inputs: Vec<String> = vec![
        format!("{}x{}", "(".repeat(400), ")".repeat(400)),
        format!("{}x", "-".repeat(300)),
        format!("{}x{}", "sin(".repeat(120), ")".repeat(120)),
        ["x"; 300].join("+"),
        ["x"; 300].join("*"),
        (1..40)
            .map(|i| format!("(x+{i})"))
            .collect::<Vec<_>>()
            .join("*"),
        (0..60)
            .map(|i| format!("(x+{i})"))
            .collect::<Vec<_>>()
            .join("/"),
        (0..40)
            .map(|i| format!("(x{i}+1)"))
            .collect::<Vec<_>>()
            .join("*"),
        format!(
            "({})^8",
            (0..30)
                .map(|i| format!("x{i}"))
                .collect::<Vec<_>>()
                .join("+")
        ),
        "(x + 1)^100".into(),
        "(x+y+z+1)^60".into(),
        "(x+y+z+1)^60 / (x + y)".into(),
        "(x^2 - 1)^30 / (x - 1)^30".into(),
        "2^2^2^2^2^2".into(),
        "x^(10^10)".into(),
    ];
    inputs.push(["x"; 12].join("^"));
    on_big_stack(move || {
        for e in inputs {
            for op in ["simplify", "derivative"] {
                let input = json!({"expression": e, "operation": op, "variable": "x"}).to_string();
                let mut units = 0;
                let got = crate::calculate_counted(input.as_bytes(), &mut units);
                if let Err(error) = &got {
                    assert_eq!(error.reason.name(), "evaluation_timeout", "{op} {e}");
                }
                assert!(units <= super::WORK_BUDGET, "{op} {e}: {units}");
            }
        }
    });
}

/// The meter refuses at its budget, not after: the units `2x + 3x` spends suffice, one fewer
/// does not.
#[test]
fn the_meter_refuses_before_the_work() {
    let tree = crate::syntax::parser::parse("2x + 3x").unwrap_or_else(|e| panic!("{}", e.message));
    let mut work = super::Work::new();
    let full = super::simplify(&tree, &mut work).map(|s| s.text);
    assert_eq!(full, Ok("5 * x".to_owned()));
    let needed = work.used();
    let mut exact = super::Work::with_budget(needed);
    assert!(super::simplify(&tree, &mut exact).is_ok());
    let mut short = super::Work::with_budget(needed - 1);
    let refused = super::simplify(&tree, &mut short).expect_err("one unit short");
    assert_eq!(refused.reason.name(), "evaluation_timeout");
    let mut work = super::Work::new();
    assert!(super::derivative(&tree, "x", &mut work).is_ok());
    let needed = work.used();
    let refused = super::derivative(&tree, "x", &mut super::Work::with_budget(needed - 1));
    assert!(refused.is_err());
    assert!(super::derivative(&tree, "x", &mut super::Work::with_budget(needed)).is_ok());
}
