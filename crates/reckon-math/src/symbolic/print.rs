//! Printing a syntax tree in math.js syntax (section 8.3): binary operators with one space on
//! each side, implicit products as a space, prefix operators without a space (except `not`),
//! postfix `!` and `'`, calls `f(a, b)`, matrices `[a, b]`, objects `{"a": x}`, strings quoted,
//! numbers as section 7.1 prints them. The parentheses the user wrote are kept; others are
//! added only where precedence needs them (`2 * (x + 1)`, `-(1 / x ^ 2)`, `x ^ (-2 / 3)`).
//!
//! The same printer prints the input (for `unchanged`) and the result; a result prints
//! property access as `x["y"]` ([`Style::Result`]).

use crate::num::format::format_number;
use crate::syntax::ast::{Constant, Node, NodeKind, Op};

/// Whether the tree printed is the user's input or a simplified result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    /// Property access as written (`x.y`).
    Input,
    /// Property access always as `x["y"]`.
    Result,
}

/// `node` printed in math.js syntax.
pub(crate) fn print(node: &Node, style: Style) -> String {
    let mut out = String::new();
    write(node, style, &mut out);
    out
}

/// The precedence math.js gives a node (higher binds tighter); atoms are 100.
pub(crate) fn precedence(node: &Node) -> u8 {
    match &node.kind {
        NodeKind::Assignment { .. } | NodeKind::FunctionAssignment(_) => 0,
        NodeKind::Conditional { .. } => 1,
        NodeKind::Relational(_) => 8,
        NodeKind::Range { .. } => 11,
        NodeKind::Operator {
            op,
            args,
            percentage,
            ..
        } => {
            if *percentage {
                16
            } else {
                operator_precedence(*op, args.len())
            }
        }
        _ => 100,
    }
}

/// math.js's precedence of an operator with `arity` operands.
fn operator_precedence(op: Op, arity: usize) -> u8 {
    use Op::*;
    match op {
        Nullish => 2,
        Or => 2,
        Xor => 3,
        And => 4,
        BitOr => 5,
        BitXor => 6,
        BitAnd => 7,
        Equal | Unequal | Smaller | Larger | SmallerEq | LargerEq => 8,
        LeftShift | RightArithShift | RightLogShift => 9,
        To | In => 10,
        Add | Subtract if arity == 2 => 12,
        Multiply | Divide | DotMultiply | DotDivide | Mod | ModSign => 13,
        UnaryMinus | UnaryPlus | BitNot | Not | Add | Subtract => 14,
        Pow | DotPow => 15,
        Factorial => 16,
        Transpose => 17,
    }
}

/// Whether `node` is a prefix operator (`-x`, `+x`, `~x`, `not x`).
fn is_prefix(node: &Node) -> bool {
    matches!(&node.kind, NodeKind::Operator { op, args, .. }
        if args.len() == 1 && matches!(op, Op::UnaryMinus | Op::UnaryPlus | Op::BitNot | Op::Not))
}

/// `node` in parentheses when `wrap`.
fn write_wrapped(node: &Node, wrap: bool, style: Style, out: &mut String) {
    if wrap {
        out.push('(');
        write(node, style, out);
        out.push(')');
    } else {
        write(node, style, out);
    }
}

fn write(node: &Node, style: Style, out: &mut String) {
    match &node.kind {
        NodeKind::Number(raw) => out.push_str(&format_number(literal_value(raw), None)),
        NodeKind::Str(text) => write_string(text.as_str(), out),
        NodeKind::Constant(constant) => out.push_str(match constant {
            Constant::True => "true",
            Constant::False => "false",
            Constant::Null => "null",
            Constant::Undefined => "undefined",
            Constant::NaN => "NaN",
            Constant::Infinity => "Infinity",
        }),
        NodeKind::Symbol(name) => out.push_str(name),
        NodeKind::Parenthesis(inner) => write_wrapped(inner, true, style, out),
        NodeKind::Operator {
            op,
            args,
            implicit,
            percentage,
            ..
        } => write_operator(node, *op, args, *implicit, *percentage, style, out),
        NodeKind::Relational(chain) => {
            for (i, param) in chain.params.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                    out.push_str(chain.ops[i - 1].symbol_and_fn().0);
                    out.push(' ');
                }
                write_wrapped(param, precedence(param) <= 8, style, out);
            }
        }
        NodeKind::Conditional {
            condition,
            then,
            otherwise,
        } => {
            write_wrapped(condition, precedence(condition) <= 1, style, out);
            out.push_str(" ? ");
            write_wrapped(then, precedence(then) < 1, style, out);
            out.push_str(" : ");
            write_wrapped(otherwise, precedence(otherwise) < 1, style, out);
        }
        NodeKind::Range { start, end, step } => {
            write_wrapped(start, precedence(start) <= 11, style, out);
            if let Some(step) = step {
                out.push(':');
                write_wrapped(step, precedence(step) <= 11, style, out);
            }
            out.push(':');
            write_wrapped(end, precedence(end) <= 11, style, out);
        }
        NodeKind::Assignment {
            object,
            index,
            value,
        } => {
            write(object, style, out);
            if let Some(index) = index {
                write(index, style, out);
            }
            out.push_str(" = ");
            write(value, style, out);
        }
        NodeKind::FunctionAssignment(definition) => {
            out.push_str(&definition.name);
            out.push('(');
            out.push_str(&definition.params.join(", "));
            out.push_str(") = ");
            write(&definition.body, style, out);
        }
        NodeKind::Call {
            callee,
            args,
            optional,
        } => {
            write_wrapped(callee, precedence(callee) < 100, style, out);
            if *optional {
                out.push_str("?.");
            }
            write_list('(', args, ')', style, out);
        }
        NodeKind::Accessor {
            object,
            index,
            optional,
        } => {
            write_wrapped(object, precedence(object) < 100, style, out);
            if *optional {
                out.push_str("?.");
            }
            write(index, style, out);
        }
        NodeKind::Index { dimensions, dot } => match (&dimensions[..], style) {
            ([only], Style::Input) if *dot => {
                out.push('.');
                match &only.kind {
                    NodeKind::Str(name) => out.push_str(name.as_str()),
                    _ => write(only, style, out),
                }
            }
            _ => write_list('[', dimensions, ']', style, out),
        },
        NodeKind::Array(items) => write_list('[', items, ']', style, out),
        NodeKind::Object(entries) => {
            out.push('{');
            for (i, (key, value)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_string(key, out);
                out.push_str(": ");
                write(value, style, out);
            }
            out.push('}');
        }
        NodeKind::Block { statements, .. } => {
            for (i, (statement, _)) in statements.iter().enumerate() {
                if i > 0 {
                    out.push_str("; ");
                }
                write(statement, style, out);
            }
        }
    }
}

/// An operator node: prefix, postfix or binary, with the parentheses precedence needs.
fn write_operator(
    node: &Node,
    op: Op,
    args: &[Node],
    implicit: bool,
    percentage: bool,
    style: Style,
    out: &mut String,
) {
    let own = precedence(node);
    let symbol = op.symbol_and_fn().0;
    match args {
        [operand] if percentage => {
            write_wrapped(operand, precedence(operand) < own, style, out);
            out.push('%');
        }
        [operand] if matches!(op, Op::Factorial | Op::Transpose) => {
            write_wrapped(operand, precedence(operand) < own, style, out);
            out.push_str(symbol);
        }
        [operand] => {
            out.push_str(symbol);
            if op == Op::Not {
                out.push(' ');
            }
            // `-(-x)`, `-(2 * x)`; `-x ^ 2` needs none.
            let wrap = precedence(operand) < own || is_prefix(operand);
            write_wrapped(operand, wrap, style, out);
        }
        [left, right] => {
            let power = matches!(op, Op::Pow | Op::DotPow);
            let (l, r) = (precedence(left), precedence(right));
            // Powers group to the right, everything else to the left.
            let wrap_left = l < own || (power && l == own);
            let wrap_right = r < own || (!power && r == own);
            write_wrapped(left, wrap_left, style, out);
            if implicit {
                out.push(' ');
            } else {
                out.push(' ');
                out.push_str(symbol);
                out.push(' ');
            }
            write_wrapped(right, wrap_right, style, out);
        }
        _ => write_list('(', args, ')', style, out),
    }
}

/// `open` + the nodes joined by `, ` + `close`.
fn write_list(open: char, nodes: &[Node], close: char, style: Style, out: &mut String) {
    out.push(open);
    for (i, node) in nodes.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write(node, style, out);
    }
    out.push(close);
}

/// A string literal in double quotes, escaped as math.js escapes it.
fn write_string(text: &str, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            other => out.push(other),
        }
    }
    out.push('"');
}

/// The binary64 value of a number literal (prefixed literals included); NaN when unreadable.
pub(crate) fn literal_value(raw: &str) -> f64 {
    if matches!(raw.as_bytes(), [b'0', b'x' | b'b' | b'o', ..]) {
        crate::num::literal::number_from_string(raw).unwrap_or(f64::NAN)
    } else {
        raw.parse::<f64>().unwrap_or(f64::NAN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parser::parse;

    /// Expected printings are math.js 15.2's `parse(text).toString()`.
    #[track_caller]
    fn prints(text: &str, want: &str) {
        let tree = parse(text).unwrap_or_else(|e| panic!("{text}: {}", e.message));
        assert_eq!(print(&tree, Style::Input), want, "{text}");
    }

    #[test]
    fn input_prints_as_mathjs_prints_it() {
        for (text, want) in [
            ("-2x", "-2 x"),
            ("-x^2", "-x ^ 2"),
            ("(-x)^2", "(-x) ^ 2"),
            ("-(x^2)", "-(x ^ 2)"),
            ("2^-x", "2 ^ (-x)"),
            ("x^-1", "x ^ (-1)"),
            ("-x*y", "-x * y"),
            ("x*-y", "x * -y"),
            ("a-(b-c)", "a - (b - c)"),
            ("a/b*c", "a / b * c"),
            ("x^(y^z)", "x ^ (y ^ z)"),
            ("2 x^2", "2 x ^ 2"),
            ("x!^2", "x! ^ 2"),
            ("(x+1)!", "(x + 1)!"),
            ("- -x", "-(-x)"),
            ("x - -y", "x - -y"),
            ("+x", "+x"),
            ("not x", "not x"),
            ("x mod 2", "x mod 2"),
            ("f(a,b)", "f(a, b)"),
            ("[1,2]", "[1, 2]"),
            ("x to cm", "x to cm"),
            ("2 (x + 1)", "2 (x + 1)"),
            ("x y z", "x y z"),
            ("1/2 x", "1 / 2 x"),
            ("(1/2) x", "(1 / 2) x"),
            ("5 kg + 3", "5 kg + 3"),
            ("x.y", "x.y"),
            ("1e5", "100000"),
            ("x == x", "x == x"),
            ("n!", "n!"),
        ] {
            prints(text, want);
        }
    }

    #[test]
    fn a_result_prints_property_access_with_brackets() {
        let tree = parse("x.y").unwrap_or_else(|e| panic!("{}", e.message));
        assert_eq!(print(&tree, Style::Result), "x[\"y\"]");
    }
}
