//! Unit text: what `unit("5 kg")`, `unit("km/h")` and a string target (`5 kg to "g"`) read.
//!
//! ```text
//! text    = [number] product
//! product = factor { ("*" | "/" | nothing) factor }
//! factor  = name ["^" number] | "(" product ")"
//! number  = ["+" | "-"] digits ["." digits] [("e" | "E") ["+" | "-"] digits]
//! ```
//! Spaces and tabs separate tokens; a `/` makes the next factor (or parenthesised group) a
//! divisor.

use crate::units::table::{DIMENSIONS, TABLE};
use crate::units::{Part, Unit, UnitError};

/// Reads unit text into a unit (with the magnitude when the text starts with a number).
///
/// # Errors
/// Text that is not a unit expression, or an unknown unit name.
pub(crate) fn parse(text: &str) -> Result<Unit, UnitError> {
    let mut reader = Reader {
        text,
        at: 0,
        unit: Unit {
            parts: Vec::new(),
            dims: [0.0; DIMENSIONS],
            value: None,
            fix_prefix: false,
            keep_units: true,
            exact: None,
            shown: None,
            big: None,
            big_shown: None,
            complex: None,
        },
    };
    reader.skip_spaces();
    let number = reader.number();
    reader.skip_spaces();
    if reader.at < text.len() || number.is_none() {
        reader.product(1.0, 0)?;
    }
    reader.skip_spaces();
    if reader.at < text.len() {
        return Err(could_not_parse(text));
    }
    let mut unit = reader.unit;
    if let Some(x) = number {
        unit.value = Some(unit.normalize(x));
    }
    Ok(unit)
}

/// The number unit text starts with, as written (`"7.25"` of `"7.25 Hz"`), for Fraction mode,
/// which reads it exactly.
pub(crate) fn leading_number(text: &str) -> Option<&str> {
    let mut reader = Reader {
        text,
        at: 0,
        unit: Unit::dimensionless(0.0),
    };
    reader.skip_spaces();
    let start = reader.at;
    reader.number()?;
    Some(&text[start..reader.at])
}

/// math.js's message for unreadable unit text.
fn could_not_parse(text: &str) -> UnitError {
    UnitError::Failed(format!("Could not parse: \"{text}\""))
}

/// Nesting of parentheses allowed in unit text (the expression's length bounds it anyway).
const MAX_GROUPS: usize = 64;

struct Reader<'a> {
    text: &'a str,
    at: usize,
    unit: Unit,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.at += 1;
        }
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_spaces();
        if self.peek() == Some(c) {
            self.at += c.len_utf8();
            true
        } else {
            false
        }
    }

    /// A number, if one starts here (else nothing is consumed).
    fn number(&mut self) -> Option<f64> {
        let rest = &self.text[self.at..];
        let bytes = rest.as_bytes();
        let mut end = 0;
        if matches!(bytes.first(), Some(b'+' | b'-')) {
            end += 1;
        }
        let digits_start = end;
        while end < bytes.len() && (bytes[end].is_ascii_digit() || bytes[end] == b'.') {
            end += 1;
        }
        if end == digits_start || !rest[digits_start..end].bytes().any(|b| b.is_ascii_digit()) {
            return None;
        }
        if matches!(bytes.get(end), Some(b'e' | b'E')) {
            let mut e = end + 1;
            if matches!(bytes.get(e), Some(b'+' | b'-')) {
                e += 1;
            }
            if bytes.get(e).is_some_and(u8::is_ascii_digit) {
                while bytes.get(e).is_some_and(u8::is_ascii_digit) {
                    e += 1;
                }
                end = e;
            }
        }
        let value = rest[..end].parse().ok()?;
        self.at += end;
        Some(value)
    }

    /// A product of factors, each power multiplied by `sign`.
    fn product(&mut self, sign: f64, depth: usize) -> Result<(), UnitError> {
        let mut next_sign = sign;
        loop {
            self.factor(next_sign, depth)?;
            self.skip_spaces();
            next_sign = if self.eat('/') {
                -sign
            } else {
                self.eat('*');
                sign
            };
            self.skip_spaces();
            match self.peek() {
                Some(c) if c.is_alphabetic() || c == '_' || c == '(' => {}
                _ => return Ok(()),
            }
        }
    }

    fn factor(&mut self, sign: f64, depth: usize) -> Result<(), UnitError> {
        self.skip_spaces();
        if self.eat('(') {
            if depth >= MAX_GROUPS {
                return Err(could_not_parse(self.text));
            }
            self.product(sign, depth + 1)?;
            return if self.eat(')') {
                Ok(())
            } else {
                Err(could_not_parse(self.text))
            };
        }
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$')
        {
            self.at += self.peek().map_or(1, char::len_utf8);
        }
        let name = &self.text[start..self.at];
        if name.is_empty() {
            return Err(could_not_parse(self.text));
        }
        let Some((unit, prefix)) = crate::units::table::find(name) else {
            return Err(UnitError::Failed(format!("Unit \"{name}\" not found.")));
        };
        let mut power = sign;
        if self.eat('^') {
            self.skip_spaces();
            match self.number() {
                Some(p) => power *= p,
                None => return Err(could_not_parse(self.text)),
            }
        }
        for (d, q) in self
            .unit
            .dims
            .iter_mut()
            .zip(&TABLE.quantities[unit.quantity].dims)
        {
            *d += q * power;
        }
        self.unit.parts.push(Part {
            unit,
            prefix,
            power,
        });
        Ok(())
    }
}
