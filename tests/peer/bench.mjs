// Times math.js 15.2 on a corpus of calculate requests (one JSON object per line), for the
// side-by-side comparison with reckon (scripts/bench-calculate.sh): per request, the mean
// time of `evaluate` (with the request's scope and number type) plus `format` with the tool's
// options, after a warm-up. Prints one JSON line per request, {"expression", "ns", "result"},
// then {"total_ns"}.
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
let total = 0;
for (const line of readFileSync(corpus, "utf8").split("\n").filter((l) => l.trim())) {
  const request = JSON.parse(line);
  const math = engines[request.numericType ?? "number"];
  const run = () => {
    try {
      return math.format(math.evaluate(request.expression, { ...request.scope }), { lowerExp: -6, upperExp: 21 });
    } catch (error) {
      return "error: " + error.message;
    }
  };
  for (let i = 0; i < rounds / 10; i++) run();
  const start = process.hrtime.bigint();
  let result;
  for (let i = 0; i < rounds; i++) result = run();
  const ns = Number((process.hrtime.bigint() - start) / BigInt(rounds));
  total += ns;
  console.log(JSON.stringify({ expression: request.expression, ns, result }));
}
console.log(JSON.stringify({ total_ns: total }));
