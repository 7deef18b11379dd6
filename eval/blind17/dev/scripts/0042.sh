#!/usr/bin/env bash
# tools/mcp/register.sh — register the project's local MCP servers (docs search and
# the Postgres schema browser) so the editor assistant can use them.
#
# Usage: tools/mcp/register.sh [-o output.json] [-n] [-p port]
#   -o  where to write the server config
#   -n  print the config instead of writing it
#   -p  port of the docs server (default 7071)
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PORT=7071
PRINT=0
OUT=""

cfg_home() { printf '%s' "${XDG_CONFIG_HOME:-$HOME}"; }
default_out() { printf '%s/.cursor/mcp.json' "$(cfg_home | sed "s#/.config\$##")"; }

while getopts ":o:np:" opt; do
  case "$opt" in
    o) OUT="$OPTARG" ;;
    n) PRINT=1 ;;
    p) PORT="$OPTARG" ;;
    :) echo "-$OPTARG needs a value" >&2; exit 2 ;;
    *) echo "unknown flag -$OPTARG" >&2; exit 2 ;;
  esac
done
: "${OUT:=$(default_out)}"

docs_server() {
  jq -n --arg root "$ROOT" --arg port "$PORT" '{
    command: "node",
    args: [($root + "/tools/mcp/docs-server.js"), "--port", $port],
    env: {DOCS_DIR: ($root + "/docs")}
  }'
}

schema_server() {
  jq -n --arg root "$ROOT" '{
    command: "python3",
    args: [($root + "/tools/mcp/schema_server.py")],
    env: {DATABASE_URL: "postgresql://localhost:5432/atlas_dev"}
  }'
}

check_servers() {
  # both server entry points must exist in this checkout
  local f
  for f in "$ROOT/tools/mcp/docs-server.js" "$ROOT/tools/mcp/schema_server.py"; do
    [[ -f "$f" ]] || { echo "missing $f" >&2; exit 1; }
  done
}

build_config() {
  local existing='{}'
  [[ -f "$OUT" ]] && existing="$(cat "$OUT")"
  jq --argjson docs "$(docs_server)" \
     --argjson schema "$(schema_server)" \
     '.mcpServers = ((.mcpServers // {}) + {"atlas-docs": $docs, "atlas-schema": $schema})' \
     <<<"$existing"
}

main() {
  command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }
  check_servers
  local cfg
  cfg="$(build_config)"
  if ((PRINT)); then
    echo "$cfg"
    return
  fi
  mkdir -p "$(dirname "$OUT")"
  printf '%s\n' "$cfg" >"$OUT"
  echo "registered MCP servers in $OUT"
  jq -r '.mcpServers | keys[]' "$OUT" | sed 's/^/  /'
}

main
