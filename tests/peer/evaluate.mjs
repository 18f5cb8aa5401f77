// Prints math.js 15.2's evaluation of each expression, one JSON line per input line (a JSON
// string, or {"expression", "scope"} to evaluate with a scope object): {"type": typeOf(result), "result": format(result, {lowerExp: -6, upperExp: 21}),
// "value": Number(result) when it is a number} or {"error": message, "kind": "parse" for a
// parse-time failure, else typed-function's category ("wrongType", "tooManyArgs", ...) or null}. The optional argument is
// the number type (math.js's `number` option: "number", the default, "Fraction", or "BigNumber"
// with `precision: 64`, as the server configures it).
//   node tests/peer/evaluate.mjs [Fraction|BigNumber] < expressions.jsonl
// Other peer scripts import `serverMath`, `evaluateAsServer` and `mathjsAnswer` (math.js behind
// the whole contract: tests/peer/docs_examples.mjs, tests/peer/reasons.mjs).
import { create, all } from "mathjs";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

/// A math.js instance configured as the server configures it for `numberType` ("number",
/// "Fraction" or "BigNumber"), with the server's custom units (spec 6.3).
export function serverMath(numberType = "number") {
  const math = create(all, numberType === "BigNumber" ? { number: numberType, precision: 64 } : { number: numberType });
  // The server's custom units (spec 6.3), which never enter the unit system.
  math.createUnit("mph", "1 mile/hour");
  math.createUnit("knot", { definition: "1852 m/hour", aliases: ["knots", "kt", "kts"] });
  math.createUnit("lightyear", { definition: "9460730472580800 m", aliases: ["lightyears", "ly"] });
  return math;
}

/// The current unit system (spec 7.5) starts as SI for each expression ("for this call only"):
/// math.js keeps one per instance, which every unit parsed changes.
function resetUnitSystem(math) {
  const unitSystems = math.Unit.UNIT_SYSTEMS;
  const current = unitSystems.auto;
  for (const key of Object.keys(current)) delete current[key];
  for (const [key, { unit, prefix }] of Object.entries(unitSystems.si)) current[key] = { unit, prefix };
}

/// math.js's answer to one expression with a scope of numbers, as the server computes it
/// (`math` from `serverMath(numberType)`): `{node, value}` on success (the parsed tree and the
/// raw value), `{error, kind, node?}` on failure, `kind` "parse" for a parse-time failure, else
/// typed-function's category or null.
export function evaluateAsServer(math, numberType, expression, scopeNumbers = {}) {
  const scope = { ...scopeNumbers };
  if (numberType === "Fraction") {
    // As the server does (spec section 5.4): a scope number becomes a Fraction when exact.
    for (const [name, value] of Object.entries(scope)) {
      try {
        const fraction = math.fraction(value);
        if (Number(fraction) === value) scope[name] = fraction;
      } catch {}
    }
  }
  resetUnitSystem(math);
  let node;
  try {
    node = math.parse(expression);
  } catch (error) {
    // A parse-time failure (the specification's step 6), told apart from an evaluation that
    // throws a JavaScript SyntaxError (`BigInt("1.5")`).
    return { error: String(error.message), kind: "parse" };
  }
  try {
    return { node, value: node.evaluate(scope) };
  } catch (error) {
    // What the specification's section 9.3 classifies by: typed-function's category of the
    // failure (`wrongType`, `tooManyArgs`, ...).
    return { node, error: String(error.message), kind: error.data?.category ?? null };
  } finally {
    if (numberType === "BigNumber" && (math.BigNumber.precision !== 64 || math.BigNumber.rounding !== 4)) {
      // decimal.js's sin/cos raise their class's precision to ~1000 digits and throw "Precision
      // limit exceeded" before restoring it, which would leak into every later expression of
      // this process: each expression is answered as by a fresh instance.
      math.BigNumber.set({ precision: 64, rounding: 4 });
    }
  }
}

/// An answer of `evaluateAsServer` as this script prints it.
export function printable(math, answer) {
  if (answer.error !== undefined) return { error: answer.error, kind: answer.kind };
  const value = answer.value;
  const type = math.typeOf(value);
  const out = { type, result: math.format(value, { lowerExp: -6, upperExp: 21 }) };
  if (type === "number") out.value = Number.isFinite(value) ? value : String(value);
  return out;
}

// ---------------------------------------------------------------------------------------------
// math.js behind the contract of the specification (used by docs_examples.mjs and
// reasons.mjs): the static checks of step 8, the disabled names of 6.5, the result checks of
// step 10 and the reasons of 9.3.

/// Called names refused before evaluation: spec 6.5 (parse_failed) and step 8b.
const DISABLED = new Set(["import", "createUnit", "evaluate", "parse", "simplify", "derivative", "resolve", "reviver",
  "compile", "parser", "rationalize", "symbolicEqual", "simplifyCore", "simplifyConstant", "leafCount", "chain"]);
const OPERATIONS = ["evaluate", "simplify", "derivative"];
/// Names renamed in call position (step 8c).
const ALIASES = { ln: "log", ...Object.fromEntries(["sin", "cos", "tan", "sec", "csc", "cot"].flatMap((f) =>
  [[`arc${f}`, `a${f}`], [`arc${f}h`, `a${f}h`]])) };

/// math.js's answer to `expression` in `numberType`, under the contract: `{type, result}` or
/// `{reason, message}`.
export function mathjsAnswer(math, numberType, expression) {
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
export function staticCheck(root) {
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
export function resultChecks(math, numberType, value, node) {
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
export function mathjsReason(numberType, { error, kind }) {
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

async function main() {
  const numberType = process.argv[2] ?? "number";
  const math = serverMath(numberType);
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (!line) continue;
    const input = JSON.parse(line);
    const [expression, scope] = typeof input === "string" ? [input, {}] : [input.expression, input.scope ?? {}];
    let out;
    try {
      out = printable(math, evaluateAsServer(math, numberType, expression, scope));
    } catch (error) {
      // format() itself can throw (as it did inside the former single try block).
      out = { error: String(error.message), kind: error.data?.category ?? null };
    }
    process.stdout.write(JSON.stringify(out) + "\n");
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
