#!/usr/bin/env bash
# GitHub Actions helper: decide which services changed in this PR and emit a
# build matrix plus cache keys for the downstream jobs.
set -euo pipefail

BASE_REF="${GITHUB_BASE_REF:-main}"
SERVICES_DIR="services"
OUTPUT="${GITHUB_OUTPUT:-/dev/stdout}"
SUMMARY="${GITHUB_STEP_SUMMARY:-/dev/null}"

changed_files() {
  git fetch --no-tags --depth=50 origin "$BASE_REF" >/dev/null 2>&1 || true
  git diff --name-only "origin/$BASE_REF"...HEAD
}

changed_services() {
  local files="$1" svc
  if grep -qE '^(go\.mod|go\.sum|\.github/|libs/)' <<<"$files"; then
    ls -1 "$SERVICES_DIR"
    return
  fi
  for svc in $(ls -1 "$SERVICES_DIR"); do
    if grep -q "^$SERVICES_DIR/$svc/" <<<"$files"; then
      echo "$svc"
    fi
  done
}

cache_key() {
  local svc="$1"
  local hash
  hash="$(cat go.sum "$SERVICES_DIR/$svc/go.mod" 2>/dev/null | sha256sum | cut -c1-16)"
  echo "go-${RUNNER_OS:-linux}-$svc-$hash"
}

main() {
  local files services matrix
  files="$(changed_files)"
  services="$(changed_services "$files")"
  if [[ -z "$services" ]]; then
    matrix='{"include":[]}'
  else
    matrix="$(while read -r s; do
      jq -nc --arg s "$s" --arg k "$(cache_key "$s")" '{service: $s, cache_key: $k}'
    done <<<"$services" | jq -sc '{include: .}')"
  fi
  echo "matrix=$matrix" >> "$OUTPUT"
  echo "any=$([[ -n "$services" ]] && echo true || echo false)" >> "$OUTPUT"
  {
    echo "### Services to build"
    if [[ -n "$services" ]]; then sed 's/^/- /' <<<"$services"; else echo "_none_"; fi
  } >> "$SUMMARY"
}

main "$@"
