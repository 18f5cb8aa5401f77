#!/usr/bin/env python3
"""Drives reckon's MCP server with the official Python SDK (`mcp` on PyPI), over stdio
(`reckon mcp`) and over streamable HTTP (`reckon serve`, at /mcp), and checks what a client sees:
the handshake, every tool's schemas exactly as its manifest defines them, annotations, a success and
a failure per tool, JSON-RPC errors for protocol faults, and the resources.

    .venv/bin/python tests/mcp/python_client.py --reckon target/debug/reckon

Prints one line per check group and ends with "N passed, 0 failed"; exits non-zero on a failure.
"""
import argparse
import asyncio
import json
import subprocess
import sys
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError as McpError

passed = 0


def check(condition, what):
    global passed
    if not condition:
        raise AssertionError(what)
    passed += 1


def registry(reckon):
    """Tool ids and manifests, as `reckon tools` reports them."""
    listing = subprocess.run([reckon, "tools"], check=True, capture_output=True, text=True).stdout
    ids = [line.split("\t")[0] for line in listing.splitlines() if line.strip()]
    manifests = {}
    for tool_id in ids:
        shown = subprocess.run([reckon, "tools", "show", tool_id], check=True, capture_output=True, text=True).stdout
        manifests[tool_id] = json.loads(shown)
    return ids, manifests


async def exercise(session, transport, ids, manifests):
    init = await session.initialize()
    check(init.server_info.name == "reckon", f"{transport}: server name")

    tools = (await session.list_tools()).tools
    check([t.name for t in tools] == ids, f"{transport}: tools/list names {[t.name for t in tools]} != {ids}")
    for tool in tools:
        manifest = manifests[tool.name]
        check(tool.input_schema == manifest["input_schema"], f"{transport}: {tool.name} inputSchema is the manifest's")
        check(tool.output_schema == manifest["output_schema"], f"{transport}: {tool.name} outputSchema is the manifest's")
        hints = tool.annotations
        check(hints.read_only_hint is True and hints.idempotent_hint is True and hints.open_world_hint is False,
              f"{transport}: {tool.name} annotations {hints}")
        check("Not for:" in tool.description and "Example:" in tool.description,
              f"{transport}: {tool.name} description is written for a model")

        for example in manifest.get("examples", []):
            result = await session.call_tool(tool.name, example["input"])
            check(result.is_error is False, f"{transport}: {tool.name} example is a success")
            check(result.structured_content == example["output"], f"{transport}: {tool.name} structuredContent {result.structured_content}")
            check(result.content and result.content[0].type == "text" and result.content[0].text,
                  f"{transport}: {tool.name} success has a text content")

        failure = await session.call_tool(tool.name, {"no_such_member": 1})
        check(failure.is_error is True, f"{transport}: {tool.name} refusal has isError")
        error = failure.structured_content["error"]
        # calculate answers with its JSON-RPC code and data.reason (spec section 9); the other
        # tools with a category code.
        expected = -32602 if tool.name == "calculate" else "invalid_input"
        check(error["code"] == expected and error["message"], f"{transport}: {tool.name} error object {error}")
        text = failure.content[0].text
        check(str(expected) in text and error["message"] in text, f"{transport}: {tool.name} error text {text!r}")

    try:
        await session.call_tool("no-such-tool", {})
        check(False, f"{transport}: unknown tool must be a JSON-RPC error")
    except McpError as exc:
        check("unknown tool" in str(exc), f"{transport}: unknown tool error says so: {exc}")

    resources = (await session.list_resources()).resources
    uris = [str(r.uri) for r in resources]
    check("calculator://help" in uris, f"{transport}: help resource listed in {uris}")
    help_text = (await session.read_resource("calculator://help")).contents[0].text
    check(all(tool_id in help_text for tool_id in ids), f"{transport}: help covers every tool")
    for tool_id in ids:
        uri = f"calculator://tools/{tool_id}/versions/{manifests[tool_id]['version']}/manifest"
        check(uri in uris, f"{transport}: {uri} listed")
        contents = (await session.read_resource(uri)).contents[0]
        check(json.loads(contents.text) == manifests[tool_id], f"{transport}: {uri} is the manifest")
    try:
        await session.read_resource("calculator://nothing")
        check(False, f"{transport}: unknown resource must be an error")
    except McpError:
        check(True, "")
    print(f"{transport}: ok")


async def over_stdio(reckon, ids, manifests):
    params = StdioServerParameters(command=reckon, args=["mcp"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await exercise(session, "stdio", ids, manifests)


async def over_http(reckon, ids, manifests):
    server = subprocess.Popen([reckon, "serve", "--addr", "127.0.0.1:0", "--log-format", "json"],
                              stderr=subprocess.PIPE, text=True)
    try:
        address = None
        deadline = time.time() + 20
        while address is None and time.time() < deadline:
            line = server.stderr.readline()
            if not line:
                break
            address = json.loads(line).get("address")
        check(address is not None, "reckon serve reported its address")
        async with streamable_http_client(f"http://{address}/mcp") as streams:
            read, write = streams[0], streams[1]
            async with ClientSession(read, write) as session:
                await exercise(session, "streamable HTTP", ids, manifests)
    finally:
        server.terminate()
        server.wait(timeout=20)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reckon", required=True)
    args = parser.parse_args()
    ids, manifests = registry(args.reckon)
    failed = 0
    for run in (over_stdio, over_http):
        try:
            asyncio.run(run(args.reckon, ids, manifests))
        except Exception as exc:  # report and go on to the other transport
            failed += 1
            print(f"FAIL {run.__name__}: {type(exc).__name__}: {exc}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
