#!/bin/sh
# Run the CLI end-to-end against a throwaway workspace.
set -eu

BIN="./target/debug/notes"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/notes-e2e.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT INT TERM

cargo build --quiet

fail=0
check() {
  desc="$1"; shift
  if "$@" >"$WORK/out.txt" 2>&1; then
    echo "ok   $desc"
  else
    echo "FAIL $desc"
    sed 's/^/     /' "$WORK/out.txt"
    fail=$((fail + 1))
  fi
}

export NOTES_HOME="$WORK/home"
mkdir -p "$NOTES_HOME"

check "init"            "$BIN" init
check "add a note"      "$BIN" add "buy milk" --tag errands
check "list shows note" sh -c "\"$BIN\" list | grep -q 'buy milk'"
check "tag filter"      sh -c "\"$BIN\" list --tag errands | grep -q milk"
check "delete note"     "$BIN" rm 1
check "list is empty"   sh -c "test -z \"\$(\"$BIN\" list)\""

echo "$fail failure(s)"
exit "$fail"
