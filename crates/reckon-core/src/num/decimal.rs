//! Decimal literals of the family grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, at most 60 digits in
//! all and at most 40 after the point.
//!
//! The same grammar serves numeric literals (without a sign) and variable values (with an optional
//! sign). A literal's reduction is charged as work on the *unreduced* fraction (digits over 10^f),
//! so [`DecimalLiteral::unreduced_digits`] reports that size before [`DecimalLiteral::to_rational`]
//! reduces it.

use super::Rational;
use super::digits::pow10;
use dashu_int::UBig;

/// Most digits a literal may have in all (the sign and the point are not digits).
pub const MAX_DIGITS: usize = 60;
/// Most digits a literal may have after the point.
pub const MAX_FRACTION_DIGITS: usize = 40;

/// A literal that matches the decimal grammar, split at the point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecimalLiteral<'a> {
    negative: bool,
    integer: &'a str,
    fraction: &'a str,
}

/// Why a text is not a decimal literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecimalSyntaxError {
    /// It does not match `-?(0|[1-9][0-9]*)(\.[0-9]+)?` (or has a sign where none is allowed).
    Malformed,
    /// More than 60 digits in all.
    TooManyDigits {
        /// Digits found.
        digits: usize,
    },
    /// More than 40 digits after the point.
    TooManyFractionDigits {
        /// Fraction digits found.
        digits: usize,
    },
}

impl<'a> DecimalLiteral<'a> {
    /// Parses `text` as a whole; a leading `-` is accepted only when `allow_sign` is true.
    ///
    /// # Errors
    /// [`DecimalSyntaxError::Malformed`] for any text outside the grammar, then the digit caps.
    pub fn parse(text: &'a str, allow_sign: bool) -> Result<Self, DecimalSyntaxError> {
        let (negative, unsigned) = match text.strip_prefix('-') {
            Some(rest) if allow_sign => (true, rest),
            _ => (false, text),
        };
        let (integer, fraction) = match unsigned.split_once('.') {
            Some((integer, fraction)) => (integer, fraction),
            None => (unsigned, ""),
        };
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        let integer_ok = integer == "0"
            || (!integer.is_empty() && !integer.starts_with('0') && all_digits(integer));
        let fraction_ok =
            unsigned.len() == integer.len() || (!fraction.is_empty() && all_digits(fraction));
        if !integer_ok || !fraction_ok {
            return Err(DecimalSyntaxError::Malformed);
        }
        let digits = integer.len() + fraction.len();
        if digits > MAX_DIGITS {
            return Err(DecimalSyntaxError::TooManyDigits { digits });
        }
        if fraction.len() > MAX_FRACTION_DIGITS {
            return Err(DecimalSyntaxError::TooManyFractionDigits {
                digits: fraction.len(),
            });
        }
        Ok(Self {
            negative,
            integer,
            fraction,
        })
    }

    /// The largest digit count of the unreduced numerator (all digits read as one integer, so
    /// leading zeros do not count and zero has one digit) and denominator `10^f` (`f + 1` digits):
    /// the operand size the reduction is charged for.
    pub fn unreduced_digits(&self) -> u32 {
        let significant = significant_digits(self.integer, self.fraction);
        significant.max(self.fraction.len() + 1) as u32
    }

    /// The literal's value in lowest terms.
    pub fn to_rational(&self) -> Rational {
        const FITS_U64: usize = 19;
        if self.integer.len() + self.fraction.len() <= FITS_U64 {
            let numerator = self
                .integer
                .bytes()
                .chain(self.fraction.bytes())
                .fold(0u64, |acc, b| acc * 10 + u64::from(b - b'0'));
            if let Some(value) =
                Rational::from_decimal_u64(self.negative, numerator, self.fraction.len() as u32)
            {
                return value;
            }
        }
        let integer = parse_digits(self.integer);
        let numerator = if self.fraction.is_empty() {
            integer
        } else {
            integer * pow10(self.fraction.len()) + parse_digits(self.fraction)
        };
        let denominator = pow10(self.fraction.len());
        Rational::from_parts(self.negative, numerator, denominator).unwrap_or_else(Rational::zero)
    }
}

/// Digits of `integer ++ fraction` read as an integer (leading zeros dropped; zero has one digit).
fn significant_digits(integer: &str, fraction: &str) -> usize {
    let zeros = integer
        .bytes()
        .chain(fraction.bytes())
        .take_while(|&b| b == b'0')
        .count();
    (integer.len() + fraction.len() - zeros).max(1)
}

/// An ASCII digit string as an integer, 19 digits at a time.
fn parse_digits(digits: &str) -> UBig {
    const CHUNK: usize = 19;
    let mut value = UBig::ZERO;
    for chunk in digits.as_bytes().chunks(CHUNK) {
        let part = chunk
            .iter()
            .fold(0u64, |acc, &b| acc * 10 + u64::from(b - b'0'));
        value = if value.is_zero() {
            UBig::from(part)
        } else {
            value * pow10(chunk.len()) + UBig::from(part)
        };
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> String {
        let literal = DecimalLiteral::parse(text, true).expect("valid");
        let q = literal.to_rational();
        format!("{}/{}", q.numerator_string(), q.denominator_string())
    }

    #[test]
    fn accepts_the_grammar() {
        assert_eq!(value("0"), "0/1");
        assert_eq!(value("-0.00"), "0/1");
        assert_eq!(value("19.99"), "1999/100");
        assert_eq!(value("-12.50"), "-25/2");
        assert_eq!(value("100"), "100/1");
        let long = "123456789012345678901234567890.123456789012345678901234567891";
        assert_eq!(value(long).split('/').next().map(str::len), Some(60));
        assert_eq!(value(long).split('/').nth(1).map(str::len), Some(31));
    }

    #[test]
    fn rejects_everything_else() {
        for text in [
            "", "-", "05", "00", "5.", ".5", "1.2.3", "1..2", "+1", "1e3", "1_000", " 1", "--1",
            "-.5", "0x1", "١",
        ] {
            assert_eq!(
                DecimalLiteral::parse(text, true),
                Err(DecimalSyntaxError::Malformed),
                "{text:?}"
            );
        }
        assert_eq!(
            DecimalLiteral::parse("-1", false),
            Err(DecimalSyntaxError::Malformed)
        );
    }

    #[test]
    fn digit_caps_at_n_minus_1_n_and_n_plus_1() {
        let digits = |n: usize| "1".repeat(n);
        assert!(DecimalLiteral::parse(&digits(59), false).is_ok());
        assert!(DecimalLiteral::parse(&digits(60), false).is_ok());
        assert_eq!(
            DecimalLiteral::parse(&digits(61), false),
            Err(DecimalSyntaxError::TooManyDigits { digits: 61 })
        );
        let fraction = |n: usize| format!("0.{}", "1".repeat(n));
        assert!(DecimalLiteral::parse(&fraction(39), false).is_ok());
        assert!(DecimalLiteral::parse(&fraction(40), false).is_ok());
        assert_eq!(
            DecimalLiteral::parse(&fraction(41), false),
            Err(DecimalSyntaxError::TooManyFractionDigits { digits: 41 })
        );
        assert!(
            DecimalLiteral::parse(&format!("-{}", digits(60)), true).is_ok(),
            "the sign is not a digit"
        );
    }

    #[test]
    fn charges_the_unreduced_size() {
        let size = |text: &str| {
            DecimalLiteral::parse(text, true)
                .expect("valid")
                .unreduced_digits()
        };
        assert_eq!(size("-12.50"), 4);
        assert_eq!(size("0.000"), 4);
        assert_eq!(size("5"), 1);
        assert_eq!(size("1.50"), 3);
        assert_eq!(size("0.05"), 3);
        assert_eq!(size("0"), 1);
    }
}
