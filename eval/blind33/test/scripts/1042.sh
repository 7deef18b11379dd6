#!/usr/bin/env bash
#
# gramps-reports.sh - render the documentation reports of the genealogy test
# fixtures with the Gramps CLI, so that report regressions show up in review.
#
# For every fixture tests/fixtures/gedcom/*.ged the script:
#   1. imports it into a *temporary* Gramps home (GRAMPSHOME points into a
#      mktemp directory, so the user's real family trees are never opened),
#   2. runs the configured text reports (summary, descendant, ancestor) to
#      build/gramps-reports/<fixture>/,
#   3. normalises volatile lines (dates of generation, version strings),
#   4. compares with the golden files in tests/golden/gramps/ (--update rewrites them).
#
# usage: tools/gramps-reports.sh [--update] [--only NAME] [--keep-home]

set -Eeuo pipefail
shopt -s nullglob

repo="$(git rev-parse --show-toplevel)"
fixtures="$repo/tests/fixtures/gedcom"
golden="$repo/tests/golden/gramps"
out_root="$repo/build/gramps-reports"
update=0
only=""
keep_home=0
gramps_home=""
failures=0

REPORTS=(
  "summary:off=txt"
  "descend_report:off=txt,pid=I0001,gen=4"
  "ancestor_report:off=txt,pid=I0001,maxgen=4"
)

say() { echo "gramps-reports: $*"; }
quit() { echo "gramps-reports: $*" >&2; exit 2; }

cleanup() {
  if [[ -n "$gramps_home" && -d "$gramps_home" ]]; then
    if (( keep_home )); then
      say "temporary GRAMPSHOME kept at $gramps_home"
    else
      rm -rf -- "$gramps_home"
    fi
  fi
}
trap cleanup EXIT

while (( $# )); do
  case "$1" in
    --update) update=1 ;;
    --only) only="$2"; shift ;;
    --keep-home) keep_home=1 ;;
    -h|--help) echo "usage: $0 [--update] [--only NAME] [--keep-home]"; exit 0 ;;
    *) quit "unknown option $1" ;;
  esac
  shift
done

command -v gramps >/dev/null || quit "gramps is not installed (apt install gramps)"
gramps_home="$(mktemp -d "${TMPDIR:-/tmp}/gramps-home.XXXXXX")"
export GRAMPSHOME="$gramps_home"
export LANG=C.UTF-8 LANGUAGE=en

gramps_cli() {
  # -y: answer yes to all questions; output is chatty, keep it in a log file
  timeout 600 gramps -y "$@" >> "$out_root/gramps.log" 2>&1
}

normalise() {
  sed -E \
    -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9:]+)?/<date>/g' \
    -e 's/Gramps [0-9]+\.[0-9]+(\.[0-9]+)?/Gramps <version>/g' \
    -e 's/[[:space:]]+$//' "$1"
}

tree_name() {
  printf 'fixture-%s\n' "$1"
}

import_fixture() {
  local name="$1" ged="$2"
  gramps_cli -C "$(tree_name "$name")" -i "$ged" || { say "import failed for $name (see gramps.log)"; return 1; }
}

run_report() {
  local name="$1" spec="$2" dest="$3"
  local report="${spec%%:*}" opts="${spec#*:}"
  local target="$dest/$report.txt"
  if ! gramps_cli -O "$(tree_name "$name")" -a report -p "name=$report,$opts,of=$target"; then
    say "  report $report failed"
    return 1
  fi
  [[ -s "$target" ]] || { say "  report $report produced no output"; return 1; }
  normalise "$target" > "$target.norm"
  mv "$target.norm" "$target"
}

compare_or_update() {
  local name="$1" dest="$2" f base gold
  for f in "$dest"/*.txt; do
    base="$(basename "$f")"
    gold="$golden/$name/$base"
    if (( update )); then
      mkdir -p "$golden/$name"
      cp -- "$f" "$gold"
      continue
    fi
    if [[ ! -f "$gold" ]]; then
      say "  $name/$base: no golden file (run with --update)"
      failures=$((failures + 1))
    elif ! diff -u "$gold" "$f" > "$dest/$base.diff"; then
      say "  $name/$base: differs from golden ($(grep -c '^[-+][^-+]' "$dest/$base.diff") changed lines)"
      head -n 20 "$dest/$base.diff" | sed 's/^/      /'
      failures=$((failures + 1))
    else
      rm -f -- "$dest/$base.diff"
    fi
  done
}

summarise_fixture() {
  local ged="$1"
  printf '%s individuals, %s families\n' \
    "$(grep -c '^0 @[^@]*@ INDI' "$ged")" "$(grep -c '^0 @[^@]*@ FAM' "$ged")"
}

check_fixture() {
  # quick structural checks before handing the file to Gramps
  local ged="$1" problems=0
  head -n 1 "$ged" | grep -q '^0 HEAD' || { say "  $(basename "$ged"): does not start with 0 HEAD"; problems=1; }
  tail -n 1 "$ged" | grep -q '^0 TRLR' || { say "  $(basename "$ged"): does not end with 0 TRLR"; problems=1; }
  if grep -q $'\r' "$ged"; then
    say "  $(basename "$ged"): CRLF line endings (fixtures are stored with LF)"
    problems=1
  fi
  if ! grep -q '^1 CHAR UTF-8' "$ged"; then
    say "  $(basename "$ged"): CHAR is not UTF-8"
    problems=1
  fi
  return $problems
}

list_golden_orphans() {
  # golden folders without a fixture are leftovers from renamed fixtures
  local d
  for d in "$golden"/*/; do
    [[ -d "$d" ]] || continue
    [[ -f "$fixtures/$(basename "$d").ged" ]] || say "golden folder without fixture: ${d#"$repo"/}"
  done
}

rm -rf -- "$out_root"
mkdir -p "$out_root"
list_golden_orphans
for ged in "$fixtures"/*.ged; do
  check_fixture "$ged" || failures=$((failures + 1))
done
: > "$out_root/gramps.log"
count=0
for ged in "$fixtures"/*.ged; do
  name="$(basename "$ged" .ged)"
  [[ -n "$only" && "$name" != "$only" ]] && continue
  count=$((count + 1))
  say "$name: $(summarise_fixture "$ged")"
  dest="$out_root/$name"
  mkdir -p "$dest"
  import_fixture "$name" "$ged" || { failures=$((failures + 1)); continue; }
  for spec in "${REPORTS[@]}"; do
    run_report "$name" "$spec" "$dest" || failures=$((failures + 1))
  done
  compare_or_update "$name" "$dest"
done

(( count > 0 )) || quit "no fixtures matched"
if (( update )); then
  say "golden files updated for $count fixture(s); review with git diff tests/golden/gramps"
else
  say "$count fixture(s) checked, $failures problem(s); outputs in ${out_root#"$repo"/}"
fi
(( failures == 0 ))
