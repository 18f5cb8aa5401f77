//! decimal-expression-evaluate: the answer's shape, the value re-derived from the exact fraction,
//! and a structure-aware generator with an independent exact evaluator.

use crate::answer::{Answer, run, string, tool};
use arbitrary::{Arbitrary, Unstructured};
use dashu_int::ops::{BitTest, Gcd, UnsignedAbs};
use dashu_int::{IBig, UBig};
use dashu_ratio::RBig;
use reckon_tools::ErrorCategory;
use serde_json::{Value, json};

/// The tool's id.
pub const ID: &str = "decimal-expression-evaluate";

/// Raw bytes as the request: one well-formed answer whose value agrees with its fraction.
pub fn bytes(input: &[u8]) {
    let answer = run(tool(ID), input);
    check(&answer);
}

/// Checks the shape of any answer, and for a success that `value` is the exact fraction (when
/// `exact`) or that fraction rounded to the value's number of fraction digits (off by less than
/// one unit of that scale, and not equal).
pub fn check(answer: &Answer) -> Option<(RBig, RBig, bool)> {
    let body = &answer.body;
    if let Some(error) = body.get("error") {
        check_error(error, answer.error);
        return None;
    }
    let object = body.as_object()?;
    assert_eq!(object.len(), 3, "value, exact, fraction only: {body}");
    let value = string(body, "/value");
    let numerator = string(body, "/fraction/numerator");
    let denominator = string(body, "/fraction/denominator");
    assert_eq!(body["fraction"].as_object().map(|o| o.len()), Some(2));
    let Some(exact) = body["exact"].as_bool() else {
        panic!("exact is not a boolean: {body}");
    };
    // The output schema's lengths.
    assert!((1..=9000).contains(&value.len()), "value length: {body}");
    assert!((1..=201).contains(&numerator.len()), "numerator: {body}");
    assert!(
        (1..=200).contains(&denominator.len()),
        "denominator: {body}"
    );
    assert!(is_integer(numerator, true), "numerator form: {body}");
    assert!(
        is_integer(denominator, false) && denominator != "0",
        "denominator form: {body}"
    );
    assert!(is_decimal(value), "value form: {body}");
    let n: IBig = numerator
        .parse()
        .unwrap_or_else(|_| panic!("numerator: {body}"));
    let d: UBig = denominator
        .parse()
        .unwrap_or_else(|_| panic!("denominator: {body}"));
    assert_eq!(
        (&n.clone().unsigned_abs()).gcd(&d),
        UBig::ONE,
        "the fraction is in lowest terms: {body}"
    );
    let fraction = RBig::from_parts(n, d);
    let shown = decimal(value);
    let digits = value.split_once('.').map_or(0, |(_, f)| f.len());
    if exact {
        assert_eq!(
            shown, fraction,
            "exact, yet the value is not the fraction: {body}"
        );
    } else {
        assert_ne!(
            shown, fraction,
            "not exact, yet the value is the fraction: {body}"
        );
        let unit = RBig::from_parts(IBig::ONE, UBig::from(10u8).pow(digits));
        let gap = if shown > fraction {
            &shown - &fraction
        } else {
            &fraction - &shown
        };
        assert!(
            gap < unit,
            "the value is a unit or more from the fraction: {body}"
        );
    }
    Some((shown, fraction, exact))
}

fn check_error(error: &Value, category: Option<ErrorCategory>) {
    let code = error["code"].as_str().unwrap_or_default();
    assert_eq!(
        Some(code),
        category.map(ErrorCategory::code),
        "code: {error}"
    );
    let message = error["message"].as_str().unwrap_or_default();
    assert!(
        !message.is_empty() && !message.contains('\n'),
        "message: {error}"
    );
    let details = &error["details"];
    assert!(
        details["reason"].as_str().is_some_and(|r| !r.is_empty()),
        "reason: {error}"
    );
    for (key, check) in [
        ("position", Value::is_u64 as fn(&Value) -> bool),
        ("limit", Value::is_i64),
        ("actual", Value::is_i64),
        ("token", Value::is_string),
        ("variable", Value::is_string),
        ("field", Value::is_string),
    ] {
        if let Some(v) = details.get(key) {
            assert!(check(v), "details.{key}: {error}");
        }
    }
}

/// `-?(0|[1-9][0-9]*)`, the sign allowed only when `signed`, and no `-0`.
fn is_integer(text: &str, signed: bool) -> bool {
    let digits = match text.strip_prefix('-') {
        Some(rest) if signed => rest,
        Some(_) => return false,
        None => text,
    };
    let form = digits == "0"
        || (!digits.is_empty()
            && !digits.starts_with('0')
            && digits.bytes().all(|b| b.is_ascii_digit()));
    form && text != "-0"
}

/// `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, never a negative zero (`-0.00`).
fn is_decimal(text: &str) -> bool {
    let (integer, fraction) = text.split_once('.').unwrap_or((text, ""));
    let unsigned = integer.strip_prefix('-').unwrap_or(integer);
    let fraction_ok = !text.contains('.')
        || (!fraction.is_empty() && fraction.bytes().all(|b| b.is_ascii_digit()));
    let zero = unsigned.bytes().all(|b| b == b'0') && fraction.bytes().all(|b| b == b'0');
    is_integer(unsigned, false) && fraction_ok && !(zero && integer.starts_with('-'))
}

/// The exact value of decimal text (already checked by [`is_decimal`] or generated).
pub fn decimal(text: &str) -> RBig {
    let (negative, digits) = text.strip_prefix('-').map_or((false, text), |r| (true, r));
    let (integer, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let numerator: IBig = format!("{integer}{fraction}")
        .parse()
        .unwrap_or_else(|_| panic!("not decimal text: {text}"));
    let value = RBig::from_parts(numerator, UBig::from(10u8).pow(fraction.len()));
    if negative { -value } else { value }
}

/// The rounding modes as the specification names them.
pub const MODES: [&str; 10] = [
    "half_even",
    "half_up",
    "half_down",
    "half_ceiling",
    "half_floor",
    "up",
    "down",
    "ceiling",
    "floor",
    "unnecessary",
];

/// `x` rounded to `digits` fraction digits by `mode`, written from the modes' definitions.
///
/// # Errors
/// `rounding_necessary` when the mode is `unnecessary` and the value would change.
pub fn round(x: &RBig, digits: usize, mode: &str) -> Result<RBig, &'static str> {
    let scale = RBig::from(UBig::from(10u8).pow(digits));
    let negative = x < &RBig::ZERO;
    let magnitude = if negative { -x.clone() } else { x.clone() } * &scale;
    let kept = magnitude.floor();
    let rest = &magnitude - RBig::from(kept.clone());
    if rest.is_zero() {
        return Ok(x.clone());
    }
    let half = RBig::from_parts(IBig::ONE, UBig::from(2u8));
    let odd = &kept % IBig::from(2) != IBig::ZERO;
    let away = match mode {
        "up" => true,
        "down" => false,
        "ceiling" => !negative,
        "floor" => negative,
        "half_up" => rest >= half,
        "half_down" => rest > half,
        "half_even" => rest > half || (rest == half && odd),
        "half_ceiling" => rest > half || (rest == half && !negative),
        "half_floor" => rest > half || (rest == half && negative),
        _ => return Err("rounding_necessary"),
    };
    let magnitude = RBig::from(if away { kept + IBig::ONE } else { kept }) / scale;
    Ok(if negative { -magnitude } else { magnitude })
}

/// A generated expression tree.
#[derive(Clone, Debug)]
pub enum Expr {
    /// A decimal literal, as written.
    Literal(String),
    /// One of [`VARIABLES`].
    Variable(usize),
    /// `-x`.
    Negate(Box<Expr>),
    /// `l op r` for `+ - * /`.
    Binary(char, Box<Expr>, Box<Expr>),
    /// `x^n`.
    Power(Box<Expr>, i32),
    /// `abs(x)`.
    Abs(Box<Expr>),
    /// `max(...)` (true) or `min(...)`.
    Extremum(bool, Vec<Expr>),
    /// `round(x, n)`.
    Round(Box<Expr>, u32),
}

/// The variables every generated request carries.
pub const VARIABLES: [(&str, &str); 5] = [
    ("a", "19.99"),
    ("b", "-3"),
    ("c", "0.125"),
    ("zero", "0"),
    ("big", "123456789012345678901234567890.0987654321"),
];

fn literal(u: &mut Unstructured<'_>) -> arbitrary::Result<String> {
    Ok(match u.int_in_range(0u8..=4)? {
        0 => u.int_in_range(0u32..=1000)?.to_string(),
        1 => format!(
            "{}.{:03}",
            u.int_in_range(0u32..=99)?,
            u.int_in_range(0u32..=999)?
        ),
        2 => {
            // Up to 62 characters, the literal limit, and sometimes one past it.
            let len = u.int_in_range(1usize..=63)?;
            let mut text = String::from("1");
            for _ in 1..len {
                text.push(char::from(b'0' + u.int_in_range(0u8..=9)?));
            }
            if len > 3 && u.arbitrary()? {
                text.insert(len / 2, '.');
                text.pop();
            }
            text
        }
        3 => "0".to_owned(),
        _ => format!("0.{}", "0".repeat(u.int_in_range(0usize..=20)?) + "1"),
    })
}

impl Expr {
    /// A tree of at most `depth` levels.
    pub fn generate(u: &mut Unstructured<'_>, depth: u32) -> arbitrary::Result<Self> {
        if depth == 0 || u.is_empty() {
            return Ok(if u.arbitrary()? {
                Expr::Literal(literal(u)?)
            } else {
                Expr::Variable(u.choose_index(VARIABLES.len())?)
            });
        }
        let inner = |u: &mut Unstructured<'_>| Expr::generate(u, depth - 1).map(Box::new);
        Ok(match u.int_in_range(0u8..=8)? {
            0 => Expr::Literal(literal(u)?),
            1 => Expr::Variable(u.choose_index(VARIABLES.len())?),
            2 => Expr::Negate(inner(u)?),
            3 | 4 => {
                let op = *u.choose(&['+', '-', '*', '/'])?;
                Expr::Binary(op, inner(u)?, inner(u)?)
            }
            5 => Expr::Power(inner(u)?, u.int_in_range(-6i32..=12)?),
            6 => Expr::Abs(inner(u)?),
            7 => {
                let n = u.int_in_range(2usize..=4)?;
                let args = (0..n)
                    .map(|_| Expr::generate(u, depth - 1))
                    .collect::<arbitrary::Result<_>>()?;
                Expr::Extremum(u.arbitrary()?, args)
            }
            _ => Expr::Round(inner(u)?, u.int_in_range(0u32..=8)?),
        })
    }

    /// Fully parenthesised text, so that the tree's structure is the parse.
    pub fn render(&self) -> String {
        match self {
            Expr::Literal(text) => text.clone(),
            Expr::Variable(i) => VARIABLES[*i].0.to_owned(),
            Expr::Negate(x) => format!("-({})", x.render()),
            Expr::Binary(op, l, r) => format!("({}) {op} ({})", l.render(), r.render()),
            Expr::Power(x, n) => format!("({})^{n}", x.render()),
            Expr::Abs(x) => format!("abs({})", x.render()),
            Expr::Extremum(max, args) => {
                let args: Vec<String> = args.iter().map(Expr::render).collect();
                format!("{}({})", if *max { "max" } else { "min" }, args.join(", "))
            }
            Expr::Round(x, n) => format!("round({}, {n})", x.render()),
        }
    }

    /// Whether the tree holds a literal the tool must refuse: longer than 62 characters, or with
    /// more than 60 digits.
    fn has_bad_literal(&self) -> bool {
        match self {
            Expr::Literal(text) => {
                text.len() > 62 || text.bytes().filter(u8::is_ascii_digit).count() > 60
            }
            Expr::Variable(_) => false,
            Expr::Negate(x) | Expr::Power(x, _) | Expr::Abs(x) | Expr::Round(x, _) => {
                x.has_bad_literal()
            }
            Expr::Binary(_, l, r) => l.has_bad_literal() || r.has_bad_literal(),
            Expr::Extremum(_, args) => args.iter().any(Expr::has_bad_literal),
        }
    }
}

/// Why the reference evaluator stopped.
#[derive(Debug, PartialEq)]
pub enum Fault {
    /// A not-computable reason of the specification.
    Reason(&'static str),
    /// A value far past the tool's 200-digit limit: the tool must refuse with `limit_exceeded`.
    TooBig,
}

/// Far past the tool's 200-digit intermediate limit; the reference stops here so that it stays
/// fast, and the tool must already have refused.
const REFERENCE_DIGITS: usize = 1000;

fn bounded(value: RBig) -> Result<RBig, Fault> {
    let digits = |bits: usize| bits * 3 / 10;
    if digits(value.numerator().clone().unsigned_abs().bit_len()) > REFERENCE_DIGITS
        || digits(value.denominator().bit_len()) > REFERENCE_DIGITS
    {
        return Err(Fault::TooBig);
    }
    Ok(value)
}

/// The reference evaluator: depth-first, left to right, the first fault wins.
pub fn oracle(e: &Expr, mode: &str) -> Result<RBig, Fault> {
    let value = match e {
        Expr::Literal(text) => decimal(text),
        Expr::Variable(i) => decimal(VARIABLES[*i].1),
        Expr::Negate(x) => -oracle(x, mode)?,
        Expr::Binary(op, l, r) => {
            let (l, r) = (oracle(l, mode)?, oracle(r, mode)?);
            match op {
                '+' => l + r,
                '-' => l - r,
                '*' => l * r,
                _ if r.is_zero() => return Err(Fault::Reason("division_by_zero")),
                _ => l / r,
            }
        }
        Expr::Power(x, n) => {
            let base = oracle(x, mode)?;
            if base.is_zero() && *n < 0 {
                return Err(Fault::Reason("zero_to_negative_power"));
            }
            let bits =
                base.numerator().clone().unsigned_abs().bit_len() + base.denominator().bit_len();
            if bits * n.unsigned_abs() as usize * 3 / 10 > 4 * REFERENCE_DIGITS {
                return Err(Fault::TooBig);
            }
            base.pow(*n as isize)
        }
        Expr::Abs(x) => {
            let v = oracle(x, mode)?;
            if v < RBig::ZERO { -v } else { v }
        }
        Expr::Extremum(max, args) => {
            let mut best: Option<RBig> = None;
            for arg in args {
                let v = oracle(arg, mode)?;
                best = Some(match best {
                    Some(b) if (v > b) == *max && v != b => v,
                    Some(b) => b,
                    None => v,
                });
            }
            best.unwrap_or(RBig::ZERO)
        }
        Expr::Round(x, n) => round(&oracle(x, mode)?, *n as usize, mode).map_err(Fault::Reason)?,
    };
    bounded(value)
}

/// A structure-aware case: a tree, a scale (or none) and a mode.
#[derive(Debug)]
pub struct Case {
    /// The expression tree.
    pub expr: Expr,
    /// The requested scale.
    pub scale: Option<u32>,
    /// The rounding mode's name.
    pub mode: &'static str,
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let scale = if u.arbitrary()? {
            Some(u.int_in_range(0u32..=41)?)
        } else {
            None
        };
        let mode = *u.choose(&MODES)?;
        let depth = u.int_in_range(0u32..=6)?;
        let expr = Expr::generate(u, depth)?;
        Ok(Case { expr, scale, mode })
    }
}

impl Case {
    /// The request line.
    pub fn request(&self) -> Vec<u8> {
        let variables: serde_json::Map<String, Value> = VARIABLES
            .iter()
            .map(|(n, v)| ((*n).to_owned(), json!(v)))
            .collect();
        let mut input = json!({"expression": self.expr.render(), "variables": variables, "rounding": self.mode});
        if let Some(scale) = self.scale {
            input["scale"] = json!(scale);
        }
        serde_json::to_vec(&input).unwrap_or_default()
    }
}

/// Runs a generated case and compares the tool with the reference evaluator: the same exact
/// fraction, the value rounded as the mode says at the requested scale, and the same first fault.
pub fn structured(case: &Case) {
    let text = case.expr.render();
    let answer = run(tool(ID), &case.request());
    let checked = check(&answer);
    if case.scale.is_some_and(|s| s > 40) {
        let reason = answer.body.pointer("/error/details/reason");
        assert_eq!(reason, Some(&json!("invalid_scale")), "{}", answer.body);
        return;
    }
    if text.len() > 2000 || case.expr.has_bad_literal() {
        // Over 2,000 bytes or a literal of 63+ characters: limit_exceeded; more than 60 digits:
        // invalid_input; the first such literal wins, so only "refused" is checked here.
        assert!(answer.error.is_some(), "{text}: {}", answer.body);
        return;
    }
    let expected = oracle(&case.expr, case.mode);
    let reason = answer
        .body
        .pointer("/error/details/reason")
        .and_then(Value::as_str);
    match (&expected, answer.error) {
        // Work, tokens, depth and digit limits are the tool's to judge.
        (_, Some(ErrorCategory::LimitExceeded)) => {}
        (Err(Fault::TooBig), _) => {
            panic!(
                "the reference passed 1,000 digits but the tool answered {}",
                answer.body
            )
        }
        (Err(Fault::Reason(r)), _) => assert_eq!(reason, Some(*r), "{text}: {}", answer.body),
        (Ok(exact), _) => {
            let wanted = match case.scale {
                Some(scale) => round(exact, scale as usize, case.mode),
                None if terminates(exact) => Ok(exact.clone()),
                None => Err("non_terminating_decimal"),
            };
            match (wanted, checked) {
                (Err(r), _) => assert_eq!(reason, Some(r), "{text}: {}", answer.body),
                (Ok(wanted), Some((shown, fraction, exact_flag))) => {
                    assert_eq!(&fraction, exact, "{text}: {}", answer.body);
                    assert_eq!(shown, wanted, "{text}: {}", answer.body);
                    assert_eq!(exact_flag, &wanted == exact, "{text}: {}", answer.body);
                    let digits = string(&answer.body, "/value")
                        .split_once('.')
                        .map_or(0, |(_, f)| f.len());
                    match case.scale {
                        Some(scale) => assert_eq!(digits, scale as usize, "{}", answer.body),
                        None => assert!(
                            !string(&answer.body, "/value").ends_with('0') || digits == 0,
                            "canonical form has no trailing zeros: {}",
                            answer.body
                        ),
                    }
                }
                (Ok(_), None) => panic!(
                    "{text}: the reference has a value, the tool {}",
                    answer.body
                ),
            }
        }
    }
}

fn terminates(x: &RBig) -> bool {
    let mut d = x.denominator().clone();
    for p in [2u8, 5] {
        while (&d % UBig::from(p)).is_zero() {
            d /= UBig::from(p);
        }
    }
    d.is_one()
}
