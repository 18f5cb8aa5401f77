// math.js 15.2's answer to calculate requests, as the specification's section 2 frames it: the
// independent expectation of the hostile cases whose source is "mathjs 15.2"
// (tests/hostile/check_expectations.py drives it). One JSON line in per request,
// {"id", "input_b64"} holding the request bytes exactly as the case sends them; one line out,
// {"id", "answer"} with {result, resultType, expression, operation[, scopeVars][, precisionUsed]}
// (or the error the specification's result checks give), or {"id", "failed": message} when
// math.js cannot answer (then the case needs another source).
//
// The request is read with JSON.parse, as the original server reads it (duplicate keys: the last
// wins; lone surrogates kept). Each request gets a fresh math.js instance configured as the
// server configures it (`number` set to numericType, BigNumber precision 64). Run with a larger
// stack (`node --stack-size=4000`): the deepest nestings the specification requires to work
// (499 parentheses, 333 arrays) overflow Node's default stack inside math.js's recursive parser.
//   node --stack-size=4000 tests/peer/hostile_oracle.mjs < requests.jsonl
import { create, all } from "mathjs";
import { createInterface } from "node:readline";

/** The specification's result limits (section 10): result length and collection size. */
const MAX_RESULT_LENGTH = 100000;
const MAX_ELEMENTS = Math.floor(MAX_RESULT_LENGTH / 3);

function instance(numericType) {
  if (numericType === "BigNumber") return create(all, { number: "BigNumber", precision: 64 });
  return create(all, { number: numericType });
}

/** Leaves of a result, as section 10 counts them (matrices, arrays and objects recursively). */
function leaves(math, value) {
  if (math.isMatrix(value)) return value.toArray().flat(Infinity).length;
  if (Array.isArray(value)) return value.flat(Infinity).length;
  if (value && typeof value === "object" && math.typeOf(value) === "Object") {
    return Object.values(value).reduce((n, v) => n + leaves(math, v), 0);
  }
  return 1;
}

function isNonFinite(math, value) {
  const type = math.typeOf(value);
  if (type === "number") return !Number.isFinite(value);
  if (type === "BigNumber") return !value.isFinite();
  return false;
}

function answer(text) {
  const request = JSON.parse(text);
  const operation = request.operation ?? "evaluate";
  if (operation !== "evaluate") throw new Error(`the oracle answers evaluate only, not ${operation}`);
  const numericType = request.numericType ?? "number";
  const math = instance(numericType);
  const scope = { ...(request.scope ?? {}) };
  if (numericType === "Fraction") {
    // Section 5.4: a scope number becomes a Fraction when the conversion is exact.
    for (const [name, value] of Object.entries(scope)) {
      try {
        const fraction = math.fraction(value);
        if (Number(fraction) === value) scope[name] = fraction;
      } catch {}
    }
  }
  const value = math.evaluate(request.expression, scope);
  if (isNonFinite(math, value)) return { error: { data: { reason: "undefined_result" } } };
  if (leaves(math, value) > MAX_ELEMENTS) return { error: { data: { reason: "result_too_large" } } };
  const options = { lowerExp: -6, upperExp: 21 };
  const precision = request.precision === "" ? undefined : request.precision ?? undefined;
  if (precision !== undefined) options.precision = precision;
  const result = math.format(value, options);
  if (result.length > MAX_RESULT_LENGTH) return { error: { data: { reason: "result_too_large" } } };
  const out = { result, resultType: math.typeOf(value), expression: request.expression, operation };
  if (request.scope !== undefined && request.scope !== null) out.scopeVars = Object.keys(request.scope);
  if (precision !== undefined) out.precisionUsed = precision;
  return out;
}

for await (const line of createInterface({ input: process.stdin })) {
  if (!line) continue;
  const { id, input_b64 } = JSON.parse(line);
  let out;
  try {
    out = { id, answer: answer(Buffer.from(input_b64, "base64").toString("utf8")) };
  } catch (error) {
    out = { id, failed: String(error?.message ?? error) };
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}
