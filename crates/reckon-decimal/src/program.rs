//! The parsed expression as postfix code.
//!
//! The specification evaluates depth-first and left to right (C27), which is exactly the order of
//! postfix code, so the parser emits a flat instruction list instead of a tree: evaluation is a
//! loop over a value stack, with no recursion and nothing to drop recursively.

use reckon_core::Span;
use reckon_core::num::Rational;

/// One instruction; `span` is the source text it came from, blamed when it fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Instr {
    pub(crate) op: Op,
    pub(crate) span: Span,
}

/// What an instruction does to the value stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    /// Push a literal (already reduced and charged while parsing).
    Literal(Rational),
    /// Push the value of the variable with this index.
    Variable(usize),
    /// Negate the top value.
    Negate,
    /// Pop b, pop a, push a + b.
    Add,
    /// Pop b, pop a, push a - b.
    Subtract,
    /// Pop b, pop a, push a * b.
    Multiply,
    /// Pop b, pop a, push a / b.
    Divide,
    /// Raise the top value to this integer power.
    Power(i64),
    /// Replace the top value by its absolute value.
    Abs,
    /// Pop this many values (at least 2), push the smallest.
    Min(usize),
    /// Pop this many values (at least 2), push the largest.
    Max(usize),
    /// Round the top value to this many fraction digits with the request's rounding mode.
    Round(u32),
}

/// A parsed expression, ready to evaluate.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Program {
    pub(crate) code: Vec<Instr>,
}
