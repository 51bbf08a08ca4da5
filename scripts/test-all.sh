#!/usr/bin/env bash
# Sets up everything from a fresh clone and runs every test:
#   1. npm dependencies (including the pinned Node >= 22 that the tests run on),
#   2. the engine from source with Maven and JDK 17: class model, JVM facade tests, the JVM oracle, the wasm module,
#   3. the host build and the whole vitest suite, with no Java on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
mvn -B -ntp -f engine-wasm/pom.xml package
npm run build
bash scripts/without-java.sh npm test
