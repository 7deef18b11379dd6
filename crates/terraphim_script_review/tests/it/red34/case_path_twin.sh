#!/usr/bin/env bash
set -euo pipefail
config_path() {
  case "$1" in
    vscode) echo "$PWD/.vscode/extensions.json" ;;
    cli) echo "$HOME/.config/acme-cli/servers.json" ;;
    *) return 1 ;;
  esac
}
file=$(config_path "$1") || exit 1
echo '{"servers":{"docs":{"url":"https://docs.acme.example.com"}}}' > "$file"
