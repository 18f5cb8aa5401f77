"""The Python peers of bench/compare: decimal-expression-evaluate requests through the standard
library, line in, line out, as `reckon exec decimal-expression-evaluate` answers them.

    python3 bench/peers/pydecimal.py fractions   exact rationals (fractions.Fraction)
    python3 bench/peers/pydecimal.py decimal     decimal.Decimal, 50 significant digits

Each request's expression is rewritten (every literal wrapped in the number type, `^` spelt `**`)
and compiled by Python's own parser, as a tool built on Python would; `round(x, n)`, `abs`, `min`
and `max` are given, and the answer is rounded once at the end to `scale` with `rounding`
(half_up or half_even). At the end it writes `busy_ns N` to standard error: the time from the
first line read to the last answer written, start-up left out. Only the grammar bench/compare's corpus uses is covered."""

import decimal
import json
import re
import sys
import time
from fractions import Fraction

LITERAL = re.compile(r"\d+(?:\.\d+)?")
decimal.getcontext().prec = 50


def rounded(value, scale, rounding):
    """`value` (a Fraction or Decimal) rounded to `scale` fraction digits, as text."""
    mode = decimal.ROUND_HALF_EVEN if rounding == "half_even" else decimal.ROUND_HALF_UP
    if isinstance(value, Fraction):
        scaled = value * 10**scale
        whole, rest = divmod(abs(scaled.numerator), scaled.denominator)
        twice = 2 * rest
        if twice > scaled.denominator or (twice == scaled.denominator and (mode == decimal.ROUND_HALF_UP or whole % 2)):
            whole += 1
        value = decimal.Decimal(-whole if scaled < 0 else whole).scaleb(-scale)
        return str(value) if whole or scaled >= 0 else str(abs(value))
    return str(value.quantize(decimal.Decimal(1).scaleb(-scale), rounding=mode))


def plain(value):
    """An unrounded answer as text: a Fraction as a terminating decimal, else as n/d."""
    if isinstance(value, Fraction):
        d = value.denominator
        for p in (2, 5):
            while d % p == 0:
                d //= p
        if d != 1:
            return f"{value.numerator}/{value.denominator}"
        scale = 0
        while (value * 10**scale).denominator != 1:
            scale += 1
        return rounded(value, scale, "half_even")
    return str(value.normalize()) if value != value.to_integral_value() else str(value.quantize(1))


def main():
    number = Fraction if sys.argv[1:] == ["fractions"] else decimal.Decimal

    def round_to(x, n):
        text = rounded(x, int(n), "half_even")
        return number(text)

    functions = {"abs": abs, "min": min, "max": max, "round": round_to, "__builtins__": {}}
    out = sys.stdout
    start = None
    for line in sys.stdin:
        start = start or time.perf_counter_ns()
        if not line.strip():
            continue
        asked = json.loads(line)
        scope = dict(functions)
        scope["N"] = number
        for name, text in asked.get("variables", {}).items():
            scope[name] = number(text)
        source = LITERAL.sub(lambda m: f"N('{m.group()}')", asked["expression"]).replace("^", "**")
        try:
            value = eval(compile(source, "<expression>", "eval"), scope)
            if "scale" in asked:
                text = rounded(value, asked["scale"], asked.get("rounding"))
            else:
                text = plain(value)
            out.write(json.dumps({"value": text}) + "\n")
        except (ArithmeticError, ValueError, TypeError, SyntaxError) as error:
            out.write(json.dumps({"error": str(error)}) + "\n")
    out.flush()
    sys.stderr.write(f"busy_ns {time.perf_counter_ns() - start if start else 0}\n")


if __name__ == "__main__":
    main()
