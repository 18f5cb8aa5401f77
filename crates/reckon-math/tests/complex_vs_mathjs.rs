//! The complex-number module against math.js 15.2 itself: seeded random calls of every function
//! it implements, on complex arguments (`asinh(complex(1.5, -2))`) and, for the functions that
//! promote, on real ones (`sqrt(-4)`, `pow(-8, 0.5)`), each compared with math.js's formatted
//! answer. Arithmetic, `sqrt`, `abs`, `sign` and rounding must print the same string;
//! transcendental results must agree part by part to a relative 1e-12 (absolute 1e-15 near zero),
//! after both strings are read back into parts.
//!
//! The module is not public (the evaluator will use it), so this file compiles its source
//! and `jsmath.rs` directly, with `crate::num::format` pointing at the crate's public number
//! formatting.
//!
//! Needs Node.js and `tests/peer/node_modules` (`npm ci` in `tests/peer`, which `scripts/test` runs).

mod common;

/// The paths `complex.rs` reaches its neighbours by (`crate::num::format`, `crate::num::jsmath`).
mod num {
    pub(crate) use super::{format, jsmath};
}

/// What `complex.rs` reaches as `crate::num::format`.
mod format {
    pub use reckon_math::format::format_number;
}

#[allow(dead_code)]
#[path = "../src/num/complex.rs"]
mod complex;

/// What `complex.rs` reaches as `crate::num::jsmath`.
#[allow(dead_code)]
#[path = "../src/num/jsmath.rs"]
mod jsmath;

use common::{Rng, assert_no_differences, run_peer};
use complex::Complex;
use serde_json::json;
use std::collections::BTreeMap;

/// Functions whose result must be the same string as math.js's.
const EXACT: [&str; 17] = [
    "add",
    "subtract",
    "multiply",
    "divide",
    "unaryMinus",
    "conj",
    "sqrt",
    "square",
    "cube",
    "abs",
    "sign",
    "round",
    "floor",
    "ceil",
    "fix",
    "inv",
    "equal",
];

/// Functions of one complex argument compared within the tolerance.
const TRANSCENDENTAL: [&str; 34] = [
    "exp", "expm1", "log", "log10", "log2", "log1p", "cbrt", "arg", "sin", "cos", "tan", "sec",
    "csc", "cot", "asin", "acos", "atan", "asec", "acsc", "acot", "sinh", "cosh", "tanh", "sech",
    "csch", "coth", "asinh", "acosh", "atanh", "asech", "acsch", "acoth", "pow", "logb",
];

/// Functions of a real argument that answer a Complex outside their real domain.
const PROMOTING: [&str; 15] = [
    "sqrt", "log", "log10", "log2", "log1p", "asin", "acos", "acosh", "atanh", "asec", "acsc",
    "asech", "acoth", "pow", "logb",
];

#[derive(Clone, Copy)]
enum Arg {
    Real(f64),
    Complex(Complex),
}

struct Case {
    name: &'static str,
    args: Vec<Arg>,
}

/// A number as math.js reads it back exactly: shortest round-trip digits, names for the
/// non-finite values.
fn literal(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else {
        format!("{x:?}")
    }
}

impl Case {
    fn expression(&self) -> String {
        let args: Vec<String> = self
            .args
            .iter()
            .map(|a| match a {
                Arg::Real(x) => literal(*x),
                Arg::Complex(z) => format!("complex({}, {})", literal(z.re), literal(z.im)),
            })
            .collect();
        let name = if self.name == "logb" {
            "log"
        } else {
            self.name
        };
        format!("{name}({})", args.join(", "))
    }
}

/// One part: zeros and units, small integers and halves, random doubles, magnitudes around
/// complex.js's thresholds (3000, 1e8) and far beyond, −0, and rarely NaN or ±Infinity.
fn part(rng: &mut Rng) -> f64 {
    let sign = if rng.below(2) == 0 { 1.0 } else { -1.0 };
    let unit = (rng.next() >> 11) as f64 / (1u64 << 53) as f64;
    match rng.below(40) {
        0..=2 => 0.0,
        3..=4 => sign,
        5..=11 => rng.below(13) as f64 - 6.0,
        12..=14 => (rng.below(21) as f64 - 10.0) / 2.0,
        15..=26 => sign * unit * 10.0,
        27..=28 => sign * unit * 10f64.powi(rng.below(300) as i32),
        29..=30 => sign * unit * 10f64.powi(-(rng.below(300) as i32)),
        31..=33 => sign * (1e3 + unit * 1e9),
        34..=35 => sign * (1.0 + (unit - 0.5) * 1e-6),
        36 => -0.0,
        37 => [f64::NAN, f64::INFINITY, f64::NEG_INFINITY][rng.below(3)],
        _ => sign * unit,
    }
}

/// A complex argument, sometimes purely real or purely imaginary.
fn complex_arg(rng: &mut Rng) -> Arg {
    let (re, im) = (part(rng), part(rng));
    Arg::Complex(match rng.below(8) {
        0 => Complex::new(re, 0.0),
        1 => Complex::new(0.0, im),
        _ => Complex::new(re, im),
    })
}

/// An exponent: often an integer (the i^k cycle, real powers of negatives) or a simple fraction.
fn exponent(rng: &mut Rng) -> f64 {
    match rng.below(4) {
        0 => rng.below(13) as f64 - 6.0,
        1 => [0.5, 1.0 / 3.0, -0.5, 2.5, 0.25][rng.below(5)],
        _ => part(rng),
    }
}

fn case(rng: &mut Rng) -> Case {
    let kind = rng.below(10);
    let name: &'static str = if kind < 3 {
        EXACT[rng.below(EXACT.len())]
    } else if kind < 7 {
        TRANSCENDENTAL[rng.below(TRANSCENDENTAL.len())]
    } else {
        PROMOTING[rng.below(PROMOTING.len())]
    };
    let args = match name {
        "add" | "subtract" | "multiply" | "divide" => vec![complex_arg(rng), complex_arg(rng)],
        "pow" if kind >= 7 => vec![Arg::Real(part(rng)), Arg::Real(exponent(rng))],
        "pow" => {
            let exp = if rng.below(2) == 0 {
                Arg::Real(exponent(rng))
            } else {
                complex_arg(rng)
            };
            vec![complex_arg(rng), exp]
        }
        "logb" if kind >= 7 => vec![Arg::Real(part(rng)), Arg::Real(part(rng))],
        "logb" => vec![complex_arg(rng), complex_arg(rng)],
        "equal" => {
            let a = complex_arg(rng);
            let b = match (a, rng.below(3)) {
                // Nearby: equal within relTol 1e-12 or not, by a relative step of 1e-10 to 1e-16.
                (Arg::Complex(z), 0 | 1) => {
                    let step = 10f64.powi(-(10 + rng.below(7) as i32));
                    Arg::Complex(Complex::new(z.re * (1.0 + step), z.im - step))
                }
                _ => complex_arg(rng),
            };
            vec![a, b]
        }
        "round" | "floor" | "ceil" if rng.below(2) == 0 => {
            vec![complex_arg(rng), Arg::Real(rng.below(5) as f64)]
        }
        _ if kind >= 7 => vec![Arg::Real(part(rng))],
        _ => vec![complex_arg(rng)],
    };
    Case { name, args }
}

/// reckon's answer: math.js's type name and the formatted value.
fn ours(case: &Case) -> (&'static str, String) {
    use complex::*;
    let z = |i: usize| match case.args[i] {
        Arg::Real(x) => Complex::from_real(x),
        Arg::Complex(z) => z,
    };
    let real = |i: usize| match case.args[i] {
        Arg::Real(x) => Some(x),
        Arg::Complex(_) => None,
    };
    let places = || match case.args.get(1) {
        Some(Arg::Real(n)) => *n as i32,
        _ => 0,
    };
    let promoted: Option<RealOrComplex> = match (case.name, real(0)) {
        ("pow", Some(x)) => real(1).map(|y| pow_real(x, y)),
        ("logb", Some(x)) => real(1).map(|b| log_base_real(x, b)),
        (_, Some(x)) => Some(match case.name {
            "sqrt" => sqrt_real(x),
            "log" => log_real(x),
            "log10" => log10_real(x),
            "log2" => log2_real(x),
            "log1p" => log1p_real(x),
            "asin" => asin_real(x),
            "acos" => acos_real(x),
            "acosh" => acosh_real(x),
            "atanh" => atanh_real(x),
            "asec" => asec_real(x),
            "acsc" => acsc_real(x),
            "asech" => asech_real(x),
            "acoth" => acoth_real(x),
            other => panic!("no real case for {other}"),
        }),
        _ => None,
    };
    let value = match promoted {
        Some(v) => v,
        None => RealOrComplex::Complex(match case.name {
            "add" => z(0).add(z(1)),
            "subtract" => z(0).sub(z(1)),
            "multiply" => z(0).mul(z(1)),
            "divide" => z(0).div(z(1)),
            "pow" => z(0).pow(z(1)),
            "unaryMinus" => z(0).neg(),
            "conj" => z(0).conj(),
            "sqrt" => z(0).sqrt(),
            "square" => z(0).square(),
            "cube" => z(0).cube(),
            "abs" => return ("number", number(z(0).abs())),
            "arg" => return ("number", number(z(0).arg())),
            "sign" => z(0).sign(),
            "round" => z(0).round(places()),
            "floor" => z(0).floor(places()),
            "ceil" => z(0).ceil(places()),
            "inv" => Complex::ONE.div(z(0)),
            "equal" => return ("boolean", z(0).equals(z(1)).to_string()),
            "logb" => z(0).log_base(z(1)),
            "fix" => z(0).fix(),
            "exp" => z(0).exp(),
            "expm1" => z(0).expm1(),
            "log" => z(0).log(),
            "log10" => z(0).log10(),
            "log2" => z(0).log2(),
            "log1p" => z(0).log1p(),
            "cbrt" => z(0).cbrt(),
            "sin" => z(0).sin(),
            "cos" => z(0).cos(),
            "tan" => z(0).tan(),
            "sec" => z(0).sec(),
            "csc" => z(0).csc(),
            "cot" => z(0).cot(),
            "asin" => z(0).asin(),
            "acos" => z(0).acos(),
            "atan" => z(0).atan(),
            "asec" => z(0).asec(),
            "acsc" => z(0).acsc(),
            "acot" => z(0).acot(),
            "sinh" => z(0).sinh(),
            "cosh" => z(0).cosh(),
            "tanh" => z(0).tanh(),
            "sech" => z(0).sech(),
            "csch" => z(0).csch(),
            "coth" => z(0).coth(),
            "asinh" => z(0).asinh(),
            "acosh" => z(0).acosh(),
            "atanh" => z(0).atanh(),
            "asech" => z(0).asech(),
            "acsch" => z(0).acsch(),
            "acoth" => z(0).acoth(),
            other => panic!("no case for {other}"),
        }),
    };
    match value {
        RealOrComplex::Real(x) => ("number", number(x)),
        RealOrComplex::Complex(z) => ("Complex", complex::format(z, None)),
    }
}

/// A number as math.js's `format` writes it.
fn number(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else {
        reckon_math::format::format_number(x, None)
    }
}

/// Reads `a`, `bi`, `i`, `-i`, `a + bi`, `a - bi`, `a + i`, `a - i` back into parts (exponent
/// signs have no spaces around them, the operator between the parts has).
fn parse_parts(text: &str) -> Option<(f64, f64)> {
    let imaginary = |s: &str| -> Option<f64> {
        match s.strip_suffix('i')? {
            "" => Some(1.0),
            "-" => Some(-1.0),
            digits => digits.parse().ok(),
        }
    };
    if let Some((re, im)) = text.split_once(" + ") {
        return Some((re.parse().ok()?, imaginary(im)?));
    }
    if let Some((re, im)) = text.split_once(" - ") {
        return Some((re.parse().ok()?, -imaginary(im)?));
    }
    if text.ends_with('i') {
        return Some((0.0, imaginary(text)?));
    }
    Some((text.parse().ok()?, 0.0))
}

/// The specification's tolerance for one part.
fn close(a: f64, b: f64) -> bool {
    a == b
        || (a.is_nan() && b.is_nan())
        || (a - b).abs() <= 1e-12 * a.abs().max(b.abs())
        || (a - b).abs() <= 1e-15
}

#[test]
fn parts_read_back() {
    assert_eq!(parse_parts("2 - i"), Some((2.0, -1.0)));
    assert_eq!(parse_parts("-i"), Some((0.0, -1.0)));
    assert_eq!(parse_parts("1e-7 + 2.5e+300i"), Some((1e-7, 2.5e300)));
    assert_eq!(parse_parts("-Infinityi"), Some((0.0, f64::NEG_INFINITY)));
    assert_eq!(parse_parts("-6"), Some((-6.0, 0.0)));
}

#[test]
fn complex_functions_agree_with_mathjs() {
    let mut rng = Rng::from_env(0xC0_4D1E_2026_1130);
    let cases: Vec<Case> = (0..4000).map(|_| case(&mut rng)).collect();
    let inputs: Vec<_> = cases.iter().map(|c| json!(c.expression())).collect();
    let answers = run_peer("evaluate.mjs", &[], &inputs);
    let (mut exact, mut within, mut failures) = (0, 0, Vec::new());
    // Per function: how many agreed only within the tolerance (the last digits differ).
    let mut last_digits: BTreeMap<&str, usize> = BTreeMap::new();
    let mut non_finite = 0;
    for (case, want) in cases.iter().zip(&answers) {
        let (kind, got) = ours(case);
        if ["NaN", "Infinity"].iter().any(|s| got.contains(s)) {
            non_finite += 1;
        }
        if std::env::var_os("RECKON_SHOW").is_some() {
            println!("{} => {got}", case.expression());
        }
        let (want_kind, want_text) = (
            want["type"].as_str().unwrap_or("error"),
            want["result"].as_str().unwrap_or(""),
        );
        let report = || {
            format!(
                "{}\n  math.js: {want}\n  reckon:  {kind} {got}",
                case.expression()
            )
        };
        if kind != want_kind {
            failures.push(report());
        } else if got == want_text {
            exact += 1;
        } else if EXACT.contains(&case.name) {
            failures.push(report());
        } else {
            match (parse_parts(&got), parse_parts(want_text)) {
                (Some((a, b)), Some((c, d))) if close(a, c) && close(b, d) => {
                    within += 1;
                    if std::env::var_os("RECKON_SHOW").is_some() {
                        println!(
                            "WITHIN {}\n  math.js {want_text}\n  reckon  {got}",
                            case.expression()
                        );
                    }
                    *last_digits.entry(case.name).or_default() += 1;
                }
                _ => failures.push(report()),
            }
        }
    }
    println!(
        "{} cases ({non_finite} with a NaN or infinite part): {exact} the same string, \
         {within} within 1e-12, {} differ",
        cases.len(),
        failures.len()
    );
    println!("within the tolerance only, by function: {last_digits:?}");
    assert_no_differences(&failures);
}

/// A part for JSON: a number, or its name when it is not finite (JSON has no NaN).
fn json_part(x: f64) -> serde_json::Value {
    if x.is_finite() {
        json!(x)
    } else {
        json!(literal(x))
    }
}

/// Values that exercise the format's rules: random parts, one part negligible next to the other
/// by a ratio around 10^−p, and imaginary parts of exactly ±1 or next to it.
fn format_value(rng: &mut Rng) -> Complex {
    let (a, b) = (part(rng), part(rng));
    match rng.below(4) {
        0 => Complex::new(a, b),
        1 => {
            let small = a * 10f64.powi(-(rng.below(20) as i32)) * 1.5;
            if rng.below(2) == 0 {
                Complex::new(a, small)
            } else {
                Complex::new(small, a)
            }
        }
        2 => Complex::new(a, [1.0, -1.0, 1.0 + 1e-5, -0.99999][rng.below(4)]),
        _ => Complex::new(a, b * 1e-300),
    }
}

#[test]
fn complex_format_agrees_with_mathjs() {
    let mut rng = Rng::from_env(0xF0_4A77_2026_1130);
    let values: Vec<(Complex, Option<u32>)> = (0..3000)
        .map(|_| {
            let precision = (rng.below(5) != 0).then(|| 1 + rng.below(16) as u32);
            (format_value(&mut rng), precision)
        })
        .collect();
    let inputs: Vec<_> = values
        .iter()
        .map(|(z, p)| json!([json_part(z.re), json_part(z.im), p]))
        .collect();
    let answers = run_peer("format_complex.mjs", &[], &inputs);
    let mut failures = Vec::new();
    for ((z, p), want) in values.iter().zip(&answers) {
        let got = complex::format(*z, *p);
        if want.as_str() != Some(got.as_str()) {
            failures.push(format!(
                "{z:?} precision {p:?}\n  math.js: {want}\n  reckon:  {got}"
            ));
        }
    }
    println!(
        "{} values formatted, {} differ",
        values.len(),
        failures.len()
    );
    assert_no_differences(&failures);
}
