// Prints math.js 15.2's format of a complex number, one JSON line per input line
// [re, im, precision]: the string format(complex(re, im), {lowerExp: -6, upperExp: 21, precision}),
// with precision left out when it is null. A part may be a number or "NaN", "Infinity", "-Infinity".
//   node tests/peer/format_complex.mjs < parts.jsonl
import { create, all } from "mathjs";
import { createInterface } from "node:readline";

const math = create(all);
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line) continue;
  const [re, im, precision] = JSON.parse(line).map((v) => (typeof v === "string" ? Number(v) : v));
  const options = { lowerExp: -6, upperExp: 21 };
  if (precision !== null) options.precision = precision;
  process.stdout.write(JSON.stringify(math.format(math.complex(re, im), options)) + "\n");
}
