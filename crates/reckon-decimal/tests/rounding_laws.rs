//! The algebraic laws of the ten rounding modes, checked through the tool (the final `scale`
//! rounding and `round(x, n)`), on random decimals:
//! floor(x) <= x <= ceiling(x), down shrinks and up grows the magnitude, every mode lands within
//! one unit of the scale (the half modes within half a unit), the symmetric modes commute with
//! negation and the directed pairs mirror each other, rounding is monotonic and idempotent,
//! `exact` is true exactly when nothing changed, `unnecessary` succeeds exactly then, and
//! `round(x, n)` inside an expression is the final rounding at scale n.

use dashu_int::{IBig, UBig};
use dashu_ratio::RBig;
use proptest::prelude::*;
use reckon_decimal::evaluate_json;
use serde_json::json;

const MODES: [&str; 9] = [
    "half_even",
    "half_up",
    "half_down",
    "half_ceiling",
    "half_floor",
    "up",
    "down",
    "ceiling",
    "floor",
];

fn decimal(text: &str) -> RBig {
    let (negative, digits) = text
        .strip_prefix('-')
        .map_or((false, text), |rest| (true, rest));
    let (integer, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let numerator: IBig = format!("{integer}{fraction}").parse().expect("digits");
    let value = RBig::from_parts(numerator, UBig::from(10u8).pow(fraction.len()));
    if negative { -value } else { value }
}

fn unit(scale: u32) -> RBig {
    RBig::from_parts(IBig::ONE, UBig::from(10u8).pow(scale as usize))
}

fn abs(x: &RBig) -> RBig {
    if x < &RBig::ZERO {
        -x.clone()
    } else {
        x.clone()
    }
}

/// Decimal text as the variable grammar takes it: `-?(0|[1-9][0-9]*)(\.[0-9]+)?`.
fn decimal_text() -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        prop_oneof![Just("0".to_owned()), "[1-9][0-9]{0,20}"],
        prop::option::of("[0-9]{1,14}"),
    )
        .prop_map(|(negative, integer, fraction)| {
            let text = match fraction {
                Some(f) => format!("{integer}.{f}"),
                None => integer,
            };
            let zero = text.bytes().all(|b| b == b'0' || b == b'.');
            if negative && !zero {
                format!("-{text}")
            } else {
                text
            }
        })
}

/// The tool's value of `x` at `scale` in `mode`, with its `exact` flag.
fn rounded(x: &str, scale: u32, mode: &str) -> Result<(RBig, bool, String), String> {
    let input = json!({"expression": "x", "variables": {"x": x}, "scale": scale, "rounding": mode});
    let answer = evaluate_json(&serde_json::to_vec(&input).expect("serialises"))
        .map_err(|e| e.reason().to_owned())?;
    Ok((decimal(&answer.value), answer.exact, answer.value))
}

fn negated(x: &str) -> String {
    match x.strip_prefix('-') {
        Some(rest) => rest.to_owned(),
        None if decimal(x) == RBig::ZERO => x.to_owned(),
        None => format!("-{x}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn every_mode_lands_on_the_scale_within_one_unit(x in decimal_text(), scale in 0u32..12) {
        let exact = decimal(&x);
        for mode in MODES {
            let (value, is_exact, text) = rounded(&x, scale, mode).map_err(TestCaseError::fail)?;
            let digits = text.split_once('.').map_or(0, |(_, f)| f.len());
            prop_assert_eq!(digits as u32, scale, "{} {}: {}", x, mode, text);
            let gap = abs(&(&value - &exact));
            prop_assert!(gap < unit(scale), "{} {} -> {}", x, mode, text);
            if mode.starts_with("half_") {
                prop_assert!(gap * RBig::from(2u8) <= unit(scale), "{} {} -> {}", x, mode, text);
            }
            prop_assert_eq!(is_exact, value == exact, "{} {}", x, mode);
            prop_assert!(!(text.starts_with('-') && value == RBig::ZERO), "negative zero: {}", text);
        }
    }

    #[test]
    fn directed_modes_bound_the_value(x in decimal_text(), scale in 0u32..12) {
        let exact = decimal(&x);
        let get = |mode| rounded(&x, scale, mode).map(|r| r.0).map_err(TestCaseError::fail);
        let (floor, ceiling, down, up) = (get("floor")?, get("ceiling")?, get("down")?, get("up")?);
        prop_assert!(floor <= exact && exact <= ceiling, "{}: {} {}", x, floor, ceiling);
        prop_assert!(abs(&down) <= abs(&exact) && abs(&exact) <= abs(&up), "{}", x);
        prop_assert!(&ceiling - &floor <= unit(scale));
        // Every other mode picks one of the two neighbours.
        for mode in MODES {
            let v = get(mode)?;
            prop_assert!(v == floor || v == ceiling, "{} {} -> {}", x, mode, v);
        }
    }

    #[test]
    fn symmetric_modes_commute_with_negation_and_directed_pairs_mirror(x in decimal_text(), scale in 0u32..12) {
        let minus = negated(&x);
        let get = |text: &str, mode| rounded(text, scale, mode).map(|r| r.0).map_err(TestCaseError::fail);
        for mode in ["half_even", "half_up", "half_down", "up", "down"] {
            prop_assert_eq!(get(&minus, mode)?, -get(&x, mode)?, "{} {}", x, mode);
        }
        for (a, b) in [("floor", "ceiling"), ("half_floor", "half_ceiling")] {
            prop_assert_eq!(get(&minus, a)?, -get(&x, b)?, "{} {}/{}", x, a, b);
        }
    }

    #[test]
    fn half_even_ties_go_to_the_even_neighbour(integer in 0u64..1_000_000, scale in 0u32..6, negative in any::<bool>()) {
        // integer + 0.5 units: a tie at `scale`.
        let digits = format!("{integer:0>width$}5", width = scale as usize + 1);
        let (whole, fraction) = digits.split_at(digits.len() - scale as usize - 1);
        let whole = match whole.trim_start_matches('0') {
            "" => "0",
            trimmed => trimmed,
        };
        let x = format!("{}{whole}.{fraction}", if negative { "-" } else { "" });
        let (_, _, text) = rounded(&x, scale, "half_even").map_err(TestCaseError::fail)?;
        let last = text.bytes().rev().find(u8::is_ascii_digit).expect("a digit");
        prop_assert!((last - b'0').is_multiple_of(2), "{} -> {}", x, text);
    }

    #[test]
    fn rounding_is_monotonic_and_idempotent(x in decimal_text(), y in decimal_text(), scale in 0u32..12) {
        let (lo, hi) = if decimal(&x) <= decimal(&y) { (x, y) } else { (y, x) };
        for mode in MODES {
            let (a, _, a_text) = rounded(&lo, scale, mode).map_err(TestCaseError::fail)?;
            let (b, _, _) = rounded(&hi, scale, mode).map_err(TestCaseError::fail)?;
            prop_assert!(a <= b, "{} <= {} but {} rounds above ({})", lo, hi, mode, a_text);
            let (again, exact, again_text) = rounded(&a_text, scale, mode).map_err(TestCaseError::fail)?;
            prop_assert_eq!(&again_text, &a_text);
            prop_assert!(exact && again == a);
        }
    }

    #[test]
    fn unnecessary_succeeds_exactly_when_nothing_changes(x in decimal_text(), scale in 0u32..12) {
        let fits = x.split_once('.').is_none_or(|(_, f)| f.trim_end_matches('0').len() <= scale as usize);
        match rounded(&x, scale, "unnecessary") {
            Ok((value, exact, _)) => {
                prop_assert!(fits, "{} at scale {}", x, scale);
                prop_assert!(exact && value == decimal(&x));
            }
            Err(reason) => {
                prop_assert!(!fits, "{} at scale {}: {}", x, scale, reason);
                prop_assert_eq!(reason, "rounding_necessary");
            }
        }
    }

    #[test]
    fn round_in_the_expression_is_the_final_rounding(x in decimal_text(), scale in 0u32..12, mode in prop::sample::select(MODES.to_vec())) {
        let input = json!({"expression": format!("round(x, {scale})"), "variables": {"x": x}, "rounding": mode});
        let answer = evaluate_json(&serde_json::to_vec(&input).expect("serialises"))
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let (value, _, _) = rounded(&x, scale, mode).map_err(TestCaseError::fail)?;
        prop_assert_eq!(decimal(&answer.value), value, "{} {}", x, mode);
    }
}
