#!/usr/bin/env bash
# Reproduce the CI environment locally and show what differs.
set -uo pipefail

CI_ENV_FILE="${CI_ENV_FILE:-ci/env.list}"
OUT="build/env-diff.txt"

hdr() { printf '\n--- %s ---\n' "$1"; }

ci_vars() {
  grep -Ev '^\s*(#|$)' "$CI_ENV_FILE" | cut -d= -f1 | sort -u
}

local_vars() {
  printenv | cut -d= -f1 | sort -u
}

show_all() {
  hdr "full local environment"
  printenv | sort
}

diff_vars() {
  hdr "in CI but not local"
  comm -23 <(ci_vars) <(local_vars)
  hdr "local only"
  comm -13 <(ci_vars) <(local_vars) | head -n 50
}

versions() {
  hdr "versions"
  node --version 2>/dev/null
  pnpm --version 2>/dev/null
  go version 2>/dev/null
}

main() {
  [ -f "$CI_ENV_FILE" ] || { echo "missing $CI_ENV_FILE" >&2; exit 1; }
  mkdir -p build
  {
    versions
    diff_vars
    show_all
  } | tee "$OUT"
  echo "written to $OUT" >&2
}

main "$@"
