#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets from the shared case files.

Each case line of tests/cases/<tool>/*.jsonl becomes one file (its exact request bytes, `input` or
`input_raw`) in fuzz/corpus/<target>/, named by a hash of its content so reruns add nothing twice.
The corpora are generated, not checked in: `scripts/fuzz.sh` runs this before a target starts.

usage: scripts/fuzz-seeds.py [TARGET ...]   (default: every target that has seeds)
"""
import hashlib
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"
CORPUS = ROOT / "fuzz" / "corpus"

# Which case directory seeds which target; the structure-aware targets read their bytes through
# `arbitrary`, so request texts are no better seeds for them than libFuzzer's own start.
SEEDS = {
    "decimal_bytes": ["decimal-expression-evaluate"],
    "calc_bytes": ["calc"],
    "calculate_bytes": ["calculate"],
    "http_request": ["decimal-expression-evaluate", "calc", "calculate"],
}


def requests(tool):
    for path in sorted((CASES / tool).glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            case = json.loads(line)
            if "input" in case:
                compact = {"ensure_ascii": False, "separators": (",", ":")}
                try:
                    yield json.dumps(case["input"], **compact).encode()
                except UnicodeEncodeError:  # a lone surrogate: keep it as its JSON escape
                    yield json.dumps(case["input"], separators=(",", ":")).encode()
            elif "input_raw" in case:
                raw = case["input_raw"]
                text = raw["raw"] if isinstance(raw, dict) else raw
                # surrogatepass keeps lone surrogates, which some cases send on purpose.
                yield text.encode("utf-8", "surrogatepass")


def main(targets):
    for target in targets or SEEDS:
        directory = CORPUS / target
        directory.mkdir(parents=True, exist_ok=True)
        written = 0
        for tool in SEEDS.get(target, []):
            for data in requests(tool):
                name = directory / hashlib.sha1(data).hexdigest()
                if not name.exists():
                    name.write_bytes(data)
                    written += 1
        print(f"{target}: {written} new seeds in {directory.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1:])
