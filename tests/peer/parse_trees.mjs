// Prints math.js 15.2's parse of each expression, one JSON line per input line (a JSON string):
// {"tree": <JSON.stringify of the node>} or {"error": message, "char": N}.
//   node tests/peer/parse_trees.mjs < expressions.jsonl
import { create, all } from "mathjs";
import { createInterface } from "node:readline";

const math = create(all);
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line) continue;
  const expression = JSON.parse(line);
  try {
    process.stdout.write(JSON.stringify({ tree: JSON.parse(JSON.stringify(math.parse(expression))) }) + "\n");
  } catch (error) {
    process.stdout.write(JSON.stringify({ error: String(error.message), char: error.char ?? null }) + "\n");
  }
}
