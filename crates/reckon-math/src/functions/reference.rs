//! The function reference of the `calculate` tool, generated from one declarative table: one
//! entry per name of the catalogue (spec section 6.1), per alias (6.2) and per constant (6.4),
//! and the names that are disabled or unavailable (6.5). `calculator://help` and the
//! model-facing description are rendered from it ([`markdown`]); whether reckon implements a
//! name yet is read from the function table (`functions::builtin`), never written down here.

use crate::functions::builtin;

/// One documented name.
pub(crate) struct FunctionDoc {
    /// The name as written in an expression.
    pub(crate) name: &'static str,
    /// The group of section 6.1 ("Arithmetic", "Trigonometry", ...), or "Mathematical
    /// constants" / "Physical constants" for the constants of 6.4.
    pub(crate) group: &'static str,
    /// How it is called, optional arguments in brackets: `round(x[, n])`.
    pub(crate) signature: &'static str,
    /// One line on what it computes, with math.js 15.2's conventions; `alias of {target}` for
    /// an alias.
    pub(crate) summary: &'static str,
    /// An expression that math.js 15.2 evaluates (checked by `tests/reference_examples.rs`).
    pub(crate) example: &'static str,
}

impl FunctionDoc {
    /// The name this alias resolves to, for an alias of section 6.2.
    pub(crate) fn alias_of(&self) -> Option<&'static str> {
        self.summary.strip_prefix("alias of ")
    }

    /// A constant of section 6.4 (else a function).
    pub(crate) fn is_constant(&self) -> bool {
        self.group.ends_with("constants")
    }

    /// Whether reckon evaluates this name yet (else it answers "... is not implemented in
    /// reckon yet"): a function when the function table has a row for it (`config` is answered
    /// by the evaluator itself; `ln` and `arcsin`… are renamed to their targets before
    /// evaluation), a constant when the evaluator knows its value.
    pub(crate) fn implemented(&self) -> bool {
        if self.is_constant() {
            return crate::functions::constant(self.name).is_some();
        }
        // `config` is answered by the evaluator itself, and so are the unit functions
        // (`eval/units.rs`).
        if builtin(self.name).is_some()
            || matches!(self.name, "config" | "unit" | "to" | "toBest" | "splitUnit")
        {
            return true;
        }
        // The renamed aliases (3.8c) are no names of their own at evaluation.
        !crate::syntax::names::is_catalogue_function(self.name)
            && self
                .alias_of()
                .is_some_and(|target| builtin(target).is_some())
    }
}

const fn doc(
    name: &'static str,
    group: &'static str,
    signature: &'static str,
    summary: &'static str,
    example: &'static str,
) -> FunctionDoc {
    FunctionDoc {
        name,
        group,
        signature,
        summary,
        example,
    }
}

/// The groups of functions, in the order of section 6.1.
pub(crate) const FUNCTION_GROUPS: [&str; 18] = [
    "Arithmetic",
    "Trigonometry",
    "Complex",
    "Probability and combinatorics",
    "Statistics",
    "Matrix",
    "Linear algebra",
    "Relational",
    "Logical",
    "Bitwise",
    "Sets",
    "Units",
    "Construction",
    "Utilities",
    "Special",
    "Geometry",
    "Signal",
    "Numeric",
];

/// The groups of constants (section 6.4).
pub(crate) const CONSTANT_GROUPS: [&str; 2] = ["Mathematical constants", "Physical constants"];

/// The table: functions of section 6.1 (each alias of 6.2 right after its target), then the
/// constants of 6.4.
#[rustfmt::skip]
pub(crate) static DOCS: &[FunctionDoc] = &[
    doc("abs", "Arithmetic", "abs(x)", "Absolute value; elementwise on matrices", "abs(-4.2)"),
    doc("add", "Arithmetic", "add(x, y)", "x + y; elementwise on matrices", "add(2.1, 3.6)"),
    doc("cbrt", "Arithmetic", "cbrt(x[, allRoots])", "Cube root (real for negative x); allRoots = true gives all three complex roots", "cbrt(-27)"),
    doc("ceil", "Arithmetic", "ceil(x[, n])", "Round towards +Infinity, to n decimals when given", "ceil(3.21, 1)"),
    doc("cube", "Arithmetic", "cube(x)", "x * x * x", "cube(3)"),
    doc("divide", "Arithmetic", "divide(x, y)", "x / y; with a matrix y, x * inv(y)", "divide(7, 2)"),
    doc("dotDivide", "Arithmetic", "dotDivide(x, y)", "Elementwise division, x ./ y", "dotDivide([6, 8], [3, 2])"),
    doc("dotMultiply", "Arithmetic", "dotMultiply(x, y)", "Elementwise multiplication, x .* y", "dotMultiply([1, 2], [3, 4])"),
    doc("dotPow", "Arithmetic", "dotPow(x, y)", "Elementwise power, x .^ y", "dotPow([1, 2, 3], 2)"),
    doc("exp", "Arithmetic", "exp(x)", "e raised to the power x", "exp(1)"),
    doc("expm1", "Arithmetic", "expm1(x)", "exp(x) - 1, accurate for small x", "expm1(1e-10)"),
    doc("fix", "Arithmetic", "fix(x[, n])", "Round towards zero, to n decimals when given", "fix(-3.7)"),
    doc("floor", "Arithmetic", "floor(x[, n])", "Round towards -Infinity, to n decimals when given", "floor(-3.2)"),
    doc("gcd", "Arithmetic", "gcd(a, b, ...)", "Greatest common divisor of integers", "gcd(12, 18)"),
    doc("hypot", "Arithmetic", "hypot(a, b, ...)", "Square root of the sum of squares of the arguments", "hypot(3, 4)"),
    doc("invmod", "Arithmetic", "invmod(a, b)", "Modular multiplicative inverse: x with a * x ≡ 1 (mod b)", "invmod(7, 13)"),
    doc("lcm", "Arithmetic", "lcm(a, b, ...)", "Least common multiple of integers", "lcm(4, 6)"),
    doc("log", "Arithmetic", "log(x[, base])", "Natural logarithm, or log(x) / log(base) with a base", "log(1000, 10)"),
    doc("ln", "Arithmetic", "ln(x)", "alias of log", "ln(e)"),
    doc("log10", "Arithmetic", "log10(x)", "Base-10 logarithm", "log10(1000)"),
    doc("log1p", "Arithmetic", "log1p(x[, base])", "log(1 + x), accurate for small x; optional base", "log1p(1e-10)"),
    doc("log2", "Arithmetic", "log2(x)", "Base-2 logarithm", "log2(1024)"),
    doc("mod", "Arithmetic", "mod(x, y)", "Modulus x - y * floor(x / y) (result has the sign of y); also x % y, x mod y", "mod(-7, 3)"),
    doc("multiply", "Arithmetic", "multiply(x, y)", "x * y; matrix product for matrices", "multiply([1, 2; 3, 4], [5; 6])"),
    doc("norm", "Arithmetic", "norm(x[, p])", "Norm of a number, vector or matrix; p = 2 (default), a number, Infinity, -Infinity or \"fro\"", "norm([3, 4])"),
    doc("nthRoot", "Arithmetic", "nthRoot(a[, root])", "Real root-th root of a (default root 2); odd roots of negatives are negative", "nthRoot(-8, 3)"),
    doc("nthRoots", "Arithmetic", "nthRoots(x[, root])", "All root-th roots of x (default root 2), as complex numbers", "nthRoots(16, 4)"),
    doc("pow", "Arithmetic", "pow(x, y)", "x raised to the power y, x ^ y; matrix power for square matrices", "pow(2, 10)"),
    doc("round", "Arithmetic", "round(x[, n])", "Round to the nearest integer, or to n decimals (0 ≤ n ≤ 15); halves round away from zero", "round(3.14159, 2)"),
    doc("sign", "Arithmetic", "sign(x)", "1 when x > 0, -1 when x < 0, 0 when x = 0", "sign(-4.2)"),
    doc("sqrt", "Arithmetic", "sqrt(x)", "Square root; complex for negative x", "sqrt(16)"),
    doc("square", "Arithmetic", "square(x)", "x * x", "square(3)"),
    doc("subtract", "Arithmetic", "subtract(x, y)", "x - y; elementwise on matrices", "subtract(5.3, 2)"),
    doc("unaryMinus", "Arithmetic", "unaryMinus(x)", "-x; converts booleans and strings to numbers", "unaryMinus(4.5)"),
    doc("unaryPlus", "Arithmetic", "unaryPlus(x)", "+x: converts booleans and strings to numbers", "unaryPlus(\"2\")"),
    doc("xgcd", "Arithmetic", "xgcd(a, b)", "Extended gcd: [d, x, y] with d = gcd(a, b) = a * x + b * y", "xgcd(8, 12)"),
    doc("addScalar", "Arithmetic", "addScalar(x, y)", "x + y for two scalars (no matrices)", "addScalar(2, 3)"),
    doc("subtractScalar", "Arithmetic", "subtractScalar(x, y)", "x - y for two scalars (no matrices)", "subtractScalar(5, 3)"),
    doc("multiplyScalar", "Arithmetic", "multiplyScalar(x, y)", "x * y for two scalars (no matrices)", "multiplyScalar(2, 3)"),
    doc("divideScalar", "Arithmetic", "divideScalar(x, y)", "x / y for two scalars (no matrices)", "divideScalar(7, 2)"),
    doc("sin", "Trigonometry", "sin(x)", "Sine of x in radians (or of an angle unit)", "sin(pi / 6)"),
    doc("cos", "Trigonometry", "cos(x)", "Cosine of x in radians (or of an angle unit)", "cos(pi / 3)"),
    doc("tan", "Trigonometry", "tan(x)", "Tangent of x in radians (or of an angle unit)", "tan(pi / 4)"),
    doc("sec", "Trigonometry", "sec(x)", "Secant, 1 / cos(x)", "sec(2)"),
    doc("csc", "Trigonometry", "csc(x)", "Cosecant, 1 / sin(x)", "csc(2)"),
    doc("cot", "Trigonometry", "cot(x)", "Cotangent, 1 / tan(x)", "cot(2)"),
    doc("asin", "Trigonometry", "asin(x)", "Inverse sine in radians; complex for abs(x) > 1", "asin(0.5)"),
    doc("arcsin", "Trigonometry", "arcsin(x)", "alias of asin", "arcsin(0.5)"),
    doc("acos", "Trigonometry", "acos(x)", "Inverse cosine in radians; complex for abs(x) > 1", "acos(0.5)"),
    doc("arccos", "Trigonometry", "arccos(x)", "alias of acos", "arccos(0.5)"),
    doc("atan", "Trigonometry", "atan(x)", "Inverse tangent in radians", "atan(1)"),
    doc("arctan", "Trigonometry", "arctan(x)", "alias of atan", "arctan(1)"),
    doc("atan2", "Trigonometry", "atan2(y, x)", "Angle of the point (x, y) in radians, in (-pi, pi]", "atan2(1, -1)"),
    doc("asec", "Trigonometry", "asec(x)", "Inverse secant in radians, acos(1 / x)", "asec(2)"),
    doc("arcsec", "Trigonometry", "arcsec(x)", "alias of asec", "arcsec(2)"),
    doc("acsc", "Trigonometry", "acsc(x)", "Inverse cosecant in radians, asin(1 / x)", "acsc(2)"),
    doc("arccsc", "Trigonometry", "arccsc(x)", "alias of acsc", "arccsc(2)"),
    doc("acot", "Trigonometry", "acot(x)", "Inverse cotangent in radians, atan(1 / x)", "acot(2)"),
    doc("arccot", "Trigonometry", "arccot(x)", "alias of acot", "arccot(2)"),
    doc("sinh", "Trigonometry", "sinh(x)", "Hyperbolic sine", "sinh(1)"),
    doc("cosh", "Trigonometry", "cosh(x)", "Hyperbolic cosine", "cosh(1)"),
    doc("tanh", "Trigonometry", "tanh(x)", "Hyperbolic tangent", "tanh(0.5)"),
    doc("sech", "Trigonometry", "sech(x)", "Hyperbolic secant, 1 / cosh(x)", "sech(2)"),
    doc("csch", "Trigonometry", "csch(x)", "Hyperbolic cosecant, 1 / sinh(x)", "csch(2)"),
    doc("coth", "Trigonometry", "coth(x)", "Hyperbolic cotangent, 1 / tanh(x)", "coth(2)"),
    doc("asinh", "Trigonometry", "asinh(x)", "Inverse hyperbolic sine", "asinh(0.5)"),
    doc("arcsinh", "Trigonometry", "arcsinh(x)", "alias of asinh", "arcsinh(0.5)"),
    doc("acosh", "Trigonometry", "acosh(x)", "Inverse hyperbolic cosine; complex for x < 1", "acosh(1.5)"),
    doc("arccosh", "Trigonometry", "arccosh(x)", "alias of acosh", "arccosh(1.5)"),
    doc("atanh", "Trigonometry", "atanh(x)", "Inverse hyperbolic tangent; complex for abs(x) > 1", "atanh(0.5)"),
    doc("arctanh", "Trigonometry", "arctanh(x)", "alias of atanh", "arctanh(0.5)"),
    doc("asech", "Trigonometry", "asech(x)", "Inverse hyperbolic secant, acosh(1 / x)", "asech(0.5)"),
    doc("arcsech", "Trigonometry", "arcsech(x)", "alias of asech", "arcsech(0.5)"),
    doc("acsch", "Trigonometry", "acsch(x)", "Inverse hyperbolic cosecant, asinh(1 / x)", "acsch(0.5)"),
    doc("arccsch", "Trigonometry", "arccsch(x)", "alias of acsch", "arccsch(0.5)"),
    doc("acoth", "Trigonometry", "acoth(x)", "Inverse hyperbolic cotangent, atanh(1 / x)", "acoth(2)"),
    doc("arccoth", "Trigonometry", "arccoth(x)", "alias of acoth", "arccoth(2)"),
    doc("re", "Complex", "re(x)", "Real part of a complex number (x itself for a real)", "re(2 + 3i)"),
    doc("im", "Complex", "im(x)", "Imaginary part of a complex number (0 for a real)", "im(2 + 3i)"),
    doc("conj", "Complex", "conj(x)", "Complex conjugate: a - bi for a + bi", "conj(2 + 3i)"),
    doc("arg", "Complex", "arg(x)", "Argument (phase) of a complex number, atan2(im, re)", "arg(1 + i)"),
    doc("factorial", "Probability and combinatorics", "factorial(n)", "n!, for non-negative integers (gamma(n + 1) otherwise); also n!", "factorial(5)"),
    doc("gamma", "Probability and combinatorics", "gamma(x)", "Gamma function; gamma(n) = (n - 1)!", "gamma(5)"),
    doc("lgamma", "Probability and combinatorics", "lgamma(x)", "Natural logarithm of the gamma function", "lgamma(10)"),
    doc("combinations", "Probability and combinatorics", "combinations(n, k)", "Number of ways to choose k of n items, unordered, without replacement", "combinations(7, 5)"),
    doc("choose", "Probability and combinatorics", "choose(n, k)", "alias of combinations", "choose(5, 2)"),
    doc("nCr", "Probability and combinatorics", "nCr(n, k)", "alias of combinations", "nCr(10, 3)"),
    doc("combinationsWithRep", "Probability and combinatorics", "combinationsWithRep(n, k)", "Number of ways to choose k of n items, unordered, with replacement", "combinationsWithRep(7, 5)"),
    doc("permutations", "Probability and combinatorics", "permutations(n[, k])", "Number of ordered arrangements of k of n items (n! without k)", "permutations(5, 3)"),
    doc("permute", "Probability and combinatorics", "permute(n[, k])", "alias of permutations", "permute(5, 2)"),
    doc("nPr", "Probability and combinatorics", "nPr(n[, k])", "alias of permutations", "nPr(10, 3)"),
    doc("multinomial", "Probability and combinatorics", "multinomial(a)", "Multinomial coefficient (sum a)! / (a1! * a2! * ...) of an array of integers", "multinomial([1, 2, 1])"),
    doc("random", "Probability and combinatorics", "random([size, ][min, max])", "Uniform random number in [min, max) (default [0, 1)); a matrix of them with size", "random(1, 1)"),
    doc("randomInt", "Probability and combinatorics", "randomInt([size, ]max) or randomInt([size, ]min, max)", "Uniform random integer in [min, max) (min defaults to 0)", "randomInt(1, 2)"),
    doc("pickRandom", "Probability and combinatorics", "pickRandom(array[, number][, weights])", "Random element(s) of an array, optionally weighted", "pickRandom([7])"),
    doc("kldivergence", "Probability and combinatorics", "kldivergence(p, q)", "Kullback-Leibler divergence of distribution p from q (natural log; both normalized)", "kldivergence([0.7, 0.5, 0.4], [0.2, 0.9, 0.5])"),
    doc("bernoulli", "Probability and combinatorics", "bernoulli(n)", "The nth Bernoulli number, with bernoulli(1) = -1/2", "bernoulli(4)"),
    doc("bellNumbers", "Probability and combinatorics", "bellNumbers(n)", "Number of partitions of a set of n elements", "bellNumbers(3)"),
    doc("catalan", "Probability and combinatorics", "catalan(n)", "The nth Catalan number", "catalan(4)"),
    doc("composition", "Probability and combinatorics", "composition(n, k)", "Number of compositions of n into k positive parts", "composition(5, 3)"),
    doc("stirlingS2", "Probability and combinatorics", "stirlingS2(n, k)", "Stirling number of the second kind: partitions of n labelled items into k non-empty subsets", "stirlingS2(5, 3)"),
    doc("mean", "Statistics", "mean(a, b, ...) or mean(A[, dim])", "Arithmetic mean, of all values or along dimension dim", "mean(2, 3, 4, 1)"),
    doc("average", "Statistics", "average(a, b, ...) or average(A[, dim])", "alias of mean", "average(1, 2, 3, 4)"),
    doc("avg", "Statistics", "avg(a, b, ...) or avg(A[, dim])", "alias of mean", "avg([1, 2, 3, 4])"),
    doc("median", "Statistics", "median(a, b, ...) or median(A)", "Middle value; mean of the two middle values for an even count", "median([3, -1, 5, 7])"),
    doc("mode", "Statistics", "mode(a, b, ...) or mode(A)", "Array of the most frequent value(s)", "mode(2, 1, 4, 3, 1)"),
    doc("std", "Statistics", "std(A[, dim][, normalization])", "Standard deviation; \"unbiased\" (n - 1, default), \"uncorrected\" (n) or \"biased\" (n + 1)", "std([2, 4, 6, 8], \"uncorrected\")"),
    doc("stdev", "Statistics", "stdev(A[, dim][, normalization])", "alias of std", "stdev([2, 4, 6, 8])"),
    doc("stddev", "Statistics", "stddev(A[, dim][, normalization])", "alias of std", "stddev([2, 4, 6, 8], \"uncorrected\")"),
    doc("variance", "Statistics", "variance(A[, dim][, normalization])", "Variance; \"unbiased\" (n - 1, default), \"uncorrected\" (n) or \"biased\" (n + 1)", "variance([2, 4, 6, 8])"),
    doc("mad", "Statistics", "mad(a, b, ...) or mad(A)", "Median absolute deviation: median of abs(x - median)", "mad([1, 2, 3, 4, 10])"),
    doc("quantileSeq", "Statistics", "quantileSeq(A, p[, sorted])", "Quantile(s) at probability p in [0, 1] (or N evenly spaced), linear interpolation", "quantileSeq([3, -1, 5, 7], 0.5)"),
    doc("sum", "Statistics", "sum(a, b, ...) or sum(A[, dim])", "Sum of all values or along dimension dim", "sum([2, 3, 4, 1])"),
    doc("prod", "Statistics", "prod(a, b, ...) or prod(A)", "Product of all values", "prod(2, 3, 4)"),
    doc("cumsum", "Statistics", "cumsum(a, b, ...) or cumsum(A[, dim])", "Cumulative sums", "cumsum([2, 3, 4, 1])"),
    doc("min", "Statistics", "min(a, b, ...) or min(A[, dim])", "Smallest value, of all values or along dimension dim", "min(2, 3, 4, 1)"),
    doc("max", "Statistics", "max(a, b, ...) or max(A[, dim])", "Largest value, of all values or along dimension dim", "max([2, 3, 4, 1])"),
    doc("corr", "Statistics", "corr(A, B)", "Pearson correlation coefficient of two lists", "corr([2, 4, 6, 8], [1, 2, 3, 6])"),
    doc("count", "Statistics", "count(x)", "Number of elements of a matrix, array or string", "count([1, 2; 3, 4; 5, 6])"),
    doc("length", "Statistics", "length(x)", "alias of count", "length([1, 2, 3])"),
    doc("len", "Statistics", "len(x)", "alias of count", "len(\"hello\")"),
    doc("column", "Matrix", "column(A, j)", "Column j (1-based) of a matrix, as a column matrix", "column([1, 2; 3, 4], 1)"),
    doc("concat", "Matrix", "concat(A, B, ...[, dim])", "Concatenate matrices (or strings) along the last dimension, or dim", "concat([1, 2], [3, 4])"),
    doc("cross", "Matrix", "cross(x, y)", "Cross product of two 3-vectors", "cross([1, 1, 0], [0, 1, 1])"),
    doc("ctranspose", "Matrix", "ctranspose(A)", "Conjugate transpose; also A'", "ctranspose([1, 2; 3, 4])"),
    doc("det", "Matrix", "det(A)", "Determinant of a square matrix", "det([1, 2; 3, 4])"),
    doc("diag", "Matrix", "diag(X[, k])", "Diagonal matrix from a vector, or the kth diagonal of a matrix", "diag([1, 2, 3])"),
    doc("diff", "Matrix", "diff(A[, dim])", "Differences of consecutive elements (along dim)", "diff([1, 2, 4, 7, 0])"),
    doc("dot", "Matrix", "dot(x, y)", "Dot product of two vectors (conjugating x when complex)", "dot([2, 4, 1], [2, 2, 3])"),
    doc("eigs", "Matrix", "eigs(A[, precision])", "Eigenvalues and eigenvectors of a square matrix, as {values, eigenvectors}", "eigs([2, 0; 0, 3]).values"),
    doc("expm", "Matrix", "expm(A)", "Matrix exponential e^A of a square matrix (not elementwise exp)", "expm([0, 2; 0, 0])"),
    doc("filter", "Matrix", "filter(A, test)", "Elements of a 1-D matrix for which test(value, index, matrix) is true", "filter([6, -2, -1, 4, 3], f(x) = x > 0)"),
    doc("flatten", "Matrix", "flatten(A)", "Matrix flattened to one dimension", "flatten([1, 2; 3, 4])"),
    doc("forEach", "Matrix", "forEach(A, callback)", "Calls callback(value, index, matrix) on every element; returns undefined", "forEach([1, 2], f(x) = x)"),
    doc("getMatrixDataType", "Matrix", "getMatrixDataType(A)", "Type of all elements (\"number\", \"Complex\", ...), \"mixed\" when they differ", "getMatrixDataType([1, 2, 3])"),
    doc("identity", "Matrix", "identity(n[, m])", "Identity matrix of size n x n (or n x m)", "identity(2)"),
    doc("inv", "Matrix", "inv(A)", "Inverse of a square matrix (1 / x for a number)", "inv([1, 2; 3, 4])"),
    doc("kron", "Matrix", "kron(A, B)", "Kronecker product of two matrices or vectors", "kron([1, 2], [3, 4])"),
    doc("map", "Matrix", "map(A, ..., callback)", "New matrix of callback(value, index, matrix) for each element (several matrices broadcast)", "map([1, 2, 3], square)"),
    doc("mapSlices", "Matrix", "mapSlices(A, dim, callback)", "Applies callback to each slice of A along dim (one dimension fewer)", "mapSlices([1, 2; 3, 4], 1, sum)"),
    doc("apply", "Matrix", "apply(A, dim, callback)", "Former name of mapSlices: applies callback to each slice of A along dim", "apply([1, 2; 3, 4], 2, sum)"),
    doc("matrixFromColumns", "Matrix", "matrixFromColumns(c1, c2, ...)", "Matrix whose columns are the given vectors", "matrixFromColumns([1, 2], [3, 4])"),
    doc("matrixFromFunction", "Matrix", "matrixFromFunction(size, fn[, format][, datatype])", "Matrix of the given size with fn(index) at each index", "matrixFromFunction([2, 2], f(I) = I[1] + I[2])"),
    doc("matrixFromRows", "Matrix", "matrixFromRows(r1, r2, ...)", "Matrix whose rows are the given vectors", "matrixFromRows([1, 2], [3, 4])"),
    doc("ones", "Matrix", "ones(m[, n, ...])", "Matrix of ones of the given size", "ones(2, 3)"),
    doc("partitionSelect", "Matrix", "partitionSelect(A, k[, compare])", "kth smallest element (0-based k) of a 1-D array, by quickselect", "partitionSelect([5, 10, 1], 2)"),
    doc("pinv", "Matrix", "pinv(A)", "Moore-Penrose pseudoinverse", "pinv([1, 2; 2, 4])"),
    doc("range", "Matrix", "range(start, end[, step])", "Numbers from start to end by step (default 1); in expressions the end is included, like start:step:end", "range(0, 10, 2)"),
    doc("reshape", "Matrix", "reshape(A, sizes)", "Same elements in new dimensions (one size may be -1)", "reshape([1, 2, 3, 4, 5, 6], [2, 3])"),
    doc("resize", "Matrix", "resize(A, size[, defaultValue])", "Resized matrix, new entries set to defaultValue (0)", "resize([1, 2, 3], [5])"),
    doc("rotate", "Matrix", "rotate(w, theta[, v])", "Vector w rotated by angle theta (about axis v in 3-D)", "rotate([1, 0], pi / 2)"),
    doc("rotationMatrix", "Matrix", "rotationMatrix(theta[, v][, format])", "2x2 rotation matrix, or 3x3 about axis v; format \"dense\" or \"sparse\"", "rotationMatrix(pi / 2)"),
    doc("row", "Matrix", "row(A, i)", "Row i (1-based) of a matrix, as a row matrix", "row([1, 2; 3, 4], 2)"),
    doc("size", "Matrix", "size(x)", "Dimensions of a matrix, array or string", "size([1, 2, 3; 4, 5, 6])"),
    doc("sort", "Matrix", "sort(A[, compare])", "Sorted matrix; compare \"asc\" (default), \"desc\", \"natural\" or a function", "sort([5, 10, 1])"),
    doc("sqrtm", "Matrix", "sqrtm(A)", "Principal square root X of a square matrix, X * X = A", "sqrtm([33, 24; 48, 57])"),
    doc("squeeze", "Matrix", "squeeze(A)", "Matrix without singleton dimensions", "squeeze([[1], [2], [3]])"),
    doc("subset", "Matrix", "subset(A, index[, replacement[, default]])", "Part of a matrix, array, string or object picked by index(...), or a copy with it replaced (growing as needed)", "subset([1, 2; 3, 4], index(2, [1, 2]))"),
    doc("trace", "Matrix", "trace(A)", "Sum of the main diagonal of a square matrix", "trace([1, 2; 3, 4])"),
    doc("transpose", "Matrix", "transpose(A)", "Transpose of a matrix", "transpose([1, 2, 3; 4, 5, 6])"),
    doc("zeros", "Matrix", "zeros(m[, n, ...])", "Matrix of zeros of the given size", "zeros(2, 3)"),
    doc("fft", "Matrix", "fft(A)", "N-dimensional discrete Fourier transform", "fft([1, 0, 0, 0])"),
    doc("ifft", "Matrix", "ifft(A)", "N-dimensional inverse discrete Fourier transform", "ifft([1, 1, 1, 1])"),
    doc("lsolve", "Linear algebra", "lsolve(L, b)", "One solution of L * x = b, L lower triangular (forward substitution)", "lsolve([2, 0; 1, 1], [4; 3])"),
    doc("lusolve", "Linear algebra", "lusolve(A, b)", "Solution of A * x = b, by LU decomposition", "lusolve([-2, 3; 2, 1], [11; 9])"),
    doc("usolve", "Linear algebra", "usolve(U, b)", "One solution of U * x = b, U upper triangular (back substitution)", "usolve([1, 1; 0, 2], [3; 4])"),
    doc("lup", "Linear algebra", "lup(A)", "LU decomposition with partial pivoting, {L, U, p} with P * A = L * U", "lup([2, 1; 1, 4]).U"),
    doc("qr", "Linear algebra", "qr(A)", "QR decomposition {Q, R}: Q orthogonal, R upper triangular", "qr([3, 0; 4, 5]).R"),
    doc("slu", "Linear algebra", "slu(A, order, threshold)", "Sparse LU with threshold partial pivoting, {L, U, p, q} (order 0 natural; 1-3 minimum degree column order)", "slu(sparse([4, 3; 6, 3]), 0, 1).U"),
    doc("polynomialRoot", "Linear algebra", "polynomialRoot(c0, c1, ...)", "Roots of c0 + c1 x + c2 x^2 + c3 x^3 (degree 1 to 3, constant first)", "polynomialRoot(-6, 11, -6, 1)"),
    doc("lsolveAll", "Linear algebra", "lsolveAll(L, b)", "All solutions of L * x = b, L lower triangular", "lsolveAll([2, 0; 1, 1], [4; 3])"),
    doc("usolveAll", "Linear algebra", "usolveAll(U, b)", "All solutions of U * x = b, U upper triangular", "usolveAll([1, 1; 0, 2], [3; 4])"),
    doc("schur", "Linear algebra", "schur(A)", "Real Schur decomposition A = U * T * U', as {U, T}", "schur([1, 0; -4, 3]).T"),
    doc("lyap", "Linear algebra", "lyap(A, Q)", "Solution P of the continuous Lyapunov equation A * P + P * A' + Q = 0", "lyap([-2, 0; 1, -4], [3, 1; 1, 3])"),
    doc("sylvester", "Linear algebra", "sylvester(A, B, C)", "Solution X of the Sylvester equation A * X + X * B = C", "sylvester([-1, -2; 1, 1], [-2, 1; -1, 2], [-3, 2; 3, 0])"),
    doc("compare", "Relational", "compare(x, y)", "1 when x > y, -1 when x < y, 0 when equal (within relTol/absTol)", "compare(2, 3)"),
    doc("compareNatural", "Relational", "compareNatural(x, y)", "Compares values of any type in a natural, deterministic order: 1, -1 or 0", "compareNatural(\"file10\", \"file9\")"),
    doc("compareText", "Relational", "compareText(x, y)", "Compares two strings lexically (case-sensitive): 1, -1 or 0", "compareText(\"B\", \"A\")"),
    doc("deepEqual", "Relational", "deepEqual(x, y)", "True when both have the same size and equal elements", "deepEqual([1, 3, 4], [1, 3, 4])"),
    doc("equal", "Relational", "equal(x, y)", "x == y within relTol/absTol; elementwise on matrices", "equal(0.1 + 0.2, 0.3)"),
    doc("equalText", "Relational", "equalText(x, y)", "True when two strings are equal (case-sensitive)", "equalText(\"Hello\", \"Hello\")"),
    doc("larger", "Relational", "larger(x, y)", "x > y (false when nearly equal); elementwise on matrices", "larger(3, 2)"),
    doc("largerEq", "Relational", "largerEq(x, y)", "x >= y (true when nearly equal); elementwise on matrices", "largerEq(2, 2)"),
    doc("smaller", "Relational", "smaller(x, y)", "x < y (false when nearly equal); elementwise on matrices", "smaller(2, 3)"),
    doc("smallerEq", "Relational", "smallerEq(x, y)", "x <= y (true when nearly equal); elementwise on matrices", "smallerEq(3, 2)"),
    doc("unequal", "Relational", "unequal(x, y)", "x != y (false when nearly equal); elementwise on matrices", "unequal(2 + 2, 3)"),
    doc("and", "Logical", "and(x, y)", "Logical and of truthiness; also x and y", "and(true, false)"),
    doc("or", "Logical", "or(x, y)", "Logical or of truthiness; also x or y", "or(true, false)"),
    doc("xor", "Logical", "xor(x, y)", "Logical exclusive or; also x xor y", "xor(true, false)"),
    doc("not", "Logical", "not(x)", "Logical negation; also not x", "not(0)"),
    doc("nullish", "Logical", "nullish(x, y)", "y when x is null or undefined, else x; also x ?? y", "nullish(null, 42)"),
    doc("bitAnd", "Bitwise", "bitAnd(x, y)", "Bitwise and of integers; also x & y", "bitAnd(53, 131)"),
    doc("bitOr", "Bitwise", "bitOr(x, y)", "Bitwise or of integers; also x | y", "bitOr(5, 3)"),
    doc("bitXor", "Bitwise", "bitXor(x, y)", "Bitwise exclusive or of integers; also x ^| y", "bitXor(5, 3)"),
    doc("bitNot", "Bitwise", "bitNot(x)", "Bitwise not of an integer; also ~x", "bitNot(5)"),
    doc("leftShift", "Bitwise", "leftShift(x, y)", "x shifted left by y bits; also x << y", "leftShift(1, 4)"),
    doc("rightArithShift", "Bitwise", "rightArithShift(x, y)", "x shifted right by y bits, keeping the sign; also x >> y", "rightArithShift(-16, 2)"),
    doc("rightLogShift", "Bitwise", "rightLogShift(x, y)", "x shifted right by y bits, zero-filling (unsigned 32-bit); also x >>> y", "rightLogShift(-16, 28)"),
    doc("setCartesian", "Sets", "setCartesian(a, b)", "Cartesian product of two (multi)sets, sorted", "setCartesian([1, 2], [3, 4])"),
    doc("setDifference", "Sets", "setDifference(a, b)", "Elements of a that are not in b", "setDifference([1, 2, 3, 4], [3, 4, 5, 6])"),
    doc("setDistinct", "Sets", "setDistinct(a)", "Distinct elements of a multiset", "setDistinct([1, 1, 2, 2, 3])"),
    doc("setIntersect", "Sets", "setIntersect(a, b)", "Intersection of two (multi)sets", "setIntersect([1, 2, 3, 4], [3, 4, 5, 6])"),
    doc("setIsSubset", "Sets", "setIsSubset(a, b)", "True when every element of a is in b", "setIsSubset([3, 4], [3, 4, 5, 6])"),
    doc("setMultiplicity", "Sets", "setMultiplicity(e, a)", "How often e occurs in the multiset a", "setMultiplicity(2, [1, 2, 2, 4])"),
    doc("setPowerset", "Sets", "setPowerset(a)", "All subsets of a (multi)set", "setPowerset([1, 2])"),
    doc("setSize", "Sets", "setSize(a[, unique])", "Number of elements, only distinct ones when unique is true", "setSize([1, 2, 2, 4], true)"),
    doc("setSymDifference", "Sets", "setSymDifference(a, b)", "Elements in exactly one of the two (multi)sets", "setSymDifference([1, 2, 3, 4], [3, 4, 5, 6])"),
    doc("setUnion", "Sets", "setUnion(a, b)", "Union of two (multi)sets", "setUnion([1, 2, 3, 4], [3, 4, 5, 6])"),
    doc("unit", "Units", "unit(value, unit) or unit(string)", "Creates a unit value, like 5 cm", "unit(5, \"cm\")"),
    doc("to", "Units", "to(x, unit)", "x converted to unit; also x to unit", "to(unit(\"5 inch\"), \"cm\")"),
    doc("toBest", "Units", "toBest(x[, unitList][, options])", "x converted to the prefix or unit that reads best", "toBest(unit(5000, \"m\"))"),
    doc("splitUnit", "Units", "splitUnit(x, parts)", "x as a sum of the given units, like feet and inches", "splitUnit(unit(\"1 m\"), [\"ft\", \"inch\"])"),
    doc("bigint", "Construction", "bigint(x)", "Arbitrary-size integer from a number (rounded) or string; exact among bigints, converted when mixed with other types", "bigint(\"123123123123123123\") * bigint(3)"),
    doc("bignumber", "Construction", "bignumber(x)", "Arbitrary-precision decimal from a number or string", "bignumber(\"0.1\") + bignumber(\"0.2\")"),
    doc("boolean", "Construction", "boolean(x)", "Boolean from a number or string (\"true\", \"false\", numbers)", "boolean(2)"),
    doc("complex", "Construction", "complex(re[, im]) or complex(string)", "Complex number", "complex(2, 3)"),
    doc("fraction", "Construction", "fraction(x) or fraction(n, d)", "Exact fraction from a number, string, or numerator and denominator", "fraction(1, 3) + fraction(1, 6)"),
    doc("index", "Construction", "index(d1, d2, ...)", "Index for subset(): per dimension a number, range, array or boolean mask (1-based, printed 0-based), or an object key", "index(1, 2:3)"),
    doc("matrix", "Construction", "matrix(data[, format])", "Matrix from an array (\"dense\" by default, or \"sparse\")", "matrix([1, 2; 3, 4])"),
    doc("number", "Construction", "number(x[, unit])", "Number from a string, boolean or other numeric type (a unit's value in unit)", "number(\"2.5\")"),
    doc("sparse", "Construction", "sparse(data)", "Sparse matrix from an array", "sparse([1, 0; 0, 2])"),
    doc("string", "Construction", "string(x)", "x converted to a string", "string(4.2)"),
    doc("num", "Construction", "num(x)", "Numerator of a fraction (a number or BigNumber read as one), as a bigint", "num(fraction(6, 8))"),
    doc("den", "Construction", "den(x)", "Denominator of a fraction (a number or BigNumber read as one), as a bigint", "den(0.75)"),
    doc("bin", "Utilities", "bin(x[, wordSize])", "Binary representation of an integer as a string (\"0b...\")", "bin(10)"),
    doc("oct", "Utilities", "oct(x[, wordSize])", "Octal representation of an integer as a string (\"0o...\")", "oct(56)"),
    doc("hex", "Utilities", "hex(x[, wordSize])", "Hexadecimal representation of an integer as a string (\"0x...\")", "hex(255)"),
    doc("format", "Utilities", "format(x[, precision or options])", "x as a string: precision digits, or options {notation, precision, ...}; matrices and complex numbers part by part", "format(pi, 3)"),
    doc("print", "Utilities", "print(template, values[, precision or options])", "Template with each $key, $key.sub or $1 (1-based array position) replaced by its value, formatted by format()", "print(\"$1 of $2\", [3, 10])"),
    doc("clone", "Utilities", "clone(x)", "Deep copy of a value", "clone([1, 2])"),
    doc("hasNumericValue", "Utilities", "hasNumericValue(x)", "True for numeric values and for strings holding a number", "hasNumericValue(\"2\")"),
    doc("isBounded", "Utilities", "isBounded(x)", "True when x (all of its entries) is finite", "isBounded(1 / 0)"),
    doc("isFinite", "Utilities", "isFinite(x)", "True when x is finite; elementwise on matrices", "isFinite(2)"),
    doc("isInteger", "Utilities", "isInteger(x)", "True when x is a whole number", "isInteger(3.5)"),
    doc("isNaN", "Utilities", "isNaN(x)", "True when x is NaN", "isNaN(0 / 0)"),
    doc("isNegative", "Utilities", "isNegative(x)", "True when x < 0 (not nearly zero)", "isNegative(-2)"),
    doc("isNumeric", "Utilities", "isNumeric(x)", "True for a number, BigNumber, bigint, Fraction or boolean (not a string)", "isNumeric(\"2\")"),
    doc("isPositive", "Utilities", "isPositive(x)", "True when x > 0 (not nearly zero)", "isPositive(2)"),
    doc("isPrime", "Utilities", "isPrime(x)", "True when x is a prime number", "isPrime(7)"),
    doc("isZero", "Utilities", "isZero(x)", "True when x is zero (within absTol)", "isZero(0)"),
    doc("numeric", "Utilities", "numeric(x[, type])", "x converted to the numeric type \"number\", \"BigNumber\", \"bigint\" or \"Fraction\"", "numeric(\"4\", \"number\")"),
    doc("typeOf", "Utilities", "typeOf(x)", "Name of x's type: \"number\", \"Complex\", \"DenseMatrix\", \"string\", ...", "typeOf(2 + 3i)"),
    doc("config", "Utilities", "config()", "The configuration object (read-only: config({...}) is refused)", "config().precision"),
    doc("help", "Utilities", "help(name)", "math.js's documentation of a function; the help value is not returned as a result", "typeOf(help(\"sqrt\"))"),
    doc("typed", "Utilities", "typed(signatures)", "Builds a typed function; a function is not returned as a result", "typeOf(typed)"),
    doc("replacer", "Utilities", "replacer(key, value)", "math.js's JSON replacer: value as JSON-safe (non-finite numbers as objects)", "replacer(\"a\", 2)"),
    doc("erf", "Special", "erf(x)", "Error function", "erf(0.5)"),
    doc("zeta", "Special", "zeta(s)", "Riemann zeta function", "zeta(2)"),
    doc("distance", "Geometry", "distance(p, q), distance(p, a, b) or distance(points)", "Distance between two points, from a point to a line (two points, [a, b, c] or [x0, y0, z0, a, b, c]), or of all pairs", "distance([0, 0], [3, 4])"),
    doc("intersect", "Geometry", "intersect(p1, p2, q1, q2) or intersect(p1, p2, plane)", "Intersection of two lines (two points each, 2-D or 3-D) or of a line and plane [a, b, c, d]; null if they do not meet", "intersect([0, 0], [10, 10], [10, 0], [0, 10])"),
    doc("freqz", "Signal", "freqz(b, a[, w])", "Frequency response {h, w} of a filter with numerator b and denominator a", "freqz([1, 2], [1, 2, 3], 4).w"),
    doc("zpk2tf", "Signal", "zpk2tf(z, p[, k])", "Transfer function [b, a] of a zero-pole-gain model", "zpk2tf([1, 2], [-1, -2], 1)"),
    doc("solveODE", "Numeric", "solveODE(f, tspan, y0[, options])", "Numerical solution {t, y} of dy/dt = f(t, y), adaptive Runge-Kutta (RK45 by default)", "size(solveODE(f(t, y) = y, [0, 1], 1).t)[1] > 1"),
    doc("pi", "Mathematical constants", "pi", "The ratio of a circle's circumference to its diameter, 3.14159...", "pi"),
    doc("PI", "Mathematical constants", "PI", "Same as pi", "PI"),
    doc("e", "Mathematical constants", "e", "Euler's number, the base of natural logarithms, 2.71828...", "e"),
    doc("E", "Mathematical constants", "E", "Same as e", "E"),
    doc("i", "Mathematical constants", "i", "The imaginary unit, sqrt(-1)", "i * i"),
    doc("phi", "Mathematical constants", "phi", "The golden ratio, (1 + sqrt(5)) / 2", "phi"),
    doc("tau", "Mathematical constants", "tau", "2 * pi", "tau"),
    doc("LN2", "Mathematical constants", "LN2", "Natural logarithm of 2", "LN2"),
    doc("LN10", "Mathematical constants", "LN10", "Natural logarithm of 10", "LN10"),
    doc("LOG2E", "Mathematical constants", "LOG2E", "Base-2 logarithm of e", "LOG2E"),
    doc("LOG10E", "Mathematical constants", "LOG10E", "Base-10 logarithm of e", "LOG10E"),
    doc("SQRT1_2", "Mathematical constants", "SQRT1_2", "Square root of 1/2", "SQRT1_2"),
    doc("SQRT2", "Mathematical constants", "SQRT2", "Square root of 2", "SQRT2"),
    doc("version", "Mathematical constants", "version", "A string; calculate answers \"redacted\" rather than math.js's version", "typeOf(version)"),
    doc("atomicMass", "Physical constants", "atomicMass", "Atomic mass constant, in kg", "atomicMass"),
    doc("avogadro", "Physical constants", "avogadro", "Avogadro constant, in mol^-1", "avogadro"),
    doc("bohrMagneton", "Physical constants", "bohrMagneton", "Bohr magneton, in J / T", "bohrMagneton"),
    doc("bohrRadius", "Physical constants", "bohrRadius", "Bohr radius, in m", "bohrRadius"),
    doc("boltzmann", "Physical constants", "boltzmann", "Boltzmann constant, in J / K", "boltzmann"),
    doc("classicalElectronRadius", "Physical constants", "classicalElectronRadius", "Classical electron radius, in m", "classicalElectronRadius"),
    doc("conductanceQuantum", "Physical constants", "conductanceQuantum", "Conductance quantum, in S", "conductanceQuantum"),
    doc("coulomb", "Physical constants", "coulomb", "Coulomb constant, in N m^2 / C^2 (same as coulombConstant)", "coulomb"),
    doc("coulombConstant", "Physical constants", "coulombConstant", "Coulomb constant, in N m^2 / C^2", "coulombConstant"),
    doc("deuteronMass", "Physical constants", "deuteronMass", "Deuteron mass, in kg", "deuteronMass"),
    doc("efimovFactor", "Physical constants", "efimovFactor", "Efimov factor, 22.7 (dimensionless)", "efimovFactor"),
    doc("electricConstant", "Physical constants", "electricConstant", "Vacuum permittivity, in F / m", "electricConstant"),
    doc("electronMass", "Physical constants", "electronMass", "Electron mass, in kg", "electronMass"),
    doc("elementaryCharge", "Physical constants", "elementaryCharge", "Elementary charge, in C", "elementaryCharge"),
    doc("faraday", "Physical constants", "faraday", "Faraday constant, in C / mol", "faraday"),
    doc("fermiCoupling", "Physical constants", "fermiCoupling", "Fermi coupling constant, in GeV^-2", "fermiCoupling"),
    doc("fineStructure", "Physical constants", "fineStructure", "Fine-structure constant (dimensionless)", "fineStructure"),
    doc("firstRadiation", "Physical constants", "firstRadiation", "First radiation constant, in W m^2", "firstRadiation"),
    doc("gasConstant", "Physical constants", "gasConstant", "Molar gas constant, in J / (K mol)", "gasConstant"),
    doc("gravitationConstant", "Physical constants", "gravitationConstant", "Newtonian constant of gravitation, in m^3 / (kg s^2)", "gravitationConstant"),
    doc("gravity", "Physical constants", "gravity", "Standard acceleration of gravity, 9.80665 m / s^2", "gravity"),
    doc("hartreeEnergy", "Physical constants", "hartreeEnergy", "Hartree energy, in J", "hartreeEnergy"),
    doc("inverseConductanceQuantum", "Physical constants", "inverseConductanceQuantum", "Inverse conductance quantum, in ohm", "inverseConductanceQuantum"),
    doc("klitzing", "Physical constants", "klitzing", "Von Klitzing constant, in ohm", "klitzing"),
    doc("loschmidt", "Physical constants", "loschmidt", "Loschmidt constant, in m^-3", "loschmidt"),
    doc("magneticConstant", "Physical constants", "magneticConstant", "Vacuum permeability, in N / A^2", "magneticConstant"),
    doc("magneticFluxQuantum", "Physical constants", "magneticFluxQuantum", "Magnetic flux quantum, in Wb", "magneticFluxQuantum"),
    doc("molarMass", "Physical constants", "molarMass", "Molar mass constant, in kg / mol", "molarMass"),
    doc("molarMassC12", "Physical constants", "molarMassC12", "Molar mass of carbon-12, in kg / mol", "molarMassC12"),
    doc("molarPlanckConstant", "Physical constants", "molarPlanckConstant", "Molar Planck constant, in J s / mol", "molarPlanckConstant"),
    doc("molarVolume", "Physical constants", "molarVolume", "Molar volume of an ideal gas at 273.15 K and 101.325 kPa, in m^3 / mol", "molarVolume"),
    doc("neutronMass", "Physical constants", "neutronMass", "Neutron mass, in kg", "neutronMass"),
    doc("nuclearMagneton", "Physical constants", "nuclearMagneton", "Nuclear magneton, in J / T", "nuclearMagneton"),
    doc("planckCharge", "Physical constants", "planckCharge", "Planck charge, in C", "planckCharge"),
    doc("planckConstant", "Physical constants", "planckConstant", "Planck constant, in J s", "planckConstant"),
    doc("planckLength", "Physical constants", "planckLength", "Planck length, in m", "planckLength"),
    doc("planckMass", "Physical constants", "planckMass", "Planck mass, in kg", "planckMass"),
    doc("planckTemperature", "Physical constants", "planckTemperature", "Planck temperature, in K", "planckTemperature"),
    doc("planckTime", "Physical constants", "planckTime", "Planck time, in s", "planckTime"),
    doc("protonMass", "Physical constants", "protonMass", "Proton mass, in kg", "protonMass"),
    doc("quantumOfCirculation", "Physical constants", "quantumOfCirculation", "Quantum of circulation, in m^2 / s", "quantumOfCirculation"),
    doc("reducedPlanckConstant", "Physical constants", "reducedPlanckConstant", "Reduced Planck constant (h-bar), in J s", "reducedPlanckConstant"),
    doc("rydberg", "Physical constants", "rydberg", "Rydberg constant, in m^-1", "rydberg"),
    doc("sackurTetrode", "Physical constants", "sackurTetrode", "Sackur-Tetrode constant at 1 K and 100 kPa (dimensionless)", "sackurTetrode"),
    doc("secondRadiation", "Physical constants", "secondRadiation", "Second radiation constant, in m K", "secondRadiation"),
    doc("speedOfLight", "Physical constants", "speedOfLight", "Speed of light in vacuum, in m / s", "speedOfLight"),
    doc("stefanBoltzmann", "Physical constants", "stefanBoltzmann", "Stefan-Boltzmann constant, in W / (m^2 K^4)", "stefanBoltzmann"),
    doc("thomsonCrossSection", "Physical constants", "thomsonCrossSection", "Thomson cross section, in m^2", "thomsonCrossSection"),
    doc("vacuumImpedance", "Physical constants", "vacuumImpedance", "Characteristic impedance of vacuum, in ohm", "vacuumImpedance"),
    doc("weakMixingAngle", "Physical constants", "weakMixingAngle", "Weak mixing angle (dimensionless)", "weakMixingAngle"),
    doc("wienDisplacement", "Physical constants", "wienDisplacement", "Wien wavelength displacement law constant, in m K", "wienDisplacement"),
];

/// Names math.js has that calculate refuses or does not offer (section 6.5), with the reason.
pub(crate) static DISABLED_DOCS: &[(&str, &str)] = &[
    (
        "import",
        "disabled for security: would change the function library",
    ),
    (
        "createUnit",
        "disabled for security: would change the unit table",
    ),
    (
        "evaluate",
        "disabled for security: nested evaluation (use one expression per call)",
    ),
    ("parse", "disabled for security: returns an expression tree"),
    (
        "simplify",
        "disabled for security in expressions: use operation \"simplify\"",
    ),
    (
        "derivative",
        "disabled for security in expressions: use operation \"derivative\"",
    ),
    ("resolve", "disabled for security: acts on expression trees"),
    ("reviver", "disabled for security: JSON reviver"),
    ("compile", "disabled for security: compiles an expression"),
    (
        "parser",
        "disabled for security: creates a parser with its own scope",
    ),
    ("rationalize", "disabled for security: needs simplify"),
    ("symbolicEqual", "disabled for security: needs simplify"),
    (
        "simplifyCore",
        "disabled for security: acts on expression trees",
    ),
    (
        "simplifyConstant",
        "disabled for security: acts on expression trees",
    ),
    (
        "leafCount",
        "disabled for security: acts on expression trees",
    ),
    (
        "chain",
        "not available in expressions (`chain(3)` is an undefined function; a bare `chain` is the unit, 66 feet)",
    ),
];

/// A table cell: pipes escaped, line breaks as spaces.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// An example as inline code (a backtick inside would end it early; none has one).
fn code(text: &str) -> String {
    format!("`{}`", cell(text))
}

/// The reference as Markdown: an introduction, one table per group of functions, the
/// constants, and the disabled names, under level-4 headings (so that it nests in a tool's
/// section of `calculator://help`).
pub(crate) fn markdown() -> String {
    let mut out = String::new();
    out.push_str(
        "`calculate` evaluates one math.js 15.2 expression per call (`expression`; `operation` \
         \"evaluate\" by default, or \"simplify\" / \"derivative\" with `variable`). \
         `numericType` chooses the numbers: \"number\" (binary64, the default), \"BigNumber\" \
         (64 significant digits) or \"Fraction\" (exact rationals). `precision` (1–16) rounds \
         the printed result to that many significant digits. Functions marked *not yet in \
         reckon* are valid math.js names that reckon refuses with \"... is not implemented in \
         reckon yet\", `retryable` false and a hint naming the nearest way to the answer.\n",
    );
    for group in FUNCTION_GROUPS {
        out.push_str(&format!(
            "\n#### {group}\n\n| function | what it does | example |\n|---|---|---|\n"
        ));
        for d in DOCS.iter().filter(|d| d.group == group) {
            let status = if d.implemented() {
                ""
            } else {
                " *(not yet in reckon)*"
            };
            out.push_str(&format!(
                "| {} | {}{status} | {} |\n",
                cell(d.signature),
                cell(d.summary),
                code(d.example)
            ));
        }
    }
    for group in CONSTANT_GROUPS {
        out.push_str(&format!(
            "\n#### {group}\n\n| constant | what it is | example |\n|---|---|---|\n"
        ));
        for d in DOCS.iter().filter(|d| d.group == group) {
            let status = if d.implemented() {
                ""
            } else {
                " *(not yet in reckon)*"
            };
            out.push_str(&format!(
                "| {} | {}{status} | {} |\n",
                cell(d.name),
                cell(d.summary),
                code(d.example)
            ));
        }
    }
    out.push_str("\n#### Disabled and unavailable names\n\n| name | why |\n|---|---|\n");
    for (name, why) in DISABLED_DOCS {
        out.push_str(&format!("| {name} | {} |\n", cell(why)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The entry for `name`.
    fn find(name: &str) -> Option<&'static FunctionDoc> {
        DOCS.iter().find(|d| d.name == name)
    }

    fn catalogue() -> Vec<&'static str> {
        crate::syntax::names::FUNCTIONS.split_whitespace().collect()
    }

    fn constants() -> Vec<&'static str> {
        crate::syntax::names::CONSTANTS.split_whitespace().collect()
    }

    /// `ln` and the `arc…` names, renamed before evaluation (sections 3.8c and 6.2).
    fn renamed_aliases() -> Vec<String> {
        let arcs = ["sin", "cos", "tan", "sec", "csc", "cot"];
        let mut names = vec!["ln".to_owned()];
        names.extend(arcs.iter().map(|t| format!("arc{t}")));
        names.extend(arcs.iter().map(|t| format!("arc{t}h")));
        names
    }

    #[test]
    fn every_name_has_exactly_one_entry_and_every_entry_a_name() {
        let mut seen = HashSet::new();
        for d in DOCS {
            assert!(seen.insert(d.name), "{} has two entries", d.name);
        }
        let renamed = renamed_aliases();
        for name in catalogue().into_iter().chain(constants()) {
            assert!(seen.contains(name), "{name} has no entry");
        }
        for name in &renamed {
            assert!(seen.contains(name.as_str()), "{name} has no entry");
        }
        for d in DOCS {
            let known = if d.is_constant() {
                constants().contains(&d.name)
            } else {
                catalogue().contains(&d.name) || renamed.iter().any(|r| r == d.name)
            };
            assert!(known, "{} is no name of the catalogue", d.name);
        }
        assert_eq!(
            DOCS.len(),
            catalogue().len() + renamed.len() + constants().len()
        );
    }

    #[test]
    fn every_function_of_the_table_has_an_entry() {
        for row in crate::functions::BUILTINS {
            let doc = find(row.name).unwrap_or_else(|| panic!("{} has no entry", row.name));
            assert!(!doc.is_constant(), "{}", row.name);
            assert!(doc.implemented(), "{}", row.name);
        }
    }

    #[test]
    fn every_disabled_name_is_listed_with_a_reason() {
        for name in crate::functions::DISABLED {
            assert!(
                DISABLED_DOCS
                    .iter()
                    .any(|(n, why)| *n == name && !why.is_empty()),
                "{name}"
            );
            assert!(find(name).is_none(), "{name} is disabled but documented");
        }
    }

    #[test]
    fn entries_are_complete_short_and_well_formed() {
        for d in DOCS {
            assert!(!d.example.trim().is_empty(), "{}: no example", d.name);
            assert!(!d.summary.is_empty(), "{}: no summary", d.name);
            assert!(
                d.summary.chars().count() <= 120,
                "{}: summary too long",
                d.name
            );
            assert!(!d.example.contains('`'), "{}", d.name);
            if d.is_constant() {
                assert!(
                    CONSTANT_GROUPS.contains(&d.group),
                    "{}: {}",
                    d.name,
                    d.group
                );
                assert_eq!(d.signature, d.name);
            } else {
                assert!(
                    FUNCTION_GROUPS.contains(&d.group),
                    "{}: {}",
                    d.name,
                    d.group
                );
                assert!(
                    d.signature.starts_with(&format!("{}(", d.name)),
                    "{}: {}",
                    d.name,
                    d.signature
                );
            }
            if let Some(target) = d.alias_of() {
                let target = find(target).unwrap_or_else(|| panic!("{}: no target", d.name));
                assert!(target.alias_of().is_none(), "{}", d.name);
                assert_eq!(target.group, d.group, "{}", d.name);
                // The differential test replaces the alias by its target for math.js.
                assert!(d.example.starts_with(&format!("{}(", d.name)), "{}", d.name);
            }
        }
    }

    #[test]
    fn every_group_has_entries() {
        for group in FUNCTION_GROUPS.iter().chain(&CONSTANT_GROUPS) {
            assert!(DOCS.iter().any(|d| d.group == *group), "{group}");
        }
    }

    #[test]
    fn the_markdown_names_everything() {
        let text = markdown();
        for d in DOCS {
            let row = if d.is_constant() {
                format!("| {} | ", d.name)
            } else {
                format!("| {} | ", cell(d.signature))
            };
            assert!(text.contains(&row), "{} is missing", d.name);
        }
        for (name, _) in DISABLED_DOCS {
            assert!(text.contains(&format!("| {name} | ")), "{name} is missing");
        }
        assert!(text.contains("| quantileSeq(A, p[, sorted]) | "));
        assert!(text.contains(
            "| fft(A) | N-dimensional discrete Fourier transform *(not yet in reckon)* |"
        ));
        assert!(text.contains("| sqrt(x) | Square root; complex for negative x | `sqrt(16)` |"));
        assert!(text.contains("| bitOr(x, y) | Bitwise or of integers; also x \\| y |"));
    }
}
