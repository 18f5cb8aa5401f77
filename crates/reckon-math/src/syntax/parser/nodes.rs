//! What the parser knows of the tree beyond the grammar: the binary levels of its precedence
//! climb, what the implicit-product rules need of a factor, the nodes it makes (operators,
//! implicit products, `undefined`) and the predicates it asks of nodes.

use super::*;

/// The binary levels of [`Parser::climb`], loosest first; `Operand` is above them all (the level
/// of an operand that no binary operator has taken yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Level {
    Or,
    Xor,
    And,
    BitOr,
    BitXor,
    BitAnd,
    /// `==` `!=` `<` `>` `<=` `>=`, chained.
    Relational,
    /// `<<` `>>` `>>>`.
    Shift,
    /// `to` and `in`.
    Conversion,
    /// `a:b` and `a:b:c`, not chained.
    Range,
    AddSubtract,
    /// `*` `/` `.*` `./` `%` `mod`.
    MultiplyDivide,
    /// A product without `*` (section 4.3).
    Implicit,
    /// `number / number` before a name or `(` (rule 2).
    Rule2,
    Operand,
}

impl Level {
    /// The level just above: the right operand of a left-associative operator.
    pub(super) fn next(self) -> Level {
        match self {
            Level::Or => Level::Xor,
            Level::Xor => Level::And,
            Level::And => Level::BitOr,
            Level::BitOr => Level::BitXor,
            Level::BitXor => Level::BitAnd,
            Level::BitAnd => Level::Relational,
            Level::Relational => Level::Shift,
            Level::Shift => Level::Conversion,
            Level::Conversion => Level::Range,
            Level::Range => Level::AddSubtract,
            Level::AddSubtract => Level::MultiplyDivide,
            Level::MultiplyDivide => Level::Implicit,
            Level::Implicit => Level::Rule2,
            Level::Rule2 | Level::Operand => Level::Operand,
        }
    }
}

/// What the implicit-product rules need to know of the last factor (rather than the factor
/// itself, which would have to be kept or copied).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct FactorSummary {
    pub(super) constant: bool,
    pub(super) operator: bool,
}

impl FactorSummary {
    pub(super) fn of(node: &Node) -> FactorSummary {
        FactorSummary {
            constant: is_constant(node),
            operator: is_operator_except_factorial(node),
        }
    }
}

pub(super) fn implicit_product(left: Node, right: Node, at: usize, span: Span) -> Node {
    Node {
        kind: NodeKind::Operator {
            op: Op::Multiply,
            args: Box::new([left, right]),
            implicit: true,
            percentage: false,
            at,
        },
        span,
    }
}

pub(super) fn undefined(position: usize) -> Node {
    Node {
        kind: NodeKind::Constant(Constant::Undefined),
        span: Span::at(position),
    }
}

/// A binary operator node.
pub(super) fn operator(op: Op, left: Node, right: Node, at: usize) -> Node {
    let span = Span::new(left.span.start, right.span.end);
    Node {
        kind: NodeKind::Operator {
            op,
            args: Box::new([left, right]),
            implicit: false,
            percentage: false,
            at,
        },
        span,
    }
}

pub(super) fn postfix(op: Op, operand: Node, token: Span) -> Node {
    let span = Span::new(operand.span.start, token.end);
    Node {
        kind: NodeKind::Operator {
            op,
            args: Box::new([operand]),
            implicit: false,
            percentage: false,
            at: token.start,
        },
        span,
    }
}

/// A number literal, or (when `signed`) one under a prefix `-`, `+` or `~`.
pub(super) fn is_number_literal(node: &Node, signed: bool) -> bool {
    match &node.kind {
        NodeKind::Number(_) => true,
        NodeKind::Operator {
            op: Op::UnaryMinus | Op::UnaryPlus | Op::BitNot,
            args,
            ..
        } if signed => args.len() == 1 && matches!(args[0].kind, NodeKind::Number(_)),
        _ => false,
    }
}

/// A constant node, or one negated (`-5`, `-null`): what an `in` may follow as the inch.
pub(super) fn is_constant_or_negated(node: &Node) -> bool {
    match &node.kind {
        NodeKind::Operator {
            op: Op::UnaryMinus,
            args,
            ..
        } => args.len() == 1 && is_constant(&args[0]),
        _ => is_constant(node),
    }
}

/// A constant node in math.js's sense: a number, string or parser constant.
pub(super) fn is_constant(node: &Node) -> bool {
    matches!(
        node.kind,
        NodeKind::Number(_) | NodeKind::Str(_) | NodeKind::Constant(_)
    )
}

pub(super) fn is_operator_except_factorial(node: &Node) -> bool {
    matches!(&node.kind, NodeKind::Operator { op, .. } if *op != Op::Factorial)
}

/// A call needs a name or an accessor before it.
pub(super) fn is_callable(node: &Node) -> bool {
    matches!(node.kind, NodeKind::Symbol(_) | NodeKind::Accessor { .. })
}

pub(super) fn symbol_name(node: &Node) -> Option<String> {
    match &node.kind {
        NodeKind::Symbol(name) => Some(name.as_str().to_owned()),
        _ => None,
    }
}

/// `f(x, y)` with names only: the head of a function definition.
pub(super) fn is_function_head(callee: &Node, args: &[Node]) -> bool {
    matches!(callee.kind, NodeKind::Symbol(_))
        && args.iter().all(|a| matches!(a.kind, NodeKind::Symbol(_)))
}

/// A prefixed literal (`0x1F`, `0b1.1`, `0xFFi8`) read as math.js reads it while it parses,
/// for the configured type: number by math.js's `number(string)`, BigNumber by its
/// `bignumber(string)`; their failures are the parse's. (Fraction mode's refusal of every prefixed
/// literal is the later Fraction literal check, `Invalid argument`.)
pub(super) fn check_prefixed(
    raw: &str,
    span: Span,
    numeric_type: NumericType,
) -> Result<(), ParseError> {
    // Almost every literal is decimal: decided by its first two bytes.
    if !matches!(raw.as_bytes(), [b'0', b'x' | b'b' | b'o', ..]) {
        return Ok(());
    }
    let read = match numeric_type {
        NumericType::Number => crate::num::literal::number_from_string(raw)
            .map(drop)
            .map_err(|e| match e {
                crate::error::FnError::Domain(message) => message,
                _ => format!("String \"{raw}\" is not a valid number"),
            }),
        NumericType::BigNumber => crate::num::bignum::parse_prefixed(raw).map(drop),
        NumericType::Fraction => Ok(()),
    };
    read.map_err(|message| ParseError {
        message,
        position: span.start,
    })
}
