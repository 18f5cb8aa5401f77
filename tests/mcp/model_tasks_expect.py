#!/usr/bin/env python3
"""Recomputes the expected answer of every task in tests/mcp/model_tasks.json without reckon, and
checks that the file agrees: "a test that plays the model" must not grade reckon against reckon.

Where each answer comes from:

- calculate: math.js 15.2.0 itself (tests/peer/node_modules), as the tool's contract states its
  output (docs/calculate.md): `result` is `format(value, {lowerExp: -6, upperExp: 21,
  precision})`, `resultType` is `typeOf(value)`, on an instance made with `{number: "BigNumber",
  precision: 64}` or `{number: "Fraction"}` for those numeric types (a scope number becomes a
  Fraction when exact, as the server does). For the symbolic operations the reference is
  math.js's `simplify(e).toString()` / `derivative(e, v).toString()` with resultType "string".
- calc: Node.js itself, `prefix + String(value) + suffix` with the expression evaluated as
  JavaScript.
- decimal-expression-evaluate: Python's `fractions` over the expression's own syntax tree
  (`^` is read as `**`; every literal and variable is an exact Fraction read from its text; the
  final `scale` and `round(x, n)` round the exact value with the call's rounding mode), then
  printed as the tool's contract states (docs/decimal-expression-evaluate.md: `scale` fraction
  digits, or canonical with trailing zeros stripped, which needs a terminating decimal).

`expect` is the answer to the call the task is graded on: the fallback when there is one, else
the first call. `expect_direct` (only on tasks whose first call reckon refuses today) is the
reference's answer to the first call itself: what math.js gives for `5 kg to lbs`, what the
decimal tool would give if it took `^(12 * 10)`. The runner accepts it as a first-call success,
so a feature that lands raises the first-call count instead of breaking the test.

    (cd tests/peer && npm ci)                      # math.js 15.2.0, once
    python3 tests/mcp/model_tasks_expect.py          # check: exits 1 listing any disagreement
    python3 tests/mcp/model_tasks_expect.py --write  # rewrite every expect / expect_direct

After adding or changing a task, run it with --write and review the diff of the answers.
"""
import argparse
import ast
import json
import pathlib
import subprocess
import sys
from fractions import Fraction

ROOT = pathlib.Path(__file__).resolve().parents[2]
TASKS = ROOT / "tests" / "mcp" / "model_tasks.json"
PEER = ROOT / "tests" / "peer"


# ---------------------------------------------------------------- decimal-expression-evaluate

class DecimalRefusal(Exception):
    """The call is one the decimal tool's grammar refuses (so the task needs a fallback)."""


def round_fraction(value, digits, mode):
    """value rounded to `digits` fraction digits with one of the tool's rounding modes, as an
    integer count of 10^-digits."""
    scaled = value * 10 ** digits
    down = scaled.numerator // scaled.denominator  # floor
    rest = scaled - down  # in [0, 1)
    if rest == 0:
        return down
    up = down + 1
    negative = scaled < 0
    toward_zero, away = (up, down) if negative else (down, up)
    half = Fraction(1, 2)
    if mode == "unnecessary":
        raise DecimalRefusal("rounding_necessary")
    if mode == "floor":
        return down
    if mode == "ceiling":
        return up
    if mode == "down":
        return toward_zero
    if mode == "up":
        return away
    if rest < half:
        return down
    if rest > half:
        return up
    return {
        "half_even": down if down % 2 == 0 else up,
        "half_up": away,
        "half_down": toward_zero,
        "half_ceiling": up,
        "half_floor": down,
    }[mode]


def fixed(count, digits):
    """An integer count of 10^-digits written with exactly `digits` fraction digits."""
    sign = "-" if count < 0 else ""
    text = str(abs(count)).rjust(digits + 1, "0")
    return sign + (text[:-digits] + "." + text[-digits:] if digits else text)


def canonical(value):
    """A terminating decimal, trailing zeros stripped (the tool's value without a scale)."""
    digits = 0
    while (value * 10 ** digits).denominator != 1:
        digits += 1
        if digits > 400:
            raise DecimalRefusal("non_terminating_decimal")
    text = fixed((value * 10 ** digits).numerator, digits)
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def decimal_answer(arguments, strict=True):
    """The tool's `value` for a call. strict=False lifts the integer-literal exponent rule (for
    expect_direct of a call the tool refuses only for that rule)."""
    source = arguments["expression"].replace("^", "**")
    variables = {k: Fraction(v) for k, v in arguments.get("variables", {}).items()}
    mode = arguments.get("rounding")

    def literal_int(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return node.value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            inner = literal_int(node.operand)
            return None if inner is None else -inner
        return None

    def ev(node):
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant):
            return Fraction(ast.get_source_segment(source, node))  # exact, from the text
        if isinstance(node, ast.Name):
            return variables[node.id]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -ev(node.operand)
        if isinstance(node, ast.BinOp):
            left = ev(node.left)
            if isinstance(node.op, ast.Pow):
                exponent = literal_int(node.right)
                if exponent is None or abs(exponent) > 100:
                    if strict:
                        raise DecimalRefusal("invalid_exponent")
                    exponent = ev(node.right)
                    assert exponent.denominator == 1
                    exponent = int(exponent)
                return left ** exponent
            right = ev(node.right)
            return {ast.Add: lambda: left + right, ast.Sub: lambda: left - right,
                    ast.Mult: lambda: left * right, ast.Div: lambda: left / right}[type(node.op)]()
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            name, args = node.func.id, node.args
            if name == "abs":
                return abs(ev(args[0]))
            if name in ("min", "max"):
                return (min if name == "min" else max)(ev(a) for a in args)
            if name == "round":
                digits = literal_int(args[1])
                return Fraction(round_fraction(ev(args[0]), digits, mode), 10 ** digits)
        raise ValueError(f"not in the decimal tool's grammar: {ast.dump(node)}")

    value = ev(ast.parse(source, mode="eval"))
    if "scale" in arguments:
        return {"value": fixed(round_fraction(value, arguments["scale"], mode), arguments["scale"])}
    return {"value": canonical(value)}


# ---------------------------------------------------------------- calc and calculate (Node.js)

NODE = r"""
const { create, all } = require("mathjs");
const jobs = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = jobs.map(({ tool, arguments: a }) => {
  try {
    if (tool === "calc") {
      return { outputs: a.calculations.map(c =>
        c.prefix + String(Function(`"use strict"; return (${c.expression});`)()) + c.suffix) };
    }
    const type = a.numericType ?? "number";
    const math = create(all, type === "BigNumber" ? { number: type, precision: 64 } : { number: type });
    const operation = a.operation ?? "evaluate";
    if (operation === "simplify") return { result: math.simplify(a.expression).toString(), resultType: "string" };
    if (operation === "derivative") return { result: math.derivative(a.expression, a.variable).toString(), resultType: "string" };
    const scope = { ...(a.scope ?? {}) };
    if (type === "Fraction") {
      for (const [name, value] of Object.entries(scope)) {
        try { const f = math.fraction(value); if (Number(f) === value) scope[name] = f; } catch {}
      }
    }
    const value = math.evaluate(a.expression, scope);
    const options = { lowerExp: -6, upperExp: 21 };
    if (a.precision !== undefined && a.precision !== "") options.precision = a.precision;
    return { result: math.format(value, options), resultType: math.typeOf(value) };
  } catch (error) {
    return { error: String(error.message) };
  }
});
process.stdout.write(JSON.stringify(out));
"""


def node_answers(calls):
    """Answers of [(tool, arguments)] for calc and calculate, from Node.js and math.js."""
    if not (PEER / "node_modules" / "mathjs").is_dir():
        sys.exit("math.js is not installed: run (cd tests/peer && npm ci) first")
    jobs = [{"tool": tool, "arguments": arguments} for tool, arguments in calls]
    done = subprocess.run(["node", "-e", NODE], cwd=PEER, input=json.dumps(jobs),
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


# ---------------------------------------------------------------- the file

def reference_answers(tasks):
    """{(task id, "expect" | "expect_direct"): answer} for every task."""
    pending, answers = [], {}
    for task in tasks:
        first = (task["tool"], task["arguments"])
        graded = (task["fallback"]["tool"], task["fallback"]["arguments"]) if "fallback" in task else first
        wanted = []
        if "expect_refusal" not in task:
            wanted.append(("expect", graded))
        if "fallback" in task or "expect_refusal" in task:
            wanted.append(("expect_direct", first))
        for key, (tool, arguments) in wanted:
            if tool == "decimal-expression-evaluate":
                if key == "expect_direct":
                    try:
                        decimal_answer(arguments)
                        raise SystemExit(f"{task['id']}: the decimal tool's grammar takes the first call; "
                                         "it needs no fallback")
                    except DecimalRefusal:
                        pass
                answers[(task["id"], key)] = decimal_answer(arguments, strict=(key == "expect"))
            else:
                pending.append(((task["id"], key), (tool, arguments)))
    for (slot, _), answer in zip(pending, node_answers([call for _, call in pending])):
        if "error" in answer:
            raise SystemExit(f"{slot[0]} ({slot[1]}): the reference fails: {answer['error']}")
        answers[slot] = answer
    return answers


ORDER = ["id", "category", "task", "tool", "arguments", "note", "hint_contains", "fallback",
         "expect_refusal", "expect_direct", "expect"]


def dump(document):
    """The file's layout: one member of a task per line, each value as compact JSON."""
    def compact(value):
        return json.dumps(value, ensure_ascii=False)

    about = ",\n".join(f"    {compact(line)}" for line in document["about"])
    lines = ["{", '  "about": [', about, "  ],", '  "tasks": [']
    for index, task in enumerate(document["tasks"]):
        keys = [k for k in ORDER if k in task] + [k for k in task if k not in ORDER]
        members = [f'      "{k}": {compact(task[k])}' for k in keys]
        lines.append("    {\n" + ",\n".join(members) + "\n    }" + ("," if index + 1 < len(document["tasks"]) else ""))
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="rewrite expect and expect_direct from the references")
    parser.add_argument("--tasks", default=str(TASKS))
    args = parser.parse_args()
    path = pathlib.Path(args.tasks)
    document = json.loads(path.read_text())
    tasks = document["tasks"]
    ids = [t["id"] for t in tasks]
    assert len(ids) == len(set(ids)), "task ids must be unique"
    answers = reference_answers(tasks)
    wrong = 0
    for task in tasks:
        for key in ("expect", "expect_direct"):
            answer = answers.get((task["id"], key))
            if answer is None:
                if key in task and args.write:
                    del task[key]
                elif key in task:
                    print(f"{task['id']}: {key} is present but nothing is graded against it")
                    wrong += 1
                continue
            if args.write:
                task[key] = answer
            elif task.get(key) != answer:
                print(f"{task['id']}: {key} {json.dumps(task.get(key))} but the reference gives {json.dumps(answer)}")
                wrong += 1
    if args.write:
        path.write_text(dump(document))
        print(f"wrote {len(tasks)} tasks to {path}")
        return
    print(f"{len(tasks)} tasks, {wrong} disagreements with math.js / Node.js / Python fractions")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
