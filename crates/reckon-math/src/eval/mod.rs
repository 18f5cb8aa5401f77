//! The evaluator (spec sections 4.5, 4.8, 5 and 9.3): it walks a checked tree over the values of
//! `value` in the request's numeric type (number, BigNumber or Fraction, with Complex numbers,
//! bigints, strings, matrices, sparse matrices, objects and functions beside them), charging
//! every step to the work meter and every build to the memory budget before it is made, and
//! reading the wall clock as a backstop. This file holds the evaluator's state, its limits, the
//! tree walk, the scalar operators and the calls of built-ins and user functions; the files
//! beside it extend the same `Evaluator` by topic (BigNumber and Complex mode, bigints,
//! indexing, assignment, `print`, geometry, sparse matrices, and `collections/`). Units and the
//! symbolic operations are refused with evaluation_failed "... is not implemented in reckon yet",
//! so a caller is never told that valid input is wrong.

pub(crate) mod assign;
pub(crate) mod big_combinatorics;
pub(crate) mod big_mode;
pub(crate) mod bigint;
pub(crate) mod collections;
pub(crate) mod complex_mode;
pub(crate) mod geometry;
pub(crate) mod index;
pub(crate) mod print;
pub(crate) mod sparse_arithmetic;
pub(crate) mod sparse_functions;
pub(crate) mod sparse_index;
pub(crate) mod sparse_products;

// The error constructors, here for the evaluator's topic files, which reach them through it.
use crate::error::{CalculateError, Reason};
pub(crate) use crate::error::{
    failed, fraction_unsupported_float, fraction_unsupported_function, function_error,
    memory_exhausted, mismatch, not_implemented, timed_out, undefined_result,
};
use crate::functions::{
    Arity, DISABLED, FnError, Imp, Path, builtin, builtin_entry, modulo, nearly_equal, power,
    to_number,
};
pub(crate) use crate::functions::{RAW_FUNCTIONS, constant, js_number, takes_plain_numbers};
use crate::num::fraction::{self, Power};
use crate::syntax::ast::{Constant, FunctionDefinition, Node, NodeKind, Op};
use crate::value::scope::{Found, Target};
use crate::value::{Function, UserFunction, Value};
use dashu_int::ops::Abs;
use dashu_ratio::RBig;
use reckon_core::Meter;
use std::mem::ManuallyDrop;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Deepest nesting of calls of expression-defined functions (a recursive definition fails here,
/// as math.js's stack overflow does).
const MAX_CALL_DEPTH: usize = 200;

/// Work units one evaluation may spend (spec section 11a): one unit per node evaluated, charged
/// before the node runs. Calibrated on the doubling recursion
/// `{g: f(x) = x <= 0 ? 1 : f(x - 1) + f(x - 1)}.g(n)`, which evaluates 5·2ⁿ + 13·(2ⁿ − 1) nodes
/// plus the call: math.js 15.2 finishes n = 21 (37.7 million nodes) in 1.06 s on the machine this
/// was measured on, about 36 million nodes a second, so the budget admits everything math.js
/// finishes in about 1.7 s (n = 21 passes, n = 22 is refused), and the same input gets the same
/// answer on every machine.
pub(crate) const WORK_BUDGET: u64 = 60_000_000;

/// The wall-clock backstop of section 10. The work meter ends every evaluation long before it
/// (60,000,000 units take about 2 s in a release build); the deadline only guards against a cost
/// the meter misjudges, and is reported the same way.
const DEADLINE: Duration = Duration::from_secs(5);

/// How many charges pass between two readings of the clock (at most: see [`CLOCK_UNITS`]). The
/// clock starts at the first reading, not when the evaluator is made: reading it costs about
/// 30 ns here (a tenth of a small request's whole answer), and an evaluation of fewer charges
/// never needs it. The backstop therefore allows [`DEADLINE`] plus the first stride's work.
/// One charge is one node, whose step costs at most a millisecond or so when the meter
/// misjudges it (a 999,000-character `format`, charged a few units), so a stride of 256 keeps
/// any evaluation within about 5 % of its deadline; at 4,096 such formats overran it by 27 %.
const DEADLINE_STRIDE: u64 = 256;

/// Work units after which the clock is read again, however few charges they took: well-metered
/// work runs at about 30 million units a second, so this is about 35 ms of it.
const CLOCK_UNITS: u64 = 1 << 20;

/// How many charges pass between two checks of the memory budget (when the front end lent a
/// gauge). Every large build asks the budget before it is made ([`Evaluator::admit_memory`]);
/// between two checks the evaluation can only grow by what this many nodes make without a
/// build: each at most a string or an exact number of a megabyte or so (the size limits), so
/// the overshoot stays a small fraction of the budget.
const MEMORY_STRIDE: u64 = 16;

/// Exact results of this many bits (64 KiB) and more ask the memory budget before they are
/// computed ([`Evaluator::admit_digits`]).
const PLANNED_BITS: u64 = 1 << 19;

/// Bytes one request may hold on the heap at once while it is evaluated, when the front end
/// lends a [`reckon_core::MemoryGauge`]: every value it builds, reads and keeps, with the
/// parser's tree and the evaluator's own state. Chosen from measurement: the large requests the
/// element limits admit and math.js answers that we measured (a million-element range and its
/// `map`, twenty `zeros(1000, 1000)` built one after another, a sort of a million random
/// numbers, a million-element `concat`) answer within it, with resident memory from 17 to
/// 253 MB; the requests that once took gigabytes are refused. A front end's worst case is its
/// concurrency limit times this, plus a fixed base.
pub const MEMORY_BUDGET: u64 = 256 << 20;

/// Bytes of a string operand or argument per work unit: reading a string as a number (or
/// comparing it) looks at every byte, at about half a nanosecond each, and a unit is about 33 ns
/// of work (section 11a). Strings shorter than this cost nothing extra, so ordinary requests
/// spend what they did.
const TEXT_BYTES_PER_UNIT: u64 = 64;

/// Work units of the strings among `values` (see [`TEXT_BYTES_PER_UNIT`]).
#[inline]
fn text_units<'a>(values: impl IntoIterator<Item = &'a Value>) -> u64 {
    values
        .into_iter()
        .map(|value| match value {
            Value::Str(text) => text.len() as u64 / TEXT_BYTES_PER_UNIT,
            _ => 0,
        })
        .sum()
}

/// Evaluates prepared trees.
pub(crate) struct Evaluator {
    /// The evaluation's variables (math.js's scope): the request's scope first, then
    /// assignments, latest last.
    ///
    /// This field, `context` and `written_frames` are dropped by [`Evaluator`]'s own `Drop`,
    /// which skips them when they hold nothing (as after most evaluations): the compiler's drop
    /// glue called three out-of-line functions on them, ~80 instructions per request.
    bindings: ManuallyDrop<Vec<(String, Value)>>,
    /// The arguments of the calls under way and where assignments write (`scope.rs`).
    pub(crate) context: ManuallyDrop<crate::value::scope::Context>,
    call_depth: usize,
    /// The work meter (section 11a).
    meter: Meter,
    /// The wall-clock backstop (section 10): checked every [`DEADLINE_STRIDE`] charges, and set
    /// at the first check.
    deadline: Option<Instant>,
    charges: u64,
    /// numericType "Fraction": literals are exact rationals (section 5.3).
    pub(crate) fraction_mode: bool,
    /// The meter's units spent when the clock was last read ([`CLOCK_UNITS`]).
    clock_units: u64,
    /// Elements of every collection built so far (section 10, per-evaluation budget).
    pub(crate) elements_built: u64,
    /// The state of `random()`'s generator; 0 until the first draw seeds it.
    pub(crate) random_state: u64,
    /// numericType "BigNumber": literals and constants are 64-digit decimals (section 5.2).
    pub(crate) big_mode: bool,
    /// Call frames an assignment wrote a function or a container into (through a partition,
    /// `scope.rs`): such a value may capture a context that holds the frame itself, a cycle
    /// that reference counting never frees. They are emptied when the evaluation ends.
    written_frames: ManuallyDrop<crate::value::scope::WrittenFrames>,
    /// The names a plain assignment (`A = ...`, `f(x) = ...`) bound while the value of an
    /// indexed assignment was evaluated (`watching` > 0): math.js's indexed assignment writes
    /// into the object it read before its value, which such a rebinding leaves behind
    /// (`assign.rs`). Empty, without an allocation, outside such values.
    pub(crate) rebound: ManuallyDrop<Vec<String>>,
    /// How many indexed assignments' values are being evaluated.
    pub(crate) watching: u32,
    /// Where the innermost such value's names start in `rebound`.
    pub(crate) watch_mark: usize,
    /// The request's memory budget, when the front end lent a gauge (checked every
    /// [`MEMORY_STRIDE`] charges, and before each large build).
    memory: Option<reckon_core::MemoryBudget>,
}

impl Drop for Evaluator {
    /// Inlined where an evaluator ends: the usual one holds nothing, which four tests tell
    /// without a call.
    #[inline]
    fn drop(&mut self) {
        if self.bindings.capacity() != 0
            || self.context.args.is_some()
            || !matches!(self.context.layer, crate::value::scope::Layer::Global)
            || self.written_frames.0.capacity() != 0
            || self.rebound.capacity() != 0
        {
            self.drop_held();
        }
    }
}

impl Evaluator {
    /// [`Drop`] for an evaluator that holds something.
    #[inline(never)]
    fn drop_held(&mut self) {
        // In the order of the fields, as the drop glue would (the frames an assignment wrote
        // into are cleared last); an empty vector and the global context own nothing.
        if self.bindings.capacity() != 0 {
            drop(std::mem::take(&mut *self.bindings));
        }
        if self.context.args.is_some()
            || !matches!(self.context.layer, crate::value::scope::Layer::Global)
        {
            drop(std::mem::take(&mut *self.context));
        }
        if self.written_frames.0.capacity() != 0 {
            drop(std::mem::take(&mut *self.written_frames));
        }
        if self.rebound.capacity() != 0 {
            drop(std::mem::take(&mut *self.rebound));
        }
    }
}

/// A request's scope bound as numbers (number and BigNumber modes), names moved, not copied;
/// an empty scope (most requests) without the collecting loop.
fn number_bindings(scope: Vec<(String, f64)>) -> Vec<(String, Value)> {
    if scope.is_empty() {
        return Vec::new();
    }
    scope
        .into_iter()
        .map(|(k, v)| (k, Value::Number(v)))
        .collect()
}

/// A request's scope bound in Fraction mode: as Fractions when the conversion of section 5.3 is
/// exact (0.5 → 1/2), else as numbers (section 5.4).
fn fraction_bindings(scope: Vec<(String, f64)>) -> Vec<(String, Value)> {
    if scope.is_empty() {
        return Vec::new();
    }
    scope
        .into_iter()
        .map(|(k, v)| {
            let value = fraction::from_f64_exact(v).map_or(Value::Number(v), Value::fraction);
            (k, value)
        })
        .collect()
}

pub(crate) type Evaluated = Result<Value, CalculateError>;

/// The operators math.js evaluates from their unevaluated operands (its `rawArgs` transforms),
/// which matters for the scope they see inside a function body (`scope.rs`).
const RAW_OPERATORS: &[Op] = &[Op::And, Op::Or, Op::BitAnd, Op::BitOr, Op::Nullish];

/// math.js's refusal of an operand its typed function for `op` has no form for: the `index`th,
/// `value`.
pub(crate) fn no_typed_form(
    op: Op,
    value: &Value,
    index: usize,
    position: usize,
) -> CalculateError {
    mismatch(
        format!(
            "Unexpected type of argument in function {} (actual: {}, index: {index})",
            op.symbol_and_fn().1,
            value.type_name()
        ),
        position,
    )
}

/// The function-as-value error of section 9.2, naming `name` when it is a built-in function.
pub(crate) fn function_as_value(name: Option<&str>, position: usize) -> CalculateError {
    let clause = match name {
        Some("min") => " (\"min\" is a function, not the unit \"minute\")".to_owned(),
        Some("sec") => " (\"sec\" is a function, not the unit \"s\")".to_owned(),
        Some(name) => format!(" (\"{name}\" is a function)"),
        None => String::new(),
    };
    let mut hint = String::new();
    match name {
        Some("min") => hint
            .push_str("\"min\" names a function here; for the unit, write minute (`5 minute`). "),
        Some("sec") => {
            hint.push_str("\"sec\" names a function here; for the unit, write s (`5 s`). ")
        }
        _ => {}
    }
    hint.push_str("To call a function, use parentheses (`sin(1)`, `f(3)`); a function name or definition next to a value multiplies it instead.");
    let mut error = mismatch(
        format!("a function was used as a value{clause}. Use parentheses to call it"),
        position,
    );
    error.hint = Some(hint);
    error
}

impl Evaluator {
    /// An evaluator in number mode whose scope holds `scope` (as numbers, in order). The
    /// names are moved into the bindings, not copied.
    #[cfg(test)]
    pub(crate) fn new(scope: Vec<(String, f64)>) -> Self {
        Self::with_bindings(number_bindings(scope), false, false)
    }

    /// The evaluator of a request's `numericType`: what [`Self::new`] or [`Self::fraction`]
    /// builds, or one in BigNumber mode. One constructor for the caller: choosing among
    /// several built each into a temporary that was then copied (144 bytes, a call to memcpy
    /// per request).
    pub(crate) fn for_numeric_type(
        scope: Vec<(String, f64)>,
        numeric_type: crate::syntax::NumericType,
    ) -> Self {
        use crate::syntax::NumericType;
        let fraction_mode = numeric_type == NumericType::Fraction;
        let bindings = if fraction_mode {
            fraction_bindings(scope)
        } else {
            number_bindings(scope)
        };
        Self::with_bindings(
            bindings,
            fraction_mode,
            numeric_type == NumericType::BigNumber,
        )
    }

    /// An evaluator with these variables, in Fraction mode, BigNumber mode or number mode.
    #[inline]
    fn with_bindings(bindings: Vec<(String, Value)>, fraction_mode: bool, big_mode: bool) -> Self {
        Self {
            bindings: ManuallyDrop::new(bindings),
            context: ManuallyDrop::new(crate::value::scope::Context::default()),
            call_depth: 0,
            meter: Meter::new(WORK_BUDGET),
            deadline: None,
            clock_units: 0,
            charges: 0,
            fraction_mode,
            elements_built: 0,
            random_state: 0,
            big_mode,
            written_frames: ManuallyDrop::new(crate::value::scope::WrittenFrames::default()),
            rebound: ManuallyDrop::new(Vec::new()),
            watching: 0,
            watch_mark: 0,
            memory: None,
        }
    }

    /// Holds the evaluation to `budget` (see [`MEMORY_BUDGET`]).
    pub(crate) fn limit_memory(&mut self, budget: Option<reckon_core::MemoryBudget>) {
        self.memory = budget;
    }

    /// Refuses, before it is allocated, a build of `bytes` that would take the request over its
    /// memory budget (nothing to check without one).
    #[inline]
    pub(crate) fn admit_memory(&self, bytes: u64) -> Result<(), CalculateError> {
        match &self.memory {
            Some(budget) => budget.admit(bytes).map_err(memory_exhausted),
            None => Ok(()),
        }
    }

    /// Asks the memory budget, before an exact product or power is computed, for a result of
    /// `bits` bits and the working copy the multiplication makes: nothing for results under
    /// [`PLANNED_BITS`], whose memory the check every [`MEMORY_STRIDE`] charges covers.
    #[inline]
    pub(crate) fn admit_digits(&self, bits: u64, at: usize) -> Result<(), CalculateError> {
        if bits < PLANNED_BITS {
            return Ok(());
        }
        self.admit_memory(bits / 4).map_err(|e| e.at(at))
    }

    /// An evaluator in Fraction mode: scope numbers are bound as Fractions when the conversion
    /// of section 5.3 is exact (0.5 → 1/2), else as numbers (section 5.4).
    #[cfg(test)]
    pub(crate) fn fraction(scope: Vec<(String, f64)>) -> Self {
        Self::for_numeric_type(scope, crate::syntax::NumericType::Fraction)
    }

    /// An evaluator with `budget` work units instead of [`WORK_BUDGET`], for tests of the meter.
    #[cfg(test)]
    pub(crate) fn with_budget(scope: &[(String, f64)], budget: u64) -> Self {
        let mut evaluator = Self::new(scope.to_vec());
        evaluator.meter = Meter::new(budget);
        evaluator
    }

    /// Charges an exact comparison by the cross products it forms (nothing for other values).
    fn charge_comparison(&mut self, left: &Value, right: &Value) -> Result<(), CalculateError> {
        match (left, right) {
            (Value::Fraction(x), Value::Fraction(y)) => self.charge(fraction::cost(x, y)),
            _ => Ok(()),
        }
    }

    /// Units of the work meter spent so far (reported beside the answer, never in it).
    pub(crate) fn work_used(&self) -> u64 {
        self.meter.used()
    }

    /// Spends `units` of the work meter, or fails as the timeout does.
    /// Inlined where it is called (once per node): the refusals are built out of line.
    #[inline]
    pub(crate) fn charge(&mut self, units: u64) -> Result<(), CalculateError> {
        if self.meter.charge(units).is_err() {
            return Err(timed_out());
        }
        self.charges += 1;
        if self.charges.is_multiple_of(MEMORY_STRIDE) {
            return self.check_periodically();
        }
        Ok(())
    }

    /// The checks made every [`MEMORY_STRIDE`] charges: the memory budget, and the clock every
    /// [`DEADLINE_STRIDE`] charges or [`CLOCK_UNITS`] units, whichever comes first.
    #[cold]
    #[inline(never)]
    fn check_periodically(&mut self) -> Result<(), CalculateError> {
        self.admit_memory(0)?;
        if self.charges.is_multiple_of(DEADLINE_STRIDE)
            || self.meter.used() - self.clock_units >= CLOCK_UNITS
        {
            self.clock_units = self.meter.used();
            return self.check_deadline();
        }
        Ok(())
    }

    /// The wall-clock backstop, read every [`DEADLINE_STRIDE`] charges or [`CLOCK_UNITS`]
    /// units; the first reading starts it.
    fn check_deadline(&mut self) -> Result<(), CalculateError> {
        let now = Instant::now();
        match self.deadline {
            None => self.deadline = Some(now + DEADLINE),
            Some(deadline) if now > deadline => return Err(timed_out()),
            Some(_) => {}
        }
        Ok(())
    }

    /// The evaluation's variable `name` (not an argument: see [`Evaluator::read_name`]).
    pub(crate) fn lookup(&self, name: &str) -> Option<&Value> {
        self.bindings
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    }

    pub(crate) fn bind(&mut self, name: &str, value: Value) {
        self.bindings.push((name.to_owned(), value));
    }

    /// The latest binding of `name`, to change in place (indexed assignment, `assign`).
    pub(crate) fn binding_mut(&mut self, name: &str) -> Option<&mut Value> {
        self.bindings
            .iter_mut()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    }

    /// How many variables are bound.
    #[cfg(test)]
    pub(crate) fn bindings_len(&self) -> usize {
        self.bindings.len()
    }

    /// The value `name` reads as a variable, as math.js resolves it (`scope.rs`): an argument
    /// of the calls under way, else through the layer to the evaluation's variables; `None`
    /// when it is none of them (a built-in name, or undefined).
    pub(crate) fn read_name(&self, name: &str) -> Option<Value> {
        if let Some(value) = self.context.argument(name) {
            return Some(value);
        }
        match self.context.layer.find(name) {
            Found::Value(value) => Some(value),
            Found::Global => self.lookup(name).map(Value::copied),
            Found::GlobalOrUndefined => {
                Some(self.lookup(name).map_or(Value::Undefined, Value::copied))
            }
        }
    }

    /// `name = value` as math.js's `scope.set`: an own argument reached through a partition
    /// is changed there, anything else is the evaluation's variable, even inside a function
    /// body (replacing its latest binding, so repeated assignments keep one).
    pub(crate) fn assign_name(&mut self, name: &str, value: Value) {
        match self.context.layer.target(name) {
            target @ Target::Frame(_) => {
                if let Target::Frame(frame) = &target
                    && !is_plain_data(&value)
                {
                    self.written_frames.0.push(Rc::clone(frame));
                }
                target.write_frame(name, value);
            }
            Target::Global => match self.binding_mut(name) {
                Some(slot) => *slot = value,
                None => self.bind(name, value),
            },
        }
    }

    /// Whether `name` is read from and written to the same variable of the evaluation (not an
    /// argument), so that an indexed assignment may take its value out of the binding.
    pub(crate) fn reads_and_writes_global(&self, name: &str) -> bool {
        self.context.argument(name).is_none()
            && matches!(self.context.layer.target(name), Target::Global)
    }

    /// Evaluates with `context` current, then restores the one before (also on failure).
    pub(crate) fn within<T>(
        &mut self,
        context: crate::value::scope::Context,
        run: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let saved = std::mem::replace(&mut *self.context, context);
        let result = run(self);
        *self.context = saved;
        result
    }

    /// Evaluates a node: a number literal of number mode here, the most common node and a
    /// leaf, and an arithmetic operator through [`Evaluator::binary_operator`], without entering
    /// [`Evaluator::eval_node`] (a large function, costly to enter).
    #[inline]
    pub(crate) fn eval(&mut self, node: &Node) -> Evaluated {
        if let NodeKind::Number(raw) = &node.kind
            && !self.fraction_mode
            && !self.big_mode
        {
            self.charge(1)?;
            if let Some(x) = short_decimal(raw) {
                return Ok(Value::Number(x));
            }
            return number_literal(raw, node.span.start);
        }
        if let NodeKind::Operator {
            op,
            percentage: false,
            ..
        } = &node.kind
            && is_arithmetic(*op)
        {
            return self.arithmetic(node);
        }
        self.eval_node(node)
    }

    /// [`Evaluator::eval`] of an arithmetic operator without a percentage: what
    /// [`Evaluator::eval_node`] and [`Evaluator::operator`] do for it (the node charged, then
    /// [`Evaluator::binary_operator`]), out of line so that `eval`, inlined where it is
    /// called, stays small.
    #[inline(never)]
    fn arithmetic(&mut self, node: &Node) -> Evaluated {
        if let NodeKind::Operator {
            op,
            args,
            implicit,
            at,
            ..
        } = &node.kind
            && let [left, right] = &**args
        {
            self.charge(1)?;
            return self.binary_operator(*op, left, right, *implicit, *at);
        }
        self.eval_node(node)
    }

    /// [`Evaluator::eval`] of any node. Never inlined: `eval` then stays a small function
    /// that answers a number literal without this one's large frame.
    #[inline(never)]
    fn eval_node(&mut self, node: &Node) -> Evaluated {
        self.charge(1)?;
        let at = node.span.start;
        match &node.kind {
            NodeKind::Number(raw) if self.fraction_mode => fraction::literal(raw)
                .map(Value::fraction)
                .map_err(|_| fraction_literal_error(raw, at)),
            NodeKind::Number(raw) if self.big_mode => {
                if raw.starts_with("0x") || raw.starts_with("0b") || raw.starts_with("0o") {
                    crate::num::bignum::parse_prefixed(raw)
                        .map(Value::Big)
                        .map_err(|message| literal_error(message, at))
                } else {
                    Ok(Value::Big(crate::num::bignum::parse_literal(raw)))
                }
            }
            NodeKind::Number(raw) => number_literal(raw, at),
            NodeKind::Str(text) => Ok(Value::Str(text.clone())),
            NodeKind::Constant(c) => Ok(match c {
                Constant::True => Value::Boolean(true),
                Constant::False => Value::Boolean(false),
                Constant::Null => Value::Null,
                Constant::Undefined => Value::Undefined,
                Constant::NaN => Value::Number(f64::NAN),
                Constant::Infinity => Value::Number(f64::INFINITY),
            }),
            NodeKind::Symbol(name) => self.symbol(name, at),
            NodeKind::Parenthesis(inner) => self.eval(inner),
            NodeKind::Operator {
                op,
                args,
                implicit,
                percentage,
                at: op_at,
            } if !*percentage && RAW_OPERATORS.contains(op) => {
                // math.js evaluates these operands afresh (`scope.rs`).
                let context = self.context.for_raw_arguments();
                self.within(context, |s| s.operator(*op, args, *implicit, false, *op_at))
            }
            NodeKind::Operator {
                op,
                args,
                implicit,
                percentage,
                at: op_at,
            } => self.operator(*op, args, *implicit, *percentage, *op_at),
            NodeKind::Relational(chain) => {
                let (ops, params) = (&chain.ops, &chain.params);
                let mut left = self.eval(&params[0])?;
                for (op, param) in ops.iter().zip(&params[1..]) {
                    let right = self.eval(param)?;
                    // Each comparison as its operator alone computes it (Complex, matrices and
                    // all); a matrix result is truthy, as a JavaScript object is.
                    let at = param.span.start;
                    let result = self.binary(*op, &left, &right, false, (at, at), at)?;
                    if matches!(result, Value::Boolean(false)) {
                        return Ok(Value::Boolean(false));
                    }
                    left = right;
                }
                Ok(Value::Boolean(true))
            }
            NodeKind::Conditional {
                condition,
                then,
                otherwise,
            } => {
                let condition_at = condition.span.start;
                let condition = self.eval(condition)?;
                match condition_true(&condition) {
                    Ok(true) => self.eval(then),
                    Ok(false) => self.eval(otherwise),
                    Err(type_name) => Err(failed(
                        format!("Unsupported type of condition \"{type_name}\""),
                        condition_at,
                    )),
                }
            }
            NodeKind::Assignment {
                object,
                index: None,
                value,
            } => {
                let value = self.eval(value)?;
                if let NodeKind::Symbol(name) = &object.kind {
                    self.note_rebinding(name);
                    self.assign_name(name, value.clone());
                }
                Ok(value)
            }
            NodeKind::Assignment {
                object,
                index: Some(index),
                value,
            } => self.assign_indexed(object, index, value),
            NodeKind::FunctionAssignment(definition) => {
                let FunctionDefinition { name, params, body } = &**definition;
                let function = Value::Function(Function::User(Rc::new(UserFunction {
                    name: name.clone(),
                    params: Rc::clone(params),
                    body: Rc::clone(body),
                    closure: (*self.context).clone(),
                })));
                self.note_rebinding(name);
                self.assign_name(name, function.clone());
                Ok(function)
            }
            NodeKind::Call {
                callee,
                args,
                optional,
            } => self.call(callee, args, *optional),
            NodeKind::Accessor {
                object,
                index,
                optional,
            } => self.access(object, index, *optional, at),
            NodeKind::Object(entries) => {
                let mut values = Vec::with_capacity(entries.len());
                for (key, value) in entries {
                    values.push((key.clone(), self.eval(value)?));
                }
                Ok(Value::object(values))
            }
            NodeKind::Range { start, end, step } => {
                let start = self.eval(start)?;
                let step = match step {
                    Some(step) => Some(self.eval(step)?),
                    None => None,
                };
                let end = self.eval(end)?;
                self.range(start, step, end, true, at)
            }
            NodeKind::Array(items) => self.array_literal(items, at),
            NodeKind::Index { .. } | NodeKind::Block { .. } => {
                Err(not_implemented("this construct", at))
            }
        }
    }

    pub(crate) fn symbol(&self, name: &str, at: usize) -> Evaluated {
        if let Some(value) = self.read_name(name) {
            return Ok(value);
        }
        if self.big_mode
            && let Some(value) = crate::num::bignum::constant(name)
        {
            return Ok(Value::Big(value));
        }
        if let Some(value) = constant(name) {
            return Ok(value);
        }
        if builtin(name).is_some() || DISABLED.contains(&name) {
            let canonical = builtin(name).map_or("", |b| b.name);
            return Ok(Value::Function(Function::Builtin(
                if canonical.is_empty() {
                    "disabled"
                } else {
                    canonical
                },
            )));
        }
        if crate::syntax::names::is_catalogue_function(name) {
            return Err(not_implemented(&format!("{name}()"), at));
        }
        if crate::syntax::names::is_constant(name) {
            return Err(not_implemented(&format!("the constant {name}"), at));
        }
        if crate::syntax::names::is_unit(name) {
            return Err(not_implemented(&format!("the unit {name} (units)"), at));
        }
        Err(CalculateError::new(
            Reason::ParseFailed,
            format!("Invalid expression: Undefined symbol {name}"),
        )
        .at(at))
    }

    fn operator(
        &mut self,
        op: Op,
        args: &[Node],
        implicit: bool,
        percentage: bool,
        at: usize,
    ) -> Evaluated {
        use Op::*;
        if percentage {
            let value = self.eval(&args[0])?;
            if let Value::Fraction(x) = &value {
                let hundred = RBig::from(100u8);
                return fraction::div(x, &hundred)
                    .map(Value::fraction)
                    .map_err(|e| function_error(e.into(), "", at));
            }
            // `x / 100` as math.js writes it: element-wise on a matrix, a Complex stays
            // complex, a BigNumber a BigNumber.
            let operand_at = args[0].span.start;
            return self.binary(
                Divide,
                &value,
                &Value::Number(100.0),
                false,
                (operand_at, at),
                at,
            );
        }
        match op {
            And | Or => return self.and_or(op, args, at),
            Nullish => {
                let left = self.eval(&args[0])?;
                return if matches!(left, Value::Null | Value::Undefined) {
                    self.eval(&args[1])
                } else {
                    Ok(left)
                };
            }
            To | In => {
                // The operands are evaluated first, so their own faults are reported as math.js does.
                self.eval(&args[0])?;
                if !matches!(args[1].kind, NodeKind::Str(_)) {
                    self.eval_unit_target(&args[1])?;
                }
                return Err(not_implemented("unit conversion", at));
            }
            Transpose => {
                return match self.eval(&args[0])? {
                    Value::Sparse(m) => self.sparse_ctranspose(&m),
                    // `A'` is math.js's ctranspose: the complex elements are conjugated.
                    Value::Matrix(m) => self.dense_transpose(&m, true, "ctranspose", at),
                    other => Ok(other),
                };
            }
            _ => {}
        }
        if args.len() == 1 {
            let value = self.eval(&args[0])?;
            return self.unary(op, value, args[0].span.start, at);
        }
        if matches!(op, BitAnd | BitOr) {
            // Section 4.5: `&` and `|` look at the left value first and may not need the right.
            let left = self.eval(&args[0])?;
            if let Value::Fraction(_) = left {
                return Err(fraction_unsupported_function(at));
            }
            if let Value::BigInt(_) = left {
                // math.js's `&`/`|` transform converts the left value with `Number`-style
                // arithmetic, which JavaScript refuses for a bigint.
                return Err(mismatch("Cannot convert a BigInt value to a number", at));
            }
            if let Value::Matrix(_) | Value::Sparse(_) = &left {
                // A matrix never short-circuits: element by element.
                let right = self.eval(&args[1])?;
                return self.binary(op, &left, &right, false, (args[0].span.start, at), at);
            }
            let number = js_number(&left);
            if number.is_nan() {
                // Any left value whose Number() is NaN, a BigNumber NaN included.
                return Ok(Value::Number(f64::NAN));
            }
            if let Value::Big(_) = &left {
                // A BigNumber 0 or −1 does not short-circuit (section 4.5): math.js still checks
                // that the right side is an integer.
                let right = self.eval(&args[1])?;
                return self.binary(op, &left, &right, false, (args[0].span.start, at), at);
            }
            let short = match (op, &left) {
                (BitAnd, Value::Number(x)) if *x == 0.0 => Some(0.0),
                (BitAnd, Value::Boolean(false)) => Some(0.0),
                (BitOr, Value::Number(x)) if *x == -1.0 => Some(-1.0),
                (BitOr, Value::Boolean(true)) => Some(1.0),
                _ => None,
            };
            if let Some(result) = short {
                return Ok(Value::Number(result));
            }
            let right = self.eval(&args[1])?;
            if let Value::Big(_) = right {
                return self.binary(op, &left, &right, false, (args[0].span.start, at), at);
            }
            let y = self.to_number(&right, args[1].span.start)?;
            return bitwise(op, number, y, at).map(Value::Number);
        }
        self.binary_operator(op, &args[0], &args[1], implicit, at)
    }

    /// A binary operator (not one of the short-circuiting or raw ones [`Evaluator::operator`]
    /// answers first) applied to its two operands, evaluated left to right. Two numbers are
    /// answered here; anything else goes to [`Evaluator::binary`].
    ///
    /// [`Evaluator::eval`] calls it directly for the arithmetic operators, past the large
    /// frames of [`Evaluator::eval_node`] and [`Evaluator::operator`] (about 60 instructions
    /// less per operator).
    fn binary_operator(
        &mut self,
        op: Op,
        left: &Node,
        right: &Node,
        implicit: bool,
        at: usize,
    ) -> Evaluated {
        use Op::*;
        // `a + b%` and `a - b%`: the percentage is of a.
        let percent_of_left = matches!(op, Add | Subtract)
            && matches!(
                right.kind,
                NodeKind::Operator {
                    percentage: true,
                    ..
                }
            );
        let left_value = self.eval(left)?;
        let right_position = if implicit { right.span.start } else { at };
        if implicit && let Value::Function(_) = left_value {
            return Err(function_as_value(symbol_of(left), left.span.start));
        }
        let right_value = self.eval(right)?;
        if let Value::Function(_) = right_value {
            return Err(function_as_value(symbol_of(right), right.span.start));
        }
        if let Value::Function(_) = left_value {
            return Err(function_as_value(symbol_of(left), left.span.start));
        }
        if let (Value::Number(x), Value::Number(y)) = (&left_value, &right_value)
            && !percent_of_left
            && let Some(result) = number_binary(op, *x, *y)
        {
            // Numbers own nothing: not handed to `Value`'s drop glue, an out-of-line function
            // that costs some twenty instructions even for a number.
            std::mem::forget(left_value);
            std::mem::forget(right_value);
            return Ok(result);
        }
        self.binary(
            op,
            &left_value,
            &right_value,
            percent_of_left,
            (left.span.start, right_position),
            at,
        )
    }

    /// A unary operator applied to a value; on a matrix, to each element.
    fn unary_inner(&mut self, op: Op, value: Value, arg_at: usize, at: usize) -> Evaluated {
        use Op::*;
        if let Value::Sparse(m) = &value {
            // math.js negates the stored entries (the result stays sparse) and applies `not`
            // and `~` to every element.
            let m = Rc::clone(m);
            return match op {
                UnaryMinus | UnaryPlus => {
                    self.sparse_map_stored(&m, |this, x| this.unary(op, x.clone(), arg_at, at))
                }
                _ => self.sparse_map_all(&m, |this, x| this.unary(op, x.clone(), arg_at, at)),
            };
        }
        if let Value::Matrix(m) = &value {
            self.charge(m.data.len() as u64)?;
            let data = m
                .data
                .iter()
                .map(|x| self.unary(op, x.clone(), arg_at, at))
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(Value::matrix(crate::value::matrix::Matrix {
                shape: m.shape.clone(),
                data,
                array: m.array,
            }));
        }
        if let Value::Big(x) = &value {
            return self.big_unary(op, x, at);
        }
        if let Value::BigInt(n) = &value {
            return self.bigint_unary(op, n, at);
        }
        if let Value::Complex(z) = &value {
            return match op {
                Not => Ok(Value::Boolean(z.is_zero())),
                UnaryMinus => Ok(Value::Complex(z.neg())),
                UnaryPlus => Ok(value),
                _ => Err(mismatch(
                    format!(
                        "Unexpected type of argument in function {} (actual: Complex)",
                        op.symbol_and_fn().1
                    ),
                    at,
                )),
            };
        }
        if let Value::Fraction(x) = &value {
            return match op {
                Not => Ok(Value::Boolean(x.is_zero())),
                UnaryMinus => Ok(Value::fraction(-dashu_ratio::RBig::clone(x))),
                UnaryPlus => Ok(value),
                _ => Err(fraction_unsupported_function(at)),
            };
        }
        match op {
            Not => Ok(Value::Boolean(!truthy(&value, at)?)),
            UnaryMinus => Ok(Value::Number(-self.to_number(&value, arg_at)?)),
            UnaryPlus => Ok(Value::Number(self.to_number(&value, arg_at)?)),
            BitNot => Ok(Value::Number(f64::from(!int32(
                self.to_number(&value, at)?,
                "bitNot",
                at,
            )?))),
            Factorial => {
                let n = self.to_number(&value, arg_at)?;
                if n < 0.0 {
                    return Err(failed("Value must be non-negative", at));
                }
                Ok(Value::Number(crate::functions::gamma(n + 1.0)))
            }
            _ => Err(not_implemented("this operator", at)),
        }
    }

    /// A binary operator applied to two values: see [`Evaluator::binary_inner`]; outside
    /// Fraction mode, a Fraction made by `fraction()` that meets what it cannot is a type
    /// mismatch (spec 5.4), not Fraction mode's refusal.
    pub(crate) fn binary(
        &mut self,
        op: Op,
        left_value: &Value,
        right_value: &Value,
        percent_of_left: bool,
        positions: (usize, usize),
        at: usize,
    ) -> Evaluated {
        if let (Value::Number(x), Value::Number(y)) = (left_value, right_value)
            && !percent_of_left
            && let Some(result) = number_binary(op, *x, *y)
        {
            return Ok(result);
        }
        self.binary_general(op, left_value, right_value, percent_of_left, positions, at)
    }

    /// [`Evaluator::binary`] past two plain numbers, out of line: `binary` stays small (the
    /// element loops of matrices call it for every element).
    #[inline(never)]
    fn binary_general(
        &mut self,
        op: Op,
        left_value: &Value,
        right_value: &Value,
        percent_of_left: bool,
        positions: (usize, usize),
        at: usize,
    ) -> Evaluated {
        // A long string operand is read whole (converted or compared) for every element a
        // matrix pairs it with: charged by its length, before.
        let text = text_units([left_value, right_value]);
        if text > 0 {
            self.charge(text)?;
        }
        if let (Value::Fraction(x), Value::Fraction(y), false) =
            (left_value, right_value, percent_of_left)
            && let Some(result) = self.small_fraction_binary(op, x, y, at)
        {
            return result;
        }
        if !percent_of_left
            && let Some(result) = self.plain_complex_binary(op, left_value, right_value)
        {
            return result;
        }
        let result = self.binary_inner(op, left_value, right_value, percent_of_left, positions, at);
        self.outside_fraction_mode(result)
    }

    /// A Complex meeting a Complex or a number with `+ - * /` (or their element-wise forms),
    /// answered without the dispatch of [`Evaluator::binary_inner`]: the same charge and value
    /// as [`Evaluator::complex_binary`], which every such pair reaches. `None` sends anything
    /// else to the general path.
    #[inline]
    fn plain_complex_binary(&mut self, op: Op, left: &Value, right: &Value) -> Option<Evaluated> {
        use crate::num::complex::Complex;
        let operand = |value: &Value| match value {
            Value::Complex(z) => Some(*z),
            Value::Number(x) => Some(Complex::from_real(*x)),
            _ => None,
        };
        if !matches!(left, Value::Complex(_)) && !matches!(right, Value::Complex(_)) {
            return None;
        }
        let (x, y) = (operand(left)?, operand(right)?);
        let value = match op {
            Op::Add => x.add(y),
            Op::Subtract => x.sub(y),
            Op::Multiply | Op::DotMultiply => x.mul(y),
            Op::Divide | Op::DotDivide => x.div(y),
            _ => return None,
        };
        Some(self.charge(4).map(|()| Value::Complex(value)))
    }

    /// Two Fractions meeting `+ - * /` (or their element-wise forms), answered without the
    /// dispatch of [`Evaluator::binary_inner`] when both have machine-sized parts: the same
    /// charge as [`Evaluator::fraction_operator`] (section 11a), read once, and the same value
    /// or error. `None` sends anything else to the general path.
    #[inline]
    fn small_fraction_binary(
        &mut self,
        op: Op,
        x: &RBig,
        y: &RBig,
        at: usize,
    ) -> Option<Evaluated> {
        let small_op = match op {
            Op::Add => fraction::SmallOp::Add,
            Op::Subtract => fraction::SmallOp::Subtract,
            Op::Multiply | Op::DotMultiply => fraction::SmallOp::Multiply,
            Op::Divide | Op::DotDivide => fraction::SmallOp::Divide,
            _ => return None,
        };
        let (a, b) = (fraction::Small::of(x)?, fraction::Small::of(y)?);
        if let Err(error) = self.charge(a.cost(b)) {
            return Some(Err(error));
        }
        if let Some(value) = fraction::small_operation(small_op, a, b) {
            return Some(Ok(Value::fraction(value)));
        }
        // Declined (a sum past 127 bits, a division by zero): dashu's answer, already charged.
        let result = match small_op {
            fraction::SmallOp::Add => fraction::add(x, y),
            fraction::SmallOp::Subtract => fraction::sub(x, y),
            fraction::SmallOp::Multiply => fraction::mul(x, y),
            fraction::SmallOp::Divide => fraction::div(x, y),
        };
        Some(
            result
                .map(Value::fraction)
                .map_err(|e| function_error(e.into(), "", at)),
        )
    }

    /// A unary operator applied to a value: see [`Evaluator::unary_inner`].
    pub(crate) fn unary(&mut self, op: Op, value: Value, arg_at: usize, at: usize) -> Evaluated {
        let result = self.unary_inner(op, value, arg_at, at);
        self.outside_fraction_mode(result)
    }

    /// A built-in function applied to evaluated arguments: see [`Evaluator::call_builtin_inner`].
    pub(crate) fn call_builtin(
        &mut self,
        row: &'static crate::functions::Builtin,
        name: &str,
        values: Vec<Value>,
        at: usize,
    ) -> Evaluated {
        let result = self.call_builtin_inner(row, name, values, at);
        self.outside_fraction_mode(result)
    }

    /// Outside Fraction mode a Fraction comes only from `fraction()`; where it meets a value or
    /// a function it cannot, math.js reports an implicit conversion it refuses (type_mismatch,
    /// spec 5.4), not Fraction mode's fraction_unsupported.
    /// Inlined: the common case hands the result back where it is, without moving it through
    /// a call; the rewriting is out of line.
    #[inline]
    pub(crate) fn outside_fraction_mode(&self, result: Evaluated) -> Evaluated {
        match &result {
            Err(error) if !self.fraction_mode && error.reason == Reason::FractionUnsupported => {
                Self::refused_fraction_conversion(result)
            }
            _ => result,
        }
    }

    /// [`Evaluator::outside_fraction_mode`]'s rewriting of a Fraction refusal.
    #[cold]
    #[inline(never)]
    fn refused_fraction_conversion(result: Evaluated) -> Evaluated {
        match result {
            Err(error) => {
                let detail = if error.message.contains("rounded 64-bit float") {
                    "Cannot implicitly convert a number to a Fraction when there will be a loss of precision. Use function fraction(x) to convert to Fraction."
                } else {
                    "Cannot implicitly convert a Fraction to BigNumber or vice versa. Use function bignumber(x) to convert to BigNumber or fraction(x) to convert to Fraction."
                };
                let mut refused = mismatch(detail, error.position.unwrap_or(0));
                refused.position = error.position;
                Err(refused)
            }
            other => other,
        }
    }

    /// A binary operator applied to two values: element by element, or as a matrix product,
    /// when a matrix is involved (`collections`); exactly when a Fraction is. (Always inlined
    /// into [`Evaluator::binary_general`], its one caller outside tests.)
    #[inline(always)]
    fn binary_inner(
        &mut self,
        op: Op,
        left_value: &Value,
        right_value: &Value,
        percent_of_left: bool,
        (left_at, right_position): (usize, usize),
        at: usize,
    ) -> Evaluated {
        use Op::*;
        if percent_of_left && matches!(op, Add | Subtract) {
            // `a + b%` is math.js's `a + a * (b / 100)` for every type, the product being the
            // matrix product when both are matrices (`[1, 2] + [5, 10]%` = `[1.25, 2.25]`).
            let part = self.binary(
                Multiply,
                left_value,
                right_value,
                false,
                (left_at, right_position),
                at,
            )?;
            return self.binary(op, left_value, &part, false, (left_at, right_position), at);
        }
        if matches!(op, LeftShift | RightArithShift | RightLogShift)
            && let Some(result) = self.shift_with_scalar(op, left_value, right_value, at)
        {
            return result;
        }
        if matches!(left_value, Value::Sparse(_)) || matches!(right_value, Value::Sparse(_)) {
            return match self.sparse_binary(op, left_value, right_value, at) {
                Some(result) => result,
                None => Err(not_implemented(
                    &format!("the operator {} on sparse matrices", op.symbol_and_fn().0),
                    at,
                )),
            };
        }
        if matches!(left_value, Value::Matrix(_)) || matches!(right_value, Value::Matrix(_)) {
            return self.matrix_binary(
                op,
                left_value,
                right_value,
                percent_of_left,
                (left_at, right_position),
                at,
            );
        }
        if matches!(op, And | Or | Xor) {
            // math.js's typed and/or/xor have no form for null or undefined (a matrix `and` a
            // falsy scalar is decided before the elements are, `logical_with_matrix`).
            for (value, index) in [(left_value, 0), (right_value, 1)] {
                if matches!(value, Value::Null | Value::Undefined) {
                    return Err(no_typed_form(op, value, index, at));
                }
            }
        }
        if matches!(left_value, Value::BigInt(_)) || matches!(right_value, Value::BigInt(_)) {
            return self.bigint_binary(op, left_value, right_value, percent_of_left, at);
        }
        if matches!(left_value, Value::Complex(_)) || matches!(right_value, Value::Complex(_)) {
            return self.complex_binary(op, left_value, right_value, at);
        }
        if matches!(left_value, Value::Big(_)) || matches!(right_value, Value::Big(_)) {
            return self.big_binary(op, left_value, right_value, at);
        }
        let op = match op {
            DotMultiply => Multiply,
            DotDivide => Divide,
            DotPow => Pow,
            other => other,
        };
        if matches!(
            op,
            Equal | Unequal | Smaller | Larger | SmallerEq | LargerEq
        ) {
            self.charge_comparison(left_value, right_value)?;
            return compare(op, left_value, right_value, at).map(Value::Boolean);
        }
        if matches!(op, Xor | And | Or) {
            let (x, y) = (truthy(left_value, at)?, truthy(right_value, at)?);
            return Ok(Value::Boolean(match op {
                Xor => x != y,
                And => x && y,
                _ => x || y,
            }));
        }
        if matches!(left_value, Value::Fraction(_)) || matches!(right_value, Value::Fraction(_)) {
            return self.fraction_operator(op, left_value, right_value, percent_of_left, at);
        }
        let x = self.to_number(left_value, left_at)?;
        let y = self.to_number(right_value, right_position)?;
        let result = match op {
            Add if percent_of_left => x + x * y,
            Subtract if percent_of_left => x - x * y,
            Add => x + y,
            Subtract => x - y,
            Multiply => x * y,
            Divide => x / y,
            Mod | ModSign => modulo(x, y),
            Pow => match power(x, y) {
                Err(FnError::Complex) => {
                    return crate::eval::complex_mode::promote("pow", &[x, y])
                        .ok_or_else(|| function_error(FnError::Complex, "pow", at));
                }
                other => other.map_err(|e| function_error(e, "pow", at))?,
            },
            BitAnd | BitOr | BitXor | LeftShift | RightArithShift | RightLogShift => {
                bitwise(op, x, y, at)?
            }
            _ => return Err(not_implemented("this operator", at)),
        };
        Ok(Value::Number(result))
    }

    /// A binary operator with a Fraction operand (section 5.3): the other operand converts
    /// exactly or the operation is refused; `^` is exact when it can be.
    fn fraction_operator(
        &mut self,
        op: Op,
        left: &Value,
        right: &Value,
        percent_of_left: bool,
        at: usize,
    ) -> Evaluated {
        use Op::*;
        // A Fraction operand is borrowed; only other values are converted.
        let (converted_x, converted_y);
        let x = match left {
            Value::Fraction(x) => x,
            other => {
                converted_x = as_fraction(other, at)?;
                &converted_x
            }
        };
        let y = match right {
            Value::Fraction(y) => y,
            other => {
                converted_y = as_fraction(other, at)?;
                &converted_y
            }
        };
        self.charge(if op == Pow {
            fraction::power_cost(x, y)
        } else {
            fraction::cost(x, y)
        })?;
        match op {
            Multiply => self.admit_digits((fraction::bits(x) + fraction::bits(y)) as u64, at)?,
            Pow if y.is_int() => {
                let e = u64::try_from(dashu_int::ops::UnsignedAbs::unsigned_abs(y.numerator()))
                    .unwrap_or(u64::MAX);
                self.admit_digits((fraction::bits(x) as u64).saturating_mul(e), at)?;
            }
            _ => {}
        }
        let error = |e: fraction::FractionError| function_error(e.into(), "", at);
        let result = match op {
            Add if percent_of_left => fraction::mul(x, y).and_then(|p| fraction::add(x, &p)),
            Subtract if percent_of_left => fraction::mul(x, y).and_then(|p| fraction::sub(x, &p)),
            Add => fraction::add(x, y),
            Subtract => fraction::sub(x, y),
            Multiply => fraction::mul(x, y),
            Divide => fraction::div(x, y),
            Mod | ModSign => fraction::modulo(x, y),
            Pow => {
                return match fraction::pow(x, y).map_err(error)? {
                    Power::Exact(value) => Ok(Value::fraction(value)),
                    Power::Float(value) => Ok(Value::Number(value)),
                    Power::Complex => crate::eval::complex_mode::promote(
                        "pow",
                        &[fraction::to_f64(x), fraction::to_f64(y)],
                    )
                    .ok_or_else(|| function_error(FnError::Complex, "pow", at)),
                };
            }
            _ => return Err(fraction_unsupported_function(at)),
        };
        result.map(Value::fraction).map_err(error)
    }

    /// A built-in function called with a Fraction argument: the functions with an exact
    /// implementation (section 5.3), and the type functions; any other is refused.
    fn apply_fraction(&mut self, name: &str, values: &[Value], at: usize) -> Evaluated {
        let fractions = || -> Result<Vec<RBig>, CalculateError> {
            values.iter().map(|v| as_fraction(v, at)).collect()
        };
        let one = |f: fn(&RBig) -> RBig| -> Evaluated {
            let x = fractions()?;
            Ok(Value::fraction(f(&x[0])))
        };
        let error = |e: fraction::FractionError| function_error(e.into(), name, at);
        let sign = |x: &RBig| x.signum();
        match (name, values.len()) {
            ("abs", 1) => one(|x| x.clone().abs()),
            ("sign", 1) => one(sign),
            ("floor", 1) => one(|x| RBig::from(x.floor())),
            ("ceil", 1) => one(|x| RBig::from(x.ceil())),
            ("fix", 1) => one(|x| RBig::from(x.trunc())),
            ("round", 1) => one(fraction::round),
            ("unaryMinus", 1) => one(|x| -x.clone()),
            ("unaryPlus", 1) => one(RBig::clone),
            ("square" | "cube", 1) => {
                let x = fractions()?;
                let power = RBig::from(if name == "square" { 2u8 } else { 3u8 });
                self.charge(fraction::cost(&x[0], &x[0]))?;
                match fraction::pow(&x[0], &power).map_err(error)? {
                    Power::Exact(value) => Ok(Value::fraction(value)),
                    _ => Err(fraction_unsupported_function(at)),
                }
            }
            ("mod", 2) => {
                let x = fractions()?;
                self.charge(fraction::cost(&x[0], &x[1]))?;
                fraction::modulo(&x[0], &x[1])
                    .map(Value::fraction)
                    .map_err(error)
            }
            ("gcd" | "lcm", n) if n >= 2 => {
                // Pairwise from the left, as math.js reduces its arguments.
                let x = fractions()?;
                let mut result = x[0].clone();
                for next in &x[1..] {
                    self.charge(fraction::cost(&result, next))?;
                    result = if name == "gcd" {
                        fraction::gcd(&result, next)
                    } else {
                        fraction::lcm(&result, next).map_err(error)?
                    };
                }
                Ok(Value::fraction(result))
            }
            ("max" | "min", n) if n >= 1 => {
                // As math.js: the original value wins (a boolean stays a boolean), compared as
                // the relational operators compare; ties keep the first.
                let mut best = &values[0];
                for next in &values[1..] {
                    let op = if name == "max" {
                        Op::Larger
                    } else {
                        Op::Smaller
                    };
                    self.charge_comparison(next, best)?;
                    if compare(op, next, best, at)? {
                        best = next;
                    }
                }
                // A winning string is the Fraction it converts to (`max(0.5, "4")` is 4/1).
                match best {
                    Value::Str(_) => as_fraction(best, at).map(Value::fraction),
                    other => Ok(other.clone()),
                }
            }
            ("bernoulli", 1) => {
                let x = fractions()?;
                crate::functions::special::bernoulli_exact(
                    &x[0],
                    &mut |units| self.charge(units),
                    |detail| function_error(FnError::Domain(detail), name, at),
                )
                .map(Value::fraction)
            }
            ("isInteger", 1) => Ok(Value::Boolean(fractions()?[0].is_int())),
            ("isZero", 1) => Ok(Value::Boolean(fractions()?[0].is_zero())),
            ("isPositive", 1) => Ok(Value::Boolean(fractions()?[0] > RBig::ZERO)),
            ("isNegative", 1) => Ok(Value::Boolean(fractions()?[0] < RBig::ZERO)),
            ("isNaN", 1) => Ok(Value::Boolean(false)),
            ("typeOf", 1) => Ok(Value::Str(values[0].type_name().into())),
            ("number", 1) => match &values[0] {
                Value::Fraction(x) => Ok(Value::Number(fraction::to_f64(x))),
                _ => Err(fraction_unsupported_function(at)),
            },
            ("boolean", 1) => Ok(Value::Boolean(!fractions()?[0].is_zero())),
            ("string", 1) => match &values[0] {
                Value::Fraction(x) => {
                    let mut charge = |units: u64| self.charge(units);
                    fraction::decimal_string(x, &mut charge).map(|text| Value::Str(text.into()))
                }
                _ => Err(fraction_unsupported_function(at)),
            },
            _ => Err(fraction_unsupported_function(at)),
        }
    }

    /// `a and b`, `a or b`, and the calls `and(a, b)`, `or(a, b)`: math.js's transforms of both,
    /// which evaluate the left side first and decide alone when it is a scalar that settles the
    /// answer (the right side is then never evaluated), else call the typed function on both.
    fn and_or(&mut self, op: Op, args: &[Node], at: usize) -> Evaluated {
        use Op::*;
        let left = self.eval(&args[0])?;
        match &left {
            // A matrix decides nothing alone: element by element.
            Value::Matrix(_) | Value::Sparse(_) => {
                let right = self.eval(&args[1])?;
                return self.logical_with_matrix(op, &left, &right, at);
            }
            // math.js's and/or have no form for these on the left.
            Value::Complex(_) | Value::Null | Value::Undefined => {
                return Err(no_typed_form(op, &left, 0, args[0].span.start));
            }
            _ => {}
        }
        let left_true = truthy(&left, args[0].span.start)?;
        if (op == And && !left_true) || (op == Or && left_true) {
            return Ok(Value::Boolean(left_true));
        }
        let right = self.eval(&args[1])?;
        if let Value::Matrix(_) | Value::Sparse(_) = right {
            return self.logical_with_matrix(op, &left, &right, at);
        }
        // math.js's and/or have no form for null or undefined on the right, nor for a
        // Complex beside a boolean (a number, a string or a BigNumber converts to a
        // Complex; a boolean does not).
        if matches!(right, Value::Null | Value::Undefined)
            || (matches!(right, Value::Complex(_)) && matches!(left, Value::Boolean(_)))
        {
            return Err(no_typed_form(op, &right, 1, args[1].span.start));
        }
        // Both sides reach math.js's and/or, which converts a number meeting a
        // BigNumber (refusing one of more than 15 digits, section 5.4).
        if matches!(left, Value::Big(_)) != matches!(right, Value::Big(_)) {
            for (value, position) in [(&left, args[0].span.start), (&right, args[1].span.start)] {
                if matches!(value, Value::Number(_) | Value::Fraction(_)) {
                    crate::eval::big_mode::as_big(value, position)?;
                }
            }
        }
        for (value, other) in [(&left, &right), (&right, &left)] {
            if let (Value::BigInt(n), Value::Number(_)) = (value, other) {
                // math.js's and/or convert a bigint beside a number.
                crate::eval::bigint::to_number(n).map_err(|e| function_error(e, "", at))?;
            }
        }
        Ok(Value::Boolean(truthy(&right, args[1].span.start)?))
    }

    /// `and`/`or` with a matrix operand, as math.js's: element by element, except that a
    /// matrix `and` a falsy scalar is a matrix of zeros (numbers) of the matrix's size.
    fn logical_with_matrix(&mut self, op: Op, left: &Value, right: &Value, at: usize) -> Evaluated {
        if op == Op::And {
            for (matrix, other) in [(left, right), (right, left)] {
                if let Value::Matrix(m) = matrix
                    && !matches!(other, Value::Matrix(_) | Value::Sparse(_))
                    && !truthy(other, at)?
                {
                    self.build("and", m.data.len() as u64, at)?;
                    let zeros = vec![Value::Number(0.0); m.data.len()];
                    return Ok(Value::matrix(crate::value::matrix::Matrix {
                        shape: m.shape.clone(),
                        data: zeros,
                        array: m.array,
                    }));
                }
            }
        }
        self.binary(op, left, right, false, (at, at), at)
    }

    /// The target of `to`/`in` is a valueless unit expression: its names must be units.
    fn eval_unit_target(&mut self, node: &Node) -> Result<(), CalculateError> {
        match &node.kind {
            NodeKind::Symbol(name) if crate::syntax::names::is_unit(name) => Ok(()),
            NodeKind::Symbol(name) => Err(CalculateError::new(
                Reason::ParseFailed,
                format!("Invalid expression: Undefined symbol {name}"),
            )
            .at(node.span.start)),
            NodeKind::Operator { args, .. } => {
                args.iter().try_for_each(|a| self.eval_unit_target(a))
            }
            NodeKind::Parenthesis(inner) => self.eval_unit_target(inner),
            _ => self.eval(node).map(|_| ()),
        }
    }

    pub(crate) fn to_number(&self, value: &Value, at: usize) -> Result<f64, CalculateError> {
        to_number(value).map_err(|e| match (e, value) {
            (_, Value::Function(_)) => function_as_value(None, at),
            (e, _) => function_error(e, "", at),
        })
    }

    fn call(&mut self, callee: &Node, args: &[Node], optional: bool) -> Evaluated {
        let name = match &callee.kind {
            NodeKind::Symbol(name) => name,
            NodeKind::Accessor {
                object,
                index,
                optional: access_optional,
            } => return self.call_property(object, index, *access_optional, optional, args),
            _ => {
                // `operand?.(args)`: any value that is a function.
                return match self.eval(callee)? {
                    Value::Function(function) => {
                        self.apply(&function, None, "function", args, callee.span.start)
                    }
                    Value::Null | Value::Undefined if optional => Ok(Value::Undefined),
                    _ => Err(failed(
                        "the called value is not a function",
                        callee.span.start,
                    )),
                };
            }
        };
        let position = callee.span.start;
        if let Some(value) = self.read_name(name) {
            return match value {
                Value::Function(function) => self.apply(&function, None, name, args, position),
                Value::Null | Value::Undefined if optional => Ok(Value::Undefined),
                _ => Err(failed(format!("'{name}' is not a function"), position)),
            };
        }
        // No disabled name and not `config` is in the table (a test checks it), so the common
        // case is found first.
        if let Some((row, path)) = builtin_entry(name) {
            match path {
                Path::Plain => return self.call_plain(row, name, args, position),
                Path::NumberValues if !self.fraction_mode && !self.big_mode => {
                    return self.call_number_values(row, name, args, position);
                }
                _ => {}
            }
            if let [arg] = args
                && matches!(arg.kind, NodeKind::Range { .. })
                && row.name == "sum"
                && !self.fraction_mode
            {
                return self.sum_of_range(row, name, args, position);
            }
            if RAW_FUNCTIONS.contains(&name.as_str()) {
                // math.js evaluates these arguments afresh (`scope.rs`).
                let context = self.context.for_raw_arguments();
                if let (&[_, _], Some(op @ (Op::And | Op::Or))) =
                    (args, crate::eval::collections::operator_of(row.name))
                {
                    // The same transform as the operator's: the left side may decide alone.
                    return self.within(context, |s| s.and_or(op, args, position));
                }
                return self.within(context, |s| {
                    s.apply(
                        &Function::Builtin(row.name),
                        Some(row),
                        name,
                        args,
                        position,
                    )
                });
            }
            return self.apply(
                &Function::Builtin(row.name),
                Some(row),
                name,
                args,
                position,
            );
        }
        if DISABLED.contains(&name.as_str()) {
            return Err(CalculateError::new(
                Reason::ParseFailed,
                format!("Invalid expression: Function \"{name}\" is disabled for security."),
            )
            .at(position));
        }
        if name == "config" {
            // Section 6.4: read-only.
            if !args.is_empty() {
                return Err(CalculateError::new(
                    Reason::ParseFailed,
                    "Invalid expression: \"config\" is disabled for security.",
                )
                .at(position));
            }
            return Ok(Value::object(vec![
                ("relTol".into(), Value::Number(1e-12)),
                ("absTol".into(), Value::Number(1e-15)),
                ("matrix".into(), Value::Str("Matrix".into())),
                ("number".into(), Value::Str("number".into())),
                ("numberFallback".into(), Value::Str("number".into())),
                ("precision".into(), Value::Number(64.0)),
                ("predictable".into(), Value::Boolean(false)),
                ("randomSeed".into(), Value::Null),
                ("legacySubset".into(), Value::Boolean(false)),
            ]));
        }
        if crate::syntax::names::is_catalogue_function(name) {
            // Section 6.1: a catalogued function that has not landed yet.
            return Err(not_implemented(&format!("{name}()"), position));
        }
        if optional {
            return Ok(Value::Undefined);
        }
        Err(CalculateError::new(
            Reason::ParseFailed,
            format!("Invalid expression: Undefined function {name}"),
        )
        .at(position))
    }

    /// [`Evaluator::apply`] of a row that [`takes_plain_numbers`], for the common call on
    /// numbers (`sin(pi / 6)`): while the arguments are numbers (at most four) they stay on the
    /// stack, and once they are all in, the row's number implementation is called as
    /// [`plain_number_call`] calls it after [`Evaluator::invoke`]'s checks, which numbers of the
    /// right count pass. Any other argument, or a wrong count, takes the general path with the
    /// values evaluated so far (nothing is evaluated twice). A unit test holds both paths equal.
    fn call_plain(
        &mut self,
        row: &'static crate::functions::Builtin,
        name: &str,
        args: &[Node],
        at: usize,
    ) -> Evaluated {
        let mut numbers = [0.0; 4];
        if args.len() > numbers.len() {
            return self.apply(&Function::Builtin(row.name), Some(row), name, args, at);
        }
        if let Some(answer) = self.stack_numbers(row, name, args, at, &mut numbers) {
            return answer;
        }
        let numbers = &numbers[..args.len()];
        if row.arity.admits(numbers.len())
            && let Some(result) = plain_numbers(row, numbers)
        {
            let result = result.map_err(|e| function_error(e, name, at));
            return self.outside_fraction_mode(result);
        }
        let values = numbers.iter().map(|&x| Value::Number(x)).collect();
        let function = Function::Builtin(row.name);
        self.invoke(&function, Some(row), name, values, Some(args), at)
    }

    /// Evaluates `args` (at most `numbers.len()`) in order into `numbers` while they are numbers,
    /// for the stack paths of calls on numbers. `None` when every one was a number; otherwise the
    /// general path's answer (`invoke`) for the values so far and the rest, evaluated now
    /// (nothing is evaluated twice).
    #[inline]
    fn stack_numbers(
        &mut self,
        row: &'static crate::functions::Builtin,
        name: &str,
        args: &[Node],
        at: usize,
        numbers: &mut [f64; 4],
    ) -> Option<Evaluated> {
        for (i, arg) in args.iter().enumerate() {
            let other = match self.eval(arg) {
                Ok(value) => value,
                Err(error) => return Some(Err(error)),
            };
            if let Value::Number(x) = other {
                // A number owns nothing: not handed to the out-of-line drop glue.
                numbers[i] = x;
                std::mem::forget(other);
                continue;
            }
            let mut values = Vec::with_capacity(args.len());
            values.extend(numbers[..i].iter().map(|&x| Value::Number(x)));
            values.push(other);
            for arg in &args[i + 1..] {
                match self.eval(arg) {
                    Ok(value) => values.push(value),
                    Err(error) => return Some(Err(error)),
                }
            }
            let function = Function::Builtin(row.name);
            return Some(self.invoke(&function, Some(row), name, values, Some(args), at));
        }
        None
    }

    /// `sum(a:b)` or `sum(a:s:b)` (the one argument a range node): evaluated as
    /// [`Evaluator::apply`] evaluates it (the range node charged, then its parts), but a range
    /// of plain numbers is summed as it is counted out, never built
    /// ([`Evaluator::sum_of_number_range`]); any other range is built and summed by the
    /// general path. A unit test holds both paths equal, work units included.
    fn sum_of_range(
        &mut self,
        row: &'static crate::functions::Builtin,
        name: &str,
        args: &[Node],
        position: usize,
    ) -> Evaluated {
        let node = &args[0];
        let NodeKind::Range { start, end, step } = &node.kind else {
            return self.apply(
                &Function::Builtin(row.name),
                Some(row),
                name,
                args,
                position,
            );
        };
        // What `eval` does for the range node.
        self.charge(1)?;
        let at = node.span.start;
        let start = self.eval(start)?;
        let step = match step {
            Some(step) => Some(self.eval(step)?),
            None => None,
        };
        let end = self.eval(end)?;
        let plain_step = match &step {
            None => Some(1.0),
            Some(Value::Number(s)) => Some(*s),
            Some(_) => None,
        };
        if let (Value::Number(a), Some(s), Value::Number(b)) = (&start, plain_step, &end) {
            return self.sum_of_number_range(*a, s, *b, at);
        }
        let range = self.range(start, step, end, true, at)?;
        let function = Function::Builtin(row.name);
        self.invoke(
            &function,
            Some(row),
            name,
            vec![range],
            Some(args),
            position,
        )
    }

    /// [`Evaluator::apply`] of a row of [`crate::functions::NUMBER_VALUES`] in number mode, for
    /// the common call on numbers (`max(3, 7, 2)`): while the arguments are numbers (at most
    /// four) they stay on the stack, and once they are all in and their count is right, the
    /// row's implementation is called as `call_builtin_inner` ends up calling it (none of the
    /// evaluator's own functions claims such a call: a unit test checks it). Anything else takes
    /// the general path with the values evaluated so far. A unit test holds both paths equal.
    fn call_number_values(
        &mut self,
        row: &'static crate::functions::Builtin,
        name: &str,
        args: &[Node],
        at: usize,
    ) -> Evaluated {
        let mut numbers = [0.0; 4];
        let function = Function::Builtin(row.name);
        let Imp::Values(f) = row.imp else {
            return self.apply(&function, Some(row), name, args, at);
        };
        if args.len() > numbers.len() {
            return self.apply(&function, Some(row), name, args, at);
        }
        if let Some(answer) = self.stack_numbers(row, name, args, at, &mut numbers) {
            return answer;
        }
        if !row.arity.admits(args.len()) {
            let values = numbers[..args.len()]
                .iter()
                .map(|&x| Value::Number(x))
                .collect();
            return self.invoke(&function, Some(row), name, values, Some(args), at);
        }
        let values = numbers.map(Value::Number);
        let result = f(&values[..args.len()]).map_err(|e| function_error(e, name, at));
        // Numbers own nothing: not handed to `Value`'s out-of-line drop glue one by one.
        std::mem::forget(values);
        self.outside_fraction_mode(result)
    }

    /// Evaluates the arguments and calls `function`; `row` is its table row when the caller
    /// has already looked it up.
    fn apply(
        &mut self,
        function: &Function,
        row: Option<&'static crate::functions::Builtin>,
        name: &str,
        args: &[Node],
        at: usize,
    ) -> Evaluated {
        if let (Function::Builtin("nullish"), [left, right]) = (function, args) {
            // math.js's nullish transform: the right side is evaluated only when it is needed.
            let left = self.eval(left)?;
            if !matches!(left, Value::Null | Value::Undefined | Value::Matrix(_)) {
                return Ok(left);
            }
            let right = self.eval(right)?;
            if let Some(row) = builtin("nullish") {
                return self.call_builtin(row, name, vec![left, right], at);
            }
        }
        let mut values = Vec::with_capacity(args.len());
        for arg in args {
            values.push(self.eval(arg)?);
        }
        self.invoke(function, row, name, values, Some(args), at)
    }

    /// What [`Evaluator::apply`] does with the arguments of a call of the built-in `row` (by
    /// `name`, at `at`) once they are evaluated into `values`, for a row that takes its
    /// arguments evaluated (not one of [`RAW_FUNCTIONS`]) and values that are not functions:
    /// the quick path's call of a built-in it does not answer on plain numbers (`mean([1,
    /// 2])`, `max(1, 2, 3, 4, 5)`), with the same checks, charges and answer.
    pub(crate) fn call_with_values(
        &mut self,
        row: &'static crate::functions::Builtin,
        name: &str,
        values: Vec<Value>,
        at: usize,
    ) -> Evaluated {
        self.invoke(
            &Function::Builtin(row.name),
            Some(row),
            name,
            values,
            None,
            at,
        )
    }

    /// Calls a function value with evaluated arguments, as `map` and `filter` call their
    /// callbacks.
    pub(crate) fn call_function(
        &mut self,
        function: &Function,
        name: &str,
        values: Vec<Value>,
        at: usize,
    ) -> Evaluated {
        self.invoke(function, None, name, values, None, at)
    }

    /// [`Evaluator::call_function`] of a one-parameter function defined in the expression, for a
    /// callback called once per element (`map`): the call's context is handed back in `spare`,
    /// and the next call reuses its argument frame when nothing kept it (no function value
    /// captured it, no assignment wrote a function into it), instead of allocating a frame and
    /// an argument vector per element. The same checks, charges and answers as `invoke`.
    pub(crate) fn call_one_parameter(
        &mut self,
        f: &Rc<UserFunction>,
        name: &str,
        value: Value,
        spare: &mut Option<crate::value::scope::Context>,
        at: usize,
    ) -> Evaluated {
        if f.params.len() != 1 {
            return self.call_function(&Function::User(Rc::clone(f)), name, vec![value], at);
        }
        if self.call_depth >= MAX_CALL_DEPTH {
            return Err(failed(
                format!("Maximum call stack size exceeded in {name}()"),
                at,
            ));
        }
        let context = match spare.take() {
            Some(mut context) => match context.refill(value) {
                Ok(()) => context,
                Err(value) => f.closure.for_call(&f.params, vec![value]),
            },
            None => f.closure.for_call(&f.params, vec![value]),
        };
        self.call_depth += 1;
        let saved = std::mem::replace(&mut *self.context, context);
        let result = self.eval(&f.body);
        *spare = Some(std::mem::replace(&mut *self.context, saved));
        self.call_depth -= 1;
        result
    }

    /// A call: the argument count, then (for built-ins that take no function arguments, when
    /// the argument nodes are known) the function-as-value check, then the body.
    fn invoke(
        &mut self,
        function: &Function,
        row: Option<&'static crate::functions::Builtin>,
        name: &str,
        values: Vec<Value>,
        args: Option<&[Node]>,
        at: usize,
    ) -> Evaluated {
        match function {
            Function::User(f) => {
                if values.len() != f.params.len() {
                    return Err(failed(
                        format!(
                            "{name}() takes {} arguments, got {}",
                            f.params.len(),
                            values.len()
                        ),
                        at,
                    ));
                }
                if self.call_depth >= MAX_CALL_DEPTH {
                    return Err(failed(
                        format!("Maximum call stack size exceeded in {name}()"),
                        at,
                    ));
                }
                self.call_depth += 1;
                // The parameters are the call's arguments, in front of the ones the function
                // captured; the body's assignments write past them (`scope.rs`).
                let context = f.closure.for_call(&f.params, values);
                let result = self.within(context, |s| s.eval(&f.body));
                self.call_depth -= 1;
                result
            }
            Function::Builtin(canonical) => {
                // The row the caller found for this very name (the same string), else the
                // one the name finds: the same row, as rows are found by their names.
                let row = row.filter(|row| std::ptr::eq(row.name, *canonical));
                let Some(row) = row.or_else(|| builtin(canonical)) else {
                    return Err(CalculateError::new(
                        Reason::ParseFailed,
                        format!(
                            "Invalid expression: Function \"{name}\" is disabled for security."
                        ),
                    )
                    .at(at));
                };
                let values = if row.name == "gcd" {
                    gcd_of_a_vector(values, at)?
                } else {
                    values
                };
                let count = values.len();
                if !row.arity.admits(count) {
                    let expected = match row.arity {
                        Arity::Exactly(n) => format!("{n}"),
                        Arity::Between(lo, hi) => format!("{lo} to {hi}"),
                        Arity::AtLeast(n) => format!("at least {n}"),
                    };
                    return Err(failed(
                        format!("{name}() takes {expected} argument(s), got {count}"),
                        at,
                    ));
                }
                if let Some((i, _)) = values
                    .iter()
                    .enumerate()
                    .find(|(_, v)| matches!(v, Value::Function(_)))
                    && !crate::eval::collections::TAKES_FUNCTIONS.contains(&row.name)
                {
                    let node = args.and_then(|a| a.get(i));
                    return Err(function_as_value(
                        node.and_then(symbol_of),
                        node.map_or(at, |n| n.span.start),
                    ));
                }
                self.call_builtin(row, name, values, at)
            }
        }
    }

    /// A built-in function applied to evaluated arguments of the right count: the evaluator's
    /// own functions (operators, statistics, matrix functions), element by element over
    /// matrices for the functions math.js maps, exactly over Fractions, else the table's number
    /// implementation.
    fn call_builtin_inner(
        &mut self,
        row: &'static crate::functions::Builtin,
        name: &str,
        values: Vec<Value>,
        at: usize,
    ) -> Evaluated {
        // Long string arguments are read whole: charged by their length, before.
        let text = text_units(&values);
        if text > 0 {
            self.charge(text)?;
        }
        if let Some(result) = plain_number_call(row, &values) {
            return result.map_err(|e| function_error(e, name, at));
        }
        let canonical = row.name;
        if values.iter().any(|v| matches!(v, Value::Sparse(_)))
            && !crate::eval::collections::SPARSE_AWARE.contains(&canonical)
        {
            return match self.sparse_function(row, name, &values, at) {
                Some(result) => result,
                None => Err(not_implemented(&format!("{name}() of a sparse matrix"), at)),
            };
        }
        if matches!(canonical, "bitAnd" | "bitOr")
            && matches!(values.first(), Some(Value::BigInt(_)))
        {
            // math.js's bitAnd and bitOr test a scalar first argument with `Number`-style
            // arithmetic, which JavaScript refuses for a bigint.
            return Err(mismatch("Cannot convert a BigInt value to a number", at));
        }
        let values = if matches!(canonical, "conj" | "ctranspose" | "norm") {
            // No bigint implementation in math.js: a bigint argument is a number there.
            let mut converted = Vec::with_capacity(values.len());
            for value in values {
                converted.push(match value {
                    Value::BigInt(n) => Value::Number(
                        crate::eval::bigint::to_number(&n)
                            .map_err(|e| function_error(e, name, at))?,
                    ),
                    other => other,
                });
            }
            converted
        } else {
            values
        };
        if matches!(canonical, "format" | "print") {
            // Writing out a bigint's digits costs by its size.
            let cost = values.iter().fold(0u64, |acc, v| {
                acc.saturating_add(crate::eval::bigint::digits_cost(v))
            });
            self.charge(cost)?;
        }
        if canonical == "multinomial"
            && let [Value::Matrix(m)] = values.as_slice()
            && !m.data.is_empty()
            && m.data.iter().all(|v| matches!(v, Value::Big(_)))
        {
            // A vector of BigNumbers: math.js's BigNumber arithmetic, metered.
            let elements: Vec<crate::num::bignum::Big> = m
                .data
                .iter()
                .filter_map(|v| match v {
                    Value::Big(x) => Some(x.clone()),
                    _ => None,
                })
                .collect();
            return self.big_multinomial(&elements, at);
        }
        if let Imp::Values(f) = row.imp
            && crate::functions::special::TAKES_VALUES_AS_GIVEN.contains(&canonical)
        {
            if canonical == "format" {
                // One unit per number formatted (the text itself is bounded by `format`), and
                // the work of each repeating decimal as it is found; the memory of a long
                // number's digits is asked for before they are laid out.
                self.charge(crate::value::matrix::leaves(&values[0]) as u64)?;
                if let Some(bytes) = crate::functions::notation::planned_digits(values.get(1)) {
                    self.admit_memory(bytes).map_err(|e| e.at(at))?;
                }
                let mut stopped = None;
                let result = crate::functions::notation::format_metered(&values, &mut |units| {
                    self.charge(units).map_err(|e| {
                        stopped = Some(e);
                        FnError::TooLarge
                    })
                });
                if let Some(error) = stopped {
                    return Err(error);
                }
                return result.map_err(|e| function_error(e, name, at));
            }
            return f(&values).map_err(|e| function_error(e, name, at));
        }
        if crate::eval::collections::evaluator_may_claim(row)
            && let Some(result) = self.evaluator_function(canonical, &values, at)
        {
            return result;
        }
        if let Some(result) = self.complex_function(canonical, &values, at) {
            return result;
        }
        if values.iter().any(|v| matches!(v, Value::Matrix(_))) {
            return self.map_function(row, name, &values, at);
        }
        if let Some(result) = self.bigint_function(row, &values, at) {
            return result;
        }
        if let Some(result) = self.big_function(canonical, &values, at) {
            return result;
        }
        if values.iter().any(|v| matches!(v, Value::Fraction(_))) {
            return self.apply_fraction(canonical, &values, at);
        }
        let numbers = |values: &[Value]| -> Result<Vec<f64>, CalculateError> {
            values
                .iter()
                .map(|v| to_number(v).map_err(|e| function_error(e, name, at)))
                .collect()
        };
        let result = match row.imp {
            Imp::Unary(_) | Imp::Binary(_) | Imp::Numbers(_) => {
                let n = numbers(&values)?;
                let real = match row.imp {
                    Imp::Unary(f) => f(n[0]),
                    Imp::Binary(f) => f(n[0], n[1]),
                    Imp::Numbers(f) => f(&n),
                    _ => Err(FnError::Complex),
                };
                match real {
                    // Outside the real domain math.js answers a Complex (spec 5.1).
                    Err(FnError::Complex) => {
                        crate::eval::complex_mode::promote(canonical, &n).ok_or(FnError::Complex)
                    }
                    other => other.map(Value::Number),
                }
            }
            Imp::Values(f) => f(&values),
            Imp::Evaluator => Err(FnError::Domain(format!(
                "{name}() does not apply to these arguments"
            ))),
        };
        result.map_err(|e| function_error(e, name, at))
    }

    fn access(&mut self, object: &Node, index: &Node, optional: bool, at: usize) -> Evaluated {
        let value = self.eval(object)?;
        let NodeKind::Index { dimensions, dot } = &index.kind else {
            return Err(not_implemented("this access", at));
        };
        if optional && matches!(value, Value::Null | Value::Undefined) {
            return Ok(Value::Undefined);
        }
        if !*dot && matches!(value, Value::Matrix(_) | Value::Sparse(_) | Value::Str(_)) {
            return self.index_into(value, dimensions, index.span.start);
        }
        let key = self.property_key(dimensions, *dot, index.span.start)?;
        let no_access = || {
            CalculateError::new(
                Reason::ParseFailed,
                format!("Invalid expression: No access to property \"{key}\""),
            )
            .at(index.span.start)
        };
        if REFUSED_PROPERTIES.contains(&key.as_str()) {
            return Err(no_access());
        }
        match value {
            Value::Object(entries) => {
                if key == "valueOf" {
                    return Err(failed(
                        "No access to property \"valueOf\"",
                        index.span.start,
                    ));
                }
                Ok(entries
                    .iter()
                    .rev()
                    .find(|(k, _)| *k == key)
                    .map_or(Value::Undefined, |(_, v)| v.copied()))
            }
            _ => Err(no_access()),
        }
    }

    /// The key of `.name` or `["name"]`; other indexes belong to the matrices slice.
    fn property_key(
        &mut self,
        dimensions: &[Node],
        dot: bool,
        at: usize,
    ) -> Result<String, CalculateError> {
        match (dimensions, dot) {
            ([only], true) => match &only.kind {
                NodeKind::Str(key) => Ok(key.to_string()),
                _ => Err(not_implemented("this access", at)),
            },
            ([only], false) => match self.eval(only)? {
                Value::Str(key) => Ok(key.to_string()),
                _ => Err(not_implemented("indexing", at)),
            },
            _ => Err(not_implemented("indexing", at)),
        }
    }

    /// `object.name(args)` and `object["name"](args)` (section 4.7): calls the function stored
    /// under an own key of an object; every other value has no methods. Checked after the
    /// object is evaluated and before the arguments are.
    fn call_property(
        &mut self,
        object: &Node,
        index: &Node,
        access_optional: bool,
        call_optional: bool,
        args: &[Node],
    ) -> Evaluated {
        let value = self.eval(object)?;
        let NodeKind::Index { dimensions, dot } = &index.kind else {
            return Err(not_implemented("this access", index.span.start));
        };
        if access_optional && matches!(value, Value::Null | Value::Undefined) {
            return Ok(Value::Undefined);
        }
        let key = self.property_key(dimensions, *dot, index.span.start)?;
        let stored = match &value {
            Value::Object(entries) if !REFUSED_PROPERTIES.contains(&key.as_str()) => entries
                .iter()
                .rev()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v.clone()),
            _ => None,
        };
        match stored {
            Some(Value::Function(function)) => {
                // A stored built-in reports under its own name (`{f: sin}.f()` names sin).
                let name = match &function {
                    Function::Builtin(canonical) => canonical.to_string(),
                    Function::User(_) => key,
                };
                self.apply(&function, None, &name, args, index.span.start)
            }
            None if access_optional || call_optional => Ok(Value::Undefined),
            Some(Value::Null | Value::Undefined) if call_optional => Ok(Value::Undefined),
            _ => Err(CalculateError::new(
                Reason::ParseFailed,
                format!("Invalid expression: No access to method \"{key}\""),
            )
            .at(index.span.start)),
        }
    }
}

/// Property names refused on every value (section 4.7), as math.js refuses them.
pub(crate) const REFUSED_PROPERTIES: [&str; 9] = [
    "__proto__",
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "__lookupSetter__",
    "constructor",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
];

pub(crate) fn symbol_of(node: &Node) -> Option<&str> {
    match &node.kind {
        NodeKind::Symbol(name) => Some(name),
        _ => None,
    }
}

/// A value as a Fraction for an operation with a Fraction (section 5.4): a number only when the
/// conversion is exact, booleans as 0 and 1, strings as fraction.js reads them
/// ([`fraction::parse_text`]: `"1/3"`, `"0.(3)"`; math.js converts with `new Fraction(text)`,
/// not through a number, so `"1e3"` and `" 12"` are refused as it refuses them).
pub(crate) fn as_fraction(value: &Value, at: usize) -> Result<RBig, CalculateError> {
    match value {
        Value::Fraction(x) => Ok(dashu_ratio::RBig::clone(x)),
        Value::Boolean(b) => Ok(RBig::from(u8::from(*b))),
        Value::BigInt(n) => Ok(RBig::from(dashu_int::IBig::clone(n))),
        Value::Str(text) => fraction::parse_text(text)
            .map_err(|_| mismatch(format!("Cannot convert \"{text}\" to Fraction"), at)),
        Value::Number(_) => {
            let x = to_number(value).map_err(|e| function_error(e, "", at))?;
            fraction::from_f64_exact(x).ok_or_else(|| fraction_unsupported_float(at))
        }
        other => Err(function_error(
            to_number(other).err().unwrap_or(FnError::NoExactFraction),
            "",
            at,
        )),
    }
}

/// A literal Fraction mode cannot read (section 5.3), refused as a parse-time failure.
fn fraction_literal_error(raw: &str, at: usize) -> CalculateError {
    let detail = match fraction::literal(raw) {
        Err(fraction::LiteralError::ExponentOutOfRange) => format!(
            "Exponent literal \"{raw}\" is out of range for numericType \"Fraction\" (exponents up to ±1000); use numericType \"BigNumber\" for numbers this large or small."
        ),
        _ => "Invalid argument".to_owned(),
    };
    CalculateError::new(Reason::ParseFailed, format!("Invalid expression: {detail}")).at(at)
}

/// Fraction mode's parse-time literal check (section 9.3): every number literal of the tree must
/// be readable exactly, before anything is evaluated.
pub(crate) fn check_fraction_literals(node: &Node) -> Result<(), CalculateError> {
    match unreadable_literal(node) {
        Some((raw, at)) => Err(fraction_literal_error(raw, at)),
        None => Ok(()),
    }
}

/// The first literal of the tree, in order, that Fraction mode cannot read, and its position
/// (the error is built once, at the top, not carried up through every level).
fn unreadable_literal(node: &Node) -> Option<(&str, usize)> {
    if let NodeKind::Number(raw) = &node.kind {
        return (!fraction::is_readable(raw)).then_some((raw.as_str(), node.span.start));
    }
    crate::syntax::ast::find_child(node, unreadable_literal)
}

/// A number literal read as binary64; a prefixed one (`0x1F`, `0b1.1`, `0xFFi8`) as math.js's
/// `number(string)` reads it. (The parser has already refused what it cannot read.)
pub(crate) fn number_literal(raw: &str, at: usize) -> Evaluated {
    if let Some(x) = short_decimal(raw) {
        return Ok(Value::Number(x));
    }
    if matches!(raw.as_bytes(), [b'0', b'x' | b'b' | b'o', ..]) {
        return crate::num::literal::number_from_string(raw)
            .map(Value::Number)
            .map_err(|e| match e {
                FnError::Domain(message) => literal_error(message, at),
                _ => literal_error(format!("String \"{raw}\" is not a valid number"), at),
            });
    }
    raw.parse::<f64>()
        .map(Value::Number)
        .map_err(|_| literal_error(format!("String \"{raw}\" is not a valid number"), at))
}

/// A literal the configured type cannot read: a parse-time failure (section 9.2).
fn literal_error(message: String, at: usize) -> CalculateError {
    CalculateError::new(
        Reason::ParseFailed,
        format!("Invalid expression: {message}"),
    )
    .at(at)
}

/// Whether `op` is one of the binary arithmetic operators (`+ - * / .* ./ mod % ^ .^`), which
/// [`Evaluator::eval`] sends straight to [`Evaluator::binary_operator`]: none of them
/// short-circuits or sees its operands unevaluated, so nothing of [`Evaluator::operator`]
/// before its binary tail applies to them.
#[inline]
fn is_arithmetic(op: Op) -> bool {
    (op as u8) <= Op::DotPow as u8
}

/// [`Evaluator::binary`] of two plain numbers, as `binary_inner` computes it without its
/// dispatch; `None` where it takes the general path (an operator without a number case here,
/// or a power with a Complex result). Always inlined: returned out of line, its `Option` of
/// a value was written to memory and copied again into the caller's result.
#[inline(always)]
pub(crate) fn number_binary(op: Op, x: f64, y: f64) -> Option<Value> {
    Some(match op {
        Op::Add => Value::Number(x + y),
        Op::Subtract => Value::Number(x - y),
        Op::Multiply | Op::DotMultiply => Value::Number(x * y),
        Op::Divide | Op::DotDivide => Value::Number(x / y),
        Op::Mod | Op::ModSign => Value::Number(modulo(x, y)),
        Op::Equal | Op::Unequal | Op::Smaller | Op::Larger | Op::SmallerEq | Op::LargerEq => {
            Value::Boolean(compare_numbers(op, x, y))
        }
        // A power math.js computes on Complex (a negative base with a fractional exponent, a
        // NaN) takes the general path.
        Op::Pow | Op::DotPow => Value::Number(power(x, y).ok()?),
        _ => return None,
    })
}

/// Whether a value can hold no function, hence no captured context (see
/// `Evaluator::written_frames`): scalars and strings.
fn is_plain_data(value: &Value) -> bool {
    !matches!(
        value,
        Value::Function(_) | Value::Object(_) | Value::Matrix(_) | Value::Sparse(_)
    )
}

/// The common literal, digits with at most one point and no exponent, when it has at most 15
/// digits: its digits as an integer below 2^53 and its power of ten are both exact binary64
/// values, so their quotient, rounded once, is the nearest binary64 to the literal, which is
/// what `str::parse` returns. `None` sends anything else to `str::parse`.
#[inline]
pub(crate) fn short_decimal(raw: &str) -> Option<f64> {
    const POWERS: [f64; 16] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ];
    // At most 15 digits: the mantissa < 10^15 < 2^53 converts exactly, and decimals ≤ 15.
    let (mantissa, decimals) = fraction::short_decimal_parts(raw, 15)?;
    Some(mantissa as f64 / POWERS[decimals as usize])
}

/// A conditional's test, as math.js's `testCondition`: JavaScript truthiness for numbers,
/// booleans and strings; a BigNumber is true unless it is zero (NaN is true), a Complex when
/// either part is truthy; null and undefined are false. The types math.js refuses (a bigint, a
/// matrix, an object, a function) come back as their `typeOf` name. A Fraction is the one
/// deliberate difference: math.js refuses it too, even in Fraction mode, where every scope
/// value is one and `x ? a : b` could never run; reckon tests it against zero.
fn condition_true(value: &Value) -> Result<bool, &'static str> {
    let js = |x: f64| x != 0.0 && !x.is_nan();
    match value {
        Value::Boolean(b) => Ok(*b),
        Value::Fraction(x) => Ok(!x.is_zero()),
        Value::Number(x) => Ok(js(*x)),
        Value::Str(s) => Ok(!s.is_empty()),
        Value::Null | Value::Undefined => Ok(false),
        Value::Complex(z) => Ok(js(z.re) || js(z.im)),
        Value::Big(x) => Ok(!x.is_zero()),
        other => Err(other.type_name()),
    }
}

/// Truthiness for `and`, `or`, `xor`, `not`: non-zero numbers, `true`; strings convert to numbers.
pub(crate) fn truthy(value: &Value, at: usize) -> Result<bool, CalculateError> {
    match value {
        Value::Boolean(b) => Ok(*b),
        Value::Fraction(x) => Ok(!x.is_zero()),
        Value::Number(x) => Ok(*x != 0.0 && !x.is_nan()),
        Value::Null | Value::Undefined => Ok(false),
        Value::Complex(z) => Ok(!z.is_zero()),
        Value::Big(x) => Ok(!x.is_zero() && !x.is_nan()),
        Value::BigInt(n) => Ok(*n != std::rc::Rc::new(dashu_int::IBig::ZERO)),
        other => to_number(other)
            .map(|x| x != 0.0 && !x.is_nan())
            .map_err(|e| function_error(e, "", at)),
    }
}

pub(crate) fn compare(
    op: Op,
    left: &Value,
    right: &Value,
    at: usize,
) -> Result<bool, CalculateError> {
    if let Some(ordering) = crate::eval::bigint::compare(left, right, at)? {
        return Ok(match op {
            Op::Equal => ordering.is_eq(),
            Op::Unequal => ordering.is_ne(),
            Op::Smaller => ordering.is_lt(),
            Op::Larger => ordering.is_gt(),
            Op::SmallerEq => ordering.is_le(),
            Op::LargerEq => ordering.is_ge(),
            _ => false,
        });
    }
    if let (Value::BigInt(n), other) | (other, Value::BigInt(n)) = (left, right) {
        // The bigint converts to the other operand's type.
        let converted = crate::eval::bigint::converted(n, other, at)?;
        let (l, r) = if matches!(left, Value::BigInt(_)) {
            (converted, right.clone())
        } else {
            (left.clone(), converted)
        };
        return compare(op, &l, &r, at);
    }
    if matches!(left, Value::Big(_)) || matches!(right, Value::Big(_)) {
        let (x, y) = (
            crate::eval::big_mode::as_big(left, at)?,
            crate::eval::big_mode::as_big(right, at)?,
        );
        return Ok(crate::eval::big_mode::compare_big(op, &x, &y));
    }
    if matches!(left, Value::Fraction(_)) || matches!(right, Value::Fraction(_)) {
        // Exact comparison (fraction.js `compare`/`equals`, no tolerance). A float that does
        // not convert exactly is refused (section 5.4), where math.js is inconsistent: its `<`
        // and `>` take a detour through BigNumber for floats of up to 15 digits, `<=` and `==`
        // throw.
        let (x, y) = (as_fraction(left, at)?, as_fraction(right, at)?);
        let ordering = x.cmp(&y);
        return Ok(match op {
            Op::Equal => ordering.is_eq(),
            Op::Unequal => ordering.is_ne(),
            Op::Smaller => ordering.is_lt(),
            Op::Larger => ordering.is_gt(),
            Op::SmallerEq => ordering.is_le(),
            Op::LargerEq => ordering.is_ge(),
            _ => false,
        });
    }
    let (x, y) = match (left, right) {
        (Value::Null, Value::Null) | (Value::Undefined, Value::Undefined)
            if matches!(op, Op::Equal | Op::Unequal) =>
        {
            return Ok(op == Op::Equal);
        }
        _ => (
            to_number(left).map_err(|e| function_error(e, "", at))?,
            to_number(right).map_err(|e| function_error(e, "", at))?,
        ),
    };
    Ok(compare_numbers(op, x, y))
}

/// math.js 15's `gcd(v)` of one vector is the gcd of its elements; a matrix of more dimensions
/// is refused. Other argument lists are left as they are.
fn gcd_of_a_vector(values: Vec<Value>, at: usize) -> Result<Vec<Value>, CalculateError> {
    match values.as_slice() {
        [Value::Matrix(m)] if m.rank() == 1 => Ok(m.data.clone()),
        [Value::Matrix(_)] => Err(failed(
            "Wrong number of arguments in function gcd() supports only 1d matrices!",
            at,
        )),
        _ => Ok(values),
    }
}

/// A relational operator on two numbers, with math.js's tolerance (`nearly_equal`).
#[inline]
pub(crate) fn compare_numbers(op: Op, x: f64, y: f64) -> bool {
    // The tolerance is consulted only when the plain comparison leaves the answer open (a
    // range's `x <= end` test, once per element, rarely needs it).
    match op {
        Op::Equal => nearly_equal(x, y),
        Op::Unequal => !nearly_equal(x, y),
        Op::Smaller => x < y && !nearly_equal(x, y),
        Op::Larger => x > y && !nearly_equal(x, y),
        Op::SmallerEq => x < y || nearly_equal(x, y),
        Op::LargerEq => x > y || nearly_equal(x, y),
        _ => false,
    }
}

/// JavaScript's ToInt32, after math.js's integer check.
pub(crate) fn int32(x: f64, name: &str, at: usize) -> Result<i32, CalculateError> {
    if !x.is_finite() || x.fract() != 0.0 {
        return Err(failed(format!("Integers expected in function {name}"), at));
    }
    Ok((x.rem_euclid(4_294_967_296.0) as u32) as i32)
}

pub(crate) fn bitwise(op: Op, x: f64, y: f64, at: usize) -> Result<f64, CalculateError> {
    let (_, name) = op.symbol_and_fn();
    let (a, b) = (int32(x, name, at)?, int32(y, name, at)?);
    let shift = (b as u32) & 31;
    Ok(match op {
        Op::BitAnd => f64::from(a & b),
        Op::BitOr => f64::from(a | b),
        Op::BitXor => f64::from(a ^ b),
        Op::LeftShift => f64::from(a.wrapping_shl(shift)),
        Op::RightArithShift => f64::from(a >> shift),
        _ => f64::from((a as u32) >> shift),
    })
}

/// [`plain_numbers`] of `values` when the row [`takes_plain_numbers`] and they are at most four
/// numbers; `None` when the call needs the general path. A unit test checks that every row this
/// path takes gives what the general path gives.
pub(crate) fn plain_number_call(
    row: &'static crate::functions::Builtin,
    values: &[Value],
) -> Option<Result<Value, FnError>> {
    // The values first: a look at each is cheaper than the row's test of names.
    let mut numbers = [0.0; 4];
    if values.len() > numbers.len() {
        return None;
    }
    for (slot, value) in numbers.iter_mut().zip(values) {
        let Value::Number(x) = value else {
            return None;
        };
        *slot = *x;
    }
    if !takes_plain_numbers(row) {
        return None;
    }
    plain_numbers(row, &numbers[..values.len()])
}

/// The number implementation of a row that [`takes_plain_numbers`], on at most four numbers
/// its arity admits; outside the real domain, math.js's Complex (spec 5.1). `None` for a count
/// the implementation does not take.
pub(crate) fn plain_numbers(
    row: &'static crate::functions::Builtin,
    numbers: &[f64],
) -> Option<Result<Value, FnError>> {
    let result = match (row.imp, numbers) {
        (Imp::Unary(f), [x]) => f(*x),
        (Imp::Binary(f), [x, y]) => f(*x, *y),
        (Imp::Numbers(f), _) if numbers.len() <= 4 => f(numbers),
        _ => return None,
    };
    Some(match result {
        Err(FnError::Complex) => {
            crate::eval::complex_mode::promote(row.name, numbers).ok_or(FnError::Complex)
        }
        other => other.map(Value::Number),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request;

    fn run(expression: &str, budget: u64) -> Evaluated {
        let input = serde_json::json!({ "expression": expression }).to_string();
        let request = request::decode(input.as_bytes()).expect("valid request");
        let tree = request::prepare(&request).expect("prepared");
        Evaluator::with_budget(&[], budget).eval(&tree)
    }

    /// The answer to `expression` in `numeric_type`: "type result", or the error's reason and
    /// message.
    fn answer_in(expression: &str, numeric_type: &str) -> String {
        let input = serde_json::json!({"expression": expression, "numericType": numeric_type});
        match crate::calculate(input.to_string().as_bytes()) {
            Ok(out) => format!(
                "{} {}",
                out["resultType"].as_str().unwrap_or("?"),
                out["result"].as_str().unwrap_or("?")
            ),
            Err(e) => format!("{}: {}", e.reason.name(), e.message),
        }
    }

    #[test]
    fn prefixed_literals_with_radix_points_and_word_sizes_read_as_math_js_reads_them() {
        // Each expected answer printed by math.js 15.2 (number, then BigNumber at 64 digits).
        for (expression, number, big) in [
            ("0x1.8", "number 1.5", "BigNumber 1.5"),
            ("0b101.01", "number 5.25", "BigNumber 5.25"),
            ("0o7.4", "number 7.5", "BigNumber 7.5"),
            ("0x1.", "number 1", "BigNumber 1"),
            ("0xFFi8", "number -1", "BigNumber -1"),
            ("0x7Fi8", "number 127", "BigNumber 127"),
            ("0x80i8", "number -128", "BigNumber -128"),
            ("0x8i4", "number -8", "BigNumber -8"),
            ("0x0i", "number 0", "BigNumber 0"),
            ("0xFi300", "number 15", "BigNumber 15"),
            ("0xFFi64", "number 255", "BigNumber 255"),
            // number rounds 2^64 − 1 to 2^64 first; BigNumber is exact.
            ("0xFFFFFFFFFFFFFFFFi64", "number 0", "BigNumber -1"),
            // math.js's patterns are found anywhere in the token: what follows is ignored.
            ("0xFFi8abc", "number -1", "BigNumber -1"),
            // Beyond 64 bits: number rounds to nearest, BigNumber keeps every digit.
            (
                "0xFFFFFFFFFFFFFFFFFF",
                "number 4.722366482869645e+21",
                "BigNumber 4.722366482869645213695e+21",
            ),
            (
                "0x20000000000003",
                "number 9007199254740996",
                "BigNumber 9007199254740995",
            ),
            // A fraction digit past 64 significant digits: BigNumber prints 64.
            (
                "0x1.0000000000000000000000001",
                "number 1",
                "BigNumber 1.000000000000000000000000000000788860905221011805411728565282786",
            ),
        ] {
            assert_eq!(answer_in(expression, "number"), number, "{expression}");
            assert_eq!(answer_in(expression, "BigNumber"), big, "{expression}");
            assert_eq!(
                answer_in(expression, "Fraction"),
                "parse_failed: Invalid expression: Invalid argument",
                "{expression}"
            );
        }
        // The two readings differ: number reads `0x1F.` and `0b1`+`.1` where decimal.js refuses
        // the whole token, and decimal.js reads a binary exponent that number refuses.
        let invalid = |what: &str| format!("parse_failed: Invalid expression: {what}");
        for (expression, number, big) in [
            (
                "0x1F.y",
                "number 31",
                invalid("[DecimalError] Invalid argument: 0x1F.y"),
            ),
            (
                "0b12.1",
                "number 1.5",
                invalid("[DecimalError] Invalid argument: 0b12.1"),
            ),
            (
                "0x1.8i8",
                "number 1.5",
                invalid("[DecimalError] Invalid argument: 0x1.8i8"),
            ),
            (
                "0x.8",
                &invalid("String \"0x.8\" is not a valid number"),
                "BigNumber 0.5".into(),
            ),
            (
                "0x1p4",
                &invalid("String \"0x1p4\" is not a valid number"),
                "BigNumber 16".into(),
            ),
            ("0x1.8p1", "number 1.5", "BigNumber 3".into()),
            // The token ends before a sign: `0x1.8p` − 3.
            (
                "0x1.8p-3",
                "number -1.5",
                invalid("[DecimalError] Invalid argument: 0x1.8p"),
            ),
            (
                "0x100i8",
                &invalid("String \"0x100\" is out of range"),
                invalid("String \"0x100i8\" is out of range"),
            ),
            (
                "0xFFi",
                &invalid("String \"0xFF\" is out of range"),
                invalid("String \"0xFFi\" is out of range"),
            ),
            (
                "0b1.2",
                &invalid("String \"0b1.2\" is not a valid number"),
                invalid("[DecimalError] Invalid argument: 0b1.2"),
            ),
            (
                "0x",
                &invalid("String \"0x\" is not a valid number"),
                invalid("[DecimalError] Invalid argument: 0x"),
            ),
        ] {
            assert_eq!(answer_in(expression, "number"), number, "{expression}");
            assert_eq!(answer_in(expression, "BigNumber"), big, "{expression}");
        }
        // Read while parsing, as math.js does: the literal fails before a later syntax error.
        assert_eq!(
            answer_in("0x1p4 +", "number"),
            invalid("String \"0x1p4\" is not a valid number")
        );
        // The conversion functions read the same texts.
        assert_eq!(answer_in("bignumber(\"0x1.8\")", "number"), "BigNumber 1.5");
        assert_eq!(
            answer_in("bignumber(\"-0x1.8\")", "number"),
            "BigNumber -1.5"
        );
        assert_eq!(answer_in("bignumber(\"0XFF\")", "number"), "BigNumber 255");
        assert_eq!(answer_in("bignumber(\"0xFFi8\")", "number"), "BigNumber -1");
        assert_eq!(answer_in("number(\"0x1.8\")", "number"), "number 1.5");
        assert_eq!(
            answer_in("number(\"0xFFFFFFFFFFFFFFFFFF\")", "number"),
            "number 4.722366482869645e+21"
        );
    }

    #[test]
    fn short_decimals_read_as_str_parse_reads_them() {
        let mut raws: Vec<String> = [
            "0",
            "7",
            "007",
            "0.1",
            "0.2",
            "0.3",
            ".5",
            "5.",
            "123456789012345",
            "1.5",
            ".000000000000001",
            "99999999999999.9",
            "3.14159265358979",
            "9007199254740.99",
        ]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..100_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let length = 1 + (state % 15) as usize;
            let digits = format!("{:015}", state % 1_000_000_000_000_000);
            let mut raw = digits[..length].to_owned();
            raw.insert((state >> 40) as usize % (length + 1), '.');
            raws.push(raw);
        }
        for raw in &raws {
            let want: f64 = raw.parse().expect("a decimal literal");
            let got = short_decimal(raw).unwrap_or_else(|| panic!("{raw} takes the short path"));
            assert_eq!(got.to_bits(), want.to_bits(), "{raw}");
        }
        for raw in [
            "1234567890123456",
            "0.0000000000000001",
            "1e5",
            "0x1F",
            ".",
            "1.2.3",
        ] {
            assert_eq!(short_decimal(raw), None, "{raw}");
        }
    }

    /// The arguments of the call `name(arguments)`, as the parser builds them.
    fn call_arguments(arguments: &str) -> Vec<Node> {
        let input = serde_json::json!({ "expression": format!("f({arguments})") }).to_string();
        let request = request::decode(input.as_bytes()).expect("valid request");
        match request::prepare(&request).expect("prepared").kind {
            NodeKind::Call { args, .. } => args.into_vec(),
            other => panic!("not a call: {other:?}"),
        }
    }

    /// A fast path's call of `row(arguments)` answers what `apply` (the general path) answers,
    /// value or error, and spends the same work.
    fn assert_path_agrees(
        row: &'static crate::functions::Builtin,
        arguments: &str,
        fast_path: impl Fn(&mut Evaluator, &[Node]) -> Evaluated,
    ) {
        let args = call_arguments(arguments);
        let mut fast_evaluator = Evaluator::new(Vec::new());
        let fast = fast_path(&mut fast_evaluator, &args);
        let mut general = Evaluator::new(Vec::new());
        let slow = general.apply(&Function::Builtin(row.name), Some(row), row.name, &args, 3);
        let call = format!("{}({arguments})", row.name);
        assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "{call}");
        assert_eq!(fast_evaluator.work_used(), general.work_used(), "{call}");
    }

    /// `call_plain` (the stack path of table functions on numbers) answers what `apply` (the
    /// general path) answers, value or error, and spends the same work, for every row it takes,
    /// at every argument count up to past its limit of four, with numbers inside and outside
    /// the real domain, and with arguments that are not numbers (which leave the stack path
    /// part-way).
    #[test]
    fn the_plain_call_path_agrees_with_the_general_path() {
        let argument_lists = [
            "",
            "0.5",
            "-4",
            "0.5, -2",
            "-8, 3",
            "2, 0",
            "1e300, 1e300",
            "0.5, -2, 3",
            "0.5, -2, 3, 7",
            "6, 4, 2, 8, 10",
            "true",
            "0.5, \"3\"",
            "2, [1, 2]",
            "[4, 9]",
            "0.5, -2, sin",
            "NaN, 1",
        ];
        let mut compared = 0;
        for row in crate::functions::BUILTINS {
            if !takes_plain_numbers(row) {
                continue;
            }
            for arguments in argument_lists {
                assert_path_agrees(row, arguments, |e, args| {
                    e.call_plain(row, row.name, args, 3)
                });
                compared += 1;
            }
        }
        assert!(
            compared > 60 * argument_lists.len(),
            "only {compared} calls compared"
        );
    }

    #[test]
    fn the_number_values_path_agrees_with_the_general_path() {
        use crate::functions::{NUMBER_VALUES, Path};
        let argument_lists = [
            "",
            "3",
            "-2.5",
            "0",
            "-0",
            "NaN",
            "Infinity",
            "7919",
            "3, 7, 2",
            "4, 9, 1, -3",
            "1, 2, 3, 4, 5",
            "2, NaN, 1",
            "1, \"2\"",
            "[1, 2], 3",
            "1, 2i",
            "true",
            "null",
            "1, sin",
            "4.5, bignumber(2)",
        ];
        let mut compared = 0;
        for row in crate::functions::BUILTINS {
            if crate::functions::builtin_entry(row.name).map(|(_, path)| path)
                != Some(Path::NumberValues)
            {
                continue;
            }
            for arguments in argument_lists {
                assert_path_agrees(row, arguments, |e, args| {
                    e.call_number_values(row, row.name, args, 3)
                });
                compared += 1;
            }
            // No function of the evaluator claims the row's call on numbers, at any count.
            let numbers: Vec<Value> = [0.5, -2.0, 3.0, 7.0].map(Value::Number).into();
            for count in 0..=numbers.len() {
                let values = &numbers[..count];
                let mut evaluator = Evaluator::new(Vec::new());
                assert!(evaluator.evaluator_function(row.name, values, 0).is_none());
                assert!(evaluator.complex_function(row.name, values, 0).is_none());
                assert!(evaluator.bigint_function(row, values, 0).is_none());
                assert!(evaluator.big_function(row.name, values, 0).is_none());
                assert!(plain_number_call(row, values).is_none());
            }
        }
        assert_eq!(compared, NUMBER_VALUES.len() * argument_lists.len());
    }

    #[test]
    fn the_number_shortcut_of_binary_agrees_with_the_general_path() {
        use Op::*;
        let numbers = [
            0.0,
            -0.0,
            1.0,
            -2.0,
            0.5,
            -0.5,
            3.0,
            7.25,
            1e-16,
            0.1 + 0.2,
            0.3,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        let mut evaluator = Evaluator::new(Vec::new());
        for op in [
            Add,
            Subtract,
            Multiply,
            DotMultiply,
            Divide,
            DotDivide,
            Mod,
            ModSign,
            Pow,
            DotPow,
            Equal,
            Unequal,
            Smaller,
            Larger,
            SmallerEq,
            LargerEq,
        ] {
            for &x in &numbers {
                for &y in &numbers {
                    let (x, y) = (Value::Number(x), Value::Number(y));
                    let fast = evaluator.binary(op, &x, &y, false, (0, 0), 0);
                    let general = evaluator.binary_inner(op, &x, &y, false, (0, 0), 0);
                    assert_eq!(
                        format!("{fast:?}"),
                        format!("{general:?}"),
                        "{x:?} {op:?} {y:?}"
                    );
                }
            }
        }
    }

    /// Two Fractions meeting `+ - * /` take the machine path in `binary`; it gives the general
    /// path's value or error and charges the same units, and refuses at the same budget.
    #[test]
    fn the_small_fraction_path_agrees_with_the_general_path() {
        use Op::*;
        let parts: [(i64, u64); 9] = [
            (0, 1),
            (1, 3),
            (-1, 6),
            (2, 3),
            (7, 1),
            (i64::MAX, 1),
            (-i64::MAX, 3),
            (1, u64::MAX),
            (i64::MAX, u64::MAX - 1),
        ];
        let values: Vec<Value> = parts
            .iter()
            .map(|&(n, d)| {
                Value::fraction(RBig::from_parts(
                    dashu_int::IBig::from(n),
                    dashu_int::UBig::from(d),
                ))
            })
            .chain([Value::fraction(RBig::from_parts(
                dashu_int::IBig::from(u64::MAX) * 5,
                dashu_int::UBig::from(7u8),
            ))])
            .collect();
        for op in [Add, Subtract, Multiply, DotMultiply, Divide, DotDivide] {
            for x in &values {
                for y in &values {
                    let mut fast = Evaluator::fraction(Vec::new());
                    let mut general = Evaluator::fraction(Vec::new());
                    let a = fast.binary(op, x, y, false, (0, 0), 0);
                    let b = general.binary_inner(op, x, y, false, (0, 0), 0);
                    assert_eq!(format!("{a:?}"), format!("{b:?}"), "{x:?} {op:?} {y:?}");
                    let units = fast.meter.used();
                    assert_eq!(units, general.meter.used(), "{x:?} {op:?} {y:?}");
                    // At the budget edge: refused below the charge, answered at it.
                    for budget in [units - 1, units, units + 1] {
                        let mut edge = Evaluator::with_budget(&[], budget);
                        edge.fraction_mode = true;
                        let result = edge.binary(op, x, y, false, (0, 0), 0);
                        assert_eq!(result.is_ok(), budget >= units && b.is_ok(), "{budget}");
                    }
                }
            }
        }
    }

    /// A Complex meeting a Complex or a number with `+ - * /` takes the direct path in
    /// `binary`; it gives the general path's value and charges the same units.
    #[test]
    fn the_plain_complex_path_agrees_with_the_general_path() {
        use crate::num::complex::Complex;
        use Op::*;
        let parts = [
            (0.0, 0.0),
            (1.0, 2.0),
            (3.0, -1.0),
            (-0.0, 1.0),
            (f64::NAN, 1.0),
            (f64::INFINITY, 0.0),
            (1e300, -1e300),
        ];
        let mut values: Vec<Value> = parts
            .iter()
            .map(|&(re, im)| Value::Complex(Complex { re, im }))
            .collect();
        values.extend([0.0, -2.5, f64::NAN, f64::INFINITY].map(Value::Number));
        values.push(Value::Boolean(true));
        let mut compared = 0;
        for op in [
            Add,
            Subtract,
            Multiply,
            DotMultiply,
            Divide,
            DotDivide,
            Pow,
            Equal,
        ] {
            for x in &values {
                for y in &values {
                    let mut fast = Evaluator::new(Vec::new());
                    let mut general = Evaluator::new(Vec::new());
                    let a = fast.binary(op, x, y, false, (0, 0), 0);
                    let b = general.binary_inner(op, x, y, false, (0, 0), 0);
                    assert_eq!(format!("{a:?}"), format!("{b:?}"), "{x:?} {op:?} {y:?}");
                    assert_eq!(
                        fast.meter.used(),
                        general.meter.used(),
                        "{x:?} {op:?} {y:?}"
                    );
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 8 * values.len() * values.len());
    }

    #[test]
    fn the_plain_number_path_skips_nothing_the_general_path_would_do() {
        // `plain_number_call` goes straight to a row's number implementation. For plain numbers
        // the general path differs only in asking the evaluator's own functions first: none of
        // them may claim a call that the plain path takes, at any argument count.
        let numbers: Vec<Value> = [0.5, -2.0, 3.0, 7.0].map(Value::Number).into();
        let mut claimed = Vec::new();
        let mut taken = 0;
        for row in crate::functions::BUILTINS {
            for count in 0..=numbers.len() {
                let fits = match row.arity {
                    Arity::Exactly(n) => count == n,
                    Arity::Between(lo, hi) => (lo..=hi).contains(&count),
                    Arity::AtLeast(n) => count >= n,
                };
                if !fits || plain_number_call(row, &numbers[..count]).is_none() {
                    continue;
                }
                taken += 1;
                let mut evaluator = Evaluator::new(Vec::new());
                if evaluator
                    .evaluator_function(row.name, &numbers[..count], 0)
                    .is_some()
                {
                    claimed.push((row.name, count));
                }
            }
        }
        assert!(claimed.is_empty(), "claimed by the evaluator: {claimed:?}");
        assert!(taken > 60, "the plain path took only {taken} calls");
        // And the disabled names and `config`, checked after the table in `call`, are not in it.
        for name in DISABLED.iter().chain(&["config"]) {
            assert!(builtin(name).is_none(), "{name} is in the table");
        }
    }

    /// The operators `eval` sends straight to `binary_operator` are exactly the binary
    /// arithmetic ones: a variant added among them in `Op` (which the test of its number
    /// against `DotPow` would take in) fails here.
    #[test]
    fn only_the_arithmetic_operators_skip_operator() {
        use Op::*;
        let all = [
            Add,
            Subtract,
            Multiply,
            Divide,
            DotMultiply,
            DotDivide,
            Mod,
            ModSign,
            Pow,
            DotPow,
            UnaryMinus,
            UnaryPlus,
            BitNot,
            Not,
            Factorial,
            Transpose,
            Nullish,
            And,
            Or,
            Xor,
            BitAnd,
            BitOr,
            BitXor,
            LeftShift,
            RightArithShift,
            RightLogShift,
            Equal,
            Unequal,
            Smaller,
            Larger,
            SmallerEq,
            LargerEq,
            To,
            In,
        ];
        // The first ten (Add to DotPow) take the shortcut, no other does.
        let (arithmetic, others) = all.split_at(10);
        assert!(arithmetic.iter().all(|op| is_arithmetic(*op)));
        assert!(!others.iter().any(|op| is_arithmetic(*op)), "{others:?}");
    }

    /// An arithmetic operator evaluated by `eval` (through `arithmetic`) answers what
    /// `eval_node` and `operator` (the general path) answer, value or error, and spends the
    /// same work: numbers, strings, booleans, Complex, matrices, functions on either side,
    /// implicit multiplication, percentages, failing operands and the work limit.
    #[test]
    fn arithmetic_agrees_with_the_general_path() {
        let expressions = [
            "1 + 2",
            "0.1 + 0.2",
            "7 - 10",
            "6 * 7",
            "1 / 0",
            "0 / 0",
            "7 mod -3",
            "-7 % 3",
            "2 ^ 10",
            "(-8) ^ (1/3)",
            "2 .^ 3",
            "[1, 2] .* [3, 4]",
            "[1, 2] ./ [3, 0]",
            "\"a\" + 1",
            "\"2\" * \"3\"",
            "true + true",
            "null * 2",
            "(1 + 2i) * (3 - i)",
            "2 i",
            "2 pi",
            "100 + 5%",
            "100 - 5%",
            "3 * 5%",
            "sin + 1",
            "1 + sin",
            "2 sin",
            "(f(x) = x) * 2",
            "undefinedName + 1",
            "1 + undefinedName",
            "[1, 2] + [1, 2, 3]",
            "bigint(2) + 1",
            "fraction(1, 3) + 1",
            "(1 + 2) * (3 - 4) / 5 ^ 2",
        ];
        for expression in expressions {
            for budget in [1, 2, 3, 5, WORK_BUDGET] {
                let input = serde_json::json!({ "expression": expression }).to_string();
                let request = request::decode(input.as_bytes()).expect("valid request");
                let tree = request::prepare(&request).expect("prepared");
                assert!(
                    matches!(&tree.kind, NodeKind::Operator { op, .. } if is_arithmetic(*op)),
                    "{expression}: not an arithmetic operator"
                );
                let mut fast_evaluator = Evaluator::with_budget(&[], budget);
                let fast = fast_evaluator.eval(&tree);
                let mut general = Evaluator::with_budget(&[], budget);
                let slow = general.eval_node(&tree);
                assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "{expression}");
                assert_eq!(
                    fast_evaluator.work_used(),
                    general.work_used(),
                    "{expression}"
                );
            }
        }
    }

    /// Runs `expression` with `budget` work units: the outcome and the units spent.
    fn run_counted(expression: &str, budget: u64) -> (Evaluated, u64) {
        let input = serde_json::json!({ "expression": expression }).to_string();
        let request = request::decode(input.as_bytes()).expect("valid request");
        let tree = request::prepare(&request).expect("prepared");
        let mut evaluator = Evaluator::with_budget(&[], budget);
        let outcome = evaluator.eval(&tree);
        (outcome, evaluator.work_used())
    }

    #[test]
    fn the_sum_of_a_range_agrees_with_the_general_path() {
        // `sum((r))` takes the general path (the range is built, then summed), charging one unit
        // more for the parentheses; `sum(r)` sums the range as it counts it out.
        let ranges = [
            "1:100",
            "1:2:100",
            "5:1",
            "-0:-1",
            "-0:0",
            "0:0.1:1",
            "0:0.1:1.0000000000001",
            "1:-0.25:-2",
            "10:-3:0",
            "0.1:0.7",
            "1e15:1e15+10",
            "1:0:5",
            "1:0",
            "0:1000000",
            "0:1000001",
            "0:1e300",
            "NaN:5",
            "1:NaN",
            "1:true",
            "true:3",
            "1:2:bignumber(7)",
            "1:bignumber(4)",
            "1:fraction(1, 2):3",
            "\"a\":3",
            "1:[2]",
            "1:2i",
            "1:x",
            "bigint(1):bigint(4)",
            "1:2:Infinity",
            "-Infinity:0",
        ];
        for range in ranges {
            let fused = format!("sum({range})");
            let general = format!("sum(({range}))");
            let (mut fast, fast_units) = run_counted(&fused, WORK_BUDGET);
            let (slow, slow_units) = run_counted(&general, WORK_BUDGET);
            if let Err(error) = &mut fast {
                // Positions inside the argument are one further right in `sum((r))`.
                error.position = error.position.map(|p| if p >= 4 { p + 1 } else { p });
            }
            assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "{range}");
            if fast.is_ok() {
                assert_eq!(fast_units + 1, slow_units, "{range}");
                // The meter stops both at the same point: N − 1 fails, N passes.
                let (short, _) = run_counted(&fused, fast_units - 1);
                let (exact, _) = run_counted(&fused, fast_units);
                let (short_general, _) = run_counted(&general, slow_units - 1);
                for stopped in [short, short_general] {
                    let reason = stopped.err().map(|e| e.reason);
                    assert_eq!(reason, Some(Reason::EvaluationTimeout), "{range}");
                }
                assert!(exact.is_ok(), "{range}");
            }
        }
        let (value, _) = run_counted("sum(1:100)", WORK_BUDGET);
        assert_eq!(format!("{value:?}"), "Ok(Number(5050.0))");
    }

    #[test]
    fn the_work_meter_stops_at_its_budget() {
        // `1 + 2 * 3` evaluates five nodes.
        for (budget, finishes) in [(4, false), (5, true), (6, true)] {
            let outcome = run("1 + 2 * 3", budget);
            match outcome {
                Ok(Value::Number(x)) => assert!(finishes && x == 7.0, "budget {budget}"),
                Err(e) => {
                    assert!(!finishes, "budget {budget}: {e}");
                    assert_eq!(e.reason, Reason::EvaluationTimeout);
                    assert_eq!(e.to_json()["error"]["code"], -32004);
                    assert_eq!(e.to_json()["error"]["data"]["retryable"], false);
                }
                Ok(other) => panic!("unexpected {other:?}"),
            }
        }
    }

    #[test]
    fn the_deadline_is_read_every_stride_of_charges() {
        // A deadline already past: an evaluation of fewer charges than the stride finishes (the
        // clock is not read), one of more is stopped at the stride. No timing is asserted.
        let past = |budget| {
            let mut evaluator = Evaluator::with_budget(&[], budget);
            evaluator.deadline = Some(Instant::now() - Duration::from_secs(1));
            evaluator
        };
        let run_with = |mut evaluator: Evaluator, expression: &str| {
            let input = serde_json::json!({ "expression": expression }).to_string();
            let request = request::decode(input.as_bytes()).expect("valid request");
            let tree = request::prepare(&request).expect("prepared");
            evaluator.eval(&tree)
        };
        let small = "{g: f(x) = x <= 0 ? 1 : f(x - 1) + f(x - 1)}.g(3)"; // 135 charges
        let large = "{g: f(x) = x <= 0 ? 1 : f(x - 1) + f(x - 1)}.g(4)"; // 279 charges
        assert!(run_with(past(WORK_BUDGET), small).is_ok());
        let e = run_with(past(WORK_BUDGET), large).expect_err("stopped by the deadline");
        assert_eq!(e.reason, Reason::EvaluationTimeout);
        assert!(run_with(Evaluator::with_budget(&[], WORK_BUDGET), large).is_ok());
    }

    #[test]
    fn exact_results_of_many_bits_ask_the_budget_first() {
        // A gauge that reads nothing held, and a budget of a quarter of PLANNED_BITS bytes:
        // a result of PLANNED_BITS bits asks for that many bytes (itself and a working copy)
        // and fits; one bit more does not. Smaller results are left to the periodic check.
        let mut evaluator = Evaluator::new(Vec::new());
        let gauge = reckon_core::MemoryGauge::new(|| 0);
        evaluator.limit_memory(Some(reckon_core::MemoryBudget::start(
            gauge,
            PLANNED_BITS / 4,
        )));
        assert!(evaluator.admit_digits(PLANNED_BITS - 1, 0).is_ok());
        assert!(evaluator.admit_digits(PLANNED_BITS, 0).is_ok());
        assert!(evaluator.admit_digits(PLANNED_BITS + 3, 0).is_ok());
        let e = evaluator
            .admit_digits(PLANNED_BITS + 4, 7)
            .expect_err("over the budget");
        assert_eq!(e.reason, Reason::ResultTooLarge);
        assert_eq!(e.position, Some(7));
        // Without a budget nothing is refused.
        assert!(Evaluator::new(Vec::new()).admit_digits(u64::MAX, 0).is_ok());
    }

    #[test]
    fn the_clock_is_read_after_many_units_in_few_charges() {
        // A deadline already past, and charges far apart in units: the clock is read at the
        // first memory-stride check after CLOCK_UNITS units, long before DEADLINE_STRIDE charges.
        let mut evaluator = Evaluator::with_budget(&[], WORK_BUDGET);
        evaluator.deadline = Some(Instant::now() - Duration::from_secs(1));
        for _ in 1..MEMORY_STRIDE {
            evaluator
                .charge(CLOCK_UNITS / 15 + 1)
                .expect("within the stride");
        }
        let e = evaluator.charge(1).expect_err("the clock was read");
        assert_eq!(e.reason, Reason::EvaluationTimeout);
        // Just under CLOCK_UNITS in a stride: not read.
        let mut evaluator = Evaluator::with_budget(&[], WORK_BUDGET);
        evaluator.deadline = Some(Instant::now() - Duration::from_secs(1));
        for _ in 1..MEMORY_STRIDE {
            evaluator
                .charge(CLOCK_UNITS / 16)
                .expect("within the stride");
        }
        evaluator
            .charge(CLOCK_UNITS / 16 - 1)
            .expect("15/16 of CLOCK_UNITS plus less than 1/16: the clock is not read");
    }

    #[test]
    fn the_clock_starts_at_the_first_stride_not_before() {
        // Reading the clock costs as much as a small evaluation: fewer charges than the stride
        // never read it; the first stride starts the deadline, and a later one checks it.
        let evaluate = |expression: &str| {
            let mut evaluator = Evaluator::with_budget(&[], WORK_BUDGET);
            let input = serde_json::json!({ "expression": expression }).to_string();
            let request = request::decode(input.as_bytes()).expect("valid request");
            let tree = request::prepare(&request).expect("prepared");
            assert!(evaluator.eval(&tree).is_ok());
            (evaluator.charges, evaluator.deadline)
        };
        let (charges, deadline) = evaluate("{g: f(x) = x <= 0 ? 1 : f(x - 1) + f(x - 1)}.g(3)");
        assert!(charges < DEADLINE_STRIDE && deadline.is_none());
        let before = Instant::now();
        let (charges, deadline) = evaluate("{g: f(x) = x <= 0 ? 1 : f(x - 1) + f(x - 1)}.g(4)");
        assert!(charges >= DEADLINE_STRIDE);
        assert!(deadline.is_some_and(|d| d >= before + DEADLINE));
    }

    #[test]
    fn conditions_are_tested_as_math_js_tests_them() {
        // math.js 15.2's answers (its `testCondition`), found by the differential test's seeds.
        for (expression, want) in [
            ("bignumber(NaN) ? 1 : 2", "number 1"),
            ("bignumber(0) ? 1 : 2", "number 2"),
            ("bignumber(-0) ? 1 : 2", "number 2"),
            ("complex(NaN, 0) ? 1 : 2", "number 2"),
            ("complex(0, NaN) ? 1 : 2", "number 2"),
            ("complex(NaN, 1) ? 1 : 2", "number 1"),
            ("complex(0, 0) ? 1 : 2", "number 2"),
            ("complex(0, 1) ? 1 : 2", "number 1"),
            ("NaN ? 1 : 2", "number 2"),
            ("\"\" ? 1 : 2", "number 2"),
            ("null ? 1 : 2", "number 2"),
        ] {
            assert_eq!(answer_in(expression, "number"), want, "{expression}");
        }
        assert_eq!(
            answer_in("min(3, 1e3) >> -10 ? 10 : 1", "BigNumber"),
            "BigNumber 10"
        );
        for (expression, type_name) in [
            ("[] ? 1 : 2", "DenseMatrix"),
            ("{} ? 1 : 2", "Object"),
            ("(f(x) = x) ? 1 : 2", "function"),
            ("sparse([1]) ? 1 : 2", "SparseMatrix"),
            ("index(1) ? 1 : 2", "Index"),
            ("bigint(1) ? 1 : 2", "bigint"),
        ] {
            assert_eq!(
                answer_in(expression, "number"),
                format!(
                    "evaluation_failed: Evaluation failed: Unsupported type of condition \"{type_name}\""
                ),
                "{expression}"
            );
        }
        // The one deliberate difference: math.js refuses a Fraction condition, even in Fraction
        // mode; reckon tests it against zero.
        assert_eq!(answer_in("1/2 ? 1 : 2", "Fraction"), "Fraction 1/1");
        assert_eq!(answer_in("0/2 ? 1 : 2", "Fraction"), "Fraction 2/1");
    }

    #[test]
    fn huge_combinatorial_loops_are_priced_before_they_start() {
        // Each was found by a fuzzing pass: it charged its loop step by step (or not at all for
        // an operand beyond f64), so it ran until the meter ran dry after ~2 s, or until the 5 s
        // deadline. Now the whole loop is priced first: the refusal comes after fewer charges
        // than the deadline's stride, so the clock is never read and the deadline plays no part.
        for expression in [
            "combinations(bignumber(10)^309, 2)",
            "catalan(bignumber(10)^500)",
            "composition(bignumber(10)^1000, 2)",
            "factorial(bignumber(10)^400)",
            "combinationsWithRep(33, bignumber(2^32))",
            "bellNumbers(2000)",
            "stirlingS2(3000, 1500)",
            "permutations(bignumber(10)^20, 1e7)",
        ] {
            let input = serde_json::json!({ "expression": expression, "numericType": "BigNumber" })
                .to_string();
            let request = request::decode(input.as_bytes()).expect("valid request");
            let tree = request::prepare(&request).expect("prepared");
            let mut evaluator = Evaluator::for_numeric_type(Vec::new(), request.numeric_type);
            let e = evaluator.eval(&tree).expect_err(expression);
            assert_eq!(e.reason, Reason::EvaluationTimeout, "{expression}");
            assert!(evaluator.charges < DEADLINE_STRIDE, "{expression}");
            assert!(evaluator.deadline.is_none(), "{expression}");
        }
    }

    #[test]
    fn exponential_recursion_is_stopped_by_the_meter_not_left_to_run() {
        // 2^41 calls, which math.js would run for days; the depth guard (200) never trips here.
        let doubling = "{g: f(x) = x <= 0 ? 1 : f(x - 1) + f(x - 1)}.g(40)";
        let e = run(doubling, 1_000_000).expect_err("stopped");
        assert_eq!(e.reason, Reason::EvaluationTimeout);
        // g(n) costs 5·2ⁿ + 13·(2ⁿ − 1) nodes for the recursion, plus 4 for the object, the
        // definition, the property call and its argument: exactly that budget finishes.
        let cost = |n: u64| 5 * (1 << n) + 13 * ((1 << n) - 1) + 4;
        let small = "{g: f(x) = x <= 0 ? 1 : f(x - 1) + f(x - 1)}.g(10)";
        for (budget, finishes) in [
            (cost(10) - 1, false),
            (cost(10), true),
            (cost(10) + 1, true),
        ] {
            assert_eq!(run(small, budget).is_ok(), finishes, "budget {budget}");
        }
        assert!(cost(21) <= WORK_BUDGET && cost(22) > WORK_BUDGET);
    }
}

#[cfg(test)]
mod property_call_tests {
    use serde_json::json;

    fn answer(expression: &str) -> String {
        let input = json!({ "expression": expression }).to_string();
        match crate::calculate(input.as_bytes()) {
            Ok(out) => out["result"].as_str().unwrap_or_default().to_owned(),
            Err(e) => format!("{}: {}", e.reason.name(), e.message),
        }
    }

    #[test]
    fn functions_stored_in_objects_can_be_called() {
        assert_eq!(answer("{f: sin}.f(0)"), "0");
        assert_eq!(answer("{f: sin}[\"f\"](0)"), "0");
        assert_eq!(answer("{g: f(x) = x^2}.g(3)"), "9");
        assert_eq!(answer("{a: 3}.foo?.(2)"), "undefined");
        assert_eq!(answer("{a: 1}?.b(3)"), "undefined");
        assert_eq!(answer("null?.f(2)"), "undefined");
    }

    #[test]
    fn other_values_have_no_methods() {
        assert_eq!(
            answer("{a: true}.a(2)"),
            "parse_failed: Invalid expression: No access to method \"a\""
        );
        assert_eq!(
            answer("{a: 1}.b(3)"),
            "parse_failed: Invalid expression: No access to method \"b\""
        );
        assert_eq!(
            answer("(3.2).toFixed()"),
            "parse_failed: Invalid expression: No access to method \"toFixed\""
        );
        assert_eq!(
            answer("{f: sin}.f()"),
            "evaluation_failed: Evaluation failed: sin() takes 1 argument(s), got 0"
        );
    }
}

#[cfg(test)]
mod fraction_mode_tests {
    use serde_json::json;

    fn answer(expression: &str, scope: serde_json::Value) -> String {
        let input = json!({ "expression": expression, "numericType": "Fraction", "scope": scope })
            .to_string();
        match crate::calculate(input.as_bytes()) {
            Ok(out) => format!(
                "{} {}",
                out["result"].as_str().unwrap_or_default(),
                out["resultType"].as_str().unwrap_or_default()
            ),
            Err(e) => format!(
                "{} {}",
                e.reason.name(),
                e.position.map_or("-".into(), |p| p.to_string())
            ),
        }
    }

    /// gcd and lcm of several Fractions and of one vector, as math.js 15.2 answers them.
    #[test]
    fn gcd_and_lcm_reduce_any_number_of_fractions() {
        let none = json!({});
        assert_eq!(answer("gcd([4, 6, 9])", none.clone()), "1/1 Fraction");
        assert_eq!(answer("lcm(4, 6, 9)", none.clone()), "36/1 Fraction");
        assert_eq!(answer("gcd(1/2, 3/4, 5/6)", none.clone()), "1/12 Fraction");
        assert_eq!(answer("lcm(1/2, 3/4, 5/6)", none.clone()), "15/2 Fraction");
        assert_eq!(
            answer("gcd([[4, 6], [8, 10]])", none.clone()),
            "evaluation_failed 0"
        );
        assert_eq!(answer("gcd([5])", none.clone()), "evaluation_failed 0");
        assert_eq!(answer("lcm(5)", none), "evaluation_failed 0");
    }

    #[test]
    fn the_worked_examples_of_section_12() {
        let none = json!({});
        assert_eq!(answer("0.1 + 0.2", none.clone()), "3/10 Fraction");
        assert_eq!(answer("7", none.clone()), "7/1 Fraction");
        assert_eq!(answer("2e5", none.clone()), "200000/1 Fraction");
        assert_eq!(answer("sqrt(4)", none.clone()), "fraction_unsupported 0");
        assert_eq!(
            answer("2 * sqrt(4)", none.clone()),
            "fraction_unsupported 4"
        );
        assert_eq!(answer("pi", none.clone()), "fraction_unsupported -");
        assert_eq!(answer("1e1001", none.clone()), "parse_failed 0");
        // Errors of an operation point at its operator (section 9.1).
        assert_eq!(answer("1/0", none.clone()), "undefined_result 1");
        assert_eq!(answer("0 / 0", none), "undefined_result 2");
    }

    #[test]
    fn literal_failures_are_parse_time_and_come_first() {
        // An undefined name earlier in the expression would fail at evaluation; the literal
        // fails at parse time, so it is what is reported.
        assert_eq!(answer("nope + 1e-1001", json!({})), "parse_failed 7");
        assert_eq!(answer("0x1F", json!({})), "parse_failed 0");
        assert_eq!(answer("1e1000 / 1e1000", json!({})), "1/1 Fraction");
    }

    #[test]
    fn scope_floats_become_fractions_only_when_exact() {
        assert_eq!(answer("x", json!({"x": 3.14158})), "157079/50000 Fraction");
        assert_eq!(answer("x", json!({"x": 0.5})), "1/2 Fraction");
        assert_eq!(
            answer("x * 2", json!({"x": 1e-10})),
            "fraction_unsupported 2"
        );
        assert_eq!(answer("2 x", json!({"x": 1e-10})), "fraction_unsupported 2");
        // A float result that is a safe integer passes step 10e; any other float does not.
        assert_eq!(answer("number(4/2)", json!({})), "2 number");
        assert_eq!(answer("number(1/3)", json!({})), "fraction_unsupported -");
        assert_eq!(
            answer("number(9007199254740991)", json!({})),
            "9007199254740991 number"
        );
        assert_eq!(
            answer("number(9007199254740992)", json!({})),
            "fraction_unsupported -"
        );
    }

    #[test]
    fn exact_operations() {
        let none = json!({});
        for (expression, want) in [
            ("fix(-7/2)", "-3/1 Fraction"),
            ("round(-5/2)", "-2/1 Fraction"),
            ("-7/2 mod 2", "1/2 Fraction"),
            ("mod(7/2, 0)", "7/2 Fraction"),
            ("gcd(1/2, 1/3)", "1/6 Fraction"),
            // dashu panics on gcd(0, 0); fraction.js answers 0 (found by the collections
            // differential test).
            ("gcd(0, 0)", "0/1 Fraction"),
            ("lcm(0, 0)", "0/1 Fraction"),
            ("lcm(4, 6)", "12/1 Fraction"),
            ("(2/3)^-2", "9/4 Fraction"),
            ("8^(1/3)", "2/1 Fraction"),
            ("2^100", "1267650600228229401496703205376/1 Fraction"),
            ("0.1 + 0.2 == 0.3", "true boolean"),
            ("10 + 5%", "21/2 Fraction"),
            ("max(0, true)", "true boolean"),
            ("square(-1/2)", "1/4 Fraction"),
            ("2^(1/2)", "fraction_unsupported -"),
            ("factorial(5)", "fraction_unsupported 0"),
            ("1/3 ? 2 : 3", "2/1 Fraction"),
            ("-0", "0/1 Fraction"),
        ] {
            assert_eq!(answer(expression, none.clone()), want, "{expression}");
        }
    }

    #[test]
    fn operators_without_an_exact_implementation_are_refused() {
        for (expression, position) in [("5!", 1), ("1/3 & 1", 4), ("1/3 << 1", 4), ("~(1/3)", 0)] {
            assert_eq!(
                answer(expression, json!({})),
                format!("fraction_unsupported {position}"),
                "{expression}"
            );
        }
    }

    #[test]
    fn exact_values_are_bounded() {
        // 2^3321928 has 3,321,929 bits, the cap (charged 103,811 limbs · 22 squarings); one more
        // is refused before it is built.
        assert_eq!(answer("isInteger(2^3321928)", json!({})), "true boolean");
        assert_eq!(answer("2^3321929", json!({})), "evaluation_timeout -");
        assert_eq!(answer("10^(10^10)", json!({})), "evaluation_timeout -");
        // The exact-root test is charged by its Newton steps: small bases pass, a
        // million-digit base is refused at once instead of taking seconds.
        let root = answer("(10^9998)^(1/2)", json!({}));
        assert_eq!(root, format!("1{}/1 Fraction", "0".repeat(4999)));
        assert_eq!(
            answer("(10^999998)^(1/2)", json!({})),
            "evaluation_timeout -"
        );
        // A result with more digits than the 100,000-character limit is refused before its
        // digits are written out.
        assert_eq!(answer("2^400000", json!({})), "result_too_large -");
        assert_eq!(
            answer("2^300000", json!({})).len(),
            "/1 Fraction".len() + 90_309
        );
    }
}

#[cfg(test)]
mod predicate_tests {
    use serde_json::json;

    fn answer(expression: &str) -> String {
        let input = json!({ "expression": expression }).to_string();
        crate::calculate(input.as_bytes()).map_or_else(
            |e| e.reason.name().to_owned(),
            |out| out["result"].as_str().unwrap_or_default().to_owned(),
        )
    }

    #[test]
    fn zero_tests_use_math_js_tolerances() {
        // math.js compares with 0 under absTol 1e-15: isZero(1e-21) is true.
        for (expression, want) in [
            ("isZero(1e-21)", "true"),
            ("isZero(1e-15)", "true"),
            ("isZero(2e-15)", "false"),
            ("isPositive(1e-16)", "false"),
            ("isPositive(2e-15)", "true"),
            ("isNegative(-1e-16)", "false"),
            ("isNegative(-2e-15)", "true"),
        ] {
            assert_eq!(answer(expression), want, "{expression}");
        }
    }

    #[test]
    fn is_prime_of_infinity_answers_where_math_js_never_returns() {
        // math.js 15.2 loops forever on isPrime(Infinity) (its trial division never ends).
        assert_eq!(answer("isPrime(Infinity)"), "false");
        assert_eq!(answer("isPrime(factorial(12345.678))"), "false");
        assert_eq!(answer("isPrime(2^31 - 1)"), "true");
        assert_eq!(answer("isPrime(2^53 - 111)"), "true");
    }
}

/// Cases the differential test found (or would find) where reckon and math.js 15.2 differed;
/// each expected answer was printed by math.js.
#[cfg(test)]
mod mathjs_agreement_tests {
    fn answer(expression: &str, numeric_type: &str) -> String {
        let input =
            serde_json::json!({"expression": expression, "numericType": numeric_type}).to_string();
        match crate::calculate(input.as_bytes()) {
            Ok(out) => format!(
                "{} {}",
                out["resultType"].as_str().unwrap_or("?"),
                out["result"].as_str().unwrap_or("?")
            ),
            Err(e) => e.reason.name().to_owned(),
        }
    }

    #[test]
    fn a_percentage_added_is_a_times_b_percent_in_every_type() {
        for mode in ["number", "BigNumber"] {
            assert_eq!(answer("100 + 5%", mode), format!("{mode} 105"), "{mode}");
            assert_eq!(answer("100 - 5%", mode), format!("{mode} 95"), "{mode}");
            assert_eq!(answer("(2i) + 5%", mode), "Complex 2.1i", "{mode}");
            assert_eq!(answer("5 - (2i)%", mode), "Complex 5 - 0.1i", "{mode}");
            assert_eq!(
                answer("[1, 2] + [5, 10]%", mode),
                "DenseMatrix [1.25, 2.25]"
            );
            assert_eq!(answer("2 + [5, 10]%", mode), "DenseMatrix [2.1, 2.2]");
        }
        assert_eq!(answer("100 + 12.5%", "Fraction"), "Fraction 225/2");
        assert_eq!(
            answer("[1, 2] + 5%", "Fraction"),
            "DenseMatrix [21/20, 21/10]"
        );
    }

    #[test]
    fn complex_numbers_meet_no_boolean_or_null() {
        for expression in [
            "true + i",
            "i == true",
            "i * false",
            "null + i",
            "[true] + i",
        ] {
            assert_eq!(
                answer(expression, "number"),
                "type_mismatch",
                "{expression}"
            );
        }
        assert_eq!(answer("\"2\" + i", "number"), "Complex 2 + i");
        // A chain compares as its operators do, Complex included.
        assert_eq!(
            answer("log(31, -2.5) == 2.5! <= combinations(11, 4)", "number"),
            "boolean false"
        );
    }

    #[test]
    fn bignumber_operators_follow_math_js() {
        let big = |e: &str| answer(e, "BigNumber");
        // A BigNumber 0 or −1 does not short-circuit & and |.
        assert_eq!(big("0 & 1e-7"), "evaluation_failed");
        assert_eq!(big("-1 | 0.5"), "evaluation_failed");
        assert_eq!(answer("0 & 1e-7", "number"), "number 0");
        // Negative shifts are NaN; shifts by Infinity follow decimal.js's signs.
        assert_eq!(big("isNaN(2 << -1)"), "boolean true");
        assert_eq!(big("isNaN(100 >> log(0, 100))"), "boolean true");
        assert_eq!(big("bignumber(-5) >> (bignumber(1) / 0)"), "BigNumber -1");
        assert_eq!(big("bignumber(0) << (bignumber(1) / 0)"), "BigNumber 0");
        assert_eq!(big("70 << 70"), "BigNumber 8.264141345021879123968e+22");
        // min and max return the winning argument as given.
        assert_eq!(big("min(6, true)"), "boolean true");
        assert_eq!(big("max(6, true)"), "BigNumber 6");
        // and/or/xor convert a number meeting a BigNumber (section 5.4).
        assert_eq!(big("erf(true) and 7"), "type_mismatch");
        assert_eq!(big("bignumber(7) or 0.8427007929497148"), "boolean true");
        assert_eq!(
            answer("bignumber(7) and 0.8427007929497148", "number"),
            "type_mismatch"
        );
    }

    #[test]
    fn bitwise_and_or_take_a_matrix_element_by_element() {
        for mode in ["number", "BigNumber"] {
            assert_eq!(answer("[1, 2] & 3", mode), "DenseMatrix [1, 2]", "{mode}");
            assert_eq!(answer("[1, 2] | 4", mode), "DenseMatrix [5, 6]", "{mode}");
            assert_eq!(
                answer("[1, 2] & [3, 1]", mode),
                "DenseMatrix [1, 0]",
                "{mode}"
            );
            assert_eq!(
                answer("[[1, 2]] | 1", mode),
                "DenseMatrix [[1, 3]]",
                "{mode}"
            );
            assert_eq!(answer("[0, 2] & undefinedx", mode), "parse_failed");
        }
    }

    #[test]
    fn bignumber_bitwise_operators_on_infinities_and_nan() {
        let big = |e: &str| answer(e, "BigNumber");
        let inf = "(bignumber(1) / 0)";
        assert_eq!(big(&format!("({inf} & -5) > 0")), "boolean true");
        assert_eq!(big(&format!("{inf} & 5")), "BigNumber 5");
        assert_eq!(big(&format!("-{inf} & 5")), "BigNumber 0");
        assert_eq!(big(&format!("(-5 & -{inf}) < 0")), "boolean true");
        assert_eq!(big(&format!("{inf} | -5")), "BigNumber -1");
        assert_eq!(big(&format!("{inf} ^| {inf}")), "BigNumber 0");
        assert_eq!(big(&format!("{inf} ^| -{inf}")), "BigNumber -1");
        assert_eq!(big("(log(pi, 1) ^| 1) > 0"), "boolean true");
        assert_eq!(
            big(&format!("isNaN(~bignumber(NaN)) and ~{inf} < 0")),
            "boolean true"
        );
        // `NaN & 0.5` is NaN (the operator's left-side rule); `0.5 & NaN` is refused.
        assert_eq!(big("isNaN(bignumber(NaN) & 0.5)"), "boolean true");
        assert_eq!(big("0.5 & bignumber(NaN)"), "evaluation_failed");
    }

    #[test]
    fn is_integer_is_tolerant_except_for_fractions() {
        for mode in ["number", "BigNumber"] {
            for (expression, expected) in [
                ("isInteger(1.0000000000001)", "true"),
                ("isInteger(1.00000000001)", "false"),
                ("isInteger(1e-16)", "true"),
                ("isInteger(0.99999999999999)", "true"),
                ("isInteger(2^70 + 0.5)", "true"),
                ("isInteger(\"1.0000000000001\")", "true"),
            ] {
                assert_eq!(
                    answer(expression, mode),
                    format!("boolean {expected}"),
                    "{mode} {expression}"
                );
            }
        }
        assert_eq!(answer("-isInteger(zeta(100))", "number"), "number -1");
        assert_eq!(
            answer("isInteger(1.0000000000001)", "Fraction"),
            "boolean false"
        );
        assert_eq!(answer("isInteger(2^70 + 0.5)", "Fraction"), "boolean false");
    }

    #[test]
    fn min_max_of_one_complex_and_round_of_a_number_to_bignumber_places() {
        for mode in ["number", "BigNumber"] {
            assert_eq!(answer("min(sqrt(-2))", mode), "Complex 1.4142135623730951i");
            assert_eq!(answer("max(2i)", mode), "Complex 2i");
            assert_eq!(answer("min([2i])", mode), "Complex 2i");
            assert_eq!(answer("min(2i, 3i)", mode), "type_mismatch");
            assert_eq!(answer("round(pi, bignumber(3))", mode), "BigNumber 3.142");
        }
        assert_eq!(
            answer("round(numeric(pi), 3) or 0", "BigNumber"),
            "boolean true"
        );
        assert_eq!(
            answer("round(numeric(pi), 3)", "BigNumber"),
            "BigNumber 3.142"
        );
        assert_eq!(
            answer("floor(3.141592653589793, bignumber(2))", "number"),
            "type_mismatch"
        );
    }

    #[test]
    fn type_of_a_matrix_string_of_infinity_and_boolean_of_strings() {
        for mode in ["number", "BigNumber"] {
            assert_eq!(answer("typeOf([1, 2])", mode), "string \"DenseMatrix\"");
            assert_eq!(answer("typeOf(size([1, 2]))", mode), "string \"Array\"");
            assert_eq!(answer("string(-1/0)", mode), "string \"-Infinity\"");
            assert_eq!(answer("boolean(\"TRUE\")", mode), "boolean true");
            assert_eq!(answer("boolean(\"false\")", mode), "boolean false");
            assert_eq!(answer("boolean(\" 1 \")", mode), "boolean true");
            assert_eq!(answer("boolean(\"0\")", mode), "boolean false");
            for refused in ["boolean(\"abc\")", "boolean(\" true \")", "boolean(\"\")"] {
                assert_eq!(answer(refused, mode), "type_mismatch", "{refused}");
            }
        }
        assert_eq!(
            answer("string(combinations(1000, 130))", "number"),
            "string \"Infinity\""
        );
    }

    #[test]
    fn bignumber_refusals_say_what_math_js_says() {
        assert_eq!(answer("8 >>> 1", "BigNumber"), "type_mismatch");
        assert_eq!(answer("[8] >>> 1", "BigNumber"), "type_mismatch");
        assert_eq!(answer("8 >>> 1", "number"), "number 4");
        assert_eq!(answer("lgamma(5)", "BigNumber"), "evaluation_failed");
    }

    #[test]
    fn and_or_with_matrices_complex_and_null_as_math_js() {
        let n = |e: &str| answer(e, "number");
        assert_eq!(n("[1, 0] and false"), "DenseMatrix [0, 0]");
        assert_eq!(n("[1, 0] and [1, 1]"), "DenseMatrix [true, false]");
        assert_eq!(n("1 and [1, 0]"), "DenseMatrix [true, false]");
        assert_eq!(n("0 or [1, 0]"), "DenseMatrix [true, false]");
        assert_eq!(n("[1, 2] and \"\""), "DenseMatrix [0, 0]");
        assert_eq!(n("0 and [1, 0]"), "boolean false");
        assert_eq!(n("i or 1"), "type_mismatch");
        assert_eq!(n("null or 1"), "type_mismatch");
        assert_eq!(n("1 or null"), "boolean true");
        assert_eq!(n("0 or i"), "boolean true");
        assert_eq!(answer("max(0.5, \"4\")", "Fraction"), "Fraction 4/1");
    }

    /// Element by element (a matrix operand), and `xor` always, math.js's typed and/or/xor: a
    /// Complex beside a number converts, beside a boolean it does not; null and undefined have
    /// no form, but a matrix `and` a falsy scalar is zeros before any element is looked at.
    /// Every expected answer was printed by math.js 15.2.
    #[test]
    fn and_or_xor_element_by_element_take_what_math_js_types_take() {
        let n = |e: &str| answer(e, "number");
        assert_eq!(n("[1] or i"), "DenseMatrix [true]");
        assert_eq!(n("[1, 2] or [i, 0]"), "DenseMatrix [true, true]");
        assert_eq!(n("[0] and i"), "DenseMatrix [false]");
        assert_eq!(n("[i] or 1"), "DenseMatrix [true]");
        assert_eq!(n("or([1], i)"), "DenseMatrix [true]");
        assert_eq!(n("[true] or i"), "type_mismatch");
        assert_eq!(n("[1] or null"), "type_mismatch");
        assert_eq!(n("[0] or undefined"), "type_mismatch");
        assert_eq!(n("[null] or 1"), "type_mismatch");
        assert_eq!(n("[1] xor null"), "type_mismatch");
        assert_eq!(n("1 xor null"), "type_mismatch");
        assert_eq!(n("xor(null, 1)"), "type_mismatch");
        assert_eq!(n("[bigint(1)] or null"), "type_mismatch");
        assert_eq!(
            answer("bignumber(1) xor null", "BigNumber"),
            "type_mismatch"
        );
        assert_eq!(n("[1] and null"), "DenseMatrix [0]");
        assert_eq!(n("[0] and undefined"), "DenseMatrix [0]");
        assert_eq!(n("[] or null"), "DenseMatrix []");
        assert_eq!(n("xor(1, i)"), "boolean false");
    }

    #[test]
    fn numeric_reads_prefixed_strings_as_number_does() {
        assert_eq!(
            answer("log10(numeric(bin(6, 4)))", "number"),
            "number 0.7781512503836436"
        );
        assert_eq!(answer("numeric(\"0xFFi8\")", "number"), "number -1");
        assert_eq!(answer("numeric(\"abc\")", "number"), "evaluation_failed");
    }

    /// The right side of `and`/`or`, when it is evaluated, as math.js's typed `and`/`or` take
    /// it: null and undefined never, a Complex unless beside a boolean (the other scalars
    /// convert to a Complex). Every expected answer was printed by math.js 15.2.
    #[test]
    fn and_or_refuse_a_right_side_math_js_has_no_form_for() {
        let mismatch = |name: &str, actual: &str| {
            format!(
                "type_mismatch: Type mismatch: Unexpected type of argument in function {name} \
                 (actual: {actual}, index: 1)"
            )
        };
        for (expression, expected) in [
            ("true and i", mismatch("and", "Complex")),
            ("true and log10(-2)", mismatch("and", "Complex")),
            ("false or i", mismatch("or", "Complex")),
            ("true and null", mismatch("and", "null")),
            ("false or undefined", mismatch("or", "undefined")),
            ("0 or null", mismatch("or", "null")),
            ("1 and i", "boolean true".to_owned()),
            ("0 or i", "boolean true".to_owned()),
            ("bignumber(1) and i", "boolean true".to_owned()),
            // Not evaluated: no refusal.
            ("false and i", "boolean false".to_owned()),
            ("true or null", "boolean true".to_owned()),
            // The calls are the same transforms: the left side may decide alone.
            ("and(0, nope)", "boolean false".to_owned()),
            ("or(1, nope)", "boolean true".to_owned()),
            ("or(true, i)", "boolean true".to_owned()),
            ("and(1, i)", "boolean true".to_owned()),
            ("and(1, null)", mismatch("and", "null")),
            (
                "or(null, 1)",
                mismatch("or", "null").replace("index: 1", "index: 0"),
            ),
        ] {
            assert_eq!(
                crate::test_support::answer_in(expression, "number"),
                expected,
                "{expression}"
            );
        }
    }
}
