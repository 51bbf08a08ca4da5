"""Drives groovymcp with the official Python MCP SDK and prints what it saw as one JSON object on stdout.

Usage: mcp_peer.py survey MODE NODE CLI TOOL_ARGS_JSON
       mcp_peer.py calls MODE NODE CLI CALLS_JSON [SERVER_ARG...]
MODE is what the SDK's Client takes: "legacy", "auto", or a modern version such as "2026-07-28".
"survey" lists and calls every tool and reads every resource and prompt; "calls" makes the given tool calls
([[name, arguments], ...]) on a server started with the given arguments and prints each result.
The vitest test test/host/modern-python.test.ts runs it and asserts on the output.
"""

import json
import sys

import anyio
from mcp import Client, StdioServerParameters
from mcp.types import Implementation


CLIENT_INFO = Implementation(name="python-peer", version="1.0")


async def calls(mode: str, node: str, cli: str, calls_json: str, server_args: list[str]) -> None:
    params = StdioServerParameters(command=node, args=[cli, *server_args])
    results = []
    async with Client(params, mode=mode, client_info=CLIENT_INFO) as client:
        for name, arguments in json.loads(calls_json):
            result = await client.call_tool(name, arguments)
            text = [c.text for c in result.content if c.type == "text"]
            results.append({"isError": bool(result.is_error), "structuredContent": result.structured_content, "text": text})
    print(json.dumps(results))


async def survey(mode: str, node: str, cli: str, tool_args_json: str) -> None:
    tool_args = json.loads(tool_args_json)
    params = StdioServerParameters(command=node, args=[cli])
    seen: dict = {"tools": {}, "resources": {}, "prompts": {}}
    async with Client(params, mode=mode, client_info=CLIENT_INFO) as client:
        seen["protocolVersion"] = client.protocol_version
        listed = await client.list_tools()
        seen["toolNames"] = [t.name for t in listed.tools]
        for tool in listed.tools:
            result = await client.call_tool(tool.name, tool_args.get(tool.name, {}))
            seen["tools"][tool.name] = {"isError": bool(result.is_error), "structured": result.structured_content is not None}
        unknown = await client.call_tool("no_such_tool", {})
        seen["unknownTool"] = {"isError": bool(unknown.is_error), "text": unknown.content[0].text}
        resources = await client.list_resources()
        for resource in resources.resources:
            read = await client.read_resource(str(resource.uri))
            seen["resources"][str(resource.uri)] = json.loads(read.contents[0].text) is not None
        prompts = await client.list_prompts()
        for prompt in prompts.prompts:
            got = await client.get_prompt(prompt.name, {"code": "println 1"})
            seen["prompts"][prompt.name] = len(got.messages)
    print(json.dumps(seen))


async def main() -> None:
    command, mode, node, cli, payload = sys.argv[1:6]
    if command == "survey":
        await survey(mode, node, cli, payload)
    elif command == "calls":
        await calls(mode, node, cli, payload, sys.argv[6:])
    else:
        sys.exit(f"mcp_peer.py: unknown command {command!r} (survey or calls)")


anyio.run(main)
