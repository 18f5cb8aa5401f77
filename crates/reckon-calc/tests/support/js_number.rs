//! An independent reference for calc's number printing, shared by the property tests
//! (`tests/properties.rs`) and the fuzz targets (`fuzz/src/calc.rs`, by `#[path]`): ECMAScript's
//! `Number::toString` written from the specification rather than with the tool's printer, and
//! the values of an answer exactly as spelled in its text.

/// The digits `s` and exponent `n` of ECMA-262 §6.1.6.1.20 for finite `x > 0`: the fewest digits
/// that read back as `x`; among those, the closest to `x`, and on a tie the even one. Rust's
/// shortest digits have the right length but may take the other side of a tie, so the two
/// neighbours at that length are judged against the exact decimal expansion of `x`.
fn shortest_digits(x: f64) -> (String, i32) {
    let scientific = format!("{x:e}");
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let n = exponent.parse::<i32>().unwrap_or(0) + 1;
    let k = digits.len();
    // The exact expansion: every finite double has at most 767 significant digits.
    let exact = format!("{x:.800e}");
    let (exact_mantissa, exact_exponent) = exact.split_once('e').unwrap_or((&exact, "0"));
    if exact_exponent.parse::<i32>().unwrap_or(0) + 1 != n {
        return (digits, n);
    }
    let all: String = exact_mantissa
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let (kept, rest) = all.split_at(k);
    let Ok(low) = kept.parse::<u64>() else {
        return (digits, n);
    };
    let reads_back = |c: u64| {
        let text = c.to_string();
        text.len() == k && format!("{text}e{}", n - k as i32).parse::<f64>() == Ok(x)
    };
    let half = rest
        .as_bytes()
        .first()
        .map_or(std::cmp::Ordering::Less, |&b| {
            let tail_zero = rest[1..].bytes().all(|b| b == b'0');
            match b.cmp(&b'5') {
                std::cmp::Ordering::Equal if tail_zero => std::cmp::Ordering::Equal,
                std::cmp::Ordering::Equal => std::cmp::Ordering::Greater,
                other => other,
            }
        });
    let high = low + 1;
    let pick = match (reads_back(low), reads_back(high)) {
        (true, true) => match half {
            std::cmp::Ordering::Less => low,
            std::cmp::Ordering::Greater => high,
            std::cmp::Ordering::Equal if low % 2 == 0 => low,
            std::cmp::Ordering::Equal => high,
        },
        (true, false) => low,
        (false, true) => high,
        (false, false) => return (digits, n),
    };
    (pick.to_string(), n)
}

/// ECMAScript `Number::toString(x)` (ECMA-262 §6.1.6.1.20) from Rust's shortest digits.
pub fn js_string(x: f64) -> String {
    if x == 0.0 {
        return "0".to_owned();
    }
    if x < 0.0 {
        return format!("-{}", js_string(-x));
    }
    let (digits, n) = shortest_digits(x);
    let k = digits.len() as i32;
    if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let sign = if n > 1 { '+' } else { '-' };
        let (first, rest) = digits.split_at(1);
        let point = if rest.is_empty() { "" } else { "." };
        format!("{first}{point}{rest}e{sign}{}", (n - 1).abs())
    }
}

/// Each result's `value` exactly as written in the answer text (`None` when serde_json cannot
/// read the text: lone surrogates copied from a prefix).
pub fn spelled_values(text: &[u8]) -> Option<Vec<String>> {
    use serde_json::value::RawValue;
    use std::collections::BTreeMap;
    type Members<'a> = BTreeMap<String, &'a RawValue>;
    let top: Members<'_> = serde_json::from_slice(text).ok()?;
    let details: Members<'_> = serde_json::from_str(top.get("details")?.get()).ok()?;
    let results: Vec<Members<'_>> = serde_json::from_str(details.get("results")?.get()).ok()?;
    results
        .iter()
        .map(|r| r.get("value").map(|v| v.get().to_owned()))
        .collect()
}
