// The judgement of the differential tests against math.js (tests/peer/docs_examples.mjs,
// tests/peer/reasons.mjs, tests/peer/signatures.mjs): reckon's answers through `reckon exec calculate`, and the named rules
// under which an answer may differ from math.js's, each with a check that can fail.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { serverMath, mathjsAnswer } from "./evaluate.mjs";

const numberMath = serverMath("number");

export const NOT_BUILT = / is not implemented in reckon yet/;

/// reckon's answers (`reckon exec calculate`, `reckon` the path of its binary) to the calls in one number type.
export function reckonAnswers(reckon, mode, expressions) {
  const input = expressions.map((expression) => JSON.stringify({ expression, numericType: mode })).join("\n") + "\n";
  const run = spawnSync(reckon, ["exec", "calculate"], { input, encoding: "utf8", maxBuffer: 1 << 26 });
  const got = run.stdout.trim().split("\n").map((line) => JSON.parse(line));
  if (got.length !== expressions.length) throw new Error(`reckon answered ${got.length} of ${expressions.length} lines: ${run.stderr}`);
  return got.map((g) => (g.error
    ? { reason: g.error.data.reason, message: g.error.message, position: g.error.data.position }
    : { type: g.resultType, result: g.result }));
}

/// The feature a reckon refusal of something not built names, grouped as missing.rs groups
/// them: "units" (a unit form, a unit with a BigNumber or Complex magnitude, a physical constant
/// in BigNumber mode), "NAME()" for a catalogue function not built, else "other form: WHAT";
/// undefined for any other answer.
export function pendingFeature(g) {
  if (!g.reason || !NOT_BUILT.test(g.message)) return undefined;
  const what = g.message.replace(/^Evaluation failed: /, "").replace(/ is not implemented in reckon yet.*$/s, "");
  if (/^units with |^the constant | on units$/.test(what)) return "units";
  if (/^\w+\(\)$/.test(what)) return what;
  return `other form: ${what}`;
}

/// Each number of a result string, and the text between them.
export const numbersOf = (text) => text.split(/(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)/);

/// Whether two result strings differ only in numbers within a relative `tolerance`.
export function close(a, b, tolerance) {
  const x = numbersOf(a), y = numbersOf(b);
  if (x.length !== y.length) return false;
  return x.every((part, i) => {
    if (i % 2 === 0) return part === y[i];
    const p = Number(part), q = Number(y[i]);
    return p === q || Math.abs(p - q) <= tolerance * Math.max(Math.abs(p), Math.abs(q));
  });
}

/// Whether two answers agree within a relative `tolerance` (the same reason for refusals).
export const agreeWithin = (w, g, tolerance) =>
  w.reason ? w.reason === g.reason : !g.reason && w.type === g.type && close(w.result, g.result, tolerance);

/// reckon's answer as number mode would print it: each exact Fraction p/q as the binary64
/// number nearest to it, a Fraction or BigNumber result type as number.
export function asNumberMode(g) {
  if (g.reason) return g;
  const result = g.result.replace(/(-?\d+)\/(\d+)/g, (_, p, q) => numberMath.format(Number(p) / Number(q), { lowerExp: -6, upperExp: 21 }));
  return { type: g.type === "Fraction" || g.type === "BigNumber" ? "number" : g.type, result };
}

/// math.js failures that come from its own handling of BigNumbers and Fractions (conversions,
/// sizes and indexes it holds as BigNumbers or Fractions, signatures it has only for numbers),
/// not from the value asked for.
export const exactModeFailures = [
  /^Cannot implicitly convert a Fraction to BigNumber or vice versa/,
  /^Dimension must be an Array, Matrix, number, bigint, string, or Range/,
  /^Invalid size, must contain positive integers/,
  /^Unexpected type of argument in function \w+ \(expected: [^)]*, actual: (BigNumber|Fraction), index: \d+\)$/,
  /^Too many arguments in function fraction \(expected: 1, actual: 2\)$/,
  /^Parameters in function (zeros|ones|identity) must be positive integers$/,
];

/// The functions spec 5.3 requires to be exact in Fraction mode (besides the operators): a
/// `fraction_unsupported` that blames one of them is a difference, not a rule (as
/// crates/reckon-math/tests/differential_vs_mathjs.rs).
export const EXACT_IN_FRACTION = new Set(["add", "subtract", "multiply", "divide", "unaryMinus", "abs", "sign", "floor", "ceil",
  "fix", "round", "mod", "gcd", "lcm", "square", "cube", "pow", "min", "max", "sum", "prod", "mean", "variance", "cumsum",
  "det", "inv", "transpose", "trace"]);

/// The operators spec 5.3 requires to be exact in Fraction mode.
export const EXACT_OPERATORS = new Set(["+", "-", "*", "/", "^", ".*", "./", ".^", "%", "mod"]);

/// Whether reckon's `fraction_unsupported` blames (by its `position`) a function or operator
/// spec 5.3 leaves inexact: none of the exact ones, or rounding to places (`round(x, 2)`).
export function blamesInexact(call, g) {
  if (g.position === undefined) return false;
  const rest = [...call.expression].slice(g.position).join("");
  const name = /^[A-Za-z_]\w*/.exec(rest)?.[0];
  if (name === undefined) {
    const operator = /^[^\w\s()[\]{},;]+/.exec(rest)?.[0] ?? "";
    return operator !== "" && !EXACT_OPERATORS.has(operator);
  }
  return !EXACT_IN_FRACTION.has(name) || (/^(round|floor|ceil|fix)$/.test(name) && hasSecondArgument(rest));
}

/// Whether the call at the start of `text` has a second argument.
function hasSecondArgument(text) {
  let depth = 0;
  for (const c of text) {
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c) && --depth === 0) return false;
    else if (c === "," && depth === 1) return true;
  }
  return false;
}

/// The calls whose answers are random.
export const RANDOM = /\b(random|randomInt|pickRandom)\b/;

/// The named rules: each says why a difference is allowed, and checks what it claims.
export const rules = [
  {
    why: "spec, reference behaviour: a transcendental result within a relative 1e-12 (1e-50 for BigNumber)",
    applies: (mode, call, w, g) => !w.reason && !g.reason && w.type === g.type &&
      close(w.result, g.result, w.type === "BigNumber" ? 1e-50 : 1e-12),
  },
  {
    why: "random results: the same resultType (and, for a matrix, the same size) is all that can be compared",
    applies: (mode, call, w, g) => RANDOM.test(call.expression) && !w.reason && !g.reason &&
      w.type === g.type && (w.result.match(/\[/g)?.length ?? 0) === (g.result.match(/\[/g)?.length ?? 0),
  },
  {
    why: "spec 5.3 (Fraction and BigNumber modes take whole-number sizes and indexes, docs/calculate.md): math.js's own conversions fail, and reckon answers as math.js does in number mode (within 1e-12)",
    applies: (mode, call, w, g, numberMode) => mode !== "number" && w.reason && exactModeFailures.some((r) => r.test(w.message)) &&
      g.reason !== "fraction_unsupported" &&
      (RANDOM.test(call.expression)
        ? !g.reason && !numberMode.reason && asNumberMode(g).type === numberMode.type
        : agreeWithin(numberMode, g, 1e-12) || agreeWithin(numberMode, asNumberMode(g), 1e-12)),
  },
  {
    why: "spec 5.3: no exact implementation in Fraction mode (the function refused is none of the exact ones)",
    applies: (mode, call, w, g) => mode === "Fraction" && g.reason === "fraction_unsupported" && !/rounded 64-bit float/.test(g.message) &&
      blamesInexact(call, g),
  },
  {
    why: "spec 5.4: a value Fraction mode holds only as a float (a constant, a power by a fraction) never meets a Fraction",
    applies: (mode, call, w, g) => mode === "Fraction" && g.reason === "fraction_unsupported" && /rounded 64-bit float/.test(g.message) &&
      /\b(pi|e|E|tau|phi|random|number|complex|LN2|LN10|LOG2E|LOG10E|SQRT1_2|SQRT2)\b|\^ *\(/.test(call.expression),
  },
  {
    why: "spec 5.3: exponent literals are exact Fractions (2e3 = 2000), which math.js's fraction parser refuses",
    applies: (mode, call, w, g, numberMode) => mode === "Fraction" && w.message === "Invalid argument" &&
      /\d[eE][+-]?\d/.test(call.expression) && agreeWithin(numberMode, asNumberMode(g), 1e-12),
  },
];


/// Compares reckon with math.js (behind the contract) on `casesByMode` (numeric type →
/// expressions) and prints the differences and counts, `title` naming the cases in the summary
/// line. A difference passes only under one of the `rules`, or as an entry of the JSON-lines file
/// `knownPath` recording both answers and a reason; an entry whose answers change, or that no
/// longer differs, fails too. `record` rewrites that file with the differences no rule covers (a
/// new one gets the reason "TODO", which fails until a person writes why). Answers the exit
/// status: 1 when an answer differs.
export function compareWithMathjs({ reckon, casesByMode, knownPath, show = false, record = false, title }) {
  const known = new Map(readFileSync(knownPath, "utf8").split("\n").filter((l) => l.trim()).map((line) => {
    const entry = JSON.parse(line);
    return [`[${entry.numericType}] ${entry.expression}`, entry];
  }));
  const numberMath = serverMath("number");
  const render = (a) => (a.reason ? `${a.reason}: ${a.message}` : `${a.type} ${JSON.stringify(a.result)}`);
  const seen = new Set();
  const differ = [], stale = [], unlisted = [], byRule = {}, pending = {}, classes = {};
  let same = 0, total = 0;
  for (const [mode, expressions] of Object.entries(casesByMode)) {
    const math = serverMath(mode);
    const got = reckonAnswers(reckon, mode, expressions);
    expressions.forEach((text, i) => {
      total++;
      const call = { expression: text };
      const w = mathjsAnswer(math, mode, text);
      const g = got[i];
      const label = `[${mode}] ${text}`;
      // A random answer is recorded with its numbers masked, so that a listed one stays listed.
      const masked = (out) => (RANDOM.test(text) ? out.replace(/\d+(\.\d+)?(e[+-]?\d+)?/g, "N") : out);
      const theirs = masked(render(w));
      const ours = masked(render(g));
      if (show) console.log(`${label}\n  math.js ${theirs}\n  reckon  ${ours}`);
      const feature = pendingFeature(g);
      const entry = known.get(label);
      if (entry) seen.add(label);
      if (feature) {
        pending[feature] = (pending[feature] ?? 0) + 1;
        if (entry) stale.push(`${label}\n  listed, but pending (${feature})`);
        return;
      }
      if (w.reason ? w.reason === g.reason : !g.reason && w.type === g.type && w.result === g.result) {
        same++;
        if (entry) stale.push(`${label}\n  listed, but the answers agree now`);
        return;
      }
      const numberMode = mode === "number" ? w : mathjsAnswer(numberMath, "number", text);
      const rule = rules.find((r) => r.applies(mode, call, w, g, numberMode));
      if (rule) {
        byRule[rule.why] = (byRule[rule.why] ?? 0) + 1;
        if (entry) stale.push(`${label}\n  listed, but the rule "${rule.why}" covers it now`);
        return;
      }
      const kind = w.reason && g.reason ? `reason ${w.reason} (math.js) vs ${g.reason} (reckon)`
        : w.reason ? `answered where math.js refuses (${w.reason})`
          : g.reason ? `refused (${g.reason}) where math.js answers` : "another answer";
      classes[kind] = (classes[kind] ?? 0) + 1;
      if (!entry) differ.push(`${label}\n  math.js ${theirs}\n  reckon  ${ours}`);
      else if (entry.mathjs !== theirs || entry.reckon !== ours) {
        differ.push(`${label}\n  listed with other answers:\n  math.js ${theirs}\n  (listed ${entry.mathjs})\n  reckon  ${ours}\n  (listed ${entry.reckon})`);
      } else if (!entry.reason || entry.reason === "TODO") differ.push(`${label}\n  listed without a reason`);
      unlisted.push({ numericType: mode, expression: text, reason: entry?.reason ?? "TODO", mathjs: theirs, reckon: ours });
    });
  }
  for (const label of known.keys()) if (!seen.has(label)) stale.push(`${label}\n  listed, but no such case`);
  if (record) {
    writeFileSync(knownPath, unlisted.map((e) => JSON.stringify(e)).join("\n") + (unlisted.length ? "\n" : ""));
    console.log(`recorded ${unlisted.length} known divergences`);
  }
  console.log([...differ, ...stale].join("\n"));
  console.log(`differences by class: ${JSON.stringify(classes, null, 1)}`);
  console.log(`by rule: ${JSON.stringify(byRule, null, 1)}`);
  console.log(`pending (not built in reckon yet): ${JSON.stringify(pending, null, 1)}`);
  const listed = unlisted.length - differ.length;
  const underRule = Object.values(byRule).reduce((a, b) => a + b, 0);
  const pendingCount = Object.values(pending).reduce((a, b) => a + b, 0);
  console.log(`${total} ${title} in ${Object.keys(casesByMode).join(", ")}: ${same} the same, ${underRule} under a rule, ` +
    `${pendingCount} pending, ${listed} listed divergences, ${differ.length} differ, ${stale.length} stale entries`);
  return differ.length || stale.length ? 1 : 0;
}
