//! Property tests.
//!
//! 1. Random expression trees are evaluated by an independent, straightforward evaluator over
//!    `dashu_ratio::RBig` (no meter, no limits, no shared code with the tool); whenever the tool does
//!    not refuse for a limit, the two agree on the exact fraction, on the value, and on which
//!    not-computable fault comes first.
//! 2. Flat operator chains check precedence and left associativity against the same evaluator.
//! 3. Random bytes and random JSON never panic and always give exactly one well-formed answer.

use dashu_int::{IBig, UBig};
use dashu_ratio::RBig;
use proptest::prelude::*;
use reckon_decimal::{RoundingMode, evaluate_json, wire};
use serde_json::{Value, json};

#[derive(Clone, Debug)]
enum Expr {
    Literal(String),
    Variable(usize),
    Negate(Box<Expr>),
    Binary(char, Box<Expr>, Box<Expr>),
    Power(Box<Expr>, i32),
    Abs(Box<Expr>),
    Extremum(bool, Vec<Expr>),
    Round(Box<Expr>, u32),
}

const VARIABLES: [(&str, &str); 4] = [("a", "19.99"), ("b", "-3"), ("c", "0.125"), ("zero", "0")];

fn literal() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u32..1000).prop_map(|n| n.to_string()),
        (0u32..100, 1u32..1000).prop_map(|(i, f)| format!("{i}.{f:03}")),
        "[1-9][0-9]{0,25}(\\.[0-9]{1,12})?",
        Just("0".to_owned()),
    ]
}

fn expr() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![
        literal().prop_map(Expr::Literal),
        (0..VARIABLES.len()).prop_map(Expr::Variable)
    ];
    leaf.prop_recursive(5, 40, 4, |inner| {
        prop_oneof![
            inner.clone().prop_map(|e| Expr::Negate(Box::new(e))),
            (
                prop::sample::select(vec!['+', '-', '*', '/']),
                inner.clone(),
                inner.clone()
            )
                .prop_map(|(op, l, r)| Expr::Binary(op, Box::new(l), Box::new(r))),
            (inner.clone(), -4i32..6).prop_map(|(e, n)| Expr::Power(Box::new(e), n)),
            inner.clone().prop_map(|e| Expr::Abs(Box::new(e))),
            (any::<bool>(), prop::collection::vec(inner.clone(), 2..5))
                .prop_map(|(max, args)| Expr::Extremum(max, args)),
            (inner, 0u32..6).prop_map(|(e, n)| Expr::Round(Box::new(e), n)),
        ]
    })
}

/// Fully parenthesised text, so that the tree's structure is the parse.
fn render(e: &Expr) -> String {
    match e {
        Expr::Literal(text) => text.clone(),
        Expr::Variable(i) => VARIABLES[*i].0.to_owned(),
        Expr::Negate(x) => format!("-({})", render(x)),
        Expr::Binary(op, l, r) => format!("({}) {op} ({})", render(l), render(r)),
        Expr::Power(x, n) => format!("({})^{n}", render(x)),
        Expr::Abs(x) => format!("abs({})", render(x)),
        Expr::Extremum(max, args) => {
            let args: Vec<String> = args.iter().map(render).collect();
            format!("{}({})", if *max { "max" } else { "min" }, args.join(", "))
        }
        Expr::Round(x, n) => format!("round({}, {n})", render(x)),
    }
}

fn decimal(text: &str) -> RBig {
    let (negative, digits) = text
        .strip_prefix('-')
        .map_or((false, text), |rest| (true, rest));
    let (integer, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let numerator: IBig = format!("{integer}{fraction}").parse().expect("digits");
    let value = RBig::from_parts(numerator, UBig::from(10u8).pow(fraction.len()));
    if negative { -value } else { value }
}

/// C38, written from its definition.
fn round(x: &RBig, digits: u32, mode: RoundingMode) -> Result<RBig, &'static str> {
    let scale = RBig::from(UBig::from(10u8).pow(digits as usize));
    let magnitude = if x < &RBig::ZERO {
        -x.clone()
    } else {
        x.clone()
    } * &scale;
    let kept = magnitude.floor();
    let rest = &magnitude - RBig::from(kept.clone());
    if rest.is_zero() {
        return Ok(x.clone());
    }
    let half = RBig::from_parts(IBig::ONE, UBig::from(2u8));
    let positive = x > &RBig::ZERO;
    let odd = &kept % IBig::from(2) != IBig::ZERO;
    let away = match mode {
        RoundingMode::Up => true,
        RoundingMode::Down => false,
        RoundingMode::Ceiling => positive,
        RoundingMode::Floor => !positive,
        RoundingMode::HalfUp => rest >= half,
        RoundingMode::HalfDown => rest > half,
        RoundingMode::HalfEven => rest > half || (rest == half && odd),
        RoundingMode::HalfCeiling => rest > half || (rest == half && positive),
        RoundingMode::HalfFloor => rest > half || (rest == half && !positive),
        _ => return Err("rounding_necessary"),
    };
    let magnitude = RBig::from(if away { kept + IBig::ONE } else { kept }) / scale;
    Ok(if positive { magnitude } else { -magnitude })
}

/// The reference evaluator: depth-first, left to right, first fault wins.
fn oracle(e: &Expr, mode: RoundingMode) -> Result<RBig, &'static str> {
    Ok(match e {
        Expr::Literal(text) => decimal(text),
        Expr::Variable(i) => decimal(VARIABLES[*i].1),
        Expr::Negate(x) => -oracle(x, mode)?,
        Expr::Binary(op, l, r) => {
            let (l, r) = (oracle(l, mode)?, oracle(r, mode)?);
            match op {
                '+' => l + r,
                '-' => l - r,
                '*' => l * r,
                _ if r.is_zero() => return Err("division_by_zero"),
                _ => l / r,
            }
        }
        Expr::Power(x, n) => {
            let base = oracle(x, mode)?;
            if base.is_zero() && *n < 0 {
                return Err("zero_to_negative_power");
            }
            base.pow(*n as isize)
        }
        Expr::Abs(x) => {
            let v = oracle(x, mode)?;
            if v < RBig::ZERO { -v } else { v }
        }
        Expr::Extremum(max, args) => {
            let values = args
                .iter()
                .map(|a| oracle(a, mode))
                .collect::<Result<Vec<_>, _>>()?;
            let pick = |a: RBig, b: RBig| if (b > a) == *max && b != a { b } else { a };
            values
                .into_iter()
                .reduce(pick)
                .expect("at least two arguments")
        }
        Expr::Round(x, n) => round(&oracle(x, mode)?, *n, mode)?,
    })
}

fn request(expression: &str, scale: Option<u32>, mode: RoundingMode) -> Vec<u8> {
    let variables: serde_json::Map<String, Value> = VARIABLES
        .iter()
        .map(|(n, v)| ((*n).to_owned(), json!(v)))
        .collect();
    let mut input =
        json!({"expression": expression, "variables": variables, "rounding": mode.name()});
    if let Some(scale) = scale {
        input["scale"] = json!(scale);
    }
    serde_json::to_vec(&input).expect("serialises")
}

/// Compares the tool's answer with the reference result.
fn agree(
    answer: Result<reckon_decimal::Evaluation, reckon_decimal::DecimalError>,
    expected: Result<RBig, &'static str>,
    scale: Option<u32>,
    mode: RoundingMode,
) -> Result<(), TestCaseError> {
    let output = match answer {
        Err(error) if error.category() == reckon_core_category_limit() => return Ok(()),
        Err(error) => {
            let expected_reason = match &expected {
                Err(reason) => *reason,
                Ok(exact) => final_reason(exact, scale, mode).unwrap_or("none"),
            };
            prop_assert_eq!(error.reason(), expected_reason, "{}", error);
            return Ok(());
        }
        Ok(output) => output,
    };
    let exact = expected.map_err(|reason| {
        TestCaseError::fail(format!("the tool answered but the reference says {reason}"))
    })?;
    prop_assert_eq!(&output.numerator, &exact.numerator().to_string());
    prop_assert_eq!(&output.denominator, &exact.denominator().to_string());
    let shown = decimal(&output.value);
    match scale {
        None => {
            prop_assert_eq!(&shown, &exact);
            prop_assert!(output.exact);
        }
        Some(scale) => {
            let fraction_digits = output.value.split_once('.').map_or(0, |(_, f)| f.len());
            prop_assert_eq!(fraction_digits as u32, scale);
            let rounded = round(&exact, scale, mode).map_err(TestCaseError::fail)?;
            prop_assert_eq!(&shown, &rounded);
            prop_assert_eq!(output.exact, rounded == exact);
            prop_assert!(
                !output.value.starts_with("-") || !shown.is_zero(),
                "negative zero: {}",
                output.value
            );
        }
    }
    Ok(())
}

fn final_reason(exact: &RBig, scale: Option<u32>, mode: RoundingMode) -> Option<&'static str> {
    match scale {
        Some(scale) => round(exact, scale, mode).err(),
        None => {
            let mut d = exact.denominator().clone();
            for p in [2u8, 5] {
                while (&d % UBig::from(p)).is_zero() {
                    d /= UBig::from(p);
                }
            }
            (!d.is_one()).then_some("non_terminating_decimal")
        }
    }
}

fn reckon_core_category_limit() -> reckon_core::ErrorCategory {
    reckon_core::ErrorCategory::LimitExceeded
}

fn mode() -> impl Strategy<Value = RoundingMode> {
    prop::sample::select(RoundingMode::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn agrees_with_a_reference_evaluator(e in expr(), scale in prop::option::of(0u32..8), mode in mode()) {
        let text = render(&e);
        prop_assume!(text.len() <= 2000);
        let answer = evaluate_json(&request(&text, scale, mode));
        agree(answer, oracle(&e, mode), scale, mode)?;
    }

    #[test]
    fn precedence_and_associativity_match_the_reference(
        first in literal(),
        rest in prop::collection::vec((prop::sample::select(vec!['+', '-', '*', '/']), any::<bool>(), literal()), 1..12),
    ) {
        // a op b op c ...: collapse * and / left to right, then + and - left to right.
        let mut text = first.clone();
        let mut terms: Vec<(char, Result<RBig, &str>)> = vec![('+', Ok(decimal(&first)))];
        for (op, negative, lit) in &rest {
            let operand = if *negative { -decimal(lit) } else { decimal(lit) };
            text.push_str(&format!(" {op} {}{lit}", if *negative { "-" } else { "" }));
            match op {
                '+' | '-' => terms.push((*op, Ok(operand))),
                _ => {
                    let last = terms.last_mut().expect("one term").1.clone();
                    terms.last_mut().expect("one term").1 = last.and_then(|l| match op {
                        '*' => Ok(l * operand),
                        _ if operand.is_zero() => Err("division_by_zero"),
                        _ => Ok(l / operand),
                    });
                }
            }
        }
        let expected = terms.into_iter().try_fold(RBig::ZERO, |acc, (op, t)| t.map(|t| if op == '+' { acc + t } else { acc - t }));
        let answer = evaluate_json(&request(&text, Some(6), RoundingMode::HalfEven));
        agree(answer, expected, Some(6), RoundingMode::HalfEven)?;
    }

    #[test]
    fn random_bytes_get_exactly_one_error_or_answer(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        well_formed(&bytes)?;
    }

    #[test]
    fn random_expressions_in_valid_json_get_one_well_formed_answer(
        expression in "[-+*/^(),. a-z0-9_\\t\u{e9}\u{a0}]{0,80}",
        scale in prop::option::of(0u32..50),
        rounding in prop::option::of("[a-z_]{0,14}"),
    ) {
        let mut input = json!({"expression": expression, "variables": {"x": "1.5", "abs": "2"}});
        if let Some(scale) = scale { input["scale"] = json!(scale); }
        if let Some(rounding) = rounding { input["rounding"] = json!(rounding); }
        well_formed(&serde_json::to_vec(&input).expect("serialises"))?;
    }

    #[test]
    fn random_json_values_get_one_well_formed_answer(value in arbitrary_json()) {
        well_formed(&serde_json::to_vec(&value).expect("serialises"))?;
    }
}

fn arbitrary_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        "[ -~]{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(
                prop::sample::select(vec![
                    "expression",
                    "variables",
                    "scale",
                    "rounding",
                    "x",
                    "a"
                ])
                .prop_map(str::to_owned),
                inner,
                0..5
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// The answer is a success with the three members, or an error with code, message and reason.
fn well_formed(input: &[u8]) -> Result<(), TestCaseError> {
    let body = match evaluate_json(input) {
        Ok(evaluation) => wire::evaluation_to_json(&evaluation),
        Err(error) => {
            prop_assert!(
                !error.to_string().contains('\n'),
                "messages are one line: {}",
                error
            );
            wire::error_to_json(&error)
        }
    };
    if let Some(error) = body.get("error") {
        prop_assert!(
            ["invalid_input", "limit_exceeded", "not_computable"]
                .contains(&error["code"].as_str().unwrap_or(""))
        );
        prop_assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()));
        prop_assert!(
            error["details"]["reason"]
                .as_str()
                .is_some_and(|r| !r.is_empty())
        );
        prop_assert_eq!(body.as_object().map(|o| o.len()), Some(1));
    } else {
        prop_assert!(body["value"].is_string() && body["exact"].is_boolean());
        prop_assert!(
            body["fraction"]["numerator"].is_string()
                && body["fraction"]["denominator"].is_string()
        );
    }
    Ok(())
}
