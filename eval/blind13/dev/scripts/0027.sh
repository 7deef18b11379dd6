#!/usr/bin/env bash
# End-to-end test of the `pantry import` command against throwaway directories.
# Every sandbox comes from mktemp -d and is removed by the EXIT trap.
set -euo pipefail

PANTRY_BIN="${PANTRY_BIN:-./target/debug/pantry}"
sandboxes=()
passed=0
failed=0

cleanup() {
  local d
  for d in "${sandboxes[@]}"; do
    [[ -n "$d" && "$d" == "${TMPDIR:-/tmp}"* ]] && rm -rf -- "$d"
  done
}
trap cleanup EXIT

new_sandbox() {
  local d
  d="$(mktemp -d "${TMPDIR:-/tmp}/pantry-e2e.XXXXXX")"
  sandboxes+=("$d")
  mkdir -p "$d/home" "$d/data"
  echo "$d"
}

write_csv() {
  cat > "$1" <<'CSV'
sku,name,qty
A-100,Rice 5kg,12
B-220,Olive oil 1l,4
C-310,Oats 1kg,0
CSV
}

assert_eq() {
  local expected="$1" actual="$2" label="$3"
  if [[ "$expected" == "$actual" ]]; then
    return 0
  fi
  printf '    expected %q, got %q (%s)\n' "$expected" "$actual" "$label"
  return 1
}

run_case() {
  local name="$1"
  shift
  printf '%-44s' "$name"
  if ( "$@" ) >/tmp/pantry-e2e-last.log 2>&1; then
    echo "ok"
    passed=$((passed + 1))
  else
    echo "FAILED"
    sed 's/^/    /' /tmp/pantry-e2e-last.log
    failed=$((failed + 1))
  fi
}

case_imports_rows() {
  local sb
  sb="$(new_sandbox)"
  write_csv "$sb/data/stock.csv"
  HOME="$sb/home" "$PANTRY_BIN" import "$sb/data/stock.csv" --db "$sb/pantry.db"
  assert_eq 3 "$(sqlite3 "$sb/pantry.db" 'select count(*) from items')" "row count"
}

case_skips_zero_qty_with_flag() {
  local sb
  sb="$(new_sandbox)"
  write_csv "$sb/data/stock.csv"
  HOME="$sb/home" "$PANTRY_BIN" import "$sb/data/stock.csv" --db "$sb/pantry.db" --skip-empty
  assert_eq 2 "$(sqlite3 "$sb/pantry.db" 'select count(*) from items')" "non-empty rows"
}

case_rejects_bad_header() {
  local sb
  sb="$(new_sandbox)"
  printf 'id;title\n1;x\n' > "$sb/data/bad.csv"
  if HOME="$sb/home" "$PANTRY_BIN" import "$sb/data/bad.csv" --db "$sb/pantry.db"; then
    echo "import should have failed"
    return 1
  fi
}

main() {
  [[ -x "$PANTRY_BIN" ]] || cargo build --quiet
  run_case "imports every row" case_imports_rows
  run_case "skips empty rows with --skip-empty" case_skips_zero_qty_with_flag
  run_case "rejects a malformed header" case_rejects_bad_header
  rm -f /tmp/pantry-e2e-last.log
  echo "passed: $passed failed: $failed"
  (( failed == 0 ))
}

main "$@"
