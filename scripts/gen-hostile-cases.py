#!/usr/bin/env python3
"""Writes the hostile-input corpus, tests/hostile/<tool>.jsonl (format: crates/reckon-tools/src/hostile.rs).

Each case is a worst-case input for one bound of one tool (the limit itself, one past it, the most
work, the largest literal or result, enormous or malformed JSON envelopes), with its expected
answer and a `source` saying where that answer comes from. No expected answer comes from reckon:
- `spec: ...`: written here by hand from the specifications (error codes, reasons, messages, and
  values one reads off the input);
- `python: ...`: computed exactly in this script (Python's Fraction and int);
- `mathjs 15.2`, `mpmath ...`, `python decimal: ...`, `identity: ...`: computed by
  tests/hostile/check_expectations.py, which math.js 15.2 (Node, tests/peer) answers or which it
  recomputes with mpmath, Python's decimal or the identity named. This script keeps such an answer
  from the file and asks the checker only for a new case (or all of them with --recompute), so
  those need `.venv/bin/python` (mpmath, pinned in tests/python/) and `npm ci` in tests/peer.
The checker recomputes every one of them and holds the files to this script for the others
(`.venv/bin/python tests/hostile/check_expectations.py`).

`max_units` is each case's work bound, and the one number here that is a snapshot of reckon:
for the metered tools it is set from the units the case spends now (--measure, through
`hostile --units`): spent + 25 % + 16, capped at the tool's budget, so the test catches a
regression that makes a case much more expensive. It bounds cost; it is never an expectation.
Usage:
    scripts/gen-hostile-cases.py               # keep the bounds and answers already in tests/hostile/
    scripts/gen-hostile-cases.py --measure     # re-measure the bounds with the release bench binary
                                               # (and warn where reckon's answer differs)
    .venv/bin/python scripts/gen-hostile-cases.py --recompute  # every checker answer anew
The bench binary: cargo build --release -p reckon-bench --bin hostile (HOSTILE_BIN overrides).
"""
import json
import os
import subprocess
import sys
from fractions import Fraction

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "tests", "hostile")
BUDGET = {"decimal-expression-evaluate": 50_000, "calculate": 60_000_000, "calc": 0}


# Sources of the expectations written here (see the module doc).
SPEC = "spec: by hand from the tool's specification"
EXACT = "python: computed exactly here (fractions.Fraction)"
MATHJS = "mathjs 15.2"
# An expectation the checker computes (tests/hostile/check_expectations.py): kept from the file.
CHECKER = None


def case(id, what, expect, input=None, raw=None, hex=None, repeat=None, source=None):
    if source is None:
        assert expect is not CHECKER, f"{id}: an expectation from the checker names its source"
        source = EXACT if "fraction" in expect else SPEC
    c = {"id": id, "what": what, "source": source}
    forms = [(k, v) for k, v in (("input", input), ("input_raw", raw), ("input_hex", hex), ("input_repeat", repeat)) if v is not None]
    assert len(forms) == 1, id
    c[forms[0][0]] = forms[0][1]
    c["expect"] = expect
    return c


def derr(code, reason):
    return {"error": {"code": code, "details": {"reason": reason}}}


def dec_ok(value: Fraction, shown: str, exact=True):
    return {"value": shown, "exact": exact, "fraction": {"numerator": str(value.numerator), "denominator": str(value.denominator)}}


def plain(f: Fraction) -> str:
    """A terminating fraction as a plain decimal string."""
    sign = "-" if f < 0 else ""
    f = abs(f)
    whole, rest = divmod(f.numerator, f.denominator)
    if rest == 0:
        return sign + str(whole)
    digits = ""
    scale = 0
    while rest and scale < 400:
        rest *= 10
        d, rest = divmod(rest, f.denominator)
        digits += str(d)
        scale += 1
    assert rest == 0, "non-terminating"
    return sign + str(whole) + "." + digits


def round_half_even(f: Fraction, scale: int) -> Fraction:
    q = f * 10**scale
    n = round(q)  # Python rounds halves to even
    return Fraction(n, 10**scale)


def shown_at(f: Fraction, scale: int) -> str:
    sign = "-" if f < 0 else ""
    n = abs(f.numerator * 10**scale // f.denominator)
    assert Fraction(n, 10**scale) == abs(f)
    s = str(n).rjust(scale + 1, "0")
    return sign + s[:-scale] + "." + s[-scale:] if scale else sign + s


def decimal_cases():
    cases = []
    t = "decimal-expression-evaluate"
    # Expression size: 2,000 bytes pass, 2,001 are refused before anything else.
    terms = ["1234567.891"] * 166  # 166 terms of 11 bytes joined by "+": 1,991 bytes, 331 tokens
    expr = "+".join(terms)
    expr = expr + " " * (2000 - len(expr))
    value = Fraction(1234567891, 1000) * 166
    cases.append(case("bytes-2000", "an expression of exactly 2,000 bytes (331 tokens)", dec_ok(value, plain(value)), input={"expression": expr}))
    cases.append(case("bytes-2001", "one byte over the expression limit", derr("limit_exceeded", "expression_bytes"), input={"expression": expr + " "}))
    cases.append(case("bytes-2001-multibyte", "2,001 bytes of which most are a 3-byte character", derr("limit_exceeded", "expression_bytes"), input={"expression": "1" + "€" * 666 + "1" * 2}))
    # Tokens: 500 pass, 501 are refused.
    expr = "+".join(["1"] * 250) + "+x"  # 250 ones, 250 pluses... = 501 tokens with x
    toks500 = "+".join(["1"] * 250)  # 499 tokens
    toks500 = "-" + toks500  # unary minus: 500 tokens
    cases.append(case("tokens-500", "exactly 500 tokens", dec_ok(Fraction(248), "248"), input={"expression": toks500}))
    cases.append(case("tokens-501", "501 tokens", derr("limit_exceeded", "tokens"), input={"expression": toks500 + "+1"}))
    # Nesting: 64 levels pass, 65 are refused.
    cases.append(case("depth-64", "64 nested parentheses", dec_ok(Fraction(7), "7"), input={"expression": "(" * 64 + "7" + ")" * 64}))
    cases.append(case("depth-65", "65 nested parentheses", derr("limit_exceeded", "depth"), input={"expression": "(" * 65 + "7" + ")" * 65}))
    cases.append(case("depth-65-unary", "65 pending unary minuses", derr("limit_exceeded", "depth"), input={"expression": "-" * 65 + "7"}))
    cases.append(case("depth-65-calls", "65 nested abs() calls", derr("limit_exceeded", "depth"), input={"expression": "abs(" * 65 + "7" + ")" * 65}))
    cases.append(case("depth-unclosed-400", "400 unclosed parentheses: the depth limit answers, not the parser's stack", derr("limit_exceeded", "depth"), input={"expression": "(" * 400}))
    cases.append(case("depth-unclosed-1000", "1,000 unclosed parentheses: over the token limit, checked first", derr("limit_exceeded", "tokens"), input={"expression": "(" * 1000}))
    # Literals: 60 digits (20 before the point, 40 after: 61 characters) pass; 61 digits are
    # invalid; a literal of 63 characters or more is refused as too long before it is read.
    lit = "9" * 20 + "." + "9" * 40
    v = Fraction(lit.replace(".", "")) / 10**40
    cases.append(case("literal-60-digits", "the longest literal: 60 digits, 40 after the point", dec_ok(v, plain(v)), input={"expression": lit}))
    cases.append(case("literal-61-digits", "61 digits in 62 characters", derr("invalid_input", "invalid_number"), input={"expression": "9" * 21 + "." + "9" * 40}))
    cases.append(case("literal-63", "a 63-character literal", derr("limit_exceeded", "literal_length"), input={"expression": "9" * 22 + "." + "9" * 40}))
    cases.append(case("literal-1999", "a 1,999-digit literal", derr("limit_exceeded", "literal_length"), input={"expression": "9" * 1999}))
    # Variables: 100 pass, 101 are refused.
    vars100 = {f"v{i}": "1" for i in range(100)}
    cases.append(case("variables-100", "100 variables, all used", dec_ok(Fraction(100), "100"), input={"expression": "+".join(f"v{i}" for i in range(100)), "variables": vars100}))
    vars101 = dict(vars100, v100="1")
    cases.append(case("variables-101", "101 variables", derr("limit_exceeded", "variables"), input={"expression": "v0", "variables": vars101}))
    # min/max arguments: 50 pass, 51 are refused.
    cases.append(case("call-args-50", "max() of 50 arguments", dec_ok(Fraction(50), "50"), input={"expression": "max(" + ",".join(str(i) for i in range(1, 51)) + ")"}))
    cases.append(case("call-args-51", "min() of 51 arguments", derr("limit_exceeded", "call_args"), input={"expression": "min(" + ",".join(str(i) for i in range(1, 52)) + ")"}))
    # Work: the three near-budget requests of the benchmarks, and one over.
    nines = "9" * 60
    pads = {f"pad{i}": nines for i in range(13)}
    pads["q0"] = "9" * 40
    pads["q1"] = "9" * 40
    v = Fraction(int(nines))
    cases.append(case("work-variables", "15 long variable values: the budget spent on reading them", dec_ok(v, nines), input={"expression": "pad0", "variables": pads}))
    over = dict(pads, q2="9" * 40)
    cases.append(case("work-variables-over", "one more long variable value than the budget reads", derr("limit_exceeded", "arithmetic_work"), input={"expression": "pad0", "variables": over}))
    big = (Fraction(7**50, 11**48) + Fraction(13**45, 17**40)) * Fraction(19**40, 23**36) - 1
    r = round_half_even(big, 40)
    cases.append(case("work-fractions", "50-digit fractions multiplied", dec_ok(big, shown_at(r, 40), exact=False), input={"expression": "(7^50 / 11^48 + 13^45 / 17^40) * (19^40 / 23^36) - 1", "scale": 40, "rounding": "half_even"}))
    x = Fraction("123456789012345678901234567890.123456789012345678901234567891")
    p = x**3 / 7
    q = p * 10**40
    n = q.numerator // q.denominator
    rem = q - n
    n = n + 1 if rem >= Fraction(1, 2) else n  # half_up on a positive value
    cases.append(case("work-power", "a 60-digit value cubed, divided, rounded", dec_ok(p, shown_at(Fraction(n, 10**40), 40), exact=False), input={"expression": "x^3 / 7", "variables": {"x": "123456789012345678901234567890.123456789012345678901234567891"}, "scale": 40, "rounding": "half_up"}))
    # Intermediate size: 200 digits pass, a power that would pass them is refused before it is computed.
    cases.append(case("digits-power-200", "(9^100)^2: a 191-digit power", dec_ok(Fraction(9**200), str(9**200)), input={"expression": "(9^100)^2"}))
    cases.append(case("digits-power-refused", "(9^100)^3: a 287-digit power, refused before it is computed", derr("limit_exceeded", "power_size"), input={"expression": "(9^100)^3"}))
    cases.append(case("digits-product", "two 96-digit powers multiplied: 191 digits", dec_ok(Fraction(9**200), str(9**200)), input={"expression": "9^100*9^100"}))
    cases.append(case("digits-product-over", "a 201-digit product", derr("limit_exceeded", "intermediate_digits"), input={"expression": "9^100*9^100*9^10"}))
    cases.append(case("exponent-101", "an exponent past its bound", derr("invalid_input", "invalid_exponent"), input={"expression": "2^101"}))
    cases.append(case("non-terminating", "1/3 with no scale", derr("not_computable", "non_terminating_decimal"), input={"expression": "1/3"}))
    # Envelopes.
    cases.append(case("json-whitespace-1mib", "a valid request inside 1 MiB of whitespace", dec_ok(Fraction(2), "2"), repeat={"prefix": '{"expression": "1+1"', "repeat": " ", "times": 1 << 20, "suffix": "}"}))
    cases.append(case("json-unknown-field-1mib", "an unknown member holding a 1 MiB string", derr("invalid_input", "unknown_field"), repeat={"prefix": '{"expression": "1", "padding": "', "repeat": "x", "times": 1 << 20, "suffix": '"}'}))
    cases.append(case("json-nested-100k", "a variable value nested 100,000 arrays deep", derr("invalid_input", "wrong_type"), repeat={"prefix": '{"expression": "a", "variables": {"a": ' + "[" * 100000, "repeat": "]", "times": 100000, "suffix": "}}"}))
    cases.append(case("json-unclosed-100k", "100,000 unclosed arrays", derr("invalid_input", "invalid_json"), repeat={"prefix": '{"expression": "1", "x": ', "repeat": "[", "times": 100000}))
    cases.append(case("json-invalid-utf8", "a byte that is not UTF-8 inside the expression string", derr("invalid_input", "invalid_json"), hex=b'{"expression": "1+'.hex() + "ff" + b'1"}'.hex()))
    cases.append(case("json-overlong-utf8", "an overlong UTF-8 encoding of '/'", derr("invalid_input", "invalid_json"), hex=b'{"expression": "1'.hex() + "c0af" + b'1"}'.hex()))
    cases.append(case("json-lone-surrogate", "a lone high surrogate in the expression", derr("invalid_input", "lone_surrogate"), raw='{"expression": "1 + \\ud800"}'))
    cases.append(case("json-lone-low-surrogate-variable", "a lone low surrogate in a variable value", derr("invalid_input", "invalid_variable_value"), raw='{"expression": "a", "variables": {"a": "\\udc00"}}'))
    cases.append(case("json-duplicate-key", "the expression member twice", derr("invalid_input", "invalid_json"), raw='{"expression": "1", "expression": "2"}'))
    cases.append(case("json-duplicate-escaped-key", "a duplicate member spelled with an escape", derr("invalid_input", "invalid_json"), raw='{"expression": "1", "\\u0065xpression": "2"}'))
    cases.append(case("json-scale-huge", "a 400-digit scale", derr("invalid_input", "invalid_scale"), raw='{"expression": "1", "scale": 1' + "0" * 400 + ', "rounding": "half_even"}'))
    return t, cases


def calc_req(*exprs, prefix="", suffix=""):
    return {"calculations": [{"expression": e, "prefix": prefix, "suffix": suffix} for e in exprs]}


def calc_ok(pairs, prefix="", suffix=""):
    text = "\n".join(f"{prefix}{v}{suffix}" for _, v in pairs)
    results = [{"expression": e, "value": json.loads(v), "output": f"{prefix}{v}{suffix}"} for e, v in pairs]
    return {"content": [{"type": "text", "text": text}], "details": {"results": results}}


def cerr(code, message=None):
    e = {"code": code}
    if message is not None:
        e["message"] = message
    return {"error": e}


# calc answers the checker recomputes: sums of integer literals below 2^53 are exact in binary64.
CALC_SUMS = ("identity: a sum of integer literals below 2^53 is exact in binary64, printed as its digits; "
             "output = prefix + value + suffix, copied verbatim (calc.md section 2), lone surrogates as U+FFFD here")


def calc_cases():
    cases = []
    expr2000 = "+".join(["1234567"] * 250)  # 1,999 bytes, 499 tokens
    expr2000 += " "
    cases.append(case("bytes-2000", "an expression of exactly 2,000 bytes and 499 tokens", calc_ok([(expr2000, "308641750")]), input=calc_req(expr2000)))
    cases.append(case("bytes-2001", "one byte over", cerr("limit_exceeded"), input=calc_req(expr2000 + " ")))
    toks = "-" + "+".join(["1"] * 250)  # 500 tokens
    cases.append(case("tokens-500", "exactly 500 tokens", calc_ok([(toks, "248")]), input=calc_req(toks)))
    cases.append(case("tokens-501", "501 tokens", cerr("limit_exceeded"), input=calc_req(toks + "+1")))
    cases.append(case("depth-64", "64 nested parentheses", calc_ok([("(" * 64 + "7" + ")" * 64, "7")]), input=calc_req("(" * 64 + "7" + ")" * 64)))
    cases.append(case("depth-65", "65 nested parentheses", cerr("limit_exceeded"), input=calc_req("(" * 65 + "7" + ")" * 65)))
    cases.append(case("depth-power-chain", "a right-associative ** chain 64 deep", calc_ok([("2" + "**1" * 63, "2")]), input=calc_req("2" + "**1" * 63)))
    cases.append(case("depth-power-chain-over", "a ** chain past the depth limit", cerr("limit_exceeded"), input=calc_req("1" + "**2" * 200)))
    cases.append(case("depth-unary-over", "200 unary minuses", cerr("limit_exceeded"), input=calc_req("-" * 200 + "1")))
    cases.append(case("depth-unclosed-1000", "1,000 unclosed parentheses", cerr("limit_exceeded"), input=calc_req("(" * 1000)))
    lit = "9" * 1999
    cases.append(case("literal-1999-digits", "a 1,999-digit literal rounds to infinity: Invalid number (calc spec)", CHECKER, input=calc_req(lit),
                      source="identity: 10^1999 - 1 >= 2^1024 - 2^970 rounds to Infinity, so calc.md section 3 requires Invalid number \"RAW\""))
    lit = "0." + "0" * 1990 + "1"
    cases.append(case("literal-tiny", "a literal that underflows to 0", calc_ok([(lit, "0")]), input=calc_req(lit)))
    lit = "0x" + "f" * 1998
    cases.append(case("literal-hex-1998", "a 1,998-digit hexadecimal literal", cerr("invalid_input"), input=calc_req(lit)))
    cases.append(case("largest-result", "the largest finite double", calc_ok([("1.7976931348623157e308", "1.7976931348623157e+308")]), input=calc_req("1.7976931348623157e308")))
    cases.append(case("calculations-1000-max", "1,000 calculations of 2,000 bytes each (2 MB request, the most work a batch holds)", CHECKER, input=calc_req(*([expr2000] * 1000)),
                      source=CALC_SUMS))
    cases.append(case("calculations-1001", "1,001 calculations", cerr("limit_exceeded"), input=calc_req(*(["1"] * 1001))))
    cases.append(case("json-whitespace-1mib", "a valid batch inside 1 MiB of whitespace", calc_ok([("1+1", "2")]), repeat={"prefix": '{"calculations": [{"expression": "1+1", "prefix": "", "suffix": ""}]', "repeat": " ", "times": 1 << 20, "suffix": "}"}))
    cases.append(case("json-prefix-1mib", "a 1 MiB prefix, copied verbatim", CHECKER, source=CALC_SUMS, repeat={"prefix": '{"calculations": [{"expression": "1", "suffix": "", "prefix": "', "repeat": "p", "times": 1 << 20, "suffix": '"}]}'}))
    cases.append(case("json-nested-100k", "a member nested 100,000 arrays deep", cerr("invalid_input"), repeat={"prefix": '{"calculations": ' + "[" * 100000, "repeat": "]", "times": 100000, "suffix": "}"}))
    cases.append(case("json-unclosed-100k", "100,000 unclosed arrays", cerr("invalid_input"), repeat={"prefix": '{"calculations": ', "repeat": "[", "times": 100000}))
    cases.append(case("json-invalid-utf8", "a byte that is not UTF-8 in the expression", cerr("invalid_input"), hex=b'{"calculations": [{"expression": "1+'.hex() + "ff" + b'1", "prefix": "", "suffix": ""}]}'.hex()))
    cases.append(case("json-lone-surrogate-prefix", "lone surrogates in prefix and suffix: copied as JSON.stringify writes them", CHECKER, source=CALC_SUMS, raw='{"calculations": [{"expression": "1", "prefix": "\\ud800", "suffix": "\\udfff"}]}'))
    cases.append(case("json-lone-surrogate-expression", "a lone surrogate in the expression", cerr("invalid_input"), raw='{"calculations": [{"expression": "1+\\ud800", "prefix": "", "suffix": ""}]}'))
    cases.append(case("json-duplicate-key", "the calculations member twice: the last wins, as JSON.parse does", calc_ok([("2", "2")]), raw='{"calculations": [{"expression": "1", "prefix": "", "suffix": ""}], "calculations": [{"expression": "2", "prefix": "", "suffix": ""}]}'))
    return "calc", cases


def calculate_cases():
    cases = []
    B = "BigNumber"
    F = "Fraction"

    def req(expression, numeric=None, **extra):
        r = {"expression": expression}
        if numeric:
            r["numericType"] = numeric
        r.update(extra)
        return r

    def err(reason, position=None):
        d = {"reason": reason}
        if position is not None:
            d["position"] = position
        return {"error": {"data": d}}

    timeout = {"error": {"code": -32004, "data": {"reason": "evaluation_timeout"}}}
    bad_json = {"error": {"code": -32700, "data": {"reason": "invalid_json"}}}
    memory = {"error": {"code": -32007, "message": "Memory limit exceeded: the expression would hold over 256 MiB at once while evaluating.", "data": {"reason": "result_too_large"}}}
    METER = "spec: the work meter refuses it (calculate.md section 11a)"
    HEAP = "spec: reckon's 256 MiB heap budget per request (docs/calculate.md#bounds), its fixed message"
    BIG = "mathjs 15.2; mpmath 1.4.1 agrees (at 100 digits, each operation rounded half-up to 64 as decimal.js does)"

    def add(id, what, expect, request, source=None):
        if expect is CHECKER and source is None:
            source = MATHJS
        if source is None and expect.get("error", {}).get("code") == -32004:
            source = METER
        cases.append(case(id, what, expect, input=request, source=source))

    # Length and nesting. math.js answers the deep ones when Node's stack is large enough
    # (tests/peer/hostile_oracle.mjs); the specification requires them to work (section 10).
    e = "+".join(["1"] * 500)  # 999 code units
    add("length-999", "999 code units: 500 additions", CHECKER, req(e))
    add("length-1001", "1,001 code units", err("expression_too_long"), req(e + "+1"))
    add("length-1001-astral", "501 astral characters: 1,002 UTF-16 code units", err("expression_too_long"), req('"' + "😀" * 501 + '"'))
    add("nesting-parens-499", "499 nested parentheses: parses and evaluates", CHECKER, req("(" * 499 + "1" + ")" * 499))
    add("nesting-arrays-333", "333 nested arrays", CHECKER, req("[" * 333 + "1" + "]" * 333))
    add("nesting-unary-999", "999 unary minuses", CHECKER, req("-" * 999 + "1"))
    add("nesting-power-chain", "a right-associative ^ chain of 333 levels", CHECKER, req("1" + "^1" * 333))
    add("nesting-calls-199", "199 nested abs() calls", CHECKER, req("abs(" * 199 + "1" + ")" * 199))
    add("nesting-unclosed-1000", "1,000 unclosed parentheses", err("parse_failed"), req("(" * 1000))
    add("recursion-guard", "a function that calls itself forever: the call-depth guard", err("evaluation_failed"), req("sum(map([1], f(n) = f(n)))"))
    # Work.
    add("work-doubling-18", "doubling recursion, 2^18 leaves (4.7 M units)", CHECKER, req("{g: f(x) = x <= 0 ? 1 : f(x - 1) + f(x - 1)}.g(18)"),
        "mathjs 15.2; identity: the recursion sums 2^18 ones")
    add("work-doubling-22", "doubling recursion refused by the meter", timeout, req("{g: f(x) = x <= 0 ? 1 : f(x - 1) + f(x - 1)}.g(22)"))
    add("work-range-sum", "the largest range one call may build, summed", CHECKER, req("sum(1:1000000)"), "mathjs 15.2; identity: n(n + 1)/2")
    add("work-matrix-vector", "a 1000×1000 matrix times a vector", CHECKER, req("sum(ones(1000, 1000) * ones(1000, 1))"), "mathjs 15.2; identity: 1000 × 1000 ones")
    add("work-matrix-product-over", "a 1000×1000 matrix product: 10^9 multiply-adds refused by the meter before they run", timeout, req("ones(1000, 1000) * ones(1000, 1000)"))
    add("work-det-200", "det of a 200×200 matrix", CHECKER, req("det(ones(200, 200))"), "mathjs 15.2; identity: a rank-1 matrix has det 0")
    add("work-big-bitand", "5,000 BigNumber bitAnd of 1,000-digit integers", CHECKER, req("sum(map(1:5000, f(k) = bitAnd(1e999 + k, 1e998)))", B),
        "python decimal: 1e999 + k rounds to 1e999 at 64 digits; 10^999 & 10^998 exactly (int), summed 5,000 times at 64 digits half-up "
        "(decimal, as decimal.js adds); math.js 15.2 agreed once, in 140 s, too slow to rerun")
    add("work-big-factorial", "factorial of 100,000 in BigNumber", CHECKER, req("factorial(100000)", B), BIG)
    add("work-big-sin-1000", "1,000 BigNumber sines", CHECKER, req("sum(map(1:1000, f(k) = sin(k)))", B), BIG)
    add("work-big-pow-1000", "1,000 BigNumber square roots through ^0.5", CHECKER, req("sum(map(1:1000, f(k) = k^0.5))", B), BIG)
    add("work-big-sin-huge", "sin of a BigNumber near 1e900 (reduction at ~970 digits)", CHECKER, req("sin(1e900)", B),
        "mathjs 15.2; mpmath 1.4.1 agrees (at 1,100 digits, rounded half-up to 64)")
    add("work-fraction-power", "2^100000 as an exact Fraction", CHECKER, req("2^100000", F), "mathjs 15.2; identity: 2^100000 exactly (Python int)")
    add("work-fraction-power-over", "2^10000000 as an exact Fraction: refused by the meter before it is computed", timeout, req("2^10000000", F))
    # Sizes.
    add("size-range-over", "1:2000000: over the per-call build limit", err("result_too_large"), req("1:2000000"))
    add("size-range-1e12", "1:1e12 (crashes math.js's host)", err("result_too_large"), req("1:1e12"))
    add("size-range-infinite", "a range to Infinity (crashes math.js's host)", err("result_too_large"), req("1:(4 ./ 0)"))
    add("size-zeros-over", "zeros(1001, 1000)", err("result_too_large"), req("zeros(1001, 1000)"))
    add("size-result-elements", "a result of 33,334 elements", err("result_too_large"), req("zeros(33334)"))
    add("size-result-elements-max", "a result of 33,333 one-character elements", CHECKER, req("zeros(33333)"))
    add("size-evaluation-budget", "20 ranges of a million: over the evaluation's element budget", err("result_too_large"), req("+".join(["sum(1:1000000)"] * 21)))
    add("size-factorial-number", "171! overflows a double", err("undefined_result"), req("171!"))
    add("size-is-prime-infinity", "isPrime(Infinity) (never returns in math.js)", CHECKER, req("isPrime(Infinity)"),
        "identity: Infinity is not an integer, so it is not prime (math.js never returns; docs/calculate.md)")
    add("size-big-tanh-1e300", "BigNumber tanh(1e300) (never returns in math.js)", CHECKER, req("tanh(1e300)", B),
        "identity: 0 < 1 - tanh x < 2e^(-2x), about 10^(-8.7e299) at x = 1e300, so 64 digits half-up give 1; "
        "mpmath 1.4.1 agrees (math.js never returns)")
    # Envelopes (math.js answers the request as JSON.parse reads it).
    cases.append(case("json-whitespace-1mib", "a valid request inside 1 MiB of whitespace", CHECKER, source=MATHJS, repeat={"prefix": '{"expression": "1+1"', "repeat": " ", "times": 1 << 20, "suffix": "}"}))
    cases.append(case("json-unknown-field-1mib", "an unknown member holding a 1 MiB string", err("invalid_arguments"), repeat={"prefix": '{"expression": "1", "padding": "', "repeat": "x", "times": 1 << 20, "suffix": '"}'}))
    cases.append(case("json-scope-10000", "a scope of 10,000 variables", CHECKER, source=MATHJS, repeat={"prefix": '{"expression": "v1 + v9999", "scope": {"v0": 0', "repeat": "", "times": 0, "suffix": "".join(f', "v{i}": {i}' for i in range(1, 10000)) + "}}"}))
    cases.append(case("json-nested-100k", "a scope value nested 100,000 arrays deep", err("invalid_arguments"), repeat={"prefix": '{"expression": "a", "scope": {"a": ' + "[" * 100000, "repeat": "]", "times": 100000, "suffix": "}}"}))
    cases.append(case("json-unclosed-100k", "100,000 unclosed arrays", bad_json, repeat={"prefix": '{"expression": "1", "scope": ', "repeat": "[", "times": 100000}))
    cases.append(case("json-invalid-utf8", "a byte that is not UTF-8 in the expression", bad_json, hex=b'{"expression": "1+'.hex() + "ff" + b'1"}'.hex()))
    cases.append(case("json-lone-surrogate", "a lone surrogate inside a string literal of the expression", CHECKER, source=MATHJS + " (the lone surrogate as U+FFFD here)", raw='{"expression": "\\"a\\ud800b\\""}'))
    cases.append(case("json-duplicate-key", "the expression member twice: the last wins, as JSON.parse does", CHECKER, source=MATHJS, raw='{"expression": "1", "expression": "2"}'))
    # Memory (issue 37): shared values are answered as math.js answers them; amplification is refused.
    add("memory-bigint-read-20000", "a 999,001-digit bigint read in 20,000 callbacks: shared, not copied (it once exhausted memory)", CHECKER,
        req("{a: m = bigint(10)^bigint(999000), b: size(map(1:20000, f(x) = m))}.b"))
    add("memory-string-read-450000", "a 999,002-character string read 150 times in each of 3,000 callbacks: shared (it once aborted the process)", CHECKER,
        req('{a: s = format(1, {notation: "fixed", precision: 999000}), b: sum(map(1:3000, f(x) = size([' + ", ".join(["s"] * 150) + "])[1]))}.b"))
    add("memory-nineteen-ranges", "nineteen million-element ranges in one matrix (2.1 GB once): refused before the budget is passed", memory,
        req("size([" + ", ".join(["1:1e6"] * 19) + "])"), HEAP)
    add("memory-million-objects", "a million objects of twenty members (2.0 GB once)", memory,
        req("size(map(1:1e6, f(x) = {" + ", ".join(f"{c}: x" for c in "abcdefghijklmnopqrst") + "}))"), HEAP)
    add("memory-strings-200000", "ten thousand 200,000-digit strings (2.5 GB once)", memory,
        req('size(map(1:1e4, f(x) = format(x, {notation: "fixed", precision: 200000})))'), HEAP)
    add("memory-strings-999000", "ten thousand 999,000-digit strings (ran 8.3 s past its deadline once)", memory,
        req('size(map(1:1e4, f(x) = format(x, {notation: "fixed", precision: 999000})))'), HEAP)
    # Long strings charged by their length (heavy: seconds in a debug build).
    add("text-compare-broadcast", "a 300,002-character string compared with each of 100,000 elements (17 s unmetered once; found by the fuzzer)", timeout,
        req('1:1e5 < format(1, {notation: "fixed", precision: 300000})'))
    add("text-sum-shared", "the sum of 100,000 shared references to a 300,002-character string (17 s unmetered once)", timeout,
        req('{a: s = format(1, {notation: "fixed", precision: 300000}), b: sum(map(1:1e5, f(x) = s))}.b'))
    return "calculate", cases


# calculate cases that take from tens of milliseconds to seconds (near the work budget): they go
# to tests/hostile/heavy/, which the benchmark runs and the test runs only when asked
# (`--ignored`, in a release build), since in a debug build on a loaded machine the 5 s
# wall-clock backstop could end them before the meter does.
HEAVY = {
    "work-doubling-18", "work-doubling-22", "work-range-sum", "work-matrix-vector",
    "work-big-bitand", "work-big-factorial", "work-big-sin-1000", "work-big-pow-1000",
    "size-evaluation-budget", "text-compare-broadcast", "text-sum-shared",
    "memory-million-objects",
}


def main():
    measure = "--measure" in sys.argv
    recompute = "--recompute" in sys.argv
    binary = os.environ.get("HOSTILE_BIN", os.path.join(ROOT, "target", "release", "hostile"))
    for tool, cases in all_cases():
        path = os.path.join(OUT, f"{tool}.jsonl")
        old = {}
        if os.path.exists(path):
            for line in open(path):
                if line.strip():
                    c = json.loads(line)
                    old[c["id"]] = c
        lines = []
        budget = BUDGET[tool.split("/")[-1]]
        for c in cases:
            c["max_units"] = old.get(c["id"], {}).get("max_units", budget)
            if c["expect"] is CHECKER:
                kept = old.get(c["id"], {})
                c["expect"] = None if recompute or kept.get("source") != c["source"] else kept.get("expect")
            lines.append(c)
        missing = [c for c in lines if c["expect"] is None]
        if missing:
            # Never from reckon: the checker asks math.js or recomputes (module doc).
            sys.path.insert(0, os.path.join(ROOT, "tests", "hostile"))
            try:
                import check_expectations
            except ImportError as e:
                sys.exit(f"{len(missing)} new expectations come from tests/hostile/check_expectations.py, which needs "
                         f"the .venv (mpmath): run .venv/bin/python {sys.argv[0]} ({e})")
            for c, expect in zip(missing, check_expectations.expectations(tool.split("/")[-1], missing)):
                c["expect"] = expect
        if measure:
            units = measure_units(binary, tool, lines)
            for c in lines:
                spent, answer = units[c["id"]]
                if answer != c["expect"] and "error" not in c["expect"]:
                    print(f"warning: {tool} {c['id']}: reckon answers {json.dumps(answer)[:200]}, expected "
                          f"{json.dumps(c['expect'])[:200]} ({c['source']})", file=sys.stderr)
                c["max_units"] = min(budget, spent + spent // 4 + 16)
                if tool.startswith("heavy/") and c["expect"].get("error", {}).get("code") == -32004:
                    # The backstop may end it before the meter on a slow machine, or not.
                    c["max_units"] = budget
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            for c in lines:
                f.write(json.dumps(c, ensure_ascii=True) + "\n")
        print(f"{path}: {len(lines)} cases")


def all_cases():
    """(file, cases) per corpus file, as this script writes them (expectations from the checker:
    CHECKER, max_units unset). tests/hostile/check_expectations.py reads it too."""
    tool, cases = calculate_cases()
    heavy = [c for c in cases if c["id"] in HEAVY]
    assert len(heavy) == len(HEAVY)
    return [decimal_cases(), calc_cases(), (tool, [c for c in cases if c["id"] not in HEAVY]), ("heavy/calculate", heavy)]


def measure_units(binary, tool, cases):
    """Units spent per case id, from `hostile --units TOOL` (reads the file we are about to write)."""
    tmp = os.path.join(OUT, f"{tool}.jsonl")
    os.makedirs(os.path.dirname(tmp), exist_ok=True)
    with open(tmp, "w") as f:
        for c in cases:
            f.write(json.dumps(c, ensure_ascii=True) + "\n")
    out = subprocess.run([binary, "--units", tool], capture_output=True, text=True, check=True).stdout
    result = {}
    for line in out.splitlines():
        if line:
            id, units, answer = line.split("\t", 2)
            result[id] = (int(units), json.loads(answer))
    return result


if __name__ == "__main__":
    main()
