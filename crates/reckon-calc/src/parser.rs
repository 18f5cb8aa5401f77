//! Parsing and evaluation (specification sections 4 and 5) in one recursive-descent pass.
//!
//! ```text
//! expr    = term  { ("+" | "-") term } ;
//! term    = unary { ("*" | "/" | "%") unary } ;
//! unary   = ("+" | "-") unary | power ;
//! power   = primary [ "**" unary ] ;          -- right-associative; the exponent may be signed
//! primary = NUMBER | "(" expr ")" ;
//! ```
//!
//! Evaluating while parsing is exact here: arithmetic never fails (non-finite intermediates are
//! allowed, only the final value is checked), so the first syntax error in left-to-right order is
//! still the one reported. Every `(`, unary sign and `**` adds one level of recursion, bounded by
//! the depth limit.

use crate::error::ErrorKind;
use crate::lexer::{Token, TokenKind};
use reckon_core::Span;

/// Parses and evaluates `tokens`; the result may be non-finite (the caller checks it).
pub(crate) fn evaluate(
    tokens: &[Token],
    source_len: usize,
    max_depth: usize,
) -> Result<f64, (ErrorKind, Span)> {
    let mut parser = Parser {
        tokens,
        pos: 0,
        depth: 0,
        max_depth,
        end: source_len,
    };
    let value = parser.expr()?;
    match parser.peek() {
        Some(token) => Err((ErrorKind::UnexpectedToken, token.span)),
        None => Ok(value),
    }
}

struct Parser<'a> {
    tokens: &'a [Token],
    pos: usize,
    depth: usize,
    max_depth: usize,
    end: usize,
}

impl Parser<'_> {
    fn expr(&mut self) -> Result<f64, (ErrorKind, Span)> {
        let mut value = self.term()?;
        loop {
            match self.peek().map(|t| t.kind) {
                Some(TokenKind::Plus) => {
                    self.pos += 1;
                    value += self.term()?;
                }
                Some(TokenKind::Minus) => {
                    self.pos += 1;
                    value -= self.term()?;
                }
                _ => return Ok(value),
            }
        }
    }

    fn term(&mut self) -> Result<f64, (ErrorKind, Span)> {
        let mut value = self.unary()?;
        loop {
            match self.peek().map(|t| t.kind) {
                Some(TokenKind::Star) => {
                    self.pos += 1;
                    value *= self.unary()?;
                }
                Some(TokenKind::Slash) => {
                    self.pos += 1;
                    value /= self.unary()?;
                }
                Some(TokenKind::Percent) => {
                    self.pos += 1;
                    // Rust's `%` on f64 is C's fmod, which is ECMAScript's Number::remainder.
                    value %= self.unary()?;
                }
                _ => return Ok(value),
            }
        }
    }

    fn unary(&mut self) -> Result<f64, (ErrorKind, Span)> {
        let Some(token) = self.peek() else {
            return self.power();
        };
        let negate = match token.kind {
            TokenKind::Minus => true,
            TokenKind::Plus => false,
            _ => return self.power(),
        };
        self.pos += 1;
        self.enter(token.span)?;
        let value = self.unary()?;
        self.depth -= 1;
        Ok(if negate { -value } else { value })
    }

    fn power(&mut self) -> Result<f64, (ErrorKind, Span)> {
        let base = self.primary()?;
        match self.peek() {
            Some(token) if token.kind == TokenKind::Power => {
                self.pos += 1;
                self.enter(token.span)?;
                let exponent = self.unary()?;
                self.depth -= 1;
                Ok(exponentiate(base, exponent))
            }
            _ => Ok(base),
        }
    }

    fn primary(&mut self) -> Result<f64, (ErrorKind, Span)> {
        let Some(token) = self.peek() else {
            return Err((ErrorKind::UnexpectedEnd, Span::at(self.end)));
        };
        self.pos += 1;
        match token.kind {
            TokenKind::Number(value) => Ok(value),
            TokenKind::Open => {
                self.enter(token.span)?;
                let value = self.expr()?;
                match self.peek() {
                    Some(close) if close.kind == TokenKind::Close => self.pos += 1,
                    Some(other) => return Err((ErrorKind::MissingClosingParenthesis, other.span)),
                    None => return Err((ErrorKind::MissingClosingParenthesis, Span::at(self.end))),
                }
                self.depth -= 1;
                Ok(value)
            }
            _ => Err((ErrorKind::UnexpectedToken, token.span)),
        }
    }

    fn enter(&mut self, span: Span) -> Result<(), (ErrorKind, Span)> {
        if self.depth >= self.max_depth {
            return Err((
                ErrorKind::TooDeep {
                    limit: self.max_depth,
                },
                span,
            ));
        }
        self.depth += 1;
        Ok(())
    }

    fn peek(&self) -> Option<Token> {
        self.tokens.get(self.pos).copied()
    }
}

/// ECMAScript `Number::exponentiate`: its special cases, then a correctly rounded `pow` (glibc's,
/// through `f64::powf`). It differs from C's `pow` for `(±1) ** ±Infinity` and `1 ** NaN` (NaN).
pub(crate) fn exponentiate(base: f64, exponent: f64) -> f64 {
    if exponent.is_nan() {
        return f64::NAN;
    }
    if exponent == 0.0 {
        return 1.0;
    }
    if base.is_nan() || (base.abs() == 1.0 && exponent.is_infinite()) {
        return f64::NAN;
    }
    base.powf(exponent)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::tokenize;

    fn eval(source: &str) -> Result<f64, String> {
        let tokens = tokenize(source, 500).map_err(|(e, _)| e.to_string())?;
        evaluate(&tokens, source.len(), 64).map_err(|(e, _)| e.to_string())
    }

    #[test]
    fn precedence_and_associativity() {
        assert_eq!(eval("1+2*3"), Ok(7.0));
        assert_eq!(eval("-2**2"), Ok(-4.0));
        assert_eq!(eval("-2**3**2"), Ok(-512.0));
        assert_eq!(eval("(-2)**2"), Ok(4.0));
        assert_eq!(eval("2**3**2"), Ok(512.0));
        assert_eq!(eval("2**-1"), Ok(0.5));
        assert_eq!(eval("2**--2"), Ok(4.0));
        assert_eq!(eval("2**-3**2"), Ok(2f64.powf(-9.0)));
        assert_eq!(eval("2*-3"), Ok(-6.0));
        assert_eq!(eval("1--1"), Ok(2.0));
        assert_eq!(eval("+-+-5"), Ok(5.0));
        assert_eq!(eval("8/2/2"), Ok(2.0));
        assert_eq!(eval("7 % -3"), Ok(1.0));
        assert_eq!(eval("-7 % 3"), Ok(-1.0));
        assert_eq!(eval("0.3 % 0.1"), Ok(0.09999999999999998));
    }

    #[test]
    fn syntax_errors_have_their_messages() {
        for (source, message) in [
            ("1+", "Unexpected end of expression"),
            ("-", "Unexpected end of expression"),
            ("(", "Unexpected end of expression"),
            ("2**", "Unexpected end of expression"),
            ("*1", "Unexpected token in expression"),
            ("()", "Unexpected token in expression"),
            ("1***2", "Unexpected token in expression"),
            ("2**/1", "Unexpected token in expression"),
            ("(1", "Missing closing parenthesis"),
            ("((1)", "Missing closing parenthesis"),
            ("(1 2)", "Missing closing parenthesis"),
            ("1)", "Unexpected token in expression"),
            ("1 2", "Unexpected token in expression"),
            ("2(3)", "Unexpected token in expression"),
            ("1.2.3", "Unexpected token in expression"),
        ] {
            assert_eq!(eval(source), Err(message.to_owned()), "{source}");
        }
    }

    #[test]
    fn exponentiation_follows_ecmascript_not_c() {
        assert!(exponentiate(1.0, f64::INFINITY).is_nan());
        assert!(exponentiate(-1.0, f64::NEG_INFINITY).is_nan());
        assert!(exponentiate(1.0, f64::NAN).is_nan());
        assert_eq!(exponentiate(f64::NAN, 0.0), 1.0);
        assert_eq!(exponentiate(f64::NAN, -0.0), 1.0);
        assert_eq!(exponentiate(2.0, f64::INFINITY), f64::INFINITY);
        assert_eq!(exponentiate(0.5, f64::INFINITY), 0.0);
        assert_eq!(exponentiate(0.5, f64::NEG_INFINITY), f64::INFINITY);
        assert!(exponentiate(-8.0, 1.0 / 3.0).is_nan());
        assert_eq!(exponentiate(-0.0, 3.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(exponentiate(3.0, -30.0), 4.8569357496188614e-15);
        assert_eq!(exponentiate(10.0, -29.0), 1e-29);
        assert_eq!(exponentiate(5.0, -29.0), 5.36870912e-21);
    }

    #[test]
    fn depth_admits_64_and_refuses_65() {
        let nested = |n: usize| format!("{}1{}", "(".repeat(n), ")".repeat(n));
        assert_eq!(eval(&nested(63)), Ok(1.0));
        assert_eq!(eval(&nested(64)), Ok(1.0));
        assert_eq!(
            eval(&nested(65)),
            Err("Expression nests too deeply; the limit is 64 levels".into())
        );
        assert_eq!(eval(&format!("{}1", "-".repeat(64))), Ok(1.0));
        assert!(eval(&format!("{}1", "-".repeat(65))).is_err());
    }
}
