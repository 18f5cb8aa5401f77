//! The fast path against the dashu path, argument by argument: whenever the fast path answers,
//! its value must be the dashu value, and it must answer almost always. The number of random
//! arguments per family is `RECKON_FAST_CASES` (default 1,500; the figures in the module doc of
//! `bignum` come from a release run with 20,000).

use super::*;

/// xorshift64*, fixed seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A significand of 1 to `max_digits` random digits.
    fn significand(&mut self, max_digits: u64) -> IBig {
        let digits = 1 + self.below(max_digits);
        let mut v = IBig::ZERO;
        for _ in 0..digits {
            v = v * IBig::from(10u8) + IBig::from(self.below(10));
        }
        if v.is_zero() { IBig::ONE } else { v }
    }

    /// A value with a random significand whose scientific exponent is in `lo..=hi`.
    fn value(&mut self, lo: i64, hi: i64, signed: bool) -> Repr<10> {
        let sig = self.significand(70);
        let digits = sig.to_string().len() as i64;
        let sci = lo + self.below((hi - lo + 1) as u64) as i64;
        let sig = if signed && self.below(2) == 1 {
            -sig
        } else {
            sig
        };
        Repr::new(sig, (sci - digits + 1) as isize)
    }
}

fn cases() -> usize {
    std::env::var("RECKON_FAST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1500)
}

/// Runs `fast` and `slow` on every argument; returns how many the fast path answered.
#[track_caller]
fn agree(
    args: &[Repr<10>],
    fast: impl Fn(&Repr<10>) -> Option<Big>,
    slow: impl Fn(&Repr<10>) -> Big,
) -> usize {
    let mut answered = 0;
    for r in args {
        if let Some(v) = fast(r) {
            answered += 1;
            assert_eq!(v, slow(r), "argument {r:?}");
        }
    }
    answered
}

/// Multiples of π/2 (and near them), written with 5 to 70 digits.
fn near_half_pi_multiples(rng: &mut Rng, n: usize) -> Vec<Repr<10>> {
    let half_pi = ctx(90).pi::<10>(None).value() / DBig::from(2u8);
    (0..n)
        .map(|_| {
            let k = 1 + rng.below(20_000) as i64;
            let k = if rng.below(2) == 1 { -k } else { k };
            let digits = 5 + rng.below(66) as usize;
            let v = (half_pi.clone() * DBig::from(k))
                .with_precision(digits)
                .value();
            v.into_repr()
        })
        .collect()
}

#[test]
fn exp_fast_path_is_the_dashu_value() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let n = cases();
    let args: Vec<_> = (0..n).map(|_| rng.value(-65, 2, true)).collect();
    let answered = agree(&args, exp, |r| finish(ctx(PRECISION).exp(r, None)));
    assert!(answered * 100 >= n * 95, "{answered} of {n}");
}

#[test]
fn circular_fast_path_is_the_dashu_value() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let n = cases();
    let mut args: Vec<_> = (0..n).map(|_| rng.value(-39, 5, true)).collect();
    args.extend(near_half_pi_multiples(&mut rng, n / 4));
    for f in [Func::Sin, Func::Cos, Func::Tan] {
        let c = ctx(PRECISION);
        let slow = |r: &Repr<10>| {
            finish(match f {
                Func::Sin => c.sin(r, None),
                Func::Cos => c.cos(r, None),
                _ => c.tan(r, None),
            })
        };
        let answered = agree(&args[..n], |r| circular(f, r), slow);
        assert!(answered * 100 >= n * 95, "{f:?}: {answered} of {n}");
        // Near the multiples of π/2 the fast path may decline (cancellation), never differ.
        agree(&args[n..], |r| circular(f, r), slow);
    }
}

#[test]
fn pow_fast_path_is_the_dashu_value() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let n = cases();
    let bases: Vec<_> = (0..n).map(|_| rng.value(-20, 20, false)).collect();
    let exponents: Vec<_> = (0..n).map(|_| rng.value(-3, 1, true)).collect();
    let c = ctx(PRECISION);
    let mut answered = 0;
    for (x, y) in bases.iter().zip(&exponents) {
        if let Some(v) = pow(x, y) {
            answered += 1;
            assert_eq!(v, finish(c.powf(x, y, None)), "{x:?} ^ {y:?}");
        }
    }
    assert!(answered * 100 >= n * 90, "{answered} of {n}");
    // exact powers, square roots and the issue's `2^0.5`
    for ((xs, xe), (ys, ye)) in [
        ((2, 0), (5, -1)),
        ((4, 0), (5, -1)),
        ((8, 0), (333, -3)),
        ((1, -10), (5, -1)),
        ((10, 0), (-15, -1)),
    ] {
        let x = Repr::new(IBig::from(xs), xe);
        let y = Repr::new(IBig::from(ys), ye);
        if let Some(v) = pow(&x, &y) {
            assert_eq!(v, finish(c.powf(&x, &y, None)), "{x:?} ^ {y:?}");
        }
    }
}

#[test]
fn atan_fast_path_is_the_dashu_value() {
    let mut rng = Rng(0xBF58_476D_1CE4_E5B9);
    let n = cases();
    let args: Vec<_> = (0..n).map(|_| rng.value(-39, 5, true)).collect();
    let c = ctx(PRECISION);
    let answered = agree(&args, atan, |r| finish(c.atan(r, None)));
    assert!(answered * 100 >= n * 95, "{answered} of {n}");
}

#[test]
fn hyperbolic_fast_path_is_the_dashu_value() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let n = cases();
    let args: Vec<_> = (0..n).map(|_| rng.value(-39, 0, true)).collect();
    for f in [Func::Sinh, Func::Cosh, Func::Tanh] {
        let c = ctx(PRECISION);
        let answered = agree(
            &args,
            |r| hyperbolic(f, r),
            |r| {
                finish(match f {
                    Func::Sinh => c.sinh(r, None),
                    Func::Cosh => c.cosh(r, None),
                    _ => c.tanh(r, None),
                })
            },
        );
        assert!(answered * 100 >= n * 95, "{f:?}: {answered} of {n}");
    }
}

#[test]
fn asin_acos_fast_path_is_the_dashu_value() {
    let mut rng = Rng(0x6A09_E667_F3BC_C908);
    let n = cases();
    let args: Vec<_> = (0..n).map(|_| rng.value(-39, -1, true)).collect();
    let c = ctx(PRECISION);
    for f in [Func::Asin, Func::Acos] {
        let answered = agree(
            &args,
            |r| asin_acos(f, r),
            |r| {
                finish(if f == Func::Asin {
                    c.asin(r, None)
                } else {
                    c.acos(r, None)
                })
            },
        );
        assert!(answered * 100 >= n * 95, "{f:?}: {answered} of {n}");
    }
}

#[test]
fn inverse_hyperbolic_fast_path_is_the_dashu_value() {
    let mut rng = Rng(0xBB67_AE85_84CA_A73B);
    let n = cases();
    let small: Vec<_> = (0..n).map(|_| rng.value(-39, -1, true)).collect();
    let large: Vec<_> = (0..n).map(|_| rng.value(0, 5, false)).collect();
    let c = ctx(PRECISION);
    let cases = [
        (Func::Asinh, &small),
        (Func::Asinh, &large),
        (Func::Atanh, &small),
        (Func::Acosh, &large),
    ];
    for (f, args) in cases {
        let answered = agree(
            args,
            |r| inverse_hyperbolic(f, r),
            |r| {
                finish(match f {
                    Func::Asinh => c.asinh(r, None),
                    Func::Acosh => c.acosh(r, None),
                    _ => c.atanh(r, None),
                })
            },
        );
        assert!(answered * 100 >= n * 95, "{f:?}: {answered} of {n}");
    }
}

#[test]
fn log_fast_path_is_the_dashu_value() {
    let mut rng = Rng(0x94D0_49BB_1331_11EB);
    let n = cases();
    let mut args: Vec<_> = (0..n).map(|_| rng.value(-300, 300, false)).collect();
    // near 1: 1 ± a random small value
    for _ in 0..n / 4 {
        let delta = rng.value(-30, -1, true);
        let one = Repr::<10>::one();
        let sum =
            DBig::from_repr(one, Context::new(200)) + DBig::from_repr(delta, Context::new(200));
        args.push(sum.into_repr());
    }
    for which in [Log::Ln, Log::Log2, Log::Log10] {
        let c = ctx(PRECISION);
        let answered = agree(
            &args,
            |r| log(which, r),
            |r| {
                finish(match which {
                    Log::Ln => c.ln(r, None),
                    Log::Log2 => c.log2(r, None),
                    Log::Log10 => c.log10(r, None),
                })
            },
        );
        assert!(
            answered * 100 >= args.len() * 90,
            "{answered} of {}",
            args.len()
        );
    }
}

#[test]
fn exact_and_tiny_results_fall_back() {
    // ln 1 = 0 and sin 0 have no relative precision in fixed point.
    assert_eq!(log(Log::Ln, &Repr::one()), None);
    // log10(1000) = 3 exactly, and the fast path finds it.
    let thousand = Repr::new(IBig::from(1000), 0);
    assert_eq!(log(Log::Log10, &thousand), Some(Big::from_i64(3)));
    // tan at the literal nearest π/2 with 120 digits: the cosine is within its error of zero
    let half_pi = (ctx(130).pi::<10>(None).value() / DBig::from(2u8))
        .with_precision(MAX_DIGITS)
        .value();
    assert_eq!(circular(Func::Tan, half_pi.repr()), None);
    // beyond the fast ranges
    assert_eq!(exp(&Repr::new(IBig::from(5), 3)), None);
    assert_eq!(circular(Func::Sin, &Repr::new(IBig::from(5), 7)), None);
}

/// Per-call timings of the public functions (which take the fast path where it answers) and of
/// the dashu path alone, best of 7 rounds: `cargo test --release -p reckon-math --lib
/// fast::tests::timings -- --ignored --nocapture`.
/// A timing row: name, argument, the public function, the dashu path.
type Row = (
    &'static str,
    &'static str,
    fn(&Big) -> Big,
    fn(&Context<HalfAway>, &Repr<10>) -> Big,
);

#[test]
#[ignore = "a measurement, not a check"]
fn timings() {
    use std::time::Instant;
    let best = |f: &dyn Fn() -> Big| {
        (0..7)
            .map(|_| {
                let start = Instant::now();
                for _ in 0..200 {
                    std::hint::black_box(f());
                }
                start.elapsed().as_secs_f64() * 1e6 / 200.0
            })
            .fold(f64::INFINITY, f64::min)
    };
    let c = ctx(PRECISION);
    let rows: [Row; 13] = [
        (
            "exp",
            "1.5",
            |x| super::super::exp(x),
            |c, r| finish(c.exp(r, None)),
        ),
        (
            "ln",
            "2.5",
            |x| ln(x).unwrap_or(Big::NaN),
            |c, r| finish(c.ln(r, None)),
        ),
        (
            "log10",
            "7",
            |x| log10(x).unwrap_or(Big::NaN),
            |c, r| finish(c.log10(r, None)),
        ),
        (
            "sin",
            "1",
            |x| trig(Func::Sin, x).unwrap_or(Big::NaN),
            |c, r| finish(c.sin(r, None)),
        ),
        (
            "cos",
            "1",
            |x| trig(Func::Cos, x).unwrap_or(Big::NaN),
            |c, r| finish(c.cos(r, None)),
        ),
        (
            "tan",
            "1",
            |x| trig(Func::Tan, x).unwrap_or(Big::NaN),
            |c, r| finish(c.tan(r, None)),
        ),
        (
            "sqrt",
            "2",
            |x| sqrt(x).unwrap_or(Big::NaN),
            |c, r| finish(c.sqrt(r)),
        ),
        (
            "asin",
            "0.5",
            |x| trig(Func::Asin, x).unwrap_or(Big::NaN),
            |c, r| finish(c.asin(r, None)),
        ),
        (
            "atan",
            "1",
            |x| trig(Func::Atan, x).unwrap_or(Big::NaN),
            |c, r| finish(c.atan(r, None)),
        ),
        (
            "sinh",
            "1",
            |x| trig(Func::Sinh, x).unwrap_or(Big::NaN),
            |c, r| finish(c.sinh(r, None)),
        ),
        (
            "tanh",
            "0.5",
            |x| trig(Func::Tanh, x).unwrap_or(Big::NaN),
            |c, r| finish(c.tanh(r, None)),
        ),
        (
            "asinh",
            "1",
            |x| trig(Func::Asinh, x).unwrap_or(Big::NaN),
            |c, r| finish(c.asinh(r, None)),
        ),
        (
            "atanh",
            "0.5",
            |x| trig(Func::Atanh, x).unwrap_or(Big::NaN),
            |c, r| finish(c.atanh(r, None)),
        ),
    ];
    for (name, arg, public, dashu) in rows {
        let x = parse_literal(arg);
        let Big::Finite(r) = &x else { continue };
        let now = best(&|| public(&x));
        let before = best(&|| dashu(&c, r));
        println!("{name}({arg}): {now:.1} µs, dashu path {before:.1} µs");
    }
}

/// For `valgrind --tool=callgrind`: 1,000 calls of one public function (`RECKON_FAST_FN`, one of
/// `exp ln sin cos sinh`) at its `timings` argument, after one warm-up call that fills the caches.
#[test]
#[ignore = "a measurement, not a check"]
fn instruction_counts() {
    let name = std::env::var("RECKON_FAST_FN").unwrap_or_else(|_| "sin".into());
    let (arg, f): (&str, fn(&Big) -> Big) = match name.as_str() {
        "exp" => ("1.5", |x| super::super::exp(x)),
        "ln" => ("2.5", |x| ln(x).unwrap_or(Big::NaN)),
        "cos" => ("1", |x| trig(Func::Cos, x).unwrap_or(Big::NaN)),
        "sinh" => ("1", |x| trig(Func::Sinh, x).unwrap_or(Big::NaN)),
        _ => ("1", |x| trig(Func::Sin, x).unwrap_or(Big::NaN)),
    };
    let x = parse_literal(arg);
    std::hint::black_box(f(&x));
    for _ in 0..1000 {
        std::hint::black_box(f(&x));
    }
}
