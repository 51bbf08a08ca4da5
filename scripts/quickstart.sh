#!/usr/bin/env bash
# Sets up from a fresh clone and starts the server on stdio: npm dependencies, the engine (built from source with
# Maven and JDK 17 when it is not built yet), the host (only when a source changed since its last build), then
# `groovymcp` with the arguments given, from the folder it was started in, so that a relative --root means there.
# Everything but the server's protocol goes to stderr.
set -euo pipefail
here="$PWD"
cd "$(dirname "$0")/.."
repo="$PWD"
[ -d node_modules ] || npm ci --no-audit --no-fund >&2
if [ ! -f engine-wasm/target/dist/groovy-engine.wasm ]; then
  mvn -B -ntp -q -f engine-wasm/pom.xml package -DskipTests >&2
fi
node scripts/build-host-if-stale.mjs
# the pinned Node 24 (the `node` dev dependency) when there is one: the system Node may be too old for WebAssembly GC
node_bin="$repo/node_modules/node/bin/node"
[ -x "$node_bin" ] || node_bin="$(command -v node)"
# A person at a terminal sees a server that says nothing and waits: tell them what it waits for (stderr only; a
# client starts this script with pipes, never a terminal, and reads only the protocol on stdout). Not for the
# commands that answer and exit (check, lint, --help, --version).
serves=1
case "${1:-}" in check | lint) serves=0 ;; esac
for a in "$@"; do case "$a" in -h | --help | --version) serves=0 ;; esac; done
if [ -t 0 ] && [ "$serves" = 1 ]; then
  # the same command with --root made absolute, for a client that starts it from another folder
  shown=()
  after_root=0
  for a in "$@"; do
    if [ "$after_root" = 1 ]; then a="$(cd "$here" && realpath -m -- "$a")"; fi
    case "$a" in --root=*) a="--root=$(cd "$here" && realpath -m -- "${a#--root=}")" ;; esac
    after_root=0
    [ "$a" = "--root" ] && after_root=1
    shown+=("$a")
  done
  command_line="$(printf '%q ' "$repo/scripts/quickstart.sh" ${shown[@]+"${shown[@]}"})"
  {
    echo "groovymcp: the MCP server is running and waits for an MCP client on stdin; typing here does nothing useful."
    echo "groovymcp: connect a client by letting it start this same command, for example:"
    echo "groovymcp:   claude mcp add groovy -- ${command_line% }"
    echo "groovymcp: other clients' settings: README.md, Client setup. Ctrl-C stops the server."
  } >&2
fi
cd "$here"
exec "$node_bin" "$repo/dist/cli.js" "$@"
