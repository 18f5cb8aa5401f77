//! The function table, declaratively: one row per built-in with its arity, its number
//! implementation, its forms on Complex, BigNumber and Fraction values where each is one
//! function of its argument ([`Forms`]) and its facts ([`Facts`]) (`BUILTINS`), which
//! `calculator://help` consults to mark what is built (its text comes from `reference`);
//! conversions to number; and, beside it, the special functions (`special`), `format` and its
//! notations (`notation`) and the documentation of every catalogue name (`reference`). The
//! forms that need the evaluator (two arguments, results of another type, metered loops,
//! bigints and collections) live in `eval/`, which consults this table first.

pub mod missing;
pub(crate) mod notation;
pub(crate) mod reference;
pub(crate) mod special;

pub(crate) use crate::error::FnError;
use crate::num::bignum::{self, Big, BigError};
use crate::num::complex::Complex;
use crate::num::jsmath;
use crate::num::literal::parse_js_number;
pub(crate) use crate::num::real::*;
pub(crate) use crate::num::tolerance::nearly_equal;
use crate::value::Value;
pub(crate) use crate::value::convert::{js_number, to_number};
use dashu_int::ops::Abs;
use dashu_ratio::RBig;

/// How many arguments a function takes.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Arity {
    Exactly(usize),
    Between(usize, usize),
    AtLeast(usize),
}

impl Arity {
    /// Whether a call with `count` arguments fits.
    pub(crate) fn admits(self, count: usize) -> bool {
        match self {
            Arity::Exactly(n) => count == n,
            Arity::Between(lo, hi) => (lo..=hi).contains(&count),
            Arity::AtLeast(n) => count >= n,
        }
    }
}

type Unary = fn(f64) -> Result<f64, FnError>;
type Binary = fn(f64, f64) -> Result<f64, FnError>;
type Variadic = fn(&[f64]) -> Result<f64, FnError>;

/// A function's number-mode implementation.
#[derive(Clone, Copy)]
pub(crate) enum Imp {
    Unary(Unary),
    Binary(Binary),
    /// Numbers in, a number out (`max`, `hypot`, `gcd`, `log` with an optional base, ...).
    Numbers(Variadic),
    /// Any values in, any value out (conversions, predicates, `typeOf`).
    Values(fn(&[Value]) -> Result<Value, FnError>),
    /// Implemented by the evaluator, which owns the work meter and the element operations:
    /// operators called as functions (`add`, `equal`, `dotPow`), statistics and matrix
    /// functions (`collections`).
    Evaluator,
}

/// What the evaluator must know of a row beyond its arity and number implementation: how it
/// takes its arguments, where its other forms are, and what it does with matrices, sparse
/// matrices and bigints. Each row declares its facts (`.with(Facts::ELEMENTWISE)`), so adding a
/// built-in means adding its row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Facts(u32);

impl Facts {
    /// No fact.
    pub(crate) const NONE: Facts = Facts(0);
    /// A collection function the evaluator implements (`eval/collections`,
    /// the evaluator's `evaluator_function`, which a test holds to `None` for every
    /// other row besides the operators and the `set…` functions).
    pub(crate) const COLLECTION: Facts = Facts(1 << 0);
    /// An operator called as a function (`add`, `equal`): its operator is
    /// [`crate::syntax::ast::operator_of`] of its name, and the evaluator claims it.
    pub(crate) const OPERATOR: Facts = Facts(1 << 1);
    /// math.js applies it to each element of a matrix argument (other functions refuse one).
    pub(crate) const ELEMENTWISE: Facts = Facts(1 << 2);
    /// Its arguments include functions (callbacks).
    pub(crate) const TAKES_FUNCTIONS: Facts = Facts(1 << 3);
    /// It accepts a sparse matrix (the others answer "not implemented" for one).
    pub(crate) const SPARSE_AWARE: Facts = Facts(1 << 4);
    /// math.js evaluates it from its unevaluated arguments (its `rawArgs` transforms).
    pub(crate) const RAW_ARGUMENTS: Facts = Facts(1 << 5);
    /// Implemented on values, and claimed by no function of the evaluator when every argument
    /// is a plain number (a test checks it), so such a call may go straight to the
    /// implementation ([`Path::NumberValues`]).
    pub(crate) const NUMBER_VALUES: Facts = Facts(1 << 6);
    /// Its table implementation takes its arguments as given: whole collections
    /// (`multinomial`, `kldivergence`, the predicates that map themselves) and Fractions (the
    /// type predicates, `clone`, `nullish`, `numeric`), instead of being mapped over elements
    /// or refused in Fraction mode by the evaluator.
    pub(crate) const VALUES_AS_GIVEN: Facts = Facts(1 << 7);
    /// math.js 15.2 defines it on bigints, with a bigint result or a value of its own (other
    /// functions see a number).
    pub(crate) const BIGINT: Facts = Facts(1 << 8);
    /// A statistic math.js computes over a sparse matrix's elements column by column (the
    /// unstored ones as 0), or, with a dimension, over its dense elements with a sparse result.
    pub(crate) const SPARSE_REDUCTION: Facts = Facts(1 << 9);
    /// Element-wise, applied by math.js to a sparse matrix's stored entries only.
    pub(crate) const SPARSE_ON_STORED: Facts = Facts(1 << 10);
    /// Element-wise, applied by math.js to every element of a sparse matrix, storing the
    /// non-zero results.
    pub(crate) const SPARSE_ON_EVERY: Facts = Facts(1 << 11);
    /// Its result is computed from a sparse matrix's elements as a dense matrix (a matrix result
    /// stays dense).
    pub(crate) const SPARSE_AS_DENSE: Facts = Facts(1 << 12);
    /// It only moves elements: math.js keeps a moved stored zero stored, so reckon runs it a
    /// second time on a matrix marking the stored positions to learn which results are.
    pub(crate) const SPARSE_MOVES_ELEMENTS: Facts = Facts(1 << 13);
    /// Its matrix result is computed from the elements and then stored as a sparse matrix of the
    /// non-zero elements (a vector as one column).
    pub(crate) const SPARSE_DENSE_THEN_SPARSE: Facts = Facts(1 << 14);

    /// Whether every fact of `facts` holds.
    #[inline]
    pub(crate) const fn has(self, facts: Facts) -> bool {
        self.0 & facts.0 == facts.0
    }
}

/// A built-in's BigNumber form of one argument: the cost class charged before it runs
/// ([`bignum::cost`]) and the 64-digit function.
pub(crate) type BigForm = (bignum::Op, fn(&Big) -> Result<Big, BigError>);

/// A built-in's forms on the other number types where one function of its single argument is
/// the whole of it, declared on its row (`.complex(Complex::sin)`). The forms that need the
/// evaluator (two arguments, a result of another type, a metered loop, math.js's special
/// cases) are the named cases of `eval/complex_mode`, `eval/big_mode` and
/// `eval/fraction_mode`, which consult the row first.
#[derive(Clone, Copy)]
pub(crate) struct Forms {
    /// Its Complex form (`sin(2i)`), complex.js's function.
    pub(crate) complex: Option<fn(Complex) -> Complex>,
    /// Its BigNumber form (`sin(bignumber(2))`), decimal.js's at 64 digits.
    pub(crate) big: Option<BigForm>,
    /// Its exact Fraction form (spec 5.3: `abs(fraction(-1, 3))`).
    pub(crate) fraction: Option<fn(&RBig) -> RBig>,
}

impl Forms {
    /// Only a number form.
    const NONE: Forms = Forms {
        complex: None,
        big: None,
        fraction: None,
    };
}

/// One row of the table: a built-in's name, arity, number implementation, its forms on the
/// other number types and its facts.
pub(crate) struct Builtin {
    pub(crate) name: &'static str,
    pub(crate) arity: Arity,
    pub(crate) imp: Imp,
    pub(crate) forms: Forms,
    pub(crate) facts: Facts,
}

impl Builtin {
    /// The row with `facts` added (written in the table after the row's constructor).
    const fn with(self, facts: Facts) -> Builtin {
        Builtin {
            facts: Facts(self.facts.0 | facts.0),
            ..self
        }
    }

    /// The row with a Complex form of one argument.
    const fn complex(self, f: fn(Complex) -> Complex) -> Builtin {
        Builtin {
            forms: Forms {
                complex: Some(f),
                ..self.forms
            },
            ..self
        }
    }

    /// The row with a BigNumber form of one argument, charged as `cost` before it runs.
    const fn big(self, cost: bignum::Op, f: fn(&Big) -> Result<Big, BigError>) -> Builtin {
        Builtin {
            forms: Forms {
                big: Some((cost, f)),
                ..self.forms
            },
            ..self
        }
    }

    /// The row with an exact Fraction form of one argument.
    const fn fraction(self, f: fn(&RBig) -> RBig) -> Builtin {
        Builtin {
            forms: Forms {
                fraction: Some(f),
                ..self.forms
            },
            ..self
        }
    }
}

/// Whether the built-in `name` has `facts` (false for a name that is no row).
#[inline]
pub(crate) fn has_facts(name: &str, facts: Facts) -> bool {
    builtin(name).is_some_and(|row| row.facts.has(facts))
}

const fn unary(name: &'static str, f: Unary) -> Builtin {
    Builtin {
        name,
        arity: Arity::Exactly(1),
        imp: Imp::Unary(f),
        forms: Forms::NONE,
        facts: Facts::NONE,
    }
}

const fn binary(name: &'static str, f: Binary) -> Builtin {
    Builtin {
        name,
        arity: Arity::Exactly(2),
        imp: Imp::Binary(f),
        forms: Forms::NONE,
        facts: Facts::NONE,
    }
}

const fn numbers(name: &'static str, arity: Arity, f: Variadic) -> Builtin {
    Builtin {
        name,
        arity,
        imp: Imp::Numbers(f),
        forms: Forms::NONE,
        facts: Facts::NONE,
    }
}

const fn evaluator(name: &'static str, arity: Arity) -> Builtin {
    Builtin {
        name,
        arity,
        imp: Imp::Evaluator,
        forms: Forms::NONE,
        facts: Facts::NONE,
    }
}

const fn values(
    name: &'static str,
    arity: Arity,
    f: fn(&[Value]) -> Result<Value, FnError>,
) -> Builtin {
    Builtin {
        name,
        arity,
        imp: Imp::Values(f),
        forms: Forms::NONE,
        facts: Facts::NONE,
    }
}

fn ok(x: f64) -> Result<f64, FnError> {
    Ok(x)
}

/// Real results only: a NaN from a real domain violation means a complex result in math.js.
fn real(x: f64) -> Result<f64, FnError> {
    if x.is_nan() {
        Err(FnError::Complex)
    } else {
        Ok(x)
    }
}

/// The table. Aliases of section 6.2 are separate rows pointing at the same implementation.
pub(crate) static BUILTINS: &[Builtin] = &[
    unary("abs", |x| ok(x.abs()))
        .with(Facts::ELEMENTWISE)
        .with(Facts::BIGINT)
        .with(Facts::SPARSE_ON_STORED)
        .big(bignum::Op::Exact, |x| Ok(bignum::abs(x)))
        .fraction(|x| x.clone().abs()),
    unary("sign", |x| {
        ok(if x == 0.0 || x.is_nan() {
            x
        } else {
            x.signum()
        })
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::BIGINT)
    .with(Facts::SPARSE_ON_STORED)
    .complex(Complex::sign)
    .big(bignum::Op::Exact, |x| Ok(bignum::sign(x)))
    .fraction(|x| x.signum()),
    unary("sqrt", |x| {
        if x < 0.0 {
            Err(FnError::Complex)
        } else {
            ok(x.sqrt())
        }
    })
    .complex(Complex::sqrt)
    .big(bignum::Op::Root, bignum::sqrt),
    unary("cbrt", |x| ok(jsmath::cbrt(x)))
        .complex(Complex::cbrt)
        .big(bignum::Op::Root, |x| Ok(bignum::cbrt(x))),
    unary("cube", |x| ok(x * x * x))
        .with(Facts::BIGINT)
        .complex(Complex::cube)
        .big(bignum::Op::Mul, |x| Ok(bignum::mul(&bignum::mul(x, x), x))),
    unary("square", |x| ok(x * x))
        .with(Facts::BIGINT)
        .complex(Complex::square)
        .big(bignum::Op::Mul, |x| Ok(bignum::mul(x, x))),
    unary("exp", |x| ok(jsmath::exp(x)))
        .complex(Complex::exp)
        .big(bignum::Op::Elementary, |x| Ok(bignum::exp(x))),
    unary("expm1", |x| ok(jsmath::expm1(x)))
        .complex(Complex::expm1)
        .big(bignum::Op::Elementary, |x| Ok(bignum::expm1(x))),
    numbers("log", Arity::Between(1, 2), |a| {
        // math.js takes the complex path unless `x >= 0`, so NaN goes there too.
        let complex = |x: f64| x.is_nan() || x < 0.0;
        if complex(a[0]) || a.get(1).is_some_and(|b| complex(*b)) {
            return Err(FnError::Complex);
        }
        ok(match a.get(1) {
            Some(base) => jsmath::log(a[0]) / jsmath::log(*base),
            None => jsmath::log(a[0]),
        })
    })
    .with(Facts::BIGINT),
    // math.js takes the complex path unless its domain test passes, so NaN goes there too
    // (`log10(NaN)` is `Infinity + Infinityi`, complex.js's answer).
    unary("log10", |x| {
        if x.is_nan() || x < 0.0 {
            Err(FnError::Complex)
        } else {
            ok(jsmath::log10(x))
        }
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::BIGINT)
    .with(Facts::SPARSE_ON_EVERY)
    .complex(Complex::log10)
    .big(bignum::Op::Elementary, bignum::log10),
    unary("log2", |x| {
        if x.is_nan() || x < 0.0 {
            Err(FnError::Complex)
        } else {
            ok(jsmath::log2(x))
        }
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::BIGINT)
    .with(Facts::SPARSE_ON_EVERY)
    .complex(Complex::log2)
    .big(bignum::Op::Elementary, bignum::log2),
    unary("log1p", |x| {
        if x.is_nan() || x < -1.0 {
            Err(FnError::Complex)
        } else {
            ok(jsmath::log1p(x))
        }
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::SPARSE_ON_EVERY)
    .complex(Complex::log1p)
    .big(bignum::Op::Elementary, bignum::log1p),
    binary("pow", power)
        .with(Facts::OPERATOR)
        .with(Facts::BIGINT),
    numbers("nthRoot", Arity::Between(1, 2), |a| {
        nth_root(a[0], a.get(1).copied().unwrap_or(2.0))
    })
    .with(Facts::ELEMENTWISE),
    numbers("hypot", Arity::AtLeast(1), |a| ok(hypot(a))).with(Facts::COLLECTION),
    numbers("round", Arity::Between(1, 2), |a| {
        round(a[0], a.get(1).copied().unwrap_or(0.0))
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::BIGINT)
    .with(Facts::SPARSE_ON_STORED)
    .big(bignum::Op::Exact, |x| Ok(bignum::round(x)))
    .fraction(crate::num::fraction::round),
    numbers("floor", Arity::Between(1, 2), |a| {
        with_places("floor", a, floor)
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::BIGINT)
    .with(Facts::SPARSE_ON_STORED)
    .big(bignum::Op::Exact, |x| Ok(bignum::floor(x)))
    .fraction(|x| RBig::from(x.floor())),
    numbers("ceil", Arity::Between(1, 2), |a| {
        with_places("ceil", a, ceil)
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::BIGINT)
    .with(Facts::SPARSE_ON_STORED)
    .big(bignum::Op::Exact, |x| Ok(bignum::ceil(x)))
    .fraction(|x| RBig::from(x.ceil())),
    numbers("fix", Arity::Between(1, 2), |a| {
        with_places("fix", a, |x| if x > 0.0 { floor(x) } else { ceil(x) })
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::BIGINT)
    .with(Facts::SPARSE_ON_STORED)
    .complex(Complex::fix)
    .big(bignum::Op::Exact, |x| Ok(bignum::fix(x)))
    .fraction(|x| RBig::from(x.trunc())),
    binary("mod", |x, y| ok(modulo(x, y)))
        .with(Facts::OPERATOR)
        .with(Facts::ELEMENTWISE)
        .with(Facts::BIGINT),
    numbers("gcd", Arity::AtLeast(2), |a| {
        let a = integers("gcd", a)?;
        a[1..].iter().try_fold(a[0], |g, x| gcd(g, *x))
    })
    .with(Facts::ELEMENTWISE),
    numbers("lcm", Arity::AtLeast(2), |a| {
        // math.js reduces pairwise and checks each pair, so an overflowed partial result
        // (Infinity) is refused like an Infinity argument: lcm(2^53, 1e300, 1) is an error.
        let a = integers("lcm", a)?;
        a[1..]
            .iter()
            .try_fold(a[0], |l, x| integers("lcm", &[l]).map(|_| lcm(l, *x)))
    })
    .with(Facts::ELEMENTWISE),
    unary("sin", |x| ok(jsmath::sin(x)))
        .complex(Complex::sin)
        .big(bignum::Op::Circular, |x| bignum::trig(bignum::Func::Sin, x)),
    unary("cos", |x| ok(jsmath::cos(x)))
        .complex(Complex::cos)
        .big(bignum::Op::Circular, |x| bignum::trig(bignum::Func::Cos, x)),
    unary("tan", |x| ok(jsmath::tan(x)))
        .complex(Complex::tan)
        .big(bignum::Op::Circular, |x| bignum::trig(bignum::Func::Tan, x)),
    unary("sec", |x| ok(1.0 / jsmath::cos(x)))
        .complex(Complex::sec)
        .big(bignum::Op::Circular, |x| bignum::trig(bignum::Func::Sec, x)),
    unary("csc", |x| ok(1.0 / jsmath::sin(x)))
        .complex(Complex::csc)
        .big(bignum::Op::Circular, |x| bignum::trig(bignum::Func::Csc, x)),
    unary("cot", |x| ok(1.0 / jsmath::tan(x)))
        .complex(Complex::cot)
        .big(bignum::Op::Circular, |x| bignum::trig(bignum::Func::Cot, x)),
    unary("asin", |x| real(jsmath::asin(x)))
        .complex(Complex::asin)
        .big(bignum::Op::Circular, |x| {
            bignum::trig(bignum::Func::Asin, x)
        }),
    unary("acos", |x| real(jsmath::acos(x)))
        .complex(Complex::acos)
        .big(bignum::Op::Circular, |x| {
            bignum::trig(bignum::Func::Acos, x)
        }),
    unary("atan", |x| ok(jsmath::atan(x)))
        .complex(Complex::atan)
        .big(bignum::Op::Circular, |x| {
            bignum::trig(bignum::Func::Atan, x)
        }),
    unary("asec", |x| real(jsmath::acos(1.0 / x)))
        .complex(Complex::asec)
        .big(bignum::Op::Circular, |x| {
            bignum::trig(bignum::Func::Asec, x)
        }),
    unary("acsc", |x| real(jsmath::asin(1.0 / x)))
        .complex(Complex::acsc)
        .big(bignum::Op::Circular, |x| {
            bignum::trig(bignum::Func::Acsc, x)
        }),
    unary("acot", |x| ok(jsmath::atan(1.0 / x)))
        .complex(Complex::acot)
        .big(bignum::Op::Circular, |x| {
            bignum::trig(bignum::Func::Acot, x)
        }),
    unary("sinh", |x| ok(jsmath::sinh(x)))
        .complex(Complex::sinh)
        .big(bignum::Op::Circular, |x| {
            bignum::trig(bignum::Func::Sinh, x)
        }),
    unary("cosh", |x| ok(jsmath::cosh(x)))
        .complex(Complex::cosh)
        .big(bignum::Op::Circular, |x| {
            bignum::trig(bignum::Func::Cosh, x)
        }),
    unary("tanh", |x| ok(jsmath::tanh(x)))
        .complex(Complex::tanh)
        .big(bignum::Op::Circular, |x| {
            bignum::trig(bignum::Func::Tanh, x)
        }),
    // The reciprocal hyperbolic functions and their inverses by math.js's own formulas
    // (`plain/number/trigonometry.js`), so that every digit agrees.
    unary("sech", |x| ok(2.0 / (jsmath::exp(x) + jsmath::exp(-x))))
        .complex(Complex::sech)
        .big(bignum::Op::Circular, |x| {
            bignum::trig(bignum::Func::Sech, x)
        }),
    unary("csch", |x| {
        if x == 0.0 {
            return ok(f64::INFINITY);
        }
        let sign = if x > 0.0 {
            1.0
        } else if x < 0.0 {
            -1.0
        } else {
            x
        };
        ok((2.0 / (jsmath::exp(x) - jsmath::exp(-x))).abs() * sign)
    })
    .complex(Complex::csch)
    .big(bignum::Op::Circular, |x| {
        bignum::trig(bignum::Func::Csch, x)
    }),
    unary("coth", |x| {
        let e = jsmath::exp(2.0 * x);
        ok((e + 1.0) / (e - 1.0))
    })
    .complex(Complex::coth)
    .big(bignum::Op::Circular, |x| {
        bignum::trig(bignum::Func::Coth, x)
    }),
    unary("asinh", |x| ok(jsmath::asinh(x)))
        .complex(Complex::asinh)
        .big(bignum::Op::Circular, |x| {
            bignum::trig(bignum::Func::Asinh, x)
        }),
    unary("acosh", |x| real(jsmath::acosh(x)))
        .complex(Complex::acosh)
        .big(bignum::Op::Circular, |x| {
            bignum::trig(bignum::Func::Acosh, x)
        }),
    unary("atanh", |x| {
        if x.is_nan() || x.abs() > 1.0 {
            Err(FnError::Complex)
        } else {
            ok(jsmath::atanh(x))
        }
    })
    .complex(Complex::atanh)
    .big(bignum::Op::Circular, |x| {
        bignum::trig(bignum::Func::Atanh, x)
    }),
    unary("asech", |x| {
        let inverse = 1.0 / x;
        if (-1.0..=1.0).contains(&x) && inverse > 0.0 {
            ok(jsmath::log((inverse * inverse - 1.0).sqrt() + inverse))
        } else {
            Err(FnError::Complex)
        }
    })
    .complex(Complex::asech)
    .big(bignum::Op::Circular, |x| {
        bignum::trig(bignum::Func::Asech, x)
    }),
    unary("acsch", |x| {
        let inverse = 1.0 / x;
        ok(jsmath::log(inverse + (inverse * inverse + 1.0).sqrt()))
    })
    .complex(Complex::acsch)
    .big(bignum::Op::Circular, |x| {
        bignum::trig(bignum::Func::Acsch, x)
    }),
    unary("acoth", |x| {
        if !(x >= 1.0 || x <= -1.0) {
            Err(FnError::Complex)
        } else if x.is_finite() {
            ok((jsmath::log((x + 1.0) / x) + jsmath::log(x / (x - 1.0))) / 2.0)
        } else {
            ok(0.0)
        }
    })
    .complex(Complex::acoth)
    .big(bignum::Op::Circular, |x| {
        bignum::trig(bignum::Func::Acoth, x)
    }),
    binary("atan2", |y, x| ok(jsmath::atan2(y, x))).with(Facts::ELEMENTWISE),
    unary("factorial", factorial)
        .with(Facts::ELEMENTWISE)
        .with(Facts::SPARSE_ON_EVERY)
        .big(bignum::Op::Factorial, bignum::factorial),
    unary("gamma", |x| ok(gamma(x))).big(bignum::Op::Factorial, bignum::gamma),
    binary("combinations", special::combinations),
    binary("choose", special::combinations),
    binary("nCr", special::combinations),
    numbers("permutations", Arity::Between(1, 2), permutations),
    numbers("permute", Arity::Between(1, 2), permutations),
    numbers("nPr", Arity::Between(1, 2), permutations),
    values("max", Arity::AtLeast(1), |a| extremum(a, true))
        .with(Facts::COLLECTION)
        .with(Facts::NUMBER_VALUES)
        .with(Facts::SPARSE_REDUCTION),
    values("min", Arity::AtLeast(1), |a| extremum(a, false))
        .with(Facts::COLLECTION)
        .with(Facts::NUMBER_VALUES)
        .with(Facts::SPARSE_REDUCTION),
    binary("add", |x, y| ok(x + y))
        .with(Facts::OPERATOR)
        .with(Facts::BIGINT),
    binary("subtract", |x, y| ok(x - y))
        .with(Facts::OPERATOR)
        .with(Facts::BIGINT),
    binary("multiply", |x, y| ok(x * y))
        .with(Facts::OPERATOR)
        .with(Facts::BIGINT),
    binary("divide", |x, y| ok(x / y))
        .with(Facts::OPERATOR)
        .with(Facts::BIGINT),
    unary("unaryMinus", |x| ok(-x))
        .with(Facts::OPERATOR)
        .with(Facts::BIGINT)
        .with(Facts::SPARSE_ON_STORED)
        .big(bignum::Op::Exact, |x| Ok(bignum::neg(x)))
        .fraction(|x| -x.clone()),
    unary("unaryPlus", ok)
        .with(Facts::OPERATOR)
        .with(Facts::BIGINT)
        .with(Facts::SPARSE_ON_STORED)
        .big(bignum::Op::Exact, |x| Ok(x.clone()))
        .fraction(RBig::clone),
    values("isPrime", Arity::Exactly(1), |a| {
        number_predicate(&a[0], is_prime)
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::NUMBER_VALUES)
    .with(Facts::BIGINT)
    .with(Facts::SPARSE_ON_EVERY),
    // math.js 15 compares with the nearest integer under the configured tolerances
    // (`isInteger(1.0000000000001)` and `isInteger(1e-16)` are true).
    values("isInteger", Arity::Exactly(1), |a| {
        number_predicate(&a[0], |x| x.is_finite() && nearly_equal(x, x.round()))
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::NUMBER_VALUES)
    .with(Facts::BIGINT)
    .with(Facts::SPARSE_ON_EVERY),
    // math.js compares with 0 under the configured tolerances (`isZero(1e-21)` is true).
    values("isZero", Arity::Exactly(1), |a| {
        number_predicate(&a[0], |x| nearly_equal(x, 0.0))
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::NUMBER_VALUES)
    .with(Facts::BIGINT)
    .with(Facts::SPARSE_ON_EVERY),
    values("isPositive", Arity::Exactly(1), |a| {
        number_predicate(&a[0], |x| x > 0.0 && !nearly_equal(x, 0.0))
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::NUMBER_VALUES)
    .with(Facts::BIGINT)
    .with(Facts::SPARSE_ON_EVERY),
    values("isNegative", Arity::Exactly(1), |a| {
        number_predicate(&a[0], |x| x < 0.0 && !nearly_equal(x, 0.0))
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::NUMBER_VALUES)
    .with(Facts::BIGINT)
    .with(Facts::SPARSE_ON_EVERY),
    values("isNaN", Arity::Exactly(1), |a| {
        number_predicate(&a[0], f64::is_nan)
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::NUMBER_VALUES)
    .with(Facts::BIGINT)
    .with(Facts::SPARSE_ON_EVERY),
    values("typeOf", Arity::Exactly(1), |a| {
        Ok(Value::Str((a[0].type_name().to_owned()).into()))
    })
    .with(Facts::TAKES_FUNCTIONS)
    .with(Facts::SPARSE_AWARE)
    .with(Facts::VALUES_AS_GIVEN)
    .with(Facts::BIGINT),
    values("number", Arity::Exactly(1), |a| match &a[0] {
        Value::Str(text) => crate::num::literal::number_from_string(text).map(Value::Number),
        other => to_number(other).map(Value::Number),
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::BIGINT)
    .with(Facts::SPARSE_ON_EVERY),
    values("string", Arity::Exactly(1), |a| {
        Ok(Value::Str(match &a[0] {
            Value::Str(s) => s.clone(),
            // math.js `string()` formats with `format`'s defaults: exponents below -3 or from 5 on.
            Value::Number(x) => (crate::num::format::format_number_with(*x, None, -3, 5)).into(),
            other => other.format(None).into(),
        }))
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::SPARSE_ON_EVERY),
    values("boolean", Arity::Exactly(1), |a| {
        if let Value::Str(text) = &a[0] {
            // math.js: "true"/"false" in any case, else a non-empty numeric string.
            return match text.to_lowercase().as_str() {
                "true" => Ok(Value::Boolean(true)),
                "false" => Ok(Value::Boolean(false)),
                _ => match parse_js_number(text) {
                    Some(x) if !text.is_empty() && !x.is_nan() => Ok(Value::Boolean(x != 0.0)),
                    _ => Err(FnError::Type(format!(
                        "Cannot convert \"{text}\" to a boolean"
                    ))),
                },
            };
        }
        to_number(&a[0]).map(|x| Value::Boolean(x != 0.0 && !x.is_nan()))
    })
    .with(Facts::ELEMENTWISE)
    .with(Facts::SPARSE_ON_EVERY),
    // Operators as functions: the evaluator applies them as it applies the operators.
    evaluator("dotMultiply", Arity::Exactly(2)).with(Facts::OPERATOR),
    evaluator("dotDivide", Arity::Exactly(2)).with(Facts::OPERATOR),
    evaluator("dotPow", Arity::Exactly(2)).with(Facts::OPERATOR),
    evaluator("equal", Arity::Exactly(2)).with(Facts::OPERATOR),
    evaluator("unequal", Arity::Exactly(2)).with(Facts::OPERATOR),
    evaluator("larger", Arity::Exactly(2)).with(Facts::OPERATOR),
    evaluator("largerEq", Arity::Exactly(2)).with(Facts::OPERATOR),
    evaluator("smaller", Arity::Exactly(2)).with(Facts::OPERATOR),
    evaluator("smallerEq", Arity::Exactly(2)).with(Facts::OPERATOR),
    evaluator("compare", Arity::Exactly(2)).with(Facts::COLLECTION),
    evaluator("and", Arity::Exactly(2))
        .with(Facts::OPERATOR)
        .with(Facts::RAW_ARGUMENTS),
    evaluator("or", Arity::Exactly(2))
        .with(Facts::OPERATOR)
        .with(Facts::RAW_ARGUMENTS),
    evaluator("xor", Arity::Exactly(2)).with(Facts::OPERATOR),
    evaluator("not", Arity::Exactly(1))
        .with(Facts::OPERATOR)
        .with(Facts::SPARSE_ON_EVERY),
    evaluator("bitAnd", Arity::Exactly(2))
        .with(Facts::OPERATOR)
        .with(Facts::RAW_ARGUMENTS)
        .with(Facts::BIGINT),
    evaluator("bitOr", Arity::Exactly(2))
        .with(Facts::OPERATOR)
        .with(Facts::RAW_ARGUMENTS)
        .with(Facts::BIGINT),
    evaluator("bitXor", Arity::Exactly(2))
        .with(Facts::OPERATOR)
        .with(Facts::BIGINT),
    evaluator("bitNot", Arity::Exactly(1))
        .with(Facts::OPERATOR)
        .with(Facts::BIGINT)
        .with(Facts::SPARSE_ON_EVERY),
    evaluator("leftShift", Arity::Exactly(2))
        .with(Facts::OPERATOR)
        .with(Facts::BIGINT),
    evaluator("rightArithShift", Arity::Exactly(2))
        .with(Facts::OPERATOR)
        .with(Facts::BIGINT),
    evaluator("rightLogShift", Arity::Exactly(2)).with(Facts::OPERATOR),
    // Complex numbers (section 6.1); also defined on real arguments.
    evaluator("re", Arity::Exactly(1))
        .with(Facts::ELEMENTWISE)
        .with(Facts::SPARSE_ON_EVERY),
    evaluator("im", Arity::Exactly(1))
        .with(Facts::ELEMENTWISE)
        .with(Facts::SPARSE_ON_EVERY),
    evaluator("conj", Arity::Exactly(1))
        .with(Facts::ELEMENTWISE)
        .with(Facts::SPARSE_ON_EVERY),
    evaluator("arg", Arity::Exactly(1))
        .with(Facts::ELEMENTWISE)
        .with(Facts::SPARSE_ON_EVERY),
    evaluator("complex", Arity::Between(1, 2)),
    evaluator("fraction", Arity::Between(1, 2))
        .with(Facts::COLLECTION)
        .with(Facts::ELEMENTWISE)
        .with(Facts::BIGINT)
        .with(Facts::SPARSE_ON_EVERY),
    evaluator("bignumber", Arity::Between(0, 1))
        .with(Facts::COLLECTION)
        .with(Facts::ELEMENTWISE)
        .with(Facts::BIGINT)
        .with(Facts::SPARSE_ON_EVERY),
    evaluator("bigint", Arity::Between(0, 1)).with(Facts::COLLECTION),
    evaluator("num", Arity::Exactly(1)).with(Facts::COLLECTION),
    evaluator("den", Arity::Exactly(1)).with(Facts::COLLECTION),
    evaluator("index", Arity::AtLeast(0)).with(Facts::COLLECTION),
    evaluator("subset", Arity::Between(2, 4)).with(Facts::COLLECTION),
    evaluator("print", Arity::Between(2, 3)).with(Facts::COLLECTION),
    evaluator("nthRoots", Arity::Between(1, 2)).with(Facts::COLLECTION),
    // Statistics (section 6.1), over a collection or over their arguments.
    evaluator("mean", Arity::AtLeast(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_REDUCTION),
    evaluator("average", Arity::AtLeast(1)).with(Facts::COLLECTION),
    evaluator("avg", Arity::AtLeast(1)).with(Facts::COLLECTION),
    evaluator("median", Arity::AtLeast(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_REDUCTION),
    evaluator("mode", Arity::AtLeast(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_REDUCTION),
    evaluator("std", Arity::AtLeast(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_REDUCTION),
    evaluator("stdev", Arity::AtLeast(1)).with(Facts::COLLECTION),
    evaluator("stddev", Arity::AtLeast(1)).with(Facts::COLLECTION),
    evaluator("variance", Arity::AtLeast(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_REDUCTION),
    evaluator("sum", Arity::AtLeast(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_REDUCTION),
    evaluator("prod", Arity::AtLeast(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_REDUCTION),
    evaluator("cumsum", Arity::AtLeast(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_DENSE_THEN_SPARSE),
    evaluator("quantileSeq", Arity::Between(2, 4)).with(Facts::COLLECTION),
    evaluator("mad", Arity::AtLeast(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_REDUCTION),
    evaluator("corr", Arity::Exactly(2)).with(Facts::COLLECTION),
    evaluator("count", Arity::Exactly(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AWARE),
    evaluator("length", Arity::Exactly(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AWARE),
    evaluator("len", Arity::Exactly(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AWARE),
    // Matrix functions.
    evaluator("size", Arity::Exactly(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AWARE),
    evaluator("zeros", Arity::AtLeast(0)).with(Facts::COLLECTION),
    evaluator("ones", Arity::AtLeast(0)).with(Facts::COLLECTION),
    evaluator("identity", Arity::Between(1, 3)).with(Facts::COLLECTION),
    evaluator("range", Arity::Between(1, 4)).with(Facts::COLLECTION),
    evaluator("matrix", Arity::Between(0, 3))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AWARE),
    evaluator("concat", Arity::AtLeast(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AS_DENSE),
    evaluator("transpose", Arity::Exactly(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AWARE),
    evaluator("ctranspose", Arity::Exactly(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AWARE),
    evaluator("flatten", Arity::Exactly(1)).with(Facts::COLLECTION),
    evaluator("reshape", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_MOVES_ELEMENTS),
    evaluator("squeeze", Arity::Exactly(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_DENSE_THEN_SPARSE),
    evaluator("diag", Arity::Between(1, 2))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_MOVES_ELEMENTS),
    evaluator("column", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_MOVES_ELEMENTS),
    evaluator("row", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_MOVES_ELEMENTS),
    evaluator("trace", Arity::Exactly(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AS_DENSE),
    evaluator("det", Arity::Exactly(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AS_DENSE),
    evaluator("inv", Arity::Exactly(1)).with(Facts::COLLECTION),
    evaluator("lsolve", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AS_DENSE),
    evaluator("usolve", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AS_DENSE),
    evaluator("lsolveAll", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AS_DENSE),
    evaluator("usolveAll", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AS_DENSE),
    evaluator("lup", Arity::Exactly(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AS_DENSE),
    evaluator("qr", Arity::Exactly(1)).with(Facts::COLLECTION),
    evaluator("pinv", Arity::Exactly(1)).with(Facts::COLLECTION),
    evaluator("schur", Arity::Exactly(1)).with(Facts::COLLECTION),
    evaluator("sylvester", Arity::Exactly(3)).with(Facts::COLLECTION),
    evaluator("lyap", Arity::Exactly(2)).with(Facts::COLLECTION),
    evaluator("slu", Arity::Exactly(3))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AWARE),
    evaluator("eigs", Arity::Between(1, 2))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AS_DENSE),
    evaluator("polynomialRoot", Arity::AtLeast(2)).with(Facts::COLLECTION),
    evaluator("expm", Arity::Exactly(1)).with(Facts::COLLECTION),
    evaluator("sqrtm", Arity::Exactly(1))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AS_DENSE),
    evaluator("lusolve", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AS_DENSE),
    evaluator("dot", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AS_DENSE),
    evaluator("cross", Arity::Exactly(2)).with(Facts::COLLECTION),
    evaluator("kron", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AS_DENSE),
    evaluator("diff", Arity::Between(1, 2)).with(Facts::COLLECTION),
    evaluator("sort", Arity::Between(1, 2))
        .with(Facts::COLLECTION)
        .with(Facts::TAKES_FUNCTIONS),
    evaluator("sparse", Arity::Between(0, 2))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AWARE),
    evaluator("apply", Arity::Exactly(3))
        .with(Facts::COLLECTION)
        .with(Facts::TAKES_FUNCTIONS),
    evaluator("mapSlices", Arity::Exactly(3))
        .with(Facts::COLLECTION)
        .with(Facts::TAKES_FUNCTIONS),
    evaluator("matrixFromRows", Arity::AtLeast(1)).with(Facts::COLLECTION),
    evaluator("matrixFromColumns", Arity::AtLeast(1)).with(Facts::COLLECTION),
    evaluator("matrixFromFunction", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::TAKES_FUNCTIONS),
    evaluator("norm", Arity::Between(1, 2)).with(Facts::COLLECTION),
    evaluator("deepEqual", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AS_DENSE),
    evaluator("addScalar", Arity::Exactly(2)).with(Facts::COLLECTION),
    evaluator("subtractScalar", Arity::Exactly(2)).with(Facts::COLLECTION),
    evaluator("multiplyScalar", Arity::Exactly(2)).with(Facts::COLLECTION),
    evaluator("divideScalar", Arity::Exactly(2)).with(Facts::COLLECTION),
    evaluator("compareText", Arity::Exactly(2)).with(Facts::COLLECTION),
    evaluator("equalText", Arity::Exactly(2)).with(Facts::COLLECTION),
    evaluator("random", Arity::Between(0, 3)).with(Facts::COLLECTION),
    evaluator("randomInt", Arity::Between(1, 3)).with(Facts::COLLECTION),
    evaluator("pickRandom", Arity::Between(1, 3)).with(Facts::COLLECTION),
    evaluator("help", Arity::Exactly(1))
        .with(Facts::COLLECTION)
        .with(Facts::TAKES_FUNCTIONS),
    evaluator("typed", Arity::AtLeast(0))
        .with(Facts::COLLECTION)
        .with(Facts::TAKES_FUNCTIONS),
    evaluator("replacer", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::TAKES_FUNCTIONS),
    evaluator("getMatrixDataType", Arity::Exactly(1)).with(Facts::COLLECTION),
    evaluator("partitionSelect", Arity::Between(2, 3))
        .with(Facts::COLLECTION)
        .with(Facts::TAKES_FUNCTIONS),
    evaluator("resize", Arity::Between(2, 3)).with(Facts::COLLECTION),
    evaluator("compareNatural", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::SPARSE_AWARE),
    evaluator("setDifference", Arity::Exactly(2)),
    evaluator("setIntersect", Arity::Exactly(2)),
    evaluator("setUnion", Arity::Exactly(2)),
    evaluator("setSymDifference", Arity::Exactly(2)),
    evaluator("setIsSubset", Arity::Exactly(2)),
    evaluator("setCartesian", Arity::Exactly(2)),
    evaluator("setDistinct", Arity::Exactly(1)),
    evaluator("setPowerset", Arity::Exactly(1)),
    evaluator("setSize", Arity::Between(1, 2)),
    evaluator("setMultiplicity", Arity::Exactly(2)),
    evaluator("map", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::TAKES_FUNCTIONS)
        .with(Facts::RAW_ARGUMENTS),
    evaluator("forEach", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::TAKES_FUNCTIONS)
        .with(Facts::RAW_ARGUMENTS),
    evaluator("filter", Arity::Exactly(2))
        .with(Facts::COLLECTION)
        .with(Facts::TAKES_FUNCTIONS)
        .with(Facts::RAW_ARGUMENTS),
    // Rotation and geometry (`geometry`).
    evaluator("rotate", Arity::Between(2, 3)).with(Facts::COLLECTION),
    evaluator("rotationMatrix", Arity::Between(0, 3)).with(Facts::COLLECTION),
    evaluator("distance", Arity::Between(1, 3)).with(Facts::COLLECTION),
    evaluator("intersect", Arity::Between(2, 4)).with(Facts::COLLECTION),
    // Special functions and combinatorics
    unary("lgamma", |x| ok(special::lgamma(x))),
    unary("erf", |x| ok(special::erf(x)))
        .with(Facts::ELEMENTWISE)
        .with(Facts::SPARSE_ON_EVERY),
    unary("zeta", |x| ok(special::zeta(x))),
    binary("combinationsWithRep", special::combinations_with_rep),
    values("multinomial", Arity::Exactly(1), special::multinomial).with(Facts::VALUES_AS_GIVEN),
    unary("catalan", special::catalan),
    unary("bellNumbers", special::bell_numbers),
    binary("stirlingS2", special::stirling_s2),
    binary("composition", special::composition),
    unary("bernoulli", special::bernoulli),
    values("kldivergence", Arity::Exactly(2), special::kldivergence).with(Facts::VALUES_AS_GIVEN),
    values("xgcd", Arity::Exactly(2), special::xgcd),
    binary("invmod", special::invmod),
    values("isFinite", Arity::Exactly(1), special::is_finite).with(Facts::VALUES_AS_GIVEN),
    values("isBounded", Arity::Exactly(1), |a| {
        special::is_bounded(&a[0]).map(Value::Boolean)
    })
    .with(Facts::VALUES_AS_GIVEN),
    values("isNumeric", Arity::Exactly(1), special::is_numeric).with(Facts::VALUES_AS_GIVEN),
    values(
        "hasNumericValue",
        Arity::Exactly(1),
        special::has_numeric_value,
    )
    .with(Facts::VALUES_AS_GIVEN),
    values("numeric", Arity::Between(1, 2), special::numeric).with(Facts::VALUES_AS_GIVEN),
    values("clone", Arity::Exactly(1), |a| Ok(a[0].clone())).with(Facts::VALUES_AS_GIVEN),
    values("nullish", Arity::Exactly(2), special::nullish)
        .with(Facts::RAW_ARGUMENTS)
        .with(Facts::VALUES_AS_GIVEN),
    values("bin", Arity::Between(1, 2), |a| notation::base(a, 1)),
    values("oct", Arity::Between(1, 2), |a| notation::base(a, 3)),
    values("hex", Arity::Between(1, 2), |a| notation::base(a, 4)),
    values("format", Arity::Between(1, 2), notation::format)
        .with(Facts::SPARSE_AWARE)
        .with(Facts::VALUES_AS_GIVEN),
];

/// The row called `name`.
pub(crate) fn builtin(name: &str) -> Option<&'static Builtin> {
    builtin_entry(name).map(|(row, _)| row)
}

/// How the evaluator may call a row, decided once per row in the index rather than at every
/// call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Path {
    /// The general path only.
    General,
    /// With plain numbers, straight to the number implementation (`eval::takes_plain_numbers`).
    Plain,
    /// With plain numbers in number mode, straight to the values implementation: a row marked
    /// [`Facts::NUMBER_VALUES`] (`eval::Evaluator::call_number_values`).
    NumberValues,
}

/// The [`Path`] of a row.
fn path_of(row: &Builtin) -> Path {
    if crate::functions::takes_plain_numbers(row) {
        Path::Plain
    } else if matches!(row.imp, Imp::Values(_)) && row.facts.has(Facts::NUMBER_VALUES) {
        Path::NumberValues
    } else {
        Path::General
    }
}

/// The row called `name`, and how the evaluator may call it ([`Path`]).
pub(crate) fn builtin_entry(name: &str) -> Option<(&'static Builtin, Path)> {
    let index = &*BUILTIN_INDEX;
    let mut slot = name_slot(name.as_bytes());
    // The table is never full (see `INDEX_BITS`), so an empty slot ends every probe.
    loop {
        let &(row, plain) = index.get(slot & INDEX_MASK)?;
        let row = BUILTINS.get(usize::from(row.checked_sub(1)?))?;
        if row.name == name {
            return Some((row, plain));
        }
        slot += 1;
    }
}

/// [`BUILTINS`] by name: every call looks its function up, and a scan of the table, or a
/// general-purpose hash map (about 130 instructions a lookup), cost more than many functions
/// do. An open-addressed table with linear probing over a hash of a few bytes of the name:
/// `(row + 1, path)` per slot, `(0, _)` for an empty one.
static BUILTIN_INDEX: std::sync::LazyLock<Vec<(u16, Path)>> = std::sync::LazyLock::new(|| {
    let mut index = vec![(0u16, Path::General); INDEX_MASK + 1];
    for (row, b) in BUILTINS.iter().enumerate() {
        let mut slot = name_slot(b.name.as_bytes());
        loop {
            let entry = &mut index[slot & INDEX_MASK];
            match entry.0.checked_sub(1) {
                // The first row of a name wins, as the scan this replaced found it.
                Some(other) if BUILTINS[usize::from(other)].name == b.name => break,
                Some(_) => slot += 1,
                None => {
                    // (The table has a few hundred rows: a test finds every one.)
                    if let Ok(row) = u16::try_from(row + 1) {
                        *entry = (row, path_of(b));
                    }
                    break;
                }
            }
        }
    }
    index
});

/// Slots of [`BUILTIN_INDEX`], as a power of two: well over twice the number of rows, so
/// probes are short and the table always has empty slots.
const INDEX_BITS: u32 = 10;
const INDEX_MASK: usize = (1 << INDEX_BITS) - 1;

/// Where the probe for `name` starts: its length and the bytes at five places (the first two,
/// the middle one, the last two), mixed by a multiplication. No loop: this runs at every call.
fn name_slot(name: &[u8]) -> usize {
    let n = name.len();
    let at = |i: usize| u64::from(name.get(i).copied().unwrap_or(0));
    let h = n as u64
        | at(0) << 8
        | at(1) << 16
        | at(n / 2) << 24
        | at(n.wrapping_sub(1)) << 32
        | at(n.wrapping_sub(2)) << 40;
    (h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - INDEX_BITS)) as usize
}

/// Names math.js has but which are refused for security (section 6.5).
pub(crate) const DISABLED: [&str; 15] = [
    "import",
    "createUnit",
    "evaluate",
    "parse",
    "simplify",
    "derivative",
    "resolve",
    "reviver",
    "compile",
    "parser",
    "rationalize",
    "symbolicEqual",
    "simplifyCore",
    "simplifyConstant",
    "leafCount",
];

/// `max`/`min`: compared as numbers, the winning argument returned as given (a boolean stays a
/// boolean; a numeric string becomes its number), NaN winning as in math.js.
fn extremum(values: &[Value], largest: bool) -> Result<Value, FnError> {
    let mut best: Option<(f64, Value)> = None;
    for value in values {
        let x = to_number(value)?;
        let kept = if let Value::Str(_) = value {
            Value::Number(x)
        } else {
            value.clone()
        };
        let better = match &best {
            None => true,
            Some((b, _)) => x.is_nan() || (!b.is_nan() && if largest { x > *b } else { x < *b }),
        };
        if better {
            best = Some((x, kept));
        }
    }
    best.map(|(_, v)| v)
        .ok_or_else(|| FnError::Domain("Too few arguments".into()))
}

fn number_predicate(value: &Value, test: fn(f64) -> bool) -> Result<Value, FnError> {
    to_number(value).map(|x| Value::Boolean(test(x)))
}

fn integers<'a>(name: &str, values: &'a [f64]) -> Result<&'a [f64], FnError> {
    if values.iter().all(|x| x.fract() == 0.0) {
        Ok(values)
    } else {
        Err(FnError::Domain(format!(
            "Parameters in function {name} must be integer numbers"
        )))
    }
}

/// `floor(x, n)`, `ceil(x, n)`, `fix(x, n)` as math.js computes them: `f(x · 10ⁿ) / 10ⁿ` with n a
/// whole number from 0 to 15 (`ceil(3.212, 2)` = 3.22).
pub(crate) fn with_places(name: &str, a: &[f64], f: fn(f64) -> f64) -> Result<f64, FnError> {
    let Some(&n) = a.get(1) else {
        return Ok(f(a[0]));
    };
    if n.fract() != 0.0 || !n.is_finite() {
        return Err(FnError::Domain(format!(
            "number of decimals in function {name} must be an integer"
        )));
    }
    if !(0.0..=15.0).contains(&n) {
        return Err(FnError::Domain(format!(
            "number of decimals in {name} number must be in range 0-15"
        )));
    }
    let shift = jsmath::pow(10.0, n);
    Ok(f(a[0] * shift) / shift)
}

/// [`decimal_round_half_up`] as it was written first, with strings: for the test that
/// compares the two.
#[cfg(test)]
fn decimal_round_half_up_by_strings(text: &str, places: i32) -> Option<f64> {
    let (mantissa, exponent) = match text.split_once('e') {
        Some((m, e)) => (m, e.trim_start_matches('+').parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (integer, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits: Vec<u8> = integer
        .bytes()
        .chain(fraction.bytes())
        .map(|b| b - b'0')
        .collect();
    let point = integer.len() as i32 + exponent;
    let keep = point + places;
    if keep < 0 {
        return Some(0.0);
    }
    let keep = keep as usize;
    if keep >= digits.len() {
        return text.parse().ok();
    }
    let mut kept: Vec<u8> = digits[..keep].to_vec();
    let mut point = point;
    if digits[keep] >= 5 {
        let mut i = kept.len();
        loop {
            if i == 0 {
                kept.insert(0, 1);
                point += 1;
                break;
            }
            i -= 1;
            if kept[i] == 9 {
                kept[i] = 0;
            } else {
                kept[i] += 1;
                break;
            }
        }
    }
    digits_times_power(&kept, point)
}

/// The named constants of section 6.4 (number mode).
pub(crate) fn constant(name: &str) -> Option<Value> {
    use std::f64::consts;
    let value = match name {
        "pi" | "PI" => consts::PI,
        "e" | "E" => consts::E,
        "tau" => consts::TAU,
        "phi" => 1.618_033_988_749_895,
        "LN2" => consts::LN_2,
        "LN10" => consts::LN_10,
        "LOG2E" => consts::LOG2_E,
        "LOG10E" => consts::LOG10_E,
        "SQRT2" => consts::SQRT_2,
        "SQRT1_2" => consts::FRAC_1_SQRT_2,
        "version" => return Some(Value::Str("redacted".into())),
        "i" => return Some(Value::Complex(crate::num::complex::Complex::I)),
        _ => return None,
    };
    Some(Value::Number(value))
}

/// Whether the common call of `row` on plain numbers (`sin(0.5)`, `max(1, 2)`) may go straight
/// to its number implementation, past the evaluator's checks for sparse matrices, complex
/// numbers, BigNumbers, bigints, Fractions and matrices, none of which apply: a row with a
/// number implementation, that is no function the evaluator implements by name (an operator
/// called as a function, or one whose arguments it evaluates itself), nor one of the names
/// `re im conj arg complex`, which answer complex-aware results for numbers too. Decided once
/// per row, in the function table's index (`functions::builtin_entry`).
pub(crate) fn takes_plain_numbers(row: &crate::functions::Builtin) -> bool {
    matches!(row.imp, Imp::Unary(_) | Imp::Binary(_) | Imp::Numbers(_))
        && !matches!(
            row.name,
            "re" | "im" | "conj" | "arg" | "complex" | "nullish"
        )
        && !row.facts.has(Facts::RAW_ARGUMENTS)
        && crate::syntax::ast::operator_of(row.name).is_none()
}

#[cfg(test)]
mod tests {
    use super::{BUILTINS, builtin, builtin_entry, ceil, floor, gcd, hypot, is_prime, lcm, modulo};

    /// math.js's tolerant floor and ceil (values from math.js 15.2): the rounding wins only when
    /// x is within the tolerance of it and not of the plain result.
    #[test]
    fn floor_and_ceil_round_only_what_is_near_the_rounding_alone() {
        assert_eq!(floor(2.9999999999999996), 3.0);
        assert_eq!(ceil(1.0000000000000002), 1.0);
        assert_eq!(ceil(-2.9999999999999996), -3.0);
        // Beyond about 1e12 both are within the tolerance: the plain result.
        assert_eq!(floor(307232234212956.9), 307232234212956.0);
        assert_eq!(ceil(307232234212956.1), 307232234212957.0);
        assert_eq!(floor(-307232234212956.9), -307232234212957.0);
        assert_eq!(floor(1e11 + 0.99999999), 100000000001.0);
        assert_eq!(floor(1e12 + 0.9999), 1e12);
        // So `mod` keeps its result in [0, y): math.js answers 2.375 here.
        assert_eq!(modulo(835143799377954.0, std::f64::consts::E), 2.375);
        assert!(floor(f64::NAN).is_nan());
        assert_eq!(floor(f64::INFINITY), f64::INFINITY);
        assert!(floor(-0.0).is_sign_negative());
    }

    /// The index finds every row by its name (the first row of a repeated name, as a scan
    /// would), with the plain-number flag of that row, and nothing for other names: prefixes,
    /// extensions, other cases, names of other lengths sharing the sampled bytes.
    #[test]
    fn the_index_finds_every_row_and_nothing_else() {
        for (i, row) in BUILTINS.iter().enumerate() {
            let first = BUILTINS.iter().position(|b| b.name == row.name);
            let (found, plain) = builtin_entry(row.name).expect(row.name);
            assert!(
                std::ptr::eq(found, &BUILTINS[first.unwrap_or(i)]),
                "{}",
                row.name
            );
            assert_eq!(plain, super::path_of(found), "{}", row.name);
        }
        for name in [
            "",
            "s",
            "si",
            "sinh2",
            "Sin",
            "SIN",
            "sin ",
            "xsin",
            "maxx",
            "ma",
            "config",
            "import",
            "evaluate",
            "undefinedName",
            "log11",
            "log1q",
            "a\u{e9}b",
            "\u{e9}",
            "sqrtm_",
            "n",
        ] {
            if BUILTINS.iter().any(|b| b.name == name) {
                continue;
            }
            assert!(builtin(name).is_none(), "{name:?} was found");
        }
    }

    /// The decimal rounding on the stack agrees bit for bit with the string version it
    /// replaced, on random numbers of every magnitude at every number of places.
    #[test]
    fn decimal_rounding_on_the_stack_agrees_with_the_string_version() {
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        let mut values = vec![
            1234.5678,
            0.5,
            1.005,
            9.995,
            99.5,
            999_999.999_999_5,
            0.0,
            1e-7,
            5e-324,
            1.7976931348623157e308,
            1e21,
            123_456_789_012_345_680_000.0,
            0.000_001_5,
            2.675,
            1.45,
            0.999_999_999_999_999_9,
        ];
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let x = f64::from_bits(state >> 2);
            if x.is_finite() {
                values.push(x);
            }
            // Decimals of a few digits, where the rounding digit is often a 5.
            values.push((state % 1_000_000) as f64 / 10f64.powi((state >> 40) as i32 % 9));
        }
        for x in values {
            let text = ryu_js::Buffer::new().format(x).to_owned();
            for places in 0..=15 {
                let fast = super::decimal_round_half_up(&text, places);
                let slow = super::decimal_round_half_up_by_strings(&text, places);
                assert_eq!(
                    fast.map(f64::to_bits),
                    slow.map(f64::to_bits),
                    "{text} at {places}"
                );
            }
        }
    }

    /// The integer remainder agrees with `%` bit for bit (sign of zero included), on integers
    /// around the 2^53 bound, fractions, infinities, NaN and zero divisors.
    #[test]
    fn js_rem_is_the_float_remainder() {
        let big = 9_007_199_254_740_992.0;
        let samples = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            2.0,
            3.0,
            -3.0,
            7.0,
            10.0,
            462.0,
            1071.0,
            -1071.0,
            7919.0,
            0.5,
            -2.5,
            1e15,
            3e15 + 1.0,
            big - 1.0,
            -(big - 1.0),
            big,
            -big,
            big + 2.0,
            1e300,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            184_756.0,
            6_402_373_705_728_000.0,
        ];
        for x in samples {
            for y in samples {
                let (fast, slow) = (super::js_rem(x, y), x % y);
                assert!(
                    fast.to_bits() == slow.to_bits() || (fast.is_nan() && slow.is_nan()),
                    "{x} % {y}: {fast} != {slow}"
                );
            }
        }
    }

    /// Both small-number paths (trial division below 2^16, three witnesses above) agree with
    /// plain trial division up to 2^20, and around 2^32 where the two witness sets meet.
    #[test]
    fn is_prime_agrees_with_trial_division() {
        let trial = |n: u64| {
            n > 1
                && (2..)
                    .take_while(|d| d * d <= n)
                    .all(|d| !n.is_multiple_of(d))
        };
        let around = (1u64 << 32) - 5_000..(1u64 << 32) + 5_000;
        for n in (0..1u64 << 20).chain(around) {
            assert_eq!(is_prime(n as f64), trial(n), "{n}");
        }
        // Strong pseudoprimes to small bases.
        for n in [
            3_215_031_751u64,
            2_152_302_898_747,
            3_474_749_660_383,
            341_550_071_728_321,
        ] {
            assert!(!is_prime(n as f64), "{n}");
        }
    }

    /// Values printed by math.js 15.2.
    #[test]
    fn gcd_uses_the_tolerant_mod_and_lcm_the_exact_one() {
        // 20! = 2432902008176640000: math.js's mod finds 20!/31 within 1e-12 of an integer.
        assert_eq!(gcd(31.0, 2_432_902_008_176_640_000.0), Ok(31.0));
        assert_eq!(gcd(-12.0, 8.0), Ok(4.0));
        assert_eq!(gcd(0.0, -5.0), Ok(5.0));
        assert_eq!(lcm(-4.0, 6.0), 12.0);
        assert_eq!(lcm(2f64.powi(60), 3f64.powi(30)), 2.373_763_137_997_698e32);
        assert_eq!(lcm(1e200, 1e200), f64::INFINITY);
        assert!(
            lcm(f64::INFINITY, 1e300).is_nan(),
            "bounded, not an endless loop"
        );
    }

    /// Found by the calculate_ast fuzz target: lcm(2^53, 1e300) overflows to Infinity, and the
    /// next pair then looped forever in Euclid's algorithm (Infinity % 1e300 is NaN). math.js
    /// 15.2 checks each pair and refuses: "Parameters in function lcm must be integer numbers".
    #[test]
    fn lcm_refuses_an_overflowed_partial_result_instead_of_looping() {
        let Some(builtin) = super::BUILTINS.iter().find(|b| b.name == "lcm") else {
            panic!("lcm is a builtin");
        };
        let super::Imp::Numbers(f) = builtin.imp else {
            panic!("lcm takes numbers");
        };
        assert!(f(&[9_007_199_254_740_993.0, 1e300, 1e300]).is_err());
        assert_eq!(f(&[9_007_199_254_740_993.0, 1e300]), Ok(f64::INFINITY));
        assert_eq!(f(&[4.0, 6.0, 10.0]), Ok(60.0));
    }

    /// Values printed by math.js 15.2.
    #[test]
    fn hypot_rounds_as_mathjs_scaled_sum() {
        // hex(hypot(e, true)) is "0x2.e57999d0bf56a" in math.js (a plain √(x² + y²) ends in 8).
        assert_eq!(hypot(&[std::f64::consts::E, 1.0]), 2.896_386_731_590_008_3);
        assert_eq!(hypot(&[0.1, 0.2, 0.3]), 0.374_165_738_677_394_17);
        assert_eq!(hypot(&[-2.0, 1e300, 1e300]), 1.414_213_562_373_095_2e300);
        assert_eq!(hypot(&[1e-300, 1e-300]), 0.0);
        assert!(hypot(&[f64::INFINITY, f64::INFINITY]).is_nan());
    }
}

#[cfg(test)]
mod reciprocal_hyperbolic_tests {
    use crate::test_support::answer_in;

    #[test]
    fn reciprocal_hyperbolic_functions_agree_with_mathjs_to_the_last_digit() {
        // math.js 15.2's answers; `1 / tanh(x)` and `asinh(1 / x)` differed in the last digit.
        for (expression, expected) in [
            ("coth(2.5)", "number 1.0135673098126086"),
            ("coth(-4)", "number -1.0006711504016823"),
            ("acsch(7)", "number 0.1423756431678044"),
            ("acsch(2.5)", "number 0.3900353197707155"),
            ("acoth(2.5)", "number 0.4236489301936018"),
            ("acoth(-4)", "number -0.2554128118829953"),
            ("sech(3.7)", "number 0.04941684675665245"),
            ("csch(-0.7)", "number -1.318246091466297"),
            ("asech(0.3)", "number 1.8738202425274144"),
            ("acoth(Infinity)", "number 0"),
        ] {
            assert_eq!(answer_in(expression, "number"), expected, "{expression}");
        }
    }
}
