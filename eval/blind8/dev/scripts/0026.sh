#!/usr/bin/env bash
# Print diagnostic information for a "works on my machine" bug report.
set -uo pipefail

OUT="${1:-build/diagnostics.txt}"

section() { printf '\n===== %s =====\n' "$1"; }

tool_versions() {
  for t in git node pnpm python3 go docker; do
    if command -v "$t" >/dev/null 2>&1; then
      printf '%-8s %s\n' "$t" "$("$t" --version 2>&1 | head -n1)"
    else
      printf '%-8s missing\n' "$t"
    fi
  done
}

repo_state() {
  git rev-parse --abbrev-ref HEAD
  git log -1 --format='%h %s'
  git status --short | head -n 30
}

environment() {
  env | sort
}

main() {
  mkdir -p "$(dirname "$OUT")"
  {
    section "system"
    uname -a
    section "tools"
    tool_versions
    section "repo"
    repo_state
    section "environment"
    environment
  } | tee "$OUT"
  echo "diagnostics written to $OUT" >&2
}

main "$@"
