"""Drives groovymcp with the official Python MCP SDK and prints what it saw as one JSON object on stdout.

Usage: mcp_peer.py MODE NODE CLI TOOL_ARGS_JSON
MODE is what the SDK's Client takes: "legacy", "auto", or a modern version such as "2026-07-28".
The vitest test test/host/modern-python.test.ts runs it and asserts on the output.
"""

import json
import sys

import anyio
from mcp import Client, StdioServerParameters
from mcp.types import Implementation


async def main() -> None:
    mode, node, cli, tool_args_json = sys.argv[1:5]
    tool_args = json.loads(tool_args_json)
    params = StdioServerParameters(command=node, args=[cli])
    seen: dict = {"tools": {}, "resources": {}, "prompts": {}}
    async with Client(params, mode=mode, client_info=Implementation(name="python-peer", version="1.0")) as client:
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


anyio.run(main)
