#!/usr/bin/env bash
# Runs the engine suites (acceptance cases and JVM/wasm parity) and the idle/exit test on every supported Node major
# besides the pinned 24: Node 22 and 26, taken from the npm registry's `node` package. The full suite already ran
# on 24. Also checks that a Node below the measured minimum (22.18) is refused with a message naming 22.19.
# Needs dist/ built (npm run build) and the engine built.
set -euo pipefail
cd "$(dirname "$0")/.."
for v in 22 26; do
  echo "== engine suites and idle/exit on Node $v =="
  npm exec --yes --package="node@$v" -- node --version
  npm exec --yes --package="node@$v" -- node node_modules/vitest/vitest.mjs run test/engine
  GROOVYMCP_IDLE_TEST=1 npm exec --yes --package="node@$v" -- node node_modules/vitest/vitest.mjs run test/host/idle-exit.test.ts
done
echo "== Node 22.18 is refused, naming the real minimum =="
set +e
out=$(npm exec --yes --package="node@22.18.0" -- node dist/cli.js --version 2>&1 </dev/null)
status=$?
set -e
if [ "$status" -ne 1 ] || ! grep -q "requires Node.js 22.19 or newer" <<<"$out"; then
  echo "expected exit 1 and 'requires Node.js 22.19 or newer', got $status: $out" >&2
  exit 1
fi
echo "refused: $out"
