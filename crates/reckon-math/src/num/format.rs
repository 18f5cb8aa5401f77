//! Number formatting for results (spec section 7.1): math.js `format` with `lowerExp: -6`,
//! `upperExp: 21` and an optional `precision`, rounding half-up on the shortest round-trip digits
//! (as JavaScript and `ryu-js` produce them), never on the binary value.

/// Formats a finite number; `-0` prints as `0`.
pub fn format_number(value: f64, precision: Option<u32>) -> String {
    if let Some(magnitude) = integer_text(value, precision) {
        let mut out = String::with_capacity(17);
        push_signed(&mut out, value, magnitude);
        return out;
    }
    format_number_with(value, precision, -6, 21)
}

/// Below this magnitude every integral binary64 is an integer whose shortest round-trip digits
/// are its own digits (its neighbours are at most 1 apart), so it prints as that integer.
const EXACT_INTEGERS: f64 = 9_007_199_254_740_992.0;

/// [`format_number`] appended to `out`: what a matrix or object writes for each element,
/// without a string per element. An integer below 2^53 (the most common result) is written from
/// its digits; everything else as [`format_number_with`] writes it.
pub(crate) fn write_number(value: f64, precision: Option<u32>, out: &mut String) {
    if let Some(magnitude) = integer_text(value, precision) {
        push_signed(out, value, magnitude);
    } else if value == 0.0 {
        out.push('0');
    } else if !value.is_finite() || precision.is_none() {
        // See `format_number_with`: JavaScript's own text.
        match short_decimal(value) {
            Some(text) => out.extend(text.bytes().iter().map(|&b| char::from(b))),
            None => out.push_str(ryu_js::Buffer::new().format(value)),
        }
    } else {
        out.push_str(&general_format(value, precision, -6, 21));
    }
}

/// The magnitude of `value` when it prints as a plain integer under `precision`: an integer
/// below 2^53 (no exponent, since e ≤ 15 < 21) that the precision does not round (it has at
/// most 16 digits, so a precision rounds only when it is below the digit count).
fn integer_text(value: f64, precision: Option<u32>) -> Option<u64> {
    // (A round trip through `i64` tests integrality without a call to `trunc`.)
    if !(value.abs() < EXACT_INTEGERS && (value as i64) as f64 == value) {
        return None;
    }
    let magnitude = value.abs() as u64;
    precision
        .is_none_or(|p| p >= 16 || magnitude < 10u64.pow(p))
        .then_some(magnitude)
}

/// Appends `magnitude` with the sign of `value` (`-0` has none).
fn push_signed(out: &mut String, value: f64, magnitude: u64) {
    if value < 0.0 {
        out.push('-');
    }
    push_integer(out, magnitude);
}

/// [`format_number`] appended to a byte buffer: the answer writer's path for a number result,
/// which needs no string of its own and no JSON escaping (the text is ASCII without quotes).
///
/// An integer below 2^53 that the precision leaves alone (most results) is written here, from
/// one round trip through `i64`; everything else goes to [`append_non_integer`], out of line:
/// its digit and ryu buffers made every call set up a large stack frame (~50 instructions of
/// the ~75 that writing `1` cost).
#[inline]
pub(crate) fn append_number(value: f64, precision: Option<u32>, out: &mut Vec<u8>) {
    // `value` is an integer below 2^53 exactly when the round trip keeps it (NaN and values
    // past i64's range saturate and do not come back) and its magnitude is below 2^53: the
    // test of `integer_text`, without a second conversion for the magnitude.
    let integer = value as i64;
    let magnitude = integer.unsigned_abs();
    if integer as f64 == value
        && magnitude < 1 << 53
        && precision.is_none_or(|p| p >= 16 || magnitude < 10u64.pow(p))
    {
        // (`-0` has no sign: it converts to 0.)
        if integer < 0 {
            out.push(b'-');
        }
        // One or two digits (most matrix elements): pushed directly, as `push_integer` does.
        if magnitude < 100 {
            if magnitude >= 10 {
                out.push(b'0' + (magnitude / 10) as u8);
            }
            out.push(b'0' + (magnitude % 10) as u8);
            return;
        }
        append_integer(out, magnitude);
    } else {
        append_non_integer(value, precision, out);
    }
}

/// [`append_number`] for a value that does not print as a plain integer.
#[inline(never)]
fn append_non_integer(value: f64, precision: Option<u32>, out: &mut Vec<u8>) {
    if value == 0.0 {
        out.push(b'0');
    } else if !value.is_finite() {
        out.extend_from_slice(ryu_js::Buffer::new().format(value).as_bytes());
    } else if precision.is_none() {
        // See `format_number_with`: JavaScript's own text.
        match short_decimal(value) {
            Some(text) => out.extend_from_slice(text.bytes()),
            None => out.extend_from_slice(ryu_js::Buffer::new().format_finite(value).as_bytes()),
        }
    } else {
        out.extend_from_slice(general_format(value, precision, -6, 21).as_bytes());
    }
}

/// Appends the decimal digits of `n`.
pub(crate) fn push_integer(out: &mut String, n: u64) {
    // One or two digits (most matrix elements): pushed directly, without a digit buffer.
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
        return;
    }
    if n < 100 {
        out.push(char::from(b'0' + (n / 10) as u8));
        out.push(char::from(b'0' + (n % 10) as u8));
        return;
    }
    let (digits, start) = reckon_core::num::integer_digits(n);
    for &digit in &digits[start..] {
        out.push(char::from(digit));
    }
}

/// Appends the decimal digits of `n` to bytes.
pub(crate) fn append_integer(out: &mut Vec<u8>, n: u64) {
    let (digits, start) = reckon_core::num::integer_digits(n);
    out.extend_from_slice(&digits[start..]);
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
        return match short_decimal(value) {
            Some(text) => text.bytes().iter().map(|&b| char::from(b)).collect(),
            None => ryu_js::Buffer::new().format(value).to_owned(),
        };
    }
    general_format(value, precision, lower_exp, upper_exp)
}

/// Decimal places [`short_decimal`] looks for.
const SHORT_PLACES: usize = 8;

/// 10^[`SHORT_PLACES`].
const SHORT_SCALE: f64 = 1e8;

/// JavaScript's text for a number with few decimals: ASCII digits, `-` and `.`.
#[derive(Clone, Copy)]
struct ShortText {
    /// The text, right-aligned: `bytes[start..]`.
    bytes: [u8; 24],
    start: usize,
}

impl ShortText {
    /// The text's bytes (copied into strings char by char: cheaper than a UTF-8 check).
    fn bytes(&self) -> &[u8] {
        &self.bytes[self.start..]
    }

    fn push(&mut self, byte: u8) {
        self.start -= 1;
        self.bytes[self.start] = byte;
    }
}

/// JavaScript's `Number::toString` of `value` when it has at most [`SHORT_PLACES`] decimals
/// and lies in `[1e-6, 2^50 / 10^8)` in magnitude (`4.5`, `-0.7`, `13.25`); `None` for
/// everything else, which `ryu-js` writes.
///
/// Why: most non-integral results are such short decimals, and ryu pays most for the shortest
/// texts (it strips the digits it does not need one at a time: ~750 instructions for `4.5`,
/// ~290 for `0.30000000000000004`). Here it is one multiplication and one division.
///
/// Why it is JavaScript's text: let `m = round(|value| × 10^8)`. Below the bound, the spacing of
/// binary64 around `value` is under 10^-8 / 4, so (a) `m` is the nearest multiple of 10^-8 to
/// `value` despite the rounding of the product, and (b) at most one decimal with a given number
/// (≤ 8) of places reads back as `value`. If `m / 10^8` reads back as `value` (the check: one
/// correctly rounded division of two exact binary64 numbers is how a decimal text is read),
/// then `m` with its trailing zeros removed is the shortest such decimal: a shorter one, scaled to
/// 8 places, would be another 8-place decimal that reads back, so by (b) it is `m` itself. If it
/// does not, no decimal of ≤ 8 places reads back, since by (a) and (b) it would be `m`. The
/// shortest decimal that reads back is the one JavaScript writes, positionally for magnitudes
/// from 10^-6 to 10^21. The tests compare the two on every short decimal of a seeded spread and
/// on random bit patterns.
fn short_decimal(value: f64) -> Option<ShortText> {
    /// 2^50: below it the spacing of binary64 around `|value| × 10^8` is at most 1/8.
    const LIMIT: f64 = 1_125_899_906_842_624.0;
    let magnitude = value.abs();
    let scaled = magnitude * SHORT_SCALE;
    // (NaN and infinities fail the comparisons.)
    if !(magnitude >= 1e-6 && scaled < LIMIT) {
        return None;
    }
    // (Through `i64`, which converts to and from binary64 in one instruction each; `scaled`
    // fits, being below 2^50.)
    let rounded = (scaled + 0.5) as i64;
    if rounded as f64 / SHORT_SCALE != magnitude {
        return None;
    }
    let mut m = rounded.unsigned_abs();
    // The trailing zeros go four, two and one at a time (the last loop runs only for an
    // integer, which callers mostly write themselves).
    let mut places = SHORT_PLACES;
    if m.is_multiple_of(10_000) {
        m /= 10_000;
        places -= 4;
    }
    if m.is_multiple_of(100) {
        m /= 100;
        places -= 2;
    }
    while places > 0 && m.is_multiple_of(10) {
        m /= 10;
        places -= 1;
    }
    let mut text = ShortText {
        bytes: [0; 24],
        start: 24,
    };
    for _ in 0..places {
        text.push(b'0' + (m % 10) as u8);
        m /= 10;
    }
    if places > 0 {
        text.push(b'.');
    }
    loop {
        text.push(b'0' + (m % 10) as u8);
        m /= 10;
        if m == 0 {
            break;
        }
    }
    if value < 0.0 {
        text.push(b'-');
    }
    Some(text)
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

/// JavaScript's `String(x)` of a number: `NaN`, `Infinity` and `-Infinity` by name, every other
/// number as [`format_number`] writes it.
pub(crate) fn js_string(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else {
        crate::num::format::format_number(x, None)
    }
}

#[cfg(test)]
mod tests {
    use super::{EXACT_INTEGERS, format_number, format_number_with, general_format, push_integer};

    /// Every way `push_integer` writes digits (one, two, more) gives Rust's own text, appended.
    #[test]
    fn integers_are_appended_as_their_decimal_digits() {
        let mut samples: Vec<u64> = (0..=1_000).collect();
        samples.extend([
            9_999,
            10_000,
            123_456_789,
            u64::from(u32::MAX),
            u64::MAX - 1,
            u64::MAX,
        ]);
        samples.extend((0..64).map(|shift| 1u64 << shift));
        for n in samples {
            let mut out = String::from("x");
            push_integer(&mut out, n);
            assert_eq!(out, format!("x{n}"));
        }
    }

    /// The integer shortcut of `write_number` gives what the general path gives, with and
    /// without a precision, up to 2^53 and past it.
    #[test]
    fn the_integer_shortcut_agrees_with_the_general_path() {
        let mut values = vec![1.0, 7.0, 10.0, 99.0, 100.0, 12345.0, 999_999.0];
        for e in 0..=16 {
            let p = 10f64.powi(e);
            values.extend([p - 1.0, p, p + 1.0, 5.0 * p, 9.0 * p]);
        }
        values.extend([
            EXACT_INTEGERS - 1.0,
            EXACT_INTEGERS,
            EXACT_INTEGERS + 2.0,
            1e20,
            1e21,
        ]);
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            values.push((state >> (state % 60)) as f64);
        }
        // (Zero is not for `general_format`; it is checked at the end.)
        values.retain(|v| *v != 0.0);
        for value in values
            .clone()
            .into_iter()
            .chain(values.into_iter().map(|v| -v))
        {
            assert_eq!(
                format_number(value, None),
                general_format(value, None, -6, 21),
                "{value:e}"
            );
            for p in 1..=18 {
                assert_eq!(
                    format_number(value, Some(p)),
                    general_format(value, Some(p), -6, 21),
                    "{value:e} / {p}"
                );
            }
        }
        for value in [0.5, -1.25, 1e21, 1e-7, f64::INFINITY, 123.0, -0.0, 2.5e300] {
            for precision in [None, Some(1), Some(3), Some(20)] {
                let mut out = String::from("[");
                super::write_number(value, precision, &mut out);
                assert_eq!(
                    out,
                    format!("[{}", format_number(value, precision)),
                    "{value}"
                );
            }
        }
        assert_appends_as_formatted(&values_for_append());
        assert_eq!(format_number(-0.0, Some(3)), "0");
        assert_eq!(format_number(0.0, None), "0");
    }

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
        for value in values
            .iter()
            .copied()
            .filter(|v| v.is_finite() && *v != 0.0)
        {
            assert_eq!(
                format_number(value, None),
                general_format(value, None, -6, 21),
                "{value:e}"
            );
        }
        // Every decade and the first of the spread (each value is written eight ways).
        assert_appends_as_formatted(&values[..20_000]);
    }

    /// `append_number`'s integer shortcut (one round trip through `i64`) writes what the
    /// general path writes, without any shortcut of its own: at the edges of the shortcut (2^53,
    /// i64's range where the conversion saturates, NaN, both zeros) and for the small integers
    /// and powers of ten it takes, under every precision that may or may not round them.
    #[test]
    fn the_appended_integer_shortcut_agrees_with_the_general_path() {
        let two53 = EXACT_INTEGERS;
        let mut values = vec![
            0.0,
            -0.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            two53 - 1.0,
            two53,
            two53 + 2.0,
            // 2^54 - 2: 17 digits, which a precision of 16 rounds.
            2.0 * two53 - 2.0,
            -(two53 - 1.0),
            -two53,
            9.223_372_036_854_776e18,
            -9.223_372_036_854_776e18,
            i64::MAX as f64,
            i64::MIN as f64,
            1e300,
            -1e300,
            0.5,
            -99.5,
            99.999_999_999_999_99,
        ];
        values.extend((-300..=300).map(f64::from));
        for e in 0..=22 {
            let p = 10f64.powi(e);
            values.extend([p - 1.0, p, p + 1.0, -p, -(p - 1.0)]);
        }
        for value in values {
            for precision in [
                None,
                Some(1),
                Some(2),
                Some(3),
                Some(15),
                Some(16),
                Some(17),
            ] {
                let mut out = b"[".to_vec();
                super::append_number(value, precision, &mut out);
                assert_eq!(
                    String::from_utf8(out).ok(),
                    Some(format!("[{}", format_number_with(value, precision, -6, 21))),
                    "{value:e} / {precision:?}"
                );
            }
        }
    }

    /// Integers around every power of ten and 2^53, signed zeros, infinities and a few
    /// fractions: the cases where `append_number` takes one of its branches.
    fn values_for_append() -> Vec<f64> {
        let mut values = vec![
            0.0,
            -0.0,
            f64::INFINITY,
            f64::NEG_INFINITY,
            0.5,
            -1.25,
            1e-7,
        ];
        for e in 0..=22 {
            let p = 10f64.powi(e);
            values.extend([p - 1.0, p, p + 1.0, -p, p / 3.0, -p / 7.0]);
        }
        values.extend([EXACT_INTEGERS - 1.0, EXACT_INTEGERS, EXACT_INTEGERS + 2.0]);
        values
    }

    /// `append_number` writes exactly what `format_number` returns, with and without a
    /// precision, after whatever the buffer held.
    #[track_caller]
    fn assert_appends_as_formatted(values: &[f64]) {
        for &value in values {
            for precision in [
                None,
                Some(1),
                Some(3),
                Some(15),
                Some(16),
                Some(17),
                Some(20),
            ] {
                let mut out = b"{".to_vec();
                super::append_number(value, precision, &mut out);
                assert_eq!(
                    String::from_utf8(out).ok(),
                    Some(format!("{{{}", format_number(value, precision))),
                    "{value:e} / {precision:?}"
                );
            }
        }
    }

    /// The short-decimal shortcut writes ryu's (JavaScript's) text wherever it answers, and
    /// answers for the decimals it is meant for: every number of up to 8 places from a seeded
    /// spread of digits, both signs, around the bounds of its range, and random bit patterns.
    #[test]
    fn short_decimals_are_written_as_javascript_writes_them() {
        let ryu = |v: f64| ryu_js::Buffer::new().format(v).to_owned();
        let mut next = crate::test_support::xorshift(0x2545_F491_4F6C_DD1D_u64);
        let mut answered = 0;
        let mut check = |value: f64, must_answer: bool| {
            let short = super::short_decimal(value);
            if let Some(text) = short {
                assert_eq!(text.bytes(), ryu(value).as_bytes(), "{value:e}");
                answered += 1;
            }
            assert!(
                short.is_some() || !must_answer,
                "{value:e} ({}) was not taken",
                ryu(value)
            );
        };
        for places in 0..=8u32 {
            let scale = 10f64.powi(places as i32);
            for _ in 0..20_000 {
                // Up to 15 digits, so that the decimal is the nearest binary64's shortest text.
                let digits = next() % 10u64.pow(1 + (next() % 15) as u32);
                let value = digits as f64 / scale;
                let in_range = value >= 1e-6 && value * 1e8 < 1_125_899_906_842_624.0;
                check(value, in_range && digits.to_string().len() <= 15);
                check(-value, in_range && digits.to_string().len() <= 15);
            }
        }
        for _ in 0..200_000 {
            let value = f64::from_bits(next());
            check(value, false);
            // Magnitudes the shortcut covers, with all their bits.
            check(
                f64::from_bits(
                    next() % (0x4130_0000_0000_0000 - 0x3eb0_0000_0000_0000)
                        + 0x3eb0_0000_0000_0000,
                ),
                false,
            );
        }
        for value in [
            1e-6,
            9.99e-7,
            1.000_000_01e-6,
            0.5,
            4.5,
            13.5,
            0.1,
            0.7,
            0.30000000000000004,
            11_258_999.068_426_24,
            11_258_999.068_426_23,
            11_258_999.068_426_25,
            11_258_999.5,
            11_259_000.5,
            f64::MIN_POSITIVE,
            f64::MAX,
            f64::INFINITY,
            f64::NAN,
            0.0,
        ] {
            check(value, false);
            check(-value, false);
        }
        for value in [0.5, 4.5, 13.5, 0.7, 0.000_001, 0.000_001_23, 1_000_000.125] {
            assert!(super::short_decimal(value).is_some(), "{value}");
        }
        assert!(answered > 200_000, "{answered}");
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
