#!/usr/bin/env bash
# Summarise Gradle/Maven JUnit XML results under build/test-results (or a given dir):
# totals, slowest test classes, and failure messages. Read-only apart from the report file.
set -euo pipefail

results_dir="${1:-build/test-results}"
report="${REPORT:-build/reports/junit-summary.md}"
limit="${LIMIT:-10}"

mapfile -t xml_files < <(find "$results_dir" -name 'TEST-*.xml' -type f 2>/dev/null | sort)
if (( ${#xml_files[@]} == 0 )); then
  echo "no JUnit XML files under $results_dir" >&2
  exit 1
fi

attr() {
  # attr NAME FILE -> value of NAME on the <testsuite> element
  grep -o "<testsuite [^>]*" "$2" | grep -o "$1=\"[^\"]*\"" | head -n 1 | cut -d'"' -f2
}

totals() {
  local f t=0 fl=0 er=0 sk=0
  for f in "${xml_files[@]}"; do
    t=$((t + $(attr tests "$f")))
    fl=$((fl + $(attr failures "$f")))
    er=$((er + $(attr errors "$f")))
    sk=$((sk + $(attr skipped "$f" || echo 0)))
  done
  printf '| tests | failures | errors | skipped |\n|---|---|---|---|\n| %d | %d | %d | %d |\n' "$t" "$fl" "$er" "$sk"
}

slowest() {
  local f
  for f in "${xml_files[@]}"; do
    printf '%s %s\n' "$(attr time "$f")" "$(attr name "$f")"
  done | sort -rn | head -n "$limit" | awk '{printf "- %7.2fs  %s\n", $1, $2}'
}

failures() {
  local f
  for f in "${xml_files[@]}"; do
    grep -q '<failure' "$f" || continue
    awk -v suite="$(attr name "$f")" '
      /<testcase / { match($0, /name="[^"]*"/); tc = substr($0, RSTART + 6, RLENGTH - 7) }
      /<failure/   { match($0, /message="[^"]*"/); msg = substr($0, RSTART + 9, RLENGTH - 10);
                     printf "- `%s.%s`: %s\n", suite, tc, substr(msg, 1, 140) }
    ' "$f"
  done
}

skipped_tests() {
  local f
  for f in "${xml_files[@]}"; do
    grep -q '<skipped' "$f" || continue
    awk -v suite="$(attr name "$f")" '
      /<testcase / { match($0, /name="[^"]*"/); tc = substr($0, RSTART + 6, RLENGTH - 7) }
      /<skipped/   { printf "- `%s.%s`\n", suite, tc }
    ' "$f"
  done | head -n "$limit"
}

mkdir -p "$(dirname "$report")"
{
  echo "# JUnit summary"
  echo
  echo "${#xml_files[@]} suite file(s) from \`$results_dir\`"
  echo
  totals
  echo
  echo "## Slowest suites"
  slowest
  echo
  echo "## Failures"
  failures || true
  echo
  echo "## Skipped (first $limit)"
  skipped_tests || true
} > "$report"

cat "$report"
echo
echo "report written to $report"
