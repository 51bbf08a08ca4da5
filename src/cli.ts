#!/usr/bin/env node
// Entry point. It imports nothing statically, so the Node.js version check runs first even on old Node.
// 22.19.0 is the lowest Node measured to load the engine module (older 22s reject its exnref opcodes); keep in
// step with package.json `engines` and src/engine/node/engine-image.ts.
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (!(major > 22 || (major === 22 && minor >= 19))) {
  process.stderr.write(`groovymcp requires Node.js 22.19 or newer (this is ${process.versions.node})\n`);
  process.exit(1);
} else {
  const { main } = await import("./main.js");
  await main(process.argv.slice(2));
}
export {};
