#!/usr/bin/env python3
"""Checks the layers of crates/reckon-math/src (issue 28): each layer imports only layers below it;
and that no production file under crates/ (the lines before its `#[cfg(test)]` module) is over
1,500 lines.

    num  <  syntax, units (siblings: neither imports the other)  <  value  <  functions  <  eval  <  symbolic  <  request  <  lib.rs

`error.rs` sits below all of them. Test modules in files of their own (`tests.rs`) are skipped. A reference is any `crate::LAYER` path in a file's production
code (imports, paths in code and doc links alike). Prints each violation; exits 1 if any.
    scripts/check-layers.py [--report]   (--report: always exit 0)
"""
import pathlib
import re
import sys

CRATES = pathlib.Path(__file__).resolve().parent.parent / "crates"
ROOT = CRATES / "reckon-math" / "src"
ORDER = ["error", "num", "syntax", "units", "value", "functions", "eval", "symbolic", "request"]
LONGEST = 1500
# What each layer may refer to, from the table in the conventions (error is below all of them):
# units/ and syntax/ are siblings over num/, neither imports the other.
ALLOWED = {
    "error": set(),
    "num": {"error"},
    "syntax": {"error", "num"},
    "units": {"error", "num"},
    "value": {"error", "num", "syntax", "units"},
}


def production(text: str) -> str:
    """The text before the file's first `#[cfg(test)]` module."""
    match = re.search(r"^#\[cfg\(test\)\]\s*\n\s*mod ", text, re.M)
    return text if match is None else text[: match.start()]


def layer_of(path: pathlib.Path) -> str | None:
    relative = path.relative_to(ROOT)
    if len(relative.parts) == 1:
        return relative.stem if relative.stem in ORDER else None
    return relative.parts[0]


def main() -> int:
    problems = []
    for path in sorted(CRATES.glob("*/src/**/*.rs")):
        if path.stem == "tests" or path.stem.endswith("_tests"):
            continue  # a test module moved beside its file: no production code
        lines = production(path.read_text()).count("\n")
        if lines > LONGEST:
            name = path.relative_to(CRATES)
            problems.append(f"{name}: {lines} production lines (over {LONGEST})")
    for path in sorted(ROOT.rglob("*.rs")):
        if path.stem == "tests" or path.stem.endswith("_tests"):
            continue
        code = production(path.read_text())
        name = path.relative_to(ROOT)
        layer = layer_of(path)
        if layer is None:
            continue
        rank = ORDER.index(layer)
        above = set()
        for match in re.finditer(r"\bcrate::([a-z_]+)", code):
            target = match.group(1)
            if target in ORDER and target != layer and (
                ORDER.index(target) > rank or target not in ALLOWED.get(layer, set(ORDER))
            ):
                above.add(target)
        for target in sorted(above):
            problems.append(f"{name}: the {layer} layer refers to {target}, which it may not import")
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s)")
    report_only = "--report" in sys.argv[1:]
    return 0 if report_only or not problems else 1


if __name__ == "__main__":
    sys.exit(main())
