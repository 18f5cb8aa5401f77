//! Multivariate polynomials over the rationals, for the cancellations beyond math.js (spec
//! 11d): a quotient whose numerator and denominator share a polynomial factor is divided by
//! their greatest common divisor (`(x^2 - 1) / (x - 1)` → `x + 1`), and a sum that expands to
//! the zero polynomial is `0` (`(x + 1) * (x - 1) - (x^2 - 1)`). The variables are the sum's
//! or quotient's atoms: names and any subexpression that is not polynomial (`sin(x)`, `x^y`),
//! each treated as an independent variable, which keeps every step an identity.
//!
//! The GCD is the classical recursive one: contents and primitive parts with respect to a main
//! variable, and the primitive pseudo-remainder sequence. Every multiplication is charged to
//! the meter by the terms it multiplies and the size of their coefficients, and an expansion
//! predicted past [`MAX_TERMS`] terms (`(x + y + z + 1)^60`) or a power past [`MAX_DEGREE`] is
//! not attempted: the step is optional, so the expression is then kept as it is.

use super::Work;
use super::expr::{Expr, key_cost, raw_key};
use super::simplify::{Options, fixed_point};
use crate::error::CalculateError;
use crate::num::fraction;
use dashu_ratio::RBig;
use std::collections::BTreeMap;

/// The most terms an expanded polynomial may have.
pub(crate) const MAX_TERMS: usize = 2_000;

/// The largest exponent expanded.
const MAX_DEGREE: u32 = 64;

/// Exponents of each variable (indexes into the atom list).
type Monomial = Vec<u32>;

/// A polynomial: nonzero coefficients by monomial.
#[derive(Clone, Debug, PartialEq)]
struct Poly {
    terms: BTreeMap<Monomial, RBig>,
}

/// The atoms of the polynomials being compared, and the meter.
struct Context<'w> {
    atoms: Vec<(String, Expr)>,
    work: &'w mut Work,
}

/// Gives up: too large, or the meter's budget for this optional step is spent.
struct Skip;

impl Poly {
    fn zero() -> Poly {
        Poly {
            terms: BTreeMap::new(),
        }
    }

    fn constant(c: RBig) -> Poly {
        let mut p = Poly::zero();
        if c != RBig::ZERO {
            p.terms.insert(Vec::new(), c);
        }
        p
    }

    fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// The degree in variable `v`.
    fn degree(&self, v: usize) -> u32 {
        self.terms.keys().map(|m| exponent(m, v)).max().unwrap_or(0)
    }

    /// Whether only constants are left.
    fn is_constant(&self) -> bool {
        self.terms.keys().all(|m| m.iter().all(|&e| e == 0))
    }

    /// The first variable that occurs.
    fn some_variable(&self) -> Option<usize> {
        self.terms
            .keys()
            .flat_map(|m| {
                m.iter()
                    .enumerate()
                    .filter(|(_, e)| **e > 0)
                    .map(|(v, _)| v)
            })
            .min()
    }
}

fn exponent(m: &Monomial, v: usize) -> u32 {
    m.get(v).copied().unwrap_or(0)
}

/// A monomial without trailing zero exponents (one spelling per monomial).
fn trimmed(mut m: Monomial) -> Monomial {
    while m.last() == Some(&0) {
        m.pop();
    }
    m
}

fn add_into(p: &mut Poly, m: Monomial, c: RBig) {
    let m = trimmed(m);
    let sum = match p.terms.remove(&m) {
        Some(old) => old + c,
        None => c,
    };
    if sum != RBig::ZERO {
        p.terms.insert(m, sum);
    }
}

impl Context<'_> {
    /// Charges a product of `a` and `b` before it is made; `Skip` past the limits.
    fn charge_product(&mut self, a: &Poly, b: &Poly) -> Result<(), Skip> {
        let bits = |p: &Poly| p.terms.values().map(fraction::bits).max().unwrap_or(0);
        let size = (bits(a) + bits(b)) / 64 + 1;
        let units = (a.terms.len() * b.terms.len()).saturating_mul(size) as u64;
        if a.terms.len().saturating_mul(b.terms.len()) > MAX_TERMS * 8
            || !self.work.try_charge(units)
        {
            return Err(Skip);
        }
        Ok(())
    }

    fn mul(&mut self, a: &Poly, b: &Poly) -> Result<Poly, Skip> {
        self.charge_product(a, b)?;
        let mut out = Poly::zero();
        for (ma, ca) in &a.terms {
            for (mb, cb) in &b.terms {
                let n = ma.len().max(mb.len());
                let m: Monomial = (0..n).map(|v| exponent(ma, v) + exponent(mb, v)).collect();
                add_into(&mut out, m, ca * cb);
            }
        }
        if out.terms.len() > MAX_TERMS {
            return Err(Skip);
        }
        Ok(out)
    }

    fn add(&mut self, a: &Poly, b: &Poly, sign: i8) -> Result<Poly, Skip> {
        if !self.work.try_charge((a.terms.len() + b.terms.len()) as u64) {
            return Err(Skip);
        }
        let mut out = a.clone();
        for (m, c) in &b.terms {
            add_into(
                &mut out,
                m.clone(),
                if sign < 0 { -c.clone() } else { c.clone() },
            );
        }
        Ok(out)
    }

    fn pow(&mut self, base: &Poly, n: u32) -> Result<Poly, Skip> {
        // A sum of k terms to the n has at most C(n + k - 1, k - 1) terms.
        let k = base.terms.len() as u64;
        let mut predicted: u64 = 1;
        for i in 1..k {
            predicted = predicted.saturating_mul(u64::from(n) + i) / i;
            if predicted > MAX_TERMS as u64 {
                return Err(Skip);
            }
        }
        let mut out = Poly::constant(RBig::ONE);
        for _ in 0..n {
            out = self.mul(&out, base)?;
        }
        Ok(out)
    }

    /// The index of an atom, added when new.
    fn atom(&mut self, e: &Expr) -> Result<usize, Skip> {
        if !self.work.try_charge(key_cost(e)) {
            return Err(Skip);
        }
        let k = raw_key(e);
        if let Some(i) = self.atoms.iter().position(|(a, _)| *a == k) {
            return Ok(i);
        }
        self.atoms.push((k, e.clone()));
        Ok(self.atoms.len() - 1)
    }

    /// `e` as a polynomial in its atoms; `Skip` for a negative power or past the limits.
    fn poly(&mut self, e: &Expr) -> Result<Poly, Skip> {
        if !self.work.try_charge(1) {
            return Err(Skip);
        }
        match e {
            Expr::Num(r) => Ok(Poly::constant(r.clone())),
            Expr::Add(items) => {
                let mut out = Poly::zero();
                for t in items {
                    let p = self.poly(t)?;
                    out = self.add(&out, &p, 1)?;
                }
                Ok(out)
            }
            Expr::Mul(items, _) => {
                let mut out = Poly::constant(RBig::ONE);
                for f in items {
                    let p = self.poly(f)?;
                    out = self.mul(&out, &p)?;
                }
                Ok(out)
            }
            Expr::Pow(base, n) => match &**n {
                Expr::Num(r) if r.denominator().is_one() && *r > RBig::ZERO => {
                    let n = u32::try_from(r.numerator()).map_err(|_| Skip)?;
                    if n > MAX_DEGREE {
                        return Err(Skip);
                    }
                    let b = self.poly(base)?;
                    self.pow(&b, n)
                }
                Expr::Num(r) if *r < RBig::ZERO => Err(Skip),
                _ => self.variable(e),
            },
            _ => self.variable(e),
        }
    }

    fn variable(&mut self, e: &Expr) -> Result<Poly, Skip> {
        let v = self.atom(e)?;
        let mut m = vec![0; v + 1];
        m[v] = 1;
        let mut p = Poly::zero();
        p.terms.insert(m, RBig::ONE);
        Ok(p)
    }

    /// The coefficients of `p` as a polynomial in variable `v`.
    fn coefficients(&self, p: &Poly, v: usize) -> BTreeMap<u32, Poly> {
        let mut out: BTreeMap<u32, Poly> = BTreeMap::new();
        for (m, c) in &p.terms {
            let d = exponent(m, v);
            let mut rest = m.clone();
            if v < rest.len() {
                rest[v] = 0;
            }
            add_into(out.entry(d).or_insert_with(Poly::zero), rest, c.clone());
        }
        out
    }

    /// `p * v^d`.
    fn shifted(&self, p: &Poly, v: usize, d: u32) -> Poly {
        let mut out = Poly::zero();
        for (m, c) in &p.terms {
            let mut m = m.clone();
            if m.len() <= v {
                m.resize(v + 1, 0);
            }
            m[v] += d;
            add_into(&mut out, m, c.clone());
        }
        out
    }

    /// `a / b` when `b` divides `a` exactly.
    fn divide(&mut self, a: &Poly, b: &Poly) -> Result<Option<Poly>, Skip> {
        let Some((lead_m, lead_c)) = b.terms.iter().next_back() else {
            return Ok(None);
        };
        let mut rest = a.clone();
        let mut quotient = Poly::zero();
        while let Some((m, c)) = rest.terms.iter().next_back() {
            if !self.work.try_charge(b.terms.len() as u64) {
                return Err(Skip);
            }
            let n = m.len().max(lead_m.len());
            let mut q: Monomial = Vec::with_capacity(n);
            for v in 0..n {
                let (x, y) = (exponent(m, v), exponent(lead_m, v));
                if x < y {
                    return Ok(None);
                }
                q.push(x - y);
            }
            let mut term = Poly::zero();
            add_into(&mut term, q, c / lead_c);
            let product = self.mul(&term, b)?;
            rest = self.add(&rest, &product, -1)?;
            quotient = self.add(&quotient, &term, 1)?;
        }
        Ok(Some(quotient))
    }

    /// The GCD of `a` and `b`, up to a constant factor.
    fn gcd(&mut self, a: &Poly, b: &Poly) -> Result<Poly, Skip> {
        if a.is_zero() {
            return Ok(b.clone());
        }
        if b.is_zero() {
            return Ok(a.clone());
        }
        if a.is_constant() || b.is_constant() {
            return Ok(Poly::constant(RBig::ONE));
        }
        let Some(v) = a.some_variable() else {
            return Ok(Poly::constant(RBig::ONE));
        };
        if b.degree(v) == 0 {
            let content = self.content(a, v)?;
            return self.gcd(&content, b);
        }
        let (ca, cb) = (self.content(a, v)?, self.content(b, v)?);
        let c = self.gcd(&ca, &cb)?;
        let mut p = self.divide(a, &ca)?.ok_or(Skip)?;
        let mut q = self.divide(b, &cb)?.ok_or(Skip)?;
        if p.degree(v) < q.degree(v) {
            std::mem::swap(&mut p, &mut q);
        }
        while !q.is_zero() {
            if q.degree(v) == 0 {
                return Ok(c);
            }
            let r = self.pseudo_remainder(&p, &q, v)?;
            p = q;
            q = if r.is_zero() {
                r
            } else {
                self.primitive(&r, v)?
            };
        }
        let g = self.primitive(&p, v)?;
        self.mul(&c, &g)
    }

    /// The GCD of the coefficients of `p` in variable `v`.
    fn content(&mut self, p: &Poly, v: usize) -> Result<Poly, Skip> {
        let mut g = Poly::zero();
        for c in self.coefficients(p, v).into_values() {
            g = self.gcd(&g, &c)?;
            if g.is_constant() {
                return Ok(Poly::constant(RBig::ONE));
            }
        }
        Ok(g)
    }

    /// `p` divided by its content in `v`.
    fn primitive(&mut self, p: &Poly, v: usize) -> Result<Poly, Skip> {
        let c = self.content(p, v)?;
        self.divide(p, &c)?.ok_or(Skip)
    }

    /// The pseudo-remainder of `a` by `b` in variable `v`.
    fn pseudo_remainder(&mut self, a: &Poly, b: &Poly, v: usize) -> Result<Poly, Skip> {
        let n = b.degree(v);
        let lead_b = self
            .coefficients(b, v)
            .remove(&n)
            .unwrap_or_else(Poly::zero);
        let mut r = a.clone();
        while !r.is_zero() && r.degree(v) >= n {
            let d = r.degree(v);
            let lead_r = self
                .coefficients(&r, v)
                .remove(&d)
                .unwrap_or_else(Poly::zero);
            let scaled = self.mul(&lead_b, &r)?;
            let shifted = self.shifted(&lead_r, v, d - n);
            let subtrahend = self.mul(&shifted, b)?;
            r = self.add(&scaled, &subtrahend, -1)?;
        }
        Ok(r)
    }

    /// The polynomial back as an expression: terms by descending total degree.
    fn expr(&self, p: &Poly) -> Expr {
        let mut terms: Vec<(&Monomial, &RBig)> = p.terms.iter().collect();
        terms.sort_by_key(|(m, _)| std::cmp::Reverse(m.iter().sum::<u32>()));
        let mut out = Vec::with_capacity(terms.len());
        for (m, c) in terms {
            let mut factors = vec![Expr::Num(c.clone())];
            for (v, &e) in m.iter().enumerate() {
                let atom = self.atoms[v].1.clone();
                match e {
                    0 => {}
                    1 => factors.push(atom),
                    _ => factors.push(Expr::Pow(Box::new(atom), Box::new(Expr::int(i64::from(e))))),
                }
            }
            out.push(Expr::Mul(factors, false));
        }
        match out.len() {
            0 => Expr::int(0),
            1 => out.remove(0),
            _ => Expr::Add(out),
        }
    }
}

/// `e` with the polynomial steps of 11d tried at every sum and quotient, bottom-up; each
/// candidate is simplified and kept only when it is then smaller.
///
/// # Errors
/// The timeout past the meter while simplifying a candidate (the polynomial steps themselves
/// skip rather than fail).
pub(crate) fn reduce(e: &Expr, options: Options, work: &mut Work) -> Result<Expr, CalculateError> {
    let rebuilt = match e {
        Expr::Add(items) => Expr::Add(
            items
                .iter()
                .map(|t| reduce(t, options, work))
                .collect::<Result<_, _>>()?,
        ),
        Expr::Mul(items, implicit) => Expr::Mul(
            items
                .iter()
                .map(|f| reduce(f, options, work))
                .collect::<Result<_, _>>()?,
            *implicit,
        ),
        Expr::Pow(b, x) => Expr::Pow(
            Box::new(reduce(b, options, work)?),
            Box::new(reduce(x, options, work)?),
        ),
        Expr::Call(name, args, at) => Expr::Call(
            name.clone(),
            args.iter()
                .map(|a| reduce(a, options, work))
                .collect::<Result<_, _>>()?,
            *at,
        ),
        other => other.clone(),
    };
    let candidates = match &rebuilt {
        Expr::Add(items) => vec![expanded(&rebuilt, work), combined(items, work)],
        Expr::Mul(items, _) => vec![cancelled(items, work)],
        _ => Vec::new(),
    };
    let mut best = rebuilt;
    for c in candidates.into_iter().flatten() {
        let c = fixed_point(c, options, work)?;
        if c.size() < best.size() {
            best = c;
        }
    }
    Ok(best)
}

/// A sum of quotients over a common denominator, kept factored (each distinct denominator
/// factor to the highest power a term has), with the factors that divide the combined
/// numerator cancelled: `1 / (x - 1) - (x + 1) / (x - 1)^2` → `-2 / (x - 1)^2`.
fn combined(terms: &[Expr], work: &mut Work) -> Option<Expr> {
    let mut cx = Context {
        atoms: Vec::new(),
        work,
    };
    // Distinct monic denominator factors, and each term's numerator and exponents of them.
    let mut factors: Vec<Poly> = Vec::new();
    let mut split: Vec<(Poly, Vec<u32>)> = Vec::new();
    for t in terms {
        let items: &[Expr] = match t {
            Expr::Mul(items, _) => items,
            other => std::slice::from_ref(other),
        };
        let mut numerator = Poly::constant(RBig::ONE);
        let mut exponents: Vec<u32> = Vec::new();
        for f in items {
            let negative = match f {
                Expr::Pow(base, n) => match &**n {
                    Expr::Num(r) if *r < RBig::ZERO && r.denominator().is_one() => {
                        Some((base, u32::try_from(-r.numerator()).ok()?))
                    }
                    _ => None,
                },
                _ => None,
            };
            let Some((base, k)) = negative else {
                let p = cx.poly(f).ok()?;
                numerator = cx.mul(&numerator, &p).ok()?;
                continue;
            };
            if k > MAX_DEGREE {
                return None;
            }
            let b = cx.poly(base).ok()?;
            let (lead, _) = b.terms.iter().next_back()?;
            let lead = lead.clone();
            let scale = b.terms.get(&lead)?.clone();
            let monic = cx.mul(&b, &Poly::constant(RBig::ONE / &scale)).ok()?;
            let inverse = Poly::constant(RBig::ONE / pow_exact(&scale, k));
            numerator = cx.mul(&numerator, &inverse).ok()?;
            let i = match factors.iter().position(|g| *g == monic) {
                Some(i) => i,
                None => {
                    factors.push(monic);
                    factors.len() - 1
                }
            };
            if exponents.len() <= i {
                exponents.resize(i + 1, 0);
            }
            exponents[i] += k;
        }
        split.push((numerator, exponents));
    }
    if factors.is_empty() {
        return None;
    }
    let mut highest = vec![0u32; factors.len()];
    for (_, exponents) in &split {
        for (i, &e) in exponents.iter().enumerate() {
            highest[i] = highest[i].max(e);
        }
    }
    let mut total = Poly::zero();
    for (numerator, exponents) in split {
        let mut term = numerator;
        for (i, f) in factors.iter().enumerate() {
            let missing = highest[i] - exponents.get(i).copied().unwrap_or(0);
            let power = cx.pow(f, missing).ok()?;
            term = cx.mul(&term, &power).ok()?;
        }
        total = cx.add(&total, &term, 1).ok()?;
    }
    for (i, f) in factors.iter().enumerate() {
        while highest[i] > 0 {
            match cx.divide(&total, f).ok()? {
                Some(q) => {
                    total = q;
                    highest[i] -= 1;
                }
                None => break,
            }
        }
    }
    let mut out = vec![cx.expr(&total)];
    for (i, f) in factors.iter().enumerate() {
        if highest[i] > 0 {
            out.push(Expr::Pow(
                Box::new(cx.expr(f)),
                Box::new(Expr::int(-i64::from(highest[i]))),
            ));
        }
    }
    Some(Expr::Mul(out, false))
}

/// `r^k` exactly (k at most [`MAX_DEGREE`]).
fn pow_exact(r: &RBig, k: u32) -> RBig {
    (0..k).fold(RBig::ONE, |acc, _| acc * r)
}

/// A sum expanded: `0` when it is identically zero, else its expanded form.
fn expanded(e: &Expr, work: &mut Work) -> Option<Expr> {
    let mut cx = Context {
        atoms: Vec::new(),
        work,
    };
    let p = cx.poly(e).ok()?;
    Some(cx.expr(&p))
}

/// A quotient with the GCD of numerator and denominator divided out, when it is not constant.
fn cancelled(factors: &[Expr], work: &mut Work) -> Option<Expr> {
    let (mut top, mut bottom) = (Vec::new(), Vec::new());
    for f in factors {
        match f {
            Expr::Pow(base, n) if matches!(&**n, Expr::Num(r) if *r < RBig::ZERO) => {
                bottom.push(Expr::Pow(base.clone(), Box::new((**n).clone().negated())));
            }
            other => top.push(other.clone()),
        }
    }
    if bottom.is_empty() {
        return None;
    }
    let mut cx = Context {
        atoms: Vec::new(),
        work,
    };
    let n = cx.poly(&Expr::Mul(top, false)).ok()?;
    let d = cx.poly(&Expr::Mul(bottom, false)).ok()?;
    let g = cx.gcd(&n, &d).ok()?;
    if g.is_constant() {
        return None;
    }
    let n = cx.divide(&n, &g).ok()??;
    let d = cx.divide(&d, &g).ok()??;
    let (top, bottom) = (cx.expr(&n), cx.expr(&d));
    Some(Expr::Mul(vec![top, bottom.reciprocal()], false))
}
