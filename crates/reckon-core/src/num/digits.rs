//! Decimal digit counts and powers of ten.
//!
//! Digit counts are taken on every charged operation, so they must not format the number: the
//! count is read off the bit length and settled by one comparison with a tabulated power of ten.

use dashu_int::UBig;
use dashu_int::ops::BitTest;
use std::sync::OnceLock;

/// Powers of ten kept ready: enough for every value the decimal tool can meet (a product of two
/// 200-digit intermediates has at most 400 digits; rounding uses at most 10^40).
const TABLE_LEN: usize = 480;

fn table() -> &'static [UBig] {
    static POWERS: OnceLock<Vec<UBig>> = OnceLock::new();
    POWERS.get_or_init(|| {
        let ten = UBig::from(10u8);
        let mut powers = Vec::with_capacity(TABLE_LEN);
        let mut power = UBig::ONE;
        for _ in 0..TABLE_LEN {
            let next = &power * &ten;
            powers.push(power);
            power = next;
        }
        powers
    })
}

/// 10^`exponent`.
pub fn pow10(exponent: usize) -> UBig {
    match table().get(exponent) {
        Some(power) => power.clone(),
        None => UBig::from(10u8).pow(exponent),
    }
}

/// The number of decimal digits of `n`; zero has one digit.
pub fn decimal_digits(n: &UBig) -> u32 {
    if let Ok(small) = u64::try_from(n) {
        return small.checked_ilog10().map_or(1, |log| log + 1);
    }
    let bits = n.bit_len();
    // n lies in [2^(bits-1), 2^bits), so it has either `low` digits (those of 2^(bits-1)) or one more.
    let low = ((bits - 1) as f64 * std::f64::consts::LOG10_2).floor() as usize + 1;
    match table().get(low) {
        Some(power) => low as u32 + u32::from(n >= power),
        None => n.to_string().len() as u32,
    }
}

/// The decimal digits of `n`, right-aligned: they are `digits[start..]` of `(digits, start)`.
/// Written by hand for the small integers of most answers (the decimal tool's and calculate's),
/// which formatting machinery would handle far more slowly.
pub fn integer_digits(mut n: u64) -> ([u8; 20], usize) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    (digits, start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_digits_are_the_decimal_text() {
        for n in [0, 1, 9, 10, 99, 100, 12_345, u64::from(u32::MAX), u64::MAX] {
            let (digits, start) = integer_digits(n);
            assert_eq!(&digits[start..], n.to_string().as_bytes());
        }
    }

    #[test]
    fn counts_digits_at_every_power_of_ten_boundary() {
        assert_eq!(decimal_digits(&UBig::ZERO), 1);
        for k in 1..460usize {
            let power = pow10(k);
            assert_eq!(decimal_digits(&power), k as u32 + 1, "10^{k}");
            assert_eq!(
                decimal_digits(&(&power - UBig::ONE)),
                k as u32,
                "10^{k} - 1"
            );
        }
        let huge = pow10(600);
        assert_eq!(decimal_digits(&huge), 601);
    }
}
