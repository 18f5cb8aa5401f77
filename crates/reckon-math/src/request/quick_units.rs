//! The commonest unit requests answered without building a tree: `NUMBER UNIT` (`5 kg`) and
//! `NUMBER UNIT to UNIT` or `... in UNIT` (`5 kg to lbs`), in number mode.
//!
//! Why: for such a request the tree, its walk and the parser's general machinery were about a
//! fifth of the request's instructions (issue 30 asks unit conversions to run at least 30 times
//! faster than math.js). The shape is read from the lexer's tokens alone: a number literal
//! (digits, a point, an exponent; no prefixed literal), a name, and optionally the named
//! operator `to` or `in` and a second name. Each piece is computed by the function the evaluator
//! calls for it on the tree the full parser makes of these tokens (`to(multiply(5, kg), lbs)`,
//! the product being an implicit one): [`number_literal`] for the literal, the evaluator's own
//! name lookup ([`Evaluator::symbol`]: scope variables first, then constants, functions, units),
//! [`Evaluator::binary`] for the product and [`Evaluator::convert_to`] for the conversion.
//!
//! Anything else gives up: another shape, a name that is not a unit (a variable, a function,
//! `pi`), an error of any kind. The caller then parses the same tokens and evaluates them in
//! full, so every error and position still comes from the general path. The work is counted as
//! the general path counts it: one unit per node (three, or five with a conversion), charged
//! once on success, besides what the product and the conversion charge as they go.
//!
//! A unit test holds both paths equal, value, text and work units, over 18,685 generated
//! expressions (10,633 of them answered here, the rest given up).

use crate::eval::{Evaluator, number_literal};
use crate::syntax::ast::Op;
use crate::syntax::lexer::{Tok, Token};
use crate::value::Value;

/// Whether the tokens have a shape [`evaluate`] reads: a number, a name, and optionally `to` or
/// `in` and a name. A few instructions, before an evaluator is made.
#[inline]
pub(crate) fn plausible(tokens: &[Token]) -> bool {
    match tokens {
        [number, unit] => number.tok == Tok::Number && unit.tok == Tok::Name(false),
        [number, unit, to, target] => {
            number.tok == Tok::Number
                && unit.tok == Tok::Name(false)
                && to.tok == Tok::Name(true)
                && target.tok == Tok::Name(false)
        }
        _ => false,
    }
}

/// The value of the ASCII `expression` (lexed into `tokens`, which are [`plausible`]) before
/// its units are settled, and the work units of its nodes, when it is a number times a unit,
/// optionally converted to another; `None` when the general path must answer it. `evaluator`
/// holds the request's variables; it is spent when this gives up.
pub(crate) fn evaluate(
    expression: &str,
    tokens: &[Token],
    evaluator: &mut Evaluator,
) -> Option<(Value, u64)> {
    let text = |token: &Token| {
        let span = token.span();
        expression.get(span.start..span.end)
    };
    let (number, unit) = (tokens.first()?, tokens.get(1)?);
    let raw = text(number)?;
    // A prefixed literal (`0x1F`) or a suffixed one is the parser's to read.
    if !raw
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'))
    {
        return None;
    }
    let magnitude = number_literal(raw, number.span().start).ok()?;
    let name = evaluator.symbol(text(unit)?, unit.span().start).ok()?;
    if !matches!(name, Value::Unit(_)) {
        return None;
    }
    let at = unit.span().start;
    let product = evaluator
        .binary(Op::Multiply, &magnitude, &name, false, (at, at), at)
        .ok()?;
    let [_, _, to, target] = tokens else {
        return Some((product, 3));
    };
    if !matches!(text(to)?, "to" | "in") {
        return None;
    }
    let target = evaluator.symbol(text(target)?, target.span().start).ok()?;
    if !matches!(target, Value::Unit(_)) {
        return None;
    }
    let converted = evaluator
        .convert_to(&product, &target, to.span().start)
        .ok()?;
    Some((converted, 5))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request;

    /// The value's type, its text at full and at 4 digits, and the work units.
    type Answer = (String, String, String, u64);

    fn answer(value: &Value, work: u64) -> Answer {
        (
            value.type_name().to_owned(),
            value.format(None),
            value.format(Some(4)),
            work,
        )
    }

    fn decoded(expression: &str, scope: &serde_json::Value) -> request::Request<'static> {
        let input = serde_json::json!({"expression": expression, "scope": scope}).to_string();
        let request = request::decode(input.as_bytes()).expect("a valid request");
        request::Request {
            expression: std::borrow::Cow::Owned(request.expression.into_owned()),
            ..request
        }
    }

    /// What this path answers (settled as the caller settles it), or `None` when it gives up.
    fn quick(expression: &str, scope: &serde_json::Value) -> Option<Answer> {
        let request = decoded(expression, scope);
        let (lexed, None) =
            crate::syntax::lexer::tokenize_until_error(request.expression.as_bytes())
        else {
            return None;
        };
        if !plausible(&lexed.tokens) {
            return None;
        }
        let mut evaluator =
            Evaluator::for_numeric_type(crate::used_scope(&request), request.numeric_type);
        let (value, units) = evaluate(&request.expression, &lexed.tokens, &mut evaluator)?;
        evaluator.charge(units).ok()?;
        let value = evaluator.settle_units(value).ok()?;
        Some(answer(&value, evaluator.work_used()))
    }

    /// What the general path answers: parsed into a tree, evaluated and settled.
    fn general(expression: &str, scope: &serde_json::Value) -> Result<Answer, String> {
        let request = decoded(expression, scope);
        let tree = request::prepare(&request).map_err(|e| e.message.clone())?;
        let mut evaluator =
            Evaluator::for_numeric_type(crate::used_scope(&request), request.numeric_type);
        let value = evaluator
            .eval(&tree)
            .and_then(|v| evaluator.settle_units(v))
            .map_err(|e| e.message.clone())?;
        Ok(answer(&value, evaluator.work_used()))
    }

    /// Holds the quick answer, when there is one, equal to the general path's; tells whether
    /// there was one.
    #[track_caller]
    fn agrees(expression: &str, scope: &serde_json::Value) -> bool {
        let Some(quick) = quick(expression, scope) else {
            return false;
        };
        assert_eq!(
            Ok(&quick),
            general(expression, scope).as_ref(),
            "{expression} with {scope}"
        );
        true
    }

    #[test]
    fn conversions_are_answered_as_the_general_path_answers_them() {
        let scope = serde_json::json!({});
        for expression in [
            "5 kg to lbs",
            "5 kg",
            "100 celsius to fahrenheit",
            "1 mi in km",
            "2.5e3 m to km",
            "0 degC to K",
            "1 lightyear to km",
            "2 planckLength to km",
            "1 kibibyte to bits",
        ] {
            assert!(agrees(expression, &scope), "{expression} was given up");
        }
    }

    #[test]
    fn other_shapes_and_names_are_left_to_the_general_path() {
        let scope = serde_json::json!({"kg": 2, "x": 3});
        for expression in [
            "5 kg to lbs",
            "5 x",
            "5 pi",
            "5 sin",
            "5 nope to m",
            "5 m to nope",
            "5 m to kg",
            "0x1F m",
            "5 m mod s",
            "5 m to 3",
            "5 m / s",
            "-5 m",
            "5 m to cm to mm",
        ] {
            assert!(quick(expression, &scope).is_none(), "{expression}");
        }
    }

    /// Numbers, names (units, prefixed units, constants, variables, functions, undefined
    /// names) and targets combined: every expression the quick path answers is answered alike.
    #[test]
    fn generated_conversions_are_answered_alike_or_given_up() {
        let scope = serde_json::json!({"x": 3, "meter2": 1, "h": 2});
        let numbers = [
            "5",
            "0",
            "0.5",
            ".5",
            "5.",
            "1e3",
            "2.5e-3",
            "1e400",
            "007",
            "123456789.123",
            "1e-320",
            "1E5",
        ];
        let names = [
            "kg",
            "g",
            "lbs",
            "lb",
            "m",
            "km",
            "cm",
            "mi",
            "ft",
            "inch",
            "in",
            "h",
            "hour",
            "minute",
            "s",
            "ms",
            "degC",
            "degF",
            "K",
            "celsius",
            "fahrenheit",
            "kelvin",
            "rad",
            "deg",
            "grad",
            "cycle",
            "l",
            "L",
            "ml",
            "gal",
            "cup",
            "N",
            "J",
            "kJ",
            "W",
            "kW",
            "Pa",
            "bar",
            "psi",
            "atm",
            "Hz",
            "V",
            "A",
            "ohm",
            "B",
            "kB",
            "KiB",
            "bit",
            "bits",
            "b",
            "mph",
            "knot",
            "ly",
            "lightyear",
            "kmeter",
            "meter",
            "kilometer",
            "speedOfLight",
            "planckLength",
            "gravity",
            "avogadro",
            "x",
            "meter2",
            "pi",
            "sin",
            "nope",
            "i",
            "e",
            "mol",
            "cd",
            "acre",
            "hectare",
            "m2",
            "m3",
            "sqft",
            "tonne",
            "ton",
            "stone",
            "oz",
            "year",
            "day",
            "week",
            "decade",
            "mm",
            "um",
            "nm",
            "Mm",
            "GW",
            "MPa",
            "kPa",
            "mbar",
        ];
        let mut answered = 0;
        let mut tried = 0;
        for number in numbers {
            for name in names {
                tried += 1;
                answered += usize::from(agrees(&format!("{number} {name}"), &scope));
            }
        }
        for (i, name) in names.iter().enumerate() {
            for (j, target) in names.iter().enumerate() {
                let number = numbers[(i + j) % numbers.len()];
                let word = if (i + j) % 3 == 0 { "in" } else { "to" };
                tried += 1;
                answered +=
                    usize::from(agrees(&format!("{number} {name} {word} {target}"), &scope));
            }
        }
        // Conversions within a quantity, every pair, with every number.
        let quantities: [&[&str]; 10] = [
            &[
                "m",
                "km",
                "cm",
                "mm",
                "um",
                "nm",
                "Mm",
                "mi",
                "ft",
                "inch",
                "yd",
                "ly",
                "meter",
                "kilometer",
                "lightyear",
            ],
            &[
                "kg", "g", "mg", "lbs", "lb", "oz", "tonne", "ton", "stone", "gram",
            ],
            &[
                "s", "ms", "h", "hour", "minute", "day", "week", "year", "decade",
            ],
            &[
                "degC",
                "degF",
                "K",
                "celsius",
                "fahrenheit",
                "kelvin",
                "degR",
                "rankine",
            ],
            &["rad", "deg", "grad", "cycle", "arcmin", "arcsec"],
            &["l", "L", "ml", "gal", "cup", "m3", "pint", "quart"],
            &["J", "kJ", "eV", "Wh", "kWh", "erg"],
            &["Pa", "kPa", "MPa", "bar", "mbar", "psi", "atm", "torr"],
            &[
                "B", "kB", "KiB", "MiB", "bit", "bits", "b", "byte", "kibibyte",
            ],
            &["mph", "knot", "kt", "kts", "knots"],
        ];
        for units in quantities {
            for (i, name) in units.iter().enumerate() {
                for (j, target) in units.iter().enumerate() {
                    for (k, number) in numbers.iter().enumerate() {
                        let word = if (i + j + k) % 2 == 0 { "to" } else { "in" };
                        tried += 1;
                        answered += usize::from(agrees(
                            &format!("{number} {name} {word} {target}"),
                            &scope,
                        ));
                    }
                }
            }
        }
        assert!(tried > 18_000, "{tried}");
        assert!(answered > 10_000, "{answered} of {tried}");
    }
}
