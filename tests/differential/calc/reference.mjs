// A small reference evaluator for the calc grammar (specified in docs/calc.md), written in JavaScript
// and evaluating with JavaScript numbers: the engine is the oracle. It is independent of reckon's
// code. For `**` the specification's rule applies instead of V8's Math.pow, which is not always
// correctly rounded: for integer exponents the exact power is computed with BigInt and rounded to
// nearest; when the exact value lies within 0.05 ulp of a rounding tie, the specification lets a
// correct libm return either neighbour, so the evaluator carries both values on (it evaluates over
// small sets of candidate values) and an answer is right if it is one of the outcomes.

const WHITESPACE = /[\u0009\u000A\u000B\u000C\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]/u;

class CalcError extends Error {}

function tokenize(source) {
  const chars = [...source];
  const tokens = [];
  let i = 0;
  const isDigit = (c) => c >= "0" && c <= "9";
  while (i < chars.length) {
    const c = chars[i];
    if (WHITESPACE.test(c)) { i++; continue; }
    if ("()+-/%".includes(c)) { tokens.push(c); i++; continue; }
    if (c === "*") {
      if (chars[i + 1] === "*") { tokens.push("**"); i += 2; } else { tokens.push("*"); i++; }
      continue;
    }
    if (isDigit(c) || (c === "." && isDigit(chars[i + 1] ?? ""))) {
      const start = i;
      const prefix = c === "0" ? (chars[i + 1] ?? "").toLowerCase() : "";
      if (prefix === "x" || prefix === "b" || prefix === "o") {
        const valid = { x: /[0-9a-fA-F]/, b: /[01]/, o: /[0-7]/ }[prefix];
        i += 2;
        const digitsStart = i;
        while (i < chars.length && valid.test(chars[i])) i++;
        if (i === digitsStart) throw new CalcError(`Invalid numeric literal starting at "${chars[start]}${chars[start + 1]}"`);
        const raw = chars.slice(start, i).join("");
        const value = Number(BigInt("0" + prefix + raw.slice(2)));
        if (!Number.isFinite(value)) throw new CalcError(`Invalid number "${raw}"`);
        tokens.push(value);
        continue;
      }
      while (i < chars.length && isDigit(chars[i])) i++;
      if (chars[i] === ".") { i++; while (i < chars.length && isDigit(chars[i])) i++; }
      if (chars[i] === "e" || chars[i] === "E") {
        let j = i + 1;
        if (chars[j] === "+" || chars[j] === "-") j++;
        if (!isDigit(chars[j] ?? "")) throw new CalcError(`Invalid exponent in "${chars.slice(start, j).join("")}"`);
        i = j;
        while (i < chars.length && isDigit(chars[i])) i++;
      }
      const raw = chars.slice(start, i).join("");
      const value = Number(raw);
      if (!Number.isFinite(value)) throw new CalcError(`Invalid number "${raw}"`);
      tokens.push(value);
      continue;
    }
    throw new CalcError(`Invalid character "${c}" in expression`);
  }
  if (tokens.length === 0) throw new CalcError("Expression is empty");
  return tokens;
}

const MAX_CANDIDATES = 64;

/** Every f(x, y) for x in xs, y in ys (deduplicated, bounded). */
function lift(xs, ys, f) {
  const out = new Map();
  for (const x of xs) for (const y of ys) for (const v of [].concat(f(x, y))) if (out.size < MAX_CANDIDATES) out.set(Object.is(v, -0) ? "-0" : String(v), v);
  return [...out.values()];
}

function parse(tokens) {
  let pos = 0;
  const peek = () => tokens[pos];
  const expr = () => {
    let v = term();
    for (;;) {
      if (peek() === "+") { pos++; v = lift(v, term(), (a, b) => a + b); } else if (peek() === "-") { pos++; v = lift(v, term(), (a, b) => a - b); } else return v;
    }
  };
  const term = () => {
    let v = unary();
    for (;;) {
      const t = peek();
      if (t === "*") { pos++; v = lift(v, unary(), (a, b) => a * b); }
      else if (t === "/") { pos++; v = lift(v, unary(), (a, b) => a / b); }
      else if (t === "%") { pos++; v = lift(v, unary(), (a, b) => a % b); }
      else return v;
    }
  };
  const unary = () => {
    if (peek() === "-") { pos++; return unary().map((x) => -x); }
    if (peek() === "+") { pos++; return unary().map((x) => +x); }
    return power();
  };
  const power = () => {
    const base = primary();
    if (peek() === "**") { pos++; return lift(base, unary(), exponentiate); }
    return base;
  };
  const primary = () => {
    const t = peek();
    if (t === undefined) throw new CalcError("Unexpected end of expression");
    pos++;
    if (typeof t === "number") return [t];
    if (t === "(") {
      const v = expr();
      if (peek() !== ")") throw new CalcError("Missing closing parenthesis");
      pos++;
      return v;
    }
    throw new CalcError("Unexpected token in expression");
  };
  const v = expr();
  if (pos < tokens.length) throw new CalcError("Unexpected token in expression");
  return v;
}

/** `a ** b`: for integer exponents the exact power rounded to nearest (both neighbours when the
 * exact value is within 0.05 ulp of a tie). For other finite exponents (non-integer, or integers
 * beyond 4096 whose exact power would be too large to compute quickly) no exact value is at hand
 * here, and the engine's pow (V8's is not correctly rounded) may be one unit in the last place
 * from the correctly rounded result that a good libm returns: its value and both neighbours are
 * accepted. Everything else (the special cases) is the engine's value. */
export function exponentiate(a, b) {
  if (Number.isFinite(a) && a !== 0 && Number.isInteger(b) && Math.abs(b) <= 4096) return exactIntegerPower(a, b);
  const engine = a ** b;
  if (Number.isFinite(a) && Number.isFinite(b) && Number.isFinite(engine) && engine !== 0) {
    return [engine, neighbour(engine, 1), neighbour(engine, -1)];
  }
  return engine;
}

/** The next double away from (direction 1) or toward (-1) zero. */
function neighbour(x, direction) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + BigInt(direction));
  return view.getFloat64(0);
}

function decompose(x) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0), lo = view.getUint32(4);
  const exponentBits = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e;
  if (exponentBits === 0) e = -1074; else { m |= 1n << 52n; e = exponentBits - 1075; }
  return { negative: hi >>> 31 === 1, m, e };
}

/** n / d (positive BigInts) rounded to the nearest double, ties to even; both neighbours when the
 * exact value is within 0.05 ulp of a tie. */
function ratioToDoubles(n, d) {
  const bits = (x) => x.toString(2).length;
  let k = 55 - (bits(n) - bits(d));
  const divide = (k) => {
    const num = k >= 0 ? n << BigInt(k) : n;
    const den = k >= 0 ? d : d << BigInt(-k);
    return [num / den, num % den, den];
  };
  let [q, r, den] = divide(k);
  while (q >= 1n << 55n) [q, r, den] = divide(--k);
  while (q < 1n << 54n) [q, r, den] = divide(++k);
  const top = 54 - k; // the value lies in [2^top, 2^(top+1))
  if (top > 1023) return [Infinity];
  const mantissaBits = top >= -1022 ? 53 : 53 - (-1022 - top);
  const shift = 55 - mantissaBits;
  if (shift > 56) return [0];
  const truncated = q >> BigInt(shift);
  const dropped = q & ((1n << BigInt(shift)) - 1n);
  const half = 1n << BigInt(shift - 1);
  const scale = 2 ** (top - mantissaBits + 1);
  const down = Number(truncated) * scale;
  const up = Number(truncated + 1n) * scale;
  if (dropped === 0n && r === 0n) return [down];
  // Distance from the tie, in units of the last place: |dropped + r/den - half| / 2^shift.
  const offset = Number((dropped - half) * 1000000n + (r * 1000000n) / den) / Number(1n << BigInt(shift)) / 1000000;
  if (Math.abs(offset) < 0.05) return [down, up];
  return [offset > 0 || (offset === 0 && (truncated & 1n) === 1n) ? up : down];
}

function exactIntegerPower(a, b) {
  const { negative, m, e } = decompose(a);
  const n = Math.abs(b);
  let num = m ** BigInt(n);
  let den = 1n;
  let scale = e * n;
  if (b < 0) { [num, den] = [den, num]; scale = -scale; }
  if (scale >= 0) num <<= BigInt(scale); else den <<= BigInt(-scale);
  const magnitudes = ratioToDoubles(num, den);
  return negative && n % 2 === 1 ? magnitudes.map((m) => -m) : magnitudes;
}

/** The answers calc may give for one expression: a set of `{text}` and `{error}` outcomes (one,
 * unless a power lands within 0.05 ulp of a rounding tie). */
export function evaluate(source) {
  try {
    const outcomes = new Map();
    for (const value of parse(tokenize(source))) {
      const outcome = Number.isFinite(value) ? { text: String(value + 0) } : { error: "Expression result is not a finite number" };
      outcomes.set(JSON.stringify(outcome), outcome);
    }
    return [...outcomes.values()];
  } catch (error) {
    if (error instanceof CalcError) return [{ error: error.message }];
    throw error;
  }
}
