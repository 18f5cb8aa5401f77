// Prints math.js 15.2's evaluation of each expression, one JSON line per input line (a JSON
// string, or {"expression", "scope"} to evaluate with a scope object): {"type": typeOf(result), "result": format(result, {lowerExp: -6, upperExp: 21}),
// "value": Number(result) when it is a number} or {"error": message, "kind": "parse" for a
// parse-time failure, else typed-function's category ("wrongType", "tooManyArgs", ...) or null}. The optional argument is
// the number type (math.js's `number` option: "number", the default, "Fraction", or "BigNumber"
// with `precision: 64`, as the server configures it).
//   node tests/peer/evaluate.mjs [Fraction|BigNumber] < expressions.jsonl
// Other peer scripts import `serverMath` and `evaluateAsServer` (tests/peer/docs_examples.mjs).
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
