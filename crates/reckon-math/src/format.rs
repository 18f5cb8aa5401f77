//! Number formatting for results (spec section 7.1): math.js `format` with `lowerExp: -6`,
//! `upperExp: 21` and an optional `precision`, rounding half-up on the shortest round-trip digits
//! (as JavaScript and `ryu-js` produce them), never on the binary value.

/// Formats a finite number; `-0` prints as `0`.
pub fn format_number(value: f64, precision: Option<u32>) -> String {
    format_number_with(value, precision, -6, 21)
}

/// Formats with other exponent bounds: positional notation when `lower_exp <= e < upper_exp`
/// (math.js's `string()` uses its defaults, -3 and 5).
pub fn format_number_with(
    value: f64,
    precision: Option<u32>,
    lower_exp: i32,
    upper_exp: i32,
) -> String {
    if value == 0.0 {
        return "0".to_owned();
    }
    if !value.is_finite() {
        // As JavaScript prints them (`string(1/0)` is "Infinity").
        return ryu_js::Buffer::new().format(value).to_owned();
    }
    if precision.is_none() && (lower_exp, upper_exp) == (-6, 21) {
        // JavaScript's own `Number::toString` switches notation at exactly these bounds, so
        // its text is the answer (checked against the general path in the tests).
        return ryu_js::Buffer::new().format(value).to_owned();
    }
    general_format(value, precision, lower_exp, upper_exp)
}

/// [`format_number_with`] for any bounds and precision, from the shortest digits.
fn general_format(value: f64, precision: Option<u32>, lower_exp: i32, upper_exp: i32) -> String {
    let (digits, exponent) = shortest_digits(value.abs());
    let (digits, exponent) = match precision {
        Some(p) if digits.len() > p as usize => round_half_up(&digits, exponent, p as usize),
        _ => (digits, exponent),
    };
    let mut out = String::with_capacity(digits.len() + 8);
    if value < 0.0 {
        out.push('-');
    }
    if (lower_exp..upper_exp).contains(&exponent) {
        positional(&digits, exponent, &mut out);
    } else {
        out.push_str(&digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        out.push('e');
        out.push(if exponent < 0 { '-' } else { '+' });
        out.push_str(&exponent.unsigned_abs().to_string());
    }
    out
}

/// The shortest round-trip digits of `value > 0` (no trailing zeros) and the exponent `e` with
/// `value = d1.d2… × 10^e`, read off JavaScript's `Number::toString` (via `ryu-js`).
fn shortest_digits(value: f64) -> (String, i32) {
    let text = ryu_js::Buffer::new().format(value).to_owned();
    let (mantissa, exp) = match text.split_once('e') {
        Some((m, e)) => (
            m.to_owned(),
            e.trim_start_matches('+').parse::<i32>().unwrap_or(0),
        ),
        None => (text, 0),
    };
    let (integer, fraction) = mantissa.split_once('.').unwrap_or((&mantissa, ""));
    let all: String = format!("{integer}{fraction}");
    let leading = all.len() - all.trim_start_matches('0').len();
    let digits = all.trim_start_matches('0').trim_end_matches('0').to_owned();
    let exponent = exp + integer.len() as i32 - 1 - leading as i32;
    (
        if digits.is_empty() {
            "0".into()
        } else {
            digits
        },
        exponent,
    )
}

/// `digits` rounded half-up to `p` significant digits (carrying), trailing zeros dropped.
/// Shared with `bignum`, whose BigNumbers print by the same rule (spec 7.2).
pub(crate) fn round_half_up(digits: &str, exponent: i32, p: usize) -> (String, i32) {
    let mut kept: Vec<u8> = digits.as_bytes()[..p].iter().map(|b| b - b'0').collect();
    let mut exponent = exponent;
    if digits.as_bytes()[p] >= b'5' {
        let mut i = p;
        loop {
            if i == 0 {
                kept.insert(0, 1);
                kept.truncate(p);
                exponent += 1;
                break;
            }
            i -= 1;
            if kept[i] == 9 {
                kept[i] = 0;
            } else {
                kept[i] += 1;
                break;
            }
        }
    }
    while kept.len() > 1 && kept.last() == Some(&0) {
        kept.pop();
    }
    (
        kept.iter().map(|d| char::from(b'0' + d)).collect(),
        exponent,
    )
}

/// Writes `d1.d2… × 10^exponent` without an exponent (`0.00123`, `1230`); shared with `bignum`.
pub(crate) fn positional(digits: &str, exponent: i32, out: &mut String) {
    if exponent < 0 {
        out.push_str("0.");
        for _ in 0..(-exponent - 1) {
            out.push('0');
        }
        out.push_str(digits);
        return;
    }
    let integer_len = exponent as usize + 1;
    if digits.len() <= integer_len {
        out.push_str(digits);
        for _ in digits.len()..integer_len {
            out.push('0');
        }
    } else {
        out.push_str(&digits[..integer_len]);
        out.push('.');
        out.push_str(&digits[integer_len..]);
    }
}

#[cfg(test)]
mod tests {
    use super::{format_number, general_format};

    /// The shortcut of the default bounds gives what the general path gives, on every decade
    /// and on a seeded spread of bit patterns.
    #[test]
    fn the_default_bounds_shortcut_agrees_with_the_general_path() {
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut values: Vec<f64> = (-330..310)
            .flat_map(|e| {
                let p = 10f64.powi(e);
                [p, 1.5 * p, 9.999_999 * p, p * (1.0 - f64::EPSILON), -p]
            })
            .collect();
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            values.push(f64::from_bits(state));
        }
        for value in values.into_iter().filter(|v| v.is_finite() && *v != 0.0) {
            assert_eq!(
                format_number(value, None),
                general_format(value, None, -6, 21),
                "{value:e}"
            );
        }
    }

    #[test]
    fn without_precision_it_is_javascript_string() {
        for (value, text) in [
            (0.1 + 0.2, "0.30000000000000004"),
            (123456789012345678901.0, "123456789012345680000"),
            (5e-324, "5e-324"),
            (1e21, "1e+21"),
            (1e-7, "1e-7"),
            (0.000001, "0.000001"),
            (1.5e-7, "1.5e-7"),
            (-0.0, "0"),
            (434.99999999999994, "434.99999999999994"),
            (-2.5, "-2.5"),
            (100.0, "100"),
        ] {
            assert_eq!(format_number(value, None), text, "{value}");
        }
    }

    #[test]
    fn precision_rounds_half_up_on_the_shortest_digits() {
        for (value, p, text) in [
            (0.125, 2, "0.13"),
            (2.5, 1, "3"),
            (-2.5, 1, "-3"),
            (9.995, 3, "10"),
            (21385.0, 2, "21000"),
            (0.1 + 0.2, 16, "0.3"),
            (1.0 / 7.0, 16, "0.1428571428571429"),
            (0.00000099999, 2, "0.000001"),
            (999999999999999999999.0, 2, "1e+21"),
            (15.0, 1, "20"),
            (std::f64::consts::PI, 4, "3.142"),
            (123456.789, 2, "120000"),
        ] {
            assert_eq!(format_number(value, Some(p)), text, "{value} / {p}");
        }
    }
}
