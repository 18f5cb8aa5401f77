// Compares reckon's `simplify` and `derivative` with math.js 15.2 on generated expressions
// (spec section 8; issue 32). Printings may differ (any equivalent printing is correct, 8.2),
// so each answer is judged by equivalence, as the public conformance runner judges `symbolic`
// cases: both results, parsed and evaluated by math.js at 5 pseudo-random points with every
// variable in [0.3, 2.7], must agree (relative 1e-9; both failing at a point skips it).
// Checked for every expression, simplify and d/dx:
//   - where math.js answers, reckon answers an equivalent expression;
//   - reckon's simplify result is also equivalent to the input itself;
//   - where math.js fails, reckon either fails too or answers an expression equivalent to the
//     input (for simplify) or to a central difference of it (for derivative);
//   - reckon's derivative agrees with a central difference of the input.
// An input that is undefined at every point (`1 / (x - x)`) is not judged (8.1 asks
// equivalence only where both sides are defined).
// Reported: how often the printings are identical, how often `unchanged` agrees, and how often
// reckon's result has fewer nodes than math.js's (spec 11d).
//   node tests/peer/symbolic.mjs [path/to/reckon] [--count N] [--show]
// Exits 1 on any failure.
import { create, all } from "mathjs";
import { spawnSync } from "node:child_process";

const math = create(all);
const args = process.argv.slice(2);
const reckon = args[0] && !args[0].startsWith("--") ? args[0] : "target/debug/reckon";
const countAt = args.indexOf("--count");
const COUNT = countAt >= 0 ? Number(args[countAt + 1]) : 2000;
const SHOW = args.includes("--show");

// A seeded generator: the same expressions on every run.
let seed = 20260532 >>> 0;
const rnd = () => {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed / 4294967296;
};
const pick = (list) => list[Math.floor(rnd() * list.length)];

const LEAVES = ["x", "x", "x", "y", "2", "3", "1", "0.5", "1.5", "4", "pi", "e", "z"];
const FUNCTIONS = ["sin", "cos", "tan", "exp", "log", "sqrt", "abs", "sinh", "atan", "cosh"];
function gen(depth) {
  if (depth <= 0 || rnd() < 0.25) return pick(LEAVES);
  const r = rnd();
  if (r < 0.22) return `${gen(depth - 1)} + ${gen(depth - 1)}`;
  if (r < 0.34) return `${gen(depth - 1)} - (${gen(depth - 1)})`;
  if (r < 0.54) return `(${gen(depth - 1)}) * (${gen(depth - 1)})`;
  if (r < 0.62) return `(${gen(depth - 1)}) / (${gen(depth - 1)})`;
  if (r < 0.72) return `(${gen(depth - 1)})^${pick(["2", "3", "-1", "0.5", "2", "y"])}`;
  if (r < 0.76) return `-(${gen(depth - 1)})`;
  if (r < 0.80) return `${pick(["2", "3"])}${pick(["x", "y"])}`;
  if (r < 0.84) return pick(["sin(x)^2 + cos(x)^2", "1 - sin(x)^2", "tan(x)^2 + 1", "2 sin(x) cos(x)", "cos(x)^2 - sin(x)^2", "(x^2 - 1) / (x - 1)", "(x + 1)^2 - x^2"]);
  return `${pick(FUNCTIONS)}(${gen(depth - 1)})`;
}

const expressions = [];
const seen = new Set();
while (expressions.length < COUNT) {
  const e = gen(3);
  if (!seen.has(e)) {
    seen.add(e);
    expressions.push(e);
  }
}

function mathjs(e, op) {
  try {
    return { result: op === "simplify" ? math.simplify(e).toString() : math.derivative(e, "x").toString() };
  } catch (err) {
    return { error: err.message };
  }
}

const requests = [];
for (const e of expressions) {
  requests.push({ expression: e, operation: "simplify" });
  requests.push({ expression: e, operation: "derivative", variable: "x" });
}
const run = spawnSync(reckon, ["exec", "calculate"], {
  input: requests.map((r) => JSON.stringify(r)).join("\n") + "\n",
  encoding: "utf8",
  maxBuffer: 1 << 28,
});
const answers = run.stdout.trim().split("\n").map((line) => JSON.parse(line));
if (answers.length !== requests.length) {
  console.error(`reckon answered ${answers.length} of ${requests.length} lines: ${run.stderr}`);
  process.exit(1);
}

const close = (a, b) => {
  if (typeof a !== "number" || typeof b !== "number") {
    if (math.isComplex(a) || math.isComplex(b)) {
      const ca = math.complex(a), cb = math.complex(b);
      return close(ca.re, cb.re) && close(ca.im, cb.im);
    }
    return String(a) === String(b);
  }
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a === b || Math.abs(a) > 1e12 && Math.abs(b) > 1e12;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
};
const points = (vars, salt) => {
  let s = salt >>> 0;
  const r = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  return Array.from({ length: 5 }, () => Object.fromEntries(vars.map((v) => [v, 0.3 + r() * 2.4])));
};
const freeSymbols = (node) => node.filter((n) => n.isSymbolNode && !(n.name in math) ).map((n) => n.name);

/// Whether two expressions (or an expression and a function of the scope) agree at 5 points;
/// a reason when they do not.
function equivalent(a, b, salt) {
  const na = math.parse(a);
  const fb = typeof b === "function" ? b : math.parse(b).compile();
  const vars = [...new Set([...freeSymbols(na), ...(typeof b === "string" ? freeSymbols(math.parse(b)) : ["x"])])].sort();
  const ca = na.compile();
  let compared = 0;
  for (const scope of points(vars, salt)) {
    let va, vb, ea = false, eb = false;
    try { va = ca.evaluate({ ...scope }); } catch { ea = true; }
    try { vb = typeof b === "function" ? b(scope) : fb.evaluate({ ...scope }); } catch { eb = true; }
    if (ea && eb) continue;
    if (ea || eb) return `only one side evaluates at ${JSON.stringify(scope)}`;
    if (!close(va, vb)) return `${JSON.stringify(scope)}: ${va} vs ${vb}`;
    compared++;
  }
  return null;
}

/// Whether `e` is a real finite number at none of the 5 points: an expression undefined
/// everywhere (`1 / (x - x)`), on which "equivalent wherever both are defined" (8.1) asks
/// nothing.
function undefinedEverywhere(e, vars, salt) {
  const c = math.parse(e).compile();
  return points(vars, salt).every((scope) => {
    try {
      const v = c.evaluate({ ...scope });
      return typeof v !== "number" || !Number.isFinite(v);
    } catch {
      return true;
    }
  });
}

/// How far reckon's derivative is from a central difference of `e` at each point, relative to
/// what the difference quotient can resolve (its step's truncation error and the rounding of
/// f's values): a reason when it is beyond that.
function numericallyWrong(result, e, salt) {
  const f = math.parse(e).compile();
  const d = math.parse(result).compile();
  const vars = [...new Set([...freeSymbols(math.parse(e)), ...freeSymbols(math.parse(result)), "x"])].sort();
  for (const scope of points(vars, salt)) {
    let want, got, fx;
    try {
      const h = 1e-5 * Math.max(1, Math.abs(scope.x));
      const at = (x) => f.evaluate({ ...scope, x });
      fx = Math.max(Math.abs(at(scope.x - h)), Math.abs(at(scope.x + h)));
      want = (at(scope.x + h) - at(scope.x - h)) / (2 * h);
      const half = (at(scope.x + h / 2) - at(scope.x - h / 2)) / h;
      got = d.evaluate({ ...scope });
      if (![want, half, got].every((v) => typeof v === "number" && Number.isFinite(v))) continue;
      // Truncation (estimated from the two steps), rounding of f, and 1e-4 relative.
      const slack = 1e-4 * Math.max(1, Math.abs(want)) + 1e-10 * fx / h + 4 * Math.abs(want - half);
      if (Math.abs(want - got) > slack) return `${JSON.stringify(scope)}: difference quotient ${want}, reckon ${got}`;
    } catch {
      continue;
    }
  }
  return null;
}

const nodes = (text) => math.parse(text).filter(() => true).length;
const stats = { compared: 0, identical: 0, unchangedAgree: 0, simplifyCases: 0, smaller: 0, larger: 0, bothFail: 0, onlyMathjsFails: 0, undefinedInput: 0 };
const failures = [];
const unchangedDiffer = [];
requests.forEach((req, i) => {
  const e = req.expression;
  const op = req.operation;
  const want = mathjs(e, op);
  const got = answers[i];
  if (undefinedEverywhere(e, [...new Set([...freeSymbols(math.parse(e)), "x", "y", "z"])].sort(), i)) {
    stats.undefinedInput++;
    return;
  }
  const fail = (why) => failures.push(`${op} ${JSON.stringify(e)}: ${why}\n    math.js: ${JSON.stringify(want)}\n    reckon:  ${JSON.stringify(got.result ?? got.error?.message)}`);
  if (want.error) {
    if (got.error) { stats.bothFail++; return; }
    stats.onlyMathjsFails++;
    // Checked against the input itself (simplify) or a numerical derivative; a derivative
    // whose difference quotient is too inexact to judge (near a pole) is skipped by `close`.
    const why = op === "simplify" ? equivalent(got.result, e, i) : numericallyWrong(got.result, e, i);
    if (why) fail(`math.js fails; reckon's answer is not the input's value: ${why}`);
    return;
  }
  if (got.error) return fail(`reckon fails: ${got.error.data.reason}: ${got.error.message}`);
  stats.compared++;
  if (got.result === want.result) stats.identical++;
  const resultVars = [...new Set([...freeSymbols(math.parse(want.result)), ...freeSymbols(math.parse(got.result)), "x"])].sort();
  const bothUndefined = undefinedEverywhere(want.result, resultVars, i) && undefinedEverywhere(got.result, resultVars, i);
  const why = bothUndefined ? null : equivalent(got.result, want.result, i);
  if (why) return fail(`not equivalent: ${why}`);
  if (op === "simplify") {
    stats.simplifyCases++;
    const unchanged = math.parse(e).toString() === want.result;
    if (unchanged === got.unchanged) stats.unchangedAgree++;
    else unchangedDiffer.push(`${JSON.stringify(e)}: math.js ${JSON.stringify(want.result)}, reckon ${JSON.stringify(got.result)}`);
    const whyInput = equivalent(got.result, e, i + 7);
    if (whyInput) return fail(`not equivalent to the input: ${whyInput}`);
  } else {
    const whyNumeric = numericallyWrong(got.result, e, i + 13);
    if (whyNumeric) return fail(`not the numerical derivative: ${whyNumeric}`);
  }
  const [n, m] = [nodes(got.result), nodes(want.result)];
  if (n < m) stats.smaller++;
  if (n > m) {
    stats.larger++;
    if (process.env.SYMBOLIC_LARGER) console.log(`larger: ${op} ${JSON.stringify(e)}: math.js ${JSON.stringify(want.result)}, reckon ${JSON.stringify(got.result)}`);
  }
});

console.log(`${expressions.length} expressions, ${requests.length} requests (simplify and d/dx)`);
console.log(`both answer: ${stats.compared}; identical printing: ${stats.identical}; unchanged agrees: ${stats.unchangedAgree} of ${stats.simplifyCases}`);
console.log(`reckon's result smaller: ${stats.smaller}; larger: ${stats.larger}`);
console.log(`both fail: ${stats.bothFail}; only math.js fails: ${stats.onlyMathjsFails}; input undefined at every point (not judged): ${stats.undefinedInput}`);
console.log(`${failures.length} failures`);
for (const f of failures.slice(0, SHOW ? failures.length : 15)) console.log(`- ${f}`);
if (process.env.SYMBOLIC_UNCHANGED) for (const u of unchangedDiffer) console.log(`unchanged differs: ${u}`);
process.exit(failures.length ? 1 : 0);
