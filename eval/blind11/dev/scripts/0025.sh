#!/usr/bin/env bash
# test/integration/run.sh - end-to-end tests for the `rake`-driven importer.
# Each case gets a fresh temp dir with copies of fixtures; removed on exit.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
FIXTURES="$HERE/fixtures"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/importer-it.XXXXXX")"
PASS=0
FAIL=0
FAILED_CASES=()

cleanup() {
  local code=$?
  if [[ -n "${KEEP_WORK:-}" ]]; then
    echo "work dir kept at $WORK"
  else
    rm -rf -- "$WORK"
  fi
  exit $code
}
trap cleanup EXIT INT TERM

color() {
  if [[ -t 1 ]]; then printf '\033[%sm%s\033[0m' "$1" "$2"; else printf '%s' "$2"; fi
}

run_case() {
  local name="$1"
  local dir="$WORK/$name"
  mkdir -p "$dir"
  cp -R "$FIXTURES/$name/." "$dir/"
  local expected="$dir/expected.txt"
  local actual="$dir/actual.txt"
  (
    cd "$ROOT"
    IMPORT_DIR="$dir/input" OUTPUT_FILE="$actual" \
      bundle exec rake "importer:run" >"$dir/log.txt" 2>&1
  ) || true
  if [[ -f "$actual" ]] && diff -u "$expected" "$actual" >"$dir/diff.txt"; then
    PASS=$((PASS + 1))
    echo "$(color 32 PASS) $name"
  else
    FAIL=$((FAIL + 1))
    FAILED_CASES+=("$name")
    echo "$(color 31 FAIL) $name"
    sed -n '1,30p' "$dir/diff.txt" 2>/dev/null || tail -n 20 "$dir/log.txt"
  fi
}

list_cases() {
  local filter="${1:-}"
  for d in "$FIXTURES"/*/; do
    local name
    name="$(basename "$d")"
    if [[ -z "$filter" || "$name" == *"$filter"* ]]; then
      echo "$name"
    fi
  done
}

main() {
  if ! command -v bundle >/dev/null; then
    echo "bundler is required" >&2
    exit 2
  fi
  local cases
  mapfile -t cases < <(list_cases "${1:-}")
  if [[ ${#cases[@]} -eq 0 ]]; then
    echo "no cases match '${1:-}'"
    exit 1
  fi
  for c in "${cases[@]}"; do
    run_case "$c"
  done
  echo
  echo "passed: $PASS  failed: $FAIL"
  if [[ $FAIL -gt 0 ]]; then
    printf '  - %s\n' "${FAILED_CASES[@]}"
    return 1
  fi
}

main "$@"
