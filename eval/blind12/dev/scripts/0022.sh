#!/usr/bin/env bash
# Integration test harness for the `notes` CLI.
# Each test gets its own temporary HOME and data dir, created with mktemp and
# removed by the EXIT trap. The CLI binary under test is target/debug/notes.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
BIN="$REPO/target/debug/notes"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/notes-it.XXXXXX")"
PASSED=0
FAILED=0
FAILED_NAMES=()

cleanup() {
  local rc=$?
  if [[ -n "${KEEP_WORK:-}" ]]; then
    echo "keeping $WORK"
  else
    rm -rf -- "$WORK"
  fi
  exit "$rc"
}
trap cleanup EXIT INT TERM

fresh_env() {
  local name="$1"
  local dir="$WORK/$name"
  mkdir -p "$dir/home" "$dir/data"
  echo "$dir"
}

notes() {
  HOME="$CASE_DIR/home" NOTES_DATA_DIR="$CASE_DIR/data" NO_COLOR=1 "$BIN" "$@"
}

assert_eq() {
  local expected="$1" actual="$2" msg="$3"
  if [[ "$expected" != "$actual" ]]; then
    printf '    expected: %q\n    actual:   %q\n' "$expected" "$actual"
    return 1
  fi
  [[ -n "$msg" ]] && printf '    ok: %s\n' "$msg"
  return 0
}

test_add_and_list() {
  notes add "buy milk" >/dev/null
  notes add "call Ana" >/dev/null
  assert_eq "2" "$(notes list --format=count)" "two notes listed"
}

test_done_hides_note() {
  local id
  id="$(notes add "write report" --print-id)"
  notes done "$id" >/dev/null
  assert_eq "0" "$(notes list --open --format=count)" "done note hidden"
}

test_export_json() {
  notes add "alpha" >/dev/null
  notes export --out "$CASE_DIR/export.json"
  assert_eq "alpha" "$(jq -r '.[0].text' "$CASE_DIR/export.json")" "export has text"
}

test_rejects_empty() {
  if notes add "" 2>/dev/null; then
    echo "    empty note was accepted"
    return 1
  fi
}

run_test() {
  local name="$1"
  CASE_DIR="$(fresh_env "$name")"
  printf '%s\n' "- $name"
  if ( set -e; "$name" ); then
    PASSED=$((PASSED + 1))
  else
    FAILED=$((FAILED + 1))
    FAILED_NAMES+=("$name")
  fi
}

main() {
  [[ -x "$BIN" ]] || cargo build --quiet --manifest-path "$REPO/Cargo.toml"
  local t
  for t in $(declare -F | awk '{print $3}' | grep '^test_'); do
    if [[ $# -eq 0 || " $* " == *" $t "* ]]; then
      run_test "$t"
    fi
  done
  echo "passed: $PASSED, failed: $FAILED"
  if (( FAILED > 0 )); then
    printf '  failed: %s\n' "${FAILED_NAMES[@]}"
    return 1
  fi
}

main "$@"
