"""Runs tests/spark/reckon_job.py in local mode on a generated JSON Lines file and checks every
answer against one single-process `reckon exec TOOL` run per tool over the same requests.

    .venv/bin/python tests/spark/check_job.py --reckon target/release/reckon --lines 1000000

The file mixes the three tools (seeded random arithmetic, some of it invalid or refused, so that
error answers are compared too). Every (tool, request) must get exactly the answer the single
process gave, as many times as it occurs; exits 1 otherwise. Prints the lines, the time of the
Spark job and its throughput.
"""

import argparse
import collections
import json
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def request(rng):
    tool = rng.choice(("decimal-expression-evaluate", "calc", "calculate"))
    a, b, c = rng.randint(0, 10**6), rng.randint(0, 10**6), rng.randint(0, 999)
    op = rng.choice("+-*/")
    expression = f"{a} {op} {b} * {c}"
    if rng.random() < 0.02:
        expression += " +"  # invalid: an error answer
    if tool == "calc":
        body = {"calculations": [{"expression": expression, "prefix": "", "suffix": ""}]}
    elif tool == "decimal-expression-evaluate":
        body = {"expression": expression, "scale": 4, "rounding": "half_even"} if op == "/" else {"expression": expression}
    else:
        body = {"expression": expression}
    return {"tool": tool, "request": body}


def canonical(value):
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reckon", required=True)
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--partitions", type=int, default=4)
    parser.add_argument("--seed", type=int, default=38)
    args = parser.parse_args()
    reckon = os.path.abspath(args.reckon)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, "in.jsonl")
        per_tool = collections.defaultdict(list)
        with open(source, "w") as out:
            for _ in range(args.lines):
                row = request(rng)
                out.write(json.dumps(row) + "\n")
                per_tool[row["tool"]].append(json.dumps(row["request"], separators=(",", ":")))
        # The reference: one reckon exec process per tool, over all that tool's requests.
        expected = collections.Counter()
        for tool, lines in per_tool.items():
            answers = subprocess.run([reckon, "exec", tool], input="\n".join(lines) + "\n",
                                     capture_output=True, text=True, check=True).stdout.splitlines()
            assert len(answers) == len(lines), (tool, len(answers), len(lines))
            for line, answer in zip(lines, answers):
                expected[(tool, canonical(json.loads(line)), canonical(json.loads(answer)))] += 1
        output = os.path.join(work, "out")
        started = time.monotonic()
        subprocess.run([sys.executable, os.path.join(HERE, "reckon_job.py"), "--reckon", reckon,
                        "--partitions", str(args.partitions), source, output], check=True)
        seconds = time.monotonic() - started
        got = collections.Counter()
        for name in sorted(os.listdir(output)):
            if name.startswith("part-"):
                with open(os.path.join(output, name)) as f:
                    for line in f:
                        row = json.loads(line)
                        got[(row["tool"], canonical(row["request"]), canonical(row["answer"]))] += 1
        missing, extra = expected - got, got - expected
        errors = sum(1 for key in expected if '"error"' in key[2])
        print(f"spark: {args.lines} lines ({', '.join(f'{t} {len(l)}' for t, l in sorted(per_tool.items()))}; "
              f"{errors} distinct error answers) in {seconds:.1f} s including Spark's start "
              f"= {args.lines / seconds:,.0f} lines/s; {sum(got.values())} answers, "
              f"{sum(missing.values())} missing or different, {sum(extra.values())} unexpected")
        if missing or extra:
            for key in list(missing)[:5]:
                print("expected, not found:", key)
            for key in list(extra)[:5]:
                print("found, not expected:", key)
            sys.exit(1)


if __name__ == "__main__":
    main()
