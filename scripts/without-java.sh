#!/usr/bin/env bash
# Runs a command with no Java on PATH and JAVA_HOME unset: the runtime path (server, engine, lint) must not need a
# JVM. Every executable on PATH except the JDK's tools is linked into a private bin directory that replaces PATH.
set -euo pipefail
bin="$(mktemp -d -t groovymcp-nojava.XXXXXX)"
trap 'rm -rf "$bin"' EXIT
IFS=: read -r -a dirs <<< "$PATH"
for d in "${dirs[@]}"; do
  [ -d "$d" ] || continue
  for f in "$d"/*; do
    name="$(basename "$f")"
    case "$name" in
      java|javac|javap|jar|jshell|jlink|jdeps|jcmd|jps|jstack|jmap|jfr|keytool|rmiregistry|serialver|jrunscript|jconsole|jdb|jhsdb|jinfo|jstat|jstatd|jpackage|jwebserver|jarsigner|javadoc|mvn|mvnDebug|gradle) continue ;;
    esac
    [ -x "$f" ] && [ ! -e "$bin/$name" ] && ln -s "$f" "$bin/$name"
  done
done
if PATH="$bin" command -v java >/dev/null 2>&1; then
  echo "groovymcp: could not hide java from PATH" >&2
  exit 1
fi
env -u JAVA_HOME PATH="$bin" GROOVYMCP_NO_JAVA=1 "$@"
