#!/usr/bin/env bash
# scripts/test-report.sh - aggregate JUnit XML from every Gradle/Maven module
# into a markdown table of slowest test classes and failures.
#   scripts/test-report.sh [out-file]
set -euo pipefail

OUT="${1:-build/reports/test-summary.md}"
mkdir -p "$(dirname "$OUT")"

collect_reports() {
  find . \( -path '*/build/test-results/*' -o -path '*/target/surefire-reports/*' \) \
    -name 'TEST-*.xml' -not -path './node_modules/*' 2>/dev/null | sort
}

# prints: classname<TAB>tests<TAB>failures<TAB>errors<TAB>skipped<TAB>time
suite_line() {
  sed -n '1,5p' "$1" | tr '\n' ' ' | grep -o '<testsuite [^>]*>' | head -n 1 | awk '
    {
      name = ""; tests = 0; fail = 0; err = 0; skip = 0; t = 0
      for (i = 1; i <= NF; i++) {
        split($i, kv, "=")
        gsub(/"/, "", kv[2]); gsub(/>/, "", kv[2])
        if (kv[1] == "name") name = kv[2]
        else if (kv[1] == "tests") tests = kv[2]
        else if (kv[1] == "failures") fail = kv[2]
        else if (kv[1] == "errors") err = kv[2]
        else if (kv[1] == "skipped") skip = kv[2]
        else if (kv[1] == "time") t = kv[2]
      }
      printf "%s\t%d\t%d\t%d\t%d\t%.3f\n", name, tests, fail, err, skip, t
    }'
}

failed_cases() {
  grep -l '<failure' "$@" 2>/dev/null | while read -r f; do
    grep -o '<testcase [^>]*name="[^"]*"[^>]*classname="[^"]*"' "$f" \
      | sed -E 's/.*name="([^"]*)".*classname="([^"]*)".*/\2.\1/'
  done | head -n 50
}

flaky_candidates() {
  # classes that both passed and failed across modules are flagged as flaky
  awk -F'\t' '$3 > 0 {fail[$1] = 1} $3 == 0 {pass[$1] = 1}
    END {for (c in fail) if (c in pass) print c}' <<<"$1" | sort
}

print_flaky() {
  local flaky
  flaky="$(flaky_candidates "$1")"
  [[ -n "$flaky" ]] || return 0
  echo
  echo "## Possibly flaky"
  echo
  sed 's/^/- /' <<<"$flaky"
}

main() {
  local -a files
  mapfile -t files < <(collect_reports)
  if (( ${#files[@]} == 0 )); then
    echo "no JUnit reports found; run the tests first" >&2
    exit 1
  fi
  local table
  table="$(for f in "${files[@]}"; do suite_line "$f"; done)"
  {
    echo "# Test summary ($(date -u +%F))"
    echo
    awk -F'\t' '{t+=$2; f+=$3; e+=$4; s+=$5; d+=$6}
      END {printf "%d tests, %d failures, %d errors, %d skipped, %.1fs total\n\n", t, f, e, s, d}' <<<"$table"
    echo "## Slowest classes"
    echo
    echo "| class | tests | seconds |"
    echo "|---|---|---|"
    sort -t$'\t' -k6,6 -gr <<<"$table" | head -n 15 | awk -F'\t' '{printf "| %s | %d | %.2f |\n", $1, $2, $6}'
    echo
    echo "## Failures"
    echo
    failed_cases "${files[@]}" | sed 's/^/- /' || true
    print_flaky "$table"
  } > "$OUT"
  echo "wrote $OUT from ${#files[@]} report(s)"
}

main
