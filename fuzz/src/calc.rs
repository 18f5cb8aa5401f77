//! calc: the answer's shape, every value re-parsed as `f64` and re-printed with ECMAScript's
//! `Number::toString` rules (written here from the specification, not with the tool's printer),
//! and generated expressions compared with a plain `f64` evaluation of the same tree.

use crate::answer::{Answer, run, string, tool};
use arbitrary::{Arbitrary, Unstructured};
use reckon_tools::ErrorCategory;
use serde_json::{Value, json};

#[path = "../../crates/reckon-calc/tests/support/js_number.rs"]
mod js_number;
pub use js_number::js_string;
use js_number::spelled_values;

/// The tool's id.
pub const ID: &str = "calc";

/// Raw bytes as the request.
pub fn bytes(input: &[u8]) {
    let answer = run(tool(ID), input);
    let values = check(&answer);
    // When serde_json reads the request the same way, each output is prefix + value + suffix.
    let Some(values) = values else { return };
    let Ok(request) = serde_json::from_slice::<Value>(input) else {
        return;
    };
    let Some(items) = request.get("calculations").and_then(Value::as_array) else {
        panic!("a success without a calculations array: {request}");
    };
    assert_eq!(items.len(), values.len(), "one result per calculation");
    for (item, (expression, shown, output)) in items.iter().zip(&values) {
        let field = |name: &str| item.get(name).and_then(Value::as_str).unwrap_or_default();
        assert_eq!(field("expression"), expression);
        assert_eq!(
            output,
            &format!("{}{shown}{}", field("prefix"), field("suffix")),
            "output is prefix + value + suffix"
        );
    }
}

/// Checks the shape of any answer; for a success returns each result's expression, printed value
/// and output, after checking each value re-parses and re-prints identically.
pub fn check(answer: &Answer) -> Option<Vec<(String, String, String)>> {
    let body = &answer.body;
    if let Some(error) = body.get("error") {
        let code = error["code"].as_str().unwrap_or_default();
        assert_eq!(Some(code), answer.error.map(ErrorCategory::code), "{body}");
        let message = error["message"].as_str().unwrap_or_default();
        assert!(!message.is_empty() && !message.contains('\n'), "{body}");
        for key in ["index", "position"] {
            if let Some(v) = error.get(key) {
                assert!(v.is_u64(), "{key}: {body}");
            }
        }
        return None;
    }
    assert_eq!(body.as_object().map(|o| o.len()), Some(2), "{body}");
    assert_eq!(string(body, "/content/0/type"), "text");
    assert_eq!(body["content"].as_array().map(Vec::len), Some(1), "{body}");
    let Some(results) = body.pointer("/details/results").and_then(Value::as_array) else {
        panic!("no results array: {body}");
    };
    assert!(results.len() <= 1000, "at most 1,000 results");
    // The numbers as the hot path spelled them: serde_json's own f64 reading is not correctly
    // rounded (without its float_roundtrip feature), so it must not judge them.
    let spelled = spelled_values(&answer.text);
    let mut out = Vec::new();
    for (i, result) in results.iter().enumerate() {
        assert_eq!(result.as_object().map(|o| o.len()), Some(3), "{body}");
        assert!(result["value"].is_number(), "value is not a number: {body}");
        let expression = string(result, "/expression").to_owned();
        let output = string(result, "/output").to_owned();
        // Without the spelling (lone surrogates in a prefix stop serde_json), judge the Value.
        let shown = match spelled.as_ref().and_then(|s| s.get(i)) {
            Some(text) => text.clone(),
            None => js_string(result["value"].as_f64().unwrap_or(f64::NAN)),
        };
        let Ok(value) = shown.parse::<f64>() else {
            panic!("value {shown} is not a number: {body}");
        };
        assert!(value.is_finite(), "{body}");
        assert!(!(value == 0.0 && value.is_sign_negative()), "no -0: {body}");
        assert_eq!(js_string(value), shown, "re-printed: {body}");
        if spelled.is_some() {
            assert!(output.contains(&shown), "{body}");
        }
        out.push((expression, shown, output));
    }
    let joined: Vec<&str> = out.iter().map(|(_, _, o)| o.as_str()).collect();
    assert_eq!(string(body, "/content/0/text"), joined.join("\n"));
    Some(out)
}

/// A generated calc expression.
#[derive(Clone, Debug)]
pub enum Expr {
    /// A literal: its text and value.
    Number(String, f64),
    /// `-x` (`true`) or `+x`.
    Sign(bool, Box<Expr>),
    /// `l op r` for `+ - * / %`.
    Binary(char, Box<Expr>, Box<Expr>),
    /// `b ** e`, right-associative, the base a primary.
    Power(Box<Expr>, Box<Expr>),
    /// Redundant parentheses.
    Group(Box<Expr>),
}

fn number(u: &mut Unstructured<'_>) -> arbitrary::Result<Expr> {
    let text = match u.int_in_range(0u8..=6)? {
        0 => u.int_in_range(0u32..=100)?.to_string(),
        1 => format!(
            "{}.{}",
            u.int_in_range(0u32..=999)?,
            u.int_in_range(0u32..=9999)?
        ),
        2 => format!(
            "{}e{}",
            u.int_in_range(1u32..=99)?,
            u.int_in_range(-330i32..=306)?
        ),
        3 => format!(".{}", u.int_in_range(0u32..=99_999)?),
        4 => format!("{}.", u.int_in_range(0u32..=99)?),
        5 => format!("0x{:X}", u.arbitrary::<u64>()?),
        _ => {
            let mantissa: u64 = u.arbitrary()?;
            format!("{mantissa}E+{}", u.int_in_range(0u8..=9)?)
        }
    };
    let value = match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).map_or(f64::NAN, |v| v as f64),
        None => text.parse::<f64>().unwrap_or(f64::NAN),
    };
    Ok(Expr::Number(text, value))
}

impl Expr {
    /// A tree of at most `depth` levels.
    pub fn generate(u: &mut Unstructured<'_>, depth: u32) -> arbitrary::Result<Self> {
        if depth == 0 || u.is_empty() {
            return number(u);
        }
        let inner = |u: &mut Unstructured<'_>| Expr::generate(u, depth - 1).map(Box::new);
        Ok(match u.int_in_range(0u8..=6)? {
            0 => number(u)?,
            1 => Expr::Sign(u.arbitrary()?, inner(u)?),
            2 | 3 => {
                let op = *u.choose(&['+', '-', '*', '/', '%'])?;
                Expr::Binary(op, inner(u)?, inner(u)?)
            }
            4 | 5 => Expr::Power(inner(u)?, inner(u)?),
            _ => Expr::Group(inner(u)?),
        })
    }

    /// How tightly the text binds: 0 sum, 1 product, 2 unary, 3 primary.
    fn level(&self) -> u8 {
        match self {
            Expr::Binary('+' | '-', ..) => 0,
            Expr::Binary(..) => 1,
            Expr::Sign(..) | Expr::Power(..) => 2,
            Expr::Number(..) | Expr::Group(_) => 3,
        }
    }

    /// The text, with parentheses only where the grammar needs them, so that the tool's
    /// precedence and associativity are under test.
    pub fn render(&self) -> String {
        let at = |e: &Expr, min: u8| {
            if e.level() >= min {
                e.render()
            } else {
                format!("({})", e.render())
            }
        };
        match self {
            Expr::Number(text, _) => text.clone(),
            Expr::Sign(negative, x) => format!("{}{}", if *negative { '-' } else { '+' }, at(x, 2)),
            Expr::Binary(op, l, r) => {
                let (left, right) = if matches!(op, '+' | '-') {
                    (0, 1)
                } else {
                    (1, 2)
                };
                format!("{} {op} {}", at(l, left), at(r, right))
            }
            Expr::Power(b, e) => format!("{}**{}", at(b, 3), at(e, 2)),
            Expr::Group(x) => format!("({})", x.render()),
        }
    }

    /// The straightforward `f64` evaluation (ECMAScript semantics; `**` as `Number::exponentiate`).
    pub fn eval(&self) -> f64 {
        match self {
            Expr::Number(_, v) => *v,
            Expr::Sign(negative, x) => {
                let v = x.eval();
                if *negative { -v } else { v }
            }
            Expr::Binary(op, l, r) => {
                let (l, r) = (l.eval(), r.eval());
                match op {
                    '+' => l + r,
                    '-' => l - r,
                    '*' => l * r,
                    '/' => l / r,
                    _ => l % r,
                }
            }
            Expr::Power(b, e) => {
                let (b, e) = (b.eval(), e.eval());
                if e.is_nan() || (e != 0.0 && (b.is_nan() || (b.abs() == 1.0 && e.is_infinite()))) {
                    f64::NAN
                } else if e == 0.0 {
                    1.0
                } else {
                    b.powf(e)
                }
            }
            Expr::Group(x) => x.eval(),
        }
    }
}

/// A structure-aware batch: up to four generated expressions with prefixes and suffixes.
#[derive(Debug)]
pub struct Case {
    /// (expression, prefix, suffix).
    pub items: Vec<(Expr, String, String)>,
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let n = u.int_in_range(1usize..=4)?;
        let mut items = Vec::with_capacity(n);
        for _ in 0..n {
            let depth = u.int_in_range(0u32..=8)?;
            let expr = Expr::generate(u, depth)?;
            let prefix: String = u.arbitrary()?;
            let suffix: String = u.arbitrary()?;
            items.push((expr, prefix, suffix));
        }
        Ok(Case { items })
    }
}

/// Runs a generated batch: each result must be the `f64` evaluation of its tree, or the batch must
/// stop at the first expression that is not finite or passes a limit.
pub fn structured(case: &Case) {
    let calculations: Vec<Value> = case
        .items
        .iter()
        .map(|(e, p, s)| json!({"expression": e.render(), "prefix": p, "suffix": s}))
        .collect();
    let input = serde_json::to_vec(&json!({ "calculations": calculations })).unwrap_or_default();
    let answer = run(tool(ID), &input);
    let results = check(&answer);
    for (index, (expr, prefix, suffix)) in case.items.iter().enumerate() {
        let text = expr.render();
        let expected = expr.eval();
        let Some(results) = &results else {
            // The batch failed: at an expression over a limit, or at the first non-finite one.
            let error = &answer.body["error"];
            let failed = error["index"].as_u64().unwrap_or(u64::MAX) as usize;
            if failed > index {
                assert!(
                    expected.is_finite(),
                    "{text} = {expected} but the tool went on"
                );
                continue;
            }
            assert_eq!(failed, index, "{}", answer.body);
            match answer.error {
                Some(ErrorCategory::LimitExceeded) => {}
                Some(ErrorCategory::NotComputable) => {
                    assert!(
                        !expected.is_finite(),
                        "{text} = {expected}: {}",
                        answer.body
                    )
                }
                _ => panic!("{text} is valid calc, yet {}", answer.body),
            }
            return;
        };
        assert!(
            expected.is_finite(),
            "{text} = {expected}, yet the tool answered"
        );
        let (_, shown, output) = &results[index];
        assert_eq!(shown, &js_string(expected + 0.0), "{text}");
        assert_eq!(output, &format!("{prefix}{shown}{suffix}"));
    }
}

#[cfg(test)]
mod tests {
    use super::js_string;

    #[test]
    // The tie below is written as its exact value on purpose.
    #[allow(clippy::excessive_precision)]
    fn number_to_string_follows_ecmascript() {
        for (x, s) in [
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (123.456, "123.456"),
            (1e-6, "0.000001"),
            (1e-7, "1e-7"),
            (1.5e-7, "1.5e-7"),
            (-0.5, "-0.5"),
            (5e-324, "5e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            // Exactly between ...62 and ...63: the even one, where Rust's `{:e}` prints ...63.
            (146934047346652.625, "146934047346652.62"),
        ] {
            assert_eq!(js_string(x), s);
        }
    }
}
