//! JavaScript's `Math` functions as V8 (Node.js) computes them, for math.js's last digits (spec
//! 5.1: "`Math` functions"). Every function is deterministic on every platform: none calls the
//! platform's C library, which Rust's `f64` methods do (glibc and others differ in last bits).
//!
//! Most come from the `libm` crate (fdlibm-derived like V8's `ieee754` functions) where it agrees
//! with V8 to the bit on random arguments (`atan2`, `asin`, `acos`, `atan`, `expm1`, `log1p`,
//! `log2`, `tanh`, `asinh`). The rest are written here after the fdlibm and FreeBSD sources V8
//! ports, because `libm` has musl's rewrites of `log`, `cosh` and `sinh` and a correctly rounded
//! `cbrt`: `exp` (at 1), `cosh`, `sinh`, `log`, `log10`, `cbrt`, `acosh`, `atanh` (checked
//! against Node.js 20 on 20,000 arguments each: all equal, except `acosh` and `atanh` in a few
//! last bits through `log1p`), and `pow`, which is fdlibm's with V8's own change (see [`pow`]).
//! `sin`, `cos` and `tan` stay `libm`'s: V8 uses other versions, and they differ in the last bit
//! on about 1–3 % of arguments, within the spec's relative 1e-12 for transcendental results.
// The constants are written with the digits the C sources print.
#![allow(clippy::excessive_precision)]

/// `Math.sin`.
pub(crate) fn sin(x: f64) -> f64 {
    libm::sin(x)
}

/// `Math.cos`.
pub(crate) fn cos(x: f64) -> f64 {
    libm::cos(x)
}

/// `Math.tan`.
pub(crate) fn tan(x: f64) -> f64 {
    libm::tan(x)
}

/// `Math.asin`.
pub(crate) fn asin(x: f64) -> f64 {
    libm::asin(x)
}

/// `Math.acos`.
pub(crate) fn acos(x: f64) -> f64 {
    libm::acos(x)
}

/// `Math.atan`.
pub(crate) fn atan(x: f64) -> f64 {
    libm::atan(x)
}

/// `Math.atan2`.
pub(crate) fn atan2(y: f64, x: f64) -> f64 {
    libm::atan2(y, x)
}

/// `Math.tanh`.
pub(crate) fn tanh(x: f64) -> f64 {
    libm::tanh(x)
}

/// `Math.asinh`.
pub(crate) fn asinh(x: f64) -> f64 {
    libm::asinh(x)
}

/// `Math.expm1`.
pub(crate) fn expm1(x: f64) -> f64 {
    libm::expm1(x)
}

/// `Math.log1p`.
pub(crate) fn log1p(x: f64) -> f64 {
    libm::log1p(x)
}

/// `Math.log2`.
pub(crate) fn log2(x: f64) -> f64 {
    libm::log2(x)
}

/// `Math.exp` as V8 computes it: fdlibm's `e_exp.c` (as `libm` ports it) except at 1, where V8
/// returns the correctly rounded e (2.718281828459045) instead of fdlibm's 2.7182818284590455.
pub(crate) fn exp(x: f64) -> f64 {
    if x == 1.0 {
        return std::f64::consts::E;
    }
    libm::exp(x)
}

/// `Math.cosh` as V8 computes it (fdlibm's `e_cosh.c`; the `libm` crate's `cosh` is musl's
/// rewrite and differs in the last bit, e.g. cosh 1 = 1.543080634815244 against V8's
/// 1.5430806348152437): 1 + t²/(2(1 + t)) with t = expm1|x| below ½ln 2, (eˣ + e⁻ˣ)/2 below 22,
/// eˣ/2 below ln(max double), then eˣ/² · eˣ/²/2 up to the overflow threshold.
pub(crate) fn cosh(x: f64) -> f64 {
    const OVERFLOW: f64 = 710.475_860_073_943_9;
    let ax = x.abs();
    let high = (ax.to_bits() >> 32) as u32;
    if high < 0x3FD6_2E43 {
        let t = libm::expm1(ax);
        let w = 1.0 + t;
        if high < 0x3C80_0000 {
            return w;
        }
        return 1.0 + (t * t) / (w + w);
    }
    if high < 0x4036_0000 {
        let t = exp(ax);
        return 0.5 * t + 0.5 / t;
    }
    if high < 0x4086_2E42 {
        return 0.5 * exp(ax);
    }
    if ax <= OVERFLOW {
        let w = exp(0.5 * ax);
        return 0.5 * w * w;
    }
    // ±∞ and NaN: x·x is +∞ or NaN; beyond the threshold, overflow.
    if high >= 0x7FF0_0000 {
        x * x
    } else {
        f64::INFINITY
    }
}

/// `Math.sinh` as V8 computes it (fdlibm's `e_sinh.c`, for the reason given at `cosh`):
/// x itself below 2⁻²⁸; with t = expm1|x|, ±(2t − t²/(t + 1))/2 below 1 and ±(t + t/(t + 1))/2
/// below 22; ±eˣ/2 below ln(max double), then ±eˣ/² · eˣ/²/2 up to the overflow threshold.
pub(crate) fn sinh(x: f64) -> f64 {
    const OVERFLOW: f64 = 710.475_860_073_943_9;
    const LOG_MAX: f64 = 709.782_226_562_5;
    let h = if x < 0.0 { -0.5 } else { 0.5 };
    let ax = x.abs();
    if ax < 22.0 {
        if ax < 3.725_290_298_461_914e-9 {
            return x;
        }
        let t = libm::expm1(ax);
        if ax < 1.0 {
            return h * (2.0 * t - t * t / (t + 1.0));
        }
        return h * (t + t / (t + 1.0));
    }
    if ax < LOG_MAX {
        return h * exp(ax);
    }
    if ax <= OVERFLOW {
        let w = exp(0.5 * ax);
        let t = h * w;
        return t * w;
    }
    x * 1.0e307
}

/// `Math.pow` (and `**`) as V8 computes it: fdlibm's `__ieee754_pow`, with ECMAScript's NaN for
/// `(±1) ** ±∞` and `x ** NaN`, and with V8's one change to the algorithm: the last quotient is
/// `z·t1 / ((t1 − 2) − (w + z·w))`, where fdlibm (and the `libm` crate) compute
/// `z·t1 / (t1 − 2) − (w + z·w)`. That grouping moves about one result in ten of
/// integer powers by a unit in the last place, so `10^-4` is `0.00009999999999999999` in
/// JavaScript and in math.js, and `0.0001` with `libm`.
pub(crate) fn pow(x: f64, y: f64) -> f64 {
    if y.is_nan() {
        return f64::NAN;
    }
    if y == 0.0 {
        return 1.0;
    }
    if x.is_nan() {
        return f64::NAN;
    }
    let ax = x.abs();
    if y.is_infinite() {
        if ax == 1.0 {
            return f64::NAN;
        }
        return if (ax > 1.0) == (y > 0.0) {
            f64::INFINITY
        } else {
            0.0
        };
    }
    if y == 1.0 {
        return x;
    }
    if y == -1.0 {
        return 1.0 / x;
    }
    if y == 2.0 {
        return x * x;
    }
    if y == 0.5 && x.is_sign_positive() {
        return x.sqrt();
    }
    // Whether y is an odd (1) or even (2) integer, or not an integer (0).
    let y_parity = if y.fract() != 0.0 {
        0
    } else if y.abs() >= 9_007_199_254_740_992.0 || (y as i64) % 2 == 0 {
        2
    } else {
        1
    };
    if ax == 0.0 || ax.is_infinite() || ax == 1.0 {
        let mut z = if y < 0.0 { 1.0 / ax } else { ax };
        if x.is_sign_negative() {
            if ax == 1.0 && y_parity == 0 {
                z = f64::NAN;
            } else if y_parity == 1 {
                z = -z;
            }
        }
        return z;
    }
    if x < 0.0 && y_parity == 0 {
        return f64::NAN;
    }
    let sign = if x < 0.0 && y_parity == 1 { -1.0 } else { 1.0 };
    pow_finite(ax, y, sign)
}

/// fdlibm's `__ieee754_pow` body for `ax = |x|` finite, positive and not 1, and `y` finite and
/// not one of the special exponents: log2(ax) in two pieces, y·log2(ax) = n + f exactly
/// enough, then 2^n · 2^f; `sign` is −1 for a negative base with an odd exponent.
fn pow_finite(ax: f64, y: f64, sign: f64) -> f64 {
    const BP: [f64; 2] = [1.0, 1.5];
    const DP_H: [f64; 2] = [0.0, 5.84962487220764160156e-01];
    const DP_L: [f64; 2] = [0.0, 1.35003920212974897128e-08];
    const TWO53: f64 = 9007199254740992.0;
    const HUGE: f64 = 1.0e300;
    const TINY: f64 = 1.0e-300;
    const L1: f64 = 5.99999999999994648725e-01;
    const L2: f64 = 4.28571428578550184252e-01;
    const L3: f64 = 3.33333329818377432918e-01;
    const L4: f64 = 2.72728123808534006489e-01;
    const L5: f64 = 2.30660745775561754067e-01;
    const L6: f64 = 2.06975017800338417784e-01;
    const P1: f64 = 1.66666666666666019037e-01;
    const P2: f64 = -2.77777777770155933842e-03;
    const P3: f64 = 6.61375632143793436117e-05;
    const P4: f64 = -1.65339022054652515390e-06;
    const P5: f64 = 4.13813679705723846039e-08;
    const LG2: f64 = std::f64::consts::LN_2; // 0x3FE62E42_FEFA39EF
    const LG2_H: f64 = 6.93147182464599609375e-01;
    const LG2_L: f64 = -1.90465429995776804525e-09;
    const OVT: f64 = 8.0085662595372944372e-17;
    const CP: f64 = 9.61796693925975554329e-01;
    const CP_H: f64 = 9.61796700954437255859e-01;
    const CP_L: f64 = -7.02846165095275826516e-09;
    const IVLN2: f64 = std::f64::consts::LOG2_E; // 0x3FF71547_652B82FE
    const IVLN2_H: f64 = 1.44269502162933349609e+00;
    const IVLN2_L: f64 = 1.92596299112661746887e-08;

    let without_low = |v: f64| f64::from_bits(v.to_bits() & 0xFFFF_FFFF_0000_0000);
    let mut ix = high_word(ax) & 0x7FFF_FFFF;
    let iy = high_word(y) & 0x7FFF_FFFF;
    let y_negative = y < 0.0;

    // log2(ax) = t1 + t2, t1 with its low word cleared.
    let (t1, t2);
    if iy > 0x41E0_0000 {
        // |y| > 2^31: over- or underflow unless ax is within 2^-20 of 1.
        if iy > 0x43F0_0000 {
            if ix <= 0x3FEF_FFFF {
                return if y_negative { HUGE * HUGE } else { TINY * TINY };
            }
            if ix >= 0x3FF0_0000 {
                return if !y_negative {
                    HUGE * HUGE
                } else {
                    TINY * TINY
                };
            }
        }
        if ix < 0x3FEF_FFFF {
            return if y_negative {
                sign * HUGE * HUGE
            } else {
                sign * TINY * TINY
            };
        }
        if ix > 0x3FF0_0000 {
            return if !y_negative {
                sign * HUGE * HUGE
            } else {
                sign * TINY * TINY
            };
        }
        let t = ax - 1.0;
        let w = (t * t) * (0.5 - t * (0.3333333333333333333333 - t * 0.25));
        let u = IVLN2_H * t;
        let v = t * IVLN2_L - w * IVLN2;
        t1 = without_low(u + v);
        t2 = v - (t1 - u);
    } else {
        let mut ax = ax;
        let mut n: i32 = 0;
        if ix < 0x0010_0000 {
            ax *= TWO53;
            n -= 53;
            ix = high_word(ax);
        }
        n += (ix >> 20) - 0x3FF;
        let j = ix & 0x000F_FFFF;
        ix = j | 0x3FF0_0000;
        let k = if j <= 0x3988E {
            0
        } else if j < 0xBB67A {
            1
        } else {
            n += 1;
            ix -= 0x0010_0000;
            0
        };
        ax = with_high_word(ax, ix);
        // ss = s_h + s_l = (ax − bp) / (ax + bp).
        let u = ax - BP[k];
        let v = 1.0 / (ax + BP[k]);
        let ss = u * v;
        let s_h = without_low(ss);
        let t_h = with_high_word(
            0.0,
            ((ix >> 1) | 0x2000_0000) + 0x0008_0000 + ((k as i32) << 18),
        );
        let t_l = ax - (t_h - BP[k]);
        let s_l = v * ((u - s_h * t_h) - s_h * t_l);
        let s2 = ss * ss;
        let mut r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
        r += s_l * (s_h + ss);
        let s2 = s_h * s_h;
        let t_h = without_low(3.0 + s2 + r);
        let t_l = r - ((t_h - 3.0) - s2);
        let u = s_h * t_h;
        let v = s_l * t_h + t_l * ss;
        let p_h = without_low(u + v);
        let p_l = v - (p_h - u);
        let z_h = CP_H * p_h;
        let z_l = CP_L * p_h + p_l * CP + DP_L[k];
        let t = f64::from(n);
        t1 = without_low(((z_h + z_l) + DP_H[k]) + t);
        t2 = z_l - (((t1 - t) - DP_H[k]) - z_h);
    }

    // y · log2(ax) = p_h + p_l, split so that p_h is exact.
    let y1 = without_low(y);
    let p_l = (y - y1) * t1 + y * t2;
    let mut p_h = y1 * t1;
    let z = p_l + p_h;
    let j = high_word(z);
    let i = z.to_bits() as u32 as i32;
    if j >= 0x4090_0000 {
        if ((j - 0x4090_0000) | i) != 0 || p_l + OVT > z - p_h {
            return sign * HUGE * HUGE;
        }
    } else if (j & 0x7FFF_FFFF) >= 0x4090_CC00
        && ((j.wrapping_sub(0xC090_CC00_u32 as i32)) | i != 0 || p_l <= z - p_h)
    {
        return sign * TINY * TINY;
    }
    // 2^(p_h + p_l) = 2^n · 2^f with |f| ≤ 0.5.
    let i = j & 0x7FFF_FFFF;
    let mut k = (i >> 20) - 0x3FF;
    let mut n: i32 = 0;
    if i > 0x3FE0_0000 {
        n = j + (0x0010_0000 >> (k + 1));
        k = ((n & 0x7FFF_FFFF) >> 20) - 0x3FF;
        let t = with_high_word(0.0, n & !(0x000F_FFFF >> k));
        n = ((n & 0x000F_FFFF) | 0x0010_0000) >> (20 - k);
        if j < 0 {
            n = -n;
        }
        p_h -= t;
    }
    let t = without_low(p_l + p_h);
    let u = t * LG2_H;
    let v = (p_l - (t - p_h)) * LG2 + t * LG2_L;
    let z = u + v;
    let w = v - (z - u);
    let t = z * z;
    let t1 = z - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
    // V8's grouping (see `pow`).
    let r = (z * t1) / ((t1 - 2.0) - (w + z * w));
    let z = 1.0 - (r - z);
    let high = high_word(z).wrapping_add(n.wrapping_shl(20));
    if (high >> 20) <= 0 {
        sign * libm::scalbn(z, n)
    } else {
        sign * with_high_word(z, high)
    }
}

/// The high 32 bits of `x` as a signed integer, as fdlibm's `__HI`.
fn high_word(x: f64) -> i32 {
    (x.to_bits() >> 32) as i32
}

/// `x` with its high 32 bits replaced (fdlibm's `SET_HIGH_WORD`).
fn with_high_word(x: f64, high: i32) -> f64 {
    f64::from_bits((u64::from(high as u32) << 32) | (x.to_bits() & 0xFFFF_FFFF))
}

/// fdlibm's first step of `log` and `log10`: for a positive finite `x`, the binary exponent k
/// and `x` itself (a subnormal scaled by 2^54, with k lowered by 54 to match); for 0, a
/// negative, an infinity or NaN, the logarithm's answer (−∞, NaN, or `x + x`).
fn exponent_and_high(x: f64) -> Result<(i32, f64), f64> {
    let mut x = x;
    let mut hx = high_word(x);
    let lx = x.to_bits() as u32;
    let mut k = 0;
    if hx < 0x0010_0000 {
        if ((hx & 0x7FFF_FFFF) as u32 | lx) == 0 {
            return Err(f64::NEG_INFINITY);
        }
        if hx < 0 {
            return Err(f64::NAN);
        }
        k -= 54;
        x *= 1.801_439_850_948_198_4e16;
        hx = high_word(x);
    }
    if hx >= 0x7FF0_0000 {
        return Err(x + x);
    }
    Ok((k + (hx >> 20) - 1023, x))
}

/// `Math.log`: fdlibm's `e_log.c`.
pub(crate) fn log(x: f64) -> f64 {
    const LN2_HI: f64 = 6.931_471_803_691_238_164_90e-1;
    const LN2_LO: f64 = 1.908_214_929_270_587_700_02e-10;
    const LG1: f64 = 6.666_666_666_666_735_130e-1;
    const LG2: f64 = 3.999_999_999_940_941_908e-1;
    const LG3: f64 = 2.857_142_874_366_239_149e-1;
    const LG4: f64 = 2.222_219_843_214_978_396e-1;
    const LG5: f64 = 1.818_357_216_161_805_012e-1;
    const LG6: f64 = 1.531_383_769_920_937_332e-1;
    const LG7: f64 = 1.479_819_860_511_658_591e-1;
    let (mut k, x) = match exponent_and_high(x) {
        Ok(v) => v,
        Err(special) => return special,
    };
    let hx = high_word(x) & 0x000F_FFFF;
    let i = (hx + 0x95F64) & 0x10_0000;
    // Normalise to x or x/2 so that the mantissa lies in [√2/2, √2).
    let x = with_high_word(x, hx | (i ^ 0x3FF0_0000));
    k += i >> 20;
    let f = x - 1.0;
    let dk = f64::from(k);
    if (0x000F_FFFF & (2 + hx)) < 3 {
        // |f| < 2^-20.
        if f == 0.0 {
            return if k == 0 {
                0.0
            } else {
                dk * LN2_HI + dk * LN2_LO
            };
        }
        let r = f * f * (0.5 - 0.333_333_333_333_333_33 * f);
        return if k == 0 {
            f - r
        } else {
            dk * LN2_HI - ((r - dk * LN2_LO) - f)
        };
    }
    let s = f / (2.0 + f);
    let z = s * s;
    let w = z * z;
    let t1 = w * (LG2 + w * (LG4 + w * LG6));
    let t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
    let r = t2 + t1;
    if ((hx - 0x6147A) | (0x6B851 - hx)) > 0 {
        let hfsq = 0.5 * f * f;
        if k == 0 {
            f - (hfsq - s * (hfsq + r))
        } else {
            dk * LN2_HI - ((hfsq - (s * (hfsq + r) + dk * LN2_LO)) - f)
        }
    } else if k == 0 {
        f - s * (f - r)
    } else {
        dk * LN2_HI - ((s * (f - r) - dk * LN2_LO) - f)
    }
}

/// `Math.log10`: fdlibm's `e_log10.c`, y·log10(2) + log10(m) for x = 2^y · m.
pub(crate) fn log10(x: f64) -> f64 {
    const IVLN10: f64 = std::f64::consts::LOG10_E; // fdlibm's ivln10, 0x3FDBCB7B1526E50E
    const LOG10_2HI: f64 = 3.010_299_956_636_117_713_06e-1;
    const LOG10_2LO: f64 = 3.694_239_077_158_930_786_16e-13;
    let (k, x) = match exponent_and_high(x) {
        Ok(v) => v,
        Err(special) => return special,
    };
    let i = ((k as u32) & 0x8000_0000) >> 31;
    let hx = (high_word(x) & 0x000F_FFFF) | ((0x3FF - i as i32) << 20);
    let y = f64::from(k + i as i32);
    let z = y * LOG10_2LO + IVLN10 * log(with_high_word(x, hx));
    z + y * LOG10_2HI
}

/// `Math.cbrt`: FreeBSD's `s_cbrt.c` (a 23-bit polynomial estimate, then one Newton step).
pub(crate) fn cbrt(x: f64) -> f64 {
    const B1: u32 = 715_094_163;
    const B2: u32 = 696_219_795;
    const P0: f64 = 1.875_951_824_271_770_096_43;
    const P1: f64 = -1.884_979_795_433_771_698_75;
    const P2: f64 = 1.621_429_720_105_354_466_140;
    const P3: f64 = -0.758_397_934_778_766_047_437;
    const P4: f64 = 0.145_996_192_886_612_446_982;
    let mut bits = x.to_bits();
    let mut hx = (bits >> 32) as u32 & 0x7FFF_FFFF;
    if hx >= 0x7FF0_0000 {
        return x + x;
    }
    if hx < 0x0010_0000 {
        bits = (x * 1.801_439_850_948_198_4e16).to_bits();
        hx = (bits >> 32) as u32 & 0x7FFF_FFFF;
        if hx == 0 {
            return x;
        }
        hx = hx / 3 + B2;
    } else {
        hx = hx / 3 + B1;
    }
    let mut t = f64::from_bits((bits & (1 << 63)) | (u64::from(hx) << 32));
    let r = (t * t) * (t / x);
    t *= (P0 + r * (P1 + r * P2)) + ((r * r) * r) * (P3 + r * P4);
    // Round away from zero to 23 bits.
    t = f64::from_bits((t.to_bits() + 0x8000_0000) & 0xFFFF_FFFF_C000_0000);
    let s = t * t;
    let r = x / s;
    let w = t + t;
    let r = (r - t) / (w + r);
    t + t * r
}

/// `Math.acosh`: fdlibm's `e_acosh.c`.
pub(crate) fn acosh(x: f64) -> f64 {
    let hx = high_word(x);
    if hx < 0x3FF0_0000 {
        return f64::NAN;
    }
    if hx >= 0x41B0_0000 {
        return if hx >= 0x7FF0_0000 {
            x + x
        } else {
            log(x) + std::f64::consts::LN_2
        };
    }
    if x == 1.0 {
        return 0.0;
    }
    if hx > 0x4000_0000 {
        let t = x * x;
        return log(2.0 * x - 1.0 / (x + (t - 1.0).sqrt()));
    }
    let t = x - 1.0;
    libm::log1p(t + (2.0 * t + t * t).sqrt())
}

/// `Math.atanh`: fdlibm's `e_atanh.c`.
pub(crate) fn atanh(x: f64) -> f64 {
    let ax = x.abs();
    if ax.is_nan() || ax > 1.0 {
        return f64::NAN;
    }
    if ax == 1.0 {
        return x / 0.0;
    }
    if ax < 3.725_290_298_461_914e-9 {
        return x;
    }
    let t = if ax < 0.5 {
        let t = ax + ax;
        0.5 * libm::log1p(t + t * ax / (1.0 - ax))
    } else {
        0.5 * libm::log1p((ax + ax) / (1.0 - ax))
    };
    if x >= 0.0 { t } else { -t }
}
