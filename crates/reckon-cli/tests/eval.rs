//! `reckon eval` as a person uses it.

use std::process::{Command, Output};

fn eval(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reckon"))
        .arg("eval")
        .args(args)
        .output()
        .expect("reckon runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

#[test]
fn prints_the_exact_value() {
    let output = eval(&["0.1 + 0.2"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "0.3\n");
}

#[test]
fn prints_the_fraction_when_the_value_is_rounded() {
    let output = eval(&[
        "price * qty * (1 + tax / 100)",
        "--var",
        "price=19.99",
        "--var",
        "qty=3",
        "--var",
        "tax=8.25",
        "--scale",
        "2",
        "--rounding",
        "half_up",
    ]);
    assert!(output.status.success());
    assert_eq!(
        stdout(&output),
        "64.92\n(rounded; the exact value is 2596701/40000)\n"
    );
}

#[test]
fn json_prints_the_tool_answer() {
    let output = eval(&[
        "round(10 / 3, 4) - abs(-1)",
        "--rounding",
        "half_even",
        "--json",
    ]);
    assert_eq!(
        stdout(&output),
        "{\"value\":\"2.3333\",\"exact\":true,\"fraction\":{\"numerator\":\"23333\",\"denominator\":\"10000\"}}\n"
    );
}

#[test]
fn errors_point_at_the_token_and_exit_non_zero() {
    let output = eval(&["price * taxx", "--var", "price=1", "--var", "tax=2"]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr,
        "error (invalid_input): unknown variable \"taxx\"; known variables: price, tax (at byte 8)\n  price * taxx\n          ^^^^\n"
    );
}

#[test]
fn malformed_vars_are_usage_errors() {
    assert_eq!(eval(&["x", "--var", "x"]).status.code(), Some(2));
    assert_eq!(
        eval(&["x", "--var", "x=1", "--var", "x=2"]).status.code(),
        Some(2)
    );
}

#[test]
fn the_calc_tool_prints_javascript_numbers_and_carets() {
    let output = eval(&["--tool", "calc", "0.1 + 0.2"]);
    assert_eq!(stdout(&output), "0.30000000000000004\n");
    let output = eval(&["--tool", "calc", "2 ** 10 + x"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error (invalid_input): Invalid character \"x\" in expression\n  2 ** 10 + x\n            ^\n"
    );
    assert_eq!(
        eval(&["--tool", "calc", "1", "--scale", "2"]).status.code(),
        Some(2)
    );
}
