#!/usr/bin/env python3
"""Writes tests/cases/decimal-expression-evaluate/spec.jsonl: one case per rule of the seed and of
the clarifications (C1-C42), each limit at N-1, N and N+1, and every validation-order conflict
where the two faults have different codes.

Every expectation below is written by hand from the specification; nothing is computed by reckon.
Long inputs are built with small helpers so that their sizes are visible in the code.

    python3 scripts/gen-decimal-spec-cases.py > tests/cases/decimal-expression-evaluate/spec.jsonl
"""
import json
import sys
from fractions import Fraction

cases = []


def ok(id_, input_, value, num, den, exact=True, note=None):
    cases.append(dict(id=id_, category=id_.split("/")[0], input=input_, note=note,
                      expect={"value": value, "exact": exact,
                              "fraction": {"numerator": num, "denominator": den}}))


def err(id_, input_, code, reason=None, note=None, raw=None):
    want = {"code": code}
    if reason:
        want["reason"] = reason
    case = dict(id=id_, category=id_.split("/")[0], note=note, expect={"error": want})
    if raw is not None:
        case["input_raw"] = {"raw": raw}
    else:
        case["input"] = input_
    cases.append(case)


def e(expression, **extra):
    return dict(expression=expression, **extra)


NINES60 = "9" * 60
ones = lambda n: "+".join(["1"] * ((n + 1) // 2))  # n odd: exactly n tokens


def padded(n_vars, digits=60, **extra):
    return {f"pad{i}": "9" * digits for i in range(n_vars)} | extra


# --- C1-C4: JSON -------------------------------------------------------------------------------
err("json/not-json", None, "invalid_input", raw="expression: 1")
err("json/empty-line", None, "invalid_input", raw="")
err("json/whitespace-line", None, "invalid_input", raw=" \t ")
err("json/array", None, "invalid_input", raw='["1"]')
err("json/string", None, "invalid_input", raw='"1+1"')
err("json/trailing-comma", None, "invalid_input", raw='{"expression": "1",}')
err("json/single-quotes", None, "invalid_input", raw="{'expression': '1'}")
err("json/comment", None, "invalid_input", raw='{"expression": "1"} // x')
err("json/bom", None, "invalid_input", raw='\ufeff{"expression": "1"}')
err("json/trailing-value", None, "invalid_input", raw='{"expression": "1"} {}')
err("json/nan-scale", None, "invalid_input", raw='{"expression": "1", "scale": NaN, "rounding": "up"}')
err("json/plus-scale", None, "invalid_input", raw='{"expression": "1", "scale": +2, "rounding": "up"}')
err("json/leading-zero-scale", None, "invalid_input", raw='{"expression": "1", "scale": 02, "rounding": "up"}')
err("json/bare-point-scale", None, "invalid_input", raw='{"expression": "1", "scale": .5, "rounding": "up"}')
err("json/control-char-in-string", None, "invalid_input", raw='{"expression": "1\t+1"}')
err("json/invalid-escape", None, "invalid_input", raw='{"expression": "1\\x"}')
err("json/invalid-utf8", None, "invalid_input", raw='{"expression": "1"}')  # replaced below by bytes-free variant
cases.pop()
err("json/duplicate-top", None, "invalid_input", raw='{"expression": "1", "expression": "2"}')
err("json/duplicate-variables", None, "invalid_input", raw='{"expression": "a", "variables": {"a": "1", "a": "2"}}')
err("json/duplicate-escaped", None, "invalid_input", raw='{"expression": "1", "\\u0065xpression": "2"}')
err("json/duplicate-beats-variable-count", None, "invalid_input",
    raw=json.dumps({"expression": "1", "variables": {f"v{i}": "1" for i in range(101)}})[:-2] + ', "v0": "1"}}')
ok("json/cr-before-lf-is-whitespace", None, "2", "2", "1")
cases[-1]["input_raw"] = {"raw": '{"expression": "1+1"}\r'}
del cases[-1]["input"]
ok("json/escaped-digit", e("\\u0031 + 1".encode().decode("unicode_escape")), "2", "2", "1")
ok("json/escaped-pair-is-one-char", e("1"), "1", "1", "1")
err("json/null-expression", e(None), "invalid_input")
err("json/null-variables", e("1", variables=None), "invalid_input")
err("json/null-scale", e("1", scale=None, rounding="up"), "invalid_input")
err("json/null-rounding", e("1", rounding=None), "invalid_input")

# --- C5: order of the top-level steps ---------------------------------------------------------
err("order/unknown-field", e("1", Expression="1"), "invalid_input")
err("order/unknown-field-before-missing-expression", {"x": 1}, "invalid_input")
err("order/missing-expression", {"variables": {}}, "invalid_input")
err("order/expression-number", e(1), "invalid_input")
err("order/expression-empty", e(""), "invalid_input")
ok("order/expression-whitespace-passes-type-check", e("1"), "1", "1", "1")
err("order/expression-whitespace-fails-parsing", e("   "), "invalid_input")
err("order/expression-type-before-variable-count", e(5, variables={f"v{i}": "1" for i in range(101)}), "invalid_input")
err("order/variables-type", e("1", variables=["a"]), "invalid_input")
err("order/variables-type-string", e("1", variables="a=1"), "invalid_input")
err("order/scale-type-before-variable-count", e("1", scale=41, rounding="up", variables={f"v{i}": "1" for i in range(101)}), "invalid_input")
err("order/rounding-type-before-variable-count", e("1", rounding="HALF_UP", variables={f"v{i}": "1" for i in range(101)}), "invalid_input")
err("order/variable-count-before-pairing", e("1", scale=2, variables={f"v{i}": "1" for i in range(101)}), "limit_exceeded", "variables")
err("order/variable-length-before-pairing", e("1", scale=2, variables={"a": "1" * 63}), "limit_exceeded", "literal_length")
err("order/variable-work-before-pairing", e("1", scale=2, variables=padded(14)), "limit_exceeded", "arithmetic_work")
err("order/variable-length-before-later-bad-name", e("1", variables={"a": "1" * 63, "B": "1"}), "limit_exceeded", "literal_length")
err("order/bad-name-before-later-long-value", e("1", variables={"B": "1", "a": "1" * 63}), "invalid_input")
err("order/pairing-before-expression-bytes", e("1" * 2001, scale=2), "invalid_input")
err("order/expression-bytes-before-lone-surrogate", e("\ud800" + "1" * 1998), "limit_exceeded", "expression_bytes")
err("order/lone-surrogate-before-bad-character", e("% \ud800"), "invalid_input")
err("order/lone-surrogate-before-token-count", e(ones(501) + "\udc00"), "invalid_input")
err("order/bad-character-at-end-before-token-count", e(ones(501) + " %"), "invalid_input")
err("order/literal-length-before-later-bad-character", e("1" * 63 + " %"), "limit_exceeded", "literal_length")
err("order/bad-character-before-later-literal-length", e("% " + "1" * 63), "invalid_input")
err("order/long-name-before-later-literal-length", e("a" * 33 + " + " + "1" * 63), "invalid_input")
err("order/token-count-before-syntax", e(ones(501) + "+"), "limit_exceeded", "tokens")
err("order/depth-before-later-syntax", e("(" * 65 + "1 +"), "limit_exceeded", "depth")
err("order/syntax-before-later-depth", e("1 + + " + "(" * 65 + "1" + ")" * 65), "invalid_input")
err("order/unknown-variable-before-division-by-zero", e("1/0 + x"), "invalid_input")
err("order/unknown-variable-in-unreached-product", e("0 * x"), "invalid_input")
err("order/unknown-function-before-depth", e("f(" + "(" * 70), "invalid_input")
err("order/round-without-rounding-before-depth", e("round(" + "(" * 70), "invalid_input")
err("order/round-without-rounding-in-zero-product", e("0 * round(1, 1)"), "invalid_input")
err("order/literal-work-before-later-syntax", e(" + ".join([NINES60] * 14) + " +", variables=padded(0)), "limit_exceeded", "arithmetic_work")
err("order/call-args-before-later-syntax", e("max(" + ",".join(["1"] * 51) + ") +"), "limit_exceeded", "call_args")
err("order/unclosed-max-with-51-args-is-syntax", e("max(" + ",".join(["1"] * 51)), "invalid_input")
err("order/syntax-before-evaluation", e("1/0 +"), "invalid_input")
err("order/evaluation-before-result", e("1/3 + 1/0", scale=2, rounding="unnecessary"), "not_computable", "division_by_zero")
err("order/every-node-is-evaluated", e("0 * (1/0)"), "not_computable", "division_by_zero")
err("order/left-operand-first", e("(1/0) + (10^100 * 10^100)"), "not_computable", "division_by_zero")
err("order/left-operand-first-reversed", e("(10^100 * 10^100) + (1/0)"), "limit_exceeded", "intermediate_digits")
err("order/arguments-before-comparisons", e("min(1, 2, 0^-1)"), "not_computable", "zero_to_negative_power")
err("order/domain-before-work", e("x / 0", variables=padded(13, x="1")), "not_computable", "division_by_zero")
err("order/power-size-before-work", e("x ^ 5", variables=padded(13, x="9" * 41)), "limit_exceeded", "power_size")
err("order/zero-power-before-size", e("0 ^ -100"), "not_computable", "zero_to_negative_power")
err("order/non-terminating-even-with-rounding", e("1/3", rounding="half_even"), "not_computable", "non_terminating_decimal")

# --- C6, C7: scale and rounding -----------------------------------------------------------------
for text, value in [("2", "0.33"), ("2.0", "0.33"), ("2.00", "0.33"), ("20E-1", "0.33"), ("0.2e1", "0.33"),
                    ("-0", "0"), ("0.0", "0"), ("-0.0", "0"), ("4e1", "0." + "3" * 40)]:
    ok(f"scale/{text}", None, value, "1", "3", exact=False)
    cases[-1]["input_raw"] = {"raw": '{"expression": "1/3", "scale": %s, "rounding": "down"}' % text}
    del cases[-1]["input"]
for text in ['"2"', "true", "2.5", "-1", "41", "1e2", "-0.5", "[2]", "{}"]:
    err(f"scale/invalid-{text}", None, "invalid_input",
        raw='{"expression": "1", "scale": %s, "rounding": "down"}' % text)
ok("scale/39", e("1/3", scale=39, rounding="down"), "0." + "3" * 39, "1", "3", exact=False)
ok("scale/40", e("1/3", scale=40, rounding="down"), "0." + "3" * 40, "1", "3", exact=False)
err("scale/41", e("1/3", scale=41, rounding="down"), "invalid_input")
err("scale/without-rounding", e("1", scale=2), "invalid_input")
ok("rounding/alone-is-allowed", e("1.5", rounding="half_even"), "1.5", "3", "2")
for bad in ["HALF_EVEN", "half-even", " half_even", "half_even ", "round_half_even", "", "Up"]:
    err(f"rounding/invalid-{bad.strip() or 'empty'}-{len(bad)}", e("1", rounding=bad), "invalid_input")
err("rounding/invalid-even-if-unused", e("1", rounding="nearest"), "invalid_input")
err("rounding/not-a-string", e("1", rounding=1), "invalid_input")

# --- C8, C9: variables ----------------------------------------------------------------------------
for name in ["a", "_", "__proto__", "constructor", "prototype", "abs", "min", "max", "round", "a" * 32, "x_1_2"]:
    ok(f"variables/name-{name[:12]}-{len(name)}", e(f"{name} + 1" if name not in ("abs", "min", "max", "round") else f"{name} + 1",
                                               variables={name: "2"}), "3", "3", "1")
for name in ["", "1a", "A", "aB", "a-b", "a b", "a\n", "\u00e9", "a" * 33, "\ud800"]:
    err(f"variables/bad-name-{len(name)}-{name.encode('unicode_escape').decode()[:8]}", e("1", variables={name: "1"}), "invalid_input")
ok("variables/unused-are-fine", e("1", variables={"a": "2", "b": "3"}), "1", "1", "1")
err("variables/unused-are-validated", e("1", variables={"a": "2", "b": "x"}), "invalid_input")
err("variables/unused-are-charged", e("1", variables=padded(14)), "limit_exceeded", "arithmetic_work")
ok("variables/minus-zero", e("a", variables={"a": "-0"}), "0", "0", "1")
ok("variables/minus-zero-fraction", e("a", variables={"a": "-0.00"}), "0", "0", "1")
ok("variables/negative", e("a * 2", variables={"a": "-12.50"}), "-25", "-25", "1")
for bad in ["+1", " 1", "1 ", "1e3", "", "0x10", ".5", "5.", "05", "1,000", "1_000", "--1", "-", "\u0661", "\ud800"]:
    err(f"variables/bad-value-{bad.encode('unicode_escape').decode() or 'empty'}", e("a", variables={"a": bad}), "invalid_input")
err("variables/number-value", e("a", variables={"a": 1}), "invalid_input")
err("variables/null-value", e("a", variables={"a": None}), "invalid_input")
ok("variables/60-digits", e("a", variables={"a": "1" * 60}), "1" * 60, "1" * 60, "1")
err("variables/61-digits", e("a", variables={"a": "1" * 61}), "invalid_input")
ok("variables/40-fraction-digits", e("a", variables={"a": "0." + "0" * 39 + "5"}), "0." + "0" * 39 + "5", "1", "2" + "0" * 39)
err("variables/41-fraction-digits", e("a", variables={"a": "0." + "0" * 40 + "5"}), "invalid_input")
ok("variables/sign-is-not-a-digit", e("a", variables={"a": "-" + "1" * 60}), "-" + "1" * 60, "-" + "1" * 60, "1")
err("variables/62-chars-malformed", e("a", variables={"a": "1" * 61 + "."}), "invalid_input")
err("variables/62-chars-too-many-digits", e("a", variables={"a": "-" + "1" * 61}), "invalid_input")
err("variables/63-chars", e("a", variables={"a": "-" + "1" * 62}), "limit_exceeded", "literal_length")
err("variables/63-chars-garbage", e("a", variables={"a": "x" * 63}), "limit_exceeded", "literal_length")
err("variables/63-chars-counted-as-characters", e("a", variables={"a": "\u00e9" * 63}), "limit_exceeded", "literal_length")
err("variables/62-accented-chars-are-invalid", e("a", variables={"a": "\u00e9" * 62}), "invalid_input")
ok("variables/99", e("v0", variables={f"v{i}": "1" for i in range(99)}), "1", "1", "1")
ok("variables/100", e("v0", variables={f"v{i}": "1" for i in range(100)}), "1", "1", "1")
err("variables/101", e("v0", variables={f"v{i}": "1" for i in range(101)}), "limit_exceeded", "variables")
err("variables/101-before-any-member", e("v0", variables={"B": "1"} | {f"v{i}": "1" for i in range(100)}), "limit_exceeded", "variables")
err("variables/unknown", e("taxx", variables={"tax": "1"}), "invalid_input", "unknown_variable")
err("variables/function-name-as-variable-needs-definition", e("abs + 1"), "invalid_input")
err("variables/variable-called-like-a-function", e("x(1)", variables={"x": "1"}), "invalid_input")

# --- C12-C17: characters and tokens ------------------------------------------------------------
ok("bytes/1999", e("1" + " " * 1998), "1", "1", "1")
ok("bytes/2000", e("1" + " " * 1999), "1", "1", "1")
err("bytes/2001", e("1" + " " * 2000), "limit_exceeded", "expression_bytes")
err("bytes/1000-e-acute-is-bad-character", e("\u00e9" * 1000), "invalid_input")
err("bytes/1001-e-acute-is-too-long", e("\u00e9" * 1001), "limit_exceeded", "expression_bytes")
err("bytes/667-lone-surrogates-2001-bytes", e("\ud800" * 667), "limit_exceeded", "expression_bytes")
err("bytes/666-lone-surrogates-1998-bytes", e("\ud800" * 666), "invalid_input")
err("bytes/500-astral-2000-bytes", e("\U0001F600" * 500), "invalid_input")
err("bytes/501-astral-2004-bytes", e("\U0001F600" * 501), "limit_exceeded", "expression_bytes")
for name, text in [("percent", "50%"), ("power-star", "2**3"), ("dollar", "$1"), ("bracket", "[1]"), ("equals", "a=1"),
                   ("form-feed", "1\f+1"), ("vertical-tab", "1\v+1"), ("nbsp", "1\u00a0+1"), ("line-sep", "1\u2028+1"),
                   ("minus-sign", "\u22121"), ("fullwidth-digit", "\uff11"), ("arabic-digit", "\u0661"), ("upper", "X"),
                   ("bare-point", ".5"), ("hash", "#1"), ("unary-plus-char", "1 + +1"), ("nul", "1\u0000")]:
    err(f"lexing/{name}", e(text, variables={"a": "1"}), "invalid_input")
ok("lexing/whitespace-kinds", e("\t1\r\n+\n2 "), "3", "3", "1")
err("lexing/exponent-notation-is-a-name", e("1e3"), "invalid_input")
err("lexing/literal-then-name", e("2x", variables={"x": "1"}), "invalid_input")
for text in ["05", "00", "5.", "1.2.3", "1..2", "007"]:
    err(f"numbers/{text}", e(text), "invalid_input")
ok("numbers/zero-point-zero", e("0.0"), "0", "0", "1")
ok("numbers/60-digits", e("1" * 60), "1" * 60, "1" * 60, "1")
err("numbers/61-digits", e("1" * 61), "invalid_input")
ok("numbers/61-chars-valid", e("1" * 20 + "." + "1" * 40), "1" * 20 + "." + "1" * 40, "1" * 60, "1" + "0" * 40)
err("numbers/41-fraction-digits", e("0." + "1" * 41), "invalid_input")
err("numbers/62-chars", e("1" * 21 + "." + "1" * 40), "invalid_input")
err("numbers/63-chars", e("1" * 22 + "." + "1" * 40), "limit_exceeded", "literal_length")
err("numbers/63-char-run-of-points", e("1." * 31 + "1"), "limit_exceeded", "literal_length")
err("numbers/62-char-run-of-points", e("1." * 31), "invalid_input")
ok("names/32", e("a" * 32, variables={"a" * 32: "1"}), "1", "1", "1")
err("names/33", e("a" * 33, variables={}), "invalid_input")
ok("tokens/499", e(ones(499)), "250", "250", "1")
ok("tokens/500", e("-" + ones(499)), "248", "248", "1")  # -1 + 249 ones
err("tokens/501", e(ones(501)), "limit_exceeded", "tokens")
ok("tokens/exponent-minus-is-a-token-500", e("2^-1+" + ones(495)), "248.5", "497", "2")
err("tokens/exponent-minus-is-a-token-501", e("2^-1+" + ones(497)), "limit_exceeded", "tokens")

# --- C18-C26: parsing ------------------------------------------------------------------------------
for expr, value in [("8/2/2", "2"), ("2-3-4", "-5"), ("-2^2", "-4"), ("2*-3", "-6"), ("2--3", "5"), ("(-2)^2", "4"),
                    ("(2^3)^2", "64"), ("2^-2", "0.25"), ("2 ^ - 3", "0.125"), ("2^-0", "1"), ("0^0", "1"), ("0^-0", "1"),
                    ("0^5", "0"), ("-0", "0"), ("-0.0", "0"), ("1 - -1", "2"), ("2*3+4*5", "26"), ("2*(3+4)*5", "70"),
                    ("-(1)", "-1"), ("--1", "1"), ("10^100/10^100", "1"), ("-2^3", "-8"), ("(-2)^3", "-8"), ("(-1/2)^-3", "-8")]:
    num = value.replace(".", "").lstrip("0") or "0"
    if "." in value:
        frac = len(value.split(".")[1])
        from fractions import Fraction
        f = Fraction(value)
        ok(f"grammar/{expr}", e(expr), value, str(f.numerator), str(f.denominator))
    else:
        ok(f"grammar/{expr}", e(expr), value, value, "1")
for expr in ["2^3^2", "2^-2^2", "2^+2", "2^--2", "2^x", "2^(2)", "2^1.0", "2^1.5", "2^", "2^101", "2^-101", "+1", "1 2",
             ")", "(1", "()", "1+", "*1", "(1))", "1,2", "2 3 ^", "x y"]:
    err(f"grammar/{expr}", e(expr, variables={"x": "2", "y": "1"}), "invalid_input")
ok("grammar/exponent-100", e("1^100"), "1", "1", "1")
ok("grammar/exponent-minus-100", e("1^-100"), "1", "1", "1")
ok("grammar/exponent-99", e("(-1)^99"), "-1", "-1", "1")
ok("functions/abs", e("abs(-1.5)"), "1.5", "3", "2")
ok("functions/abs-with-space", e("abs (x)", variables={"x": "-2"}), "2", "2", "1")
ok("functions/min", e("min(3, 1, 2)"), "1", "1", "1")
ok("functions/max", e("max(-1, -2)"), "-1", "-1", "1")
ok("functions/max-numeric-not-textual", e("max(9, 10, 1/3)"), "10", "10", "1")
ok("functions/min-fractions", e("min(1/3, 0.333)"), "0.333", "333", "1000")
ok("functions/max-49-args", e("max(" + ",".join(str(i) for i in range(49)) + ")"), "48", "48", "1")
ok("functions/max-50-args", e("max(" + ",".join(str(i) for i in range(50)) + ")"), "49", "49", "1")
err("functions/max-51-args", e("max(" + ",".join(str(i) for i in range(51)) + ")"), "limit_exceeded", "call_args")
err("functions/min-1-arg", e("min(1)"), "invalid_input")
err("functions/abs-2-args", e("abs(1, 2)"), "invalid_input")
err("functions/abs-51-args", e("abs(" + ",".join(["1"] * 51) + ")"), "invalid_input")
for expr in ["f(1)", "sqrt(4)", "abs()", "min(1,)", "min(,1)", "max((1,2))", "round(1)", "round(1, 2, 3)", "round(1, -1)",
             "round(1, 1.0)", "round(1, 41)", "round(1, y)", "round(1, (2))", "round(1, 1+1)", "round(1, 05)", "abs(1", "ABS(1)"]:
    err(f"functions/{expr}", e(expr, rounding="half_even", variables={"y": "1"}), "invalid_input")
err("functions/round-without-rounding", e("round(1, 2)"), "invalid_input")
ok("functions/round-40", e("round(1/3, 40)", rounding="down"), "0." + "3" * 40, "3" * 40, "1" + "0" * 40)
ok("functions/round-0", e("round(2.5, 0)", rounding="half_even"), "2", "2", "1")
ok("functions/round-negative-half-up", e("round(-2.5, 0)", rounding="half_up"), "-3", "-3", "1")
ok("functions/round-does-not-clear-exact", e("round(10 / 3, 4) - abs(-1)", rounding="half_even"), "2.3333", "23333", "10000")
ok("functions/round-unnecessary-exact", e("round(2.50, 1)", rounding="unnecessary"), "2.5", "5", "2")
err("functions/round-unnecessary-inexact", e("round(2.55, 1)", rounding="unnecessary"), "not_computable", "rounding_necessary")
ok("functions/round-then-scale", e("round(1/3, 2) * 3", scale=1, rounding="up"), "1.1", "51", "50", exact=False)  # 0.34 * 3
ok("depth/63-parens", e("(" * 63 + "1" + ")" * 63), "1", "1", "1")
ok("depth/64-parens", e("(" * 64 + "1" + ")" * 64), "1", "1", "1")
err("depth/65-parens", e("(" * 65 + "1" + ")" * 65), "limit_exceeded", "depth")
ok("depth/64-minus", e("-" * 64 + "1"), "1", "1", "1")
err("depth/65-minus", e("-" * 65 + "1"), "limit_exceeded", "depth")
ok("depth/64-calls", e("abs(" * 64 + "-1" [1:] + ")" * 64), "1", "1", "1")
err("depth/65-calls", e("abs(" * 65 + "1" + ")" * 65), "limit_exceeded", "depth")
ok("depth/63-parens-and-1-minus", e("(" * 63 + "-1" + ")" * 63), "-1", "-1", "1")
err("depth/64-parens-and-1-minus", e("(" * 64 + "-1" + ")" * 64), "limit_exceeded", "depth")
ok("depth/exponent-minus-adds-no-level", e("(" * 64 + "2^-1" + ")" * 64), "0.5", "1", "2")
ok("depth/sequential-groups-do-not-add-up", e("+".join(["(" * 40 + "1" + ")" * 40] * 3)), "3", "3", "1")

# --- C27-C35: evaluation ---------------------------------------------------------------------------
err("eval/division-by-zero", e("1/0"), "not_computable", "division_by_zero")
err("eval/zero-by-zero", e("0/0"), "not_computable", "division_by_zero")
err("eval/division-by-computed-zero", e("1/(2-2)"), "not_computable", "division_by_zero")
err("eval/zero-to-negative", e("0^-1"), "not_computable", "zero_to_negative_power")
err("eval/computed-zero-to-negative", e("(1-1)^-2"), "not_computable", "zero_to_negative_power")
ok("power/10^100", e("10^100"), "1" + "0" * 100, "1" + "0" * 100, "1")
ok("power/100^66", e("100^66"), "1" + "0" * 132, "1" + "0" * 132, "1")
err("power/100^67", e("100^67"), "limit_exceeded", "power_size")
ok("power/60-digits-cubed", e("x^3", variables={"x": NINES60}), str(int(NINES60) ** 3), str(int(NINES60) ** 3), "1")
err("power/60-digits-to-4th", e("x^4", variables={"x": NINES60}), "limit_exceeded", "power_size")
ok("power/fraction-base-digits", e("(1/1000)^50"), "0." + "0" * 149 + "1", "1", "1" + "0" * 150)
err("power/fraction-base-digits-over", e("(1/1000)^51"), "limit_exceeded", "power_size")
ok("power/exponent-0-always-passes", e("x^0", variables={"x": NINES60}), "1", "1", "1")
ok("intermediate/200-digits", e("10^100 * 10^99"), "1" + "0" * 199, "1" + "0" * 199, "1")
err("intermediate/201-digits", e("10^100 * 10^100"), "limit_exceeded", "intermediate_digits")
err("intermediate/even-if-later-zero", e("(10^100 * 10^100) * 0"), "limit_exceeded", "intermediate_digits")
ok("intermediate/200-digit-denominator", e("10^-100 * 10^-99"), "0." + "0" * 198 + "1", "1", "1" + "0" * 199)
err("intermediate/201-digit-denominator", e("10^-100 * 10^-100"), "limit_exceeded", "intermediate_digits")
work13 = {f"pad{i}": NINES60 for i in range(13)}  # 13 * 3600 = 46,800
ok("work/exactly-50000", e("pad0", variables=work13 | {"q0": "9" * 40, "q1": "9" * 40}), NINES60, NINES60, "1")
err("work/50001", e("1", variables=work13 | {"q0": "9" * 40, "q1": "9" * 40}), "limit_exceeded", "arithmetic_work")
ok("work/49999-then-1", e("1", variables=work13 | {"a": "9" * 56, "b": "9" * 7, "c": "9" * 3, "d": "99", "e": "9"}), "1", "1", "1")
work49991 = work13 | {"a": "9" * 56, "b": "9" * 7, "c": "99", "d": "9", "f": "9"}  # 46,800 + 3,136 + 49 + 4 + 1 + 1
ok("work/literal-costs-unreduced-size", e("1.50", variables=work49991), "1.5", "3", "2")  # 3 digits (150/100): 9 units
err("work/literal-costs-unreduced-size-over", e("1.500", variables=work49991), "limit_exceeded", "arithmetic_work")  # 16 units
ok("work/exponent-and-round-digits-are-free", e("round(2^-1, 40)", rounding="up", variables=work13 | {"a": "9" * 56, "b": "9" * 7, "c": "9" * 3, "d": "9"}), "0.5", "1", "2")

# --- C36-C40: result -------------------------------------------------------------------------------
ok("result/canonical-strips-zeros", e("1.50 * 2"), "3", "3", "1")
ok("result/canonical-fraction", e("1/8"), "0.125", "1", "8")
ok("result/negative-small", e("-1/1000"), "-0.001", "-1", "1000")
ok("result/zero", e("1 - 1"), "0", "0", "1")
ok("result/2^-100", e("2^-100"), "0." + str(5 ** 100).rjust(100, "0"), "1", str(2 ** 100))
err("result/non-terminating", e("1/3"), "not_computable", "non_terminating_decimal")
err("result/non-terminating-1/6", e("1/6"), "not_computable", "non_terminating_decimal")
ok("result/terminating-7/1280", e("7/1280"), "0.00546875", "7", "1280")
ok("result/scale-pads", e("5", scale=3, rounding="down"), "5.000", "5", "1")
ok("result/scale-0-has-no-point", e("2.5", scale=0, rounding="half_even"), "2", "5", "2", exact=False)
ok("result/negative-rounds-to-zero", e("-0.001", scale=2, rounding="half_even"), "0.00", "-1", "1000", exact=False)
ok("result/negative-rounds-to-zero-scale-0", e("-0.4", scale=0, rounding="down"), "0", "-2", "5", exact=False)
ok("result/negative-floor-is-not-zero", e("-0.001", scale=2, rounding="floor"), "-0.01", "-1", "1000", exact=False)
ok("result/exact-when-nothing-changes", e("1.5", scale=3, rounding="unnecessary"), "1.500", "3", "2")
err("result/unnecessary-inexact", e("1/3", scale=3, rounding="unnecessary"), "not_computable", "rounding_necessary")
ok("result/seed-example-2", e("price * qty * (1 + tax / 100)", variables={"price": "19.99", "qty": "3", "tax": "8.25"}, scale=2, rounding="half_up"),
   "64.92", "2596701", "40000", exact=False)
# C38 on ties and near-ties, each mode, both signs.
table = {
    "half_even": ("0.2", "-0.2", "0.4", "-0.4", "0.3"), "half_up": ("0.3", "-0.3", "0.4", "-0.4", "0.3"),
    "half_down": ("0.2", "-0.2", "0.3", "-0.3", "0.3"), "half_ceiling": ("0.3", "-0.2", "0.4", "-0.3", "0.3"),
    "half_floor": ("0.2", "-0.3", "0.3", "-0.4", "0.3"), "up": ("0.3", "-0.3", "0.4", "-0.4", "0.3"),
    "down": ("0.2", "-0.2", "0.3", "-0.3", "0.2"), "ceiling": ("0.3", "-0.2", "0.4", "-0.3", "0.3"),
    "floor": ("0.2", "-0.3", "0.3", "-0.4", "0.2"),
}
for mode, (p25, n25, p35, n35, near) in table.items():
    ok(f"rounding/{mode}/0.25", e("0.25", scale=1, rounding=mode), p25, "1", "4", exact=False)
    ok(f"rounding/{mode}/-0.25", e("-0.25", scale=1, rounding=mode), n25, "-1", "4", exact=False)
    ok(f"rounding/{mode}/0.35", e("0.35", scale=1, rounding=mode), p35, "7", "20", exact=False)
    ok(f"rounding/{mode}/-0.35", e("-0.35", scale=1, rounding=mode), n35, "-7", "20", exact=False)
    ok(f"rounding/{mode}/just-above-tie", e("0.25 + 10^-40", scale=1, rounding=mode), near, "25" + "0" * 37 + "1", "1" + "0" * 40, exact=False)
    reduced = Fraction(n25)
    ok(f"rounding/{mode}/round-call", e("round(-0.25, 1)", rounding=mode), n25, str(reduced.numerator), str(reduced.denominator))
err("rounding/unnecessary/0.25", e("0.25", scale=1, rounding="unnecessary"), "not_computable", "rounding_necessary")

for case in cases:
    if case.get("note") is None:
        case.pop("note", None)
    sys.stdout.write(json.dumps(case, ensure_ascii=True) + "\n")
