#!/usr/bin/env node
// Entry point. It imports nothing statically, so the Node.js version check runs first even on old Node.
// 22.19.0 is the lowest Node measured to load the engine module (older 22s reject its exnref opcodes); keep in
// step with package.json `engines` and src/engine/node/engine-image.ts.
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (!(major > 22 || (major === 22 && minor >= 19))) {
  process.stderr.write(`groovymcp requires Node.js 22.19 or newer (this is ${process.versions.node})\n`);
  process.exit(1);
} else {
  // Node 22 only: re-exec with the faster wasm tier, a V8 flag that works only on the command line
  // (src/engine/node/v8-flags.ts). Stdio is inherited, so the MCP transport and lint's report are the child's own.
  // Opt-in (GROOVYMCP_NODE22_TIERING=budget) until the flag is shown to contain V8 12.4's idle runaway every time.
  const { node22RelaunchArgs, RELAUNCHED_ENV, NODE22_TIERING_ENV } = await import("./engine/node/v8-flags.js");
  const relaunch = node22RelaunchArgs(process.versions.node, process.execArgv, process.argv, {
    relaunched: process.env[RELAUNCHED_ENV] === "1",
    optIn: process.env[NODE22_TIERING_ENV] === "budget",
  });
  if (relaunch) {
    const { relaunchNode } = await import("./relaunch.js");
    await relaunchNode(relaunch, RELAUNCHED_ENV);
  } else {
    const { main } = await import("./main.js");
    await main(process.argv.slice(2));
  }
}
export {};
