#!/usr/bin/env bash
# Integration test harness for the dotfile linter `rcguard`.
#
# Every test case runs with HOME pointed at a throwaway directory so the
# linter's "fix" mode can never touch the developer's real dotfiles.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$SCRIPT_DIR/.." && pwd)"
BIN="$ROOT/target/debug/rcguard"
CASES_DIR="$ROOT/tests/cases"
KEEP=0
FILTER=""
PASS=0
FAIL=0
declare -a FAILED=()

WORK="$(mktemp -d "${TMPDIR:-/tmp}/rcguard-it.XXXXXX")"
cleanup() {
  local status=$?
  if [[ $KEEP -eq 1 ]]; then
    echo "keeping $WORK"
  else
    rm -rf -- "$WORK"
  fi
  exit "$status"
}
trap cleanup EXIT INT TERM

while [[ $# -gt 0 ]]; do
  case "$1" in
    --keep) KEEP=1 ;;
    -k) FILTER="$2"; shift ;;
    --build) cargo build --quiet --manifest-path "$ROOT/Cargo.toml" ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

[[ -x "$BIN" ]] || { echo "missing $BIN, run with --build" >&2; exit 1; }

run_case() {
  local case_dir="$1"
  local name
  name="$(basename "$case_dir")"
  local fake_home="$WORK/$name/home"
  mkdir -p "$fake_home"
  cp -R "$case_dir/home/." "$fake_home/"

  local args=()
  if [[ -f "$case_dir/args" ]]; then
    read -r -a args < "$case_dir/args"
  fi

  local actual="$WORK/$name/stdout"
  if HOME="$fake_home" XDG_CONFIG_HOME="$fake_home/.config" \
      "$BIN" "${args[@]}" >"$actual" 2>&1; then
    :
  fi

  if diff -u "$case_dir/expected" "$actual" >"$WORK/$name/diff"; then
    if [[ -d "$case_dir/expected-home" ]] && ! diff -r "$case_dir/expected-home" "$fake_home" >>"$WORK/$name/diff"; then
      return 1
    fi
    return 0
  fi
  return 1
}

for case_dir in "$CASES_DIR"/*/; do
  case_dir="${case_dir%/}"
  name="$(basename "$case_dir")"
  if [[ -n "$FILTER" && "$name" != *"$FILTER"* ]]; then
    continue
  fi
  if run_case "$case_dir"; then
    PASS=$((PASS + 1))
    printf 'ok   %s\n' "$name"
  else
    FAIL=$((FAIL + 1))
    FAILED+=("$name")
    printf 'FAIL %s\n' "$name"
    sed 's/^/     /' "$WORK/$name/diff" | head -n 40
  fi
done

echo
echo "passed: $PASS  failed: $FAIL"
if [[ $FAIL -gt 0 ]]; then
  printf '  - %s\n' "${FAILED[@]}"
  exit 1
fi
