// Differential test of `reckon exec calc` against a JavaScript engine: a seeded generator of random
// expressions (valid ones, and mutated ones that exercise every error message), the reference
// evaluator in reference.mjs, and a digit-for-digit comparison of every answer.
//
//   node tests/differential/calc/differential.mjs path/to/reckon [COUNT] [SEED]
//
// Ends with "N passed, M failed"; exits non-zero on any difference.
import { spawnSync } from "node:child_process";
import { evaluate } from "./reference.mjs";

const [reckon, countArg, seedArg] = process.argv.slice(2);
if (!reckon) {
  console.error("usage: node differential.mjs path/to/reckon [COUNT] [SEED]");
  process.exit(2);
}
const count = Number(countArg ?? 12000);
let seed = Number(seedArg ?? 20261130) >>> 0;

// mulberry32: a small, well-known seeded generator.
function random() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (items) => items[Math.floor(random() * items.length)];
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));

function literal() {
  switch (int(0, 9)) {
    case 0: return String(int(0, 9));
    case 1: return String(int(0, 100000));
    case 2: return `${int(0, 999)}.${int(0, 999999)}`;
    case 3: return `.${int(0, 99999)}`;
    case 4: return `${int(1, 9)}.${int(0, 99)}e${pick(["", "+", "-"])}${int(0, 30)}`;
    case 5: return `0x${int(0, 0xffffff).toString(16)}`;
    case 6: return `0b${int(0, 1023).toString(2)}`;
    case 7: return `0o${int(0, 4095).toString(8)}`;
    case 8: return `${int(0, 9)}${pick(["", "."])}`;
    default: return pick(["0.1", "0.2", "0.3", "1e21", "1e-7", "4.35", "2.675", "9007199254740993", "1e308", "5e-324"]);
  }
}

function expression(depth) {
  if (depth <= 0 || random() < 0.3) return literal();
  switch (int(0, 7)) {
    case 0: return `(${expression(depth - 1)})`;
    case 1: return `-${expression(depth - 1)}`;
    case 2: return `${expression(depth - 1)} ** ${pick(["2", "3", "-1", "-2", "0.5", "10", "-3", "0", "(1/2)", "-(2)"])}`;
    case 3: return `${literal()} ** ${int(-20, 20)}`;
    default: return `${expression(depth - 1)} ${pick(["+", "-", "*", "/", "%"])} ${expression(depth - 1)}`;
  }
}

function mutate(text) {
  const chars = [...text];
  const at = int(0, chars.length);
  switch (int(0, 4)) {
    case 0: chars.splice(at, 0, pick(["(", ")", "*", "**", "e", "x", "0x", ".", " ", "\u00a0", "\u200b", "^", "+"])); break;
    case 1: chars.splice(at, 1); break;
    case 2: return chars.slice(0, at).join("");
    default: chars.splice(at, 0, pick(["1e", "1e+", "0b", "0o9", "1e999", ")("])); break;
  }
  return chars.join("");
}

const expressions = [];
for (let i = 0; i < count; i++) {
  const valid = expression(int(1, 5));
  expressions.push(random() < 0.8 ? valid : mutate(valid));
}
const input = expressions
  .map((e) => JSON.stringify({ calculations: [{ expression: e, prefix: "", suffix: "" }] }))
  .join("\n") + "\n";
const run = spawnSync(reckon, ["exec", "calc"], { input, encoding: "utf8", maxBuffer: 1 << 30 });
if (run.status !== 0) {
  console.error(`reckon exec calc exited with ${run.status}: ${run.stderr}`);
  process.exit(1);
}
const answers = run.stdout.split("\n").filter((line) => line.length > 0);
let passed = 0;
const failures = [];
let successes = 0;
let ambiguous = 0;
expressions.forEach((e, i) => {
  const outcomes = evaluate(e);
  const got = JSON.parse(answers[i] ?? "null");
  const text = got?.details?.results?.[0]?.output;
  const value = got?.details?.results?.[0]?.value;
  const message = got?.error?.message;
  const match = outcomes.find((want) =>
    want.error !== undefined ? message === want.error : text === want.text && Object.is(value, Number(want.text)));
  if (match) {
    passed++;
    if (match.error === undefined) successes++;
    if (outcomes.length > 1) ambiguous++;
  } else failures.push(`${JSON.stringify(e)}: expected one of ${JSON.stringify(outcomes)}, got ${answers[i]}`);
});
for (const failure of failures.slice(0, 20)) console.log(`FAIL ${failure}`);
console.log(`${count} expressions (${successes} valid results, ${passed - successes} errors; ${ambiguous} where a power admits two or three right answers: within 0.05 ulp of a tie, or a non-integer exponent) compared with node ${process.version}`);
console.log(`${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
