//! The seeded expression generators of the differential test: scalar expressions for number
//! mode, scalar expressions for Fraction mode (with the exact operations of spec 5.3 and the
//! functions it refuses mixed in), and expressions over collections for both.

use super::Rng;

/// Names whose results are transcendental: compared to a relative 1e-12 (spec: "transcendental
/// results must agree with math.js to a relative 1e-12").
pub const TRANSCENDENTAL: [&str; 38] = [
    "pow",
    "sqrt",
    "cbrt",
    "exp",
    "expm1",
    "log",
    "log10",
    "log2",
    "log1p",
    "sin",
    "cos",
    "tan",
    "sec",
    "csc",
    "cot",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "atan2",
    "gamma",
    "hypot",
    "nthRoot",
    "pi",
    "e",
    "^",
    "!",
    "tau",
    "phi",
    "lgamma",
    "erf",
    "zeta",
    "kldivergence",
];

/// A number-mode scalar expression of at most `depth` levels.
pub fn number_scalar(rng: &mut Rng, depth: usize) -> String {
    scalar_with(rng, depth, false)
}

/// A number-mode scalar expression with the special functions and combinatorics mixed in.
pub fn special_scalar(rng: &mut Rng, depth: usize) -> String {
    scalar_with(rng, depth, true)
}

/// A random expression of `depth` levels; `special` adds the special functions and
/// combinatorics (a separate test, so that the original expressions stay as they were).
pub fn scalar_with(rng: &mut Rng, depth: usize, special: bool) -> String {
    if depth == 0 || rng.below(10) < 3 {
        return rng
            .pick(&[
                "0",
                "1",
                "2",
                "3",
                "7",
                "10",
                "0.5",
                "2.5",
                "0.1",
                "100",
                "1e3",
                "1e-7",
                "pi",
                "e",
                "true",
                "0x1F",
                "12345.678",
            ])
            .to_owned();
    }
    let a = scalar_with(rng, depth - 1, special);
    let b = scalar_with(rng, depth - 1, special);
    match rng.below(if special { 18 } else { 14 }) {
        0 => format!("({a})"),
        1 => format!("-{a}"),
        2 => format!("{a} {} {b}", rng.pick(&["+", "-", "*", "/", "%", "mod"])),
        3 => format!("({a}) ^ {}", rng.pick(&["2", "3", "0.5", "-1", "(1/3)"])),
        4 => format!("{a} {} {b}", rng.pick(&["==", "!=", "<", ">", "<=", ">="])),
        5 => format!("{a} {} {b}", rng.pick(&["and", "or", "xor"])),
        6 => format!("{a} ? {b} : 1"),
        7 => format!(
            "{}({a})",
            rng.pick(&[
                "abs",
                "sqrt",
                "cbrt",
                "exp",
                "log",
                "log10",
                "log2",
                "sin",
                "cos",
                "tan",
                "atan",
                "sinh",
                "tanh",
                "asinh",
                "floor",
                "ceil",
                "round",
                "fix",
                "sign",
                "square",
                "cube",
                "gamma",
                "factorial"
            ])
        ),
        8 => {
            let name = rng.pick(&[
                "atan2", "hypot", "max", "min", "mod", "pow", "log", "gcd", "lcm",
            ]);
            // Mostly two arguments; one or three test each function's arity rule.
            match rng.below(6) {
                0 => format!("{name}({a})"),
                1 => format!("{name}({a}, {b}, {})", rng.pick(&["6", "0.5", "-4"])),
                _ => format!("{name}({a}, {b})"),
            }
        }
        9 => format!("round({a}, {})", rng.pick(&["0", "1", "2", "3"])),
        10 => format!(
            "{}({}, {})",
            rng.pick(&["combinations", "permutations"]),
            rng.below(12),
            rng.below(6)
        ),
        11 => format!("{}!", rng.pick(&["0", "3", "5", "10", "2.5", "20"])),
        12 => format!("{a} {} {b}", rng.pick(&["&", "|", "^|", "<<", ">>", ">>>"])),
        // Special functions and combinatorics: any operand where the work is O(1) in math.js,
        // small literals where math.js loops over the argument.
        13 => format!(
            "{}({a})",
            rng.pick(&[
                "lgamma",
                "erf",
                "zeta",
                "isFinite",
                "isBounded",
                "isNumeric",
                "hasNumericValue",
                "clone",
                "numeric",
            ])
        ),
        14 => {
            let (n, k) = (rng.below(40) as i64 - 3, rng.below(40) as i64 - 3);
            match rng.below(10) {
                0 => format!("catalan({n})"),
                1 => format!("bellNumbers({n})"),
                2 => format!("bernoulli({})", rng.below(120) as i64 - 3),
                3 => format!("stirlingS2({n}, {})", rng.below(12)),
                4 => format!("composition({n}, {k})"),
                5 => format!("combinationsWithRep({n}, {k})"),
                6 => format!("invmod({n}, {k})"),
                // math.js loops min(k, n − k) times in combinations and up to ~1500 times in
                // xgcd, whatever the values: small literals keep its side finite.
                // Indexed: the logical operators do not take matrices in reckon yet.
                7 => format!("xgcd({n}, {k})[{}]", 1 + rng.below(3)),
                8 => format!("combinations({}, {})", rng.below(1200), rng.below(700)),
                _ => format!("nullish({a}, {b})"),
            }
        }
        16 => {
            let precision = rng.below(18);
            match rng.below(4) {
                0 => format!("{}({a})", rng.pick(&["bin", "oct", "hex", "format"])),
                1 => format!(
                    "{}({n}, {})",
                    rng.pick(&["bin", "oct", "hex"]),
                    rng.pick(&["0", "4", "8", "16", "53"]),
                    n = rng.below(300) as i64 - 150
                ),
                2 => format!("format({a}, {precision})"),
                _ => format!(
                    "format({a}, {{notation: \"{}\", precision: {precision}}})",
                    rng.pick(&["auto", "fixed", "exponential", "engineering"])
                ),
            }
        }
        15 => {
            let len = 1 + rng.below(3);
            let multinomial = rng.below(2) == 0;
            let mut items = || -> String {
                let list: Vec<String> = (0..len)
                    .map(|_| rng.pick(&["0", "1", "2", "3", "5", "0.5", "-1"]).to_owned())
                    .collect();
                list.join(", ")
            };
            if multinomial {
                format!("multinomial([{}])", items())
            } else {
                let (q, p) = (items(), items());
                format!("kldivergence([{q}], [{p}])")
            }
        }
        _ => format!(
            "{}({a})",
            rng.pick(&[
                "isPrime",
                "isInteger",
                "isZero",
                "isPositive",
                "isNegative",
                "typeOf",
                "string",
                "boolean",
                "number"
            ])
        ),
    }
}

/// A Fraction-mode scalar expression of at most `depth` levels over `x` (exact: 1/2) and `y`
/// (a float that does not convert exactly).
pub fn fraction_scalar(rng: &mut Rng, depth: usize) -> String {
    if depth == 0 || rng.below(10) < 3 {
        return rng
            .pick(&[
                "0", "1", "2", "3", "7", "10", "0.5", "2.5", "0.1", "0.75", "100", "1/3", "-4",
                "12.34", "true", "x", "y",
            ])
            .to_owned();
    }
    let a = fraction_scalar(rng, depth - 1);
    let b = fraction_scalar(rng, depth - 1);
    match rng.below(12) {
        0 => format!("({a})"),
        1 => format!("-({a})"),
        2 | 3 => format!(
            "({a}) {} ({b})",
            rng.pick(&["+", "-", "*", "/", "%", "mod"])
        ),
        4 => format!(
            "({a}) ^ {}",
            rng.pick(&[
                "2", "3", "-1", "-2", "0", "(1/2)", "(1/3)", "0.5", "(3/2)", "(-1/2)"
            ])
        ),
        5 => format!(
            "({a}) {} ({b})",
            rng.pick(&["==", "!=", "<", ">", "<=", ">="])
        ),
        6 => format!(
            "{}({a})",
            rng.pick(&[
                "abs",
                "sign",
                "floor",
                "ceil",
                "fix",
                "round",
                "square",
                "cube",
                "isInteger",
                "isZero",
                "isPositive",
                "isNegative",
                "typeOf",
                "number"
            ])
        ),
        7 => format!(
            "{}({a}, {b})",
            rng.pick(&["mod", "gcd", "lcm", "max", "min"])
        ),
        8 => format!(
            "{}({a})",
            rng.pick(&["sqrt", "exp", "sin", "log", "gamma", "factorial"])
        ),
        9 => format!("({a})%"),
        10 => format!("{a} {} {b}%", rng.pick(&["+", "-", "*"])),
        _ => format!("{}({a}, {b}, 0.25)", rng.pick(&["max", "min"])),
    }
}

fn scalar(rng: &mut Rng) -> String {
    rng.pick(&[
        "0", "1", "2", "3", "-1", "0.5", "2.5", "-4", "10", "0.1", "7",
    ])
    .to_owned()
}

fn vector(rng: &mut Rng, n: usize) -> String {
    let items: Vec<String> = (0..n).map(|_| scalar(rng)).collect();
    format!("[{}]", items.join(", "))
}

fn square(rng: &mut Rng, n: usize) -> String {
    let rows: Vec<String> = (0..n)
        .map(|_| {
            let items: Vec<String> = (0..n).map(|_| scalar(rng)).collect();
            items.join(", ")
        })
        .collect();
    format!("[{}]", rows.join("; "))
}

fn collection(rng: &mut Rng) -> String {
    let n = 1 + rng.below(4);
    match rng.below(8) {
        0 | 1 => vector(rng, n),
        2 | 3 => square(rng, n),
        4 => format!("{}:{}", rng.below(3), 2 + rng.below(5)),
        5 => format!(
            "{}:{}:{}",
            rng.below(3),
            rng.pick(&["1", "2", "0.5"]),
            3 + rng.below(4)
        ),
        6 => format!("[{}, {}]", vector(rng, n), vector(rng, n)),
        _ => format!(
            "{}({})",
            rng.pick(&["zeros", "ones", "identity"]),
            1 + rng.below(3)
        ),
    }
}

/// An expression over array literals, ranges, indexes, element-wise and matrix operations,
/// statistics and matrix functions.
pub fn collection_expression(rng: &mut Rng) -> String {
    let a = collection(rng);
    let b = collection(rng);
    let n = 1 + rng.below(3);
    match rng.below(16) {
        // Parenthesised: `1:4 ./ 0` is the range 1:Infinity, which crashes math.js (reckon
        // refuses it before building: result_too_large).
        0 => format!(
            "({a}) {} {}",
            rng.pick(&["+", "-", ".*", "./", "*", "/"]),
            scalar(rng)
        ),
        1 => format!(
            "({a}) {} ({b})",
            rng.pick(&["+", "-", ".*", "*", "==", "<", "./"])
        ),
        2 => {
            let (v, w) = (square(rng, n), square(rng, n));
            format!("{v} {} {w}", rng.pick(&["*", "+", "-", ".*"]))
        }
        3 => format!(
            "{}({a})",
            rng.pick(&[
                "sum",
                "prod",
                "mean",
                "median",
                "min",
                "max",
                "std",
                "variance",
                "mad",
                "mode",
                "cumsum",
                "count",
                "size",
                "flatten",
                "transpose",
                "sort",
                "abs",
                "round",
                "floor",
                "sign",
                "isZero",
                "squeeze",
                "diff",
                "gcd",
                "lcm",
                "hypot"
            ])
        ),
        4 => format!(
            "{}({a}, {})",
            rng.pick(&[
                "sum", "mean", "min", "max", "cumsum", "prod", "variance", "std"
            ]),
            1 + rng.below(2)
        ),
        5 => format!(
            "{}({a}, \"{}\")",
            rng.pick(&["std", "variance"]),
            rng.pick(&["uncorrected", "biased", "unbiased"])
        ),
        6 => format!(
            "quantileSeq({a}, {})",
            rng.pick(&["0.5", "0.25", "[0.1, 0.9]", "2", "3", "0", "1"])
        ),
        7 => {
            let m = square(rng, n);
            format!(
                "{}({m})",
                rng.pick(&["det", "inv", "trace", "transpose", "diag"])
            )
        }
        8 => format!(
            "{a}[{}]",
            rng.pick(&["1", "end", "2", "1:2", "[1, 2]", ":", "end - 1"])
        ),
        9 => {
            let m = square(rng, n);
            format!(
                "{m}[{}, {}]",
                rng.pick(&["1", "end", ":", "1:end"]),
                rng.pick(&["1", "end", ":", "[1]"])
            )
        }
        10 => format!("concat({a}, {b})"),
        11 => format!(
            "{}({}, {})",
            rng.pick(&["dot", "cross"]),
            vector(rng, 3),
            vector(rng, 3)
        ),
        12 => format!("{a}'"),
        13 => format!(
            "{}({a}, {})",
            rng.pick(&["mod", "gcd", "atan2", "round"]),
            scalar(rng)
        ),
        14 => {
            let m = square(rng, n);
            format!("{m} ^ {}", rng.pick(&["2", "3", "0", "-1"]))
        }
        _ => format!("sum({a}) + mean({b}) * {}", scalar(rng)),
    }
}

/// Expressions with bigints (every numeric type): bigint literals and conversions, the exact
/// operators among bigints, mixing with the mode's numbers, booleans and numeric strings, and
/// the functions with and without bigint implementations. Powers take small exponents, so no
/// result grows past a few hundred digits; no `isPrime` (math.js's trial division of a large
/// bigint never returns).
pub fn bigint_expression(rng: &mut Rng, depth: usize) -> String {
    if depth == 0 || rng.below(10) < 3 {
        return rng
            .pick(&[
                "bigint(3)",
                "bigint(-7)",
                "bigint(0)",
                "bigint(12)",
                "bigint(\"123456789012345678901\")",
                "bigint(\"-0x1F\")",
                "bigint(2.5)",
                "bigint(true)",
                "num(0.75)",
                "den(0.75)",
                "bigint(10)^bigint(20)",
                "2",
                "0.5",
                "true",
                "\"4\"",
            ])
            .to_owned();
    }
    let a = bigint_expression(rng, depth - 1);
    let b = bigint_expression(rng, depth - 1);
    match rng.below(10) {
        0 => format!("-({a})"),
        1 | 2 => format!(
            "({a}) {} ({b})",
            rng.pick(&["+", "-", "*", "/", "mod", "==", "<", ">=", "!="])
        ),
        3 => format!(
            "({a}) ^ {}",
            rng.pick(&["bigint(2)", "bigint(3)", "2", "bigint(0)"])
        ),
        4 => format!(
            "{}({a})",
            rng.pick(&[
                "abs",
                "sign",
                "square",
                "cube",
                "floor",
                "round",
                "fix",
                "isZero",
                "isNegative",
                "isPositive",
                "isInteger",
                "typeOf",
                "number",
                "string",
                "sqrt",
                "log",
                "log2",
                "log10",
                "exp",
                "bigint",
                "unaryMinus",
                "isNumeric",
                "boolean",
                "bignumber",
                "not",
            ])
        ),
        5 => format!(
            "{}({a}, {b})",
            rng.pick(&[
                "gcd",
                "lcm",
                "max",
                "min",
                "compare",
                "add",
                "subtract",
                "multiply",
                "mod",
                "bitXor",
                "leftShift",
                "rightArithShift",
                "equal",
                "larger",
                "deepEqual",
            ])
        ),
        6 => format!(
            "[{a}, {b}] {} {}",
            rng.pick(&["+", "*", ".*", "-"]),
            rng.pick(&["bigint(2)", "2", "[bigint(1), bigint(2)]"])
        ),
        7 => format!(
            "{}([{a}, {b}])",
            rng.pick(&["sum", "prod", "max", "min", "cumsum", "mean"])
        ),
        8 => format!(
            "bigint({})",
            rng.pick(&[
                "100000000000000000000",
                "-2.5",
                "\"12\"",
                "\"1.5\"",
                "null",
                "bignumber(7)",
                "fraction(7)",
                "1000000000000000000000"
            ])
        ),
        _ => format!("{}({a})", rng.pick(&["num", "den"])),
    }
}

/// Expressions with `index(...)`, `subset` and `print` (number and BigNumber mode: math.js
/// 15.2's own Fraction mode refuses Fraction indexes, which reckon takes, spec 5.3).
pub fn index_expression(rng: &mut Rng) -> String {
    let position = |rng: &mut Rng| {
        rng.pick(&[
            "1",
            "2",
            "3",
            "0",
            "4",
            "1.5",
            "[1, 2]",
            "[2, 1]",
            "1:2",
            "2:3",
            "[true, false]",
            "[true, false, true]",
            "[]",
            "\"a\"",
            "-1",
            "[1, 4]",
        ])
        .to_owned()
    };
    let (p, q) = (position(rng), position(rng));
    let value = rng
        .pick(&[
            "[10, 20, 30]",
            "[1, 2; 3, 4]",
            "[1, 2, 3; 4, 5, 6]",
            "size([4, 5, 6])",
            "\"hello\"",
            "{a: 1, b: [2, 3]}",
            "zeros(2, 2, 2)",
            "[]",
        ])
        .to_owned();
    let replacement = rng
        .pick(&[
            "9",
            "[7, 8]",
            "[7; 8]",
            "[[7, 8]]",
            "\"xy\"",
            "\"z\"",
            "true",
            "null",
            "[5, 6; 7, 8]",
        ])
        .to_owned();
    match rng.below(8) {
        0 => format!("index({p}, {q})"),
        1 => format!("index({p})"),
        2 => format!("subset({value}, index({p}))"),
        3 => format!("subset({value}, index({p}, {q}))"),
        4 => format!("subset({value}, index({p}), {replacement})"),
        5 => format!("subset({value}, index({p}, {q}), {replacement})"),
        6 => format!(
            "subset({value}, index({p}), {replacement}, {})",
            rng.pick(&["0", "\"_\"", "null"])
        ),
        _ => format!(
            "print(\"{}\", {}{})",
            rng.pick(&[
                "$1 and $2",
                "$a.b",
                "$a.1",
                "$x",
                "$1.2",
                "$0",
                "$a.",
                "v=$b, $a",
                "$$a"
            ]),
            rng.pick(&[
                "[10, 20]",
                "{a: 1, b: [2, 3]}",
                "{a: {b: 1/3}}",
                "[[1, 2], [3, 4]]",
                "{x: \"s\"}",
                "{a: [1/3, 2]}"
            ]),
            rng.pick(&["", ", 3", ", {notation: \"fixed\", precision: 2}"])
        ),
    }
}

/// An indexed assignment (`A[p, q] = value`, `o.key = value`, `o.b[p] = value`, chained
/// `A[p] = A[q] = value`) on a value the same expression binds first. The assigned value is shown
/// only through `typeOf`, and the value bound first only through the variable after the
/// assignment: math.js changes matrices in place (and reshapes an assigned matrix value), which
/// reckon's value semantics deliberately do not reproduce (see `assign.rs`).
pub fn assignment_expression(rng: &mut Rng) -> String {
    let position = |rng: &mut Rng| {
        rng.pick(&[
            "1",
            "2",
            "3",
            "0",
            "4",
            "5",
            "1.5",
            "-1",
            "end",
            "end - 1",
            "end + 1",
            ":",
            "1:2",
            "2:3",
            "2:1",
            "end:-1:1",
            "[1, 2]",
            "[2, 1]",
            "[1, 4]",
            "[]",
            "[true, false]",
            "[true, false, true]",
            "\"a\"",
        ])
        .to_owned()
    };
    let (p, q) = (position(rng), position(rng));
    let target = rng.pick(&[
        "[10, 20, 30]",
        "[1, 2; 3, 4]",
        "[1, 2, 3; 4, 5, 6]",
        "size([4, 5, 6])",
        "zeros(2, 2, 2)",
        "[]",
        "1:4",
        "\"hello\"",
    ]);
    let value = rng.pick(&[
        "9",
        "1/3",
        "[7, 8]",
        "[7; 8]",
        "[[7, 8]]",
        "[5, 6; 7, 8]",
        "[1, 2, 3]",
        "[]",
        "\"z\"",
        "\"xy\"",
        "true",
        "null",
        "2i",
        "{k: 1}",
    ]);
    let object = rng.pick(&[
        "{a: 1, b: [2, 3]}",
        "{}",
        "{a: {c: 1}, b: \"xyz\"}",
        "[1, 2]",
        "\"s\"",
    ]);
    let key = rng.pick(&["a", "b", "c", "z", "length", "constructor"]);
    match rng.below(6) {
        0 => format!("{{t: typeOf(A = {target}), u: typeOf(A[{p}] = {value}), A: A}}"),
        1 => format!("{{t: typeOf(A = {target}), u: typeOf(A[{p}, {q}] = {value}), A: A}}"),
        2 => format!("{{t: typeOf(o = {object}), u: typeOf(o.{key} = {value}), o: o}}"),
        3 => format!("{{t: typeOf(o = {object}), u: typeOf(o[\"{key}\"] = {value}), o: o}}"),
        4 => format!(
            "{{t: typeOf(o = {{a: 1, b: [2, 3], c: {{d: [4, 5]}}}}), u: typeOf(o.{}[{p}] = {value}), o: o}}",
            rng.pick(&["a", "b", "c", "c.d", "z"])
        ),
        _ => format!("{{t: typeOf(A = {target}), u: typeOf(A[{p}] = A[{q}] = {value}), A: A}}"),
    }
}

/// Functions defined in the expression whose bodies assign (math.js 15.2: an assignment in a
/// body writes the evaluation's variable, also to a parameter's name, while the parameter keeps
/// reading the argument), called directly, recursively and as `map`/`filter`/`forEach`
/// callbacks with their index and matrix arguments, then the assigned names read after.
///
/// Without `logical`, no `and`/`or` (math.js's Fraction mode refuses them on Fractions, which
/// reckon does not: not what these cases test).
pub fn function_scope_expression(rng: &mut Rng, logical: bool) -> String {
    let params = rng.pick(&["x", "x", "x, i", "x, i, m"]);
    let mut body = rng.pick(&[
        "(y = x + 1)",
        "(x = 5)",
        "(x = 5) + x",
        "(y = x) * 2 + y",
        "(s = s + x)",
        "(g(z) = (w = z + x))",
        "(f = 3)",
        "(y = [x, 1])",
        "((x = 0) or true) + x",
        "((y = 0) or true) + y",
        "(y = x) and (w = 2)",
        "(null ?? (y = x)) + x",
        "sum(map([1, 2], g(t) = (y = t + x)))",
        "sum(map([1, 2], g(t) = (x = t) + x))",
        "x > 1 ? (y = x) : (w = x)",
        "(pi = x)",
        "(i = x)",
        "(A = x)",
        "(A[1] = x)",
        "y",
    ]);
    if !logical && (body.contains(" or ") || body.contains(" and ")) {
        body = "(y = x + 1)";
    }
    let call = rng.pick(&[
        "f(2)",
        "f(f(1))",
        "map([1, 2, 3], f)",
        "map([1, 2; 3, 4], f)",
        "filter([1, 2, 3], f)",
        "forEach([1, 2], f)",
        "sum(map([1, 2, 3], f))",
        "map([2], f)[1]",
    ]);
    // (`size(A = ...)`: math.js changes A in place, so its first value would show the change.)
    let before = rng.pick(&[
        "",
        "s: s = 10, ",
        "y: y = 7, ",
        "x: x = 9, ",
        "A: size(A = [4, 5]), ",
    ]);
    let after = rng.pick(&["y", "x", "w", "s", "f", "i", "A", "pi", "typeOf(y)", "g(1)"]);
    match rng.below(5) {
        0 => format!("{{{before}d: f(n) = n <= 0 ? 0 : (c = n) + f(n - 1), r: f(3), v: c}}"),
        1 => format!("{{{before}d: f(x) = (g(z) = z + x), h: h = f(1), r: h(10), v: {after}}}"),
        _ => format!("{{{before}d: f({params}) = {body}, r: {call}, v: {after}}}"),
    }
}
