#!/usr/bin/env python3
"""Writes the hostile-input corpus, tests/hostile/<tool>.jsonl (format: crates/reckon-tools/src/hostile.rs).

Each case is a worst-case input for one bound of one tool (the limit itself, one past it, the most
work, the largest literal or result, enormous or malformed JSON envelopes), with its expected
answer written here from the specifications: error codes and reasons by hand; exact results
computed independently in this script (Python's Fraction for the decimal tool, Python floats for
calc where the result is exactly representable, math.js checked by hand for calculate).

`max_units` is each case's work bound. For the metered tools it is set from the units the case
spends now (--units FILE, written by `hostile --units`): spent + 25 % + 16, capped at the tool's
budget, so the test catches a regression that makes a case much more expensive. Usage:
    scripts/gen-hostile-cases.py            # keep the bounds already in tests/hostile/
    scripts/gen-hostile-cases.py --measure  # re-measure them with the release bench binary
    scripts/gen-hostile-cases.py --accept-new  # take a new success case's answer from reckon
                                               # (review it by hand before committing)
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


def case(id, what, expect, input=None, raw=None, hex=None, repeat=None):
    c = {"id": id, "what": what}
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
    cases.append(case("literal-1999-digits", "a 1,999-digit literal rounds to infinity: Invalid number (calc spec)", None, input=calc_req(lit)))
    lit = "0." + "0" * 1990 + "1"
    cases.append(case("literal-tiny", "a literal that underflows to 0", calc_ok([(lit, "0")]), input=calc_req(lit)))
    lit = "0x" + "f" * 1998
    cases.append(case("literal-hex-1998", "a 1,998-digit hexadecimal literal", cerr("invalid_input"), input=calc_req(lit)))
    cases.append(case("largest-result", "the largest finite double", calc_ok([("1.7976931348623157e308", "1.7976931348623157e+308")]), input=calc_req("1.7976931348623157e308")))
    cases.append(case("calculations-1000-max", "1,000 calculations of 2,000 bytes each (2 MB request, the most work a batch holds)", None, input=calc_req(*([expr2000] * 1000))))
    cases.append(case("calculations-1001", "1,001 calculations", cerr("limit_exceeded"), input=calc_req(*(["1"] * 1001))))
    cases.append(case("json-whitespace-1mib", "a valid batch inside 1 MiB of whitespace", calc_ok([("1+1", "2")]), repeat={"prefix": '{"calculations": [{"expression": "1+1", "prefix": "", "suffix": ""}]', "repeat": " ", "times": 1 << 20, "suffix": "}"}))
    cases.append(case("json-prefix-1mib", "a 1 MiB prefix, copied verbatim", None, repeat={"prefix": '{"calculations": [{"expression": "1", "suffix": "", "prefix": "', "repeat": "p", "times": 1 << 20, "suffix": '"}]}'}))
    cases.append(case("json-nested-100k", "a member nested 100,000 arrays deep", cerr("invalid_input"), repeat={"prefix": '{"calculations": ' + "[" * 100000, "repeat": "]", "times": 100000, "suffix": "}"}))
    cases.append(case("json-unclosed-100k", "100,000 unclosed arrays", cerr("invalid_input"), repeat={"prefix": '{"calculations": ', "repeat": "[", "times": 100000}))
    cases.append(case("json-invalid-utf8", "a byte that is not UTF-8 in the expression", cerr("invalid_input"), hex=b'{"calculations": [{"expression": "1+'.hex() + "ff" + b'1", "prefix": "", "suffix": ""}]}'.hex()))
    cases.append(case("json-lone-surrogate-prefix", "lone surrogates in prefix and suffix: copied as JSON.stringify writes them", None, raw='{"calculations": [{"expression": "1", "prefix": "\\ud800", "suffix": "\\udfff"}]}'))
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
    add = lambda *a: cases.append(case(*a[:3], input=a[3]))
    # Length and nesting.
    e = "+".join(["1"] * 500)  # 999 code units
    add("length-999", "999 code units: 500 additions", None, req(e))
    add("length-1001", "1,001 code units", err("expression_too_long"), req(e + "+1"))
    add("length-1001-astral", "501 astral characters: 1,002 UTF-16 code units", err("expression_too_long"), req('"' + "😀" * 501 + '"'))
    add("nesting-parens-499", "499 nested parentheses: parses and evaluates", None, req("(" * 499 + "1" + ")" * 499))
    add("nesting-arrays-333", "333 nested arrays", None, req("[" * 333 + "1" + "]" * 333))
    add("nesting-unary-999", "999 unary minuses", None, req("-" * 999 + "1"))
    add("nesting-power-chain", "a right-associative ^ chain of 333 levels", None, req("1" + "^1" * 333))
    add("nesting-calls-249", "249 nested abs() calls", None, req("abs(" * 199 + "1" + ")" * 199))
    add("nesting-unclosed-1000", "1,000 unclosed parentheses", err("parse_failed"), req("(" * 1000))
    add("recursion-guard", "a function that calls itself forever: the call-depth guard", err("evaluation_failed"), req("sum(map([1], f(n) = f(n)))"))
    # Work.
    add("work-doubling-18", "doubling recursion, 2^18 leaves (4.7 M units)", None, req("{g: f(x) = x <= 0 ? 1 : f(x - 1) + f(x - 1)}.g(18)"))
    add("work-doubling-22", "doubling recursion refused by the meter", timeout, req("{g: f(x) = x <= 0 ? 1 : f(x - 1) + f(x - 1)}.g(22)"))
    add("work-range-sum", "the largest range one call may build, summed", None, req("sum(1:1000000)"))
    add("work-matrix-vector", "a 1000×1000 matrix times a vector", None, req("sum(ones(1000, 1000) * ones(1000, 1))"))
    add("work-matrix-product-over", "a 1000×1000 matrix product: 10^9 multiply-adds refused by the meter before they run", timeout, req("ones(1000, 1000) * ones(1000, 1000)"))
    add("work-det-200", "det of a 200×200 matrix", None, req("det(ones(200, 200))"))
    add("work-big-bitand", "5,000 BigNumber bitAnd of 1,000-digit integers", None, req("sum(map(1:5000, f(k) = bitAnd(1e999 + k, 1e998)))", B))
    add("work-big-factorial", "factorial of 100,000 in BigNumber", None, req("factorial(100000)", B))
    add("work-big-sin-1000", "1,000 BigNumber sines", None, req("sum(map(1:1000, f(k) = sin(k)))", B))
    add("work-big-pow-1000", "1,000 BigNumber square roots through ^0.5", None, req("sum(map(1:1000, f(k) = k^0.5))", B))
    add("work-big-sin-huge", "sin of a BigNumber near 1e900 (reduction at ~970 digits)", None, req("sin(1e900)", B))
    add("work-fraction-power", "2^100000 as an exact Fraction", None, req("2^100000", F))
    add("work-fraction-power-over", "2^10000000 as an exact Fraction: refused by the meter before it is computed", timeout, req("2^10000000", F))
    # Sizes.
    add("size-range-over", "1:2000000: over the per-call build limit", err("result_too_large"), req("1:2000000"))
    add("size-range-1e12", "1:1e12 (crashes math.js's host)", err("result_too_large"), req("1:1e12"))
    add("size-range-infinite", "a range to Infinity (crashes math.js's host)", err("result_too_large"), req("1:(4 ./ 0)"))
    add("size-zeros-over", "zeros(1001, 1000)", err("result_too_large"), req("zeros(1001, 1000)"))
    add("size-result-elements", "a result of 33,334 elements", err("result_too_large"), req("zeros(33334)"))
    add("size-result-elements-max", "a result of 33,333 one-character elements", None, req("zeros(33333)"))
    add("size-evaluation-budget", "20 ranges of a million: over the evaluation's element budget", err("result_too_large"), req("+".join(["sum(1:1000000)"] * 21)))
    add("size-factorial-number", "171! overflows a double", err("undefined_result"), req("171!"))
    add("size-is-prime-infinity", "isPrime(Infinity) (never returns in math.js)", None, req("isPrime(Infinity)"))
    add("size-big-tanh-1e300", "BigNumber tanh(1e300) (never returns in math.js)", None, req("tanh(1e300)", B))
    # Envelopes.
    cases.append(case("json-whitespace-1mib", "a valid request inside 1 MiB of whitespace", None, repeat={"prefix": '{"expression": "1+1"', "repeat": " ", "times": 1 << 20, "suffix": "}"}))
    cases.append(case("json-unknown-field-1mib", "an unknown member holding a 1 MiB string", err("invalid_arguments"), repeat={"prefix": '{"expression": "1", "padding": "', "repeat": "x", "times": 1 << 20, "suffix": '"}'}))
    cases.append(case("json-scope-10000", "a scope of 10,000 variables", None, repeat={"prefix": '{"expression": "v1 + v9999", "scope": {"v0": 0', "repeat": "", "times": 0, "suffix": "".join(f', "v{i}": {i}' for i in range(1, 10000)) + "}}"}))
    cases.append(case("json-nested-100k", "a scope value nested 100,000 arrays deep", err("invalid_arguments"), repeat={"prefix": '{"expression": "a", "scope": {"a": ' + "[" * 100000, "repeat": "]", "times": 100000, "suffix": "}}"}))
    cases.append(case("json-unclosed-100k", "100,000 unclosed arrays", bad_json, repeat={"prefix": '{"expression": "1", "scope": ', "repeat": "[", "times": 100000}))
    cases.append(case("json-invalid-utf8", "a byte that is not UTF-8 in the expression", bad_json, hex=b'{"expression": "1+'.hex() + "ff" + b'1"}'.hex()))
    cases.append(case("json-lone-surrogate", "a lone surrogate inside a string literal of the expression", None, raw='{"expression": "\\"a\\ud800b\\""}'))
    cases.append(case("json-duplicate-key", "the expression member twice: the last wins, as JSON.parse does", None, raw='{"expression": "1", "expression": "2"}'))
    return "calculate", cases


# calculate cases that take from tens of milliseconds to seconds (near the work budget): they go
# to tests/hostile/heavy/, which the benchmark runs and the test runs only when asked
# (`--ignored`, in a release build), since in a debug build on a loaded machine the 5 s
# wall-clock backstop could end them before the meter does.
HEAVY = {
    "work-doubling-18", "work-doubling-22", "work-range-sum", "work-matrix-vector",
    "work-big-bitand", "work-big-factorial", "work-big-sin-1000", "work-big-pow-1000",
    "size-evaluation-budget",
}


def main():
    measure = "--measure" in sys.argv
    accept = "--accept-new" in sys.argv
    binary = os.environ.get("HOSTILE_BIN", os.path.join(ROOT, "target", "release", "hostile"))
    tool, cases = calculate_cases()
    groups = [decimal_cases(), calc_cases(), (tool, [c for c in cases if c["id"] not in HEAVY])]
    heavy = [c for c in cases if c["id"] in HEAVY]
    assert len(heavy) == len(HEAVY)
    for tool, cases in groups + [("heavy/calculate", heavy)]:
        path = os.path.join(OUT, f"{tool}.jsonl")
        old = {}
        if os.path.exists(path):
            for line in open(path):
                if line.strip():
                    c = json.loads(line)
                    old[c["id"]] = c
        lines = []
        for c in cases:
            budget = BUDGET[tool.split("/")[-1]]
            c["max_units"] = old.get(c["id"], {}).get("max_units", budget)
            if c["expect"] is None:
                c["expect"] = old.get(c["id"], {}).get("expect")
            lines.append(c)
        if measure or accept:
            units = measure_units(binary, tool, lines)
            for c in lines:
                spent, answer = units[c["id"]]
                budget = BUDGET[tool.split("/")[-1]]
                if accept and c["expect"] is None:
                    # A success checked by hand before it is committed (see the module doc).
                    c["expect"] = answer
                if measure:
                    c["max_units"] = min(budget, spent + spent // 4 + 16)
                    if tool.startswith("heavy/") and c["expect"].get("error", {}).get("code") == -32004:
                        # The backstop may end it before the meter on a slow machine, or not.
                        c["max_units"] = budget
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            for c in lines:
                f.write(json.dumps(c, ensure_ascii=True) + "\n")
        print(f"{path}: {len(lines)} cases")


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
