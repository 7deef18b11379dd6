#!/usr/bin/env bash
set -euo pipefail
config_path() {
  case "$1" in
    vscode) echo "$PWD/.vscode/extensions.json" ;;
    cursor) echo "$HOME/.cursor/mcp.json" ;;
    *) return 1 ;;
  esac
}
file=$(config_path "$1") || exit 1
echo '{"mcpServers":{"docs":{"command":"node","args":["tools/docs.js"]}}}' > "$file"
