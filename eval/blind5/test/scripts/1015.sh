#!/usr/bin/env bash
# Debug helper for "works on my machine" build differences: records the full
# shell environment and toolchain details into ./debug so two runs can be diffed.
set -uo pipefail

OUT_DIR="${OUT_DIR:-debug}"
STAMP="$(date +%Y%m%d-%H%M%S)"
OUT="$OUT_DIR/env-$STAMP.txt"

mkdir -p "$OUT_DIR"

section() {
  printf '\n### %s\n' "$1"
}

toolchain() {
  local t
  for t in gcc clang cmake ninja make python3 node rustc go java; do
    if command -v "$t" >/dev/null 2>&1; then
      printf '%-8s %s\n' "$t" "$("$t" --version 2>&1 | head -1)"
    else
      printf '%-8s %s\n' "$t" "missing"
    fi
  done
}

main() {
  {
    section "host"
    uname -a
    section "toolchain"
    toolchain
    section "environment"
    env | sort
    section "exported functions"
    declare -F
    section "ulimits"
    ulimit -a
  } | tee "$OUT"
  echo
  echo "saved to $OUT"
  local prev
  prev="$(ls -1t "$OUT_DIR"/env-*.txt 2>/dev/null | sed -n 2p)"
  if [[ -n "$prev" ]]; then
    echo "diff against previous run ($prev):"
    diff -u "$prev" "$OUT" | head -60 || true
  fi
}

main "$@"
