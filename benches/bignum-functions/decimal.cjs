// decimal.js 10.6 (math.js 15.2's BigNumber) at 64 digits, ROUND_HALF_UP: microseconds per call,
// best of 7 rounds of 200 calls, for the rows of reckon's `fast::tests::timings`.
// Run after `cd tests/peer && npm ci`: `node benches/bignum-functions/decimal.cjs`.
const path = require('path');
const Decimal = require(path.join(__dirname, '../../tests/peer/node_modules/decimal.js'));
const D = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });
const rows = [
  ['exp', '1.5'], ['ln', '2.5'], ['log', '7'], ['sin', '1'], ['cos', '1'], ['tan', '1'],
  ['sqrt', '2'], ['asin', '0.5'], ['atan', '1'], ['atan', '0.5'], ['sinh', '1'], ['tanh', '0.5'],
  ['asinh', '1'], ['atanh', '0.5'],
];
for (const [f, a] of rows) {
  const x = new D(a);
  let best = Infinity;
  for (let round = 0; round < 7; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < 200; i++) x[f]();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1000 / 200);
  }
  console.log(`${f}(${a}): ${best.toFixed(1)} µs`);
}
