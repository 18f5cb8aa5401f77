#!/usr/bin/env python3
"""A test that plays the model (issue 36, item 6): everyday tasks from tests/mcp/model_tasks.json,
each sent as the first call a model makes from the tool descriptions alone, through `reckon mcp`
over stdio with the official Python MCP SDK (`mcp` on PyPI), and graded on the answer.

    .venv/bin/python tests/mcp/model_tasks.py --reckon target/release/reckon [--min-first-call N]

A task's first call succeeds when its structuredContent gives the task's `expect` (or, for a
first call reckon refuses today, `expect_direct`: math.js's answer to that very call, so a
feature that lands counts at once). A refused first call must carry a hint (calculate:
error.data.recovery.hint; decimal-expression-evaluate and calc: error.message); then the task's
`fallback` call, the one a model makes after reading the hint, must give `expect`. A task fails
when an answer differs from its expectation, a refused first call has no fallback or a wrong
one, a task declared `expect_refusal` is not refused that way, or a calculate refusal of
something not built yet ("... is not implemented in reckon yet") lacks `"retryable": false` in
error.data or the workaround (`hint_contains`) in its hint; those last are listed on their own.
With --min-first-call N it also fails when fewer than N first calls succeed, so a regression in
the descriptions or the features cannot pass silently.

Prints one line per task (first call ok / fallback ok / refused as expected / FAILED), the
failures, and last "first-call success: N/M (P %)"; exits 1 on any failure. The expected answers
come from math.js, Node.js and Python, never from reckon: see tests/mcp/model_tasks_expect.py.
Deterministic: no timing, no randomness; one server process for all tasks.
"""
import argparse
import asyncio
import json
import pathlib
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

TASKS = pathlib.Path(__file__).resolve().parent / "model_tasks.json"
NOT_BUILT = "is not implemented in reckon yet"


def answer_of(tool, structured):
    """The part of a success the tasks are graded on."""
    structured = structured or {}
    if tool == "calculate":
        return {"result": structured.get("result"), "resultType": structured.get("resultType")}
    if tool == "decimal-expression-evaluate":
        return {"value": structured.get("value")}
    if tool == "calc":
        results = (structured.get("details") or {}).get("results") or []
        return {"outputs": [r.get("output") for r in results]}
    raise ValueError(f"no grading for tool {tool}")


def refusal_of(tool, structured):
    """(reason, message, hint, data) of a refusal; hint is what a model reads to recover."""
    error = (structured or {}).get("error") or {}
    message = error.get("message") or ""
    if tool == "calculate":
        data = error.get("data") or {}
        hint = (data.get("recovery") or {}).get("hint") or ""
        return data.get("reason"), message, hint, data
    details = error.get("details") or {}
    return details.get("reason") or error.get("code"), message, message, details


def short(value, limit=110):
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Outcome:
    def __init__(self, task):
        self.task = task
        self.first_ok = False
        self.status = ""
        self.failures = []  # wrong answers, missing fallbacks, wrong refusals
        self.pending = []  # not-built refusals without retryable: false or the workaround hint

    @property
    def failed(self):
        return bool(self.failures or self.pending)


async def run_task(session, task):
    outcome = Outcome(task)
    tool, arguments = task["tool"], task["arguments"]
    refused_today = "fallback" in task or "expect_refusal" in task
    first = await session.call_tool(tool, arguments)

    if not first.is_error:
        answer = answer_of(tool, first.structured_content)
        wanted = task["expect_direct"] if refused_today else task["expect"]
        if answer == wanted:
            outcome.first_ok = True
            outcome.status = "first call ok"
            if refused_today:
                outcome.status += " (landed)"
        else:
            outcome.status = "FAILED"
            outcome.failures.append(f"first call answered {short(answer)}; expected {short(wanted)}")
        return outcome

    reason, message, hint, data = refusal_of(tool, first.structured_content)
    said = f"{reason}: {message}"
    if not hint:
        outcome.failures.append(f"first call refused without a hint ({short(first.structured_content)})")
    not_built = tool == "calculate" and NOT_BUILT in message
    if not_built and data.get("retryable") is not False:
        outcome.pending.append(f'not-built refusal lacks "retryable": false in error.data ({message})')
    wanted_hint = task.get("expect_refusal", {}).get("hint_contains") or task.get("hint_contains")
    if wanted_hint and wanted_hint not in hint:
        problem = f"hint lacks {wanted_hint!r}: {hint!r}"
        (outcome.pending if not_built else outcome.failures).append(problem)

    if "expect_refusal" in task:
        expected = task["expect_refusal"]
        if reason != expected["reason"]:
            outcome.failures.append(f"refused with {said}; expected reason {expected['reason']}")
        if "retryable" in expected and data.get("retryable") != expected["retryable"] and not not_built:
            outcome.failures.append(f"retryable is {data.get('retryable')}; expected {expected['retryable']}")
        outcome.status = "FAILED" if outcome.failures else "refused as expected"
        if not outcome.failures and outcome.pending:
            outcome.status = "refused, refusal pending"
        return outcome

    if "fallback" not in task:
        outcome.status = "FAILED"
        outcome.failures.append(f"first call refused ({said}) and the task has no fallback")
        return outcome

    fallback = task["fallback"]
    second = await session.call_tool(fallback["tool"], fallback["arguments"])
    if second.is_error:
        r_reason, r_message, _, _ = refusal_of(fallback["tool"], second.structured_content)
        outcome.failures.append(f"fallback refused too ({r_reason}: {r_message})")
    else:
        answer = answer_of(fallback["tool"], second.structured_content)
        if answer != task["expect"]:
            outcome.failures.append(f"fallback answered {short(answer)}; expected {short(task['expect'])}")
    outcome.status = "FAILED" if outcome.failed else "fallback ok"
    if not outcome.failures and outcome.pending:
        outcome.status = "fallback ok, refusal pending"
    return outcome


async def run(reckon, tasks):
    params = StdioServerParameters(command=reckon, args=["mcp"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            assert init.server_info.name == "reckon", f"server is {init.server_info.name}"
            names = {tool.name for tool in (await session.list_tools()).tools}
            for task in tasks:
                for tool in [task["tool"]] + ([task["fallback"]["tool"]] if "fallback" in task else []):
                    assert tool in names, f"{task['id']}: tool {tool} is not in tools/list {sorted(names)}"
            return [await run_task(session, task) for task in tasks]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reckon", required=True, help="path to the reckon binary")
    parser.add_argument("--tasks", default=str(TASKS), help="the task file (default: %(default)s)")
    parser.add_argument("--min-first-call", type=int, default=0,
                        help="fail when fewer than this many first calls succeed")
    args = parser.parse_args()
    tasks = json.loads(pathlib.Path(args.tasks).read_text())["tasks"]
    outcomes = asyncio.run(run(args.reckon, tasks))

    width = max(len(t["id"]) for t in tasks)
    for outcome in outcomes:
        task = outcome.task
        line = f"{outcome.status:<30} {task['id']:<{width}}  {task['tool']}: {short(task['arguments'], 80)}"
        print(line)
    failed = [o for o in outcomes if o.failures]
    pending = [o for o in outcomes if o.pending]
    if failed:
        print(f"\n{len(failed)} task(s) FAILED:")
        for outcome in failed:
            for problem in outcome.failures:
                print(f"  {outcome.task['id']}: {problem}")
    if pending:
        print(f"\n{len(pending)} task(s) FAILED only on a not-built refusal's form (calculate's refusals of what is "
              'not built yet must carry "retryable": false in error.data and the workaround in recovery.hint):')
        for outcome in pending:
            for problem in outcome.pending:
                print(f"  {outcome.task['id']}: {problem}")

    landed = [o for o in outcomes if o.status.endswith("(landed)")]
    if landed:
        print(f"\n{len(landed)} task(s) whose first call reckon used to refuse now answer it as math.js does "
              "(expect_direct); make that call's answer the task's expect and drop its fallback/expect_refusal:")
        print("  " + ", ".join(o.task["id"] for o in landed))

    first_ok = sum(o.first_ok for o in outcomes)
    fallback_ok = sum(o.status.startswith("fallback ok") for o in outcomes)
    refused_ok = sum(o.status == "refused as expected" for o in outcomes)
    print(f"\n{first_ok} first call ok, {fallback_ok} fallback ok, {refused_ok} refused as expected, "
          f"{len([o for o in outcomes if o.failed])} failed")
    too_few = first_ok < args.min_first_call
    if too_few:
        print(f"FAIL: {first_ok} first calls succeeded; --min-first-call is {args.min_first_call}")
    print(f"first-call success: {first_ok}/{len(outcomes)} ({100 * first_ok / len(outcomes):.1f} %)")
    sys.exit(1 if (failed or pending or too_few) else 0)


if __name__ == "__main__":
    main()
