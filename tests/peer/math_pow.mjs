// Prints JavaScript's Math.pow for each input line [x, y], both given as the 16 hex digits of
// their IEEE-754 bits (so -0, NaN and every last bit survive), as the hex bits of the result.
//   node tests/peer/math_pow.mjs < pairs.jsonl
import { createInterface } from "node:readline";

const view = new DataView(new ArrayBuffer(8));
const fromHex = (hex) => {
  view.setBigUint64(0, BigInt("0x" + hex));
  return view.getFloat64(0);
};
const toHex = (x) => {
  view.setFloat64(0, x);
  return view.getBigUint64(0).toString(16).padStart(16, "0");
};
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line) continue;
  const [x, y] = JSON.parse(line).map(fromHex);
  process.stdout.write(JSON.stringify(toHex(Math.pow(x, y))) + "\n");
}
