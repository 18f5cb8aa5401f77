//! The expression tree, shaped like math.js's node types so that evaluation, simplification,
//! differentiation and printing can follow math.js's behaviour node for node, and so that the
//! parser can be checked against math.js's own parser (`Node::to_mathjs_json`).

use reckon_core::Span;
use serde_json::{Map, Value, json};
use smol_str::SmolStr;
use std::rc::Rc;

/// A node and the characters of the expression it came from (code point offsets).
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// What the node is.
    pub kind: NodeKind,
    /// Where it is.
    pub span: Span,
}

/// The node kinds of math.js 15's expression trees.
#[derive(Clone, Debug, PartialEq)]
pub enum NodeKind {
    /// A number literal, as written (typed by `numericType` when evaluated); stored inline, as
    /// almost every literal is short.
    Number(SmolStr),
    /// A string literal, unescaped.
    Str(crate::syntax::text::Text),
    /// `true`, `false`, `null`, `undefined`, `NaN` or `Infinity`.
    Constant(Constant),
    /// A name (stored inline when short, as almost every name is).
    Symbol(SmolStr),
    /// Parentheses the user wrote.
    Parenthesis(Box<Node>),
    /// An operator applied to its operands: prefix and postfix operators have one operand,
    /// binary operators two. `implicit` marks an implicit product; `percentage` marks `x%`, which
    /// math.js represents as `x / 100`.
    Operator {
        /// The operator.
        op: Op,
        /// The operands (a boxed slice, not a vector: a node is smaller by its capacity).
        args: Box<[Node]>,
        /// An implicit multiplication (`2 x`).
        implicit: bool,
        /// A percentage (`8%`).
        percentage: bool,
        /// Where errors of the operation point (section 9.1): the operator token; for an
        /// implicit product, the start of its right operand.
        at: usize,
    },
    /// A chain of two or more comparisons, `a < b <= c` (boxed: rare, and the largest variant
    /// otherwise, which every node would be as large as).
    Relational(Box<Comparisons>),
    /// `condition ? then : otherwise`.
    Conditional {
        /// The condition.
        condition: Box<Node>,
        /// The value when truthy.
        then: Box<Node>,
        /// The value when falsy.
        otherwise: Box<Node>,
    },
    /// `start:end` or `start:step:end`.
    Range {
        /// First value.
        start: Box<Node>,
        /// Last value (inclusive).
        end: Box<Node>,
        /// The step, when written.
        step: Option<Box<Node>>,
    },
    /// `name = value`, or `object[index] = value`.
    Assignment {
        /// The assigned name or object.
        object: Box<Node>,
        /// The index, for an indexed assignment.
        index: Option<Box<Node>>,
        /// The value.
        value: Box<Node>,
    },
    /// `name(params) = body` (boxed: rare, and larger than every other variant).
    FunctionAssignment(Box<FunctionDefinition>),
    /// A call: `callee(args)`; `optional` for `callee?.(args)`.
    Call {
        /// The called expression: a name, an accessor, or (with `?.`) any operand.
        callee: Box<Node>,
        /// The arguments.
        args: Box<[Node]>,
        /// Optional chaining.
        optional: bool,
    },
    /// `object[index]`, `object.name`, `object?.name`.
    Accessor {
        /// The accessed value.
        object: Box<Node>,
        /// The index (an [`NodeKind::Index`] node).
        index: Box<Node>,
        /// Optional chaining.
        optional: bool,
    },
    /// The dimensions of an index; `dot` when written as `.name`.
    Index {
        /// One node per dimension.
        dimensions: Vec<Node>,
        /// Written as `.name`.
        dot: bool,
    },
    /// A matrix or array literal: rows are nested `Array` nodes.
    Array(Vec<Node>),
    /// `{key: value, ...}` in insertion order.
    Object(Vec<(String, Node)>),
    /// Several statements (`;` or newline separated), each with whether its value is shown, and
    /// the character offset of the first top-level separator.
    Block {
        /// The statements (empty pieces are not kept).
        statements: Box<[(Node, bool)]>,
        /// Where the first separator is.
        first_separator: usize,
    },
}

/// A [`NodeKind::Relational`] chain.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparisons {
    /// The comparisons, left to right.
    pub ops: Vec<Op>,
    /// The compared operands (one more than `ops`).
    pub params: Vec<Node>,
}

/// A [`NodeKind::FunctionAssignment`].
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDefinition {
    /// The function's name.
    pub name: String,
    /// Parameter names (shared with every function value the definition makes).
    pub params: Rc<[String]>,
    /// The body (shared likewise: defining the function copies nothing).
    pub body: Rc<Node>,
}

/// Parser constants: never names, never shadowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Constant {
    /// `true`.
    True,
    /// `false`.
    False,
    /// `null`.
    Null,
    /// `undefined`.
    Undefined,
    /// `NaN`.
    NaN,
    /// `Infinity`.
    Infinity,
}

/// Operators, with math.js's function names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Op {
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
}

impl Op {
    /// The operator as math.js writes it, and math.js's function name for it.
    pub fn symbol_and_fn(self) -> (&'static str, &'static str) {
        use Op::*;
        match self {
            Add => ("+", "add"),
            Subtract => ("-", "subtract"),
            Multiply => ("*", "multiply"),
            Divide => ("/", "divide"),
            DotMultiply => (".*", "dotMultiply"),
            DotDivide => ("./", "dotDivide"),
            Mod => ("mod", "mod"),
            ModSign => ("%", "mod"),
            Pow => ("^", "pow"),
            DotPow => (".^", "dotPow"),
            UnaryMinus => ("-", "unaryMinus"),
            UnaryPlus => ("+", "unaryPlus"),
            BitNot => ("~", "bitNot"),
            Not => ("not", "not"),
            Factorial => ("!", "factorial"),
            Transpose => ("'", "ctranspose"),
            Nullish => ("??", "nullish"),
            And => ("and", "and"),
            Or => ("or", "or"),
            Xor => ("xor", "xor"),
            BitAnd => ("&", "bitAnd"),
            BitOr => ("|", "bitOr"),
            BitXor => ("^|", "bitXor"),
            LeftShift => ("<<", "leftShift"),
            RightArithShift => (">>", "rightArithShift"),
            RightLogShift => (">>>", "rightLogShift"),
            Equal => ("==", "equal"),
            Unequal => ("!=", "unequal"),
            Smaller => ("<", "smaller"),
            Larger => (">", "larger"),
            SmallerEq => ("<=", "smallerEq"),
            LargerEq => (">=", "largerEq"),
            To => ("to", "to"),
            In => ("in", "to"),
        }
    }
}

impl Node {
    /// The tree in the JSON shape of math.js's `JSON.stringify(math.parse(expression))`, for
    /// differential tests of the parser.
    pub fn to_mathjs_json(&self) -> Value {
        match &self.kind {
            NodeKind::Number(raw) => json!({"mathjs": "ConstantNode", "value": number_value(raw)}),
            NodeKind::Str(text) => json!({"mathjs": "ConstantNode", "value": text.as_str()}),
            NodeKind::Constant(constant) => {
                let value = match constant {
                    Constant::True => json!(true),
                    Constant::False => json!(false),
                    Constant::Null => Value::Null,
                    Constant::Undefined => return json!({"mathjs": "ConstantNode"}),
                    // JSON.stringify writes non-finite numbers as null.
                    Constant::NaN | Constant::Infinity => Value::Null,
                };
                json!({"mathjs": "ConstantNode", "value": value})
            }
            NodeKind::Symbol(name) => json!({"mathjs": "SymbolNode", "name": name.as_str()}),
            NodeKind::Parenthesis(content) => {
                json!({"mathjs": "ParenthesisNode", "content": content.to_mathjs_json()})
            }
            NodeKind::Operator {
                op,
                args,
                implicit,
                percentage,
                ..
            } => {
                let (symbol, function) = op.symbol_and_fn();
                let symbol = if *percentage { "/" } else { symbol };
                let mut args: Vec<Value> = args.iter().map(Node::to_mathjs_json).collect();
                // `a + b%`, `a - b%`: math.js's parser builds `a ± a * b%` (reckon's evaluator
                // reads the same meaning from the percentage operand).
                if matches!(op, Op::Add | Op::Subtract)
                    && let [left, right] = &mut args[..]
                    && right["isPercentage"] == json!(true)
                {
                    *right = json!({"mathjs": "OperatorNode", "op": "*", "fn": "multiply", "args": [left.clone(), right.clone()], "implicit": false, "isPercentage": false});
                }
                if *percentage {
                    args.push(json!({"mathjs": "ConstantNode", "value": 100}));
                }
                let function = if *percentage { "divide" } else { function };
                json!({"mathjs": "OperatorNode", "op": symbol, "fn": function, "args": args, "implicit": implicit, "isPercentage": percentage})
            }
            NodeKind::Relational(chain) => json!({
                "mathjs": "RelationalNode",
                "conditionals": chain.ops.iter().map(|op| op.symbol_and_fn().1).collect::<Vec<_>>(),
                "params": chain.params.iter().map(Node::to_mathjs_json).collect::<Vec<_>>(),
            }),
            NodeKind::Conditional {
                condition,
                then,
                otherwise,
            } => json!({
                "mathjs": "ConditionalNode",
                "condition": condition.to_mathjs_json(),
                "trueExpr": then.to_mathjs_json(),
                "falseExpr": otherwise.to_mathjs_json(),
            }),
            NodeKind::Range { start, end, step } => {
                let mut object = Map::new();
                object.insert("mathjs".into(), "RangeNode".into());
                object.insert("start".into(), start.to_mathjs_json());
                object.insert("end".into(), end.to_mathjs_json());
                object.insert(
                    "step".into(),
                    step.as_ref().map_or(Value::Null, |s| s.to_mathjs_json()),
                );
                Value::Object(object)
            }
            NodeKind::Assignment {
                object,
                index,
                value,
            } => {
                let mut out = Map::new();
                out.insert("mathjs".into(), "AssignmentNode".into());
                out.insert("object".into(), object.to_mathjs_json());
                out.insert(
                    "index".into(),
                    index.as_ref().map_or(Value::Null, |i| i.to_mathjs_json()),
                );
                out.insert("value".into(), value.to_mathjs_json());
                Value::Object(out)
            }
            NodeKind::FunctionAssignment(definition) => json!({
                "mathjs": "FunctionAssignmentNode",
                "name": definition.name,
                "params": definition.params.iter().map(|p| json!({"name": p, "type": "any"})).collect::<Vec<_>>(),
                "expr": definition.body.to_mathjs_json(),
            }),
            NodeKind::Call { callee, args, .. } => json!({
                "mathjs": "FunctionNode",
                "fn": callee.to_mathjs_json(),
                "args": args.iter().map(Node::to_mathjs_json).collect::<Vec<_>>(),
            }),
            NodeKind::Accessor {
                object,
                index,
                optional,
            } => json!({
                "mathjs": "AccessorNode",
                "object": object.to_mathjs_json(),
                "index": index.to_mathjs_json(),
                "optionalChaining": optional,
            }),
            NodeKind::Index { dimensions, dot } => json!({
                "mathjs": "IndexNode",
                "dimensions": dimensions.iter().map(Node::to_mathjs_json).collect::<Vec<_>>(),
                "dotNotation": dot,
            }),
            NodeKind::Array(items) => {
                json!({"mathjs": "ArrayNode", "items": items.iter().map(Node::to_mathjs_json).collect::<Vec<_>>()})
            }
            NodeKind::Object(entries) => {
                let properties: Map<String, Value> = entries
                    .iter()
                    .map(|(key, value)| (key.clone(), value.to_mathjs_json()))
                    .collect();
                json!({"mathjs": "ObjectNode", "properties": properties})
            }
            NodeKind::Block { statements, .. } => json!({
                "mathjs": "BlockNode",
                "blocks": statements.iter().map(|(node, visible)| json!({"node": node.to_mathjs_json(), "visible": visible})).collect::<Vec<_>>(),
            }),
        }
    }
}

/// A literal's value as a JSON number where binary64 can hold it (what math.js's parser stores
/// for numericType "number"), else its text.
fn number_value(raw: &str) -> Value {
    let value = if matches!(raw.as_bytes(), [b'0', b'x' | b'b' | b'o', ..]) {
        crate::num::literal::number_from_string(raw).map_err(drop)
    } else {
        raw.parse::<f64>().map_err(drop)
    };
    match value {
        Ok(value)
            if value.is_finite()
                && value.fract() == 0.0
                && value.abs() < 9.007_199_254_740_992e15 =>
        {
            json!(value as i64)
        }
        Ok(value) if value.is_finite() => json!(value),
        Ok(_) => Value::Null,
        Err(_) => json!(raw),
    }
}

/// The first `Some` that `visit` answers for a child of `node`, in order, without collecting
/// the children (the checks walk every node of every request).
pub(crate) fn find_child<'n, R>(
    node: &'n Node,
    mut visit: impl FnMut(&'n Node) -> Option<R>,
) -> Option<R> {
    match &node.kind {
        NodeKind::Number(_) | NodeKind::Str(_) | NodeKind::Constant(_) | NodeKind::Symbol(_) => {
            None
        }
        NodeKind::Parenthesis(inner) => visit(inner),
        NodeKind::Operator { args, .. } => args.iter().find_map(visit),
        NodeKind::Relational(chain) => chain.params.iter().find_map(visit),
        NodeKind::Conditional {
            condition,
            then,
            otherwise,
        } => visit(condition)
            .or_else(|| visit(then))
            .or_else(|| visit(otherwise)),
        NodeKind::Range { start, end, step } => visit(start)
            .or_else(|| step.as_deref().and_then(&mut visit))
            .or_else(|| visit(end)),
        NodeKind::Assignment {
            object,
            index,
            value,
        } => visit(object)
            .or_else(|| index.as_deref().and_then(&mut visit))
            .or_else(|| visit(value)),
        NodeKind::FunctionAssignment(definition) => visit(&definition.body),
        NodeKind::Call { callee, args, .. } => {
            visit(callee).or_else(|| args.iter().find_map(visit))
        }
        NodeKind::Accessor { object, index, .. } => visit(object).or_else(|| visit(index)),
        NodeKind::Index { dimensions, .. } => dimensions.iter().find_map(visit),
        NodeKind::Array(items) => items.iter().find_map(visit),
        NodeKind::Object(entries) => entries.iter().map(|(_, v)| v).find_map(visit),
        NodeKind::Block { statements, .. } => statements.iter().map(|(n, _)| n).find_map(visit),
    }
}

/// The operator a function name stands for, when it is an operator called as a function.
pub(crate) fn operator_of(name: &str) -> Option<Op> {
    use Op::*;
    Some(match name {
        "add" => Add,
        "subtract" => Subtract,
        "multiply" => Multiply,
        "divide" => Divide,
        "pow" => Pow,
        "mod" => Mod,
        "dotMultiply" => DotMultiply,
        "dotDivide" => DotDivide,
        "dotPow" => DotPow,
        "equal" => Equal,
        "unequal" => Unequal,
        "larger" => Larger,
        "largerEq" => LargerEq,
        "smaller" => Smaller,
        "smallerEq" => SmallerEq,
        "and" => And,
        "or" => Or,
        "xor" => Xor,
        "bitAnd" => BitAnd,
        "bitOr" => BitOr,
        "bitXor" => BitXor,
        "leftShift" => LeftShift,
        "rightArithShift" => RightArithShift,
        "rightLogShift" => RightLogShift,
        "not" => Not,
        "bitNot" => BitNot,
        "unaryMinus" => UnaryMinus,
        "unaryPlus" => UnaryPlus,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every level of the parser returns a node (in a `Result` of the same size), and every
    /// operator holds its operands side by side: the node is kept at 48 bytes by boxing the
    /// rare large variants. A variant that grows it fails here rather than slowing every parse.
    #[test]
    fn a_node_stays_small() {
        assert_eq!(std::mem::size_of::<NodeKind>(), 32);
        assert_eq!(std::mem::size_of::<Node>(), 48);
        assert_eq!(
            std::mem::size_of::<Result<Node, crate::syntax::parser::ParseError>>(),
            48
        );
    }
}
