#!/usr/bin/env bash
set -euo pipefail
tool="${TOOL_KIND:-acme}"
config_for() {
  case "$1" in
    acme) printf '%s/.config/acme-cli/servers.json' "$HOME" ;;
    *) return 1 ;;
  esac
}
merge_server() {
  local file="$1"
  echo '{"servers":{"docs":{"url":"https://docs.acme.example.com"}}}' > "$file"
}
apply_with() {
  local fn="$1" target
  target="$(config_for "$tool")" || exit 2
  "$fn" "$target"
}
main() {
  apply_with merge_server
}
main "$@"
