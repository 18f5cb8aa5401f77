//! The tree-to-tree checks of section 3 step 8, in one walk: the stringifier guard, operations
//! (`simplify`, `derivative`, ...) used as functions, and the renaming of aliases in call position
//! (`ln` → `log`, `arcsin` → `asin`).

use crate::error::{CalculateError, Reason};
use crate::syntax::ast::{Node, NodeKind};

/// Step 8: the stringifier guard (which wins), then operations used as functions, then the alias
/// renaming in call position; one walk over the tree finds the first of each and renames.
pub(crate) fn static_checks(tree: &mut Node) -> Result<(), CalculateError> {
    let mut found = Found::default();
    check_and_rename(tree, &mut found);
    if let Some(position) = found.stringifier {
        return Err(CalculateError::new(
            Reason::DisallowedResultType,
            "Converting a function to a string is not allowed — it would expose internal source.",
        )
        .at(position));
    }
    if let Some((name, position)) = found.operation {
        let ending = if name == "derivative" {
            "with `operation: \"derivative\"` and pass `variable`.".to_owned()
        } else {
            format!("with `operation: \"{name}\"`.")
        };
        return Err(CalculateError::new(
            Reason::OperationAsFunction,
            format!("\"{name}\" is an operation, not a function available inside expressions. Send the inner expression as `expression` {ending}"),
        )
        .at(position));
    }
    Ok(())
}

/// The first (pre-order) stringifier access and operation call of a tree.
#[derive(Default)]
struct Found {
    stringifier: Option<usize>,
    operation: Option<(&'static str, usize)>,
}

/// Records `node`'s findings unless earlier nodes made them, renames an alias it calls, and
/// goes on into its children.
fn check_and_rename(node: &mut Node, found: &mut Found) {
    if found.stringifier.is_none() {
        found.stringifier = stringifier_access(node);
    }
    if found.operation.is_none() {
        found.operation = operation_call(node).map(|(name, at)| {
            let name = match name {
                "evaluate" => "evaluate",
                "simplify" => "simplify",
                _ => "derivative",
            };
            (name, at)
        });
    }
    rename_alias(node);
    for_each_child_mut(node, &mut |child: &mut Node| check_and_rename(child, found));
}

/// `x.toString`, `x["toLocaleString"]`: the name's position.
fn stringifier_access(node: &Node) -> Option<usize> {
    let NodeKind::Accessor { index, .. } = &node.kind else {
        return None;
    };
    let NodeKind::Index { dimensions, .. } = &index.kind else {
        return None;
    };
    dimensions.iter().find_map(|d| match &d.kind {
        NodeKind::Str(name) if name == "toString" || name == "toLocaleString" => Some(d.span.start),
        _ => None,
    })
}

/// A call of the bare name `evaluate`, `simplify` or `derivative`: the name and its position.
fn operation_call(node: &Node) -> Option<(&str, usize)> {
    let NodeKind::Call { callee, .. } = &node.kind else {
        return None;
    };
    match &callee.kind {
        NodeKind::Symbol(name)
            if matches!(name.as_str(), "evaluate" | "simplify" | "derivative") =>
        {
            Some((name.as_str(), callee.span.start))
        }
        _ => None,
    }
}

/// `ln(` → `log(`, `arcsin(` → `asin(` and the other `arc…` names, in call position only.
fn rename_alias(node: &mut Node) {
    if let NodeKind::Call { callee, .. } = &mut node.kind
        && let NodeKind::Symbol(name) = &mut callee.kind
    {
        let renamed = match name.as_str() {
            "ln" => Some("log".to_owned()),
            n if n.starts_with("arc")
                && matches!(
                    &n[3..],
                    "sin"
                        | "cos"
                        | "tan"
                        | "sec"
                        | "csc"
                        | "cot"
                        | "sinh"
                        | "cosh"
                        | "tanh"
                        | "sech"
                        | "csch"
                        | "coth"
                ) =>
            {
                Some(format!("a{}", &n[3..]))
            }
            _ => None,
        };
        if let Some(renamed) = renamed {
            *name = renamed.into();
        }
    }
}

/// Calls `visit` on each child of `node`, in order, without collecting them.
fn for_each_child_mut(node: &mut Node, visit: &mut impl FnMut(&mut Node)) {
    match &mut node.kind {
        NodeKind::Number(_) | NodeKind::Str(_) | NodeKind::Constant(_) | NodeKind::Symbol(_) => {}
        NodeKind::Parenthesis(inner) => visit(inner),
        NodeKind::Operator { args, .. } => args.iter_mut().for_each(visit),
        NodeKind::Relational(chain) => chain.params.iter_mut().for_each(visit),
        NodeKind::Conditional {
            condition,
            then,
            otherwise,
        } => {
            visit(condition);
            visit(then);
            visit(otherwise);
        }
        NodeKind::Range { start, end, step } => {
            visit(start);
            if let Some(step) = step {
                visit(step);
            }
            visit(end);
        }
        NodeKind::Assignment {
            object,
            index,
            value,
        } => {
            visit(object);
            if let Some(index) = index {
                visit(index);
            }
            visit(value);
        }
        // Just parsed, the body has one owner: `make_mut` copies nothing.
        NodeKind::FunctionAssignment(definition) => {
            visit(std::rc::Rc::make_mut(&mut definition.body))
        }
        NodeKind::Call { callee, args, .. } => {
            visit(callee);
            args.iter_mut().for_each(visit);
        }
        NodeKind::Accessor { object, index, .. } => {
            visit(object);
            visit(index);
        }
        NodeKind::Index { dimensions, .. } => dimensions.iter_mut().for_each(visit),
        NodeKind::Array(items) => items.iter_mut().for_each(visit),
        NodeKind::Object(entries) => entries.iter_mut().for_each(|(_, v)| visit(v)),
        NodeKind::Block { statements, .. } => statements.iter_mut().for_each(|(n, _)| visit(n)),
    }
}
