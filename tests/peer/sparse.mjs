// Compares reckon's `calculate` with math.js 15.2 on sparse-matrix expressions, in each number
// type: the printed result and its type must be the same strings, and where math.js throws,
// reckon must fail with a message containing math.js's. A difference passes only under a named
// rule of the specification (below), each with a check that can fail, or as an entry of
// `sparse-known-divergences.jsonl`, which records both answers and a reason; an entry whose
// answers change, or that no longer differs, fails too.
//   node tests/peer/sparse.mjs [path/to/reckon] [--show] [--record]
// `--record` rewrites the known-divergence file with the differences no rule covers (each
// keeps its reason; a new one gets "TODO", which fails until a person writes why).
// Exits 1 when an answer differs.
import { create, all } from "mathjs";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const S = "sparse([1, 0; 0, 2])";
const T = "sparse([0, 2; 3, 4])";
const U = "sparse([1, 2; 3, 4])";
const V = "sparse([0, 2; 3, 0])";
const E = "sparse([1, 1; 0, 0]) * sparse([1, 0; -1, 0])"; // stores an explicit 0
const D = "[1, 2; 3, 4]";
const R = "sparse([1, -2, 0; 0, 3, -4])"; // 2 x 3
const binaryOps = ["+", "-", ".*", "./", ".^", "==", "!=", "<", ">", "<=", ">=", "mod"];
const pairs = [
  [S, T], [T, S], [U, V], [V, U], [S, S], [U, U], [E, S], [S, E], [R, R],
  [S, D], [D, S], [V, D], [D, V], [E, D],
];
const expressions = [];
for (const op of binaryOps) for (const [a, b] of pairs) expressions.push(`${a} ${op} ${b}`);
expressions.push(
  // products
  `${S} * ${T}`, `${T} * ${S}`, `${U} * ${V}`, `${V} * ${U}`, `${R}' * ${R}`, `${R} * ${R}'`,
  `${S} * ${D}`, `${D} * ${S}`, `${V} * ${D}`, `${D} * ${V}`, `${R} * [1, 2; 3, 4; 5, 6]`,
  `[1, 2; 3, 4; 5, 6] * ${R}`, `${S} * [1; 2]`, `${S} * [1, 2]`, `${R} * [1, 0, 2]`,
  `${U} * [0, 1]`, `[1, 2] * ${S}`, `${E}`, `sparse([1, 1; 0, 0]) * [1; -1]`,
  `sparse([1, 1; 0, 0]) * [1, 0; -1, 0]`, `[1, 1; 0, 0] * sparse([1, 0; -1, 0])`,
  `${S} * sparse([1, 2, 3])`, `${R} * ${S}`, `${S} * ${R}`, `multiply(${S}, ${T})`,
  `add(${S}, ${T})`, `subtract(${U}, ${V})`, `dotMultiply(${U}, ${D})`, `dotDivide(${U}, ${D})`,
  `${S} + sparse([1, 2])`, `${S} * 2`, `2 * ${S}`, `${S} / 2`, `${S} + 1`, `-${S}`, `-${E}`,
  `${E} * 2`, `${E} + ${S}`, `${S} + ${E}`, `(${E})'`, `${S} .* 0`,
  // functions
  ...["sum", "prod", "max", "min", "mean", "median", "variance", "std", "abs", "sign", "round",
    "ceil", "floor", "fix", "transpose", "size", "count", "det", "trace", "not", "isZero",
    "isPositive", "isNegative", "conj", "re", "im", "number", "unaryMinus", "typeOf"].flatMap(
    (f) => [`${f}(${U})`, `${f}(sparse([-1.5, 0; 0, 2.5]))`, `${f}(${E})`]),
  `sum(${S}, 1)`, `sum(${S}, 2)`, `max(${U}, 1)`, `min(${U}, 2)`, `mean(${U}, 1)`,
  `sum(sparse([0.1, 0.2; 0.3, 0.4]))`, `sum(sparse([0.1, 0.7; 0.2, 0.4]))`, `round(sparse([1.234, 0; 0, 2.5]), 1)`,
  `max(sparse([-1, 0; 0, -2]))`, `min(sparse([1, 0; 0, 2]))`, `prod(sparse([1, 2; 3, 4]))`,
  `mean(sparse([0.1, 0.2, 0.3]))`, `variance(sparse([1, 0; 0, 2]))`,
  `${S}'`, `${U}'`, `not ${S}`, `${R}'`,
  `sparse([1, 0; 0, 2]) == [1, 0; 0, 2]`, `[1, 2] + ${S}`,
  // division by a matrix, powers, inverses
  `2 / ${U}`, `${U} / ${U}`, `${S} / ${D}`, `${D} / ${S}`, `${U} / 2`, `inv(${S})`, `inv(${V})`,
  `inv(${U})`, `sparse([1, 1; 0, 1])^2`, `sparse([1, 1; 0, 1])^0`, `${U}^3`,
  // logical and bitwise operators
  ...["and", "or", "xor", "&", "|", "^|"].flatMap((op) =>
    [`${S} ${op} sparse([1, 1; 0, 0])`, `${V} ${op} ${S}`, `${S} ${op} [1, 1; 0, 0]`, `[0, 1; 1, 1] ${op} ${S}`,
      `${U} ${op} 3`, `3 ${op} ${U}`, `0 ${op} ${S}`, `-1 ${op} ${S}`]),
  // broadcasting
  `${S} + sparse([1, 2])`, `sparse([1, 2]) + ${S}`, `${S} - sparse([1, 2])'`, `${S} .* [1; 2]`,
  `${S} .* [1, 2]`, `[1, 2] .* ${S}`, `sparse([2, 0; 0, 3]) ./ [1, 2]`, `${S} == sparse([1, 2])`,
  `${S} .* sparse([3, 4])`, `${S} + sparse([1, 2, 3])`,
  // entries that are not plain numbers
  `sparse([true, false; false, true]) + sparse([true, true; false, false])`,
  `sparse([1, 0; 0, 2]) * (1 + 2i)`, `sparse([1, 0; 0, 2]) + sparse([2i, 0; 0, -2])`,
  `sparse([1e-20, 1])`, `sparse([1e-20, 1]) + sparse([1, 1])`, `sparse([0.1, 0; 0, 0.2]) * sparse([0.3, 0; 0.1, 0.7])`,
  `sparse([0.1, 0.2; 0.3, 0.4]) * [0.7; 0.9]`, `[0.1, 0.2; 0.3, 0.4] * sparse([0.7, 0; 0.9, 0.3])`,
  `sparse([]) + sparse([])`, `sparse([]) * sparse([])`, `sum(sparse([]))`, `sparse(zeros(2, 3)) * sparse(ones(3, 2))`,
  `sparse(ones(2, 3)) * sparse(ones(3, 2))`, `size(sparse(ones(2, 3)) * sparse(ones(3, 4)))`,
  `ctranspose(${E})`, `transpose(${E})`, `abs(${E})`, `${E} .* ${E}`, `${E} ./ ${S}`, `${E} == 0`,
  `format(${U} * ${V}, 3)`, `${S} * sparse([1, 2; 3, 4; 5, 6])`,
  // building, reshaping and reading
  `zeros(2, 2, "sparse")`, `ones(2, 3, "sparse")`, `identity(2, "sparse")`, `identity(2, 3, "sparse")`,
  `identity([2, 3], "sparse")`, `zeros([2, 2], "sparse")`, `zeros("sparse")`, `ones(2, "sparse")`,
  `zeros(2, 2, 2, "sparse")`, `identity(2, "dense")`, `zeros(2, "foo")`, `identity(2, 3, 4)`,
  `ones(2, 2, "sparse") + identity(2, "sparse")`, `identity(3, "sparse") * [1; 2; 3]`,
  ...["diag", "cumsum", "squeeze", "clone", "deepEqual", "concat", "kron"].flatMap((f) =>
    f === "deepEqual" || f === "concat" || f === "kron" ? [`${f}(${U}, ${V})`, `${f}(${S}, ${D})`] : [`${f}(${U})`, `${f}(${E})`, `${f}(sparse([1, 2]))`]),
  `reshape(${U}, [1, 4])`, `resize(${U}, [3, 3])`, `column(${U}, 1)`, `row(${U}, 2)`, `column(${E}, 1)`,
  `cumsum(${U}, 2)`, `squeeze(sparse([1, 0]))`, `resize(${E}, [1, 1])`,
  `diag(${V})`, `diag(sparse([1, 2]))`, `diag(sparse([1, 2, 3; 4, 5, 6]))`, `diag(sparse([1, 0; 0, 0; 0, 3]))`,
  `compare(${U}, ${V})`, `compare(${S}, ${T})`, `compare(${E}, ${S})`,
  `sqrt(${S})`, `exp(${S})`, `sin(${U})`, `cube(${S})`, `clone(${E})`,
  `2 ^ ${S}`, `${D} ^ ${S}`, `${S} ^ ${S}`, `${S} << 1`, `${S} >> 1`, `${S} >>> 1`, `1 << ${S}`,
  `mode(${S})`, `mode(${U})`, `mad(${S})`, `mad(${U})`, `factorial(${S})`, `${S}!`,
  `median(${U}, 1)`, `variance(${U}, 2)`, `std(${S}, 1)`, `prod(${U}, 1)`,
  `matrix(${S}, "dense")`, `typeOf(matrix(${S}, "dense")[1, 2])`, `matrix(${E}, "dense")`,
  `sparse([1, 0; 0, 2]) + 0`, `typeOf(sum(${S}))`, `matrix(sparse([1.5, 0]), "dense") * 2`,
  `map(${S}, f(x) = x * 2)`, `map(${S}, f(x) = x - 1)`, `map(${S}, f(x, i) = i[1])`, `map(${E}, f(x) = x)`,
  `forEach(${S}, f(x) = x)`, `dot(sparse([1, 2]), sparse([3, 4]))`, `dot(sparse([0.1, 0.2, 0.3]), sparse([0.3, 0.2, 0.1]))`,
  `dot(sparse([1, 2]), [3, 4])`,
  // indexing (reading)
  ...[`${S}[1, 2]`, `${S}[2, 2]`, `${U}[1:2, 1]`, `${U}[:, 2]`, `${V}[[2, 1], 2]`, `${U}[[2, 1], [2, 1]]`,
    `${U}[end, end]`, `${V}[[true, false], 1]`, `${V}[[true], 2]`, `${U}[[1, 1], 1]`, `${U}[2:1, 1]`,
    `${U}[[], 1]`, `${E}[1:2, 1:2]`, `${E}[1, 1]`, `${R}[2, [3, 1, 2]]`, `${R}[:, end]`, `${S}[3, 1]`,
    `${S}[0, 1]`, `${S}[1]`, `${S}[1, 1, 1]`, `${S}[1.5, 1]`, `typeOf(${S}[1, 1])`, `typeOf(${S}[1:2, 1])`,
    `sparse([1, 2, 3])[2, 1]`, `sparse([1, 2, 3])[2]`,
    `${R}[[true, false], [true, true, false]]`],
  `subset(${U}, index(1, 2))`, `subset(${U}, index([2, 1], [1, 2]))`, `subset(${R}, index(2, [3, 1]))`,
  `subset(${U}, index([], 1))`, `subset(${U}, index(3, 1))`, `subset(${U}, index([1, 3], 1))`,
  `subset(${U}, index(1))`, `subset(${U}, index([true, false, true], 1))`, `subset(${U}, index("a", 1))`,
  `subset(${E}, index([1, 2], 1))`, `subset(${U}, index([true, true], [false, true]))`,
  `subset(${S}, index(1, 2), 5)`, `subset(${S}, index(1, [1, 2]), 3)`, `subset(${S}, index([1, 2], 1), [0; 4])`,
  `subset(${S}, index([], 1), 4)`, `subset(${S}, index(3, 3), 4)`, `subset(${S}, index(1, [1, 2]), [5; 6])`,
  `subset(${S}, index(1, 1), [5, 6])`, `subset(${E}, index(2, 1), 6)`, `subset(${U}, index([2, 1], 2), sparse([0; 7]))`,
  // subset with a default for the grown part: a non-zero default is stored in every grown
  // position (one element at a time, so a later element overwrites its fill in place), a zero
  // or falsy one stores nothing, and a default that equalScalar cannot compare with 0 fails, but
  // only when the matrix grows
  ...[["3, 3", "5", "9"], ["3, 3", "0", "9"], ["3, 3", "5", "0"], ["1, 3", "5", "9"], ["3, 1", "5", "9"],
    ["[3, 4], [3, 1]", "5", "9"], ["1, 1", "5", "9"], ["3, 3", "5", "\"a\""], ["1, 1", "5", "\"a\""],
    ["[], 1", "5", "\"a\""], ["3, 3", "5", "true"], ["3, 3", "5", "false"], ["3, 3", "5", "[1, 2]"],
    ["3, 3", "5", "2i"], ["3, 3", "5", "NaN"], ["3, 3", "5", "null"], ["3, 3", "5", "1/3"],
    ["3, 3", "5", "1e-20"], ["3, 3", "5", "{a: 1}"], ["3, 3", "5", "sparse([1])"], ["3, 3", "5", "bignumber(3)"],
    ["3, 3", "5", "bignumber(0)"], ["3, 3", "5", "\"5\""], ["3, 3", "5", "\"0\""], ["3, 3", "5", "\"\""],
    ["3, 3", "5", "-3"], ["3, 3", "5", "bigint(0)"], ["3, 3", "\"b\"", "9"], ["3, 3", "sparse([5])", "9"],
    ["[1, 3], 1", "[0; 5]", "\"a\""], ["[3, 1], [1, 3]", "[1, 0; 0, 5]", "9"], ["[2, 3], [3, 1]", "[7, 0; 0, 5]", "9"],
    ["1:4, 3", "4", "9"], ["3, 1:3", "4", "9"], ["[true, false], 3", "4", "9"], ["0, 3", "4", "9"],
    ["3", "4", "9"]].map(([i, v, d]) => `subset(${S}, index(${i}), ${v}, ${d})`),
  `subset(sparse([]), index(2, 2), 4, 9)`, `subset(${E}, index(3, 1), 5, 9)`,
  `subset(sparse([0; 1]) + sparse([1; 0]), index([4, 1], 2), [5; 6], 9)`,
  `subset(sparse([0; 1]) + sparse([1; 0]), index([4, 1], 1), [5; 0], 9)`,
  `count(subset(sparse([1]), index(1000, 999), 2, 3))`, `count(subset(sparse([1]), index(1000, 1000), 2, 3))`,
  `sum(subset(sparse([1]), index(1000, 1000), 2, 3))`, `subset(sparse([1]), index(1000, 1001), 2, 3)`,
  // resize with a default: the same test of the default (even when nothing grows), stored
  // entries keep their order
  ...["9", "0", "\"a\"", "\"5\"", "\"0\"", "true", "[1, 2]", "2i", "NaN", "null", "\"\"", "1e-20",
    "{a: 1}", "bignumber(4)", "complex(0, 0)"].map((d) => `resize(${S}, [3, 3], ${d})`),
  `resize(${S}, [3, 1], 9)`, `resize(${S}, [1, 3], 9)`, `resize(${S}, [2, 2], "a")`, `resize(${S}, [1, 1], "a")`,
  `resize(sparse([]), [2, 2], 7)`, `resize(sparse([0; 1]) + sparse([1; 0]), [3, 2], 9)`,
  `resize(${S}, [3], 9)`, `resize(${S}, [3, 3, 3], 9)`, `resize(${S}, [], 9)`, `resize(${S}, 3, 9)`,
  `resize(${S}, [3; 3], 9)`, `resize(${S}, [1, 2; 3, 4], 9)`, `resize(${S}, [3, 3.5], 9)`, `resize(${S}, [3, -1], 9)`,
  `resize(${S}, [3, "a"], 9)`, `resize(${S}, [0, 0], 9)`, `resize(${S}, [2, 0], 9)`, `resize(sparse([1; 2; 3]), [1, 1])`,
  `count(resize(${S}, [1000, 1000], 1))`, `count(resize(${S}, [999, 1000], 1))`, `resize(${S}, [1000, 1001], 1)`,
  // indexed assignment: `{a: size(X = ...), b: X[...] = ..., c: X}` (`size`, as math.js changes X in place)
  ...[[S, "[1, 2] = 5"], [S, "[2, 1] = 5"], [S, "[1, 1] = 0"], [S, "[1, 2] = 0"], [S, "[3, 3] = 7"],
    [S, "[1, 1:2] = [8, 9]"], [S, ":, 1] = [0; 4]"], [S, "[1, :] = 3"], ["sparse([0; 0; 0])", "[1:3, 1] = [1; 2; 3]"],
    [S, "[1] = 3"], [S, "[1, 1, 1] = 3"], [S, "[:, 2] = [5, 6]"], [S, "[1:2, 1:2] = sparse([0, 3; 4, 0])"],
    [S, "[1:2, 1:2] = [1, 2, 3]"], [S, "[1.5, 1] = 3"], [S, "[0, 1] = 3"], [S, "[[true, false], 1] = 3"],
    [S, "[3, 1:2] = [1, 2]"], [S, "[1, 1] = \"a\""], [S, "[1, 2] = [1, 2]"], [E, "[2, 1] = 6"], [E, "[1, 1] = 0"],
    [U, "[[2, 1], 1] = [7; 0]"], [U, "[end, end] = 9"]].map(([m, a]) =>
    `{a: size(X = ${m}), b: X${a.startsWith(":") ? "[" + a : a}, c: X}`),
);

const modes = ["number", "BigNumber", "Fraction"];
const knownPath = new URL("./sparse-known-divergences.jsonl", import.meta.url);

/// math.js's answers and reckon's (`exec calculate`) to the expressions in one number type.
function answers(mode, list) {
  const math = create(all, mode === "BigNumber" ? { number: mode, precision: 64 } : { number: mode });
  const want = list.map((expression) => {
    try {
      const value = math.evaluate(expression);
      return { type: math.typeOf(value), result: math.format(value, { lowerExp: -6, upperExp: 21 }) };
    } catch (error) {
      return { error: String(error.message) };
    }
  });
  const input = list.map((expression) => JSON.stringify({ expression, numericType: mode })).join("\n") + "\n";
  const run = spawnSync(reckon, ["exec", "calculate"], { input, encoding: "utf8", maxBuffer: 1 << 26 });
  const got = run.stdout.trim().split("\n").map((line) => JSON.parse(line));
  if (got.length !== list.length) throw new Error(`reckon answered ${got.length} of ${list.length} lines: ${run.stderr}`);
  return list.map((_, i) => [want[i], got[i]]);
}

/// Whether reckon's answer is math.js's.
const agrees = ([w, g]) =>
  w.error ? Boolean(g.error) && g.error.message.includes(w.error) : !g.error && g.resultType === w.type && g.result === w.result;

/// reckon's answer as number mode would print it: each exact Fraction p/q as the binary64
/// number nearest to it, a Fraction or BigNumber result type as number. The check of the
/// exact modes' answers where math.js's own conversions fail: the same expression in number
/// mode is an independent computation of the same value.
function asNumberMode(g) {
  if (g.error) return g;
  const numbers = create(all, {});
  const result = g.result.replace(/(-?\d+)\/(\d+)/g, (_, p, q) =>
    numbers.format(Number(p) / Number(q), { lowerExp: -6, upperExp: 21 }));
  const resultType = g.resultType === "Fraction" || g.resultType === "BigNumber" ? "number" : g.resultType;
  return { ...g, result, resultType };
}

/// math.js failures that come from its own handling of BigNumbers and Fractions in sparse
/// algorithms, indexes and sizes, not from the value asked for.
const exactModeConversionFailures = [
  /^Cannot implicitly convert a Fraction to BigNumber or vice versa/,
  /^Dimension must be an Array, Matrix, number, bigint, string, or Range$/,
  /^Invalid size, must contain positive integers \(size: \[[\d\/, ]+\]\)$/,
  /^Unexpected type of argument in function (column|row) \(expected: number or bigint or string or boolean, actual: (BigNumber|Fraction), index: 1\)$/,
  /^Function map cannot apply callback arguments to function f: Dimension must be an Array/,
  /^Parameters in function (zeros|ones|identity) must be positive integers$/,
];

/// The operations spec 5.3 gives no exact implementation: median, std, factorial, round with
/// digits, and what is not in its list of exact operations (mad, format with digits, the
/// bitwise operators and shifts).
const notExact = [
  /^(median|std|mad|factorial)\(/, /\)!$/, /^(round|format)\(.*, \d+\)$/, / (&|\||\^\||<<|>>>?) /, /^1 << /,
];

/// The number of elements of a printed sparse matrix (`Sparse Matrix [R x C] ...`), or 0.
function sparseElements(answer) {
  const size = /^Sparse Matrix \[(\d+) x (\d+)\]/.exec(answer.result ?? "");
  return size ? Number(size[1]) * Number(size[2]) : 0;
}

/// The named rules: each says why a difference is allowed, and checks what it claims.
const rules = [
  {
    why: "spec 5.3 (Fraction mode takes whole-number sizes and indexes, matrix arithmetic is exact; BigNumber mode likewise, docs/calculate.md): math.js's own conversions fail, and reckon answers as math.js does in number mode",
    applies: (mode, expression, [w, g], numberMode) =>
      mode !== "number" && exactModeConversionFailures.some((r) => r.test(w.error ?? "")) &&
      !(g.error?.data?.reason === "fraction_unsupported") && agrees([numberMode, asNumberMode(g)]),
  },
  {
    why: "spec 5.3: exponent literals are exact Fractions (1e-20 = 1/10^20), which math.js's fraction parser refuses",
    applies: (mode, expression, [w, g], numberMode) =>
      mode === "Fraction" && w.error === "Invalid argument" && /\de-\d/.test(expression) &&
      !g.error && !numberMode.error && g.resultType === numberMode.type,
  },
  {
    why: "spec 5.3: no exact implementation, so fraction_unsupported",
    applies: (mode, expression, [w, g]) =>
      mode === "Fraction" && g.error?.data?.reason === "fraction_unsupported" && notExact.some((r) => r.test(expression)),
  },
  {
    why: "spec 5.3: number(...) gives binary64 numbers, and a result that is not a safe integer is fraction_unsupported (step 10e)",
    applies: (mode, expression, [w, g]) =>
      mode === "Fraction" && /^number\(/.test(expression) && /\d\.\d/.test(w.result ?? "") &&
      g.error?.data?.reason === "fraction_unsupported",
  },
  {
    why: "spec 5.3: a non-whole index fails with `... needs whole-number indexes`",
    applies: (mode, expression, [w, g]) =>
      mode === "Fraction" && /^Dimension must be an Array/.test(w.error ?? "") && /\[1\.5, /.test(expression) &&
      g.error?.data?.reason === "evaluation_failed" && /needs whole-number indexes/.test(g.error.message),
  },
  {
    why: "spec step 10d: a non-finite result is refused (undefined_result)",
    applies: (mode, expression, [w, g]) =>
      (w.error === "Division by Zero" || /Infinity|NaN/.test(w.result ?? "")) && g.error?.data?.reason === "undefined_result",
  },
  {
    why: "spec 10: a matrix over 1,000,000 elements is refused (result_too_large; counted from math.js's answer in this mode, or in number mode where math.js's own conversions fail)",
    applies: (mode, expression, [w, g], numberMode) => {
      const elements = sparseElements(w) ||
        (exactModeConversionFailures.some((r) => r.test(w.error ?? "")) ? sparseElements(numberMode) : 0);
      return elements > 1_000_000 && g.error?.data?.reason === "result_too_large";
    },
  },
];

const reckon = process.argv[2] && !process.argv[2].startsWith("--") ? process.argv[2] : "target/debug/reckon";
const show = process.argv.includes("--show");
const record = process.argv.includes("--record");
const known = new Map(readFileSync(knownPath, "utf8").split("\n").filter((l) => l.trim()).map((line) => {
  const entry = JSON.parse(line);
  return [`[${entry.numericType}] ${entry.expression}`, entry];
}));
const seen = new Set();
let same = 0, differ = [], stale = [], unlisted = [], byRule = {};
const numberModeAnswers = answers("number", expressions).map(([w]) => w);
for (const mode of modes) {
  answers(mode, expressions).forEach(([w, g], i) => {
    const expression = expressions[i];
    const label = `[${mode}] ${expression}`;
    const ours = g.error ? `error ${g.error.message}` : `${g.resultType} ${JSON.stringify(g.result)}`;
    const theirs = w.error ? `error ${w.error}` : `${w.type} ${JSON.stringify(w.result)}`;
    if (show) console.log(`${label}\n  math.js ${theirs}\n  reckon  ${ours}`);
    const entry = known.get(label);
    if (entry) seen.add(label);
    if (agrees([w, g])) {
      same++;
      if (entry) stale.push(`${label}\n  listed, but the answers agree now`);
      return;
    }
    const rule = rules.find((r) => r.applies(mode, expression, [w, g], numberModeAnswers[i]));
    if (rule) {
      byRule[rule.why] = (byRule[rule.why] ?? 0) + 1;
      if (entry) stale.push(`${label}\n  listed, but the rule "${rule.why}" covers it now`);
      return;
    }
    if (!entry) {
      differ.push(`${label}\n  math.js ${theirs}\n  reckon  ${ours}`);
    } else if (entry.mathjs !== theirs || entry.reckon !== ours) {
      differ.push(`${label}\n  listed with other answers:\n  math.js ${theirs}\n  (listed ${entry.mathjs})\n  reckon  ${ours}\n  (listed ${entry.reckon})`);
    } else if (!entry.reason || entry.reason === "TODO") {
      differ.push(`${label}\n  listed without a reason`);
    }
    unlisted.push({ numericType: mode, expression, reason: entry?.reason ?? "TODO", mathjs: theirs, reckon: ours });
  });
}
for (const label of known.keys()) if (!seen.has(label)) stale.push(`${label}\n  listed, but no such case`);
if (record) {
  writeFileSync(knownPath, unlisted.map((e) => JSON.stringify(e)).join("\n") + (unlisted.length ? "\n" : ""));
  console.log(`recorded ${unlisted.length} known divergences`);
}
console.log([...differ, ...stale].join("\n"));
console.log(`by rule: ${JSON.stringify(byRule, null, 1)}`);
const listed = unlisted.length - differ.length;
console.log(`${expressions.length * modes.length} cases: ${same} the same, ${listed} listed divergences, ${Object.values(byRule).reduce((a, b) => a + b, 0)} under a rule, ${differ.length} differ, ${stale.length} stale entries`);
process.exit(differ.length || stale.length ? 1 : 0);
