//! Parsing (clarifications C18–C26): one recursive-descent pass over the tokens that stops at the
//! first fault and emits postfix [`Program`] code.
//!
//! ```text
//! expr  := term (("+" | "-") term)*
//! term  := unary (("*" | "/") unary)*
//! unary := "-" unary | power
//! power := atom ("^" "-"? INTEGER)?          -- no second "^" after a power
//! atom  := NUMBER | NAME | NAME "(" args ")" | "(" expr ")"
//! args  := expr ("," expr)*                   -- round(expr, INTEGER) for round
//! ```
//!
//! Faults found here, in token order: syntax, unknown function, `round()` without `rounding`,
//! unknown variable, invalid exponent or `round()` digit count, arity, nesting depth, and the work
//! charged for each numeric literal's reduction (C25: literals in operand position only).

use crate::error::{DecimalError, ErrorKind};
use crate::lexer::{Token, TokenKind};
use crate::program::{Instr, Op, Program};
use crate::variables::Variables;
use reckon_core::num::DecimalLiteral;
use reckon_core::{Depth, Limits, Meter, Span};

/// What an operand position accepts, for messages.
const OPERAND: &str = "a number, a variable, a function call, \"(\" or \"-\"";

/// Parses `tokens` of `source` into a program, charging literal reductions to `meter`.
///
/// # Errors
/// The first parse fault, by position.
pub(crate) fn parse(
    source: &str,
    tokens: &[Token],
    variables: &Variables,
    has_rounding: bool,
    limits: &Limits,
    meter: &mut Meter,
) -> Result<Program, DecimalError> {
    let mut parser = Parser {
        source,
        tokens,
        pos: 0,
        variables,
        has_rounding,
        limits,
        meter,
        depth: Depth::new(limits.max_depth),
        code: Vec::with_capacity(tokens.len()),
    };
    parser.expr()?;
    if let Some(token) = parser.peek() {
        return Err(DecimalError::at(
            ErrorKind::UnexpectedToken {
                expected: "an operator or the end",
            },
            token.span,
        ));
    }
    Ok(Program { code: parser.code })
}

struct Parser<'a> {
    source: &'a str,
    tokens: &'a [Token],
    pos: usize,
    variables: &'a Variables<'a>,
    has_rounding: bool,
    limits: &'a Limits,
    meter: &'a mut Meter,
    depth: Depth,
    code: Vec<Instr>,
}

impl<'a> Parser<'a> {
    fn expr(&mut self) -> Result<(), DecimalError> {
        self.term()?;
        while let Some(token) = self.peek() {
            let op = match token.kind {
                TokenKind::Plus => Op::Add,
                TokenKind::Minus => Op::Subtract,
                _ => break,
            };
            self.pos += 1;
            self.term()?;
            self.emit(op, token.span);
        }
        Ok(())
    }

    fn term(&mut self) -> Result<(), DecimalError> {
        self.unary()?;
        while let Some(token) = self.peek() {
            let op = match token.kind {
                TokenKind::Star => Op::Multiply,
                TokenKind::Slash => Op::Divide,
                _ => break,
            };
            self.pos += 1;
            self.unary()?;
            self.emit(op, token.span);
        }
        Ok(())
    }

    fn unary(&mut self) -> Result<(), DecimalError> {
        match self.peek() {
            Some(token) if token.kind == TokenKind::Minus => {
                self.pos += 1;
                self.enter(token.span)?; // C23: a pending unary minus is one level
                self.unary()?;
                self.depth.leave();
                self.emit(Op::Negate, token.span);
                Ok(())
            }
            _ => self.power(),
        }
    }

    fn power(&mut self) -> Result<(), DecimalError> {
        self.atom()?;
        let Some(caret) = self.eat(TokenKind::Caret) else {
            return Ok(());
        };
        let exponent = self.exponent()?;
        self.emit(Op::Power(exponent), caret.span);
        // "^ does not chain: 2^3^2 -> invalid_input".
        match self.peek() {
            Some(next) if next.kind == TokenKind::Caret => {
                Err(DecimalError::at(ErrorKind::ChainedPower, next.span))
            }
            _ => Ok(()),
        }
    }

    /// C24: an optional `-` token, then an integer literal of magnitude at most 100. The `-` is part
    /// of the exponent, not a unary minus, so it adds no depth.
    fn exponent(&mut self) -> Result<i64, DecimalError> {
        let negative = self.eat(TokenKind::Minus).is_some();
        let token = self.expect_integer(ErrorKind::InvalidExponent)?;
        let magnitude = integer_value(self.text(token));
        if magnitude > u64::from(self.limits.max_power_exponent) {
            let kind = ErrorKind::ExponentTooLarge {
                limit: self.limits.max_power_exponent,
            };
            return Err(DecimalError::at(kind, token.span));
        }
        let magnitude = magnitude as i64;
        Ok(if negative { -magnitude } else { magnitude })
    }

    fn atom(&mut self) -> Result<(), DecimalError> {
        let Some(token) = self.peek() else {
            return Err(self.unexpected_end(OPERAND));
        };
        self.pos += 1;
        match token.kind {
            TokenKind::Number => self.literal(token),
            TokenKind::Name if self.peek().is_some_and(|t| t.kind == TokenKind::OpenParen) => {
                self.call(token)
            }
            TokenKind::Name => self.variable(token),
            TokenKind::OpenParen => {
                self.enter(token.span)?;
                self.expr()?;
                self.expect(TokenKind::CloseParen, "\")\"")?;
                self.depth.leave();
                Ok(())
            }
            _ => Err(DecimalError::at(
                ErrorKind::UnexpectedToken { expected: OPERAND },
                token.span,
            )),
        }
    }

    /// C25: a literal in operand position is reduced now and its reduction charged.
    fn literal(&mut self, token: Token) -> Result<(), DecimalError> {
        let text = self.text(token);
        let literal = DecimalLiteral::parse(text, false).map_err(|e| {
            DecimalError::at(
                ErrorKind::InvalidNumber(crate::lexer::number_problem(e)),
                token.span,
            )
        })?;
        self.meter
            .charge_digits(literal.unreduced_digits())
            .map_err(|e| {
                let kind = ErrorKind::WorkExhausted {
                    budget: e.budget,
                    charge: e.charge,
                    used: e.used,
                };
                DecimalError::at(kind, token.span)
            })?;
        self.emit(Op::Literal(literal.to_rational()), token.span);
        Ok(())
    }

    fn variable(&mut self, token: Token) -> Result<(), DecimalError> {
        let name = self.text(token);
        match self.variables.index_of(name) {
            Some(index) => {
                self.emit(Op::Variable(index), token.span);
                Ok(())
            }
            None => {
                let known = self.variables.names().map(str::to_owned).collect();
                let kind = ErrorKind::UnknownVariable {
                    name: name.to_owned(),
                    known,
                };
                Err(DecimalError::at(kind, token.span))
            }
        }
    }

    /// C19–C22: a name whose next token is `(`.
    fn call(&mut self, name: Token) -> Result<(), DecimalError> {
        let function = match self.text(name) {
            "abs" => "abs",
            "min" => "min",
            "max" => "max",
            "round" => "round",
            other => {
                return Err(DecimalError::at(
                    ErrorKind::UnknownFunction(other.to_owned()),
                    name.span,
                ));
            }
        };
        if function == "round" && !self.has_rounding {
            return Err(DecimalError::at(ErrorKind::RoundWithoutRounding, name.span));
        }
        let open = self.expect(TokenKind::OpenParen, "\"(\"")?;
        self.enter(open.span)?;
        let span = Span::new(name.span.start, name.span.end);
        if function == "round" {
            self.expr()?;
            self.expect(TokenKind::Comma, "\",\" and the number of fraction digits")?;
            let invalid = ErrorKind::InvalidRoundDigits {
                limit: self.limits.max_scale,
            };
            let digits = self.expect_integer(invalid.clone())?;
            let value = integer_value(self.text(digits));
            if value > u64::from(self.limits.max_scale) {
                return Err(DecimalError::at(invalid, digits.span));
            }
            if let Some(extra) = self.eat(TokenKind::Comma) {
                return Err(DecimalError::at(
                    ErrorKind::WrongArity { function, count: 3 },
                    extra.span,
                ));
            }
            self.expect(TokenKind::CloseParen, "\")\"")?;
            self.depth.leave();
            self.emit(Op::Round(value as u32), span);
            return Ok(());
        }
        let mut count = 1;
        self.expr()?;
        while self.eat(TokenKind::Comma).is_some() {
            self.expr()?;
            count += 1;
        }
        let close = self.expect(TokenKind::CloseParen, "\",\" or \")\"")?;
        // C21: arity is checked once the call's ")" is consumed.
        let call_span = Span::new(name.span.start, close.span.end);
        let op = match function {
            "abs" if count == 1 => Op::Abs,
            _ if function != "abs" && count > self.limits.max_call_args => {
                let kind = ErrorKind::TooManyArguments {
                    function,
                    count,
                    limit: self.limits.max_call_args,
                };
                return Err(DecimalError::at(kind, call_span));
            }
            "min" if count >= 2 => Op::Min(count),
            "max" if count >= 2 => Op::Max(count),
            _ => {
                return Err(DecimalError::at(
                    ErrorKind::WrongArity { function, count },
                    call_span,
                ));
            }
        };
        self.depth.leave();
        self.emit(op, span);
        Ok(())
    }

    fn enter(&mut self, span: Span) -> Result<(), DecimalError> {
        self.depth
            .enter()
            .map_err(|e| DecimalError::at(ErrorKind::TooDeep { limit: e.limit }, span))
    }

    fn emit(&mut self, op: Op, span: Span) {
        self.code.push(Instr { op, span });
    }

    fn peek(&self) -> Option<Token> {
        self.tokens.get(self.pos).copied()
    }

    fn eat(&mut self, kind: TokenKind) -> Option<Token> {
        let token = self.peek().filter(|t| t.kind == kind)?;
        self.pos += 1;
        Some(token)
    }

    fn expect(&mut self, kind: TokenKind, expected: &'static str) -> Result<Token, DecimalError> {
        match self.peek() {
            Some(token) if token.kind == kind => {
                self.pos += 1;
                Ok(token)
            }
            Some(token) => Err(DecimalError::at(
                ErrorKind::UnexpectedToken { expected },
                token.span,
            )),
            None => Err(self.unexpected_end(expected)),
        }
    }

    /// A numeric literal without a point; anything else is `invalid`.
    fn expect_integer(&mut self, invalid: ErrorKind) -> Result<Token, DecimalError> {
        match self.peek() {
            Some(token) if token.kind == TokenKind::Number && !self.text(token).contains('.') => {
                self.pos += 1;
                Ok(token)
            }
            Some(token) => Err(DecimalError::at(invalid, token.span)),
            None => Err(DecimalError::at(invalid, Span::at(self.source.len()))),
        }
    }

    fn unexpected_end(&self, expected: &'static str) -> DecimalError {
        DecimalError::at(
            ErrorKind::UnexpectedEnd { expected },
            Span::at(self.source.len()),
        )
    }

    fn text(&self, token: Token) -> &'a str {
        &self.source[token.span.start..token.span.end]
    }
}

/// The value of an integer literal, saturating (the lexer caps literals at 60 digits).
fn integer_value(digits: &str) -> u64 {
    digits.bytes().fold(0u64, |acc, b| {
        acc.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::tokenize;
    use crate::variables::VariableInput;

    fn compile(source: &str) -> Result<(String, u64), DecimalError> {
        let limits = Limits::DEFAULT;
        let mut meter = Meter::new(limits.max_arithmetic_work);
        let inputs = [VariableInput {
            name: "x",
            value: Some("2"),
        }];
        let variables = Variables::bind(&inputs, &limits, &mut meter).expect("valid variables");
        let tokens = tokenize(source, &limits).expect("tokenizes");
        let program = parse(source, &tokens, &variables, true, &limits, &mut meter)?;
        let code: Vec<String> = program
            .code
            .iter()
            .map(|instr| match &instr.op {
                Op::Literal(q) => q.numerator_string(),
                Op::Variable(i) => format!("v{i}"),
                other => format!("{other:?}"),
            })
            .collect();
        Ok((code.join(" "), meter.used()))
    }

    #[track_caller]
    fn parses_as(source: &str, postfix: &str) {
        assert_eq!(
            compile(source).map(|(code, _)| code),
            Ok(postfix.to_owned()),
            "{source}"
        );
    }

    #[track_caller]
    fn fails_with(source: &str, reason: &str) -> DecimalError {
        let error = compile(source).expect_err(source);
        assert_eq!(error.reason(), reason, "{source}: {error}");
        error
    }

    #[test]
    fn precedence_and_associativity() {
        parses_as("8/2/2", "8 2 Divide 2 Divide");
        parses_as("2-3-4", "2 3 Subtract 4 Subtract");
        parses_as("-2^2", "2 Power(2) Negate");
        parses_as("2*-3", "2 3 Negate Multiply");
        parses_as("1+2*3", "1 2 3 Multiply Add");
        parses_as("(1+2)*3", "1 2 Add 3 Multiply");
        parses_as("x^-3", "v0 Power(-3)");
        parses_as("min(1, x, abs(-1))", "1 v0 1 Negate Abs Min(3)");
        parses_as("round(x, 40)", "v0 Round(40)");
    }

    #[test]
    fn literals_are_charged_when_parsed_and_integer_parameters_are_not() {
        // x = "2" costs 1 during binding; 1.50 costs 3² = 9; the exponent and digit count cost nothing.
        assert_eq!(compile("1.50").map(|(_, used)| used), Ok(1 + 9));
        assert_eq!(compile("round(x^100, 40)").map(|(_, used)| used), Ok(1));
    }

    #[test]
    fn faults_are_reported_where_they_are_met() {
        let error = fails_with("2^3^2", "syntax");
        assert_eq!(error.span, Some(Span::new(3, 4)));
        assert_eq!(fails_with("1 +", "syntax").span, Some(Span::at(3)));
        assert_eq!(
            fails_with("y", "unknown_variable").span,
            Some(Span::new(0, 1))
        );
        assert_eq!(
            fails_with("sqrt(1)", "unknown_function").span,
            Some(Span::new(0, 4))
        );
        fails_with("2^101", "invalid_exponent");
        fails_with("round(1, 41)", "invalid_round_digits");
        fails_with("abs(1, 2)", "arity");
        fails_with("min(1)", "arity");
        fails_with("(((", "syntax");
        let deep = format!("{}1{}", "(".repeat(65), ")".repeat(65));
        assert_eq!(
            fails_with(&deep, "depth").span,
            Some(Span::new(64, 65)),
            "the 65th parenthesis is blamed"
        );
    }
}
