//! Property tests of the symbolic operations (spec section 8): every simplify result is
//! equivalent to its input, and every derivative matches a numerical derivative, at random
//! points where the input is defined. Both sides are evaluated by reckon's own `evaluate` with
//! the point passed through `scope`, so a result must also parse back (8.3).

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use reckon_math::calculate;
use serde_json::json;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Random expressions in `x` and `y` from numbers, operators and differentiable functions.
fn expression() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("x"),
        Just("x"),
        Just("y"),
        Just("2"),
        Just("3"),
        Just("0.5"),
        Just("1"),
        Just("pi"),
        Just("2x"),
    ]
    .prop_map(String::from);
    leaf.prop_recursive(4, 32, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{a} + {b}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{a} - ({b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}) * ({b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}) / ({b})")),
            (
                inner.clone(),
                prop::sample::select(vec!["2", "3", "-1", "0.5", "y"])
            )
                .prop_map(|(a, n)| format!("({a})^{n}")),
            inner.clone().prop_map(|a| format!("-({a})")),
            (
                prop::sample::select(vec![
                    "sin", "cos", "tan", "exp", "log", "sqrt", "sinh", "atan", "cosh", "abs",
                ]),
                inner,
            )
                .prop_map(|(f, a)| format!("{f}({a})")),
        ]
    })
}

/// The value of `expression` at the point, when reckon evaluates it to a finite number.
fn value_at(expression: &str, x: f64, y: f64) -> Option<f64> {
    let input = json!({"expression": expression, "scope": {"x": x, "y": y}}).to_string();
    let out = calculate(input.as_bytes()).ok()?;
    if out["resultType"] != "number" {
        return None;
    }
    out["result"]
        .as_str()?
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
}

/// The symbolic operation's printed result, or `None` when it refuses.
fn symbolic(expression: &str, operation: &str) -> Option<String> {
    let input =
        json!({"expression": expression, "operation": operation, "variable": "x"}).to_string();
    let out = calculate(input.as_bytes()).ok()?;
    Some(out["result"].as_str()?.to_owned())
}

fn close(a: f64, b: f64, slack: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0) + slack
}

const POINTS: [(f64, f64); 3] = [(0.7, 1.3), (1.9, 0.45), (2.35, 2.05)];

#[test]
fn simplify_results_are_equivalent_to_their_input() {
    let mut runner = TestRunner::new_with_rng(
        Config {
            cases: 300,
            ..Config::default()
        },
        // A fixed seed: the same expressions on every run, so CI cannot flake on a new draw.
        proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        ),
    );
    let compared = AtomicUsize::new(0);
    let outcome = runner.run(&expression(), |e| {
        let Some(result) = symbolic(&e, "simplify") else {
            return Ok(());
        };
        for (x, y) in POINTS {
            let (Some(want), got) = (value_at(&e, x, y), value_at(&result, x, y)) else {
                continue;
            };
            // "Equivalent wherever both are defined" (8.1): a result may be defined where the
            // input is not (`x / x` → `1`), never the reverse.
            let got = got.ok_or_else(|| {
                TestCaseError::fail(format!("{e} → {result}: undefined at ({x}, {y})"))
            })?;
            compared.fetch_add(1, Ordering::Relaxed);
            prop_assert!(
                close(want, got, 0.0),
                "{} → {}: {} vs {} at ({}, {})",
                e,
                result,
                want,
                got,
                x,
                y
            );
        }
        Ok(())
    });
    if let Err(e) = outcome {
        panic!("{e}");
    }
    // Most cases are defined at most points: the property was checked, not skipped.
    let compared = compared.into_inner();
    assert!(compared > 400, "only {compared} points compared");
}

#[test]
fn derivatives_match_numerical_derivatives() {
    let mut runner = TestRunner::new_with_rng(
        Config {
            cases: 300,
            ..Config::default()
        },
        // A fixed seed: the same expressions on every run, so CI cannot flake on a new draw.
        proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        ),
    );
    let compared = AtomicUsize::new(0);
    let outcome = runner.run(&expression(), |e| {
        let Some(result) = symbolic(&e, "derivative") else {
            return Ok(());
        };
        for (x, y) in POINTS {
            let h = 1e-5;
            let f = |x: f64| value_at(&e, x, y);
            let (Some(a), Some(b), Some(c), Some(d)) =
                (f(x + h), f(x - h), f(x + h / 2.0), f(x - h / 2.0))
            else {
                continue;
            };
            let Some(got) = value_at(&result, x, y) else {
                continue;
            };
            let want = (a - b) / (2.0 * h);
            let half = (c - d) / h;
            // Near a pole (`tan(2x)` at 2x ≈ 3π/2) the difference quotients of two steps give
            // numbers that do not agree to 1e-3: they estimate nothing there, so the point is
            // not judged.
            if (want - half).abs() > 1e-3 * want.abs().max(half.abs()).max(1.0) {
                continue;
            }
            // The difference quotient's own error: truncation (from the two steps) and the
            // rounding of f's values.
            let slack = 1e-4 * want.abs().max(1.0)
                + 1e-10 * a.abs().max(b.abs()) / h
                + 4.0 * (want - half).abs();
            compared.fetch_add(1, Ordering::Relaxed);
            prop_assert!(
                (want - got).abs() <= slack,
                "d/dx {} = {}: {} vs difference quotient {} at ({}, {})",
                e,
                result,
                got,
                want,
                x,
                y
            );
        }
        Ok(())
    });
    if let Err(e) = outcome {
        panic!("{e}");
    }
    // Most cases are defined at most points: the property was checked, not skipped.
    let compared = compared.into_inner();
    assert!(compared > 400, "only {compared} points compared");
}
