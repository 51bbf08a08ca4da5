#!/usr/bin/env bash
# The stock compiler's depth thresholds (docs/engine.md, "Depth"): for each construct, the deepest nesting that
# Groovy 5.0.8 compiles on a default JVM stack, bisected with a fresh JVM per depth. Needs java and the groovy jar
# in ~/.m2 (any build of engine-wasm/ fetches it). Not part of npm test: it measures, it does not assert.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=${GROOVY_JAR:-$HOME/.m2/repository/org/apache/groovy/groovy/5.0.8/groovy-5.0.8.jar}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
javac -d "$out" -cp "$jar" "$here/DepthProbe.java"
CP="$jar:$out"
for name in parens calls lists closures terms whiles; do
  lo=1; hi=64
  while :; do r=$(java -cp "$CP" DepthProbe $name $hi 2>&1 | tail -1); [ "$r" = ok ] || break; lo=$hi; hi=$((hi*2)); [ $hi -gt 300000 ] && break; done
  while [ $((hi-lo)) -gt $(( lo/100 > 1 ? lo/100 : 1 )) ]; do mid=$(((lo+hi)/2)); r=$(java -cp "$CP" DepthProbe $name $mid 2>&1 | tail -1); if [ "$r" = ok ]; then lo=$mid; else hi=$mid; fi; done
  echo "$name: ok at $lo, fails at $hi: $(java -cp "$CP" DepthProbe $name $hi 2>&1 | tail -1 | cut -c1-300)"
done
