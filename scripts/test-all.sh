#!/usr/bin/env bash
# Sets up everything from a fresh clone and runs every test:
#   1. npm dependencies (including the pinned Node >= 22 that the tests run on),
#   2. the engine from source with Maven and JDK 17: class model, JVM facade tests, the JVM oracle, the wasm module,
#   3. the host build and the whole vitest suite on the pinned Node 24, with no Java on PATH,
#   4. the engine suites again on Node 22 and 26 (from the npm registry's `node` package).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
mvn -B -ntp -f engine-wasm/pom.xml package
npm run build
bash scripts/without-java.sh npm test
bash scripts/without-java.sh bash scripts/test-node-versions.sh
