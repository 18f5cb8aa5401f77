// Compares reckon's `calculate` with math.js 15.2 on random nested expressions in all three
// numeric types, above all the reason of a refusal: math.js's failure gets the reason section
// 9.3 of the specification assigns it (tests/peer/evaluate.mjs's `mathjsAnswer`, math.js behind
// the whole contract), and it must be reckon's reason (reasons are compared, not "both failed").
// Answers are compared too: the same resultType and result string.
//
// The expressions come from a small grammar of scalars (numbers, fractions, complex numbers,
// booleans, strings), matrices and calls of catalogue functions and operators nested up to depth
// 3, drawn by a seeded generator, so every run draws the same expressions. A difference passes
// only under one of the named rules of tests/peer/judge.mjs (as in docs_examples.mjs), or as an
// entry of `reasons-known-divergences.jsonl`, which records both answers and why; an entry
// whose answers change, or that no longer differs, fails too (`compareWithMathjs`).
//
//   node tests/peer/reasons.mjs [path/to/reckon] [--count N] [--seed S] [--show] [--record]
// `--count` is the number of expressions per numeric type (default 700). `--record` rewrites the
// known-divergence file with the differences no rule covers (each keeps its reason; a new one
// gets "TODO", which fails until a person writes why). Exits 1 when an answer differs.
import { compareWithMathjs } from "./judge.mjs";

/// A deterministic generator of numbers in [0, 1) (mulberry32).
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCALARS = ["0", "1", "2", "7", "-3", "1/3", "0.5", "2^10", "1 + 2i", "2i", "true", "false", "\"3\"", "\"abc\"", "pi"];
const MATRICES = ["[1, 2; 3, 4]", "[1, 2]", "[1, 2, 3]", "diag([1, 2])", "ones(3)", "zeros(2, 2)", "[]", "[true, false]"];
/// Functions by the number of arguments they are called with here.
const UNARY = ["sqrt", "abs", "hex", "ceil", "floor", "round", "exp", "log", "sin", "cos", "norm", "det", "inv", "transpose",
  "sum", "max", "min", "mean", "size", "not", "factorial", "cube", "square", "sign", "bitNot", "isPrime", "isInteger", "string",
  "number", "fix", "conj", "re", "im", "arg", "gamma", "median", "std", "trace", "flatten", "cbrt", "isZero", "log2", "sort"];
const BINARY = ["pow", "norm", "gcd", "round", "nthRoot", "mod", "dot", "cross", "concat", "max", "min", "atan2", "log",
  "combinations", "bitAnd", "compare", "equal", "larger", "xor", "and", "or", "kron", "hypot", "lcm", "dotMultiply", "leftShift"];
const OPERATORS = ["+", "-", "*", "/", "^", "<", ">", "==", "!=", "&", "|", "and", "or", "xor", ".*", "./", "mod", "<<"];

/// One random expression of at most `depth` levels of calls and operators.
function expression(random, depth) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const r = random();
  if (depth === 0 || r < 0.2) return random() < 0.7 ? pick(SCALARS) : pick(MATRICES);
  const inner = () => expression(random, depth - 1);
  if (r < 0.5) return `${pick(UNARY)}(${inner()})`;
  if (r < 0.7) return `${pick(BINARY)}(${inner()}, ${inner()})`;
  if (r < 0.8) return random() < 0.5 ? `-(${inner()})` : `(${inner()})!`;
  const operand = () => {
    const text = inner();
    return /^[\w."]*$|^\w+\(.*\)$|^\[.*\]$/.test(text) && !text.includes(" ") ? text : `(${text})`;
  };
  return `${operand()} ${pick(OPERATORS)} ${operand()}`;
}

const argv = process.argv.slice(2);
const reckon = argv[0] && !argv[0].startsWith("--") ? argv[0] : "target/debug/reckon";
const option = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const count = option("--count", 700);
const seed = option("--seed", 35);
const show = argv.includes("--show");
const record = argv.includes("--record");
const knownPath = new URL("./reasons-known-divergences.jsonl", import.meta.url);

const random = generator(seed);
const casesByMode = Object.fromEntries(["number", "BigNumber", "Fraction"].map((mode) =>
  [mode, [...new Set(Array.from({ length: count }, () => expression(random, 3)))]]));
process.exit(compareWithMathjs({ reckon, casesByMode, knownPath, show, record, title: `random expressions (seed ${seed})` }));
