#!/usr/bin/env node
// `npm run playground`: serves web/dist on 127.0.0.1 (default port 4173; --port N, 0 = any free port).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startStaticServer } from "./static-server.mjs";

const root = fileURLToPath(new URL("../dist/", import.meta.url)).replace(/\/$/, "");
const flag = process.argv.indexOf("--port");
const port = flag >= 0 ? Number(process.argv[flag + 1]) : Number(process.env["PORT"] ?? 4173);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write("playground: --port needs a number from 0 to 65535\n");
  process.exit(2);
}
if (!existsSync(`${root}/index.html`)) {
  process.stderr.write("playground: web/dist is not built; run `npm run build:web` first\n");
  process.exit(1);
}
const { url } = await startStaticServer(root, { port });
process.stdout.write(`groovymcp playground: ${url} (Ctrl-C stops it)\n`);
