// Compares reckon's `calculate` with math.js 15.2 on every example of math.js's own reference
// documentation: the `examples` of each entry of its embedded help (`docs` of the installed
// package, read here, never copied into the repository).
//
// How a help entry's examples become calls. math.js's `help` evaluates an entry's examples in
// order with one shared scope, so `a = 2` on one line gives `a` to the next. calculate takes
// one statement per call and a scope of numbers only, so the sequence is translated: each line
// is one call; a line `name = value` is itself a call (an assignment answers its value), and
// later lines get `name` replaced by `(value)` as written (so a matrix, a BigNumber or a unit
// keeps its type, which a scope of JSON numbers could not carry); a function definition
// `f(x) = body` likewise stands, as written, where `f` is passed as a value. Two things
// cannot be translated and are counted as `untranslatable`, never compared: a call of a
// function defined on an earlier line (`isOdd(2)`), and a line that uses a matrix or object an
// earlier line changed in place (`A[1, 2] = 50`, then `A`). A line with several statements
// (`A = 1; B = 2`) is split into them.
//
// Each call goes to math.js behind the specification's contract (tests/peer/evaluate.mjs
// evaluates as the server configures math.js; the static checks of step 8, the disabled names
// of 6.5, the result checks of step 10 and the reasons of 9.3 are applied here) and to
// `reckon exec calculate`. The answers agree when both succeed with the same resultType and
// result string, or both fail with the same reason (reasons are compared, not "both failed").
// A difference passes only under a named rule below, each with a check that can fail, or as
// an entry of `docs-known-divergences.jsonl`, which records both answers and a reason; an
// entry whose answers change, or that no longer differs, fails too.
//
// Pending: a call reckon refuses as "... is not implemented in reckon yet" (the message
// `crates/reckon-math/src/functions/missing.rs` recognises) is counted by what it names
// (`eigs()`, `units with a BigNumber magnitude`, ...) and not compared, so once the feature
// lands its examples are compared with no change here.
//
//   node tests/peer/docs_examples.mjs [path/to/reckon] [--mode number|BigNumber|Fraction]... [--show] [--record]
// The modes default to all three. `--record` rewrites the known-divergence file with the
// differences no rule covers (each keeps its reason; a new one gets "TODO", which fails until
// a person writes why). Exits 1 when an answer differs.
import { docs } from "mathjs";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { serverMath, evaluateAsServer } from "./evaluate.mjs";

// ---------------------------------------------------------------------------------------------
// Translation of an entry's examples into one-statement calls.

const parser = serverMath("number");
const numberMath = serverMath("number");

/// The one-statement calls of an entry's examples: `{expression}` to compare, or
/// `{expression, untranslatable}` saying why it is not compared.
function calls(examples) {
  const defs = new Map(); // name → replacement text
  const functions = new Set(); // names defined by `f(x) = ...`
  const changed = new Set(); // names changed in place
  const out = [];
  for (const line of examples) {
    for (const statement of statements(line)) {
      let node;
      try {
        node = parser.parse(statement);
      } catch {
        out.push({ expression: statement });
        continue;
      }
      const used = symbols(node);
      const userCall = [...calledNames(node)].find((name) => functions.has(name));
      const stale = [...used].find((name) => changed.has(name));
      // Names a statement changes in place (`A[1, 2] = 50`, or a function whose body does).
      const writes = new Set();
      node.traverse((inner) => {
        if (inner.isAssignmentNode && (inner.index || !inner.object.isSymbolNode)) for (const name of symbols(inner.object)) writes.add(name);
      });
      const written = [...writes].find((name) => defs.has(name));
      const target = node.isAssignmentNode && !node.index && node.object.isSymbolNode ? node.object.name : undefined;
      const untranslatable = userCall ? `calls ${userCall}, defined on an earlier line`
        : stale ? `uses ${stale}, changed in place on an earlier line`
        : written ? `changes ${written}, defined on an earlier line, in place` : undefined;
      if (untranslatable) {
        out.push({ expression: statement, untranslatable });
        for (const name of writes) changed.add(name);
        if (target) changed.add(target);
        continue;
      }
      const expression = substitute(statement, defs, target ?? (node.isFunctionAssignmentNode ? node.name : undefined));
      out.push({ expression });
      if (node.isFunctionAssignmentNode) {
        // Bare, as the examples pass definitions (`map(A, f(x) = x^2)`): math.js's map, filter
        // and forEach read a parenthesised one as an inline expression instead.
        defs.set(node.name, expression.replace(/#.*$/, "").trim());
        functions.add(node.name);
      } else if (target) {
        const value = expression.slice(expression.indexOf("=") + 1).replace(/#.*$/, "").trim();
        defs.set(target, `(${value})`);
        functions.delete(target);
      }
    }
  }
  return out;
}

/// The statements of one example line: itself, or the pieces of a block (`A = 1; B = 2`).
function statements(line) {
  let node;
  try {
    node = parser.parse(line);
  } catch {
    return [line];
  }
  if (!node.isBlockNode) return [line];
  return node.blocks.map((block) => block.node.toString()).filter((text) => text.trim() !== "");
}

/// The names a tree reads (symbols, and the callees of calls).
function symbols(node) {
  const names = new Set();
  node.traverse((inner) => {
    if (inner.isSymbolNode) names.add(inner.name);
  });
  return names;
}

/// The names a tree calls (`f` of `f(2)`).
function calledNames(node) {
  const names = new Set();
  node.traverse((inner) => {
    if (inner.isFunctionNode && inner.fn.isSymbolNode) names.add(inner.fn.name);
  });
  return names;
}

/// `text` with each defined name read as a whole identifier outside string literals and
/// property names replaced by its definition; an assignment's target (`a` of `a = ...`,
/// `f` of `f(x) = ...`) stays.
function substitute(text, defs, target) {
  if (defs.size === 0) return text;
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === "#") {
      out += text.slice(i);
      break;
    } else if (/[A-Za-z_$]/.test(c)) {
      let j = i;
      while (j < text.length && /[A-Za-z0-9_$]/.test(text[j])) j++;
      const name = text.slice(i, j);
      const afterDot = out.trimEnd().endsWith(".") && !/\d\.$/.test(out.trimEnd());
      const isTarget = name === target && out.trim() === "";
      out += defs.has(name) && !afterDot && !isTarget ? defs.get(name) : name;
      i = j;
    } else if (/[0-9]/.test(c)) {
      // A number literal with its exponent (`2e3` has no name `e`).
      const m = /^(0[xob][0-9a-fA-F]+|\d*\.?\d+(?:[eE][+-]?\d+)?)/.exec(text.slice(i));
      const len = m ? m[0].length : 1;
      out += text.slice(i, i + len);
      i += len;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// math.js behind the contract of the specification.

/// Called names refused before evaluation: spec 6.5 (parse_failed) and step 8b.
const DISABLED = new Set(["import", "createUnit", "evaluate", "parse", "simplify", "derivative", "resolve", "reviver",
  "compile", "parser", "rationalize", "symbolicEqual", "simplifyCore", "simplifyConstant", "leafCount", "chain"]);
const OPERATIONS = ["evaluate", "simplify", "derivative"];
/// Names renamed in call position (step 8c).
const ALIASES = { ln: "log", ...Object.fromEntries(["sin", "cos", "tan", "sec", "csc", "cot"].flatMap((f) =>
  [[`arc${f}`, `a${f}`], [`arc${f}h`, `a${f}h`]])) };

/// math.js's answer to `expression` in `numberType`, under the contract: `{type, result}` or
/// `{reason, message}`.
function mathjsAnswer(math, numberType, expression) {
  let node;
  try {
    node = math.parse(expression);
  } catch (error) {
    return { reason: "parse_failed", message: String(error.message) };
  }
  // Before evaluation (steps 7 and 8): an example such as `config({number: "Fraction"})` must
  // not reach the instance.
  if (node.isBlockNode) return { reason: "multiple_expressions", message: "several statements" };
  const refused = staticCheck(node);
  if (refused) return refused;
  const answer = evaluateAsServer(math, numberType, renameAliases(expression));
  if (answer.error !== undefined) return { reason: mathjsReason(numberType, answer), message: answer.error };
  return resultChecks(math, numberType, answer.value, answer.node);
}

/// `expression` with the aliases of step 8c renamed where called.
function renameAliases(expression) {
  return expression.replace(/\b([a-z]+)\s*\(/g, (all, name) => (ALIASES[name] ? all.replace(name, ALIASES[name]) : all));
}

/// Steps 8a and 8b, spec 6.5's disabled names and `config` writes, in one pre-order walk.
function staticCheck(root) {
  let refused;
  root.traverse((node) => {
    if (refused) return;
    const property = node.isAccessorNode && node.index.isObjectProperty?.() ? node.index.getObjectProperty() : undefined;
    if (property === "toString" || property === "toLocaleString") {
      refused = { reason: "disallowed_result_type", message: "toString" };
    } else if (node.isFunctionNode && node.fn.isSymbolNode) {
      const name = node.fn.name;
      if (OPERATIONS.includes(name)) refused = { reason: "operation_as_function", message: name };
      else if (DISABLED.has(name)) refused = { reason: "parse_failed", message: `Function "${name}" is disabled` };
      else if (name === "config" && node.args.length > 0) refused = { reason: "parse_failed", message: "config is disabled" };
    }
  });
  return refused;
}

/// Step 10's result checks, then formatting (step 11; `version` is "redacted", 6.4).
function resultChecks(math, numberType, value, node) {
  if (typeof value === "function") return { reason: "disallowed_result_type", message: "a function" };
  let help = false, nonFinite = false, float = false, leaves = 0;
  const walk = (v) => {
    const type = math.typeOf(v);
    if (type === "Help") help = true;
    else if (type === "DenseMatrix" || type === "Array") (type === "Array" ? v : v.valueOf()).forEach(walk);
    else if (type === "SparseMatrix") (v._values ?? []).forEach(walk);
    else if (type === "Object") Object.values(v).forEach(walk);
    else {
      leaves++;
      if (type === "number") {
        nonFinite ||= !Number.isFinite(v);
        float ||= !Number.isSafeInteger(v);
      } else if (type === "BigNumber") nonFinite ||= !v.isFinite();
      else if (type === "Complex") {
        nonFinite ||= !Number.isFinite(v.re) || !Number.isFinite(v.im);
        float ||= !Number.isSafeInteger(v.re) || !Number.isSafeInteger(v.im);
      } else if (type === "Unit" && v.value !== null) {
        walk(v.value);
        leaves--;
      }
    }
  };
  walk(value);
  if (help) return { reason: "disallowed_result_type", message: "help" };
  if (leaves > 33333) return { reason: "result_too_large", message: `${leaves} elements` };
  if (nonFinite) return { reason: "undefined_result", message: "non-finite" };
  if (numberType === "Fraction" && float) return { reason: "fraction_unsupported", message: "float" };
  const version = node.isSymbolNode && node.name === "version";
  const result = math.format(version ? "redacted" : value, { lowerExp: -6, upperExp: 21 });
  if (result.length > 100000) return { reason: "result_too_large", message: "long" };
  return { type: math.typeOf(value), result };
}

/// The reason 9.3 gives math.js's failure, by its first matching rule (as
/// crates/reckon-math/tests/differential_vs_mathjs.rs's `mathjs_reason`); a failure inside a
/// callback is classified by the failure it wraps.
function mathjsReason(numberType, { error, kind }) {
  const message = callbackFailure(error);
  if (numberType === "Fraction" && message.startsWith("Cannot implicitly convert a number")) return "fraction_unsupported";
  if (message === "Division by Zero") return "undefined_result";
  if (/^(Undefined symbol |Undefined function |No access to property )/.test(message) || message.endsWith(" is disabled")) {
    return "parse_failed";
  }
  if (kind === "wrongType" || /^(Units do not match|Cannot convert |Cannot implicitly convert )/.test(message) ||
    message.endsWith("is no angle")) {
    return "type_mismatch";
  }
  return "evaluation_failed";
}

/// The failure a callback's wrapper reports (`Function map cannot apply callback arguments to
/// function f: …`), or `message` itself.
function callbackFailure(message) {
  const m = /^Function \S+ cannot apply callback arguments to function [^:]*: (.*)$/s.exec(message);
  return m ? m[1] : message;
}

// ---------------------------------------------------------------------------------------------
// reckon and the judgement.

const NOT_BUILT = / is not implemented in reckon yet/;

/// reckon's answers (`exec calculate`) to the calls in one number type.
function reckonAnswers(mode, expressions) {
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
function pendingFeature(g) {
  if (!g.reason || !NOT_BUILT.test(g.message)) return undefined;
  const what = g.message.replace(/^Evaluation failed: /, "").replace(/ is not implemented in reckon yet.*$/s, "");
  if (/^units with |^the constant | on units$/.test(what)) return "units";
  if (/^\w+\(\)$/.test(what)) return what;
  return `other form: ${what}`;
}

/// Each number of a result string, and the text between them.
const numbersOf = (text) => text.split(/(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)/);

/// Whether two result strings differ only in numbers within a relative `tolerance`.
function close(a, b, tolerance) {
  const x = numbersOf(a), y = numbersOf(b);
  if (x.length !== y.length) return false;
  return x.every((part, i) => {
    if (i % 2 === 0) return part === y[i];
    const p = Number(part), q = Number(y[i]);
    return p === q || Math.abs(p - q) <= tolerance * Math.max(Math.abs(p), Math.abs(q));
  });
}

/// Whether two answers agree within a relative `tolerance` (the same reason for refusals).
const agreeWithin = (w, g, tolerance) =>
  w.reason ? w.reason === g.reason : !g.reason && w.type === g.type && close(w.result, g.result, tolerance);

/// reckon's answer as number mode would print it: each exact Fraction p/q as the binary64
/// number nearest to it, a Fraction or BigNumber result type as number.
function asNumberMode(g) {
  if (g.reason) return g;
  const result = g.result.replace(/(-?\d+)\/(\d+)/g, (_, p, q) => numberMath.format(Number(p) / Number(q), { lowerExp: -6, upperExp: 21 }));
  return { type: g.type === "Fraction" || g.type === "BigNumber" ? "number" : g.type, result };
}

/// math.js failures that come from its own handling of BigNumbers and Fractions (conversions,
/// sizes and indexes it holds as BigNumbers or Fractions, signatures it has only for numbers),
/// not from the value asked for.
const exactModeFailures = [
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
const EXACT_IN_FRACTION = new Set(["add", "subtract", "multiply", "divide", "unaryMinus", "abs", "sign", "floor", "ceil",
  "fix", "round", "mod", "gcd", "lcm", "square", "cube", "pow", "min", "max", "sum", "prod", "mean", "variance", "cumsum",
  "det", "inv", "transpose", "trace"]);

/// The operators spec 5.3 requires to be exact in Fraction mode.
const EXACT_OPERATORS = new Set(["+", "-", "*", "/", "^", ".*", "./", ".^", "%", "mod"]);

/// Whether reckon's `fraction_unsupported` blames (by its `position`) a function or operator
/// spec 5.3 leaves inexact: none of the exact ones, or rounding to places (`round(x, 2)`).
function blamesInexact(call, g) {
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
const RANDOM = /\b(random|randomInt|pickRandom)\b/;

/// The named rules: each says why a difference is allowed, and checks what it claims.
const rules = [
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

const argv = process.argv.slice(2);
const reckon = argv[0] && !argv[0].startsWith("--") ? argv[0] : "target/debug/reckon";
const modes = argv.flatMap((a, i) => (argv[i - 1] === "--mode" ? [a] : []));
if (modes.length === 0) modes.push("number", "BigNumber", "Fraction");
const show = argv.includes("--show");
const record = argv.includes("--record");
const knownPath = new URL("./docs-known-divergences.jsonl", import.meta.url);
const known = new Map(readFileSync(knownPath, "utf8").split("\n").filter((l) => l.trim()).map((line) => {
  const entry = JSON.parse(line);
  return [`[${entry.numericType}] ${entry.doc}: ${entry.expression}`, entry];
}));

const cases = Object.keys(docs).sort().flatMap((doc) => calls(docs[doc].examples ?? []).map((call) => ({ doc, ...call })));
const compared = cases.filter((c) => !c.untranslatable);
const render = (a) => (a.reason ? `${a.reason}: ${a.message}` : `${a.type} ${JSON.stringify(a.result)}`);
const seen = new Set();
const differ = [], stale = [], unlisted = [], byRule = {}, pending = {};
let same = 0;
const numberAnswers = compared.map((call) => mathjsAnswer(numberMath, "number", call.expression));
for (const mode of modes) {
  const math = serverMath(mode);
  const got = reckonAnswers(mode, compared.map((c) => c.expression));
  compared.forEach((call, i) => {
    const w = mathjsAnswer(math, mode, call.expression);
    const g = got[i];
    const label = `[${mode}] ${call.doc}: ${call.expression}`;
    // A random answer is recorded with its numbers masked, so that a listed one stays listed.
    const masked = (text) => (RANDOM.test(call.expression) ? text.replace(/\d+(\.\d+)?(e[+-]?\d+)?/g, "N") : text);
    const theirs = masked(render(w));
    const ours = masked(g.reason ? `${g.reason}: ${g.message}` : render(g));
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
    const rule = rules.find((r) => r.applies(mode, call, w, g, numberAnswers[i]));
    if (rule) {
      byRule[rule.why] = (byRule[rule.why] ?? 0) + 1;
      if (entry) stale.push(`${label}\n  listed, but the rule "${rule.why}" covers it now`);
      return;
    }
    if (!entry) differ.push(`${label}\n  math.js ${theirs}\n  reckon  ${ours}`);
    else if (entry.mathjs !== theirs || entry.reckon !== ours) {
      differ.push(`${label}\n  listed with other answers:\n  math.js ${theirs}\n  (listed ${entry.mathjs})\n  reckon  ${ours}\n  (listed ${entry.reckon})`);
    } else if (!entry.reason || entry.reason === "TODO") differ.push(`${label}\n  listed without a reason`);
    unlisted.push({ numericType: mode, doc: call.doc, expression: call.expression, reason: entry?.reason ?? "TODO", mathjs: theirs, reckon: ours });
  });
}
for (const label of known.keys()) {
  if (!seen.has(label) && modes.includes(/^\[(\w+)\]/.exec(label)[1])) stale.push(`${label}\n  listed, but no such case`);
}
if (record) {
  writeFileSync(knownPath, unlisted.map((e) => JSON.stringify(e)).join("\n") + (unlisted.length ? "\n" : ""));
  console.log(`recorded ${unlisted.length} known divergences`);
}
console.log([...differ, ...stale].join("\n"));
const untranslatable = cases.length - compared.length;
console.log(`by rule: ${JSON.stringify(byRule, null, 1)}`);
console.log(`pending (not built in reckon yet): ${JSON.stringify(pending, null, 1)}`);
const listed = unlisted.length - differ.length;
const underRule = Object.values(byRule).reduce((a, b) => a + b, 0);
const pendingCount = Object.values(pending).reduce((a, b) => a + b, 0);
console.log(`${Object.keys(docs).length} help entries, ${cases.length} calls (${untranslatable} untranslatable, not compared), ` +
  `${compared.length * modes.length} compared in ${modes.join(", ")}: ${same} the same, ${underRule} under a rule, ` +
  `${pendingCount} pending, ${listed} listed divergences, ${differ.length} differ, ${stale.length} stale entries`);
process.exit(differ.length || stale.length ? 1 : 0);
