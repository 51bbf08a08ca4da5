#!/usr/bin/env bash
# Runs the engine suites (acceptance cases and JVM/wasm parity) on every supported Node major besides the pinned 24:
# Node 22 and 26, taken from the npm registry's `node` package. The full suite already ran on 24.
set -euo pipefail
cd "$(dirname "$0")/.."
for v in 22 26; do
  echo "== engine suites on Node $v =="
  npm exec --yes --package="node@$v" -- node --version
  npm exec --yes --package="node@$v" -- node node_modules/vitest/vitest.mjs run test/engine
done
