//! The BigNumber tests: decimal.js's answers for every operation, the guards at extreme
//! arguments, and the costs.

use super::*;

fn lit(text: &str) -> Big {
    parse_literal(text)
}

#[track_caller]
fn prints(value: &Big, text: &str) {
    assert_eq!(format(value, None), text);
}

#[track_caller]
fn ok(result: BigResult) -> Big {
    match result {
        Ok(v) => v,
        Err(e) => panic!("unexpected error {e:?}"),
    }
}

#[test]
fn spec_examples_print_as_mathjs() {
    prints(&div(&lit("1"), &lit("3")), &format!("0.{}", "3".repeat(64)));
    let two_2000 = ok(pow(&lit("2"), &lit("2000")));
    prints(
        &two_2000,
        "1.148130695274254524232833201177681984022317702088695200477642737e+602",
    );
    assert_eq!(format(&two_2000, Some(5)), "1.1481e+602");
    prints(&lit("1e21"), "1e+21");
    prints(&lit("1.23e-5"), "0.0000123");
    prints(&ok(pow(&lit("2"), &lit("64"))), "18446744073709551616");
    let ratio = div(&ok(factorial(&lit("10000"))), &ok(factorial(&lit("9999"))));
    prints(
        &ratio,
        "9999.999999999999999999999999999999999999999999999999999999999996",
    );
    prints(
        &ok(trig(Func::Sin, &pi())),
        "3.078164062862089986280348253421170679821480865132823066470938446e-64",
    );
    prints(&add(&lit("0.1"), &lit("0.2")), "0.3");
    let tiny = div(&ok(pow(&lit("2"), &neg(&lit("1074")))), &lit("2"));
    prints(
        &tiny,
        "2.470328229206232720882843964341106861825299013071623822127928413e-324",
    );
    // std([2, 4, 6], "uncorrected") = sqrt(8 / 3).
    prints(
        &ok(sqrt(&div(&lit("8"), &lit("3")))),
        "1.632993161855452065464856049803927594643964987104446752288461712",
    );
    prints(
        &ok(sqrt(&lit("2"))),
        "1.414213562373095048801688724209698078569671875376948073176679738",
    );
    prints(
        &exp(&Big::one()),
        "2.718281828459045235360287471352662497757247093699959574966967628",
    );
}

#[test]
fn results_round_half_up_to_64_digits() {
    // Ties go away from zero.
    prints(
        &add(&lit("1"), &lit("5e-64")),
        "1.000000000000000000000000000000000000000000000000000000000000001",
    );
    prints(
        &sub(&neg(&lit("1")), &lit("5e-64")),
        "-1.000000000000000000000000000000000000000000000000000000000000001",
    );
    prints(&add(&lit("1"), &lit("4.9e-64")), "1");
    // One rounding of the exact sum (dashu's own add can leave 65 digits).
    prints(
        &sub(&lit("4534450054413526047336817888.3"), &lit("0.76e68")),
        "-7.599999999999999999999999999999999999999546554994558647395266318e+67",
    );
    prints(
        &add(&lit("1e9000000000000000"), &lit("1e-9000000000000000")),
        "1e+9000000000000000",
    );
}

/// dashu's `Context::add` could return 65 digits; products, quotients and function results
/// must have at most 64, and products must equal the exact product rounded once.
#[test]
fn rounded_results_have_at_most_64_digits() {
    let mut next = crate::test_support::xorshift(0x2545_f491_4f6c_dd1d_u64);
    for _ in 0..300 {
        let a = format!("{}{}e{}", next() % 1000 + 1, next(), next() % 40);
        let b = format!("{}.{}{}", next() % 97 + 1, next(), next());
        let (a, b) = (
            lit(&a),
            if next().is_multiple_of(2) {
                neg(&lit(&b))
            } else {
                lit(&b)
            },
        );
        for result in [
            add(&a, &b),
            mul(&a, &b),
            div(&a, &b),
            div(&b, &a),
            exp(&b),
            ok(trig(Func::Sin, &b)),
            ok(trig(Func::Atan, &a)),
        ] {
            if let Big::Finite(r) = &result {
                assert!(r.digits() <= PRECISION, "{a:?} {b:?} -> {result:?}");
            }
        }
        let (Big::Finite(x), Big::Finite(y)) = (&a, &b) else {
            continue;
        };
        let exact = DBig::from_parts(
            x.significand() * y.significand(),
            x.exponent() + y.exponent(),
        );
        assert_eq!(
            mul(&a, &b),
            from_repr(exact.with_precision(PRECISION).value().into_repr())
        );
    }
}

/// Every function and operation on a grid of extreme values answers (no panic, no runaway
/// allocation): the guards in front of dashu.
#[test]
fn extreme_arguments_never_panic() {
    let long = format!("1.{}", "7".repeat(990));
    let texts = [
        "0",
        "1",
        "0.5",
        "2",
        "1e9000000000000000",
        "1e-9000000000000000",
        "1e954",
        "1e955",
        "1.5707963267948966",
        "2.1e16",
        "2e16",
        "1e16",
        "1e40",
        "1e-40",
        "1e-67",
        &long,
    ];
    let mut values: Vec<Big> = vec![Big::NaN, Big::infinity(false), Big::infinity(true)];
    for t in texts {
        values.push(lit(t));
        values.push(neg(&lit(t)));
    }
    let funcs = [
        Func::Sin,
        Func::Cos,
        Func::Tan,
        Func::Sec,
        Func::Csc,
        Func::Cot,
        Func::Asin,
        Func::Acos,
        Func::Atan,
        Func::Asec,
        Func::Acsc,
        Func::Acot,
        Func::Sinh,
        Func::Cosh,
        Func::Tanh,
        Func::Sech,
        Func::Csch,
        Func::Coth,
        Func::Asinh,
        Func::Acosh,
        Func::Atanh,
        Func::Asech,
        Func::Acsch,
        Func::Acoth,
    ];
    for x in &values {
        for f in funcs {
            let _ = trig(f, x);
        }
        let _ = (
            sqrt(x),
            cbrt(x),
            exp(x),
            expm1(x),
            ln(x),
            log2(x),
            log10(x),
            log1p(x),
        );
        let _ = (
            floor(x),
            ceil(x),
            fix(x),
            round(x),
            sign(x),
            factorial(x),
            to_f64(x),
        );
        let _ = (
            format(x, None),
            format(x, Some(3)),
            cost(Op::Circular, x, None),
        );
        for y in &values {
            let _ = (
                add(x, y),
                sub(x, y),
                mul(x, y),
                div(x, y),
                modulo(x, y),
                cmp(x, y),
            );
            let _ = (
                pow(x, y),
                log_base(x, y),
                atan2(x, y),
                hypot(&[x.clone(), y.clone()]),
            );
            let _ = (nth_root(x, y), round_places(x, y), nearly_equal(x, y));
            let _ = cost(Op::Pow, x, Some(y));
        }
    }
}

#[test]
fn literals_are_exact_and_print_like_mathjs() {
    let long = "123456789012345678901234567890123456789012345678901234567890123456789";
    // Exponential notation shows every digit of the (unrounded) value ...
    prints(
        &lit(long),
        "1.23456789012345678901234567890123456789012345678901234567890123456789e+68",
    );
    // ... positional notation the 64-digit rounding; with precision, that rounding.
    prints(
        &lit(&format!("0.{long}")),
        "0.1234567890123456789012345678901234567890123456789012345678901235",
    );
    assert_eq!(format(&lit(long), Some(3)), "1.23e+68");
    assert_eq!(format(&lit("9.995"), Some(3)), "10");
    assert_eq!(format(&lit("0.00000099999"), Some(2)), "0.000001");
    assert_eq!(lit("0.1"), from_f64(0.1));
    assert_eq!(lit("12.50e-1"), lit("1.25"));
    assert_eq!(lit(".5"), lit("0.5"));
    assert!(lit("1e").is_nan() && lit("abc").is_nan() && lit("").is_nan());
    prints(&lit("0.000e5"), "0");
    prints(&neg(&lit("0")), "0");
}

#[test]
fn the_exponent_range_is_decimal_js_s() {
    prints(&lit("1e9000000000000000"), "1e+9000000000000000");
    assert_eq!(lit("1e9000000000000001"), Big::infinity(false));
    assert!(lit("1e-9000000000000001").is_zero());
    assert_eq!(lit("1e99999999999999999999999999"), Big::infinity(false));
    assert_eq!(
        mul(&lit("1e9000000000000000"), &lit("10")),
        Big::infinity(false)
    );
    assert!(div(&lit("1e-9000000000000000"), &lit("10")).is_zero());
    prints(&mul(&lit("1e400"), &lit("1e400")), "1e+800");
}

#[test]
fn special_values_follow_decimal_js() {
    let zero = Big::ZERO;
    let minus_zero = neg(&zero);
    let one = Big::one();
    let inf = Big::infinity(false);
    assert!(div(&zero, &zero).is_nan());
    assert_eq!(div(&one, &zero), inf);
    assert_eq!(div(&one, &minus_zero), Big::infinity(true));
    assert!(sub(&inf, &inf).is_nan());
    assert!(mul(&inf, &zero).is_nan());
    assert!(div(&one, &inf).is_zero());
    assert_eq!(format(&minus_zero, None), "0");
    assert_eq!(format(&Big::NaN, None), "NaN");
    assert_eq!(format(&Big::infinity(true), None), "-Infinity");
    assert_eq!(cmp(&zero, &minus_zero), Some(Ordering::Equal));
    assert_eq!(cmp(&Big::NaN, &one), None);
    assert!(ok(trig(Func::Asin, &lit("2"))).is_nan());
    assert!(ok(trig(Func::Acosh, &lit("0.5"))).is_nan());
    assert_eq!(ok(pow(&zero, &neg(&one))), inf);
    assert!(
        pow_real(&one, &inf).is_nan(),
        "1^Infinity is NaN in JavaScript"
    );
}

#[test]
fn binary64_conversions() {
    assert_eq!(from_f64(-0.0), Big::Zero { negative: true });
    assert_eq!(to_f64(&lit("0.1")), 0.1);
    assert_eq!(to_f64(&lit("1e400")), f64::INFINITY);
    assert_eq!(to_f64(&neg(&lit("1e-400"))), 0.0);
    assert!(to_f64(&neg(&lit("1e-400"))).is_sign_negative());
    assert_eq!(
        from_f64_checked(123456789012345.0),
        Ok(lit("123456789012345"))
    );
    assert_eq!(from_f64_checked(0.1), Ok(lit("0.1")));
    let err = from_f64_checked(0.1 + 0.2).expect_err("17 digits");
    assert_eq!(
        err.message(),
        "Cannot implicitly convert a number with >15 significant digits to BigNumber (value: 0.30000000000000004). Use function bignumber(x) to convert to BigNumber."
    );
    assert!(from_f64_checked(1234567890123456.0).is_err());
    // math.js's digit count includes the minus sign.
    assert!(from_f64_checked(-123456789012345.0).is_err());
    assert!(from_f64_checked(-12345678901234.0).is_ok());
    assert_eq!(Big::from_i64(-42), neg(&lit("42")));
    assert_eq!(Big::from_ibig(IBig::from(10u8).pow(70)), lit("1e70"));
}

#[test]
fn mod_and_the_rounding_family_follow_mathjs() {
    let m = |a: &str, b: &Big| format(&modulo(&lit(a), b), None);
    assert_eq!(m("7", &lit("3")), "1");
    assert_eq!(m("7", &neg(&lit("3"))), "-2");
    assert_eq!(format(&modulo(&neg(&lit("7")), &lit("3")), None), "2");
    assert_eq!(m("7", &Big::ZERO), "7");
    prints(&round(&lit("2.5")), "3");
    prints(&round(&neg(&lit("2.5"))), "-3");
    prints(&floor(&lit("2.99999999999999999999")), "3");
    prints(&floor_exact(&lit("2.99999999999999999999")), "2");
    prints(&floor(&neg(&lit("0.5"))), "-1");
    prints(&ceil(&lit("0.2")), "1");
    prints(&fix(&neg(&lit("2.7"))), "-2");
    prints(&ok(round_places(&lit("1.23456"), &lit("2"))), "1.23");
    prints(&ok(round_places(&lit("1.235"), &lit("2"))), "1.24");
    assert_eq!(
        round_places(&lit("1"), &lit("1.5")),
        Err(BigError::DecimalsNotInteger)
    );
    let err = round_places(&lit("1"), &neg(&lit("2"))).expect_err("negative");
    assert_eq!(err.message(), "[DecimalError] Invalid argument: -2");
    prints(
        &round_with_places(&lit("5751195.39"), &neg(&lit("5")), floor),
        "5700000",
    );
    assert!(nearly_equal(&lit("1"), &lit("1.0000000000001")));
    assert!(nearly_equal(&lit("1"), &lit("1.000000000001")));
    assert!(!nearly_equal(&lit("1"), &lit("1.00000000001")));
    assert!(nearly_equal(&lit("1e-16"), &Big::ZERO), "absTol 1e-15");
}

#[test]
fn powers() {
    prints(&ok(pow(&neg(&lit("2")), &lit("3"))), "-8");
    assert_eq!(
        pow(&neg(&lit("8")), &lit("0.5")),
        Err(BigError::NumberFallback)
    );
    prints(&ok(pow(&lit("4"), &lit("0.5"))), "2");
    prints(
        &ok(pow(&lit("2"), &lit("0.5"))),
        &format(&ok(sqrt(&lit("2"))), None),
    );
    // Beyond 2^53 the exponent goes through exp(y ln x), with the range checked first.
    prints(
        &ok(pow(&lit("2"), &lit("9007199254740993"))),
        "5.96727781852472594490629078942602412059567244480499373518777585e+2711437152599295",
    );
    assert_eq!(ok(pow(&lit("2"), &lit("1e17"))), Big::infinity(false));
    assert!(ok(pow(&lit("0.5"), &lit("1e17"))).is_zero());
    prints(&ok(pow(&neg(&lit("1")), &lit("1e20"))), "1");
}

#[test]
fn int_pow_truncates_like_decimal_js() {
    // 14 words: a 7-digit leading word for this exponent plus 13 more.
    let mut value = (IBig::from(10u8).pow(120) + IBig::ONE, -120i64);
    assert!(truncate_words(&mut value));
    assert_eq!(value.0.to_string().len(), 1 + 7 * 13);
    let mut exact = (IBig::from(10u8).pow(120), 0i64);
    assert!(!truncate_words(&mut exact), "cutting zero words is no cut");
}

#[test]
fn guards_answer_extreme_arguments_without_dashu() {
    let huge = lit("1e9000000000000000");
    let tiny = lit("1e-9000000000000000");
    assert_eq!(exp(&tiny), Big::one());
    assert_eq!(exp(&lit("3e16")), Big::infinity(false));
    assert!(exp(&neg(&lit("3e16"))).is_zero());
    prints(
        &exp(&lit("2e16")),
        "3.572914127627844318820438838508313304732078290605196264707913866e+8685889638065036",
    );
    prints(&ok(trig(Func::Atanh, &tiny)), "1e-9000000000000000");
    prints(&ok(trig(Func::Sinh, &tiny)), "1e-9000000000000000");
    prints(&ok(trig(Func::Cosh, &tiny)), "1");
    prints(&ok(trig(Func::Tanh, &lit("1e300"))), "1");
    assert_eq!(ok(trig(Func::Sinh, &lit("1e17"))), Big::infinity(false));
    prints(
        &ok(trig(Func::Asinh, &neg(&lit("1e100")))),
        "-230.9516564799645137112163775898945973281856489972375528574534701",
    );
    prints(
        &ok(trig(Func::Acosh, &lit("1e400"))),
        "921.7271843781782189166138139952038596085160955858694456674518404",
    );
    let asinh_huge = ok(trig(Func::Asinh, &huge));
    assert!(asinh_huge.is_finite());
}

#[test]
fn circular_functions_keep_decimal_js_s_precision_limit() {
    prints(
        &ok(trig(Func::Sin, &lit("1e954"))),
        "-0.283247800096948927199871071468412130213358415993998383494532951",
    );
    assert_eq!(
        trig(Func::Sin, &lit("1e955")),
        Err(BigError::PrecisionLimitExceeded)
    );
    prints(
        &ok(trig(Func::Tan, &lit("1e944"))),
        "1.790934540918420494983032856867595631310106895033456041553137327",
    );
    assert_eq!(
        trig(Func::Tan, &lit("1e945")),
        Err(BigError::PrecisionLimitExceeded)
    );
    let many_digits = lit(&format!("1.{}", "1".repeat(954)));
    assert_eq!(
        trig(Func::Cos, &many_digits),
        Err(BigError::PrecisionLimitExceeded)
    );
    // The one known decimal.js error (tests/bignum_vs_mathjs.rs): reckon is correct.
    prints(
        &ok(trig(Func::Tan, &lit("1.5707963267948966"))),
        "51998506188720270.66019474166122686847581154498651544960157915775",
    );
}

#[test]
fn factorial_and_gamma() {
    prints(
        &ok(factorial(&lit("171"))),
        "1.241018070217667823424840524103103992616605577501693185388951804e+309",
    );
    prints(&ok(factorial(&lit("5"))), "120");
    prints(&ok(factorial(&lit("20"))), "2432902008176640000");
    assert_eq!(gamma(&lit("0.5")), Err(BigError::IntegerExpected));
    assert_eq!(
        gamma(&lit("0.5")).map_err(|e| e.message()),
        Err("Integer BigNumber expected".into())
    );
    assert_eq!(factorial(&neg(&lit("1"))), Err(BigError::NegativeFactorial));
    assert_eq!(ok(gamma(&Big::ZERO)), Big::infinity(false));
    assert_eq!(ok(gamma(&Big::NaN)), Big::infinity(false));
}

#[test]
fn combinations_follow_mathjs() {
    prints(
        &ok(combinations(&lit("100"), &lit("50"))),
        "1.00891344545564193334812497256e+29",
    );
    prints(&ok(combinations(&lit("5"), &lit("0"))), "1");
    assert_eq!(
        combinations(&lit("2"), &lit("3")),
        Err(BigError::KGreaterThanN)
    );
    assert_eq!(
        combinations(&lit("2.5"), &lit("1")),
        Err(BigError::PositiveIntegerExpected)
    );
    assert_eq!(
        cost(Op::Combinations, &lit("100"), Some(&lit("1"))),
        99 * 40 + 1
    );
}

#[test]
fn composites_round_each_step() {
    prints(&ok(nth_root(&neg(&lit("27")), &lit("3"))), "-3");
    assert_eq!(nth_root(&lit("2"), &Big::ZERO), Err(BigError::RootZero));
    assert_eq!(
        nth_root(&neg(&lit("2")), &lit("2")),
        Err(BigError::RootNotOdd)
    );
    prints(&hypot(&[lit("3"), lit("4")]), "5");
    prints(&hypot(&[neg(&lit("4.8e-322")), lit("4")]), "4");
    prints(
        &atan2(&neg(&Big::ZERO), &neg(&Big::one())),
        "-3.141592653589793238462643383279502884197169399375105820974944592",
    );
    prints(
        &atan2(&lit("3"), &neg(&lit("60"))),
        "3.091634257867850477052637096244658002705892318951598646564091137",
    );
    prints(&expm1(&lit("1e-70")), "0");
    // ln 8 / ln 2 with both rounded (math.js), unlike log2(8) = 3.
    prints(
        &ok(log_base(&lit("8"), &lit("2"))),
        "2.999999999999999999999999999999999999999999999999999999999999999",
    );
    prints(&ok(log2(&lit("8"))), "3");
    assert_eq!(ln(&neg(&Big::one())), Err(BigError::NumberFallback));
    assert_eq!(sqrt(&neg(&Big::ZERO)), Err(BigError::NumberFallback));
    assert_eq!(ok(ln(&Big::ZERO)), Big::infinity(true));
}

#[test]
fn constants() {
    let c = |name: &str| format(&constant(name).expect("known"), None);
    assert_eq!(
        c("pi"),
        "3.141592653589793238462643383279502884197169399375105820974944592"
    );
    assert_eq!(
        c("phi"),
        "1.618033988749894848204586834365638117720309179805762862135448623"
    );
    assert_eq!(
        c("e"),
        "2.718281828459045235360287471352662497757247093699959574966967628"
    );
    assert!(constant("i").is_none());
}

#[test]
fn costs_follow_the_calibration() {
    let x = div(&Big::one(), &lit("3"));
    assert_eq!(cost(Op::Mul, &x, Some(&x)), 33);
    assert_eq!(cost(Op::Add, &x, Some(&x)), 25);
    assert_eq!(cost(Op::Elementary, &x, None), 5_016);
    // decimal.js works at 64 + max(e, sd) + 7 = 72 digits for sin(0.5).
    assert_eq!(cost(Op::Circular, &lit("0.5"), None), 5_070);
    assert!(cost(Op::Circular, &lit("1e900"), None) > 60_000);
    assert_eq!(cost(Op::Factorial, &lit("1e6"), None), 18_005_000);
    assert!(cost(Op::Factorial, &lit("1e9"), None) > 60_000_000);
    assert!(cost(Op::Pow, &x, Some(&lit("9007199254740991"))) < 5_000);
}

/// Significands around every boundary the fast paths test: zero, one word, `i64`, `i128`,
/// 10^18, 10^38 and beyond, with trailing zeros and both signs.
fn boundary_significands() -> Vec<IBig> {
    let mut magnitudes: Vec<IBig> = vec![IBig::ZERO, IBig::ONE, IBig::from(7), IBig::from(10)];
    for e in [9u32, 17, 18, 19, 20, 36, 37, 38, 39, 40, 64, 70] {
        let p = IBig::from(10u8).pow(e as usize);
        magnitudes.extend([
            &p - IBig::ONE,
            p.clone(),
            &p + IBig::ONE,
            &p * IBig::from(3),
        ]);
    }
    for bits in [62usize, 63, 64, 126, 127, 128] {
        let p = IBig::ONE << bits;
        magnitudes.extend([&p - IBig::ONE, p.clone(), &p + IBig::ONE]);
    }
    magnitudes.extend(magnitudes.clone().into_iter().map(|m| -m));
    magnitudes
}

#[test]
fn digit_counts_agree_with_dashu() {
    for significand in boundary_significands() {
        let r = Repr::<10>::new(significand.clone(), 3);
        assert_eq!(digit_count(&r), r.digits(), "{significand}");
    }
}

#[test]
fn the_word_sized_constructor_agrees_with_repr_new() {
    for significand in boundary_significands() {
        for exponent in [-20isize, -1, 0, 5] {
            assert_eq!(
                repr(significand.clone(), exponent),
                Repr::new(significand.clone(), exponent),
                "{significand}e{exponent}"
            );
        }
    }
}

#[test]
fn small_comparisons_agree_with_dashu() {
    let significands = boundary_significands();
    for a in significands.iter().filter(|s| !s.is_zero()) {
        for b in significands.iter().filter(|s| !s.is_zero()) {
            for (ea, eb) in [(0, 0), (0, 1), (3, 0), (0, 18), (18, 0), (0, 19), (-7, 12)] {
                let (x, y) = (Repr::<10>::new(a.clone(), ea), Repr::new(b.clone(), eb));
                if let Some(order) = small_cmp(&x, &y) {
                    assert_eq!(order, x.cmp(&y), "{a}e{ea} vs {b}e{eb}");
                }
            }
        }
    }
    // The fast path is taken where it should be.
    let (one, ten_18) = (Repr::<10>::new(IBig::ONE, 0), Repr::new(IBig::ONE, 18));
    assert_eq!(small_cmp(&one, &ten_18), Some(Ordering::Less));
    assert_eq!(small_cmp(&one, &Repr::new(IBig::ONE, 19)), None);
}

#[test]
fn small_integers_convert_as_their_text_does() {
    let by_text = |v: f64| {
        let big = parse_literal(ryu_js::Buffer::new().format(v.abs()));
        if v < 0.0 { neg(&big) } else { big }
    };
    let limit = 9_007_199_254_740_992.0; // 2^53
    let mut values = vec![1.0, 7.0, 10.0, 1e15, 123456789012345.0, limit - 1.0, limit];
    values.extend(values.clone().into_iter().map(|v| -v));
    for v in values {
        assert_eq!(small_integer(v), Some(v as i64));
        assert_eq!(from_f64(v), by_text(v), "{v}");
    }
    // Beyond 2^53, fractions, zeros and non-finite values take the text.
    for v in [limit + 2.0, 1e16, 0.5, 0.0, -0.0, f64::INFINITY, f64::NAN] {
        assert_eq!(small_integer(v), None, "{v}");
    }
    // The implicit conversion's limit of 15 significant digits (14 for a negative number).
    assert!(from_f64_checked(123_456_789_012_345.0).is_ok());
    assert!(from_f64_checked(-12_345_678_901_234.0).is_ok());
    assert!(from_f64_checked(1e15).is_ok());
    assert!(from_f64_checked(-1e15).is_ok());
    for refused in [1_234_567_890_123_456.0, -123_456_789_012_345.0, limit - 1.0] {
        assert_eq!(
            from_f64_checked(refused),
            Err(BigError::TooManyDigits(refused)),
            "{refused}"
        );
    }
}

#[test]
fn exact_small_sums_agree_with_the_rounded_sum() {
    let rounded = |x: &Repr<10>, y: &Repr<10>| {
        let low = x.exponent().min(y.exponent());
        let align =
            |r: &Repr<10>| r.significand() * IBig::from(10u8).pow((r.exponent() - low) as usize);
        from_repr(
            DBig::from_parts(align(x) + align(y), low)
                .with_precision(PRECISION)
                .value()
                .into_repr(),
        )
    };
    let significands = boundary_significands();
    for a in significands.iter().filter(|s| !s.is_zero()) {
        for b in significands.iter().filter(|s| !s.is_zero()) {
            for (ea, eb) in [(0, 0), (2, 0), (0, -30), (-5, 40)] {
                let (x, y) = (Repr::<10>::new(a.clone(), ea), Repr::new(b.clone(), eb));
                assert_eq!(
                    add_rounded(&x, &y, PRECISION),
                    rounded(&x, &y),
                    "{a}e{ea} + {b}e{eb}"
                );
            }
        }
    }
}

#[test]
fn nearly_equal_shortcut_agrees_with_the_arithmetic() {
    let by_arithmetic = |a: &Big, b: &Big| {
        let diff = abs(&sub(a, b));
        let largest = max_of(&abs(a), &abs(b));
        let bound = max_of(&mul(&largest, &lit("1e-12")), &lit("1e-15"));
        eq(a, b) || cmp(&diff, &bound) != Some(Ordering::Greater)
    };
    let values = [
        "1",
        "2",
        "1000000000000",
        "1000000000001",
        "999999999999",
        "1e13",
        "10000000000001",
        "0.001",
        "0.0010000000000001",
        "1e-15",
        "2e-15",
        "1e-16",
        "3.5",
        "-3.5",
        "1e20",
        "100000000000000000001",
        "-1e-14",
        "5e-30",
        "6e-30",
    ];
    for a in values {
        for b in values {
            let signed = |t: &str| t.strip_prefix('-').map_or_else(|| lit(t), |t| neg(&lit(t)));
            let (x, y) = (signed(a), signed(b));
            assert!(x.is_finite() && y.is_finite());
            assert_eq!(nearly_equal(&x, &y), by_arithmetic(&x, &y), "{a} ~ {b}");
        }
    }
    assert!(nearly_equal(&lit("1e13"), &lit("10000000000001")));
    assert!(!nearly_equal(&lit("1e11"), &lit("100000000001")));
}
