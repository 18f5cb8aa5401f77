//! The rewriter of section 8.1: bottom-up passes to a fixed point over the working form, each
//! charged by the size of the tree it inspects. One pass folds constants to exact fractions
//! (functions through the evaluator), applies the identities, combines like terms (`sum`) and
//! like factors and powers (`product`, `power`), and the trigonometric rules when asked
//! (`super::trig`). After the fixed point, the polynomial steps of spec 11d (`super::poly`) are
//! tried on each sum and quotient and kept only when they make the expression smaller.

use super::expr::{Expr, key, number};
use super::{Work, poly, symbolic_failure, trig};
use crate::error::CalculateError;
use crate::num::fraction;
use crate::syntax::ast::{Node, NodeKind, Op};
use dashu_ratio::RBig;
use reckon_core::Span;
use smol_str::SmolStr;

/// Passes at most (each strictly changes the tree; real inputs settle in two or three).
const MAX_PASSES: usize = 12;

/// The largest exact power folded, in bits of its result (past it the power is a binary64).
const MAX_POWER_BITS: usize = 4_096;

/// Which rules apply.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Options {
    /// The 12 trigonometric rules (simplify: yes; after a derivative: no).
    pub(crate) trig: bool,
}

/// `e` simplified: passes to a fixed point, then the polynomial steps.
///
/// # Errors
/// The symbolic failure for constants that fold to non-real values; the timeout past the meter.
pub(crate) fn simplify(e: Expr, options: Options, work: &mut Work) -> Result<Expr, CalculateError> {
    let current = fixed_point(e, options, work)?;
    let reduced = poly::reduce(&current, options, work)?;
    if reduced == current {
        return Ok(current);
    }
    fixed_point(reduced, options, work)
}

/// Passes until nothing changes.
pub(crate) fn fixed_point(
    mut current: Expr,
    options: Options,
    work: &mut Work,
) -> Result<Expr, CalculateError> {
    for _ in 0..MAX_PASSES {
        work.charge(current.size() as u64)?;
        let next = pass(&current, options, work)?;
        if next == current {
            break;
        }
        current = next;
    }
    Ok(current)
}

/// One bottom-up pass.
fn pass(e: &Expr, options: Options, work: &mut Work) -> Result<Expr, CalculateError> {
    let result = rewrite(e, options, work)?;
    if has_constant_matrix(&result) {
        return fold_matrix(result, work);
    }
    Ok(result)
}

/// One pass's rewrite of a node, its operands first.
fn rewrite(e: &Expr, options: Options, work: &mut Work) -> Result<Expr, CalculateError> {
    Ok(match e {
        Expr::Num(_) | Expr::Float(_) | Expr::Sym(_) | Expr::Opaque(_) => e.clone(),
        Expr::Add(items) => sum(each(items, options, work)?, options, work)?,
        Expr::Mul(items, implicit) => {
            product(each(items, options, work)?, *implicit, options, work)?
        }
        Expr::Pow(b, x) => power(pass(b, options, work)?, pass(x, options, work)?, work)?,
        Expr::Call(name, args, at) => call(name, each(args, options, work)?, *at, work)?,
        Expr::Op(op, args, at) => operator(*op, each(args, options, work)?, *at, work)?,
    })
}

fn each(items: &[Expr], options: Options, work: &mut Work) -> Result<Vec<Expr>, CalculateError> {
    items.iter().map(|e| pass(e, options, work)).collect()
}

/// Whether `e` is built of constants and at least one matrix literal of constants alone
/// (`[1, 2] + [3, 4]`, `[1 + 1, 2]`), which folds to a matrix (8.1).
fn has_constant_matrix(e: &Expr) -> bool {
    fn walk(e: &Expr, seen: &mut bool) -> bool {
        match e {
            Expr::Num(_) | Expr::Float(_) => true,
            Expr::Sym(_) => false,
            Expr::Opaque(node) => {
                *seen |= matches!(node.kind, NodeKind::Array(_));
                matches!(node.kind, NodeKind::Array(_)) && !has_name(node)
            }
            Expr::Add(items) | Expr::Mul(items, _) | Expr::Op(_, items, _) => {
                items.iter().all(|i| walk(i, seen))
            }
            Expr::Call(name, args, _) => {
                !RANDOM.contains(&name.as_str()) && args.iter().all(|i| walk(i, seen))
            }
            Expr::Pow(b, x) => walk(b, seen) && walk(x, seen),
        }
    }
    let mut seen = false;
    walk(e, &mut seen) && seen
}

/// Whether a tree holds a name anywhere.
fn has_name(node: &Node) -> bool {
    matches!(node.kind, NodeKind::Symbol(_))
        || crate::syntax::ast::find_child(node, |c| has_name(c).then_some(())).is_some()
}

/// A constant matrix expression folded by the evaluator to its printed matrix (or a number,
/// `det([1, 2; 3, 4])`), or kept.
fn fold_matrix(e: Expr, work: &mut Work) -> Result<Expr, CalculateError> {
    let node = super::expr::to_node(&e);
    let value = evaluate(&node, work)?;
    if let Ok(crate::value::Value::Number(v)) = value {
        return Ok(number(v));
    }
    if let Ok(value @ crate::value::Value::Matrix(_)) = value {
        let text = value.format(None);
        work.charge(text.len() as u64)?;
        if let Ok(tree) = crate::syntax::parser::parse(&text) {
            return Ok(Expr::Opaque(Box::new(tree)));
        }
    }
    Ok(e)
}

/// `a + b` of two constants: exact when both are, else binary64 made exact when it can be.
pub(crate) fn add_constants(a: &Expr, b: &Expr) -> Expr {
    match (a, b) {
        (Expr::Num(x), Expr::Num(y)) => Expr::Num(x + y),
        _ => number(float_of(a) + float_of(b)),
    }
}

/// `a * b` of two constants, as [`add_constants`].
pub(crate) fn mul_constants(a: &Expr, b: &Expr) -> Expr {
    match (a, b) {
        (Expr::Num(x), Expr::Num(y)) => Expr::Num(x * y),
        _ => number(float_of(a) * float_of(b)),
    }
}

/// The binary64 value of a constant (NaN for anything else).
pub(crate) fn float_of(e: &Expr) -> f64 {
    match e {
        Expr::Num(r) => fraction::to_f64(r),
        Expr::Float(f) => *f,
        _ => f64::NAN,
    }
}

/// Whether a constant is exactly zero.
fn is_zero(e: &Expr) -> bool {
    match e {
        Expr::Num(r) => *r == RBig::ZERO,
        Expr::Float(f) => *f == 0.0,
        _ => false,
    }
}

/// A term as coefficient and the rest (`3 * x * y` → `3`, `x * y`).
pub(crate) fn split_coefficient(term: &Expr) -> (Expr, Expr) {
    if let Expr::Mul(items, implicit) = term
        && let Some(first) = items.first()
        && first.is_constant()
    {
        let rest = if items.len() == 2 {
            items[1].clone()
        } else {
            Expr::Mul(items[1..].to_vec(), *implicit)
        };
        return (first.clone(), rest);
    }
    (Expr::int(1), term.clone())
}

/// `coefficient * rest`, the coefficient leading.
pub(crate) fn with_coefficient(coefficient: Expr, rest: Expr) -> Expr {
    if coefficient.is_int(1) {
        return rest;
    }
    match rest {
        Expr::Mul(mut items, _) => {
            items.insert(0, coefficient);
            Expr::Mul(items, false)
        }
        Expr::Num(_) | Expr::Float(_) => mul_constants(&coefficient, &rest),
        other => Expr::Mul(vec![coefficient, other], false),
    }
}

/// A group of like terms or like factors.
struct Group {
    key: String,
    /// The coefficient (terms) or the exponents (factors) gathered.
    parts: Vec<Expr>,
    /// The shared rest (terms) or base (factors).
    rest: Expr,
    /// The operand itself, used unchanged when it is alone.
    original: Expr,
}

/// Where each result operand comes from, in input order.
enum Slot {
    Constant,
    Group(usize),
}

/// A sum: flattened, like terms combined, the constant terms folded into one (where the first
/// of them stood), zero terms dropped, then the trigonometric rules.
pub(crate) fn sum(
    items: Vec<Expr>,
    options: Options,
    work: &mut Work,
) -> Result<Expr, CalculateError> {
    let mut terms = Vec::with_capacity(items.len());
    for t in items {
        match t {
            Expr::Add(inner) => terms.extend(inner),
            // `a - (b - c)` → `a - b + c`, as math.js distributes a negation over a sum.
            Expr::Mul(factors, _) if is_negated_sum(&factors) => {
                if let Some(Expr::Add(inner)) = factors.into_iter().nth(1) {
                    terms.extend(inner.into_iter().map(negate_term));
                }
            }
            other => terms.push(other),
        }
    }
    work.charge((terms.len() * terms.len()) as u64)?;
    let mut constant: Option<Expr> = None;
    let mut groups: Vec<Group> = Vec::new();
    let mut slots = Vec::new();
    for t in terms {
        if t.is_constant() {
            constant = Some(match constant {
                None => {
                    slots.push(Slot::Constant);
                    t
                }
                Some(c) => add_constants(&c, &t),
            });
            continue;
        }
        let (c, rest) = split_coefficient(&t);
        let k = key(&rest, work)?;
        match groups.iter_mut().find(|g| g.key == k) {
            Some(g) => g.parts.push(c),
            None => {
                slots.push(Slot::Group(groups.len()));
                groups.push(Group {
                    key: k,
                    parts: vec![c],
                    rest,
                    original: t,
                });
            }
        }
    }
    let mut out = Vec::with_capacity(slots.len());
    for slot in slots {
        match slot {
            Slot::Constant => {
                if let Some(c) = constant.take().filter(|c| !is_zero(c)) {
                    out.push(c);
                }
            }
            Slot::Group(i) => {
                let g = &groups[i];
                if g.parts.len() == 1 {
                    out.push(g.original.clone());
                    continue;
                }
                let c = g
                    .parts
                    .iter()
                    .skip(1)
                    .fold(g.parts[0].clone(), |a, b| add_constants(&a, b));
                if !is_zero(&c) {
                    out.push(with_coefficient(c, g.rest.clone()));
                }
            }
        }
    }
    if options.trig && trig::sum_rules(&mut out, work)? {
        return sum(out, options, work);
    }
    Ok(match out.len() {
        0 => Expr::int(0),
        1 => out.remove(0),
        _ => Expr::Add(out),
    })
}

/// Whether a product's factors are `-1` and a sum with a negative term, which math.js
/// distributes the negation over (`-(x - y)` → `y - x`; `-(x + 1)` stays).
fn is_negated_sum(factors: &[Expr]) -> bool {
    matches!(factors, [minus_one, Expr::Add(terms)]
        if minus_one.is_int(-1) && terms.iter().any(super::expr::is_negative))
}

/// `-term`, the coefficient negated.
fn negate_term(term: Expr) -> Expr {
    if term.is_constant() {
        return mul_constants(&Expr::int(-1), &term);
    }
    let (c, rest) = split_coefficient(&term);
    with_coefficient(mul_constants(&Expr::int(-1), &c), rest)
}

/// A product: flattened, constants folded into one leading coefficient, like bases combined by
/// adding their exponents, `0 * x` → `0`, then trigonometric rule 11.
pub(crate) fn product(
    items: Vec<Expr>,
    implicit: bool,
    options: Options,
    work: &mut Work,
) -> Result<Expr, CalculateError> {
    let mut factors = Vec::with_capacity(items.len());
    let mut implicit = implicit;
    for f in items {
        match f {
            Expr::Mul(inner, inner_implicit) => {
                implicit &= inner_implicit;
                factors.extend(inner);
            }
            other => factors.push(other),
        }
    }
    let flattened = factors.clone();
    work.charge((factors.len() * factors.len()) as u64)?;
    let mut coefficient = Expr::int(1);
    let mut groups: Vec<Group> = Vec::new();
    for f in factors {
        if f.is_constant() {
            coefficient = mul_constants(&coefficient, &f);
            continue;
        }
        let (base, exponent) = match &f {
            Expr::Pow(b, x) => ((**b).clone(), (**x).clone()),
            other => (other.clone(), Expr::int(1)),
        };
        let k = key(&base, work)?;
        match groups.iter_mut().find(|g| g.key == k) {
            Some(g) => g.parts.push(exponent),
            None => groups.push(Group {
                key: k,
                parts: vec![exponent],
                rest: base,
                original: f,
            }),
        }
    }
    let mut out: Vec<Expr> = Vec::with_capacity(groups.len());
    for g in groups {
        let combined = if g.parts.len() == 1 {
            g.original
        } else {
            let exponent = sum(g.parts, options, work)?;
            power(g.rest, exponent, work)?
        };
        match combined {
            c if c.is_constant() => coefficient = mul_constants(&coefficient, &c),
            Expr::Mul(inner, _) => {
                for f in inner {
                    if f.is_constant() {
                        coefficient = mul_constants(&coefficient, &f);
                    } else {
                        out.push(f);
                    }
                }
            }
            other => out.push(other),
        }
    }
    if is_zero(&coefficient) {
        return Ok(Expr::int(0));
    }
    if options.trig {
        trig::product_rule(&mut coefficient, &mut out, work)?;
    }
    if out.is_empty() {
        return Ok(coefficient);
    }
    if coefficient.is_int(-1)
        && matches!(&out[..], [Expr::Add(t)] if t.iter().any(super::expr::is_negative))
    {
        let negated = Expr::Mul(vec![coefficient, out.remove(0)], false);
        return sum(vec![negated], options, work);
    }
    if !coefficient.is_int(1) {
        out.insert(0, coefficient);
    }
    if out.len() == 1 {
        return Ok(out.remove(0));
    }
    let implicit = implicit && out == flattened;
    Ok(Expr::Mul(out, implicit))
}

/// A power: `x^0` → `1`, `x^1` → `x`, constants folded (exactly for integer exponents),
/// `(x^a)^n` → `x^(a n)` for an integer `n`, `(a b)^-n` → `a^-n b^-n`, `(2 x)^3` → `8 x^3`.
pub(crate) fn power(base: Expr, exponent: Expr, work: &mut Work) -> Result<Expr, CalculateError> {
    if exponent.is_int(0) {
        return Ok(Expr::int(1));
    }
    if exponent.is_int(1) {
        return Ok(base);
    }
    if base.is_int(1) {
        return Ok(Expr::int(1));
    }
    let integer_exponent = match &exponent {
        Expr::Num(r) if r.denominator().is_one() => i64::try_from(r.numerator()).ok(),
        _ => None,
    };
    if base.is_constant() && exponent.is_constant() {
        return constant_power(&base, &exponent, integer_exponent, work);
    }
    match (base, integer_exponent) {
        (Expr::Pow(inner, a), Some(_)) => {
            let e = product(vec![*a, exponent], false, Options { trig: false }, work)?;
            power(*inner, e, work)
        }
        // `(a b)^-n` → `a^-n b^-n` (a quotient's denominator), and `(2 x)^3` → `8 x^3` as
        // math.js does for a product with a numeric coefficient.
        (Expr::Mul(items, _), Some(n)) if n < 0 || items.first().is_some_and(Expr::is_constant) => {
            let mut out = Vec::with_capacity(items.len());
            for f in items {
                out.push(power(f, exponent.clone(), work)?);
            }
            product(out, false, Options { trig: false }, work)
        }
        (base, _) => Ok(Expr::Pow(Box::new(base), Box::new(exponent))),
    }
}

/// A power of two constants.
fn constant_power(
    base: &Expr,
    exponent: &Expr,
    integer: Option<i64>,
    work: &mut Work,
) -> Result<Expr, CalculateError> {
    if let (Expr::Num(b), Some(n)) = (base, integer) {
        let bits = fraction::bits(b).max(1);
        if (n.unsigned_abs() as usize).saturating_mul(bits) <= MAX_POWER_BITS {
            work.charge(n.unsigned_abs().saturating_mul(bits as u64) / 64 + 1)?;
            if *b == RBig::ZERO && n < 0 {
                return Ok(Expr::Float(f64::INFINITY));
            }
            let magnitude = pow_rational(b, n.unsigned_abs());
            return Ok(if n < 0 {
                Expr::Num(RBig::ONE / magnitude)
            } else {
                Expr::Num(magnitude)
            });
        }
    }
    let (b, x) = (float_of(base), float_of(exponent));
    if b < 0.0 && integer.is_none() && x.is_finite() {
        // Complex: kept for an enclosing fold, else refused by `check_real`.
        return Ok(Expr::Pow(
            Box::new(base.clone()),
            Box::new(exponent.clone()),
        ));
    }
    Ok(number(crate::num::jsmath::pow(b, x)))
}

/// `b^n` exactly.
fn pow_rational(b: &RBig, n: u64) -> RBig {
    let mut result = RBig::ONE;
    let mut square = b.clone();
    let mut n = n;
    while n > 0 {
        if n & 1 == 1 {
            result = &result * &square;
        }
        n >>= 1;
        if n > 0 {
            square = &square * &square;
        }
    }
    result
}

/// Calls whose value is not a function of their arguments: never folded.
const RANDOM: [&str; 3] = ["random", "randomInt", "pickRandom"];

/// A call: `log(e)` → `1`; a call of constants folded through the evaluator when it gives a real
/// number; anything else kept.
fn call(
    name: &SmolStr,
    args: Vec<Expr>,
    at: usize,
    work: &mut Work,
) -> Result<Expr, CalculateError> {
    if name == "log" && matches!(&args[..], [Expr::Sym(e)] if e == "e") {
        return Ok(Expr::int(1));
    }
    if !args.is_empty() && args.iter().all(is_constant_tree) && !RANDOM.contains(&name.as_str()) {
        let node = Node {
            kind: NodeKind::Call {
                callee: Box::new(Node {
                    kind: NodeKind::Symbol(name.clone()),
                    span: Span::default(),
                }),
                args: args.iter().map(super::expr::to_node).collect(),
                optional: false,
            },
            span: Span::default(),
        };
        if let Some(folded) = fold(&node, work)? {
            return Ok(folded);
        }
    }
    Ok(Expr::Call(name.clone(), args, at))
}

/// Another operator: folded when its operands are constants and it gives a real number.
fn operator(op: Op, args: Vec<Expr>, at: usize, work: &mut Work) -> Result<Expr, CalculateError> {
    if args.iter().all(is_constant_tree) {
        let node = Node {
            kind: NodeKind::Operator {
                op,
                args: args.iter().map(super::expr::to_node).collect(),
                implicit: false,
                percentage: false,
                at: 0,
            },
            span: Span::default(),
        };
        if let Some(folded) = fold(&node, work)? {
            return Ok(folded);
        }
    }
    Ok(Expr::Op(op, args, at))
}

/// The value of a constant tree by the evaluator in number mode: a number becomes a constant;
/// anything else (a complex value, an error, a boolean) `None`, and the tree is kept (a complex
/// part may still fold into a real value, `abs(sqrt(-2))`; [`check_real`] refuses what stays).
fn fold(node: &Node, work: &mut Work) -> Result<Option<Expr>, CalculateError> {
    Ok(match evaluate(node, work)? {
        Ok(crate::value::Value::Number(v)) => Some(number(v)),
        _ => None,
    })
}

/// The evaluator's value of a constant tree, charged to the meter.
fn evaluate(
    node: &Node,
    work: &mut Work,
) -> Result<Result<crate::value::Value, CalculateError>, CalculateError> {
    work.charge(16)?;
    let mut evaluator =
        crate::eval::Evaluator::for_numeric_type(Vec::new(), crate::syntax::NumericType::Number);
    let value = evaluator.eval(node);
    work.charge(evaluator.work_used())?;
    Ok(value)
}

/// Whether `e` holds no name: numbers, and operators and calls of them (`sqrt(-1)`).
pub(crate) fn is_constant_tree(e: &Expr) -> bool {
    match e {
        Expr::Num(_) | Expr::Float(_) => true,
        Expr::Sym(_) | Expr::Opaque(_) => false,
        Expr::Add(items) | Expr::Mul(items, _) | Expr::Op(_, items, _) => {
            items.iter().all(is_constant_tree)
        }
        Expr::Call(name, args, _) => {
            !args.is_empty()
                && !RANDOM.contains(&name.as_str())
                && args.iter().all(is_constant_tree)
        }
        Expr::Pow(b, x) => is_constant_tree(b) && is_constant_tree(x),
    }
}

/// Section 8.1: constant folding that yields a non-real value fails. Looks at each largest
/// constant subtree that is left unfolded in the result.
///
/// # Errors
/// The symbolic failure of `operation` naming the subtree; the timeout past the meter.
pub(crate) fn check_real(e: &Expr, operation: &str, work: &mut Work) -> Result<(), CalculateError> {
    if e.is_constant() {
        return Ok(());
    }
    if is_constant_tree(e) {
        let node = super::expr::to_node(e);
        if let Ok(crate::value::Value::Complex(_)) = evaluate(&node, work)? {
            let text = super::print::print(&node, super::print::Style::Result);
            return Err(symbolic_failure(
                operation,
                &format!("{text} has no real value"),
                0,
            ));
        }
        return Ok(());
    }
    match e {
        Expr::Add(items)
        | Expr::Mul(items, _)
        | Expr::Op(_, items, _)
        | Expr::Call(_, items, _) => items
            .iter()
            .try_for_each(|i| check_real(i, operation, work)),
        Expr::Pow(b, x) => {
            check_real(b, operation, work)?;
            check_real(x, operation, work)
        }
        _ => Ok(()),
    }
}
