//! malachite-q / malachite-nz 0.14: `Rational`, always kept in lowest terms, over `Natural`.

use crate::backend::Backend;
use malachite_base::num::arithmetic::traits::{DivRem, Parity, Pow, Sign};
use malachite_base::num::basic::traits::One;
use malachite_nz::natural::Natural;
use malachite_q::Rational;
use std::cmp::Ordering;
use std::str::FromStr;

/// The malachite backend.
pub struct Malachite;

impl Backend for Malachite {
    type Q = Rational;

    fn from_decimal(negative: bool, digits: &str, fraction_digits: u32) -> Rational {
        let magnitude = Natural::from_str(digits).expect("decimal digits");
        // Divides both parts by their gcd; the first argument is "non-negative".
        Rational::from_sign_and_naturals(
            !negative,
            magnitude,
            Natural::from(10u64.pow(fraction_digits)),
        )
    }

    fn add(a: &Rational, b: &Rational) -> Rational {
        a + b
    }

    fn sub(a: &Rational, b: &Rational) -> Rational {
        a - b
    }

    fn mul(a: &Rational, b: &Rational) -> Rational {
        a * b
    }

    fn div(a: &Rational, b: &Rational) -> Rational {
        a / b
    }

    fn pow(a: &Rational, exponent: u32) -> Rational {
        a.pow(u64::from(exponent))
    }

    fn cmp(a: &Rational, b: &Rational) -> Ordering {
        a.cmp(b)
    }

    fn round_half_even_digits(a: &Rational, scale: u32) -> (bool, String) {
        let denominator = a.denominator_ref();
        let shifted = a.numerator_ref() * Natural::from(10u64.pow(scale));
        let (mut kept, discarded) = shifted.div_rem(denominator);
        match (discarded << 1u32).cmp(denominator) {
            Ordering::Greater => kept += Natural::ONE,
            Ordering::Equal if kept.odd() => kept += Natural::ONE,
            _ => {}
        }
        (a.sign() == Ordering::Less, kept.to_string())
    }

    fn numerator_string(a: &Rational) -> String {
        let magnitude = a.numerator_ref().to_string();
        if a.sign() == Ordering::Less {
            format!("-{magnitude}")
        } else {
            magnitude
        }
    }

    fn denominator_string(a: &Rational) -> String {
        a.denominator_ref().to_string()
    }
}
