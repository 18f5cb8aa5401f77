"""bench/compare's driver: reckon against its peers, side by side, alternating, several runs.

Run it through `bench/compare` (which installs math.js and wrk and builds reckon). Every workload
is a file of JSON lines fed to one process per side, line in and line out, as `reckon exec`
answers it; the peers are programs doing the same job (bench/peers/: math.js 15.2 in Node.js,
the JavaScript engine itself, Python's fractions and decimal). A side's time is the wall time of
a peer's process from its first line read to its last answer written (the peer reports it), so
that its start-up (about 1 s for Node.js loading math.js on a busy machine) is left out, and the
wall time of reckon's whole process, start-up (milliseconds) included; the sides take turns within each run, so that a slow spell
of a shared machine falls on all of them alike, and each figure is the median of the runs with
the spread (fastest–slowest) beside it. Before timing, each section checks that the sides give
the same answers on its distinct requests (the decimal and calc sections fail on a difference;
calculate counts and reports them, as math.js's formatting sometimes differs by design, see
docs/calculate.md). HTTP is wrk against `reckon serve` and against a Node.js server wrapping
math.js. The cost-growth table times M copies of one request of each size the same way.

Writes OUT/benchmark.md (tables, the machine, the versions, how busy the machine was) and
OUT/benchmark.svg (a bar chart of reckon's speed-up over each peer). Nothing about the timings is
asserted; the outputs are checked to be well formed before the program ends.

Why Python and a hand-written SVG rather than a Rust driver with plotters: the peers need Python's
fractions and decimal anyway, and its standard library covers the driver, the checks and a bar
chart; plotters would add a crate tree to build (minutes on the 2-core machine) for one chart, and
nothing here is hot: the timed work happens in the processes it starts."""

import argparse
import json
import os
import platform
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import xml.etree.ElementTree as ElementTree
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEER_JS = ["node", str(ROOT / "bench/peers/mathjs.mjs")]
PEER_PY = [sys.executable, str(ROOT / "bench/peers/pydecimal.py")]
LOADS = []


def note_load():
    """Records the 1-minute load average, to say how busy the machine was."""
    LOADS.append(os.getloadavg()[0])


def machine_busy():
    """Whether other jobs shared the machine: the benchmark itself keeps about one core busy (two
    while wrk and a server run), so the lowest load seen, less that one core, is what the other
    jobs added; more than a quarter of the cores is busy."""
    return min(LOADS) - 1 > 0.25 * os.cpu_count()


# ---------------------------------------------------------------- running and timing


def run_lines(command, requests_path):
    """Runs `command` with the file as standard input; returns (seconds, answer lines). A peer
    reports its own busy time (`busy_ns N` on standard error, start-up left out), which is used;
    reckon's is the wall time of its whole process, start-up included."""
    with open(requests_path, "rb") as stdin, tempfile.TemporaryFile() as stdout:
        start = time.perf_counter()
        done = subprocess.run(command, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, check=True)
        seconds = time.perf_counter() - start
        reported = re.search(rb"busy_ns (\d+)", done.stderr)
        if reported:
            seconds = int(reported.group(1)) / 1e9
        stdout.seek(0)
        return seconds, stdout.read().decode().splitlines()


def write_lines(path, requests):
    """Writes JSON requests, one per line."""
    with open(path, "w") as out:
        for request in requests:
            out.write(json.dumps(request) + "\n")


def alternate(sides, base, requests, lines, runs, tmp, key):
    """Times every side, the sides taking turns, `runs` times, on `lines` requests cycling over
    the distinct `requests`. Returns ({name: [seconds per request]}, {name: [key(answer) for the
    distinct requests]})."""
    path = tmp / f"{base}.jsonl"
    write_lines(path, (requests[i % len(requests)] for i in range(lines)))
    times = {name: [] for name, _ in sides}
    seen = {}
    for _ in range(runs):
        for name, command in sides:
            seconds, answers = run_lines(command, path)
            if len(answers) != lines:
                sys.exit(f"{name}: {len(answers)} answers to {lines} requests")
            seen.setdefault(name, [key(json.loads(a)) for a in answers[:len(requests)]])
            times[name].append(max(seconds, 1e-9) / lines)
        note_load()
    return times, seen


def spread(values):
    """(median, fastest, slowest)."""
    return statistics.median(values), min(values), max(values)


def answers(command, requests, tmp, key):
    """Each answer's `key` (a function of the answer object) for the requests, in order."""
    path = tmp / "check.jsonl"
    write_lines(path, requests)
    _, lines = run_lines(command, path)
    return [key(json.loads(line)) for line in lines]


# ---------------------------------------------------------------- the workloads

DECIMAL = [
    {"expression": "0.1 + 0.2"},
    {"expression": "price * qty * (1 + tax / 100)", "variables": {"price": "19.99", "qty": "3", "tax": "8.25"},
     "scale": 2, "rounding": "half_up"},
    {"expression": "round(10 / 3, 4) - abs(-1)", "rounding": "half_even"},
    {"expression": "1 / 3", "scale": 10, "rounding": "half_even"},
    {"expression": "(1.5 + 2.25) * 4 - 7 / 8"},
    {"expression": "max(1.2, 3.4, 2) * min(5, 6.5) - 0.125"},
    {"expression": "principal * (1 + rate / 12) ^ 12", "variables": {"principal": "2500.00", "rate": "0.0375"},
     "scale": 2, "rounding": "half_even"},
    {"expression": "(a - b) / (a + b)", "variables": {"a": "123456789.123456789", "b": "0.000000001"},
     "scale": 20, "rounding": "half_up"},
]

CALC_EXPRESSIONS = [
    "1 + 2 * 3", "0.1 + 0.2 * 3 - 4.5 / 7", "(17 % 5) ** 2 / 3", "2 ** 0.5 * 1e3", "-(3.5 - 10) / 0x10",
    "1 / 3 + 2 / 3", "123456789 * 987654321", "(1 + 2) * (3 + 4) * (5 + 6) % 13",
]
CALC = [{"calculations": [{"expression": e, "prefix": "", "suffix": ""}, {"expression": f"({e}) * 2", "prefix": "$", "suffix": " total"}]}
        for e in CALC_EXPRESSIONS]

ONE_THREAD = "reckon exec, 1 thread"
HTTP_ROUTE = "/v1/tools/calculate/versions/1.0.0/execute"
HTTP_BODY = '{"expression": "2 * (3 + 4) - sin(pi / 6)"}'
HEALTHZ = "reckon serve, `GET /healthz` (its ceiling)"


def calculate_corpus():
    """benches/calculate/corpus.jsonl, each request once without its numeric type."""
    lines = (ROOT / "benches/calculate/corpus.jsonl").read_text().splitlines()
    requests = [json.loads(line) for line in lines if line.strip()]
    for request in requests:
        request.pop("numericType", None)
    return requests


def growth_workloads(sizes):
    """(family, size label, calculate request) for the cost-growth table; `sizes` picks which of
    each family's three sizes (0, 1, 2)."""
    out = []
    pick = lambda options: [options[i] for i in sizes]
    for terms in pick((10, 100, 450)):
        out.append(("expression length (`1+1+…`)", f"{2 * terms - 1} chars", {"expression": "+".join(["1"] * terms)}))
    for digits in pick((10, 60, 200)):
        a, b = "7" * digits, "3" * digits
        out.append(("literal digits (Fraction `a*b+a/b`)", f"{digits} digits",
                    {"expression": f"{a} * {b} + {a} / {b}", "numericType": "Fraction"}))
    for depth in pick((5, 20, 80)):
        out.append(("nesting depth (`((1+1)+1)…`)", f"depth {depth}", {"expression": "(" * depth + "1" + "+1)" * depth}))
    for n in pick((3, 6, 12)):
        rows = ", ".join("[" + ", ".join(str((i * 7 + j * 3 + (i == j) * 5) % 10) for j in range(n)) + "]" for i in range(n))
        out.append(("matrix size (`det`)", f"{n}×{n}", {"expression": f"det([{rows}])"}))
    return out


# ---------------------------------------------------------------- sections


def decimal_section(reckon, tmp, lines, runs):
    """decimal-expression-evaluate against math.js Fraction and BigNumber and Python's fractions and decimal."""
    sides = [("reckon exec", [reckon, "exec", "decimal-expression-evaluate"]),
             (ONE_THREAD, [reckon, "exec", "--threads", "1", "decimal-expression-evaluate"]),
             ("math.js Fraction", PEER_JS + ["decimal-fraction"]),
             ("math.js BigNumber", PEER_JS + ["decimal-bignumber"]),
             ("Python fractions", PEER_PY + ["fractions"]),
             ("Python decimal", PEER_PY + ["decimal"])]
    value = lambda answer: answer.get("value", answer.get("error"))
    times, seen = alternate(sides, "decimal", DECIMAL, lines, runs, tmp, value)
    for name, theirs in seen.items():
        for request, a, b in zip(DECIMAL, seen["reckon exec"], theirs):
            if a != b:
                sys.exit(f"decimal: {name} answers {b!r} where reckon answers {a!r} to {request}")
    return {"lines": lines, "distinct": len(DECIMAL), "times": times}


def calc_section(reckon, tmp, lines, runs):
    """calc against the JavaScript engine (Node.js compiling and running each expression)."""
    sides = [("reckon exec", [reckon, "exec", "calc"]), (ONE_THREAD, [reckon, "exec", "--threads", "1", "calc"]),
             ("Node.js (JavaScript engine)", PEER_JS + ["calc-js"])]
    outputs = lambda answer: [r["output"] for r in answer["details"]["results"]]
    times, seen = alternate(sides, "calc", CALC, lines, runs, tmp, outputs)
    for name, theirs in seen.items():
        for request, a, b in zip(CALC, seen["reckon exec"], theirs):
            if a != b:
                sys.exit(f"calc: {name} answers {b!r} where reckon answers {a!r} to {request}")
    return {"lines": lines, "distinct": len(CALC), "times": times}


def calculate_section(reckon, tmp, lines, runs):
    """calculate per numeric type against math.js 15.2: the requests both answer without error."""
    sides = [("reckon exec", [reckon, "exec", "calculate"]), (ONE_THREAD, [reckon, "exec", "--threads", "1", "calculate"]),
             ("math.js", PEER_JS + ["calculate"])]
    result = lambda answer: answer.get("result")
    out = {}
    for numeric_type in ("number", "BigNumber", "Fraction"):
        requests = calculate_corpus()
        if numeric_type != "number":
            for request in requests:
                request["numericType"] = numeric_type
        ours, theirs = (answers(command, requests, tmp, result) for _, command in (sides[0], sides[2]))
        both = [(r, a, b) for r, a, b in zip(requests, ours, theirs) if a is not None and b is not None]
        kept = [r for r, _, _ in both]
        times, _ = alternate(sides, f"calculate-{numeric_type}", kept, lines, runs, tmp, result)
        out[numeric_type] = {"lines": lines, "distinct": len(kept), "same": sum(a == b for _, a, b in both),
                             "times": times}
    return out


def wait_until_up(url, data=None):
    """Polls `url` until it answers (10 s at most)."""
    for _ in range(100):
        try:
            urllib.request.urlopen(urllib.request.Request(url, data=data), timeout=1).read()
            return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"no server at {url}")


def wrk(port, seconds, method="POST", route=HTTP_ROUTE):
    """One wrk run against the calculate route (or another); (req/s, p50 µs, p99 µs, non-2xx)."""
    env = dict(os.environ, RECKON_LOAD_METHOD=method, RECKON_LOAD_PATH=route, RECKON_LOAD_BODY=HTTP_BODY)
    text = subprocess.run(["wrk", "--latency", "-t", "2", "-c", "64", "-d", f"{seconds}s", "-s",
                           str(ROOT / "scripts/load/execute.lua"), f"http://127.0.0.1:{port}"],
                          env=env, capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"= (\d+) req/s", text).group(1))
    p50, p99 = (float(x) for x in re.search(r"p50 (\d+) us, p99 (\d+) us", text).groups())
    errors = int(re.search(r"non-2xx (\d+)", text).group(1))
    return rate, p50, p99, errors


def http_section(reckon, seconds, runs):
    """reckon serve against a Node.js server wrapping math.js, the same request, wrk on loopback."""
    servers = [("reckon serve", 18291, [reckon, "serve", "--addr", "127.0.0.1:18291"], None),
               ("Node.js + math.js", 18292, PEER_JS + ["serve", "18292"], HTTP_BODY.encode())]
    started = []
    try:
        for name, port, command, probe in servers:
            env = dict(os.environ, RUST_LOG="warn")
            started.append(subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL))
            wait_until_up(f"http://127.0.0.1:{port}" + ("/healthz" if probe is None else HTTP_ROUTE), probe)
        results = {name: [] for name, *_ in servers}
        results[HEALTHZ] = []
        for _ in range(runs):
            for name, port, *_ in servers:
                results[name].append(wrk(port, seconds))
            results[HEALTHZ].append(wrk(servers[0][1], seconds, "GET", "/healthz"))
            note_load()
        return {"seconds": seconds, "results": results}
    finally:
        for process in started:
            process.terminate()
            process.wait()


def growth_section(reckon, tmp, lines, runs, sizes):
    """Time of one calculate request as it grows, reckon against math.js (start-up cancelled out)."""
    sides = [("reckon", [reckon, "exec", "--threads", "1", "calculate"]), ("math.js", PEER_JS + ["calculate"])]
    rows = []
    for family, size, request in growth_workloads(sizes):
        result = lambda answer: answer.get("result")
        times, seen = alternate(sides, "growth", [request], lines, runs, tmp, result)
        for name, (answer,) in seen.items():
            if answer is None:
                sys.exit(f"growth: {name} refuses {request}")
        rows.append((family, size, {name: spread(values) for name, values in times.items()}))
    return {"lines": lines, "rows": rows}


# ---------------------------------------------------------------- the report


def versions(reckon):
    """The versions of every side, as one Markdown line each."""
    def out(command):
        try:
            return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip().splitlines()[0]
        except (OSError, subprocess.CalledProcessError, IndexError):
            return "unknown"
    lock = json.loads((ROOT / "tests/peer/package-lock.json").read_text())
    mathjs = lock["packages"]["node_modules/mathjs"]["version"]
    commit = out(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"])
    wrk_version = out(["sh", "-c", "wrk -v 2>&1 | head -n 1"])
    return [f"reckon: `{out([reckon, '--version'])}` (commit {commit}, release build)",
            f"math.js {mathjs} (tests/peer/package-lock.json) on Node.js {out(['node', '--version'])}",
            f"Python {platform.python_version()} (fractions, decimal)",
            f"wrk: `{wrk_version}`"]


def cpu_model():
    """The CPU's model name from /proc/cpuinfo."""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def fmt_rate(seconds):
    """Requests per second from seconds per request, in thousands."""
    return f"{1 / seconds / 1000:,.1f} k"


def throughput_table(title, section, reference="reckon exec"):
    """A table of requests/s per side (median and spread) and reckon's speed-up over each."""
    times = section["times"]
    ours = statistics.median(times[reference])
    alone = statistics.median(times[ONE_THREAD])
    rows = [f"| {title} | requests/s (median) | spread (slowest–fastest run) | per request | reckon is (on 1 thread) |",
            "| --- | --- | --- | --- | --- |"]
    for name, values in times.items():
        median, fastest, slowest = spread(values)
        ratio = "—" if name in (reference, ONE_THREAD) else f"{median / ours:,.1f}× faster ({median / alone:,.1f}×)"
        rows.append(f"| {name} | {fmt_rate(median)} | {fmt_rate(slowest)} – {fmt_rate(fastest)} "
                    f"| {median * 1e6:,.2f} µs | {ratio} |")
    return rows


def speedups(results):
    """(label, reckon's speed-up) for the chart."""
    bars = []
    for name, values in results["decimal"]["times"].items():
        if name not in ("reckon exec", ONE_THREAD):
            bars.append((f"decimal vs {name}", statistics.median(values) / statistics.median(results["decimal"]["times"]["reckon exec"])))
    calc = results["calc"]["times"]
    bars.append(("calc vs Node.js", statistics.median(calc["Node.js (JavaScript engine)"]) / statistics.median(calc["reckon exec"])))
    for numeric_type, section in results["calculate"].items():
        t = section["times"]
        bars.append((f"calculate {numeric_type} vs math.js", statistics.median(t["math.js"]) / statistics.median(t["reckon exec"])))
    http = results["http"]["results"]
    ours, theirs = (statistics.median(r[0] for r in http[name]) for name in ("reckon serve", "Node.js + math.js"))
    bars.append(("HTTP vs Node.js + math.js", ours / theirs))
    return bars


def svg_chart(bars, subtitle):
    """A horizontal bar chart of speed-ups on a logarithmic axis, as SVG text."""
    import math
    left, width, bar, gap, top = 260, 420, 22, 8, 56
    values = [value for _, value in bars]
    low = min(0, math.floor(math.log10(max(min(values), 1e-3))))
    high = max(1, math.ceil(math.log10(max(values))))
    x = lambda value: left + width * (math.log10(max(value, 10.0 ** low)) - low) / (high - low)
    height = top + len(bars) * (bar + gap) + 40
    esc = lambda s: s.replace("&", "&amp;").replace("<", "&lt;")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 90}" height="{height}" '
           f'font-family="sans-serif" font-size="13">',
           f'<rect width="100%" height="100%" fill="white"/>',
           f'<text x="10" y="22" font-size="16" font-weight="bold">reckon\'s speed-up over each peer (median, log scale)</text>',
           f'<text x="10" y="42" fill="#555">{esc(subtitle)}</text>']
    for d in range(low, high + 1):
        gx = x(10.0 ** d)
        stroke = "#888" if d == 0 else "#ddd"
        out.append(f'<line x1="{gx:.1f}" y1="{top - 4}" x2="{gx:.1f}" y2="{height - 30}" stroke="{stroke}"/>')
        out.append(f'<text x="{gx:.1f}" y="{height - 14}" text-anchor="middle" fill="#555">{10.0 ** d:,g}×</text>')
    for i, (label, value) in enumerate(bars):
        y = top + i * (bar + gap)
        colour = "#2b7bb9" if value >= 1 else "#c0392b"
        out.append(f'<text x="{left - 8}" y="{y + 16}" text-anchor="end">{esc(label)}</text>')
        out.append(f'<rect x="{left}" y="{y}" width="{max(x(value) - left, 2):.1f}" height="{bar}" fill="{colour}"/>')
        out.append(f'<text x="{x(value) + 6:.1f}" y="{y + 16}">{value:,.1f}×</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def targets(results):
    """Issue 34's measurable targets against this run's figures."""
    median = statistics.median
    d = results["decimal"]["times"]
    decimal_ratio = median(d["math.js Fraction"]) / median(d["reckon exec"])
    big = results["calculate"]["BigNumber"]["times"]
    big_ratio = median(big["math.js"]) / median(big["reckon exec"])
    http = results["http"]["results"]
    execute, healthz = http["reckon serve"], http[HEALTHZ]
    share = median(r[0] for r in execute) / median(r[0] for r in healthz)
    p99 = median(r[2] for r in execute) / 1000
    verdict = lambda met: "met" if met else "**short**"
    return ["## Issue 34's targets, as this run measured them", "",
            "| target | measured | |", "| --- | --- | --- |",
            f"| decimal through `reckon exec` at least 100× math.js Fraction mode | {decimal_ratio:,.1f}× | {verdict(decimal_ratio >= 100)} |",
            f"| BigNumber at least 10× decimal.js (here: the BigNumber corpus as a whole, not each function) | {big_ratio:,.1f}× | {verdict(big_ratio >= 10)} |",
            f"| HTTP `execute` at least 85 % of `GET /healthz`'s rate | {share:.0%} | {verdict(share >= 0.85)} |",
            f"| HTTP `execute` p99 under 2 ms | {p99:.2f} ms | {verdict(p99 < 2)} |", "",
            "On a busy machine the HTTP figures mostly measure the contention: wrk, the server and the other jobs "
            "share the cores."]


def report(results, args, started):
    """docs/benchmark.md's text."""
    cores = os.cpu_count()
    low, high = min(LOADS), max(LOADS)
    busy = machine_busy()
    mode = "`--quick` (short runs: figures are rough)" if args.quick else "full"
    lines = ["# Benchmark: reckon side by side with its peers", "",
             "Written by `bench/compare` (one command on a fresh clone: it installs math.js 15.2 from the lockfile and wrk "
             "from Debian's packages, builds reckon in release, and runs every side; see the module doc of "
             "[bench/compare.py](../bench/compare.py) for the method). Do not edit by hand: rerun it.", "",
             f"- when: {started:%Y-%m-%d %H:%M} UTC; mode: {mode}; {args.runs} alternating runs per figure",
             f"- machine: {cores} cores, {cpu_model()}, {platform.system()} {platform.release()}",
             f"- load average (1 min) during the run: {low:.2f} – {high:.2f} on {cores} cores: "
             + ("**the machine was busy** (other jobs were running), so absolute figures are low and the spread is wide; "
                "the ratios, measured turn about, are the more reliable figures" if busy
                else "the machine was quiet (the benchmark itself keeps about one core busy, two in the HTTP section)"),
             *[f"- {v}" for v in versions(args.reckon)], "",
             "Each side is one process reading JSON lines and writing one JSON answer per line (`reckon exec` on "
             "reckon's side), doing the whole job of a tool: JSON text in, evaluate, JSON text out. A peer's time is "
             "measured inside its process from the first line read to the last answer written, leaving its start-up "
             "out (loading math.js takes Node.js about a second on a busy machine); reckon's is the wall time of its "
             "whole process, start-up (milliseconds) included, which favours the peers slightly. Medians of the runs, with the slowest and the fastest run "
             "beside them. `reckon exec` answers a large input on every core (one thread per core, answers in input "
             "order); each table also shows it held to one thread (`--threads 1`), the fair match for the peers, "
             "which answer on one thread. Each process runs alone, except in the HTTP section.", "",
             "![reckon's speed-up over each peer](benchmark.svg)", ""]
    d = results["decimal"]
    lines += ["## decimal-expression-evaluate", "",
              f"{d['lines']:,} requests cycling over {d['distinct']} distinct ones (exact sums, variables, `round`, `abs`, "
              "`min`, `max`, integer powers, a rounded `1 / 3`); every side gave the same answer to each of the "
              f"{d['distinct']} (checked on the first run). math.js runs in Fraction mode and in BigNumber mode (64 digits); Python "
              "compiles each expression with its own parser over `fractions.Fraction` and over `decimal.Decimal` "
              "(50 digits).", "", *throughput_table("side", d), ""]
    c = results["calc"]
    lines += ["## calc", "",
              f"{c['lines']:,} requests of two calculations each, cycling over {c['distinct']} distinct ones; the peer is "
              "Node.js compiling each expression with `Function` and printing `String(value)` (the JavaScript engine "
              "calc follows); every answer was the same (checked on the first run).", "", *throughput_table("side", c), ""]
    lines += ["## calculate per numeric type", "",
              "The requests of `benches/calculate/corpus.jsonl` in each numeric type, keeping those both sides answer "
              "without an error; math.js 15.2 is run as a tool built on it would run it (JSON in, `evaluate`, `format`, "
              "JSON out).", ""]
    for numeric_type, section in results["calculate"].items():
        lines += [f"**{numeric_type}**: {section['lines']:,} requests over {section['distinct']} distinct ones; "
                  f"{section['same']} of {section['distinct']} give the same result text on both sides (the others differ "
                  "in formatting or in a documented divergence, see docs/calculate.md).", "",
                  *throughput_table("side", section), ""]
    h = results["http"]
    lines += ["## HTTP", "",
              f"`wrk -t2 -c64 -d{h['seconds']}s` on loopback POSTing `{HTTP_BODY}` to `{HTTP_ROUTE}`: `reckon serve` "
              "(default workers) against one Node.js process answering the same request through math.js "
              "(bench/peers/mathjs.mjs `serve`). wrk, the server and everything else share the same cores.", "",
              "| server | requests/s (median) | spread | p50 | p99 | non-2xx |", "| --- | --- | --- | --- | --- | --- |"]
    for name, runs in h["results"].items():
        rates = [r[0] for r in runs]
        lines.append(f"| {name} | {statistics.median(rates):,.0f} | {min(rates):,.0f} – {max(rates):,.0f} "
                     f"| {statistics.median(r[1] for r in runs) / 1000:.2f} ms | {statistics.median(r[2] for r in runs) / 1000:.2f} ms "
                     f"| {sum(r[3] for r in runs)} |")
    lines += ["", *targets(results)]
    g = results["growth"]
    lines += ["", "## How cost grows with the work (calculate)", "",
              f"Time of one request: {g['lines']:,} copies of it through each side, timed as above, median of the "
              "runs, reckon held to one thread like math.js; number mode unless said. Each expression stays under "
              "calculate's 1,000-character limit. Nesting deeper than 64 levels leaves calculate's quick path "
              "(a one-pass evaluator over the tokens) for the full parser and evaluator, hence the step between "
              "depth 20 and depth 80.", "",
              "| workload | size | reckon | math.js | reckon is |", "| --- | --- | --- | --- | --- |"]
    for family, size, per in g["rows"]:
        ours, theirs = per["reckon"][0], per["math.js"][0]
        ratio = f"{theirs / ours:,.1f}× faster" if ours > 0 else "—"
        lines.append(f"| {family} | {size} | {ours * 1e6:,.2f} µs | {theirs * 1e6:,.2f} µs | {ratio} |")
    return "\n".join(lines) + "\n"


def check_outputs(markdown_path, svg_path):
    """The outputs are well formed: the SVG parses as XML with one bar per comparison, the tables have rows."""
    root = ElementTree.parse(svg_path).getroot()
    bars = [e for e in root.iter("{http://www.w3.org/2000/svg}rect")][1:]
    text = markdown_path.read_text()
    tables = re.findall(r"^\| --- ", text, flags=re.M)
    if len(bars) != 9 or len(tables) != 8 or "nan" in text.lower():
        sys.exit(f"malformed outputs: {len(bars)} bars, {len(tables)} tables")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reckon", required=True, help="the release reckon binary")
    parser.add_argument("--quick", action="store_true", help="short runs (the smoke test)")
    parser.add_argument("--runs", type=int, help="alternating runs per figure (default 5, quick 1)")
    parser.add_argument("--out", default=str(ROOT / "docs"), help="where to write benchmark.md and benchmark.svg")
    args = parser.parse_args()
    args.runs = args.runs or (1 if args.quick else 5)
    args.reckon = str(Path(args.reckon).resolve())
    # A SIGTERM unwinds like an error, so that the HTTP section stops the servers it started.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("bench/compare: terminated"))
    started = datetime.now(timezone.utc)
    note_load()
    sizes = dict(decimal=5000, calc=5000, calculate=2000, http=2, growth=300) if args.quick else \
        dict(decimal=100000, calc=100000, calculate=20000, http=10, growth=3000)
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        steps = [("decimal", lambda: decimal_section(args.reckon, tmp, sizes["decimal"], args.runs)),
                 ("calc", lambda: calc_section(args.reckon, tmp, sizes["calc"], args.runs)),
                 ("calculate", lambda: calculate_section(args.reckon, tmp, sizes["calculate"], args.runs)),
                 ("http", lambda: http_section(args.reckon, sizes["http"], args.runs)),
                 ("growth", lambda: growth_section(args.reckon, tmp, sizes["growth"], max(args.runs - 2, 1),
                                                   (2,) if args.quick else (0, 1, 2)))]
        for name, step in steps:
            began = time.perf_counter()
            results[name] = step()
            print(f"bench/compare: {name} done in {time.perf_counter() - began:.0f} s", file=sys.stderr)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    markdown_path, svg_path = out / "benchmark.md", out / "benchmark.svg"
    markdown_path.write_text(report(results, args, started))
    subtitle = f"{started:%Y-%m-%d}, {os.cpu_count()} cores, {cpu_model()}" + (", --quick" if args.quick else "")
    if machine_busy():
        subtitle += f", busy machine (load {min(LOADS):.1f}–{max(LOADS):.1f})"
    svg_path.write_text(svg_chart(speedups(results), subtitle))
    check_outputs(markdown_path, svg_path)
    print(f"bench/compare: wrote {markdown_path} and {svg_path}", file=sys.stderr)


if __name__ == "__main__":
    main()
