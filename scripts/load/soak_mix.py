#!/usr/bin/env python3
"""The request mix of scripts/soak.sh: valid, invalid and hostile requests to the three tools
over the HTTP API and MCP, each with the status it must get.

  soak_mix.py --out FILE          writes the mix for scripts/load/mix.lua (one request a line:
                                  name, weight, expected status, path, body in hex)
  soak_mix.py --check URL         sends every request of the mix once and checks its status (and,
                                  for chosen ones, the answer); exits 1 on any mismatch, and
                                  prints the slowest request's time

Standard library only. The weights are relative: about 50 % valid, 26 % invalid, 24 % hostile,
and 0.01 % heavy (legitimate near-budget calculate requests).
"""

import argparse
import http.client
import json
import sys
import time
import urllib.parse

DECIMAL = "/v1/tools/decimal-expression-evaluate/versions/1.0.0/execute"
CALC = "/v1/tools/calc/versions/1.0.0/execute"
CALCULATE = "/v1/tools/calculate/versions/1.0.0/execute"
MCP = "/mcp"


def j(value):
    return json.dumps(value).encode()


def calc(*expressions):
    return j({"calculations": [{"expression": e, "prefix": "", "suffix": ""} for e in expressions]})


def mcp(tool, arguments):
    return j({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
              "params": {"name": tool, "arguments": arguments}})


def nest(depth, inner="1"):
    return "(" * depth + inner + ")" * depth


# (name, kind, weight, expected status, path, body, a substring the answer must contain or None)
MIX = [
    # -- valid
    ("decimal 0.1 + 0.2", "valid", 10, 200, DECIMAL, j({"expression": "0.1 + 0.2"}), '"0.3"'),
    ("decimal seed price", "valid", 6, 200, DECIMAL,
     j({"expression": "price * qty * (1 + tax / 100)", "variables": {"price": "19.99", "qty": "3", "tax": "8.25"},
        "scale": 2, "rounding": "half_up"}), '"64.92"'),
    ("decimal round/abs", "valid", 4, 200, DECIMAL,
     j({"expression": "round(10 / 3, 4) - abs(-1)", "rounding": "half_even"}), '"2.3333"'),
    ("calc 1+2*3", "valid", 8, 200, CALC, calc("1+2*3"), '"7"'),
    ("calc batch of 100", "valid", 2, 200, CALC, calc(*[f"{i} * 0.1" for i in range(100)]), '"9.9"'),
    ("calculate arithmetic", "valid", 8, 200, CALCULATE, j({"expression": "2 * (3 + 4) - sin(pi / 6)"}), '"13.5"'),
    ("calculate matrix", "valid", 3, 200, CALCULATE, j({"expression": "det([2, 1, 3; 4, 5, 6; 7, 8, 10])"}), None),
    ("calculate fractions", "valid", 3, 200, CALCULATE, j({"expression": "sum(1:100)"}), '"5050"'),
    ("calculate matrix product", "valid", 2, 200, CALCULATE, j({"expression": "[1, 2; 3, 4] * [5; 6]"}), None),
    ("mcp calc", "valid", 4, 200, MCP, mcp("calc", {"calculations": [{"expression": "2**10", "prefix": "", "suffix": ""}]}), "1024"),
    ("mcp calculate", "valid", 3, 200, MCP, mcp("calculate", {"expression": "sqrt(16)"}), '"4"'),
    # -- invalid
    ("decimal trailing operator", "invalid", 4, 400, DECIMAL, j({"expression": "1 +"}), None),
    ("decimal division by zero", "invalid", 3, 422, DECIMAL, j({"expression": "1 / 0"}), None),
    ("decimal malformed JSON", "invalid", 3, 400, DECIMAL, b'{"expression": ', None),
    ("decimal missing field", "invalid", 2, 400, DECIMAL, b"{}", None),
    ("decimal wrong type", "invalid", 2, 400, DECIMAL, j({"expression": 5}), None),
    ("calc syntax error", "invalid", 3, 400, CALC, calc("1+"), None),
    ("calc missing calculations", "invalid", 2, 400, CALC, j({"expression": "1"}), None),
    ("calculate syntax error", "invalid", 3, 400, CALCULATE, j({"expression": "2 +"}), None),
    ("calculate disabled function", "invalid", 2, 400, CALCULATE, j({"expression": 'simplifyCore("x + 0")'}), None),
    ("calculate unknown function", "invalid", 2, 400, CALCULATE, j({"expression": "frobnicate(1)"}), None),
    ("mcp calculate error", "invalid", 2, 200, MCP, mcp("calculate", {"expression": "2 +"}), '"isError":true'),
    # -- hostile
    ("decimal nesting 65", "hostile", 2, 422, DECIMAL, j({"expression": nest(65)}), '"depth"'),
    ("decimal huge exponent", "hostile", 2, 400, DECIMAL, j({"expression": "9^999999999"}), None),
    ("decimal 2001 bytes", "hostile", 1, 422, DECIMAL, j({"expression": "1" + "+1" * 1000}), None),
    ("decimal 501 tokens", "hostile", 1, 422, DECIMAL, j({"expression": "+".join(["1"] * 251)}), None),
    ("decimal 101 variables", "hostile", 1, 422, DECIMAL,
     j({"expression": "a0", "variables": {f"a{i}": "1" for i in range(101)}}), None),
    ("decimal near-budget digits", "hostile", 1, 200, DECIMAL,
     j({"expression": "x * x * x", "variables": {"x": "9" * 60}}), None),
    ("decimal invalid UTF-8", "hostile", 1, 400, DECIMAL, b'{"expression": "1 + \xff\xfe"}', None),
    ("decimal lone surrogate", "hostile", 1, 400, DECIMAL, b'{"expression": "\\ud800"}', None),
    ("decimal duplicate keys", "hostile", 1, 400, DECIMAL, b'{"expression": "1", "expression": "2"}', None),
    ("decimal oversize body", "hostile", 1, 413, DECIMAL, j({"expression": "1", "pad": "x" * 70_000}), None),
    ("calc nesting 64", "hostile", 1, 200, CALC, calc(nest(64)), None),
    ("calc nesting 65", "hostile", 1, 422, CALC, calc(nest(65)), None),
    ("calc 501 tokens", "hostile", 1, 422, CALC, calc("1" + "+1" * 250), None),
    ("calc huge exponent", "hostile", 1, 422, CALC, calc("9**9**9**9"), None),
    ("calc batch 1001", "hostile", 1, 422, CALC, calc(*["1"] * 1001), None),
    ("calculate nesting 500", "hostile", 2, 200, CALCULATE, j({"expression": nest(499)}), None),
    ("calculate nested arrays 300", "hostile", 1, 200, CALCULATE, j({"expression": "[" * 300 + "1" + "]" * 300}), None),
    ("calculate range 1:1e12", "hostile", 2, 422, CALCULATE, j({"expression": "1:1e12"}), None),
    ("calculate factorial 1e6", "hostile", 1, 422, CALCULATE, j({"expression": "factorial(1e6)"}), None),
    ("calculate zeros 1e5 x 1e5", "hostile", 1, 422, CALCULATE, j({"expression": "zeros(1e5, 1e5)"}), None),
    ("calculate power tower", "hostile", 1, 422, CALCULATE, j({"expression": "9^9^9^9"}), None),
    ("calculate oversize body", "hostile", 1, 413, CALCULATE, j({"expression": "1", "pad": "x" * 70_000}), None),
    # -- heavy: legitimate requests near calculate's budget (tens of ms to about a second each);
    # their weights are not scaled (see HEAVY_SCALE), so about 1 request in 10,000 is one of them
    ("calculate heavy det 100x100", "heavy", 1, 200, CALCULATE, j({"expression": "det(ones(100,100)+identity(100))"}), '"101"'),
    ("calculate heavy map 1e5", "heavy", 1, 200, CALCULATE, j({"expression": "sum(map(1:100000, f(x)=x^2))"}), '"333338333350000"'),
    ("calculate heavy sum 1e6", "heavy", 1, 200, CALCULATE, j({"expression": "sum(1:1000000)"}), '"500000500000"'),
]

# The weights above are multiplied by this, except the heavy ones': a heavy request costs as much
# CPU as thousands of the others, and the soak is about a realistic mix, not a saturation by them.
HEAVY_SCALE = 200


def weight_of(kind, weight):
    return weight if kind == "heavy" else weight * HEAVY_SCALE


def write(path):
    with open(path, "w", encoding="ascii") as out:
        for name, kind, weight, status, url, body, _must in MIX:
            out.write(f"{name}\t{weight_of(kind, weight)}\t{status}\t{url}\t{body.hex()}\n")


def send(base, path, body):
    parts = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    headers = {"Content-Type": "application/json", "Connection": "close"}
    if path == MCP:
        headers["Accept"] = "application/json, text/event-stream"
    started = time.perf_counter()
    connection.request("POST", path, body=body, headers=headers)
    response = connection.getresponse()
    text = response.read().decode("utf-8", "replace")
    connection.close()
    return response.status, text, time.perf_counter() - started


def check(base):
    failures = 0
    slowest = (0.0, "")
    weights = {}
    for name, kind, weight, status, path, body, must in MIX:
        weights[kind] = weights.get(kind, 0) + weight_of(kind, weight)
        got, text, seconds = send(base, path, body)
        slowest = max(slowest, (seconds, name))
        if got != status or (must is not None and must not in text):
            failures += 1
            print(f"MISMATCH {name}: expected {status}{f' containing {must}' if must else ''}, "
                  f"got {got}: {text[:300]}", file=sys.stderr)
    total = sum(weights.values())
    shares = ", ".join(f"{kind} {100 * w / total:.2g} %" for kind, w in weights.items())
    print(f"mix: {len(MIX)} requests ({shares}); {failures} mismatches; "
          f"slowest {slowest[1]!r} {1000 * slowest[0]:.1f} ms")
    return failures == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out")
    parser.add_argument("--check", metavar="URL")
    args = parser.parse_args()
    if args.out:
        write(args.out)
    if args.check and not check(args.check):
        sys.exit(1)


if __name__ == "__main__":
    main()
