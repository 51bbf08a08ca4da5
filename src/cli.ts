#!/usr/bin/env node
// Entry point. It imports nothing statically, so the Node.js version check runs first even on old Node.
const requiredMajor = 22;
const major = Number(process.versions.node.split(".")[0]);
if (!(major >= requiredMajor)) {
  process.stderr.write(`groovymcp requires Node.js ${requiredMajor} or newer (this is ${process.versions.node})\n`);
  process.exit(1);
} else {
  const { main } = await import("./main.js");
  await main(process.argv.slice(2));
}
export {};
