//! Evaluation (clarifications C27–C35): the postfix program runs over a value stack.
//!
//! Inside each operation the order is fixed (C28): domain and size checks, then the work charge,
//! then the exact computation, then the 200-digit cap on the result. Nothing is skipped: every
//! instruction runs unless an earlier one failed.

use crate::error::{DecimalError, ErrorKind};
use crate::program::{Instr, Op, Program};
use crate::variables::Variables;
use reckon_core::num::{Rational, RoundingMode};
use reckon_core::{Limits, Meter, Span};

/// Runs `program` and returns the exact result.
///
/// # Errors
/// The first evaluation fault: division by zero, zero to a negative power, power size, work
/// budget, intermediate digits, or `unnecessary` rounding in `round()`.
pub(crate) fn evaluate(
    program: Program,
    variables: &Variables,
    rounding: Option<RoundingMode>,
    limits: &Limits,
    meter: &mut Meter,
) -> Result<Rational, DecimalError> {
    let mut machine = Machine {
        stack: Vec::with_capacity(8),
        limits,
        meter,
    };
    for Instr { op, span } in program.code {
        machine.step(op, span, variables, rounding)?;
    }
    machine.stack.pop().ok_or_else(|| internal(Span::default()))
}

struct Machine<'a> {
    stack: Vec<Rational>,
    limits: &'a Limits,
    meter: &'a mut Meter,
}

impl Machine<'_> {
    fn step(
        &mut self,
        op: Op,
        span: Span,
        variables: &Variables,
        rounding: Option<RoundingMode>,
    ) -> Result<(), DecimalError> {
        let value = match op {
            Op::Literal(value) => value,
            Op::Variable(index) => variables
                .value(index)
                .cloned()
                .ok_or_else(|| internal(span))?,
            Op::Negate => self.pop(span)?.neg(),
            Op::Abs => self.pop(span)?.abs(),
            Op::Add | Op::Subtract | Op::Multiply | Op::Divide => {
                let right = self.pop(span)?;
                let left = self.pop(span)?;
                self.binary(&op, &left, &right, span)?
            }
            Op::Power(exponent) => {
                let base = self.pop(span)?;
                self.power(&base, exponent, span)?
            }
            Op::Min(count) | Op::Max(count) => {
                self.extremum(matches!(op, Op::Max(_)), count, span)?
            }
            Op::Round(digits) => {
                let value = self.pop(span)?;
                self.charge(value.max_digits(), span)?;
                let mode = rounding.ok_or_else(|| internal(span))?;
                let rounded = value
                    .round(digits, mode)
                    .map_err(|_| DecimalError::at(ErrorKind::RoundingNecessary, span))?;
                self.capped(rounded, span)?
            }
        };
        self.stack.push(value);
        Ok(())
    }

    fn binary(
        &mut self,
        op: &Op,
        left: &Rational,
        right: &Rational,
        span: Span,
    ) -> Result<Rational, DecimalError> {
        if matches!(op, Op::Divide) && right.is_zero() {
            return Err(DecimalError::at(ErrorKind::DivisionByZero, span));
        }
        self.charge(left.max_digits().max(right.max_digits()), span)?;
        let result = match op {
            Op::Add => left.add(right),
            Op::Subtract => left.sub(right),
            Op::Multiply => left.mul(right),
            _ => left
                .div(right)
                .ok_or_else(|| DecimalError::at(ErrorKind::DivisionByZero, span))?,
        };
        self.capped(result, span)
    }

    fn power(
        &mut self,
        base: &Rational,
        exponent: i64,
        span: Span,
    ) -> Result<Rational, DecimalError> {
        if base.is_zero() && exponent < 0 {
            return Err(DecimalError::at(ErrorKind::ZeroToNegativePower, span));
        }
        // C31: a conservative size check before exponentiation; exponent 0 always passes.
        let digits = base.max_digits();
        let estimate = u64::from(digits) * exponent.unsigned_abs();
        let limit = self.limits.max_intermediate_digits;
        if estimate > u64::from(limit) {
            return Err(DecimalError::at(
                ErrorKind::PowerTooLarge { estimate, limit },
                span,
            ));
        }
        self.charge(digits, span)?;
        let result = base
            .pow(exponent)
            .ok_or_else(|| DecimalError::at(ErrorKind::ZeroToNegativePower, span))?;
        self.capped(result, span)
    }

    /// C29: the first argument is the running result, compared with each later one in order.
    fn extremum(
        &mut self,
        largest: bool,
        count: usize,
        span: Span,
    ) -> Result<Rational, DecimalError> {
        let first = self
            .stack
            .len()
            .checked_sub(count)
            .ok_or_else(|| internal(span))?;
        let mut arguments = self.stack.drain(first..);
        let mut best = arguments.next().ok_or_else(|| internal(span))?;
        for candidate in arguments {
            self.meter
                .charge_digits(best.max_digits().max(candidate.max_digits()))
                .map_err(|e| {
                    DecimalError::at(
                        ErrorKind::WorkExhausted {
                            budget: e.budget,
                            charge: e.charge,
                            used: e.used,
                        },
                        span,
                    )
                })?;
            let better = if largest {
                candidate > best
            } else {
                candidate < best
            };
            if better {
                best = candidate;
            }
        }
        Ok(best)
    }

    fn charge(&mut self, digits: u32, span: Span) -> Result<(), DecimalError> {
        self.meter.charge_digits(digits).map_err(|e| {
            DecimalError::at(
                ErrorKind::WorkExhausted {
                    budget: e.budget,
                    charge: e.charge,
                    used: e.used,
                },
                span,
            )
        })
    }

    /// C32: every intermediate's reduced numerator and denominator fit the digit cap.
    fn capped(&self, value: Rational, span: Span) -> Result<Rational, DecimalError> {
        let digits = value.max_digits();
        let limit = self.limits.max_intermediate_digits;
        if digits > limit {
            return Err(DecimalError::at(
                ErrorKind::IntermediateTooLarge { digits, limit },
                span,
            ));
        }
        Ok(value)
    }

    fn pop(&mut self, span: Span) -> Result<Rational, DecimalError> {
        self.stack.pop().ok_or_else(|| internal(span))
    }
}

/// A malformed program: the parser only emits well-formed code, so this is unreachable in practice;
/// it is reported as a syntax fault rather than a panic.
fn internal(span: Span) -> DecimalError {
    DecimalError::at(
        ErrorKind::UnexpectedToken {
            expected: "a well-formed expression",
        },
        span,
    )
}

#[cfg(test)]
mod tests {
    use crate::{Request, RoundingMode, evaluate};

    fn work(expression: &str) -> u64 {
        let request = Request {
            expression,
            variables: &[],
            scale: None,
            rounding: Some(RoundingMode::HalfEven),
        };
        evaluate(&request)
            .map(|e| e.work_units)
            .unwrap_or_else(|e| panic!("{expression}: {e}"))
    }

    #[test]
    fn each_operation_is_charged_the_square_of_its_largest_operand() {
        // Literals: 1 unit each for one-digit integers.
        assert_eq!(work("2 + 3"), 1 + 1 + 1);
        assert_eq!(work("12 * 345"), 4 + 9 + 9);
        assert_eq!(work("1 / 4 - 1"), 1 + 1 + 1 + 1 + 1);
        assert_eq!(work("(1/4) ^ 2"), 1 + 1 + 1 + 1);
        assert_eq!(work("min(1, 20, 300)"), 1 + 4 + 9 + 4 + 9);
        assert_eq!(work("round(1/8, 1)"), 1 + 1 + 1 + 1);
        assert_eq!(work("-abs(-(5))"), 1, "negation and abs are free");
    }
}
