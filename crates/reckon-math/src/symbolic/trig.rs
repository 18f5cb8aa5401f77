//! The 12 trigonometric rules of section 8.1, over the working form: `+` and `*` match in any
//! order and grouping because sums and products are flat lists. The rules are applied with any
//! common coefficient `k` (`k sin(n)^2 + k cos(n)^2` → `k`, `k - k sin(n)^2` → `k cos(n)^2`),
//! which is the same identity multiplied by `k`.

use super::Work;
use super::expr::{Expr, key};
use super::simplify::{Options, product, with_coefficient};
use crate::error::CalculateError;
use dashu_ratio::RBig;

/// A term `k * f(n)^2`: its coefficient, function name and argument.
fn square(term: &Expr) -> Option<(Expr, &str, &Expr)> {
    let (k, rest) = match term {
        Expr::Mul(items, _) if items.len() == 2 && items[0].is_constant() => {
            (items[0].clone(), &items[1])
        }
        other => (Expr::int(1), other),
    };
    match rest {
        Expr::Pow(base, exponent) if exponent.is_int(2) => match &**base {
            Expr::Call(name, args, _) if args.len() == 1 => Some((k, name.as_str(), &args[0])),
            _ => None,
        },
        _ => None,
    }
}

/// `k * name(arg)^2`.
fn square_of(k: Expr, name: &str, arg: &Expr) -> Expr {
    let call = Expr::Call(name.into(), vec![arg.clone()], 0);
    with_coefficient(k, Expr::Pow(Box::new(call), Box::new(Expr::int(2))))
}

/// Whether two constants are exactly equal.
fn same(a: &Expr, b: &Expr) -> bool {
    matches!((a, b), (Expr::Num(x), Expr::Num(y)) if x == y)
}

/// Exactly `-a`.
fn minus(a: &Expr) -> Expr {
    a.clone().negated()
}

/// Applies the first sum rule that matches (rules 1–10 and 12) to `terms`; `true` when one did.
/// Each rule replaces two terms by one, so repeating this ends.
pub(crate) fn sum_rules(terms: &mut Vec<Expr>, work: &mut Work) -> Result<bool, CalculateError> {
    work.charge((terms.len() * terms.len()) as u64)?;
    let squares: Vec<Option<(Expr, &str, &Expr)>> = terms.iter().map(square).collect();
    let mut keys = Vec::with_capacity(squares.len());
    for s in &squares {
        keys.push(match s {
            Some((_, _, n)) => Some(key(n, work)?),
            None => None,
        });
    }
    let constant = terms.iter().position(Expr::is_constant);
    let mut replacement: Option<(usize, usize, Expr)> = None;
    'search: for (i, a) in squares.iter().enumerate() {
        let Some((ka, fa, na)) = a else { continue };
        // Rules 1, 2 and 12: a pair of squares of the same argument.
        for (j, b) in squares.iter().enumerate() {
            let Some((kb, fb, _)) = b else { continue };
            if i == j || keys[i] != keys[j] {
                continue;
            }
            if *fa == "sin" && *fb == "cos" && same(ka, kb) {
                replacement = Some((i, j, ka.clone()));
                break 'search;
            }
            if *fa == "cos" && *fb == "sin" && same(ka, &minus(kb)) {
                let double = product(
                    vec![Expr::int(2), (*na).clone()],
                    false,
                    Options { trig: false },
                    work,
                )?;
                let cos = Expr::Call("cos".into(), vec![double], 0);
                replacement = Some((i, j, with_coefficient(ka.clone(), cos)));
                break 'search;
            }
        }
        // Rules 3–10: a square and the constant term.
        if let Some(c) = constant {
            let k = &terms[c];
            let rewritten = match *fa {
                // 1 - sin^2 → cos^2, 1 - cos^2 → sin^2
                "sin" if same(k, &minus(ka)) => Some(square_of(k.clone(), "cos", na)),
                "cos" if same(k, &minus(ka)) => Some(square_of(k.clone(), "sin", na)),
                // tan^2 + 1 → sec^2, cot^2 + 1 → csc^2
                "tan" if same(k, ka) => Some(square_of(k.clone(), "sec", na)),
                "cot" if same(k, ka) => Some(square_of(k.clone(), "csc", na)),
                // sec^2 - 1 → tan^2, csc^2 - 1 → cot^2
                "sec" if same(k, &minus(ka)) => Some(square_of(ka.clone(), "tan", na)),
                "csc" if same(k, &minus(ka)) => Some(square_of(ka.clone(), "cot", na)),
                _ => None,
            };
            if let Some(r) = rewritten {
                replacement = Some((i, c, r));
                break 'search;
            }
        }
    }
    let Some((i, j, with)) = replacement else {
        return Ok(false);
    };
    let (first, second) = (i.min(j), i.max(j));
    terms.remove(second);
    terms[first] = with;
    Ok(true)
}

/// Rule 11: `2k * sin(n) * cos(n)` → `k * sin(2 * n)` (an even integer coefficient).
pub(crate) fn product_rule(
    coefficient: &mut Expr,
    factors: &mut Vec<Expr>,
    work: &mut Work,
) -> Result<(), CalculateError> {
    let Expr::Num(c) = &*coefficient else {
        return Ok(());
    };
    let half = c / RBig::from(2);
    if !half.denominator().is_one() || half == RBig::ZERO {
        return Ok(());
    }
    work.charge((factors.len() * factors.len()) as u64)?;
    let mut arguments = Vec::with_capacity(factors.len());
    for f in factors.iter() {
        arguments.push(match f {
            Expr::Call(n, args, _) if (n == "sin" || n == "cos") && args.len() == 1 => {
                Some((n.clone(), key(&args[0], work)?))
            }
            _ => None,
        });
    }
    let argument = |i: usize, name: &str| match &arguments[i] {
        Some((n, k)) if n == name => Some(k.clone()),
        _ => None,
    };
    for i in 0..factors.len() {
        let Some(k) = argument(i, "sin") else {
            continue;
        };
        let Some(j) = (0..factors.len()).find(|&j| argument(j, "cos").as_ref() == Some(&k)) else {
            continue;
        };
        let Expr::Call(_, args, _) = &factors[i] else {
            continue;
        };
        let double = product(
            vec![Expr::int(2), args[0].clone()],
            false,
            Options { trig: false },
            work,
        )?;
        factors[i] = Expr::Call("sin".into(), vec![double], 0);
        factors.remove(j);
        *coefficient = Expr::Num(half);
        return Ok(());
    }
    Ok(())
}
