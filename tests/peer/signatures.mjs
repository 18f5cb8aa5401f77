// Compares reckon's `calculate` with math.js 15.2 on every signature of the catalogue (spec 6.1):
// for each function, each typed-function signature math.js declares (`math[name].signatures`,
// read here from the installed package) is called with one representative value of each of
// its parameter types, in all three numeric types, and the answers are judged as in
// docs_examples.mjs (tests/peer/judge.mjs: the same resultType and result, or the same reason
// of section 9.3; differences only under a named rule or listed in
// `signatures-known-divergences.jsonl` with their reason). A rest parameter (`...number`) is
// called with one and with two values. A signature with a type that has no simple written form
// here (Index, Range, Node, Date, Unit for the functions another issue owns) is not called;
// the summary counts them.
//
// Left out: the unit functions and linear algebra (their own issues and tests), the random
// functions (random results), `config` (read-only, 6.4), the names marked ◦, and `sqrtm`, whose
// iteration on a BigNumber or Fraction matrix runs into the 5 s deadline in a debug build (a
// wall-clock answer, which no listed divergence could hold).
//
//   node tests/peer/signatures.mjs [path/to/reckon] [--show] [--record]
import { create, all } from "mathjs";
import { compareWithMathjs } from "./judge.mjs";

/// Spec 6.1's catalogue, without the functions named above.
const CATALOGUE = `abs add cbrt ceil cube divide dotDivide dotMultiply dotPow exp expm1 fix
  floor gcd hypot invmod lcm log log10 log1p log2 mod multiply norm nthRoot nthRoots pow round
  sign sqrt square subtract unaryMinus unaryPlus xgcd addScalar subtractScalar multiplyScalar
  divideScalar sin cos tan sec csc cot asin acos atan atan2 asec acsc acot sinh cosh tanh
  sech csch coth asinh acosh atanh asech acsch acoth re im conj arg
  factorial gamma lgamma combinations combinationsWithRep permutations multinomial kldivergence
  bernoulli bellNumbers catalan composition stirlingS2
  mean median mode std variance mad quantileSeq sum prod cumsum min max corr count
  column concat cross ctranspose det diag diff dot filter flatten
  forEach getMatrixDataType identity inv kron map mapSlices apply matrixFromColumns
  matrixFromFunction matrixFromRows ones partitionSelect range reshape resize rotate
  rotationMatrix row size sort squeeze subset trace transpose zeros
  compare compareNatural compareText deepEqual equal equalText larger
  largerEq smaller smallerEq unequal and or xor not nullish bitAnd bitOr bitXor bitNot leftShift
  rightArithShift rightLogShift setCartesian setDifference setDistinct setIntersect setIsSubset
  setMultiplicity setPowerset setSize setSymDifference setUnion
  bigint bignumber boolean complex fraction index matrix number sparse string num den
  bin oct hex format print clone hasNumericValue isBounded isFinite isInteger
  isNaN isNegative isNumeric isPositive isPrime isZero numeric typeOf erf zeta distance intersect`
  .split(/\s+/).filter(Boolean);

/// One written value of each parameter type.
const VALUES = {
  number: "number(3)",
  BigNumber: "bignumber(3)",
  Fraction: "fraction(1, 3)",
  bigint: "bigint(5)",
  Complex: "complex(1, 2)",
  boolean: "true",
  string: "\"3\"",
  Array: "size([1, 2; 3, 4])",
  Matrix: "[1, 2; 3, 4]",
  DenseMatrix: "[1, 2; 3, 4]",
  SparseMatrix: "sparse([1, 0; 0, 2])",
  Unit: "2 m",
  function: "square",
  Object: "{a: 1}",
  null: "null",
  any: "2",
};

/// The argument lists of one signature ("number, ...BigNumber|number"): one per type of each
/// parameter's union would explode, so each parameter takes the first type of its union that
/// has a written value; a rest parameter is given once and twice. Undefined when a parameter
/// has no such type.
function argumentLists(signature) {
  const params = signature === "" ? [] : signature.split(",").map((p) => p.trim());
  const written = [];
  let rest = false;
  for (const param of params) {
    rest = param.startsWith("...");
    const type = param.replace(/^\.\.\./, "").split("|").map((t) => t.trim()).find((t) => t in VALUES);
    if (type === undefined) return undefined;
    written.push(VALUES[type]);
  }
  return rest ? [written, [...written, written[written.length - 1]]] : [written];
}

const argv = process.argv.slice(2);
const reckon = argv[0] && !argv[0].startsWith("--") ? argv[0] : "target/debug/reckon";
const math = create(all);
const calls = new Set();
let skipped = 0;
for (const name of CATALOGUE) {
  const signatures = math[name]?.signatures;
  if (!signatures) continue;
  for (const signature of Object.keys(signatures)) {
    const lists = argumentLists(signature);
    if (!lists) {
      skipped++;
      continue;
    }
    for (const list of lists) calls.add(`${name}(${list.join(", ")})`);
  }
}
const expressions = [...calls];
console.log(`${expressions.length} calls of ${CATALOGUE.length} functions; ${skipped} signatures with a type not written here`);
const casesByMode = Object.fromEntries(["number", "BigNumber", "Fraction"].map((mode) => [mode, expressions]));
process.exit(compareWithMathjs({
  reckon, casesByMode, show: argv.includes("--show"), record: argv.includes("--record"),
  knownPath: new URL("./signatures-known-divergences.jsonl", import.meta.url), title: "signature calls",
}));
