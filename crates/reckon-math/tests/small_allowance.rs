//! `calculate_into_within`, the small-allowance run that lets the HTTP server answer small calls
//! on its async workers: within its allowance it gives exactly the full run's answer (bytes,
//! refusal and work units), past it nothing at all, and the boundary sits at the full run's own
//! work count (N − 1 units refuse, N and N + 1 answer).

use reckon_math::{
    CalculateError, Reason, Resources, SMALL_WORK_ALLOWANCE, calculate_into_with,
    calculate_into_within,
};

/// The full run: the bytes appended (the answer, or nothing on a refusal), the refusal, the work.
fn full(input: &str) -> (Vec<u8>, Option<CalculateError>, u64) {
    let mut out = Vec::new();
    let mut units = 0;
    let answer = calculate_into_with(
        input.as_bytes(),
        &mut out,
        &Resources::default(),
        &mut units,
    );
    (out, answer.err(), units)
}

/// The run held to `allowance`: `None` when it gave up, else what [`full`] returns.
fn within(input: &str, allowance: u64) -> Option<(Vec<u8>, Option<CalculateError>, u64)> {
    // Bytes already in the buffer stay untouched whatever happens.
    let mut out = b"kept".to_vec();
    let mut units = 0;
    let answer = calculate_into_within(
        input.as_bytes(),
        &mut out,
        &Resources::default(),
        &mut units,
        allowance,
    );
    assert_eq!(&out[..4], b"kept", "{input}");
    let Some(answer) = answer else {
        assert_eq!(out, b"kept", "{input}: nothing appended when it gives up");
        return None;
    };
    Some((out[4..].to_vec(), answer.err(), units))
}

fn request(expression: &str) -> String {
    serde_json::json!({ "expression": expression }).to_string()
}

/// Small and large requests of every kind: numbers, matrices, units, the numeric types, scope,
/// refusals of every stage, and work far past the allowance.
fn corpus() -> Vec<String> {
    let mut inputs: Vec<String> = [
        "1 + 2",
        "0.1 + 0.2",
        "sin(pi / 6)",
        "5 kg to lbs",
        "det([1, 2; 3, 4])",
        "inv([4, 7; 2, 6])",
        "sum(1:100)",
        "sum(1:1000)",
        "sum(1:100000)",
        "prod(1:40)",
        "std([2, 4, 6], \"uncorrected\")",
        "1 / 0",
        "foo(1)",
        "2 * (3",
        "[1, 2] * [3, 4]",
        "sum(ones(300, 300) * ones(300, 300))",
        "f(x) = x <= 0 ? 1 : f(x - 1) + f(x - 1); f(20)",
        "{g: f(x) = x <= 0 ? 1 : f(x - 1) + f(x - 1)}.g(30)",
    ]
    .into_iter()
    .map(request)
    .collect();
    inputs.extend([
        r#"{"expression": "x^2 + y", "scope": {"x": 3, "y": 0.5}}"#.to_owned(),
        r#"{"expression": "atan(1) * 4", "numericType": "BigNumber"}"#.to_owned(),
        r#"{"expression": "1/3 + 1/6", "numericType": "Fraction"}"#.to_owned(),
        r#"{"expression": "1/3 + 1/6", "precision": 4}"#.to_owned(),
        r#"{"expression": ""}"#.to_owned(),
        r#"{"expression": 7}"#.to_owned(),
        "not json".to_owned(),
    ]);
    inputs
}

#[test]
fn within_the_allowance_the_answer_is_the_full_runs_and_past_it_there_is_none() {
    let (mut answered, mut gave_up) = (0, 0);
    for input in corpus() {
        let (bytes, error, units) = full(&input);
        match within(&input, SMALL_WORK_ALLOWANCE) {
            Some(small) => {
                answered += 1;
                assert_eq!(small, (bytes, error, units), "{input}");
                assert!(units <= SMALL_WORK_ALLOWANCE, "{input}: {units}");
            }
            None => {
                gave_up += 1;
                let timed_out = error
                    .as_ref()
                    .is_some_and(|e| e.reason == Reason::EvaluationTimeout);
                assert!(
                    units > SMALL_WORK_ALLOWANCE || timed_out,
                    "{input}: gave up on a request of {units} units"
                );
            }
        }
    }
    // Both outcomes are exercised (the corpus has requests on each side of the allowance).
    assert!(answered >= 15 && gave_up >= 3, "{answered} / {gave_up}");
}

#[test]
fn the_boundary_is_the_requests_own_work() {
    for expression in ["sum(1:100)", "det([1, 2; 3, 4]) + 1", "5 kg to lbs"] {
        let input = request(expression);
        let (bytes, error, n) = full(&input);
        assert!(
            error.is_none() && n > 1 && n < SMALL_WORK_ALLOWANCE,
            "{expression}: {n}"
        );
        assert_eq!(
            within(&input, n - 1),
            None,
            "{expression} at N - 1 = {}",
            n - 1
        );
        for allowance in [n, n + 1] {
            assert_eq!(
                within(&input, allowance),
                Some((bytes.clone(), None, n)),
                "{expression} at {allowance}"
            );
        }
    }
}

#[test]
fn the_allowance_is_capped_and_symbolic_operations_always_go_to_the_full_run() {
    // Far past the cap: held to the cap anyway.
    let heavy = request("sum(1:100000)");
    assert_eq!(within(&heavy, u64::MAX), None);
    for input in [
        r#"{"expression": "x^2 + x^2", "operation": "simplify"}"#,
        r#"{"expression": "x^2", "operation": "derivative", "variable": "x"}"#,
    ] {
        assert!(full(input).1.is_none(), "{input} is answered in full");
        assert_eq!(within(input, SMALL_WORK_ALLOWANCE), None, "{input}");
    }
}
