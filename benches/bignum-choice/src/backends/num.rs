//! num-bigint 0.4 + num-rational 0.4: `BigRational` (`Ratio<BigInt>`), which reduces itself after
//! every operation.

use crate::backend::Backend;
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::Pow;
use std::cmp::Ordering;

/// The num backend.
pub struct Num;

impl Backend for Num {
    type Q = BigRational;

    fn from_decimal(negative: bool, digits: &str, fraction_digits: u32) -> BigRational {
        let magnitude = BigUint::parse_bytes(digits.as_bytes(), 10).expect("decimal digits");
        let sign = if negative { Sign::Minus } else { Sign::Plus };
        // `Ratio::new` divides both parts by their gcd.
        BigRational::new(
            BigInt::from_biguint(sign, magnitude),
            BigInt::from(10u64.pow(fraction_digits)),
        )
    }

    fn add(a: &BigRational, b: &BigRational) -> BigRational {
        a + b
    }

    fn sub(a: &BigRational, b: &BigRational) -> BigRational {
        a - b
    }

    fn mul(a: &BigRational, b: &BigRational) -> BigRational {
        a * b
    }

    fn div(a: &BigRational, b: &BigRational) -> BigRational {
        a / b
    }

    fn pow(a: &BigRational, exponent: u32) -> BigRational {
        Pow::pow(a, exponent)
    }

    fn cmp(a: &BigRational, b: &BigRational) -> Ordering {
        a.cmp(b)
    }

    fn round_half_even_digits(a: &BigRational, scale: u32) -> (bool, String) {
        let denominator = a.denom().magnitude();
        let shifted = a.numer().magnitude() * BigUint::from(10u64.pow(scale));
        let (mut kept, discarded) = shifted.div_rem(denominator);
        match (discarded << 1usize).cmp(denominator) {
            Ordering::Greater => kept += 1u32,
            Ordering::Equal if kept.is_odd() => kept += 1u32,
            _ => {}
        }
        (a.numer().sign() == Sign::Minus, kept.to_string())
    }

    fn numerator_string(a: &BigRational) -> String {
        a.numer().to_string()
    }

    fn denominator_string(a: &BigRational) -> String {
        a.denom().to_string()
    }
}
