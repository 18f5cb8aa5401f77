// Prints math.js 15.2's evaluation of each expression (number mode), one JSON line per input line
// (a JSON string): {"type": typeOf(result), "result": format(result, {lowerExp: -6, upperExp: 21}),
// "value": Number(result) when it is a number} or {"error": message}.
//   node tests/peer/evaluate.mjs < expressions.jsonl
import { create, all } from "mathjs";
import { createInterface } from "node:readline";

const math = create(all);
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line) continue;
  const expression = JSON.parse(line);
  try {
    const value = math.evaluate(expression);
    const type = math.typeOf(value);
    const out = { type, result: math.format(value, { lowerExp: -6, upperExp: 21 }) };
    if (type === "number") out.value = Number.isFinite(value) ? value : String(value);
    process.stdout.write(JSON.stringify(out) + "\n");
  } catch (error) {
    process.stdout.write(JSON.stringify({ error: String(error.message) }) + "\n");
  }
}
