//! The symbolic engines' working form of an expression ([`Expr`]): sums and products are flat
//! lists, subtraction is a sum with a negated term, division a product with a `-1` power, and
//! numbers are exact rationals where the value is one (else binary64). It is built from the
//! shared syntax tree ([`from_node`]) and turned back into one in standard form ([`to_node`])
//! for printing: numeric coefficient first in a product, a constant term last when it led the
//! sum, negative terms as subtraction, negative powers as division.

use super::{Work, symbolic_failure};
use crate::error::CalculateError;
use crate::num::format::format_number;
use crate::num::fraction;
use crate::syntax::ast::{Node, NodeKind, Op};
use dashu_int::IBig;
use dashu_int::ops::UnsignedAbs;
use dashu_ratio::RBig;
use reckon_core::Span;
use smol_str::SmolStr;

/// An expression in the engines' working form.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Expr {
    /// An exact rational constant.
    Num(RBig),
    /// A constant with no exact fraction (`sqrt(2)`, `1e-20`, `NaN`).
    Float(f64),
    /// A name.
    Sym(SmolStr),
    /// A sum of two or more terms.
    Add(Vec<Expr>),
    /// A product of two or more factors; `true` when written as an implicit product.
    Mul(Vec<Expr>, bool),
    /// A power.
    Pow(Box<Expr>, Box<Expr>),
    /// A call of a named function, and where its name is.
    Call(SmolStr, Vec<Expr>, usize),
    /// Another operator (`mod`, `!`, `==`, `and`, ...), kept with its operands, and where it is.
    Op(Op, Vec<Expr>, usize),
    /// Any other node (strings, matrices, objects, property access), kept as it is.
    Opaque(Box<Node>),
}

impl Expr {
    /// The integer `n`.
    pub(crate) fn int(n: i64) -> Expr {
        Expr::Num(RBig::from(n))
    }

    /// Whether this is the exact number `n`.
    pub(crate) fn is_int(&self, n: i64) -> bool {
        matches!(self, Expr::Num(r) if *r == RBig::from(n))
    }

    /// Whether this is a number constant (exact or not).
    pub(crate) fn is_constant(&self) -> bool {
        matches!(self, Expr::Num(_) | Expr::Float(_))
    }

    /// `-self`, unsimplified.
    pub(crate) fn negated(self) -> Expr {
        match self {
            Expr::Num(r) => Expr::Num(-r),
            Expr::Float(f) => Expr::Float(-f),
            other => Expr::Mul(vec![Expr::int(-1), other], false),
        }
    }

    /// `self ^ -1`, unsimplified.
    pub(crate) fn reciprocal(self) -> Expr {
        Expr::Pow(Box::new(self), Box::new(Expr::int(-1)))
    }

    /// The number of nodes of the expression (its size, for metering and for 11d's "fewer
    /// nodes").
    pub(crate) fn size(&self) -> usize {
        match self {
            Expr::Num(r) if r.denominator().is_one() => 1,
            Expr::Num(_) => 3,
            Expr::Float(_) | Expr::Sym(_) | Expr::Opaque(_) => 1,
            Expr::Add(items) | Expr::Mul(items, _) => {
                items.iter().map(Expr::size).sum::<usize>() + items.len().saturating_sub(1)
            }
            Expr::Pow(b, e) => b.size() + e.size() + 1,
            Expr::Call(_, args, _) | Expr::Op(_, args, _) => {
                args.iter().map(Expr::size).sum::<usize>() + 1
            }
        }
    }

    /// Whether the name `var` occurs in the expression (opaque nodes are searched as trees).
    pub(crate) fn depends_on(&self, var: &str) -> bool {
        match self {
            Expr::Num(_) | Expr::Float(_) => false,
            Expr::Sym(name) => name == var,
            Expr::Add(items)
            | Expr::Mul(items, _)
            | Expr::Call(_, items, _)
            | Expr::Op(_, items, _) => items.iter().any(|e| e.depends_on(var)),
            Expr::Pow(b, e) => b.depends_on(var) || e.depends_on(var),
            Expr::Opaque(node) => node_mentions(node, var),
        }
    }
}

/// Whether the name `var` occurs in the tree.
pub(crate) fn node_mentions(node: &Node, var: &str) -> bool {
    match &node.kind {
        NodeKind::Symbol(name) => name == var,
        _ => crate::syntax::ast::find_child(node, |child| node_mentions(child, var).then_some(()))
            .is_some(),
    }
}

/// A canonical text of `e` in which the operands of sums and products are sorted: two
/// expressions equal up to the order of those operands have the same key. Charged before it
/// is built by [`key_cost`].
///
/// # Errors
/// The timeout past the meter.
pub(crate) fn key(e: &Expr, work: &mut Work) -> Result<String, CalculateError> {
    work.charge(key_cost(e))?;
    Ok(raw_key(e))
}

/// The characters building `e`'s key copies: each node's text is copied once per sum or
/// product above it (their operands' keys are built apart to be sorted), so a node counts
/// once for itself and once more for each enclosing node.
pub(crate) fn key_cost(e: &Expr) -> u64 {
    let children: u64 = match e {
        Expr::Add(items)
        | Expr::Mul(items, _)
        | Expr::Call(_, items, _)
        | Expr::Op(_, items, _) => items.iter().map(key_cost).sum(),
        Expr::Pow(b, x) => key_cost(b) + key_cost(x),
        _ => 0,
    };
    e.size() as u64 + children
}

/// The key of `e` (see [`key`]), uncharged: for callers that charge [`key_cost`] themselves.
pub(crate) fn raw_key(e: &Expr) -> String {
    let mut out = String::new();
    write_key(e, &mut out);
    out
}

fn write_key(e: &Expr, out: &mut String) {
    match e {
        Expr::Num(r) => {
            out.push('#');
            out.push_str(&r.to_string());
        }
        Expr::Float(f) => {
            out.push('~');
            out.push_str(&format_number(*f, None));
        }
        Expr::Sym(name) => {
            out.push('$');
            out.push_str(name);
        }
        Expr::Add(items) | Expr::Mul(items, _) => {
            let mut keys: Vec<String> = items.iter().map(raw_key).collect();
            keys.sort_unstable();
            out.push_str(if matches!(e, Expr::Add(_)) {
                "+("
            } else {
                "*("
            });
            out.push_str(&keys.join(","));
            out.push(')');
        }
        Expr::Pow(b, x) => {
            out.push_str("^(");
            write_key(b, out);
            out.push(',');
            write_key(x, out);
            out.push(')');
        }
        Expr::Call(name, args, _) => {
            out.push_str(name);
            write_keys(args, out);
        }
        Expr::Op(op, args, _) => {
            out.push_str(op.symbol_and_fn().1);
            write_keys(args, out);
        }
        Expr::Opaque(node) => {
            out.push('?');
            out.push_str(&super::print::print(node, super::print::Style::Result));
        }
    }
}

fn write_keys(args: &[Expr], out: &mut String) {
    out.push('(');
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_key(a, out);
    }
    out.push(')');
}

/// What [`from_node`] does with nodes the engines cannot work on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// simplify: assignments, definitions, conditionals and ranges fail; matrices, strings and
    /// the like are kept as they are.
    Simplify,
    /// derivative: as simplify, but every unknown node is kept opaque (the derivative fails on
    /// it only where it depends on the variable).
    Derivative,
}

/// The working form of a tree (aliases already renamed). Charges one unit per node.
///
/// # Errors
/// The symbolic failure for assignments, function definitions, conditionals and ranges
/// (simplify), and `evaluation_timeout` when the meter runs out.
pub(crate) fn from_node(
    node: &Node,
    purpose: Purpose,
    work: &mut Work,
) -> Result<Expr, CalculateError> {
    work.charge(1)?;
    Ok(match &node.kind {
        NodeKind::Number(raw) => number(super::print::literal_value(raw)),
        NodeKind::Constant(crate::syntax::ast::Constant::NaN) => Expr::Float(f64::NAN),
        NodeKind::Constant(crate::syntax::ast::Constant::Infinity) => Expr::Float(f64::INFINITY),
        NodeKind::Symbol(name) => Expr::Sym(name.clone()),
        NodeKind::Parenthesis(inner) => from_node(inner, purpose, work)?,
        NodeKind::Operator {
            op,
            args,
            implicit,
            percentage: false,
            at,
        } => operator(*op, args, *implicit, *at, purpose, work)?,
        NodeKind::Call {
            callee,
            args,
            optional: false,
        } => match &callee.kind {
            NodeKind::Symbol(name) => Expr::Call(
                name.clone(),
                args.iter()
                    .map(|a| from_node(a, purpose, work))
                    .collect::<Result<_, _>>()?,
                callee.span.start,
            ),
            _ => Expr::Opaque(Box::new(node.clone())),
        },
        NodeKind::Assignment { .. }
        | NodeKind::FunctionAssignment(_)
        | NodeKind::Conditional { .. }
        | NodeKind::Range { .. }
            if purpose == Purpose::Simplify =>
        {
            return Err(symbolic_failure(
                "simplify",
                &unsupported(node),
                node.span.start,
            ));
        }
        _ => Expr::Opaque(Box::new(node.clone())),
    })
}

/// What a node the engines refuse is, for the symbolic failure's message.
pub(crate) fn unsupported(node: &Node) -> String {
    let what = match &node.kind {
        NodeKind::Assignment { .. } => "an assignment",
        NodeKind::FunctionAssignment(_) => "a function definition",
        NodeKind::Conditional { .. } => "a conditional expression",
        NodeKind::Range { .. } => "a range",
        NodeKind::Array(_) => "a matrix",
        NodeKind::Object(_) => "an object",
        NodeKind::Accessor { .. } => "a property or index access",
        NodeKind::Str(_) => "a string",
        NodeKind::Relational(_) => "a chain of comparisons",
        _ => "this kind of node",
    };
    format!(
        "{what} ({}) has no symbolic form",
        super::print::print(node, super::print::Style::Input)
    )
}

/// An operator node in working form.
fn operator(
    op: Op,
    args: &[Node],
    implicit: bool,
    at: usize,
    purpose: Purpose,
    work: &mut Work,
) -> Result<Expr, CalculateError> {
    let mut operands = Vec::with_capacity(args.len());
    for a in args {
        operands.push(from_node(a, purpose, work)?);
    }
    Ok(match (op, <[Expr; 2]>::try_from(operands)) {
        (Op::Add, Ok([a, b])) => Expr::Add(vec![a, b]),
        (Op::Subtract, Ok([a, b])) => Expr::Add(vec![a, b.negated()]),
        (Op::Multiply, Ok([a, b])) => Expr::Mul(vec![a, b], implicit),
        (Op::Divide, Ok([a, b])) => Expr::Mul(vec![a, b.reciprocal()], false),
        (Op::Pow, Ok([a, b])) => Expr::Pow(Box::new(a), Box::new(b)),
        (_, Ok(pair)) => Expr::Op(op, pair.into(), at),
        (Op::UnaryMinus, Err(mut one)) if one.len() == 1 => one.remove(0).negated(),
        (Op::UnaryPlus, Err(mut one)) if one.len() == 1 => one.remove(0),
        (_, Err(rest)) => Expr::Op(op, rest, at),
    })
}

/// A binary64 constant: its exact fraction when it has one (section 5.3's exact conversion),
/// else the number itself.
pub(crate) fn number(value: f64) -> Expr {
    match fraction::from_f64_exact(value) {
        Some(r) => Expr::Num(r),
        None => Expr::Float(value),
    }
}

/// A node of `kind` without a position.
fn node(kind: NodeKind) -> Node {
    Node {
        kind,
        span: Span::default(),
    }
}

/// A binary or unary operator node.
fn op_node(op: Op, args: Vec<Node>, implicit: bool) -> Node {
    node(NodeKind::Operator {
        op,
        args: args.into_boxed_slice(),
        implicit,
        percentage: false,
        at: 0,
    })
}

/// A non-negative number literal node.
fn literal(value: f64) -> Node {
    node(NodeKind::Number(SmolStr::new(format_number(value, None))))
}

/// A non-negative integer literal node.
fn integer(n: &IBig) -> Node {
    match i64::try_from(n) {
        Ok(small) if small.unsigned_abs() < (1 << 53) => {
            node(NodeKind::Number(SmolStr::new(small.to_string())))
        }
        _ => literal(n.to_f64().value().abs()),
    }
}

/// `-node`.
fn minus(inner: Node) -> Node {
    op_node(Op::UnaryMinus, vec![inner], false)
}

/// Whether `e` prints with a leading minus (a negative constant or coefficient).
pub(crate) fn is_negative(e: &Expr) -> bool {
    match e {
        Expr::Num(r) => *r < RBig::ZERO,
        Expr::Float(f) => *f < 0.0,
        Expr::Mul(items, _) => items
            .first()
            .is_some_and(|c| c.is_constant() && is_negative(c)),
        _ => false,
    }
}

/// The tree of `e` in standard form, for printing.
pub(crate) fn to_node(e: &Expr) -> Node {
    match e {
        Expr::Num(r) => rational_node(r),
        Expr::Float(f) => {
            if f.is_nan() {
                node(NodeKind::Constant(crate::syntax::ast::Constant::NaN))
            } else if f.is_infinite() {
                let inf = node(NodeKind::Constant(crate::syntax::ast::Constant::Infinity));
                if *f < 0.0 { minus(inf) } else { inf }
            } else if *f < 0.0 {
                minus(literal(-f))
            } else {
                literal(*f)
            }
        }
        Expr::Sym(name) => node(NodeKind::Symbol(name.clone())),
        Expr::Add(terms) => sum_node(terms),
        Expr::Pow(b, x) if !(x.is_constant() && is_negative(x)) => {
            op_node(Op::Pow, vec![to_node(b), to_node(x)], false)
        }
        Expr::Mul(..) | Expr::Pow(..) => product_node(e),
        Expr::Call(name, args, _) => node(NodeKind::Call {
            callee: Box::new(node(NodeKind::Symbol(name.clone()))),
            args: args.iter().map(to_node).collect(),
            optional: false,
        }),
        Expr::Op(op, args, _) => op_node(*op, args.iter().map(to_node).collect(), false),
        Expr::Opaque(n) => (**n).clone(),
    }
}

/// `p / q` with the sign on the numerator (`-1 / 2`).
fn rational_node(r: &RBig) -> Node {
    let (num, den) = (r.numerator(), r.denominator());
    let top = if *num < IBig::ZERO {
        minus(integer(&-num.clone()))
    } else {
        integer(num)
    };
    if den.is_one() {
        top
    } else {
        op_node(
            Op::Divide,
            vec![top, integer(&IBig::from(den.clone()))],
            false,
        )
    }
}

/// A sum: its terms in order, a leading constant moved last, a leading negative term moved
/// behind the first positive one, negative terms as subtraction.
fn sum_node(terms: &[Expr]) -> Node {
    let mut order: Vec<&Expr> = terms.iter().collect();
    if order.is_empty() {
        return literal(0.0);
    }
    if order.len() > 1 && order[0].is_constant() {
        order.rotate_left(1);
    }
    if is_negative(order[0])
        && let Some(i) = order.iter().position(|t| !is_negative(t))
    {
        let first = order.remove(i);
        order.insert(0, first);
    }
    let mut acc = to_node(order[0]);
    for term in &order[1..] {
        acc = if is_negative(term) {
            op_node(
                Op::Subtract,
                vec![acc, to_node(&(*term).clone().negated_simple())],
                false,
            )
        } else {
            op_node(Op::Add, vec![acc, to_node(term)], false)
        };
    }
    acc
}

impl Expr {
    /// `-self` for a term that prints with a leading minus: the coefficient negated (a `-1`
    /// coefficient dropped).
    fn negated_simple(self) -> Expr {
        match self {
            Expr::Mul(mut items, implicit) => {
                let c = items.remove(0).negated();
                if c.is_int(1) {
                    if items.len() == 1 {
                        items.remove(0)
                    } else {
                        Expr::Mul(items, implicit)
                    }
                } else {
                    items.insert(0, c);
                    Expr::Mul(items, implicit)
                }
            }
            other => other.negated(),
        }
    }
}

/// A product (or a lone power): numerator factors, then division by the coefficient's
/// denominator and by each factor with a negative exponent (`x * 2 / 5`, `1 / 2 / sqrt(x)`).
fn product_node(e: &Expr) -> Node {
    let (factors, implicit): (&[Expr], bool) = match e {
        Expr::Mul(items, implicit) => (items, *implicit),
        other => (std::slice::from_ref(other), false),
    };
    let mut coefficient: Option<&Expr> = None;
    let mut top: Vec<Node> = Vec::new();
    let mut bottom: Vec<Node> = Vec::new();
    for (i, f) in factors.iter().enumerate() {
        match f {
            Expr::Num(_) | Expr::Float(_) if i == 0 => coefficient = Some(f),
            Expr::Pow(base, exponent) if is_negative(exponent) && exponent.is_constant() => {
                let positive = (**exponent).clone().negated();
                if positive.is_int(1) {
                    bottom.push(to_node(base));
                } else {
                    bottom.push(to_node(&Expr::Pow(base.clone(), Box::new(positive))));
                }
            }
            other => top.push(to_node(other)),
        }
    }
    let mut negative = false;
    let mut coefficient_bottom = None;
    if let Some(c) = coefficient {
        negative = is_negative(c);
        match c {
            Expr::Num(r) => {
                let (num, den) = (r.numerator(), r.denominator());
                let abs = num.clone().unsigned_abs();
                if !abs.is_one() || top.is_empty() {
                    let n = integer(&IBig::from(abs));
                    // An integer coefficient leads; a fraction's numerator follows (`x * 2 / 5`).
                    if den.is_one() {
                        top.insert(0, n)
                    } else {
                        top.push(n)
                    }
                }
                if !den.is_one() {
                    coefficient_bottom = Some(integer(&IBig::from(den.clone())));
                }
            }
            Expr::Float(f) => top.insert(0, literal(f.abs())),
            _ => {}
        }
    }
    let mut acc = match top.len() {
        0 => literal(1.0),
        _ => {
            let mut it = top.into_iter();
            let first = it.next().unwrap_or_else(|| literal(1.0));
            it.fold(first, |acc, f| {
                op_node(Op::Multiply, vec![acc, f], implicit)
            })
        }
    };
    for d in coefficient_bottom.into_iter().chain(bottom) {
        acc = op_node(Op::Divide, vec![acc, d], false);
    }
    if negative { minus(acc) } else { acc }
}
