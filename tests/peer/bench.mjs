// Times math.js 15.2 on a corpus of calculate requests (one JSON object per line), for the
// side-by-side comparison with reckon (scripts/bench-calculate.sh). Per request, after a
// warm-up, the mean time of two jobs:
// - `ns`: math.js's own work, `evaluate` (with the request's scope and number type) plus
//   `format` with the tool's options;
// - `tool_ns`: the whole job reckon's side is timed on, as a tool built on math.js does it: the
//   JSON request text parsed, the same evaluate and format, and the same JSON answer
//   (`result`, `resultType`, `expression`, `operation`, and `scopeVars` when a scope was given)
//   written as text.
// Prints one JSON line per request, {"expression", "ns", "tool_ns", "result"}, then
// {"total_ns", "total_tool_ns"}.
//   node tests/peer/bench.mjs CORPUS [ROUNDS]
import { create, all } from "mathjs";
import { readFileSync } from "node:fs";

const [corpus, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 20000);
const engines = {
  number: create(all),
  Fraction: create(all, { number: "Fraction" }),
  BigNumber: create(all, { number: "BigNumber", precision: 64 }),
};
const options = { lowerExp: -6, upperExp: 21 };

/** Mean nanoseconds per call of `run`, after a warm-up of a tenth of the rounds. */
function timed(run) {
  for (let i = 0; i < rounds / 10; i++) run();
  const start = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) run();
  return Number((process.hrtime.bigint() - start) / BigInt(rounds));
}

let total = 0;
let totalTool = 0;
for (const line of readFileSync(corpus, "utf8").split("\n").filter((l) => l.trim())) {
  const request = JSON.parse(line);
  const math = engines[request.numericType ?? "number"];
  const core = () => {
    try {
      return math.format(math.evaluate(request.expression, { ...request.scope }), options);
    } catch (error) {
      return "error: " + error.message;
    }
  };
  const tool = () => {
    const asked = JSON.parse(line);
    const engine = engines[asked.numericType ?? "number"];
    let answer;
    try {
      const value = engine.evaluate(asked.expression, { ...asked.scope });
      answer = {
        result: engine.format(value, options),
        resultType: engine.typeOf(value),
        expression: asked.expression,
        operation: asked.operation ?? "evaluate",
      };
      if (asked.scope) answer.scopeVars = Object.keys(asked.scope);
    } catch (error) {
      answer = { error: error.message, expression: asked.expression };
    }
    return JSON.stringify(answer);
  };
  const ns = timed(core);
  const toolNs = timed(tool);
  total += ns;
  totalTool += toolNs;
  console.log(JSON.stringify({ expression: request.expression, ns, tool_ns: toolNs, result: core() }));
}
console.log(JSON.stringify({ total_ns: total, total_tool_ns: totalTool }));
