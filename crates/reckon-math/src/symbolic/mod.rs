//! simplify and derivative over the syntax tree (spec section 8).
//!
//! The pipeline: the checked tree (aliases renamed by the request checks) is turned
//! into the engines' working form (`expr`: flat sums and products over exact rationals), then
//! - **simplify** (`simplify`) rewrites it bottom-up to a fixed point: constant folding to
//!   exact fractions, identities, like terms and coefficients, like factors and powers, the 12
//!   trigonometric rules (`trig`), and then, beyond math.js (spec 11d), polynomial cancellation
//!   and recognition of identically zero polynomials (`poly`), kept only when smaller;
//! - **derivative** (`derivative`) applies the rules of 8.2 and simplifies the result without the
//!   trigonometric rules;
//!
//! and the result is printed in math.js syntax (`print`). `unchanged` compares the printed result
//! with the printed input.
//!
//! **Domain assumptions.** Every rewrite is an identity over the reals wherever the input is
//! defined, under math.js's default assumption that a factor divided by itself is 1: `x / x`,
//! `x^2 / x` and the polynomial cancellations assume the cancelled factor nonzero. Powers of
//! powers are merged only for an integer outer exponent (`(x^2)^3` → `x ^ 6`, never
//! `(x^2)^(1/2)` → `x`); `x^a * x^b` → `x^(a+b)` as math.js does (exact wherever both sides are
//! real). Constants are zero only when exactly zero (`1e-20 * x` stays), and `0 / 0` is `NaN`.
//!
//! **Work bounds** (spec 11a). Every pass charges the work meter by the size of the tree it
//! inspects, before inspecting it; polynomial expansion and GCD charge by the terms they
//! multiply, and expansions predicted past [`poly::MAX_TERMS`] terms are not attempted (the
//! cancellation is optional, so the expression is simply kept). Running out of the meter is
//! `evaluation_timeout`, and so is passing the 5 s wall-clock deadline, a backstop for work the
//! meter undercharges.
//!
//! Adding a simplify rule: a rewrite of sums belongs in `simplify::sum`, of products in
//! `simplify::product`, of powers in `simplify::power`; a trigonometric identity in `trig`.

mod derivative;
mod expr;
mod poly;
mod print;
mod simplify;
mod trig;

#[cfg(test)]
mod tests;

use crate::error::{CalculateError, Reason, timed_out};
use crate::syntax::ast::Node;
use reckon_core::Meter;
use std::time::{Duration, Instant};

/// The work budget of one symbolic operation: the evaluator's (about 2 s of release-build work).
const WORK_BUDGET: u64 = crate::eval::WORK_BUDGET;

/// The wall-clock backstop of section 10 (the meter is the bound; this only catches work it
/// undercharges).
const DEADLINE: Duration = Duration::from_secs(5);

/// Charges between two looks at the clock.
const DEADLINE_STRIDE: u32 = 256;

/// The work meter of one symbolic operation, with the deadline as a backstop.
pub(crate) struct Work {
    meter: Meter,
    deadline: Instant,
    charges: u32,
}

impl Work {
    /// A meter with the full budget.
    pub(crate) fn new() -> Self {
        Work::with_budget(WORK_BUDGET)
    }

    /// A meter with `budget` units, for tests of the bounds.
    pub(crate) fn with_budget(budget: u64) -> Self {
        Work {
            meter: Meter::new(budget),
            deadline: Instant::now() + DEADLINE,
            charges: 0,
        }
    }

    /// Spends `units`, or fails as the timeout does (section 11a); past the deadline too.
    pub(crate) fn charge(&mut self, units: u64) -> Result<(), CalculateError> {
        self.meter.charge(units).map_err(|_| timed_out())?;
        if self.past_deadline() {
            return Err(timed_out());
        }
        Ok(())
    }

    /// Spends `units` when that fits the budget and the deadline; `false` (spending nothing)
    /// when it does not.
    pub(crate) fn try_charge(&mut self, units: u64) -> bool {
        if self.meter.used().saturating_add(units) > self.meter.budget() || self.past_deadline() {
            return false;
        }
        self.meter.charge(units).is_ok()
    }

    /// Whether the deadline has passed, looking at the clock every [`DEADLINE_STRIDE`] calls.
    fn past_deadline(&mut self) -> bool {
        self.charges = self.charges.wrapping_add(1);
        self.charges.is_multiple_of(DEADLINE_STRIDE) && Instant::now() > self.deadline
    }

    /// Units spent so far.
    pub(crate) fn used(&self) -> u64 {
        self.meter.used()
    }
}

/// A simplified expression: its printing, and whether that equals the input's printing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Simplified {
    /// The result in math.js syntax.
    pub(crate) text: String,
    /// `true` exactly when `text` equals the printed input (section 8.3).
    pub(crate) unchanged: bool,
}

/// Section 8.1: `tree` simplified.
///
/// # Errors
/// `evaluation_failed` with the symbolic message for assignments, definitions, conditionals,
/// ranges and constants that fold to non-real values; `evaluation_timeout` past the meter.
pub(crate) fn simplify(tree: &Node, work: &mut Work) -> Result<Simplified, CalculateError> {
    let input = print::print(tree, print::Style::Input);
    let e = expr::from_node(tree, expr::Purpose::Simplify, work)?;
    let options = simplify::Options { trig: true };
    let result = simplify::simplify(e, options, work)?;
    simplify::check_real(&result, "simplify", work)?;
    let text = print::print(&expr::to_node(&result), print::Style::Result);
    Ok(Simplified {
        unchanged: text == input,
        text,
    })
}

/// Section 8.2: the derivative of `tree` with respect to `variable`, simplified and printed.
///
/// # Errors
/// `evaluation_failed` with the "no rule" or the symbolic message; `evaluation_timeout` past the
/// meter.
pub(crate) fn derivative(
    tree: &Node,
    variable: &str,
    work: &mut Work,
) -> Result<String, CalculateError> {
    let body = match &tree.kind {
        crate::syntax::ast::NodeKind::FunctionAssignment(definition) => &*definition.body,
        _ => tree,
    };
    let e = expr::from_node(body, expr::Purpose::Derivative, work)?;
    let d = derivative::derive(&e, variable, work)?;
    let options = simplify::Options { trig: false };
    let result = simplify::simplify(d, options, work)?;
    simplify::check_real(&result, "derivative", work)?;
    Ok(print::print(&expr::to_node(&result), print::Style::Result))
}

/// The evaluation_failed of an expression an engine cannot process (section 9.2's symbolic
/// message and hint), at `position`.
pub(crate) fn symbolic_failure(operation: &str, detail: &str, position: usize) -> CalculateError {
    let mut error = CalculateError::new(
        Reason::EvaluationFailed,
        format!("The {operation} operation cannot process this expression symbolically: {detail}"),
    )
    .at(position);
    error.hint = Some(format!(
        "The {operation} engine cannot handle part of this expression (for example a matrix or conditional) — rewrite it with scalar functions and operators, or evaluate it numerically with operation \"evaluate\" and values passed through scope."
    ));
    error
}

/// The evaluation_failed of a derivative with no rule for `what` (`the function "floor"`, `the
/// operator "=="`), naming `name` in the hint, at `position`.
pub(crate) fn no_rule(what: &str, name: &str, variable: &str, position: usize) -> CalculateError {
    let mut error = CalculateError::new(
        Reason::EvaluationFailed,
        format!(
            "The derivative operation has no rule for {what}, so it cannot differentiate this expression symbolically."
        ),
    )
    .at(position);
    error.hint = Some(format!(
        "\"{name}\" has no symbolic derivative rule — rewrite the expression without it, or evaluate it numerically with operation \"evaluate\", passing values for its variables (such as {variable}) through scope."
    ));
    error
}
