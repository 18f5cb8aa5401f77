// Times simplify and derivative side by side in one run (issue 32): math.js 15.2 in this
// process, and reckon through `reckon exec calculate`, on a mixed corpus of symbolic requests.
// - math.js: per request, the tool's whole job as a server built on it does it: the JSON
//   request parsed, `simplify(e).toString()` and `parse(e).toString()` (for `unchanged`), or
//   `derivative(e, v).toString()`, and the JSON answer written; mean of `ROUNDS` calls after a
//   warm-up of a tenth of them.
// - reckon: the corpus repeated 1 and `REPEAT` times through one `reckon exec` process each; the
//   difference divided by the extra requests is the time per request without process start.
// Prints the mean per request of each and the ratio.
//   node tests/peer/bench_symbolic.mjs [path/to/reckon] [ROUNDS] [REPEAT]
import { create, all } from "mathjs";
import { spawnSync } from "node:child_process";

const math = create(all);
const [reckon = "target/release/reckon", roundsArg, repeatArg] = process.argv.slice(2);
const ROUNDS = Number(roundsArg ?? 200);
const REPEAT = Number(repeatArg ?? 200);

const simplify = [
  "2x + 3x", "(x + 1)^2", "tan(x)^2 + 1", "2 * sin(x) * cos(x)", "x^2 * x^3", "x^1", "x + 1",
  "(2x)/(4x)", "sin(2x)^2 + cos(2x)^2", "log(e)", "sin(0)", "x^(1/2) * x^(1/2)",
  "2x + 3y + 4x - y", "0.4 * x", "3 + 2/4", "x / 2 + x / 2", "e^x * e^y", "a/(a/c)",
  "(x^2 - 1) / (x - 1)", "x^2 + 2x + 1 - (x + 1)^2", "foo(x) + foo(x)", "y + x",
  "3 * (x + 2)", "x * y * x", "-(x - y)", "cos(x)^2 - sin(x)^2",
];
const derivative = [
  "x^2", "exp(x)", "x^x", "abs(x)", "sinh(x)", "x^2 * y", "asin(x)", "pi * x", "sin(x)",
  "3x^2 + 2x + 1", "sin(2x)", "log(x, 2)", "1 / x", "sqrt(x)", "2^x", "x^3 * sin(x)",
  "exp(-x^2)", "log(x^2 + 1)", "atan(x / 2)", "(x + 1) / (x - 1)",
];
const corpus = [
  ...simplify.map((expression) => ({ expression, operation: "simplify" })),
  ...derivative.map((expression) => ({ expression, operation: "derivative", variable: "x" })),
];
const lines = corpus.map((r) => JSON.stringify(r));

function job(line) {
  const r = JSON.parse(line);
  const out = { expression: r.expression, operation: r.operation };
  if (r.operation === "simplify") {
    out.result = math.simplify(r.expression).toString();
    out.resultType = "string";
    out.unchanged = out.result === math.parse(r.expression).toString();
  } else {
    out.result = math.derivative(r.expression, r.variable).toString();
    out.resultType = "string";
  }
  return JSON.stringify(out);
}

let mathjsNs = 0;
for (const line of lines) {
  for (let i = 0; i < ROUNDS / 10; i++) job(line);
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) job(line);
  mathjsNs += Number(process.hrtime.bigint() - start) / ROUNDS;
}
mathjsNs /= lines.length;

function reckonSeconds(repeat) {
  const input = Array.from({ length: repeat }, () => lines.join("\n")).join("\n") + "\n";
  const start = process.hrtime.bigint();
  const run = spawnSync(reckon, ["exec", "calculate"], { input, encoding: "utf8", maxBuffer: 1 << 28 });
  const ns = Number(process.hrtime.bigint() - start);
  const answers = run.stdout.trim().split("\n");
  if (answers.length !== repeat * lines.length || answers.some((a) => a.includes('"error"'))) {
    throw new Error(`reckon: ${answers.length} answers, ${run.stderr}`);
  }
  return ns;
}
reckonSeconds(1);
const one = reckonSeconds(1);
const many = reckonSeconds(REPEAT);
const reckonNs = (many - one) / ((REPEAT - 1) * lines.length);

console.log(`${lines.length} requests (${simplify.length} simplify, ${derivative.length} derivative)`);
console.log(`math.js: ${(mathjsNs / 1000).toFixed(1)} µs per request`);
console.log(`reckon:  ${(reckonNs / 1000).toFixed(1)} µs per request`);
console.log(`reckon is ${(mathjsNs / reckonNs).toFixed(0)}× faster`);
