#!/usr/bin/env bash
# Minimal unit-test runner for the shell library lib/ferry.sh.
# Each test_* function runs in a subshell with its own scratch dir under a
# single mktemp root; the root is removed on exit (set KEEP=1 to inspect).
set -uo pipefail

LIB="$(git rev-parse --show-toplevel)/lib/ferry.sh"
SCRATCH_ROOT="$(mktemp -d -t ferry-shtest.XXXXXXXX)"
declare -i TOTAL=0 FAILS=0
declare -a FAILED=()

finish() {
  if [[ "${KEEP:-0}" == 1 ]]; then
    echo "scratch kept at $SCRATCH_ROOT"
  else
    rm -rf -- "$SCRATCH_ROOT"
  fi
}
trap finish EXIT

# shellcheck source=/dev/null
source "$LIB"

expect_equal() {
  if [[ "$1" != "$2" ]]; then
    echo "      expected <$1> got <$2>"
    return 1
  fi
}

expect_file() {
  [[ -f "$1" ]] || { echo "      missing file $1"; return 1; }
}

test_slugify_basic() {
  expect_equal "hello-world" "$(ferry_slugify 'Hello, World!')"
}

test_slugify_unicode() {
  expect_equal "cafe-creme" "$(ferry_slugify 'Café Crème')"
}

test_write_lock_creates_file() {
  ferry_write_lock "$SCRATCH/lockdir" "job-1"
  expect_file "$SCRATCH/lockdir/job-1.lock"
}

test_write_lock_refuses_second() {
  ferry_write_lock "$SCRATCH/lockdir" "job-2"
  if ferry_write_lock "$SCRATCH/lockdir" "job-2" 2>/dev/null; then
    echo "      second lock succeeded"
    return 1
  fi
}

test_parse_duration() {
  expect_equal 90 "$(ferry_parse_duration 1m30s)" &&
    expect_equal 3600 "$(ferry_parse_duration 1h)"
}

run_one() {
  local name="$1"
  TOTAL+=1
  local scratch="$SCRATCH_ROOT/$name"
  mkdir -p "$scratch"
  if ( SCRATCH="$scratch"; cd "$scratch" && "$name" ); then
    printf '  \e[32mok\e[0m   %s\n' "$name"
  else
    printf '  \e[31mFAIL\e[0m %s\n' "$name"
    FAILS+=1
    FAILED+=("$name")
  fi
}

main() {
  local filter="${1:-}"
  local t
  while read -r _ _ t; do
    [[ "$t" == test_* ]] || continue
    [[ -z "$filter" || "$t" == *"$filter"* ]] || continue
    run_one "$t"
  done < <(declare -F)
  echo
  echo "$((TOTAL - FAILS))/$TOTAL passed"
  if (( FAILS )); then
    printf 'failed: %s\n' "${FAILED[*]}"
    exit 1
  fi
}

main "$@"
