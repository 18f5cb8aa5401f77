// The Node.js peers of bench/compare, each a line-in, line-out program like `reckon exec`: it
// reads JSON requests (one per line) from standard input and writes one JSON answer per line,
// doing the job a tool built on the peer would do (the request text parsed, evaluated, the answer
// written as JSON text). At the end it writes `busy_ns N` to standard error: the time from the
// first line read to the last answer written, which leaves Node.js's and math.js's start-up out. math.js 15.2 comes from tests/peer's lockfile (`npm ci` there).
//   node bench/peers/mathjs.mjs calculate            calculate requests through math.js
//   node bench/peers/mathjs.mjs decimal-fraction     decimal-expression-evaluate requests, math.js Fraction mode
//   node bench/peers/mathjs.mjs decimal-bignumber    the same, math.js BigNumber mode (64 digits)
//   node bench/peers/mathjs.mjs calc-js              calc requests through the JavaScript engine itself
//   node bench/peers/mathjs.mjs serve PORT           an HTTP server answering calculate requests (POST, any path)
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import { createServer } from "node:http";

const require = createRequire(new URL("../../tests/peer/package.json", import.meta.url));
const [mode, portArg] = process.argv.slice(2);
// calc-js needs no math.js, and loading it is most of a peer's start-up.
const { create, all } = mode === "calc-js" ? {} : require("mathjs");
const configs = { number: {}, Fraction: { number: "Fraction" }, BigNumber: { number: "BigNumber", precision: 64 } };
const made = {};
// Each math.js instance is made when first needed (making one takes a good part of start-up).
const engines = new Proxy(made, {
  get: (_, type) => (made[type] ??= configs[type] && create(all, configs[type])),
});
const formatOptions = { lowerExp: -6, upperExp: 21 };

/** A calculate request answered as a tool built on math.js answers it. */
function calculate(line) {
  const asked = JSON.parse(line);
  const math = engines[asked.numericType ?? "number"];
  try {
    const value = math.evaluate(asked.expression, { ...asked.scope });
    const answer = {
      result: math.format(value, formatOptions),
      resultType: math.typeOf(value),
      expression: asked.expression,
      operation: asked.operation ?? "evaluate",
    };
    if (asked.scope) answer.scopeVars = Object.keys(asked.scope);
    return JSON.stringify(answer);
  } catch (error) {
    return JSON.stringify({ error: error.message, expression: asked.expression });
  }
}

/** `n / d` (BigInts, d > 0) rounded to `scale` fraction digits, half_up or half_even, as text. */
function roundRational(n, d, scale, rounding) {
  const negative = n < 0n;
  const scaled = (negative ? -n : n) * 10n ** BigInt(scale);
  let q = scaled / d;
  const twice = 2n * (scaled % d);
  if (twice > d || (twice === d && (rounding === "half_up" || q % 2n === 1n))) q += 1n;
  let digits = q.toString().padStart(scale + 1, "0");
  if (scale > 0) digits = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return (negative && q !== 0n ? "-" : "") + digits;
}

/** A decimal-expression-evaluate request through math.js in Fraction or BigNumber mode. */
function decimal(line, type) {
  const asked = JSON.parse(line);
  const math = engines[type];
  const scope = {};
  for (const [name, text] of Object.entries(asked.variables ?? {})) {
    scope[name] = type === "Fraction" ? math.fraction(text) : math.bignumber(text);
  }
  if (type === "Fraction") {
    // math.js's round refuses a Fraction digit count; the decimal tool's round(x, n) rounds half_even.
    scope.round = (x, n) => math.fraction(roundRational(x.s * x.n, x.d, Number(n), "half_even"));
  }
  try {
    const value = math.evaluate(asked.expression, scope);
    let text;
    if (type === "Fraction") {
      const n = value.s * value.n;
      text = asked.scale === undefined ? value.toString() : roundRational(n, value.d, asked.scale, asked.rounding);
    } else {
      const mode = asked.rounding === "half_even" ? 6 : 4; // decimal.js ROUND_HALF_EVEN, ROUND_HALF_UP
      text = asked.scale === undefined ? value.toString() : value.toFixed(asked.scale, mode);
    }
    return JSON.stringify({ value: text });
  } catch (error) {
    return JSON.stringify({ error: error.message });
  }
}

/** A calc request: each expression compiled and run by the JavaScript engine, String(value). */
function calcJs(line) {
  const asked = JSON.parse(line);
  const results = asked.calculations.map((c) => {
    const value = Function(`"use strict"; return (${c.expression});`)();
    return { expression: c.expression, value, output: `${c.prefix}${String(value)}${c.suffix}` };
  });
  return JSON.stringify({ content: [{ type: "text", text: results.map((r) => r.output).join("\n") }], details: { results } });
}

const jobs = {
  calculate,
  "decimal-fraction": (line) => decimal(line, "Fraction"),
  "decimal-bignumber": (line) => decimal(line, "BigNumber"),
  "calc-js": calcJs,
};

if (mode === "serve") {
  createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = calculate(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(body);
    });
  }).listen(Number(portArg), "127.0.0.1", () => console.error(`listening on ${portArg}`));
} else if (jobs[mode]) {
  const job = jobs[mode];
  const out = [];
  let start;
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    start ??= process.hrtime.bigint();
    if (line.trim()) out.push(job(line));
    if (out.length >= 1024) process.stdout.write(out.splice(0).join("\n") + "\n");
  }
  if (out.length) process.stdout.write(out.join("\n") + "\n");
  // The time from the first line read to the last answer written, start-up left out (bench/compare).
  process.stderr.write(`busy_ns ${start === undefined ? 0 : process.hrtime.bigint() - start}\n`);
} else {
  console.error("usage: node bench/peers/mathjs.mjs calculate|decimal-fraction|decimal-bignumber|calc-js|serve PORT");
  process.exit(2);
}
