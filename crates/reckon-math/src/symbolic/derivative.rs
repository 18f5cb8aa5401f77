//! The rules of section 8.2 over the working form. A subtree without the variable
//! differentiates to 0 without needing a rule; sums term by term; products pull their constant
//! factors out and use the product rule for the rest (a quotient is a product with a `-1`
//! power, so the quotient rule and its shortcuts follow); powers use the power rule for a
//! constant exponent, `b^u log(b) u'` for a constant base (0 for a literal base 0 or 1) and
//! `u^v (u' v / u + v' log(u))` otherwise; functions use the chain rule with the table below.
//! The result is unsimplified; the caller simplifies it.

use super::expr::{Expr, unsupported};
use super::{Work, no_rule, symbolic_failure};
use crate::error::CalculateError;
use dashu_ratio::RBig;

/// d`e`/d`var`, unsimplified.
///
/// # Errors
/// The "no rule" failure for a function or operator without a rule whose operand depends on
/// the variable, the symbolic failure for other nodes that do, the timeout past the meter.
pub(crate) fn derive(e: &Expr, var: &str, work: &mut Work) -> Result<Expr, CalculateError> {
    work.charge(e.size() as u64)?;
    if !e.depends_on(var) {
        return Ok(Expr::int(0));
    }
    Ok(match e {
        Expr::Num(_) | Expr::Float(_) => Expr::int(0),
        Expr::Sym(_) => Expr::int(1),
        Expr::Add(items) => Expr::Add(
            items
                .iter()
                .map(|t| derive(t, var, work))
                .collect::<Result<_, _>>()?,
        ),
        Expr::Mul(items, _) => product(items, var, work)?,
        Expr::Pow(base, exponent) => power(base, exponent, var, work)?,
        Expr::Call(name, args, at) => call(name, args, *at, var, work)?,
        Expr::Op(op, _, at) => {
            let symbol = op.symbol_and_fn().0;
            return Err(no_rule(
                &format!("the operator \"{symbol}\""),
                symbol,
                var,
                *at,
            ));
        }
        Expr::Opaque(node) => {
            return Err(symbolic_failure(
                "derivative",
                &unsupported(node),
                node.span.start,
            ));
        }
    })
}

/// `a * b * ...`, unsimplified.
fn mul(items: Vec<Expr>) -> Expr {
    Expr::Mul(items, false)
}

/// `a ^ n`.
fn pow(a: Expr, n: i64) -> Expr {
    Expr::Pow(Box::new(a), Box::new(Expr::int(n)))
}

/// `name(a)`.
fn call1(name: &str, a: &Expr) -> Expr {
    Expr::Call(name.into(), vec![a.clone()], 0)
}

/// The product rule, constant factors pulled out.
fn product(items: &[Expr], var: &str, work: &mut Work) -> Result<Expr, CalculateError> {
    let (dependent, constant): (Vec<&Expr>, Vec<&Expr>) =
        items.iter().partition(|f| f.depends_on(var));
    let mut terms = Vec::with_capacity(dependent.len());
    for i in 0..dependent.len() {
        let mut factors: Vec<Expr> = constant.iter().map(|f| (*f).clone()).collect();
        for (j, f) in dependent.iter().enumerate() {
            factors.push(if i == j {
                derive(f, var, work)?
            } else {
                (*f).clone()
            });
        }
        terms.push(mul(factors));
    }
    Ok(if terms.len() == 1 {
        terms.remove(0)
    } else {
        Expr::Add(terms)
    })
}

/// The power rules.
fn power(base: &Expr, exponent: &Expr, var: &str, work: &mut Work) -> Result<Expr, CalculateError> {
    let (b, x) = ((*base).clone(), (*exponent).clone());
    if !exponent.depends_on(var) {
        // n u^(n-1) u'
        let reduced = Expr::Add(vec![x.clone(), Expr::int(-1)]);
        return Ok(mul(vec![
            x,
            Expr::Pow(Box::new(b), Box::new(reduced)),
            derive(base, var, work)?,
        ]));
    }
    if !base.depends_on(var) {
        if base.is_int(0) || base.is_int(1) {
            return Ok(Expr::int(0));
        }
        // b^u log(b) u'
        let log = call1("log", &b);
        return Ok(mul(vec![
            Expr::Pow(Box::new(b), Box::new(x)),
            log,
            derive(exponent, var, work)?,
        ]));
    }
    // u^v (u' v / u + v' log(u))
    let du = derive(base, var, work)?;
    let dv = derive(exponent, var, work)?;
    let inner = Expr::Add(vec![
        mul(vec![du, x.clone(), b.clone().reciprocal()]),
        mul(vec![dv, call1("log", &b)]),
    ]);
    Ok(mul(vec![Expr::Pow(Box::new(b), Box::new(x)), inner]))
}

/// `u^2 + k`.
fn square_plus(u: &Expr, k: i64) -> Expr {
    Expr::Add(vec![pow(u.clone(), 2), Expr::int(k)])
}

/// `1 - u^2`.
fn one_minus_square(u: &Expr) -> Expr {
    Expr::Add(vec![Expr::int(1), pow(u.clone(), 2).negated()])
}

/// The chain rule with each function's derivative.
fn call(
    name: &str,
    args: &[Expr],
    at: usize,
    var: &str,
    work: &mut Work,
) -> Result<Expr, CalculateError> {
    let refuse = || no_rule(&format!("the function \"{name}\""), name, var, at);
    match (name, args) {
        ("log", [u, b]) => {
            if b.depends_on(var) {
                let quotient = mul(vec![call1("log", u), call1("log", b).reciprocal()]);
                return derive(&quotient, var, work);
            }
            let outer = mul(vec![u.clone(), call1("log", b)]).reciprocal();
            return Ok(mul(vec![outer, derive(u, var, work)?]));
        }
        ("nthRoot", [u, n]) => {
            if n.depends_on(var) {
                return Err(refuse());
            }
            let root = Expr::Pow(Box::new(u.clone()), Box::new(n.clone().reciprocal()));
            return derive(&root, var, work);
        }
        ("pow", [u, v]) => {
            return derive(
                &Expr::Pow(Box::new(u.clone()), Box::new(v.clone())),
                var,
                work,
            );
        }
        (_, [_]) => {}
        _ => return Err(refuse()),
    }
    let u = &args[0];
    let half = Expr::Num(RBig::from_parts(1.into(), 2u8.into()));
    let outer = match name {
        "sqrt" | "nthRoot" => mul(vec![half, call1("sqrt", u).reciprocal()]),
        "cbrt" => mul(vec![
            Expr::Num(RBig::from_parts(1.into(), 3u8.into())),
            pow(call1("cbrt", u), -2),
        ]),
        "exp" => call1("exp", u),
        "log" => u.clone().reciprocal(),
        "log10" => mul(vec![u.clone(), call1("log", &Expr::int(10))]).reciprocal(),
        "sin" => call1("cos", u),
        "cos" => call1("sin", u).negated(),
        "tan" => pow(call1("sec", u), 2),
        "sec" => mul(vec![call1("sec", u), call1("tan", u)]),
        "csc" => mul(vec![Expr::int(-1), call1("csc", u), call1("cot", u)]),
        "cot" => pow(call1("csc", u), 2).negated(),
        "asin" => call1("sqrt", &one_minus_square(u)).reciprocal(),
        "acos" => call1("sqrt", &one_minus_square(u)).reciprocal().negated(),
        "atan" => square_plus(u, 1).reciprocal(),
        "asec" => mul(vec![call1("abs", u), call1("sqrt", &square_plus(u, -1))]).reciprocal(),
        "acsc" => mul(vec![call1("abs", u), call1("sqrt", &square_plus(u, -1))])
            .reciprocal()
            .negated(),
        "acot" => square_plus(u, 1).reciprocal().negated(),
        "sinh" => call1("cosh", u),
        "cosh" => call1("sinh", u),
        "tanh" => pow(call1("sech", u), 2),
        "sech" => mul(vec![Expr::int(-1), call1("sech", u), call1("tanh", u)]),
        "csch" => mul(vec![Expr::int(-1), call1("csch", u), call1("coth", u)]),
        "coth" => pow(call1("csch", u), 2).negated(),
        "asinh" => call1("sqrt", &square_plus(u, 1)).reciprocal(),
        "acosh" => call1("sqrt", &square_plus(u, -1)).reciprocal(),
        "atanh" | "acoth" => one_minus_square(u).reciprocal(),
        "asech" => mul(vec![u.clone(), call1("sqrt", &one_minus_square(u))])
            .reciprocal()
            .negated(),
        "acsch" => mul(vec![call1("abs", u), call1("sqrt", &square_plus(u, 1))])
            .reciprocal()
            .negated(),
        "abs" => mul(vec![call1("abs", u), u.clone().reciprocal()]),
        _ => return Err(refuse()),
    };
    Ok(mul(vec![outer, derive(u, var, work)?]))
}
