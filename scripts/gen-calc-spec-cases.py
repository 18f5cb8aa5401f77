#!/usr/bin/env python3
"""Writes tests/cases/calc/spec.jsonl: the worked examples and every rule of the calc
specification (docs/calc.md), every error message, and reckon's own limits at N-1, N
and N+1. Expectations are written by hand from the specification (outputs as JavaScript's
String(value) prints them); nothing is computed by reckon.

    python3 scripts/gen-calc-spec-cases.py > tests/cases/calc/spec.jsonl
"""
import json
import sys

cases = []


def one(expression, prefix="", suffix=""):
    return {"calculations": [{"expression": expression, "prefix": prefix, "suffix": suffix}]}


def ok(id_, expression, shown, prefix="", suffix=""):
    value = json.loads(shown) if shown not in ("-0",) else 0
    output = prefix + shown + suffix
    cases.append({"id": id_, "category": id_.split("/")[0], "input": one(expression, prefix, suffix),
                  "expect": {"content": [{"type": "text", "text": output}],
                             "details": {"results": [{"expression": expression, "value": value, "output": output}]}}})


def err(id_, expression, message=None, code=None, input_=None, raw=None):
    want = {}
    if message is not None:
        want["message"] = message
    if code is not None:
        want["code"] = code
    case = {"id": id_, "category": id_.split("/")[0], "expect": {"error": want}}
    if raw is not None:
        case["input_raw"] = raw
    else:
        case["input"] = input_ if input_ is not None else one(expression)
    cases.append(case)


# Section 9, worked examples.
for i, (expression, shown) in enumerate([
    ("1+2*3", "7"), ("-2**2", "-4"), ("2**3**2", "512"), ("2**(-1)", "0.5"), ("2**-1", "0.5"),
    ("0xff + 0b1010 + 0o17", "280"), (".5e1", "5"), ("0.1+0.2", "0.30000000000000004"), ("7 % -3", "1"),
    ("-0", "0"), ("1/(1/0)", "0"), ("(0/0)**0", "1"),
]):
    ok(f"worked/{i}", expression, shown)
for i, (expression, message) in enumerate([
    ("1/0", "Expression result is not a finite number"), ("1**(1e308*10)", "Expression result is not a finite number"),
    ("0x", 'Invalid numeric literal starting at "0x"'), ("1e+", 'Invalid exponent in "1e+"'),
    ("1e309", 'Invalid number "1e309"'), ("0b2", 'Invalid numeric literal starting at "0b"'),
    ("..5", 'Invalid character "." in expression'), ("1.2.3", "Unexpected token in expression"),
    ("sqrt(16)", 'Invalid character "s" in expression'), ("(1", "Missing closing parenthesis"),
    ("1+", "Unexpected end of expression"), (" ", "Expression is empty"),
]):
    err(f"worked/error-{i}", expression, message)

# Section 3, lexical grammar.
for expression, shown in [("0x1e5", "485"), ("012", "12"), ("08", "8"), ("00.5", "0.5"),
                          ("5.", "5"), ("1.e5", "100000"), ("00012", "12"), ("0x20000000000001", "9007199254740992"),
                          ("0x20000000000003", "9007199254740996"), ("1e-400", "0"), ("3e-324", "5e-324"),
                          ("0X1F", "31"), ("0B11", "3"), ("0O17", "15"), ("2***3", None)]:
    if shown is None:
        continue
    ok(f"lexical/{expression}", expression, shown)
err("lexical/0b12-is-two-numbers", "0b12", "Unexpected token in expression")
err("lexical/0x1.5", "0x1.5", "Unexpected token in expression")
err("lexical/power-then-star", "2***3", "Unexpected token in expression")
err("lexical/star-space-star", "2* *3", "Unexpected token in expression")
for expression, message in [
    ("0x1g", 'Invalid character "g" in expression'), ("0b1e5", 'Invalid character "e" in expression'),
    ("0X", 'Invalid numeric literal starting at "0X"'), ("0B", 'Invalid numeric literal starting at "0B"'),
    ("0o", 'Invalid numeric literal starting at "0o"'), ("0O8", 'Invalid numeric literal starting at "0O"'),
    ("1e", 'Invalid exponent in "1e"'), ("1e-x", 'Invalid exponent in "1e-"'), ("1e++5", 'Invalid exponent in "1e+"'),
    (".5e", 'Invalid exponent in ".5e"'), ("1.e", 'Invalid exponent in "1.e"'), ("-1e309", 'Invalid number "1e309"'),
    ("0x" + "f" * 257, 'Invalid number "0x' + "f" * 257 + '"'), ("1.7976931348623159e308", 'Invalid number "1.7976931348623159e308"'),
    ("pi", 'Invalid character "p" in expression'), ("Infinity", 'Invalid character "I" in expression'),
    ("2^3", 'Invalid character "^" in expression'), ("1,5", 'Invalid character "," in expression'),
    ("1_000", 'Invalid character "_" in expression'), ("2\u00d73", 'Invalid character "\u00d7" in expression'),
    ("\u22121", 'Invalid character "\u2212" in expression'), ("\uff12", 'Invalid character "\uff12" in expression'),
    ("1\u0085", 'Invalid character "\u0085" in expression'), ("1\u200b", 'Invalid character "\u200b" in expression'),
    ("1 + \U0001F600", 'Invalid character "\U0001F600" in expression'),
    ("1 + + ) %x", 'Invalid character "x" in expression'),
]:
    err(f"lexical/error {expression[:20]}", expression, message)
for ws in ["\u000b", "\u000c", "\u00a0", "\u1680", "\u2000", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff"]:
    ok(f"whitespace/U+{ord(ws):04X}", f"{ws}1{ws}+{ws}2{ws}", "3")
err("whitespace/only", "\t\n \u3000", "Expression is empty")
err("whitespace/empty", "", "Expression is empty")

# Section 4, syntax.
for expression, shown in [("-2**3**2", "-512"), ("(-2)**2", "4"), ("2*-3", "-6"), ("1--1", "2"), ("+-+-5", "5"),
                          ("2**--2", "4"), ("2**-3**2", "0.001953125"), ("8/2/2", "2"), ("2-3-4", "-5"),
                          ("10 % 4 * 3", "6"), ("((((1))))", "1")]:
    ok(f"syntax/{expression}", expression, shown)
for expression, message in [
    ("-", "Unexpected end of expression"), ("(", "Unexpected end of expression"), ("2**", "Unexpected end of expression"),
    ("*1", "Unexpected token in expression"), ("()", "Unexpected token in expression"), ("1***2", "Unexpected token in expression"),
    ("2**/1", "Unexpected token in expression"), ("((1)", "Missing closing parenthesis"), ("(1 2)", "Missing closing parenthesis"),
    ("1)", "Unexpected token in expression"), ("1 2", "Unexpected token in expression"), ("2(3)", "Unexpected token in expression"),
    ("(1)(2)", "Unexpected token in expression"),
]:
    err(f"syntax/error {expression}", expression, message)

# Section 5, arithmetic.
for expression, shown in [("-7 % 3", "-1"), ("5.5 % 2", "1.5"), ("0.3 % 0.1", "0.09999999999999998"), ("5 % (1/0)", "5"),
                          ("1/(1e308*10)", "0"), ("3**(0-30)", "4.8569357496188614e-15"), ("10**(0-29)", "1e-29"),
                          ("5**(0-29)", "5.36870912e-21"), ("(0-8)**3", "-512"), ("0**0", "1"), ("(1/0)**0", "1"),
                          ("(0.5)**(1/0)", "0"), ("2**(0-(1/0))", "0"), ("4.35 * 100", "434.99999999999994"),
                          ("2**53 + 1", "9007199254740992")]:
    ok(f"arithmetic/{expression}", expression, shown)
for expression in ["5 % 0", "0/0", "2**1024", "1e308*10", "(-8)**(1/3)", "1**(1/0)", "(0-1)**(1/0)", "(1/0) % 2", "(0/0)**1"]:
    err(f"result/{expression}", expression, "Expression result is not a finite number", code="not_computable")

# Section 6 and 7, result and formatting.
for expression, shown in [("0*-1", "0"), ("-4 % 2", "0"), ("-1e-300*1e-300", "0"), ("1e21", "1e+21"), ("1e21 - 1", "1e+21"),
                          ("999999999999999999999", "1e+21"), ("1e20", "100000000000000000000"), ("1e-6", "0.000001"),
                          ("1.5e-7", "1.5e-7"), ("1e-7", "1e-7"), ("123456789012345680000", "123456789012345680000"),
                          ("1128424.5", "1128424.5"), ("0.0000052150950508465636", "0.0000052150950508465636"),
                          ("1.2345678901234568e+29", "1.2345678901234568e+29"), ("5e-324", "5e-324"),
                          ("1.7976931348623157e+308", "1.7976931348623157e+308"), ("-1/3", "-0.3333333333333333"),
                          ("2**70", "1.1805916207174113e+21")]:
    ok(f"format/{expression}", expression, shown)

# Prefix and suffix, verbatim.
ok("affix/unicode", "1+1", "2", prefix="\u00e9\u0301 \U0001F600 ", suffix=" \u2028\u00a0\"q\"\\")
ok("affix/newlines", "1", "1", prefix="a\nb\r\t", suffix="\u0000\u001f")
# Lone surrogates in prefix and suffix are tested in crates/reckon-calc/tests/wire.rs: serde_json,
# which the Rust corpus harness uses for expectations, cannot hold them.

# Section 1 and 8, input and batch.
cases.append({"id": "batch/empty", "category": "batch", "input": {"calculations": []},
              "expect": {"content": [{"type": "text", "text": ""}], "details": {"results": []}}})
cases.append({"id": "batch/three", "category": "batch",
              "input": {"calculations": [{"expression": "1", "prefix": "a=", "suffix": ""}, {"expression": "2*3", "prefix": "", "suffix": "!"}, {"expression": "-0", "prefix": "", "suffix": ""}]},
              "expect": {"content": [{"type": "text", "text": "a=1\n6!\n0"}], "details": {"results": [
                  {"expression": "1", "value": 1, "output": "a=1"}, {"expression": "2*3", "value": 6, "output": "6!"},
                  {"expression": "-0", "value": 0, "output": "0"}]}}})
err("batch/first-failure-wins", None, "Invalid numeric literal starting at \"0b\"",
    input_={"calculations": [{"expression": "1", "prefix": "", "suffix": ""}, {"expression": "0b2", "prefix": "", "suffix": ""}, {"expression": "1e", "prefix": "", "suffix": ""}]})
cases.append({"id": "batch/duplicate-member-last-wins", "category": "batch",
              "input_raw": '{"calculations":[{"expression":"1","expression":"2","prefix":"","suffix":""}]}',
              "expect": {"content": [{"type": "text", "text": "2"}], "details": {"results": [{"expression": "2", "value": 2, "output": "2"}]}}})
for i, bad in enumerate([{}, {"calculations": {}}, {"calculations": None}, {"calculations": "1+1"},
                         {"calculations": [1]}, {"calculations": [{"expression": "1", "prefix": ""}]},
                         {"calculations": [{"expression": 1, "prefix": "", "suffix": ""}]},
                         {"calculations": [{"expression": "1", "prefix": None, "suffix": ""}]}]):
    err(f"input/{i}", None, code="invalid_input", input_=bad)
for i, raw in enumerate(["", "[]", "1", "{\"calculations\":[", "{'calculations': []}", "{\"calculations\": []} x"]):
    err(f"input/raw-{i}", None, code="invalid_input", raw=raw)

# reckon's limits: N-1, N, N+1.
ok("limits/bytes-1999", "1" + " " * 1998, "1")
ok("limits/bytes-2000", "1" + " " * 1999, "1")
err("limits/bytes-2001", "1" + " " * 2000, "Expression is too long: 2001 bytes; the limit is 2000", code="limit_exceeded")
ones = lambda n: "+".join(["1"] * ((n + 1) // 2))
ok("limits/tokens-499", ones(499), "250")
ok("limits/tokens-500", "-" + ones(499), "248")
err("limits/tokens-501", ones(501), "Expression has too many tokens; the limit is 500", code="limit_exceeded")
err("limits/tokens-lexical-error-wins", ones(501) + " x", 'Invalid character "x" in expression')
ok("limits/depth-64", "(" * 64 + "1" + ")" * 64, "1")
err("limits/depth-65", "(" * 65 + "1" + ")" * 65, "Expression nests too deeply; the limit is 64 levels", code="limit_exceeded")
ok("limits/signs-64", "-" * 64 + "1", "1")
err("limits/signs-65", "-" * 65 + "1", code="limit_exceeded")
batch = lambda n: {"calculations": [{"expression": "1", "prefix": "", "suffix": ""}] * n}
cases.append({"id": "limits/batch-1000", "category": "limits", "input": batch(1000),
              "expect": {"content": [{"type": "text", "text": "\n".join(["1"] * 1000)}],
                         "details": {"results": [{"expression": "1", "value": 1, "output": "1"}] * 1000}}})
err("limits/batch-1001", None, "Too many calculations: 1001 in one batch; the limit is 1000", code="limit_exceeded", input_=batch(1001))

for case in cases:
    sys.stdout.write(json.dumps(case, ensure_ascii=True) + "\n")
