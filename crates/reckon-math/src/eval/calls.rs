//! Calls: of built-ins (with the plain-number, number-value and range shortcuts beside the
//! general path), of functions defined in the expression, and of functions stored in objects;
//! property access; and number literals.

use super::*;

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
pub(super) fn literal_error(message: String, at: usize) -> CalculateError {
    CalculateError::new(
        Reason::ParseFailed,
        format!("Invalid expression: {message}"),
    )
    .at(at)
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

impl Evaluator {
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

    pub(crate) fn to_number(&self, value: &Value, at: usize) -> Result<f64, CalculateError> {
        to_number(value).map_err(|e| match (e, value) {
            (_, Value::Function(_)) => function_as_value(None, at),
            (e, _) => function_error(e, "", at),
        })
    }

    pub(super) fn call(&mut self, callee: &Node, args: &[Node], optional: bool) -> Evaluated {
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
            if let (&[_, _], "bitAnd" | "bitOr") = (args, row.name) {
                // math.js's transforms make the calls the operators `&` and `|` (section 4.5):
                // the left value may decide alone (`bitAnd(false, [1, 2])` is 0).
                let op = if row.name == "bitAnd" {
                    Op::BitAnd
                } else {
                    Op::BitOr
                };
                return self.operator(op, args, false, false, position);
            }
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
            if row.facts.has(crate::functions::Facts::RAW_ARGUMENTS) {
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
                ("number".into(), Value::Str(self.numeric_type_name().into())),
                ("numberFallback".into(), Value::Str("number".into())),
                ("precision".into(), Value::Number(64.0)),
                ("predictable".into(), Value::Boolean(false)),
                ("randomSeed".into(), Value::Null),
                ("legacySubset".into(), Value::Boolean(false)),
            ]));
        }
        if matches!(name.as_str(), "unit" | "to" | "toBest" | "splitUnit") {
            let mut values = Vec::with_capacity(args.len());
            for arg in args {
                values.push(self.eval(arg)?);
            }
            if let Some(answer) = self.unit_call(name, &values, position) {
                return answer;
            }
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
    pub(super) fn call_plain(
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
    pub(super) fn stack_numbers(
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
    pub(super) fn sum_of_range(
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

    /// [`Evaluator::apply`] of a row marked [`crate::functions::Facts::NUMBER_VALUES`] in number
    /// mode, for the common call on numbers (`max(3, 7, 2)`): while the arguments are numbers (at most
    /// four) they stay on the stack, and once they are all in and their count is right, the
    /// row's implementation is called as `call_builtin_inner` ends up calling it (none of the
    /// evaluator's own functions claims such a call: a unit test checks it). Anything else takes
    /// the general path with the values evaluated so far. A unit test holds both paths equal.
    pub(super) fn call_number_values(
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
    pub(super) fn apply(
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
        if let Some(answer) = self.inline_callback_call(function, row, name, args, at) {
            return answer;
        }
        let mut values = Vec::with_capacity(args.len());
        for arg in args {
            values.push(self.eval(arg)?);
        }
        self.invoke(function, row, name, values, Some(args), at)
    }

    /// What [`Evaluator::apply`] does with the arguments of a call of the built-in `row` (by
    /// `name`, at `at`) once they are evaluated into `values`, for a row that takes its
    /// arguments evaluated (not marked [`crate::functions::Facts::RAW_ARGUMENTS`]) and values that
    /// are not functions:
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
    pub(super) fn invoke(
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
                if let Some(answer) = self.unit_call(row.name, &values, at) {
                    return answer;
                }
                if let Some(answer) = self.documented_signature(row, name, &values, at) {
                    return answer;
                }
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
                    && !row.facts.has(crate::functions::Facts::TAKES_FUNCTIONS)
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
    pub(super) fn call_builtin_inner(
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
            && !row.facts.has(crate::functions::Facts::SPARSE_AWARE)
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
            && row.facts.has(crate::functions::Facts::VALUES_AS_GIVEN)
        {
            if canonical == "format" {
                // One unit per number formatted (the text itself is bounded by `format`), and
                // the work of each repeating decimal as it is found; the memory of a long
                // number's digits is asked for before they are laid out.
                self.charge(crate::value::matrix::leaves(&values[0]) as u64)?;
                if let Some(bytes) = crate::functions::notation::planned_digits(values.get(1)) {
                    self.admit_memory(bytes).map_err(|e| e.at(at))?;
                }
                let mut meter = FunctionMeter {
                    evaluator: self,
                    stopped: None,
                };
                let result = crate::functions::notation::format_metered(&values, &mut meter);
                if let Some(error) = meter.stopped {
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
        if let Some(result) = self.complex_function(row, &values, at) {
            return result;
        }
        if values.iter().any(|v| matches!(v, Value::Matrix(_))) {
            return self.map_function(row, name, &values, at);
        }
        if let Some(result) = self.bigint_function(row, &values, at) {
            return result;
        }
        if let Some(result) = self.big_function(row, &values, at) {
            return result;
        }
        if values.iter().any(|v| matches!(v, Value::Fraction(_))) {
            return self.apply_fraction(row, &values, at);
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

    pub(super) fn access(
        &mut self,
        object: &Node,
        index: &Node,
        optional: bool,
        at: usize,
    ) -> Evaluated {
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
    pub(super) fn property_key(
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
    pub(super) fn call_property(
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
