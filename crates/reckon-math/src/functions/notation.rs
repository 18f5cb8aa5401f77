//! math.js's number notations for `format(value, options)`, `bin`, `oct` and `hex` (its
//! `utils/number.js`): numbers are split into the decimal digits of JavaScript's `String(x)`,
//! rounded half up on those digits, and laid out as `auto`, `fixed`, `exponential` or
//! `engineering` notation; `bin oct hex` print the exact base-2^k expansion with an optional
//! two's-complement word size. Kept apart from `special` because it is string layout, not
//! arithmetic.

use crate::functions::{FnError, to_number};
use crate::value::Value;

/// The largest precision or word size a call may ask for (section 10, per-call build).
const MAX_BUILD: f64 = 1_000_000.0;

/// A number as math.js's `splitNumber` sees it: sign, significant digits without leading or
/// trailing zeros (at least one), and the decimal exponent of the first digit.
#[derive(Clone, Debug)]
struct Split {
    negative: bool,
    digits: Vec<u8>,
    exponent: i64,
}

/// Splits a finite number's JavaScript string (`ryu-js` prints what `Number::toString` prints).
fn split(value: f64) -> Split {
    let text = ryu_js::Buffer::new().format(value).to_owned();
    let negative = text.starts_with('-');
    let text = text.trim_start_matches('-');
    let (mantissa, exp) = match text.split_once('e') {
        Some((m, e)) => (m, e.trim_start_matches('+').parse::<i64>().unwrap_or(0)),
        None => (text, 0),
    };
    let (integer, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all: Vec<u8> = integer
        .bytes()
        .chain(fraction.bytes())
        .map(|b| b - b'0')
        .collect();
    let mut exponent = exp + integer.len() as i64 - 1;
    let leading = all.iter().take_while(|d| **d == 0).count();
    exponent -= leading as i64;
    let mut digits: Vec<u8> = all[leading..].to_vec();
    while digits.last() == Some(&0) {
        digits.pop();
    }
    if digits.is_empty() {
        digits.push(0);
        exponent += 1;
    }
    Split {
        negative,
        digits,
        exponent,
    }
}

/// math.js's `roundDigits`: half up to `precision` significant digits, shifting in leading zeros
/// first when `precision` is not positive (so `fixed` can round to a place left of the digits).
///
/// A non-integer precision is taken as JavaScript takes it there: `splice(p, length - p)`
/// truncates both numbers, so it removes the digits from ⌊p⌋ on but keeps the last one
/// (`123.456` to 4.7 digits keeps `12346`), and `c[p - 1]++` names no element, so nothing
/// rounds.
fn round_digits(split: &Split, precision: f64) -> Split {
    let mut rounded = split.clone();
    let mut precision = precision;
    if precision <= 0.0 {
        // math.js shifts in one zero at a time until the precision is positive; all at once
        // here (the shift can be a million digits long).
        let shift = (-precision).floor() as usize + 1;
        if shift > 2 {
            // More than two zeros shifted in: the digit at the rounding place and the one after
            // it are zeros, so nothing rounds, and what is kept is known without writing the
            // zeros (a format of a million numbers to `fixed` -1e6 would write each one's):
            // the first zero for a whole precision, and for a fractional one the last digit
            // (see above: `splice` keeps it).
            let whole = (precision + shift as f64).fract() == 0.0;
            let kept = if whole {
                0
            } else {
                rounded.digits.last().copied().unwrap_or(0)
            };
            rounded.digits = vec![kept];
            rounded.exponent += shift as i64;
            return rounded;
        }
        let mut digits = vec![0; shift];
        digits.append(&mut rounded.digits);
        rounded.digits = digits;
        rounded.exponent += shift as i64;
        precision += shift as f64;
    }
    let len = rounded.digits.len() as f64;
    if len > precision {
        let p = precision.trunc() as usize;
        let count = ((len - precision).trunc() as usize).min(rounded.digits.len() - p);
        let removed: Vec<u8> = rounded.digits.drain(p..p + count).collect();
        if precision.fract() == 0.0 && removed.first().is_some_and(|d| *d >= 5) {
            let mut i = p - 1;
            rounded.digits[i] += 1;
            while rounded.digits[i] == 10 {
                rounded.digits.pop();
                if i == 0 {
                    rounded.digits.insert(0, 0);
                    rounded.exponent += 1;
                    i += 1;
                }
                i -= 1;
                rounded.digits[i] += 1;
            }
        }
    }
    rounded
}

/// Digits as text.
fn text(digits: &[u8]) -> String {
    digits.iter().map(|d| char::from(b'0' + d)).collect()
}

/// The minus sign of a negative split number.
fn sign(split: &Split) -> &'static str {
    if split.negative { "-" } else { "" }
}

/// JavaScript's `zeros(n)` loop pads `⌈n⌉` zeros: the length a padding to `n` digits reaches.
fn padded_length(n: f64) -> usize {
    n.ceil().max(0.0) as usize
}

/// Appends `count` zeros, a block at a time (no string of them is made first).
fn push_zeros(out: &mut String, mut count: usize) {
    const ZEROS: &str = "0000000000000000000000000000000000000000000000000000000000000000";
    while count > 0 {
        let block = count.min(ZEROS.len());
        out.push_str(&ZEROS[..block]);
        count -= block;
    }
}

/// `fixed` notation: `precision` digits after the point (none given: all digits, no rounding).
fn to_fixed(value: f64, precision: Option<f64>) -> String {
    fixed_digits(split(value), precision)
}

/// [`to_fixed`] of split digits.
fn fixed_digits(parts: Split, precision: Option<f64>) -> String {
    let rounded = match precision {
        Some(p) => round_digits(&parts, (parts.exponent + 1) as f64 + p),
        None => parts,
    };
    let digits = &rounded.digits;
    let mut point = rounded.exponent + 1;
    // `p + (precision || 0)`: a NaN precision counts as 0 here.
    let wanted = point as f64 + precision.filter(|p| !p.is_nan()).unwrap_or(0.0);
    // The digits padded with zeros to `wanted` (JavaScript's loop), and for a point before
    // them, zeros in front and the point after the first. The zeros are written as blocks: a
    // precision of a million pads a million of them.
    let zeros_after = if (digits.len() as f64) < wanted {
        padded_length(wanted) - digits.len()
    } else {
        0
    };
    let zeros_before = if point < 0 {
        let zeros = (-point + 1) as usize;
        point = 1;
        zeros
    } else {
        0
    };
    let length = zeros_before + digits.len() + zeros_after;
    let mut out = String::with_capacity(length + 3);
    out.push_str(sign(&rounded));
    let start = out.len();
    push_zeros(&mut out, zeros_before);
    out.push_str(&text(digits));
    push_zeros(&mut out, zeros_after);
    if (point as usize) < length {
        out.insert_str(start + point as usize, if point == 0 { "0." } else { "." });
    }
    out
}

/// `exponential` notation with `precision` significant digits (0 or none: all digits).
fn to_exponential(value: f64, precision: Option<f64>) -> String {
    exponential_digits(split(value), precision)
}

/// [`to_exponential`] of split digits.
fn exponential_digits(parts: Split, precision: Option<f64>) -> String {
    let rounded = match precision {
        Some(p) if p != 0.0 => round_digits(&parts, p),
        _ => parts,
    };
    let mut c = rounded.digits.clone();
    if let Some(p) = precision
        && (c.len() as f64) < p
    {
        c.resize(padded_length(p), 0);
    }
    // A precision between 0 and 1 removes every digit (JavaScript's `splice(p, length - p)`),
    // and the padding above puts back the one zero math.js's `zeros(p)` writes.
    let (first, rest): (u8, &[u8]) = c.split_first().map_or((0, &[]), |(d, rest)| (*d, rest));
    let rest = text(rest);
    format!(
        "{}{}{}e{}{}",
        sign(&rounded),
        first,
        if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        },
        if rounded.exponent >= 0 { "+" } else { "" },
        rounded.exponent
    )
}

/// `engineering` notation: exponential with the exponent a multiple of 3.
fn to_engineering(value: f64, precision: Option<f64>) -> String {
    let parts = split(value);
    let rounded = match precision {
        Some(p) => round_digits(&parts, p),
        None => parts,
    };
    let e = rounded.exponent;
    let mut c = rounded.digits.clone();
    let new_exp = e - e.rem_euclid(3);
    match precision {
        Some(p) => {
            while p > c.len() as f64 || e - new_exp + 1 > c.len() as i64 {
                c.push(0);
            }
        }
        None => {
            let missing = (e - new_exp).abs() - (c.len() as i64 - 1);
            c.extend(std::iter::repeat_n(0, missing.max(0) as usize));
        }
    }
    let point = (1 + (e - new_exp).abs()) as usize;
    let point = point.min(c.len());
    let decimals = text(&c[point..]);
    let show = (precision.is_some() && !decimals.is_empty()) || decimals.bytes().any(|b| b != b'0');
    format!(
        "{}{}{}e{}{new_exp}",
        sign(&rounded),
        text(&c[..point]),
        if show {
            format!(".{decimals}")
        } else {
            String::new()
        },
        if e >= 0 { "+" } else { "" },
    )
}

/// `auto` notation: positional when `lower_exp <= exponent < upper_exp` (after rounding to
/// `precision` significant digits), exponential otherwise, trailing fraction zeros removed.
fn to_auto(value: f64, precision: Option<f64>, lower_exp: f64, upper_exp: f64) -> String {
    let precision = precision.filter(|p| *p != 0.0);
    let parts = split(value);
    let mut rounded = match precision {
        Some(p) => round_digits(&parts, p),
        None => parts,
    };
    if rounded.digits.is_empty() {
        // A precision between 0 and 1 removed every digit; math.js pads `zeros(p)`: one zero.
        rounded.digits.push(0);
    }
    let e = rounded.exponent;
    // math.js pads the digits with zeros up to the precision (`toPrecision`), then strips the
    // zeros after the point again: only the zeros of the integer part survive that, so only
    // they are written (a precision of a million costs no million digits per number).
    let laid_out = if (e as f64) < lower_exp || (e as f64) >= upper_exp {
        exponential_digits(rounded, None)
    } else {
        let mut c = rounded.digits.clone();
        let extra = e - c.len() as i64 + 1;
        if extra > 0 {
            c.resize(c.len() + extra as usize, 0);
        }
        if e < 0 {
            let mut padded = vec![0; (-e) as usize];
            padded.extend(c);
            c = padded;
        }
        let dot = e.max(0) as usize;
        let mut out = text(&c);
        if dot + 1 < c.len() {
            out.insert(dot + 1, '.');
        }
        format!("{}{out}", sign(&rounded))
    };
    strip_fraction_zeros(&laid_out)
}

/// Removes trailing zeros after a decimal point (and the point when nothing is left), before
/// any exponent: math.js's `/((\.\d*?)(0+))($|e)/` replacement.
fn strip_fraction_zeros(text: &str) -> String {
    let (mantissa, exponent) = match text.find('e') {
        Some(i) => text.split_at(i),
        None => (text, ""),
    };
    match mantissa.find('.') {
        Some(_) if mantissa.ends_with('0') => {
            let kept = mantissa.trim_end_matches('0');
            let kept = kept.strip_suffix('.').unwrap_or(kept);
            format!("{kept}{exponent}")
        }
        _ => text.to_owned(),
    }
}

/// The exact expansion of a finite |x| in base 2^bits (what JavaScript's `toString(radix)`
/// prints for radix 2, 8 and 16, where every step of its algorithm is exact).
fn power_of_two_digits(x: f64, bits: usize) -> String {
    const DIGITS: &[u8] = b"0123456789abcdef";
    if x == 0.0 {
        return "0".into();
    }
    let raw = x.to_bits();
    let biased = ((raw >> 52) & 0x7ff) as i64;
    let fraction = raw & ((1u64 << 52) - 1);
    let (mantissa, exponent) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1u64 << 52), biased - 1075)
    };
    // The binary digits of mantissa · 2^exponent, split at the point.
    let mantissa_bits: Vec<u8> = (0..53).rev().map(|i| ((mantissa >> i) & 1) as u8).collect();
    let (mut integer, mut fractional): (Vec<u8>, Vec<u8>) = if exponent >= 0 {
        let mut all = mantissa_bits;
        all.resize(all.len() + exponent as usize, 0);
        (all, Vec::new())
    } else {
        let shift = (-exponent) as usize;
        let mut all = vec![0; shift.saturating_sub(53)];
        all.extend(mantissa_bits);
        let cut = all.len() - shift;
        let fractional = all.split_off(cut);
        (all, fractional)
    };
    while integer.first() == Some(&0) {
        integer.remove(0);
    }
    while fractional.last() == Some(&0) {
        fractional.pop();
    }
    let group = |chunk: &[u8]| -> char {
        let value = chunk.iter().fold(0usize, |v, b| v * 2 + usize::from(*b));
        char::from(DIGITS[value])
    };
    let mut out = String::new();
    if integer.is_empty() {
        out.push('0');
    } else {
        let pad = (bits - integer.len() % bits) % bits;
        let mut padded = vec![0; pad];
        padded.extend(integer);
        out.extend(padded.chunks(bits).map(group));
    }
    if !fractional.is_empty() {
        let len = fractional.len().div_ceil(bits) * bits;
        fractional.resize(len, 0);
        out.push('.');
        out.extend(fractional.chunks(bits).map(group));
    }
    out
}

/// The word size of `bin`/`oct`/`hex` as math.js checks it: none for an absent, zero or NaN size;
/// refused below 1, when not an integer, or past the per-call build limit.
fn checked_word_size(word_size: Option<f64>) -> Result<Option<f64>, FnError> {
    let Some(size) = word_size.filter(|s| *s != 0.0 && !s.is_nan()) else {
        return Ok(None);
    };
    if size < 1.0 {
        return Err(FnError::Domain("size must be in greater than 0".into()));
    }
    if !(size.is_finite() && size == size.round()) {
        return Err(FnError::Domain("size must be an integer".into()));
    }
    if size > MAX_BUILD {
        return Err(size_limit("word size", size));
    }
    Ok(Some(size))
}

/// math.js's `formatNumberToBase`: `0b`/`0o`/`0x` and the digits, or with a word size the
/// two's-complement value of an integer in range and the suffix `i{size}`.
fn to_base(value: f64, bits: usize, word_size: Option<f64>) -> Result<String, FnError> {
    let prefix = match bits {
        1 => "0b",
        3 => "0o",
        _ => "0x",
    };
    let mut n = value;
    let mut suffix = String::new();
    if let Some(size) = checked_word_size(word_size)? {
        let half = crate::num::jsmath::pow(2.0, size - 1.0);
        if n > half - 1.0 || n < -half {
            let shown = crate::num::format::format_number_with(size - 1.0, None, -7, 21);
            return Err(FnError::Domain(format!(
                "Value must be in range [-2^{shown}, 2^{shown}-1]"
            )));
        }
        if !(n.is_finite() && n == n.round()) {
            return Err(FnError::Domain("Value must be an integer".into()));
        }
        if n < 0.0 {
            n += crate::num::jsmath::pow(2.0, size);
        }
        suffix = format!(
            "i{}",
            crate::num::format::format_number_with(size, None, -7, 21)
        );
    }
    let sign = if n < 0.0 { "-" } else { "" };
    let digits = if n.is_finite() {
        power_of_two_digits(n.abs(), bits)
    } else {
        "Infinity".to_owned()
    };
    Ok(format!("{sign}{prefix}{digits}{suffix}"))
}

/// The per-call build refusal for a precision or word size over the limit (section 10).
fn size_limit(what: &str, size: f64) -> FnError {
    FnError::SizeLimit(format!(
        "Size limit exceeded: a {what} of {} would build a string over the limit of 1,000,000 characters.",
        crate::num::format::format_number_with(size, None, -7, 21)
    ))
}

/// `bin(x, wordSize?)`, `oct(x, wordSize?)`, `hex(x, wordSize?)`.
pub(crate) fn base(values: &[Value], bits: usize) -> Result<Value, FnError> {
    let word_size = values.get(1).map(to_number).transpose()?;
    if let Value::Big(x) = &values[0] {
        // math.js's `format(x, {notation, wordSize})` of the BigNumber itself.
        return big_to_base(x, bits as u32, word_size).map(|text| Value::Str(text.into()));
    }
    let x = to_number(&values[0])?;
    if !x.is_finite() {
        return Ok(Value::Str(
            crate::num::format::format_number_with(x, None, -7, 21).into(),
        ));
    }
    to_base(x, bits, word_size).map(|text| Value::Str(text.into()))
}

/// The options of `format`: notation, precision, word size and the exponent bounds of `auto`.
struct Options {
    notation: String,
    precision: Option<f64>,
    word_size: Option<f64>,
    lower_exp: f64,
    upper_exp: f64,
}

/// math.js's `normalizeFormatOptions` for a number, an object, or nothing.
fn options(value: Option<&Value>) -> Result<Options, FnError> {
    let mut options = Options {
        notation: "auto".into(),
        precision: None,
        word_size: None,
        lower_exp: -3.0,
        upper_exp: 5.0,
    };
    let number_option = |v: &Value, name: &str| -> Result<f64, FnError> {
        match v {
            Value::Number(x) => Ok(*x),
            Value::Big(x) => Ok(crate::num::bignum::to_f64(x)),
            Value::Fraction(_) => Err(FnError::NoExactFraction),
            _ => Err(FnError::Domain(format!(
                "Option \"{name}\" must be a number or BigNumber"
            ))),
        }
    };
    match value {
        None => {}
        Some(Value::Number(p)) => options.precision = Some(*p),
        Some(Value::Big(p)) => options.precision = Some(crate::num::bignum::to_f64(p)),
        Some(Value::Object(entries)) => {
            for (key, v) in entries.iter() {
                match key.as_str() {
                    "precision" if !matches!(v, Value::Undefined) => {
                        options.precision = Some(number_option(v, "precision")?);
                    }
                    "wordSize" if !matches!(v, Value::Undefined) => {
                        options.word_size = Some(number_option(v, "wordSize")?);
                    }
                    // Read as JavaScript's `Number` would; others default.
                    "lowerExp" => options.lower_exp = to_number(v).unwrap_or(-3.0),
                    "upperExp" => options.upper_exp = to_number(v).unwrap_or(5.0),
                    "notation" => match v {
                        Value::Str(s) if !s.is_empty() => options.notation = s.to_string(),
                        Value::Str(_) | Value::Null | Value::Undefined => {}
                        _ => {
                            return Err(FnError::Domain(
                                "format() with a non-string notation is not implemented in reckon yet"
                                    .into(),
                            ));
                        }
                    },
                    _ => {}
                }
            }
        }
        Some(Value::Fraction(_)) => return Err(FnError::NoExactFraction),
        Some(_) => {
            return Err(FnError::Domain(
                "Unsupported type of options, number, BigNumber, or object expected".into(),
            ));
        }
    }
    Ok(options)
}

/// A precision math.js would lay out digit by digit, within the build limit (a NaN one rounds
/// nothing and pads nothing).
fn checked_precision(precision: Option<f64>) -> Result<Option<f64>, FnError> {
    match precision {
        Some(p) if p.abs() > MAX_BUILD => Err(size_limit("precision", p)),
        other => Ok(other),
    }
}

/// Precisions from which [`planned_digits`] plans a number's text.
const PLANNED_PRECISION: f64 = 4096.0;

/// The bytes of one number's text laid out with the `precision` of `options`, when it is long
/// (from [`PLANNED_PRECISION`] digits; at most the per-call build limit, and 400 more for the
/// digits before the point, the exponent and the sign), so that the evaluator can ask its memory
/// budget for them first.
pub(crate) fn planned_digits(options: Option<&Value>) -> Option<u64> {
    let Some(Value::Object(entries)) = options else {
        return None;
    };
    let (_, precision) = entries.iter().find(|(k, _)| k == "precision")?;
    let digits = crate::functions::js_number(precision).abs();
    (digits >= PLANNED_PRECISION).then(|| digits.min(MAX_BUILD) as u64 + 400)
}

/// The most characters `format` may build (section 10, per-call build).
const MAX_TEXT: usize = 1_000_000;

/// math.js's `format(value, options?)`: numbers in the notation the options ask for, and
/// containers (matrices, arrays, sparse matrices, objects) and Complex numbers with the same
/// options applied to each number they hold, as math.js's `format` recurses; strings quoted,
/// booleans and null as they print; Fractions as `n/d`, or as fraction.js's repeating decimal
/// with the option `fraction: "decimal"`. The `truncate` option cuts the text to that many
/// characters, the last three being `...`.
pub(crate) fn format(values: &[Value]) -> Result<Value, FnError> {
    format_metered(values, &mut |_| Ok(()))
}

/// [`format`], asking `meter` for the work of each repeating decimal first.
pub(crate) fn format_metered(
    values: &[Value],
    meter: &mut dyn crate::num::Charge<FnError>,
) -> Result<Value, FnError> {
    let options = values.get(1);
    let mut out = String::new();
    write_value(&values[0], options, &mut out, meter)?;
    if let Some(Value::Object(entries)) = options
        && let Some((_, limit)) = entries.iter().find(|(k, _)| k == "truncate")
    {
        // `result.length > truncate`, then `substring(0, truncate - 3) + '...'` (in UTF-16
        // code units; a negative end is 0).
        let limit = crate::functions::js_number(limit);
        let units: Vec<u16> = out.encode_utf16().collect();
        if (units.len() as f64) > limit {
            let keep = (limit - 3.0).clamp(0.0, units.len() as f64) as usize;
            out = String::from_utf16_lossy(&units[..keep]) + "...";
        }
    }
    Ok(Value::Str(out.into()))
}

/// Appends the text of one value (see [`format`]), refusing once the text passes the per-call
/// build limit.
fn write_value(
    value: &Value,
    options: Option<&Value>,
    out: &mut String,
    meter: &mut dyn crate::num::Charge<FnError>,
) -> Result<(), FnError> {
    if out.len() > MAX_TEXT {
        return Err(FnError::SizeLimit(
            "Size limit exceeded: format() would build a string over the limit of 1,000,000 characters.".into(),
        ));
    }
    match value {
        Value::Number(x) => out.push_str(&format_number(*x, options)?),
        // A bigint prints its digits and an Index its dimensions, whatever the options.
        Value::Str(_)
        | Value::Boolean(_)
        | Value::Null
        | Value::Undefined
        | Value::BigInt(_)
        | Value::Index(_) => {
            out.push_str(&value.format(None));
        }
        // math.js prints a Fraction as n/d whatever the other options.
        Value::Fraction(f) => match options {
            Some(Value::Object(entries))
                if entries.iter().any(|(k, v)| {
                    k == "fraction" && matches!(v, Value::Str(s) if s == "decimal")
                }) =>
            {
                out.push_str(&crate::num::fraction::decimal_string(f, meter)?);
            }
            None | Some(Value::Number(_) | Value::Object(_)) => {
                out.push_str(&crate::num::fraction::format(f));
            }
            Some(_) => return Err(FnError::NoExactFraction),
        },
        Value::Complex(z) => out.push_str(&format_complex(z.re, z.im, options)?),
        Value::Big(x) => out.push_str(&format_big(x, options)?),
        Value::Matrix(m) => {
            if m.shape.is_empty() {
                out.push_str("[]");
            } else {
                write_nested(m, 0, 0, options, out, meter)?;
            }
        }
        Value::Sparse(m) => {
            let (rows, cols) = (m.shape[0], m.shape.get(1).copied().unwrap_or(1));
            let entries = m.stored();
            let density = if rows * cols == 0 {
                0.0
            } else {
                entries.len() as f64 / (rows * cols) as f64
            };
            out.push_str(&format!(
                "Sparse Matrix [{} x {}] density: {}\n",
                format_number(rows as f64, options)?,
                format_number(cols as f64, options)?,
                format_number(density, options)?
            ));
            for (r, c, v) in entries {
                out.push_str(&format!(
                    "\n    ({}, {}) ==> ",
                    format_number(r as f64, options)?,
                    format_number(c as f64, options)?
                ));
                write_value(v, options, out, meter)?;
            }
        }
        Value::Object(entries) => {
            out.push('{');
            for (i, (k, v)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&Value::Str(k.clone().into()).format(None));
                out.push_str(": ");
                write_value(v, options, out, meter)?;
            }
            out.push('}');
        }
        other => {
            return Err(FnError::Domain(format!(
                "format() of a {} is not implemented in reckon yet",
                other.type_name()
            )));
        }
    }
    Ok(())
}

/// `[` elements `, ` `]` per dimension, each element by [`write_value`].
fn write_nested(
    m: &crate::value::matrix::Matrix,
    dim: usize,
    offset: usize,
    options: Option<&Value>,
    out: &mut String,
    meter: &mut dyn crate::num::Charge<FnError>,
) -> Result<(), FnError> {
    out.push('[');
    let size = m.shape.get(dim).copied().unwrap_or(0);
    let step: usize = m.shape.get(dim + 1..).map_or(1, |s| s.iter().product());
    for i in 0..size {
        if i > 0 {
            out.push_str(", ");
        }
        if dim + 1 == m.rank() {
            if let Some(v) = m.data.get(offset + i) {
                write_value(v, options, out, meter)?;
            }
        } else {
            write_nested(m, dim + 1, offset + i * step, options, out, meter)?;
        }
    }
    out.push(']');
    Ok(())
}

/// math.js's `Complex.format(options)`: both parts formatted with the options; with a precision
/// p, a part under 10^-p of the other counts as zero (the real part first); then `re`, `{im}i`
/// or `re ± imi`, with `i` alone when the imaginary part is exactly ±1.
fn format_complex(re: f64, im: f64, options: Option<&Value>) -> Result<String, FnError> {
    let text_re = format_number(re, options)?;
    let text_im = format_number(im, options)?;
    // `isNumber(options) ? options : options ? options.precision : null`: an object without a
    // precision gives `undefined`, whose epsilon is NaN (no part is dropped).
    let precision = match options {
        Some(Value::Number(p)) => Some(*p),
        Some(Value::Object(entries)) => match entries.iter().find(|(k, _)| k == "precision") {
            Some((_, Value::Null)) => None,
            Some((_, v)) => Some(to_number(v).unwrap_or(f64::NAN)),
            None => Some(f64::NAN),
        },
        _ => None,
    };
    let (mut re, mut im) = (re, im);
    if let Some(p) = precision {
        let epsilon = crate::num::jsmath::pow(10.0, -p);
        if (re / im).abs() < epsilon {
            re = 0.0;
        }
        if (im / re).abs() < epsilon {
            im = 0.0;
        }
    }
    Ok(if im == 0.0 {
        text_re
    } else if re == 0.0 {
        if im == 1.0 {
            "i".to_owned()
        } else if im == -1.0 {
            "-i".to_owned()
        } else {
            format!("{text_im}i")
        }
    } else if im < 0.0 {
        if im == -1.0 {
            format!("{text_re} - i")
        } else {
            format!("{text_re} - {}i", text_im.get(1..).unwrap_or(""))
        }
    } else if im == 1.0 {
        format!("{text_re} + i")
    } else {
        format!("{text_re} + {text_im}i")
    })
}

/// math.js's `format` of a BigNumber (its `utils/bignumber/formatter.js`), which lays out the
/// exact decimal digits with decimal.js's `toSignificantDigits`, `toFixed`, `toExponential` and
/// `toPrecision`, all rounding half up: `auto` rounds to the precision (64 digits when none is
/// given) and is positional when `lowerExp <= exponent < upperExp`; `engineering` scales to an
/// exponent that is a multiple of 3 and takes `toPrecision`. decimal.js wants whole
/// precisions of at least 1 (0 for `fixed`) and refuses others with its own message.
fn format_big(x: &crate::num::bignum::Big, given: Option<&Value>) -> Result<String, FnError> {
    let Some((negative, digits, exponent)) = crate::num::bignum::decimal_digits(x) else {
        return Ok(if x.is_nan() {
            "NaN".to_owned()
        } else if x.is_negative() {
            "-Infinity".to_owned()
        } else {
            "Infinity".to_owned()
        });
    };
    let options = options(given)?;
    let precision = checked_precision(options.precision)?;
    let parts = Split {
        negative,
        digits: digits.bytes().map(|b| b - b'0').collect(),
        exponent,
    };
    let invalid = |p: f64| {
        FnError::Domain(format!(
            "[DecimalError] Invalid argument: {}",
            crate::num::format::format_number_with(p, None, -7, 21)
        ))
    };
    // decimal.js's `checkInt32(p, min, 1e9)`.
    let whole = |p: f64, min: f64| {
        if p.fract() == 0.0 && p >= min {
            Ok(p)
        } else {
            Err(invalid(p))
        }
    };
    let zero = digits == "0";
    // A BigNumber's exponent reaches 9e15: positional text that long is refused before it is
    // laid out.
    let too_long = || {
        FnError::SizeLimit(
            "Size limit exceeded: format() would build a string over the limit of 1,000,000 characters."
                .into(),
        )
    };
    let positional = |e: i64| {
        if e.unsigned_abs() > MAX_TEXT as u64 {
            Err(too_long())
        } else {
            Ok(())
        }
    };
    Ok(match options.notation.as_str() {
        "fixed" => {
            let dp = precision.map(|p| whole(p, 0.0)).transpose()?;
            if let Some(dp) = dp
                && exponent < -(dp as i64) - 1
            {
                // Under half a unit of the last place: all zeros, with the value's sign.
                let zeros = "0".repeat(dp as usize);
                let sign = if negative { "-" } else { "" };
                return Ok(if dp > 0.0 {
                    format!("{sign}0.{zeros}")
                } else {
                    format!("{sign}0")
                });
            }
            positional(exponent)?;
            fixed_digits(parts, dp)
        }
        "exponential" => {
            let p = precision
                .map(|p| whole(p - 1.0, 0.0).map(|_| p))
                .transpose()?;
            exponential_digits(parts, p)
        }
        "engineering" => {
            let p = precision.map(|p| whole(p, 1.0)).transpose()?;
            let new_exp = exponent - exponent.rem_euclid(3);
            let shifted = Split {
                exponent: exponent - new_exp,
                ..parts
            };
            let text = match p {
                None => fixed_digits(shifted, None),
                Some(p) => {
                    let rounded = round_digits(&shifted, p);
                    if p <= rounded.exponent as f64 {
                        fixed_digits(rounded, None)
                    } else {
                        let decimals = p - (rounded.exponent + 1) as f64;
                        fixed_digits(rounded, Some(decimals))
                    }
                }
            };
            format!("{text}e{}{new_exp}", if exponent >= 0 { "+" } else { "" })
        }
        "auto" => {
            if zero {
                return Ok("0".to_owned());
            }
            let p = precision.map(|p| whole(p, 1.0)).transpose()?;
            let rounded = round_digits(&parts, p.unwrap_or(64.0));
            let e = rounded.exponent as f64;
            let text = if options.lower_exp <= e && e < options.upper_exp {
                positional(rounded.exponent)?;
                fixed_digits(rounded, None)
            } else {
                // Rounded, but not padded: the padding zeros would be stripped again.
                exponential_digits(rounded, None)
            };
            strip_fraction_zeros(&text)
        }
        "bin" => big_to_base(x, 1, options.word_size)?,
        "oct" => big_to_base(x, 3, options.word_size)?,
        "hex" => big_to_base(x, 4, options.word_size)?,
        other => {
            return Err(FnError::Domain(format!(
                "Unknown notation \"{other}\". Choose \"auto\", \"exponential\", \"fixed\", \"bin\", \"oct\", or \"hex."
            )));
        }
    })
}

/// math.js's `formatBigNumberToBase`: with a word size, the range check and two's complement
/// in BigNumber arithmetic (so rounded to 64 digits, as decimal.js does), then decimal.js's
/// `toBinary`/`toOctal`/`toHexadecimal`, which round the exact expansion half up to 64
/// significant digits *of that base* and lay it out without trailing zeros (`0b10.1`).
fn big_to_base(
    x: &crate::num::bignum::Big,
    bits: u32,
    word_size: Option<f64>,
) -> Result<String, FnError> {
    use crate::num::bignum::{self, Big};
    let mut n = x.clone();
    let mut suffix = String::new();
    if let Some(size) = checked_word_size(word_size)? {
        let two = Big::from_i64(2);
        let power = |e: f64| bignum::pow(&two, &bignum::from_f64(e)).unwrap_or(Big::NAN);
        let half = power(size - 1.0);
        let over =
            bignum::cmp(&n, &bignum::sub(&half, &Big::one())) == Some(std::cmp::Ordering::Greater);
        let under = bignum::cmp(&n, &bignum::neg(&half)) == Some(std::cmp::Ordering::Less);
        if over || under {
            let shown = crate::num::format::format_number_with(size - 1.0, None, -7, 21);
            return Err(FnError::Domain(format!(
                "Value must be in range [-2^{shown}, 2^{shown}-1]"
            )));
        }
        if !n.is_integer() {
            return Err(FnError::Domain("Value must be an integer".into()));
        }
        if n.is_negative() {
            n = bignum::add(&n, &power(size));
        }
        suffix = format!(
            "i{}",
            crate::num::format::format_number_with(size, None, -7, 21)
        );
    }
    let prefix = match bits {
        1 => "0b",
        3 => "0o",
        _ => "0x",
    };
    let Some((negative, digits, exponent)) = bignum::decimal_digits(&n) else {
        return Ok(if n.is_nan() {
            "NaN".to_owned()
        } else if n.is_negative() {
            "-Infinity".to_owned()
        } else {
            "Infinity".to_owned()
        });
    };
    // decimal.js writes the sign of −0 too.
    let sign = if negative || n.is_negative() { "-" } else { "" };
    if digits == "0" {
        return Ok(format!("{sign}{prefix}0{suffix}"));
    }
    // Past this the expansion is longer than the text a call may build.
    if exponent.unsigned_abs() > 250_000 {
        return Err(FnError::SizeLimit(
            "Size limit exceeded: format() would build a string over the limit of 1,000,000 characters.".into(),
        ));
    }
    Ok(format!(
        "{sign}{prefix}{}{suffix}",
        base_expansion(&digits, exponent, bits)
    ))
}

/// The positional expansion in base 2^`bits` of the decimal `0.digits × 10^(exponent + 1)`,
/// rounded half up to 64 significant digits, without trailing zeros.
fn base_expansion(digits: &str, exponent: i64, bits: u32) -> String {
    use dashu_int::UBig;
    const SIGNIFICANT: usize = 64;
    let base = 1u32 << bits;
    let significand = UBig::from_str_radix(digits, 10).unwrap_or(UBig::ZERO);
    // value = significand · 10^scale
    let scale = exponent - digits.len() as i64 + 1;
    let ten = UBig::from(10u8);
    // Enough base digits below the point that the quotient has more than 64 digits.
    let per_decimal = 10f64.log2() / f64::from(bits);
    let fraction_digits = if scale >= 0 {
        0
    } else {
        (66.0 - exponent as f64 * per_decimal).ceil().max(0.0) as usize
    };
    let scaled = if scale >= 0 {
        significand * ten.pow(scale as usize)
    } else {
        (significand << (fraction_digits * bits as usize)) / ten.pow((-scale) as usize)
    };
    let text = match bits {
        1 => format!("{scaled:b}"),
        3 => format!("{scaled:o}"),
        _ => format!("{scaled:x}"),
    };
    let mut kept: Vec<u8> = text
        .bytes()
        .map(|b| char::from(b).to_digit(16).unwrap_or(0) as u8)
        .collect();
    // Digits before the point.
    let mut integer_digits = kept.len() as i64 - fraction_digits as i64;
    if kept.len() > SIGNIFICANT {
        let round_up = u32::from(kept[SIGNIFICANT]) >= base / 2;
        kept.truncate(SIGNIFICANT);
        if round_up {
            let mut i = SIGNIFICANT;
            loop {
                if i == 0 {
                    kept.insert(0, 1);
                    integer_digits += 1;
                    break;
                }
                i -= 1;
                if u32::from(kept[i]) + 1 < base {
                    kept[i] += 1;
                    break;
                }
                kept[i] = 0;
            }
        }
    }
    while kept.len() > 1 && kept.last() == Some(&0) {
        kept.pop();
    }
    let numeral = |d: &u8| char::from_digit(u32::from(*d), 16).unwrap_or('0');
    let all: String = kept.iter().map(numeral).collect();
    if integer_digits <= 0 {
        format!("0.{}{all}", "0".repeat((-integer_digits) as usize))
    } else if integer_digits as usize >= all.len() {
        format!("{all}{}", "0".repeat(integer_digits as usize - all.len()))
    } else {
        let (whole, fraction) = all.split_at(integer_digits as usize);
        format!("{whole}.{fraction}")
    }
}

/// math.js's `format(x)` of a number with its default options, or `format(x, precision)`: how
/// `string(u)` and `format(u, precision)` write a unit's magnitude (exponents from 1e5 and
/// below 1e-3, unlike the answer's text).
pub(crate) fn format_default(x: f64, precision: Option<u32>) -> String {
    let given = precision.map(|p| Value::Number(f64::from(p)));
    format_number(x, given.as_ref())
        .unwrap_or_else(|_| crate::num::format::format_number(x, precision))
}

/// math.js's `formatNumber(x, options)`.
fn format_number(x: f64, given: Option<&Value>) -> Result<String, FnError> {
    if !x.is_finite() {
        return Ok(crate::num::format::format_number_with(x, None, -7, 21));
    }
    let options = options(given)?;
    let precision = checked_precision(options.precision)?;
    let text = match options.notation.as_str() {
        "fixed" => to_fixed(x, precision),
        "exponential" => to_exponential(x, precision),
        "engineering" => to_engineering(x, precision),
        "bin" => to_base(x, 1, options.word_size)?,
        "oct" => to_base(x, 3, options.word_size)?,
        "hex" => to_base(x, 4, options.word_size)?,
        "auto" => to_auto(x, precision, options.lower_exp, options.upper_exp),
        other => {
            return Err(FnError::Domain(format!(
                "Unknown notation \"{other}\". Choose \"auto\", \"exponential\", \"fixed\", \"bin\", \"oct\", or \"hex."
            )));
        }
    };
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::literal::number_from_string;

    /// `format(x, options?)` as text (the error's debug form when refused).
    fn formatted(x: f64, options: Option<Value>) -> String {
        let mut args = vec![Value::Number(x)];
        args.extend(options);
        match format(&args) {
            Ok(Value::Str(s)) => s.to_string(),
            other => format!("{other:?}"),
        }
    }

    /// An options object.
    fn object(entries: &[(&str, Value)]) -> Option<Value> {
        Some(Value::object(
            entries
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.clone()))
                .collect(),
        ))
    }

    /// Long precisions are planned (N−1, N and N+1 at the threshold, capped at the build
    /// limit); short, missing, NaN and non-object options are not.
    #[test]
    fn long_precisions_plan_their_digits() {
        let planned = |p: f64| planned_digits(notation("fixed", Some(p)).as_ref());
        assert_eq!(planned(4095.0), None);
        assert_eq!(planned(4096.0), Some(4496));
        assert_eq!(planned(4097.0), Some(4497));
        assert_eq!(planned(-5000.0), Some(5400));
        assert_eq!(planned(999_000.0), Some(999_400));
        assert_eq!(planned(1e9), Some(1_000_400));
        assert_eq!(planned(f64::NAN), None);
        assert_eq!(planned_digits(notation("fixed", None).as_ref()), None);
        assert_eq!(planned_digits(Some(&Value::Number(5000.0))), None);
        assert_eq!(planned_digits(None), None);
    }

    /// `{notation: name, precision: p}`.
    fn notation(name: &str, precision: Option<f64>) -> Option<Value> {
        let mut entries = vec![("notation", Value::Str(name.into()))];
        if let Some(p) = precision {
            entries.push(("precision", Value::Number(p)));
        }
        object(&entries)
    }

    /// Strings printed by math.js 15.2.
    #[test]
    fn notations_match_mathjs() {
        for (x, options, want) in [
            (1.0 / 3.0, None, "0.3333333333333333"),
            (123456.0, None, "1.23456e+5"),
            (0.0001, None, "1e-4"),
            (1.0 / 3.0, Some(Value::Number(3.0)), "0.333"),
            (
                2.0 / 3.0,
                object(&[("precision", Value::Number(3.0))]),
                "0.667",
            ),
            (12345.678, notation("fixed", None), "12345.678"),
            (12345.678, notation("fixed", Some(2.0)), "12345.68"),
            (0.0004, notation("fixed", Some(2.0)), "0.00"),
            (-0.0004, notation("fixed", Some(2.0)), "-0.00"),
            (1e21, notation("fixed", None), "1000000000000000000000"),
            (12345.678, notation("exponential", None), "1.2345678e+4"),
            (12345.678, notation("exponential", Some(3.0)), "1.23e+4"),
            (0.5, notation("exponential", Some(3.0)), "5.00e-1"),
            (12345.678, notation("engineering", None), "12.345678e+3"),
            (12345.678, notation("engineering", Some(3.0)), "12.3e+3"),
            (1e8, notation("engineering", None), "100e+6"),
            (0.00012, notation("engineering", None), "120e-6"),
            (100.0, notation("auto", Some(2.0)), "100"),
            (123456.0, notation("auto", Some(3.0)), "1.23e+5"),
            (255.0, notation("hex", None), "0xff"),
            (-5.5, notation("bin", None), "-0b101.1"),
        ] {
            assert_eq!(formatted(x, options.clone()), want, "{x} {options:?}");
        }
    }

    /// Rounding to a place far left of the digits (`fixed` or `auto` with a negative
    /// precision) and large precisions, as math.js 15.2 prints them; each writes only the
    /// digits it keeps, never the zeros math.js shifts in or pads with (a precision of a million
    /// for each of 10,000 numbers took 17 seconds while they were written).
    #[test]
    fn far_rounding_places_and_large_precisions_match_mathjs() {
        for (x, options, want) in [
            (987.6, notation("fixed", Some(-12.0)), "0"),
            (987.6, notation("auto", Some(-300.0)), "0e+303"),
            (987.6, notation("fixed", Some(-3.7)), "6"),
            (987.6, notation("auto", Some(-20.5)), "6e+23"),
            (5e-7, notation("auto", Some(-3.7)), "0.005"),
            (-77.7, notation("fixed", Some(-300.0)), "-0"),
            (-77.7, notation("auto", Some(-20.5)), "-7e+22"),
            (-77.7, notation("fixed", Some(-1e6)), "-0"),
            (1.0 / 3.0, Some(Value::Number(1e6)), "0.3333333333333333"),
            (1e300, Some(Value::Number(1e6)), "1e+300"),
            (123.5, Some(Value::Number(1e6)), "123.5"),
            (0.0, Some(Value::Number(1e6)), "0"),
        ] {
            assert_eq!(formatted(x, options.clone()), want, "{x} {options:?}");
        }
    }

    #[test]
    fn number_reads_what_bin_oct_hex_print() {
        for (text, want) in [
            ("0o240i8", -96.0),
            ("0xffi8", -1.0),
            ("0x7fi8", 127.0),
            ("0x2.e57999d0bf56a", 2.896_386_731_590_008_3),
            // math.js finds the pattern anywhere, so the sign is lost.
            ("-0b101.1", 5.5),
            ("0x1F", 31.0),
            (" 12 ", 12.0),
            ("", 0.0),
        ] {
            assert_eq!(number_from_string(text), Ok(want), "{text}");
        }
        for text in ["0xffi4", "0xi8", "abc", "0x.8", "0x1g.1", "12i8"] {
            assert!(number_from_string(text).is_err(), "{text}");
        }
        assert!(number_from_string("NaN").is_ok_and(f64::is_nan));
    }

    #[test]
    fn bases_and_word_sizes() {
        let call = |x: f64, size: Option<f64>, bits: usize| {
            let mut args = vec![Value::Number(x)];
            args.extend(size.map(Value::Number));
            match base(&args, bits) {
                Ok(Value::Str(s)) => s.to_string(),
                other => format!("{other:?}"),
            }
        };
        assert_eq!(call(255.0, None, 4), "0xff");
        assert_eq!(call(8.0, None, 3), "0o10");
        assert_eq!(call(-5.0, None, 1), "-0b101");
        assert_eq!(call(-1.0, Some(8.0), 4), "0xffi8");
        assert_eq!(call(0.1, None, 4), "0x0.1999999999999a");
        assert_eq!(call(1e21, None, 4), "0x3635c9adc5dea00000");
        assert_eq!(call(5e-324, None, 4).len(), 2 + 1 + 1 + 269);
        assert!(base(&[Value::Number(200.0), Value::Number(8.0)], 4).is_err());
        assert!(base(&[Value::Number(1.5), Value::Number(8.0)], 4).is_err());
        assert!(matches!(
            base(&[Value::Number(1.0), Value::Number(2e6)], 4),
            Err(FnError::SizeLimit(_))
        ));
    }
}

#[cfg(test)]
mod containers {
    //! `format` of matrices, objects, sparse matrices and Complex numbers through the whole
    //! tool; every expected string is math.js 15.2's answer to the same expression
    //! (`tests/peer/evaluate.mjs`).

    use crate::test_support::{answer_in, reason_in};

    fn answer(expression: &str) -> String {
        answer_in(expression, "number")
    }

    #[test]
    fn format_of_containers_and_complex_matches_mathjs() {
        assert_eq!(answer("format([1, 2, 3])"), "string \"[1, 2, 3]\"");
        assert_eq!(answer("format([1/3, 2/3], 3)"), "string \"[0.333, 0.667]\"");
        assert_eq!(
            answer("format([[1/3, 2], [3, 4/7]], {precision: 2})"),
            "string \"[[0.33, 2], [3, 0.57]]\""
        );
        assert_eq!(
            answer("format([1/3, 123456789], {notation: \"fixed\", precision: 2})"),
            "string \"[0.33, 123456789.00]\""
        );
        assert_eq!(
            answer("format([1/3, 123456789], {notation: \"exponential\"})"),
            "string \"[3.333333333333333e-1, 1.23456789e+8]\""
        );
        assert_eq!(
            answer("format([1/3, 123456789], {notation: \"engineering\", precision: 3})"),
            "string \"[333e-3, 123e+6]\""
        );
        assert_eq!(
            answer("format([255, 16], {notation: \"hex\"})"),
            "string \"[0xff, 0x10]\""
        );
        // math.js: Value must be in range [-2^7, 2^7-1]
        assert_eq!(
            answer("format([255, 16], {notation: \"bin\", wordSize: 8})"),
            "evaluation_failed: Evaluation failed: Value must be in range [-2^7, 2^7-1]"
        );
        assert_eq!(answer("format(2 + 3i)"), "string \"2 + 3i\"");
        assert_eq!(answer("format(1/3 + 2i/3, 3)"), "string \"0.333 + 0.667i\"");
        assert_eq!(answer("format(1 + 1e-20i, 3)"), "string \"1\"");
        assert_eq!(answer("format(1e-20 + 2i, 3)"), "string \"2i\"");
        assert_eq!(answer("format(1 - i)"), "string \"1 - i\"");
        assert_eq!(answer("format(-i)"), "string \"-i\"");
        assert_eq!(answer("format(i)"), "string \"i\"");
        assert_eq!(
            answer("format(2.5 - 1.25i, {notation: \"fixed\", precision: 1})"),
            "string \"2.5 - 1.3i\""
        );
        assert_eq!(
            answer("format(1/3 + i/7, {precision: 3})"),
            "string \"0.333 + 0.143i\""
        );
        assert_eq!(
            answer("format(1/3 + i/7, {notation: \"exponential\"})"),
            "string \"3.333333333333333e-1 + 1.4285714285714285e-1i\""
        );
        assert_eq!(
            answer("format(1 + 1e-20i, {notation: \"fixed\"})"),
            "string \"1 + 0.00000000000000000001i\""
        );
        assert_eq!(answer("format(e^(i*pi), 3)"), "string \"-1\"");
        assert_eq!(answer("format([1 + i, 2], 2)"), "string \"[1 + i, 2]\"");
        assert_eq!(answer("format([])"), "string \"[]\"");
        assert_eq!(answer("format(zeros(0, 3))"), "string \"[]\"");
        assert_eq!(answer("format(zeros(2, 0))"), "string \"[[], []]\"");
        assert_eq!(answer("format([[]])"), "string \"[[]]\"");
        assert_eq!(
            answer("format({a: 1/3, b: [1, 2/3]}, 3)"),
            "string \"{\\\"a\\\": 0.333, \\\"b\\\": [1, 0.667]}\""
        );
        assert_eq!(
            answer("format({a: 1 + i}, 2)"),
            "string \"{\\\"a\\\": 1 + i}\""
        );
        assert_eq!(
            answer("format(sparse([1, 0; 0, 1/3]), 3)"),
            "string \"Sparse Matrix [2 x 2] density: 0.5\\n\\n    (0, 0) ==> 1\\n    (1, 1) ==> 0.333\""
        );
        assert_eq!(
            answer("format(sparse([1, 0; 0, 1/3]), {notation: \"exponential\"})"),
            "string \"Sparse Matrix [2e+0 x 2e+0] density: 5e-1\\n\\n    (0e+0, 0e+0) ==> 1e+0\\n    (1e+0, 1e+0) ==> 3.333333333333333e-1\""
        );
        assert_eq!(
            answer("format(sparse([]))"),
            "string \"Sparse Matrix [0 x 0] density: 0\\n\""
        );
        assert_eq!(
            answer("format([1, \"a\", true, null], 2)"),
            "string \"[1, \\\"a\\\", true, null]\""
        );
        assert_eq!(
            answer("format([1/3, 2/3], {truncate: 10})"),
            "string \"[0.3333...\""
        );
        assert_eq!(answer("format(1/3, {truncate: 5})"), "string \"0....\"");
        assert_eq!(
            answer("format(\"abcdef\", {truncate: 4})"),
            "string \"\\\"...\""
        );
        assert_eq!(answer("format([1, 2], {truncate: 2})"), "string \"...\"");
        // math.js: Option "precision" must be a number or BigNumber
        assert_eq!(
            answer("format([1/3], {precision: \"x\"})"),
            "evaluation_failed: Evaluation failed: Option \"precision\" must be a number or BigNumber"
        );
        assert_eq!(answer("format([], {precision: \"x\"})"), "string \"[]\"");
        // math.js: Unknown notation "foo". Choose "auto", "exponential", "fixed", "bin", "oct", or "hex.
        assert_eq!(
            answer("format([1/3, 2], {notation: \"foo\"})"),
            "evaluation_failed: Evaluation failed: Unknown notation \"foo\". Choose \"auto\", \"exponential\", \"fixed\", \"bin\", \"oct\", or \"hex."
        );
        assert_eq!(
            answer("format(ones(2, 2, 2) / 3, 2)"),
            "string \"[[[0.33, 0.33], [0.33, 0.33]], [[0.33, 0.33], [0.33, 0.33]]]\""
        );
        assert_eq!(
            answer("format(2 + 3i, {notation: \"hex\"})"),
            "string \"0x2 + 0x3i\""
        );
        assert_eq!(
            answer("format(-2 - 3i, {notation: \"fixed\", precision: 2})"),
            "string \"-2.00 - 3.00i\""
        );
        assert_eq!(
            answer("format(0.5 - 0.25i, {notation: \"engineering\"})"),
            "string \"500e-3 - 250e-3i\""
        );
        assert_eq!(answer("format(-1.5i, 2)"), "string \"-1.5i\"");
        assert_eq!(answer("format(1 + 0i)"), "string \"1\"");
        assert_eq!(answer("format(complex(0, 0))"), "string \"0\"");
        assert_eq!(answer("format(complex(-0, 1))"), "string \"i\"");
        assert_eq!(answer("format(1 + 2i, 0)"), "string \"2i\"");
        assert_eq!(
            answer("format(12345 + 6789i, {lowerExp: -2, upperExp: 3})"),
            "string \"1.2345e+4 + 6.789e+3i\""
        );
        assert_eq!(
            answer("format([12345, 0.001], {lowerExp: -2, upperExp: 3})"),
            "string \"[1.2345e+4, 1e-3]\""
        );
        assert_eq!(
            answer("format([1/3, 2/3], {truncate: 3})"),
            "string \"...\""
        );
        assert_eq!(
            answer("format([1/3, 2/3], {truncate: 0})"),
            "string \"...\""
        );
        assert_eq!(
            answer("format([[1/3, 2/3], [1, 2]], {precision: 3, truncate: 12})"),
            "string \"[[0.333, ...\""
        );
    }

    #[test]
    fn format_in_fraction_mode() {
        assert_eq!(
            answer_in("format([1/3, 2/3])", "Fraction"),
            "string \"[1/3, 2/3]\""
        );
        // math.js refuses: Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction.
        assert_eq!(
            reason_in("format([1, 2], 3)", "Fraction"),
            "fraction_unsupported"
        );
        assert_eq!(answer_in("format(2 + 3i)", "Fraction"), "string \"2 + 3i\"");
        assert_eq!(
            answer_in("format({a: 1/3})", "Fraction"),
            "string \"{\\\"a\\\": 1/3}\""
        );
    }

    #[test]
    fn the_text_is_bounded_by_the_build_limit() {
        for expression in [
            "format(ones(1000, 1000), {notation: \"fixed\", precision: 5})",
            "format(ones(100), {notation: \"fixed\", precision: 999999})",
            "format(ones(300000) / 3)",
        ] {
            assert_eq!(
                answer(expression),
                "result_too_large: Size limit exceeded: format() would build a string over the limit of 1,000,000 characters.",
                "{expression}"
            );
        }
        // A non-integer precision is bounded like a whole one.
        assert_eq!(
            answer("format(1/3, {precision: 1e6 + 0.5})"),
            "result_too_large: Size limit exceeded: a precision of 1000000.5 would build a string over the limit of 1,000,000 characters."
        );
    }

    #[test]
    fn non_integer_precisions_match_mathjs() {
        assert_eq!(answer("format(1/3, 2.5)"), "string \"0.333\"");
        assert_eq!(
            answer("format(123.456, {precision: 4.7})"),
            "string \"123.46\""
        );
        assert_eq!(
            answer("format(123.456, {notation: \"fixed\", precision: 1.5})"),
            "string \"123.46\""
        );
        assert_eq!(
            answer("format(123.456, {notation: \"fixed\", precision: 0.5})"),
            "string \"123.6\""
        );
        assert_eq!(
            answer("format(123.456, {notation: \"fixed\", precision: -0.5})"),
            "string \"126\""
        );
        assert_eq!(
            answer("format(123.456, {notation: \"fixed\", precision: -1.5})"),
            "string \"16\""
        );
        assert_eq!(
            answer("format(123.456, {notation: \"exponential\", precision: 2.5})"),
            "string \"1.26e+2\""
        );
        assert_eq!(
            answer("format(123.456, {notation: \"engineering\", precision: 2.5})"),
            "string \"126e+0\""
        );
        assert_eq!(
            answer("format(123.456, {notation: \"engineering\", precision: 4.2})"),
            "string \"123.46e+0\""
        );
        assert_eq!(answer("format(123.456, 0.5)"), "string \"600\"");
        assert_eq!(answer("format(123.456, -0.5)"), "string \"6000\"");
        assert_eq!(answer("format(123.456, -2.5)"), "string \"6e+5\"");
        assert_eq!(answer("format(2/3, 1.1)"), "string \"0.66\"");
        assert_eq!(answer("format(2/3, 9.99)"), "string \"0.6666666666\"");
        assert_eq!(answer("format(0.000012345, 3.3)"), "string \"1.235e-5\"");
        assert_eq!(answer("format(123456789, 3.3)"), "string \"1.239e+8\"");
        assert_eq!(answer("format(1e21, 2.5)"), "string \"1e+21\"");
        assert_eq!(answer("format(5, 2.5)"), "string \"5\"");
        assert_eq!(
            answer("format(5, {notation: \"fixed\", precision: 2.5})"),
            "string \"5.000\""
        );
        assert_eq!(
            answer("format(5, {notation: \"exponential\", precision: 2.5})"),
            "string \"5.00e+0\""
        );
        assert_eq!(
            answer("format(0.5, {notation: \"exponential\", precision: 3.5})"),
            "string \"5.000e-1\""
        );
        assert_eq!(answer("format(99.99, 1.5)"), "string \"99\"");
        assert_eq!(answer("format(99.99, 2)"), "string \"100\"");
        assert_eq!(
            answer("format(99.95, {notation: \"fixed\", precision: 1})"),
            "string \"100.0\""
        );
        assert_eq!(answer("format(-123.456, 4.7)"), "string \"-123.46\"");
        assert_eq!(
            answer("format([1/3, 2/3], 2.5)"),
            "string \"[0.333, 0.666]\""
        );
        assert_eq!(
            answer("format(1/3 + 2i/3, 2.5)"),
            "string \"0.333 + 0.666i\""
        );
        assert_eq!(answer("format(1 + 1e-3i, 2.5)"), "string \"1\"");
        assert_eq!(answer("format(1 + 1e-3i, 3.5)"), "string \"1 + 0.001i\"");
        assert_eq!(answer("format(7, 0.3)"), "string \"7\"");
        assert_eq!(answer("format(0, 2.5)"), "string \"0\"");
        assert_eq!(
            answer("format(-0, {notation: \"fixed\", precision: 1.5})"),
            "string \"0.00\""
        );
        assert_eq!(
            answer("format(1.5, {notation: \"fixed\", precision: 0})"),
            "string \"2\""
        );
        assert_eq!(answer("format(2.5, 0)"), "string \"2.5\"");
        assert_eq!(
            answer("format(12345.678, {notation: \"fixed\", precision: -2})"),
            "string \"123\""
        );
        assert_eq!(answer("format(1/7, 15.5)"), "string \"0.1428571428571425\"");
        assert_eq!(
            answer("format(1/7, 16.5)"),
            "string \"0.14285714285714285\""
        );
        assert_eq!(
            answer("format(1/7, 17.5)"),
            "string \"0.14285714285714285\""
        );
        assert_eq!(
            answer("format(1/7, 100.5)"),
            "string \"0.14285714285714285\""
        );
    }

    #[test]
    fn precisions_between_zero_and_one_keep_no_digit_as_mathjs_does() {
        // Found by fuzzing: rounding to a fraction of a digit left no digit, and the exponential
        // and auto notations indexed the first one (a panic). math.js 15.2's answers: JavaScript's
        // `splice` removes every digit, and the padding writes back one zero.
        for (expression, want) in [
            ("format(1e-16, 1e-64)", "0e-16"),
            ("format(1e25, 1e-300)", "0e+25"),
            ("format([1e-7], 1e-20)", "[0e-7]"),
            ("format(complex(1e-7, 1), 1e-20)", "i"),
            (
                "format(1e-7, {notation: \"auto\", precision: 1e-300})",
                "0e-7",
            ),
            ("print(\"$a\", {a: 1e-7}, 1e-30)", "0e-7"),
            (
                "format(5, {notation: \"exponential\", precision: 1e-20})",
                "0e+0",
            ),
            ("format(5, 0.5)", "5"),
            ("format(0.5, 0.5)", "0.5"),
            (
                "format(123, {notation: \"engineering\", precision: 0.5})",
                "300e+0",
            ),
            (
                "format(123, {notation: \"fixed\", precision: 0.5})",
                "123.0",
            ),
        ] {
            assert_eq!(
                answer(expression),
                format!("string \"{want}\""),
                "{expression}"
            );
        }
    }

    #[test]
    fn nan_precision_matches_mathjs() {
        assert_eq!(answer("format(1/3, NaN)"), "string \"0.3333333333333333\"");
        assert_eq!(
            answer("format(100, {notation: \"fixed\", precision: NaN})"),
            "string \"100\""
        );
        assert_eq!(
            answer("format(123.456, {notation: \"fixed\", precision: NaN})"),
            "string \"123.456\""
        );
        assert_eq!(
            answer("format(123.456, {notation: \"exponential\", precision: NaN})"),
            "string \"1.23456e+2\""
        );
        assert_eq!(
            answer("format(123.456, {notation: \"engineering\", precision: NaN})"),
            "string \"123.456e+0\""
        );
        assert_eq!(
            answer("format(1200, {notation: \"engineering\", precision: NaN})"),
            "string \"1.2e+3\""
        );
        assert_eq!(answer("format(1 + 1e-20i, NaN)"), "string \"1 + 1e-20i\"");
        assert_eq!(
            answer("format([1/3, 100], NaN)"),
            "string \"[0.3333333333333333, 100]\""
        );
    }

    #[test]
    fn infinite_precisions_are_refused_by_the_build_limit() {
        // math.js itself never returns here (its zero padding loops forever).
        assert_eq!(
            reason_in("format(1/3, Infinity)", "number"),
            "result_too_large"
        );
        assert_eq!(
            reason_in("format(1/3, -Infinity)", "number"),
            "result_too_large"
        );
    }

    #[test]
    fn fraction_option_matches_mathjs() {
        assert_eq!(
            answer("format(fraction(1, 3), {fraction: \"decimal\"})"),
            "string \"0.(3)\""
        );
        assert_eq!(
            answer("format(fraction(1, 3), {fraction: \"ratio\"})"),
            "string \"1/3\""
        );
        assert_eq!(
            answer("format(fraction(-1, 6), {fraction: \"decimal\"})"),
            "string \"-0.1(6)\""
        );
        assert_eq!(
            answer("format(fraction(22, 7), {fraction: \"decimal\", precision: 3})"),
            "string \"3.(142857)\""
        );
        assert_eq!(
            answer("format([fraction(1, 3), 0.5], {fraction: \"decimal\"})"),
            "string \"[0.(3), 0.5]\""
        );
        assert_eq!(
            answer("format(fraction(5, 1), {fraction: \"decimal\"})"),
            "string \"5\""
        );
        assert_eq!(
            answer("format(fraction(1, 8), {fraction: \"decimal\"})"),
            "string \"0.125\""
        );
        assert_eq!(
            answer("format(fraction(1, 3), {fraction: 5})"),
            "string \"1/3\""
        );
        assert_eq!(
            answer("format({a: fraction(1, 7)}, {fraction: \"decimal\"})"),
            "string \"{\\\"a\\\": 0.(142857)}\""
        );
        assert_eq!(
            answer("format(fraction(1, 3), {fraction: \"decimal\", truncate: 4})"),
            "string \"0...\""
        );
        assert_eq!(
            answer("format(fraction(1, 1234567891), {fraction: \"decimal\"})"),
            "string \"0.000000000810000\""
        );
        assert_eq!(
            answer("format(fraction(3, 7), {fraction: \"decimal\"})"),
            "string \"0.(428571)\""
        );
    }

    #[test]
    fn fraction_option_in_fraction_mode() {
        assert_eq!(
            answer_in("format(1/3, {fraction: \"decimal\"})", "Fraction"),
            "string \"0.(3)\""
        );
        assert_eq!(
            answer_in("format([1/3, 1/7], {fraction: \"decimal\"})", "Fraction"),
            "string \"[0.(3), 0.(142857)]\""
        );
        assert_eq!(
            answer_in(
                "format(1/7, {fraction: \"decimal\", notation: \"fixed\"})",
                "Fraction"
            ),
            "string \"0.(142857)\""
        );
    }

    #[test]
    fn format_of_bignumbers_matches_mathjs() {
        assert_eq!(answer_in("format(pi, 3)", "BigNumber"), "string \"3.14\"");
        assert_eq!(
            answer_in("format(pi)", "BigNumber"),
            "string \"3.141592653589793238462643383279502884197169399375105820974944592\""
        );
        assert_eq!(
            answer_in("format(1/3)", "BigNumber"),
            "string \"0.3333333333333333333333333333333333333333333333333333333333333333\""
        );
        assert_eq!(
            answer_in("format(1/3, 5)", "BigNumber"),
            "string \"0.33333\""
        );
        assert_eq!(
            answer_in("format(123456, 3)", "BigNumber"),
            "string \"1.23e+5\""
        );
        assert_eq!(
            answer_in("format(123456)", "BigNumber"),
            "string \"1.23456e+5\""
        );
        assert_eq!(
            answer_in("format(0.000123, 2)", "BigNumber"),
            "string \"1.2e-4\""
        );
        assert_eq!(
            answer_in("format(0.001234)", "BigNumber"),
            "string \"0.001234\""
        );
        assert_eq!(answer_in("format(1e21)", "BigNumber"), "string \"1e+21\"");
        assert_eq!(answer_in("format(0)", "BigNumber"), "string \"0\"");
        assert_eq!(
            answer_in("format(-2/3, 4)", "BigNumber"),
            "string \"-0.6667\""
        );
        assert_eq!(answer_in("format(9.99, 2)", "BigNumber"), "string \"10\"");
        assert_eq!(
            answer_in("format(99999.5, 5)", "BigNumber"),
            "string \"1e+5\""
        );
        assert_eq!(
            answer_in("format([1/3, 2/3], 3)", "BigNumber"),
            "string \"[0.333, 0.667]\""
        );
        assert_eq!(
            answer_in(
                "format([pi, e], {notation: \"fixed\", precision: 2})",
                "BigNumber"
            ),
            "string \"[3.14, 2.72]\""
        );
        assert_eq!(
            answer_in("format(pi, {notation: \"fixed\"})", "BigNumber"),
            "string \"3.141592653589793238462643383279502884197169399375105820974944592\""
        );
        assert_eq!(
            answer_in(
                "format(-0.0004, {notation: \"fixed\", precision: 2})",
                "BigNumber"
            ),
            "string \"-0.00\""
        );
        assert_eq!(
            answer_in("format(1e25, {notation: \"fixed\"})", "BigNumber"),
            "string \"10000000000000000000000000\""
        );
        assert_eq!(
            answer_in("format(1/3, {notation: \"exponential\"})", "BigNumber"),
            "string \"3.333333333333333333333333333333333333333333333333333333333333333e-1\""
        );
        assert_eq!(
            answer_in(
                "format(123.456, {notation: \"exponential\", precision: 2})",
                "BigNumber"
            ),
            "string \"1.2e+2\""
        );
        assert_eq!(
            answer_in(
                "format(123.456, {notation: \"exponential\", precision: 8})",
                "BigNumber"
            ),
            "string \"1.2345600e+2\""
        );
        assert_eq!(
            answer_in("format(123456, {notation: \"engineering\"})", "BigNumber"),
            "string \"123.456e+3\""
        );
        assert_eq!(
            answer_in(
                "format(123456, {notation: \"engineering\", precision: 2})",
                "BigNumber"
            ),
            "string \"120e+3\""
        );
        assert_eq!(
            answer_in(
                "format(123456, {notation: \"engineering\", precision: 1})",
                "BigNumber"
            ),
            "string \"100e+3\""
        );
        assert_eq!(
            answer_in(
                "format(0.000123456, {notation: \"engineering\", precision: 4})",
                "BigNumber"
            ),
            "string \"123.5e-6\""
        );
        assert_eq!(
            answer_in("format(-1234.5, {notation: \"engineering\"})", "BigNumber"),
            "string \"-1.2345e+3\""
        );
        assert_eq!(
            answer_in(
                "format(1, {notation: \"engineering\", precision: 3})",
                "BigNumber"
            ),
            "string \"1.00e+0\""
        );
        // math.js: [DecimalError] Invalid argument: 2.5
        assert_eq!(
            answer_in("format(pi, 2.5)", "BigNumber"),
            "evaluation_failed: Evaluation failed: [DecimalError] Invalid argument: 2.5"
        );
        // math.js: [DecimalError] Invalid argument: 0
        assert_eq!(
            answer_in("format(pi, 0)", "BigNumber"),
            "evaluation_failed: Evaluation failed: [DecimalError] Invalid argument: 0"
        );
        // math.js: [DecimalError] Invalid argument: 2.5
        assert_eq!(
            answer_in(
                "format(pi, {notation: \"fixed\", precision: 2.5})",
                "BigNumber"
            ),
            "evaluation_failed: Evaluation failed: [DecimalError] Invalid argument: 2.5"
        );
        // math.js: [DecimalError] Invalid argument: -1
        assert_eq!(
            answer_in(
                "format(pi, {notation: \"exponential\", precision: 0})",
                "BigNumber"
            ),
            "evaluation_failed: Evaluation failed: [DecimalError] Invalid argument: -1"
        );
        // math.js: [DecimalError] Invalid argument: -1
        assert_eq!(
            answer_in(
                "format(pi, {notation: \"fixed\", precision: -1})",
                "BigNumber"
            ),
            "evaluation_failed: Evaluation failed: [DecimalError] Invalid argument: -1"
        );
        assert_eq!(
            answer_in("format(pi, {lowerExp: -2, upperExp: 1})", "BigNumber"),
            "string \"3.141592653589793238462643383279502884197169399375105820974944592\""
        );
        assert_eq!(
            answer_in(
                "format(12345.678, {lowerExp: -2, upperExp: 3, precision: 4})",
                "BigNumber"
            ),
            "string \"1.235e+4\""
        );
        assert_eq!(
            answer_in("format(1/3, 70)", "BigNumber"),
            "string \"0.3333333333333333333333333333333333333333333333333333333333333333\""
        );
        assert_eq!(
            answer_in("format(1e-10, 3)", "BigNumber"),
            "string \"1e-10\""
        );
        assert_eq!(
            answer_in(
                "format(bignumber(\"1.23456789012345678901234567890123456789012345678901234567890123456789\"))",
                "BigNumber"
            ),
            "string \"1.234567890123456789012345678901234567890123456789012345678901235\""
        );
        assert_eq!(
            answer_in("format({a: pi}, 4)", "BigNumber"),
            "string \"{\\\"a\\\": 3.142}\""
        );
        assert_eq!(
            answer_in("format(2 + 3i, 2)", "BigNumber"),
            "string \"2 + 3i\""
        );
        assert_eq!(
            answer_in("format(1/3, {truncate: 6})", "BigNumber"),
            "string \"0.3...\""
        );
        assert_eq!(
            answer_in(
                "format(1/3, {notation: \"fixed\", precision: 70})",
                "BigNumber"
            ),
            "string \"0.3333333333333333333333333333333333333333333333333333333333333333000000\""
        );
        assert_eq!(
            answer_in(
                "format(-pi, {notation: \"engineering\", precision: 3})",
                "BigNumber"
            ),
            "string \"-3.14e+0\""
        );
        assert_eq!(
            answer_in(
                "format(-0.000123456, {notation: \"engineering\"})",
                "BigNumber"
            ),
            "string \"-123.456e-6\""
        );
        assert_eq!(
            answer_in(
                "format(999.96, {notation: \"engineering\", precision: 3})",
                "BigNumber"
            ),
            "string \"1000e+0\""
        );
        assert_eq!(
            answer_in(
                "format(-9.99, {notation: \"exponential\", precision: 2})",
                "BigNumber"
            ),
            "string \"-1.0e+1\""
        );
        assert_eq!(
            answer_in("format(1e-7, {notation: \"engineering\"})", "BigNumber"),
            "string \"100e-9\""
        );
        assert_eq!(
            answer_in("format(0, {notation: \"engineering\"})", "BigNumber"),
            "string \"0e+0\""
        );
        assert_eq!(
            answer_in(
                "format(0, {notation: \"fixed\", precision: 2})",
                "BigNumber"
            ),
            "string \"0.00\""
        );
        assert_eq!(
            answer_in("format(0, {notation: \"exponential\"})", "BigNumber"),
            "string \"0e+0\""
        );
        assert_eq!(
            answer_in(
                "format(-1/3, {notation: \"fixed\", precision: 3})",
                "BigNumber"
            ),
            "string \"-0.333\""
        );
        assert_eq!(
            answer_in(
                "format(2/3, {notation: \"fixed\", precision: 0})",
                "BigNumber"
            ),
            "string \"1\""
        );
        assert_eq!(
            answer_in(
                "format(2.5, {notation: \"fixed\", precision: 0})",
                "BigNumber"
            ),
            "string \"3\""
        );
        assert_eq!(
            answer_in(
                "format(-2.5, {notation: \"fixed\", precision: 0})",
                "BigNumber"
            ),
            "string \"-3\""
        );
        assert_eq!(
            answer_in("format(1e100, 3)", "BigNumber"),
            "string \"1e+100\""
        );
        assert_eq!(
            answer_in("format(1e-100, 3)", "BigNumber"),
            "string \"1e-100\""
        );
        assert_eq!(
            answer_in("format(12345678901234567890, 25)", "BigNumber"),
            "string \"1.234567890123456789e+19\""
        );
        assert_eq!(answer_in("format(-1e21)", "BigNumber"), "string \"-1e+21\"");
        assert_eq!(
            answer_in("format(number(1/3), 3)", "BigNumber"),
            "string \"0.333\""
        );
        assert_eq!(
            answer_in(
                "format(1/3, {precision: 3, notation: \"auto\"})",
                "BigNumber"
            ),
            "string \"0.333\""
        );
        assert_eq!(
            answer_in("format(1 / 0)", "BigNumber"),
            "string \"Infinity\""
        );
        assert_eq!(
            answer_in("format(-1 / 0)", "BigNumber"),
            "string \"-Infinity\""
        );
        assert_eq!(
            answer_in("format(100, {lowerExp: 0, upperExp: 2})", "BigNumber"),
            "string \"1e+2\""
        );
        assert_eq!(
            answer_in("format(100, {upperExp: 3})", "BigNumber"),
            "string \"100\""
        );
        assert_eq!(
            answer_in("format(0.5, {lowerExp: 0})", "BigNumber"),
            "string \"5e-1\""
        );
        // math.js: Unknown notation "foo". Choose "auto", "exponential", "fixed", "bin", "oct", or "hex.
        assert_eq!(
            answer_in("format(pi, {notation: \"foo\"})", "BigNumber"),
            "evaluation_failed: Evaluation failed: Unknown notation \"foo\". Choose \"auto\", \"exponential\", \"fixed\", \"bin\", \"oct\", or \"hex."
        );
        // math.js: Option "precision" must be a number or BigNumber
        assert_eq!(
            answer_in("format(pi, {precision: \"x\"})", "BigNumber"),
            "evaluation_failed: Evaluation failed: Option \"precision\" must be a number or BigNumber"
        );
    }

    #[test]
    fn format_of_an_explicit_bignumber() {
        assert_eq!(answer("format(bignumber(1)/3, 5)"), "string \"0.33333\"");
        assert_eq!(
            answer("format([bignumber(2)/3, 1/3], 4)"),
            "string \"[0.6667, 0.3333]\""
        );
        assert_eq!(
            answer("format(bignumber(12345), {notation: \"engineering\"})"),
            "string \"12.345e+3\""
        );
    }

    #[test]
    fn truncate_reads_its_limit_as_javascript_does() {
        assert_eq!(answer("format(1/3, {truncate: null})"), "string \"...\"");
        assert_eq!(answer("format(1/3, {truncate: -5})"), "string \"...\"");
        assert_eq!(
            answer("format(1/3, {truncate: NaN})"),
            "string \"0.3333333333333333\""
        );
        assert_eq!(answer("format(1/3, {truncate: \"5\"})"), "string \"0....\"");
        assert_eq!(answer("format(1/3, {truncate: true})"), "string \"...\"");
        assert_eq!(answer("format(1/3, {truncate: 2.5})"), "string \"...\"");
        assert_eq!(
            answer("format(1/3, {truncate: undefined})"),
            "string \"0.3333333333333333\""
        );
        assert_eq!(
            answer("format(1/3, {truncate: 1e30})"),
            "string \"0.3333333333333333\""
        );
        assert_eq!(
            answer("format(\"héllo wörld\", {truncate: 6})"),
            "string \"\\\"hé...\""
        );
        assert_eq!(
            answer("format([1/3, \"😀😀😀\"], {truncate: 16})"),
            "string \"[0.3333333333...\""
        );
    }

    #[test]
    fn fixed_rounding_of_tiny_bignumbers_matches_mathjs() {
        assert_eq!(
            answer_in(
                "format(-1e-2000000, {notation: \"fixed\", precision: 2})",
                "BigNumber"
            ),
            "string \"-0.00\""
        );
        assert_eq!(
            answer_in(
                "format(-1e-2000000, {notation: \"fixed\", precision: 0})",
                "BigNumber"
            ),
            "string \"-0\""
        );
        assert_eq!(
            answer_in(
                "format(1e-500, {notation: \"fixed\", precision: 499})",
                "BigNumber"
            ),
            "string \"0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000\""
        );
        assert_eq!(
            answer_in(
                "format(5e-500, {notation: \"fixed\", precision: 499})",
                "BigNumber"
            ),
            "string \"0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001\""
        );
        assert_eq!(
            answer_in(
                "format(1e-500, {notation: \"fixed\", precision: 500})",
                "BigNumber"
            ),
            "string \"0.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001\""
        );
        assert_eq!(
            answer_in(
                "format(-4e-3, {notation: \"fixed\", precision: 2})",
                "BigNumber"
            ),
            "string \"-0.00\""
        );
        assert_eq!(
            answer_in(
                "format(-6e-3, {notation: \"fixed\", precision: 2})",
                "BigNumber"
            ),
            "string \"-0.01\""
        );
        assert_eq!(
            answer_in(
                "format(0.0009, {notation: \"fixed\", precision: 2})",
                "BigNumber"
            ),
            "string \"0.00\""
        );
        assert_eq!(
            answer_in(
                "format(0.005, {notation: \"fixed\", precision: 2})",
                "BigNumber"
            ),
            "string \"0.01\""
        );
        assert_eq!(
            answer_in(
                "format(-0.5, {notation: \"fixed\", precision: 0})",
                "BigNumber"
            ),
            "string \"-1\""
        );
        assert_eq!(
            answer_in(
                "format(0.4, {notation: \"fixed\", precision: 0})",
                "BigNumber"
            ),
            "string \"0\""
        );
        assert_eq!(
            answer_in(
                "format(0.06, {notation: \"fixed\", precision: 0})",
                "BigNumber"
            ),
            "string \"0\""
        );
    }

    #[test]
    fn huge_exponents_and_shifts_are_bounded() {
        let too_long = "result_too_large: Size limit exceeded: format() would build a string over the limit of 1,000,000 characters.";
        // BigNumber exponents reach 9e15: positional text is refused before it is laid out,
        // and a value far below the last place is all zeros at once.
        for expression in [
            "format(1e2000000, {notation: \"fixed\"})",
            "format(1e-2000000, {notation: \"fixed\"})",
            "format(1e5000000, {upperExp: 1e10})",
        ] {
            assert_eq!(answer_in(expression, "BigNumber"), too_long, "{expression}");
        }
        assert_eq!(
            answer_in(
                "format(1e-1000000000, {notation: \"fixed\", precision: 2})",
                "BigNumber"
            ),
            "string \"0.00\""
        );
        // A shift of a million places is made at once (math.js: "0").
        assert_eq!(
            answer("format(1, {notation: \"fixed\", precision: -999999})"),
            "string \"0\""
        );
    }

    #[test]
    fn bignumbers_in_bases_match_mathjs() {
        assert_eq!(
            answer_in("format(255, {notation: \"hex\"})", "BigNumber"),
            "string \"0xff\""
        );
        assert_eq!(
            answer_in("format(-255, {notation: \"hex\"})", "BigNumber"),
            "string \"-0xff\""
        );
        assert_eq!(
            answer_in("format(2^70 + 1, {notation: \"bin\"})", "BigNumber"),
            "string \"0b10000000000000000000000000000000000000000000000000000000000000000000000\""
        );
        assert_eq!(
            answer_in(
                "format(12345678901234567890123, {notation: \"oct\"})",
                "BigNumber"
            ),
            "string \"0o2472412662347316120442313\""
        );
        assert_eq!(
            answer_in("format(0, {notation: \"hex\"})", "BigNumber"),
            "string \"0x0\""
        );
        assert_eq!(
            answer_in("format(-1, {notation: \"hex\", wordSize: 8})", "BigNumber"),
            "string \"0xffi8\""
        );
        assert_eq!(
            answer_in(
                "format(-128, {notation: \"bin\", wordSize: 8})",
                "BigNumber"
            ),
            "string \"0b10000000i8\""
        );
        // math.js: Value must be in range [-2^7, 2^7-1]
        assert_eq!(
            answer_in("format(128, {notation: \"bin\", wordSize: 8})", "BigNumber"),
            "evaluation_failed: Evaluation failed: Value must be in range [-2^7, 2^7-1]"
        );
        assert_eq!(
            answer_in("format(127, {notation: \"oct\", wordSize: 8})", "BigNumber"),
            "string \"0o177i8\""
        );
        // math.js: Value must be an integer
        assert_eq!(
            answer_in("format(1.5, {notation: \"hex\", wordSize: 8})", "BigNumber"),
            "evaluation_failed: Evaluation failed: Value must be an integer"
        );
        assert_eq!(
            answer_in(
                "format(-5, {notation: \"hex\", wordSize: 300})",
                "BigNumber"
            ),
            "string \"0xffffffffffffffffffffffffffffffffffffffffffffffffffffedadcd73ed3b00000000000i300\""
        );
        assert_eq!(
            answer_in("format(1e70, {notation: \"hex\"})", "BigNumber"),
            "string \"0x172ebad6ddc73c86d67c5faa71c245689c1079502400000000000000000\""
        );
        assert_eq!(
            answer_in("format(1.5, {notation: \"hex\"})", "BigNumber"),
            "string \"0x1.8\""
        );
        assert_eq!(
            answer_in("format(-2.5, {notation: \"bin\"})", "BigNumber"),
            "string \"-0b10.1\""
        );
        assert_eq!(
            answer_in("format(0.1, {notation: \"bin\"})", "BigNumber"),
            "string \"0b0.0001100110011001100110011001100110011001100110011001100110011001101\""
        );
        assert_eq!(
            answer_in("format([255, 16], {notation: \"hex\"})", "BigNumber"),
            "string \"[0xff, 0x10]\""
        );
        assert_eq!(
            answer_in("format(1e-10, {notation: \"hex\"})", "BigNumber"),
            "string \"0x0.000000006df37f675ef6eadf5ab9a2072d44268d97df837e6748956e5c6c2117501e6885\""
        );
        assert_eq!(
            answer_in("format(1/3, {notation: \"bin\"})", "BigNumber"),
            "string \"0b0.01010101010101010101010101010101010101010101010101010101010101011\""
        );
        assert_eq!(
            answer_in("format(2/3, {notation: \"oct\"})", "BigNumber"),
            "string \"0o0.5252525252525252525252525252525252525252525252525252525252525253\""
        );
        assert_eq!(
            answer_in("format(pi, {notation: \"hex\"})", "BigNumber"),
            "string \"0x3.243f6a8885a308d313198a2e03707344a4093822299f31d0082eda2e358c7c9\""
        );
        assert_eq!(
            answer_in("format(-pi * 1e20, {notation: \"bin\"})", "BigNumber"),
            "string \"-0b100010000011111010101111010110101101101011011101001001101011111000000\""
        );
        assert_eq!(
            answer_in("format(2^64 - 1, {notation: \"bin\"})", "BigNumber"),
            "string \"0b1111111111111111111111111111111111111111111111111111111111111111\""
        );
        assert_eq!(
            answer_in("format(2^64 + 2^63, {notation: \"hex\"})", "BigNumber"),
            "string \"0x18000000000000000\""
        );
        assert_eq!(
            answer_in("format(16^64 - 1, {notation: \"hex\"})", "BigNumber"),
            "string \"0xfffffffffffffffffffffffffffffffffffffffffffffffffffff8cd94b80000\""
        );
        assert_eq!(
            answer_in("format(0.5, {notation: \"hex\"})", "BigNumber"),
            "string \"0x0.8\""
        );
        assert_eq!(
            answer_in("format(1e-300, {notation: \"oct\"})", "BigNumber"),
            "string \"0o0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000005267037605743632615451555726141222125364015063112157341540647013\""
        );
        assert_eq!(
            answer_in(
                "format(255.9999999999999999999999999999, {notation: \"hex\"})",
                "BigNumber"
            ),
            "string \"0xff.fffffffffffffffffffffff813c2506be7f9af93a1ab148f3bbd601c491a5\""
        );
        assert_eq!(
            answer_in(
                "format(0.99999999999999999999999999999999999999999999999999999999999999, {notation: \"bin\"})",
                "BigNumber"
            ),
            "string \"0b1\""
        );
        assert_eq!(
            answer_in("format(-0, {notation: \"hex\"})", "BigNumber"),
            "string \"-0x0\""
        );
        assert_eq!(
            answer_in("format(5, {notation: \"hex\", wordSize: 0})", "BigNumber"),
            "string \"0x5\""
        );
        // math.js: size must be in greater than 0
        assert_eq!(
            answer_in("format(5, {notation: \"hex\", wordSize: -3})", "BigNumber"),
            "evaluation_failed: Evaluation failed: size must be in greater than 0"
        );
        // math.js: size must be an integer
        assert_eq!(
            answer_in("format(5, {notation: \"hex\", wordSize: 2.5})", "BigNumber"),
            "evaluation_failed: Evaluation failed: size must be an integer"
        );
    }

    #[test]
    fn bignumber_bases_are_bounded() {
        // math.js lays out 2^999999 in hexadecimal digit by digit (for minutes).
        assert_eq!(
            reason_in(
                "format(-1, {notation: \"hex\", wordSize: 1e6})",
                "BigNumber"
            ),
            "result_too_large"
        );
        assert_eq!(
            reason_in("format(1e-400000, {notation: \"bin\"})", "BigNumber"),
            "result_too_large"
        );
    }

    #[test]
    fn bin_oct_hex_of_bignumbers_match_mathjs() {
        assert_eq!(
            answer_in("hex(2^64 + 1)", "BigNumber"),
            "string \"0x10000000000000001\""
        );
        assert_eq!(answer_in("bin(-5)", "BigNumber"), "string \"-0b101\"");
        assert_eq!(
            answer_in("oct(255, 16)", "BigNumber"),
            "string \"0o377i16\""
        );
        assert_eq!(answer_in("hex(-1, 8)", "BigNumber"), "string \"0xffi8\"");
        assert_eq!(answer_in("hex(1.5)", "BigNumber"), "string \"0x1.8\"");
        assert_eq!(
            answer_in("bin(2^70 + 1)", "BigNumber"),
            "string \"0b10000000000000000000000000000000000000000000000000000000000000000000000\""
        );
        assert_eq!(
            answer_in("hex(1e30)", "BigNumber"),
            "string \"0xc9f2c9cd04674edea40000000\""
        );
        assert_eq!(answer_in("hex(-128, 8)", "BigNumber"), "string \"0x80i8\"");
        // math.js: Value must be in range [-2^7, 2^7-1]
        assert_eq!(
            answer_in("hex(128, 8)", "BigNumber"),
            "evaluation_failed: Evaluation failed: Value must be in range [-2^7, 2^7-1]"
        );
        assert_eq!(
            answer_in("hex(bignumber(3), 8)", "BigNumber"),
            "string \"0x3i8\""
        );
    }

    #[test]
    fn bin_oct_hex_of_explicit_bignumbers_match_mathjs() {
        assert_eq!(
            answer("hex(bignumber(2)^64 + 1)"),
            "string \"0x10000000000000001\""
        );
        assert_eq!(answer("bin(bignumber(-5), 8)"), "string \"0b11111011i8\"");
        assert_eq!(
            answer("hex(bignumber(5), bignumber(8))"),
            "string \"0x5i8\""
        );
    }
}
