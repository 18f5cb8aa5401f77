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
import { readFileSync, writeFileSync } from "node:fs";
import { serverMath, mathjsAnswer } from "./evaluate.mjs";
import { reckonAnswers, pendingFeature, rules, RANDOM } from "./judge.mjs";

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
  const got = reckonAnswers(reckon, mode, compared.map((c) => c.expression));
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
