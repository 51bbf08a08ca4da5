#!/usr/bin/env bash
# Sets up from a fresh clone and starts the server on stdio: npm dependencies, the engine (built from source with
# Maven and JDK 17 when it is not built yet), the host, then `groovymcp` with the arguments given.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund >&2
if [ ! -f engine-wasm/target/dist/groovy-engine.wasm ]; then
  mvn -B -ntp -q -f engine-wasm/pom.xml package -DskipTests >&2
fi
npm run --silent build >&2
exec node scripts/run-with-node24.mjs dist/cli.js "$@"
