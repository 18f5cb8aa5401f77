#!/usr/bin/env python3
"""Recomputes every expectation of the hostile corpus (tests/hostile/**.jsonl) without reckon.

Each case names the `source` of its expected answer (crates/reckon-tools/src/hostile.rs):
- `mathjs 15.2...`: math.js 15.2 answers the request here (tests/peer/hostile_oracle.mjs, run by
  Node from tests/peer after `npm ci`); a source that goes on with "; mpmath ..." or
  "; identity: ..." is also recomputed that way (CROSS below), and both must agree;
- `mpmath ...`, `python decimal: ...`, `identity: ...`: recomputed here (CROSS), with mpmath
  (pinned in tests/python/), Python's decimal and exact integers;
- `spec: ...` and `python: ...`: written by scripts/gen-hostile-cases.py (by hand from the
  specifications, or computed exactly there); the file must hold what that script writes.
Every case of the files must also be one the script writes (same id, input, what and source), so
no case can be added or edited by hand past this check. Work bounds (`max_units`) are snapshots
of reckon's own counts and are not checked here (the cargo test holds reckon to them).

BigNumber values are rounded as decimal.js rounds them: to 64 significant digits, half-up, each
operation in turn, from a value computed at a higher precision (a rounding too close to call at
that precision fails the check rather than guess). A lone surrogate, which the files cannot hold
(serde_json reads them as U+FFFD), is compared as U+FFFD.

    .venv/bin/python tests/hostile/check_expectations.py [--only ID ...]
Exit status 1 on any disagreement; the last line is "expectations: N passed, N failed".
"""
import base64
import importlib.util
import json
import os
import subprocess
import sys
from decimal import ROUND_HALF_UP, Context, Decimal
from fractions import Fraction

import mpmath
from mpmath import mp, mpf

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
PEER = os.path.join(ROOT, "tests", "peer")
FILES = ["decimal-expression-evaluate", "calc", "calculate", "heavy/calculate"]

sys.set_int_max_str_digits(0)  # 2^100000 and 100000! have tens of thousands of digits
BIG = Context(prec=64, rounding=ROUND_HALF_UP, Emax=10**15, Emin=-(10**15))  # decimal.js at 64 digits


def tool_of(file):
    return file.split("/")[-1]


def input_bytes(case):
    """The request bytes, as crates/reckon-tools/src/hostile.rs expands the case."""
    if "input" in case:
        return json.dumps(case["input"], separators=(",", ":"), ensure_ascii=True).encode()
    if "input_raw" in case:
        return case["input_raw"].encode("utf-8")
    if "input_hex" in case:
        return bytes.fromhex(case["input_hex"])
    r = case["input_repeat"]
    return (r.get("prefix", "") + r["repeat"] * r["times"] + r.get("suffix", "")).encode("utf-8")


def request_of(case):
    """The request as JSON.parse reads it (the last of duplicate keys wins; lone surrogates kept)."""
    return json.loads(input_bytes(case).decode("utf-8"))


def no_lone_surrogates(value):
    """`value` with each lone surrogate as U+FFFD, as the case files hold them."""
    if isinstance(value, str):
        return "".join("\ufffd" if 0xD800 <= ord(ch) < 0xE000 else ch for ch in value)
    if isinstance(value, list):
        return [no_lone_surrogates(v) for v in value]
    if isinstance(value, dict):
        return {no_lone_surrogates(k): no_lone_surrogates(v) for k, v in value.items()}
    return value


# --- BigNumber helpers -------------------------------------------------------------------------


def round64(x, good_digits):
    """The mpf `x`, correct to `good_digits` significant digits, rounded half-up to 64 digits;
    refuses when the error could change the rounding."""
    d = Decimal(mpmath.nstr(x, good_digits + 10, strip_zeros=False, min_fixed=1, max_fixed=0))
    wide = Context(prec=good_digits + 20, Emax=10**15, Emin=-(10**15))
    eps = Decimal(1).scaleb(d.adjusted() - good_digits)
    low, high = BIG.plus(wide.subtract(d, eps)), BIG.plus(wide.add(d, eps))
    if low != high:
        raise ValueError(f"too close to a rounding boundary at {good_digits} digits: {d}")
    return low


def format_big(d):
    """calculate.md 7.2: a BigNumber as math.js format prints it (lowerExp -6, upperExp 21)."""
    d = BIG.plus(d)
    if d.is_zero():
        return "0"
    sign = "-" if d < 0 else ""
    digits = "".join(map(str, d.as_tuple().digits)).lstrip("0").rstrip("0")
    e = abs(d).adjusted()
    if -6 <= e < 21:
        if e >= 0:
            whole = digits[: e + 1].ljust(e + 1, "0")
            rest = digits[e + 1 :]
            return sign + whole + ("." + rest if rest else "")
        return sign + "0." + "0" * (-e - 1) + digits
    mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return f"{sign}{mantissa}e{'+' if e > 0 else '-'}{abs(e)}"


def big_sum(values):
    """math.js `sum` of BigNumbers: the first value, then each addition rounded to 64 digits."""
    total = None
    for v in values:
        total = v if total is None else BIG.add(total, v)
    return total


def ok(case, result, result_type):
    request = request_of(case)
    return {"result": result, "resultType": result_type, "expression": request["expression"], "operation": "evaluate"}


# --- Recomputations by case (tool/id) ----------------------------------------------------------


def big_sin_huge(case):
    # The argument 1e900 is exact; its reduction modulo 2*pi needs ~900 more digits than the answer.
    answers = set()
    for dps in (1100, 1300):
        with mp.workdps(dps):
            answers.add(round64(mpmath.sin(mpf(10) ** 900), dps - 1000))
    assert len(answers) == 1, answers
    return ok(case, format_big(answers.pop()), "BigNumber")


def big_factorial(case):
    with mp.workdps(100):
        return ok(case, format_big(round64(mpmath.factorial(100000), 80)), "BigNumber")


def big_sum_of(function):
    def compute(case):
        with mp.workdps(100):
            return ok(case, format_big(big_sum(round64(function(mpf(k)), 80) for k in range(1, 1001))), "BigNumber")

    return compute


def big_bitand(case):
    # 1e999 + k: an addition rounded to 64 digits, so 1e999 for every k of 1:5000 (k < 0.5e936).
    x = BIG.add(Decimal(10) ** 999, Decimal(5000))
    assert x == Decimal(10) ** 999
    # math.js's bitAnd of BigNumbers is exact (it raises the precision to 1e9 digits).
    value = Decimal(int(x) & 10**998)
    return ok(case, format_big(big_sum([value] * 5000)), "BigNumber")


def big_tanh_1e300(case):
    # 1 - tanh x = 2 / (e^(2x) + 1) < 2 e^(-2x): its log10 at x = 1e300 is about -8.7e299.
    with mp.workdps(50):
        x = mpf(10) ** 300
        log10_gap = mpmath.log10(2) - 2 * x * mpmath.log10(mpmath.e)
        assert log10_gap < -100, log10_gap
    # So tanh x lies in (1 - 10^-100, 1): 64 digits half-up give exactly 1.
    value = BIG.plus(Decimal(1) - Decimal(1).scaleb(-100))
    with mp.workdps(120):
        assert round64(mpmath.tanh(mpf(10) ** 300), 100) == value == 1
    return ok(case, format_big(value), "BigNumber")


def is_prime_infinity(case):
    x = float("inf")
    prime = x.is_integer() and x > 1  # a prime is an integer greater than 1; Infinity is neither
    return ok(case, "true" if prime else "false", "boolean")


def det_ones_200(case):
    # Exact elimination: every row equals the first, so the matrix has rank 1 and det 0.
    n = 200
    rows = [[Fraction(1)] * n for _ in range(n)]
    det = Fraction(1)
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            det = Fraction(0)
            break
        rows[col], rows[pivot] = rows[pivot], rows[col]
        det *= rows[col][col] * (-1 if pivot != col else 1)
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            if factor:
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return ok(case, str(det.numerator), "number")


def exact_number(value):
    assert abs(value) < 2**53, value  # exact in binary64, so math.js prints these digits
    return lambda case: ok(case, str(value), "number")


def calc_literal_to_infinity(case):
    literal = request_of(case)["calculations"][0]["expression"]
    assert literal.isdigit()
    # The largest double is 2^1024 - 2^971; from 2^1024 - 2^970 on, round-to-nearest gives Infinity.
    assert int(literal) >= 2**1024 - 2**970
    return {"error": {"message": f'Invalid number "{literal}"'}}


def calc_integer_sums(case):
    """calc.md section 2 for a batch of sums of integer literals below 2^53 (exact in binary64)."""
    results = []
    for c in request_of(case)["calculations"]:
        total = 0
        for term in c["expression"].split("+"):
            assert term.strip(" ").isdigit(), term
            total += int(term)
            assert total < 2**53
        output = c["prefix"] + str(total) + c["suffix"]
        results.append({"expression": c["expression"], "value": total, "output": output})
    text = "\n".join(r["output"] for r in results)
    return {"content": [{"type": "text", "text": text}], "details": {"results": results}}


CROSS = {
    "calculate/work-big-sin-huge": big_sin_huge,
    "calculate/work-big-factorial": big_factorial,
    "calculate/work-big-sin-1000": big_sum_of(mpmath.sin),
    "calculate/work-big-pow-1000": big_sum_of(mpmath.sqrt),
    "calculate/work-big-bitand": big_bitand,
    "calculate/size-big-tanh-1e300": big_tanh_1e300,
    "calculate/size-is-prime-infinity": is_prime_infinity,
    "calculate/work-det-200": det_ones_200,
    "calculate/work-doubling-18": exact_number(2**18),
    "calculate/work-range-sum": exact_number(1000000 * 1000001 // 2),
    "calculate/work-matrix-vector": exact_number(1000 * 1000),
    "calculate/work-fraction-power": lambda case: ok(case, f"{2**100000}/1", "Fraction"),
    "calc/literal-1999-digits": calc_literal_to_infinity,
    "calc/calculations-1000-max": calc_integer_sums,
    "calc/json-prefix-1mib": calc_integer_sums,
    "calc/json-lone-surrogate-prefix": calc_integer_sums,
}


# --- Sources ---------------------------------------------------------------------------------


def kind(source):
    for prefix in ("mathjs 15.2", "mpmath", "python decimal:", "identity:", "spec:", "python:"):
        if source.startswith(prefix):
            return prefix.rstrip(":")
    raise ValueError(f"unknown source {source!r}")


def mathjs(cases):
    """math.js 15.2's answers to calculate requests, by tests/peer/hostile_oracle.mjs."""
    if not cases:
        return []
    lines = "".join(
        json.dumps({"id": c["id"], "input_b64": base64.b64encode(input_bytes(c)).decode()}) + "\n" for c in cases
    )
    run = subprocess.run(
        ["node", "--stack-size=4000", "hostile_oracle.mjs"], cwd=PEER, input=lines, capture_output=True, text=True
    )
    if run.returncode != 0:
        raise RuntimeError(f"hostile_oracle.mjs failed (is `npm ci` done in tests/peer?):\n{run.stderr}")
    out = []
    for case, line in zip(cases, run.stdout.splitlines(), strict=True):
        answer = json.loads(line)
        assert answer["id"] == case["id"]
        if "failed" in answer:
            raise RuntimeError(f"math.js cannot answer {case['id']}: {answer['failed']}")
        out.append(no_lone_surrogates(answer["answer"]))
    return out


def expectations(tool, cases):
    """The independent expectation of each case (its source: math.js, mpmath, Python's decimal or
    an identity). scripts/gen-hostile-cases.py fills new cases with these."""
    found = {}
    by_mathjs = [c for c in cases if kind(c["source"]) == "mathjs 15.2"]
    for c, answer in zip(by_mathjs, mathjs(by_mathjs)):
        found[c["id"]] = answer
    for c in cases:
        if kind(c["source"]) in ("spec", "python"):
            raise ValueError(f"{tool}/{c['id']}: its source ({c['source']}) is scripts/gen-hostile-cases.py")
        key = f"{tool}/{c['id']}"
        mentions = any(word in c["source"] for word in ("mpmath", "identity", "python decimal"))
        if mentions and key not in CROSS:
            raise ValueError(f"{key}: its source names a recomputation this checker lacks")
        if key in CROSS:
            answer = no_lone_surrogates(CROSS[key](c))
            if c["id"] in found and found[c["id"]] != answer:
                raise ValueError(f"{key}: math.js answers {found[c['id']]}, but {c['source']} gives {answer}")
            found[c["id"]] = answer
        if c["id"] not in found:
            raise ValueError(f"{key}: no recomputation for source {c['source']!r}")
    return [found[c["id"]] for c in cases]


def generator():
    path = os.path.join(ROOT, "scripts", "gen-hostile-cases.py")
    spec = importlib.util.spec_from_file_location("gen_hostile_cases", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {tool: {c["id"]: c for c in cases} for tool, cases in module.all_cases()}


def first_difference(a, b):
    a, b = json.dumps(a, ensure_ascii=False), json.dumps(b, ensure_ascii=False)
    at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"first difference at character {at}: file …{a[max(0, at - 40):at + 60]}… vs independent …{b[max(0, at - 40):at + 60]}…"


def main():
    only = set(sys.argv[sys.argv.index("--only") + 1 :]) if "--only" in sys.argv else None
    written = generator()
    passed, failures = 0, []
    for file in FILES:
        path = os.path.join(HERE, f"{file}.jsonl")
        cases = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
        ours = written[file]
        missing = set(ours) - {c["id"] for c in cases}
        for id in sorted(missing):
            failures.append(f"{file} {id}: scripts/gen-hostile-cases.py writes it, the file lacks it")
        if only is not None:
            cases = [c for c in cases if c["id"] in only]
        recompute = []
        for c in cases:
            mine = ours.get(c["id"])
            if mine is None:
                failures.append(f"{file} {c['id']}: not written by scripts/gen-hostile-cases.py (no case is added by hand)")
                continue
            drift = [k for k in mine if k not in ("expect", "max_units") and mine[k] != c.get(k)]
            if drift:
                failures.append(f"{file} {c['id']}: {', '.join(drift)} differ from scripts/gen-hostile-cases.py")
                continue
            if kind(c["source"]) in ("spec", "python"):
                if mine["expect"] == c["expect"]:
                    passed += 1
                else:
                    failures.append(f"{file} {c['id']}: expect differs from scripts/gen-hostile-cases.py ({c['source']})")
            else:
                recompute.append(c)
        try:
            independent = expectations(tool_of(file), recompute)
        except Exception as error:  # one failing oracle fails the run, with its reason
            failures.append(f"{file}: {error}")
            continue
        for c, expect in zip(recompute, independent):
            if expect == c["expect"]:
                passed += 1
                print(f"ok {file} {c['id']} ({c['source'][:60]})")
            else:
                failures.append(f"{file} {c['id']} ({c['source']}): {first_difference(c['expect'], expect)}")
    for failure in failures:
        print("FAIL", failure)
    print(f"expectations: {passed} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
